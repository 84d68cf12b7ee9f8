#include "clue_model.hpp"

#include "clue_lowering.hpp"
#include "sum_line_loops.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
namespace sudoku::detail {
namespace {

// The number of multisets of `size` digits drawn from `n`, none more than n
// times (a grid's most), stopping past `limit`.
std::size_t multisets(std::size_t size, std::size_t n, std::size_t limit) {
  std::vector<std::size_t> ways(size + 1, 0);  // multisets of each size, digit by digit
  ways[0] = 1;
  for (std::size_t digit = 0; digit < n; ++digit) {
    for (std::size_t total = size; total > 0; --total) {
      for (std::size_t times = 1; times <= std::min(n, total); ++times)
        ways[total] = std::min(ways[total] + ways[total - times], limit + 1);
    }
  }
  return ways[size];
}

}  // namespace

void clue_lowering::looped_sum_line(const clue& c, const std::vector<std::uint32_t>& cells,
                                    int value) {
  const std::size_t k = cells.size();
  if (value <= 0 || value > n_ * static_cast<int>(k)) {  // no filling
    chain<int>(
        c, cells, {0}, [](std::size_t, int, int) -> std::optional<int> { return std::nullopt; },
        [](int) { return false; });
    return;
  }
  if (try_chain(
          cells, std::vector<std::vector<int>>{sum_loop::every_cut_start(value)},
          [value](std::size_t, const std::vector<int>& s, int d) {
            return sum_loop::every_cut_next(value, s, d);
          },
          sum_loop::every_cut_accepts, stronger_limit))
    return;
  if (weights_ == model::weights::all) {
    sum_loop::residue_in_state_extras extras(value);
    if (try_chain(
            cells, sum_loop::residue_in_state_starts(value),
            [value](std::size_t, int s, int d) {
              return sum_loop::residue_in_state_next(value, s, d);
            },
            [value](int s) { return s % value == 0; }, stronger_weighted_limit,
            [&extras](std::size_t i, int s, int d) { return extras(i, s, d); })) {
      extras.give(out_.chains.back());
      return;
    }
  }
  if (weights_ != model::weights::none &&
      try_chain(
          cells, std::vector<int>{0},
          [value](std::size_t, int q, int d) { return sum_loop::residue_next(value, q, d); },
          [](int q) { return q == 0; }, stronger_weighted_limit,
          [this](std::size_t, int q, int d) { return sum_loop::residue_extra(n_, q, d); })) {
    sum_loop::residue_items(value, n_, out_.chains.back());
    return;
  }
  if (static_cast<std::size_t>(value) * k > max_transitions) too_large(c);
  std::vector<std::uint32_t> passes;
  for (int p = 0; p < value; ++p)
    passes.insert(passes.end(), cells.begin(), cells.end());
  chain<int>(
      c, passes, {0},
      [value, k](std::size_t i, int s, int d) { return sum_loop::per_cut_next(value, k, i, s, d); },
      [](int s) { return s == sum_loop::found; });
}

void clue_lowering::weighted_sum(const clue& c, std::vector<std::uint32_t> cells,
                                 std::vector<int> weights, int total) {
  chain<int>(
      c, std::move(cells), {0},
      [&](std::size_t i, int s, int d) -> std::optional<int> { return s + weights[i] * d; },
      [&](int s) { return s == total; });
}
void clue_lowering::plain_sum(const clue& c, std::vector<std::uint32_t> cells, int total) {
  const std::size_t k = cells.size();
  chain<int>(
      c, std::move(cells), {0},
      [&, k](std::size_t i, int s, int d) -> std::optional<int> {
        const int after = s + d;
        // The cells left hold at least the smallest value each.
        if (after + lo_ * static_cast<int>(k - 1 - i) > total) return std::nullopt;
        return after;
      },
      [&](int s) { return s == total; });
}

void clue_lowering::lower(const clue& c) {
  const auto& cells = c.cells;
  const std::size_t k = cells.size();
  const int value = c.values.empty() ? 0 : c.values.front();
  // Rules about the values 1-9 (or 1-n) by name, as ISS refuses them too.
  if (lo_ == 0 && (c.kind == clue_kind::entropic || c.kind == clue_kind::anti_taxicab ||
                   c.kind == clue_kind::global_entropy || c.kind == clue_kind::dutch_flatmates))
    not_with_zero(c);
  switch (c.kind) {
    case clue_kind::given:
      for (const std::uint32_t p : cells) {
        digit_mask allowed = 0;
        for (const int x : c.values) {
          if (x >= lo_ && x <= hi_) allowed |= digit_mask{1} << (x - lo_ + 1);
        }
        restrict(p, allowed);
      }
      break;
    case clue_kind::all_of:
      for (const clue& part : c.parts)
        lower(part);
      break;
    case clue_kind::any_of:
      any_of(c);
      break;
    case clue_kind::thermo:
      // Every pair, not only neighbours: the digits climb by at least the distance.
      for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < k; ++j) {
          const int gap = static_cast<int>(j - i);
          relate(cells[i], cells[j], [gap](int x, int y) { return y >= x + gap; });
        }
      }
      break;
    case clue_kind::whisper:
      relate_along(c, [value](int x, int y) { return std::abs(x - y) >= value; });
      break;
    case clue_kind::white_dot:
      relate_neighbours(c, [](int x, int y) { return std::abs(x - y) == 1; });
      break;
    case clue_kind::black_dot:
      relate_neighbours(c, [](int x, int y) { return x == 2 * y || y == 2 * x; });
      break;
    case clue_kind::x:
      relate_neighbours(c, [](int x, int y) { return x + y == 10; });
      break;
    case clue_kind::v:
      relate_neighbours(c, [](int x, int y) { return x + y == 5; });
      break;
    case clue_kind::greater_than:
      relate_neighbours(c, [](int x, int y) { return x > y; });
      break;
    case clue_kind::palindrome:
      for (std::size_t i = 0; i < k / 2; ++i)
        relate(cells[i], cells[k - 1 - i], [](int x, int y) { return x == y; });
      break;
    case clue_kind::modular:
    case clue_kind::entropic: {
      // m consecutive cells take every class once, so cells m apart share one.
      const int m = c.kind == clue_kind::modular ? value : 3;
      const auto class_of = [&](int d) {
        return c.kind == clue_kind::modular ? d % m : (d - 1) / 3;
      };
      for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < k && j - i <= static_cast<std::size_t>(m); ++j) {
          if (j - i < static_cast<std::size_t>(m)) {
            relate(cells[i], cells[j], [&](int x, int y) { return class_of(x) != class_of(y); });
          } else {
            relate(cells[i], cells[j], [&](int x, int y) { return class_of(x) == class_of(y); });
          }
        }
      }
      break;
    }
    case clue_kind::renban: {
      digit_group g{cells, {}};
      for (int low = 1; low + static_cast<int>(k) - 1 <= n_; ++low) {
        g.sets.push_back(((digit_mask{1} << k) - 1) << low);
      }
      if (g.sets.empty()) g.sets.push_back(0);  // no run fits: a set no cells can make
      out_.groups.push_back(std::move(g));
      break;
    }
    case clue_kind::cage: {
      digit_group g{cells, {}};
      if (value != 0) {
        // The digits' sum: each digit is its value plus 1 - lo_.
        g.sets =
            cage_combinations(static_cast<int>(k), value + (1 - lo_) * static_cast<int>(k), n_);
        if (g.sets.empty()) g.sets.push_back(0);
      }
      out_.groups.push_back(std::move(g));
      break;
    }
    case clue_kind::between: {
      // State: the first end, and the smallest and largest digit since.
      using state = std::array<int, 3>;
      chain<state>(
          c, cells, {state{0, n_ + 1, 0}},
          [&](std::size_t i, const state& s, int d) -> std::optional<state> {
            if (i == 0) return state{d, n_ + 1, 0};
            if (i + 1 < k) return state{s[0], std::min(s[1], d), std::max(s[2], d)};
            const bool up = s[0] < s[1] && s[2] < d;
            const bool down = s[0] > s[2] && s[1] > d;
            if (k > 2 && !up && !down) return std::nullopt;
            return state{0, 0, 0};
          },
          [](const state&) { return true; });
      break;
    }
    case clue_kind::zipper: {
      // Read from the middle out, a pair at a time. State: the pairs' sum (-1
      // until known) and the first value of the pair being read (-1 if none).
      std::vector<std::uint32_t> order;
      const bool odd = k % 2 == 1;
      if (odd) order.push_back(cells[k / 2]);
      for (std::size_t i = k / 2; i-- > 0;) {
        order.push_back(cells[i]);
        order.push_back(cells[k - 1 - i]);
      }
      using state = std::pair<int, int>;
      chain<state>(
          c, order, {state{-1, -1}},
          [odd](std::size_t i, const state& s, int d) -> std::optional<state> {
            if (odd && i == 0) return state{d, -1};
            if (s.second < 0) return state{s.first, d};
            const int pair = s.second + d;
            if (s.first >= 0 && pair != s.first) return std::nullopt;
            return state{pair, -1};
          },
          [](const state& s) { return s.second < 0; });
      break;
    }
    case clue_kind::sum_line:
      if (c.loop) {
        // Its cuts are told apart by where the sums reach the total, which a
        // 0 leaves ambiguous (a model would count a filling once per cut).
        if (lo_ == 0) {
          throw std::invalid_argument(
              fmt::format("a looped SumLine at {} with values from 0 is not supported yet",
                          v_.cell_name(c.cells.front())));
        }
        looped_sum_line(c, cells, value);
        break;
      }
      chain<int>(
          c, cells, {0},
          [value](std::size_t, int s, int d) -> std::optional<int> {
            const int after = s + d;
            if (after > value) return std::nullopt;
            return after == value ? 0 : after;
          },
          [](int s) { return s == 0; });
      break;
    case clue_kind::quad:
      contained(c, c.values, false);
      break;
    case clue_kind::same_values: {
      const auto sets = static_cast<std::size_t>(value);
      const std::size_t size = sets == 0 ? 0 : k / sets;
      if (size == 1) {
        for (std::size_t i = 1; i < k; ++i)
          relate(cells[0], cells[i], [](int x, int y) { return x == y; });
        break;
      }
      // State: the count of each digit in the first set, then those of the
      // current set still to come, one byte each in a fixed array (no
      // allocation per state: these chains reach the transition limit on large
      // sets). No digit appears more than n times in a grid, so a count fits a
      // byte.
      using counts = std::array<std::uint8_t, 2 * (max_size + 1)>;
      const auto digits = static_cast<std::size_t>(n_) + 1;
      // The first set's last cell alone leads to as many states as there are
      // multisets of its size when its cells may hold any digit: past the
      // limit (two sets of 15 cells: 490,314), trying costs 75 ms for nothing.
      const bool any_digit =
          std::all_of(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(size),
                      [&](std::uint32_t p) { return v_.candidates(p) == v_.all_digits(); });
      const bool whole = !(any_digit && multisets(size, static_cast<std::size_t>(n_),
                                                  max_transitions) > max_transitions) &&
                         try_chain(
                             cells, std::vector<counts>{counts{}},
                             [size, digits, n = n_](std::size_t i, const counts& s,
                                                    int d) -> std::optional<counts> {
                               counts after = s;
                               const auto digit = static_cast<std::size_t>(d);
                               if (i < size) {
                                 if (after[digit] >= n) return std::nullopt;
                                 ++after[digit];
                                 if (i + 1 == size)
                                   std::copy_n(after.begin(), digits, after.begin() + digits);
                                 return after;
                               }
                               if (after[digits + digit] == 0) return std::nullopt;
                               --after[digits + digit];
                               if (i % size == size - 1)
                                 std::copy_n(after.begin(), digits, after.begin() + digits);
                               return after;
                             },
                             [](const counts&) { return true; }, max_transitions);
      if (whole) break;
      // Too many multisets (two sets of 15 cells): a rule that counts each
      // digit's places in each set. (A chain per digit, each set holding it as
      // often as the first, was exact too but saw one digit at a time: ISS's
      // Copycat was not settled within 60 s, and is in 0.2 s now.)
      out_.rules.push_back(same_values_rule(v_, cells, sets));
      break;
    }
    case clue_kind::sum:
      if (c.values.size() == k + 1) {
        weighted_sum(c, cells, std::vector<int>(c.values.begin() + 1, c.values.end()), value);
      } else {
        weighted_sum(c, cells, std::vector<int>(k, 1), value);
      }
      break;
    case clue_kind::little_killer:
      plain_sum(c, cells, value);
      break;
    case clue_kind::arrow: {
      // The shaft, then the circle: its digit must be the shaft's sum.
      std::vector<std::uint32_t> order(cells.begin() + 1, cells.end());
      order.push_back(cells.front());
      chain<int>(
          c, order, {0},
          [k](std::size_t i, int s, int d) -> std::optional<int> {
            if (i + 1 < k) return s + d;
            if (d != s) return std::nullopt;
            return 0;
          },
          [](int) { return true; });
      break;
    }
    case clue_kind::double_arrow: {
      // One end, the middle, the other end: state is the middle's sum minus
      // the first end; the last end must make up the difference.
      chain<int>(
          c, cells, {0},
          [k](std::size_t i, int s, int d) -> std::optional<int> {
            if (i == 0) return -d;
            if (i + 1 < k) return s + d;
            if (d != s) return std::nullopt;
            return 0;
          },
          [](int) { return true; });
      break;
    }
    case clue_kind::pill_arrow: {
      // The pill's cells in reading order make a decimal number; the shaft
      // adds up to it. With digits up to 9 that is exactly the weighted sum
      // the model adds for it (model.cpp), whose bounds know which cells
      // differ: no chain (a three-digit pill's chain has ~1000 states a cell).
      // Above 9, the chain also keeps the pill's later digits below 10; and
      // a model without weights (dancing links) needs the chain.
      if (n_ <= 9 && weights_ != model::weights::none) {
        out_.left_to_weights = true;
        break;
      }
      const auto pill = static_cast<std::size_t>(value);
      std::vector<std::uint32_t> order(cells.begin(), cells.begin() + static_cast<long>(pill));
      std::sort(order.begin(), order.end());
      order.insert(order.end(), cells.begin() + static_cast<long>(pill), cells.end());
      chain<int>(
          c, order, {0},
          [pill](std::size_t i, int s, int d) -> std::optional<int> {
            if (i < pill) {
              if (i > 0 && d > 9) return std::nullopt;
              return s * 10 + d;
            }
            if (d > s) return std::nullopt;
            return s - d;
          },
          [](int s) { return s == 0; });
      break;
    }
    case clue_kind::sandwich:
    case clue_kind::lunchbox:
    case clue_kind::x_sum:
    case clue_kind::skyscraper:
    case clue_kind::hidden_skyscraper:
    case clue_kind::numbered_room:
      outside_clue(c);
      break;
    case clue_kind::all_different:
    case clue_kind::rellik_cage:
    case clue_kind::equality_cage:
    case clue_kind::contain_at_least:
    case clue_kind::contain_exact:
    case clue_kind::count_distinct:
    case clue_kind::counting_circles:
    case clue_kind::lockout:
    case clue_kind::region_sum_line:
    case clue_kind::equal_sum:
    case clue_kind::value_indexing:
    case clue_kind::pair:
    case clue_kind::pair_x:
    case clue_kind::indexing:
    case clue_kind::global_entropy:
    case clue_kind::global_mod:
    case clue_kind::dutch_flatmates:
    case clue_kind::region_same_values:
      set_clue(c);
      break;
    case clue_kind::nfa:
      automaton_clue(c);
      break;
    case clue_kind::doppelganger:
      for (const clue& part : doppelganger_clues(v_))
        lower(part);
      break;
    case clue_kind::chaos_construction:
    case clue_kind::chaos_arrow:
    case clue_kind::chaos_count:
      chaos(c);
      break;
    case clue_kind::connected_values:
      out_.rules.push_back(connected_values_rule(v_, c));
      break;
    case clue_kind::search_priority:  // no rule: ISS's order of search
      break;
    case clue_kind::full_rank:
    case clue_kind::full_rank_ties: {
      // A line's first digit is its rank's group of four (each digit starts
      // one row and one column each way); the rest is the rule, one for them all.
      if (c.kind == clue_kind::full_rank)
        restrict(cells.front(), digit_mask{1} << ((value + 3) / 4));
      const bool first =
          std::none_of(v_.clues().begin(), v_.clues().begin() + current_, [](const clue& o) {
            return o.kind == clue_kind::full_rank || o.kind == clue_kind::full_rank_ties;
          });
      if (first) {
        if (auto rule = full_rank_rule(v_)) out_.rules.push_back(std::move(rule));
      }
      break;
    }
    case clue_kind::anti_knight:
    case clue_kind::anti_king: {
      static constexpr int knight[4][2] = {{1, 2}, {2, 1}, {1, -2}, {2, -1}};
      static constexpr int king[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
      const auto& moves = c.kind == clue_kind::anti_knight ? knight : king;
      for (std::uint32_t p : v_.cells()) {
        for (const auto& m : moves) {
          if (auto q = at(row(p) + m[0], col(p) + m[1])) differ(p, *q);
        }
      }
      break;
    }
    case clue_kind::anti_taxicab:
      for (std::uint32_t p : v_.cells()) {
        for (std::uint32_t q : v_.cells()) {
          if (q <= p) continue;
          const int distance = std::abs(row(p) - row(q)) + std::abs(col(p) - col(q));
          if (distance > n_ || share_unit(p, q)) continue;
          relate(p, q, [distance](int x, int y) { return !(x == distance && y == distance); });
        }
      }
      break;
    case clue_kind::anti_consecutive:
      each_neighbour_pair([&](std::uint32_t a, std::uint32_t b) {
        relate(a, b, [](int x, int y) { return std::abs(x - y) != 1; });
      });
      break;
    case clue_kind::strict_kropki: {
      const auto dots = marked(clue_kind::white_dot, clue_kind::black_dot);
      each_neighbour_pair([&](std::uint32_t a, std::uint32_t b) {
        if (dots.contains(std::minmax(a, b))) return;
        relate(a, b, [](int x, int y) { return std::abs(x - y) != 1 && x != 2 * y && y != 2 * x; });
      });
      break;
    }
    case clue_kind::strict_xv: {
      const auto marks = marked(clue_kind::x, clue_kind::v);
      each_neighbour_pair([&](std::uint32_t a, std::uint32_t b) {
        if (marks.contains(std::minmax(a, b))) return;
        relate(a, b, [](int x, int y) { return x + y != 10 && x + y != 5; });
      });
      break;
    }
  }
}

std::shared_ptr<const lowered_clues> lower_clues(const variant& v, model::weights weights) {
  struct remembered {
    variant layout;
    std::shared_ptr<const lowered_clues> lowered;
  };
  thread_local std::array<remembered, 3> last;  // one per level of weights
  remembered& slot = last[static_cast<std::size_t>(weights)];
  if (slot.lowered && slot.layout == v) return slot.lowered;
  auto lowered = std::make_shared<const lowered_clues>(clue_lowering(v, weights).run());
  slot = {v, lowered};
  return lowered;
}

}  // namespace sudoku::detail
