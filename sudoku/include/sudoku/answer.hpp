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
struct logic_answer {
  logic_result result;
  std::optional<sudoku::result> searched;
  bool none = false;  ///< the puzzle has no solution
};

/// Runs the logic solver on w.puzzle; when it gets stuck and `search` is set,
/// the search from where it stopped, with `options` (its solution in
/// w.solution, verified). Givens that clash give result.outcome ==
/// logic_outcome::invalid (sudoku::first_clash names them) and no search.
logic_answer answer_by_logic(workspace& w, bool search, const dlx::search_options& options = {});

}  // namespace sudoku
