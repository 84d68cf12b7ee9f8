// Clues read along a row or column from one end (sandwiches, X-sums,
// skyscrapers, hidden skyscrapers, numbered rooms), and lunchboxes, read
// between their extremes: each a chain along its cells (clue_lowering.hpp).
#include "clue_lowering.hpp"

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace sudoku::detail {

void clue_lowering::outside_clue(const clue& c) {
  const auto& cells = c.cells;
  const int value = c.values.empty() ? 0 : c.values.front();
  switch (c.kind) {
    case clue_kind::sandwich:
      between_extremes(c, cells, value, false);
      break;
    case clue_kind::lunchbox:
      out_.groups.push_back({cells, {}});
      between_extremes(c, cells, value, true);
      break;
    case clue_kind::x_sum:
      x_sum(c, cells, value);
      break;
    case clue_kind::skyscraper: {
      // State: the tallest so far, and how many have been seen. A 0 is no
      // skyscraper (ISS's rule, for values from 0).
      using state = std::pair<int, int>;
      chain<state>(
          c, cells, {state{0, 0}},
          [value](std::size_t, const state& s, int d) -> std::optional<state> {
            if (d <= s.first) return s;
            if (s.second == value) return std::nullopt;
            return state{d, s.second + 1};
          },
          [value](const state& s) { return s.second == value; });
      break;
    }
    case clue_kind::hidden_skyscraper: {
      // State: the tallest so far (`passed` once the first hidden one is).
      static constexpr int passed = -2;
      chain<int>(
          c, cells, {-1},
          [value](std::size_t, int tallest, int d) -> std::optional<int> {
            if (tallest == passed) return passed;
            if (d > tallest) return d;
            if (d != value) return std::nullopt;
            return passed;
          },
          [](int tallest) { return tallest == passed; });
      break;
    }
    case clue_kind::numbered_room: {
      // State: cells still to pass before the room (-1 before the first,
      // 0 once the room holds its digit). The first cell's value is the
      // room's place, from 1 (as ISS's: a 0 there points nowhere).
      chain<int>(
          c, cells, {-1},
          [value](std::size_t, int left, int d) -> std::optional<int> {
            if (left < 0) {
              if (d < 1) return std::nullopt;
              left = d;
            }
            if (left == 0) return 0;
            if (left == 1 && d != value) return std::nullopt;
            return left - 1;
          },
          [](int left) { return left == 0; });
      break;
    }
    default:
      break;
  }
}

// The digits between the two extremes `low` and `high` of `cells` add up
// to `total` (sandwich: low 1 and high n; lunchbox: guessed at the start).
// How much the automaton remembers of the digits it has passed: the more,
// the fewer of its paths are fillings the rest of the model rules out, and
// the larger it is. A lunchbox's cells differ but need not make a unit, so
// it remembers every digit when that stays small: its paths are then
// exactly its fillings (ISS's Extreme Lunchbox: 706,686 nodes remembering
// the sum inside, 8,949 the digits inside, 1,186 all of them). A sandwich
// lies along a row or column, whose unit keeps its digits apart already;
// remembering the digits outside it too made the model larger and slower.
void clue_lowering::between_extremes(const clue& c, const std::vector<std::uint32_t>& cells,
                                     int total, bool guess) {
  if (guess && between_extremes(cells, total, guess, memory::all, stronger_limit)) return;
  if (between_extremes(cells, total, guess, memory::inside, stronger_limit)) return;
  if (!between_extremes(cells, total, guess, memory::sum, max_transitions)) too_large(c);
}
bool clue_lowering::between_extremes(const std::vector<std::uint32_t>& cells, int total, bool guess,
                                     memory kept, std::size_t limit) {
  // State: low, high, phase (0 before the first extreme, 1 inside, 2 after),
  // the sum inside so far (memory::sum) or the digits inside so far, and
  // the digits passed (memory::all).
  using state = std::array<int, 5>;
  std::vector<state> starts;
  if (guess) {
    for (int low = lo_; low <= hi_; ++low) {
      for (int high = low + 1; high <= hi_; ++high)
        starts.push_back({low, high, 0, 0, 0});
    }
  } else {
    starts.push_back({lo_, hi_, 0, 0, 0});
  }
  const auto sum_of = [kept](int inside) {
    if (kept == memory::sum) return inside;
    int sum = 0;
    for (int d = 1; inside >> d; ++d)
      sum += (inside >> d & 1) * d;
    return sum;
  };
  return try_chain<state>(
      cells, starts,
      [&](std::size_t, const state& s, int d) -> std::optional<state> {
        auto [low, high, phase, inside, passed] = s;
        if (d < low || d > high) return std::nullopt;
        if (kept == memory::all) {
          if (passed >> d & 1) return std::nullopt;
          passed |= 1 << d;
        }
        const bool extreme = d == low || d == high;
        if (phase == 0) return state{low, high, extreme ? 1 : 0, 0, passed};
        if (phase == 1) {
          if (extreme) {
            if (sum_of(inside) != total) return std::nullopt;
            return state{low, high, 2, 0, passed};
          }
          if (sum_of(inside) + d > total) return std::nullopt;
          if (kept == memory::sum) return state{low, high, 1, inside + d, passed};
          if (inside >> d & 1) return std::nullopt;
          return state{low, high, 1, inside | 1 << d, passed};
        }
        if (extreme) return std::nullopt;
        return state{low, high, 2, 0, passed};
      },
      [](const state& s) { return s[2] == 2; }, limit);
}

// An X-sum: the digit x in the line's first cell (next to the clue) says
// how many cells from there add up to the clue. Remembering the digits the
// sum has taken lets the chain see that they differ, as a cage's
// combinations do (ISS's X-Sum example: 553 nodes with the sum alone, 13);
// the sum alone is the fallback. The row's unit keeps the other digits apart:
// remembering every digit passed took 8 nodes but a model half as costly
// again, slower on the whole (bench/README.md, idea 130).
void clue_lowering::x_sum(const clue& c, const std::vector<std::uint32_t>& cells, int total) {
  if (x_sum(cells, total, memory::inside, stronger_limit)) return;
  if (!x_sum(cells, total, memory::sum, max_transitions)) too_large(c);
}
bool clue_lowering::x_sum(const std::vector<std::uint32_t>& cells, int total, memory kept,
                          std::size_t limit) {
  // State: cells still to add (-1 before the first, 0 once added up), what
  // they must make, and (memory::inside) the digits they have taken.
  using state = std::array<int, 3>;
  return try_chain<state>(
      cells, {state{-1, total, 0}},
      [kept](std::size_t, const state& s, int d) -> std::optional<state> {
        auto [left, rest, taken] = s;
        if (left == 0) return s;
        if (taken >> d & 1) return std::nullopt;
        if (left < 0) {
          if (d < 1) return std::nullopt;  // no cells to add up (ISS's X-sum too)
          left = d;
        }
        if (d > rest || (left == 1 && d != rest)) return std::nullopt;
        if (left == 1) return state{0, 0, 0};
        return state{left - 1, rest - d, kept == memory::inside ? taken | 1 << d : 0};
      },
      [](const state& s) { return s[0] == 0; }, limit);
}

}  // namespace sudoku::detail
