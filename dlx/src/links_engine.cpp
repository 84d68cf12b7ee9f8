// Algorithm X over dancing links, after Knuth's DLX1 (TAOCP 7.2.2.1).
//
// Layout. One array of nodes holds the whole matrix: node 0 is unused, nodes
// 1..N are item headers (primary items first, then secondary ones, each group in
// the order the problem lists them), node N+1 is the first spacer, and then each
// option's entries follow, each option closed by a spacer. Links are 32-bit node
// indices, not pointers: half the cache footprint, and a copy of the solver is a
// plain copy of the arrays. A spacer's `up` is the first entry of the option
// before it and its `down` the last entry of the option after it, so a walk along
// an option wraps around without knowing its length. A header's `item` field
// holds its list's length; a spacer's is negative (~option id).
//
// Search. The search is iterative: `choice_[level]` is the entry chosen at each
// level, so depth is bounded only by the number of primary items, and a search can
// return at a solution and be resumed (lazy enumeration) with no recursion to
// unwind. It branches on the active primary item with the fewest options, the
// leftmost on ties, and tries its options top to bottom: the same tree as DLX1,
// so node and update counts can be checked against Knuth's program.
#include <algorithm>
#include <limits>

#include "engine.hpp"

namespace dlx::detail {

namespace {

struct node {
  std::int32_t item;
  std::uint32_t up;
  std::uint32_t down;
};

// Active-item lists: [0] heads the primary items, [N+1] the secondary ones.
struct item_link {
  std::uint32_t prev;
  std::uint32_t next;
};

// The four primitive operations, as in DLX1.
inline void cover(node* nd, item_link* cl, std::uint32_t c, std::uint64_t& updates) {
  const std::uint32_t l = cl[c].prev, r = cl[c].next;
  cl[l].next = r;
  cl[r].prev = l;
  ++updates;
  for (std::uint32_t rr = nd[c].down; rr != c; rr = nd[rr].down) {
    for (std::uint32_t nn = rr + 1; nn != rr;) {
      const std::int32_t cc = nd[nn].item;
      if (cc < 0) {  // spacer: jump back to the first entry of this option
        nn = nd[nn].up;
        continue;
      }
      const std::uint32_t uu = nd[nn].up, dd = nd[nn].down;
      nd[uu].down = dd;
      nd[dd].up = uu;
      --nd[cc].item;
      ++updates;
      ++nn;
    }
  }
}

inline void uncover(node* nd, item_link* cl, std::uint32_t c) {
  for (std::uint32_t rr = nd[c].up; rr != c; rr = nd[rr].up) {
    for (std::uint32_t nn = rr - 1; nn != rr;) {
      const std::int32_t cc = nd[nn].item;
      if (cc < 0) {  // spacer: jump forward to the last entry of this option
        nn = nd[nn].down;
        continue;
      }
      const std::uint32_t uu = nd[nn].up, dd = nd[nn].down;
      nd[uu].down = nn;
      nd[dd].up = nn;
      ++nd[cc].item;
      --nn;
    }
  }
  const std::uint32_t l = cl[c].prev, r = cl[c].next;
  cl[l].next = c;
  cl[r].prev = c;
}

// Covers every item of the option holding entry `cur` except cur's own item.
inline void cover_others(node* nd, item_link* cl, std::uint32_t cur, std::uint64_t& updates) {
  for (std::uint32_t pp = cur + 1; pp != cur;) {
    const std::int32_t cc = nd[pp].item;
    if (cc < 0) {
      pp = nd[pp].up;
    } else {
      cover(nd, cl, static_cast<std::uint32_t>(cc), updates);
      ++pp;
    }
  }
}

inline void uncover_others(node* nd, item_link* cl, std::uint32_t cur) {
  for (std::uint32_t pp = cur - 1; pp != cur;) {
    const std::int32_t cc = nd[pp].item;
    if (cc < 0) {
      pp = nd[pp].down;
    } else {
      uncover(nd, cl, static_cast<std::uint32_t>(cc));
      --pp;
    }
  }
}

class links_engine final : public engine {
 public:
  explicit links_engine(const problem& p);
  links_engine(const links_engine&) = default;

  std::unique_ptr<engine> clone() const override { return std::make_unique<links_engine>(*this); }
  engine_kind kind() const noexcept override { return engine_kind::dancing_links; }
  bool check_invariants() const override;

 private:
  void apply_preselected(option_id option) override;
  void revert_preselection(std::size_t keep) override;
  bool nothing_to_cover() const override { return links_[0].next == 0; }
  bool advance(bool fresh) override { return randomized_ ? run<true>(fresh) : run<false>(fresh); }
  void unwind() override;
  void append_chosen(std::vector<option_id>& out) const override;
  void append_path(std::vector<option_id>& out) const override { append_chosen(out); }
  std::uint32_t floor_here() const override { return level_; }
  std::optional<double> fraction_done(std::uint32_t from) const override;

  template <bool Randomized>
  bool run(bool fresh);

  std::vector<node> nodes_;
  std::vector<item_link> links_;
  std::uint32_t first_spacer_ = 0;
  std::vector<std::uint32_t> choice_;  // entry chosen at each level
  std::vector<std::uint32_t> start_;   // randomised searches: first entry tried per level
  // Per level: the options its item had (its alternatives) and how many were
  // tried, for the guesses (search.hpp).
  std::vector<std::uint32_t> width_, tried_;
  std::uint32_t level_ = 0;
  std::uint32_t depth_ = 0;  // levels holding a chosen option
};

links_engine::links_engine(const problem& p) : engine(p) {
  const std::uint32_t n = item_count_;
  const std::uint32_t primaries = primary_count_;
  first_spacer_ = n + 1;

  // Two circular active lists: primaries headed by 0, secondaries by N+1.
  // Header k+1 stands for internal item k.
  links_.resize(n + 2);
  auto make_ring = [&](std::uint32_t head, std::uint32_t first, std::uint32_t last) {
    std::uint32_t prev = head;
    for (std::uint32_t k = first; k <= last; ++k) {
      links_[prev].next = k;
      links_[k].prev = prev;
      prev = k;
    }
    links_[prev].next = head;
    links_[head].prev = prev;
  };
  make_ring(0, 1, primaries);
  make_ring(n + 1, primaries + 1, n);

  nodes_.reserve(n + 2 + option_items_.size() + option_count());
  nodes_.push_back({0, 0, 0});
  for (std::uint32_t k = 1; k <= n; ++k)
    nodes_.push_back({0, k, k});
  nodes_.push_back({std::numeric_limits<std::int32_t>::min(), 0, 0});  // first spacer
  for (option_id o = 0; o < option_count(); ++o) {
    // Like DLX1, an option without a primary item is never linked in: no search
    // could choose it. It can still be preselected.
    if (!option_has_primary_[o]) continue;
    const auto spacer = static_cast<std::uint32_t>(nodes_.size() - 1);
    const auto first = static_cast<std::uint32_t>(nodes_.size());
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      const std::uint32_t k = option_items_[i] + 1;
      const auto x = static_cast<std::uint32_t>(nodes_.size());
      const std::uint32_t last = nodes_[k].up;
      nodes_.push_back({static_cast<std::int32_t>(k), last, k});
      nodes_[last].down = x;
      nodes_[k].up = x;
      ++nodes_[k].item;
    }
    nodes_[spacer].down = static_cast<std::uint32_t>(nodes_.size() - 1);
    nodes_.push_back({static_cast<std::int32_t>(~o), first, 0});
  }
  if (nodes_.size() > std::numeric_limits<std::int32_t>::max()) {
    throw problem_error("problem too large for 32-bit links");
  }
  choice_.assign(primaries + 1, 0);
  start_.assign(primaries + 1, 0);
  width_.assign(primaries + 1, 0);
  tried_.assign(primaries + 1, 0);
}

void links_engine::apply_preselected(option_id o) {
  std::uint64_t ignored_updates = 0;
  for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
    cover(nodes_.data(), links_.data(), option_items_[i] + 1, ignored_updates);
  }
}

void links_engine::revert_preselection(std::size_t keep) {
  const auto chosen = preselected();
  for (std::size_t j = chosen.size(); j-- > keep;) {  // newest first
    const option_id o = chosen[j];
    for (std::uint32_t i = option_start_[o + 1]; i-- > option_start_[o];) {
      uncover(nodes_.data(), links_.data(), option_items_[i] + 1);
    }
  }
}

template <bool Randomized>
bool links_engine::run(bool fresh) {
  node* const nd = nodes_.data();
  item_link* const cl = links_.data();
  std::uint32_t* const choice = choice_.data();
  std::uint32_t* const start = start_.data();
  const std::uint32_t first_spacer = first_spacer_;
  std::uint64_t updates = result_.updates;
  std::uint64_t nodes = result_.nodes;
  std::uint64_t branches = result_.branches;
  std::uint64_t guesses = result_.guesses;
  std::uint32_t max_level = result_.max_level;
  std::uint32_t level = level_;
  if (fresh) level = 0;
  bool entering = fresh;

  auto save = [&](std::uint32_t depth) {
    result_.updates = updates;
    result_.nodes = nodes;
    result_.branches = branches;
    result_.guesses = guesses;
    result_.max_level = max_level;
    level_ = level;
    depth_ = depth;
  };

  for (;;) {
    std::uint32_t cur;
    if (entering) {
      if (nodes >= next_checkpoint_) {
        save(level);
        const verdict v = checkpoint(level);
        if (v == verdict::stop) return false;
        if (v == verdict::prune) {  // nothing covered here yet: back to the parent
          --level;
          entering = false;
          continue;
        }
      }
      ++nodes;
      if (sanity_checks && sanity_due(nodes) && !check_invariants())
        broken_invariant("links search");
      max_level = std::max(max_level, level);
      // Minimum remaining values; leftmost on ties unless randomised; a zero ends
      // the scan at once (it cannot be beaten).
      std::uint32_t best = 0;
      std::uint32_t fewest = std::numeric_limits<std::uint32_t>::max();
      [[maybe_unused]] std::uint32_t ties = 0;
      for (std::uint32_t k = cl[0].next; k != 0; k = cl[k].next) {
        const auto len = static_cast<std::uint32_t>(nd[k].item);
        if (len < fewest) {
          best = k;
          fewest = len;
          if (len == 0) break;
          if constexpr (Randomized) ties = 1;
        } else if constexpr (Randomized) {
          if (len == fewest && random_below(rng_, ++ties) == 0) best = k;
        }
      }
      branches += fewest >= 2;
      width_[level] = fewest;
      tried_[level] = 0;
      cover(nd, cl, best, updates);
      cur = nd[best].down;
      if constexpr (Randomized) {
        if (fewest > 0) {
          for (std::uint32_t steps = random_below(rng_, fewest); steps > 0; --steps) {
            cur = nd[cur].down;
          }
          start[level] = cur;
        }
      }
    } else {
      cur = choice[level];
      uncover_others(nd, cl, cur);
      if constexpr (Randomized) {
        const auto header = static_cast<std::uint32_t>(nd[cur].item);
        cur = nd[cur].down;
        if (cur == header) cur = nd[cur].down;
        if (cur == start[level]) cur = header;  // wrapped around: all tried
      } else {
        cur = nd[cur].down;
      }
    }

    if (cur < first_spacer) {  // back at the header: this item has no options left
      uncover(nd, cl, cur);
      if (level == floor_) {
        save(level);
        result_.status = search_status::complete;
        return false;
      }
      --level;
      entering = false;
      continue;
    }

    choice[level] = cur;
    guesses += ++tried_[level] < width_[level];
    cover_others(nd, cl, cur, updates);
    if (cl[0].next == 0) {  // every primary item is covered
      ++nodes;
      ++result_.solutions;
      max_level = std::max(max_level, level + 1);
      save(level + 1);
      return true;
    }
    ++level;
    entering = true;
  }
}

void links_engine::unwind() {
  node* nd = nodes_.data();
  item_link* cl = links_.data();
  for (std::uint32_t level = depth_; level-- > 0;) {
    const std::uint32_t cur = choice_[level];
    uncover_others(nd, cl, cur);
    uncover(nd, cl, static_cast<std::uint32_t>(nd[cur].item));
  }
  depth_ = 0;
  level_ = 0;
}

void links_engine::append_chosen(std::vector<option_id>& out) const {
  for (std::uint32_t level = 0; level < depth_; ++level) {
    std::uint32_t x = choice_[level];
    while (nodes_[x].item >= 0)
      ++x;  // walk right to the spacer, which names the option
    out.push_back(~static_cast<option_id>(nodes_[x].item));
  }
}

std::optional<double> links_engine::fraction_done(std::uint32_t from) const {
  double done = 0, weight = 1;
  for (std::uint32_t level = from; level < depth_; ++level) {
    const std::uint32_t x = choice_[level];
    const auto header = static_cast<std::uint32_t>(nodes_[x].item);
    // A covered item's list and length stay as they were when it was covered.
    std::uint32_t position = 0;
    for (std::uint32_t y = nodes_[header].down; y != x; y = nodes_[y].down)
      ++position;
    const double degree = std::max(nodes_[header].item, 1);
    done += weight * position / degree;
    weight /= degree;
  }
  return done;
}

bool links_engine::check_invariants() const {
  const std::size_t n = item_count_;
  if (nodes_.size() < n + 2 || links_.size() != n + 2) return false;
  // Both active lists are doubly linked rings through their heads.
  for (std::uint32_t head : {std::uint32_t{0}, item_count_ + 1}) {
    std::size_t steps = 0;
    for (std::uint32_t k = links_[head].next; k != head; k = links_[k].next) {
      if (k > n || k == 0 || links_[links_[k].next].prev != k) return false;
      if (++steps > n) return false;
      // Each active item's vertical list is a doubly linked ring of its own
      // entries whose length matches the header.
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
    if (links_[links_[head].next].prev != head) return false;
  }
  // Spacers point at the ends of their neighbouring options.
  for (std::uint32_t x = first_spacer_; x < nodes_.size(); ++x) {
    if (nodes_[x].item >= 0) continue;
    if (x > first_spacer_ && nodes_[nodes_[x].up - 1].item >= 0) return false;
    if (x + 1 < nodes_.size() && nodes_[nodes_[x].down + 1].item >= 0) return false;
  }
  return true;
}

}  // namespace

std::unique_ptr<engine> make_links_engine(const problem& p) {
  return std::make_unique<links_engine>(p);
}

}  // namespace dlx::detail
