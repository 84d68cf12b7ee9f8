// Sudoku as an exact-cover problem.
//
// For an n x n grid there are 4n^2 primary items, in this order (Knuth's p, r,
// c, b): cell (r,c) is filled; row r has digit d; column c has digit d; box b has
// digit d. There are n^3 options, one per (cell, digit): option
// (r*n + c)*n + (d-1) covers the four items that placing d at (r,c) satisfies.
// For 9x9 that is 324 items and 729 options.
#pragma once

#include <dlx/problem.hpp>

#include "sudoku/grid.hpp"

namespace sudoku {

/// Numbering of the exact-cover model of one shape.
class model {
 public:
  explicit model(sudoku::shape s = {}) : shape_(s) {}

  [[nodiscard]] const sudoku::shape& shape() const noexcept { return shape_; }
  [[nodiscard]] int item_count() const noexcept { return 4 * shape_.cell_count(); }
  [[nodiscard]] int option_count() const noexcept { return shape_.cell_count() * shape_.size(); }

  /// The option that places `digit` (1..n) in `cell` (row * n + col).
  [[nodiscard]] dlx::option_id option(std::size_t cell, int digit) const noexcept {
    return static_cast<dlx::option_id>(cell * static_cast<std::size_t>(shape_.size()) +
                                       static_cast<std::size_t>(digit - 1));
  }
  [[nodiscard]] std::size_t cell_of(dlx::option_id option) const noexcept {
    return option / static_cast<std::size_t>(shape_.size());
  }
  [[nodiscard]] int digit_of(dlx::option_id option) const noexcept {
    return static_cast<int>(option % static_cast<dlx::option_id>(shape_.size())) + 1;
  }

  /// The problem itself, with Knuth-style item names (p00, r01, c01, b01 for
  /// 9x9: the letter, then two base-36 digits).
  [[nodiscard]] dlx::problem build() const;

 private:
  sudoku::shape shape_;
};

}  // namespace sudoku
