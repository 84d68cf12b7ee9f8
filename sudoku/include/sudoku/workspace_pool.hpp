// Answering puzzles on several threads, in input order. A fixed pool of
// workers, each with its own workspace (answer.hpp), runs the tasks handed to
// it in the order given; the caller waits for them in that order too, so it
// can write answers as they complete and its output does not depend on the
// thread count. The command line's batches and the Python module's batch
// functions both run on it.
//
//   sudoku::workspace_pool pool(4);
//   const auto t = pool.submit([&](sudoku::workspace& w) { ... answer some puzzles ... });
//   pool.wait(t);  // rethrows what the task threw
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "sudoku/answer.hpp"

namespace sudoku {

class workspace_pool {
 public:
  using task = std::function<void(workspace&)>;
  using ticket = std::uint64_t;

  /// `threads` workers. With 0 or 1 there are none: a task runs when it is
  /// waited for, on the caller's thread, with `single` (when given: a
  /// caller's workspace, whose solvers outlive the pool) or one of the pool's.
  explicit workspace_pool(unsigned threads, workspace* single = nullptr);
  /// Tasks not started are dropped; running ones finish first.
  ~workspace_pool();
  workspace_pool(const workspace_pool&) = delete;
  workspace_pool& operator=(const workspace_pool&) = delete;

  /// Hands a task over; tickets count up from 0.
  ticket submit(task t);
  /// Waits until task `t` (and, without workers, every task before it) has
  /// run; rethrows the exception it ended with. Each ticket once, in order
  /// (another order throws std::logic_error).
  void wait(ticket t);
  /// The workers (0 when tasks run on the caller's thread).
  [[nodiscard]] unsigned threads() const noexcept { return static_cast<unsigned>(workers_.size()); }

 private:
  struct entry {
    task work;
    bool done = false;
    std::exception_ptr failure;
  };
  void work();
  static void run(entry& e, workspace& w);

  std::unique_ptr<workspace> own_;
  workspace* single_ = nullptr;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable queued_, finished_;
  std::deque<entry> entries_;  // from ticket first_ on, in order
  ticket first_ = 0;           // the oldest ticket not yet waited for
  ticket next_to_start_ = 0;
  bool stopping_ = false;
};

}  // namespace sudoku
