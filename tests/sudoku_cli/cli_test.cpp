// Golden tests of the `sudoku` command, run as a child process: exact standard
// output (one answer per puzzle, in input order), exit codes (tools/common/
// cli.hpp's table: 0 all answered, 1 none / multiple or an invalid verdict, 2
// bad usage or an unusable line, 3 unknown: a budget ran out, 4 write error),
// located FILE:LINE:COL messages on standard error, JSON Lines, grid input and
// output, and output that does not depend on the number of threads. Every
// printed solution is checked with the library's independent validator, and
// against the published answers in corpus/expected.answers.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sudoku/grid.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "json_checker.hpp"
#include "puzzles.hpp"
#include "run_command.hpp"
#include "sudoku_cli.hpp"

namespace {

using test_support::command_result;
using test_support::euler_solution;
using test_support::read_file;
using test_support::run_command;
using test_support::sudoku;
using test_support::wiki;
using test_support::wiki_solution;
using test_support::write_temp_file;

const std::string inkala_solution =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
const std::string no_solution_puzzle =
    "12345678....................................9....................................";

std::string corpus_path(const std::string& name) {
  return std::string(DLX_SOURCE_DIR) + "/corpus/" + name;
}
std::string data_path(const std::string& name) {
  return std::string(DLX_SOURCE_DIR) + "/tests/data/" + name;
}

using test_support::lines_of;

using test_support::contains;

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines)
    out += l + '\n';
  return out;
}

// The puzzle lines of an SDM file, as the program should see them: without
// comments, blank lines, '\r' and annotations. (Deliberately not the library's
// parser: this is what the tests check it against.)
std::vector<std::string> puzzles_of(const std::string& text) {
  std::vector<std::string> out;
  for (std::string line : lines_of(text)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto begin = line.find_first_not_of(" \t");
    if (begin == std::string::npos || line[begin] == '#') continue;
    const auto end = line.find_first_of(" \t", begin);
    out.push_back(line.substr(begin, end == std::string::npos ? end : end - begin));
  }
  return out;
}

struct answer {
  std::string count;
  std::string solution;  // empty when none is published
};

// corpus/expected.answers: puzzle:count:solution.
const std::map<std::string, answer>& expected_answers() {
  static const std::map<std::string, answer> answers = [] {
    std::map<std::string, answer> out;
    for (const auto& line : lines_of(read_file(corpus_path("expected.answers")))) {
      if (line.empty() || line[0] == '#') continue;
      const auto a = line.find(':');
      const auto b = line.find(':', a + 1);
      out[line.substr(0, a)] = {line.substr(a + 1, b - a - 1), line.substr(b + 1)};
    }
    return out;
  }();
  return answers;
}

// `printed` parses as a grid of the puzzle's shape and solves the puzzle.
void expect_solution_of(const std::string& puzzle_text, const std::string& printed) {
  sudoku::grid puzzle, solution;
  const auto pe = sudoku::parse_sdm(puzzle_text, puzzle);
  ASSERT_FALSE(pe) << puzzle_text << ": " << pe->message;
  const auto se = sudoku::parse_sdm(printed, solution, puzzle.shape());
  ASSERT_FALSE(se) << "printed '" << printed << "': " << se->message;
  const auto check = sudoku::check_solution(puzzle, solution);
  EXPECT_TRUE(check.ok()) << puzzle_text << " -> " << printed << ": "
                          << check.message(solution.shape());
}

// A message for a digit too large for the grid: its place, the character and
// the grid's size.
void expect_out_of_range(const std::string& message, const std::string& place, char c,
                         const std::string& size) {
  EXPECT_TRUE(message.starts_with(place)) << message;
  EXPECT_TRUE(contains(message, std::string("'") + c + "'")) << message;
  EXPECT_TRUE(contains(message, size)) << message;
}

// The summary line of a run, e.g. "sudoku solve: 5 puzzles: 5 solved in 3.12 ms": the
// counts, the time, and a throughput only past a tenth of a second (a slow machine, a
// sanitizer), which tools/common's run_summary_test pins.
void expect_summary(const std::string& err, const std::string& counts, const std::string& threads) {
  const std::regex summary("(^|\n)" + counts + R"( in [0-9.]+ (ms|s)( \([0-9.]+ puzzles/s, )" +
                           threads + R"(\))?\n$)");
  EXPECT_TRUE(std::regex_search(err, summary)) << "stderr:\n" << err;
}

using test_support::json_checker;

// Every line of `out` is one JSON object with a "nodes" or "status" field as
// the command promises; returns the lines.
std::vector<std::string> json_lines(const std::string& out) {
  const auto lines = lines_of(out);
  for (const auto& line : lines) {
    EXPECT_TRUE(json_checker::is_object(line)) << "not one JSON object: " << line;
  }
  return lines;
}

bool has_nodes(const std::string& json_line) {
  static const std::regex nodes(R"(,"nodes":[0-9]+[,}])");
  return std::regex_search(json_line, nodes);
}

// ---- The checker itself must be able to say no --------------------------------

TEST(sudoku_cli_support, json_checker_rejects_broken_lines) {
  EXPECT_TRUE(json_checker::is_object(R"({"a":1,"b":"x\"y","c":[true,null,-2.5e3]})"));
  EXPECT_FALSE(json_checker::is_object(R"({"a":1,})"));
  EXPECT_FALSE(json_checker::is_object(R"({"a":"tab	here"})"));
  EXPECT_FALSE(json_checker::is_object(R"({"a":1}{"b":2})"));
  EXPECT_FALSE(json_checker::is_object(R"(["a"])"));
}

// ---- solve ------------------------------------------------------------------

TEST(sudoku_cli_solve, famous_puzzles_from_stdin_match_the_published_solutions) {
  const std::string text = read_file(corpus_path("famous.sdm"));
  const auto puzzles = puzzles_of(text);
  ASSERT_EQ(puzzles.size(), 5u);
  const auto r = sudoku({"solve", "-j", "1"}, text);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), puzzles.size()) << r.out;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    SCOPED_TRACE(puzzles[i]);
    expect_solution_of(puzzles[i], out[i]);
    const auto it = expected_answers().find(puzzles[i]);
    ASSERT_NE(it, expected_answers().end());
    if (!it->second.solution.empty()) {
      EXPECT_EQ(out[i], it->second.solution);
    }
  }
  // The first three, exactly: Inkala 2012, Wikipedia, Project Euler 96.
  EXPECT_EQ(out[0], inkala_solution);
  EXPECT_EQ(out[1], wiki_solution);
  EXPECT_EQ(out[2], euler_solution);
  expect_summary(r.err, "sudoku solve: 5 puzzles: 5 solved", "1 thread");
  EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
}

TEST(sudoku_cli_solve, quiet_prints_no_summary) {
  const auto r = sudoku({"solve", "-q"}, wiki + "\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, wiki_solution + "\n");
  EXPECT_EQ(r.err, "");
  const auto r2 = sudoku({"solve", "--quiet", "-j", "3"}, wiki + "\n");
  EXPECT_EQ(r2.out, wiki_solution + "\n");
  EXPECT_EQ(r2.err, "");
}

TEST(sudoku_cli_solve, summary_counts_each_kind_of_answer) {
  const auto r = sudoku({"solve", "-j", "2", data_path("sudoku-mixed.sdm")});
  EXPECT_EQ(r.exit_code, 2);
  expect_summary(r.err, "sudoku solve: 7 puzzles: 2 solved, 1 none, 4 invalid", "2 threads");
}

// `sudoku solve corpus/*.sdm`: every corpus file of every size, in order.
TEST(sudoku_cli_solve, whole_corpus_in_one_run) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(corpus_path(""))) {
    if (entry.path().extension() == ".sdm") files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  ASSERT_GE(files.size(), 6u);
  std::vector<std::string> puzzles;
  std::vector<std::string> args = {"solve", "-q"};
  for (const auto& f : files) {
    for (const auto& p : puzzles_of(read_file(f)))
      puzzles.push_back(p);
    args.push_back(f);
  }
  const auto r = sudoku(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    SCOPED_TRACE(puzzles[i]);
    expect_solution_of(puzzles[i], out[i]);
    const auto it = expected_answers().find(puzzles[i]);
    ASSERT_NE(it, expected_answers().end()) << "not in corpus/expected.answers";
    if (it->second.count == "1" && !it->second.solution.empty()) {
      EXPECT_EQ(out[i], it->second.solution);
    }
  }
}

TEST(sudoku_cli_solve, stdin_dash_between_files_keeps_the_order) {
  const auto r =
      sudoku({"solve", "-q", "-j", "2", corpus_path("4x4.sdm"), "-", corpus_path("6x6.sdm")},
             "# from stdin\n" + wiki + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), 9u) << r.out;
  EXPECT_EQ(out[0], "4231132421433412");
  EXPECT_EQ(out[3], "2314413212433421");
  EXPECT_EQ(out[4], wiki_solution);
  EXPECT_EQ(out[5], "321654546132632415154263463521215346");
  EXPECT_EQ(out[8], "312564645231534126261453423615156342");
}

// An input without a single puzzle is not an error, as Unix filters treat
// empty input (a pipeline whose earlier stage found nothing): nothing on
// stdout, exit 0, and a note on stderr in case it was a wrong file.
TEST(sudoku_cli_solve, empty_input_and_only_comments_are_noted_not_errors) {
  for (const std::string input : {"", "# nothing here\n\n   \n\t\r\n#\n"}) {
    const auto r = sudoku({"solve", "-q"}, input);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              "sudoku: <stdin>: note: no puzzles (the input is empty, or has only comments and "
              "blank lines)\n");
  }
}

TEST(sudoku_cli_solve, last_line_without_newline) {
  const auto r = sudoku({"solve", "-q"}, "# no final newline\n" + wiki);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, wiki_solution + "\n");
}

// ---- none / multiple / invalid, answered in place -------------------------------

TEST(sudoku_cli_solve, mixed_file_answers_every_line_in_place) {
  const std::string file = data_path("sudoku-mixed.sdm");
  const auto r = sudoku({"solve", "-q", file});
  EXPECT_EQ(r.exit_code, 2);  // some line is not a usable puzzle
  EXPECT_EQ(r.out, join_lines({wiki_solution, "none", "invalid", "invalid", "invalid", "invalid",
                               euler_solution}));
  const auto err = lines_of(r.err);
  ASSERT_EQ(err.size(), 4u) << r.err;
  EXPECT_EQ(err[0], file + ":6:81: expected 81 cells for 9x9, found 80");
  // 'x' is a digit of larger grids (33), out of range here; the wording of that
  // message is not pinned down, its place is.
  expect_out_of_range(err[1], file + ":7:7: ", 'x', "9x9");
  EXPECT_EQ(err[2], file + ":8:73: clashing givens: r9c1 repeats 8 of r4c1 (same column)");
  EXPECT_EQ(err[3], file + ":9:81: bad character '*'");
}

TEST(sudoku_cli_solve, located_messages_for_bad_lines_from_stdin) {
  std::string too_long = wiki + "7";
  std::string bad_char = wiki;
  bad_char[6] = '?';
  std::string clash_row = wiki;  // r1c9 = 5 repeats r1c1
  clash_row[8] = '5';
  const auto r =
      sudoku({"solve", "-q"},
             join_lines({too_long.substr(0, 80), bad_char, too_long, clash_row, "\t" + bad_char}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "invalid\ninvalid\ninvalid\ninvalid\ninvalid\n");
  EXPECT_EQ(r.err, join_lines({
                       // The first line sets no size: 80 is not a Sudoku size...
                       "<stdin>:1:81: 80 cells is not a Sudoku size (16 (4x4), 36 (6x6), 81 "
                       "(9x9), 256 (16x16), 625 (25x25), ...)",
                       // ...the second does, though it is unusable.
                       "<stdin>:2:7: bad character '?'",
                       "<stdin>:3:82: expected 81 cells for 9x9, found 82",
                       "<stdin>:4:9: clashing givens: r1c9 repeats 5 of r1c1 (same row)",
                       "<stdin>:5:8: bad character '?'",  // after a tab
                   }));
}

TEST(sudoku_cli_solve, no_solution_only_exits_1) {
  const auto r = sudoku({"solve", "-q", corpus_path("unsolvable/no-solution.sdm")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "none\nnone\nnone\n");
  EXPECT_EQ(r.err, "");
}

TEST(sudoku_cli_solve, none_beside_good_puzzles_exits_1_invalid_wins_with_2) {
  const auto one = sudoku({"solve", "-q"}, join_lines({wiki, no_solution_puzzle, wiki}));
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(one.out, join_lines({wiki_solution, "none", wiki_solution}));
  const auto two = sudoku({"solve", "-q"}, join_lines({no_solution_puzzle, wiki.substr(1), wiki}));
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_EQ(two.out, join_lines({"none", "invalid", wiki_solution}));
  EXPECT_EQ(two.err, "<stdin>:2:81: expected 81 cells for 9x9, found 80\n");
}

TEST(sudoku_cli_solve, unique_answers_multiple_and_exits_1) {
  const auto r = sudoku({"solve", "-q", "--unique", corpus_path("many-solutions.sdm")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "multiple\nmultiple\nmultiple\n");
  EXPECT_EQ(r.err, "");
  // Without --unique each gets one of its solutions, and that is success.
  const std::string text = read_file(corpus_path("many-solutions.sdm"));
  const auto plain = sudoku({"solve", "-q"}, text);
  EXPECT_EQ(plain.exit_code, 0);
  const auto puzzles = puzzles_of(text);
  const auto out = lines_of(plain.out);
  ASSERT_EQ(out.size(), puzzles.size());
  for (std::size_t i = 0; i < out.size(); ++i)
    expect_solution_of(puzzles[i], out[i]);
}

TEST(sudoku_cli_solve, unique_on_unique_puzzles_exits_0) {
  const auto r = sudoku({"solve", "-q", "-u", corpus_path("famous.sdm")});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(lines_of(r.out).size(), 5u);
  EXPECT_EQ(lines_of(r.out)[1], wiki_solution);
}

TEST(sudoku_cli_solve, crlf_lines_annotations_and_leading_blanks_are_accepted) {
  // Written here rather than kept in tests/data so no checkout can turn the
  // CRLF line ends into LF.
  const std::string file = write_temp_file("crlf.sdm", "# a Windows file\r\n\r\n" + wiki + "\r\n" +
                                                           wiki + " wikipedia, with a note\r\n  " +
                                                           wiki + "\t \r\n#end\r\n" + wiki);
  const auto r = sudoku({"solve", "-q", file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, join_lines({wiki_solution, wiki_solution, wiki_solution, wiki_solution}));
}

TEST(sudoku_cli_solve, budget_exhausted_answers_unknown) {
  const std::string easter_monster =
      "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
  const auto r = sudoku({"solve", "--budget", "5", "-j", "1"}, easter_monster + "\n");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "unknown\n");
  expect_summary(r.err, "sudoku solve: 1 puzzle: 1 unknown", "1 thread");
}

TEST(sudoku_cli_solve, box_option_sets_the_shape) {
  const std::string six = ".1.56.6....1.3......1.5..23.15..6...";
  const auto fine = sudoku({"solve", "-q", "--box", "2x3"}, six + "\n");
  EXPECT_EQ(fine.exit_code, 0);
  EXPECT_EQ(fine.out, "312564645231534126261453423615156342\n");
  // With 3-row boxes the same givens clash.
  const auto tall = sudoku({"solve", "-q", "--box", "3x2"}, six + "\n");
  EXPECT_EQ(tall.exit_code, 2);
  EXPECT_EQ(tall.out, "invalid\n");
  EXPECT_EQ(tall.err, "<stdin>:1:30: clashing givens: r5c6 repeats 5 of r4c5 (same box)\n");
  const auto wrong = sudoku({"solve", "-q", "--box", "2x2"}, wiki + "\n");
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_EQ(wrong.err, "<stdin>:1:17: expected 16 cells for 4x4, found 81\n");
}

TEST(sudoku_cli_solve, line_too_long_is_invalid_in_place) {
  const std::string file =
      write_temp_file("long.sdm", wiki + "\n" + std::string(2'000'000, '.') + "\n" + wiki + "\n");
  const auto r = sudoku({"solve", "-q", file});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, join_lines({wiki_solution, "invalid", wiki_solution}));
  EXPECT_EQ(r.err, file + ":2:1048577: line too long (more than 1048576 bytes)\n");
}

// ---- count ------------------------------------------------------------------

TEST(sudoku_cli_count, default_limit_2_matches_expected_answers) {
  std::vector<std::string> puzzles;
  std::vector<std::string> args = {"count", "-q"};
  for (const char* name : {"famous.sdm", "many-solutions.sdm", "unsolvable/no-solution.sdm",
                           "4x4.sdm", "6x6.sdm", "16x16.sdm", "25x25.sdm"}) {
    for (const auto& p : puzzles_of(read_file(corpus_path(name))))
      puzzles.push_back(p);
    args.push_back(corpus_path(name));
  }
  const auto r = sudoku(args);
  EXPECT_EQ(r.exit_code, 1);  // the unsolvable ones
  EXPECT_EQ(r.err, "");
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), puzzles.size());
  std::map<std::string, int> seen;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const auto it = expected_answers().find(puzzles[i]);
    ASSERT_NE(it, expected_answers().end()) << puzzles[i];
    EXPECT_EQ(out[i], it->second.count) << puzzles[i];
    ++seen[out[i]];
  }
  EXPECT_EQ(seen["0"], 3);
  EXPECT_EQ(seen["2"], 3);
  EXPECT_EQ(seen["1"], static_cast<int>(puzzles.size()) - 6);
}

TEST(sudoku_cli_count, unique_and_multiple_exit_0) {
  const auto r = sudoku({"count", "-j", "1"}, join_lines({wiki, std::string(81, '.')}));
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "1\n2\n");
  expect_summary(r.err, "sudoku count: 2 puzzles: 1 unique, 1 multiple", "1 thread");
}

TEST(sudoku_cli_possibilities, each_cells_digits_over_every_solution) {
  // 1 in r1c1 of a 4x4: its row, column and box hold the others; every other
  // cell any digit.
  const std::string one = "1" + std::string(15, '.');
  const auto r = sudoku({"possibilities", "-q"}, one + "\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "1 234 234 234 234 234 1234 1234 234 1234 1234 1234 234 1234 1234 1234\n");
  // 72 grids have it, and no other cell holds one digit in all of them: with
  // --threshold 72, r1c1's 1 alone; with 73, no digit ('-').
  std::string others;
  for (int k = 1; k < 16; ++k)
    others += " -";
  const auto most = sudoku({"possibilities", "-q", "--threshold", "72"}, one + "\n");
  EXPECT_EQ(most.out, "1" + others + "\n");
  const auto past = sudoku({"possibilities", "-q", "--threshold", "73"}, one + "\n");
  EXPECT_EQ(past.out, "-" + others + "\n");
  // JSON: the status, each cell's digits, the searches it took.
  const auto json = sudoku({"possibilities", "-q", "--json"}, one + "\n");
  EXPECT_TRUE(json_checker::is_object(json.out.substr(0, json.out.size() - 1))) << json.out;
  EXPECT_NE(json.out.find("\"status\":\"multiple\",\"possibilities\":[\"1\",\"234\""),
            std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find("\"searches\":"), std::string::npos);
  // No solution, clashing givens, bad usage.
  const auto other =
      sudoku({"possibilities", "-q"}, "123....4........\n11" + std::string(14, '.') + "\n");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_EQ(lines_of(other.out), (std::vector<std::string>{"none", "invalid"}));
  EXPECT_NE(other.err.find("<stdin>:2:2: clashing givens"), std::string::npos) << other.err;
  EXPECT_EQ(sudoku({"possibilities", "--threshold", "0"}, one + "\n").exit_code, 2);
}

TEST(sudoku_cli_estimate, counted_when_small_probed_beyond) {
  // 1 in r1c1 of a 4x4: 72 solutions, counted.
  const std::string one = "1" + std::string(15, '.');
  const auto small = sudoku({"estimate", "-q"}, one + "\n");
  EXPECT_EQ(small.exit_code, 0);
  EXPECT_EQ(small.out, "72\n");
  // An empty 9x9: 6.67e21 grids, estimated (the same seed, the same line).
  const auto big = sudoku({"estimate", "-q", "--probes", "400"}, std::string(81, '.') + "\n");
  EXPECT_EQ(big.exit_code, 0);
  std::smatch m;
  ASSERT_TRUE(std::regex_match(big.out, m,
                               std::regex(R"(about ([0-9.]+)e21 \+- ([0-9.]+)% \(400 probes\)\n)")))
      << big.out;
  EXPECT_GT(std::stod(m[1]), 5.0);
  EXPECT_LT(std::stod(m[1]), 8.5);
  EXPECT_EQ(sudoku({"estimate", "-q", "--probes", "400"}, std::string(81, '.') + "\n").out,
            big.out);
  // JSON for both kinds, and the estimate at once with --exact-budget 0.
  const auto json =
      sudoku({"estimate", "-q", "--json", "--exact-budget", "0", "--probes", "50"}, one + "\n");
  EXPECT_TRUE(json_checker::is_object(json.out.substr(0, json.out.size() - 1))) << json.out;
  EXPECT_NE(json.out.find("\"exact\":false,\"estimate\":"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"probes\":50,"), std::string::npos) << json.out;
  const auto counted = sudoku({"estimate", "-q", "--json"}, one + "\n");
  EXPECT_NE(counted.out.find("\"exact\":true,\"count\":72,"), std::string::npos) << counted.out;
  // Clashing givens, no solution, bad usage.
  const auto other =
      sudoku({"estimate", "-q"}, "123....4........\n11" + std::string(14, '.') + "\n");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_EQ(lines_of(other.out), (std::vector<std::string>{"0", "invalid"}));
  EXPECT_EQ(sudoku({"estimate", "--probes", "0"}, one + "\n").exit_code, 2);
}

TEST(sudoku_cli_disambiguate, givens_that_leave_one_solution) {
  // A 17-clue puzzle less three givens (73,282 solutions): made unique again.
  const std::string less =
      "...........36......7..9.2.......7.......4.7.....1...3...1....68..85...1..9....4..";
  const auto r = sudoku({"disambiguate", "-q"}, less + "\n");
  EXPECT_EQ(r.exit_code, 0);
  ASSERT_EQ(r.out.size(), 82u) << r.out;
  EXPECT_EQ(sudoku({"count", "-q"}, r.out).out, "1\n");
  for (std::size_t k = 0; k < less.size(); ++k) {
    if (less[k] != '.') {
      EXPECT_EQ(r.out[k], less[k]) << k;
    }
  }
  // Symmetric: the givens added in rot180 pairs; JSON names them.
  const auto json = sudoku({"disambiguate", "-q", "--json", "--symmetry", "rot180"}, less + "\n");
  EXPECT_TRUE(json_checker::is_object(json.out.substr(0, json.out.size() - 1))) << json.out;
  EXPECT_NE(json.out.find("\"status\":\"unique\",\"puzzle\":"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"added\":[\"r"), std::string::npos) << json.out;
  // Unique as it is; none; clashing givens; bad usage.
  const std::string unique =
      "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
  EXPECT_EQ(sudoku({"disambiguate", "-q"}, unique + "\n").out, unique + "\n");
  const auto other =
      sudoku({"disambiguate", "-q"}, "123....4........\n11" + std::string(14, '.') + "\n");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_EQ(lines_of(other.out), (std::vector<std::string>{"none", "invalid"}));
  EXPECT_EQ(sudoku({"disambiguate", "--symmetry", "spiral"}, unique + "\n").exit_code, 2);
}

TEST(sudoku_cli_layout, fillable_or_the_part_that_cannot_be) {
  // Fillable: the empty grid, and the layout of a puzzle with givens (ignored).
  const auto fine =
      sudoku({"layout", "-q"}, std::string(81, '.') + "\n5.......5" + std::string(72, '.') + "\n");
  EXPECT_EQ(fine.exit_code, 0);
  EXPECT_EQ(lines_of(fine.out), (std::vector<std::string>{"multiple", "multiple"}));
  // Two cages of 1 and 2 in row 1 of a 4x4: the row and the two cages.
  const auto cages = sudoku({"layout", "-q", "--input-format", "iss"},
                            ".Shape~4x4.Cage~3~R1C1~R1C2.Cage~3~R1C3~R1C4.Cage~7~R4C1~R4C2\n");
  EXPECT_EQ(cages.exit_code, 1);
  EXPECT_EQ(cages.out, "none: row 1; cage r1c1 r1c2 (sum 3); cage r1c3 r1c4 (sum 3)\n");
  // With --givens: two 5s in row 1; JSON names each part and its cells.
  const auto json =
      sudoku({"layout", "-q", "--givens", "--json"}, "5.......5" + std::string(72, '.') + "\n");
  EXPECT_EQ(json.exit_code, 1);
  EXPECT_TRUE(json_checker::is_object(json.out.substr(0, json.out.size() - 1))) << json.out;
  EXPECT_NE(json.out.find("\"status\":\"none\",\"part\":[{\"kind\":\"unit\",\"name\":\"row 1\""),
            std::string::npos)
      << json.out;
  EXPECT_NE(
      json.out.find("{\"kind\":\"given\",\"name\":\"the given 5 in r1c9\",\"cells\":[\"r1c9\"]}"),
      std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find("\"minimal\":true"), std::string::npos) << json.out;
  // A filling in JSON passes the validator.
  const auto filled = sudoku({"layout", "-q", "--json"}, std::string(16, '.') + "\n");
  const auto at = filled.out.find("\"filling\":\"");
  ASSERT_NE(at, std::string::npos) << filled.out;
  EXPECT_EQ(sudoku({"validate", "-q"}, filled.out.substr(at + 11, 16) + "\n").out, "valid\n");
  // A line that is not a puzzle.
  EXPECT_EQ(sudoku({"layout", "-q"}, "12\n").exit_code, 2);
}

TEST(sudoku_cli_render, possibilities_as_pencil_marks) {
  // A unique puzzle: each empty cell's one possibility is its solution's digit,
  // where the givens leave 102 more candidates.
  const auto r = sudoku({"render", "-q", "--possibilities"}, test_support::wiki + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto texts = [](const std::string& svg) {
    std::size_t n = 0;
    for (std::size_t at = svg.find("<text data-cell="); at != std::string::npos;
         at = svg.find("<text data-cell=", at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(texts(r.out), 81u);
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(data-cell="r1c3"[^>]*>4</text>)"))) << r.out;
  EXPECT_GT(texts(sudoku({"render", "-q", "--candidates"}, test_support::wiki + "\n").out), 81u);
  // No solution: the givens alone, said on stderr, exit 1; one kind of marks at a time.
  const auto none = sudoku({"render", "-q", "--possibilities"}, "123....4........\n");
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("none"), std::string::npos) << none.err;
  EXPECT_EQ(
      sudoku({"render", "--possibilities", "--solution"}, test_support::wiki + "\n").exit_code, 2);
}

// --differences: a puzzle with two solutions drawn as what they share, the
// cells where they differ shaded (as `solve --unique --json` names them), each
// with its two digits as pencil marks, exit 1 and said; a unique puzzle's
// picture is --solution's.
TEST(sudoku_cli_render, differences_of_two_solutions) {
  const std::string two = "12..34..........\n";  // several solutions
  const auto r = sudoku({"render", "-q", "--differences"}, two);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("multiple"), std::string::npos) << r.err;
  const auto json = sudoku({"solve", "-q", "--unique", "--json"}, two);
  // The cells `pattern` finds in `text`, in order: its first group each time.
  const auto all = [](const std::string& text, const std::string& pattern) {
    std::vector<std::string> found;
    const std::regex re(pattern);
    for (std::sregex_iterator i(text.begin(), text.end(), re), end; i != end; ++i)
      found.push_back((*i)[1].str());
    return found;
  };
  const auto lists = all(json.out, R"re("differences":\[([^\]]*)\])re");
  ASSERT_EQ(lists.size(), 1u) << json.out;
  const std::vector<std::string> named = all(lists[0], R"re("(r\d+c\d+)")re");
  const std::string& svg = r.out;
  const std::vector<std::string> shaded =
      all(svg, R"re(class="sd-pattern-cell" data-cell="(r\d+c\d+)")re");
  EXPECT_FALSE(named.empty());
  EXPECT_EQ(shaded, named) << svg;
  for (const std::string& cell : named) {
    // Two pencil marks in the cell, no digit of its own.
    const std::regex mark("<text data-cell=\"" + cell + "\"[^>]*>[1-4]</text>");
    EXPECT_EQ(
        std::distance(std::sregex_iterator(svg.begin(), svg.end(), mark), std::sregex_iterator()),
        2)
        << cell;
  }
  const auto unique = sudoku({"render", "-q", "--differences"}, test_support::wiki + "\n");
  EXPECT_EQ(unique.exit_code, 0) << unique.err;
  EXPECT_EQ(unique.out, sudoku({"render", "-q", "--solution"}, test_support::wiki + "\n").out);
  EXPECT_EQ(sudoku({"render", "--differences", "--solution"}, two).exit_code, 2);
}

TEST(sudoku_cli_count, all_4x4_grids) {
  // 288 4x4 Sudoku grids (a published count).
  const auto r = sudoku({"count", "-q", "--limit", "0"}, std::string(16, '.') + "\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "288\n");
  // A first row fixed: 288 / 4! = 12.
  const auto row = sudoku({"count", "-q", "-l0"}, "1234............\n");
  EXPECT_EQ(row.out, "12\n");
}

TEST(sudoku_cli_count, limit_stops_the_count) {
  const auto r = sudoku({"count", "-q", "--limit", "5"}, std::string(16, '.') + "\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "5\n");
  const auto one = sudoku({"count", "-q", "--limit=1"}, std::string(16, '.') + "\n");
  EXPECT_EQ(one.out, "1\n");
}

TEST(sudoku_cli_count, budget_before_the_limit_is_unknown) {
  const auto r =
      sudoku({"count", "--budget", "10", "--limit", "0", "-j", "1"}, std::string(81, '.') + "\n");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "unknown\n");
  expect_summary(r.err, "sudoku count: 1 puzzle: 1 unknown", "1 thread");
}

TEST(sudoku_cli_count, invalid_lines_in_place) {
  const std::string file = data_path("sudoku-mixed.sdm");
  const auto r = sudoku({"count", "-q", file});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "1\n0\ninvalid\ninvalid\ninvalid\ninvalid\n1\n");
  EXPECT_EQ(lines_of(r.err).size(), 4u);
  EXPECT_TRUE(contains(r.err, file + ":8:73: clashing givens: r9c1 repeats 8 of r4c1")) << r.err;
}

// ---- validate ---------------------------------------------------------------

TEST(sudoku_cli_validate, valid_repeated_blank_and_unreadable) {
  const std::string file = data_path("sudoku-validate.sdm");
  const auto r = sudoku({"validate", "-j", "1", file});
  EXPECT_EQ(r.exit_code, 2);  // an unreadable line
  EXPECT_EQ(r.out, "valid\ninvalid\ninvalid\ninvalid\n");
  const auto err = lines_of(r.err);
  ASSERT_EQ(err.size(), 4u) << r.err;
  EXPECT_EQ(err[0], file + ":4:4: r1c4 repeats 4 of r1c3 (same row)");
  EXPECT_EQ(err[1], file + ":5:11: r2c2 is blank");
  EXPECT_EQ(err[2], file + ":6:81: expected 81 cells for 9x9, found 80");
  expect_summary(r.err, "sudoku validate: 4 lines: 1 valid, 2 invalid, 1 unreadable", "1 thread");
}

TEST(sudoku_cli_validate, partial_accepts_blanks_but_not_repeats) {
  const std::string file = data_path("sudoku-validate.sdm");
  const auto r = sudoku({"validate", "-q", "--partial", file});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "valid\ninvalid\nvalid\ninvalid\n");
  EXPECT_EQ(r.err, join_lines({file + ":4:4: r1c4 repeats 4 of r1c3 (same row)",
                               file + ":6:81: expected 81 cells for 9x9, found 80"}));
  // A puzzle is a partial grid: valid with --partial, incomplete without.
  const auto puzzle = sudoku({"validate", "-q", "--partial"}, wiki + "\n");
  EXPECT_EQ(puzzle.exit_code, 0);
  EXPECT_EQ(puzzle.out, "valid\n");
  const auto strict = sudoku({"validate", "-q"}, wiki + "\n");
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_EQ(strict.out, "invalid\n");
  EXPECT_EQ(strict.err, "<stdin>:1:3: r1c3 is blank\n");
}

TEST(sudoku_cli_validate, repeated_digit_only_exits_1) {
  std::string column_repeat = wiki_solution;  // r9c9 = 6 repeats r6c9 (column)...
  column_repeat[80] = '6';                    // ...and r9c6 (row): row comes first
  const auto r = sudoku({"validate", "-q"}, join_lines({wiki_solution, column_repeat}));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "valid\ninvalid\n");
  EXPECT_EQ(r.err, "<stdin>:2:81: r9c9 repeats 6 of r9c6 (same row)\n");
}

TEST(sudoku_cli_validate, against_pairs_lines_and_catches_a_changed_given) {
  const std::string solutions = data_path("sudoku-against-solutions.sdm");
  const auto r =
      sudoku({"validate", "-q", solutions, "--against", data_path("sudoku-against-puzzles.sdm")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "valid\ninvalid\nvalid\n");
  EXPECT_EQ(r.err, solutions + ":5:13: r2c4 differs from the puzzle's given\n");
  // The same grid on its own is a valid solution: only the puzzle tells.
  const auto alone = sudoku({"validate", "-q", solutions});
  EXPECT_EQ(alone.exit_code, 0);
  EXPECT_EQ(alone.out, "valid\nvalid\nvalid\n");
}

TEST(sudoku_cli_validate, against_with_too_few_or_too_many_puzzles) {
  const std::string one = write_temp_file("one.sdm", wiki + "\n");
  const std::string two = write_temp_file("two.sdm", wiki_solution + "\n" + wiki_solution + "\n");
  const auto few = sudoku({"validate", "-q", two, "--against", one});
  EXPECT_EQ(few.exit_code, 2);
  EXPECT_EQ(few.out, "valid\ninvalid\n");
  EXPECT_EQ(few.err, two + ":2:1: no puzzle for this line: " + one + " has fewer puzzles\n");
  const auto many = sudoku({"validate", "-q", one, "--against", two});
  EXPECT_EQ(many.exit_code, 2);
  EXPECT_TRUE(contains(many.err, "sudoku: " + two + ":2: more puzzles than solutions in " + one))
      << many.err;
}

TEST(sudoku_cli_validate, against_reads_puzzles_from_stdin) {
  const std::string two = write_temp_file("two.sdm", wiki_solution + "\n" + wiki_solution + "\n");
  const auto r = sudoku({"validate", "-q", two, "--against", "-"}, wiki + "\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "valid\ninvalid\n");
  EXPECT_EQ(r.err, two + ":2:1: no puzzle for this line: <stdin> has fewer puzzles\n");
}

TEST(sudoku_cli_validate, unreadable_puzzle_of_a_pair_names_the_puzzle_file) {
  const std::string puzzles = write_temp_file("p.sdm", "# one\n" + wiki.substr(0, 40) + "\n");
  const auto r = sudoku({"validate", "-q", "--against", puzzles}, wiki_solution + "\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "invalid\n");
  EXPECT_EQ(r.err, puzzles + ":2:41: expected 81 cells for 9x9, found 40\n");
}

// ---- --json -----------------------------------------------------------------

TEST(sudoku_cli_json, solve_lines_carry_status_solution_and_nodes) {
  const std::string file = data_path("sudoku-mixed.sdm");
  const auto r = sudoku({"solve", "-q", "--json", file});
  EXPECT_EQ(r.exit_code, 2);
  const auto lines = json_lines(r.out);
  ASSERT_EQ(lines.size(), 7u) << r.out;
  const std::string head = "{\"file\":\"" + file + "\",";
  EXPECT_TRUE(lines[0].starts_with(head + R"("line":3,"status":"solved","solution":")" +
                                   wiki_solution + R"(","nodes":)"))
      << lines[0];
  EXPECT_TRUE(lines[0].ends_with(R"(,"annotation":"wikipedia"})")) << lines[0];
  EXPECT_TRUE(lines[1].starts_with(head + R"("line":5,"status":"none","nodes":)")) << lines[1];
  EXPECT_TRUE(lines[1].ends_with(R"(,"annotation":"no solution"})")) << lines[1];
  EXPECT_EQ(lines[2], head + R"("line":6,"status":"invalid","error":"expected 81 cells for 9x9, )"
                             R"(found 80","error_line":6,"column":81})");
  EXPECT_TRUE(lines[3].starts_with(head + R"("line":7,"status":"invalid","error":")")) << lines[3];
  EXPECT_TRUE(lines[3].ends_with(R"(","error_line":7,"column":7})")) << lines[3];
  EXPECT_TRUE(contains(lines[3], "'x'")) << lines[3];
  EXPECT_EQ(lines[4], head + R"("line":8,"status":"invalid","error":"clashing givens: r9c1 )"
                             R"j(repeats 8 of r4c1 (same column)","error_line":8,"column":73})j");
  EXPECT_EQ(lines[5], head + R"("line":9,"status":"invalid","error":"bad character '*'",)"
                             R"("error_line":9,"column":81})");
  EXPECT_TRUE(lines[6].starts_with(head + R"("line":10,"status":"solved","solution":")" +
                                   euler_solution + "\""))
      << lines[6];
  for (const auto& l : {lines[0], lines[1], lines[6]})
    EXPECT_TRUE(has_nodes(l)) << l;
  // The same messages still go to stderr.
  EXPECT_EQ(lines_of(r.err).size(), 4u) << r.err;
}

TEST(sudoku_cli_json, unique_and_multiple_statuses) {
  const auto r =
      sudoku({"solve", "-q", "--json", "--unique"}, join_lines({wiki, std::string(81, '.')}));
  EXPECT_EQ(r.exit_code, 1);
  const auto lines = json_lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[0].starts_with(R"({"file":"<stdin>","line":1,"status":"unique","solution":")" +
                                   wiki_solution + "\","))
      << lines[0];
  // Why not unique: two solutions and the cells where they differ (issue 61).
  EXPECT_TRUE(
      lines[1].starts_with(R"({"file":"<stdin>","line":2,"status":"multiple","solutions":[")"))
      << lines[1];
  EXPECT_TRUE(contains(lines[1], R"("],"differences":["r)")) << lines[1];
  EXPECT_FALSE(contains(lines[1], R"("solution":)"));
}

// The box-band search's trees, counting to 2, pinned from before the box rules
// left to the bands what the bands find anyway (issue 66): the same fixpoint, so
// the same nodes and guesses, on every path of this host's (AVX-512, AVX2, 64-bit
// words: the engine's environment switches). The famous puzzles one by one, and
// the generated sets' totals (where leaving out a rule the bands do not imply,
// a symbol known present in one mini-line absent from the others, shows).
TEST(sudoku_cli_json, box_band_trees_the_same_on_every_path) {
  struct pinned {
    std::string file;
    std::vector<std::pair<int, int>> trees;  // nodes, guesses: a puzzle each, or the total
  };
  const std::vector<pinned> all = {{"famous.sdm", {{123, 61}, {1, 0}, {1, 0}, {39, 19}, {157, 78}}},
                                   {"generated/9x9-beyond.sdm", {{552, 226}}},
                                   {"generated/9x9-evil.sdm", {{388, 144}}},
                                   {"generated/9x9-hard.sdm", {{294, 97}}},
                                   {"generated/9x9-rot180-minimal.sdm", {{360, 130}}}};
  for (const char* path : {"", "DLX_NO_AVX512", "DLX_NO_AVX2"}) {
    for (const pinned& p : all) {
      if (*path != 0) ::setenv(path, "1", 1);
      const auto r =
          sudoku({"count", "-q", "--json", "--limit", "2", "-j", "1", corpus_path(p.file)});
      if (*path != 0) ::unsetenv(path);
      ASSERT_EQ(r.exit_code, 0) << path << r.err;
      const auto lines = json_lines(r.out);
      std::vector<std::pair<int, int>> found;
      for (const auto& line : lines) {
        const auto nodes = line.find(R"("nodes":)"), guesses = line.find(R"("guesses":)");
        ASSERT_NE(nodes, std::string::npos) << line;
        ASSERT_NE(guesses, std::string::npos) << line;
        found.emplace_back(std::stoi(line.substr(nodes + 8)), std::stoi(line.substr(guesses + 10)));
      }
      if (p.trees.size() == 1 && found.size() > 1) {
        std::pair<int, int> total{0, 0};
        for (const auto& [n, g] : found)
          total.first += n, total.second += g;
        found = {total};
      }
      EXPECT_EQ(found, p.trees) << path << " " << p.file;
    }
  }
}

// --times splits each puzzle's time in two: the search, and the rest (reading,
// the model, the check). A killer's model is built per puzzle; a plain
// puzzle's search is all there is to time. Only their presence and sense are
// asserted, never a timing.
TEST(sudoku_cli_json, times_split_a_puzzle_into_preparing_and_searching) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"count", "-q", "--json", "--times", "--variant", "killer",
                                 corpus_path("variants/killer.sdm")},
        std::vector<std::string>{"solve", "-q", "--json", "--times", corpus_path("famous.sdm")}}) {
    const auto r = sudoku(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    ASSERT_GE(lines.size(), 5u) << r.out;
    for (const auto& line : lines) {
      const auto guesses = line.find(R"("guesses":)");
      const auto prepare = line.find(R"(,"prepare_ms":)");
      const auto search = line.find(R"(,"search_ms":)");
      ASSERT_NE(prepare, std::string::npos) << line;
      ASSERT_NE(search, std::string::npos) << line;
      EXPECT_LT(guesses, prepare) << line;  // after the search's figures, in this order
      EXPECT_LT(prepare, search) << line;
      EXPECT_GE(std::stod(line.substr(prepare + 14)), 0) << line;
      EXPECT_GE(std::stod(line.substr(search + 13)), 0) << line;
    }
  }
  // Without it the lines stay as they were: the same on every run.
  const auto plain = sudoku({"count", "-q", "--json", corpus_path("famous.sdm")});
  EXPECT_FALSE(contains(plain.out, "_ms")) << plain.out;
  const auto alone = sudoku({"count", "--times", corpus_path("famous.sdm")});
  EXPECT_EQ(alone.exit_code, 2);
  EXPECT_TRUE(contains(alone.err, "--times adds to --json's lines: give both")) << alone.err;
  // Commands that print no search figures do not take it.
  const auto rate = sudoku({"rate", "--json", "--times", corpus_path("famous.sdm")});
  EXPECT_EQ(rate.exit_code, 2);
  EXPECT_TRUE(contains(rate.err, "unknown option '--times'")) << rate.err;
}

TEST(sudoku_cli_json, count_lines_carry_count_and_exactness) {
  const auto r = sudoku({"count", "-q", "--json", "--limit", "0"},
                        join_lines({std::string(16, '.'), "1234............", "12341234........"}));
  EXPECT_EQ(r.exit_code, 2);
  const auto lines = json_lines(r.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_TRUE(lines[0].starts_with(R"({"file":"<stdin>","line":1,"status":"multiple","count":288,)"
                                   R"("exact":true,"nodes":)"))
      << lines[0];
  EXPECT_TRUE(lines[1].starts_with(R"({"file":"<stdin>","line":2,"status":"multiple","count":12,)"))
      << lines[1];
  EXPECT_EQ(lines[2], R"({"file":"<stdin>","line":3,"status":"invalid","error":"clashing givens: )"
                      R"j(r2c1 repeats 1 of r1c1 (same column)","error_line":3,"column":5})j");
  const auto limited = sudoku({"count", "-q", "--json", "-l", "5"}, std::string(16, '.') + "\n");
  EXPECT_TRUE(contains(limited.out, R"("status":"multiple","count":5,"exact":false,"nodes":)"))
      << limited.out;
  const auto unique = sudoku({"count", "-q", "--json"}, wiki + "\n");
  EXPECT_TRUE(contains(unique.out, R"("status":"unique","count":1,"exact":true,"nodes":)"))
      << unique.out;
  const auto none = sudoku({"count", "-q", "--json"}, no_solution_puzzle + "\n");
  EXPECT_TRUE(contains(none.out, R"("status":"none","count":0,"exact":true,"nodes":)")) << none.out;
  const auto unknown =
      sudoku({"count", "-q", "--json", "--budget", "10", "-l0"}, std::string(81, '.') + "\n");
  EXPECT_TRUE(contains(unknown.out, R"("status":"unknown","count":)")) << unknown.out;
  // Ten nodes on an empty grid (forced moves take none), nearly all of them
  // guesses (yes/no branches), the others dead ends.
  EXPECT_TRUE(contains(unknown.out, R"("exact":false,"nodes":10,"guesses":)")) << unknown.out;
  const auto at = unknown.out.find(R"("guesses":)");
  ASSERT_NE(at, std::string::npos);
  const int guesses = std::stoi(unknown.out.substr(at + 10));
  EXPECT_GE(guesses, 5) << unknown.out;
  EXPECT_LE(guesses, 10) << unknown.out;
}

TEST(sudoku_cli_json, validate_lines) {
  const std::string file = data_path("sudoku-validate.sdm");
  const auto r = sudoku({"validate", "-q", "--json", file});
  EXPECT_EQ(r.exit_code, 2);
  const auto lines = json_lines(r.out);
  ASSERT_EQ(lines.size(), 4u);
  const std::string head = "{\"file\":\"" + file + "\",";
  EXPECT_EQ(lines[0], head + R"("line":3,"status":"valid"})");
  EXPECT_EQ(lines[1], head + R"("line":4,"status":"invalid","error":"r1c4 repeats 4 of r1c3 )"
                             R"j((same row)","column":4})j");
  EXPECT_EQ(lines[2], head + R"("line":5,"status":"invalid","error":"r2c2 is blank","column":11})");
  EXPECT_EQ(lines[3], head + R"("line":6,"status":"invalid","error":"expected 81 cells for 9x9, )"
                             R"(found 80","error_line":6,"column":81})");
}

TEST(sudoku_cli_json, strings_are_escaped) {
  const std::string file =
      write_temp_file("quote\"back\\slash.sdm", wiki + " say \"hi\"\tthere\n" + "5\x01\n");
  const auto r = sudoku({"solve", "-q", "--json", file});
  const auto lines = json_lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(contains(lines[0], R"(quote\"back\\slash.sdm")")) << lines[0];
  EXPECT_TRUE(contains(lines[0], R"("annotation":"say \"hi\"\tthere")")) << lines[0];
  EXPECT_TRUE(contains(lines[1], R"("error":"control character 0x01")")) << lines[1];
}

// ---- --threads --------------------------------------------------------------

// A few thousand lines from the shared Kaggle set, mixed with comments, blank
// lines, puzzles without a solution and unusable lines at known places.
struct mixed_input {
  std::string text;
  std::vector<std::string> expected_out;  // "" for a solved puzzle (checked apart)
  std::vector<std::string> puzzles;       // the puzzle of each output line
  std::vector<std::string> expected_err_prefixes;
  std::map<std::string, std::string> solutions;
};

mixed_input make_mixed_input(const std::string& sdm, const std::string& answers,
                             std::size_t count) {
  mixed_input m;
  const auto puzzles = puzzles_of(read_file(sdm));
  for (const auto& line : lines_of(read_file(answers))) {
    const auto a = line.find(':');
    const auto b = line.find(':', a + 1);
    if (a != std::string::npos && b != std::string::npos)
      m.solutions[line.substr(0, a)] = line.substr(b + 1);
  }
  std::size_t line_number = 0;
  auto add = [&](const std::string& line) {
    m.text += line + "\n";
    ++line_number;
  };
  for (std::size_t i = 0; i < count && i < puzzles.size(); ++i) {
    const std::string& p = puzzles[i];
    if (i % 97 == 3) add("# comment before puzzle " + std::to_string(i));
    if (i % 211 == 17) add("");
    if (i % 257 == 100) {
      add(no_solution_puzzle);
      m.expected_out.push_back("none");
      m.puzzles.push_back(no_solution_puzzle);
    }
    if (i % 301 == 5) {
      std::string bad;
      std::size_t column = 0;
      switch ((i / 301) % 4) {
        case 0:
          bad = p.substr(0, 80);
          column = 81;
          break;
        case 1:
          bad = p + "1";
          column = 82;
          break;
        case 2:
          column = 1 + i % 81;
          bad = p;
          bad[column - 1] = '*';
          break;
        default: {
          // A copy of the first given one cell on: a clash in its row (or box).
          bad = p;
          const auto g = bad.find_first_not_of(".0");
          const auto next = g % 9 == 8 ? g - 1 : g + 1;
          bad[next] = bad[g];
          column = std::max(g, next) + 1;
        }
      }
      add(bad);
      m.expected_out.push_back("invalid");
      m.puzzles.push_back(bad);
      m.expected_err_prefixes.push_back(fmt::format(":{}:{}: ", line_number, column));
    }
    add(i % 5 == 0 ? p + " kaggle #" + std::to_string(i) : p);
    m.expected_out.emplace_back();
    m.puzzles.push_back(p);
  }
  return m;
}

TEST(sudoku_cli_threads, output_does_not_depend_on_the_thread_count) {
  const std::string sdm = std::string(DLX_SHARED_DIR) + "/corpus/kaggle-20k.sdm";
  const std::string answers = std::string(DLX_SHARED_DIR) + "/corpus/kaggle-20k.answers";
  if (!std::filesystem::exists(sdm) || !std::filesystem::exists(answers)) {
    GTEST_SKIP() << sdm << " is absent";
  }
  const mixed_input m = make_mixed_input(sdm, answers, 6000);
  ASSERT_GT(m.expected_out.size(), 6000u);
  const std::string file = write_temp_file("mixed.sdm", m.text);

  const auto one = sudoku({"solve", "-q", "-j", "1", file});
  EXPECT_EQ(one.exit_code, 2);
  const auto out = lines_of(one.out);
  ASSERT_EQ(out.size(), m.expected_out.size());
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (m.expected_out[i].empty()) {
      ASSERT_EQ(out[i], m.solutions.at(m.puzzles[i])) << "output line " << i + 1;
    } else {
      ASSERT_EQ(out[i], m.expected_out[i]) << "output line " << i + 1;
    }
  }
  const auto err = lines_of(one.err);
  ASSERT_EQ(err.size(), m.expected_err_prefixes.size()) << one.err;
  for (std::size_t i = 0; i < err.size(); ++i) {
    EXPECT_TRUE(err[i].starts_with(file + m.expected_err_prefixes[i]))
        << err[i] << " vs " << m.expected_err_prefixes[i];
  }

  for (const char* threads : {"2", "7"}) {
    SCOPED_TRACE(std::string("-j ") + threads);
    const auto many = sudoku({"solve", "-q", "-j", threads, file});
    EXPECT_EQ(many.exit_code, one.exit_code);
    EXPECT_TRUE(many.out == one.out) << "stdout differs";
    EXPECT_EQ(many.err, one.err);
  }
  // The same through stdin, with JSON, and without -q (the summary differs only
  // in its timing and thread count).
  const auto json1 = sudoku({"solve", "--json", "-j", "1"}, m.text);
  const auto json7 = sudoku({"solve", "--json", "-j", "7"}, m.text);
  EXPECT_EQ(json7.exit_code, 2);
  EXPECT_TRUE(json1.out == json7.out) << "JSON output differs";
  auto without_summary = [](const std::string& text) {
    auto lines = lines_of(text);
    EXPECT_FALSE(lines.empty());
    if (!lines.empty() && lines.back().starts_with("sudoku solve: ")) lines.pop_back();
    return join_lines(lines);
  };
  EXPECT_EQ(without_summary(json1.err), without_summary(json7.err));
  EXPECT_EQ(lines_of(json1.err).size(), m.expected_err_prefixes.size() + 1);
  expect_summary(json7.err,
                 "sudoku solve: " + std::to_string(m.expected_out.size()) + " puzzles: [0-9]+ " +
                     "solved, [0-9]+ none, " + std::to_string(m.expected_err_prefixes.size()) +
                     " invalid",
                 "7 threads");
}

TEST(sudoku_cli_threads, count_and_validate_do_not_depend_on_the_thread_count) {
  const std::string sdm = std::string(DLX_SHARED_DIR) + "/corpus/kaggle-20k.sdm";
  const std::string answers = std::string(DLX_SHARED_DIR) + "/corpus/kaggle-20k.answers";
  if (!std::filesystem::exists(sdm) || !std::filesystem::exists(answers)) {
    GTEST_SKIP() << sdm << " is absent";
  }
  const mixed_input m = make_mixed_input(sdm, answers, 3000);
  const std::string file = write_temp_file("mixed.sdm", m.text);
  const auto count1 = sudoku({"count", "-q", "--json", "-j", "1", file});
  const auto count3 = sudoku({"count", "-q", "--json", "-j", "3", file});
  EXPECT_EQ(count1.exit_code, 2);
  EXPECT_EQ(count3.exit_code, 2);
  EXPECT_EQ(json_lines(count1.out).size(), m.expected_out.size());
  EXPECT_TRUE(count1.out == count3.out) << "count output differs";
  EXPECT_EQ(count1.err, count3.err);

  // validate: the solutions, one per line, against nothing and against the puzzles.
  std::string solutions, puzzles;
  for (std::size_t i = 0; i < m.puzzles.size(); ++i) {
    if (!m.expected_out[i].empty()) continue;
    solutions += m.solutions.at(m.puzzles[i]) + "\n";
    puzzles += m.puzzles[i] + "\n";
  }
  solutions += wiki + "\n";  // one incomplete grid at the end
  puzzles += wiki + "\n";
  const std::string solutions_file = write_temp_file("solutions.sdm", solutions);
  const std::string puzzles_file = write_temp_file("puzzles.sdm", puzzles);
  const auto v1 = sudoku({"validate", "-q", "-j", "1", solutions_file, "--against", puzzles_file});
  const auto v4 = sudoku({"validate", "-q", "-j", "4", solutions_file, "--against", puzzles_file});
  EXPECT_EQ(v1.exit_code, 1);
  EXPECT_EQ(v4.exit_code, 1);
  const auto verdicts = lines_of(v1.out);
  ASSERT_FALSE(verdicts.empty());
  EXPECT_EQ(std::count(verdicts.begin(), verdicts.end(), "valid"),
            static_cast<std::ptrdiff_t>(verdicts.size()) - 1);
  EXPECT_EQ(verdicts.back(), "invalid");
  EXPECT_TRUE(v1.out == v4.out);
  EXPECT_EQ(v1.err, v4.err);
  EXPECT_EQ(v1.err, solutions_file + ":" + std::to_string(verdicts.size()) + ":3: r1c3 is blank\n");
}

// ---- --input-format=grid and --output-format=grid ----------------------------

TEST(sudoku_cli_grid_format, decorated_and_plain_grids) {
  const std::string file = data_path("sudoku-grids.txt");
  const auto r = sudoku({"solve", "-q", "--input-format=grid", file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, join_lines({wiki_solution, inkala_solution}));
  EXPECT_EQ(r.err, "");
  const auto json = sudoku({"solve", "-q", "--input-format", "grid", "--json", file});
  const auto lines = json_lines(json.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[0].starts_with("{\"file\":\"" + file + R"(","line":3,"status":"solved",)"))
      << lines[0];
  EXPECT_TRUE(lines[1].starts_with("{\"file\":\"" + file + R"(","line":15,"status":"solved",)"))
      << lines[1];
}

TEST(sudoku_cli_grid_format, short_row_is_invalid_with_its_location) {
  const std::string file = data_path("sudoku-grid-short-row.txt");
  const auto r = sudoku({"solve", "-q", "--input-format=grid", file});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, join_lines({inkala_solution, "invalid", inkala_solution}));
  EXPECT_EQ(r.err, file + ":17:20: expected 9 cells in a row, found 8\n");
  const auto json = sudoku({"solve", "-q", "--input-format=grid", "--json", file});
  const auto lines = json_lines(json.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[1], "{\"file\":\"" + file +
                          R"(","line":13,"status":"invalid","error":"expected 9 cells in a row, )"
                          R"(found 8","error_line":17,"column":20})");
}

TEST(sudoku_cli_grid_format, clashing_givens_in_a_grid) {
  // r5c1 = 5 repeats r1c1. The reader keeps no position per cell, so the
  // message points at the puzzle's first line, column 1, and names the cells.
  std::string text = read_file(data_path("sudoku-grids.txt"));
  const auto row5 = text.find("4 . . | 8 . 3");
  ASSERT_NE(row5, std::string::npos);
  text[row5] = '5';
  const auto r = sudoku({"solve", "-q", "--input-format=grid"}, text);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "invalid\n" + inkala_solution + "\n");
  EXPECT_EQ(r.err, "<stdin>:3:1: clashing givens: r5c1 repeats 5 of r1c1 (same column)\n");
}

TEST(sudoku_cli_grid_format, validate_and_count_read_grids_too) {
  const std::string good = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
  const std::string bad = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 2\n";
  const auto v = sudoku({"validate", "-q", "--input-format=grid"}, good + "\n" + bad);
  EXPECT_EQ(v.exit_code, 1);
  EXPECT_EQ(v.out, "valid\ninvalid\n");
  EXPECT_EQ(v.err, "<stdin>:7:1: r4c4 repeats 2 of r4c3 (same row)\n");
  const auto c =
      sudoku({"count", "-q", "--input-format=grid", "-l0"}, ". . | . .\n" + good.substr(10));
  EXPECT_EQ(c.exit_code, 0);
  EXPECT_EQ(c.out, "1\n");
}

TEST(sudoku_cli_grid_format, grid_that_ends_early) {
  const std::string input = "1 2 | 3 4\n3 4 | 1 2\n---+---\n\n2 1 | 4 3\n";
  const auto r = sudoku({"solve", "-q", "--input-format=grid"}, input);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "invalid\ninvalid\n");
  EXPECT_EQ(r.err,
            "<stdin>:4:1: the puzzle ends after 2 of 4 rows\n"
            "<stdin>:6:1: the input ends after 1 of 4 rows\n");
}

TEST(sudoku_cli_grid_format, pretty_output) {
  const auto r =
      sudoku({"solve", "-q", "--output-format=grid"}, join_lines({wiki, wiki.substr(0, 80)}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out,
            "5 3 4 | 6 7 8 | 9 1 2\n"
            "6 7 2 | 1 9 5 | 3 4 8\n"
            "1 9 8 | 3 4 2 | 5 6 7\n"
            "------+-------+------\n"
            "8 5 9 | 7 6 1 | 4 2 3\n"
            "4 2 6 | 8 5 3 | 7 9 1\n"
            "7 1 3 | 9 2 4 | 8 5 6\n"
            "------+-------+------\n"
            "9 6 1 | 5 3 7 | 2 8 4\n"
            "2 8 7 | 4 1 9 | 6 3 5\n"
            "3 4 5 | 2 8 6 | 1 7 9\n"
            "\n"
            "invalid\n"
            "\n");
}

TEST(sudoku_cli_grid_format, pretty_output_of_a_6x6) {
  const auto r =
      sudoku({"solve", "-q", "--output-format", "grid"}, ".1.56.6....1.3......1.5..23.15..6...\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "3 1 2 | 5 6 4\n"
            "6 4 5 | 2 3 1\n"
            "------+------\n"
            "5 3 4 | 1 2 6\n"
            "2 6 1 | 4 5 3\n"
            "------+------\n"
            "4 2 3 | 6 1 5\n"
            "1 5 6 | 3 4 2\n"
            "\n");
}

TEST(sudoku_cli_grid_format, grid_output_reads_back_as_grid_input) {
  const auto pretty = sudoku({"solve", "-q", "--output-format=grid", corpus_path("famous.sdm")});
  ASSERT_EQ(pretty.exit_code, 0);
  const auto again = sudoku({"validate", "-q", "--input-format=grid"}, pretty.out);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, "valid\nvalid\nvalid\nvalid\nvalid\n");
}

// ---- Sizes ------------------------------------------------------------------

class sudoku_cli_sizes : public ::testing::TestWithParam<const char*> {};

TEST_P(sudoku_cli_sizes, solutions_are_valid_and_match_expected_answers) {
  const std::string file = corpus_path(GetParam());
  const auto puzzles = puzzles_of(read_file(file));
  ASSERT_GE(puzzles.size(), 2u);
  const auto r = sudoku({"solve", "-q", "--unique", file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    SCOPED_TRACE(puzzles[i]);
    EXPECT_EQ(out[i].size(), puzzles[i].size());
    expect_solution_of(puzzles[i], out[i]);
    const auto it = expected_answers().find(puzzles[i]);
    ASSERT_NE(it, expected_answers().end());
    EXPECT_EQ(it->second.count, "1");
    EXPECT_EQ(out[i], it->second.solution);
  }
}

INSTANTIATE_TEST_SUITE_P(corpus, sudoku_cli_sizes,
                         ::testing::Values("4x4.sdm", "6x6.sdm", "16x16.sdm", "25x25.sdm"),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           return "size_" + name.substr(0, name.find('.'));
                         });

TEST(sudoku_cli_sizes_mixed, a_16x16_line_in_a_9x9_file_is_the_wrong_size) {
  const std::string file = data_path("sudoku-9x9-then-16x16.sdm");
  const auto r = sudoku({"solve", "-q", file});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, join_lines({wiki_solution, "invalid", wiki_solution}));
  EXPECT_EQ(r.err, file + ":4:82: expected 81 cells for 9x9, found 256\n");
}

TEST(sudoku_cli_sizes_mixed, each_file_sets_its_own_size) {
  const auto r = sudoku(
      {"count", "-q", corpus_path("4x4.sdm"), corpus_path("famous.sdm"), corpus_path("16x16.sdm")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, join_lines(std::vector<std::string>(4 + 5 + 3, "1")));
}

TEST(sudoku_cli_sizes_mixed, a_digit_out_of_range_for_the_size) {
  const auto r = sudoku({"solve", "-q"}, "..3.1........5.2\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "invalid\n");
  ASSERT_EQ(lines_of(r.err).size(), 1u) << r.err;
  expect_out_of_range(lines_of(r.err)[0], "<stdin>:1:14: ", '5', "4x4");
}

// ---- Usage ------------------------------------------------------------------

struct usage_case {
  std::vector<std::string> args;
  std::string message;  // a line stderr must hold
  std::string hint;     // and the hint after it
};

TEST(sudoku_cli_usage, bad_command_lines_exit_2_with_a_message) {
  const std::vector<usage_case> cases = {
      {{}, "sudoku: missing command", "Try 'sudoku --help' for more information."},
      {{"frobnicate"},
       "sudoku: unknown command 'frobnicate'",
       "Try 'sudoku --help' for more information."},
      {{"solve", "--frobnicate"},
       "sudoku solve: unknown option '--frobnicate'",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "-Z"},
       "sudoku solve: unknown option '-Z'",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "--threads", "-1"},
       "sudoku solve: --threads: expected an integer from 0 to 256, got '-1'",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "--threads", "10000"},
       "sudoku solve: --threads: expected an integer from 0 to 256, got '10000'",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "-j"},
       "sudoku solve: -j needs a value (N)",
       "Try 'sudoku solve --help' for more information."},
      {{"count", "--limit", "-1"},
       "sudoku count: --limit: expected an integer, 0 or more, got '-1'",
       "Try 'sudoku count --help' for more information."},
      {{"count", "--limit", "2x"},
       "sudoku count: --limit: expected an integer, 0 or more, got '2x'",
       "Try 'sudoku count --help' for more information."},
      {{"solve", "--input-format", "xml"},
       "sudoku solve: --input-format: expected sdm, grid, iss or fpuzzles, got 'xml'",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "--output-format=csv"},
       "sudoku solve: --output-format: expected sdm or grid, got 'csv'",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "--json", "--output-format=grid"},
       "sudoku solve: --json and --output-format=grid do not go together",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "--box", "3"},
       "sudoku solve: --box: expected RxC with R*C <= 35, got '3'",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "--budget", "0"},
       "sudoku solve: --budget: expected an integer, 1 or more, got '0'",
       "Try 'sudoku solve --help' for more information."},
      {{"count", "--unique"},
       "sudoku count: unknown option '--unique'",
       "Try 'sudoku count --help' for more information."},
      {{"validate", "--limit", "3"},
       "sudoku validate: unknown option '--limit'",
       "Try 'sudoku validate --help' for more information."},
      {{"solve", "--quiet=yes"},
       "sudoku solve: option '--quiet' takes no value",
       "Try 'sudoku solve --help' for more information."},
      {{"solve", "-", "-"},
       "sudoku solve: standard input ('-') can be read only once",
       "Try 'sudoku solve --help' for more information."},
      {{"validate", "--against", "-"},
       "sudoku validate: standard input ('-') can be read only once",
       "Try 'sudoku validate --help' for more information."},
      {{"validate", "--against=-", "-"},
       "sudoku validate: standard input ('-') can be read only once",
       "Try 'sudoku validate --help' for more information."},
      {{"validate", "a", "b", "--against", "c"},
       "sudoku validate: --against takes one file of solutions",
       "Try 'sudoku validate --help' for more information."},
      {{"validate", "--input-format=grid", "--against", "c"},
       "sudoku validate: --against reads SDM lines only",
       "Try 'sudoku validate --help' for more information."},
  };
  for (const auto& c : cases) {
    std::string shown;
    for (const auto& a : c.args)
      shown += " " + a;
    SCOPED_TRACE("sudoku" + shown);
    const auto r = sudoku(c.args, wiki + "\n");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, c.message + "\n" + c.hint + "\n");
  }
}

TEST(sudoku_cli_usage, help_exits_0_and_lists_the_options) {
  const std::vector<std::pair<std::vector<std::string>, std::vector<std::string>>> cases = {
      {{"--help"}, {"Usage: sudoku COMMAND", "solve", "count", "validate", "Exit status"}},
      {{"-h"}, {"Usage: sudoku COMMAND"}},
      {{"solve", "--help"},
       {"Usage: sudoku solve [OPTIONS] [FILE...]", "--threads N", "--json", "--input-format",
        "--output-format", "--unique", "--budget", "--box", "--quiet", "--help"}},
      {{"count", "--help"},
       {"Usage: sudoku count [OPTIONS] [FILE...]", "--limit N", "--budget", "--threads", "--json",
        "--input-format"}},
      {{"validate", "--help"},
       {"Usage: sudoku validate [OPTIONS] [FILE...]", "--against PUZZLES", "--partial", "--threads",
        "--json"}},
  };
  for (const auto& [args, parts] : cases) {
    SCOPED_TRACE(args.front() + (args.size() > 1 ? " " + args[1] : ""));
    const auto r = sudoku(args);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err, "");
    for (const auto& part : parts)
      EXPECT_TRUE(contains(r.out, part)) << part << " not in:\n" << r.out;
  }
  // Options of one command are not offered by another.
  EXPECT_FALSE(contains(sudoku({"count", "--help"}).out, "--unique"));
  EXPECT_FALSE(contains(sudoku({"solve", "--help"}).out, "--limit"));
  EXPECT_FALSE(contains(sudoku({"validate", "--help"}).out, "--budget"));
}

TEST(sudoku_cli_usage, version) {
  const auto r = sudoku({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(std::regex_match(r.out, std::regex("sudoku [0-9]+\\.[0-9]+\\.[0-9]+\n"))) << r.out;
}

TEST(sudoku_cli_usage, missing_file_and_directory_exit_2_and_the_rest_is_read) {
  const std::string missing = write_temp_file("x", "") + ".does-not-exist";
  const std::string directory = data_path("");
  const auto r = sudoku({"solve", "-q", missing, corpus_path("4x4.sdm"), directory});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "4231132421433412\n2143341213244231\n4321123424133142\n2314413212433421\n");
  EXPECT_TRUE(contains(r.err, "sudoku: " + missing + ": cannot open: No such file or directory\n"))
      << r.err;
  EXPECT_TRUE(contains(r.err, "sudoku: " + directory + ": is a directory\n")) << r.err;
  EXPECT_EQ(lines_of(r.err).size(), 2u) << r.err;
  // Even when every puzzle read was solved, a file not read is a failure.
  const auto json = sudoku({"solve", "--json", "-q", corpus_path("4x4.sdm"), missing});
  EXPECT_EQ(json.exit_code, 2);
  EXPECT_EQ(json_lines(json.out).size(), 4u);
}

// ---- Output errors ----------------------------------------------------------

std::string quoted(const std::string& s) {
  return "'" + s + "'";
}

TEST(sudoku_cli_output, closed_pipe_stops_quietly) {
  // Both ways a reader can go away: SIGPIPE ignored (write fails with EPIPE and
  // the program must stop without a word) and SIGPIPE at its default (killed).
  const std::vector<std::string> signal_modes = {"--ignore-signal=PIPE", "--default-signal=PIPE"};
  for (const auto& mode : signal_modes) {
    if (run_command({"/usr/bin/env", mode, "true"}).exit_code != 0) {
      GTEST_SKIP() << "env " << mode << " is not supported";
    }
  }
  std::string big;
  big.reserve(82 * 200'000);
  for (int i = 0; i < 200'000; ++i)
    big += wiki + "\n";
  const std::string file = write_temp_file("big.sdm", big);
  const std::string status = write_temp_file("status", "");
  for (const auto& mode : signal_modes) {
    for (const char* threads : {"1", "4"}) {
      SCOPED_TRACE(mode + " -j " + threads);
      const auto r = run_command({"/bin/sh", "-c",
                                  "{ /usr/bin/env " + mode + " " + quoted(SUDOKU_CLI) +
                                      " solve -j " + threads + " " + quoted(file) + "; echo $? > " +
                                      quoted(status) + "; } | head -1"});
      EXPECT_EQ(r.exit_code, 0);
      EXPECT_EQ(r.out, wiki_solution + "\n");
      EXPECT_EQ(r.err, "");  // no "Broken pipe", no summary
      // 141 = 128 + SIGPIPE: returned (EPIPE) or reported by the shell (killed).
      EXPECT_EQ(read_file(status), "141\n");
    }
  }
}

TEST(sudoku_cli_output, write_error_exits_4) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  for (const char* threads : {"1", "3"}) {
    SCOPED_TRACE(std::string("-j ") + threads);
    const auto r = run_command({"/bin/sh", "-c",
                                quoted(SUDOKU_CLI) + " solve -j " + threads + " " +
                                    quoted(corpus_path("famous.sdm")) + " > /dev/full"});
    EXPECT_EQ(r.exit_code, 4);
    EXPECT_EQ(r.err, "sudoku: cannot write standard output: No space left on device\n");
  }
}

}  // namespace

// ---- bench ---------------------------------------------------------------------

namespace {

double json_number(const std::string& line, const std::string& key) {
  const auto at = line.find("\"" + key + "\":");
  if (at == std::string::npos) return -1;
  return std::stod(line.substr(at + key.size() + 3));
}

// The figures bench reports follow the search: Knuth's tree (propagation none)
// has a node per filled cell, forced moves take none, and the guesses are the
// same; locked candidates (pairs) guess no more. A timing is never asserted.
TEST(sudoku_cli_bench, nodes_and_guesses_follow_the_propagation) {
  std::map<std::string, std::pair<double, double>> figures;  // nodes, guesses
  for (const std::string p : {"none", "forced", "pairs"}) {
    const auto r = sudoku({"bench", "--json", "--time", "0.01", "--repeat", "1", "--mode", "count",
                           "--propagation", p, corpus_path("famous.sdm")});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = json_lines(r.out);
    ASSERT_EQ(lines.size(), 1u) << r.out;
    figures[p] = {json_number(lines[0], "nodes_per_puzzle"),
                  json_number(lines[0], "branches_per_puzzle")};
    EXPECT_GT(figures[p].first, 0) << lines[0];
    EXPECT_GE(json_number(lines[0], "prepare_us_per_puzzle"), 0) << lines[0];
  }
  EXPECT_LT(figures["forced"].first, figures["none"].first);
  EXPECT_EQ(figures["forced"].second, figures["none"].second);
  EXPECT_GT(figures["none"].second, 0);
  EXPECT_LE(figures["pairs"].second, figures["none"].second);
  const auto bad = sudoku({"bench", "--propagation", "some", corpus_path("famous.sdm")});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--propagation: expected none, forced, pairs or groups"))
      << bad.err;
}

}  // namespace

// One puzzle's count split over threads. 6x6 grids number 28,200,960
// (Pettersen 2005); relabelling digits maps the grids with a given first row one to
// one onto those with any other, so 28,200,960 / 6! = 39,168 have first row
// 123456: a count long enough to be split.
TEST(sudoku_cli_count, one_long_count_is_split_over_threads) {
  const std::string first_row = "123456" + std::string(30, '.') + "\n";
  for (const std::string threads : {"1", "2", "3"}) {
    const auto r =
        run_command({SUDOKU_CLI, "count", "--limit", "0", "-q", "-j", threads}, first_row);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "39168\n") << threads;
  }
  const auto limited =
      run_command({SUDOKU_CLI, "count", "--limit", "1000", "-q", "-j", "2"}, first_row);
  EXPECT_EQ(limited.out, "1000\n");
}

// ---- convert and f-puzzles links ---------------------------------------------

// A link read without --input-format, mixed with SDM lines; written as ISS's
// string, an f-puzzles link and the variant's own line, each read back by
// solve to the same solution; a rule f-puzzles has no key for is
// 'unconverted' (exit 1), a bad link 'invalid' (exit 2), in their places.
TEST(sudoku_cli_convert, links_and_strings_round_trip_through_every_format) {
  const std::string four = "1.34.4.2..4.4..1";
  const auto made = test_support::sudoku(
      {"convert", "-q", "--to", "fpuzzles", write_temp_file("p", four + "\n")});
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const std::string link = lines_of(made.out).at(0);
  EXPECT_TRUE(link.starts_with("https://www.f-puzzles.com/?load=N4Ig")) << link;
  const std::string solution =
      lines_of(test_support::sudoku({"solve", "-q", write_temp_file("s", four + "\n")}).out).at(0);
  const std::string file = write_temp_file("mixed", link + "\n" + four + "\n" + link + " a note\n");
  const auto solved = test_support::sudoku({"solve", "-q", file});
  EXPECT_EQ(solved.exit_code, 0) << solved.err;
  EXPECT_EQ(solved.out, solution + "\n" + solution + "\n" + solution + "\n");
  for (std::string to : {"iss", "fpuzzles", "fpuzzles-json", "line"}) {
    const auto converted = test_support::sudoku({"convert", "-q", "--to", to, file});
    ASSERT_EQ(converted.exit_code, 0) << to << ": " << converted.err;
    const std::string again = write_temp_file("again", converted.out);
    const auto back = to == "iss"
                          ? test_support::sudoku({"solve", "-q", "--input-format=iss", again})
                      : to == "fpuzzles-json"
                          ? test_support::sudoku({"solve", "-q", "--input-format=fpuzzles", again})
                          : test_support::sudoku({"solve", "-q", again});
    EXPECT_EQ(back.out, solved.out) << to << ":\n" << converted.out << back.err;
  }
  const std::string bad = write_temp_file(
      "bad", ".Shape~4x4.SumLine~5~R1C1~R1C2\nhttps://www.f-puzzles.com/?load=N4Ig!!\n");
  const auto r =
      test_support::sudoku({"convert", "-q", "--to", "fpuzzles", "--input-format=iss", bad});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "unconverted\ninvalid\n");
  EXPECT_TRUE(contains(r.err, bad + ":1:1: --to fpuzzles: f-puzzles has no sum line")) << r.err;
  EXPECT_TRUE(contains(r.err, bad + ":2:33: the f-puzzles data is not lz-string's base64"))
      << r.err;
  const auto json =
      test_support::sudoku({"convert", "--json", "--to", "iss", write_temp_file("j", four + "\n")});
  EXPECT_TRUE(contains(json.out, R"("status":"converted","format":"iss","puzzle":".Shape~4x4.)"))
      << json.out;
  EXPECT_EQ(test_support::sudoku({"convert", "--to", "xml"}).exit_code, 2);
}

// A thread's workspace keeps the last line's variant for the next when the
// rules are the same; a plain line after an ISS string with a thermometer got
// the thermometer too (48 grids counted, not 72) until the check looked past
// the shape at the clues, units and restrictions.
TEST(sudoku_cli_count, a_plain_line_does_not_inherit_the_rules_of_the_line_before) {
  const auto r =
      test_support::sudoku({"count", "-q", "-j", "1", "--limit", "0",
                            write_temp_file("mixed",
                                            ".Shape~4x4.Thermo~R1C3~R1C2~R1C1\n....2...........\n"
                                            ".Shape~4x4.NoBoxes.DisjointSets\n....2...........\n"
                                            "....2...........\n")});
  EXPECT_EQ(
      r.out,
      "48\n72\n" +
          lines_of(test_support::sudoku({"count", "-q", "-l0",
                                         write_temp_file("d", ".Shape~4x4.NoBoxes.DisjointSets\n")})
                       .out)
              .at(0) +
          "\n72\n72\n")
      << r.err;
}

// --set edits the givens before writing (the page's cell editing): a given put
// in and one taken out, the rules kept (an ISS string stays one); an edit a
// puzzle has no room for makes it 'invalid' in its place, located, exit 2; an
// edit with no '=' is a usage error.
TEST(sudoku_cli_convert, set_edits_givens_in_the_puzzles_format) {
  const std::string file =
      write_temp_file("edit", "1.34.4.2..4.4..1\n.Shape~4x4.Thermo~R1C1~R1C2~R1C3\n12\n");
  const auto r = test_support::sudoku(
      {"convert", "-q", "--to", "line", "--set", "r1c2=2", "--set", "r1c1=.", file});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0], ".234.4.2..4.4..1");
  EXPECT_TRUE(lines[1].starts_with(".Shape~4x4")) << lines[1];
  EXPECT_TRUE(contains(lines[1], "Thermo~R1C1~R1C2~R1C3")) << lines[1];
  EXPECT_TRUE(contains(lines[1], "R1C2_2")) << lines[1];
  EXPECT_EQ(lines[2], "invalid");
  // The thermometer kept, the 2 given: r1c1 can only be 1.
  const auto solved = test_support::sudoku({"solve", "-q", write_temp_file("e", lines[1] + "\n")});
  EXPECT_TRUE(solved.out.starts_with("12")) << solved.out << solved.err;
  const auto off = test_support::sudoku({"convert", "-q", "--set", "r5c1=1", file});
  EXPECT_EQ(off.exit_code, 2);
  EXPECT_TRUE(contains(off.err, file + ":1:1: --set 'r5c1=1': no cell 'r5c1'")) << off.err;
  EXPECT_EQ(test_support::sudoku({"convert", "--set", "r1c1", file}).exit_code, 2);
}
