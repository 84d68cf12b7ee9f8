// Sudoku Explainer's rating against outside figures: the rating published for Golden
// Nugget, and SE 1.2.1.3's own ratings (gsf's serate) of 454 public puzzles, which
// must be matched exactly, all three numbers (se_serate_ratings.txt says where they
// come from).
#include <gtest/gtest.h>
#include <sudoku/se_rating.hpp>
#include <sudoku/text.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sanitized.hpp"

namespace {

sudoku::grid first_grid(const std::string& line) {
  sudoku::grid g;
  EXPECT_FALSE(sudoku::parse_sdm(line.substr(0, 81), g)) << line;
  return g;
}

// One line of a shared set, by number.
std::string shared_line(const std::string& set, std::size_t number) {
  static std::map<std::string, std::vector<std::string>> cache;
  auto& lines = cache[set];
  if (lines.empty()) {
    std::ifstream in(std::filesystem::path(DLX_SHARED_DIR) / "corpus" / (set + ".sdm"));
    for (std::string l; std::getline(in, l);)
      lines.push_back(l);
  }
  return number >= 1 && number <= lines.size() ? lines[number - 1] : std::string();
}

// FullSpeed: the Release build runs it (tests/CMakeLists.txt), the sanitizer
// builds skip it.
TEST(FullSpeed, GoldenNuggetRatesAsPublished) {
  // Golden Nugget (tarek, the players' forum): SE 1.2.1 rates it 11.9/11.9/11.3, as
  // Wikipedia's list of the hardest puzzles gives. Some 13-17 s of chains in Release
  // on one thread; rated on two, it also runs some 250 split chain searches (the
  // other tests' puzzles split few: their searches are short).
  if (test_support::sanitized()) GTEST_SKIP() << "6-17 s in Release: too long under a sanitizer";
  sudoku::se_options two;
  two.threads = 2;
  const auto r = sudoku::rate_se(
      first_grid(
          ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."),
      two);
  EXPECT_EQ(sudoku::to_string(r), "11.9/11.9/11.3");
}

TEST(SePublished, SerateRatingsOfPublicPuzzles) {
  std::ifstream in(std::filesystem::path(DLX_SOURCE_DIR) / "tests" / "sudoku" /
                   "se_serate_ratings.txt");
  ASSERT_TRUE(in);
  std::size_t rated = 0, same = 0, skipped = 0, published = 0, published_er = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string where, expected, their;
    fields >> where >> expected >> their;
    std::string puzzle = where;
    if (const auto colon = where.find(':'); colon != std::string::npos) {
      puzzle = shared_line(where.substr(0, colon), std::stoul(where.substr(colon + 1)));
      if (puzzle.empty()) {
        ++skipped;
        continue;
      }
    }
    const auto r = sudoku::rate_se(first_grid(puzzle));
    ++rated;
    const std::string ours = sudoku::to_string(r);
    same += ours == expected;
    EXPECT_EQ(ours, expected) << where;
    if (!their.empty()) {
      ++published;
      published_er += ours.substr(0, ours.find('/')) == their;
    }
  }
  if (rated == 0) GTEST_SKIP() << "nothing to rate";
  RecordProperty("same_as_serate", static_cast<int>(same));
  RecordProperty("published_er_equal", static_cast<int>(published_er));
  std::printf(
      "rated %zu (skipped %zu): %zu the same as serate; Sudoku Exchange's published ER "
      "(SukakuExplainer) equal on %zu of %zu\n",
      rated, skipped, same, published_er, published);
  EXPECT_EQ(same, rated);
}

}  // namespace
