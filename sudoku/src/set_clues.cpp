// Sets of cells and what their digits hold (all different, rellik and
// equality cages, contained digits, counts of digits), the lines read with
// them (lockout, region sums, value indexing), indexing and the rules over
// every 2x2 square or column (global entropy and mod 3, Dutch flatmates):
// groups of digit sets where the cells differ, relations where two cells
// decide, chains where a count or a sum must be carried along
// (clue_lowering.hpp).
#include "clue_lowering.hpp"

#include <array>
#include <bit>
#include <bitset>
#include <optional>
#include <utility>
#include <vector>

namespace sudoku::detail {

namespace {

// Whether some of the digits of `set` (one or more) add up to `total`.
bool some_add_up_to(digit_mask set, int total) {
  // reach: bit s when some of the digits seen add up to s (0 for none).
  constexpr int most = 255;  // above 16 digits' 136
  if (total <= 0 || total > most) return false;
  std::bitset<most + 1> reach(1);
  for (int d = 1; set >> d; ++d) {
    if (set >> d & 1) reach |= reach << static_cast<std::size_t>(d);
  }
  return reach[static_cast<std::size_t>(total)];
}

}  // namespace

// The sets of k different digits 1..n whose values keep(set) accepts.
std::vector<digit_mask> clue_lowering::digit_sets(std::size_t k, auto keep) const {
  std::vector<digit_mask> sets;
  for (digit_mask m = 0; m < digit_mask{1} << n_; ++m) {
    if (static_cast<std::size_t>(std::popcount(m)) != k) continue;
    if (keep(m << lo_)) sets.push_back(m << 1);
  }
  if (sets.empty()) sets.push_back(0);  // none: a set no cells can make
  return sets;
}

void clue_lowering::restrict(std::uint32_t cell, digit_mask allowed) {
  digit_group g{{cell}, {}};
  for (int d = 1; d <= n_; ++d) {
    if (allowed >> d & 1) g.sets.push_back(digit_mask{1} << d);
  }
  if (g.sets.empty()) g.sets.push_back(0);
  out_.groups.push_back(std::move(g));
}

// The control cells[0] counts the different digits of the others. With
// weighted items: one pass over the counted cells per digit d, its state
// whether d has been seen, adding 1 to a weighted item at the pass's end if
// so; the control adds minus its digit; the item's total is 0. Small (ISS's
// "Count Different (Circles)", four counts of eight cells: 4,600 options),
// and the weight rule sees at once that a count already reached leaves
// no room for another digit. Without weights: a pass with the control first
// and the digits seen as state (the same puzzle: 165,000 options, too many for
// the bitset engine, and dancing links searched millions of nodes), or the
// control last when that is too large.
void clue_lowering::count_distinct(const clue& c) {
  const auto& cells = c.cells;
  const std::size_t k = cells.size() - 1;
  if (weights_ != model::weights::none && k > 0) {
    std::vector<std::uint32_t> passes{cells.front()};
    for (int d = 1; d <= n_; ++d)
      passes.insert(passes.end(), cells.begin() + 1, cells.end());
    // Extras: 0 adds 1 (a value seen), 1 + v - lo_ adds -v (the control's
    // value v).
    const auto pass_of = [this, k](std::size_t i) { return static_cast<int>((i - 1) / k) + lo_; };
    const auto last_in_pass = [k](std::size_t i) { return (i - 1) % k == k - 1; };
    if (try_chain(
            passes, std::vector<int>{0},
            [&](std::size_t i, int seen, int d) -> std::optional<int> {
              if (i == 0 || last_in_pass(i)) return 0;
              return seen != 0 || d == pass_of(i) ? 1 : 0;
            },
            [](int) { return true; }, stronger_weighted_limit,
            [&](std::size_t i, int seen, int d) -> std::uint32_t {
              if (i == 0) return static_cast<std::uint32_t>(1 + d - lo_);
              if (last_in_pass(i) && (seen != 0 || d == pass_of(i))) return 0;
              return chain_step::no_extra;
            })) {
      digit_chain& chain = out_.chains.back();
      chain.weighted = {{0, 0}};
      chain.extras.assign(static_cast<std::size_t>(n_) + 1, {});
      chain.extras[0].weights = {{0, 1}};
      for (int v = lo_; v <= hi_; ++v)
        chain.extras[static_cast<std::size_t>(1 + v - lo_)].weights = {{0, -v}};
      return;
    }
  }
  using state = std::pair<int, digit_mask>;
  if (try_chain(
          cells, std::vector<state>{state{0, 0}},
          [k](std::size_t i, const state& s, int d) -> std::optional<state> {
            if (i == 0) return state{d, 0};
            const digit_mask seen = s.second | digit_mask{1} << d;
            const auto distinct = std::popcount(seen);
            const auto left = static_cast<int>(k - i);
            if (distinct > s.first || distinct + left < s.first) return std::nullopt;
            return state{s.first, seen};
          },
          [](const state& s) { return std::popcount(s.second) == s.first; }, stronger_limit))
    return;
  std::vector<std::uint32_t> order(cells.begin() + 1, cells.end());
  order.push_back(cells.front());
  chain<digit_mask>(
      c, order, {digit_mask{0}},
      [k](std::size_t i, digit_mask seen, int d) -> std::optional<digit_mask> {
        if (i < k) return seen | digit_mask{1} << d;
        if (std::popcount(seen) != d) return std::nullopt;
        return digit_mask{0};
      },
      [](digit_mask) { return true; });
}

// A digit d among the circles appears there exactly d times. Per digit, a
// pass over the circles counting its d's (none or d at the pass's end). With
// weighted items, the passes make one chain, each adding d to a weighted item
// when d is there: the digits present add up to the number of circles, which
// the weight rule uses (ISS's Santorini: 146,536 guesses without it, with it
// 62; with the pass below too, 29; ISS 11). Else a chain per digit.
void clue_lowering::counting_circles(const clue& c) {
  const auto& cells = c.cells;
  const std::size_t k = cells.size();
  const auto next = [](int digit, int seen, int d) -> std::optional<int> {
    if (d != digit) return seen;
    if (seen == digit) return std::nullopt;
    return seen + 1;
  };
  if (weights_ != model::weights::none) {
    std::vector<std::uint32_t> passes;
    for (int d = 1; d <= n_; ++d)
      passes.insert(passes.end(), cells.begin(), cells.end());
    // On a board whose rows each hold every digit once, each digit's copies
    // outside the circles make up the rest of its n: a last pass over the
    // other cells adds each to its digit's weighted item, which the circles'
    // count of it fills to n (ISS's Bubble Tornado: 45 circles hold every 9,
    // so no other cell may; 121,390 guesses without the pass, 3,609 with it,
    // ISS 14).
    const std::size_t inside = passes.size();
    // Every row, not some: a layout check (layout_check.hpp) takes rows away.
    const auto rows = std::count_if(v_.units().begin(), v_.units().end(), [&](const unit& u) {
      return u.kind == unit_kind::row && u.cells.size() == static_cast<std::size_t>(n_);
    });
    const bool full =
        rows == n_ && v_.rows() == n_ && v_.cells().size() == static_cast<std::size_t>(n_ * n_);
    if (full) {
      std::vector<char> circled(v_.all_positions(), 0);
      for (std::uint32_t p : cells)
        circled[p] = 1;
      for (std::uint32_t p : v_.cells()) {
        if (!circled[p]) passes.push_back(p);
      }
    }
    const auto digit_of = [this, k](std::size_t i) { return static_cast<int>(i / k) + lo_; };
    const auto last_in_pass = [k](std::size_t i) { return i % k == k - 1; };
    // Extras (v - lo_ + 1 is value v's place x): x, the circles hold v v
    // times (v to the total of the values present, v to value v's item x);
    // n + x, value v outside the circles.
    if (try_chain(
            passes, std::vector<int>{0},
            [&](std::size_t i, int seen, int d) -> std::optional<int> {
              if (i >= inside) return 0;
              const auto after = next(digit_of(i), seen, d);
              if (!after || !last_in_pass(i)) return after;
              if (*after != 0 && *after != digit_of(i)) return std::nullopt;
              return 0;
            },
            [](int) { return true; }, stronger_weighted_limit,
            [&](std::size_t i, int seen, int d) -> std::uint32_t {
              if (i >= inside) return static_cast<std::uint32_t>(n_ + d - lo_ + 1);
              const int digit = digit_of(i);
              if (last_in_pass(i) && next(digit, seen, d) == digit)
                return static_cast<std::uint32_t>(digit - lo_ + 1);
              return chain_step::no_extra;
            })) {
      digit_chain& chain = out_.chains.back();
      chain.weighted = {{static_cast<int>(k), static_cast<int>(k)}};
      if (full) chain.weighted.insert(chain.weighted.end(), static_cast<std::size_t>(n_), {n_, n_});
      chain.extras.assign(2 * static_cast<std::size_t>(n_) + 1, {});
      for (int v = lo_; v <= hi_; ++v) {
        const auto x = static_cast<std::uint32_t>(v - lo_ + 1);
        auto& present = chain.extras[x].weights;
        present = {{0, v}};
        if (full) {
          present.emplace_back(x, v);
          chain.extras[static_cast<std::size_t>(n_) + x].weights = {{x, 1}};
        }
      }
      return;
    }
  }
  for (int digit = lo_; digit <= hi_; ++digit) {
    chain<int>(
        c, cells, {0}, [&](std::size_t, int seen, int d) { return next(digit, seen, d); },
        [digit](int seen) { return seen == 0 || seen == digit; });
  }
}

// The cells hold each of `digits` as often as listed: at least (a quad's
// digits, ContainAtLeast) or exactly (ContainExact; digits not listed are
// free). State: how many of each listed digit are still to come.
void clue_lowering::contained(const clue& c, const std::vector<int>& digits, bool exact) {
  std::vector<int> need(static_cast<std::size_t>(n_) + 1, 0);
  std::vector<char> listed(need.size(), 0);
  for (int d : digits) {
    if (d < lo_ || d > hi_) continue;
    ++need[static_cast<std::size_t>(d)];
    listed[static_cast<std::size_t>(d)] = 1;
  }
  chain<std::vector<int>>(
      c, c.cells, {need},
      [&](std::size_t, const std::vector<int>& s, int d) -> std::optional<std::vector<int>> {
        const auto i = static_cast<std::size_t>(d);
        if (!listed[i] || (s[i] == 0 && !exact)) return s;
        if (s[i] == 0) return std::nullopt;  // one too many for ContainExact
        std::vector<int> after = s;
        --after[i];
        return after;
      },
      [](const std::vector<int>& s) {
        return std::all_of(s.begin(), s.end(), [](int x) { return x == 0; });
      });
}

void clue_lowering::set_clue(const clue& c) {
  const auto& cells = c.cells;
  const std::size_t k = cells.size();
  const int value = c.values.empty() ? 0 : c.values.front();
  switch (c.kind) {
    case clue_kind::all_different:
      out_.groups.push_back({cells, {}});
      break;
    case clue_kind::rellik_cage:
      out_.groups.push_back(
          {cells, digit_sets(k, [value](digit_mask m) { return !some_add_up_to(m, value); })});
      break;
    case clue_kind::equality_cage: {
      // Low: the smaller half of the values, high the larger (the middle one
      // of an odd count neither, so never in the cage).
      const int half = n_ / 2;
      out_.groups.push_back({cells, digit_sets(k, [&](digit_mask m) {
                               int odd = 0, low = 0, high = 0;
                               for (int d = lo_; d <= hi_; ++d) {
                                 if ((m >> d & 1) == 0) continue;
                                 odd += d % 2;
                                 low += d < lo_ + half ? 1 : 0;
                                 high += d > hi_ - half ? 1 : 0;
                               }
                               return 2 * odd == static_cast<int>(k) && low == high &&
                                      low + high == static_cast<int>(k);
                             })});
      break;
    }
    case clue_kind::contain_at_least:
    case clue_kind::contain_exact:
      contained(c, c.values, c.kind == clue_kind::contain_exact);
      break;
    case clue_kind::count_distinct:
      count_distinct(c);
      break;
    case clue_kind::counting_circles:
      counting_circles(c);
      break;
    case clue_kind::lockout: {
      // The two ends, then the cells between: state, the ends' digits.
      std::vector<std::uint32_t> order{cells.front(), cells.back()};
      order.insert(order.end(), cells.begin() + 1, cells.end() - 1);
      using state = std::pair<int, int>;
      chain<state>(
          c, order, {state{0, 0}},
          [value](std::size_t i, const state& s, int d) -> std::optional<state> {
            if (i == 0) return state{d, 0};
            if (i == 1) {
              if (std::abs(s.first - d) < value) return std::nullopt;
              return std::minmax(s.first, d);
            }
            if (d >= s.first && d <= s.second) return std::nullopt;
            return s;
          },
          [](const state&) { return true; });
      break;
    }
    case clue_kind::equal_sum: {
      // The segments one after another along the chain; its state the sum
      // they share, chosen at the start, and the current segment's so far.
      if (c.values.size() < 2) break;
      std::vector<char> ends(k, 0);
      std::size_t at = 0;
      for (const int length : c.values) {
        at += static_cast<std::size_t>(length);
        ends[at - 1] = 1;
      }
      const int shortest = *std::min_element(c.values.begin(), c.values.end());
      using state = std::pair<int, int>;
      std::vector<state> starts;
      for (int total = lo_ * shortest; total <= hi_ * shortest; ++total)
        starts.push_back({total, 0});
      chain<state>(
          c, cells, starts,
          [&ends](std::size_t i, const state& s, int d) -> std::optional<state> {
            const int sum = s.second + d;
            if (sum > s.first || (ends[i] && sum != s.first)) return std::nullopt;
            return state{s.first, ends[i] ? 0 : sum};
          },
          [](const state&) { return true; });
      break;
    }
    case clue_kind::region_sum_line: {
      // A piece ends where the next cell lies in another box (or region, on
      // a board without boxes).
      std::vector<int> box_of(v_.all_positions(), -1);
      const unit_kind by = v_.has(unit_kind::box) ? unit_kind::box : unit_kind::region;
      for (std::size_t u = 0; u < v_.units().size(); ++u) {
        if (v_.units()[u].kind != by) continue;
        for (std::uint32_t p : v_.units()[u].cells)
          box_of[p] = static_cast<int>(u);
      }
      std::vector<char> ends(k, 1);
      bool one_piece = true;
      for (std::size_t i = 0; i + 1 < k; ++i) {
        ends[i] = box_of[cells[i]] != box_of[cells[i + 1]] || box_of[cells[i]] < 0 ? 1 : 0;
        one_piece = one_piece && !ends[i];
      }
      if (one_piece) break;  // a single piece: nothing to compare
      // State: the pieces' sum, chosen at the start (one per filling: the
      // sum its pieces share), and the current piece's digits so far (a
      // piece lies in one box: they differ), or their sum alone when that
      // is too large. Known from the start, the sum bounds every piece at
      // once; the digits let the chain see which sets make it, as a cage's
      // combinations do (ISS's "Region sum lines, hard": 290,391 guesses
      // learning the sum from the first piece, 23,982 with both; ISS 3,517).
      for (const bool digits : {true, false}) {
        using state = std::pair<int, digit_mask>;
        std::vector<state> starts;
        for (int total = lo_; total <= hi_ * n_; ++total)
          starts.push_back({total, 0});
        const auto next = [&ends, digits](std::size_t i, const state& s,
                                          int d) -> std::optional<state> {
          int piece = d;
          if (digits) {
            if (s.second >> d & 1) return std::nullopt;
            for (int x = 1; s.second >> x; ++x)
              piece += (s.second >> x & 1) ? x : 0;
          } else {
            piece += static_cast<int>(s.second);
          }
          if (piece > s.first || (ends[i] && piece != s.first)) return std::nullopt;
          if (ends[i]) return state{s.first, 0};
          return state{s.first, digits ? s.second | digit_mask{1} << d : piece};
        };
        const auto accept = [](const state&) { return true; };
        if (digits ? try_chain(cells, starts, next, accept, stronger_limit)
                   : (chain(c, cells, starts, next, accept), true))
          break;
      }
      break;
    }
    case clue_kind::value_indexing: {
      // State: the first cell's digit, then the cells still to pass before
      // the one the second cell's digit points at (0 once passed).
      using state = std::pair<int, int>;
      const int indexed = static_cast<int>(k) - 2;
      chain<state>(
          c, cells, {state{0, 0}},
          [indexed](std::size_t i, const state& s, int d) -> std::optional<state> {
            if (i == 0) return state{d, 0};
            if (i == 1) {  // a place from 1, as ISS's (a 0 points nowhere)
              if (d < 1 || d > indexed) return std::nullopt;
              return state{s.first, d};
            }
            if (s.second == 0) return s;
            if (s.second == 1 && d != s.first) return std::nullopt;
            return state{s.first, s.second - 1};
          },
          [](const state& s) { return s.second == 0; });
      break;
    }
    case clue_kind::pair:
    case clue_kind::pair_x: {
      // ISS's table: the digits b that may follow a (none past its end),
      // digits whatever their values (ISS's keys number them from 1).
      const auto allowed = [&c](int a, int b) {
        const auto row = static_cast<std::size_t>(a - 1);
        return row < c.values.size() && (c.values[row] >> b & 1) != 0;
      };
      const auto allowed_values = [&](int x, int y) { return allowed(x - lo_ + 1, y - lo_ + 1); };
      for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = i + 1; j < (c.kind == clue_kind::pair ? std::min(i + 2, k) : k); ++j)
          relate(cells[i], cells[j], allowed_values);
      }
      // Every two cells related by a table that keeps digits apart, both
      // ways alike: the cells hold one of the sets of k digits each two of
      // which it allows, stated as a cage's combinations are (ISS's "Cold
      // Sauerkraut", renbans written as pairs: 44,030 guesses with the
      // relations alone, 3,292 so; ISS 3,498).
      bool apart = c.kind == clue_kind::pair_x && static_cast<int>(k) <= n_;
      for (int a = 1; apart && a <= n_; ++a) {
        apart = !allowed(a, a);
        for (int b = 1; apart && b <= n_; ++b)
          apart = allowed(a, b) == allowed(b, a);
      }
      if (apart) {
        out_.groups.push_back({cells, digit_sets(k, [&](digit_mask m) {
                                 for (int a = lo_; a <= hi_; ++a) {
                                   for (int b = a + 1; b <= hi_; ++b) {
                                     if ((m >> a & 1) && (m >> b & 1) && !allowed_values(a, b))
                                       return false;
                                   }
                                 }
                                 return true;
                               })});
      }
      break;
    }
    case clue_kind::indexing: {
      // By column: the cell at (r, c) holding v says (r, v) holds c, so each
      // other cell (r, j) of its row holds c when the cell holds j.
      // Places count from 1 whatever the values, as ISS's: a cell holding 0
      // points nowhere, and may not.
      const bool by_row = value == 1;
      for (std::uint32_t p : cells) {
        const int r = row(p), cl = col(p);
        const int own = (by_row ? r : cl) + 1;
        if (lo_ == 0) restrict(p, v_.all_digits() & ~digit_mask{2});
        for (int j = 1; j <= n_; ++j) {
          const auto q = by_row ? at(j - 1, cl) : at(r, j - 1);
          if (!q || *q == p) continue;
          relate(p, *q, [j, own](int x, int y) { return x != j || y == own; });
        }
      }
      break;
    }
    case clue_kind::global_entropy:
    case clue_kind::global_mod: {
      // Each 2x2 square: state, the classes seen; all three at the end.
      const bool entropy = c.kind == clue_kind::global_entropy;
      for (int r = 0; r + 1 < v_.rows(); ++r) {
        for (int cl = 0; cl + 1 < columns_; ++cl) {
          const auto a = at(r, cl), b = at(r, cl + 1), d = at(r + 1, cl), e = at(r + 1, cl + 1);
          if (!a || !b || !d || !e) continue;
          chain<int>(
              c, {*a, *b, *d, *e}, {0},
              [entropy](std::size_t, int seen, int digit) -> std::optional<int> {
                return seen | 1 << (entropy ? (digit - 1) / 3 : digit % 3);
              },
              [](int seen) { return seen == 7; });
        }
      }
      break;
    }
    case clue_kind::region_same_values: {
      // The largest rows, columns, boxes and pieces, when they hold fewer cells
      // than values (as ISS's): groups of one family, whose common set of
      // values the model chooses once.
      std::size_t largest = 0, count = 0;
      const auto counted = [](const unit& u) {
        return u.kind == unit_kind::row || u.kind == unit_kind::column ||
               u.kind == unit_kind::box || u.kind == unit_kind::region;
      };
      for (const unit& u : v_.units()) {
        if (!counted(u)) continue;
        if (u.cells.size() > largest) largest = u.cells.size(), count = 0;
        if (u.cells.size() == largest) ++count;
      }
      if (largest == 0 || largest >= static_cast<std::size_t>(n_) || count < 2) break;
      const auto sets = digit_sets(largest, [](digit_mask) { return true; });
      // (A family is numbered by its first group.)
      const auto family = static_cast<std::uint32_t>(out_.groups.size());
      for (const unit& u : v_.units()) {
        if (!counted(u) || u.cells.size() != largest) continue;
        digit_group g{u.cells, sets};
        g.family = family;
        out_.groups.push_back(std::move(g));
      }
      break;
    }
    case clue_kind::dutch_flatmates: {
      // Down each column: state, whether the cell above holds 1 and whether
      // a middle digit above it still needs n below.
      const int middle = (n_ + 1) / 2;
      for (int cl = 0; cl < columns_; ++cl) {
        std::vector<std::uint32_t> column;
        for (int r = 0; r < v_.rows(); ++r) {
          if (auto p = at(r, cl)) column.push_back(*p);
        }
        using state = std::pair<bool, bool>;
        chain<state>(
            c, column, {state{false, false}},
            [middle, n = n_](std::size_t, const state& s, int d) -> std::optional<state> {
              if (s.second && d != n) return std::nullopt;
              return state{d == 1, d == middle && !s.first};
            },
            [](const state& s) { return !s.second; });
      }
      break;
    }
    default:
      break;
  }
}

}  // namespace sudoku::detail
