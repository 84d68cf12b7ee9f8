// The diagram of a family of solutions and what can be asked of it.
//
// Nodes live in one vector, children before parents (a node is made after the
// nodes it points to), so every question that needs a value per node (how many
// solutions, the cheapest one) is one pass in id order. Counts are kept in
// 128-bit integers while they fit (the 16 x 16 board's 31-digit count does)
// and in cpp_int otherwise: the fast path costs 16 bytes a node, the general
// one about 32 and an allocation per node past two limbs.
//
// A product node (a & b) multiplies where a decision node adds: its count is
// the product of its parts', its sizes their convolution, its cheapest the sum
// of theirs. The walks that follow a path (listing, unranking, the cheapest)
// keep the second parts of the products on their way as goals still to
// satisfy, on explicit stacks: a diagram read from a file may be deep.
#include "dlx/zdd.hpp"

#include <algorithm>
#include <limits>
#include <queue>
#include <random>
#include <stdexcept>
#include <string>

namespace dlx {

namespace {

__extension__ typedef unsigned __int128 u128;  // __extension__: not ISO C++, and -Wpedantic says so

std::uint64_t mix(std::uint64_t x) noexcept {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

std::uint64_t node_hash(option_id option, zdd::node_id lo, zdd::node_id hi) noexcept {
  return mix((std::uint64_t{option} << 32 | lo) ^ mix(hi + 0x9e3779b97f4a7c15ULL));
}

big_count to_big(u128 v) {
  big_count b = static_cast<std::uint64_t>(v >> 64);
  b <<= 64;
  b += static_cast<std::uint64_t>(v);
  return b;
}

std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t s;
  return __builtin_add_overflow(a, b, &s) ? std::numeric_limits<std::uint64_t>::max() : s;
}

constexpr std::uint64_t infinite_cost = std::numeric_limits<std::uint64_t>::max();

}  // namespace

// ---- Nodes and the unique table.

zdd::zdd() : nodes_{{~option_id{0}, bottom, bottom}, {~option_id{0}, top, top}}, unique_(64, 0) {}

zdd::zdd(std::vector<node> nodes, node_id root) : nodes_(std::move(nodes)), root_(root) {}

// Builds the unique table of a diagram made by the constructor above.
void zdd::index_nodes() {
  std::size_t size = 64;
  while (size < 2 * nodes_.size())
    size *= 2;
  unique_.assign(size, 0);
  const std::size_t mask = size - 1;
  for (std::size_t k = 2; k < nodes_.size(); ++k) {
    std::size_t s = node_hash(nodes_[k].option, nodes_[k].lo, nodes_[k].hi) & mask;
    while (unique_[s] != 0)
      s = (s + 1) & mask;
    unique_[s] = static_cast<node_id>(k);
  }
}

std::size_t zdd::bytes() const noexcept {
  return nodes_.capacity() * sizeof(node) + unique_.capacity() * sizeof(node_id);
}

zdd::node_id zdd::add(option_id option, node_id lo, node_id hi) {
  if (lo >= nodes_.size() || hi >= nodes_.size()) {
    throw std::out_of_range("dlx::zdd::add: a child that does not exist");
  }
  if (option >= product) {
    throw std::invalid_argument(
        "dlx::zdd::add: options ~1 and ~0 mark products and sinks (add_product makes products)");
  }
  if (hi == bottom) return lo;
  return intern(option, lo, hi);
}

zdd::node_id zdd::add_product(node_id a, node_id b) {
  if (a >= nodes_.size() || b >= nodes_.size()) {
    throw std::out_of_range("dlx::zdd::add_product: a part that does not exist");
  }
  if (a == bottom || b == bottom) return bottom;
  if (a == top) return b;
  if (b == top) return a;
  return intern(product, a, b);
}

zdd::node_id zdd::intern(option_id option, node_id lo, node_id hi) {
  if (unique_.empty()) index_nodes();
  std::size_t mask = unique_.size() - 1;
  std::size_t slot = node_hash(option, lo, hi) & mask;
  for (; unique_[slot] != 0; slot = (slot + 1) & mask) {
    const node& n = nodes_[unique_[slot]];
    if (n.option == option && n.lo == lo && n.hi == hi) return unique_[slot];
  }
  if (nodes_.size() >= std::numeric_limits<node_id>::max()) {
    throw std::length_error("dlx::zdd: more than 2^32 - 1 nodes");
  }
  const auto id = static_cast<node_id>(nodes_.size());
  nodes_.push_back({option, lo, hi});
  unique_[slot] = id;
  counts_cache_.reset();
  if (2 * (nodes_.size() - 2) > unique_.size()) {  // keep the load under one half
    std::vector<node_id> grown(unique_.size() * 2, 0);
    mask = grown.size() - 1;
    for (node_id k : unique_) {
      if (k == 0) continue;
      std::size_t s = node_hash(nodes_[k].option, nodes_[k].lo, nodes_[k].hi) & mask;
      while (grown[s] != 0)
        s = (s + 1) & mask;
      grown[s] = k;
    }
    unique_.swap(grown);
  }
  return id;
}

void zdd::set_root(node_id root) {
  if (root >= nodes_.size()) throw std::out_of_range("dlx::zdd::set_root: no such node");
  root_ = root;
}

// ---- Counting.

struct zdd::counts {
  bool big = false;
  std::vector<u128> small;
  std::vector<big_count> large;
  [[nodiscard]] big_count at(node_id n) const { return big ? large[n] : to_big(small[n]); }
};

const zdd::counts& zdd::counts_() const {
  if (counts_cache_) return *counts_cache_;
  auto c = std::make_shared<counts>();
  c->small.resize(nodes_.size());
  c->small[top] = 1;
  bool overflow = false;
  for (std::size_t n = 2; n < nodes_.size() && !overflow; ++n) {
    const node& x = nodes_[n];
    overflow = is_product(x) ? __builtin_mul_overflow(c->small[x.lo], c->small[x.hi], &c->small[n])
                             : __builtin_add_overflow(c->small[x.lo], c->small[x.hi], &c->small[n]);
  }
  if (overflow) {
    c->big = true;
    c->small = {};
    c->large.resize(nodes_.size());
    c->large[top] = 1;
    for (std::size_t n = 2; n < nodes_.size(); ++n) {
      const node& x = nodes_[n];
      if (is_product(x)) {
        c->large[n] = c->large[x.lo] * c->large[x.hi];
      } else {
        c->large[n] = c->large[x.lo] + c->large[x.hi];
      }
    }
  }
  counts_cache_ = std::move(c);
  return *counts_cache_;
}

big_count zdd::count() const {
  return counts_().at(root_);
}

std::vector<big_count> zdd::count_by_size() const {
  // A node's solutions by size are its lo's and its hi's shifted by one (a
  // product's, the convolution of its parts': sizes add up). Each node keeps
  // only the sizes from its smallest to its largest solution (one entry when
  // all have the same size, as every tiling of a region has), and is freed once
  // its last parent is done: the 16 x 16 board's 1.9 million nodes need a few
  // hundred bytes at a time, not a vector of 129 counts each.
  struct sizes {
    std::size_t low = 0;        // the size of by[0]
    std::vector<big_count> by;  // by[k]: solutions with low + k options
  };
  std::vector<sizes> of(nodes_.size());
  of[top].by = {1};
  std::vector<std::uint32_t> parents(nodes_.size(), 0);
  for (std::size_t n = 2; n < nodes_.size(); ++n) {
    ++parents[nodes_[n].lo];
    ++parents[nodes_[n].hi];
  }
  ++parents[root_];
  auto release = [&](node_id n) {
    if (n > top && --parents[n] == 0) of[n] = {};
  };
  for (std::size_t n = 2; n < nodes_.size(); ++n) {
    if (parents[n] == 0) continue;  // not part of the root's family
    const sizes& lo = of[nodes_[n].lo];
    const sizes& hi = of[nodes_[n].hi];
    sizes& v = of[n];
    if (is_product(nodes_[n])) {
      if (lo.by.empty() || hi.by.empty()) continue;
      v.low = lo.low + hi.low;
      v.by.assign(lo.by.size() + hi.by.size() - 1, 0);
      for (std::size_t i = 0; i < lo.by.size(); ++i) {
        if (lo.by[i] == 0) continue;
        for (std::size_t j = 0; j < hi.by.size(); ++j)
          v.by[i + j] += lo.by[i] * hi.by[j];
      }
      release(nodes_[n].lo);
      release(nodes_[n].hi);
      continue;
    }
    if (lo.by.empty() && hi.by.empty()) continue;
    std::size_t low = SIZE_MAX, high = 0;  // the range of sizes, high exclusive
    if (!lo.by.empty()) low = lo.low, high = lo.low + lo.by.size();
    if (!hi.by.empty()) {
      low = std::min(low, hi.low + 1);
      high = std::max(high, hi.low + 1 + hi.by.size());
    }
    v.low = low;
    v.by.assign(high - low, 0);
    for (std::size_t k = 0; k < lo.by.size(); ++k)
      v.by[lo.low + k - low] += lo.by[k];
    for (std::size_t k = 0; k < hi.by.size(); ++k)
      v.by[hi.low + 1 + k - low] += hi.by[k];
    release(nodes_[n].lo);
    release(nodes_[n].hi);
  }
  const sizes& root = of[root_];
  std::vector<big_count> out(root.by.empty() ? 0 : root.low + root.by.size(), 0);
  for (std::size_t k = 0; k < root.by.size(); ++k)
    out[root.low + k] = root.by[k];
  return out;
}

// ---- Unranking and sampling.

namespace {

// Follows the path of rank `rank` down from `root`. At a product, the rank is
// (first part's rank) * count(second) + (second part's rank): the first part's
// path is followed at once, the second's later, from a stack (no recursion: a
// diagram read from a file may be deep).
template <class Count, class CountOf>
std::vector<option_id> unrank_with(const std::vector<zdd::node>& nodes, zdd::node_id root,
                                   Count rank, CountOf count_of) {
  std::vector<option_id> options;
  std::vector<std::pair<zdd::node_id, Count>> pending;  // second parts, with their ranks
  zdd::node_id n = root;
  for (;;) {
    while (n > zdd::top) {
      const zdd::node& x = nodes[n];
      if (zdd::is_product(x)) {
        const Count second = count_of(x.hi);
        pending.emplace_back(x.hi, rank % second);
        rank /= second;
        n = x.lo;
        continue;
      }
      const Count lo = count_of(x.lo);
      if (rank < lo) {
        n = x.lo;
      } else {
        rank -= lo;
        options.push_back(x.option);
        n = x.hi;
      }
    }
    if (pending.empty()) return options;
    n = pending.back().first;
    rank = std::move(pending.back().second);
    pending.pop_back();
  }
}

// A uniform integer in [0, bound) from 64-bit words of `rng`, by rejection:
// draw as many bits as bound has, retry when the draw is too large (less than
// half the time).
big_count uniform_below(const big_count& bound, std::mt19937_64& rng) {
  const std::size_t bits = boost::multiprecision::msb(bound) + 1;
  for (;;) {
    big_count r = 0;
    for (std::size_t have = 0; have < bits; have += 64) {
      r <<= 64;
      r += rng();
    }
    r >>= (bits + 63) / 64 * 64 - bits;
    if (r < bound) return r;
  }
}

u128 uniform_below(u128 bound, std::mt19937_64& rng) {
  const int bits = 128 - (static_cast<std::uint64_t>(bound >> 64)
                              ? __builtin_clzll(static_cast<std::uint64_t>(bound >> 64))
                              : 64 + __builtin_clzll(static_cast<std::uint64_t>(bound)));
  const u128 mask = bits == 128 ? ~u128{0} : (u128{1} << bits) - 1;
  for (;;) {
    const u128 r = ((u128{rng()} << 64) | rng()) & mask;
    if (r < bound) return r;
  }
}

}  // namespace

std::vector<option_id> zdd::unrank(const big_count& rank) const {
  const counts& c = counts_();
  if (rank < 0 || rank >= c.at(root_)) throw std::out_of_range("dlx::zdd::unrank: rank too large");
  if (c.big) {
    return unrank_with(nodes_, root_, rank,
                       [&](node_id n) -> const big_count& { return c.large[n]; });
  }
  return unrank_with(nodes_, root_, static_cast<u128>(rank), [&](node_id n) { return c.small[n]; });
}

std::vector<std::vector<option_id>> zdd::sample(std::size_t k, std::uint64_t seed) const {
  std::vector<std::vector<option_id>> out;
  const counts& c = counts_();
  std::mt19937_64 rng(seed);
  if (c.big) {
    const big_count& total = c.large[root_];
    if (total == 0) return out;
    for (std::size_t i = 0; i < k; ++i) {
      out.push_back(unrank_with(nodes_, root_, uniform_below(total, rng),
                                [&](node_id n) -> const big_count& { return c.large[n]; }));
    }
  } else {
    const u128 total = c.small[root_];
    if (total == 0) return out;
    for (std::size_t i = 0; i < k; ++i) {
      out.push_back(unrank_with(nodes_, root_, uniform_below(total, rng),
                                [&](node_id n) { return c.small[n]; }));
    }
  }
  return out;
}

// ---- The cheapest solutions.
//
// best[n] is the cost of node n's cheapest solution (a product's: the sum of
// its parts'). A best-first search over partial paths, each scored by its cost
// so far plus best[] of where it stands and of the goals still pending after
// it (an exact bound), takes complete solutions off its queue cheapest first;
// each step follows one edge, so k solutions cost about k times the depth. A
// path that meets a product goes on into its first part with the second
// pushed onto its goals: persistent lists shared by the paths that branch
// later, each cell holding the sum of best[] over itself and the cells after it.
// Every node but the bottom sink has a solution, so a path is cut only at the
// bottom sink, never for a cost that saturated.

std::vector<costed_solution> zdd::cheapest(std::span<const std::uint64_t> costs,
                                           std::size_t k) const {
  std::vector<costed_solution> out;
  if (k == 0 || root_ == bottom) return out;
  auto cost_of = [&](option_id o) { return o < costs.size() ? costs[o] : 0; };
  std::vector<std::uint64_t> best(nodes_.size(), infinite_cost);  // best[bottom]: none
  best[top] = 0;
  for (std::size_t n = 2; n < nodes_.size(); ++n) {
    const node& x = nodes_[n];
    best[n] = is_product(x) ? saturating_add(best[x.lo], best[x.hi])
                            : std::min(best[x.lo], saturating_add(best[x.hi], cost_of(x.option)));
  }

  // Partial paths share their prefixes: each step is (option taken, parent).
  struct step {
    option_id option;
    std::uint32_t parent;
  };
  std::vector<step> steps{{~option_id{0}, ~std::uint32_t{0}}};
  constexpr std::uint32_t no_goal = ~std::uint32_t{0};
  struct goal {
    node_id node;
    std::uint32_t next;
    std::uint64_t best;  // best[] of this node and of every goal after it
  };
  std::vector<goal> goals;
  auto goals_best = [&](std::uint32_t g) { return g == no_goal ? 0 : goals[g].best; };
  struct entry {
    std::uint64_t bound;
    std::uint64_t sequence;  // first in, first out among equal bounds
    std::uint64_t cost;
    node_id node;
    std::uint32_t goals;
    std::uint32_t step;
    bool operator>(const entry& o) const {
      return bound != o.bound ? bound > o.bound : sequence > o.sequence;
    }
  };
  std::priority_queue<entry, std::vector<entry>, std::greater<>> queue;
  std::uint64_t sequence = 0;
  // Queues the path at `n` with goals `g`, gone on to a decision node or to
  // the top sink with no goal left: through products (the bound stays).
  auto push = [&](std::uint64_t cost, node_id n, std::uint32_t g, std::uint32_t at) {
    for (;;) {
      const node& x = nodes_[n];
      if (n > top && is_product(x)) {
        goals.push_back({x.hi, g, saturating_add(best[x.hi], goals_best(g))});
        g = static_cast<std::uint32_t>(goals.size() - 1);
        n = x.lo;
      } else if (n == top && g != no_goal) {
        n = goals[g].node;
        g = goals[g].next;
      } else {
        break;
      }
    }
    queue.push(
        {saturating_add(saturating_add(cost, best[n]), goals_best(g)), sequence++, cost, n, g, at});
  };
  push(0, root_, no_goal, 0);
  while (!queue.empty() && out.size() < k) {
    const entry e = queue.top();
    queue.pop();
    if (e.node == top) {
      costed_solution s{e.cost, {}};
      for (std::uint32_t at = e.step; at != 0; at = steps[at].parent)
        s.options.push_back(steps[at].option);
      std::reverse(s.options.begin(), s.options.end());
      out.push_back(std::move(s));
      continue;
    }
    const node& n = nodes_[e.node];
    if (n.lo != bottom) push(e.cost, n.lo, e.goals, e.step);
    steps.push_back({n.option, e.step});
    push(saturating_add(e.cost, cost_of(n.option)), n.hi, e.goals,
         static_cast<std::uint32_t>(steps.size() - 1));
  }
  return out;
}

// ---- Lazy enumeration: lo before hi, which is the order of the search that
// made the diagram (its lo chains run from an item's last option to its first).

zdd::solution_iterator::solution_iterator(const zdd& diagram) : diagram_(&diagram), done_(false) {
  descend({diagram.root_, no_goal});
}

// Goes down lo edges from `at` (into the first part of a product, its second
// pushed onto the goals; from the top sink on to the next goal); at the bottom
// sink, backtracks to the deepest node whose hi edge is still to take and goes
// on from there, until the top sink with no goal left (a solution: options_) or
// the end. A loop, not recursion: a diagram read from a file may have paths of
// any length.
void zdd::solution_iterator::descend(position at) {
  const auto& nodes = diagram_->nodes_;
  for (;;) {
    for (;;) {
      if (at.node > top) {
        const node& n = nodes[at.node];
        if (is_product(n)) {
          goals_.push_back({n.hi, at.goals});
          at = {n.lo, static_cast<std::uint32_t>(goals_.size() - 1)};
        } else {
          stack_.push_back({at.node, at.goals, static_cast<std::uint32_t>(goals_.size()), false});
          at.node = n.lo;
        }
      } else if (at.node == top && at.goals != no_goal) {
        at = {goals_[at.goals].node, goals_[at.goals].next};
      } else {
        break;
      }
    }
    if (at.node == top) return;
    at = next_hi();
    if (done_) return;
  }
}

// Pops the frames whose hi edge was taken; takes the next one's and returns
// its child with the goals pending there, or returns the bottom sink with
// done_ set when there is none.
zdd::solution_iterator::position zdd::solution_iterator::next_hi() {
  while (!stack_.empty()) {
    frame& f = stack_.back();
    goals_.resize(f.mark);  // the goals made below it are gone with the path
    if (!f.hi) {
      f.hi = true;
      const node& n = diagram_->nodes_[f.node];
      options_.push_back(n.option);
      return {n.hi, f.goals};
    }
    options_.pop_back();
    stack_.pop_back();
  }
  done_ = true;
  return {bottom, no_goal};
}

zdd::solution_iterator& zdd::solution_iterator::operator++() {
  if (done_) return *this;
  const position at = next_hi();
  if (!done_) descend(at);
  return *this;
}

}  // namespace dlx
