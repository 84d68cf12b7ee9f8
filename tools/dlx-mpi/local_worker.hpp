// Pieces searched on rank 0 itself, on a thread of its own that takes them
// from the queue; what it finds goes back to the main thread, which alone
// talks MPI and prints.
#pragma once

#include <dlx/solver.hpp>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "piece_queue.hpp"
#include "settings.hpp"

namespace dlx_mpi {

class local_worker {
 public:
  local_worker(dlx::solver solver, const settings& s, const dlx::search_split& split,
               piece_queue& queue)
      : solver_(std::move(solver)), s_(s), split_(split), queue_(queue) {}
  ~local_worker() { join(); }

  void start() {
    thread_ = std::thread([this] { run(); });
  }
  void join() {
    if (thread_.joinable()) thread_.join();
  }
  [[nodiscard]] bool done() {
    const std::lock_guard lock(mutex_);
    return done_;
  }
  // Solutions and finished pieces since the last call.
  void collect(std::vector<std::vector<dlx::option_id>>& solutions,
               std::vector<std::pair<std::uint64_t, dlx::search_result>>& finished);

 private:
  void run();

  dlx::solver solver_;
  const settings& s_;
  const dlx::search_split& split_;
  piece_queue& queue_;
  std::thread thread_;
  std::mutex mutex_;  // guards what follows
  bool done_ = false;
  std::vector<std::vector<dlx::option_id>> solutions_;
  std::vector<std::pair<std::uint64_t, dlx::search_result>> finished_;
};

}  // namespace dlx_mpi
