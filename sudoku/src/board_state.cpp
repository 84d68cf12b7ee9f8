#include "sudoku/board_state.hpp"

namespace sudoku {

board_state board_state::of_puzzle(const grid& puzzle) {
  board_state b;
  b.givens = puzzle;
  b.digits = puzzle;
  return b;
}

board_state board_state::with_candidates(const variant& v, const grid& puzzle) {
  board_state b = of_puzzle(puzzle);
  const std::uint64_t all = ((std::uint64_t{1} << v.digits()) - 1) << 1;
  b.candidates.assign(v.all_positions(), 0);
  for (std::uint32_t p : v.cells()) {
    if (puzzle[p] == 0) b.candidates[p] = all;
  }
  for (std::uint32_t p : v.cells()) {
    if (puzzle[p] != 0) b.place(v, {p, puzzle[p]});
  }
  return b;
}

void board_state::place(const variant& v, candidate c) {
  if (c.cell < digits.cells().size()) digits.cells()[c.cell] = static_cast<std::uint8_t>(c.digit);
  if (candidates.empty()) return;
  candidates[c.cell] = 0;
  const std::uint64_t bit = std::uint64_t{1} << c.digit;
  for (std::uint32_t k : v.constraints_of(c.cell)) {
    for (std::uint32_t peer : v.constraint_cells(k))
      candidates[peer] &= ~bit;
  }
}

void board_state::apply(const variant& v, const highlight& step) {
  if (!candidates.empty()) {
    for (const candidate& e : step.eliminated)
      candidates[e.cell] &= ~(std::uint64_t{1} << e.digit);
  }
  for (const candidate& p : step.placed)
    place(v, p);
}

}  // namespace sudoku
