// The memoized search that splits what is left into independent parts: Fang,
// Luo, Li, Huang and Guan's DXD ("A Parallel Approach to Counting Exact Covers
// Based on Decomposability Property", SAT 2026), on DLX6's matrix.
//
// Items are linked when an active option holds both; a secondary item links
// the options on it while it has no color, and once it has one it no longer
// constrains them (every option left on it agrees), so it joins every part
// that uses it without linking them. When the items still to cover fall into
// two or more linked groups, each group is a subproblem of its own: the search
// hides the other groups' items from the active lists (which also takes their
// codes out of the signature, so the part is memoized under its own name),
// solves it, and joins the parts' diagrams in a product node. A part with no
// solution ends the node at once; the rest are not searched.
//
// Finding the parts must cost next to nothing where the problem never splits.
// A node's problem is its parent's, connected, less what the parent's choice
// took away, and every part that appears holds an item that lost an option to
// that choice (hide_option records the options it takes away). So the search
// starts one breadth-first front from each such item, one step of each in turn, and
// merges fronts that meet: when all have met there is no split (the usual
// case, found after a few steps near the choice); when the fronts of one
// group run out of items first, that group is a part, and the node is split
// by labelling every item. Only the root, whose problem may be in pieces from
// the start, is labelled outright.
//
// The search is recursive (a part is a search of its own inside a node), one
// frame per level; it runs on a thread whose stack is sized for the deepest
// possible path, so a problem of a million items needs no special care.
#include <algorithm>
#include <cstdint>
#include <new>

#include "memo_shared.hpp"

namespace dlx::detail {

// Calls visit(j) for each active item j (other than k) on each active option
// on item k not yet walked under the current mark.
template <class Visit>
void memo_search::for_each_link(std::int32_t k, Visit&& visit) {
  for (std::int32_t x = nodes_[k].down; x >= last_item_; x = nodes_[x].down) {
    const std::int32_t o = option_at_[static_cast<std::size_t>(x)];
    if (option_mark_[static_cast<std::size_t>(o)] == mark_) continue;
    option_mark_[static_cast<std::size_t>(o)] = mark_;
    for (std::int32_t nn = x + 1; nn != x;) {
      const std::int32_t cc = nodes_[nn].itm;
      if (cc <= 0) {
        nn = nodes_[nn].up;
        continue;
      }
      if (cc != k && code_[cc] != 0) visit(cc);
      ++nn;
    }
  }
}

namespace {

// How many links a look for parts may walk per update of the choices it looks
// at, and besides. On a 12x12 board of trominoes with holes this finds 28,572
// of the 41,883 splits an unbounded look finds (8 per update, 40,336).
constexpr std::uint64_t look_factor = 2;
constexpr std::uint64_t look_base = 64;
// The links the looks may walk in all: one per look_share updates.
constexpr std::uint64_t look_share = 32;
// The unbounded looks near the top allowed before the first split there, and
// again after each.
constexpr std::uint64_t shallow_allowance = 256;

// Union-find over the fronts of may_split, by index.
std::int32_t front_root(std::vector<std::int32_t>& parent, std::int32_t f) {
  while (parent[f] != f) {
    parent[f] = parent[parent[f]];
    f = parent[f];
  }
  return f;
}

}  // namespace

bool memo_search::may_split(std::size_t touched_from, bool bounded) {
  next_mark();
  // One first-in first-out queue serves every front, so they grow in turn, a
  // layer at a time. pending[g]: items queued and not yet expanded by the fronts
  // of group g (a union-find root); a group with none left is a whole part.
  std::vector<std::int32_t>& queue = scratch_queue_;
  std::vector<std::int32_t>& parent = scratch_parent_;
  std::vector<std::int32_t>& pending = scratch_pending_;
  queue.clear();
  parent.clear();
  pending.clear();
  std::uint64_t walked = 0;  // the entries of the options taken away
  for (std::size_t t = touched_from; t < touched_end_; ++t) {
    const std::int32_t rr = touched_[t];
    for (std::int32_t nn = rr + 1; nn != rr;) {
      const std::int32_t k = nodes_[nn].itm;
      if (k <= 0) {
        nn = nodes_[nn].up;
        continue;
      }
      ++nn;
      ++walked;
      if (code_[k] == 0 || !links(k) || item_mark_[k] == mark_) continue;
      item_mark_[k] = mark_;
      owner_[k] = static_cast<std::int32_t>(parent.size());
      parent.push_back(static_cast<std::int32_t>(parent.size()));
      pending.push_back(1);
      queue.push_back(k);
    }
  }
  stats_.part_checks += walked;
  auto groups = static_cast<std::int32_t>(parent.size());
  if (groups < 2) return false;
  // A look costs at most a few times what the choice cost (the updates it made,
  // the entries of the options it took away), so the search never spends much
  // more here than in dancing; past that the node is taken to be in one piece.
  const std::uint64_t stop_at =
      bounded ? stats_.part_checks + look_factor * walked + look_base : UINT64_MAX;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    if (stats_.part_checks > stop_at) {
      ++stats_.looks_given_up;
      return false;
    }
    const std::int32_t k = queue[head];
    const std::int32_t front = owner_[k];
    for_each_link(k, [&](std::int32_t j) {
      ++stats_.part_checks;
      if (!links(j)) return;
      if (item_mark_[j] != mark_) {
        item_mark_[j] = mark_;
        owner_[j] = front;
        ++pending[front_root(parent, front)];
        queue.push_back(j);
        return;
      }
      const std::int32_t a = front_root(parent, owner_[j]), b = front_root(parent, front);
      if (a == b) return;
      parent[a] = b;
      pending[b] += pending[a];
      --groups;
    });
    if (groups == 1) return false;
    if (--pending[front_root(parent, front)] == 0) return true;
  }
  return false;  // not reached: the last group's items run out only after the others'
}

// Whether this node, below the top levels, may look for parts: only while the
// links walked by every look so far stay under 1/look_share of the updates the
// search has made, so looking costs a few percent of the dancing at most,
// split or not (3-5% more instructions where nothing splits, with the looks
// near the top; those and the root's find the splits worth most). A node that
// does not look leaves its removals to the next that does, so a part is found
// all the same, lower down. Counting only
// the looks that found nothing was tried: on tilings with holes the search then
// split tens of thousands of times, each split labelling the whole board, for
// up to 18% more time and as much as 14% more diagram nodes.
bool memo_search::may_look() const noexcept {
  return looked_checks_ * look_share <= stats_.updates;
}

std::vector<memo_search::part> memo_search::parts() {
  next_mark();
  std::vector<part> out;
  std::vector<std::int32_t> colored;  // secondary items with a color the part uses
  for (std::int32_t k = items_[0].next; k != 0; k = items_[k].next) {
    if (item_mark_[k] == mark_) continue;
    const std::uint32_t tag = next_tag();
    part p;
    colored.clear();
    item_mark_[k] = mark_;
    p.items.push_back(k);
    for (std::size_t at = 0; at < p.items.size(); ++at) {
      for_each_link(p.items[at], [&](std::int32_t j) {
        ++stats_.part_checks;
        if (!links(j)) {
          if (part_tag_[j] != tag) part_tag_[j] = tag, colored.push_back(j);
        } else if (item_mark_[j] != mark_) {
          item_mark_[j] = mark_;
          p.items.push_back(j);
        }
      });
    }
    p.primaries = static_cast<std::size_t>(
        std::count_if(p.items.begin(), p.items.end(), [&](std::int32_t j) { return j < second_; }));
    p.items.insert(p.items.end(), colored.begin(), colored.end());
    out.push_back(std::move(p));
  }
  // The smallest parts first: one without a solution is found the soonest, and
  // the larger ones are not searched at all.
  std::stable_sort(out.begin(), out.end(),
                   [](const part& a, const part& b) { return a.primaries < b.primaries; });
  return out;
}

void memo_search::next_mark() {
  if (++mark_ == 0) {  // wrapped: clear the old marks
    std::fill(item_mark_.begin(), item_mark_.end(), 0);
    std::fill(option_mark_.begin(), option_mark_.end(), 0);
    mark_ = 1;
  }
}

std::uint32_t memo_search::next_tag() {
  if (++tag_ == 0) {  // wrapped: clear the old tags
    std::fill(part_tag_.begin(), part_tag_.end(), 0);
    tag_ = 1;
  }
  return tag_;
}

zdd::node_id memo_search::solve_parts(std::uint32_t level, std::vector<part>& parts) {
  ++stats_.splits;
  zdd::node_id product = zdd::top;
  std::vector<std::int32_t> hidden;
  for (const part& p : parts) {
    ++stats_.parts;
    next_mark();
    for (std::int32_t k : p.items)
      item_mark_[k] = mark_;
    hidden.clear();
    for (std::int32_t k = items_[0].next; k != 0;) {
      const std::int32_t next = items_[k].next;
      if (item_mark_[k] != mark_) unlink_item(k), hidden.push_back(k);
      k = next;
    }
    for (std::int32_t k = items_[last_item_].next; k != last_item_;) {
      const std::int32_t next = items_[k].next;
      if (item_mark_[k] != mark_) unlink_item(k), hidden.push_back(k);
      k = next;
    }
    const zdd::node_id z = solve(level, touched_end_, /*whole=*/true);
    for (auto it = hidden.rbegin(); it != hidden.rend(); ++it)
      relink_item(*it);
    if (z == zdd::bottom) return zdd::bottom;
    if (product != zdd::top) ++stats_.products;
    product = add_product(product, z);
  }
  return product;
}

zdd::node_id memo_search::add_product(zdd::node_id a, zdd::node_id b) {
  return shared_ ? shared_->add_product(thread_, a, b) : diagram_.add_product(a, b);
}

// The diagram of what is left; `touched_from` starts the options the parent's
// choice took away (SIZE_MAX at the root: none known), and `whole`
// says the problem is known to be in one piece (a part just split off). With
// threads, `may_defer` lets a subproblem another thread is solving return
// `deferred`, for the caller to come back to.
zdd::node_id memo_search::solve(std::uint32_t level, std::size_t touched_from, bool whole,
                                bool may_defer) {
  ++stats_.nodes;
  stats_.max_level = std::max(stats_.max_level, level);
  if (items_[0].next == 0) {  // a solution: counted as DLX6 counts it, a node and a hit
    ++stats_.hits;
    return zdd::top;
  }
  if (auto stop = limit_reached(level)) throw stop_search{*stop};
  std::uint32_t entry = 0;
  if (shared_) {
    zdd::node_id known = zdd::bottom;
    const auto found = shared_->find_or_claim(thread_, signature_.data(),
                                              signature_hash(signature_.data()), entry, known);
    if (found == shared_memo::found::done) {
      ++stats_.hits;
      return known;
    }
    if (found == shared_memo::found::pending && may_defer) return deferred;
  } else if (lookup(entry)) {
    ++stats_.hits;
    return *zdd_refs_.at(entry);
  }
  const auto remember = [&](zdd::node_id z) {
    if (shared_) {
      shared_->publish(thread_, entry, z);
    } else if (z != zdd::bottom) {
      *zdd_refs_.at(entry) = z;
      ++stats_.good_signatures;
    }
    return z;
  };
  const std::int32_t best = choose();
  // An item without options ends the node as it would without splitting; a
  // forced move (one option) leaves the look for parts to the node below,
  // which looks at what this node took away too.
  std::size_t below_from = touched_end_;
  if (!options_.decompose || whole || len_[best] == 0) {
    // not splitting, in one piece, or a dead end
  } else if (const bool shallow = touched_from != SIZE_MAX && level < shallow_levels_ &&
                                  len_[best] > 1 &&
                                  shallow_looks_ < shallow_allowance * (shallow_splits_ + 1);
             !shallow && touched_from != SIZE_MAX && (len_[best] == 1 || !may_look())) {
    below_from = touched_from;
  } else {
    // Near the top (see shallow_levels_) a look has no bound.
    shallow_looks_ += shallow;
    const std::uint64_t checks_before = stats_.part_checks;
    std::vector<part> found;
    if (touched_from == SIZE_MAX || may_split(touched_from, /*bounded=*/!shallow)) found = parts();
    looked_checks_ += stats_.part_checks - checks_before;
    if (found.size() > 1) {
      shallow_splits_ += shallow;
      return remember(solve_parts(level, found));
    }
  }
  return remember(solve_branches(level, best, below_from));
}

// The node's branches, one per option on item `best`, chained into its
// diagram node in their order.
zdd::node_id memo_search::solve_branches(std::uint32_t level, std::int32_t best,
                                         std::size_t below_from) {
  const std::size_t base = touched_end_;
  cover(best);
  const std::size_t after_best = touched_end_;
  const std::size_t from = std::min(below_from, base);
  zdd::node_id z = zdd::bottom;
  std::int32_t kept = 0;
  if (!shared_) {
    for (std::int32_t cur = nodes_[best].down; cur != best; cur = nodes_[cur].down) {
      cover_others(cur);
      const zdd::node_id below = solve(level + 1, from, false);
      uncover_others(cur, kept);
      touched_end_ = after_best;
      if (below != zdd::bottom) {
        z = diagram_.add(option_of_[static_cast<std::size_t>(kept)], z, below);
        ++stats_.zdd_nodes;
      }
    }
  } else {
    // Branches another thread is in are left for the end, when they may be done.
    if (branches_.size() <= depth_) branches_.emplace_back();
    std::vector<branch>& mine = branches_[depth_++];
    mine.clear();
    bool deferring = false;
    for (std::int32_t cur = nodes_[best].down; cur != best; cur = nodes_[cur].down) {
      cover_others(cur);
      const zdd::node_id below = solve(level + 1, from, false, true);
      uncover_others(cur, kept);
      touched_end_ = after_best;
      deferring |= below == deferred;
      if (below != zdd::bottom)
        mine.push_back({cur, option_of_[static_cast<std::size_t>(kept)], below});
    }
    if (deferring) {
      for (branch& b : mine) {
        if (b.below != deferred) continue;
        cover_others(b.cur);
        b.below = solve(level + 1, from, false);
        uncover_others(b.cur, kept);
        touched_end_ = after_best;
      }
    }
    z = shared_->add_chain(thread_, std::span<const branch>(mine));
    stats_.zdd_nodes += mine.size();
    --depth_;
  }
  uncover(best);
  touched_end_ = base;
  return z;
}

void memo_search::prepare_decomposing() {
  record_touched_ = true;
  // Each option is hidden at most once along a path, and a path's options are
  // all that touched_ holds at a time.
  touched_.assign(nodes_.size(), 0);
  option_at_.assign(nodes_.size(), -1);
  std::int32_t option = -1;
  std::uint64_t primary_entries = 0;
  for (std::size_t x = static_cast<std::size_t>(last_item_); x < nodes_.size(); ++x) {
    if (nodes_[x].itm <= 0) {
      ++option;
    } else {
      option_at_[x] = option;
      primary_entries += nodes_[x].itm < second_;
    }
  }
  // The first quarter of the levels a path takes, about: the primary items
  // over the primary items an option covers on average.
  if (option > 0 && primary_entries > 0) {
    shallow_levels_ =
        static_cast<std::uint32_t>(static_cast<std::uint64_t>(second_ - 1) *
                                   static_cast<std::uint64_t>(option) / (4 * primary_entries));
  }
  item_mark_.assign(items_.size(), 0);
  option_mark_.assign(option_of_.size(), 0);
  owner_.assign(items_.size(), -1);
  part_tag_.assign(items_.size(), 0);
  links_bytes_ += (option_at_.size() + touched_.size()) * sizeof(std::int32_t) +
                  items_.size() * (2 * sizeof(std::uint32_t) + sizeof(std::int32_t)) +
                  option_mark_.size() * sizeof(std::uint32_t);
}

std::size_t memo_search::stack_bytes() const noexcept {
  // A level covers at least one item and takes two frames (solve and
  // solve_branches or solve_parts).
  return (std::size_t{8} << 20) + items_.size() * 2048;
}

memo_result memo_search::run_decomposing() {
  prepare_decomposing();
  memo_status status = memo_status::complete;
  zdd::node_id root = zdd::bottom;
  try {
    run_with_stack(1, stack_bytes(), [&](unsigned) {
      try {
        root = solve(0, SIZE_MAX, false);
      } catch (const stop_search& s) {
        status = s.status;
      }
    });
  } catch (...) {
    status = out_of_memory();
  }
  return finish(status, root);
}

}  // namespace dlx::detail
