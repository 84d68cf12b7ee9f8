// The givens that make a puzzle unique (disambiguate.hpp), checked by
// counting: the result has exactly one solution, keeps every given, adds only
// its solution's digits in empty cells, needs each given added, and keeps the
// symmetry asked for; on plain and variant puzzles.
#include <gtest/gtest.h>
#include <sudoku/answer.hpp>
#include <sudoku/disambiguate.hpp>

#include <string>

#include "sudoku_helpers.hpp"

namespace {

using test_support::read_workspace;

void expect_unique_and_needed(sudoku::workspace& w, sudoku::clue_symmetry symmetry,
                              const std::string& what) {
  SCOPED_TRACE(what);
  const sudoku::grid before = w.puzzle;
  const sudoku::disambiguation d = sudoku::disambiguate(w, symmetry);
  ASSERT_EQ(d.status, sudoku::status::unique);
  ASSERT_FALSE(d.added.empty());
  sudoku::solver& s = w.solver_for(w.variant);
  EXPECT_EQ(s.count(d.puzzle, 2).status, sudoku::status::unique);
  sudoku::grid solution;
  ASSERT_EQ(s.solve(d.puzzle, solution).status, sudoku::status::solved);
  for (const std::uint32_t cell : w.variant.cells()) {
    const bool added = std::find(d.added.begin(), d.added.end(), cell) != d.added.end();
    if (before[cell] != 0) {
      EXPECT_EQ(d.puzzle[cell], before[cell]) << "a given changed";
    } else if (added) {
      EXPECT_EQ(d.puzzle[cell], solution[cell]);
      EXPECT_EQ(d.puzzle[cell], d.solution[cell]);
    } else {
      EXPECT_EQ(d.puzzle[cell], 0) << "a given not listed";
    }
  }
  // Each orbit of added givens is needed: without it, several solutions.
  for (const std::size_t cell : d.added) {
    sudoku::grid less = d.puzzle;
    const auto orbit = symmetry == sudoku::clue_symmetry::none
                           ? std::vector<std::size_t>{cell}
                           : sudoku::clue_orbit(cell, w.variant.rows(), symmetry);
    for (const std::size_t o : orbit) {
      if (before[o] == 0) less.cells()[o] = 0;
      if (symmetry != sudoku::clue_symmetry::none) {
        // The added givens come in whole orbits.
        EXPECT_TRUE(before[o] != 0 || std::find(d.added.begin(), d.added.end(), o) != d.added.end())
            << w.variant.cell_name(o);
      }
    }
    EXPECT_EQ(s.count(less, 2).status, sudoku::status::multiple) << w.variant.cell_name(cell);
  }
}

TEST(Disambiguate, EveryVariantEndsUniqueWithEachAddedGivenNeeded) {
  const struct {
    const char* line;
    bool iss;
  } puzzles[] = {
      {"...........36......7..9.2.......7.......4.7.....1...3...1....68..85...1..9....4..", false},
      {".................................................................................", false},
      {"1...............", false},
      {".Shape~6x6.Thermo~R1C1~R1C2~R1C3.Cage~9~R3C1~R3C2", true},
      {".Shape~6x6.X~R1C1~R1C2.~R1C3_1~R1C4_2~R1C5_3", true},
      {".Shape~6x6~0-5.Whisper~3~R1C1~R2C2~R3C3~R4C4", true},
      {".Shape~6x6.AntiKnight", true},
  };
  for (const auto& p : puzzles) {
    sudoku::workspace w = read_workspace(p.line, p.iss);
    expect_unique_and_needed(w, sudoku::clue_symmetry::none, p.line);
  }
  sudoku::workspace plain = read_workspace(puzzles[0].line);
  expect_unique_and_needed(plain, sudoku::clue_symmetry::rot180, "rot180");
  sudoku::workspace empty = read_workspace(puzzles[1].line);
  expect_unique_and_needed(empty, sudoku::clue_symmetry::rot90, "rot90");
}

TEST(Disambiguate, UniqueNoneAndClashingAreTold) {
  sudoku::workspace unique = read_workspace(
      "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
  const sudoku::disambiguation d = sudoku::disambiguate(unique);
  EXPECT_EQ(d.status, sudoku::status::unique);
  EXPECT_TRUE(d.added.empty());
  EXPECT_EQ(d.puzzle, unique.puzzle);
  sudoku::workspace none = read_workspace("12345678.........9" + std::string(63, '.'));
  EXPECT_EQ(sudoku::disambiguate(none).status, sudoku::status::none);
  sudoku::workspace clash = read_workspace("11" + std::string(79, '.'));
  const sudoku::disambiguation c = sudoku::disambiguate(clash);
  EXPECT_EQ(c.status, sudoku::status::invalid);
  EXPECT_TRUE(c.conflict.has_value());
  sudoku::workspace oblong = read_workspace(".Shape~6x8", true);
  EXPECT_THROW((void)sudoku::disambiguate(oblong, sudoku::clue_symmetry::rot180),
               std::invalid_argument);
}

}  // namespace
