// The public solver: picks an engine and runs the search protocol on it.
#include "dlx/solver.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine.hpp"
#include "parallel.hpp"

namespace dlx {

void search_result::add_work(const search_result& other) noexcept {
  nodes += other.nodes;
  updates += other.updates;
  cleansings += other.cleansings;
  branches += other.branches;
  guesses += other.guesses;
  forced += other.forced;
  eliminated += other.eliminated;
  max_level = std::max(max_level, other.max_level);
}

std::string_view to_string(search_status s) noexcept {
  switch (s) {
    case search_status::complete:
      return "complete";
    case search_status::limit_reached:
      return "limit_reached";
    case search_status::budget_exhausted:
      return "budget_exhausted";
    case search_status::stopped:
      return "stopped";
  }
  return "unknown";
}

// The bitset engine copies its whole state at each branch, so it pays off while
// that state stays small: a bit per option plus a counter per primary item.
// Measured: faster on every problem we have up to 25x25 Sudoku (15,625 options,
// 2,500 items: 0.35 against 1.7 us per node, a 4.5 KB state); see bench/README.md.
bool bitset_engine_fits(std::size_t options, std::size_t primaries) noexcept {
  return options <= 32768 && primaries <= 8192;
}

bool bitset_engine_fits(const problem& p) noexcept {
  return bitset_engine_fits(p.option_count(), p.primary_count());
}

namespace {

std::unique_ptr<detail::engine> make_engine(const problem& p, engine_kind kind) {
  if (p.has_weights()) {
    // Only the bitset engine keeps totals (problem.hpp).
    if (p.has_multiplicities()) {
      throw problem_error("weighted items with multiplicities are not supported");
    }
    if (kind == engine_kind::dancing_links) {
      throw problem_error("weighted items need the bitset engine, not dancing links");
    }
    if (!bitset_engine_fits(p)) {
      throw problem_error(
          "weighted items need the bitset engine, and the problem is too large for it (over "
          "32,768 options or 8,192 primary items)");
    }
    kind = engine_kind::bitset;
  }
  if (p.has_rules()) {
    // Only the bitset engine calls rules (rule.hpp).
    if (p.has_multiplicities()) throw problem_error("rules with multiplicities are not supported");
    if (kind == engine_kind::dancing_links) {
      throw problem_error("rules need the bitset engine, not dancing links");
    }
    kind = engine_kind::bitset;
  }
  if (kind == engine_kind::automatic) {
    // With multiplicities the bitset engine has no edge: DLX3 "tweaks" its
    // branches, one cheap unlinking per option with dancing links against a state
    // copy per option with bitsets. Measured (bench/README.md): 7x7 0/1 matrices
    // with two 1s per row and column, 297 ms with links against 402 ms
    // (dlx_bench medians); 0/1 matrices 6x6, 7-20% apart the same way.
    kind = bitset_engine_fits(p) && !p.has_multiplicities() ? engine_kind::bitset
                                                            : engine_kind::dancing_links;
  }
  if (kind == engine_kind::bitset) return detail::make_bitset_engine(p);
  // Plain problems keep DLX1's smaller nodes; colors and bounds need DLX2/DLX3's.
  if (p.has_colors() || p.has_multiplicities()) return detail::make_mcc_engine(p);
  return detail::make_links_engine(p);
}

// Whether a search runs on many threads; refuses what cannot.
bool in_parallel(const search_options& options) {
  if (options.threads == 1) return false;
  if (options.seed) {
    throw std::invalid_argument(
        "dlx::solver: a seeded search runs on one thread (its random tree cannot be split)");
  }
  if (options.branching == branching::conflicts) {
    throw std::invalid_argument(
        "dlx::solver: a search branching on conflicts runs on one thread (what it learns depends "
        "on the order it searches in)");
  }
  if (!options.wanted.empty()) {
    throw std::invalid_argument(
        "dlx::solver: a search for wanted options runs on one thread (the caller changes what it "
        "wants as solutions come)");
  }
  return detail::thread_count(options) > 1;
}

}  // namespace

solver::solver(const problem& p, engine_kind engine)
    : engine_(make_engine(p, engine)), current_(engine_.get()) {}
solver::solver(const solver& other)
    : engine_(other.engine_->clone()),
      structured_(other.structured_ ? other.structured_->clone() : nullptr),
      current_(other.current_ == other.engine_.get() ? engine_.get() : structured_.get()) {}
solver& solver::operator=(const solver& other) {
  if (this != &other) *this = solver(other);
  return *this;
}
solver::solver(solver&& other) noexcept = default;
solver& solver::operator=(solver&& other) noexcept = default;
solver::~solver() = default;

detail::engine& solver::engine_for(search_options& options) {
  detail::engine* target = engine_.get();
  if (options.propagation == propagation::groups) {
    if (options.seed) {
      throw std::invalid_argument(
          "dlx::solver: a search with propagation groups cannot be seeded (it has no random "
          "tie-breaks)");
    }
    if (engine_->structure_search_applies()) {
      if (!structured_) structured_ = detail::make_box_band_engine(*current_);
      if (!structured_) structured_ = detail::make_structure_engine(*current_);
      target = structured_.get();
    } else {
      // A problem the structure search does not take: the most the engine can.
      options.propagation =
          engine_->infers(propagation::pairs) ? propagation::pairs : propagation::none;
    }
  }
  if (target != current_) {
    // Hand the preselection over (it was accepted once, so it is again).
    current_->require_idle("search");
    const std::vector<option_id> held(current_->preselected().begin(),
                                      current_->preselected().end());
    target->clear_preselection();
    (void)target->preselect(held);
    current_->clear_preselection();
    current_ = target;
  }
  return *target;
}

std::optional<preselect_conflict> solver::preselect(std::span<const option_id> options) {
  return current_->preselect(options);
}
void solver::clear_preselection() {
  current_->clear_preselection();
}
std::span<const option_id> solver::preselected() const noexcept {
  return current_->preselected();
}
std::size_t solver::item_count() const noexcept {
  return engine_->item_count();
}
std::size_t solver::option_count() const noexcept {
  return engine_->option_count();
}
engine_kind solver::engine() const noexcept {
  return engine_->kind();
}
bool solver::check_invariants() const {
  return current_->check_invariants();
}

search_result solver::count(const search_options& given) {
  search_options options = given;
  detail::engine& e = engine_for(options);
  if (in_parallel(options)) {
    e.require_idle("count");
    return detail::search_in_parallel(e, options, nullptr, nullptr);
  }
  e.begin(options);
  while (e.next_solution()) {
    if (e.limit() != 0 && e.solutions() >= e.limit()) {
      e.set_status(search_status::limit_reached);
      break;
    }
  }
  return e.end();
}

search_result solver::solve(std::vector<option_id>& solution, const search_options& given) {
  search_options options = given;
  detail::engine& e = engine_for(options);
  solution.clear();
  if (in_parallel(options)) {
    e.require_idle("solve");
    return detail::search_in_parallel(e, options, nullptr, &solution);
  }
  e.begin(options);
  if (e.next_solution()) {
    const auto& found = e.collect_solution();
    solution.assign(found.begin(), found.end());
    e.set_status(search_status::limit_reached);
  }
  return e.end();
}

search_result solver::enumerate(solution_visitor visitor, const search_options& given) {
  search_options options = given;
  detail::engine& e = engine_for(options);
  if (in_parallel(options)) {
    e.require_idle("enumerate");
    return detail::search_in_parallel(e, options, &visitor, nullptr);
  }
  e.begin(options);
  while (e.next_solution()) {
    if (visitor(e.collect_solution()) == visit::stop) {
      e.set_status(search_status::stopped);
      break;
    }
    if (e.limit() != 0 && e.solutions() >= e.limit()) {
      e.set_status(search_status::limit_reached);
      break;
    }
  }
  return e.end();
}

search_result solver::expand(std::vector<search_node>& children, solution_visitor visitor,
                             const search_options& given) {
  search_options options = given;
  detail::engine& e = engine_for(options);
  return detail::expand(e, children, visitor, options);
}

search_split solver::split(std::size_t pieces, const search_options& given) {
  search_options options = given;
  if (options.branching == branching::conflicts) {
    throw std::invalid_argument("dlx::solver: a search branching on conflicts cannot be split");
  }
  if (!options.wanted.empty()) {
    throw std::invalid_argument("dlx::solver: a search for wanted options cannot be split");
  }
  detail::engine& e = engine_for(options);
  return detail::split(e, pieces, options);
}

solution_range solver::solutions(const search_options& given) {
  current_->require_idle("solutions");
  if (given.threads != 1) {
    throw std::invalid_argument("dlx::solver::solutions: a lazy enumeration runs on one thread");
  }
  search_options options = given;
  engine_for(options);
  return solution_range(*this, options);
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
    solver_->current_->begin(options_);
    advance();
  }
  return iterator(this);
}

void solution_range::advance() {
  if (done_) return;
  detail::engine& e = *solver_->current_;
  if (e.limit() != 0 && e.solutions() >= e.limit()) {
    e.set_status(search_status::limit_reached);
    finish();
    return;
  }
  if (e.next_solution()) {
    current_ = e.collect_solution();
  } else {
    finish();
  }
}

void solution_range::finish() {
  final_ = solver_->current_->end();
  current_ = {};
  done_ = true;
}

search_result solution_range::result() const {
  return done_ || !started_ ? final_ : solver_->current_->result();
}

}  // namespace dlx
