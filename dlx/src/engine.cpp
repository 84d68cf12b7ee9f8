#include "engine.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>

namespace dlx::detail {

void broken_invariant(const char* where) {
  // The one place the library writes anything: a debug build reporting its own bug.
  std::fprintf(stderr, "dlx: internal error: broken data structure (%s)\n", where);
  std::abort();
}

engine::engine(const problem& p) {
  const std::size_t n = p.item_count();
  item_count_ = static_cast<std::uint32_t>(n);
  primary_count_ = static_cast<std::uint32_t>(p.primary_count());
  std::vector<std::uint32_t> internal(n);
  item_of_internal_.assign(n, 0);
  std::uint32_t next_primary = 0, next_secondary = primary_count_;
  for (item_id i = 0; i < n; ++i) {
    const std::uint32_t k = p.kind(i) == item_kind::primary ? next_primary++ : next_secondary++;
    internal[i] = k;
    item_of_internal_[k] = i;
  }
  const bool colored = p.has_colors();
  if (p.has_multiplicities()) {
    lower_.resize(primary_count_);
    upper_.resize(primary_count_);
    for (item_id i = 0; i < n; ++i) {
      if (p.kind(i) != item_kind::primary) continue;
      lower_[internal[i]] = p.bounds(i).lower;
      upper_[internal[i]] = p.bounds(i).upper;
    }
  }
  option_start_.reserve(p.option_count() + 1);
  option_items_.reserve(p.entry_count());
  if (colored) option_colors_.reserve(p.entry_count());
  option_has_primary_.reserve(p.option_count());
  option_start_.push_back(0);
  std::vector<std::uint32_t> length(n, 0);
  for (option_id o = 0; o < p.option_count(); ++o) {
    const bool primary = p.has_primary(o);
    for (item_id i : p.option(o)) {
      option_items_.push_back(internal[i]);
      if (primary) ++length[internal[i]];
    }
    if (colored) {
      for (color_id c : p.option_colors(o))
        option_colors_.push_back(c);
    }
    option_start_.push_back(static_cast<std::uint32_t>(option_items_.size()));
    option_has_primary_.push_back(primary ? 1 : 0);
  }
  rules_.assign(p.rules().begin(), p.rules().end());
  if (p.has_weights()) {
    for (weighted_id w = 0; w < p.weighted_count(); ++w) {
      weight_lower_.push_back(p.weighted_bounds(w).lower);
      weight_upper_.push_back(p.weighted_bounds(w).upper);
    }
    const std::vector<weight_entry> weights = p.weights();  // by option
    weight_start_.assign(p.option_count() + 1, 0);
    for (const weight_entry& e : weights) {
      ++weight_start_[e.option + 1];
      weight_terms_.push_back({e.item, e.weight});
    }
    for (std::size_t o = 0; o < p.option_count(); ++o)
      weight_start_[o + 1] += weight_start_[o];
  }
  longest_item_ = n ? *std::max_element(length.begin(), length.end()) : 0;
  uses_.assign(n, 0);
  covered_by_.assign(n, 0);
  if (colored) claimed_color_.assign(n, 0);
  is_preselected_.assign(p.option_count(), 0);
  preselected_.reserve(n);
  solution_.reserve(n + 1);
}

void engine::require_idle(const char* what) const {
  if (state_ != run_state::idle) {
    throw std::logic_error(std::string("dlx::solver::") + what +
                           ": the solver is busy with a lazy enumeration");
  }
}

std::optional<preselect_conflict> engine::preselect(std::span<const option_id> options) {
  require_idle("preselect");
  // Check every id before covering anything, so that a bad id leaves no part of
  // this call applied.
  for (option_id o : options) {
    if (o >= option_count()) throw std::out_of_range("dlx::solver::preselect: no such option");
  }
  if (preselect_quickly(options)) {
    preselected_.insert(preselected_.end(), options.begin(), options.end());
    if (sanity_checks && !check_invariants()) broken_invariant("after preselect");
    return std::nullopt;
  }
  for (; booked_ < preselected_.size(); ++booked_)
    book(preselected_[booked_]);
  const std::size_t mark = preselected_.size();
  for (option_id o : options) {
    // An item is full when one more option would cover it more often than its
    // upper bound allows, or, for a secondary item, give it a second color.
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      const std::uint32_t k = option_items_[i];
      // Each option is used at most once; a secondary item is shared only by
      // options that give it the first one's color.
      const bool full =
          is_preselected_[o] ||
          (k < primary_count_
               ? uses_[k] >= (multiplicities() ? upper_[k] : 1)
               : uses_[k] > 0 && (entry_color(i) == 0 || claimed_color_[k] != entry_color(i)));
      if (!full) continue;
      const preselect_conflict conflict{o, item_of_internal_[k],
                                        is_preselected_[o] ? o : covered_by_[k] - 1};
      revert_preselection(mark);  // nothing of this call is kept
      forget_preselections(mark);
      return conflict;
    }
    apply_preselected(o);
    book(o);
    preselected_.push_back(o);
    ++booked_;
  }
  if (sanity_checks && !check_invariants()) broken_invariant("after preselect");
  return std::nullopt;
}

void engine::book(option_id o) {
  for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
    const std::uint32_t k = option_items_[i];
    if (uses_[k]++ == 0) {
      covered_by_[k] = o + 1;
      if (!claimed_color_.empty()) claimed_color_[k] = entry_color(i);
    }
  }
  is_preselected_[o] = 1;
}

void engine::forget_preselections(std::size_t keep) {
  for (std::size_t j = keep; j < booked_; ++j) {
    const option_id undone = preselected_[j];
    for (std::uint32_t i = option_start_[undone]; i < option_start_[undone + 1]; ++i) {
      const std::uint32_t k = option_items_[i];
      if (--uses_[k] == 0) covered_by_[k] = 0;
    }
    is_preselected_[undone] = 0;
  }
  booked_ = std::min(booked_, keep);
  preselected_.resize(keep);
}

void engine::clear_preselection() {
  require_idle("clear_preselection");
  revert_preselection(0);
  forget_preselections(0);
  if (sanity_checks && !check_invariants()) broken_invariant("after clear_preselection");
}

void engine::begin(const search_options& options, std::vector<search_node>* children) {
  require_idle("search");
  if (!supports(options.propagation)) {
    throw std::invalid_argument(
        multiplicities()
            ? "dlx::solver: propagation other than none is not available with multiplicities"
            : "dlx::solver: propagation other than none needs the bitset engine");
  }
  if (options.branching == branching::conflicts) {
    if (!supports(options.branching)) {
      throw std::invalid_argument(
          "dlx::solver: branching on conflicts needs the bitset engine, without multiplicities, "
          "and propagation none, forced or pairs");
    }
    if (options.seed || !options.subtree.empty()) {
      // What it learns depends on the order it searches in: its tree is its own.
      throw std::invalid_argument(
          "dlx::solver: a search branching on conflicts cannot be seeded or split");
    }
  }
  if (!options.wanted.empty() && !skips_unwanted()) {
    throw std::invalid_argument(
        "dlx::solver: a search for wanted options needs the bitset engine, without "
        "multiplicities");
  }
  if (options.seed && !options.subtree.empty()) {
    // The walk down would not draw the numbers the split drew on the way.
    throw std::invalid_argument("dlx::solver: a subtree search cannot be seeded");
  }
  options_ = &options;
  result_ = {};
  baseline_ = {};
  limit_ = options.limit;
  randomized_ = options.seed.has_value();
  rng_ = options.seed.value_or(0);
  subtree_ = options.subtree;
  children_ = children;
  reached_ = subtree_.empty();
  root_level_ = 0;
  floor_ = 0;
  constexpr auto never = std::numeric_limits<std::uint64_t>::max();
  next_progress_ =
      options.on_progress ? std::max<std::uint64_t>(options.progress_interval, 1) : never;
  next_clock_check_ = options.time_budget.count() > 0 ? 1024 : never;
  if (next_progress_ != never || next_clock_check_ != never) {
    started_ = std::chrono::steady_clock::now();
  }
  set_next_checkpoint();
  state_ = run_state::fresh;
}

void engine::set_next_checkpoint() {
  if (!reached_ || children_ != nullptr) {
    next_checkpoint_ = 0;  // every node entry: the walk down, or listing children
    return;
  }
  // next_progress_ and next_clock_check_ count nodes of the subtree; the
  // search loop compares with its own counter, which includes the walk down.
  constexpr auto never = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t budget = options_->node_budget ? options_->node_budget : never;
  const std::uint64_t next = std::min({budget, next_progress_, next_clock_check_});
  next_checkpoint_ = next > never - baseline_.nodes ? never : next + baseline_.nodes;
}

engine::verdict engine::checkpoint(std::uint32_t level) {
  if (!reached_) {
    // Walking down to the subtree's node: enter its ancestors and the node
    // itself, prune every other node on the way.
    path_.clear();
    append_path(path_);
    if (path_.size() > subtree_.size() ||
        !std::equal(path_.begin(), path_.end(), subtree_.begin())) {
      return verdict::prune;
    }
    if (path_.size() < subtree_.size()) return verdict::proceed;
    reached_ = true;
    root_level_ = level;
    floor_ = floor_here();
    baseline_ = result_;
    set_next_checkpoint();
    if (children_ != nullptr || next_checkpoint_ > result_.nodes) return verdict::proceed;
  } else if (children_ != nullptr) {
    if (level == root_level_) return verdict::proceed;  // the node itself
    path_.clear();
    append_path(path_);
    children_->push_back(path_);
    return verdict::prune;
  }
  const std::uint64_t nodes = result_.nodes - baseline_.nodes;
  const search_options& options = *options_;
  if (options.node_budget && nodes >= options.node_budget) {
    result_.status = search_status::budget_exhausted;
    return verdict::stop;
  }
  if (nodes >= next_clock_check_ || nodes >= next_progress_) {
    const auto elapsed = std::chrono::steady_clock::now() - started_;
    if (nodes >= next_clock_check_) {
      if (elapsed >= options.time_budget) {
        result_.status = search_status::budget_exhausted;
        return verdict::stop;
      }
      next_clock_check_ = nodes + 1024;
    }
    if (nodes >= next_progress_) {
      const search_result counts = result();
      search_progress progress{counts.solutions, nodes, counts.updates, level, elapsed, {}};
      progress.fraction_done = fraction_done(root_level_);
      if (options.on_progress(progress) == visit::stop) {
        result_.status = search_status::stopped;
        return verdict::stop;
      }
      next_progress_ = nodes + std::max<std::uint64_t>(options.progress_interval, 1);
    }
  }
  set_next_checkpoint();
  return verdict::proceed;
}

search_result engine::result() const {
  search_result r = result_;
  r.solutions -= baseline_.solutions;
  r.nodes -= baseline_.nodes;
  r.updates -= baseline_.updates;
  r.cleansings -= baseline_.cleansings;
  r.branches -= baseline_.branches;
  r.guesses -= baseline_.guesses;
  r.forced -= baseline_.forced;
  r.eliminated -= baseline_.eliminated;
  return r;
}

bool engine::next_solution() {
  bool fresh = false;
  switch (state_) {
    case run_state::fresh:
      if (nothing_to_cover()) {              // the empty choice is a solution, and the only node
        if (!preselection_weights_hold()) {  // or no solution
          if (reached_) result_.nodes = 1;
          result_.status = search_status::complete;
          state_ = run_state::finished;
          return false;
        }
        state_ = run_state::trivial_solution;
        if (!reached_) return false;  // so no other node exists: end() reports it
        result_.nodes = 1;
        result_.solutions = 1;
        return true;
      }
      fresh = true;
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
  // A solution met on the walk down to a subtree's node is not in it.
  bool found = advance(fresh);
  while (found && !reached_)
    found = advance(false);
  state_ = found ? run_state::after_solution : run_state::finished;
  return found;
}

const std::vector<option_id>& engine::collect_solution() {
  solution_.assign(preselected_.begin(), preselected_.end());
  if (state_ == run_state::after_solution) append_chosen(solution_);
  return solution_;
}

search_result engine::end() {
  if (state_ != run_state::idle) unwind();
  if (sanity_checks && !check_invariants()) broken_invariant("after a search");
  const search_result r = result();
  const bool missed = !reached_;
  state_ = run_state::idle;
  options_ = nullptr;
  subtree_ = {};
  children_ = nullptr;
  reached_ = true;
  baseline_ = {};
  floor_ = 0;
  if (missed) throw std::invalid_argument("dlx::solver: the search tree has no such node");
  return r;
}

}  // namespace dlx::detail
