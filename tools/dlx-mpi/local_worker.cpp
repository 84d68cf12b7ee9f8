#include "local_worker.hpp"

#include <iterator>

#include "search_piece.hpp"

namespace dlx_mpi {

void local_worker::collect(std::vector<std::vector<dlx::option_id>>& solutions,
                           std::vector<std::pair<std::uint64_t, dlx::search_result>>& finished) {
  const std::lock_guard lock(mutex_);
  solutions.insert(solutions.end(), std::make_move_iterator(solutions_.begin()),
                   std::make_move_iterator(solutions_.end()));
  solutions_.clear();
  finished.insert(finished.end(), finished_.begin(), finished_.end());
  finished_.clear();
}

void local_worker::run() {
  while (const auto piece = queue_.pop()) {
    const dlx::search_result r = search_piece(solver_, s_, split_.pieces[*piece],
                                              [&](std::span<const dlx::option_id> found) {
                                                const std::lock_guard lock(mutex_);
                                                solutions_.emplace_back(found.begin(), found.end());
                                              });
    const std::lock_guard lock(mutex_);
    finished_.emplace_back(*piece, r);
  }
  const std::lock_guard lock(mutex_);
  done_ = true;
}

}  // namespace dlx_mpi
