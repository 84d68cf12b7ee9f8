// SE's Nishio (7.5), multiple (8.0) and dynamic (8.5) forcing chains, and
// the search the dynamic chains of levels 1 to 5 run (nested_chains.cpp adds
// the other techniques they use inside).
//
// Every hint here comes from the chains of a start ("cell is value", or "is
// not"): do_chaining follows them to the end, or to a contradiction, and
// chain_from keeps each start's outcome, since a cell's forcing chains and
// every region forcing chain through it ask for the same one. A search plans
// its starts first (plan_starts), runs them (split over the rating's threads,
// chainer.cpp), then puts the hints together in SE's order: per cell, the
// binary (contradiction, double forcing) hints, the region ones, the cell
// ones.
#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <utility>
#include <vector>

#include "se/chainer.hpp"
#include "se/crew.hpp"

namespace sudoku::se::chains {

bool chainer::do_chaining(board& grid, potential_set& to_on, potential_set& to_off,
                          std::uint32_t& absurd_on, std::uint32_t& absurd_off, int after_level) {
  save_ = grid;
  struct restore {
    board& g;
    const board& s;
    ~restore() { g = s; }
  } restore_grid{grid, save_};
  // Nested rules are other instances: this one is never re-entered, so its
  // scratch buffers and save_ stay its own.
  const board& source = save_;
  growing<std::uint32_t>& pending_on = scratch_on_;
  growing<std::uint32_t>& pending_off = scratch_off_;
  // Going on from a lower level: every potential was processed, and the grid
  // lost what the chains turned off.
  bool resume = after_level >= 0;
  if (rule_.dynamic) start_positions(source);
  if (resume) {
    pending_on.clear();
    pending_off.clear();
    for (std::uint16_t k : to_off.keys()) {
      grid.cand[k / 18] = static_cast<values>(grid.cand[k / 18] & ~bit(k / 2 % 9 + 1));
      if (rule_.dynamic) lose_position(k / 18, k / 2 % 9 + 1);
    }
  } else {
    start_queues(to_on, to_off);
  }
  std::size_t on_head = 0, off_head = 0;
  const bool y = !rule_.nishio;
  bool found = false;
  std::vector<std::uint32_t>& advanced = scratch_advanced_;
  while (resume || on_head < pending_on.size() || off_head < pending_off.size()) {
    if (on_head < pending_on.size()) {
      const std::uint32_t p = pending_on[on_head++];
      on_to_off(grid, p, y, [&](int c, int v, cause why, int k) {
        if (found) return;
        const int conj = k ^ 1;
        if (to_on.contains(conj)) {
          absurd_on = to_on.get(conj);
          absurd_off = make(c, v, false, why, p);
          found = true;
        } else if (!to_off.contains(k)) {
          const std::uint32_t n = make(c, v, false, why, p);
          to_off.put(k, n);
          pending_off.push_back(n);
        }
      });
    } else if (off_head < pending_off.size()) {
      const std::uint32_t p = pending_off[off_head++];
      on_result made[4];
      const int count_made = off_to_on(grid, p, rule_.dynamic ? &source : nullptr, y, true, made);
      if (rule_.dynamic) {  // SE's p.off(): the grid remembers what chains turned off
        const potential_key pk = at(p).key;
        grid.cand[pk.cell] = static_cast<values>(grid.cand[pk.cell] & ~bit(pk.value));
        lose_position(pk.cell, pk.value);
      }
      for (int i = 0; i < count_made; ++i) {
        const int k = made[i].key();
        const int conj = k ^ 1;
        if (to_off.contains(conj)) {
          absurd_on = make_on(p, made[i], to_off);
          absurd_off = to_off.get(conj);
          found = true;
          break;
        }
        if (!to_on.contains(k)) {
          const std::uint32_t n = make_on(p, made[i], to_off);
          to_on.put(k, n);
          pending_on.push_back(n);
        }
      }
    }
    if (found) return true;
    if (on_head == pending_on.size() && off_head == pending_off.size() && rule_.level > 0) {
      advanced.clear();
      advanced_potentials(grid, source, to_off, advanced, resume ? after_level : -1);
      for (std::uint32_t n : advanced) {
        const int k = key(n);
        if (!to_off.contains(k)) {
          to_off.put(k, n);
          pending_off.push_back(n);
        }
      }
    }
    resume = false;
  }
  return false;
}

const start_state& chainer::chain_from(board& grid, int cell, int value, bool on) {
  const std::size_t i = memo_index(cell, value, on);
  std::unique_ptr<start_state>& m = memo_[i];
  if (!m && resume_from_ && (*resume_from_)[i]) m = std::move((*resume_from_)[i]);
  if (!m) {
    m = std::make_unique<start_state>();
    const std::uint32_t root = make(cell, value, on, cause::none);
    (on ? *m->on : *m->off).put(key(root), root);
  } else if (m->level >= rule_.level || m->absurd) {
    // Done at this level; or it ended in a contradiction, where a search of
    // this level ends too.
    m->level = std::max(m->level, rule_.level);
    return *m;
  }
  memo_used_.push_back(static_cast<std::uint16_t>(i));
  m->absurd = do_chaining(grid, *m->on, *m->off, m->absurd_on, m->absurd_off, m->level);
  m->level = rule_.level;
  return *m;
}

void chainer::binary_chaining(const board& grid, const start_state& from_on,
                              const start_state& from_off, std::vector<chain_hint>& result,
                              bool reduction, bool contradiction) {
  const potential_set& on_to_on = *from_on.on;
  const potential_set& on_to_off = *from_on.off;
  const potential_set& off_to_on = *from_off.on;
  const potential_set& off_to_off = *from_off.off;
  const std::uint32_t on = on_to_on.get(on_to_on.keys().front());  // the roots
  const std::uint32_t off = off_to_off.get(off_to_off.keys().front());
  auto binary = [&](std::uint32_t dst_on, std::uint32_t dst_off, std::uint32_t source,
                    std::uint32_t target, bool absurd, bool on_hint) {
    chain_hint h;
    h.kind = hint_kind::binary;
    h.absurd = absurd;
    h.targets = {dst_on, dst_off};
    if (on_hint)
      removal_on(h, grid, target);
    else
      removal_off(h, target);
    if (h.removals.empty()) return;
    // SE's getResult: the source's opposite for a contradiction or Nishio,
    // else the "on" end.
    const potential_key res =
        (rule_.nishio || absurd)
            ? potential_key{at(source).key.cell, at(source).key.value, !at(source).key.on}
            : at(dst_on).key;
    if (res.on) {
      h.cell = res.cell;
      h.value = res.value;
    }
    finish(h);
    result.push_back(std::move(h));
  };
  if (from_on.absurd && contradiction)
    binary(from_on.absurd_on, from_on.absurd_off, on, on, true, false);
  if (from_off.absurd && contradiction)
    binary(from_off.absurd_on, from_off.absurd_off, off, off, true, true);
  if (reduction) {
    for (std::uint16_t k : on_to_on.keys()) {
      if (!off_to_on.contains(k)) continue;
      const std::uint32_t dst_on = on_to_on.get(k);
      binary(dst_on, off_to_on.get(k), on, dst_on, false, true);
    }
    for (std::uint16_t k : on_to_off.keys()) {
      if (!off_to_off.contains(k)) continue;
      const std::uint32_t dst_off = off_to_off.get(k);
      binary(on_to_off.get(k), dst_off, off, dst_off, false, false);
    }
  }
}

void chainer::region_chainings(const board& grid, std::vector<chain_hint>& result, int cell,
                               int value, const start_state& from_on) const {
  const auto& g = geometry();
  for (int kind : {block, row, column}) {
    const int region = g.region_of[cell][kind];
    const std::uint16_t pos = region_places(grid, region, cell, value);
    if (pos == 0) continue;
    // The outcomes of the value's places, the cell's own (the first) first.
    std::array<const potential_set*, 9> ons{}, offs{};
    int n = 0;
    for (int i = 0; i < 9; ++i) {
      if (!(pos >> i & 1)) continue;
      const int other = g.cells[region][i];
      const start_state& o = other == cell ? from_on : started(other, value);
      ons[n] = o.on.operator->();
      offs[n++] = o.off.operator->();
    }
    for (int side = 0; side < 2; ++side) {
      const auto& outcomes = side == 0 ? ons : offs;
      for_each_common(outcomes.data(), n, [&](int k) {
        chain_hint h;
        h.kind = hint_kind::region;
        h.region = region;
        add_common_hint(std::move(h), grid, outcomes[0]->get(k), result, [&](auto& targets) {
          for (int i = 0; i < n; ++i)
            targets.push_back(outcomes[i]->get(k));
        });
      });
    }
  }
}

void chainer::plan_starts(const board& grid, std::vector<start_task>& tasks,
                          std::array<std::int16_t, 81 * 10>& task_of) const {
  const auto& g = geometry();
  task_of.fill(-1);
  auto need = [&](int cell, int value, bool binary) {
    std::int16_t& t = task_of[static_cast<std::size_t>(cell * 10 + value)];
    if (t < 0) {
      t = static_cast<std::int16_t>(tasks.size());
      tasks.push_back({static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(value), false});
    }
    tasks[static_cast<std::size_t>(t)].binary |= binary;
  };
  for (int cell = 0; cell < 81; ++cell) {
    if (!starts_at(grid, cell)) continue;
    for (int v = 1; v <= 9; ++v) {
      if (!(grid.cand[cell] & bit(v))) continue;
      need(cell, v, true);
      if (rule_.nishio) continue;
      // region_chainings: the region's other places, from its first one.
      for (int kind : {block, row, column}) {
        const int region = g.region_of[cell][kind];
        const std::uint16_t pos = region_places(grid, region, cell, v);
        for (int i = 0; i < 9; ++i)
          if ((pos >> i & 1) && g.cells[region][i] != cell) need(g.cells[region][i], v, false);
      }
    }
  }
}

void chainer::run_start(board& grid, const start_task& t, std::vector<chain_hint>& hints) {
  const start_state& from_on = chain_from(grid, t.cell, t.value, true);
  if (!t.binary) return;
  const start_state& from_off = chain_from(grid, t.cell, t.value, false);
  const int card = count(grid.cand[t.cell]);
  const bool reduction = card >= 3 && !rule_.nishio && rule_.dynamic;
  const bool contradiction = rule_.dynamic || rule_.nishio;
  binary_chaining(grid, from_on, from_off, hints, reduction, contradiction);
}

void chainer::cell_hints(const board& grid, int cell,
                         std::vector<std::vector<chain_hint>>& binary_hints,
                         const std::array<std::int16_t, 81 * 10>& task_of,
                         std::vector<chain_hint>& result) const {
  const values cand = grid.cand[cell];
  const int card = count(cand);
  // The outcomes of the cell's values, in order.
  std::array<const potential_set*, 9> ons{}, offs{};
  int n = 0;
  for (int v = 1; v <= 9; ++v) {
    if (!(cand & bit(v))) continue;
    const start_state& from_on = started(cell, v);
    for (chain_hint& h : binary_hints[static_cast<std::size_t>(task_of[cell * 10 + v])])
      result.push_back(std::move(h));
    if (!rule_.nishio) region_chainings(grid, result, cell, v, from_on);
    ons[n] = from_on.on.operator->();
    offs[n++] = from_on.off.operator->();
  }
  if (rule_.nishio || !(card == 2 || (rule_.multiple && card > 2))) return;
  for (int side = 0; side < 2; ++side) {
    const auto& outcomes = side == 0 ? ons : offs;
    for_each_common(outcomes.data(), n, [&](int k) {
      chain_hint h;
      h.kind = hint_kind::cell;
      add_common_hint(std::move(h), grid, outcomes[0]->get(k), result, [&](auto& targets) {
        for (int i = 0; i < n; ++i)
          targets.push_back(outcomes[i]->get(k));
      });
    });
  }
}

void chainer::multiple_chains(board& grid, std::vector<chain_hint>& result) {
  struct forget {
    start_states& memo;
    std::vector<std::uint16_t>& used;
    bool keep;
    ~forget() {
      if (!keep)
        for (std::uint16_t i : used)
          memo[i].reset();
      used.clear();
    }
  } forget_memo{memo_, memo_used_, keep_memo_};
  // First every chain the hints come from: the chains from "cell is v" and
  // "cell is not v" for each start (over the threads, if there are several),
  // with the binary hints of each pair; then the hints in SE's order.
  std::vector<start_task> tasks;
  std::array<std::int16_t, 81 * 10> task_of;
  plan_starts(grid, tasks, task_of);
  std::vector<std::vector<chain_hint>> binary_hints(tasks.size());
  const bool long_search = split(
      grid, tasks.size(), binary_hints,
      [&](chainer& c, board& g, std::size_t i) { c.run_start(g, tasks[i], binary_hints[i]); });
  // Then the hints, cell by cell (over the threads too when the chains were:
  // this part only reads them), in SE's order.
  std::vector<std::vector<chain_hint>> per_cell(81);
  auto hints_from = [&](std::atomic<int>& next) {
    for (int cell; (cell = next.fetch_add(1, std::memory_order_relaxed)) < 81;)
      if (starts_at(grid, cell)) cell_hints(grid, cell, binary_hints, task_of, per_cell[cell]);
  };
  std::atomic<int> next_cell{0};
  if (long_search)
    work_.helpers->run([&](int) { hints_from(next_cell); });
  else
    hints_from(next_cell);
  for (std::vector<chain_hint>& hints : per_cell)
    for (chain_hint& h : hints)
      result.push_back(std::move(h));
}

}  // namespace sudoku::se::chains
