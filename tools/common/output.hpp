// Standard output for batch tools: whole lines only, in large writes.
//
// Lines are collected in a buffer and written with write(2) only at line
// boundaries, so a reader (or a run killed half-way) never sees half a line. A
// failed write throws output_error; a closed pipe (`tool | head -1`) is the
// caller's cue to stop quietly.
#pragma once

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include <dlx/problem.hpp>
#include <dlx/search.hpp>

#include <fstream>
#include <istream>
#include <span>

// Declared only: dlx/memo.hpp brings Boost.Multiprecision, which every tool
// would otherwise parse (about 2 s a file).
namespace dlx {
struct memo_progress;
}

namespace tools {

class output_error : public std::runtime_error {
 public:
  output_error(int error_number, const std::string& what)
      : std::runtime_error(what), error_number_(error_number) {}
  /// errno of the failed write; EPIPE when the reader went away.
  [[nodiscard]] int error_number() const noexcept { return error_number_; }

 private:
  int error_number_;
};

class line_output {
 public:
  /// Writes to file descriptor `fd`. When it is a terminal every line is written
  /// at once, so a person sees results as they come.
  explicit line_output(int fd = 1, std::size_t capacity = std::size_t{1} << 16);
  line_output(const line_output&) = delete;
  line_output& operator=(const line_output&) = delete;
  /// Flushes what is left, ignoring errors: call flush() to see them.
  ~line_output();

  /// Appends `text` and a newline.
  void line(std::string_view text);
  /// Appends text to the current line; finish it with end_line().
  void append(std::string_view text) { pending_.append(text); }
  void end_line();
  /// Writes everything buffered; throws output_error.
  void flush();

 private:
  void write_all(std::string_view data);

  int fd_;
  std::size_t capacity_;
  bool interactive_;
  std::string buffer_;   // complete lines
  std::string pending_;  // the line being built
};

/// A one-line progress display on stderr, redrawn at most a few times a second,
/// shown only when stderr is a terminal and the run has lasted a moment.
class progress_line {
 public:
  progress_line();
  /// Whether stderr is a terminal, so that a progress line would show (a
  /// system call: ask once, not per puzzle).
  [[nodiscard]] static bool terminal();
  ~progress_line() { clear(); }
  /// True when it is time to redraw (cheap enough to ask per item).
  [[nodiscard]] bool due();
  /// Redraws the line with `text`.
  void show(std::string_view text);
  /// Erases the line, if one was drawn.
  void clear();
  [[nodiscard]] bool enabled() const noexcept { return enabled_; }

  /// How long a run lasts before its progress shows, and a piece of work
  /// before it is named: a second, or DLX_PROGRESS_DELAY's seconds (as git's
  /// GIT_PROGRESS_DELAY; 0 shows progress from the start).
  [[nodiscard]] static std::chrono::steady_clock::duration delay();
  /// The least time between two redraws: a quarter second, or the delay when
  /// it is shorter (with 0, every report redraws).
  [[nodiscard]] static std::chrono::steady_clock::duration interval();

 private:
  bool enabled_;
  bool drawn_ = false;
  unsigned countdown_ = 0;
  std::chrono::steady_clock::time_point next_;
};

/// Opens an input named on the command line: `path` ("-" or empty: standard
/// input) into `file`, pointing `in` at what to read. On failure prints
/// "TOOL: PATH: is a directory" or "TOOL: PATH: cannot open: REASON" on stderr
/// and returns false.
bool open_input(std::string_view tool, const std::string& path, std::ifstream& file,
                std::istream*& in);

/// A solution as the dlx commands print it: its options as read, one per line,
/// and a blank line before every solution but the first (`number` counts from 1).
void write_solution_lines(line_output& out, const dlx::problem& p,
                          std::span<const dlx::option_id> solution, std::uint64_t number);

/// A large count to three significant digits, for progress lines: "9500",
/// "228k", "8.39M", "1.2G" (k 10^3 from 10^4 on, M 10^6, G 10^9, T 10^12).
std::string approximate(std::uint64_t n);

/// A rate for progress lines, in approximate()'s figures: "8.32M/s".
std::string per_second(std::uint64_t count, double seconds);

/// A long search's progress for a progress_line: nodes and their rate,
/// solutions, and the estimated share of the tree done when the search knows it.
std::string search_progress_text(const dlx::search_progress& p);

/// An estimate of a count and its standard error, as `dlx --estimate` and
/// `sudoku estimate` print it: "about 3.2e9 +- 4% (1000 probes)" (two
/// significant digits from a million on; "about 0 (none of N probes met a
/// solution)" when no probe did).
std::string estimate_text(double estimate, double standard_error, std::uint64_t probes,
                          std::uint64_t reached);

/// A long memoized search's (dlx --memo) progress, in the same figures: nodes
/// and their rate, cache hits, signatures, diagram nodes, memory and time.
std::string memo_progress_text(const dlx::memo_progress& p);

}  // namespace tools
