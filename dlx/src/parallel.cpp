// One search on many threads. The tree is cut into subtrees by expanding its
// top nodes breadth-first (engine::begin with children), many more subtrees than
// threads so that a thread which drew a small one takes another; the threads
// take them from a shared counter, each with its own copy of the engine, and
// search each from its node (engine::begin with a subtree). Every node of the
// tree is searched by exactly one of them, with the data structure exactly as a
// one-thread search has it there, so the counts add up to a one-thread search's.
#include "parallel.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

namespace dlx::detail {

namespace {

// Subtrees per thread: enough that the last ones to finish are small. The split
// itself costs little (a node's work per subtree and its ancestors). 256 measured
// 0-4% faster than 64 with two threads on queens 14, pentominoes 6x10 and
// Langford 12 (hyperfine, 8-20 runs each).
constexpr std::size_t pieces_per_thread = 256;
// A count or a first solution is tried on one thread for this many nodes
// before the search is split: most searches end sooner (a Sudoku's uniqueness
// check, a small problem), and then cost no thread and give exactly the
// one-thread answer. A longer one is searched again, split; the first try
// costs it a millisecond or two. (2^16 measured 6% slower than 2^14 on
// Langford 12 with two threads, a 0.12 s search: hyperfine, 30 runs.)
constexpr std::uint64_t trial_nodes = std::uint64_t{1} << 14;
// Nodes between a worker's reports (budgets, stops, progress).
constexpr std::uint64_t report_interval = std::uint64_t{1} << 14;

void add(search_result& total, const search_result& r) {
  total.solutions += r.solutions;
  total.add_work(r);
}

// What the threads share. A stop (limit, visitor, budget, progress callback,
// error) is recorded once; the first reason wins.
class shared_search {
 public:
  shared_search(const search_options& options, const solution_visitor* visitor,
                std::vector<option_id>* first, std::size_t workers)
      : options_(options),
        visitor_(visitor),
        first_(first),
        started_(std::chrono::steady_clock::now()),
        running_share_(workers, 0.0),
        next_progress_(std::max<std::uint64_t>(options.progress_interval, 1)) {}

  [[nodiscard]] bool stopped() const noexcept { return stop_.load(std::memory_order_relaxed); }
  void halt(search_status why) {
    const std::lock_guard lock(mutex_);
    halt_locked(why);
  }
  void fail(std::exception_ptr error) {
    const std::lock_guard lock(mutex_);
    if (!error_) error_ = std::move(error);
    halt_locked(search_status::stopped);
  }

  // A count needs no solution's options: only the limit, if any, is shared.
  [[nodiscard]] bool counting() const noexcept { return visitor_ == nullptr && first_ == nullptr; }
  // Whether the search goes on after this solution (counts only).
  bool accept_count() {
    if (options_.limit == 0) return true;
    const std::uint64_t n = counted_.fetch_add(1, std::memory_order_relaxed) + 1;
    if (n < options_.limit) return true;
    if (n == options_.limit) halt(search_status::limit_reached);
    return false;
  }
  // Whether the search goes on after this solution (visitor or first).
  bool accept(std::span<const option_id> solution) {
    const std::lock_guard lock(mutex_);
    if (stop_.load(std::memory_order_relaxed)) return false;
    if (first_ != nullptr) {
      first_->assign(solution.begin(), solution.end());
      ++delivered_;
      halt_locked(search_status::limit_reached);
      return false;
    }
    ++delivered_;
    if ((*visitor_)(solution) == visit::stop) {
      halt_locked(search_status::stopped);
      return false;
    }
    if (options_.limit != 0 && delivered_ >= options_.limit) {
      halt_locked(search_status::limit_reached);
      return false;
    }
    return true;
  }

  // Whether the node budget is spent; checked before a thread starts on more work.
  bool budget_spent() {
    if (options_.node_budget == 0 || nodes_.load(std::memory_order_relaxed) < options_.node_budget)
      return false;
    halt(search_status::budget_exhausted);
    return true;
  }
  // A worker's counters since its last report, in the middle of a subtree or
  // (`share` empty) at its end; false stops it.
  bool report(std::size_t worker, std::uint64_t nodes, std::uint64_t solutions,
              std::uint64_t updates, std::uint32_t level, std::optional<double> share) {
    const std::uint64_t total = nodes_.fetch_add(nodes, std::memory_order_relaxed) + nodes;
    solutions_.fetch_add(solutions, std::memory_order_relaxed);
    updates_.fetch_add(updates, std::memory_order_relaxed);
    if (!share) return !stopped();
    if (options_.node_budget != 0 && total >= options_.node_budget) {
      halt(search_status::budget_exhausted);
      return false;
    }
    if (options_.on_progress) {
      const std::lock_guard lock(mutex_);
      running_share_[worker] = *share;
      if (total >= next_progress_ && !stop_.load(std::memory_order_relaxed)) {
        next_progress_ = total + std::max<std::uint64_t>(options_.progress_interval, 1);
        search_progress progress{solutions_.load(std::memory_order_relaxed),  total,
                                 updates_.load(std::memory_order_relaxed),    level,
                                 std::chrono::steady_clock::now() - started_, {}};
        double done = done_share_;
        for (double s : running_share_)
          done += s;
        progress.fraction_done = std::min(done, 1.0);
        if (options_.on_progress(progress) == visit::stop) halt_locked(search_status::stopped);
      }
    }
    return !stopped();
  }
  void finished_piece(std::size_t worker, double weight) {
    const std::lock_guard lock(mutex_);
    done_share_ += weight;
    running_share_[worker] = 0;
  }

  // The time left of a time budget (nullopt: none; zero or less: spent).
  [[nodiscard]] std::optional<std::chrono::nanoseconds> time_left() const {
    if (options_.time_budget.count() <= 0) return std::nullopt;
    return options_.time_budget - (std::chrono::steady_clock::now() - started_);
  }

  // The outcome, once the threads are done.
  search_result finish(search_result total) {
    if (error_) std::rethrow_exception(error_);
    total.status = stopped() ? status_ : search_status::complete;
    if (!counting()) {
      total.solutions = delivered_;
    } else if (options_.limit != 0) {
      total.solutions = std::min(total.solutions, options_.limit);
    }
    return total;
  }

 private:
  void halt_locked(search_status why) {
    if (stop_.load(std::memory_order_relaxed)) return;
    status_ = why;
    stop_.store(true, std::memory_order_relaxed);
  }

  const search_options& options_;
  const solution_visitor* visitor_;
  std::vector<option_id>* first_;
  std::chrono::steady_clock::time_point started_;
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> counted_{0};
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t> solutions_{0};
  std::atomic<std::uint64_t> updates_{0};
  std::mutex mutex_;  // guards everything below
  search_status status_ = search_status::complete;
  std::uint64_t delivered_ = 0;
  std::vector<double> running_share_;
  double done_share_ = 0;
  std::uint64_t next_progress_;
  std::exception_ptr error_;
};

// One thread's share: subtrees from the shared counter until none is left or
// the search stops. Returns its counts.
search_result work(engine& e, shared_search& shared, const search_options& options,
                   const search_split& split, std::atomic<std::size_t>& next_piece,
                   std::size_t worker) {
  search_result total{};
  search_options mine = options;
  mine.threads = 1;
  mine.limit = 0;  // shared: see accept
  mine.node_budget = 0;
  mine.progress_interval = report_interval;
  if (options.on_progress && options.progress_interval < report_interval) {
    mine.progress_interval = std::max<std::uint64_t>(options.progress_interval, 1);
  }
  if (options.node_budget != 0) {
    // Reports often enough that the budget is overrun by little.
    mine.progress_interval =
        std::clamp<std::uint64_t>(options.node_budget / 16, 1, mine.progress_interval);
  }
  std::uint64_t nodes = 0, solutions = 0, updates = 0;  // reported so far, this piece
  double weight = 0;
  mine.on_progress = [&](const search_progress& p) {
    const bool go_on =
        shared.report(worker, p.nodes - nodes, p.solutions - solutions, p.updates - updates,
                      p.level, weight * p.fraction_done.value_or(0.0));
    nodes = p.nodes;
    solutions = p.solutions;
    updates = p.updates;
    return go_on ? visit::next : visit::stop;
  };
  const bool counting = shared.counting();
  const bool shared_limit = counting && options.limit != 0;
  for (;;) {
    const std::size_t i = next_piece.fetch_add(1, std::memory_order_relaxed);
    if (i >= split.pieces.size() || shared.stopped() || shared.budget_spent()) break;
    if (const auto left = shared.time_left()) {
      if (left->count() <= 0) {
        shared.halt(search_status::budget_exhausted);
        break;
      }
      mine.time_budget = *left;
    }
    mine.subtree = split.pieces[i];
    weight = split.weights[i];
    nodes = solutions = updates = 0;
    e.begin(mine);
    while (e.next_solution()) {
      const bool go_on =
          counting ? !shared_limit || shared.accept_count() : shared.accept(e.collect_solution());
      if (!go_on) {
        e.set_status(search_status::stopped);
        break;
      }
    }
    const search_result r = e.end();
    shared.report(worker, r.nodes - nodes, r.solutions - solutions, r.updates - updates,
                  r.max_level, std::nullopt);
    add(total, r);
    if (r.status == search_status::budget_exhausted) shared.halt(search_status::budget_exhausted);
    if (r.status == search_status::complete) shared.finished_piece(worker, weight);
  }
  return total;
}

}  // namespace

unsigned thread_count(const search_options& options) {
  if (options.threads != 0) return options.threads;
  return std::max(1U, std::thread::hardware_concurrency());
}

search_result expand(engine& e, std::vector<search_node>& children, solution_visitor visitor,
                     const search_options& options) {
  search_options mine = options;
  mine.threads = 1;
  mine.limit = 0;
  mine.node_budget = 0;
  mine.time_budget = {};
  mine.on_progress = nullptr;
  e.begin(mine, &children);
  while (e.next_solution()) {
    if (visitor(e.collect_solution()) == visit::stop) {
      e.set_status(search_status::stopped);
      break;
    }
  }
  return e.end();
}

search_split split(engine& e, std::size_t pieces, const search_options& options) {
  search_split out;
  search_options at = options;  // at.subtree: the node being expanded
  std::vector<search_node> current{search_node(options.subtree.begin(), options.subtree.end())};
  std::vector<double> weights{1.0};
  std::vector<search_node> children;
  while (!current.empty() && current.size() < pieces) {
    std::vector<search_node> next;
    std::vector<double> next_weights;
    for (std::size_t i = 0; i < current.size(); ++i) {
      // Expand in order until there are enough, keeping the tree's order.
      if (next.size() + (current.size() - i) >= pieces) {
        next.push_back(std::move(current[i]));
        next_weights.push_back(weights[i]);
        continue;
      }
      at.subtree = current[i];
      children.clear();
      std::uint64_t found = 0;
      const search_result r = expand(
          e, children,
          [&](std::span<const option_id> solution) {
            out.solutions.emplace_back(solution.begin(), solution.end());
            ++found;
            return visit::next;
          },
          at);
      add(out.above, r);
      // Knuth's measure: the node's share, split evenly among its branches.
      const double share = weights[i] / static_cast<double>(std::max<std::size_t>(
                                            children.size() + static_cast<std::size_t>(found), 1));
      for (search_node& child : children) {
        next.push_back(std::move(child));
        next_weights.push_back(share);
      }
    }
    current = std::move(next);
    weights = std::move(next_weights);
  }
  out.pieces = std::move(current);
  out.weights = std::move(weights);
  return out;
}

search_result search_in_parallel(engine& e, const search_options& options,
                                 const solution_visitor* visitor, std::vector<option_id>* first) {
  if (visitor == nullptr) {  // a visitor would see the trial's solutions twice
    search_options trial = options;
    trial.threads = 1;
    trial.node_budget =
        options.node_budget != 0 ? std::min(options.node_budget, trial_nodes) : trial_nodes;
    e.begin(trial);
    bool found = false;
    while (!found && e.next_solution()) {
      if (first != nullptr) {
        const auto& solution = e.collect_solution();
        first->assign(solution.begin(), solution.end());
        e.set_status(search_status::limit_reached);
        found = true;
      } else if (options.limit != 0 && e.solutions() >= options.limit) {
        e.set_status(search_status::limit_reached);
        found = true;
      }
    }
    const search_result r = e.end();
    // Done, or out of the caller's own node or time budget: the one-thread
    // answer stands. Out of the trial's budget: split.
    const bool callers_budget = options.node_budget != 0 && options.node_budget <= trial_nodes;
    if (r.status != search_status::budget_exhausted || callers_budget || r.nodes < trial_nodes)
      return r;
  }
  const std::size_t threads = thread_count(options);
  const search_split pieces = split(e, threads * pieces_per_thread, options);
  shared_search shared(options, visitor, first, threads);
  shared.report(0, pieces.above.nodes, 0, pieces.above.updates, 0, std::nullopt);
  // The solutions met while splitting come first.
  for (const auto& solution : pieces.solutions) {
    const bool go_on = shared.counting() ? shared.accept_count() : shared.accept(solution);
    if (!go_on) break;
  }
  search_result total = pieces.above;
  std::atomic<std::size_t> next_piece{0};
  const std::size_t helpers = std::min(threads, std::max<std::size_t>(pieces.pieces.size(), 1)) - 1;
  std::vector<std::unique_ptr<engine>> copies;
  std::vector<search_result> totals(helpers);
  std::vector<std::thread> pool;
  copies.reserve(helpers);
  pool.reserve(helpers);
  try {
    for (std::size_t t = 0; t < helpers; ++t)
      copies.push_back(e.clone());
    for (std::size_t t = 0; t < helpers; ++t) {
      pool.emplace_back([&, t] {
        try {
          totals[t] = work(*copies[t], shared, options, pieces, next_piece, t + 1);
        } catch (...) {
          shared.fail(std::current_exception());
        }
      });
    }
  } catch (...) {
    shared.fail(std::current_exception());
  }
  try {
    add(total, work(e, shared, options, pieces, next_piece, 0));
  } catch (...) {
    shared.fail(std::current_exception());
  }
  for (std::thread& t : pool)
    t.join();
  for (const search_result& r : totals)
    add(total, r);
  return shared.finish(total);
}

}  // namespace dlx::detail
