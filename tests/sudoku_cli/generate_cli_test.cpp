// Golden tests of `sudoku generate`, `minimize` and `redundant`.
#include <gtest/gtest.h>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "run_command.hpp"

namespace {

using test_support::run_command;

using test_support::lines_of;

TEST(sudoku_cli_generate, same_puzzles_for_any_thread_count) {
  const auto one =
      run_command({SUDOKU_CLI, "generate", "-q", "--count", "40", "--seed", "7", "-j", "1"});
  const auto two =
      run_command({SUDOKU_CLI, "generate", "-q", "--count", "40", "--seed", "7", "-j", "2"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  const auto lines = lines_of(one.out);
  ASSERT_EQ(lines.size(), 41u);
  EXPECT_EQ(
      lines[0],
      "# sudoku generate --count 40 --seed 7 --box 3x3 --symmetry none  (dlx-sudoku " DLX_VERSION
      ")");
  // Every puzzle line is a unique puzzle the other commands read back.
  sudoku::solver solver;
  sudoku::grid puzzle;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    ASSERT_FALSE(sudoku::parse_sdm(lines[i], puzzle)) << lines[i];
    EXPECT_EQ(solver.count(puzzle, 2).status, sudoku::status::unique) << lines[i];
  }
  const auto redundant = run_command({SUDOKU_CLI, "redundant", "-q"}, one.out);
  EXPECT_EQ(redundant.exit_code, 0);
  EXPECT_EQ(lines_of(redundant.out), std::vector<std::string>(40, "minimal"));
  // Another seed, other puzzles.
  const auto other = run_command({SUDOKU_CLI, "generate", "-q", "--count", "40", "--seed", "8"});
  EXPECT_NE(lines_of(other.out)[1], lines[1]);
}

TEST(sudoku_cli_generate, options_and_summary) {
  const auto r = run_command({SUDOKU_CLI, "generate", "--count", "3", "--size", "4", "--symmetry",
                              "rot180", "--minimal", "--seed", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[1].size() > 16 ? lines[1][16] : ' ', ' ');  // 16 cells, then the annotation
  EXPECT_TRUE(r.err.starts_with("sudoku generate: 3 puzzles (seed 3); clues ")) << r.err;
}

TEST(sudoku_cli_generate, bad_options) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--size", "7"},
                                               {"--symmetry", "spiral"},
                                               {"--difficulty", "fiendish"},
                                               {"--count", "0"},
                                               {"extra-file.sdm"},
                                               {"--box", "9x9"}}) {
    std::vector<std::string> argv = {SUDOKU_CLI, "generate"};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto r = run_command(argv);
    EXPECT_EQ(r.exit_code, 2) << args.front();
    EXPECT_NE(r.err.find("sudoku generate: "), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_command({SUDOKU_CLI, "generate", "--help"}).exit_code, 0);
}

const std::string wiki =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

TEST(sudoku_cli_generate, minimize_keeps_the_solution) {
  const auto r =
      run_command({SUDOKU_CLI, "minimize", "-q"}, wiki + "\n" + std::string(81, '.') + "\n");
  EXPECT_EQ(r.exit_code, 1);  // the empty grid is not unique
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[1], "multiple");
  sudoku::grid original, minimal, a, b;
  ASSERT_FALSE(sudoku::parse_sdm(wiki, original));
  ASSERT_FALSE(sudoku::parse_sdm(lines[0], minimal));
  EXPECT_LT(minimal.given_count(), original.given_count());
  sudoku::solver s;
  EXPECT_EQ(s.solve_unique(minimal, b).status, sudoku::status::unique);
  s.solve(original, a);
  EXPECT_EQ(a, b);
  const auto again = run_command({SUDOKU_CLI, "redundant", "-q"}, lines[0] + "\n");
  EXPECT_EQ(again.out, "minimal\n");
}

TEST(sudoku_cli_generate, redundant_lists_removable_givens) {
  const auto r = run_command({SUDOKU_CLI, "redundant", "-q", "--json"}, wiki + "\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(
      r.out.starts_with(R"({"file":"<stdin>","line":1,"status":"redundant","redundant":["r)"))
      << r.out;
}

}  // namespace
