// The killer cage formats: the short form of arrows toward each cage's sum
// (forum.enjoysudoku.com's "snarfable" killer cages) and SudoCue's 3x3:d:k:
// numbers. Read by the killer variant's lines (variant_text.cpp) and by ISS's
// grid formats (iss_grids.cpp). Internal.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/text.hpp"

namespace sudoku::detail {

constexpr std::size_t killer_cells = 81;

// Cages as cell lists with their sums; `column_of(cell)` places messages.
struct cage_draft {
  std::vector<std::uint32_t> cells;
  int sum = 0;
  std::uint32_t head = 0;  // the cell that holds the sum (arrows), or the first cell
};

// "r3c4" for a cell of the 9x9 board.
std::string cell_text(std::size_t cell);

// The 81-character arrow form: each cell's character is its cage's sum (0-9,
// A-Z for 10-35, a-j for 36-45) or an arrow (< > ^ v, ` ' , . diagonally)
// toward the cell that holds it. `begin` is the field's offset in its line.
std::optional<text_error> parse_arrow_cages(std::string_view field, std::size_t begin,
                                            std::vector<cage_draft>& cages);

// SudoCue's form: 3x3::k: (3x3:d:k: with the diagonals), then per cell
// sum*256 + cage id, colon-separated. `column` receives each cell's column.
std::optional<text_error> parse_sudocue_cages(std::string_view field, std::size_t begin,
                                              std::vector<cage_draft>& cages, bool& diagonals,
                                              std::array<std::size_t, killer_cells>& column);

}  // namespace sudoku::detail
