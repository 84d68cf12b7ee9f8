// A box-and-band lane layout found in an exact-cover matrix, for the box-band
// search (box_band_engine.cpp). The search lays a problem out as tdoku lays out
// Sudoku (t-dillon/tdoku, docs/sudoku.md): nine boxes of 3x3 slots of 16-bit
// lanes, one bit per symbol, and six bands of three boxes. Nobody tells it that
// a problem has that shape: find_box_layout looks at the matrix alone, and
// answers when the matrix is, up to the names and order of its items and
// options, the exact cover of a 9x9 grid with 3x3 boxes: 81 "cells" of nine
// options each, and per symbol nine "rows", nine "columns" and nine "boxes",
// each option in one cell and one of each of the others, every pair (cell,
// symbol) once.
//
// How. Items are told apart by how they share options: a cell shares one
// option with each of 27 others; a row or column item shares three with three
// box items and one with 18 others; a box item shares three with six and one
// with nine. The symbols are the connected parts of the non-cell items; the
// rows and columns are the two partitions of the cells that the line items'
// cell sets form; bands and stacks are the rows and columns that meet the same
// three boxes. Every option is then checked against the layout.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace dlx::detail {

struct box_layout {
  static constexpr std::uint32_t cells = 81, symbols = 9;
  // Per cell (row * 9 + column, in the layout's order) and symbol: the option.
  std::array<std::uint32_t, cells * symbols> option{};
  // Per option: its cell * 9 + symbol.
  std::array<std::uint16_t, cells * symbols> place{};
};

// The layout of a matrix of `primary` primary items and no other, option o
// holding items option_items[option_start[o], option_start[o + 1]); nullopt
// when the matrix does not have that shape.
std::optional<box_layout> find_box_layout(std::span<const std::uint32_t> option_start,
                                          std::span<const std::uint32_t> option_items,
                                          std::uint32_t primary, std::uint32_t items);

}  // namespace dlx::detail
