// What a new user meets in the first hour (issues 30 and 61): a grid pasted
// without --input-format=grid, a puzzle's rows pasted onto one line, the summary line of one puzzle
// and of no puzzle, generate's seed and variants, the samurai drawn as a grid, and helps that point
// to documentation an installed user has.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "puzzles.hpp"
#include "run_command.hpp"
#include "sudoku_cli.hpp"
#include "text_lines.hpp"

namespace {

using test_support::contains;
using test_support::lines_of;
using test_support::run_command;
using test_support::sudoku;
using test_support::wiki;
using test_support::wiki_solution;
using test_support::write_temp_file;

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

// ---- a pasted grid ----------------------------------------------------------------

// A grid pasted without --input-format=grid is read as one (issue 61): n rows
// of n cells, decorated or not, separator lines allowed.
TEST(sudoku_cli_first_hour, a_pasted_grid_is_read_as_a_grid) {
  const auto r = sudoku({"solve"}, wiki_grid);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, wiki_solution + "\n");
  EXPECT_TRUE(r.err.starts_with("sudoku solve: 1 puzzle: 1 solved in ")) << r.err;
  // Rows of bare digits after a comment, two grids; the other files are answered too.
  std::string digits = "# from a book\n";
  for (std::size_t row = 0; row < 9; ++row)
    digits += wiki.substr(row * 9, 9) + "\n";
  const std::string file = write_temp_file("pasted.txt", digits + "\n" + digits);
  const std::string fine = write_temp_file("fine.sdm", wiki + "\n");
  const auto two = sudoku({"solve", "-q", file, fine, "--json"});
  EXPECT_EQ(two.exit_code, 0) << two.err;
  const auto lines = lines_of(two.out);
  ASSERT_EQ(lines.size(), 3u) << two.out;
  EXPECT_TRUE(lines[0].starts_with(R"({"file":")" + file + R"(","line":2,"status":"solved")"))
      << lines[0];
  EXPECT_TRUE(lines[1].starts_with(R"({"file":")" + file + R"(","line":13,"status":"solved")"))
      << lines[1];
  EXPECT_TRUE(lines[2].starts_with(R"({"file":")" + fine + R"(","line":1,"status":"solved")"))
      << lines[2];
  // What is wrong in a grid read so is located as with --input-format=grid.
  std::string short_row = wiki_grid;
  short_row.erase(short_row.find(". 6 ."), 2);  // row 3 of the second grid
  const auto bad = sudoku({"solve", "-q"}, wiki_grid + "\n" + short_row);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, wiki_solution + "\ninvalid\n");
  EXPECT_EQ(bad.err, "<stdin>:15:20: expected 9 cells in a row, found 8\n");
}

// A puzzle pasted onto one line with its rows apart is one puzzle.
TEST(sudoku_cli_first_hour, a_puzzle_with_its_rows_apart_is_one_puzzle) {
  std::string rows;
  for (std::size_t row = 0; row < 9; ++row)
    rows += wiki.substr(row * 9, 9) + (row < 8 ? " " : " from a book");
  const auto r = sudoku({"solve", "-q", "--json"}, wiki + "\n" + rows + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_TRUE(contains(lines[1], R"("status":"solved","solution":")" + wiki_solution)) << lines[1];
  EXPECT_TRUE(lines[1].ends_with(R"("annotation":"from a book"})")) << lines[1];
  // A clash is located in the line as written: r8c1 is at column 71.
  std::string clash = rows;
  clash[70] = '5';  // r8c1 = 5, as r1c1
  const auto c = sudoku({"solve", "-q"}, clash + "\n");
  EXPECT_EQ(c.exit_code, 2);
  EXPECT_EQ(c.err, "<stdin>:1:71: clashing givens: r8c1 repeats 5 of r1c1 (same column)\n");
  // A row too short says which.
  const auto s = sudoku({"solve", "-q"}, rows.substr(0, 20) + rows.substr(21) + "\n");
  EXPECT_EQ(s.err, "<stdin>:1:29: expected 9 cells in row 3, found 8\n");
}

// A 16x16 grid's rows are 16 cells long, as a 4x4 puzzle's line is: the rows
// are a grid only when none of them reads as a 4x4 puzzle.
TEST(sudoku_cli_first_hour, sixteen_cell_rows_are_a_grid_unless_one_is_a_4x4_puzzle) {
  const std::string digits = "123456789ABCDEFG";
  std::string grid16, solution16;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) {
      const char d = digits[static_cast<std::size_t>((4 * (r % 4) + r / 4 + c) % 16)];
      solution16 += d;
      grid16 += (r + c) % 3 == 0 ? '.' : d;
      if (c % 4 == 3 && c != 15) grid16 += ' ';
    }
    grid16 += '\n';
  }
  const auto grid = sudoku({"solve", "-q"}, grid16);
  EXPECT_EQ(grid.exit_code, 0) << grid.err;
  EXPECT_EQ(grid.out, solution16 + "\n");
  // Sixteen 4x4 puzzles are sixteen puzzles, even when the first has a typo.
  std::string puzzles = "5234341221434321\n";
  for (int i = 0; i < 15; ++i)
    puzzles += "1234341221434321\n";
  const auto lines = sudoku({"solve", "-q"}, puzzles);
  EXPECT_EQ(lines.exit_code, 2);
  EXPECT_EQ(lines_of(lines.out).size(), 16u);
  EXPECT_TRUE(lines.err.starts_with("<stdin>:1:1: bad character '5': 4x4 digits are 1-4"))
      << lines.err;
}

// Blanks written as other programs write them are told how ours are written.
TEST(sudoku_cli_first_hour, blanks_written_dash_or_underscore_get_a_hint) {
  for (const char blank : {'-', '_', 'x'}) {
    std::string line = wiki;
    line[2] = blank;
    const auto r = sudoku({"solve", "-q"}, line + "\n");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "invalid\n");
    EXPECT_TRUE(contains(r.err, "<stdin>:1:3: bad character '" + std::string(1, blank) + "': "))
        << r.err;
    EXPECT_TRUE(contains(r.err, "blanks 0 or .") || contains(r.err, "blanks are 0 or .")) << r.err;
  }
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
  // An ISS constraint string or share link, and an f-puzzles link, need no
  // option: a line that is plainly one is read as one.
  const auto iss = sudoku({"solve", "-q"}, ".Thermo~R1C1~R1C2\n");
  EXPECT_EQ(iss.exit_code, 0) << iss.err;
  EXPECT_EQ(iss.out.size(), 82u) << iss.out;
}

TEST(sudoku_cli_first_hour, a_grid_cut_short_has_one_located_message) {
  // Eight rows of a grid: its first two rows make it a grid, one message.
  std::string rows;
  for (const auto& line : lines_of(wiki_grid)) {
    if (line.starts_with("-")) continue;
    rows += line + "\n";
  }
  const auto lines = lines_of(rows);
  const std::string eight = rows.substr(0, rows.size() - lines.back().size() - 1);
  const auto r = sudoku({"solve", "-q"}, eight);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "invalid\n");
  EXPECT_EQ(r.err, "<stdin>:9:1: the input ends after 8 of 9 rows\n");
  // One row alone is a line, not a grid.
  const auto one = sudoku({"solve", "-q"}, lines.front() + "\n");
  EXPECT_EQ(one.out, "invalid\n");
  EXPECT_TRUE(one.err.starts_with("<stdin>:1:2: 1 cell is not a Sudoku size (16")) << one.err;
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
