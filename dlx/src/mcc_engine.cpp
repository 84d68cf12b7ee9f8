// Dancing links with colors and multiplicities: Knuth's Algorithm C (DLX2) and
// Algorithm M (DLX3), TAOCP 7.2.2.1.
//
// Layout. As in links_engine.cpp (one flat node array, 32-bit links, item
// headers 1..N, spacers between options), plus a color in every node and, per
// item, its residual `bound` and its `slack` (upper minus lower bound). A node's
// color is 0 when its entry has none, the entry's color when it has one, and -1
// while its secondary item is "purified" with that very color: such a node
// stays in its item's list when its option is hidden, so it costs no update,
// exactly as in DLX2. Every option gets nodes, but options without a primary
// item are never linked into the lists (no search can choose them); they exist
// so that they can be preselected.
//
// Search. Knuth's DLX3 loop made iterative and resumable: each level records
// the item it branches on, the node chosen (the item's header for DLX3's "null"
// move, which closes an item that has met its lower bound), and where tweaking
// began. An item whose residual bound is 1 and slack 0 is covered and its
// options tried in turn, as in DLX1 and DLX2; any other item is "tweaked": its
// options are tried from the top, each one removed from the item's list once
// tried, so later branches never choose it again. The branching item is the one
// of smallest degree len + min(slack, bound) - bound + 1, with DLX3's tie-breaks.
//
// Counting. Problems with multiplicities count exactly as DLX3; problems with
// colors only count exactly as DLX2, whose one difference is that it covers the
// branching item before noticing that it has no options left (one update more
// at every dead end). Without colors or bounds the tree is DLX1's, but plain
// problems use links_engine.cpp, whose nodes are smaller.
#include <algorithm>
#include <limits>

#include "engine.hpp"

namespace dlx::detail {

namespace {

struct node {
  std::int32_t item;  // header: the list's length; spacer: ~option
  std::uint32_t up;
  std::uint32_t down;
  std::int32_t color;  // 0 none, > 0 a color, -1 cleansed (see above)
};

// Per header index: the active ring ([0] heads the primary items, [N+1] the
// secondary ones), the residual bound and the slack. Signed because DLX3's
// tests compare len with bound - slack, which can be negative.
struct item_state {
  std::uint32_t prev;
  std::uint32_t next;
  std::int32_t bound;
  std::int32_t slack;
};

// One level of the search.
struct level_state {
  std::uint32_t item;         // header of the item branched on
  std::uint32_t choice;       // node chosen; `item` itself for a null move
  std::uint32_t first_tweak;  // where tweaking began (0: the item was covered)
  std::uint32_t start;        // seeded searches: the first option tried
  std::uint32_t degree;       // its alternatives (the branching degree)
  std::uint32_t tried;        // alternatives tried so far, for the guesses
};

class mcc_engine final : public engine {
 public:
  explicit mcc_engine(const problem& p);
  mcc_engine(const mcc_engine&) = default;

  std::unique_ptr<engine> clone() const override { return std::make_unique<mcc_engine>(*this); }
  engine_kind kind() const noexcept override { return engine_kind::dancing_links; }
  bool check_invariants() const override;

 private:
  void apply_preselected(option_id option) override;
  void revert_preselection(std::size_t keep) override;
  bool nothing_to_cover() const override { return items_[0].next == 0; }
  bool advance(bool fresh) override { return randomized_ ? run<true>(fresh) : run<false>(fresh); }
  void unwind() override;
  void append_chosen(std::vector<option_id>& out) const override;
  void append_path(std::vector<option_id>& out) const override;
  std::uint32_t floor_here() const override { return level_; }

  template <bool Randomized>
  bool run(bool fresh);

  // The dance steps, as in DLX3. `updates` and `cleansings_` follow Knuth.
  void unlink_node(std::uint32_t x, std::uint64_t& updates);
  void relink_node(std::uint32_t x);
  void hide(std::uint32_t r, std::uint64_t& updates);  // the other nodes of r's option
  void unhide(std::uint32_t r);
  void cover(std::uint32_t c, bool deactivate, std::uint64_t& updates);
  void uncover(std::uint32_t c, bool reactivate);
  void purify(std::uint32_t p, std::uint64_t& updates);
  void unpurify(std::uint32_t p);
  void tweak(std::uint32_t n, bool block, std::uint64_t& updates);
  void untweak(std::uint32_t c, std::uint32_t first, bool unblock);
  void deactivate(std::uint32_t c);
  void reactivate(std::uint32_t c);
  // The other items of the option holding node `cur`: covered, purified, or (for
  // a primary item with bound left) counted down.
  void commit_others(std::uint32_t cur, std::uint64_t& updates);
  void uncommit_others(std::uint32_t cur);
  void commit_entry(std::uint32_t x, std::uint64_t& updates);
  void uncommit_entry(std::uint32_t x);
  // Undoes level `l` entirely (its option's items, then the branching item).
  void undo_level(std::uint32_t l);
  void restore_branch_item(std::uint32_t l);
  [[nodiscard]] std::uint32_t option_of(std::uint32_t x) const;

  std::vector<node> nodes_;
  std::vector<item_state> items_;
  std::vector<std::uint32_t> purifier_;     // per header: the node that purified it, or 0
  std::vector<std::uint32_t> option_node_;  // first node of each option
  std::uint32_t first_spacer_ = 0;
  std::uint64_t cleansings_ = 0;
  std::vector<level_state> levels_;
  std::uint32_t level_ = 0;  // levels in progress when the search is paused
};

mcc_engine::mcc_engine(const problem& p) : engine(p) {
  const std::uint32_t n = item_count_;
  const std::uint32_t primaries = primary_count_;
  first_spacer_ = n + 1;

  items_.resize(n + 2);
  auto make_ring = [&](std::uint32_t head, std::uint32_t first, std::uint32_t last) {
    std::uint32_t prev = head;
    for (std::uint32_t k = first; k <= last; ++k) {
      items_[prev].next = k;
      items_[k].prev = prev;
      prev = k;
    }
    items_[prev].next = head;
    items_[head].prev = prev;
  };
  make_ring(0, 1, primaries);
  make_ring(n + 1, primaries + 1, n);
  std::uint64_t total_upper = 0;
  for (std::uint32_t k = 0; k < primaries; ++k) {
    const std::uint32_t upper = multiplicities() ? upper_[k] : 1;
    const std::uint32_t lower = multiplicities() ? lower_[k] : 1;
    items_[k + 1].bound = static_cast<std::int32_t>(upper);
    items_[k + 1].slack = static_cast<std::int32_t>(upper - lower);
    total_upper += upper;
  }
  purifier_.assign(n + 2, 0);

  nodes_.reserve(n + 2 + option_items_.size() + option_count());
  nodes_.push_back({0, 0, 0, 0});
  for (std::uint32_t k = 1; k <= n; ++k)
    nodes_.push_back({0, k, k, 0});
  nodes_.push_back({std::numeric_limits<std::int32_t>::min(), 0, 0, 0});  // first spacer
  option_node_.reserve(option_count());
  for (option_id o = 0; o < option_count(); ++o) {
    const bool linked = option_has_primary_[o] != 0;
    const auto spacer = static_cast<std::uint32_t>(nodes_.size() - 1);
    const auto first = static_cast<std::uint32_t>(nodes_.size());
    option_node_.push_back(first);
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      const std::uint32_t k = option_items_[i] + 1;
      const auto x = static_cast<std::uint32_t>(nodes_.size());
      const auto color = static_cast<std::int32_t>(entry_color(i));
      if (linked) {
        const std::uint32_t last = nodes_[k].up;
        nodes_.push_back({static_cast<std::int32_t>(k), last, k, color});
        nodes_[last].down = x;
        nodes_[k].up = x;
        ++nodes_[k].item;
      } else {
        nodes_.push_back({static_cast<std::int32_t>(k), x, x, color});
      }
    }
    nodes_[spacer].down = static_cast<std::uint32_t>(nodes_.size() - 1);
    nodes_.push_back({static_cast<std::int32_t>(~o), first, 0, 0});
  }
  if (nodes_.size() > std::numeric_limits<std::int32_t>::max()) {
    throw problem_error("problem too large for 32-bit links");
  }
  // A level either chooses an option (at most one per option, and at most the
  // sum of the upper bounds) or closes a primary item with a null move.
  const std::uint64_t chosen = std::min<std::uint64_t>(total_upper, option_count());
  levels_.assign(static_cast<std::size_t>(chosen) + primaries + 1, level_state{});
}

inline void mcc_engine::unlink_node(std::uint32_t x, std::uint64_t& updates) {
  node* const nd = nodes_.data();
  const std::uint32_t uu = nd[x].up, dd = nd[x].down;
  nd[uu].down = dd;
  nd[dd].up = uu;
  --nd[nd[x].item].item;
  ++updates;
}

inline void mcc_engine::hide(std::uint32_t r, std::uint64_t& updates) {
  node* const nd = nodes_.data();
  for (std::uint32_t nn = r + 1; nn != r;) {
    if (nd[nn].item < 0) {  // spacer: back to the first entry of the option
      nn = nd[nn].up;
      continue;
    }
    if (nd[nn].color >= 0) unlink_node(nn, updates);
    ++nn;
  }
}

inline void mcc_engine::relink_node(std::uint32_t x) {
  node* const nd = nodes_.data();
  nd[nd[x].up].down = x;
  nd[nd[x].down].up = x;
  ++nd[nd[x].item].item;
}

inline void mcc_engine::unhide(std::uint32_t r) {
  node* const nd = nodes_.data();
  for (std::uint32_t nn = r - 1; nn != r;) {
    if (nd[nn].item < 0) {  // spacer: forward to the last entry of the option
      nn = nd[nn].down;
      continue;
    }
    if (nd[nn].color >= 0) relink_node(nn);
    --nn;
  }
}

inline void mcc_engine::deactivate(std::uint32_t c) {
  const std::uint32_t l = items_[c].prev, r = items_[c].next;
  items_[l].next = r;
  items_[r].prev = l;
}

inline void mcc_engine::reactivate(std::uint32_t c) {
  const std::uint32_t l = items_[c].prev, r = items_[c].next;
  items_[l].next = c;
  items_[r].prev = c;
}

void mcc_engine::cover(std::uint32_t c, bool deact, std::uint64_t& updates) {
  if (deact) deactivate(c);
  ++updates;
  for (std::uint32_t rr = nodes_[c].down; rr != c; rr = nodes_[rr].down)
    hide(rr, updates);
}

void mcc_engine::uncover(std::uint32_t c, bool react) {
  for (std::uint32_t rr = nodes_[c].up; rr != c; rr = nodes_[rr].up)
    unhide(rr);
  if (react) reactivate(c);
}

// Gives node p's secondary item p's color: options with another color (or none)
// there are hidden, and those with the same color are marked, so that they keep
// the item when chosen later and are not counted again when hidden.
void mcc_engine::purify(std::uint32_t p, std::uint64_t& updates) {
  node* const nd = nodes_.data();
  const auto cc = static_cast<std::uint32_t>(nd[p].item);
  const std::int32_t x = nd[p].color;
  purifier_[cc] = p;
  ++cleansings_;
  for (std::uint32_t rr = nd[cc].down; rr != cc; rr = nd[rr].down) {
    if (nd[rr].color != x) {
      hide(rr, updates);
    } else if (rr != p) {
      ++cleansings_;
      nd[rr].color = -1;
    }
  }
}

void mcc_engine::unpurify(std::uint32_t p) {
  node* const nd = nodes_.data();
  const auto cc = static_cast<std::uint32_t>(nd[p].item);
  const std::int32_t x = nd[p].color;
  for (std::uint32_t rr = nd[cc].up; rr != cc; rr = nd[rr].up) {
    if (nd[rr].color < 0) {
      nd[rr].color = x;
    } else if (rr != p) {
      unhide(rr);
    }
  }
  purifier_[cc] = 0;
}

// Removes node n (the top of its item's list) from that list, and with `block`
// hides the rest of its option too.
inline void mcc_engine::tweak(std::uint32_t n, bool block, std::uint64_t& updates) {
  if (block) hide(n, updates);
  unlink_node(n, updates);
}

// Knuth's untweak: the tweaked nodes, from `first` down, still point at their
// successors, so the list is rebuilt by restoring their `up` links.
void mcc_engine::untweak(std::uint32_t c, std::uint32_t first, bool unblock) {
  node* const nd = nodes_.data();
  const std::uint32_t z = nd[c].down;
  nd[c].down = first;
  std::int32_t k = 0;
  std::uint32_t qq = c, rr = first;
  for (; rr != z; qq = rr, rr = nd[rr].down) {
    nd[rr].up = qq;
    ++k;
    // The option's other nodes are each in a list of its own, so the order in
    // which they go back does not matter (Knuth goes rightward, unhide leftward).
    if (unblock) unhide(rr);
  }
  nd[rr].up = qq;
  nd[c].item += k;
  if (!unblock) uncover(c, false);
}

inline void mcc_engine::commit_entry(std::uint32_t x, std::uint64_t& updates) {
  const auto cc = static_cast<std::uint32_t>(nodes_[x].item);
  if (cc <= primary_count_) {
    if (--items_[cc].bound == 0) cover(cc, true, updates);
  } else if (nodes_[x].color == 0) {
    cover(cc, true, updates);
  } else if (nodes_[x].color > 0) {
    purify(x, updates);
  }
}

inline void mcc_engine::uncommit_entry(std::uint32_t x) {
  const auto cc = static_cast<std::uint32_t>(nodes_[x].item);
  if (cc <= primary_count_) {
    if (items_[cc].bound == 0) uncover(cc, true);
    ++items_[cc].bound;
  } else if (nodes_[x].color == 0) {
    uncover(cc, true);
  } else if (nodes_[x].color > 0) {
    unpurify(x);
  }
}

void mcc_engine::commit_others(std::uint32_t cur, std::uint64_t& updates) {
  node* const nd = nodes_.data();
  for (std::uint32_t pp = cur + 1; pp != cur;) {
    if (nd[pp].item < 0) {
      pp = nd[pp].up;
    } else {
      commit_entry(pp, updates);
      ++pp;
    }
  }
}

void mcc_engine::uncommit_others(std::uint32_t cur) {
  node* const nd = nodes_.data();
  for (std::uint32_t pp = cur - 1; pp != cur;) {
    if (nd[pp].item < 0) {
      pp = nd[pp].down;
    } else {
      uncommit_entry(pp);
      --pp;
    }
  }
}

void mcc_engine::apply_preselected(option_id o) {
  // Hide the option itself (each option is used at most once), then commit each
  // of its items as the search would. A colored item already purified with the
  // same color (by an earlier preselection) needs nothing: the conflict check
  // has ruled out any other color. No updates are counted.
  std::uint64_t ignored = 0;
  const std::uint32_t first = option_node_[o];
  const std::uint32_t size = option_start_[o + 1] - option_start_[o];
  if (option_has_primary_[o]) {
    hide(first, ignored);
    if (nodes_[first].color >= 0) unlink_node(first, ignored);
  }
  for (std::uint32_t x = first; x < first + size; ++x) {
    const auto cc = static_cast<std::uint32_t>(nodes_[x].item);
    if (cc > primary_count_ && nodes_[x].color != 0 && purifier_[cc] != 0) continue;
    commit_entry(x, ignored);
  }
}

void mcc_engine::revert_preselection(std::size_t keep) {
  const auto chosen = preselected();
  for (std::size_t j = chosen.size(); j-- > keep;) {  // newest first
    const option_id o = chosen[j];
    const std::uint32_t first = option_node_[o];
    const std::uint32_t size = option_start_[o + 1] - option_start_[o];
    for (std::uint32_t x = first + size; x-- > first;) {
      const auto cc = static_cast<std::uint32_t>(nodes_[x].item);
      if (cc > primary_count_ && nodes_[x].color != 0 && purifier_[cc] != x) continue;
      uncommit_entry(x);
    }
    if (option_has_primary_[o]) {
      if (nodes_[first].color >= 0) relink_node(first);
      unhide(first);
    }
  }
}

template <bool Randomized>
bool mcc_engine::run(bool fresh) {
  node* const nd = nodes_.data();
  item_state* const it = items_.data();
  level_state* const lv = levels_.data();
  std::uint64_t updates = result_.updates;
  std::uint64_t nodes = result_.nodes;
  std::uint64_t branches = result_.branches;
  std::uint64_t guesses = result_.guesses;
  std::uint32_t max_level = result_.max_level;
  std::uint32_t level = fresh ? 0 : level_;
  cleansings_ = fresh ? 0 : result_.cleansings;
  const bool mcc = multiplicities();

  auto save = [&] {
    result_.updates = updates;
    result_.nodes = nodes;
    result_.branches = branches;
    result_.guesses = guesses;
    result_.cleansings = cleansings_;
    result_.max_level = max_level;
    level_ = level;
  };

  enum class step : std::uint8_t { forward, advance, backup, backdown };
  step next = fresh ? step::forward : step::backdown;  // resumed after a solution
  std::uint32_t best = 0, cur = 0;
  for (;;) {
    switch (next) {
      case step::forward: {
        if (it[0].next == 0) {  // no primary item left to settle: a solution
          // Like the other engines, a solution node does not stop for budgets.
          ++nodes;
          ++result_.solutions;
          max_level = std::max(max_level, level);
          save();
          return true;
        }
        if (nodes >= next_checkpoint_) {
          save();
          const verdict v = checkpoint(level);
          if (v == verdict::stop) return false;
          if (v == verdict::prune) {  // not a node of this search: as a dead end, uncounted
            next = step::backdown;
            break;
          }
        }
        ++nodes;
        if (sanity_checks && sanity_due(nodes) && !check_invariants())
          broken_invariant("mcc search");
        max_level = std::max(max_level, level);
        // DLX3's item of smallest branching degree. Without multiplicities it is
        // DLX2's leftmost shortest list, whose scan stops at the first empty one.
        degree_choice<Randomized> choice;
        for (std::uint32_t k = it[0].next; k != 0; k = it[k].next) {
          choice.offer(k, nd[k].item, it[k].bound, it[k].slack, rng_);
          if (!mcc && choice.score == 0) break;
        }
        best = choice.item;
        const std::int64_t score = choice.score;
        if (score <= 0) {       // the item cannot be covered often enough: a dead end
          if (!mcc) ++updates;  // DLX2 covers it first
          next = step::backdown;
          break;
        }
        branches += score >= 2;
        level_state& l = lv[level];
        l.item = best;
        l.first_tweak = 0;
        l.degree = static_cast<std::uint32_t>(score);
        l.tried = 0;
        cur = nd[best].down;
        if (--it[best].bound == 0 && it[best].slack == 0) {
          cover(best, true, updates);
          if constexpr (Randomized) {
            for (auto steps = random_below(rng_, static_cast<std::uint32_t>(nd[best].item));
                 steps > 0; --steps) {
              cur = nd[cur].down;
            }
            l.start = cur;
          }
        } else {
          l.first_tweak = cur;
          if (it[best].bound == 0) cover(best, true, updates);
        }
        next = step::advance;
        break;
      }

      case step::advance: {
        const std::int32_t bound = it[best].bound, slack = it[best].slack;
        if (bound == 0 && slack == 0) {
          if (cur == best) {
            next = step::backup;
            break;
          }
        } else if (nd[best].item <= bound - slack) {
          next = step::backup;  // too few options left to reach the lower bound
          break;
        } else if (cur != best) {
          tweak(cur, bound != 0, updates);
        } else if (bound != 0) {
          deactivate(best);  // the null move: this item takes no more options
        }
        lv[level].choice = cur;
        guesses += ++lv[level].tried < lv[level].degree;
        if (cur != best) commit_others(cur, updates);
        ++level;
        next = step::forward;
        break;
      }

      case step::backup:
        restore_branch_item(level);
        next = step::backdown;
        break;

      case step::backdown: {
        if (level == floor_) {
          save();
          result_.status = search_status::complete;
          return false;
        }
        --level;
        const level_state& l = lv[level];
        best = l.item;
        cur = l.choice;
        if (cur == best) {  // a null move
          reactivate(best);
          next = step::backup;
          break;
        }
        uncommit_others(cur);
        cur = nd[cur].down;
        if constexpr (Randomized) {
          if (l.first_tweak == 0) {  // covered: the options wrap around
            if (cur == best) cur = nd[cur].down;
            if (cur == l.start) cur = best;
          }
        }
        next = step::advance;
        break;
      }
    }
  }
}

void mcc_engine::restore_branch_item(std::uint32_t l) {
  const std::uint32_t c = levels_[l].item;
  if (items_[c].bound == 0 && items_[c].slack == 0) {
    uncover(c, true);
  } else {
    untweak(c, levels_[l].first_tweak, items_[c].bound != 0);
  }
  ++items_[c].bound;
}

void mcc_engine::undo_level(std::uint32_t l) {
  const level_state& s = levels_[l];
  if (s.choice != s.item) uncommit_others(s.choice);
  // The item is inactive after a null move, and also when it was covered on
  // entry with slack left (bound 0): the search reactivates it only at the null
  // move that always ends such a level, which a stopped search has not reached.
  const item_state& c = items_[s.item];
  if (s.choice == s.item || (c.bound == 0 && c.slack != 0)) reactivate(s.item);
  restore_branch_item(l);
}

void mcc_engine::unwind() {
  for (std::uint32_t l = level_; l-- > 0;)
    undo_level(l);
  level_ = 0;
}

std::uint32_t mcc_engine::option_of(std::uint32_t x) const {
  while (nodes_[x].item >= 0)
    ++x;  // walk right to the spacer, which names the option
  return ~static_cast<std::uint32_t>(nodes_[x].item);
}

void mcc_engine::append_chosen(std::vector<option_id>& out) const {
  for (std::uint32_t l = 0; l < level_; ++l) {
    if (levels_[l].choice != levels_[l].item) out.push_back(option_of(levels_[l].choice));
  }
}

void mcc_engine::append_path(std::vector<option_id>& out) const {
  for (std::uint32_t l = 0; l < level_; ++l) {
    out.push_back(levels_[l].choice == levels_[l].item ? null_move : option_of(levels_[l].choice));
  }
}

bool mcc_engine::check_invariants() const {
  const std::size_t n = item_count_;
  if (nodes_.size() < n + 2 || items_.size() != n + 2) return false;
  for (std::uint32_t head : {std::uint32_t{0}, item_count_ + 1}) {
    std::size_t steps = 0;
    for (std::uint32_t k = items_[head].next; k != head; k = items_[k].next) {
      if (k > n || k == 0 || items_[items_[k].next].prev != k) return false;
      if (++steps > n) return false;
      if (k <= primary_count_ && items_[k].bound < 0) return false;
      // A purified item keeps the nodes of hidden options that agree with its
      // color (DLX2 never unlinks them), so only the others are walked.
      if (purifier_[k] != 0) continue;
      std::uint32_t length = 0;
      for (std::uint32_t x = nodes_[k].down; x != k; x = nodes_[x].down) {
        if (x <= first_spacer_ || x >= nodes_.size()) return false;
        if (nodes_[x].item != static_cast<std::int32_t>(k)) return false;
        if (nodes_[nodes_[x].down].up != x) return false;
        if (++length > nodes_.size()) return false;
      }
      if (nodes_[nodes_[k].down].up != k) return false;
      if (static_cast<std::int32_t>(length) != nodes_[k].item) return false;
    }
    if (items_[items_[head].next].prev != head) return false;
  }
  return true;
}

}  // namespace

std::unique_ptr<engine> make_mcc_engine(const problem& p) {
  return std::make_unique<mcc_engine>(p);
}

}  // namespace dlx::detail
