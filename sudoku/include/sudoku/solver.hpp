// Solving and counting Sudoku puzzles on the exact-cover engine.
//
// A solver builds the exact-cover matrix of its shape once. Each puzzle then
// preselects its givens on that matrix, searches, and restores it: no rebuild
// and, once warm, no allocation per puzzle. One solver per thread.
#pragma once

#include <dlx/estimate.hpp>
#include <dlx/search.hpp>
#include <dlx/solver.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/model.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// What a search learned about a puzzle.
enum class status : std::uint8_t {
  solved,    ///< a solution was found; uniqueness was not asked
  unique,    ///< exactly one solution
  multiple,  ///< at least two solutions
  none,      ///< no solution
  invalid,   ///< the givens clash (see result::conflict); nothing was searched
  unknown,   ///< the node budget ran out before the answer was known
};

/// "solved", "unique", ...
[[nodiscard]] std::string_view to_string(status s) noexcept;

struct result {
  sudoku::status status = status::none;
  std::uint64_t solutions = 0;  ///< solutions found (up to the limit)
  std::uint64_t nodes = 0;      ///< search nodes, counted as Knuth's DLX1 does
  std::uint64_t updates = 0;
  std::uint64_t branches = 0;  ///< nodes with two or more candidates
  /// Guesses, counted as tdoku counts them (dlx::search_result::guesses): a
  /// yes/no branch is one; a node with k candidates that tries j counts min(j, k-1).
  std::uint64_t guesses = 0;
  /// True when the search stopped before the limit because it ran out of tree:
  /// `solutions` is then the exact count.
  bool exact = false;
  /// Seconds in the search itself, the givens placed: not reading the puzzle,
  /// building its model or checking the answer (what a variant's model costs
  /// is the rest of the time a puzzle takes). 0 unless the solver times its
  /// searches (solver::time_searches).
  double search_seconds = 0;
  /// How the underlying search ended (budget_exhausted: the count is a lower bound).
  dlx::search_status search = dlx::search_status::complete;
  /// For status::invalid: two givens that clash.
  std::optional<sudoku::clash> conflict;
};

/// Solves puzzles of one shape.
///
///   sudoku::solver s;                                   // 9x9
///   sudoku::grid solution;
///   auto r = s.solve(puzzle, solution);                 // r.status == status::solved
///   auto u = s.count(puzzle, 2);                        // unique, multiple or none
class solver {
 public:
  /// A solver for puzzles of shape `s`. The engine changes the speed only: both
  /// give the same solutions, in the same order, with the same node counts.
  explicit solver(sudoku::shape s = {}, dlx::engine_kind engine = dlx::engine_kind::automatic);
  /// A solver for puzzles of a variant (variant.hpp): X, windoku, jigsaw,
  /// killer, samurai, or any list of units and cages.
  explicit solver(const sudoku::variant& v, dlx::engine_kind engine = dlx::engine_kind::automatic);

  [[nodiscard]] const sudoku::shape& shape() const noexcept { return model_.shape(); }
  [[nodiscard]] const sudoku::variant& variant() const noexcept { return model_.variant(); }

  /// Finds a solution (the first in search order) and writes it to `solution`.
  /// Status: solved, none, invalid or unknown. `options.limit` is ignored.
  result solve(const grid& puzzle, grid& solution, const dlx::search_options& options = {});

  /// Finds a solution and checks that it is the only one (a count to 2). Status:
  /// unique, multiple (solution holds the first found), none, invalid or unknown.
  result solve_unique(const grid& puzzle, grid& solution, const dlx::search_options& options = {});

  /// Counts solutions, stopping at `limit` (0 = all). Status: unique, multiple,
  /// none, invalid, unknown; or solved when `limit` is 1 and a solution exists.
  result count(const grid& puzzle, std::uint64_t limit, const dlx::search_options& options = {});

  /// Calls `visit` with each solution (up to `options.limit`) until it returns
  /// dlx::visit::stop. Status as for count.
  template <class Visitor>
  result enumerate(const grid& puzzle, Visitor&& visit, const dlx::search_options& options = {}) {
    grid solution = variant().empty_grid();
    return run(puzzle, options, [&](std::span<const dlx::option_id> options_chosen) {
      decode(options_chosen, solution);
      return visit(static_cast<const grid&>(solution));
    });
  }

  /// Knuth's estimate of the number of solutions by random probes of the
  /// search tree (dlx/estimate.hpp), with the pair rule on the bitset engine
  /// unless `options.search` asks for another propagation. Writes it to `out` and returns nullopt;
  /// or, without probing, the answer when the givens clash (invalid) or no solution can keep them
  /// (none).
  std::optional<result> estimate(const grid& puzzle, const dlx::estimate_options& options,
                                 dlx::solution_estimate& out);

  [[nodiscard]] dlx::engine_kind engine() const noexcept { return dlx_.engine(); }

  /// What the searches infer at each node (dlx::propagation). By default the
  /// structure search (`groups`): singles, locked candidates both ways,
  /// mini-line triples and band configurations, found by the engine in the
  /// matrix, with yes/no branches (bench/README.md has the measurements); a node
  /// is a branch, a dead end or a solution (so node budgets count decisions).
  /// With several solutions, another may come first than with `none`, Knuth's
  /// order. A search whose options ask for something other than `none` gets
  /// that instead. Throws std::invalid_argument for `forced` or `pairs` with
  /// dancing links.
  [[nodiscard]] dlx::propagation propagation() const noexcept { return propagation_; }
  void set_propagation(dlx::propagation p);

  /// Which item a node branches on (dlx::branching). By default `mrv`, and
  /// `conflicts` for a variant with clues, cages or units beyond rows, columns
  /// and boxes (diagonals, windows, jigsaw regions) on the bitset engine, which
  /// then also propagates with the pair rule: rules
  /// that reach far (sums, lines, cages) are learnt from their dead ends (ISS's
  /// "Killing with flowers": 472,779 nodes where the fewest options took about
  /// 10^9). A search whose options ask for something other than `mrv`, a
  /// seed, a subtree or `groups` gets what it asks for; a search that branches on
  /// conflicts runs on one thread. Throws std::invalid_argument for
  /// `conflicts` with dancing links.
  [[nodiscard]] dlx::branching branching() const noexcept { return branching_; }
  void set_branching(dlx::branching b);

  /// Whether each result says how long its search took (result::search_seconds):
  /// two readings of the clock a puzzle, off by default (on a virtual machine
  /// they are a few percent of an easy puzzle's time).
  [[nodiscard]] bool times_searches() const noexcept { return timed_; }
  void time_searches(bool on) noexcept { timed_ = on; }

  /// The digits of the variables (variant::variables(), position minus
  /// variant::positions()) in the last solution written to a grid: a grid
  /// holds the board only.
  [[nodiscard]] std::span<const std::uint8_t> variable_digits() const noexcept {
    return variable_digits_;
  }

  /// The exact-cover numbering this solver uses.
  [[nodiscard]] const sudoku::model& model() const noexcept { return model_; }

 private:
  result run(const grid& puzzle, const dlx::search_options& options, dlx::solution_visitor visitor);
  dlx::search_options tuned(const dlx::search_options& options) const;
  template <class Search>
  result with_givens(const grid& puzzle, const dlx::search_options& options, bool shows,
                     Search&& search);
  template <class Search>
  dlx::search_result taking_turns(dlx::solver& on, const dlx::search_options& options, bool shows,
                                  Search& search);
  // Preselects the givens on `on`; the answer instead, without a search, when
  // they clash (invalid) or no solution can keep them (none).
  std::optional<result> preselect_givens(dlx::solver& on, const grid& puzzle);
  // The search with the implied sums stated (built the first time a puzzle
  // needs it); dlx_ itself when the model has none to state.
  dlx::solver& stated();
  void decode(std::span<const dlx::option_id> options, grid& out) const;
  static result classify(const dlx::search_result& r);

  sudoku::model model_;
  // Whether dlx_ leaves the implied sums out (model::implied): then a puzzle
  // is first propagated without them, and searched with them (stated_) only
  // when that does not settle it.
  bool defers_ = false;
  std::size_t light_weighted_ = 0;  // dlx_'s weighted items
  dlx::solver dlx_;
  std::unique_ptr<dlx::solver> stated_;
  std::vector<dlx::option_id> givens_;
  bool every_position_a_cell_ = false;  // cells() is 0, 1, ..., positions() - 1
  std::vector<dlx::option_id> chosen_;
  mutable std::vector<std::uint8_t> variable_digits_;  // decode's, per variable
  dlx::propagation propagation_ = dlx::propagation::none;
  dlx::branching branching_ = dlx::branching::mrv;
  bool timed_ = false;
};

}  // namespace sudoku
