// How many solutions, when there are too many to count: Knuth's estimate of a
// search tree by random probes ("Estimating the efficiency of backtrack
// programs", 1975; TAOCP 7.2.2). A probe walks from the root down one random
// path: at each node it takes one of the d ways on (the branches below it, and
// the solutions met there) at random and multiplies its weight by d; a solution
// reached is worth the weight, a dead end 0. Every probe's value is an
// unbiased estimate of the number of solutions, so their mean is one too, with
// the standard error of a mean.
//
//   dlx::solver s(problem);
//   dlx::estimate_options o;
//   o.probes = 1000;
//   const dlx::solution_estimate e = dlx::estimate_solutions(s, o);
//   // e.solutions about 3.2e9, e.standard_error its standard error
#pragma once

#include <chrono>
#include <cstdint>

#include "dlx/search.hpp"
#include "dlx/solver.hpp"

namespace dlx {

struct estimate_options {
  /// How many probes (at least 1).
  std::uint64_t probes = 1000;
  /// Stop probing once this much time has passed (checked between probes; at
  /// least one probe runs); zero: no time budget.
  std::chrono::nanoseconds time_budget{0};
  /// The probes' random numbers: the same seed gives the same estimate.
  std::uint64_t seed = 1;
  /// The tree probed: propagation and the subtree (a smaller tree with
  /// propagation gives probes that vary less). Limits, budgets, threads and
  /// branching on conflicts do not apply (a probe's tree is the plain search's).
  /// on_progress, when set, is called between probes once progress_interval
  /// nodes have passed since the last call (fraction_done: the probes run, of
  /// those asked; solutions: the probes that met one); visit::stop ends the
  /// probing with the probes run (at least one).
  search_options search;
};

struct solution_estimate {
  double solutions = 0;       ///< the probes' mean
  double standard_error = 0;  ///< of the mean: the probes' standard deviation / sqrt(probes)
  std::uint64_t probes = 0;   ///< probes run
  std::uint64_t reached = 0;  ///< probes that reached a solution (the rest met dead ends)
  std::uint64_t nodes = 0;    ///< nodes expanded, all probes told
  /// True when no probe met a node with two ways on: the tree is a path, and
  /// `solutions` (0 or 1) is exact.
  bool exact = false;
};

/// Probes the search tree of `s` (its preselection included) as above.
/// Throws std::invalid_argument where solver::expand would.
solution_estimate estimate_solutions(solver& s, const estimate_options& options = {});

}  // namespace dlx
