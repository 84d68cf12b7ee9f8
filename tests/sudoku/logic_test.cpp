// The logic solver: each technique on a position built for it, with exactly the
// eliminations it must make; then, on the shared sets, that logic never places
// a wrong digit nor removes a true candidate.
#include <gtest/gtest.h>
#include <sudoku/logic.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>

#include <array>
#include <filesystem>
#include <fstream>
#include <map>

#include "puzzles.hpp"
#include "text_lines.hpp"

namespace {

using test_support::wiki;
using test_support::wiki_solution;

using sudoku::candidate;
using sudoku::technique;

std::size_t cell(int row, int col) {
  return static_cast<std::size_t>((row - 1) * 9 + (col - 1));
}

std::vector<candidate> sorted(std::vector<candidate> v) {
  std::sort(v.begin(), v.end(), [](const candidate& a, const candidate& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
  return v;
}

// Starts from an empty 9x9 grid with `removed` candidates gone, takes one step.
sudoku::logic_step first_step(const std::vector<candidate>& removed) {
  sudoku::logic_solver logic;
  EXPECT_TRUE(logic.start(sudoku::grid{}));
  logic.eliminate(removed);
  auto s = logic.step();
  EXPECT_TRUE(s.has_value());
  return s ? *s : sudoku::logic_step{};
}

std::vector<std::pair<int, int>> row_cells(int row, std::initializer_list<int> cols) {
  std::vector<std::pair<int, int>> v;
  for (int c : cols)
    v.push_back({row, c});
  return v;
}

std::vector<candidate> remove_from(const std::vector<std::pair<int, int>>& cells,
                                   std::initializer_list<int> digits) {
  std::vector<candidate> out;
  for (auto [r, c] : cells) {
    for (int d : digits)
      out.push_back({cell(r, c), d});
  }
  return out;
}

std::vector<candidate> join(std::vector<candidate> a, const std::vector<candidate>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

TEST(Logic, Pointing) {
  // In box 1, digit 5 only in row 1: it goes from the rest of row 1.
  const auto s = first_step(remove_from({{2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {3, 3}}, {5}));
  EXPECT_EQ(s.technique, technique::pointing);
  EXPECT_EQ(s.where, "box 1 and row 1");
  EXPECT_EQ(sorted(s.eliminated), remove_from(row_cells(1, {4, 5, 6, 7, 8, 9}), {5}));
  EXPECT_EQ(s.candidates, 729 - 6 - 6);
}

TEST(Logic, Claiming) {
  // In row 1, digit 5 only in box 1: it goes from the rest of box 1.
  const auto s = first_step(remove_from(row_cells(1, {4, 5, 6, 7, 8, 9}), {5}));
  EXPECT_EQ(s.technique, technique::claiming);
  EXPECT_EQ(s.where, "row 1 and box 1");
  EXPECT_EQ(sorted(s.eliminated),
            remove_from({{2, 1}, {2, 2}, {2, 3}, {3, 1}, {3, 2}, {3, 3}}, {5}));
}

TEST(Logic, NakedPair) {
  // r1c1 and r1c2 hold only 1 and 2: those digits go from the rest of row 1.
  const auto s = first_step(remove_from({{1, 1}, {1, 2}}, {3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(s.technique, technique::naked_pair);
  EXPECT_EQ(s.where, "row 1");
  EXPECT_EQ(s.digits, (std::vector<int>{1, 2}));
  EXPECT_EQ(s.cells, (std::vector<std::size_t>{cell(1, 1), cell(1, 2)}));
  EXPECT_EQ(sorted(s.eliminated), remove_from(row_cells(1, {3, 4, 5, 6, 7, 8, 9}), {1, 2}));
}

TEST(Logic, NakedTriple) {
  // r1c1 {1,2}, r1c2 {2,3}, r1c3 {1,3}: no pair, but a triple.
  const auto removed = join(join(remove_from({{1, 1}}, {3, 4, 5, 6, 7, 8, 9}),
                                 remove_from({{1, 2}}, {1, 4, 5, 6, 7, 8, 9})),
                            remove_from({{1, 3}}, {2, 4, 5, 6, 7, 8, 9}));
  const auto s = first_step(removed);
  EXPECT_EQ(s.technique, technique::naked_triple);
  EXPECT_EQ(s.where, "row 1");
  EXPECT_EQ(sorted(s.eliminated), remove_from(row_cells(1, {4, 5, 6, 7, 8, 9}), {1, 2, 3}));
}

TEST(Logic, NakedQuad) {
  // r1c1 {1,2}, r1c2 {2,3}, r1c3 {3,4}, r1c4 {1,4}: no pair or triple.
  const auto removed = join(join(remove_from({{1, 1}}, {3, 4, 5, 6, 7, 8, 9}),
                                 remove_from({{1, 2}}, {1, 4, 5, 6, 7, 8, 9})),
                            join(remove_from({{1, 3}}, {1, 2, 5, 6, 7, 8, 9}),
                                 remove_from({{1, 4}}, {2, 3, 5, 6, 7, 8, 9})));
  const auto s = first_step(removed);
  EXPECT_EQ(s.technique, technique::naked_quad);
  EXPECT_EQ(sorted(s.eliminated), remove_from(row_cells(1, {5, 6, 7, 8, 9}), {1, 2, 3, 4}));
}

TEST(Logic, HiddenPair) {
  // In row 1, digits 1 and 2 only at c1 and c5 (two boxes, so no claiming):
  // the other candidates of those two cells go.
  const auto s = first_step(remove_from(row_cells(1, {2, 3, 4, 6, 7, 8, 9}), {1, 2}));
  EXPECT_EQ(s.technique, technique::hidden_pair);
  EXPECT_EQ(s.where, "row 1");
  EXPECT_EQ(s.digits, (std::vector<int>{1, 2}));
  EXPECT_EQ(sorted(s.eliminated), remove_from({{1, 1}, {1, 5}}, {3, 4, 5, 6, 7, 8, 9}));
}

TEST(Logic, HiddenTriple) {
  const auto s = first_step(remove_from(row_cells(1, {2, 3, 4, 6, 7, 8}), {1, 2, 3}));
  EXPECT_EQ(s.technique, technique::hidden_triple);
  EXPECT_EQ(sorted(s.eliminated), remove_from({{1, 1}, {1, 5}, {1, 9}}, {4, 5, 6, 7, 8, 9}));
}

TEST(Logic, HiddenQuad) {
  const auto s = first_step(remove_from(row_cells(1, {2, 3, 5, 6, 8}), {1, 2, 3, 4}));
  EXPECT_EQ(s.technique, technique::hidden_quad);
  EXPECT_EQ(sorted(s.eliminated), remove_from({{1, 1}, {1, 4}, {1, 7}, {1, 9}}, {5, 6, 7, 8, 9}));
}

TEST(Logic, XWing) {
  // Digit 1 in rows 1 and 5 only in columns 1 and 5: it goes from the rest of
  // those columns.
  const auto s = first_step(join(remove_from(row_cells(1, {2, 3, 4, 6, 7, 8, 9}), {1}),
                                 remove_from(row_cells(5, {2, 3, 4, 6, 7, 8, 9}), {1})));
  EXPECT_EQ(s.technique, technique::x_wing);
  EXPECT_EQ(s.where, "rows 1 5 and columns 1 5");
  std::vector<std::pair<int, int>> expected;
  for (int r : {2, 3, 4, 6, 7, 8, 9})
    expected.push_back({r, 1}), expected.push_back({r, 5});
  EXPECT_EQ(sorted(s.eliminated), sorted(remove_from(expected, {1})));
}

TEST(Logic, Swordfish) {
  // Digit 1: row 1 in columns 1, 5; row 5 in 5, 9; row 9 in 1, 9. No X-Wing.
  const auto s = first_step(join(join(remove_from(row_cells(1, {2, 3, 4, 6, 7, 8, 9}), {1}),
                                      remove_from(row_cells(5, {1, 2, 3, 4, 6, 7, 8}), {1})),
                                 remove_from(row_cells(9, {2, 3, 4, 5, 6, 7, 8}), {1})));
  EXPECT_EQ(s.technique, technique::swordfish);
  EXPECT_EQ(s.where, "rows 1 5 9 and columns 1 5 9");
  std::vector<std::pair<int, int>> expected;
  for (int r : {2, 3, 4, 6, 7, 8}) {
    for (int c : {1, 5, 9})
      expected.push_back({r, c});
  }
  EXPECT_EQ(sorted(s.eliminated), sorted(remove_from(expected, {1})));
}

// Wikipedia's example puzzle is solved by singles alone.
TEST(Logic, SinglesSolveAnEasyPuzzle) {
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_sdm(wiki, puzzle));
  sudoku::logic_solver logic;
  const auto r = logic.run(puzzle);
  EXPECT_EQ(r.outcome, sudoku::logic_outcome::solved);
  EXPECT_EQ(r.level, sudoku::level::easy);
  EXPECT_EQ(sudoku::to_sdm(r.reached), wiki_solution);
  EXPECT_EQ(r.steps.size(), 51u);  // one placement per empty cell
  EXPECT_EQ(r.steps.back().unsolved, 0);
  EXPECT_EQ(r.steps.back().candidates, 0);
  for (const auto& s : r.steps)
    EXPECT_EQ(s.placed.size(), 1u);
}

TEST(Logic, NakedAndHiddenSingles) {
  // r1c1..r1c8 given as 1..8: r1c9 can only be 9 (naked single).
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_sdm("12345678" + std::string(73, '.'), g));
  sudoku::logic_solver logic;
  ASSERT_TRUE(logic.start(g));
  auto s = logic.step();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, technique::naked_single);
  EXPECT_EQ(s->placed, (std::vector<candidate>{{8, 9}}));
  EXPECT_EQ(s->where, "r1c9");
  // 1s in rows 2 and 3 and columns 2 and 3, outside box 1: in row 1 (and box 1)
  // the only place left for 1 is r1c1, though r1c1 has other candidates.
  sudoku::grid h;
  ASSERT_FALSE(
      sudoku::parse_sdm("........."
                        "....1...."
                        "......1.."
                        ".1......."
                        "........."
                        "........."
                        "..1......"
                        "........."
                        ".........",
                        h));
  ASSERT_TRUE(logic.start(h));
  s = logic.step();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, technique::hidden_single);
  EXPECT_EQ(s->placed, (std::vector<candidate>{{cell(1, 1), 1}}));
  EXPECT_EQ(s->where, "row 1");
}

TEST(Logic, ClashesAndContradictions) {
  sudoku::logic_solver logic;
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_sdm(std::string("55") + std::string(79, '.'), g));
  EXPECT_EQ(logic.run(g).outcome, sudoku::logic_outcome::invalid);
  // Row 1 holds 1-8, so r1c9 must be 9, but column 9 has a 9.
  ASSERT_FALSE(sudoku::parse_sdm(
      "12345678....................................9....................................", g));
  const auto r = logic.run(g);
  EXPECT_EQ(r.outcome, sudoku::logic_outcome::contradiction);
  EXPECT_EQ(r.level, sudoku::level::beyond);
  EXPECT_FALSE(r.contradiction.empty());
}

TEST(Logic, EmptyGridNeedsSearch) {
  sudoku::logic_solver logic;
  const auto r = logic.run(sudoku::grid{});
  EXPECT_EQ(r.outcome, sudoku::logic_outcome::stuck);
  EXPECT_EQ(r.level, sudoku::level::beyond);
  EXPECT_TRUE(r.steps.empty());
}

// ---- Against the shared sets: logic never contradicts the published solution.

struct set_figures {
  std::size_t puzzles = 0;
  std::map<sudoku::level, std::size_t> levels;
};

set_figures check_set(const std::string& name, std::size_t limit) {
  set_figures f;
  const auto path = std::filesystem::path(DLX_SHARED_DIR) / "corpus" / (name + ".answers");
  std::ifstream in(path);
  if (!in) return f;
  sudoku::logic_solver logic;
  sudoku::grid puzzle, solution;
  for (std::string line; std::getline(in, line) && f.puzzles < limit;) {
    const auto a = line.find(':'), b = line.find(':', a + 1);
    if (sudoku::parse_sdm(line.substr(0, a), puzzle) ||
        sudoku::parse_sdm(line.substr(b + 1), solution)) {
      ADD_FAILURE() << line;
      continue;
    }
    ++f.puzzles;
    const auto r = logic.run(puzzle);
    EXPECT_NE(r.outcome, sudoku::logic_outcome::contradiction) << line;
    EXPECT_NE(r.outcome, sudoku::logic_outcome::invalid) << line;
    ++f.levels[r.level];
    for (const auto& s : r.steps) {
      for (const auto& c : s.placed) {
        EXPECT_EQ(solution[c.cell], c.digit) << line << ": " << to_string(s.technique) << " placed "
                                             << c.digit << " at cell " << c.cell;
      }
      for (const auto& c : s.eliminated) {
        EXPECT_NE(solution[c.cell], c.digit)
            << line << ": " << to_string(s.technique) << " removed the true " << c.digit
            << " at cell " << c.cell;
      }
    }
    // What logic placed is part of the solution.
    EXPECT_TRUE(sudoku::check_puzzle(r.reached).ok());
    if (r.outcome == sudoku::logic_outcome::solved) {
      EXPECT_EQ(r.reached, solution) << line;
    }
  }
  return f;
}

TEST(LogicSharedSets, KaggleIsNearlyAllSingles) {
  const auto f = check_set("kaggle-20k", 20000);
  if (f.puzzles == 0) GTEST_SKIP() << "shared corpus absent";
  const double singles =
      static_cast<double>(f.levels.count(sudoku::level::easy) ? f.levels.at(sudoku::level::easy)
                                                              : 0) /
      static_cast<double>(f.puzzles);
  EXPECT_GT(singles, 0.99) << "share solved by singles alone";
}

TEST(LogicSharedSets, ForumHardestAlwaysNeedsSearch) {
  const auto f = check_set("forum-hardest-1106", 375);
  if (f.puzzles == 0) GTEST_SKIP() << "shared corpus absent";
  EXPECT_EQ(f.levels.count(sudoku::level::beyond) ? f.levels.at(sudoku::level::beyond) : 0,
            f.puzzles);
}

TEST(LogicSharedSets, SeventeenClueAndTop1465NeverContradictTheSolution) {
  const auto a = check_set("17-clue", 5000);
  const auto b = check_set("magictour-top1465", 1465);
  if (a.puzzles + b.puzzles == 0) GTEST_SKIP() << "shared corpus absent";
  EXPECT_GT(a.puzzles + b.puzzles, 0u);
}

}  // namespace

namespace {

// Every size the Sudoku layer supports: logic on the bundled corpus never
// contradicts the expected solution, and what it solves is that solution.
TEST(LogicAllSizes, CorpusPuzzlesOfEverySize) {
  std::ifstream in(std::filesystem::path(DLX_SOURCE_DIR) / "corpus" / "expected.answers");
  ASSERT_TRUE(in);
  std::map<int, int> sizes;
  sudoku::grid puzzle, solution;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto a = line.find(':'), b = line.find(':', a + 1);
    if (line.substr(a + 1, b - a - 1) != "1" || b + 1 == line.size()) continue;  // unique, solved
    ASSERT_FALSE(sudoku::parse_sdm(line.substr(0, a), puzzle));
    ASSERT_FALSE(sudoku::parse_sdm(line.substr(b + 1), solution));
    sudoku::logic_solver logic(puzzle.shape());
    const auto r = logic.run(puzzle);
    ++sizes[puzzle.size()];
    EXPECT_TRUE(r.outcome == sudoku::logic_outcome::solved ||
                r.outcome == sudoku::logic_outcome::stuck)
        << line;
    for (const auto& s : r.steps) {
      for (const auto& c : s.placed)
        EXPECT_EQ(solution[c.cell], c.digit) << line;
      for (const auto& c : s.eliminated)
        EXPECT_NE(solution[c.cell], c.digit) << line;
    }
    if (r.outcome == sudoku::logic_outcome::solved) {
      EXPECT_EQ(r.reached, solution) << line;
    }
  }
  EXPECT_EQ(sizes.size(), 5u);  // 4, 6, 9, 16, 25
}

// Killer cages take part through their digit combinations: on the published
// killers of the bundled corpus, logic keeps each published solution, and the
// cages give steps.
TEST(LogicVariants, KillerCagesKeepThePublishedSolutions) {
  const auto dir = std::filesystem::path(DLX_SOURCE_DIR) / "corpus" / "variants";
  const auto puzzles = test_support::content_lines(dir / "killer.sdm");
  const auto solutions = test_support::content_lines(dir / "killer.solutions");
  ASSERT_EQ(puzzles.size(), solutions.size());
  std::string error;
  const auto rules = sudoku::rules::parse("killer", error);
  ASSERT_TRUE(rules) << error;
  int cage_steps = 0, checked = 0;
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    if (solutions[k] == "unknown") continue;
    sudoku::variant v;
    sudoku::grid givens, solution;
    ASSERT_FALSE(sudoku::parse_puzzle(puzzles[k], *rules, v, givens)) << puzzles[k];
    ASSERT_FALSE(sudoku::parse_sdm(solutions[k], solution)) << solutions[k];
    ++checked;
    sudoku::logic_solver logic(v);
    const auto r = logic.run(givens);
    EXPECT_NE(r.outcome, sudoku::logic_outcome::contradiction) << puzzles[k];
    for (const auto& st : r.steps) {
      cage_steps += st.technique == technique::clue;
      for (const auto& c : st.placed)
        EXPECT_EQ(solution[c.cell], c.digit) << puzzles[k] << ": " << describe(v, st);
      for (const auto& c : st.eliminated)
        EXPECT_NE(solution[c.cell], c.digit) << puzzles[k] << ": " << describe(v, st);
    }
  }
  // Measured when written: 5 killers with a published solution, 9 cage steps.
  EXPECT_GE(checked, 5);
  EXPECT_GE(cage_steps, 5);
}

// Techniques generalise: a naked pair on a 16x16 grid.
TEST(LogicAllSizes, NakedPairOnSixteen) {
  const sudoku::shape sixteen{4, 4};
  sudoku::logic_solver logic(sixteen);
  ASSERT_TRUE(logic.start(sudoku::grid(sixteen)));
  std::vector<candidate> removed;
  for (std::size_t c : {std::size_t{0}, std::size_t{1}}) {
    for (int d = 3; d <= 16; ++d)
      removed.push_back({c, d});
  }
  logic.eliminate(removed);
  const auto s = logic.step();
  ASSERT_TRUE(s);
  EXPECT_EQ(s->technique, technique::naked_pair);
  EXPECT_EQ(s->eliminated.size(), 2u * 14);  // 1 and 2 from the other 14 cells of row 1
}

}  // namespace
