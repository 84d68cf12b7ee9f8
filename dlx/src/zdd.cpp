// The diagram of a family of solutions and what can be asked of it.
//
// Nodes live in one vector, children before parents (a node is made after the
// nodes it points to), so every question that needs a value per node (how many
// solutions, the cheapest one) is one pass in id order. Counts are kept in
// 128-bit integers while they fit (the 16 x 16 board's 31-digit count does)
// and in cpp_int otherwise: the fast path costs 16 bytes a node, the general
// one about 32 and an allocation per node past two limbs.
#include "dlx/zdd.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <limits>
#include <queue>
#include <random>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "dlx/format.hpp"
#include "dlx/line_reader.hpp"

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

std::size_t zdd::bytes() const noexcept {
  return nodes_.capacity() * sizeof(node) + unique_.capacity() * sizeof(node_id);
}

zdd::node_id zdd::add(option_id option, node_id lo, node_id hi) {
  if (lo >= nodes_.size() || hi >= nodes_.size()) {
    throw std::out_of_range("dlx::zdd::add: a child that does not exist");
  }
  if (hi == bottom) return lo;
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
    overflow = __builtin_add_overflow(c->small[nodes_[n].lo], c->small[nodes_[n].hi], &c->small[n]);
  }
  if (overflow) {
    c->big = true;
    c->small = {};
    c->large.resize(nodes_.size());
    c->large[top] = 1;
    for (std::size_t n = 2; n < nodes_.size(); ++n)
      c->large[n] = c->large[nodes_[n].lo] + c->large[nodes_[n].hi];
  }
  counts_cache_ = std::move(c);
  return *counts_cache_;
}

big_count zdd::count() const {
  return counts_().at(root_);
}

std::vector<big_count> zdd::count_by_size() const {
  // A node's solutions by size are its lo's and its hi's shifted by one. Each
  // node keeps only the sizes from its smallest to its largest solution (one
  // entry when all have the same size, as every tiling of a region has), and
  // is freed once its last parent is done: the 16 x 16 board's 1.9 million
  // nodes need a few hundred bytes at a time, not a vector of 129 counts each.
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

template <class Count, class CountOf>
std::vector<option_id> unrank_with(const std::vector<zdd::node>& nodes, zdd::node_id root,
                                   Count rank, CountOf count_of) {
  std::vector<option_id> options;
  zdd::node_id n = root;
  while (n > zdd::top) {
    const Count lo = count_of(nodes[n].lo);
    if (rank < lo) {
      n = nodes[n].lo;
    } else {
      rank -= lo;
      options.push_back(nodes[n].option);
      n = nodes[n].hi;
    }
  }
  return options;
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
// best[n] is the cost of node n's cheapest solution. A best-first search over
// partial paths, each scored by its cost so far plus best[] of where it stands
// (an exact bound), takes complete solutions off its queue cheapest first; each
// step follows one edge, so k solutions cost about k times the depth.

std::vector<costed_solution> zdd::cheapest(std::span<const std::uint64_t> costs,
                                           std::size_t k) const {
  std::vector<costed_solution> out;
  if (k == 0) return out;
  auto cost_of = [&](option_id o) { return o < costs.size() ? costs[o] : 0; };
  std::vector<std::uint64_t> best(nodes_.size(), infinite_cost);
  best[top] = 0;
  for (std::size_t n = 2; n < nodes_.size(); ++n) {
    const std::uint64_t hi = best[nodes_[n].hi];
    best[n] = std::min(best[nodes_[n].lo],
                       hi == infinite_cost ? hi : saturating_add(hi, cost_of(nodes_[n].option)));
  }
  if (best[root_] == infinite_cost) return out;

  // Partial paths share their prefixes: each step is (option taken or none, parent).
  struct step {
    option_id option;  // ~0: a lo edge
    std::uint32_t parent;
  };
  std::vector<step> steps{{~option_id{0}, ~std::uint32_t{0}}};
  struct entry {
    std::uint64_t bound;
    std::uint64_t sequence;  // first in, first out among equal bounds
    std::uint64_t cost;
    node_id node;
    std::uint32_t step;
    bool operator>(const entry& o) const {
      return bound != o.bound ? bound > o.bound : sequence > o.sequence;
    }
  };
  std::priority_queue<entry, std::vector<entry>, std::greater<>> queue;
  std::uint64_t sequence = 0;
  queue.push({best[root_], sequence++, 0, root_, 0});
  while (!queue.empty() && out.size() < k) {
    const entry e = queue.top();
    queue.pop();
    if (e.node == top) {
      costed_solution s{e.cost, {}};
      for (std::uint32_t at = e.step; at != 0; at = steps[at].parent) {
        if (steps[at].option != ~option_id{0}) s.options.push_back(steps[at].option);
      }
      std::reverse(s.options.begin(), s.options.end());
      out.push_back(std::move(s));
      continue;
    }
    const node& n = nodes_[e.node];
    if (best[n.lo] != infinite_cost) {
      steps.push_back({~option_id{0}, e.step});
      queue.push({saturating_add(e.cost, best[n.lo]), sequence++, e.cost, n.lo,
                  static_cast<std::uint32_t>(steps.size() - 1)});
    }
    if (best[n.hi] != infinite_cost) {
      const std::uint64_t cost = saturating_add(e.cost, cost_of(n.option));
      steps.push_back({n.option, e.step});
      queue.push({saturating_add(cost, best[n.hi]), sequence++, cost, n.hi,
                  static_cast<std::uint32_t>(steps.size() - 1)});
    }
  }
  return out;
}

// ---- Lazy enumeration: lo before hi, which is the order of the search that
// made the diagram (its lo chains run from an item's last option to its first).

zdd::solution_iterator::solution_iterator(const zdd& diagram) : diagram_(&diagram), done_(false) {
  descend(diagram.root_);
}

// Goes down lo edges from n; at the bottom sink, backtracks to the deepest node
// whose hi edge is still to take and goes on from there, until the top sink (a
// solution: options_) or the end. A loop, not recursion: a diagram read from a
// file may have paths of any length.
void zdd::solution_iterator::descend(node_id n) {
  const auto& nodes = diagram_->nodes_;
  for (;;) {
    while (n > top) {
      stack_.push_back({n, false});
      n = nodes[n].lo;
    }
    if (n == top) return;
    n = next_hi();
    if (done_) return;
  }
}

// Pops the frames whose hi edge was taken; takes the next one's and returns
// its child, or returns bottom with done_ set when there is none.
zdd::node_id zdd::solution_iterator::next_hi() {
  while (!stack_.empty()) {
    frame& f = stack_.back();
    if (!f.hi) {
      f.hi = true;
      const node& n = diagram_->nodes_[f.node];
      options_.push_back(n.option);
      return n.hi;
    }
    options_.pop_back();
    stack_.pop_back();
  }
  done_ = true;
  return bottom;
}

zdd::solution_iterator& zdd::solution_iterator::operator++() {
  if (done_) return *this;
  const node_id n = next_hi();
  if (!done_) descend(n);
  return *this;
}

// ---- Knuth's text format.

void zdd::write(std::ostream& out) const {
  std::string buffer;
  for (std::size_t n = 2; n < nodes_.size(); ++n) {
    fmt::format_to(std::back_inserter(buffer), "{:x}: (~{}?{:x}:{:x})\n", n,
                   std::uint64_t{nodes_[n].option} + 1, nodes_[n].lo, nodes_[n].hi);
    if (buffer.size() > (1u << 16)) {
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  fmt::format_to(std::back_inserter(buffer), "{:x}: (~0?0:{:x})\n", nodes_.size(), root_);
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

namespace {

class zdd_reader {
 public:
  zdd_reader(std::istream& in, std::string_view source, std::optional<std::size_t> option_count)
      : lines_(in), source_(source), option_count_(option_count) {}

  zdd read() {
    bool have_root = false;
    std::size_t root_line = 0;
    text_line line;
    while (lines_.next(line)) {
      if (line.too_long) {
        fail(line.number, lines_.max_line() + 1,
             fmt::format("line too long (more than {} bytes)", lines_.max_line()));
      }
      text_ = line.text;
      at_ = 0;
      number_ = line.number;
      skip_blanks();
      if (at_ == text_.size()) continue;  // a blank line
      if (have_root) {
        fail(number_, at_ + 1,
             fmt::format("a node after the root line (line {}); the root comes last", root_line));
      }
      const std::size_t id_column = at_ + 1;
      const std::uint64_t id = hex("a node id");
      expect(':');
      skip_blanks();
      expect('(');
      expect('~');
      const std::size_t var_column = at_ + 1;
      const std::uint64_t var = decimal();
      expect('?');
      const std::size_t lo_column = at_ + 1;
      const std::uint64_t lo = hex("a lo child");
      expect(':');
      const std::size_t hi_column = at_ + 1;
      const std::uint64_t hi = hex("a hi child");
      expect(')');
      skip_blanks();
      if (at_ != text_.size()) fail(number_, at_ + 1, "unexpected text after ')'");
      if (id <= 1) fail(number_, id_column, "node ids 0 and 1 are the sinks; a node needs another");
      if (auto it = defined_.find(id); it != defined_.end()) {
        fail(number_, id_column,
             fmt::format("node {:x} is defined twice (first on line {})", id, it->second.line));
      }
      if (var == 0) {
        if (lo != 0) fail(number_, lo_column, "the root line reads id: (~0?0:root)");
        diagram_.set_root(child(hi, hi_column));
        have_root = true;
        root_line = number_;
        continue;
      }
      if (var > std::uint64_t{std::numeric_limits<option_id>::max()}) {
        fail(number_, var_column, fmt::format("option number {} is too large", var));
      }
      if (option_count_ && var > *option_count_) {
        fail(number_, var_column,
             fmt::format("option {} is past the problem's last option ({})", var, *option_count_));
      }
      const zdd::node_id lo_node = child(lo, lo_column);
      const zdd::node_id hi_node = child(hi, hi_column);
      defined_[id] = {diagram_.add(static_cast<option_id>(var - 1), lo_node, hi_node), number_};
    }
    if (lines_.read_error()) fail(number_ + 1, 1, "read error");
    if (!have_root) {
      fail(number_ + 1, 1, "no root line: the last line must read id: (~0?0:root)");
    }
    return std::move(diagram_);
  }

 private:
  struct definition {
    zdd::node_id node;
    std::size_t line;
  };

  [[noreturn]] void fail(std::size_t line, std::size_t column, std::string message) const {
    throw parse_error(std::string(source_), line, column, std::move(message));
  }

  void skip_blanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\r'))
      ++at_;
  }

  void expect(char c) {
    if (at_ >= text_.size() || text_[at_] != c) {
      fail(number_, at_ + 1,
           fmt::format("expected '{}' {}", c,
                       at_ >= text_.size() ? std::string("at the end of the line")
                                           : fmt::format("before '{}'", text_[at_])));
    }
    ++at_;
  }

  std::uint64_t hex(std::string_view what) {
    const std::size_t start = at_;
    std::uint64_t value = 0;
    while (at_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[at_]))) {
      if (at_ - start >= 16) fail(number_, start + 1, fmt::format("{} is too long", what));
      const char c = text_[at_];
      value = value * 16 + static_cast<std::uint64_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
      ++at_;
    }
    if (at_ == start) fail(number_, start + 1, fmt::format("expected {} in hexadecimal", what));
    return value;
  }

  std::uint64_t decimal() {
    const std::size_t start = at_;
    std::uint64_t value = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
      if (value > (std::numeric_limits<std::uint64_t>::max() - 9) / 10) {
        fail(number_, start + 1, "option number too large");
      }
      value = value * 10 + static_cast<std::uint64_t>(text_[at_] - '0');
      ++at_;
    }
    if (at_ == start) fail(number_, start + 1, "expected an option number in decimal");
    return value;
  }

  zdd::node_id child(std::uint64_t id, std::size_t column) {
    if (id <= 1) return static_cast<zdd::node_id>(id);
    auto it = defined_.find(id);
    if (it == defined_.end()) {
      fail(number_, column,
           fmt::format("node {:x} is not defined on an earlier line (children come first)", id));
    }
    return it->second.node;
  }

  line_reader lines_;
  std::string_view source_;
  std::optional<std::size_t> option_count_;
  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t number_ = 0;
  std::unordered_map<std::uint64_t, definition> defined_;
  zdd diagram_;
};

}  // namespace

zdd read_zdd(std::istream& in, std::string_view source, std::optional<std::size_t> option_count) {
  return zdd_reader(in, source, option_count).read();
}

}  // namespace dlx
