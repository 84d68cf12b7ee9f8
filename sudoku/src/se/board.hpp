// The board that the Sudoku Explainer rating engine reasons on, and the hint
// every technique produces. Internal to the sudoku library.
//
// Sudoku Explainer 1.2.1 (SE) rates a puzzle by the path its own solver takes:
// each step applies the first hint of the first technique, in a fixed order of
// techniques and, inside each, a fixed order of search. The rating of a path
// depends on that order, so every producer here enumerates exactly as SE does:
// the same region order, the same cell and value order, the same tie-breaks.
// Cells are numbered y * 9 + x (row-major), SE's (x, y) being (column, row).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sudoku::se {

/// Candidate sets: bit v (1..9) set when value v is still possible.
using values = std::uint16_t;

/// Bits set in a 9- or 10-bit set: a table, as portable builds have no popcnt
/// instruction and this is the inner loop of every chain.
extern const std::array<std::uint8_t, 1024> bit_count;
inline int count(values v) noexcept {
  return bit_count[v & 1023u];
}
/// The lowest value in a set (SE's BitSet.nextSetBit), 0 for an empty set.
inline int first(values v) noexcept {
  return v ? __builtin_ctz(v) : 0;
}
inline values bit(int value) noexcept {
  return static_cast<values>(1u << value);
}

/// SE's three kinds of region. The numbering of regions: kind * 9 + number.
enum region_kind : int { block = 0, row = 1, column = 2 };

/// Geometry, computed once.
struct layout {
  /// cells[r][i]: the i-th cell of region r, in SE's order (a block's cells
  /// row by row, a row's by column, a column's by row).
  std::array<std::array<std::uint8_t, 9>, 27> cells{};
  /// region_of[cell][kind]: the region of that kind holding the cell.
  std::array<std::array<std::uint8_t, 3>, 81> region_of{};
  /// index_in[cell][kind]: the cell's position inside that region.
  std::array<std::array<std::uint8_t, 3>, 81> index_in{};
  /// SE's Cell.getHouseCells(): the 20 peers in SE's order (block cells, then
  /// the row's, then the column's, each once, the cell itself left out).
  std::array<std::array<std::uint8_t, 20>, 81> house{};
  /// peer[a * 81 + b]: a and b share a region (a != b).
  std::array<bool, 81 * 81> peer{};
};
extern const layout the_layout;
inline const layout& geometry() noexcept {
  return the_layout;
}

/// The state SE keeps: a value per cell (0: empty) and the potential values of
/// every empty cell. A solved cell has no potential values.
struct board {
  std::array<std::uint8_t, 81> value{};
  std::array<values, 81> cand{};

  /// SE's Cell.setValueAndCancel: places the value and removes it from the
  /// potential values of the cell's block, row and column.
  void place(int cell, int v);
  /// The positions (bit i: the region's i-th cell) where v is still possible.
  [[nodiscard]] std::uint16_t positions(int region, int v) const;
  /// Every region's positions at once, at [region * 16 + v]: cheaper than
  /// asking region by region where a technique asks again and again.
  using position_table = std::array<std::uint16_t, 27 * 16>;
  void all_positions(position_table& out) const;
  /// Empty cells of a region (value 0).
  [[nodiscard]] int empty_cells(int region) const;
  friend bool operator==(const board&, const board&) = default;
};

/// One removal: candidates of one cell.
struct removal {
  std::uint8_t cell = 0;
  values vals = 0;
};

/// An implication of a chain: candidate (from_cell, from_value) on or off
/// makes (to_cell, to_value) on or off.
struct chain_link {
  std::uint8_t from_cell = 0, from_value = 0;
  bool from_on = false;
  std::uint8_t to_cell = 0, to_value = 0;
  bool to_on = false;
  friend bool operator==(const chain_link&, const chain_link&) = default;
};

/// A hint: what a technique found, SE's rating of it and what applying it does.
struct hint {
  double difficulty = 0;
  std::string name;               ///< SE's name: "Hidden Single", "Unique Rectangle type 1", ...
  std::vector<removal> removals;  ///< candidates removed (cells in any order, each once)
  int cell = -1;                  ///< a placement (SE's Hint.getCell()), -1 when none
  int value = 0;
  std::vector<chain_link> links;  ///< a chain's implications, for pictures (chains only)
  // The pattern, for pictures, set only for the hint a step applies (never in
  // the hints chains collect): its regions (SE's numbering), its own cells when
  // the regions do not say where (a set's, a wing's), and its digits.
  std::vector<std::uint8_t> regions;
  std::vector<std::uint8_t> cells;
  values digits = 0;
  /// SE's apply(): removals first, then the placement.
  void apply(board& b) const;
  [[nodiscard]] bool worth() const noexcept { return !removals.empty(); }
};

/// Adds v to the removals of cell (merging with an earlier removal of that cell).
void add_removal(std::vector<removal>& removals, int cell, values v);

// Producers written in separate files. Each appends the hints SE's producer
// passes to its accumulator, in the same order, and only those SE passes (the
// ones worth applying). With first_only, it returns after the first one.
void unique_loops(const board& b, std::vector<hint>& out, bool first_only);  // uniqueness.cpp
void bivalue_universal_grave(const board& b, std::vector<hint>& out, bool first_only);
void aligned_pair_exclusion(const board& b, std::vector<hint>& out,
                            bool first_only);  // aligned.cpp
void aligned_triplet_exclusion(const board& b, std::vector<hint>& out, bool first_only);

}  // namespace sudoku::se
