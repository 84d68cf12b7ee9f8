// How many solutions a half-built puzzle has: counted exactly while the count
// is small enough, and otherwise estimated by Knuth's random probes of the
// search tree (dlx/estimate.hpp), with its standard error: what a setter
// watches while adding givens ("about 3.2e9 +- 4%", then the exact figure).
//
//   sudoku::workspace w;
//   sudoku::read_puzzle(w, line, rules);
//   const sudoku::count_estimate e = sudoku::estimate_count(w);
//   // e.exact ? e.count : e.solutions +- e.standard_error
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

#include "sudoku/answer.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

struct estimate_settings {
  /// Probes when the count is not exact (at least 1).
  std::uint64_t probes = 1000;
  /// The probes' random numbers: the same seed, the same estimate.
  std::uint64_t seed = 1;
  /// The nodes an exact count may take first (0: estimate at once).
  std::uint64_t exact_budget = 100'000;
  /// Stop probing after this long (at least one probe runs); zero: no limit.
  std::chrono::nanoseconds time_budget{0};
  /// Called every `progress_interval` nodes or so, in the exact count and
  /// between probes (dlx::estimate_options::search); visit::stop ends the work
  /// (a count cut short is not exact; the probes stop with those run).
  std::function<dlx::visit(const dlx::search_progress&)> on_progress;
  std::uint64_t progress_interval = std::uint64_t{1} << 16;
};

/// What estimate_count found.
struct count_estimate {
  /// unique, multiple or none when counted exactly; multiple when estimated
  /// (a probe met a solution); unknown when no probe met one (there may be none,
  /// or few); invalid when the givens clash (see conflict).
  sudoku::status status = sudoku::status::unknown;
  std::optional<sudoku::clash> conflict;
  bool exact = false;         ///< counted: `count` is the number of solutions
  std::uint64_t count = 0;    ///< the exact count, when exact
  double solutions = 0;       ///< the estimate (the count, when exact)
  double standard_error = 0;  ///< the estimate's (0 when exact)
  std::uint64_t probes = 0;   ///< probes run (0 when exact)
  std::uint64_t reached = 0;  ///< probes that met a solution
  std::uint64_t nodes = 0;    ///< the exact count's nodes and the probes', all told
};

/// Counts w.puzzle's solutions within `settings.exact_budget` nodes, and when
/// that does not finish, estimates their number by random probes.
count_estimate estimate_count(workspace& w, const estimate_settings& settings = {});

}  // namespace sudoku
