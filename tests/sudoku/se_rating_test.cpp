// Sudoku Explainer's rating: the format, the budget, and on the shared sets
// that every step of SE's path agrees with the published solution. The
// agreement of the ratings themselves with published SE ratings is checked in
// se_published_test.cpp.
#include <gtest/gtest.h>
#include <sudoku/se_rating.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace {

sudoku::grid parse(const std::string& line) {
  sudoku::grid g;
  EXPECT_FALSE(sudoku::parse_sdm(line, g)) << line;
  return g;
}

TEST(SeRating, FormatRoundsHalfUpToOneDecimalAsSeDoes) {
  EXPECT_EQ(sudoku::se_format(1.2), "1.2");
  EXPECT_EQ(sudoku::se_format(7.0 + 0.1 + 0.1 + 0.1), "7.3");
  EXPECT_EQ(sudoku::se_format(8.549999), "8.5");
  EXPECT_EQ(sudoku::se_format(8.55), "8.6");
  EXPECT_EQ(sudoku::se_format(20.0), "20.0");
  sudoku::se_rating r;
  r.er = 11.9;
  r.ep = 11.9;
  r.ed = 11.3;
  EXPECT_EQ(sudoku::to_string(r), "11.9/11.9/11.3");
  r.outcome = sudoku::se_rating::outcome::unknown;
  EXPECT_EQ(sudoku::to_string(r), "unknown");
}

TEST(SeRating, SinglesOnlyPuzzle) {
  // Wikipedia's example puzzle: hidden singles in boxes (1.2) and full houses
  // (1.0) finish it, as SE's own path does.
  const auto r = sudoku::rate_se(
      parse("530070000600195000098000060800060003400803001700020006060000280000419005000080079"),
      {0, true});
  ASSERT_EQ(r.outcome, sudoku::se_rating::outcome::rated);
  EXPECT_EQ(sudoku::to_string(r), "1.2/1.2/1.2");
  EXPECT_EQ(r.steps.size(), 51u);
  EXPECT_EQ(sudoku::to_sdm(r.reached),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
}

TEST(SeRating, OnlyClassicNineByNine) {
  EXPECT_THROW((void)sudoku::rate_se(sudoku::grid{sudoku::shape{2, 3}}), std::invalid_argument);
  EXPECT_THROW((void)sudoku::rate_se(sudoku::grid{sudoku::shape{4, 4}}), std::invalid_argument);
}

TEST(SeRating, BudgetAnswersUnknown) {
  // An empty grid: nothing but chains apply, and they find nothing for long.
  const auto r = sudoku::rate_se(sudoku::grid{}, {100000, false});
  EXPECT_EQ(r.outcome, sudoku::se_rating::outcome::unknown);
  EXPECT_GT(r.work, 100000u);
  EXPECT_LT(r.work, 100100u);
}

TEST(SeRating, DeadlyPatternIsStuckAtTwenty) {
  // A solved grid with a unique rectangle emptied: two solutions, and no SE
  // technique can choose between them (SE answers 20.0).
  // The first rectangle of a solved grid whose corners hold a, b / b, a in
  // two boxes is emptied.
  const std::string s =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  const sudoku::grid solved = parse(s);
  bool found = false;
  for (int r1 = 0; r1 < 9 && !found; ++r1)
    for (int r2 = r1 + 1; r2 < 9 && !found; ++r2)
      for (int c1 = 0; c1 < 9 && !found; ++c1)
        for (int c2 = c1 + 1; c2 < 9 && !found; ++c2) {
          const int a = solved.at(r1, c1), b = solved.at(r1, c2);
          if (solved.at(r2, c1) != b || solved.at(r2, c2) != a) continue;
          // Two boxes only: rows in one band or columns in one stack.
          if (r1 / 3 != r2 / 3 && c1 / 3 != c2 / 3) continue;
          sudoku::grid p = solved;
          p.set(r1, c1, 0);
          p.set(r1, c2, 0);
          p.set(r2, c1, 0);
          p.set(r2, c2, 0);
          const auto r = sudoku::rate_se(p);
          EXPECT_EQ(r.outcome, sudoku::se_rating::outcome::stuck);
          EXPECT_EQ(sudoku::se_format(r.er), "20.0");
          found = true;
        }
  EXPECT_TRUE(found);
}

// ---- Against the shared sets: SE's path never contradicts the solution.

std::size_t check_set(const std::string& name, std::size_t every, std::size_t limit,
                      std::uint64_t budget) {
  const auto path = std::filesystem::path(DLX_SHARED_DIR) / "corpus" / (name + ".answers");
  std::ifstream in(path);
  if (!in) return 0;
  std::size_t n = 0, index = 0;
  sudoku::grid puzzle, solution;
  for (std::string line; std::getline(in, line) && n < limit; ++index) {
    if (index % every != 0) continue;
    const auto a = line.find(':'), b = line.find(':', a + 1);
    if (sudoku::parse_sdm(line.substr(0, a), puzzle) ||
        sudoku::parse_sdm(line.substr(b + 1), solution)) {
      ADD_FAILURE() << line;
      continue;
    }
    ++n;
    const auto r = sudoku::rate_se(puzzle, {budget, true});
    if (r.outcome == sudoku::se_rating::outcome::unknown) continue;
    EXPECT_EQ(r.outcome, sudoku::se_rating::outcome::rated) << line;
    for (const auto& s : r.steps) {
      for (const auto& c : s.placed)
        EXPECT_EQ(solution.at(static_cast<int>(c.cell / 9), static_cast<int>(c.cell % 9)), c.digit)
            << line << ": " << s.technique << " placed a wrong digit";
      for (const auto& c : s.eliminated)
        EXPECT_NE(solution.at(static_cast<int>(c.cell / 9), static_cast<int>(c.cell % 9)), c.digit)
            << line << ": " << s.technique << " removed the true digit";
    }
    EXPECT_EQ(r.reached, solution) << line;
  }
  return n;
}

TEST(SeRatingSharedSets, SeventeenCluePathsAgreeWithTheSolution) {
  if (check_set("17-clue", 250, 200, 0) == 0) GTEST_SKIP() << "shared corpus absent";
}

TEST(SeRatingSharedSets, Top1465PathsAgreeWithTheSolution) {
  if (check_set("magictour-top1465", 40, 40, 20'000'000) == 0)
    GTEST_SKIP() << "shared corpus absent";
}

}  // namespace
