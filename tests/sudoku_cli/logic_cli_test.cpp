// Golden tests of `sudoku explain` and `sudoku rate`.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "not_unique_puzzles.hpp"
#include "puzzles.hpp"
#include "run_command.hpp"

namespace {

using test_support::run_command;
using test_support::wiki;
using test_support::wiki_solution;

TEST(sudoku_cli_logic, explain_lists_every_step_and_the_result) {
  const auto r = run_command({SUDOKU_CLI, "explain", "-q"}, wiki + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.starts_with(
      "puzzle <stdin>:1 "
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
      "naked single: r5c5=5 | solved 31 unsolved 50 candidates 145\n"))
      << r.out;
  EXPECT_TRUE(
      r.out.ends_with("result: solved by logic: easy (hardest: naked single), 51 steps, solution " +
                      wiki_solution + "\n\n"))
      << r.out;
  std::size_t lines = 0;
  for (char c : r.out)
    lines += c == '\n';
  EXPECT_EQ(lines, 1u + 51 + 1 + 1);  // header, steps, result, blank
}

TEST(sudoku_cli_logic, explain_with_search_reports_nodes) {
  const std::string inkala =
      "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
  const auto r = run_command({SUDOKU_CLI, "explain", "-q", "--search"}, inkala + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("result: needs search: beyond, 0 steps; search: "), std::string::npos)
      << r.out;
  EXPECT_NE(
      r.out.find(
          "nodes, solution "
          "812753649943682175675491283154237896369845721287169534521974368438526917796318452"),
      std::string::npos)
      << r.out;
}

TEST(sudoku_cli_logic, rate_one_line_per_puzzle_in_place) {
  const std::string input =
      wiki + "\n" + "# comment\n" + wiki.substr(0, 80) + "\n" +
      "12345678....................................9....................................\n" +
      std::string(81, '.') + "\n";
  const auto r = run_command({SUDOKU_CLI, "rate", "-j", "2"}, input);
  EXPECT_EQ(r.exit_code, 2) << r.err;  // one line is not a puzzle
  // The empty grid is not unique: not rated.
  EXPECT_EQ(r.out, "easy naked-single 51\ninvalid\nnone\nmultiple\n");
  EXPECT_NE(r.err.find("<stdin>:3:81: expected 81 cells for 9x9, found 80"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("sudoku rate: 4 puzzles: 1 easy, 1 none, 1 multiple, 1 invalid in "),
            std::string::npos)
      << r.err;
}

TEST(sudoku_cli_logic, rate_json) {
  const auto r = run_command({SUDOKU_CLI, "rate", "-q", "--json"}, wiki + "\n");
  EXPECT_EQ(r.out,
            "{\"file\":\"<stdin>\",\"line\":1,\"status\":\"rated\",\"level\":\"easy\",\"hardest\":"
            "\"naked-single\",\"steps\":51}\n");
}

TEST(sudoku_cli_logic, explain_json_has_the_steps) {
  const auto r = run_command({SUDOKU_CLI, "explain", "-q", "--json"}, wiki + "\n");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(
      r.out.find(
          "\"steps\":[{\"technique\":\"naked-single\",\"where\":\"r5c5\",\"placed\":[\"r5c5=5\"],"
          "\"eliminated\":[],\"solved\":31,\"unsolved\":50,\"candidates\":145}"),
      std::string::npos)
      << r.out.substr(0, 400);
  EXPECT_NE(r.out.find("\"solution\":\"" + wiki_solution + "\""), std::string::npos);
}

TEST(sudoku_cli_logic, rate_every_size) {
  for (const char* file : {"4x4.sdm", "6x6.sdm", "16x16.sdm", "25x25.sdm"}) {
    const auto r =
        run_command({SUDOKU_CLI, "rate", "-q", std::string(DLX_SOURCE_DIR) + "/corpus/" + file});
    EXPECT_EQ(r.exit_code, 0) << file << r.err;
    EXPECT_FALSE(r.out.empty()) << file;
    EXPECT_EQ(r.out.find("invalid"), std::string::npos) << file;
  }
}

// ---- --scale se: Sudoku Explainer's rating.

// magictour top1465 #4: SE 1.2.1 (gsf's serate) rates it 3.4/1.2/1.2.
const std::string top4 =
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";

TEST(sudoku_cli_logic, rate_se_scale_one_line_per_puzzle_in_place) {
  const std::string input =
      wiki + "\n" + "# comment\n" + top4 + "\n" +
      "12345678....................................9....................................\n" +
      "11..............................................................................." + "\n";
  const auto r = run_command({SUDOKU_CLI, "rate", "--scale", "se", "-j", "2"}, input);
  EXPECT_EQ(r.exit_code, 2) << r.err;  // the clash is unusable input
  EXPECT_TRUE(r.out.starts_with("1.2/1.2/1.2\n3.4/1.2/1.2\nnone\ninvalid\n")) << r.out;
  EXPECT_NE(r.err.find("4 puzzles: 2 rated (ER median 1.2, highest 3.4), 1 none, 1 invalid in "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("<stdin>:5:2: clashing givens"), std::string::npos) << r.err;
}

TEST(sudoku_cli_logic, rate_se_scale_json) {
  const auto r = run_command({SUDOKU_CLI, "rate", "-q", "--scale=se", "--json"}, top4 + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(
      r.out.starts_with("{\"file\":\"<stdin>\",\"line\":1,\"status\":\"rated\",\"rating\":"
                        "\"3.4/1.2/1.2\",\"er\":3.4,\"ep\":1.2,\"ed\":1.2,\"work\":"))
      << r.out;
}

TEST(sudoku_cli_logic, rate_se_scale_budget_answers_unknown) {
  // corpus/generated/9x9-beyond.sdm's first puzzle: ER 7.1, some 35,000 potentials.
  const auto r = run_command(
      {SUDOKU_CLI, "rate", "-q", "--scale", "se", "--budget", "10000"},
      "..1..7..3..83..79.9......5....5..97...9.8....8....6.1.2..........672.....73..1.2.\n");
  EXPECT_EQ(r.exit_code, 3) << r.err;  // unknown
  EXPECT_EQ(r.out, "unknown\n");
}

TEST(sudoku_cli_logic, rate_se_scale_is_for_plain_nine_by_nine) {
  const auto r =
      run_command({SUDOKU_CLI, "rate", "-q", "--scale", "se", "--variant", "x"}, wiki + "\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "invalid\n");
  EXPECT_NE(r.err.find("<stdin>:1:1: --scale se rates plain 9x9 puzzles"), std::string::npos)
      << r.err;
  const auto six = run_command({SUDOKU_CLI, "rate", "-q", "--scale", "se"},
                               std::string(DLX_SOURCE_DIR) + "/corpus/6x6.sdm");
  EXPECT_EQ(six.exit_code, 2);
  const auto bad = run_command({SUDOKU_CLI, "rate", "--scale", "stars"}, wiki + "\n");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--scale: 'stars' is not levels or se"), std::string::npos) << bad.err;
}

TEST(sudoku_cli_logic, explain_se_scale_rates_each_step) {
  const auto r = run_command({SUDOKU_CLI, "explain", "-q", "--scale", "se"}, top4 + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\n1.2 Hidden Single: r"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n3.4 Hidden Pair: r"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("result: rated 3.4/1.2/1.2, "), std::string::npos) << r.out;
  const auto j = run_command({SUDOKU_CLI, "explain", "-q", "--scale", "se", "--json"}, wiki + "\n");
  EXPECT_NE(j.out.find("\"steps\":[{\"technique\":\"Hidden Single\",\"rating\":1.2,\"placed\":["),
            std::string::npos)
      << j.out.substr(0, 300);
  EXPECT_NE(j.out.find("\"solution\":\"" + wiki_solution + "\""), std::string::npos);
  const auto both = run_command({SUDOKU_CLI, "explain", "--scale", "se", "--search"}, wiki + "\n");
  EXPECT_EQ(both.exit_code, 2);
}

// A rating, an explanation or a solution's picture of a puzzle that is not
// unique would be a wrong answer (issue 61): every command that assumes one
// solution counts to two first and says none or multiple instead, exit 1.
const std::string two_solutions = test_support::two_solutions;

TEST(sudoku_cli_logic, rate_and_explain_refuse_a_puzzle_that_is_not_unique) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"rate"},
                                               {"rate", "--scale", "se"},
                                               {"explain"},
                                               {"explain", "--search"},
                                               {"explain", "--scale", "se"}}) {
    std::vector<std::string> command{SUDOKU_CLI};
    command.insert(command.end(), args.begin(), args.end());
    command.push_back("-q");
    const auto r = run_command(command, two_solutions + "\n");
    EXPECT_EQ(r.exit_code, 1) << args[0] << " " << r.err;
    EXPECT_EQ(r.out, "multiple\n") << args[0];
    command.push_back("--json");
    const auto j = run_command(command, two_solutions + "\n");
    EXPECT_EQ(j.exit_code, 1) << args[0];
    EXPECT_EQ(j.out, "{\"file\":\"<stdin>\",\"line\":1,\"status\":\"multiple\"}\n") << args[0];
  }
  const auto summary = run_command({SUDOKU_CLI, "rate"}, two_solutions + "\n" + wiki + "\n");
  EXPECT_NE(summary.err.find("2 puzzles: 1 easy, 1 multiple in "), std::string::npos)
      << summary.err;
}

TEST(sudoku_cli_logic, a_near_empty_grid_is_multiple_at_once) {
  // SE's chains took four minutes on every core to rate this 20.0.
  const auto r = run_command({SUDOKU_CLI, "rate", "-q", "--scale", "se"},
                             std::string(72, '.') + "123456789\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "multiple\n");
}

TEST(sudoku_cli_logic, explain_html_and_render_say_why_on_stderr) {
  const auto page = run_command({SUDOKU_CLI, "explain", "-q", "--html", "-"}, two_solutions + "\n");
  EXPECT_EQ(page.exit_code, 1);
  EXPECT_NE(page.err.find("<stdin>:1:1: multiple: the puzzle has more than one solution"),
            std::string::npos)
      << page.err;
  EXPECT_EQ(page.out.find("<section"), std::string::npos);  // no explanation on the page
  const auto svg = run_command({SUDOKU_CLI, "render", "-q", "--solution"}, two_solutions + "\n");
  EXPECT_EQ(svg.exit_code, 1);
  EXPECT_NE(svg.err.find("<stdin>:1:1: multiple: the puzzle has more than one solution"),
            std::string::npos)
      << svg.err;
  EXPECT_NE(svg.out.find("multiple)</title>"), std::string::npos) << svg.out.substr(0, 400);
  // The givens alone: the unique puzzle's picture has 81 digits, this one 29.
  const auto digits = [](const std::string& text) {
    std::size_t n = 0;
    for (std::size_t at = text.find("<text"); at != std::string::npos;
         at = text.find("<text", at + 1))
      ++n;
    return n;
  };
  const auto solved = run_command({SUDOKU_CLI, "render", "-q", "--solution"}, wiki + "\n");
  EXPECT_EQ(solved.exit_code, 0);
  EXPECT_GT(digits(solved.out), digits(svg.out));
}

const std::string iss_none = test_support::iss_without_solution;

TEST(sudoku_cli_logic, an_iss_puzzle_without_solution_is_none_everywhere) {
  for (const char* command : {"count", "rate", "explain"}) {
    const auto r = run_command({SUDOKU_CLI, command, "-q", "--input-format=iss"}, iss_none + "\n");
    EXPECT_EQ(r.exit_code, 1) << command << " " << r.err;
    EXPECT_EQ(r.out, std::string(command) == "count" ? "0\n" : "none\n") << command;
  }
}

TEST(sudoku_cli_logic, show_multiple_gives_two_solutions_and_their_differences_for_iss) {
  // A 6x6 ISS puzzle with one thermometer and no givens: many solutions.
  const auto r = run_command({SUDOKU_CLI, "solve", "-q", "--show-multiple", "--input-format=iss"},
                             ".Shape~6x6.Thermo~R1C1~R1C2~R1C3\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const std::string head = "multiple: the solutions differ in r";
  ASSERT_TRUE(r.out.starts_with(head)) << r.out;
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < r.out.size();) {
    const std::size_t end = r.out.find('\n', at);
    lines.push_back(r.out.substr(at, end - at));
    at = end + 1;
  }
  ASSERT_EQ(lines.size(), 3u) << r.out;
  ASSERT_EQ(lines[1].size(), lines[2].size());
  EXPECT_NE(lines[1], lines[2]);
  // Every cell named differs between the two, and no other does.
  std::size_t differing = 0;
  for (std::size_t i = 0; i < lines[1].size(); ++i)
    differing += lines[1][i] != lines[2][i];
  std::size_t named = 0;
  for (std::size_t at = lines[0].find(" r"); at != std::string::npos;
       at = lines[0].find(" r", at + 1))
    ++named;
  EXPECT_EQ(named, differing) << r.out;
}

}  // namespace
