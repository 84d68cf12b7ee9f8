// The `sudoku` command on variants: the published puzzles of corpus/variants
// solved, counted and validated against their published solutions from the
// command line; located errors for each new format; the same output for any
// thread count; every command working from --variant alone.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>

#include <string>
#include <vector>

#include "run_command.hpp"
#include "sudoku_cli.hpp"

namespace {

using test_support::command_result;
using test_support::contains;
using test_support::lines_of;
using test_support::read_file;
using test_support::run_command;
using test_support::sudoku;
using test_support::write_temp_file;

std::string variants_path(const std::string& name) {
  return std::string(DLX_SOURCE_DIR) + "/corpus/variants/" + name;
}

// The puzzle lines of a file: neither blank nor a comment.
std::vector<std::string> content_lines(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& line : lines_of(text)) {
    if (!sudoku::is_skippable(line)) out.push_back(line);
  }
  return out;
}

struct variant_file {
  std::string variant;  // --variant
  std::string file;     // in corpus/variants, without .sdm
};

class published : public testing::TestWithParam<variant_file> {};

// Solve prints the published solution of every puzzle (or, where none was
// published, one the library's validator accepts); count says each is unique.
TEST_P(published, solve_gives_the_published_solutions_and_count_says_unique) {
  const auto& [variant, file] = GetParam();
  const std::string puzzles = variants_path(file + ".sdm");
  const auto expected = content_lines(read_file(variants_path(file + ".solutions")));
  const auto solved = sudoku({"solve", "-q", "--variant", variant, puzzles});
  EXPECT_EQ(solved.exit_code, 0) << solved.err;
  const auto got = lines_of(solved.out);
  ASSERT_EQ(got.size(), expected.size());
  const auto lines = content_lines(read_file(puzzles));
  std::string error;
  const auto rules = *sudoku::rules::parse(variant, error);
  std::size_t compared = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (expected[i] != "unknown") {
      EXPECT_EQ(got[i], expected[i]) << file << " puzzle " << i + 1;
      ++compared;
    }
    // Independently of the tool: the library's validator on the printed line.
    sudoku::variant v;
    sudoku::grid givens, solution;
    ASSERT_FALSE(sudoku::parse_puzzle(lines[i], rules, v, givens));
    ASSERT_FALSE(sudoku::parse_board(got[i], v, solution)) << got[i];
    EXPECT_TRUE(sudoku::check_solution(v, givens, solution).ok()) << got[i];
  }
  EXPECT_GE(compared, 3u) << "at least three published solutions per variant";
  const auto counted = sudoku({"count", "-q", "--variant", variant, puzzles});
  EXPECT_EQ(counted.exit_code, 0);
  std::string ones;
  for (std::size_t i = 0; i < expected.size(); ++i)
    ones += "1\n";
  EXPECT_EQ(counted.out, ones);
}

// validate --against accepts the published solutions, and catches one wrong digit.
TEST_P(published, validate_against_the_puzzles) {
  const auto& [variant, file] = GetParam();
  const std::string puzzles = variants_path(file + ".sdm");
  std::string known;
  std::string known_puzzles;
  const auto solutions = content_lines(read_file(variants_path(file + ".solutions")));
  const auto lines = content_lines(read_file(puzzles));
  for (std::size_t i = 0; i < solutions.size(); ++i) {
    if (solutions[i] == "unknown") continue;
    known += solutions[i] + "\n";
    known_puzzles += lines[i] + "\n";
  }
  const std::string puzzle_file = write_temp_file(file + "-puzzles.sdm", known_puzzles);
  const auto ok = sudoku({"validate", "-q", "--variant", variant, "--against", puzzle_file,
                          write_temp_file(file + "-good.txt", known)});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_FALSE(contains(ok.out, "invalid"));
  // Swap two different digits of the first solution's first row: the rows stay
  // valid, but a column, box or cage no longer does (or a given changes).
  std::string bad = known;
  const std::size_t a = bad.find_first_of("123456789");
  const std::size_t b = bad.find_first_not_of(bad[a], a + 1);
  std::swap(bad[a], bad[b]);
  const auto wrong = sudoku({"validate", "-q", "--variant", variant, "--against", puzzle_file,
                             write_temp_file(file + "-bad.txt", bad)});
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_EQ(lines_of(wrong.out).front(), "invalid");
  EXPECT_TRUE(contains(wrong.err, file + "-bad.txt:")) << wrong.err;
}

INSTANTIATE_TEST_SUITE_P(variants, published,
                         testing::Values(variant_file{"x", "x"}, variant_file{"windoku", "windoku"},
                                         variant_file{"jigsaw", "jigsaw"},
                                         variant_file{"killer", "killer"},
                                         variant_file{"samurai", "samurai"}),
                         [](const auto& test) { return test.param.file; });

std::string first_puzzle(const std::string& file) {
  return content_lines(read_file(variants_path(file + ".sdm"))).front();
}

TEST(sudoku_cli_variants, output_does_not_depend_on_threads) {
  for (const auto& [variant, file] :
       {variant_file{"samurai", "samurai"}, variant_file{"killer", "killer"}}) {
    const auto one =
        sudoku({"solve", "-q", "-j1", "--variant", variant, variants_path(file + ".sdm")});
    const auto two =
        sudoku({"solve", "-q", "-j2", "--variant", variant, variants_path(file + ".sdm")});
    EXPECT_EQ(one.out, two.out);
    EXPECT_FALSE(one.out.empty());
  }
}

TEST(sudoku_cli_variants, samurai_output_keeps_the_board_shape) {
  const std::string puzzle = first_puzzle("samurai");
  const auto line = sudoku({"solve", "-q", "--variant", "samurai"}, puzzle + "\n");
  ASSERT_EQ(line.exit_code, 0);
  const std::string solution = lines_of(line.out).front();
  ASSERT_EQ(solution.size(), 441u);
  for (std::size_t i = 0; i < 441; ++i)
    EXPECT_EQ(solution[i] == '-', puzzle[i] == '-') << i;
  const auto json = sudoku({"solve", "-q", "--json", "--variant", "samurai"}, puzzle + "\n");
  EXPECT_TRUE(contains(json.out, "\"solution\":\"" + solution + "\"")) << json.out;
  const auto grid =
      sudoku({"solve", "-q", "--output-format", "grid", "--variant", "samurai"}, puzzle + "\n");
  const auto rows = lines_of(grid.out);
  ASSERT_GE(rows.size(), 21u);
  // 21 rows of digits and 6 rules between bands of boxes, then a blank line.
  EXPECT_EQ(rows.size(), 21u + 6u + 1u);
}

TEST(sudoku_cli_variants, bad_lines_are_located_and_the_rest_answered) {
  const std::string killer = first_puzzle("killer");
  std::string out_of_grid = killer;
  out_of_grid[0] = '<';  // r1c1 points left, off the grid
  std::string cycle = killer;
  cycle[0] = '>';  // r1c1 and r1c2 (which points left) point at each other
  cycle[1] = '<';
  std::string samurai = first_puzzle("samurai");
  samurai[9] = '5';  // r1c10 is outside the five grids
  const auto r = sudoku({"solve", "-q", "--variant", "killer"},
                        out_of_grid + "\n" + killer + "\n" + cycle + "\n");
  EXPECT_EQ(r.exit_code, 2);
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0], "invalid");
  EXPECT_EQ(out[1].size(), 81u);
  EXPECT_EQ(out[2], "invalid");
  EXPECT_TRUE(contains(r.err, "<stdin>:1:1: the arrow '<' at r1c1 points outside the grid"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "<stdin>:3:")) << r.err;
  EXPECT_TRUE(contains(r.err, "circle")) << r.err;
  const auto s = sudoku({"solve", "-q", "--variant", "samurai"}, samurai + "\n");
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_TRUE(contains(s.err, "<stdin>:1:10: '5' at r1c10, which is outside the grids")) << s.err;
}

TEST(sudoku_cli_variants, clashing_givens_across_a_samurai_overlap) {
  // The corner box shared by grid 1 and the centre grid: r7c7 and r9c9 are in
  // it; the same digit in r7c7 and in r7c13 (grid 5's row 1) also clash.
  std::string board = first_puzzle("samurai");
  for (auto& c : board)
    if (c != '-') c = '.';
  board[6 * 21 + 6] = '4';
  board[6 * 21 + 12] = '4';
  const auto r = sudoku({"solve", "-q", "--variant", "samurai"}, board + "\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, "clashing givens: r7c13 repeats 4 of r7c7 (same row)")) << r.err;
}

TEST(sudoku_cli_variants, jigsaw_with_a_shared_layout) {
  const std::string line = first_puzzle("jigsaw");
  const std::string givens = line.substr(0, 81), layout = line.substr(81, 81);
  const auto own = sudoku({"solve", "-q", "--variant", "jigsaw"}, line + "\n");
  const auto shared = sudoku({"solve", "-q", "--regions", layout}, givens + "\n");
  EXPECT_EQ(shared.exit_code, 0) << shared.err;
  EXPECT_EQ(own.out, shared.out);
  const auto from_file = sudoku(
      {"solve", "-q", "--regions", write_temp_file("layout.txt", "# a layout\n" + layout + "\n")},
      givens + "\n");
  EXPECT_EQ(own.out, from_file.out);
  std::string bad_layout = layout;
  bad_layout[0] = bad_layout[0] == '1' ? '2' : '1';
  const auto bad = sudoku({"solve", "-q", "--regions", bad_layout}, givens + "\n");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--regions: region")) << bad.err;
}

TEST(sudoku_cli_variants, killer_formats_and_givens) {
  // The first killer in SudoCue's format (via minimize, which writes it), then
  // with its solution's first row given, and as killer-X (3x3:d:k:).
  const std::string killer = first_puzzle("killer");
  const std::string solution = content_lines(read_file(variants_path("killer.solutions"))).front();
  const auto sudocue = sudoku({"minimize", "-q", "--variant", "killer"}, killer + "\n");
  ASSERT_EQ(sudocue.exit_code, 0) << sudocue.err;
  const std::string line = lines_of(sudocue.out).front();
  ASSERT_TRUE(line.starts_with("3x3::k:")) << line;
  const auto again = sudoku({"solve", "-q", "--variant", "killer"}, line + "\n");
  EXPECT_EQ(lines_of(again.out).front(), solution);
  const std::string givens = solution.substr(0, 9) + std::string(72, '.');
  const auto with = sudoku({"solve", "-q", "--variant", "killer"}, killer + " " + givens + "\n");
  EXPECT_EQ(lines_of(with.out).front(), solution);
  std::string wrong = givens;
  wrong[0] = wrong[1];  // a digit twice in row 1
  const auto clash = sudoku({"solve", "-q", "--variant", "killer"}, killer + " " + wrong + "\n");
  EXPECT_EQ(clash.exit_code, 2);
  EXPECT_TRUE(contains(clash.err, "<stdin>:1:84: clashing givens")) << clash.err;
  // The first killer's solution is not a Sudoku X: killer-X has no solution.
  std::string x = line;
  x.replace(0, 7, "3x3:d:k:");
  const auto none = sudoku({"solve", "-q", "--variant", "killer"}, x + "\n");
  const bool x_holds = sudoku({"validate", "-q", "--variant", "x"}, solution + "\n").exit_code == 0;
  EXPECT_EQ(lines_of(none.out).front(), x_holds ? solution : "none");
}

TEST(sudoku_cli_variants, logic_commands_work_on_region_variants) {
  for (const auto& [variant, file] :
       {variant_file{"x", "x"}, variant_file{"windoku", "windoku"},
        variant_file{"jigsaw", "jigsaw"}, variant_file{"samurai", "samurai"}}) {
    const auto rated = sudoku({"rate", "-q", "--variant", variant, variants_path(file + ".sdm")});
    EXPECT_EQ(rated.exit_code, 0) << variant << rated.err;
    for (const auto& line : lines_of(rated.out)) {
      EXPECT_TRUE(line.starts_with("easy") || line.starts_with("medium") ||
                  line.starts_with("hard") || line.starts_with("evil") ||
                  line.starts_with("beyond"))
          << variant << ": " << line;
    }
    const auto explained =
        sudoku({"explain", "-q", "--search", "--variant", variant, variants_path(file + ".sdm")});
    EXPECT_EQ(explained.exit_code, 0) << variant << explained.err;
    // Every explanation ends with the solution, which is the published one.
    const auto expected = content_lines(read_file(variants_path(file + ".solutions")));
    std::size_t k = 0;
    for (const auto& line : lines_of(explained.out)) {
      if (!line.starts_with("result:")) continue;
      ASSERT_LT(k, expected.size());
      if (expected[k] != "unknown") {
        EXPECT_TRUE(contains(line, "solution " + expected[k])) << variant << ": " << line;
      }
      ++k;
    }
    EXPECT_EQ(k, expected.size());
  }
}

TEST(sudoku_cli_variants, generate_x_windoku_and_jigsaw) {
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--variant", "x"},
        {"--variant", "windoku"},
        {"--variant", "x,windoku"},
        {"--variant", "jigsaw"},
        {"--regions", content_lines(read_file(variants_path("jigsaw.sdm"))).front().substr(81)}}) {
    std::vector<std::string> args = {"generate", "-q", "-n", "3", "--seed", "7"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto made = sudoku(args);
    ASSERT_EQ(made.exit_code, 0) << made.err;
    const auto lines = content_lines(made.out);
    ASSERT_EQ(lines.size(), 3u);
    std::vector<std::string> count = {"count", "-q"};
    count.insert(count.end(), extra.begin(), extra.end());
    const auto counted = sudoku(count, made.out);
    EXPECT_EQ(counted.out, "1\n1\n1\n") << extra.back() << "\n" << made.out << counted.err;
    // The same seed gives the same puzzles, whatever the threads.
    args.push_back("-j1");
    EXPECT_EQ(sudoku(args).out, made.out);
  }
  const auto refused = sudoku({"generate", "--variant", "killer"});
  EXPECT_EQ(refused.exit_code, 2);
}

TEST(sudoku_cli_variants, usage_errors) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"solve", "--variant", "hexagonal"},
        {"solve", "--variant", "jigsaw,killer"},
        {"solve", "--variant", "samurai,x"},
        {"solve", "--variant", "x,x"},
        {"solve", "--variant", "x", "--input-format", "grid"},
        {"count", "--regions", "123"}}) {
    const auto r = sudoku(args, "");
    EXPECT_EQ(r.exit_code, 2) << args[2];
    EXPECT_TRUE(contains(r.err, "Try 'sudoku")) << r.err;
  }
}

}  // namespace

namespace {

// ISS's constraint strings on the command line: answers in input order, a
// bad line answered 'invalid' in its place with its file, line and column.
TEST(iss_input, every_puzzle_command_reads_constraint_strings) {
  const std::string thermo =
      ".~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9~R8C9_2~R9C2_1~R9C8_9"
      ".Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4~R2C5~R3C6"
      ".Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4";
  const std::string solution =
      "847632519295471386631598247129743865486259173753816924368924751974185632512367498";
  const std::string file =
      write_temp_file("iss.txt", thermo + "\n.Thermo~R1C1~R1C1\n.Shape~4x4.NoBoxes\n");
  const auto solved = sudoku({"solve", "-q", "--input-format=iss", file});
  EXPECT_EQ(solved.exit_code, 2) << solved.err;  // a bad line: exit 2, the rest answered
  EXPECT_EQ(lines_of(solved.out),
            (std::vector<std::string>{solution, "invalid", "1234241331424321"}));
  EXPECT_TRUE(contains(solved.err, file + ":2:14: R1C1 appears twice in Thermo")) << solved.err;
  const auto counted = sudoku({"count", "-q", "--input-format=iss", file});  // to 2: unique?
  EXPECT_EQ(lines_of(counted.out), (std::vector<std::string>{"1", "invalid", "2"}));
  // validate --against: each solution checked against its puzzle's clues.
  const std::string puzzles = write_temp_file("iss_puzzles.txt", thermo + "\n" + thermo + "\n");
  std::string wrong = solution;
  std::swap(wrong[0], wrong[9]);  // r1c1 and r2c1: no longer a solution
  const std::string answers = write_temp_file("iss_answers.txt", solution + "\n" + wrong + "\n");
  const auto checked =
      sudoku({"validate", "-q", "--input-format=iss", "--against", puzzles, answers});
  EXPECT_EQ(lines_of(checked.out).at(0), "valid") << checked.err;
  EXPECT_NE(lines_of(checked.out).at(1), "valid") << checked.out;
  // minimize writes a constraint string, fewer givens, the same clues, unique.
  const auto minimal = sudoku({"minimize", "-q", "--input-format=iss"}, thermo + "\n");
  ASSERT_EQ(minimal.exit_code, 0) << minimal.err;
  const std::string smaller = lines_of(minimal.out).at(0);
  EXPECT_LT(smaller.size(), thermo.size());
  EXPECT_TRUE(contains(smaller, ".Thermo~R9C4~R8C3")) << smaller;
  EXPECT_EQ(sudoku({"count", "-q", "--input-format=iss"}, smaller + "\n").out, "1\n");
  // --variant iss is the same reader.
  EXPECT_EQ(sudoku({"count", "-q", "--variant", "iss", file}).out, counted.out);
}

}  // namespace
