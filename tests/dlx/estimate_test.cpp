// Knuth's estimate by random probes (estimate.hpp) against published counts
// (queens, Langford pairs, empty Sudokus): the mean within four standard
// errors of the count, for each engine and propagation (seeded, so each
// check always sees the same probes); and the edge cases, exact and empty.
#include <gtest/gtest.h>
#include <dlx/estimate.hpp>
#include <dlx/solver.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "encoders.hpp"

namespace {

struct counted {
  const char* name;
  dlx::problem problem;
  double count;
};

void expect_near(dlx::solver& s, double count, const dlx::estimate_options& o,
                 const std::string& what) {
  const dlx::solution_estimate e = dlx::estimate_solutions(s, o);
  SCOPED_TRACE(what);
  EXPECT_EQ(e.probes, o.probes);
  EXPECT_GT(e.standard_error, 0.0);
  EXPECT_LE(std::abs(e.solutions - count), 4 * e.standard_error)
      << e.solutions << " +- " << e.standard_error << " against " << count;
  // And an estimate worth having: within 25% of the count.
  EXPECT_LE(std::abs(e.solutions - count), 0.25 * count) << e.solutions;
  EXPECT_GT(e.reached, 0u);
  EXPECT_FALSE(e.exact);
}

// A seed draws the same probes with every standard library (dlx/random.hpp):
// the figures pinned here were drawn natively (g++, libstdc++), and tests/wasm
// runs this file in WebAssembly (clang, libc++).
TEST(Estimate, TheSameProbesOnEveryPlatform) {
  dlx::solver s(examples::queens(8));
  dlx::estimate_options o;
  o.probes = 20;
  o.seed = 2026;
  const dlx::solution_estimate e = dlx::estimate_solutions(s, o);
  EXPECT_EQ(e.solutions, 76.0);
  EXPECT_EQ(e.reached, 4U);
  EXPECT_EQ(e.nodes, 142U);
}

TEST(Estimate, WithinFourStandardErrorsOfPublishedCounts) {
  const counted problems[] = {
      {"8 queens", examples::queens(8), 92},
      {"10 queens", examples::queens(10), 724},
      {"Langford 7", examples::langford(7), 52},
      {"Langford 11", examples::langford(11), 35584},
  };
  for (const counted& c : problems) {
    for (const dlx::engine_kind e : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
      for (const dlx::propagation p :
           {dlx::propagation::none, dlx::propagation::forced, dlx::propagation::pairs}) {
        if (e == dlx::engine_kind::dancing_links && p != dlx::propagation::none) continue;
        dlx::solver s(c.problem, e);
        dlx::estimate_options o;
        o.probes = 1500;
        o.seed = 20261206;
        o.search.propagation = p;
        expect_near(s, c.count, o,
                    std::string(c.name) + (e == dlx::engine_kind::bitset ? " bitset " : " links ") +
                        std::to_string(static_cast<int>(p)));
      }
    }
  }
}

// An empty n^2 x n^2 Sudoku, boxes n x n wide: cell, row-digit, column-digit
// and box-digit items.
dlx::problem empty_sudoku(int rows, int columns) {
  const int n = rows * columns;
  dlx::problem p(static_cast<std::size_t>(4 * n * n));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      for (int d = 0; d < n; ++d) {
        const int box = r / rows * rows + c / columns;
        p.add_option({static_cast<dlx::item_id>(r * n + c),
                      static_cast<dlx::item_id>(n * n + r * n + d),
                      static_cast<dlx::item_id>(2 * n * n + c * n + d),
                      static_cast<dlx::item_id>(3 * n * n + box * n + d)});
      }
    }
  }
  return p;
}

TEST(Estimate, EmptySudokusWithEveryPropagation) {
  // 288 grids of 4x4, 28,200,960 of 6x6 (boxes 2x3).
  const counted problems[] = {{"4x4", empty_sudoku(2, 2), 288},
                              {"6x6", empty_sudoku(2, 3), 28200960}};
  for (const counted& c : problems) {
    for (const dlx::propagation p :
         {dlx::propagation::none, dlx::propagation::pairs, dlx::propagation::groups}) {
      dlx::solver s(c.problem);
      dlx::estimate_options o;
      o.probes = 2000;
      o.seed = 7;
      o.search.propagation = p;
      expect_near(s, c.count, o, std::string(c.name) + " " + std::to_string(static_cast<int>(p)));
    }
  }
}

TEST(Estimate, APathIsExactAndNoSolutionIsZero) {
  dlx::problem path(2);
  path.add_option({0});
  path.add_option({1});
  dlx::solver one(path);
  const dlx::solution_estimate e = dlx::estimate_solutions(one);
  EXPECT_TRUE(e.exact);
  EXPECT_EQ(e.solutions, 1.0);
  EXPECT_EQ(e.standard_error, 0.0);
  EXPECT_EQ(e.reached, e.probes);

  dlx::solver none(examples::queens(3));
  dlx::estimate_options o;
  o.probes = 50;
  const dlx::solution_estimate z = dlx::estimate_solutions(none, o);
  EXPECT_EQ(z.solutions, 0.0);
  EXPECT_EQ(z.reached, 0u);
  EXPECT_EQ(z.probes, 50u);
}

TEST(Estimate, APreselectionAndASeedAreKept) {
  dlx::problem p = examples::queens(8);
  dlx::solver s(p);
  // A queen in the corner: 4 of the 92 solutions keep it.
  ASSERT_FALSE(s.preselect(std::vector<dlx::option_id>{0}).has_value());
  dlx::estimate_options o;
  o.probes = 2000;
  const dlx::solution_estimate a = dlx::estimate_solutions(s, o);
  EXPECT_LE(std::abs(a.solutions - 4), 4 * a.standard_error + 1e-9) << a.solutions;
  const dlx::solution_estimate b = dlx::estimate_solutions(s, o);
  EXPECT_EQ(a.solutions, b.solutions);
  o.seed = 2;
  EXPECT_NE(dlx::estimate_solutions(s, o).solutions, a.solutions);
}

TEST(Estimate, ProgressIsHeardBetweenProbesAndCanStopThem) {
  dlx::problem p = examples::queens(8);
  dlx::solver s(p);
  dlx::estimate_options o;
  o.probes = 1000;
  o.search.progress_interval = 50;
  std::vector<dlx::search_progress> heard;
  o.search.on_progress = [&](const dlx::search_progress& at) {
    heard.push_back(at);
    return heard.size() == 3 ? dlx::visit::stop : dlx::visit::next;
  };
  const dlx::solution_estimate e = dlx::estimate_solutions(s, o);
  ASSERT_EQ(heard.size(), 3u);
  EXPECT_GE(e.probes, 1u);
  EXPECT_LT(e.probes, 100u) << "stopped at the third call";
  EXPECT_GE(heard[1].nodes, heard[0].nodes + 50);
  EXPECT_GT(*heard[2].fraction_done, *heard[0].fraction_done);
  EXPECT_LE(heard[2].solutions, e.probes);
  // Without a stop, every probe runs and the calls are many.
  heard.clear();
  o.search.on_progress = [&](const dlx::search_progress& at) {
    heard.push_back(at);
    return dlx::visit::next;
  };
  EXPECT_EQ(dlx::estimate_solutions(s, o).probes, 1000u);
  EXPECT_GT(heard.size(), 20u);
}

}  // namespace
