// A line read by an automaton (ISS's NFA): a chain along the cells whose
// state is the set of the automaton's states it may be in (the subset
// construction, made as far as the line needs it), so that one path is one
// filling even when the automaton is not deterministic; a segment after the
// first starts with the break symbol (clue_automaton.hpp).
#include "clue_automaton.hpp"
#include "clue_lowering.hpp"

#include <stdexcept>
#include <vector>

namespace sudoku::detail {

void clue_lowering::automaton_clue(const clue& c) {
  const auto a = automaton::from_values(c.values);
  if (!a)
    throw std::invalid_argument(fmt::format("{}: its automaton is malformed", v_.clue_name(c)));
  const int break_symbol = n_ + 1;
  // The breaks read before each cell (several after empty segments), and at the end.
  std::vector<int> breaks(c.cells.size() + 1, 0);
  std::size_t at = 0;
  for (std::size_t s = 0; s < a->segments.size(); ++s) {
    if (s > 0) ++breaks[at];
    at += a->segments[s];
  }
  using state = std::vector<std::uint32_t>;
  const auto after_breaks = [&](state s, std::size_t i) {
    for (int b = 0; b < breaks[i]; ++b)
      s = a->step(s, break_symbol);
    return s;
  };
  const std::size_t k = c.cells.size();
  chain<state>(
      c, c.cells, {a->start_states()},
      [&](std::size_t i, const state& s, int value) -> std::optional<state> {
        // The automaton reads digits (its symbol d is the digit d); the
        // states are copied only where breaks are read first.
        const int symbol = value - lo_ + 1;
        state next = breaks[i] == 0 ? a->step(s, symbol) : a->step(after_breaks(s, i), symbol);
        if (i + 1 == k) next = after_breaks(std::move(next), k);
        if (next.empty()) return std::nullopt;
        if (i + 1 < k) return next;
        if (!a->accepts(next)) return std::nullopt;
        return state{};  // accepted: one state for every way there
      },
      [](const state&) { return true; });
}

}  // namespace sudoku::detail
