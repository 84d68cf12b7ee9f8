// The figures a run's summary line ends with, phrased one way for every
// command (docs/sudoku-command.md, "The summary line"):
//
//   sudoku solve: 1 puzzle: 1 solved in 0.83 ms
//   sudoku solve: 49151 puzzles: 49151 solved in 1.32 s (37236 puzzles/s, 2 threads)
//   sudoku rate: 5 puzzles: ... in 3 min 12 s (38.4 s per puzzle, 2 threads)
//
// A duration has three significant figures; a throughput is given only when it
// says something about the run (two items or more, over a tenth of a second:
// below that, starting the threads weighs as much as the work), per second
// when at least one item a second is done, else as the time per item.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tools {

/// "0.412 ms", "52.3 ms", "1.23 s", "12.3 s", "2 min 5 s", "1 h 02 min".
[[nodiscard]] std::string format_duration(double seconds);

/// `count` items in `seconds`: "37236 puzzles/s" (whole numbers from 100 up),
/// "4.21 puzzles/s", "38.4 s per puzzle". `noun` is the singular.
[[nodiscard]] std::string format_rate(std::uint64_t count, double seconds, std::string_view noun);

/// The shortest run whose throughput a summary gives.
inline constexpr double rate_threshold_seconds = 0.1;

/// What a summary line ends with: " in 1.32 s (37236 puzzles/s, 2 threads)", or
/// without the parenthesis for one item or a run under rate_threshold_seconds.
[[nodiscard]] std::string run_timing(std::uint64_t count, std::string_view noun, double seconds,
                                     unsigned threads);

}  // namespace tools
