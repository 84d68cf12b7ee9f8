// The chainer's parts that every chaining technique shares and that are not
// in a search's inner loop (chainer.hpp has those): the link tables of a fixed
// grid, what a hint's chains add up to (its complexity, difficulty and links),
// and the split of a search over the rating's threads.
//
// A search of the rating's own level (not a nested one) splits over the
// rating's threads by starting candidate (split()): each thread runs whole
// starts on its own chainer, arena and grid, the arenas are appended after,
// and the hints are put together in SE's order, so the path and the work do
// not depend on the threads.
#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

#include "se/chainer.hpp"
#include "se/crew.hpp"

namespace sudoku::se::chains {

namespace {

// SE's getLengthDifficulty: 0.1 more each time the chain outgrows a step of
// 4, 6, 8, 12, 16, 24, ... potentials (plus two).
double length_difficulty(int complexity) {
  double added = 0.0;
  int ceil = 4;
  int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

}  // namespace

// A nested search asks again at every step of the chain above it, on a
// grid that differs from the last one in a few candidates: then only the
// links those touch are worked out again.
void chainer::prepare_links(const board& grid) {
  links_ready_ = true;
  if (links_made_ && on_links_.size() < (1u << 20)) {
    update_links(grid);
    return;
  }
  links_made_ = true;
  links_grid_ = grid;
  on_links_.clear();
  if (++links_gen_ == 0) {
    on_gen_.fill(0);
    links_gen_ = 1;
  }
  links_.resize(81 * 9 * 4);
  link_y_.resize(81 * 9);
  link_n_.resize(81 * 9);
  board::position_table table;
  grid.all_positions(table);
  for (int i = 0; i < 81 * 9; ++i)
    make_off_links(grid, i, &table);
}
// The off -> on links of candidate i (cell * 9 + value - 1).
void chainer::make_off_links(const board& grid, int i, const board::position_table* table) {
  const int cell = i / 9, v = i % 9 + 1;
  link_n_[i] = link_y_[i] = 0;
  if (!(grid.cand[cell] & bit(v))) return;
  on_result out[4];
  const potential_key pk{static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(v), false};
  const int n = compute_off_to_on(grid, pk, nullptr, true, true, out, table);
  const int ny = n > 0 && out[0].region < 0 ? 1 : 0;  // the Y link comes first
  link_y_[i] = static_cast<std::uint8_t>(ny);
  link_n_[i] = static_cast<std::uint8_t>(n);
  for (int j = 0; j < n; ++j)
    links_[i * 4 + j] = out[j];
}
// A cell's links, on -> off and off -> on, depend on its candidates (the
// Y links) and on where each of its values is in its houses (the X links):
// a change at a cell redoes its own and those of the changed values in its
// houses.
void chainer::update_links(const board& grid) {
  const auto& g = geometry();
  std::array<bool, 81 * 9> redo{};
  for (int cell = 0; cell < 81; ++cell) {
    const unsigned changed = links_grid_.cand[cell] ^ grid.cand[cell];
    if (!changed) continue;
    for (int v = 0; v < 9; ++v)
      redo[cell * 9 + v] = true;
    for (unsigned r = changed; r != 0; r &= r - 1) {
      const int v = std::countr_zero(r);
      for (int c : g.house[cell])
        redo[c * 9 + v - 1] = true;
    }
  }
  for (int i = 0; i < 81 * 9; ++i) {
    if (!redo[i]) continue;
    on_gen_[i] = 0;  // made again when first asked
    make_off_links(grid, i, nullptr);
  }
  links_grid_ = grid;
}

void chainer::links_of(const chain_hint& h, std::vector<chain_link>& out) const {
  std::vector<std::pair<int, int>> seen;  // (parent key, child key)
  for (std::uint32_t t : h.targets) {
    for_each_in_chain(t, [&](std::uint32_t p) {
      const node& n = at(p);
      for (std::uint32_t i = 0; i < n.parents_count; ++i) {
        const std::uint32_t q = a_.parents[n.parents_begin + i];
        const std::pair<int, int> k{key(q), key(p)};
        if (std::find(seen.begin(), seen.end(), k) != seen.end()) continue;
        seen.push_back(k);
        const potential_key& from = at(q).key;
        out.push_back({from.cell, from.value, from.on, n.key.cell, n.key.value, n.key.on});
      }
    });
  }
}

void chainer::finish(chain_hint& h) const {
  std::sort(h.removals.begin(), h.removals.end(),
            [](const removal& a, const removal& b) { return a.cell < b.cell; });
  // One walk per target gives its ancestors, its nested chains (each
  // distinct full chain once: SE's getNestedComplexity) and, for a nested
  // rule's hint, its part of the fingerprint.
  const bool single = h.kind == hint_kind::cycle || h.kind == hint_kind::forcing;
  int flat = 0, nested = 0;
  std::uint64_t fp = 1469598103934665603ull;
  thread_local std::vector<std::uint64_t> processed;
  processed.clear();
  for (std::size_t i = 0; i < h.targets.size(); ++i) {
    int ancestors = 0;
    for_each_in_chain(h.targets[i], [&](std::uint32_t p) {
      ++ancestors;
      if (nested_) fp = (fp ^ static_cast<std::uint64_t>(key(p) + 1)) * 1099511628211ull;
      const std::int32_t ni = at(p).nested;
      if (ni < 0) return;
      const nested_chain& nc = a_.nested[ni];
      if (std::find(processed.begin(), processed.end(), nc.fingerprint) != processed.end()) return;
      processed.push_back(nc.fingerprint);
      nested += nc.complexity;
    });
    if (i == 0 || !single) flat += ancestors;
    fp = (fp ^ 0xffffu) * 1099511628211ull;
  }
  h.complexity = flat + nested;
  double base = 0;
  switch (h.kind) {
    case hint_kind::cycle:
      base = h.x && h.y ? 7.0 : 6.5;
      h.sort_key = h.x && h.y ? 4 : h.y ? 3 : 2;
      break;
    case hint_kind::forcing:
      base = h.x && h.y ? 7.0 : 6.6;
      h.sort_key = h.x && h.y ? 4 : h.y ? 3 : 2;
      break;
    case hint_kind::binary:
      base = base_difficulty();
      h.sort_key = h.absurd ? 7 : 1;
      break;
    case hint_kind::cell:
      base = base_difficulty();
      h.sort_key = 5;
      break;
    case hint_kind::region:
      base = base_difficulty();
      h.sort_key = 6;
      break;
  }
  h.difficulty = base + length_difficulty(h.complexity);
  if (nested_) h.fingerprint = fp;
}

// About a millisecond of chains on one thread.
constexpr std::uint64_t split_after = 1 << 14;

bool chainer::split(board& grid, std::size_t tasks, std::vector<std::vector<chain_hint>>& hints,
                    const start_runner& run) {
  crew* team = work_.helpers;
  // The first tasks run here, as on one thread, until they have made
  // split_after potentials: most searches of an easy or middling puzzle end
  // before that, and waking threads for them costs more than they save.
  std::size_t first = 0;
  const std::uint64_t start = work_.used;
  while (first < tasks &&
         (team == nullptr || team->threads() == 1 || work_.used - start < split_after))
    run(*this, grid, first++);
  if (tasks - first < 2) {  // nothing left to share
    while (first < tasks)
      run(*this, grid, first++);
    return false;
  }
  // Each worker has its own chainer, arena, budget and grid, and takes the
  // next start until none is left; its arena is then appended to this one.
  struct worker {
    arena a;
    budget work;
    board grid;
    chainer c;
    std::vector<std::uint32_t> done;  // the starts it ran
    // Going on from a lower level's chains, it starts from a copy of the
    // arena they are in; its own potentials come after (from node n0 on).
    std::uint32_t n0 = 0, p0 = 0;
    std::int32_t q0 = 0;
    worker(chainer& main, const board& g) : grid(g), c(main.rule_, a, work, main.nested_) {
      if (main.resuming_) {
        a = main.a_;
        n0 = static_cast<std::uint32_t>(a.nodes.size());
        p0 = static_cast<std::uint32_t>(a.parents.size());
        q0 = static_cast<std::int32_t>(a.nested.size());
        c.resume_from_ = &main.memo_;
      }
      c.links_ = main.links_;
      c.link_y_ = main.link_y_;
      c.link_n_ = main.link_n_;
      c.links_ready_ = main.links_ready_;
    }
  };
  std::vector<std::unique_ptr<worker>> workers(static_cast<std::size_t>(team->threads()));
  budget::shared_count shared;
  shared.base = work_.used;
  std::atomic<std::size_t> next{first};
  team->run([&](int w) {
    try {
      auto& me = workers[static_cast<std::size_t>(w)];
      me = std::make_unique<worker>(*this, grid);
      me->work.share(work_, shared, w == 0);
      for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < tasks;) {
        run(me->c, me->grid, i);
        me->done.push_back(static_cast<std::uint32_t>(i));
      }
      me->work.flush();
    } catch (...) {
      shared.stop.store(true, std::memory_order_relaxed);
      throw;
    }
  });
  work_.absorb(shared);
  for (const auto& w : workers) {
    if (!w) continue;  // the share left this one out
    // The worker's own nodes (from n0 on) go after this arena's.
    const std::uint32_t shift = static_cast<std::uint32_t>(a_.nodes.size()) - w->n0;
    const std::uint32_t parent_shift = static_cast<std::uint32_t>(a_.parents.size()) - w->p0;
    const std::int32_t nested_shift = static_cast<std::int32_t>(a_.nested.size()) - w->q0;
    auto moved = [&](std::uint32_t& n) {
      if (n >= w->n0) n += shift;
    };
    for (std::size_t i = w->n0; i < w->a.nodes.size(); ++i) {
      node n = w->a.nodes[i];
      n.parents_begin += parent_shift;
      if (n.nested >= w->q0) n.nested += nested_shift;
      a_.nodes.push_back(n);
    }
    for (std::size_t i = w->p0; i < w->a.parents.size(); ++i) {
      std::uint32_t p = w->a.parents[i];
      moved(p);
      a_.parents.push_back(p);
    }
    a_.nested.insert(a_.nested.end(), w->a.nested.begin() + w->q0, w->a.nested.end());
    for (std::uint16_t k : w->c.memo_used_) {
      std::unique_ptr<start_state>& m = w->c.memo_[k];
      m->on->shift(w->n0, shift);
      m->off->shift(w->n0, shift);
      if (m->absurd) {
        moved(m->absurd_on);
        moved(m->absurd_off);
      }
      memo_[k] = std::move(m);
      memo_used_.push_back(k);
    }
    w->c.memo_used_.clear();
    for (std::uint32_t i : w->done)
      for (chain_hint& h : hints[i])
        for (std::uint32_t& t : h.targets)
          moved(t);
  }
  return true;
}

}  // namespace sudoku::se::chains
