#include <gtest/gtest.h>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include <random>
#include <set>
#include <string>

#include "sudoku_helpers.hpp"

namespace {

using test_support::parse_grid;
using test_support::wiki;
using test_support::wiki_solution;

// Every 4x4 Sudoku grid, by plain backtracking over cells with a direct
// row/column/box check: no exact cover, no dancing links. There are 288.
std::vector<std::string> all_4x4_grids() {
  std::vector<std::string> found;
  std::string g(16, '0');
  auto ok = [&](int cell, char d) {
    const int r = cell / 4, c = cell % 4;
    for (int k = 0; k < 4; ++k) {
      if (g[r * 4 + k] == d || g[k * 4 + c] == d) return false;
    }
    const int br = r / 2 * 2, bc = c / 2 * 2;
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        if (g[(br + i) * 4 + bc + j] == d) return false;
      }
    }
    return true;
  };
  auto fill = [&](auto&& self, int cell) -> void {
    if (cell == 16) {
      found.push_back(g);
      return;
    }
    for (char d = '1'; d <= '4'; ++d) {
      if (!ok(cell, d)) continue;
      g[cell] = d;
      self(self, cell + 1);
      g[cell] = '0';
    }
  };
  fill(fill, 0);
  return found;
}

TEST(Model, NineByNineHasKnuthsDimensions) {
  const sudoku::model m;
  const dlx::problem p = m.build();
  EXPECT_EQ(p.item_count(), 324u);
  EXPECT_EQ(p.primary_count(), 324u);
  EXPECT_EQ(p.option_count(), 729u);
  EXPECT_EQ(p.entry_count(), 729u * 4);
  EXPECT_EQ(p.name(0), "p00");
  EXPECT_EQ(p.name(81), "r01");
  // Digit 5 at r2c3 (cell 11): option 11*9+4 covers p12, r15, c25, b05.
  const auto option = m.option(11, 5);
  EXPECT_EQ(m.cell_of(option), 11u);
  EXPECT_EQ(m.digit_of(option), 5);
  std::vector<std::string> names;
  for (auto item : p.option(option))
    names.emplace_back(p.name(item));
  EXPECT_EQ(names, (std::vector<std::string>{"p12", "r15", "c25", "b05"}));
}

TEST(Solver, EmptyFourByFourHas288Solutions) {
  const auto grids = all_4x4_grids();
  ASSERT_EQ(grids.size(), 288u);  // the published count, and our reference enumerator agrees
  sudoku::solver s(sudoku::shape{2, 2});
  const auto r = s.count(sudoku::grid(sudoku::shape{2, 2}), 0);
  EXPECT_EQ(r.solutions, 288u);
  EXPECT_EQ(r.status, sudoku::status::multiple);
  EXPECT_TRUE(r.exact);
  // Enumeration yields exactly the reference set.
  std::set<std::string> seen;
  s.enumerate(sudoku::grid(sudoku::shape{2, 2}), [&](const sudoku::grid& g) {
    EXPECT_TRUE(sudoku::check_solution(g).ok());
    seen.insert(sudoku::to_sdm(g));
    return dlx::visit::next;
  });
  EXPECT_EQ(seen, std::set<std::string>(grids.begin(), grids.end()));
}

TEST(Solver, RandomFourByFourPuzzlesMatchBruteForce) {
  const auto grids = all_4x4_grids();
  sudoku::solver s(sudoku::shape{2, 2});
  std::mt19937 rng(12345);
  for (int trial = 0; trial < 500; ++trial) {
    // Givens from a random complete grid (so they never clash), sometimes with one
    // given changed to another digit (so that some puzzles have no solution).
    std::string p = grids[rng() % grids.size()];
    for (char& c : p) {
      if (rng() % 3 != 0) c = '.';
    }
    if (rng() % 4 == 0) {
      const auto cell = rng() % 16;
      if (p[cell] != '.') p[cell] = static_cast<char>('1' + rng() % 4);
    }
    std::uint64_t expected = 0;
    for (const auto& g : grids) {
      bool fits = true;
      for (int i = 0; i < 16; ++i)
        fits &= p[i] == '.' || p[i] == g[i];
      expected += fits;
    }
    const sudoku::grid puzzle = parse_grid(p);
    if (sudoku::first_clash(puzzle)) {
      EXPECT_EQ(s.count(puzzle, 0).status, sudoku::status::invalid) << p;
      EXPECT_EQ(expected, 0u) << p;
      continue;
    }
    const auto r = s.count(puzzle, 0);
    EXPECT_EQ(r.solutions, expected) << p;
    const auto u = s.count(puzzle, 2);
    EXPECT_EQ(u.status, expected == 0   ? sudoku::status::none
                        : expected == 1 ? sudoku::status::unique
                                        : sudoku::status::multiple)
        << p;
  }
}

TEST(Solver, SolvesAKnownPuzzleToItsPublishedSolution) {
  sudoku::solver s;
  sudoku::grid solution;
  const auto r = s.solve(parse_grid(wiki), solution);
  EXPECT_EQ(r.status, sudoku::status::solved);
  EXPECT_EQ(sudoku::to_sdm(solution), wiki_solution);
  EXPECT_GT(r.nodes, 0u);
  const auto u = s.solve_unique(parse_grid(wiki), solution);
  EXPECT_EQ(u.status, sudoku::status::unique);
  EXPECT_EQ(sudoku::to_sdm(solution), wiki_solution);
}

// The search's time only when asked for (`sudoku solve --times`): two readings
// of the clock a puzzle cost a few percent of an easy puzzle's time.
TEST(Solver, TimesItsSearchesOnlyWhenAsked) {
  sudoku::solver s;
  EXPECT_FALSE(s.times_searches());
  // AI Escargot: a search of dozens of nodes, well above the clock's resolution.
  const auto puzzle = parse_grid(
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..");
  EXPECT_EQ(s.count(puzzle, 2).search_seconds, 0.0);
  s.time_searches(true);
  EXPECT_TRUE(s.times_searches());
  const auto timed = s.count(puzzle, 2);
  EXPECT_EQ(timed.status, sudoku::status::unique);
  EXPECT_GT(timed.search_seconds, 0.0);
  EXPECT_LT(timed.search_seconds, 60.0);
  s.time_searches(false);
  EXPECT_EQ(s.count(puzzle, 2).search_seconds, 0.0);
}

TEST(Solver, ClashingGivensAreInvalidAndNamed) {
  std::string p = wiki;
  p[2] = '5';  // r1c3 = 5, but r1c1 is 5 already
  sudoku::solver s;
  sudoku::grid solution;
  const auto r = s.solve(parse_grid(p), solution);
  EXPECT_EQ(r.status, sudoku::status::invalid);
  ASSERT_TRUE(r.conflict);
  EXPECT_EQ(*r.conflict, (sudoku::clash{0, 2, 5, sudoku::unit_kind::row}));
  // The solver is left clean: the real puzzle still solves.
  EXPECT_EQ(s.solve(parse_grid(wiki), solution).status, sudoku::status::solved);
  EXPECT_EQ(sudoku::to_sdm(solution), wiki_solution);
}

TEST(Solver, UnavoidableRectangleGivesExactlyTwo) {
  // Two unavoidable-rectangle cells blanked from the published solution: exactly
  // two completions (the rectangle's digits swapped or not).
  const std::string two =
      "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179";
  sudoku::solver s;
  const auto r = s.count(parse_grid(two), 0);
  EXPECT_EQ(r.solutions, 2u);
  EXPECT_EQ(s.count(parse_grid(two), 2).status, sudoku::status::multiple);
  // Removing every given leaves the empty grid: many.
  EXPECT_EQ(s.count(sudoku::grid{}, 2).status, sudoku::status::multiple);
}

TEST(Solver, NoSolutionWithoutAClash) {
  // Row 1 holds 1-8, so r1c9 must be 9, but r5c9 is 9.
  const std::string p =
      "12345678....................................9....................................";
  sudoku::solver s;
  sudoku::grid solution;
  EXPECT_FALSE(sudoku::first_clash(parse_grid(p)));
  EXPECT_EQ(s.solve(parse_grid(p), solution).status, sudoku::status::none);
  EXPECT_EQ(s.count(parse_grid(p), 2).status, sudoku::status::none);
}

TEST(Solver, CompleteGridIsItsOwnUniqueSolution) {
  sudoku::solver s;
  sudoku::grid solution;
  const auto r = s.solve_unique(parse_grid(wiki_solution), solution);
  EXPECT_EQ(r.status, sudoku::status::unique);
  EXPECT_EQ(sudoku::to_sdm(solution), wiki_solution);
}

TEST(Solver, BudgetGivesUnknownNotNone) {
  sudoku::solver s;
  dlx::search_options o;
  o.node_budget = 5;
  // Easter Monster needs thousands of nodes.
  const auto r = s.count(
      parse_grid(
          "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"),
      2, o);
  EXPECT_EQ(r.status, sudoku::status::unknown);
  EXPECT_EQ(r.search, dlx::search_status::budget_exhausted);
}

TEST(Solver, ReuseGivesTheSameAnswersAndNodes) {
  sudoku::solver s;
  sudoku::grid solution;
  const auto first = s.solve(parse_grid(wiki), solution);
  for (int i = 0; i < 100; ++i) {
    const auto again = s.solve(parse_grid(wiki), solution);
    ASSERT_EQ(again.nodes, first.nodes);
    ASSERT_EQ(again.updates, first.updates);
  }
  EXPECT_EQ(sudoku::to_sdm(solution), wiki_solution);
}

TEST(Solver, RejectsAPuzzleOfAnotherShape) {
  sudoku::solver s;
  sudoku::grid solution;
  EXPECT_THROW(s.solve(sudoku::grid(sudoku::shape{2, 2}), solution), std::invalid_argument);
}

TEST(Solver, EnumerateStopsWhenAsked) {
  sudoku::solver s(sudoku::shape{2, 3});
  int seen = 0;
  const auto r = s.enumerate(sudoku::grid(sudoku::shape{2, 3}), [&](const sudoku::grid& g) {
    EXPECT_TRUE(sudoku::check_solution(g).ok());
    return ++seen == 10 ? dlx::visit::stop : dlx::visit::next;
  });
  EXPECT_EQ(seen, 10);
  EXPECT_EQ(r.solutions, 10u);
}

// A valid grid of any shape from the pattern ((r % R) * C + r / R + c) % n + 1.
sudoku::grid pattern(sudoku::shape sh) {
  sudoku::grid g(sh);
  const int n = sh.size();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c)
      g.set(r, c, ((r % sh.box_rows) * sh.box_cols + r / sh.box_rows + c) % n + 1);
  }
  return g;
}

TEST(Solver, LargeGridsSolveAndValidate) {
  for (sudoku::shape sh :
       {sudoku::shape{2, 3}, sudoku::shape{3, 4}, sudoku::shape{4, 4}, sudoku::shape{5, 5}}) {
    const sudoku::grid full = pattern(sh);
    ASSERT_TRUE(sudoku::check_solution(full).ok()) << sh.name();
    // Blank a third of the cells at random: still solvable (full completes it).
    sudoku::grid puzzle = full;
    std::mt19937 rng(7);
    for (auto& cell : puzzle.cells()) {
      if (rng() % 3 == 0) cell = 0;
    }
    sudoku::solver s(sh);
    sudoku::grid solution;
    const auto r = s.solve(puzzle, solution);
    ASSERT_EQ(r.status, sudoku::status::solved) << sh.name();
    EXPECT_TRUE(sudoku::check_solution(puzzle, solution).ok()) << sh.name();
  }
}

}  // namespace

// The structure search branches on where a band puts a digit, which on an
// empty or near-empty 16x16 grid once led into a tree it did not leave (more
// than 200,000 nodes, and no end, before the searches took turns and before it
// counted the digits sure in a mini-line); the fewest options with pairs fill
// it in about 160. Now the structure search's own first turn (2,000 nodes)
// fills it, in about 100. Each search's answer must be a grid.
TEST(Solver, AnEmptySixteenBySixteenGridIsFilledQuickly) {
  const sudoku::shape sixteen{4, 4};
  sudoku::solver s(sixteen);
  const sudoku::grid empty(sixteen);
  dlx::search_options o;
  o.node_budget = 20'000;
  sudoku::grid solution;
  const auto solved = s.solve(empty, solution, o);
  EXPECT_EQ(solved.status, sudoku::status::solved);
  EXPECT_TRUE(sudoku::check_solution(solution).ok());
  EXPECT_LE(solved.nodes, 2'000u);
  const auto counted = s.count(empty, 2, o);
  EXPECT_EQ(counted.status, sudoku::status::multiple);
  EXPECT_EQ(counted.solutions, 2u);
  // A budget shorter than the search: no answer, and no more nodes than that.
  o.node_budget = 40;
  const auto short_of_it = s.solve(empty, solution, o);
  EXPECT_EQ(short_of_it.status, sudoku::status::unknown);
  EXPECT_LE(short_of_it.nodes, 40u);
}

// Solutions found in a capped turn are shown once: when a turn finds some
// and runs out of its nodes, it runs again without the cap and skips those.
TEST(Solver, TakingTurnsShowsEachSolutionOnce) {
  const sudoku::shape sixteen{4, 4};
  sudoku::solver s(sixteen);
  dlx::search_options o;
  o.limit = 3'000;
  std::set<std::string> seen;
  std::size_t visits = 0;
  const auto r = s.enumerate(
      sudoku::grid(sixteen),
      [&](const sudoku::grid& g) {
        EXPECT_TRUE(sudoku::check_solution(g).ok());
        seen.insert(sudoku::to_sdm(g));
        ++visits;
        return dlx::visit::next;
      },
      o);
  EXPECT_EQ(r.solutions, 3'000u);
  EXPECT_EQ(visits, 3'000u);
  EXPECT_EQ(seen.size(), 3'000u);
  // More nodes than the first turns' caps: the last turn ran again.
  EXPECT_GT(r.nodes, 4'000u);
}
