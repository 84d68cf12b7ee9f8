// Memoized counting: Knuth's Algorithm Z (his DLX6, after Nishino, Yasuda,
// Minato and Nagata's DXZ), which builds the diagram of all solutions
// (zdd.hpp).
//
// Plain Algorithm X meets every solution as a leaf, so counting 5 x 10^16
// tilings takes as long as listing them. But a search meets the same
// subproblem (the same items still to cover, the same colors set) again and
// again; remembering each subproblem's answer, as a node of the diagram, turns
// enumeration into counting.
//
//   dlx::memo_options o;
//   o.time_budget = std::chrono::minutes(5);
//   dlx::memo_result r = dlx::build_zdd(problem, o);
//   if (r.complete()) fmt::print("{}\n", r.diagram.count().str());
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "dlx/problem.hpp"
#include "dlx/search.hpp"
#include "dlx/zdd.hpp"

namespace dlx {

/// Which item a node of the memoized search branches on.
enum class memo_branching : std::uint8_t {
  mrv,    ///< the leftmost item with the fewest options: DLX6's choice
  first,  ///< an item with no options left if any, else the leftmost: dlx6-noMRV
};

/// A snapshot handed to the progress callback.
struct memo_progress {
  std::uint64_t nodes = 0;
  std::uint64_t hits = 0;
  std::uint64_t signatures = 0;
  std::uint64_t zdd_nodes = 0;
  std::size_t bytes = 0;
  std::uint32_t level = 0;
  std::chrono::steady_clock::duration elapsed{};
  // No estimate of the share done: with a memo the first branches do nearly
  // all the work (the later ones hit the cache), so Knuth's estimate, which
  // weighs branches alike, stays near 0 until the end.
};

struct memo_options {
  memo_branching branching = memo_branching::mrv;
  /// Split what is left into independent parts: when no active option links
  /// two groups of the items still to cover (secondary items and their colors
  /// link), each group is solved once, as its own subproblem, and the diagram
  /// gets a product node (zdd::add_product) instead of every combination
  /// (Fang et al.'s DXD). The same solutions; the figures are no longer DLX6's.
  /// The looks for parts walk at most one link per 32 updates of the search
  /// (the root always looks, and the nodes near the top while their looks
  /// find parts), so where nothing splits they cost a few percent.
  bool decompose = false;
  /// Threads to search with; 0: one per core. With more than one, the threads
  /// share one memo cache and one diagram and each subproblem is solved about
  /// once. Without `decompose` the diagram is one thread's, node for node and
  /// numbered alike (so the same listing, samples and text). With it, the
  /// same solutions (count, sizes, cheapest costs), but where a subproblem is
  /// split depends on which thread met it first, and a split lists its
  /// solutions part by part: the order of the listing (and so unranking and
  /// seeded samples) may differ from run to run. The search's figures are no
  /// longer DLX6's: nodes, updates and hits add up what every thread did (some
  /// subproblems twice), zdd_nodes is the diagram's size.
  unsigned threads = 1;
  /// Stop before the search enters more than this many nodes; 0: no budget.
  /// With threads, their nodes together, looked at every 1,024 per thread.
  std::uint64_t node_budget = 0;
  /// Stop once the search has run this long (looked at every 16,384 nodes);
  /// zero: no limit.
  std::chrono::steady_clock::duration time_budget{};
  /// Stop when the memo cache and the diagram would need more than this many
  /// bytes; 0: no budget (an allocation that fails still ends the search
  /// cleanly, with memo_status::memory_exhausted).
  std::size_t memory_budget = 0;
  /// Called every `progress_interval` nodes; visit::stop ends the search.
  std::function<visit(const memo_progress&)> on_progress;
  std::uint64_t progress_interval = std::uint64_t{1} << 20;
};

enum class memo_status : std::uint8_t {
  complete,          ///< the diagram holds every solution
  budget_exhausted,  ///< the node budget ran out
  time_exhausted,    ///< the time budget ran out
  memory_exhausted,  ///< the memory budget (or the machine's memory) ran out
  stopped,           ///< the progress callback asked to stop
};

/// "complete", "budget_exhausted", "time_exhausted", "memory_exhausted", "stopped".
[[nodiscard]] std::string_view to_string(memo_status s) noexcept;

/// DLX6's figures, counted as it counts them (see the reference section of
/// tests' DLX6 figures): with default options they equal its statistics line.
struct memo_stats {
  std::uint64_t nodes = 0;       ///< search nodes, one per solution and per cache hit included
  std::uint64_t updates = 0;     ///< unlinkings while covering and purifying
  std::uint64_t cleansings = 0;  ///< purifications and options that agreed with them
  std::uint64_t hits = 0;        ///< cache hits, and one per solution met
  std::uint64_t failed_signatures = 0;  ///< subproblems remembered that had no solution
  /// Those that had some, plus one for the empty subproblem (as DLX6 prints it).
  std::uint64_t good_signatures = 0;
  /// ZDD nodes as DLX6 counts them: every node the search made, plus the two
  /// sinks (1 when there is no solution or only the empty one, as it prints).
  std::uint64_t zdd_nodes = 0;
  std::uint32_t max_level = 0;
  std::size_t bytes = 0;  ///< peak bytes of links, memo cache and diagram
  unsigned threads = 1;   ///< the threads it ran on
  // With memo_options::decompose:
  std::uint64_t splits = 0;       ///< nodes whose subproblem fell apart into parts
  std::uint64_t parts = 0;        ///< the parts those nodes solved
  std::uint64_t products = 0;     ///< product nodes made
  std::uint64_t part_checks = 0;  ///< links the looks for parts walked
  /// Looks for parts that stopped at their budget (a few links per update of
  /// the choice before them) and took the node to be in one piece.
  std::uint64_t looks_given_up = 0;
};

struct memo_result {
  memo_status status = memo_status::complete;
  memo_stats stats;
  /// Every solution when status is complete; empty otherwise.
  zdd diagram;
  [[nodiscard]] bool complete() const noexcept { return status == memo_status::complete; }
};

/// Runs the memoized search on `p` (primary and secondary items, colors; not
/// multiplicities: throws std::invalid_argument for a problem with bounds) and
/// returns the diagram of all its solutions. With default options the search
/// makes DLX6's choices and its figures equal DLX6's.
memo_result build_zdd(const problem& p, const memo_options& options = {});

}  // namespace dlx
