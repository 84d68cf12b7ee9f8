// The pieces not handed out yet, shared by rank 0's main thread (which hands
// them to the other ranks) and its local worker.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>

namespace dlx_mpi {

class piece_queue {
 public:
  void push(std::uint64_t piece);
  std::optional<std::uint64_t> pop();
  // No more pieces go out (the limit is reached).
  void close();

 private:
  std::mutex mutex_;
  std::deque<std::uint64_t> pending_;
  bool closed_ = false;
};

}  // namespace dlx_mpi
