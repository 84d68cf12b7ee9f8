// A board as a person sees it while solving: the givens, the digits placed,
// the pencil marks of the empty cells; and a step's marks on it (what it
// places, what it removes, its pattern), which it applies. The pictures
// (render.hpp) and explanations (explanation.hpp) draw and replay these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// What a picture marks beyond the board: one step of an explanation.
struct highlight {
  std::vector<candidate> placed;      ///< digits the step places
  std::vector<candidate> eliminated;  ///< candidates the step removes
  std::vector<std::size_t> cells;     ///< the cells of its pattern
  /// The units and cages of its pattern: indexes into variant::units(), then
  /// units().size() + the cage's index (as variant::constraints_of numbers them).
  std::vector<std::uint32_t> units;
  /// The pattern's candidates (drawn ringed): the step's digits in its cells.
  std::vector<candidate> pattern;
  std::vector<chain_link> links;
  [[nodiscard]] bool empty() const noexcept {
    return placed.empty() && eliminated.empty() && cells.empty() && units.empty() &&
           pattern.empty() && links.empty();
  }
};

/// A board to draw: the givens, every digit placed (givens included), and the
/// candidates of the empty cells.
struct board_state {
  grid givens;
  grid digits;
  /// Per board position, bit d for digit d; empty: no pencil marks are drawn.
  std::vector<std::uint64_t> candidates;

  /// The puzzle as given, without candidates.
  static board_state of_puzzle(const grid& puzzle);
  /// The puzzle with every candidate its givens leave (the logic solver's
  /// starting candidates). Clashing givens leave their cells' peers as they are.
  static board_state with_candidates(const variant& v, const grid& puzzle);
  /// Places digit d in a cell: the cell loses its candidates and so does d in
  /// every cell that shares a unit or a cage with it.
  void place(const variant& v, candidate c);
  /// Applies a step: its eliminations, then its placements.
  void apply(const variant& v, const highlight& step);
};

}  // namespace sudoku
