// The count estimate (estimate.hpp): exact where the count is small, and
// otherwise within four standard errors of the exact count (which the test
// counts with the solver), on plain and variant puzzles; invalid and none.
#include <gtest/gtest.h>
#include <sudoku/answer.hpp>
#include <sudoku/estimate.hpp>

#include <cmath>
#include <string>

#include "sudoku_helpers.hpp"

namespace {

using test_support::read_workspace;

TEST(Estimate, ExactWhileTheCountIsSmall) {
  sudoku::workspace w = read_workspace("1...............");
  const sudoku::count_estimate e = sudoku::estimate_count(w);
  EXPECT_TRUE(e.exact);
  EXPECT_EQ(e.count, 72u);
  EXPECT_EQ(e.status, sudoku::status::multiple);
  EXPECT_EQ(e.probes, 0u);
}

TEST(Estimate, ProbesWithinFourStandardErrorsOfTheCount) {
  const struct {
    const char* line;
    bool iss;
  } puzzles[] = {
      // A 17-clue puzzle less three givens: 73,282 solutions.
      {"...........36......7..9.2.......7.......4.7.....1...3...1....68..85...1..9....4..", false},
      {"123456..............................", false},  // 6x6: 28,200,960 / 720
      {".Shape~6x6.Thermo~R1C1~R1C2~R1C3.Cage~9~R3C1~R3C2", true},
      {".Shape~6x6.AntiKnight", true},
  };
  for (const auto& p : puzzles) {
    sudoku::workspace w = read_workspace(p.line, p.iss);
    const sudoku::result exact = w.solver_for(w.variant).count(w.puzzle, 0);
    ASSERT_TRUE(exact.exact) << p.line;
    sudoku::estimate_settings s;
    s.exact_budget = 0;
    s.probes = 1500;
    const sudoku::count_estimate e = sudoku::estimate_count(w, s);
    SCOPED_TRACE(p.line);
    EXPECT_FALSE(e.exact);
    EXPECT_EQ(e.status, sudoku::status::multiple);
    EXPECT_EQ(e.probes, 1500u);
    const auto count = static_cast<double>(exact.solutions);
    EXPECT_LE(std::abs(e.solutions - count), 4 * e.standard_error)
        << e.solutions << " +- " << e.standard_error << " against " << count;
    EXPECT_LE(e.standard_error, 0.2 * count);
  }
}

TEST(Estimate, ClashingGivensAndNoSolutionAreTold) {
  sudoku::workspace clash = read_workspace("11" + std::string(79, '.'));
  sudoku::estimate_settings s;
  s.exact_budget = 0;
  EXPECT_EQ(sudoku::estimate_count(clash, s).status, sudoku::status::invalid);
  // Row 1 leaves r1c9 only 9, which column 9 already holds.
  sudoku::workspace none = read_workspace("12345678.........9" + std::string(63, '.'));
  const sudoku::count_estimate e = sudoku::estimate_count(none, s);
  EXPECT_EQ(e.solutions, 0.0);
  EXPECT_TRUE(e.status == sudoku::status::none || e.status == sudoku::status::unknown);
  EXPECT_EQ(sudoku::estimate_count(none).status, sudoku::status::none);
}

}  // namespace
