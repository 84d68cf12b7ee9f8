// All possibilities: the digits each cell holds over a puzzle's solutions, what
// a setter watches while setting (ISS's "all possibilities", with its
// threshold), found without enumerating every solution.
//
//   sudoku::workspace w;
//   sudoku::read_puzzle(w, line, rules);
//   const sudoku::possibilities p = sudoku::find_possibilities(w);
//   // p.digits[cell]: bit d when some solution holds digit d there
#pragma once

#include <dlx/search.hpp>

#include <cstdint>
#include <vector>

#include "sudoku/answer.hpp"
#include "sudoku/board_state.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

/// What find_possibilities found.
struct possibilities {
  /// The puzzle: unique, multiple, none, invalid (its givens clash: see
  /// conflict) or unknown (the node budget ran out; `digits` is then not
  /// known, and empty).
  sudoku::status status = sudoku::status::unknown;
  std::optional<sudoku::clash> conflict;
  /// Per board position (variant::positions()), bit d for digit d: the
  /// digits the cell holds in at least `threshold` solutions (0 off the
  /// board's cells, and everywhere when there is no solution).
  std::vector<std::uint64_t> digits;
  std::uint64_t searches = 0;   ///< searches it took, the first included
  std::uint64_t solutions = 0;  ///< distinct solutions met (each verified)
  std::uint64_t nodes = 0;      ///< the searches' nodes, all told
};

/// The digits each cell of w.puzzle holds in at least `threshold` (>= 1)
/// solutions. On the bitset engine (every puzzle but the largest boards'), one
/// search that stops wanting each (cell, digit) once it has been seen in
/// `threshold` solutions, and skips every subtree in which nothing it still
/// wants can be placed (dlx::search_options::wanted, as ISS's "all
/// possibilities"): the digits it never stopped wanting were counted exactly.
/// Otherwise a first search counts to max(threshold, 2) and, unless that met
/// every solution, each digit not yet seen in `threshold` of the solutions met
/// gets a search of its own, the digit placed, counting to `threshold`.
/// `options.node_budget` bounds the nodes of all searches together (status
/// unknown when it runs out); `options.limit` and `options.threads` are
/// ignored.
possibilities find_possibilities(workspace& w, std::uint64_t threshold = 1,
                                 const dlx::search_options& options = {});
/// The same with a solver of the puzzle's variant (its engine decides which
/// way: a solver on dancing links searches per digit).
possibilities find_possibilities(solver& s, const grid& puzzle, std::uint64_t threshold = 1,
                                 const dlx::search_options& options = {});

/// The puzzle's board with each empty cell's digits of `p` as pencil marks
/// (what `sudoku render --possibilities` draws); the givens alone when `p`
/// found no solution.
board_state possibilities_board(const variant& v, const grid& puzzle, const possibilities& p);

}  // namespace sudoku
