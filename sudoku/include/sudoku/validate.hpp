// Checking grids, puzzles and solutions, independently of any solver.
//
// Three questions, all needed: is a complete grid a valid solution; are a
// puzzle's givens consistent (no digit twice in a row, column or box); is a
// solution valid and faithful to every given of its puzzle. The answers come
// from counting digits per unit, nothing else, so they can judge the solver.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku {

enum class unit_kind : std::uint8_t { row, column, box };

/// Two cells of one unit holding the same digit; `second` comes after `first`
/// in row-major order.
struct clash {
  std::size_t first = 0;
  std::size_t second = 0;
  int digit = 0;
  unit_kind unit = unit_kind::row;
  friend bool operator==(const clash&, const clash&) = default;
};

/// "r1c7 repeats 5 of r1c3 (same row)".
[[nodiscard]] std::string describe(const clash& c, const shape& s);

/// The clash whose second cell comes first in row-major order, if any.
[[nodiscard]] std::optional<clash> first_clash(const grid& g);
/// Every clash: each repeated digit paired with its first occurrence in the unit.
[[nodiscard]] std::vector<clash> all_clashes(const grid& g);

enum class check_status : std::uint8_t {
  valid,
  clash,           ///< a digit repeats in a unit
  incomplete,      ///< a solution has a blank cell
  changes_given,   ///< a solution differs from its puzzle at a given
  shape_mismatch,  ///< the puzzle and the solution are not the same size
  bad_digit,       ///< a cell holds a value above n (only possible in a grid built by hand)
};

/// The verdict of a check; `cell` and `conflict` say where, when it failed.
struct check_result {
  check_status status = check_status::valid;
  std::size_t cell = 0;
  std::optional<sudoku::clash> conflict;
  [[nodiscard]] bool ok() const noexcept { return status == check_status::valid; }
  /// A sentence for people: "r3c4 is blank", "r1c7 repeats 5 of r1c3 (same row)".
  [[nodiscard]] std::string message(const shape& s) const;
};

/// A puzzle's givens are consistent: no digit twice in a unit (blanks allowed).
[[nodiscard]] check_result check_puzzle(const grid& puzzle);
/// A complete grid is a valid solution: no blank and no clash.
[[nodiscard]] check_result check_solution(const grid& solution);
/// A valid solution that keeps every given of `puzzle`.
[[nodiscard]] check_result check_solution(const grid& puzzle, const grid& solution);

}  // namespace sudoku
