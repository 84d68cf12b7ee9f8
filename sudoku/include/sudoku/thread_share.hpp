// Threads that answers running at the same time share.
//
// A batch of puzzles on N workers answers N puzzles at once, one thread each;
// a slow answer that can split its work over threads (SE's rating) should use
// the threads no other answer is using, so that the last hard puzzle of a
// file, or a file of one puzzle, still gets every core:
//
//   sudoku::thread_share share(4);  // one per core
//   options.threads = 4;            // at most 4 for one puzzle
//   options.share = &share;         // but only those free when a search splits
#pragma once

#include <atomic>

namespace sudoku {

class thread_share {
 public:
  explicit thread_share(unsigned threads) noexcept : free_(static_cast<int>(threads)) {}

  /// Holds one thread for an answer while it runs (the free count may go
  /// below zero when more answers run than there are threads).
  void hold() noexcept { free_.fetch_sub(1, std::memory_order_relaxed); }
  /// Takes up to `wanted` more threads; returns how many (0 when none is free).
  int take(int wanted) noexcept {
    int free = free_.load(std::memory_order_relaxed);
    for (;;) {
      const int n = free < wanted ? free : wanted;
      if (n <= 0) return 0;
      if (free_.compare_exchange_weak(free, free - n, std::memory_order_relaxed)) return n;
    }
  }
  /// Gives back threads held or taken.
  void give(int n) noexcept { free_.fetch_add(n, std::memory_order_relaxed); }

 private:
  std::atomic<int> free_;
};

}  // namespace sudoku
