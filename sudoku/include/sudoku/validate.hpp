// Checking grids, puzzles and solutions, independently of any solver.
//
// Three questions, all needed: is a complete grid a valid solution; are a
// puzzle's givens consistent (no digit twice in a unit or cage, no cage already
// over its sum); is a solution valid and faithful to every given of its puzzle.
// The answers come from the variant's list of units and cages (variant.hpp),
// by counting digits per unit and adding them per cage, nothing else, so they
// can judge the solver. The overloads without a variant check plain Sudoku.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// "r1c7 repeats 5 of r1c3 (same row)".
[[nodiscard]] std::string describe(const clash& c, const shape& s);
[[nodiscard]] std::string describe(const clash& c, const variant& v);

/// The clash whose second cell comes first in reading order, if any.
[[nodiscard]] std::optional<clash> first_clash(const variant& v, const grid& g);
[[nodiscard]] std::optional<clash> first_clash(const grid& g);
/// Every clash: each repeated digit paired with its first occurrence in the unit.
[[nodiscard]] std::vector<clash> all_clashes(const variant& v, const grid& g);
[[nodiscard]] std::vector<clash> all_clashes(const grid& g);

enum class check_status : std::uint8_t {
  valid,
  clash,           ///< a digit repeats in a unit or a cage
  incomplete,      ///< a solution has a blank cell
  changes_given,   ///< a solution differs from its puzzle at a given
  shape_mismatch,  ///< the puzzle and the solution are not the same size
  bad_digit,       ///< a cell holds a value above n (only possible in a grid built by hand)
  outside,         ///< a digit at a position outside every grid (samurai)
  wrong_sum,       ///< a full cage whose digits do not add up to its sum, or givens above it
  broken_clue,     ///< a clue of a modern variant (clue.hpp) broken, or a pencil mark
};

/// The verdict of a check; `cell`, `conflict` and `cage` say where, when it failed.
struct check_result {
  check_status status = check_status::valid;
  std::size_t cell = 0;
  std::optional<sudoku::clash> conflict;
  std::size_t cage = 0;  ///< wrong_sum: the cage (index into variant::cages())
  int total = 0;         ///< wrong_sum: what its digits add up to
  std::size_t clue =
      0;               ///< broken_clue: index into variant::clues() (clues().size(): pencil marks)
  std::string reason;  ///< broken_clue: what is wrong, in words
  [[nodiscard]] bool ok() const noexcept { return status == check_status::valid; }
  /// A sentence for people: "r3c4 is blank", "r1c7 repeats 5 of r1c3 (same row)".
  [[nodiscard]] std::string message(const variant& v) const;
  [[nodiscard]] std::string message(const shape& s) const;
};

/// A puzzle's givens are consistent: no digit twice in a unit or cage, and no
/// cage whose givens add up to more than its sum (or, full, to another sum).
[[nodiscard]] check_result check_puzzle(const variant& v, const grid& puzzle);
[[nodiscard]] check_result check_puzzle(const grid& puzzle);
/// A complete grid is a valid solution: no blank, no clash, every cage's sum.
[[nodiscard]] check_result check_solution(const variant& v, const grid& solution);
[[nodiscard]] check_result check_solution(const grid& solution);
/// A valid solution that keeps every given of `puzzle`.
[[nodiscard]] check_result check_solution(const variant& v, const grid& puzzle,
                                          const grid& solution);
[[nodiscard]] check_result check_solution(const grid& puzzle, const grid& solution);

}  // namespace sudoku
