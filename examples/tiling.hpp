// Tilings as pictures: a solution of a board problem (pentominoes, dominoes,
// the Aztec diamond), read back from the `dlx` command's output and drawn as
// SVG, one coloured polygon per piece. It shows how a solution's options, named
// by the items they cover, become a picture.
//
//   dlx-pentomino 6x10 | dlx --limit 1 | dlx-pentomino --svg 6x10 > tiling.svg
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace examples {

/// A board of cells named "r<row>c<col>" ('m' for a minus sign: "rm2c0"), rows
/// and columns from `first_row` and `first_column`.
struct board_shape {
  int rows = 0;
  int columns = 0;
  int first_row = 0;
  int first_column = 0;
};

/// One solution: the cells of each piece (positions r * columns + c from the
/// board's corner) and its label (the option's items that are not cells, as a
/// pentomino's letter; empty for a domino).
struct tiling {
  board_shape board;
  std::vector<std::vector<std::uint32_t>> pieces;
  std::vector<std::string> labels;
};

/// Reads solution number `which` (1-based) of `dlx`'s output: options one per
/// line, solutions separated by blank lines. Throws dlx::parse_error
/// ("source:line:col: message") for a cell off the board, a cell covered twice,
/// or fewer solutions than `which`.
tiling read_tiling(std::istream& in, std::string_view source, const board_shape& board,
                   std::size_t which = 1);

/// The tiling as an SVG document: each piece one polygon, coloured by its label
/// (pentominoes) or by its direction and the parity of its first cell (dominoes,
/// the four colours that show the Aztec diamond's arctic circle), labels at
/// the pieces' first cells, the board's cells left uncovered drawn grey.
std::string tiling_svg(const tiling& t, std::string_view title);

}  // namespace examples
