// What a new user meets in the first hour (issue 30): a grid pasted without
// --input-format=grid, the summary line of one puzzle and of no puzzle,
// generate's seed and variants, the samurai drawn as a grid, and helps that
// point to documentation an installed user has.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "run_command.hpp"
#include "text_lines.hpp"

namespace {

using test_support::contains;
using test_support::lines_of;
using test_support::run_command;
using test_support::write_temp_file;

const std::string wiki =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const std::string wiki_grid =
    "5 3 . | . 7 . | . . .\n"
    "6 . . | 1 9 5 | . . .\n"
    ". 9 8 | . . . | . 6 .\n"
    "------+-------+------\n"
    "8 . . | . 6 . | . . 3\n"
    "4 . . | 8 . 3 | . . 1\n"
    "7 . . | . 2 . | . . 6\n"
    "------+-------+------\n"
    ". 6 . | . . . | 2 8 .\n"
    ". . . | 4 1 9 | . . 5\n"
    ". . . | . 8 . | . 7 9\n";

test_support::command_result sudoku(std::vector<std::string> args, const std::string& input = {}) {
  args.insert(args.begin(), SUDOKU_CLI);
  return run_command(args, input);
}

// ---- a pasted grid ----------------------------------------------------------------

TEST(sudoku_cli_first_hour, a_pasted_grid_gets_one_hint_not_a_dozen_invalids) {
  const std::string hint =
      "this looks like a 9x9 grid (9 rows of 9 cells), not one puzzle per line: use "
      "--input-format=grid\n";
  const auto r = sudoku({"solve"}, wiki_grid);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "sudoku: <stdin>:1: " + hint);  // and no summary: no puzzle was read
  // Rows of bare digits after a comment; the other files are still answered.
  std::string digits = "# from a book\n";
  for (std::size_t row = 0; row < 9; ++row)
    digits += wiki.substr(row * 9, 9) + "\n";
  const std::string file = write_temp_file("pasted.txt", digits);
  const std::string fine = write_temp_file("fine.sdm", wiki + "\n");
  const auto two = sudoku({"solve", "-q", file, fine});
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_EQ(two.out, wiki_solution + "\n");
  EXPECT_EQ(two.err, "sudoku: " + file + ":2: " + hint);
  // What the hint says works.
  const auto grid = sudoku({"solve", "-q", "--input-format=grid"}, wiki_grid);
  EXPECT_EQ(grid.exit_code, 0);
  EXPECT_EQ(grid.out, wiki_solution + "\n");
}

// A variant's line read as a plain puzzle says which option it needs, and the
// option it names reads it.
TEST(sudoku_cli_first_hour, a_variant_line_without_its_option_names_the_option) {
  const struct {
    std::string file, option, says;
  } cases[] = {
      {"samurai.sdm", "--variant=samurai",
       "(this looks like a samurai board: use --variant samurai)"},
      {"killer.sdm", "--variant=killer",
       "(this looks like a killer's cages: use --variant killer)"},
      {"jigsaw.sdm", "--variant=jigsaw",
       "(this looks like a jigsaw's givens and regions: use --variant jigsaw)"},
  };
  for (const auto& c : cases) {
    const auto lines =
        test_support::content_lines(std::filesystem::path(DLX_CORPUS) / "variants" / c.file);
    ASSERT_FALSE(lines.empty()) << c.file;
    const auto plain = sudoku({"solve", "-q"}, lines.front() + "\n");
    EXPECT_EQ(plain.exit_code, 2) << c.file;
    EXPECT_EQ(plain.out, "invalid\n") << c.file;
    EXPECT_TRUE(contains(plain.err, c.says)) << plain.err;
    const auto right = sudoku({"solve", "-q", c.option}, lines.front() + "\n");
    EXPECT_EQ(right.exit_code, 0) << c.file << ": " << right.err;
  }
  const auto iss = sudoku({"solve", "-q"}, ".Thermo~R1C1~R1C2\n");
  EXPECT_TRUE(
      contains(iss.err, "(this looks like an ISS constraint string: use --input-format=iss)"))
      << iss.err;
}

TEST(sudoku_cli_first_hour, what_is_not_a_whole_grid_is_read_line_by_line) {
  // Eight rows of a grid: each line answered, its message in the singular.
  std::string rows;
  for (const auto& line : lines_of(wiki_grid)) {
    if (line.starts_with("-")) continue;
    rows += line + "\n";
  }
  const auto lines = lines_of(rows);
  const std::string eight = rows.substr(0, rows.size() - lines.back().size() - 1);
  const auto r = sudoku({"solve", "-q"}, eight);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(lines_of(r.out), std::vector<std::string>(8, "invalid"));
  EXPECT_TRUE(lines_of(r.err).at(0).starts_with("<stdin>:1:2: 1 cell is not a Sudoku size (16"))
      << r.err;
  // Under a variant, lines are that variant's, never a grid.
  const auto x = sudoku({"solve", "-q", "--variant", "x"}, rows);
  EXPECT_EQ(lines_of(x.out), std::vector<std::string>(9, "invalid"));
}

// ---- the summary line -------------------------------------------------------------

TEST(sudoku_cli_first_hour, one_puzzle_has_a_time_and_no_throughput) {
  for (const std::string threads : {"1", "2"}) {
    const auto r = sudoku({"solve", "-j", threads}, wiki + "\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_TRUE(std::regex_match(
        r.err, std::regex(R"(sudoku solve: 1 puzzle: 1 solved in [0-9.]+ (ms|s)\n)")))
        << r.err;
  }
  // Only the outcomes that happened, in the command's order.
  const auto mixed = sudoku({"count", "-j", "1"}, wiki + "\n" + std::string(81, '.') + "\n55\n");
  EXPECT_TRUE(contains(mixed.err, "sudoku count: 3 puzzles: 1 unique, 1 multiple, 1 invalid in "))
      << mixed.err;
}

TEST(sudoku_cli_first_hour, no_puzzle_read_has_its_note_and_no_summary) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"solve"}, {"rate"}, {"count", "-j", "1"}}) {
    const auto r = sudoku(args, "# only a comment\n\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              "sudoku: <stdin>: note: no puzzles (the input is empty, or has only comments and "
              "blank lines)\n")
        << args[0];
  }
  // validate --against: two empty files, the same note.
  const std::string empty = write_temp_file("empty.sdm", "");
  const auto v = sudoku({"validate", "--against", empty, empty});
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_EQ(v.err, "sudoku: " + empty +
                       ": note: no puzzles (the input is empty, or has only "
                       "comments and blank lines)\n");
}

// ---- generate ---------------------------------------------------------------------

// The seed in the header line ("# sudoku generate --count 2 --seed S ...") and in
// the summary ("(seed S)").
std::string seed_of_header(const std::string& out) {
  std::smatch m;
  const std::string header = lines_of(out).at(0);
  EXPECT_TRUE(std::regex_search(header, m, std::regex(" --seed ([0-9]+) "))) << header;
  return m[1];
}

TEST(sudoku_cli_first_hour, generate_draws_a_seed_and_names_it) {
  const auto a = sudoku({"generate", "-n", "2"});
  const auto b = sudoku({"generate", "-n", "2"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const std::string seed = seed_of_header(a.out);
  EXPECT_NE(seed, seed_of_header(b.out));  // two draws of 32 bits
  EXPECT_NE(a.out, b.out);
  EXPECT_TRUE(a.err.starts_with("sudoku generate: 2 puzzles (seed " + seed + "); clues ")) << a.err;
  // The seed named makes the same puzzles again.
  const auto again = sudoku({"generate", "-n", "2", "-q", "--seed", seed});
  EXPECT_EQ(again.out, a.out);
}

TEST(sudoku_cli_first_hour, generate_lists_the_variants_it_makes) {
  const auto help = sudoku({"generate", "--help"});
  std::string variant_line;
  for (const auto& line : lines_of(help.out)) {
    if (line.find("--variant") != std::string::npos) variant_line = line;
  }
  EXPECT_TRUE(contains(variant_line, "x, windoku or jigsaw")) << variant_line;
  EXPECT_TRUE(contains(variant_line, "no killer or samurai")) << variant_line;
  for (const char* refused : {"killer", "samurai"}) {
    const auto r = sudoku({"generate", "--variant", refused});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(contains(r.err, "generate makes plain, x, windoku and jigsaw puzzles")) << r.err;
  }
  // solve's --variant takes them all.
  EXPECT_TRUE(contains(sudoku({"solve", "--help"}).out, "x, windoku, jigsaw, killer or samurai"));
}

// ---- the samurai as a grid --------------------------------------------------------

TEST(sudoku_cli_first_hour, samurai_grid_output_leaves_the_outside_blank) {
  const auto puzzles = test_support::content_lines(std::filesystem::path(DLX_SOURCE_DIR) /
                                                   "corpus" / "variants" / "samurai.sdm");
  const auto r =
      sudoku({"solve", "-q", "--variant", "samurai", "--output-format=grid"}, puzzles.at(0) + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 21u + 6u + 1u);  // 21 rows, 6 rules, the blank line after
  EXPECT_EQ(lines[3], "------+-------+-------+       +-------+-------+------");
  EXPECT_TRUE(lines[12].starts_with("              | ")) << lines[12];
  EXPECT_TRUE(lines[12].ends_with(" |")) << lines[12];
  for (std::size_t row : {0u, 1u, 2u, 24u, 25u, 26u})
    EXPECT_EQ(lines[row].substr(21, 11), " |       | ") << row;
}

// ---- helps ------------------------------------------------------------------------

TEST(sudoku_cli_first_hour, helps_point_to_documentation_that_is_there) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--help"},
                                               {"solve", "--help"},
                                               {"generate", "--help"},
                                               {"bench", "--help"}}) {
    const auto r = sudoku(args);
    EXPECT_EQ(r.exit_code, 0);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, std::regex("Documentation: (\\S+) \\(exit-codes.md")))
        << r.out;
    EXPECT_TRUE(std::filesystem::exists(std::string(m[1]) + "/exit-codes.md")) << m[1];
    EXPECT_FALSE(contains(r.out, "README.md")) << args[0];
  }
  const auto top = sudoku({"--help"});
  std::smatch m;
  ASSERT_TRUE(std::regex_search(top.out, m, std::regex("(\\S+/variants\\.md)"))) << top.out;
  EXPECT_TRUE(std::filesystem::exists(std::string(m[1]))) << m[1];
}

}  // namespace
