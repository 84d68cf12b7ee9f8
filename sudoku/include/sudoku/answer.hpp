// Answering one puzzle after another, the same way for every front end: the
// command line's workers and the Python module's threads each keep a
// workspace, read a puzzle into it, answer it, and check every solution with
// the validator before it is shown (a wrong answer is a bug, and must never
// reach a user). workspace_pool.hpp runs them on several threads.
//
//   sudoku::workspace w;
//   if (auto e = sudoku::read_puzzle(w, line, rules)) { ... e->column, e->message ... }
//   const sudoku::logic_answer a = sudoku::answer_by_logic(w, true);
#pragma once

#include <dlx/search.hpp>

#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "sudoku/board_state.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/solver_cache.hpp"
#include "sudoku/text.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// Per-thread state: the solvers of the variants seen last (solver_cache) and
/// the puzzle being answered. Not thread-safe: one per thread.
struct workspace : solver_cache {
  sudoku::variant variant;  ///< the constraints of the puzzle being answered
  grid puzzle;              ///< its givens
  grid solution;            ///< a solution found
  grid other;               ///< a second board (a puzzle's own, when checking a solution)
  sdm_fields fields;        ///< the line's fields: where its cells begin, its annotation
};

/// Reads one puzzle line in the format of `r` (variant_text.hpp) into
/// w.variant, w.puzzle and w.fields; the line's error (1-based column and
/// what is wrong) when it is not a puzzle of that format. `expected` fixes the
/// shape, as for parse_puzzle. The givens are not checked for clashes here:
/// the searches find a clash as they place them (result::conflict).
std::optional<text_error> read_puzzle(workspace& w, std::string_view line, const rules& r,
                                      std::optional<shape> expected = std::nullopt);

/// A solution that the validator rejects: a bug in a solver, never bad input.
class wrong_answer : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

/// Throws wrong_answer ("internal error: the solver's answer is wrong: ...")
/// unless `solution` is a valid solution of `puzzle` under `v`.
void verify_solution(const variant& v, const grid& puzzle, const grid& solution);

/// The logic solver's run on a puzzle and, when it got stuck and search was
/// asked for, the search that finished it.
///
/// A rating or an explanation of a puzzle that is not unique would be a wrong
/// answer (Sudoku Explainer refuses such puzzles too), so the count to two
/// comes first, and the logic runs only on a unique puzzle.
struct logic_answer {
  /// The count to two that comes first: status unique when the logic ran;
  /// otherwise why it did not (none, multiple, invalid, unknown).
  sudoku::result uniqueness;
  logic_result result;  ///< the logic's run (empty unless unique)
  std::optional<sudoku::result> searched;
  [[nodiscard]] bool unique() const noexcept { return uniqueness.status == status::unique; }
  /// The puzzle has no solution.
  [[nodiscard]] bool none() const noexcept { return uniqueness.status == status::none; }
};

/// Counts w.puzzle's solutions to two (its solution in w.solution, verified)
/// and, when it has exactly one, runs the logic solver on it; when the logic
/// gets stuck and `search` is set, the search from where it stopped. `options`
/// (a node budget: unknown when it runs out) applies to both searches. Givens
/// that clash give uniqueness.status == invalid (with its conflict) and
/// result.outcome == logic_outcome::invalid. Throws wrong_answer when the
/// logic contradicts the search (a bug, never bad input).
logic_answer answer_by_logic(workspace& w, bool search, const dlx::search_options& options = {});

/// Why a puzzle is not unique: two of its solutions and the cells where they
/// differ, what a setter needs to mend it (a given in one of those cells
/// rules one of them out).
struct two_solutions {
  /// The count to two: unique, multiple (then `first`, `second` and
  /// `differences` are set), none, invalid (with its conflict) or unknown.
  sudoku::result count;
  grid first;   ///< the first solution in search order (unique: the solution)
  grid second;  ///< another (multiple only)
  std::vector<std::size_t> differences;  ///< board positions where they differ, ascending
};

/// Looks for two solutions of w.puzzle (a count to two that keeps them), each
/// verified. `options.limit` is ignored.
///
///   sudoku::two_solutions t = sudoku::find_two_solutions(w);
///   for (std::size_t p : t.differences) fmt::print("{} ", w.variant.cell_name(p));
two_solutions find_two_solutions(workspace& w, const dlx::search_options& options = {});

/// What `sudoku render --differences` draws: for two solutions, the digits
/// they share placed and each cell where they differ left empty with its two
/// digits as pencil marks (shade t.differences to point them out); for a
/// unique puzzle, its solution; otherwise the givens alone.
board_state differences_board(const variant& v, const grid& puzzle, const two_solutions& t);

}  // namespace sudoku
