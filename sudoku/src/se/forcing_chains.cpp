// SE's X-, Y- and XY-cycles and forcing chains (6.5 to 7.0 and up): the
// chains of one candidate at a time on a fixed grid, "unary" in SE's words.
//
// These are the most numerous searches of a rating and their potentials are
// mostly dropped, so a search here keeps its potentials as plain records
// (lazy nodes) with a bitset of the keys on their path, and makes arena nodes
// only for the chains of a hint (materialize). do_cycles and
// do_forcing_chains_off are the inner loops; they stay in this file with
// their caller.
#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "se/chainer.hpp"

namespace sudoku::se::chains {

std::uint32_t chainer::reversed_cycle(std::uint32_t dst_on) {
  std::vector<std::uint32_t> orig;
  for (std::uint32_t p = dst_on;;) {
    orig.push_back(p);
    if (!at(p).parents_count) break;
    p = first_parent(p);
  }
  // orig: dst_on ... root. The reversed chain starts at the root's reverse and
  // leads, parent by parent, to dst_on's reverse.
  std::int64_t prev = -1;
  for (std::uint32_t o : orig) {
    const node n = at(o);
    prev = make(n.key.cell, n.key.value, !n.key.on, n.why, prev);
  }
  return static_cast<std::uint32_t>(prev);
}

void chainer::do_cycles(const board& grid, key_bits& to_on, key_bits& to_off, bool y, bool x,
                        std::vector<std::uint32_t>& cycles, std::vector<std::uint32_t>* chains,
                        int source, std::uint32_t start) {
  growing<std::uint32_t>& pending_on = scratch_on_;
  growing<std::uint32_t>& pending_off = scratch_off_;
  pending_on.clear();
  pending_off.clear();
  pending_on.push_back(start);
  std::size_t on_head = 0, off_head = 0;
  int length = 0;
  const int source_off = source ^ 1;
  bool source_off_hit = false;  // the forcing chain to "source is off", once
  while (on_head < pending_on.size() || off_head < pending_off.size()) {
    ++length;
    while (on_head < pending_on.size()) {
      const std::uint32_t p = pending_on[on_head++];
      on_links_at(grid, lazy_[p].key >> 1, y, [&](int c, int v, cause why, int k) {
        const bool hit = k == source_off && chains && !source_off_hit;
        if (!to_off.has(k)) {  // then it is not one of p's ancestors either
          const std::uint32_t n = make_lazy(k, why, p);
          pending_off.push_back(n);
          to_off.add(k);
          if (hit) chains->push_back(n), source_off_hit = true;
          return;
        }
        // SE queues every copy of an off potential. A later copy finds only
        // what the first already put in to_on, so it matters only if it leads
        // back to the source in a cycle long enough: skip the others.
        const bool copy =
            length + 1 >= 4 && !lazy_is_parent(p, k) && leads_to(grid, c, v, y, x, source);
        if (!copy && !hit) return;
        const std::uint32_t n = make_lazy(k, why, p);
        if (hit) chains->push_back(n), source_off_hit = true;
        if (copy) {
          pending_off.push_back(n);
          to_off.add(k);
        }
      });
    }
    ++length;
    while (off_head < pending_off.size()) {
      const std::uint32_t p = pending_off[off_head++];
      on_result made[4];
      const int count_made = off_links_at(lazy_[p].key >> 1, y, x, made);
      for (int i = 0; i < count_made; ++i) {
        const int k = made[i].key();
        const bool cycle = length >= 4 && k == source;
        const bool add = !to_on.has(k);
        if (!cycle && !add) continue;
        const std::uint32_t n = make_lazy(k, made[i].why, p);
        if (cycle) cycles.push_back(n);
        if (add) {
          pending_on.push_back(n);
          to_on.add(k);
        }
      }
    }
  }
}

void chainer::do_forcing_chains_off(const board& grid, key_bits& to_on, key_bits& to_off, bool y,
                                    std::vector<std::uint32_t>& chains, int source,
                                    std::uint32_t start) {
  growing<std::uint32_t>& pending_on = scratch_on_;
  growing<std::uint32_t>& pending_off = scratch_off_;
  pending_on.clear();
  pending_off.clear();
  pending_off.push_back(start);
  std::size_t on_head = 0, off_head = 0;
  const int source_on = source ^ 1;
  bool source_on_hit = false;  // the forcing chain to "source is on", once
  while (on_head < pending_on.size() || off_head < pending_off.size()) {
    while (on_head < pending_on.size()) {
      const std::uint32_t p = pending_on[on_head++];
      on_links_at(grid, lazy_[p].key >> 1, y, [&](int, int, cause why, int k) {
        // An off potential already known is in to_off, p's ancestors too.
        if (to_off.has(k)) return;
        const std::uint32_t n = make_lazy(k, why, p);
        pending_off.push_back(n);
        to_off.add(k);
      });
    }
    while (off_head < pending_off.size()) {
      const std::uint32_t p = pending_off[off_head++];
      on_result made[4];
      const int count_made = off_links_at(lazy_[p].key >> 1, y, true, made);
      for (int i = 0; i < count_made; ++i) {
        const int k = made[i].key();
        const bool hit = k == source_on && !source_on_hit;
        const bool add = !to_on.has(k);
        if (!hit && !add) continue;
        const std::uint32_t n = make_lazy(k, made[i].why, p);
        if (hit) chains.push_back(n), source_on_hit = true;
        if (add) {
          pending_on.push_back(n);
          to_on.add(k);
        }
      }
    }
  }
}

// The arena node of a lazy potential, its ancestors made first (each once).
std::uint32_t chainer::materialize(std::uint32_t i) {
  if (lazy_made_.size() != lazy_.size()) lazy_made_.assign(lazy_.size(), no_parent);
  thread_local std::vector<std::uint32_t> path;
  path.clear();
  std::uint32_t p = i;
  for (; p != no_parent && lazy_made_[p] == no_parent; p = lazy_[p].parent)
    path.push_back(p);
  std::int64_t parent = p == no_parent ? -1 : std::int64_t{lazy_made_[p]};
  for (auto q = path.rbegin(); q != path.rend(); ++q) {
    const potential_key pk = key_at(lazy_[*q].key);
    parent = make_node(pk.cell, pk.value, pk.on, lazy_[*q].why, parent);
    lazy_made_[*q] = static_cast<std::uint32_t>(parent);
  }
  return lazy_made_[i];
}

void chainer::unary_chaining(const board& grid, int cell, int value,
                             std::vector<chain_hint>& result, bool y, bool x) {
  if (count(grid.cand[cell]) > 2 && !x) return;  // Y-cycles start from bivalue cells
  lazy_.clear();
  lazy_made_.clear();
  const int source_on = key_of(cell, value, true);
  const std::uint32_t on = make_lazy(source_on, cause::none, no_parent);
  std::vector<std::uint32_t> cycles, chains;
  // Sets of this chainer's own: the searches here are many and short.
  key_bits& to_on = unary_on_;
  key_bits& to_off = unary_off_;
  to_on.clear();
  to_off.clear();
  to_on.add(source_on);
  do_cycles(grid, to_on, to_off, y, x, cycles, x ? &chains : nullptr, source_on, on);
  if (x) {
    const int source_off = source_on ^ 1;
    const std::uint32_t off = make_lazy(source_off, cause::none, no_parent);
    to_on.clear();
    to_off.clear();
    to_off.add(source_off);
    do_forcing_chains_off(grid, to_on, to_off, y, chains, source_off, off);
  }
  // The hints' chains as arena nodes.
  for (std::uint32_t& c : cycles)
    c = materialize(c);
  for (std::uint32_t& c : chains)
    c = materialize(c);
  const auto& g = geometry();
  for (std::uint32_t dst_on : cycles) {
    const std::uint32_t dst_off = reversed_cycle(dst_on);
    chain_hint h;
    h.kind = hint_kind::cycle;
    h.x = x;
    h.y = y;
    h.targets = {dst_on, dst_off};
    std::array<bool, 81> in_cycle{};
    for (std::uint32_t p = dst_on; at(p).parents_count; p = first_parent(p))
      in_cycle[at(p).key.cell] = true;
    std::vector<int> forw, back;  // keys, in order, each once
    std::array<bool, key_count> in_forw{}, in_back{};
    for (std::uint32_t p = dst_on; at(p).parents_count; p = first_parent(p)) {
      const potential_key pk = at(p).key;
      for (int c : g.house[pk.cell]) {
        if (in_cycle[c] || !(grid.cand[c] & bit(pk.value))) continue;
        const int k = key_of(c, pk.value, false);
        if (pk.on) {
          if (!in_forw[k]) in_forw[k] = true, forw.push_back(k);
        } else {
          if (!in_back[k]) in_back[k] = true, back.push_back(k);
        }
      }
    }
    for (int k : forw)
      if (in_back[k]) add_removal(h.removals, k / 18, bit(k / 2 % 9 + 1));
    if (h.removals.empty()) continue;
    finish(h);
    result.push_back(std::move(h));
  }
  for (std::uint32_t target : chains) {
    chain_hint h;
    h.kind = hint_kind::forcing;
    h.x = x;
    h.y = y;
    h.targets = {target};
    if (at(target).key.on) {
      removal_on(h, grid, target);
      h.cell = at(target).key.cell;
      h.value = at(target).key.value;
    } else {
      removal_off(h, target);
    }
    if (h.removals.empty()) continue;
    finish(h);
    result.push_back(std::move(h));
  }
}

void chainer::unary_chains(board& grid, std::vector<chain_hint>& result) {
  static constexpr bool modes[3][2] = {{false, true}, {true, false}, {true, true}};  // (y, x)
  for (const auto& m : modes) {
    // XY hints rate 7.0 and more: when looking for the first hint only, an
    // X or Y hint under 7.0 comes before all of them (the path is the same;
    // the work is less).
    if (!nested_ && m[0] && m[1] &&
        std::any_of(result.begin(), result.end(),
                    [](const chain_hint& h) { return h.difficulty < 7.0; }))
      break;
    std::vector<std::pair<std::uint8_t, std::uint8_t>> starts;  // (cell, value)
    for (int cell = 0; cell < 81; ++cell)
      if (!grid.value[cell] && count(grid.cand[cell]) > 1)
        for (int v = 1; v <= 9; ++v)
          if (grid.cand[cell] & bit(v))
            starts.emplace_back(static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(v));
    std::vector<std::vector<chain_hint>> hints(starts.size());
    split(grid, starts.size(), hints, [&](chainer& c, board& g, std::size_t i) {
      c.unary_chaining(g, starts[i].first, starts[i].second, hints[i], m[0], m[1]);
    });
    for (std::vector<chain_hint>& h : hints)
      for (chain_hint& one : h)
        result.push_back(std::move(one));
  }
}

}  // namespace sudoku::se::chains
