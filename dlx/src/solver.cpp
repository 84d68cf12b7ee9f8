// Algorithm X over dancing links, after Knuth's DLX1 (TAOCP 7.2.2.1).
//
// Layout. One array of nodes holds the whole matrix: node 0 is unused, nodes
// 1..N are item headers (primary items first, then secondary ones, each group in
// the order the problem lists them), node N+1 is the first spacer, and then each
// option's entries follow, each option closed by a spacer. Links are 32-bit node
// indices, not pointers: half the cache footprint, and a copy of the solver is a
// plain copy of the arrays. A spacer's `up` is the first entry of the option
// before it and its `down` the last entry of the option after it, so a walk along
// an option wraps around without knowing its length.
//
// Search. The search is iterative: `choice_[level]` is the entry chosen at each
// level, so depth is bounded only by the number of primary items, and a search can
// return at a solution and be resumed (lazy enumeration) with no recursion to
// unwind. It branches on the active primary item with the fewest options, the
// leftmost on ties, and tries its options top to bottom: the same tree as DLX1,
// so node and update counts can be checked against Knuth's program.
#include "dlx/solver.hpp"

#include <algorithm>
#include <cassert>
#include <limits>
#include <stdexcept>

namespace dlx {

namespace {

// splitmix64: small, fast, and good enough for tie-breaking.
inline std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// An integer in [0, bound), by Lemire's multiply-shift on 32 random bits (the
// bias, below 2^-32 * bound, does not matter for tie-breaking).
inline std::uint32_t random_below(std::uint64_t& state, std::uint32_t bound) {
  return static_cast<std::uint32_t>(((next_random(state) >> 32) * bound) >> 32);
}

}  // namespace

// The four primitive operations, as in DLX1. They are templates over the node and
// link types only to stay private to this file without a detail header.
namespace {

template <class Node, class Link>
inline void cover(Node* nd, Link* cl, std::uint32_t c, std::uint64_t& updates) {
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

template <class Node, class Link>
inline void uncover(Node* nd, Link* cl, std::uint32_t c) {
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
template <class Node, class Link>
inline void cover_others(Node* nd, Link* cl, std::uint32_t cur, std::uint64_t& updates) {
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

template <class Node, class Link>
inline void uncover_others(Node* nd, Link* cl, std::uint32_t cur) {
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

}  // namespace

solver::solver(const problem& p) {
  const std::size_t n = p.item_count();
  const auto primaries = static_cast<std::uint32_t>(p.primary_count());
  item_count_ = static_cast<std::uint32_t>(n);
  first_spacer_ = item_count_ + 1;

  // Internal item numbers: primaries 1..n1, then secondaries, keeping the order.
  std::vector<std::uint32_t> internal(n);
  item_of_internal_.assign(n + 1, 0);
  std::uint32_t next_primary = 1, next_secondary = primaries + 1;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t k = p.kind(i) == item_kind::primary ? next_primary++ : next_secondary++;
    internal[i] = k;
    item_of_internal_[k] = i;
  }

  // Two circular active lists: primaries headed by 0, secondaries by N+1.
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
  make_ring(item_count_ + 1, primaries + 1, item_count_);

  nodes_.reserve(n + 2 + p.entry_count() + p.option_count());
  nodes_.push_back({0, 0, 0});
  for (std::uint32_t k = 1; k <= n; ++k)
    nodes_.push_back({0, k, k});
  nodes_.push_back({std::numeric_limits<std::int32_t>::min(), 0, 0});  // first spacer

  option_items_start_.reserve(p.option_count() + 1);
  option_items_.reserve(p.entry_count());
  option_items_start_.push_back(0);
  for (option_id o = 0; o < p.option_count(); ++o) {
    for (item_id i : p.option(o))
      option_items_.push_back(internal[i]);
    option_items_start_.push_back(static_cast<std::uint32_t>(option_items_.size()));
    // Like DLX1, an option without a primary item is never linked in: no search
    // could choose it. It can still be preselected.
    if (!p.has_primary(o)) continue;
    const auto spacer = static_cast<std::uint32_t>(nodes_.size() - 1);
    const auto first = static_cast<std::uint32_t>(nodes_.size());
    for (item_id i : p.option(o)) {
      const std::uint32_t k = internal[i];
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

  covered_by_.assign(n + 2, 0);
  preselected_.reserve(n);
  choice_.assign(primaries + 1, 0);
  start_.assign(primaries + 1, 0);
  solution_.reserve(n + 1);
}

// ---- Preselection -----------------------------------------------------------

std::optional<preselect_conflict> solver::preselect(std::span<const option_id> options) {
  require_idle("preselect");
  // Check every id before covering anything, so that a bad id leaves no part of
  // this call applied.
  for (option_id o : options) {
    if (o >= option_count()) throw std::out_of_range("dlx::solver::preselect: no such option");
  }
  const std::size_t mark = preselected_.size();
  std::uint64_t ignored_updates = 0;
  for (option_id o : options) {
    const std::uint32_t* begin = option_items_.data() + option_items_start_[o];
    const std::uint32_t* end = option_items_.data() + option_items_start_[o + 1];
    for (const std::uint32_t* k = begin; k != end; ++k) {
      if (covered_by_[*k] != 0) {
        preselect_conflict conflict{o, item_of_internal_[*k], covered_by_[*k] - 1};
        while (preselected_.size() > mark) {
          // Undo this call's preselections, newest first.
          const option_id undo = preselected_.back();
          preselected_.pop_back();
          for (std::uint32_t j = option_items_start_[undo + 1]; j-- > option_items_start_[undo];) {
            uncover(nodes_.data(), links_.data(), option_items_[j]);
            covered_by_[option_items_[j]] = 0;
          }
        }
        return conflict;
      }
    }
    for (const std::uint32_t* k = begin; k != end; ++k) {
      cover(nodes_.data(), links_.data(), *k, ignored_updates);
      covered_by_[*k] = o + 1;
    }
    preselected_.push_back(o);
  }
  return std::nullopt;
}

void solver::clear_preselection() {
  require_idle("clear_preselection");
  node* nd = nodes_.data();
  item_link* cl = links_.data();
  for (auto o = preselected_.rbegin(); o != preselected_.rend(); ++o) {
    for (std::uint32_t j = option_items_start_[*o + 1]; j-- > option_items_start_[*o];) {
      uncover(nd, cl, option_items_[j]);
      covered_by_[option_items_[j]] = 0;
    }
  }
  preselected_.clear();
}

// ---- Searches ---------------------------------------------------------------

void solver::require_idle(const char* what) const {
  if (state_ != run_state::idle) {
    throw std::logic_error(std::string("dlx::solver::") + what +
                           ": the solver is busy with a lazy enumeration");
  }
}

void solver::begin(const search_options& options) {
  require_idle("search");
  options_ = &options;
  result_ = {};
  level_ = 0;
  depth_ = 0;
  limit_ = options.limit;
  randomized_ = options.seed.has_value();
  rng_ = options.seed.value_or(0);
  constexpr auto never = std::numeric_limits<std::uint64_t>::max();
  next_progress_ =
      options.on_progress ? std::max<std::uint64_t>(options.progress_interval, 1) : never;
  next_clock_check_ = options.time_budget.count() > 0 ? 1024 : never;
  if (next_progress_ != never || next_clock_check_ != never) {
    started_ = std::chrono::steady_clock::now();
  }
  const std::uint64_t budget = options.node_budget ? options.node_budget : never;
  next_checkpoint_ = std::min({budget, next_progress_, next_clock_check_});
  state_ = run_state::fresh;
}

bool solver::checkpoint() {
  const std::uint64_t nodes = result_.nodes;
  const search_options& options = *options_;
  if (options.node_budget && nodes >= options.node_budget) {
    result_.status = search_status::budget_exhausted;
    return false;
  }
  if (nodes >= next_clock_check_ || nodes >= next_progress_) {
    const auto elapsed = std::chrono::steady_clock::now() - started_;
    if (nodes >= next_clock_check_) {
      if (elapsed >= options.time_budget) {
        result_.status = search_status::budget_exhausted;
        return false;
      }
      next_clock_check_ = nodes + 1024;
    }
    if (nodes >= next_progress_) {
      const search_progress progress{result_.solutions, nodes, result_.updates, level_, elapsed};
      if (options.on_progress(progress) == visit::stop) {
        result_.status = search_status::stopped;
        return false;
      }
      next_progress_ = nodes + std::max<std::uint64_t>(options.progress_interval, 1);
    }
  }
  const std::uint64_t budget =
      options.node_budget ? options.node_budget : std::numeric_limits<std::uint64_t>::max();
  next_checkpoint_ = std::min({budget, next_progress_, next_clock_check_});
  return true;
}

template <bool Randomized>
bool solver::run() {
  node* const nd = nodes_.data();
  item_link* const cl = links_.data();
  std::uint32_t* const choice = choice_.data();
  std::uint32_t* const start = start_.data();
  const std::uint32_t first_spacer = first_spacer_;
  std::uint64_t updates = result_.updates;
  std::uint64_t nodes = result_.nodes;
  std::uint32_t max_level = result_.max_level;
  std::uint32_t level = level_;
  bool entering = state_ == run_state::fresh;

  auto save = [&](std::uint32_t depth) {
    result_.updates = updates;
    result_.nodes = nodes;
    result_.max_level = max_level;
    level_ = level;
    depth_ = depth;
  };

  for (;;) {
    std::uint32_t cur;
    if (entering) {
      if (nodes >= next_checkpoint_) {
        save(level);
        if (!checkpoint()) {
          state_ = run_state::finished;
          return false;
        }
      }
      ++nodes;
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
        const std::uint32_t header = static_cast<std::uint32_t>(nd[cur].item);
        cur = nd[cur].down;
        if (cur == header) cur = nd[cur].down;
        if (cur == start[level]) cur = header;  // wrapped around: all tried
      } else {
        cur = nd[cur].down;
      }
    }

    if (cur < first_spacer) {  // back at the header: this item has no options left
      uncover(nd, cl, cur);
      if (level == 0) {
        save(0);
        result_.status = search_status::complete;
        state_ = run_state::finished;
        return false;
      }
      --level;
      entering = false;
      continue;
    }

    choice[level] = cur;
    cover_others(nd, cl, cur, updates);
    if (cl[0].next == 0) {  // every primary item is covered
      ++nodes;
      ++result_.solutions;
      max_level = std::max(max_level, level + 1);
      save(level + 1);
      state_ = run_state::after_solution;
      return true;
    }
    ++level;
    entering = true;
  }
}

bool solver::next_solution() {
  switch (state_) {
    case run_state::fresh:
      if (links_[0].next == 0) {  // nothing left to cover: the empty choice is a solution
        result_.nodes = 1;
        result_.solutions = 1;
        depth_ = 0;
        state_ = run_state::trivial_solution;
        return true;
      }
      break;
    case run_state::after_solution:
      break;
    case run_state::trivial_solution:
      result_.status = search_status::complete;
      state_ = run_state::finished;
      return false;
    default:
      return false;
  }
  return randomized_ ? run<true>() : run<false>();
}

void solver::unwind() {
  node* nd = nodes_.data();
  item_link* cl = links_.data();
  for (std::uint32_t level = depth_; level-- > 0;) {
    const std::uint32_t cur = choice_[level];
    uncover_others(nd, cl, cur);
    uncover(nd, cl, static_cast<std::uint32_t>(nd[cur].item));
  }
  depth_ = 0;
}

search_result solver::end() {
  unwind();
  state_ = run_state::idle;
  options_ = nullptr;
  return result_;
}

void solver::collect_solution() {
  solution_.assign(preselected_.begin(), preselected_.end());
  for (std::uint32_t level = 0; level < depth_; ++level) {
    std::uint32_t x = choice_[level];
    while (nodes_[x].item >= 0)
      ++x;  // walk right to the spacer, which names the option
    solution_.push_back(~static_cast<option_id>(nodes_[x].item));
  }
}

search_result solver::count(const search_options& options) {
  begin(options);
  while (next_solution()) {
    if (limit_ != 0 && result_.solutions >= limit_) {
      result_.status = search_status::limit_reached;
      break;
    }
  }
  return end();
}

search_result solver::solve(std::vector<option_id>& solution, const search_options& options) {
  begin(options);
  solution.clear();
  if (next_solution()) {
    collect_solution();
    solution.assign(solution_.begin(), solution_.end());
    result_.status = search_status::limit_reached;
  }
  return end();
}

search_result solver::enumerate(solution_visitor visitor, const search_options& options) {
  begin(options);
  while (next_solution()) {
    collect_solution();
    if (visitor(solution_) == visit::stop) {
      result_.status = search_status::stopped;
      break;
    }
    if (limit_ != 0 && result_.solutions >= limit_) {
      result_.status = search_status::limit_reached;
      break;
    }
  }
  return end();
}

solution_range solver::solutions(const search_options& options) {
  require_idle("solutions");
  return solution_range(*this, options);
}

bool solver::check_invariants() const {
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

// ---- Lazy enumeration -------------------------------------------------------

solution_range::solution_range(solver& s, const search_options& options)
    : solver_(&s), options_(options) {}

solution_range::~solution_range() {
  if (started_ && !done_) finish();
}

solution_range::iterator solution_range::begin() {
  if (!started_) {
    started_ = true;
    solver_->begin(options_);
    advance();
  }
  return iterator(this);
}

void solution_range::advance() {
  if (done_) return;
  if (solver_->limit_ != 0 && solver_->result_.solutions >= solver_->limit_) {
    solver_->result_.status = search_status::limit_reached;
    finish();
    return;
  }
  if (solver_->next_solution()) {
    solver_->collect_solution();
  } else {
    finish();
  }
}

void solution_range::finish() {
  final_ = solver_->end();
  done_ = true;
}

search_result solution_range::result() const {
  return done_ || !started_ ? final_ : solver_->result_;
}

}  // namespace dlx
