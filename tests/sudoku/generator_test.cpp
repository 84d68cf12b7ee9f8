// The generator's promises, checked on samples: every puzzle has exactly one
// solution; --minimal puzzles lose uniqueness when any single given goes; the
// clue pattern has the symmetry asked; the rating is the level asked; the same
// seed gives the same puzzles.
#include <gtest/gtest.h>
#include <sudoku/generator.hpp>
#include <sudoku/symmetry.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include "puzzles.hpp"

namespace {

using sudoku::clue_symmetry;

void expect_unique_and_minimal(const sudoku::grid& puzzle, bool minimal) {
  sudoku::solver s(puzzle.shape());
  ASSERT_EQ(s.count(puzzle, 2).status, sudoku::status::unique) << sudoku::to_sdm(puzzle);
  if (!minimal) return;
  for (std::size_t c = 0; c < puzzle.cells().size(); ++c) {
    if (puzzle[c] == 0) continue;
    sudoku::grid fewer = puzzle;
    fewer.cells()[c] = 0;
    EXPECT_EQ(s.count(fewer, 2).status, sudoku::status::multiple)
        << sudoku::to_sdm(puzzle) << " without " << sudoku::cell_name(puzzle.shape(), c);
  }
}

TEST(Generator, MinimalPuzzlesOfEverySymmetry) {
  for (clue_symmetry sym : {clue_symmetry::none, clue_symmetry::rot180, clue_symmetry::rot90,
                            clue_symmetry::mirror, clue_symmetry::diagonal}) {
    sudoku::generator g;
    sudoku::generate_options o;
    o.symmetry = sym;
    o.minimal = true;
    o.seed = 11;
    for (std::uint64_t i = 0; i < 2; ++i) {  // symmetric and minimal takes retries: keep it short
      const auto p = g.make(o, i);
      ASSERT_TRUE(p) << to_string(sym);
      EXPECT_TRUE(sudoku::has_symmetry(p->puzzle, sym))
          << to_string(sym) << " " << sudoku::to_sdm(p->puzzle);
      EXPECT_EQ(p->clues, p->puzzle.given_count());
      EXPECT_TRUE(sudoku::check_solution(p->puzzle, p->solution).ok());
      expect_unique_and_minimal(p->puzzle, true);
    }
  }
}

TEST(Generator, DifficultyIsTheLevelAsked) {
  sudoku::generator g;
  sudoku::logic_solver logic;
  for (sudoku::level l :
       {sudoku::level::easy, sudoku::level::medium, sudoku::level::hard, sudoku::level::beyond}) {
    sudoku::generate_options o;
    o.difficulty = l;
    o.seed = 5;
    for (std::uint64_t i = 0; i < 3; ++i) {
      const auto p = g.make(o, i);
      ASSERT_TRUE(p);
      EXPECT_EQ(p->level, l);
      EXPECT_EQ(logic.run(p->puzzle).level, l) << sudoku::to_sdm(p->puzzle);
      expect_unique_and_minimal(p->puzzle, false);
    }
  }
}

TEST(Generator, CluesTargetStopsRemoval) {
  sudoku::generator g;
  sudoku::generate_options o;
  o.clues = 40;
  const auto p = g.make(o, 0);
  ASSERT_TRUE(p);
  EXPECT_GE(p->clues, 40);
  EXPECT_LE(p->clues, 41);  // a target: removals that would go below it are skipped
  expect_unique_and_minimal(p->puzzle, false);
}

TEST(Generator, SameSeedSamePuzzles) {
  sudoku::generator a, b;
  sudoku::generate_options o;
  o.seed = 99;
  // b makes them in another order, as another thread would.
  std::vector<sudoku::grid> forward, backward(5);
  for (std::uint64_t i = 0; i < 5; ++i)
    forward.push_back(a.make(o, i)->puzzle);
  for (std::size_t i = 5; i-- > 0;)  // (a 32-bit size_t in WebAssembly)
    backward[i] = b.make(o, i)->puzzle;
  EXPECT_EQ(forward, backward);
  o.seed = 100;
  EXPECT_NE(a.make(o, 0)->puzzle, forward[0]);
}

// Seeded answers are the same with every compiler and standard library
// (dlx/random.hpp): the puzzles pinned here were drawn natively (g++,
// libstdc++), and tests/wasm runs this file in WebAssembly (clang, libc++).
TEST(Generator, TheSamePuzzlesOnEveryPlatform) {
  sudoku::generator g;
  sudoku::generate_options o;
  o.seed = 2026;
  const auto made = g.make(o, 3);
  ASSERT_TRUE(made);
  EXPECT_EQ(sudoku::to_sdm(made->puzzle),
            "8.3.6..1..1...54..5..2..9...3...4.9.......8......79.2..58.....7...9..38......6...");
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_sdm(test_support::wiki, puzzle));
  const auto minimal = g.minimize(puzzle, 7);
  ASSERT_TRUE(minimal);
  EXPECT_EQ(sudoku::to_sdm(*minimal),
            ".3..........195....98....6.8...6...34....3..1....2...6.6....28....4.9..........7.");
  EXPECT_EQ(sudoku::to_sdm(sudoku::symmetry::random(sudoku::shape{}, 5).apply(made->solution)),
            "239846571548137296176259483817395624492681357365724918921473865754968132683512749");
}

TEST(Generator, OtherSizes) {
  for (sudoku::shape shape : {sudoku::shape{2, 2}, sudoku::shape{2, 3}, sudoku::shape{4, 4}}) {
    sudoku::generator g(shape);
    sudoku::generate_options o;
    o.shape = shape;
    o.minimal = true;
    const auto p = g.make(o, 0);
    ASSERT_TRUE(p) << shape.name();
    EXPECT_TRUE(sudoku::check_solution(p->solution).ok());
    expect_unique_and_minimal(p->puzzle, shape.size() <= 9);  // 16x16: uniqueness only (time)
  }
}

TEST(Generator, MinimizeAndRedundant) {
  // The Wikipedia puzzle is not minimal; minimizing keeps its solution.
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_sdm(test_support::wiki, puzzle));
  sudoku::generator g;
  const auto redundant = g.redundant_givens(puzzle);
  ASSERT_TRUE(redundant);
  EXPECT_FALSE(redundant->empty());
  for (std::size_t c : *redundant) {
    sudoku::grid fewer = puzzle;
    fewer.cells()[c] = 0;
    sudoku::solver s;
    EXPECT_EQ(s.count(fewer, 2).status, sudoku::status::unique);
  }
  const auto minimal = g.minimize(puzzle);
  ASSERT_TRUE(minimal);
  EXPECT_LT(minimal->given_count(), puzzle.given_count());
  expect_unique_and_minimal(*minimal, true);
  EXPECT_TRUE(g.redundant_givens(*minimal)->empty());
  sudoku::solver s;
  sudoku::grid a, b;
  s.solve(puzzle, a);
  s.solve(*minimal, b);
  EXPECT_EQ(a, b);
  // Not unique: nothing.
  EXPECT_FALSE(g.minimize(sudoku::grid{}));
  EXPECT_FALSE(g.redundant_givens(sudoku::grid{}));
}

}  // namespace

namespace {

// With a budget of one node a uniqueness check concludes only when one blank
// cell is left (one forced node): the first removal is proven, every later one
// (two blanks, two nodes) is not, so the puzzle keeps 80 givens; and a --minimal
// puzzle cannot be proven, so none is returned.
TEST(Generator, CheckBudgetIsHonoured) {
  sudoku::generator g;
  sudoku::generate_options o;
  o.check_budget = 1;
  o.max_attempts = 2;
  const auto p = g.make(o, 0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->clues, 80);
  o.minimal = true;
  EXPECT_FALSE(g.make(o, 0));
  // And the public promises stay exact whatever make() used.
  EXPECT_TRUE(g.redundant_givens(p->puzzle).has_value());
}

}  // namespace
