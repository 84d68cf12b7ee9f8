// Algorithm X over dancing links, in the data layout of Knuth's DLX1.
//
// A solver copies a problem into one flat array of 32-bit links, once. Every
// search runs on that array in place and leaves it exactly as it found it (it
// uncovers in reverse order), so one solver serves any number of searches,
// including searches from different preselections (the givens of a puzzle),
// without rebuilding and without allocating. Solvers hold no global state: use
// one per thread; copying a solver is the cheap way to get another.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "dlx/problem.hpp"
#include "dlx/search.hpp"

namespace dlx {

/// A non-owning reference to a callable `visit(std::span<const option_id>)`.
/// It is what `solver::enumerate` takes, so visitors cost neither an allocation
/// nor a template instantiation of the search.
class solution_visitor {
 public:
  template <class F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, solution_visitor> &&
           std::is_invocable_r_v<visit, F&, std::span<const option_id>>) solution_visitor(F&& f)
  noexcept  // NOLINT(google-explicit-constructor): like std::function_ref
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* object, std::span<const option_id> solution) {
          return std::invoke(*static_cast<std::remove_reference_t<F>*>(object), solution);
        }) {}

  visit operator()(std::span<const option_id> solution) const { return call_(object_, solution); }

 private:
  void* object_;
  visit (*call_)(void*, std::span<const option_id>);
};

/// Why a preselection was refused.
struct preselect_conflict {
  option_id option;  ///< the option that could not be preselected
  item_id item;      ///< an item of it that is already covered
  /// The preselected option that covers `item`, when it was preselected in an
  /// earlier call (within one call, the earlier option of the same list).
  option_id covered_by;
};

class solution_range;

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
  explicit solver(const problem& p);

  // ---- Preselection: options forced into every solution (a puzzle's givens).

  /// Preselects `options` in order. On a clash (two options sharing an item, or an
  /// option sharing an item with an earlier preselection) nothing of this call is
  /// kept and the clash is returned; earlier preselections stay. Throws
  /// std::out_of_range, changing nothing, when an id is not an option.
  std::optional<preselect_conflict> preselect(std::span<const option_id> options);
  std::optional<preselect_conflict> preselect(option_id option) {
    return preselect(std::span<const option_id>(&option, 1));
  }
  /// Undoes every preselection, in reverse order.
  void clear_preselection();
  [[nodiscard]] std::span<const option_id> preselected() const noexcept { return preselected_; }

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

  /// Lazy enumeration:
  ///
  ///   auto range = s.solutions();
  ///   for (std::span<const dlx::option_id> solution : range) { ... }
  ///   range.result();  // counters and status so far
  ///
  /// While the range lives the solver is busy: no other search or preselection.
  solution_range solutions(const search_options& options = {});

  // ---- Shape of the matrix.
  [[nodiscard]] std::size_t item_count() const noexcept { return item_count_; }
  [[nodiscard]] std::size_t option_count() const noexcept { return option_items_start_.size() - 1; }

  /// Checks every link of the dancing-links structure against its invariants
  /// (Knuth's `sanity`); returns false and stops at the first broken one. For
  /// tests and debug builds: it walks the whole matrix.
  [[nodiscard]] bool check_invariants() const;

 private:
  friend class solution_range;

  // The matrix. Nodes 1..N are the item headers, whose `item` field holds the
  // list length; node N+1 and every node after an option are spacers, whose `item`
  // field is negative (~option id) and whose up/down point to the first node of
  // the option before and the last node of the option after. Every other node is
  // an entry of an option: `item` is its header's index.
  struct node {
    std::int32_t item;
    std::uint32_t up;
    std::uint32_t down;
  };
  // Active-item lists: [0] heads the primary items, [N+1] the secondary ones.
  struct item_link {
    std::uint32_t prev;
    std::uint32_t next;
  };
  enum class run_state : std::uint8_t { idle, fresh, after_solution, trivial_solution, finished };

  void begin(const search_options& options);
  bool next_solution();  // advances a begun search; true at each solution
  template <bool Randomized>
  bool run();
  bool checkpoint();  // slow path: budgets and progress; false stops the search
  search_result end();
  void unwind();
  void collect_solution();
  void require_idle(const char* what) const;

  std::vector<node> nodes_;
  std::vector<item_link> links_;
  std::uint32_t item_count_ = 0;
  std::uint32_t first_spacer_ = 0;
  std::vector<item_id> item_of_internal_;  // internal item index (1-based) -> item_id
  std::vector<std::uint32_t> option_items_start_;
  std::vector<std::uint32_t> option_items_;  // internal item indices, per option
  std::vector<std::uint32_t> covered_by_;    // per internal item: 1 + preselected option, or 0
  std::vector<option_id> preselected_;

  // Search state, valid between begin() and end().
  run_state state_ = run_state::idle;
  std::vector<std::uint32_t> choice_;  // node chosen at each level
  std::vector<std::uint32_t> start_;   // randomised searches: first node tried per level
  std::vector<option_id> solution_;
  std::uint32_t level_ = 0;
  std::uint32_t depth_ = 0;  // levels holding a chosen option
  bool randomized_ = false;
  std::uint64_t rng_ = 0;
  std::uint64_t limit_ = 0;
  std::uint64_t next_checkpoint_ = 0;
  std::uint64_t next_progress_ = 0;
  std::uint64_t next_clock_check_ = 0;
  const search_options* options_ = nullptr;
  std::chrono::steady_clock::time_point started_{};
  search_result result_{};
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
    value_type operator*() const { return range_->solver_->solution_; }
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
  bool started_ = false;
  bool done_ = false;
  search_result final_{};
};

}  // namespace dlx
