// The clues of modern variants (clue.hpp) in a board's picture (render.hpp):
// render.cpp lays out the board and calls these for the clues' own elements,
// in two layers, under the cell lines (thermometers, lines, arrows, as puzzle
// apps draw them) and over them (dots, letters, quads, cages, outside clues).
// Each element carries a class ("sd-thermo", "sd-dot-white", ...) and
// data-clue, the clue's index in variant::clues().
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/variant.hpp"

namespace sudoku::detail {

/// Where the board is drawn: cell (r, c) has its top-left corner at
/// (left + c * cell, top + r * cell); the caption of board-wide rules, if
/// any, is centred on (caption_x, caption_y).
struct board_frame {
  double left = 0, top = 0, cell = 40;
  int rows = 0, columns = 0;
  double caption_x = 0, caption_y = 0;
  /// The groups of variables (variant::variables), each a block of rows of
  /// its columns, one below another, below the board and what is drawn round
  /// it: the block's first position, cells, columns and top row.
  struct block {
    std::uint32_t first = 0, count = 0;
    int columns = 1, row = 0;
  };
  std::vector<block> blocks;
  [[nodiscard]] double x_of(double column) const { return left + column * cell; }
  [[nodiscard]] double y_of(double row) const { return top + row * cell; }
  /// The row and column a position is drawn at: a variable's in their rows.
  [[nodiscard]] int row_of(std::uint32_t p) const {
    for (const block& b : blocks) {
      if (p >= b.first && p < b.first + b.count)
        return b.row + static_cast<int>(p - b.first) / b.columns;
    }
    return static_cast<int>(p) / columns;
  }
  [[nodiscard]] int column_of(std::uint32_t p) const {
    for (const block& b : blocks) {
      if (p >= b.first && p < b.first + b.count) return static_cast<int>(p - b.first) % b.columns;
    }
    return static_cast<int>(p) % columns;
  }
  /// The outline of `cells`, each corner moved `inset` units into them.
  [[nodiscard]] std::string outline_path(std::span<const std::uint32_t> cells, double inset) const;
};

/// How far beyond the grid's edges the outside clues (little killers,
/// sandwiches, X-sums) need room; 0 when there are none.
[[nodiscard]] double outside_room(const variant& v);
/// The height of the caption line naming the board-wide rules; 0 when there are none.
[[nodiscard]] double caption_room(const variant& v);
/// The short names of the kinds of clue present, each once, in kind order:
/// "thermo", "arrow", "kropki", "anti-knight".
[[nodiscard]] std::vector<std::string_view> clue_names(const variant& v);

/// Room a cell's pencil marks leave free along each side, in units of a
/// 40-unit cell, for what is drawn over the cell: a dot, letter or sign on an
/// edge, a quad's circle on a corner, a cage's outline inset from the edges
/// and its sum in the top-left corner.
struct pencil_room {
  double top = 0, right = 0, bottom = 0, left = 0;
};
/// The room a cage's dashed outline takes (inset 4, its stroke 1.2).
inline constexpr double cage_room = 4;
/// The room a cage sum's label takes at the top of its cell: its patch of
/// ground reaches 13 units down; the pencil marks' ink starts below it.
inline constexpr double label_room = 12.5;
/// Raises `room` (an entry per cell position) where the clues are drawn.
void keep_clear_of_clues(const variant& v, std::vector<pencil_room>& room);

// Each clue and, inside an Or or And, each of its parts (in turn), with the
// index of the board's clue it belongs to.
template <class F>
void each_clue(const variant& v, F f) {
  const auto visit = [&](const auto& self, std::size_t k, const clue& c) -> void {
    f(k, c);
    for (const clue& part : c.parts)
      self(self, k, part);
  };
  for (std::size_t k = 0; k < v.clues().size(); ++k)
    visit(visit, k, v.clues()[k]);
}

enum class clue_layer : std::uint8_t { under, over };
/// Appends the elements of the clues of one layer.
void draw_clues(const variant& v, const board_frame& at, clue_layer layer, std::string& out);

}  // namespace sudoku::detail
