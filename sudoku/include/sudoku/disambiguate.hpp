// The givens that make a puzzle unique: for a puzzle with several solutions,
// a few digits of one of them that leave it alone, found as a setter finds them
// by hand (a given where the solutions disagree most, until one is left), then
// each checked for being needed. ISS does not do this.
//
//   sudoku::workspace w;
//   sudoku::read_puzzle(w, line, rules);
//   const sudoku::disambiguation d = sudoku::disambiguate(w);
//   // d.puzzle: w.puzzle and d.added, with exactly one solution
#pragma once

#include <dlx/search.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "sudoku/answer.hpp"
#include "sudoku/symmetry.hpp"

namespace sudoku {

struct disambiguation {
  /// unique: `puzzle` has one solution (w.puzzle already had, when `added` is
  /// empty); none or invalid (see conflict): w.puzzle has no solution or
  /// clashing givens; multiple: no digit given can tell its solutions apart
  /// (they differ only in variables, as a chaos construction's regions);
  /// unknown: the node budget ran out.
  sudoku::status status = sudoku::status::unknown;
  std::optional<sudoku::clash> conflict;
  grid puzzle;                     ///< w.puzzle with the givens added
  grid solution;                   ///< its solution, whose digits the givens are
  std::vector<std::size_t> added;  ///< the board positions given, ascending
  std::uint64_t searches = 0;      ///< searches it took (possibilities and counts)
  std::uint64_t nodes = 0;
};

/// Adds to w.puzzle, one at a time, the digit of its first solution in the
/// empty cell that holds the most digits over all its solutions
/// (possibilities.hpp), with the cells `symmetry` maps it to, until one
/// solution is left; then drops each added given (with its orbit) that the
/// rest make unneeded, checking by counting. `symmetry` other than none needs a
/// square board (std::invalid_argument otherwise). `options.node_budget`
/// bounds each search.
disambiguation disambiguate(workspace& w, clue_symmetry symmetry = clue_symmetry::none,
                            const dlx::search_options& options = {});

}  // namespace sudoku
