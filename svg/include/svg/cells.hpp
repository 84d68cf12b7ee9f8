// Pictures of grids of square cells, for the SVG writers of the sudoku library
// (boards of any variant) and of the examples (pieces of a tiling): the outline
// of any set of cells as closed loops, turned into SVG path data, and the two
// small things every SVG writer needs (numbers and escaped text).
//
//   auto loops = svg::outline(9, 9, region_cells);
//   std::string d = svg::path_data(loops, {8, 8, 40});   // one <path d="..."/>
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace svg {

/// A corner of the grid: x counts column lines, y row lines, from 0.
struct point {
  int x = 0;
  int y = 0;
  auto operator<=>(const point&) const = default;
};

/// A closed boundary: the corners where it turns, in order; the edge from
/// corners[i] to corners[i + 1] (the last back to the first) has the cells on
/// the side `inward[i]` points to (a unit vector).
struct loop {
  std::vector<point> corners;
  std::vector<point> inward;
};

/// The boundary of a set of cells (position r * columns + c; a position past
/// rows * columns is no cell, and left out) as closed loops: one per connected
/// piece, and one more per hole. Where two parts touch only at a corner, each
/// keeps its own loop.
[[nodiscard]] std::vector<loop> outline(int rows, int columns,
                                        std::span<const std::uint32_t> cells);

/// Where the grid is drawn: cell (r, c) has its top-left corner at
/// (left + c * size, top + r * size).
struct placement {
  double left = 0;
  double top = 0;
  double size = 1;
};

/// SVG path data ("M8 8 L48 8 ... Z") of the loops, every corner moved `inset`
/// units into the cells (a negative inset moves it out).
[[nodiscard]] std::string path_data(const std::vector<loop>& loops, const placement& at,
                                    double inset = 0);

/// The y of the baseline that centres digits and capital letters of `font_size`
/// on `centre_y`. Their ink is about 0.72 em tall in the sans-serif fonts a
/// picture meets (DejaVu Sans 0.73, Liberation Sans and Arial 0.72), so the
/// baseline goes 0.36 em below the centre. An explicit y, not
/// dominant-baseline: librsvg does not inherit that from a group, and
/// renderers place "central" differently; a plain baseline every renderer
/// places alike.
[[nodiscard]] double text_baseline(double centre_y, double font_size);

/// A number with at most two decimals and no trailing zeros: "12", "3.5".
[[nodiscard]] std::string number(double v);

/// Text escaped for XML content and attribute values (& < > "), with control
/// characters and malformed UTF-8 replaced by U+FFFD: any bytes give a
/// well-formed document.
[[nodiscard]] std::string escape(std::string_view text);

}  // namespace svg
