#include "piece_queue.hpp"

namespace dlx_mpi {

void piece_queue::push(std::uint64_t piece) {
  const std::lock_guard lock(mutex_);
  pending_.push_back(piece);
}

std::optional<std::uint64_t> piece_queue::pop() {
  const std::lock_guard lock(mutex_);
  if (pending_.empty() || closed_) return std::nullopt;
  const std::uint64_t piece = pending_.front();
  pending_.pop_front();
  return piece;
}

void piece_queue::close() {
  const std::lock_guard lock(mutex_);
  closed_ = true;
}

}  // namespace dlx_mpi
