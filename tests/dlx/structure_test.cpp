// The structure search (propagation::groups) and what it finds.
//
// What it finds is checked against what is known of Sudoku from outside this
// project: tdoku's write-up (t-dillon/tdoku, docs/sudoku.md) counts 54
// intersections of a box with a row or column ("triads" once a digit is named:
// 486), 6 bands, and 6 configurations of one digit in a band (the perfect
// matchings of three rows with three boxes); a mini-row of three cells holds
// three digits. Its answers are checked against Knuth's search on the same
// problems (the default setting, whose counts match his programs): the same
// set of solutions on random Latin squares and Sudoku-like puzzles of several
// box shapes, with random givens and random irregular regions, and on Knuth's
// reference files (propagation_test.cpp).
#include <gtest/gtest.h>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>
#include <dlx/structure.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include "search_options.hpp"
#include "solution_sets.hpp"

namespace {

using dlx::item_id;
using dlx::option_id;
using solution_t = std::vector<option_id>;

// An n x n Latin square, n = box_rows * box_columns, as exact cover: items for
// each cell, each row and digit, each column and digit, and (when boxes > 0)
// each box and digit; or, with `regions`, each region and digit (a jigsaw).
// Options (cell, digit) in row-major order, digit fastest.
struct latin {
  int n = 0;
  dlx::problem problem{0, 0};
  option_id option(int row, int column, int digit) const {
    return static_cast<option_id>((row * n + column) * n + digit);
  }
};

// The options that fix a grid's first row to 1, 2, ..., n (one grid in n!).
std::vector<option_id> first_row_in_order(const latin& l) {
  std::vector<option_id> row;
  for (int c = 0; c < l.n; ++c)
    row.push_back(l.option(0, c, c));
  return row;
}

latin make_latin(int box_rows, int box_columns, bool boxes, const std::vector<int>& regions = {}) {
  latin l;
  const int n = box_rows * box_columns;
  l.n = n;
  const bool areas = boxes || !regions.empty();
  const int items = n * n * (areas ? 4 : 3);
  l.problem = dlx::problem(static_cast<std::size_t>(items), 0);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int area =
          !regions.empty() ? regions[r * n + c] : (r / box_rows) * box_rows + c / box_columns;
      for (int d = 0; d < n; ++d) {
        std::vector<item_id> o{static_cast<item_id>(r * n + c),
                               static_cast<item_id>(n * n + r * n + d),
                               static_cast<item_id>(2 * n * n + c * n + d)};
        if (areas) o.push_back(static_cast<item_id>(3 * n * n + area * n + d));
        l.problem.add_option(o);
      }
    }
  }
  return l;
}

struct expected_structure {
  int box_rows, box_columns;
  dlx::structure_summary figures;
};

class SudokuStructure : public ::testing::TestWithParam<expected_structure> {};

TEST_P(SudokuStructure, FoundInThePlainMatrix) {
  const auto& e = GetParam();
  const latin l = make_latin(e.box_rows, e.box_columns, true);
  const dlx::structure_summary s = dlx::describe_structure(l.problem);
  EXPECT_TRUE(s.applies);
  EXPECT_EQ(s.classes, e.figures.classes);
  EXPECT_EQ(s.groups, e.figures.groups);
  EXPECT_EQ(s.quotas, e.figures.quotas);
  EXPECT_EQ(s.families, e.figures.families);
  EXPECT_EQ(s.matchings, e.figures.matchings);
  EXPECT_EQ(s.clusters, e.figures.clusters);
}

// 9x9: 54 intersections x 9 digits = 486 triads; a family per band (or stack)
// and digit, 18 x 9 = 54... that is 6 bands x 9 digits, each with the 6
// configurations; a quota per mini-row and mini-column (54); a cluster per band.
// 4x4 (2x2 boxes): 8 mini-rows and 8 mini-columns of 2 cells, 4 digits: 64
// groups; 4 bands x 4 digits = 16 families of 2 matchings; 16 quotas.
// 6x6 (boxes of 2 rows, 3 columns): a row meets a box in 3 cells (72 groups),
// a column in 2 (108); bands of 2 rows and 2 boxes (3 x 6 families of 2
// matchings), stacks of 3 columns and 3 boxes (2 x 6 families of 6); 30
// mini-lines.
INSTANTIATE_TEST_SUITE_P(Shapes, SudokuStructure,
                         ::testing::Values(expected_structure{3, 3, {true, 4, 486, 54, 54, 324, 6}},
                                           expected_structure{2, 2, {true, 4, 64, 16, 16, 32, 4}},
                                           expected_structure{2, 3, {true, 4, 180, 30, 30, 108, 5}},
                                           expected_structure{
                                               4, 4, {true, 4, 2048, 128, 128, 3072, 8}}),
                         [](const ::testing::TestParamInfo<expected_structure>& p) {
                           return std::to_string(p.param.box_rows) + "x" +
                                  std::to_string(p.param.box_columns);
                         });

TEST(Structure, NoneWhereItemsShareAtMostOneOption) {
  // A Latin square: a row-digit and a column-digit share one cell: no group.
  const latin l = make_latin(3, 3, false);
  const auto s = dlx::describe_structure(l.problem);
  EXPECT_EQ(s.groups, 0u);
  EXPECT_EQ(s.quotas, 0u);
  EXPECT_EQ(s.families, 0u);
  // And its search answers as Knuth's does: 4x4 Latin squares, OEIS A002860.
  const latin small = make_latin(2, 2, false);
  dlx::solver solver(small.problem);
  EXPECT_EQ(solver.count(test_support::with_propagation(dlx::propagation::groups)).solutions, 576u);
}

TEST(Structure, NoneWithColorsOrMultiplicities) {
  dlx::problem p(2, 1);
  const dlx::color_id red = p.add_color("red");
  p.add_option({dlx::option_entry{0, 0}, dlx::option_entry{1, 0}, dlx::option_entry{2, red}});
  p.add_option({0, 1});
  p.add_option({dlx::option_entry{0, 0}, dlx::option_entry{2, red}});
  p.add_option({1});
  EXPECT_FALSE(dlx::describe_structure(p).applies);
  EXPECT_EQ(dlx::describe_structure(p).groups, 0u);
  // The setting still answers: as pairs does.
  dlx::solver s(p);
  EXPECT_EQ(s.count(test_support::with_propagation(dlx::propagation::groups)).solutions,
            s.count().solutions);
}

// Sudoku counts published elsewhere: 288 4x4 grids (OEIS A107739), and
// 28,200,960 6x6 grids with 2x3 boxes (Pettersen 2005) through fixing the first row
// (6! = 720 relabellings): 39,168 completions.
TEST(StructureSearch, PublishedSudokuCounts) {
  const latin four = make_latin(2, 2, true);
  dlx::solver s4(four.problem);
  const auto g4 = test_support::with_propagation(dlx::propagation::groups);
  const auto r4 = s4.count(g4);
  EXPECT_EQ(r4.solutions, 288u);
  EXPECT_TRUE(r4.complete());

  const latin six = make_latin(2, 3, true);
  dlx::solver s6(six.problem);
  ASSERT_FALSE(s6.preselect(first_row_in_order(six)));
  EXPECT_EQ(s6.count(g4).solutions, 28'200'960u / 720u);
  EXPECT_EQ(s6.count().solutions, 28'200'960u / 720u);
}

// Random puzzles of several shapes: a random full grid (found by a seeded
// search), some of its cells as givens, sometimes a wrong given, sometimes
// jigsaw regions grown at random; every solution set the same as Knuth's
// search finds, every solution found once.
TEST(StructureSearch, SameSolutionsAsKnuthsSearchOnRandomPuzzles) {
  std::mt19937 rng(20261125);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int shapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {3, 3}};
  int with_several = 0, with_none = 0, jigsaws = 0, guessed = 0;
  for (int k = 0; k < 300; ++k) {
    const auto& shape = shapes[k % 4];
    const int n = shape[0] * shape[1];
    std::vector<int> regions;
    if (k % 5 == 4 && n <= 6) {
      // Jigsaw regions: grow n regions of n cells from random seeds (retry
      // until every region is full).
      for (bool done = false; !done;) {
        regions.assign(static_cast<std::size_t>(n * n), -1);
        std::vector<int> size(static_cast<std::size_t>(n), 0);
        for (int r = 0; r < n; ++r) {
          int cell = uniform(0, n * n - 1);
          while (regions[static_cast<std::size_t>(cell)] >= 0)
            cell = uniform(0, n * n - 1);
          regions[static_cast<std::size_t>(cell)] = r;
          size[static_cast<std::size_t>(r)] = 1;
        }
        for (int step = 0; step < 4000; ++step) {
          const int cell = uniform(0, n * n - 1);
          const int r = regions[static_cast<std::size_t>(cell)];
          if (r < 0 || size[static_cast<std::size_t>(r)] == n) continue;
          const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
          const int d = uniform(0, 3);
          const int row = cell / n + dr[d], col = cell % n + dc[d];
          if (row < 0 || row >= n || col < 0 || col >= n) continue;
          int& there = regions[static_cast<std::size_t>(row * n + col)];
          if (there >= 0) continue;
          there = r;
          ++size[static_cast<std::size_t>(r)];
        }
        done = std::all_of(size.begin(), size.end(), [&](int s) { return s == n; });
      }
      ++jigsaws;
    }
    const latin l = make_latin(shape[0], shape[1], true, regions);
    SCOPED_TRACE(::testing::Message()
                 << "puzzle " << k << ", " << n << "x" << n << (regions.empty() ? "" : " jigsaw"));
    dlx::solver s(l.problem);
    // A random solution to take givens from.
    std::vector<option_id> grid;
    if (s.solve(grid, test_support::with_seed(rng())).solutions == 0) continue;
    std::shuffle(grid.begin(), grid.end(), rng);
    // Enough givens for the search to end soon: a 9x9 with few has billions, and
    // a 6x6 with three up to 150,000, which took most of the test's time as sets.
    const int givens = n == 9 ? uniform(28, 54) : uniform(n == 6 ? 6 : n / 2, n * n * 2 / 3);
    std::vector<option_id> chosen(grid.begin(), grid.begin() + givens);
    if (uniform(0, 9) == 0) {
      // A wrong digit in a free cell: often no solution left.
      const option_id o = grid[static_cast<std::size_t>(givens)];
      const option_id wrong =
          o - o % static_cast<option_id>(n) + (o + 1) % static_cast<option_id>(n);
      chosen.push_back(wrong);
    }
    if (s.preselect(chosen)) continue;  // the wrong digit clashes with a given
    std::uint64_t visits = 0;
    const auto expected = test_support::solution_set(s, dlx::propagation::none, visits);
    const auto found = test_support::solution_set(s, dlx::propagation::groups, visits);
    EXPECT_EQ(found, expected);
    EXPECT_EQ(visits, expected.size()) << "a solution was found twice";
    const auto counted = s.count(test_support::with_propagation(dlx::propagation::groups));
    EXPECT_EQ(counted.solutions, expected.size());
    EXPECT_TRUE(counted.complete());
    EXPECT_EQ(counted.guesses, counted.branches);  // yes/no branches: one guess each
    EXPECT_TRUE(s.check_invariants());
    with_several += expected.size() > 1;
    with_none += expected.empty();
    guessed += counted.guesses > 0;
    if (HasFailure()) break;
  }
  // The cases this test is about did come up.
  EXPECT_GE(with_several, 20);
  EXPECT_GE(with_none, 5);
  EXPECT_GE(jigsaws, 20);
  EXPECT_GE(guessed, 20);
}

TEST(StructureSearch, LimitsBudgetsAndLazyEnumeration) {
  const latin l = make_latin(2, 2, true);
  dlx::solver s(l.problem);
  auto o = test_support::with_propagation(dlx::propagation::groups);
  o.limit = 5;
  const auto limited = s.count(o);
  EXPECT_EQ(limited.solutions, 5u);
  EXPECT_EQ(limited.status, dlx::search_status::limit_reached);
  o.limit = 0;
  o.node_budget = 3;
  const auto budget = s.count(o);
  EXPECT_EQ(budget.status, dlx::search_status::budget_exhausted);
  EXPECT_LE(budget.nodes, 3u);
  o.node_budget = 0;
  std::set<solution_t> lazy;
  {
    auto range = s.solutions(o);
    for (std::span<const option_id> x : range) {
      solution_t sorted(x.begin(), x.end());
      std::sort(sorted.begin(), sorted.end());
      lazy.insert(sorted);
      if (lazy.size() == 100) break;
    }
  }  // ending the range early restores the solver
  EXPECT_EQ(lazy.size(), 100u);
  std::vector<option_id> one;
  EXPECT_EQ(s.solve(one, test_support::with_propagation(dlx::propagation::groups)).solutions, 1u);
  EXPECT_EQ(one.size(), 16u);
  EXPECT_EQ(s.count().solutions, 288u);  // and Knuth's search is as it was
}

TEST(StructureSearch, PreselectionMovesBetweenEngines) {
  // Givens preselected before and between searches of both kinds stay in force.
  const latin l = make_latin(2, 2, true);
  dlx::solver s(l.problem);
  const auto groups = test_support::with_propagation(dlx::propagation::groups);
  ASSERT_FALSE(s.preselect(l.option(0, 0, 0)));
  const auto a = s.count(groups).solutions;
  EXPECT_EQ(a, 288u / 4);
  EXPECT_EQ(s.count().solutions, a);
  ASSERT_FALSE(s.preselect(l.option(0, 1, 1)));
  EXPECT_EQ(s.count(groups).solutions, 288u / 12);
  EXPECT_EQ(s.preselected().size(), 2u);
  const auto clash = s.preselect(l.option(0, 2, 1));  // digit 2 twice in row 1
  ASSERT_TRUE(clash);
  EXPECT_EQ(clash->covered_by, l.option(0, 1, 1));
  s.clear_preselection();
  EXPECT_EQ(s.count(groups).solutions, 288u);
  dlx::solver copy = s;
  EXPECT_EQ(copy.count(groups).solutions, 288u);
}

TEST(StructureSearch, SplitsOverThreadsButRefusesSeeds) {
  // The 6x6 grids with a first row fixed, on two threads and in pieces: the
  // pieces' counts add up to the one-thread search's.
  const latin l = make_latin(2, 3, true);
  dlx::solver s(l.problem);
  ASSERT_FALSE(s.preselect(first_row_in_order(l)));
  auto o = test_support::with_propagation(dlx::propagation::groups);
  const auto one = s.count(o);
  EXPECT_EQ(one.solutions, 39'168u);
  o.threads = 2;
  const auto two = s.count(o);
  EXPECT_EQ(two.solutions, one.solutions);
  EXPECT_EQ(two.nodes, one.nodes);
  EXPECT_EQ(two.guesses, one.guesses);
  o.threads = 1;
  EXPECT_GE(s.split(40, o).pieces.size(), 40u);
  const auto sum = test_support::counted_in_pieces(s, 40, o);
  EXPECT_EQ(sum.solutions, one.solutions);
  EXPECT_EQ(sum.nodes, one.nodes);
  EXPECT_EQ(sum.guesses, one.guesses);
  o.seed = 7;
  EXPECT_THROW(s.count(o), std::invalid_argument);
  EXPECT_EQ(s.count().solutions, one.solutions);  // still usable
}

// Guesses, counted as tdoku counts them: a node with k options that tries j of
// them counts min(j, k - 1).
TEST(Guesses, CountedAsTdokuCounts) {
  // Item a has three options, each a solution on its own (b is secondary).
  dlx::problem p(1, 1);
  p.add_option(std::vector<item_id>{0});
  p.add_option(std::vector<item_id>{0, 1});
  p.add_option(std::vector<item_id>{0});
  for (auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
    dlx::solver s(p, engine);
    const auto all = s.count();
    EXPECT_EQ(all.solutions, 3u);
    EXPECT_EQ(all.branches, 1u);
    EXPECT_EQ(all.guesses, 2u);  // three tried, the last without another left
    const auto first = s.count(test_support::with_limit(1));
    EXPECT_EQ(first.guesses, 1u);
    const auto two = s.count(test_support::with_limit(2));
    EXPECT_EQ(two.guesses, 2u);
  }
  // Forced moves make no guess.
  dlx::problem q(2, 0);
  q.add_option(std::vector<item_id>{0});
  q.add_option(std::vector<item_id>{1});
  dlx::solver t(q);
  EXPECT_EQ(t.count().guesses, 0u);
}

}  // namespace
