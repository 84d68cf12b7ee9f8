// Algorithm X: a solver for one exact-cover problem, reused for many searches.
//
// A solver compiles a problem once into one of two engines: Knuth's dancing
// links (DLX1's layout: one flat array of 32-bit links, searched and restored in
// place; DLX2's and DLX3's when the problem has colors or multiplicities) or, for
// small problems, a bitset of active options whose state is copied where the
// search branches. Both make Knuth's choices (the leftmost primary item with the
// fewest options, its options in order; with multiplicities, DLX3's item of
// smallest branching degree), so they find the same solutions in the same order
// and report the same node, update and cleansing counts.
// Every search leaves the solver as it found it, so one solver serves any number
// of searches and preselections (the givens of a puzzle) without rebuilding and,
// once warm, without allocating. Solvers hold no global state: use one per
// thread; copying a solver is the cheap way to get another.
#pragma once

#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "dlx/problem.hpp"
#include "dlx/search.hpp"

namespace dlx {

namespace detail {
class engine;
}

class solution_range;

/// Whether the bitset engine takes `p`: at most 32,768 options and 8,192
/// primary items. It is the only engine for weighted items (a solver of a
/// larger problem with weighted items throws problem_error), and what
/// engine_kind::automatic picks for problems without multiplicities.
[[nodiscard]] bool bitset_engine_fits(const problem& p) noexcept;
/// The same for a problem of that many options and primary items, before
/// it is built.
[[nodiscard]] bool bitset_engine_fits(std::size_t options, std::size_t primaries) noexcept;

/// Solves one exact-cover problem, many times.
///
///   dlx::solver s(problem);
///   dlx::search_options opts;
///   opts.limit = 2;
///   auto r = s.count(opts);                      // r.solutions: 0, 1 or 2
///   std::vector<dlx::option_id> solution;
///   if (s.solve(solution).solutions) { /* use solution */ }
class solver {
 public:
  explicit solver(const problem& p, engine_kind engine = engine_kind::automatic);
  solver(const solver& other);
  solver& operator=(const solver& other);
  solver(solver&& other) noexcept;
  solver& operator=(solver&& other) noexcept;
  ~solver();

  // ---- Preselection: options forced into every solution (a puzzle's givens).

  /// Preselects `options` in order. On a clash (an item covered more often than
  /// its upper bound allows, 1 for a plain item; a secondary item given a second
  /// color, or shared by an option that names it without one; the same option
  /// twice) nothing of this call is kept and the clash is returned; earlier
  /// preselections stay. An option id out of range throws std::out_of_range, also
  /// before anything is preselected.
  std::optional<preselect_conflict> preselect(std::span<const option_id> options);
  std::optional<preselect_conflict> preselect(option_id option) {
    return preselect(std::span<const option_id>(&option, 1));
  }
  /// Undoes every preselection.
  void clear_preselection();
  [[nodiscard]] std::span<const option_id> preselected() const noexcept;

  // ---- Searches. Each starts from the current preselection and restores it.
  // A solution lists the preselected options first, then the chosen ones in the
  // order they were chosen.

  /// Counts solutions, stopping at `options.limit` (0 = all). Nothing is materialised.
  search_result count(const search_options& options = {});

  /// Finds the first solution and stores it in `solution` (cleared first; its
  /// capacity is reused, so a warm vector costs no allocation). `options.limit` is
  /// ignored. `result.solutions` is 1 when a solution was found.
  search_result solve(std::vector<option_id>& solution, const search_options& options = {});

  /// Calls `visitor` with each solution until it returns visit::stop or the
  /// limit or a budget is reached. The span is valid only during the call.
  search_result enumerate(solution_visitor visitor, const search_options& options = {});

  // ---- Splitting a search (what `search_options::threads` does, and what a
  // program that spreads a search over many machines builds on).

  /// Does the work of one node of the search tree, `options.subtree` (the
  /// root when empty): chooses its item, covers it, tries each option, and
  /// lists the nodes met below it in `children` (appended, in order) instead of
  /// entering them. Solutions met on the way go to `visitor`. The result counts
  /// that node's work alone, so a node's count plus its children's subtree
  /// counts are its subtree's. Budgets and limits are ignored: a node's work is
  /// small.
  search_result expand(std::vector<search_node>& children, solution_visitor visitor,
                       const search_options& options = {});
  /// Expands nodes breadth-first from `options.subtree` until there are at
  /// least `pieces` subtrees left or nothing more to expand. The pieces are the
  /// same for the same problem, preselection and options.
  search_split split(std::size_t pieces, const search_options& options = {});

  /// Lazy enumeration:
  ///
  ///   auto range = s.solutions();
  ///   for (std::span<const dlx::option_id> solution : range) { ... }
  ///   range.result();  // counters and status so far
  ///
  /// While the range lives the solver is busy: no other search or preselection.
  solution_range solutions(const search_options& options = {});

  // ---- Shape of the matrix.
  [[nodiscard]] std::size_t item_count() const noexcept;
  [[nodiscard]] std::size_t option_count() const noexcept;
  /// The engine in use (never engine_kind::automatic).
  [[nodiscard]] engine_kind engine() const noexcept;

  /// Checks the engine's data structure against its invariants (for dancing
  /// links, Knuth's `sanity`); false at the first broken one. For tests and
  /// debug builds: it walks the whole matrix.
  [[nodiscard]] bool check_invariants() const;

 private:
  friend class solution_range;
  // The engine a search with these options runs on, with the preselection of
  // the engine in use until then; `options` becomes what it can infer.
  detail::engine& engine_for(search_options& options);
  std::unique_ptr<detail::engine> engine_;
  // The structure search (propagation::groups), built when a search first asks
  // for it; `current_` is the engine that holds the preselection.
  std::unique_ptr<detail::engine> structured_;
  detail::engine* current_ = nullptr;
};

/// Solutions found one at a time; see solver::solutions. Ending the range early
/// (destroying it) restores the solver.
class solution_range {
 public:
  class iterator {
   public:
    using value_type = std::span<const option_id>;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    value_type operator*() const { return range_->current_; }
    iterator& operator++() {
      range_->advance();
      return *this;
    }
    void operator++(int) { ++*this; }
    bool operator==(std::default_sentinel_t) const { return range_ == nullptr || range_->done_; }

   private:
    friend class solution_range;
    explicit iterator(solution_range* range) : range_(range) {}
    solution_range* range_ = nullptr;
  };

  // Not movable: the solver points into it. Returned by value thanks to C++17's
  // guaranteed copy elision.
  solution_range(const solution_range&) = delete;
  solution_range& operator=(const solution_range&) = delete;
  ~solution_range();

  /// Starts the search on first use; iterate once only.
  iterator begin();
  std::default_sentinel_t end() const noexcept { return {}; }
  /// Status and counters so far (final once iteration has ended).
  [[nodiscard]] search_result result() const;

 private:
  friend class solver;
  solution_range(solver& s, const search_options& options);
  void advance();
  void finish();

  solver* solver_;
  search_options options_;
  std::span<const option_id> current_;
  bool started_ = false;
  bool done_ = false;
  search_result final_{};
};

}  // namespace dlx
