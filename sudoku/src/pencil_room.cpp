// Where pencil marks keep clear of the clues drawn over their cells
// (render_clues.hpp): the room each kind takes on a cell's sides.
#include "render_clues.hpp"

#include <algorithm>
#include <cstdlib>

namespace sudoku::detail {

void keep_clear_of_clues(const variant& v, std::vector<pencil_room>& room) {
  const int columns = v.columns();
  const auto raise = [&](std::uint32_t p, double pencil_room::*side, double by) {
    if (p < room.size()) room[p].*side = std::max(room[p].*side, by);
  };
  // The sides of a cell that a mark on the edge between a and b covers.
  const auto edge = [&](std::uint32_t a, std::uint32_t b, double by) {
    const std::uint32_t first = std::min(a, b), second = std::max(a, b);
    if (second - first == 1) {  // side by side
      raise(first, &pencil_room::right, by);
      raise(second, &pencil_room::left, by);
    } else {
      raise(first, &pencil_room::bottom, by);
      raise(second, &pencil_room::top, by);
    }
  };
  const auto cage_cells = [&](const clue& c) {
    for (std::uint32_t p : c.cells) {
      for (double pencil_room::*side :
           {&pencil_room::top, &pencil_room::right, &pencil_room::bottom, &pencil_room::left})
        raise(p, side, cage_room);
    }
  };
  each_clue(v, [&](std::size_t, const clue& c) {
    if (c.cells.empty()) return;
    switch (c.kind) {
      // A dot's circle (radius 5) reaches 5.5 units into each cell, an X or V
      // (14 units, bold, with its halo) 6.5, a sign's chevron 3.5: room that
      // keeps the nearest pencil mark's ink a unit or more away, as the marks
      // sit half their spacing in from the room's edge.
      case clue_kind::white_dot:
      case clue_kind::black_dot:
      case clue_kind::greater_than:
      case clue_kind::x:
      case clue_kind::v: {
        const double by = c.kind == clue_kind::x || c.kind == clue_kind::v ? 5.5
                          : c.kind == clue_kind::greater_than              ? 3
                                                                           : 4.5;
        for (std::size_t i = 0; i < c.cells.size(); ++i) {
          for (std::size_t j = i + 1; j < c.cells.size(); ++j) {
            const int dr = std::abs(static_cast<int>(c.cells[i]) / columns -
                                    static_cast<int>(c.cells[j]) / columns);
            const int dc = std::abs(static_cast<int>(c.cells[i]) % columns -
                                    static_cast<int>(c.cells[j]) % columns);
            if (dr + dc == 1) edge(c.cells[i], c.cells[j], by);
          }
        }
        break;
      }
      case clue_kind::quad: {
        // The circle on the corner shared by the block's four cells: room on
        // the two sides of each cell that meet there.
        const std::uint32_t p = c.cells.front();
        const auto cols = static_cast<std::uint32_t>(columns);
        constexpr double by = 8;
        raise(p, &pencil_room::bottom, by), raise(p, &pencil_room::right, by);
        raise(p + 1, &pencil_room::bottom, by), raise(p + 1, &pencil_room::left, by);
        raise(p + cols, &pencil_room::top, by), raise(p + cols, &pencil_room::right, by);
        raise(p + cols + 1, &pencil_room::top, by), raise(p + cols + 1, &pencil_room::left, by);
        break;
      }
      case clue_kind::cage:
      case clue_kind::sum:
      case clue_kind::lunchbox:
      case clue_kind::same_values:
      case clue_kind::equal_sum:
      case clue_kind::rellik_cage:
      case clue_kind::contain_at_least:
      case clue_kind::contain_exact:
      case clue_kind::all_different:
      case clue_kind::count_distinct: {
        cage_cells(c);
        if (c.kind != clue_kind::same_values && c.kind != clue_kind::equal_sum && !c.values.empty())
          raise(*std::min_element(c.cells.begin(), c.cells.end()), &pencil_room::top, label_room);
        break;
      }
      case clue_kind::sum_line:
        if (!c.values.empty()) raise(c.cells.front(), &pencil_room::top, label_room);
        break;
      case clue_kind::given:
        for (const std::uint32_t p : c.cells)
          raise(p, &pencil_room::bottom, label_room);
        break;
      default:
        break;
    }
  });
}

}  // namespace sudoku::detail
