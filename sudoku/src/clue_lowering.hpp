// The lowering of a variant's clues (clue_model.hpp) as one class, its rule
// families in files of their own: clue_model.cpp (relations, lines, sums and
// board-wide rules), outside_clues.cpp (clues read along a row or column
// from one end, and lunchboxes) and set_clues.cpp (sets of cells, the lines
// read with them, indexing, rules over every 2x2 square or column). The
// chains' machinery is here, shared.
//
// An internal header of the model: nothing here is public.
#pragma once

#include "chain_unrolling.hpp"
#include "clue_model.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace sudoku::detail {

// A bound on one chain's transitions: a clue needing more is refused rather
// than turned into a model too large to search.
inline constexpr std::size_t max_transitions = 250'000;
// A stronger automaton with a weaker one to fall back on is built up to this.
inline constexpr std::size_t stronger_limit = 50'000;
// A chain with weights, which only the bitset engine keeps, up to the most
// options that engine takes (dlx/solver.cpp).
inline constexpr std::size_t stronger_weighted_limit = 32'768;

using digit_mask = std::uint64_t;

class clue_lowering {
 public:
  clue_lowering(const variant& v, model::weights weights)
      : v_(v),
        n_(v.digits()),
        lo_(v.first_value()),
        hi_(v.value_of(v.digits())),
        columns_(v.columns()),
        weights_(weights) {}

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
    return v_.neighbours(a, b);
  }
  // True when a unit or cage holds both cells: their digits differ already.
  [[nodiscard]] bool share_unit(std::uint32_t a, std::uint32_t b) const {
    for (std::uint32_t k : v_.constraints_of(a)) {
      const auto cells = v_.constraint_cells(k);
      if (std::binary_search(cells.begin(), cells.end(), b)) return true;
    }
    return false;
  }

  // The value digit d stands for (d itself unless the values start at 0).
  [[nodiscard]] int value(int d) const { return d - 1 + lo_; }

  // ---- relations

  // allowed(x, y) says whether values x and y may stand in cells a and b.
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
        const int vx = value(x), vy = value(y);
        if (swapped ? allowed(vy, vx) : allowed(vx, vy)) ok |= digit_mask{1} << y;
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
  // value) gives the state after cell i holding value, or nothing; accept says
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
  // A clue whose meaning needs values from 1.
  [[noreturn]] void not_with_zero(const clue& c) const {
    throw std::invalid_argument(
        fmt::format("{}{}: not defined for values from 0", iss_name(c.kind),
                    c.cells.empty() ? std::string() : " at " + v_.cell_name(c.cells.front())));
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
          std::optional<State> to = next(i, layer[id], value(d));
          if (!to) continue;
          const std::uint32_t to_id = next_layer.find_or_add(std::move(*to));
          steps[i].push_back({id, d, to_id, extra(i, layer[id], value(d))});
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

  // ---- sums and sum lines (clue_model.cpp)

  // A looped sum line (sum_line_loops.hpp): every cut at once while that
  // stays small, else by residue when weights may be kept (the residue in
  // the state, else chosen by an option), else once round per cut.
  void looped_sum_line(const clue& c, const std::vector<std::uint32_t>& cells, int value);
  // Digits adding up to `total` with weights (repeats allowed).
  void weighted_sum(const clue& c, std::vector<std::uint32_t> cells, std::vector<int> weights,
                    int total);
  void plain_sum(const clue& c, std::vector<std::uint32_t> cells, int total);

  // ---- clues read along a row or column from one end, and lunchboxes
  // (outside_clues.cpp)

  // How much an automaton remembers of the digits it has passed: the more,
  // the fewer of its paths are fillings the rest of the model rules out, and
  // the larger it is.
  enum class memory { sum, inside, all };
  // Sandwiches, lunchboxes, X-sums, skyscrapers, hidden skyscrapers and
  // numbered rooms.
  void outside_clue(const clue& c);
  void between_extremes(const clue& c, const std::vector<std::uint32_t>& cells, int total,
                        bool guess);
  bool between_extremes(const std::vector<std::uint32_t>& cells, int total, bool guess, memory kept,
                        std::size_t limit);
  void x_sum(const clue& c, const std::vector<std::uint32_t>& cells, int total);
  bool x_sum(const std::vector<std::uint32_t>& cells, int total, memory kept, std::size_t limit);

  // ---- sets of cells, the lines read with them, indexing and the rules
  // over every 2x2 square or column (set_clues.cpp)

  void set_clue(const clue& c);
  void count_distinct(const clue& c);
  void contained(const clue& c, const std::vector<int>& digits, bool exact);
  void counting_circles(const clue& c);
  // The sets of k different digits 1..n whose values keep(set) accepts (bit
  // v for value v).
  std::vector<digit_mask> digit_sets(std::size_t k, auto keep) const;
  // Only the digits of `allowed` in `cell` (a group of one cell).
  void restrict(std::uint32_t cell, digit_mask allowed);

  // ---- a line an automaton reads (automaton_clues.cpp)

  void automaton_clue(const clue& c);

  // ---- chaos constructions' regions and their clues (chaos.cpp)

  void chaos(const clue& c);

  // ---- clues made of clues (composite_clues.cpp)

  // At least one part holds: one chain over all their cells.
  void any_of(const clue& c);
  // `part` lowered alone, without weights, every shape as a chain; nothing
  // when the rest of the model makes it hold already (its cells share units).
  std::vector<digit_chain> part_chains(const clue& part) const;

  void lower(const clue& c);

  const variant& v_;
  int n_;
  int lo_, hi_;  // the smallest and largest values
  int columns_;
  model::weights weights_;  // which weighted items chains may have
  lowered_clues out_;
  std::size_t current_ = 0;  // the clue being lowered
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> relation_of_;
};

}  // namespace sudoku::detail
