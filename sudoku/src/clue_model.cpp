#include "clue_model.hpp"

#include "chain_unrolling.hpp"
#include "sum_line_loops.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

namespace sudoku::detail {

namespace {

// A bound on one chain's transitions: a clue needing more is refused rather
// than turned into a model too large to search.
constexpr std::size_t max_transitions = 250'000;
// A stronger automaton with a weaker one to fall back on is built up to this.
constexpr std::size_t stronger_limit = 50'000;
// A chain with weights, which only the bitset engine keeps, up to the most
// options that engine takes (dlx/solver.cpp).
constexpr std::size_t stronger_weighted_limit = 32'768;

using digit_mask = std::uint64_t;

class lowering {
 public:
  lowering(const variant& v, model::weights weights)
      : v_(v), n_(v.digits()), columns_(v.columns()), weights_(weights) {}

  lowered_clues run() {
    for (current_ = 0; current_ < v_.clues().size(); ++current_) {
      const std::size_t groups = out_.groups.size(), chains = out_.chains.size();
      lower(v_.clues()[current_]);
      for (std::size_t g = groups; g < out_.groups.size(); ++g)
        out_.groups[g].clue = static_cast<std::uint32_t>(current_);
      for (std::size_t c = chains; c < out_.chains.size(); ++c)
        out_.chains[c].clue = static_cast<std::uint32_t>(current_);
    }
    return std::move(out_);
  }

 private:
  [[nodiscard]] int row(std::uint32_t p) const { return static_cast<int>(p) / columns_; }
  [[nodiscard]] int col(std::uint32_t p) const { return static_cast<int>(p) % columns_; }
  [[nodiscard]] std::optional<std::uint32_t> at(int r, int c) const {
    if (r < 0 || c < 0 || r >= v_.rows() || c >= columns_) return std::nullopt;
    const auto p = static_cast<std::uint32_t>(r * columns_ + c);
    if (!v_.is_cell(p)) return std::nullopt;
    return p;
  }
  [[nodiscard]] bool orthogonal(std::uint32_t a, std::uint32_t b) const {
    return std::abs(row(a) - row(b)) + std::abs(col(a) - col(b)) == 1;
  }
  // True when a unit or cage holds both cells: their digits differ already.
  [[nodiscard]] bool share_unit(std::uint32_t a, std::uint32_t b) const {
    for (std::uint32_t k : v_.constraints_of(a)) {
      const auto cells = v_.constraint_cells(k);
      if (std::binary_search(cells.begin(), cells.end(), b)) return true;
    }
    return false;
  }

  // ---- relations

  template <class Allowed>
  void relate(std::uint32_t a, std::uint32_t b, Allowed allowed) {
    if (a == b) return;
    const bool swapped = a > b;
    if (swapped) std::swap(a, b);
    auto [it, added] = relation_of_.try_emplace({a, b}, out_.relations.size());
    if (added) {
      digit_relation r;
      r.a = a;
      r.b = b;
      r.allowed.fill(v_.all_digits());
      out_.relations.push_back(r);
    }
    digit_relation& r = out_.relations[it->second];
    if (r.clues.empty() || r.clues.back() != current_)
      r.clues.push_back(static_cast<std::uint32_t>(current_));
    for (int x = 1; x <= n_; ++x) {
      digit_mask ok = 0;
      for (int y = 1; y <= n_; ++y) {
        if (swapped ? allowed(y, x) : allowed(x, y)) ok |= digit_mask{1} << y;
      }
      r.allowed[static_cast<std::size_t>(x)] &= ok;
    }
  }
  void differ(std::uint32_t a, std::uint32_t b) {
    if (!share_unit(a, b)) relate(a, b, [](int x, int y) { return x != y; });
  }

  // ISS's pairs of a dot-like clue: each cell with every later orthogonal
  // neighbour among the cells.
  [[nodiscard]] std::vector<std::pair<std::uint32_t, std::uint32_t>> adjacent_pairs(
      const std::vector<std::uint32_t>& cells) const {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> out;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      for (std::size_t j = i + 1; j < cells.size(); ++j) {
        if (orthogonal(cells[i], cells[j])) out.emplace_back(cells[i], cells[j]);
      }
    }
    return out;
  }
  template <class Allowed>
  void relate_neighbours(const clue& c, Allowed allowed) {
    for (auto [a, b] : adjacent_pairs(c.cells))
      relate(a, b, allowed);
  }
  template <class Allowed>
  void relate_along(const clue& c, Allowed allowed) {
    for (std::size_t i = 0; i + 1 < c.cells.size(); ++i)
      relate(c.cells[i], c.cells[i + 1], allowed);
    if (c.loop && c.cells.size() > 2) relate(c.cells.back(), c.cells.front(), allowed);
  }
  // Every pair of orthogonal neighbours on the board.
  template <class F>
  void each_neighbour_pair(F f) const {
    for (std::uint32_t p : v_.cells()) {
      if (auto q = at(row(p), col(p) + 1)) f(p, *q);
      if (auto q = at(row(p) + 1, col(p))) f(p, *q);
    }
  }
  // The pairs some clue of the kinds marks (for the strict rules).
  [[nodiscard]] std::set<std::pair<std::uint32_t, std::uint32_t>> marked(clue_kind k1,
                                                                         clue_kind k2) const {
    std::set<std::pair<std::uint32_t, std::uint32_t>> out;
    for (const clue& c : v_.clues()) {
      if (c.kind != k1 && c.kind != k2) continue;
      for (auto [a, b] : adjacent_pairs(c.cells))
        out.insert(std::minmax(a, b));
    }
    return out;
  }

  // ---- chains

  // Unrolls an automaton along `cells`: from each start state, next(i, state,
  // digit) gives the state after cell i holding digit, or nothing; accept says
  // which final states count. Keeps only the states on some accepted path.
  // The automaton must be deterministic (one path per digit sequence), or the
  // model would count a grid once per path.
  template <class State, class Next, class Accept>
  void chain(const clue& c, std::vector<std::uint32_t> cells, const std::vector<State>& starts,
             Next next, Accept accept) {
    if (!try_chain(std::move(cells), starts, next, accept, max_transitions)) too_large(c);
  }
  // A clue whose chain would pass max_transitions is refused, not searched.
  [[noreturn]] void too_large(const clue& c) const {
    throw std::invalid_argument(
        fmt::format("{} at {}: the model would need more than {} options (not supported yet)",
                    iss_name(c.kind), v_.cell_name(c.cells.front()), max_transitions));
  }
  // The same, or false and nothing added when it would take more than `limit`
  // transitions (for a stronger automaton that has a weaker one to fall back on).
  template <class State, class Next, class Accept>
  bool try_chain(std::vector<std::uint32_t> cells, const std::vector<State>& starts, Next next,
                 Accept accept, std::size_t limit) {
    return try_chain(std::move(cells), starts, next, accept, limit,
                     [](std::size_t, const State&, int) { return chain_step::no_extra; });
  }
  // The same with extra(i, state, digit): what the transition adds besides
  // its cell (an index into the chain's extras, set by the caller).
  template <class State, class Next, class Accept, class Extra>
  bool try_chain(std::vector<std::uint32_t> cells, const std::vector<State>& starts, Next next,
                 Accept accept, std::size_t limit, Extra extra) {
    const std::size_t k = cells.size();
    // Layers i and i + 1; sizes[i], how many states layer i has.
    chain_layer<State> layer, next_layer;
    std::vector<std::size_t> sizes(k + 1, 0);
    for (const State& s : starts)
      layer.find_or_add(State(s));
    std::vector<std::vector<chain_step>> steps(k);
    std::size_t total = 0;
    for (std::size_t i = 0; i < k; ++i) {
      const digit_mask digits = v_.candidates(cells[i]);
      sizes[i] = layer.size();
      next_layer.clear();
      for (std::uint32_t id = 0; id < layer.size(); ++id) {
        for (int d = 1; d <= n_; ++d) {
          if ((digits >> d & 1) == 0) continue;
          std::optional<State> to = next(i, layer[id], d);
          if (!to) continue;
          const std::uint32_t to_id = next_layer.find_or_add(std::move(*to));
          steps[i].push_back({id, d, to_id, extra(i, layer[id], d)});
          if (++total > limit) return false;
        }
      }
      std::swap(layer, next_layer);
    }
    sizes[k] = layer.size();
    std::vector<char> accepted(sizes[k]);
    for (std::uint32_t id = 0; id < sizes[k]; ++id)
      accepted[id] = accept(layer[id]) ? 1 : 0;
    out_.chains.push_back(accepted_paths(std::move(cells), steps, sizes, std::move(accepted)));
    return true;
  }

  // A looped sum line (sum_line_loops.hpp): every cut at once while that
  // stays small, else by residue when weights may be kept (the residue in
  // the state, else chosen by an option), else once round per cut.
  void looped_sum_line(const clue& c, const std::vector<std::uint32_t>& cells, int value) {
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
        [value, k](std::size_t i, int s, int d) {
          return sum_loop::per_cut_next(value, k, i, s, d);
        },
        [](int s) { return s == sum_loop::found; });
  }

  // Digits adding up to `total` with weights (repeats allowed).
  void weighted_sum(const clue& c, std::vector<std::uint32_t> cells, std::vector<int> weights,
                    int total) {
    chain<int>(
        c, std::move(cells), {0},
        [&](std::size_t i, int s, int d) -> std::optional<int> { return s + weights[i] * d; },
        [&](int s) { return s == total; });
  }
  void plain_sum(const clue& c, std::vector<std::uint32_t> cells, int total) {
    const std::size_t k = cells.size();
    chain<int>(
        c, std::move(cells), {0},
        [&, k](std::size_t i, int s, int d) -> std::optional<int> {
          const int after = s + d;
          // The cells left hold at least 1 each.
          if (after + static_cast<int>(k - 1 - i) > total) return std::nullopt;
          return after;
        },
        [&](int s) { return s == total; });
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
  enum class memory { sum, inside, all };
  void between_extremes(const clue& c, const std::vector<std::uint32_t>& cells, int total,
                        bool guess) {
    if (guess && between_extremes(cells, total, guess, memory::all, stronger_limit)) return;
    if (between_extremes(cells, total, guess, memory::inside, stronger_limit)) return;
    if (!between_extremes(cells, total, guess, memory::sum, max_transitions)) too_large(c);
  }
  bool between_extremes(const std::vector<std::uint32_t>& cells, int total, bool guess, memory kept,
                        std::size_t limit) {
    // State: low, high, phase (0 before the first extreme, 1 inside, 2 after),
    // the sum inside so far (memory::sum) or the digits inside so far, and
    // the digits passed (memory::all).
    using state = std::array<int, 5>;
    std::vector<state> starts;
    if (guess) {
      for (int low = 1; low <= n_; ++low) {
        for (int high = low + 1; high <= n_; ++high)
          starts.push_back({low, high, 0, 0, 0});
      }
    } else {
      starts.push_back({1, n_, 0, 0, 0});
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
  // how many cells from there add up to the clue. Remembering the digits the sum has taken (and,
  // while the chain stays small, every digit passed) lets the chain see that they differ, as a
  // cage's combinations do; the sum alone is the fallback.
  void x_sum(const clue& c, const std::vector<std::uint32_t>& cells, int total) {
    if (x_sum(cells, total, memory::all, stronger_limit)) return;
    if (x_sum(cells, total, memory::inside, stronger_limit)) return;
    if (!x_sum(cells, total, memory::sum, max_transitions)) too_large(c);
  }
  bool x_sum(const std::vector<std::uint32_t>& cells, int total, memory kept, std::size_t limit) {
    // State: cells still to add (-1 before the first), what they must make,
    // and the digits taken (memory::inside: by the sum; memory::all: so far).
    using state = std::array<int, 3>;
    return try_chain<state>(
        cells, {state{-1, total, 0}},
        [kept](std::size_t, const state& s, int d) -> std::optional<state> {
          auto [left, rest, taken] = s;
          if (taken >> d & 1) return std::nullopt;
          if (left == 0) return kept == memory::all ? state{0, 0, taken | 1 << d} : s;
          if (left < 0) left = d;
          if (d > rest || (left == 1 && d != rest)) return std::nullopt;
          if (kept == memory::sum) return state{left - 1, rest - d, 0};
          if (left == 1 && kept == memory::inside) return state{0, 0, 0};
          return state{left - 1, rest - d, taken | 1 << d};
        },
        [](const state& s) { return s[0] == 0 && s[1] == 0; }, limit);
  }

  void lower(const clue& c);

  const variant& v_;
  int n_;
  int columns_;
  model::weights weights_;  // which weighted items chains may have
  lowered_clues out_;
  std::size_t current_ = 0;  // the clue being lowered
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> relation_of_;
};

void lowering::lower(const clue& c) {
  const auto& cells = c.cells;
  const std::size_t k = cells.size();
  const int value = c.values.empty() ? 0 : c.values.front();
  switch (c.kind) {
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
        g.sets = cage_combinations(static_cast<int>(k), value, n_);
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
      // Read from the middle out, a pair at a time. State: the pairs' sum (0
      // until known) and the first digit of the pair being read (0 if none).
      std::vector<std::uint32_t> order;
      const bool odd = k % 2 == 1;
      if (odd) order.push_back(cells[k / 2]);
      for (std::size_t i = k / 2; i-- > 0;) {
        order.push_back(cells[i]);
        order.push_back(cells[k - 1 - i]);
      }
      using state = std::pair<int, int>;
      chain<state>(
          c, order, {state{0, 0}},
          [odd](std::size_t i, const state& s, int d) -> std::optional<state> {
            if (odd && i == 0) return state{d, 0};
            if (s.second == 0) return state{s.first, d};
            const int pair = s.second + d;
            if (s.first != 0 && pair != s.first) return std::nullopt;
            return state{pair, 0};
          },
          [](const state& s) { return s.second == 0; });
      break;
    }
    case clue_kind::sum_line:
      if (c.loop) {
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
    case clue_kind::quad: {
      // State: how many of each listed digit are still missing.
      std::vector<int> need(static_cast<std::size_t>(n_) + 1, 0);
      for (int d : c.values) {
        if (d >= 1 && d <= n_) ++need[static_cast<std::size_t>(d)];
      }
      chain<std::vector<int>>(
          c, cells, {need},
          [](std::size_t, const std::vector<int>& s, int d) -> std::optional<std::vector<int>> {
            std::vector<int> after = s;
            if (after[static_cast<std::size_t>(d)] > 0) --after[static_cast<std::size_t>(d)];
            return after;
          },
          [](const std::vector<int>& s) {
            return std::all_of(s.begin(), s.end(), [](int x) { return x == 0; });
          });
      break;
    }
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
      chain<counts>(
          c, cells, {counts{}},
          [size, digits, n = n_](std::size_t i, const counts& s, int d) -> std::optional<counts> {
            counts after = s;
            const auto digit = static_cast<std::size_t>(d);
            if (i < size) {
              if (after[digit] >= n) return std::nullopt;
              ++after[digit];
              if (i + 1 == size) std::copy_n(after.begin(), digits, after.begin() + digits);
              return after;
            }
            if (after[digits + digit] == 0) return std::nullopt;
            --after[digits + digit];
            if (i % size == size - 1) std::copy_n(after.begin(), digits, after.begin() + digits);
            return after;
          },
          [](const counts&) { return true; });
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
      // State: the tallest so far, and how many have been seen.
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
      // State: the tallest so far (0 once the first hidden one is passed).
      chain<int>(
          c, cells, {-1},
          [value](std::size_t, int tallest, int d) -> std::optional<int> {
            if (tallest == 0) return 0;
            if (d > tallest) return d;
            if (d != value) return std::nullopt;
            return 0;
          },
          [](int tallest) { return tallest == 0; });
      break;
    }
    case clue_kind::numbered_room: {
      // State: cells still to pass before the room (-1 before the first,
      // 0 once the room holds its digit).
      chain<int>(
          c, cells, {-1},
          [value](std::size_t, int left, int d) -> std::optional<int> {
            if (left < 0) left = d;
            if (left == 0) return 0;
            if (left == 1 && d != value) return std::nullopt;
            return left - 1;
          },
          [](int left) { return left == 0; });
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

}  // namespace

std::shared_ptr<const lowered_clues> lower_clues(const variant& v, model::weights weights) {
  struct remembered {
    variant layout;
    std::shared_ptr<const lowered_clues> lowered;
  };
  thread_local std::array<remembered, 3> last;  // one per level of weights
  remembered& slot = last[static_cast<std::size_t>(weights)];
  if (slot.lowered && slot.layout == v) return slot.lowered;
  auto lowered = std::make_shared<const lowered_clues>(lowering(v, weights).run());
  slot = {v, lowered};
  return lowered;
}

}  // namespace sudoku::detail
