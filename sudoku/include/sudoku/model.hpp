// Sudoku as an exact-cover problem.
//
// For an n x n grid there are 4n^2 primary items, in this order (Knuth's p, r,
// c, b): cell (r,c) is filled; row r has digit d; column c has digit d; box b has
// digit d. There are n^3 options, one per (cell, digit), covering the four items
// that placing d at (r,c) satisfies. For 9x9 that is 324 items and 729 options.
//
// Options are numbered box by box: (box * n + place in box) * n + (d-1). Within
// every item the options keep the order of the plain row-major numbering, so the
// search tree is the same; but each item's options now sit close together, a
// cell's and a box-digit's in one or two 64-bit words, a row's or column's in
// about four, instead of a column-digit's spreading over nine. The bitset engine
// visits an item's options a word at a time, so this cut its time on hard
// puzzles (bench/README.md has the figures).
#pragma once

#include <dlx/problem.hpp>

#include <cstdint>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku {

/// Numbering of the exact-cover model of one shape.
class model {
 public:
  explicit model(sudoku::shape s = {});

  [[nodiscard]] const sudoku::shape& shape() const noexcept { return shape_; }
  [[nodiscard]] int item_count() const noexcept { return 4 * shape_.cell_count(); }
  [[nodiscard]] int option_count() const noexcept { return shape_.cell_count() * shape_.size(); }

  // Tables, not arithmetic: the box-major numbering needs divisions by the
  // grid's size, and these are called for every given and every cell of every
  // solution.

  /// The option that places `digit` (1..n) in `cell` (row * n + col).
  [[nodiscard]] dlx::option_id option(std::size_t cell, int digit) const noexcept {
    return first_option_[cell] + static_cast<dlx::option_id>(digit - 1);
  }
  [[nodiscard]] std::size_t cell_of(dlx::option_id option) const noexcept {
    return cell_of_[option];
  }
  [[nodiscard]] int digit_of(dlx::option_id option) const noexcept { return digit_of_[option]; }

  /// The problem itself, with Knuth-style item names (p00, r01, c01, b01 for
  /// 9x9: the letter, then two base-36 digits).
  [[nodiscard]] dlx::problem build() const;

 private:
  sudoku::shape shape_;
  std::vector<dlx::option_id> first_option_;  // per cell: the option for digit 1
  std::vector<std::uint32_t> cell_of_;        // per option
  std::vector<std::uint8_t> digit_of_;        // per option
};

}  // namespace sudoku
