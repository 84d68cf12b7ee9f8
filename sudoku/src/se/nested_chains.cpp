// SE's dynamic forcing chains "(+)" and up (levels 1 to 5, 9.0 and more):
// when a dynamic chain runs dry, other techniques, applied to the grid as the
// chain left it, may turn off more candidates (advanced_potentials): the basic
// ones (locking, hidden and naked pairs, X-wing) from level 1, then chains of
// the lower levels, nested. A nested deduction's parents are the chain's own
// eliminations it relied on (SE's getRuleParents: rule_parents), and its
// complexity counts in the chain's.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "se/chainer.hpp"

namespace sudoku::se::chains {

namespace {

// The nested rules of a level: its own, after those of every lower level it
// extends (0 to 3, and 4 to 5).
int others_count(int level) {
  return level < 4 ? (level >= 2) + (level >= 3) : 1 + (level >= 5);
}

}  // namespace

void chainer::advanced_potentials(board& grid, const board& source, const potential_set& offs,
                                  std::vector<std::uint32_t>& out, int after_level) {
  if (!others_made_) {
    others_made_ = true;
    const int level = rule_.level;
    if (level < 4) {
      if (level >= 2)
        others_.push_back(
            std::make_unique<chainer>(chaining_rule{false, false, false, 0}, a_, work_, true));
      if (level >= 3)
        others_.push_back(
            std::make_unique<chainer>(chaining_rule{true, false, false, 0}, a_, work_, true));
    } else {
      others_.push_back(
          std::make_unique<chainer>(chaining_rule{true, true, false, 0}, a_, work_, true));
      if (level >= 5)
        others_.push_back(std::make_unique<chainer>(chaining_rule{true, true, false, level - 3}, a_,
                                                    work_, true));
    }
  }
  // A found deduction, kept as plain data until the nested search's
  // potentials are dropped.
  struct pending {
    potential_key key;
    std::vector<potential_key> parents;
    std::int32_t nested = -1;
  };
  std::vector<pending> found;
  std::vector<potential_key> parents;
  auto collect = [&](const std::vector<removal>& removals, std::int32_t nested) {
    std::vector<removal> sorted = removals;
    std::sort(sorted.begin(), sorted.end(),
              [](const removal& a, const removal& b) { return a.cell < b.cell; });
    for (const removal& r : sorted)
      for (int v = 1; v <= 9; ++v)
        if (r.vals & bit(v))
          found.push_back({{r.cell, static_cast<std::uint8_t>(v), false}, parents, nested});
  };
  // Going on from a lower level's search, which found nothing more here with
  // its rules: only the rules it did not have can.
  const std::size_t first_other =
      after_level > 0 ? static_cast<std::size_t>(others_count(after_level)) : 0;
  // The basic rules first: SE's Locking, HiddenSet(2), NakedSet(2), Fisherman(2).
  // Only their hints that rely on what the chain turned off are of use.
  std::optional<chain_changes> changes;  // worked out only when a basic rule runs
  for (int rule = after_level > 0 ? 4 : 0; rule < 4 && found.empty(); ++rule) {
    if (!changes) changes.emplace(source, grid);
    const chain_changes& since = *changes;
    std::vector<basic_hint> hints;
    switch (rule) {
      case 0:
        locking(grid, false, &hints, nullptr, &since);
        break;
      case 1:
        hidden_set(grid, 2, false, &hints, nullptr, &since);
        break;
      case 2:
        naked_set(grid, 2, &hints, nullptr, &since);
        break;
      default:
        fish(grid, 2, &hints, nullptr, &since);
        break;
    }
    for (const basic_hint& bh : hints) {
      parents.clear();
      bh.rule_parents(source, grid, parents);
      if (!parents.empty()) collect(bh.h.removals, -1);
    }
  }
  const std::size_t nested_mark = a_.nested.size();
  std::vector<nested_chain> new_nested;
  for (std::size_t i = first_other; i < others_.size() && found.empty(); ++i) {
    const std::size_t node_mark = a_.nodes.size(), parent_mark = a_.parents.size();
    std::vector<chain_hint> hints = others_[i]->hint_list(grid);
    deduplicate(hints);
    for (const chain_hint& h : hints) {
      parents.clear();
      others_[i]->rule_parents(h, source, grid, parents);
      if (parents.empty()) continue;
      new_nested.push_back({h.complexity, h.fingerprint});
      collect(h.removals, static_cast<std::int32_t>(nested_mark + new_nested.size() - 1));
    }
    a_.nodes.resize(node_mark);
    a_.parents.resize(parent_mark);
    a_.nested.resize(nested_mark);
  }
  a_.nested.insert(a_.nested.end(), new_nested.begin(), new_nested.end());
  for (const pending& f : found) {
    const std::uint32_t n = make(f.key.cell, f.key.value, false, cause::advanced);
    a_.nodes[n].nested = f.nested;
    for (const potential_key& pk : f.parents) {
      const int k = pk.index();
      if (offs.contains(k)) add_parent(n, offs.get(k));
    }
    out.push_back(n);
  }
}

void chainer::rule_parents(const chain_hint& h, const board& initial, const board& current,
                           std::vector<potential_key>& out) const {
  const auto& g = geometry();
  std::array<bool, key_count> in_out{};
  for (const potential_key& k : out)
    in_out[k.index()] = true;
  auto add = [&](int cell, int v) {
    const potential_key k{static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(v), false};
    if (!in_out[k.index()]) {
      in_out[k.index()] = true;
      out.push_back(k);
    }
  };
  for (std::uint32_t t : h.targets) {
    for_each_in_chain(t, [&](std::uint32_t p) {
      const node& n = at(p);
      cause why = n.why;
      if (why == cause::none) {
        if (h.kind == hint_kind::cell)
          why = cause::naked_single;
        else if (h.kind == hint_kind::region)
          why = region_cause(h.region / 9);
      }
      if (!n.key.on || why == cause::none) return;
      const int cell = n.key.cell;
      if (why == cause::naked_single) {
        const values gone = static_cast<values>(initial.cand[cell] & ~current.cand[cell]);
        for (int v = 1; v <= 9; ++v)
          if (gone & bit(v)) add(cell, v);
      } else {
        const int kind = why == cause::hidden_block ? block
                         : why == cause::hidden_row ? row
                                                    : column;
        const int region = g.region_of[cell][kind];
        for (int c : g.cells[region])
          if ((initial.cand[c] & bit(n.key.value)) && !(current.cand[c] & bit(n.key.value)))
            add(c, n.key.value);
      }
    });
  }
}

// The deduplicated list SE's getHints hands out (LinkedHashSet of hints
// equal when they remove the same candidates).
void chainer::deduplicate(std::vector<chain_hint>& hints) {
  std::vector<chain_hint> out;
  for (chain_hint& h : hints) {
    bool seen = false;
    for (const chain_hint& o : out) {
      if (o.removals.size() != h.removals.size()) continue;
      bool same = true;
      for (std::size_t i = 0; same && i < h.removals.size(); ++i)
        same = o.removals[i].cell == h.removals[i].cell && o.removals[i].vals == h.removals[i].vals;
      if (same) {
        seen = true;
        break;
      }
    }
    if (!seen) out.push_back(std::move(h));
  }
  hints = std::move(out);
}

}  // namespace sudoku::se::chains
