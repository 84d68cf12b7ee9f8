// All possibilities (possibilities.hpp) against every solution listed: on
// puzzles of several variants made to have from 2 to 300 solutions, the
// digits each cell holds in at least K solutions, for K from 1 to past the
// count, are those the full list gives.
#include <gtest/gtest.h>
#include <sudoku/answer.hpp>
#include <sudoku/possibilities.hpp>
#include <sudoku/variant_text.hpp>

#include <set>
#include <string>
#include <vector>

namespace {

struct listed {
  std::vector<sudoku::grid> solutions;
  bool complete = false;
};

listed every_solution(sudoku::workspace& w, std::uint64_t cap) {
  listed out;
  dlx::search_options o;
  o.limit = cap + 1;
  const sudoku::result r = w.solver_for(w.variant).enumerate(
      w.puzzle,
      [&](const sudoku::grid& g) {
        out.solutions.push_back(g);
        return dlx::visit::next;
      },
      o);
  out.complete = r.exact && out.solutions.size() <= cap;
  return out;
}

// Givens from the puzzle's first solution, every few cells, until it has at
// most `most` solutions.
void fill_until(sudoku::workspace& w, std::uint64_t most) {
  const listed first = every_solution(w, 0);
  ASSERT_FALSE(first.solutions.empty());
  const sudoku::grid full = first.solutions.front();
  const auto cells = w.variant.cells();
  for (std::size_t k = 0; k < cells.size(); k += 7) {
    if (every_solution(w, most).complete) return;
    w.puzzle.cells()[cells[k]] = static_cast<std::uint8_t>(full[cells[k]]);
  }
  for (std::size_t k = 3; k < cells.size(); k += 5) {
    if (every_solution(w, most).complete) return;
    w.puzzle.cells()[cells[k]] = static_cast<std::uint8_t>(full[cells[k]]);
  }
}

void expect_as_listed(sudoku::workspace& w, const std::string& what) {
  const listed all = every_solution(w, 1000);
  ASSERT_TRUE(all.complete) << what;
  ASSERT_GE(all.solutions.size(), 2u) << what;
  const auto n = static_cast<std::size_t>(w.variant.digits());
  const std::size_t count = all.solutions.size();
  std::set<std::uint64_t> thresholds{1, 2, 3, count / 2, count - 1, count, count + 1};
  thresholds.erase(0);
  for (const std::uint64_t k : thresholds) {
    // Both ways: one search that skips what it has seen (the bitset engine),
    // and a search per digit not yet seen (dancing links).
    for (const dlx::engine_kind e : {dlx::engine_kind::bitset, dlx::engine_kind::dancing_links}) {
      SCOPED_TRACE(what + ", threshold " + std::to_string(k) + " of " + std::to_string(count) +
                   (e == dlx::engine_kind::bitset ? ", bitsets" : ", dancing links"));
      sudoku::solver s(w.variant, e);
      const sudoku::possibilities p = sudoku::find_possibilities(s, w.puzzle, k);
      EXPECT_EQ(p.status, sudoku::status::multiple);
      ASSERT_EQ(p.digits.size(), w.variant.positions());
      for (const std::uint32_t cell : w.variant.cells()) {
        std::vector<std::uint64_t> times(n + 1, 0);
        for (const auto& sol : all.solutions)
          ++times[static_cast<std::size_t>(sol[cell])];
        std::uint64_t expected = 0;
        for (std::size_t d = 1; d <= n; ++d) {
          if (times[d] >= k) expected |= std::uint64_t{1} << d;
        }
        EXPECT_EQ(p.digits[cell], expected) << w.variant.cell_name(cell);
      }
      EXPECT_LE(p.solutions, count);
      if (k != 1) continue;
      if (e == dlx::engine_kind::bitset) {
        EXPECT_EQ(p.searches, 1u);
      } else {
        // A digit seen in a solution needs no search of its own: a search per
        // digit no solution holds, and fewer than one per other digit.
        std::size_t impossible = 0, possible = 0;
        for (const std::uint32_t cell : w.variant.cells()) {
          if (w.puzzle[cell] != 0) continue;
          for (std::size_t d = 1; d <= n; ++d) {
            if ((w.variant.candidates(cell) >> d & 1) == 0) continue;
            bool held = false;
            for (const auto& sol : all.solutions)
              held = held || static_cast<std::size_t>(sol[cell]) == d;
            ++(held ? possible : impossible);
          }
        }
        EXPECT_LE(p.searches, 1 + impossible + possible / 2);
      }
      if (count >= 50) {
        EXPECT_LT(p.solutions, count) << "it listed every solution";
      }
    }
  }
}

TEST(Possibilities, EveryThresholdAsTheListOfEverySolutionGivesIt) {
  struct puzzle {
    const char* line;
    bool iss;
  };
  const puzzle puzzles[] = {
      {"................", false},                      // 4x4, 288 grids: givens added below
      {"....................................", false},  // 6x6
      {".Shape~6x6.Thermo~R1C1~R1C2~R1C3.Cage~9~R3C1~R3C2", true},
      {".Shape~6x6.X~R1C1~R1C2.~R1C3_1~R1C4_2~R1C5_3", true},
      {".Shape~6x6.AntiKnight", true},
      {".Shape~6x6~0-5.Whisper~3~R1C1~R2C2~R3C3~R4C4", true},
  };
  for (const puzzle& z : puzzles) {
    sudoku::workspace w;
    sudoku::rules r;
    r.iss = z.iss;
    ASSERT_FALSE(sudoku::read_puzzle(w, z.line, r)) << z.line;
    fill_until(w, 300);
    expect_as_listed(w, z.line);
  }
}

TEST(Possibilities, AUniquePuzzleHasItsSolutionAndOneSearch) {
  sudoku::workspace w;
  ASSERT_FALSE(sudoku::read_puzzle(
      w, "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", {}));
  const sudoku::possibilities p = sudoku::find_possibilities(w);
  EXPECT_EQ(p.status, sudoku::status::unique);
  EXPECT_EQ(p.searches, 1u);
  EXPECT_EQ(p.solutions, 1u);
  const std::string solution =
      "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
  for (std::size_t cell = 0; cell < 81; ++cell)
    EXPECT_EQ(p.digits[cell], std::uint64_t{1} << (solution[cell] - '0')) << cell;
  // Threshold 2: no digit is in two solutions.
  const sudoku::possibilities two = sudoku::find_possibilities(w, 2);
  EXPECT_EQ(two.status, sudoku::status::unique);
  for (const std::uint64_t digits : two.digits)
    EXPECT_EQ(digits, 0u);
}

TEST(Possibilities, NoSolutionClashingGivensAndABudgetAreTold) {
  sudoku::workspace w;
  // Row 1 leaves r1c9 only 9, which column 9 already holds.
  ASSERT_FALSE(sudoku::read_puzzle(w, "12345678.........9" + std::string(63, '.'), {}));
  const sudoku::possibilities none = sudoku::find_possibilities(w);
  EXPECT_EQ(none.status, sudoku::status::none);
  for (const std::uint64_t digits : none.digits)
    EXPECT_EQ(digits, 0u);
  ASSERT_FALSE(sudoku::read_puzzle(w, "11" + std::string(79, '.'), {}));
  const sudoku::possibilities clash = sudoku::find_possibilities(w);
  EXPECT_EQ(clash.status, sudoku::status::invalid);
  ASSERT_TRUE(clash.conflict);
  ASSERT_FALSE(sudoku::read_puzzle(w, std::string(81, '.'), {}));
  dlx::search_options budget;
  budget.node_budget = 200;
  const sudoku::possibilities unknown = sudoku::find_possibilities(w, 1, budget);
  EXPECT_EQ(unknown.status, sudoku::status::unknown);
  EXPECT_TRUE(unknown.digits.empty());
  EXPECT_LE(unknown.nodes, 200u);
}

}  // namespace
