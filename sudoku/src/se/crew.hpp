// The threads one rating uses: a chain search of one step splits its starts
// over them (chainer.cpp). Internal to the sudoku library.
//
// A rating runs hundreds of such searches, from a millisecond to seconds each,
// so the helper threads are made on the first search and wait between
// searches instead of being made for each.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "sudoku/thread_share.hpp"

namespace sudoku::se {

using sudoku::thread_share;

/// Thrown by a worker that stops because another one failed.
struct crew_stopped {};

class crew {
 public:
  /// `threads` in all, the calling thread included; with a share, a search
  /// uses only those of the others that are free in it when it starts.
  explicit crew(int threads, thread_share* share = nullptr)
      : threads_(threads < 1 ? 1 : threads), share_(share) {}
  ~crew();
  crew(const crew&) = delete;
  crew& operator=(const crew&) = delete;

  [[nodiscard]] int threads() const noexcept { return threads_; }

  /// Runs job(0) on the calling thread and job(1), ..., job(n - 1) on the
  /// helpers (n: threads(), or fewer as the share allows), and returns when
  /// all have returned. If any threw, rethrows the first exception by worker
  /// number that is not crew_stopped.
  void run(const std::function<void(int)>& job);

 private:
  void serve(int worker);

  int threads_;
  thread_share* share_;
  int active_ = 1;  // workers in the current round
  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  const std::function<void(int)>* job_ = nullptr;
  std::uint64_t round_ = 0;
  int running_ = 0;
  bool quit_ = false;
  std::vector<std::exception_ptr> errors_;
};

}  // namespace sudoku::se
