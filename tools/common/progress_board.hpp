// A progress line on a terminal that several threads report to: the run's own
// figures from the main thread, and the work in flight from the workers. It
// shows the oldest piece of work still running (the one the output waits for)
// and how long it has run, so that one long puzzle among many is not silent.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "output.hpp"

namespace tools {

class progress_board {
 public:
  /// `prefix` begins every line ("sudoku rate"). Shown only when stderr is a
  /// terminal, and only once the run has lasted a second.
  explicit progress_board(std::string prefix);
  [[nodiscard]] bool enabled() const noexcept { return enabled_; }

  /// The run's own figures ("12 puzzles, 3.1/s"); redraws if due.
  void overall(std::string_view text);
  /// A piece of work's state, from any thread: `key` orders the pieces (the
  /// lowest running one is shown), `where` names it ("file.sdm:4"), `since`
  /// is when it began (its first report comes a while after).
  void piece(std::uint64_t key, std::string_view where, std::string_view text,
             std::chrono::steady_clock::time_point since);
  /// The piece is done: it leaves the line.
  void piece_done(std::uint64_t key);

  /// Holds the line erased while the caller writes to the terminal: nothing
  /// redraws it until the lock goes.
  [[nodiscard]] std::unique_lock<std::mutex> pause();

 private:
  struct running {
    std::string where, text;
    std::chrono::steady_clock::time_point since;
  };
  void redraw_if_due();  // with the lock held

  std::string prefix_;
  bool enabled_;
  std::mutex mutex_;
  progress_line line_;
  std::string overall_;
  std::map<std::uint64_t, running> running_;
  std::chrono::steady_clock::time_point next_;
};

}  // namespace tools
