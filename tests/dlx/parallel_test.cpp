// One search on many threads (search_options::threads) and the splitting it is
// built on (solver::expand, solver::split, search_options::subtree). Outside
// truth: published counts (OEIS A000170 for queens, A014552 doubled for
// Langford pairs, A001499 for 0/1 matrices with two 1s per row and column, a
// problem with multiplicities); Knuth's figures, pentominoes 3x20 among them,
// are checked in reference_test.cpp (pentominoes 6x10 take seconds: the bench). Inside: every total
// equals the one-thread search's, every solution comes exactly once.
#include <gtest/gtest.h>
#include <dlx/solver.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "encoders.hpp"
#include "published_problems.hpp"
#include "search_options.hpp"

namespace {

using solution_set = std::multiset<std::vector<dlx::option_id>>;

void expect_same_totals(const dlx::search_result& got, const dlx::search_result& want,
                        const std::string& where) {
  EXPECT_EQ(got.status, want.status) << where;
  EXPECT_EQ(got.solutions, want.solutions) << where;
  EXPECT_EQ(got.nodes, want.nodes) << where;
  EXPECT_EQ(got.updates, want.updates) << where;
  EXPECT_EQ(got.cleansings, want.cleansings) << where;
  EXPECT_EQ(got.branches, want.branches) << where;
  EXPECT_EQ(got.forced, want.forced) << where;
  EXPECT_EQ(got.eliminated, want.eliminated) << where;
  EXPECT_EQ(got.max_level, want.max_level) << where;
}

dlx::search_options threaded(unsigned threads, dlx::search_options options = {}) {
  options.threads = threads;
  return options;
}

// A count on threads first searches 16,384 nodes on one thread, and splits only
// a longer search; an enumeration with a visitor always splits. So this checks
// both ways against one thread's totals.
void expect_threads_keep_totals(dlx::solver& s, const dlx::search_options& options,
                                const dlx::search_result& one, const std::string& where) {
  expect_same_totals(s.count(options), one, where + ", count");
  std::atomic<std::uint64_t> visits{0};
  const auto listed = s.enumerate(
      [&](std::span<const dlx::option_id>) {
        visits.fetch_add(1);
        return dlx::visit::next;
      },
      options);
  expect_same_totals(listed, one, where + ", enumerate");
  EXPECT_EQ(visits.load(), one.solutions) << where;
}

// True when `solution` covers every primary item once and every item at most
// once (the problems here have no bounds), ignoring colors.
bool covers_exactly(const dlx::problem& p, std::span<const dlx::option_id> solution) {
  std::vector<int> uses(p.item_count(), 0);
  for (dlx::option_id o : solution) {
    for (dlx::item_id i : p.option(o))
      ++uses[i];
  }
  for (dlx::item_id i = 0; i < p.item_count(); ++i) {
    if (uses[i] > 1) return false;
    if (p.kind(i) == dlx::item_kind::primary && uses[i] != 1) return false;
  }
  return true;
}

solution_set all_solutions_as_set(dlx::solver& s, const dlx::search_options& options) {
  solution_set out;
  std::mutex guard;  // the visitor is called one at a time; the lock checks nothing breaks if not
  s.enumerate(
      [&](std::span<const dlx::option_id> solution) {
        const std::lock_guard lock(guard);
        out.emplace(solution.begin(), solution.end());
        return dlx::visit::next;
      },
      options);
  return out;
}

class Published : public ::testing::TestWithParam<test_support::published_problem> {};

TEST_P(Published, EveryThreadCountGivesThePublishedCountAndOneThreadsTotals) {
  const dlx::problem p = GetParam().make();
  dlx::solver s(p);
  const auto one = s.count();
  EXPECT_EQ(one.status, dlx::search_status::complete);
  EXPECT_EQ(one.solutions, GetParam().solutions);
  for (unsigned threads : {2U, 3U}) {
    expect_threads_keep_totals(
        s, threaded(threads), one,
        std::string(GetParam().name) + ", threads " + std::to_string(threads));
  }
  EXPECT_TRUE(s.check_invariants());
}

INSTANTIATE_TEST_SUITE_P(Parallel, Published,
                         ::testing::ValuesIn(test_support::quick_published_problems()),
                         test_support::published_name);

TEST(Parallel, BothEnginesAndEveryPropagationKeepOneThreadsTotals) {
  const dlx::problem p = examples::queens(10);
  for (auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
    dlx::solver s(p, engine);
    for (auto propagation :
         {dlx::propagation::none, dlx::propagation::forced, dlx::propagation::pairs}) {
      if (engine == dlx::engine_kind::dancing_links && propagation != dlx::propagation::none)
        continue;
      const auto options = test_support::with_propagation(propagation);
      const auto one = s.count(options);
      EXPECT_EQ(one.solutions, 724U);
      for (unsigned threads : {2U, 3U, 5U}) {
        expect_threads_keep_totals(s, threaded(threads, options), one,
                                   "propagation " + std::to_string(static_cast<int>(propagation)) +
                                       ", threads " + std::to_string(threads));
      }
    }
  }
}

TEST(Parallel, EnumerationDeliversEverySolutionOnce) {
  const dlx::problem p = examples::langford(8);
  dlx::solver s(p);
  const solution_set one = all_solutions_as_set(s, {});
  ASSERT_EQ(one.size(), 300U);  // A014552(8) = 150, doubled for reversals
  for (unsigned threads : {2U, 3U}) {
    const solution_set many = all_solutions_as_set(s, threaded(threads));
    EXPECT_EQ(many, one) << threads << " threads";
  }
  for (const auto& solution : one)
    EXPECT_TRUE(covers_exactly(p, solution));
}

TEST(Parallel, WithALimitTheCountIsTheLimitAndEverySolutionIsValid) {
  const dlx::problem p = examples::queens(11);
  dlx::solver s(p);
  const auto counted = s.count(threaded(2, test_support::with_limit(100)));
  EXPECT_EQ(counted.status, dlx::search_status::limit_reached);
  EXPECT_EQ(counted.solutions, 100U);

  std::uint64_t calls = 0;
  solution_set seen;
  const auto listed = s.enumerate(
      [&](std::span<const dlx::option_id> solution) {
        ++calls;
        EXPECT_TRUE(covers_exactly(p, solution));
        seen.emplace(solution.begin(), solution.end());
        return dlx::visit::next;
      },
      threaded(3, test_support::with_limit(50)));
  EXPECT_EQ(listed.status, dlx::search_status::limit_reached);
  EXPECT_EQ(listed.solutions, 50U);
  EXPECT_EQ(calls, 50U);
  EXPECT_EQ(std::set<std::vector<dlx::option_id>>(seen.begin(), seen.end()).size(), 50U);

  // A limit above the total changes nothing.
  expect_same_totals(s.count(threaded(2, test_support::with_limit(100000))), s.count(), "limit");

  std::vector<dlx::option_id> solution;
  const auto solved = s.solve(solution, threaded(2));
  EXPECT_EQ(solved.solutions, 1U);
  EXPECT_EQ(solved.status, dlx::search_status::limit_reached);
  EXPECT_TRUE(covers_exactly(p, solution));
  EXPECT_TRUE(s.check_invariants());
}

TEST(Parallel, AVisitorStopsEveryThread) {
  dlx::solver s(examples::queens(12));
  std::uint64_t calls = 0;
  const auto r = s.enumerate(
      [&](std::span<const dlx::option_id>) {
        return ++calls == 10 ? dlx::visit::stop : dlx::visit::next;
      },
      threaded(2));
  EXPECT_EQ(r.status, dlx::search_status::stopped);
  EXPECT_EQ(calls, 10U);
  EXPECT_EQ(r.solutions, 10U);
  EXPECT_EQ(s.count().solutions, 14200U);  // the solver is as it was
}

TEST(Parallel, BudgetsStopTheSearchAsUnknown) {
  dlx::solver s(examples::queens(13));
  const auto r = s.count(threaded(2, test_support::with_node_budget(5000)));
  EXPECT_EQ(r.status, dlx::search_status::budget_exhausted);
  EXPECT_GE(r.nodes, 5000U);
  EXPECT_LT(r.nodes, 5000U + 2 * 5000U);  // each thread reports every budget/16 nodes
  // A budget beyond the one-thread trial is shared by the threads.
  const auto split = s.count(threaded(2, test_support::with_node_budget(200000)));
  EXPECT_EQ(split.status, dlx::search_status::budget_exhausted);
  EXPECT_GE(split.nodes, 200000U);
  EXPECT_LT(split.nodes, 200000U + 2 * (200000U / 16 + 1000U));
  const auto timed =
      s.count(threaded(2, test_support::with_time_budget(std::chrono::nanoseconds(1))));
  EXPECT_EQ(timed.status, dlx::search_status::budget_exhausted);
  EXPECT_TRUE(s.check_invariants());
}

TEST(Parallel, ProgressIsSerialisedEstimatesTheShareDoneAndCanStop) {
  dlx::solver s(examples::queens(12));
  dlx::search_options options = threaded(2);
  options.progress_interval = 1000;
  std::atomic<int> inside{0};
  std::uint64_t calls = 0;
  double last_fraction = 0;
  options.on_progress = [&](const dlx::search_progress& p) {
    EXPECT_EQ(inside.fetch_add(1), 0) << "two progress calls at once";
    ++calls;
    EXPECT_TRUE(p.fraction_done.has_value());
    const double fraction = p.fraction_done.value_or(-1);
    EXPECT_GE(fraction, 0.0);
    EXPECT_LE(fraction, 1.0);
    last_fraction = fraction;
    inside.fetch_sub(1);
    return dlx::visit::next;
  };
  const auto r = s.count(options);
  EXPECT_EQ(r.solutions, 14200U);
  EXPECT_GT(calls, 100U);  // 327,813 nodes, a call per 1000
  EXPECT_GT(last_fraction, 0.5);

  options.on_progress = [](const dlx::search_progress&) { return dlx::visit::stop; };
  EXPECT_EQ(s.count(options).status, dlx::search_status::stopped);
}

// One thread: Knuth's estimate, which only grows as the search goes left to
// right through the tree, and stays below 1.
TEST(Parallel, OneThreadEstimatesTheShareDoneAsKnuthDoes) {
  for (auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
    dlx::solver s(examples::queens(10), engine);
    dlx::search_options options;
    options.progress_interval = 500;
    double last = 0;
    int calls = 0;
    options.on_progress = [&](const dlx::search_progress& p) {
      ++calls;
      EXPECT_TRUE(p.fraction_done.has_value());
      const double fraction = p.fraction_done.value_or(-1);
      EXPECT_GE(fraction, last);
      EXPECT_LT(fraction, 1.0);
      last = fraction;
      return dlx::visit::next;
    };
    s.count(options);
    EXPECT_GT(calls, 10);
    EXPECT_GT(last, 0.8);
  }
}

TEST(Parallel, PreselectionsHoldInEveryThread) {
  const dlx::problem p = examples::queens(10);
  dlx::solver s(p);
  ASSERT_FALSE(s.preselect(dlx::option_id{3}).has_value());
  const auto one = s.count();
  EXPECT_GT(one.solutions, 0U);
  EXPECT_LT(one.solutions, 724U);
  expect_threads_keep_totals(s, threaded(3), one, "preselected");
  for (const auto& solution : all_solutions_as_set(s, threaded(2)))
    EXPECT_EQ(solution.front(), 3U);
}

TEST(Parallel, TrivialAndUnsolvableProblems) {
  dlx::problem b;
  const auto a = b.add_item("a");
  b.add_option({a});
  dlx::solver s(b);
  ASSERT_FALSE(s.preselect(dlx::option_id{0}).has_value());
  const auto r = s.count(threaded(2));
  EXPECT_EQ(r.solutions, 1U);
  EXPECT_EQ(r.nodes, 1U);

  dlx::solver none(examples::queens(3));
  const auto zero = none.count(threaded(2));
  EXPECT_EQ(zero.status, dlx::search_status::complete);
  EXPECT_EQ(zero.solutions, 0U);
  expect_threads_keep_totals(none, threaded(2), none.count(), "queens 3");
}

TEST(Parallel, ZeroThreadsMeansEveryCore) {
  dlx::solver s(examples::queens(9));
  EXPECT_EQ(s.count(threaded(0)).solutions, 352U);
}

TEST(Parallel, RefusesWhatCannotBeSplit) {
  dlx::solver s(examples::queens(8));
  EXPECT_THROW(s.count(threaded(2, test_support::with_seed(7))), std::invalid_argument);
  EXPECT_THROW(auto range = s.solutions(threaded(2)), std::invalid_argument);
  EXPECT_EQ(s.count().solutions, 92U);
}

// ---- The splitting itself.

TEST(Split, PiecesAndTheWorkAboveThemAddUpToTheWholeSearch) {
  for (auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
    dlx::solver s(examples::langford(9), engine);
    const auto whole = s.count();
    const dlx::search_split split = s.split(40);
    EXPECT_GE(split.pieces.size(), 40U);
    ASSERT_EQ(split.weights.size(), split.pieces.size());
    EXPECT_EQ(split.solutions.size(), split.above.solutions);
    dlx::search_result sum = split.above;
    double weight = 0;
    for (std::size_t i = 0; i < split.pieces.size(); ++i) {
      dlx::search_options options;
      options.subtree = split.pieces[i];
      const auto r = s.count(options);
      EXPECT_EQ(r.status, dlx::search_status::complete);
      sum.solutions += r.solutions;
      sum.nodes += r.nodes;
      sum.updates += r.updates;
      sum.branches += r.branches;
      sum.max_level = std::max(sum.max_level, r.max_level);
      weight += split.weights[i];
    }
    expect_same_totals(sum, whole, "split");
    EXPECT_LE(weight, 1.0 + 1e-9);
    // The same problem splits the same way.
    EXPECT_EQ(s.split(40).pieces, split.pieces);
  }
}

TEST(Split, ExpandListsTheChildrenOfANodeInOrder) {
  const dlx::problem p = examples::queens(6);
  dlx::solver s(p);
  std::vector<dlx::search_node> children;
  const auto root =
      s.expand(children, [](std::span<const dlx::option_id>) { return dlx::visit::next; });
  EXPECT_EQ(root.nodes, 1U);
  ASSERT_FALSE(children.empty());
  for (const auto& child : children)
    EXPECT_EQ(child.size(), 1U);  // one option chosen on the way down
  // A child's subtree, searched from it, holds its share of the 4 solutions.
  std::uint64_t total = root.solutions;
  for (const auto& child : children) {
    dlx::search_options options;
    options.subtree = child;
    total += s.count(options).solutions;
  }
  EXPECT_EQ(total, 4U);
}

TEST(Split, ANodeThatIsNotInTheTreeIsRefused) {
  dlx::solver s(examples::queens(6));
  const std::vector<dlx::option_id> clash{0, 1};  // two queens in row 0
  dlx::search_options options;
  options.subtree = clash;
  EXPECT_THROW(s.count(options), std::invalid_argument);
  const std::vector<dlx::option_id> no_option{100000};
  options.subtree = no_option;
  EXPECT_THROW(s.count(options), std::invalid_argument);
  dlx::search_options seeded = test_support::with_seed(1);
  const std::vector<dlx::option_id> first{0};
  seeded.subtree = first;
  EXPECT_THROW(s.count(seeded), std::invalid_argument);
  EXPECT_EQ(s.count().solutions, 4U);  // and the solver still works
  EXPECT_TRUE(s.check_invariants());
}

}  // namespace
