// The search API on 8 queens (92 solutions, OEIS A000170; 1199 nodes and 21375
// updates by Knuth's dlx1, see /work/shared/dlx-reference/README.md): limits,
// budgets, progress, visitors, lazy enumeration, seeds, reuse, copies and
// preselection.
#include <gtest/gtest.h>
#include <dlx/solver.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "encoders.hpp"
#include "search_options.hpp"

namespace {

using test_support::with_limit;
using test_support::with_node_budget;
using test_support::with_seed;
using test_support::with_time_budget;

using dlx::option_id;
using dlx::search_options;
using dlx::search_status;
using dlx::solver;
using dlx::visit;
using solution_t = std::vector<option_id>;

constexpr std::uint64_t queens8_solutions = 92;
constexpr std::uint64_t queens8_nodes = 1199;
constexpr std::uint64_t queens8_updates = 21375;

// True when `solution` covers every primary item once and no secondary item twice.
::testing::AssertionResult is_exact_cover(const dlx::problem& p,
                                          std::span<const option_id> solution) {
  std::vector<int> covered(p.item_count(), 0);
  for (option_id o : solution) {
    if (o >= p.option_count()) return ::testing::AssertionFailure() << "no option " << o;
    for (dlx::item_id i : p.option(o))
      ++covered[i];
  }
  for (dlx::item_id i = 0; i < p.item_count(); ++i) {
    const int limit_low = p.kind(i) == dlx::item_kind::primary ? 1 : 0;
    if (covered[i] < limit_low || covered[i] > 1) {
      return ::testing::AssertionFailure()
             << "item " << i << " '" << p.name(i) << "' covered " << covered[i] << " times";
    }
  }
  return ::testing::AssertionSuccess();
}

solution_t sorted(std::span<const option_id> s) {
  solution_t v(s.begin(), s.end());
  std::sort(v.begin(), v.end());
  return v;
}

// The queens option that places a queen on row r, column c, found by its names.
option_id queen_at(const dlx::problem& p, int r, int c) {
  // Appended, not "r" + std::to_string(r): GCC 12 warns falsely on that at -O3
  // (-Wrestrict, its bug 105329), depending on what else gets inlined.
  std::string row_name = "r", column_name = "c";
  row_name += std::to_string(r);
  column_name += std::to_string(c);
  const auto row = p.find_item(row_name);
  const auto column = p.find_item(column_name);
  EXPECT_TRUE(row && column);
  for (option_id o = 0; o < p.option_count(); ++o) {
    auto items = p.option(o);
    if (std::find(items.begin(), items.end(), *row) != items.end() &&
        std::find(items.begin(), items.end(), *column) != items.end()) {
      return o;
    }
  }
  ADD_FAILURE() << "no option for a queen at " << r << "," << c;
  return 0;
}

std::vector<solution_t> all_solutions(solver& s, const search_options& options = {}) {
  std::vector<solution_t> out;
  s.enumerate(
      [&](std::span<const option_id> solution) {
        out.emplace_back(solution.begin(), solution.end());
        return visit::next;
      },
      options);
  return out;
}

class Queens8 : public ::testing::Test {
 protected:
  dlx::problem problem_ = examples::queens(8);
  solver solver_{problem_};
};

// ---- count, limits and counters

TEST_F(Queens8, CountFindsAllWithKnuthsCounters) {
  const auto r = solver_.count();
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_TRUE(r.complete());
  EXPECT_EQ(r.solutions, queens8_solutions);
  EXPECT_EQ(r.nodes, queens8_nodes);
  EXPECT_EQ(r.updates, queens8_updates);
  EXPECT_EQ(r.max_level, 8u);  // a solution holds 8 queens
  EXPECT_TRUE(solver_.check_invariants());
}

TEST_F(Queens8, ShapeOfTheMatrix) {
  EXPECT_EQ(solver_.item_count(), 16u + 30u);
  EXPECT_EQ(solver_.option_count(), 64u);
}

TEST_F(Queens8, LimitStopsEarly) {
  const auto r = solver_.count(with_limit(2));
  EXPECT_EQ(r.status, search_status::limit_reached);
  EXPECT_FALSE(r.complete());
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_LT(r.nodes, queens8_nodes);
  EXPECT_TRUE(solver_.check_invariants());
}

TEST_F(Queens8, LimitAboveTheCountIsComplete) {
  const auto r = solver_.count(with_limit(1000));
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, queens8_solutions);
  EXPECT_EQ(r.nodes, queens8_nodes);
}

TEST_F(Queens8, LimitOneFindsOne) {
  const auto r = solver_.count(with_limit(1));
  EXPECT_EQ(r.status, search_status::limit_reached);
  EXPECT_EQ(r.solutions, 1u);
}

TEST_F(Queens8, NodeBudgetStopsTheSearch) {
  for (std::uint64_t budget : {1u, 10u, 100u, 500u}) {
    const auto r = solver_.count(with_node_budget(budget));
    EXPECT_EQ(r.status, search_status::budget_exhausted) << budget;
    EXPECT_FALSE(r.complete());
    EXPECT_LT(r.solutions, queens8_solutions) << budget;
    // Solutions are counted as nodes but do not enter the tree: they may pass it.
    EXPECT_LE(r.nodes, budget + r.solutions) << budget;
    EXPECT_GE(r.nodes, budget) << "the budget was not used up";
    EXPECT_TRUE(solver_.check_invariants());
  }
  // The solver is intact afterwards.
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

TEST_F(Queens8, NodeBudgetAboveTheTreeIsComplete) {
  const auto r = solver_.count(with_node_budget(100000));
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, queens8_solutions);
  EXPECT_EQ(r.nodes, queens8_nodes);
}

TEST(SolverTimeBudget, StopsALongSearchSoon) {
  // 6x10 pentominoes take seconds to count in full (9356 placements).
  const dlx::problem p = examples::pentominoes(6, 10);
  solver s(p);
  const auto started = std::chrono::steady_clock::now();
  const auto r = s.count(with_time_budget(std::chrono::milliseconds(20)));
  const auto elapsed = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(r.status, search_status::budget_exhausted);
  EXPECT_LT(r.solutions, 9356u);
  EXPECT_GT(r.nodes, 0u);
  EXPECT_LT(elapsed, std::chrono::seconds(2));
  EXPECT_TRUE(s.check_invariants());
}

TEST_F(Queens8, GenerousTimeBudgetIsComplete) {
  const auto r = solver_.count(with_time_budget(std::chrono::seconds(60)));
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, queens8_solutions);
  EXPECT_EQ(r.nodes, queens8_nodes);
}

// ---- progress

TEST_F(Queens8, ProgressIsReportedAndDoesNotChangeTheSearch) {
  std::vector<dlx::search_progress> seen;
  search_options options;
  options.progress_interval = 100;
  options.on_progress = [&](const dlx::search_progress& p) {
    seen.push_back(p);
    return visit::next;
  };
  const auto r = solver_.count(options);
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, queens8_solutions);
  EXPECT_EQ(r.nodes, queens8_nodes);
  EXPECT_EQ(r.updates, queens8_updates);
  // About one report per 100 nodes.
  EXPECT_GE(seen.size(), 5u);
  EXPECT_LE(seen.size(), queens8_nodes / 100 + 1);
  for (std::size_t k = 0; k < seen.size(); ++k) {
    EXPECT_GE(seen[k].nodes, 100 * (k + 1)) << k;
    EXPECT_LE(seen[k].nodes, queens8_nodes);
    EXPECT_LE(seen[k].solutions, queens8_solutions);
    EXPECT_LE(seen[k].updates, queens8_updates);
    EXPECT_LE(seen[k].level, 8u);
    if (k > 0) {
      EXPECT_GT(seen[k].nodes, seen[k - 1].nodes);
      EXPECT_GE(seen[k].solutions, seen[k - 1].solutions);
      EXPECT_GE(seen[k].elapsed, seen[k - 1].elapsed);
    }
  }
}

TEST_F(Queens8, ProgressCallbackCanStop) {
  int calls = 0;
  search_options options;
  options.progress_interval = 50;
  options.on_progress = [&](const dlx::search_progress& p) {
    ++calls;
    return p.nodes >= 200 ? visit::stop : visit::next;
  };
  const auto r = solver_.count(options);
  EXPECT_EQ(r.status, search_status::stopped);
  EXPECT_FALSE(r.complete());
  EXPECT_GE(calls, 4);
  EXPECT_LT(r.nodes, 300u);
  EXPECT_LT(r.solutions, queens8_solutions);
  EXPECT_TRUE(solver_.check_invariants());
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

// ---- enumerate and solve

TEST_F(Queens8, EnumerateVisitsEverySolutionOnce) {
  std::set<solution_t> distinct;
  std::uint64_t visits = 0;
  const auto r = solver_.enumerate([&](std::span<const option_id> solution) {
    ++visits;
    EXPECT_EQ(solution.size(), 8u);
    EXPECT_TRUE(is_exact_cover(problem_, solution));
    distinct.insert(sorted(solution));
    return visit::next;
  });
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, queens8_solutions);
  EXPECT_EQ(r.nodes, queens8_nodes);
  EXPECT_EQ(r.updates, queens8_updates);
  EXPECT_EQ(visits, queens8_solutions);
  EXPECT_EQ(distinct.size(), queens8_solutions);
}

TEST_F(Queens8, VisitorCanStopAfterK) {
  for (std::uint64_t k : {1u, 5u, 91u}) {
    std::uint64_t visits = 0;
    const auto r = solver_.enumerate(
        [&](std::span<const option_id>) { return ++visits == k ? visit::stop : visit::next; });
    EXPECT_EQ(r.status, search_status::stopped) << k;
    EXPECT_EQ(visits, k);
    EXPECT_EQ(r.solutions, k);
    EXPECT_TRUE(solver_.check_invariants());
  }
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

TEST_F(Queens8, EnumerateHonoursTheLimit) {
  std::uint64_t visits = 0;
  const auto r = solver_.enumerate(
      [&](std::span<const option_id>) {
        ++visits;
        return visit::next;
      },
      with_limit(3));
  EXPECT_EQ(r.status, search_status::limit_reached);
  EXPECT_EQ(visits, 3u);
  EXPECT_EQ(r.solutions, 3u);
}

TEST_F(Queens8, EnumerateGivesTheSameFirstSolutionsAsLaterSearches) {
  // The solutions come in a fixed order: a limited run is a prefix of a full one.
  const auto all = all_solutions(solver_);
  const auto first3 = all_solutions(solver_, with_limit(3));
  ASSERT_EQ(all.size(), queens8_solutions);
  ASSERT_EQ(first3.size(), 3u);
  EXPECT_TRUE(std::equal(first3.begin(), first3.end(), all.begin()));
}

TEST_F(Queens8, SolveFindsAnExactCover) {
  solution_t solution = {999, 998};  // stale contents must go
  const auto r = solver_.solve(solution);
  EXPECT_EQ(r.solutions, 1u);
  ASSERT_EQ(solution.size(), 8u);
  EXPECT_TRUE(is_exact_cover(problem_, solution));
  // It is the first solution the enumeration finds.
  EXPECT_EQ(solution, all_solutions(solver_, with_limit(1)).at(0));
  EXPECT_TRUE(solver_.check_invariants());
}

TEST(SolverEdgeCases, SolveWithoutASolutionClearsTheVector) {
  const dlx::problem p = examples::queens(3);  // no solution
  solver s(p);
  solution_t solution = {1, 2, 3};
  const auto r = s.solve(solution);
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_TRUE(solution.empty());
}

TEST_F(Queens8, SolveRespectsTheNodeBudget) {
  solution_t solution;
  const auto r = solver_.solve(solution, with_node_budget(3));
  EXPECT_EQ(r.status, search_status::budget_exhausted);
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_TRUE(solution.empty());
}

// ---- lazy enumeration

TEST_F(Queens8, LazyRangeYieldsEverySolution) {
  std::vector<solution_t> lazy;
  auto range = solver_.solutions();
  for (std::span<const option_id> solution : range) {
    EXPECT_TRUE(is_exact_cover(problem_, solution));
    lazy.emplace_back(solution.begin(), solution.end());
  }
  const auto r = range.result();
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, queens8_solutions);
  EXPECT_EQ(r.nodes, queens8_nodes);
  EXPECT_EQ(r.updates, queens8_updates);
  EXPECT_EQ(lazy, all_solutions(solver_));  // same solutions, same order
}

TEST_F(Queens8, BreakingOutOfALazyRangeRestoresTheSolver) {
  std::vector<solution_t> first;
  {
    auto range = solver_.solutions();
    for (std::span<const option_id> solution : range) {
      first.emplace_back(solution.begin(), solution.end());
      if (first.size() == 3) break;
    }
    const auto r = range.result();  // counters so far
    EXPECT_EQ(r.solutions, 3u);
    EXPECT_GT(r.nodes, 3u);
    EXPECT_GT(r.updates, 0u);
    // While the range lives, the solver is busy.
    EXPECT_THROW(solver_.count(), std::logic_error);
    EXPECT_THROW(solver_.solutions(), std::logic_error);
    EXPECT_THROW(solver_.preselect(option_id{0}), std::logic_error);
    EXPECT_THROW(solver_.clear_preselection(), std::logic_error);
  }
  EXPECT_TRUE(solver_.check_invariants());
  const auto again = solver_.count();
  EXPECT_EQ(again.solutions, queens8_solutions);
  EXPECT_EQ(again.nodes, queens8_nodes);
  EXPECT_EQ(again.updates, queens8_updates);
  const auto all = all_solutions(solver_);
  EXPECT_TRUE(std::equal(first.begin(), first.end(), all.begin()));
}

TEST_F(Queens8, LazyRangeHonoursTheLimit) {
  std::uint64_t n = 0;
  auto range = solver_.solutions(with_limit(4));
  for ([[maybe_unused]] auto solution : range)
    ++n;
  EXPECT_EQ(n, 4u);
  EXPECT_EQ(range.result().status, search_status::limit_reached);
  EXPECT_EQ(range.result().solutions, 4u);
}

TEST_F(Queens8, UnstartedLazyRangeLeavesTheSolverFree) {
  {
    auto range = solver_.solutions();
    EXPECT_EQ(range.result().solutions, 0u);
  }
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

TEST_F(Queens8, LazyRangeWithIteratorsByHand) {
  auto range = solver_.solutions();
  auto it = range.begin();
  ASSERT_FALSE(it == range.end());
  const solution_t first = sorted(*it);
  ++it;
  ASSERT_FALSE(it == range.end());
  EXPECT_NE(sorted(*it), first);
  std::uint64_t n = 2;
  for (++it; !(it == range.end()); ++it)
    ++n;
  EXPECT_EQ(n, queens8_solutions);
  EXPECT_TRUE(range.result().complete());
  // After the end the solver is free again even though the range still lives.
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

// ---- seeds

TEST_F(Queens8, SameSeedSameFirstSolution) {
  for (std::uint64_t seed : {0u, 1u, 42u, 123456789u}) {
    solution_t a, b;
    solver_.solve(a, with_seed(seed));
    solver_.solve(b, with_seed(seed));
    EXPECT_EQ(a, b) << seed;
    EXPECT_TRUE(is_exact_cover(problem_, a)) << seed;
  }
}

TEST_F(Queens8, SeededSearchesFindTheSameSolutions) {
  const auto reference = all_solutions(solver_);
  const std::set<solution_t> expected = [&] {
    std::set<solution_t> s;
    for (const auto& x : reference)
      s.insert(sorted(x));
    return s;
  }();
  std::set<solution_t> first_solutions;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto r = solver_.count(with_seed(seed));
    EXPECT_EQ(r.status, search_status::complete) << seed;
    EXPECT_EQ(r.solutions, queens8_solutions) << seed;
    std::set<solution_t> got;
    std::uint64_t visits = 0;
    solver_.enumerate(
        [&](std::span<const option_id> solution) {
          ++visits;
          EXPECT_TRUE(is_exact_cover(problem_, solution));
          got.insert(sorted(solution));
          return visit::next;
        },
        with_seed(seed));
    EXPECT_EQ(visits, queens8_solutions) << seed;
    EXPECT_EQ(got, expected) << seed;
    solution_t first;
    solver_.solve(first, with_seed(seed));
    first_solutions.insert(sorted(first));
    EXPECT_TRUE(solver_.check_invariants());
  }
  // A seed changes the order of the search: 20 seeds cannot all start alike.
  EXPECT_GT(first_solutions.size(), 1u);
}

// ---- reuse and copies

TEST_F(Queens8, ReuseGivesIdenticalResults) {
  for (int k = 0; k < 100; ++k) {
    const auto r = solver_.count();
    ASSERT_EQ(r.solutions, queens8_solutions) << "run " << k;
    ASSERT_EQ(r.nodes, queens8_nodes) << "run " << k;
    ASSERT_EQ(r.updates, queens8_updates) << "run " << k;
    ASSERT_EQ(r.status, search_status::complete);
  }
  EXPECT_TRUE(solver_.check_invariants());
}

TEST_F(Queens8, CopiesAreIndependent) {
  const option_id corner = queen_at(problem_, 0, 0);
  ASSERT_FALSE(solver_.preselect(corner));
  const std::uint64_t restricted = solver_.count().solutions;

  solver copy = solver_;  // carries the preselection
  EXPECT_EQ(copy.count().solutions, restricted);
  EXPECT_EQ(std::vector<option_id>(copy.preselected().begin(), copy.preselected().end()),
            solution_t{corner});
  copy.clear_preselection();
  EXPECT_EQ(copy.count().solutions, queens8_solutions);
  EXPECT_TRUE(copy.check_invariants());
  EXPECT_EQ(solver_.count().solutions, restricted);  // the original is untouched
  EXPECT_EQ(solver_.preselected().size(), 1u);

  solver assigned(examples::queens(4));
  assigned = copy;
  EXPECT_EQ(assigned.count().solutions, queens8_solutions);
  EXPECT_EQ(assigned.count().nodes, queens8_nodes);
}

TEST(SolverEdgeCases, OutlivesItsProblem) {
  std::unique_ptr<solver> s;
  {
    const dlx::problem p = examples::queens(6);
    s = std::make_unique<solver>(p);
  }
  EXPECT_EQ(s->count().solutions, 4u);
}

// ---- preselection

TEST_F(Queens8, PreselectRestrictsToSolutionsWithThatOption) {
  const option_id corner = queen_at(problem_, 0, 0);
  std::uint64_t expected = 0;
  for (const auto& s : all_solutions(solver_))
    expected += std::count(s.begin(), s.end(), corner);
  ASSERT_GT(expected, 0u);
  ASSERT_LT(expected, queens8_solutions);

  EXPECT_EQ(solver_.preselect(corner), std::nullopt);
  ASSERT_EQ(solver_.preselected().size(), 1u);
  EXPECT_EQ(solver_.preselected()[0], corner);
  EXPECT_TRUE(solver_.check_invariants());

  const auto r = solver_.count();
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, expected);
  EXPECT_EQ(r.max_level, 7u);  // the preselected queen is not counted

  std::uint64_t visits = 0;
  solver_.enumerate([&](std::span<const option_id> solution) {
    ++visits;
    EXPECT_EQ(solution.size(), 8u);
    EXPECT_EQ(solution.front(), corner);
    EXPECT_TRUE(is_exact_cover(problem_, solution));
    return visit::next;
  });
  EXPECT_EQ(visits, expected);

  solution_t one;
  solver_.solve(one);
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(one.front(), corner);

  solver_.clear_preselection();
  EXPECT_TRUE(solver_.preselected().empty());
  EXPECT_TRUE(solver_.check_invariants());
  const auto full = solver_.count();
  EXPECT_EQ(full.solutions, queens8_solutions);
  EXPECT_EQ(full.nodes, queens8_nodes);
  EXPECT_EQ(full.updates, queens8_updates);
}

TEST_F(Queens8, PreselectSeveralInOneCallOrAcrossCalls) {
  // Queens at (0,0) and (1,4): count by filtering the full enumeration.
  const option_id a = queen_at(problem_, 0, 0), b = queen_at(problem_, 1, 4);
  std::uint64_t expected = 0;
  for (const auto& s : all_solutions(solver_)) {
    if (std::count(s.begin(), s.end(), a) && std::count(s.begin(), s.end(), b)) ++expected;
  }
  ASSERT_GT(expected, 0u);

  const option_id both[] = {a, b};
  EXPECT_EQ(solver_.preselect(both), std::nullopt);
  EXPECT_EQ(solver_.count().solutions, expected);
  solver_.enumerate([&](std::span<const option_id> s) {
    EXPECT_EQ(s[0], a);
    EXPECT_EQ(s[1], b);
    return visit::next;
  });
  solver_.clear_preselection();

  EXPECT_EQ(solver_.preselect(a), std::nullopt);
  EXPECT_EQ(solver_.preselect(b), std::nullopt);
  EXPECT_EQ(solver_.count().solutions, expected);
  solver_.clear_preselection();
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

TEST_F(Queens8, PreselectingAWholeSolutionLeavesOneSolution) {
  const solution_t first = all_solutions(solver_, with_limit(1)).at(0);
  EXPECT_EQ(solver_.preselect(first), std::nullopt);
  std::vector<solution_t> found = all_solutions(solver_);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], first);
  const auto r = solver_.count();
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, 1u);
  solver_.clear_preselection();
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

TEST_F(Queens8, ConflictWithinOneCallKeepsNothing) {
  const auto before = solver_.count();
  const option_id a = queen_at(problem_, 0, 0), b = queen_at(problem_, 5, 3),
                  c = queen_at(problem_, 0, 6);  // shares row 0 with a
  const option_id list[] = {a, b, c};
  const auto conflict = solver_.preselect(list);
  ASSERT_TRUE(conflict.has_value());
  EXPECT_EQ(conflict->option, c);
  EXPECT_EQ(conflict->item, *problem_.find_item("r0"));
  EXPECT_EQ(conflict->covered_by, a);
  EXPECT_TRUE(solver_.preselected().empty());
  EXPECT_TRUE(solver_.check_invariants());
  const auto after = solver_.count();
  EXPECT_EQ(after.solutions, before.solutions);
  EXPECT_EQ(after.nodes, before.nodes);
  EXPECT_EQ(after.updates, before.updates);
}

TEST_F(Queens8, ConflictOnASecondaryItem) {
  // (0,0) and (1,1) share the diagonal b7 (b = n-1-i+j), a secondary item.
  const option_id a = queen_at(problem_, 0, 0), b = queen_at(problem_, 1, 1);
  const option_id list[] = {a, b};
  const auto conflict = solver_.preselect(list);
  ASSERT_TRUE(conflict.has_value());
  EXPECT_EQ(conflict->option, b);
  EXPECT_EQ(conflict->item, *problem_.find_item("b7"));
  EXPECT_EQ(conflict->covered_by, a);
  EXPECT_TRUE(solver_.preselected().empty());
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

TEST_F(Queens8, ConflictAcrossCallsKeepsEarlierCalls) {
  const option_id a = queen_at(problem_, 0, 0);
  ASSERT_EQ(solver_.preselect(a), std::nullopt);
  const auto before = solver_.count();

  // (3,5) fits with (0,0); (2,0) shares column 0 with it.
  const option_id b = queen_at(problem_, 3, 5), c = queen_at(problem_, 2, 0);
  const option_id list[] = {b, c};
  const auto conflict = solver_.preselect(list);
  ASSERT_TRUE(conflict.has_value());
  EXPECT_EQ(conflict->option, c);
  EXPECT_EQ(conflict->item, *problem_.find_item("c0"));
  EXPECT_EQ(conflict->covered_by, a);
  ASSERT_EQ(solver_.preselected().size(), 1u);  // b was rolled back, a stays
  EXPECT_EQ(solver_.preselected()[0], a);
  EXPECT_TRUE(solver_.check_invariants());
  const auto after = solver_.count();
  EXPECT_EQ(after.solutions, before.solutions);
  EXPECT_EQ(after.nodes, before.nodes);
  EXPECT_EQ(after.updates, before.updates);

  // The same option twice is a conflict with itself.
  const auto again = solver_.preselect(a);
  ASSERT_TRUE(again.has_value());
  EXPECT_EQ(again->option, a);
  EXPECT_EQ(again->covered_by, a);
  EXPECT_EQ(solver_.count().solutions, before.solutions);
}

TEST_F(Queens8, PreselectOutOfRangeThrowsAndChangesNothing) {
  EXPECT_THROW(solver_.preselect(option_id{64}), std::out_of_range);
  EXPECT_THROW(solver_.preselect(option_id{0xffffffff}), std::out_of_range);
  EXPECT_TRUE(solver_.preselected().empty());
  // A bad id after a good one: the good one must not stay half-applied.
  const option_id list[] = {queen_at(problem_, 0, 0), 1000};
  EXPECT_THROW(solver_.preselect(list), std::out_of_range);
  EXPECT_TRUE(solver_.preselected().empty());
  EXPECT_TRUE(solver_.check_invariants());
  EXPECT_EQ(solver_.count().solutions, queens8_solutions);
}

TEST_F(Queens8, PreselectDuringLazyEnumerationThrows) {
  auto range = solver_.solutions();
  auto it = range.begin();
  ASSERT_FALSE(it == range.end());
  EXPECT_THROW(solver_.preselect(option_id{0}), std::logic_error);
  const option_id list[] = {0, 9};
  EXPECT_THROW(solver_.preselect(list), std::logic_error);
  EXPECT_THROW(solver_.clear_preselection(), std::logic_error);
  std::uint64_t n = 1;
  for (++it; !(it == range.end()); ++it)
    ++n;
  EXPECT_EQ(n, queens8_solutions);  // the running search was not disturbed
}

TEST(SolverEdgeCases, PreselectingAnOptionWithOnlySecondaryItems) {
  // Such an option is never chosen by the search, but it can be preselected.
  dlx::problem p(2, 1);
  const option_id ax = p.add_option({0, 2}), a = p.add_option({0}), b = p.add_option({1}),
                  x = p.add_option({2});
  solver s(p);
  EXPECT_EQ(s.count().solutions, 2u);  // {ax, b} and {a, b}; x is never chosen
  ASSERT_EQ(s.preselect(x), std::nullopt);
  std::vector<solution_t> found = all_solutions(s);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], (solution_t{x, a, b}));
  const auto conflict = s.preselect(ax);
  ASSERT_TRUE(conflict.has_value());
  EXPECT_EQ(conflict->item, 2u);
  EXPECT_EQ(conflict->covered_by, x);
  s.clear_preselection();
  EXPECT_EQ(s.count().solutions, 2u);
}

// ---- small edge cases

TEST(SolverEdgeCases, NoPrimaryItemsHasOneEmptySolution) {
  dlx::problem p(0, 2);
  p.add_option({0, 1});
  solver s(p);
  const auto r = s.count();
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, 1u);
  std::vector<solution_t> found = all_solutions(s);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_TRUE(found[0].empty());
  solution_t one = {7};
  EXPECT_EQ(s.solve(one).solutions, 1u);
  EXPECT_TRUE(one.empty());
  // Lazily too, and only once.
  std::uint64_t n = 0;
  for (auto solution : s.solutions()) {
    EXPECT_TRUE(solution.empty());
    ++n;
  }
  EXPECT_EQ(n, 1u);
}

TEST(SolverEdgeCases, EmptyProblemHasOneEmptySolution) {
  dlx::problem p;
  solver s(p);
  EXPECT_EQ(s.count().solutions, 1u);
  EXPECT_TRUE(s.check_invariants());
}

TEST(SolverEdgeCases, PrimaryItemWithoutOptionsHasNoSolution) {
  dlx::problem p(3);
  p.add_option({0, 1});
  solver s(p);
  const auto r = s.count();
  EXPECT_EQ(r.status, search_status::complete);
  EXPECT_EQ(r.solutions, 0u);
  EXPECT_EQ(r.nodes, 1u);    // the root is a dead end: item 2 has no options
  EXPECT_EQ(r.updates, 1u);  // covering item 2 unlinks only its header
}

TEST(SolverEdgeCases, TinyProblemCountersByHand) {
  // Items a b c; options "a b", "c", "a", "b c". Knuth's rules by hand:
  // root: a (2 options, leftmost of the minimum 2) -> cover a: 1 + (1 for "a b")
  //   + 0 for "a" = 2 updates.
  //   "a b": cover b: 1 + 1 ("b c" loses c) = 2. Node 2: choose c (1 option),
  //      cover c: 1 + 0 ("b c" already gone from c) = 1; "c" is a solution.
  //   "a": node 3: b has 1 option ("b c") -> cover b: 1 + 1 = 2; "b c":
  //      cover c: 1 + 0 ("c" has no other items) = 1: a solution.
  // Nodes: 3 branch points + 2 solutions = 5. Updates: 2 + 2 + 1 + 2 + 1 = 8.
  dlx::problem p;
  const auto a = p.add_item("a"), b = p.add_item("b"), c = p.add_item("c");
  p.add_option({a, b});
  p.add_option({c});
  p.add_option({a});
  p.add_option({b, c});
  solver s(p);
  const auto r = s.count();
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_EQ(r.nodes, 5u);
  EXPECT_EQ(r.updates, 8u);
  EXPECT_EQ(r.max_level, 2u);
  const auto found = all_solutions(s);
  EXPECT_EQ(found, (std::vector<solution_t>{{0, 1}, {2, 3}}));
}

}  // namespace
