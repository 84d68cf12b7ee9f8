// A clue that holds when at least one of its parts does (ISS's Or): each
// part lowered alone into automata over its cells (a relation is one over two
// cells, a group one whose state is the digits used), and the whole read as
// one chain over all their cells whose state is every automaton's state at
// once (the product). The chain accepts a filling when some part's automata
// all accept it, and takes one path per filling, so a filling two parts allow
// is counted once. An automaton read the other way (a skyscraper from the
// other end) is read backwards; one that cannot be read in the chain's order
// either way (an arrow whose circle comes last in one part and first in
// another) is made again in that order from the fillings it accepts.
#include "clue_lowering.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <stdexcept>
#include <vector>

namespace sudoku::detail {

namespace {

constexpr std::uint32_t dead = std::numeric_limits<std::uint32_t>::max();
// The fillings an automaton is made again from, or the states it is made
// again with, at most.
constexpr std::size_t max_fillings = 100'000;

// One automaton of a part, read along the composite's cells: next[i] gives,
// for each state before its i-th cell and each digit, the state after (or dead).
struct automaton_part {
  std::vector<std::uint32_t> cells;  // different cells, in the composite's order
  std::vector<std::vector<std::uint32_t>> next;
  std::size_t part = 0;  // the clue's part it comes from
};

// A chain's transitions as tables, read forwards or backwards, when its
// cells differ and come in that order in the composite (`order`: their
// places there). A state is a set of the chain's states (the subset
// construction, made as the line is read), so that the tables are
// deterministic whatever the chain's starts: forwards, the states the chain
// may be in after the cells read; backwards, those from which what was read
// leads to the chain's end. Every set reached leads on to the end, so every
// state of the last layer accepts. False when the sets pass max_fillings.
bool as_tables(const digit_chain& c, int n, const std::vector<std::size_t>& order,
               automaton_part& out) {
  const std::size_t k = c.cells.size();
  if (k == 0) return false;
  bool up = true, down = true;
  for (std::size_t i = 1; i < k; ++i) {
    up = up && order[i] > order[i - 1];
    down = down && order[i] < order[i - 1];
  }
  if (!up && !down) return false;
  const bool backwards = !up;
  out.cells = c.cells;
  if (backwards) std::reverse(out.cells.begin(), out.cells.end());
  out.next.assign(k, {});
  const auto width = static_cast<std::size_t>(n + 1);
  using set = std::vector<std::uint32_t>;
  // The sets of this layer, by number; the first: every state at that end.
  std::vector<set> layer(1);
  for (std::uint32_t s = 0; s < (backwards ? c.states[k] : c.states[0]); ++s)
    layer[0].push_back(s);
  std::size_t total = 0;
  for (std::size_t j = 0; j < k; ++j) {
    const std::size_t i = backwards ? k - 1 - j : j;  // the chain's cell
    std::map<set, std::uint32_t> number;
    std::vector<set> next_layer;
    out.next[j].assign(layer.size() * width, dead);
    // Per state on the side read from, the steps that touch it.
    std::vector<std::vector<const chain_step*>> touching(backwards ? c.states[i + 1] : c.states[i]);
    for (const chain_step& s : c.steps[i])
      touching[backwards ? s.to : s.from].push_back(&s);
    for (std::size_t id = 0; id < layer.size(); ++id) {
      std::vector<set> by_digit(width);
      for (const std::uint32_t s : layer[id]) {
        for (const chain_step* step : touching[s])
          by_digit[static_cast<std::size_t>(step->digit)].push_back(backwards ? step->from
                                                                              : step->to);
      }
      for (std::size_t d = 1; d < width; ++d) {
        set& to = by_digit[d];
        if (to.empty()) continue;
        std::sort(to.begin(), to.end());
        to.erase(std::unique(to.begin(), to.end()), to.end());
        auto [it, added] = number.try_emplace(to, static_cast<std::uint32_t>(next_layer.size()));
        if (added) {
          next_layer.push_back(to);
          if (++total > max_fillings) return false;
        }
        out.next[j][id * width + d] = it->second;
      }
    }
    layer = std::move(next_layer);
  }
  return true;
}

// The automaton made again in the composite's order: every filling the chain
// accepts (a cell it passes twice holding one digit), as a tree of prefixes.
// False when there are more than max_fillings.
bool reordered(const digit_chain& c, int n, const std::vector<std::uint32_t>& composite_cells,
               automaton_part& out) {
  out.cells = c.cells;
  std::sort(out.cells.begin(), out.cells.end(), [&](std::uint32_t a, std::uint32_t b) {
    return std::find(composite_cells.begin(), composite_cells.end(), a) <
           std::find(composite_cells.begin(), composite_cells.end(), b);
  });
  out.cells.erase(std::unique(out.cells.begin(), out.cells.end()), out.cells.end());
  const std::size_t k = out.cells.size();
  std::vector<std::size_t> place(c.cells.size());
  for (std::size_t i = 0; i < c.cells.size(); ++i)
    place[i] = static_cast<std::size_t>(std::find(out.cells.begin(), out.cells.end(), c.cells[i]) -
                                        out.cells.begin());
  // Per layer i, the steps from each state.
  std::vector<std::vector<std::vector<const chain_step*>>> from(c.cells.size());
  for (std::size_t i = 0; i < c.cells.size(); ++i) {
    from[i].resize(c.states[i]);
    for (const chain_step& s : c.steps[i])
      from[i][s.from].push_back(&s);
  }
  std::vector<std::vector<int>> fillings;
  std::vector<int> digits(k, 0);
  bool too_many = false;
  // The walk's steps are bounded too: paths that meet a cell again with
  // another digit die late, and a chain of many such cells took seconds
  // before it found too many fillings (the fuzzer: an Or of six cages).
  std::size_t steps = 0;
  auto walk = [&](auto&& self, std::size_t i, std::uint32_t state) -> void {
    if (too_many) return;
    if (++steps > 16 * max_fillings) {
      too_many = true;
      return;
    }
    if (i == c.cells.size()) {
      if (fillings.size() == max_fillings) {
        too_many = true;
        return;
      }
      fillings.push_back(digits);
      return;
    }
    for (const chain_step* s : from[i][state]) {
      int& d = digits[place[i]];
      const int before = d;
      if (before != 0 && before != s->digit) continue;
      d = s->digit;
      self(self, i + 1, s->to);
      d = before;
    }
  };
  for (std::uint32_t start = 0; start < (c.states.empty() ? 0 : c.states.front()); ++start)
    walk(walk, 0, start);
  if (too_many) return false;
  // The tree: a state per prefix, numbered per layer.
  std::sort(fillings.begin(), fillings.end());
  fillings.erase(std::unique(fillings.begin(), fillings.end()), fillings.end());
  out.next.assign(k, {});
  std::vector<std::uint32_t> state(fillings.size(), 0);  // each filling's state so far
  for (std::size_t i = 0; i < k; ++i) {
    std::map<std::pair<std::uint32_t, int>, std::uint32_t> made;
    std::uint32_t layer_size = 0;
    for (const std::uint32_t s : state)
      layer_size = std::max(layer_size, s + 1);
    out.next[i].assign(static_cast<std::size_t>(layer_size) * static_cast<std::size_t>(n + 1),
                       dead);
    for (std::size_t f = 0; f < fillings.size(); ++f) {
      const int d = fillings[f][i];
      auto [it, added] = made.try_emplace({state[f], d}, static_cast<std::uint32_t>(made.size()));
      out.next[i][state[f] * static_cast<std::size_t>(n + 1) + static_cast<std::size_t>(d)] =
          it->second;
      state[f] = it->second;
    }
  }
  return true;
}

}  // namespace

std::vector<digit_chain> clue_lowering::part_chains(const clue& part) const {
  clue_lowering alone(v_, model::weights::none);
  alone.current_ = current_;
  alone.lower(part);
  lowered_clues& out = alone.out_;
  if (out.left_to_weights) {
    throw std::invalid_argument(
        fmt::format("{} inside an Or: not supported yet", v_.clue_name(part)));
  }
  for (const digit_chain& c : out.chains) {
    if (c.marks != 0 || !c.weighted.empty() || !c.extras.empty() || !c.choices.empty()) {
      throw std::invalid_argument(
          fmt::format("{} inside an Or: not supported yet", v_.clue_name(part)));
    }
  }
  std::vector<digit_chain> chains = std::move(out.chains);
  out.chains.clear();
  // Relations and groups as chains too.
  for (const digit_relation& r : out.relations) {
    alone.try_chain(
        {r.a, r.b}, std::vector<int>{0},
        [&](std::size_t i, int first, int value) -> std::optional<int> {
          const int d = value - lo_ + 1;
          if (i == 0) return d;
          if ((r.allowed[static_cast<std::size_t>(first)] >> d & 1) == 0) return std::nullopt;
          return 0;
        },
        [](int) { return true; }, std::numeric_limits<std::size_t>::max());
  }
  for (const digit_group& g : out.groups) {
    alone.try_chain(
        g.cells, std::vector<digit_mask>{0},
        [&](std::size_t, digit_mask used, int value) -> std::optional<digit_mask> {
          const digit_mask bit = digit_mask{1} << (value - lo_ + 1);
          if (used & bit) return std::nullopt;
          return used | bit;
        },
        [&](digit_mask used) {
          return g.sets.empty() || std::find(g.sets.begin(), g.sets.end(), used) != g.sets.end();
        },
        std::numeric_limits<std::size_t>::max());
  }
  for (digit_chain& c : out.chains)
    chains.push_back(std::move(c));
  return chains;
}

void clue_lowering::any_of(const clue& c) {
  std::vector<automaton_part> automata;
  std::size_t parts = 0;
  std::vector<std::vector<digit_chain>> lowered;
  for (const clue& part : c.parts) {
    lowered.push_back(part_chains(part));
    // A part the rest of the model makes hold: so does the whole.
    if (lowered.back().empty()) return;
  }
  // The chain's order: part after part, the one with the most cells first,
  // so that a part is read to its end (where it holds or fails) before the
  // next where they do not cross.
  std::vector<std::size_t> by_size(lowered.size());
  std::vector<std::size_t> sizes(lowered.size(), 0);
  for (std::size_t p = 0; p < lowered.size(); ++p) {
    by_size[p] = p;
    sizes[p] = c.parts[p].cells.size();  // (an Or's or And's: its parts' cells, once each)
  }
  std::stable_sort(by_size.begin(), by_size.end(),
                   [&](std::size_t a, std::size_t b) { return sizes[a] > sizes[b]; });
  std::vector<std::uint32_t> cells;
  const auto placed = [&](std::uint32_t cell) {
    return std::find(cells.begin(), cells.end(), cell);
  };
  for (const std::size_t p : by_size) {
    for (const digit_chain& chain : lowered[p]) {
      // A new cell goes just before the next of the automaton's cells already
      // placed, or last when none is: read in its order where it can be.
      for (std::size_t i = 0; i < chain.cells.size(); ++i) {
        if (placed(chain.cells[i]) != cells.end()) continue;
        auto before = cells.end();
        for (std::size_t j = i + 1; j < chain.cells.size() && before == cells.end(); ++j)
          before = placed(chain.cells[j]);
        cells.insert(before, chain.cells[i]);
      }
    }
  }
  for (std::size_t p = 0; p < lowered.size(); ++p) {
    // A part no filling of its cells meets is left out.
    if (std::any_of(lowered[p].begin(), lowered[p].end(),
                    [](const digit_chain& chain) { return chain.states.back() == 0; }))
      continue;
    for (const digit_chain& chain : lowered[p]) {
      std::vector<std::size_t> order;
      for (const std::uint32_t cell : chain.cells)
        order.push_back(
            static_cast<std::size_t>(std::find(cells.begin(), cells.end(), cell) - cells.begin()));
      automaton_part a;
      if (!as_tables(chain, n_, order, a) && !reordered(chain, n_, cells, a)) too_large(c);
      a.part = parts;
      automata.push_back(std::move(a));
    }
    ++parts;
  }
  if (parts == 0) {  // no part can hold
    restrict(cells.front(), 0);
    return;
  }
  // Where each automaton reads the composite's cells: layer[j][i] is the
  // automaton j's layer at cell i, or -1 where it does not read it; last[j],
  // the place of its last cell.
  const std::size_t k = cells.size();
  std::vector<std::vector<int>> layer(automata.size(), std::vector<int>(k, -1));
  std::vector<std::size_t> last(automata.size(), 0);
  for (std::size_t j = 0; j < automata.size(); ++j) {
    for (std::size_t l = 0; l < automata[j].cells.size(); ++l) {
      const auto i = static_cast<std::size_t>(
          std::find(cells.begin(), cells.end(), automata[j].cells[l]) - cells.begin());
      layer[j][i] = static_cast<int>(l);
      last[j] = std::max(last[j], i);
    }
  }
  // A state: each automaton's, dead once its part fails; empty once some
  // part has accepted (every digit after that keeps it so).
  using state = std::vector<std::uint32_t>;
  const auto width = static_cast<std::size_t>(n_ + 1);
  std::vector<char> alive, done;  // per part, kept between transitions (no allocation each)
  chain<state>(
      c, cells, {state(automata.size(), 0)},
      [&](std::size_t i, const state& s, int value) -> std::optional<state> {
        if (s.empty()) return s;
        const auto d = static_cast<std::size_t>(value - lo_ + 1);
        state t = s;
        for (std::size_t j = 0; j < automata.size(); ++j) {
          if (t[j] == dead || layer[j][i] < 0) continue;
          t[j] = automata[j].next[static_cast<std::size_t>(layer[j][i])][t[j] * width + d];
        }
        alive.assign(parts, 1), done.assign(parts, 1);
        for (std::size_t j = 0; j < automata.size(); ++j) {
          if (t[j] == dead) alive[automata[j].part] = 0;
          if (last[j] > i) done[automata[j].part] = 0;
        }
        bool any = false;
        for (std::size_t p = 0; p < parts; ++p) {
          if (alive[p] && done[p]) return state{};
          any = any || alive[p];
        }
        if (!any || i + 1 == k) return std::nullopt;
        for (std::size_t j = 0; j < automata.size(); ++j) {
          if (!alive[automata[j].part]) t[j] = dead;
        }
        return t;
      },
      [](const state& s) { return s.empty(); });
  merge_alike_states(out_.chains.back());
}

}  // namespace sudoku::detail
