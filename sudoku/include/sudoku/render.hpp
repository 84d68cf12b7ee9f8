// Puzzles as pictures: a board of any variant as SVG text.
//
// The picture is drawn from the variant's description alone (variant.hpp):
// thin lines between cells, thick outlines of boxes and jigsaw regions (each
// region one path that follows its own outline), the diagonals of Sudoku X,
// windoku's windows shaded, killer cages as dashed outlines inset from the cell
// edges with the sum in the cage's first cell, samurai's five grids. Givens are
// bold and black, other digits blue; candidates are pencil marks in a small grid
// inside the cell, laid out like the boxes, clear of the clues drawn over the
// cell (a cage's outline and sum, dots and letters on its edges, a quad's
// circle). A highlight marks one step of an explanation: the digits it places
// (large and green, as they will stand), the candidates it removes (red, struck
// through), the cells, units and candidates of its pattern, and a chain's links
// as arrows between candidates, routed beside the pencil marks they pass and
// under the digits, which then wear a halo of the ground's colour.
//
// The SVG stands alone: a viewBox (it scales to any size), a <title>, digits as
// <text> (searchable and copyable), each on its own plain baseline, which every
// renderer places alike (dominant-baseline they do not: librsvg does not
// inherit it from a group, and places "central" apart from Chromium), no fonts
// or files fetched, colours given as attributes (no <style> that could leak
// into a page that inlines it), on its own white ground so that it reads on
// light and dark pages alike. Elements carry classes ("sd-given",
// "sd-candidate", "sd-eliminated", ...) and data-cell attributes, for style
// sheets and for tests.
//
//   sudoku::board_state b = sudoku::board_state::of_puzzle(puzzle);  // board_state.hpp
//   std::string svg = sudoku::render_svg(v, b);
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sudoku/board_state.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/se_rating.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

struct svg_options {
  bool coordinates = false;  ///< row numbers on the left, column numbers on top
  std::string title;         ///< the <title>; empty: "Sudoku 9x9, 25 givens"-style
  /// The picture's width and height attributes, in pixels per cell (the
  /// viewBox does not depend on it).
  int cell_pixels = 40;
  /// The prefix of the ids the picture defines (its arrowhead): a page that
  /// inlines many pictures gives each its own.
  std::string id = "sd";
};

/// What a picture's title says by default: "Sudoku 9x9, 25 givens",
/// "Sudoku samurai killer, 0 givens".
[[nodiscard]] std::string board_title(const variant& v, const grid& givens);

/// The board as an SVG document (one line per element, ending in a newline).
[[nodiscard]] std::string render_svg(const variant& v, const board_state& board,
                                     const highlight& marks = {}, const svg_options& options = {});

/// Several pictures of render_svg as one SVG document: each whole, nested as
/// an <svg> of its own (its title, viewBox and size kept), top to bottom and
/// 16 pixels apart, on a white ground, under a title saying how many there
/// are ("3 pictures"). One picture is
/// returned as it is; none gives an empty document ("0 pictures", no size),
/// still well-formed. Throws std::invalid_argument for a text
/// that is not render_svg's (no <svg> with a width and height).
///
///   std::string sheet = sudoku::stack_svg({render_svg(v, a), render_svg(v, b)});
[[nodiscard]] std::string stack_svg(std::span<const std::string> pictures);

/// What a logic step marks, on the board as it stood before the step: its
/// placements and eliminations, its units, its cells (a subset's, or where the
/// step's units cross: pointing, claiming, fish) and the step's digits among
/// those cells' candidates.
[[nodiscard]] highlight highlight_of(const variant& v, const logic_step& step,
                                     const board_state& before);

/// What a step of Sudoku Explainer's path marks, on the board as it stood
/// before the step: its placements and eliminations, its pattern as for a
/// logic step (locking, subsets, fish, wings), and a chain's links with their
/// candidates ringed.
[[nodiscard]] highlight highlight_of(const variant& v, const se_step& step,
                                     const board_state& before);

}  // namespace sudoku
