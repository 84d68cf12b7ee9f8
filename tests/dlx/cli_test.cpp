// Golden tests of the `dlx` command and the encoder programs, run as child
// processes: exact standard output, exit codes (0 solved, 1 no solution, 2 bad
// usage or input, 3 budget ran out) and located messages on standard error.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <dlx/format.hpp>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "encoders.hpp"
#include "json_checker.hpp"
#include "problem_text.hpp"
#include "reference_files.hpp"
#include "run_command.hpp"

namespace {

using test_support::run_command;

const std::string dlx_program = DLX_CLI;

using test_support::as_text;

using test_support::lines_of;

using test_support::contains;

using test_support::json_checker;

TEST(JsonChecker, AcceptsAndRejects) {
  EXPECT_TRUE(json_checker::is_object(R"({})"));
  EXPECT_TRUE(json_checker::is_object(R"({"a":[1,-2.5e3,"x\n\u00e9"],"b":{"c":true,"d":null}})"));
  EXPECT_FALSE(json_checker::is_object(R"([])"));
  EXPECT_FALSE(json_checker::is_object(R"({"a":1,})"));
  EXPECT_FALSE(json_checker::is_object(R"({"a":01})"));
  EXPECT_FALSE(json_checker::is_object(R"({"a":"b})"));
  EXPECT_FALSE(json_checker::is_object(R"({"a":1}})"));
  EXPECT_FALSE(json_checker::is_object(R"({a:1})"));
}

// Items a b c; options "a b", "c", "a", "b c": two solutions, {a b, c} found
// first (a is the leftmost item with fewest options, tried top to bottom).
const std::string tiny = "| tiny\na b c\na b\nc\na\nb c\n";

TEST(DlxCli, CountsQueens8) {
  const auto r = run_command({dlx_program, "--count"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
  EXPECT_EQ(r.err, "");
}

TEST(DlxCli, EstimatesQueens10WithinFourStandardErrors) {
  // 724 solutions (published); the JSON's mean within four standard errors.
  const auto r =
      run_command({dlx_program, "--estimate", "2000", "--json"}, as_text(examples::queens(10)));
  EXPECT_EQ(r.exit_code, 0);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      r.out, m,
      std::regex(R"("estimate":([0-9.e+]+),"standard_error":([0-9.e+]+),"probes":2000,)")))
      << r.out;
  EXPECT_LE(std::abs(std::stod(m[1]) - 724), 4 * std::stod(m[2])) << r.out;
  const auto line = run_command({dlx_program, "--estimate", "500"}, as_text(examples::queens(10)));
  EXPECT_TRUE(std::regex_match(line.out, std::regex(R"(about \d+ \+- \d+% \(500 probes\)\n)")))
      << line.out;
  // No probe meets a solution of 3 queens (there is none): exit 3; --estimate goes alone.
  EXPECT_EQ(run_command({dlx_program, "--estimate", "20"}, as_text(examples::queens(3))).exit_code,
            3);
  EXPECT_EQ(run_command({dlx_program, "--estimate", "20", "--count"}, as_text(examples::queens(8)))
                .exit_code,
            2);
}

TEST(DlxCli, ShortCountFlag) {
  const auto r = run_command({dlx_program, "-c"}, as_text(examples::queens(6)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "4\n");
}

TEST(DlxCli, PrintsEverySolution) {
  const auto r = run_command({dlx_program}, tiny);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "a b\nc\n\na\nb c\n");
  EXPECT_EQ(r.err, "");
}

TEST(DlxCli, LimitOne) {
  const auto r = run_command({dlx_program, "--limit", "1"}, tiny);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "a b\nc\n");
  const auto r2 = run_command({dlx_program, "--limit=1", "--count"}, as_text(examples::queens(8)));
  EXPECT_EQ(r2.exit_code, 0) << r2.err;
  EXPECT_EQ(r2.out, "1\n");
  const auto r3 = run_command({dlx_program, "-l", "5", "-c"}, as_text(examples::queens(8)));
  EXPECT_EQ(r3.out, "5\n");
}

TEST(DlxCli, LimitZeroMeansAll) {
  const auto r =
      run_command({dlx_program, "--limit", "0", "--count"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
}

TEST(DlxCli, NoSolutionExitsOne) {
  const std::string none = "a b\na\n";  // b has no option
  const auto r = run_command({dlx_program}, none);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.out, "");
  const auto counted = run_command({dlx_program, "--count"}, none);
  EXPECT_EQ(counted.exit_code, 1) << counted.err;
  EXPECT_EQ(counted.out, "0\n");
}

TEST(DlxCli, BudgetRunsOutExitsThree) {
  const auto r =
      run_command({dlx_program, "--budget", "10"}, as_text(examples::pentominoes(3, 20)));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "budget")) << r.err;
  EXPECT_TRUE(contains(r.err, "incomplete")) << r.err;
  const auto counted =
      run_command({dlx_program, "--count", "--budget=10"}, as_text(examples::pentominoes(3, 20)));
  EXPECT_EQ(counted.exit_code, 3) << counted.err;
}

// A count cut short is unknown, as `sudoku count` answers: not the solutions
// found so far, which stderr gives. (Queens 8 has 92; 300 nodes find some.)
TEST(DlxCli, BudgetRunsOutCountIsUnknown) {
  const auto r =
      run_command({dlx_program, "--count", "--budget", "300"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.out, "unknown\n");
  const std::string so_far = "dlx: budget exhausted after 300 nodes, ";
  ASSERT_TRUE(r.err.starts_with(so_far)) << r.err;
  const auto found = std::stoull(r.err.substr(so_far.size()));
  EXPECT_GT(found, 0u) << r.err;
  EXPECT_LT(found, 92u) << r.err;
  EXPECT_TRUE(contains(r.err, " found so far; the count is unknown\n")) << r.err;
  // The same with the memoized search, and the stats line still counts.
  const auto memo =
      run_command({dlx_program, "-c", "-m", "--budget", "10"}, as_text(examples::queens(8)));
  EXPECT_EQ(memo.exit_code, 3) << memo.err;
  EXPECT_EQ(memo.out, "unknown\n");
  EXPECT_TRUE(contains(memo.err, "the count is unknown")) << memo.err;
  const auto stats = run_command({dlx_program, "--count", "--stats", "--budget", "300"},
                                 as_text(examples::queens(8)));
  EXPECT_EQ(stats.exit_code, 3) << stats.err;
  EXPECT_EQ(stats.out, "unknown\n");
  EXPECT_TRUE(contains(stats.err, "(budget_exhausted, ")) << stats.err;
}

TEST(DlxCli, GenerousBudgetFinishes) {
  const auto r =
      run_command({dlx_program, "--count", "--budget", "100000"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
}

TEST(DlxCli, TimeLimitOnAQuickSearchFinishes) {
  const auto r =
      run_command({dlx_program, "--count", "--time-limit", "60"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
}

TEST(DlxCli, SeedGivesTheSameCount) {
  const auto r =
      run_command({dlx_program, "--count", "--seed", "12345"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
}

TEST(DlxCli, BadInputIsLocated) {
  const auto r = run_command({dlx_program}, "a b\na b\nb zz\n");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "<stdin>:3:3: unknown item 'zz'\n");
}

TEST(DlxCli, BadInputFileIsLocatedByItsPath) {
  const std::string path = test_support::write_temp_file("bad.dlx", "a b\na a\n");
  const auto r = run_command({dlx_program, "--count", path});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(r.err.starts_with(path + ":2:3: ")) << r.err;
  EXPECT_TRUE(contains(r.err, "appears twice")) << r.err;
}

TEST(DlxCli, ReadsAFileOrStdinAsDash) {
  const std::string path =
      test_support::write_temp_file("queens8.dlx", as_text(examples::queens(8)));
  const auto r = run_command({dlx_program, "--count", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
  const auto dash = run_command({dlx_program, "--count", "-"}, tiny);
  EXPECT_EQ(dash.exit_code, 0) << dash.err;
  EXPECT_EQ(dash.out, "2\n");
}

TEST(DlxCli, WarnsAboutAnOptionWithoutPrimaryItems) {
  const auto r = run_command({dlx_program, "--count"}, "a | x\na\nx\na x\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2\n");
  EXPECT_TRUE(r.err.starts_with("<stdin>:3:")) << r.err;
  EXPECT_TRUE(contains(r.err, "warning")) << r.err;
}

TEST(DlxCli, UnknownOptionIsAUsageError) {
  const auto r = run_command({dlx_program, "--frobnicate"}, tiny);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, "--frobnicate")) << r.err;
  EXPECT_TRUE(contains(r.err, "--help")) << r.err;
  const auto short_flag = run_command({dlx_program, "-Q"}, tiny);
  EXPECT_EQ(short_flag.exit_code, 2);
  EXPECT_TRUE(contains(short_flag.err, "-Q")) << short_flag.err;
}

TEST(DlxCli, BadValuesAreUsageErrors) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--limit", "-1"},
                                               {"--limit", "abc"},
                                               {"--limit", ""},
                                               {"--limit", "99999999999999999999999"},
                                               {"--budget", "0"},
                                               {"--seed", "x"},
                                               {"--time-limit", "-1"},
                                               {"--time-limit", "soon"}}) {
    std::vector<std::string> argv = {dlx_program};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto r = run_command(argv, tiny);
    EXPECT_EQ(r.exit_code, 2) << args[0] << " " << args[1];
    EXPECT_EQ(r.out, "") << args[0] << " " << args[1];
    EXPECT_TRUE(contains(r.err, args[0])) << r.err;
  }
  const auto missing = run_command({dlx_program, "--limit"}, tiny);
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(contains(missing.err, "--limit")) << missing.err;
  const auto value_for_flag = run_command({dlx_program, "--count=yes"}, tiny);
  EXPECT_EQ(value_for_flag.exit_code, 2);
  const auto two_files = run_command({dlx_program, "a.dlx", "b.dlx"});
  EXPECT_EQ(two_files.exit_code, 2);
}

TEST(DlxCli, HelpMentionsEveryOption) {
  const auto r = run_command({dlx_program, "--help"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  for (const char* option : {"--count", "--limit", "--budget", "--time-limit", "--seed", "--stats",
                             "--json", "--threads", "--help", "--version"}) {
    EXPECT_TRUE(contains(r.out, option)) << option;
  }
  EXPECT_TRUE(r.out.starts_with("Usage: dlx")) << r.out;
  EXPECT_TRUE(contains(r.out, "Exit status")) << r.out;
  const auto short_help = run_command({dlx_program, "-h"});
  EXPECT_EQ(short_help.exit_code, 0);
  EXPECT_EQ(short_help.out, r.out);
}

TEST(DlxCli, Version) {
  const auto r = run_command({dlx_program, "--version"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.starts_with("dlx ")) << r.out;
  EXPECT_TRUE(r.out.ends_with("\n")) << r.out;
}

TEST(DlxCli, JsonLines) {
  const auto r = run_command({dlx_program, "--json"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(r.out.ends_with("\n"));
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 93u);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    EXPECT_TRUE(json_checker::is_object(lines[k])) << "line " << k + 1 << ": " << lines[k];
  }
  for (std::size_t k = 0; k + 1 < lines.size(); ++k) {
    const std::string& line = lines[k];
    EXPECT_TRUE(line.starts_with("{\"solution\":" + std::to_string(k + 1) + ",")) << line;
    EXPECT_TRUE(contains(line, "\"options\":[")) << line;
    // Eight queens, each option with its input line and four item names.
    std::size_t options = 0;
    for (std::size_t at = line.find("\"line\":"); at != std::string::npos;
         at = line.find("\"line\":", at + 1))
      ++options;
    EXPECT_EQ(options, 8u) << line;
    EXPECT_TRUE(contains(line, "\"items\":[\"r")) << line;
  }
  const std::string& summary = lines.back();
  EXPECT_TRUE(contains(summary, "\"status\":\"complete\"")) << summary;
  EXPECT_TRUE(contains(summary, "\"solutions\":92")) << summary;
  EXPECT_TRUE(contains(summary, "\"nodes\":1199")) << summary;
  EXPECT_TRUE(contains(summary, "\"updates\":21375")) << summary;
}

TEST(DlxCli, JsonOptionLinesPointIntoTheInput) {
  // tiny's options are on input lines 3..6; the first solution is "a b" (line 3)
  // and "c" (line 4).
  const auto r = run_command({dlx_program, "--json", "--limit", "1"}, tiny);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0],
            R"({"solution":1,"options":[{"line":3,"items":["a","b"]},{"line":4,"items":["c"]}]})");
  EXPECT_TRUE(json_checker::is_object(lines[1])) << lines[1];
  EXPECT_TRUE(contains(lines[1], "\"status\":\"limit_reached\"")) << lines[1];
  EXPECT_TRUE(contains(lines[1], "\"solutions\":1")) << lines[1];
}

TEST(DlxCli, JsonWithCountPrintsOnlyTheSummary) {
  const auto r = run_command({dlx_program, "--json", "--count"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  EXPECT_TRUE(json_checker::is_object(lines[0])) << lines[0];
  EXPECT_TRUE(contains(lines[0], "\"solutions\":92")) << lines[0];
}

TEST(DlxCli, JsonBudgetSummary) {
  const auto r = run_command({dlx_program, "--json", "--count", "--budget", "10"},
                             as_text(examples::pentominoes(3, 20)));
  EXPECT_EQ(r.exit_code, 3);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 1u) << r.out;
  EXPECT_TRUE(json_checker::is_object(lines[0])) << lines[0];
  EXPECT_TRUE(contains(lines[0], "\"status\":\"budget_exhausted\"")) << lines[0];
}

TEST(DlxCli, StatsOnStderr) {
  const auto r = run_command({dlx_program, "--count", "--stats"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
  EXPECT_TRUE(contains(r.err, "92 solutions")) << r.err;
  EXPECT_TRUE(contains(r.err, "1199 nodes")) << r.err;
  EXPECT_TRUE(contains(r.err, "21375 updates")) << r.err;
  EXPECT_TRUE(contains(r.err, "complete")) << r.err;
}

TEST(DlxCli, MissingFile) {
  const std::string path =
      (std::filesystem::temp_directory_path() / "dlx-tests" / "no-such-file.dlx").string();
  const auto r = run_command({dlx_program, "--count", path});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, path)) << r.err;
  EXPECT_TRUE(contains(r.err, "cannot open")) << r.err;
}

TEST(DlxCli, DirectoryInsteadOfAFile) {
  const std::string dir = std::filesystem::temp_directory_path().string();
  const auto r = run_command({dlx_program, "--count", dir});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(contains(r.err, dir)) << r.err;
  EXPECT_TRUE(contains(r.err, "directory")) << r.err;
}

// ---- colors (XCC, Knuth's DLX2) and multiplicities (MCC, DLX3)

// The toy of TAOCP 7.2.2.1 (dlx-reference/xcc-toy.dlx): one solution, which
// Knuth's dlx2 finds in 4 nodes, 20 updates and 3 cleansings.
const std::string xcc_toy =
    "| the toy XCC problem of TAOCP 7.2.2.1\n"
    "p q r | x y\n"
    "p q x y:A\n"
    "p r x:A y\n"
    "p x:B\n"
    "q x:A\n"
    "r y:B\n";

// The toy of Knuth's dlx3.w: bounds on C, colors on X and Y; one solution.
const std::string mcc_toy =
    "A B 2:3|C | X Y\n"
    "A B X:0 Y:0\n"
    "A C X:1 Y:1\n"
    "C X:0\n"
    "B X:1\n"
    "C Y:1\n";

// b is covered 0 to 2 times; its options agree with a's color on x, leave x
// alone, or claim x without a color (which a's "x:red" rules out): four solutions.
const std::string bounds_and_colors = "a 0:2|b | x\na x:red\nb x:red\nb\nb x\n";

// The figures of dlx's --stats line:
// "dlx: S solutions, N nodes, U updates, C cleansings, B branches, G guesses,
// max level L, T s (STATUS, ENGINE engine)".
struct stats_line {
  std::uint64_t solutions = 0, nodes = 0, updates = 0, cleansings = 0, branches = 0, guesses = 0;
  std::uint64_t max_level = 0;
  std::string status, engine;
};

std::optional<stats_line> parse_stats(const std::string& err) {
  static const std::regex line(
      R"(dlx: (\d+) solutions?, (\d+) nodes?, (\d+) updates?, (\d+) cleansings?, )"
      R"((\d+) branch(?:es)?, (\d+) guess(?:es)?, max level (\d+), \d+\.\d{3} s )"
      R"(\(([a-z_]+), (bitset|dancing-links) )"
      R"(engine\)\n)");
  std::smatch m;
  if (!std::regex_search(err, m, line)) return std::nullopt;
  stats_line s;
  s.solutions = std::stoull(m[1]);
  s.nodes = std::stoull(m[2]);
  s.updates = std::stoull(m[3]);
  s.cleansings = std::stoull(m[4]);
  s.branches = std::stoull(m[5]);
  s.guesses = std::stoull(m[6]);
  s.max_level = std::stoull(m[7]);
  s.status = m[8];
  s.engine = m[9];
  return s;
}

TEST(DlxCliXcc, SolutionsArePrintedAsReadWithTheirColors) {
  const auto r = run_command({dlx_program}, xcc_toy);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "q x:A\np r x:A y\n");
  EXPECT_EQ(r.err, "");
}

TEST(DlxCliXcc, KnuthsDlx2ToyDropsAnOptionWithAWarning) {
  const auto r =
      run_command({dlx_program}, "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "A C X:1 Y:1\nB X:1\n");
  EXPECT_EQ(r.err, "<stdin>:4:1: warning: option ignored: it has no primary item\n");
}

TEST(DlxCliXcc, EveryEngineGivesTheSameOutput) {
  for (const std::string engine : {"auto", "links", "bitset"}) {
    const auto r = run_command({dlx_program, "--engine", engine}, xcc_toy);
    EXPECT_EQ(r.exit_code, 0) << engine << ": " << r.err;
    EXPECT_EQ(r.out, "q x:A\np r x:A y\n") << engine;
  }
}

TEST(DlxCliXcc, CountAndStatsWithCleansings) {
  const auto r = run_command({dlx_program, "--count", "--stats", "--engine", "links"}, xcc_toy);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "1\n");
  EXPECT_TRUE(
      r.err.starts_with("dlx: 1 solution, 4 nodes, 20 updates, 3 cleansings, 1 branch, "
                        "1 guess, max level 2, "))
      << r.err;
  EXPECT_TRUE(r.err.ends_with(" s (complete, dancing-links engine)\n")) << r.err;
  const auto stats = parse_stats(r.err);
  ASSERT_TRUE(stats) << r.err;
  EXPECT_EQ(stats->cleansings, 3u);
}

TEST(DlxCliXcc, PlainProblemsHaveNoCleansings) {
  const auto r = run_command({dlx_program, "--count", "--stats"}, as_text(examples::queens(8)));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto stats = parse_stats(r.err);
  ASSERT_TRUE(stats) << r.err;
  EXPECT_EQ(stats->solutions, 92u);
  EXPECT_EQ(stats->cleansings, 0u);
}

TEST(DlxCliXcc, JsonHasColorsAndCleansings) {
  const auto r = run_command({dlx_program, "--json"}, xcc_toy);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  for (const auto& line : lines)
    EXPECT_TRUE(json_checker::is_object(line)) << line;
  // Options on input lines 6 ("q x:A") and 4 ("p r x:A y"); colors only where
  // an option gives one.
  EXPECT_EQ(lines[0], R"({"solution":1,"options":[{"line":6,"items":["q","x"],"colors":{"x":"A"}},)"
                      R"({"line":4,"items":["p","r","x","y"],"colors":{"x":"A"}}]})");
  EXPECT_TRUE(lines[1].starts_with(
      R"({"status":"complete","solutions":1,"nodes":4,"updates":20,"cleansings":3,)"
      R"("branches":1,"guesses":1,"forced":0,"eliminated":0,"max_level":2,"seconds":)"))
      << lines[1];
}

TEST(DlxCliXcc, JsonOmitsColorsForAnOptionWithout) {
  const auto r = run_command({dlx_program, "--json"}, "a b | x y\na x:red y\nb\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], R"({"solution":1,"options":[{"line":2,"items":["a","x","y"],)"
                      R"("colors":{"x":"red"}},{"line":3,"items":["b"]}]})");
}

TEST(DlxCliXcc, JsonEscapesColorNames) {
  // A color may hold any printable character but space, '|' and ':'.
  const auto r =
      run_command({dlx_program, "--json", "--limit", "1"}, "a b | x\na x:q\"\\\nb x:q\"\\\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_TRUE(json_checker::is_object(lines[0])) << lines[0];
  EXPECT_TRUE(contains(lines[0], R"("colors":{"x":"q\"\\"})")) << lines[0];
}

TEST(DlxCliMcc, SolutionsArePrintedAsRead) {
  const auto r = run_command({dlx_program}, mcc_toy);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "A C X:1 Y:1\nB X:1\nC Y:1\n");
  EXPECT_EQ(r.err, "");
}

TEST(DlxCliMcc, SeveralSolutionsWithBoundsAndColors) {
  const auto r = run_command({dlx_program}, bounds_and_colors);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "a x:red\nb x:red\nb\n"
            "\n"
            "a x:red\nb x:red\n"
            "\n"
            "a x:red\nb\n"
            "\n"
            "a x:red\n");
}

TEST(DlxCliMcc, CountAndStats) {
  const auto r = run_command({dlx_program, "--count", "--stats"}, bounds_and_colors);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "4\n");
  EXPECT_TRUE(
      r.err.starts_with("dlx: 4 solutions, 8 nodes, 8 updates, 2 cleansings, 2 branches, "
                        "3 guesses, max level 3, "))
      << r.err;
  EXPECT_TRUE(r.err.ends_with(" s (complete, dancing-links engine)\n") ||
              r.err.ends_with(" s (complete, bitset engine)\n"))
      << r.err;
}

TEST(DlxCliMcc, Json) {
  const auto r = run_command({dlx_program, "--json"}, mcc_toy);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  for (const auto& line : lines)
    EXPECT_TRUE(json_checker::is_object(line)) << line;
  EXPECT_EQ(lines[0],
            R"({"solution":1,"options":[{"line":3,"items":["A","C","X","Y"],)"
            R"("colors":{"X":"1","Y":"1"}},{"line":5,"items":["B","X"],"colors":{"X":"1"}},)"
            R"({"line":6,"items":["C","Y"],"colors":{"Y":"1"}}]})");
  EXPECT_TRUE(lines[1].starts_with(R"({"status":"complete","solutions":1,"nodes":6,)"
                                   R"("updates":14,"cleansings":7,"branches":1,"guesses":1,)"
                                   R"("forced":0,)"
                                   R"("eliminated":0,"max_level":4,"seconds":)"))
      << lines[1];
}

TEST(DlxCliMcc, BitsetEngineAgrees) {
  // Every engine gives the same answer, from a file or a pipe.
  const std::string path = test_support::write_temp_file("mcc-toy.dlx", mcc_toy);
  const auto links = run_command({dlx_program, "--engine", "links", path});
  EXPECT_EQ(links.exit_code, 0) << links.err;
  EXPECT_EQ(links.out, "A C X:1 Y:1\nB X:1\nC Y:1\n");
  const auto automatic = run_command({dlx_program, "--engine", "auto", path});
  EXPECT_EQ(automatic.exit_code, 0) << automatic.err;
  EXPECT_EQ(automatic.out, links.out);
  const auto named = run_command({dlx_program, "--engine=bitset", path});
  const auto piped = run_command({dlx_program, "--engine", "bitset"}, mcc_toy);
  EXPECT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(named.out, links.out);
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out, links.out);
}

// Knuth's dlx2 and dlx3 figures (dlx-reference/README.md), through the command,
// for every engine.
struct knuth_figures {
  const char* file;
  std::uint64_t solutions, nodes, updates, cleansings;
};

TEST(DlxCliReference, KnuthsXccAndMccFigures) {
  const std::filesystem::path& dir = test_support::reference_dir;
  if (!std::filesystem::is_directory(dir)) GTEST_SKIP() << "no " << dir;
  const knuth_figures cases[] = {
      {"xcc-toy.dlx", 1, 4, 20, 3},
      {"xcc-ref-00.dlx", 77, 212, 1736, 159},
      {"xcc-ref-04.dlx", 1879, 2554, 8508, 1716},
      {"xcc-ref-05.dlx", 7, 22, 465, 30},
      {"mcc-ref-00.dlx", 3999, 6295, 6648, 0},
      {"mcc-ref-02.dlx", 437, 1020, 5514, 0},
      {"mcc-ref-05.dlx", 1, 8, 120, 0},
  };
  for (const auto& c : cases) {
    const std::string path = (dir / c.file).string();
    if (!std::filesystem::is_regular_file(path)) {
      ADD_FAILURE() << "missing " << path;
      continue;
    }
    for (const std::string engine : {"auto", "links", "bitset"}) {
      SCOPED_TRACE(std::string(c.file) + " --engine " + engine);
      const auto r = run_command({dlx_program, "--count", "--stats", "--engine", engine, path});
      EXPECT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(r.out, std::to_string(c.solutions) + "\n");
      const auto stats = parse_stats(r.err);
      ASSERT_TRUE(stats) << r.err;
      EXPECT_EQ(stats->solutions, c.solutions);
      EXPECT_EQ(stats->nodes, c.nodes);
      EXPECT_EQ(stats->updates, c.updates);
      EXPECT_EQ(stats->cleansings, c.cleansings);
      EXPECT_EQ(stats->status, "complete");
      if (engine == "links") {
        EXPECT_EQ(stats->engine, "dancing-links");
      }
      if (engine == "bitset") {
        EXPECT_EQ(stats->engine, "bitset");
      }
      // The JSON summary agrees with the stats line.
      const auto json = run_command({dlx_program, "--count", "--json", "--engine", engine, path});
      EXPECT_EQ(json.exit_code, 0) << json.err;
      EXPECT_TRUE(contains(json.out, fmt::format(R"("solutions":{},"nodes":{},"updates":{},)"
                                                 R"("cleansings":{},)",
                                                 c.solutions, c.nodes, c.updates, c.cleansings)))
          << json.out;
    }
  }
}

// ---- encoders piped into dlx

TEST(EncoderCli, QueensIntoDlx) {
  const auto encoded = run_command({DLX_QUEENS, "8"});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  EXPECT_EQ(encoded.out, as_text(examples::queens(8)));
  const auto r = run_command({dlx_program, "--count"}, encoded.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
}

TEST(EncoderCli, LangfordIntoDlx) {
  const auto encoded = run_command({DLX_LANGFORD, "7"});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  const auto r = run_command({dlx_program, "--count", "--stats"}, encoded.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "52\n");
  // Knuth's figures for langford-7 (dlx-reference/README.md).
  EXPECT_TRUE(contains(r.err, "607 nodes")) << r.err;
  EXPECT_TRUE(contains(r.err, "8339 updates")) << r.err;
}

// --branch conflicts: the same count in a tree of its own (Knuth's 607 nodes
// are not it), and usage errors where it cannot run.
TEST(EncoderCli, BranchingOnConflictsKeepsTheCount) {
  const auto encoded = run_command({DLX_LANGFORD, "7"});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  const auto r =
      run_command({dlx_program, "--count", "--stats", "--branch", "conflicts"}, encoded.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "52\n");
  EXPECT_TRUE(contains(r.err, "52 solutions")) << r.err;
  EXPECT_FALSE(contains(r.err, "607 nodes")) << r.err;
  const auto mrv = run_command({dlx_program, "--count", "--stats", "--branch", "mrv"}, encoded.out);
  EXPECT_TRUE(contains(mrv.err, "607 nodes")) << mrv.err;
  const auto threads =
      run_command({dlx_program, "--count", "--branch", "conflicts", "--threads", "2"}, encoded.out);
  EXPECT_EQ(threads.exit_code, 2);
  EXPECT_TRUE(contains(threads.err, "runs on one thread")) << threads.err;
  const auto links =
      run_command({dlx_program, "--engine", "links", "--branch", "conflicts"}, encoded.out);
  EXPECT_EQ(links.exit_code, 2);
  EXPECT_TRUE(contains(links.err, "needs the bitset engine")) << links.err;
  const auto groups =
      run_command({dlx_program, "--propagation", "groups", "--branch", "conflicts"}, encoded.out);
  EXPECT_EQ(groups.exit_code, 2);
  EXPECT_TRUE(contains(groups.err, "and propagation none, forced or pairs")) << groups.err;
  const auto memo = run_command({dlx_program, "--memo", "--branch", "conflicts"}, encoded.out);
  EXPECT_EQ(memo.exit_code, 2);
  EXPECT_TRUE(contains(memo.err, "--branch conflicts does not apply to --memo")) << memo.err;
  const auto first = run_command({dlx_program, "--count", "--branch", "first"}, encoded.out);
  EXPECT_EQ(first.exit_code, 2);
  EXPECT_TRUE(contains(first.err, "--branch first needs --memo")) << first.err;
  const auto bad = run_command({dlx_program, "--branch", "random"}, encoded.out);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--branch: expected mrv, first or conflicts, got 'random'"))
      << bad.err;
}

// --propagation: the same count, a smaller tree with its own counters, and
// usage errors where it is not available.
TEST(EncoderCli, PropagationKeepsTheCountAndShrinksTheTree) {
  const auto encoded = run_command({DLX_LANGFORD, "7"});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  for (const std::string mode : {"forced", "pairs"}) {
    const auto r =
        run_command({dlx_program, "--count", "--stats", "--propagation", mode}, encoded.out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "52\n");
    EXPECT_TRUE(contains(r.err, "forced, ")) << r.err;
    EXPECT_TRUE(contains(r.err, mode == "pairs" ? "109 branches" : "129 branches")) << r.err;
    EXPECT_FALSE(contains(r.err, "607 nodes")) << r.err;  // Knuth's tree is bigger
  }
  // The structure search: Langford pairs have groups and quotas (no family),
  // and it says so; a problem with bounds is not looked at, and it says that.
  const auto groups =
      run_command({dlx_program, "--count", "--stats", "--propagation", "groups"}, encoded.out);
  EXPECT_EQ(groups.exit_code, 0) << groups.err;
  EXPECT_EQ(groups.out, "52\n");
  EXPECT_TRUE(contains(groups.err, "169 branches, 169 guesses")) << groups.err;
  EXPECT_TRUE(contains(groups.err, "dlx: structure: 6 classes, 30 groups, 27 quotas, 0 families"))
      << groups.err;
  // The plain 9x9 Sudoku matrix: laid out in boxes and bands, and what its
  // rules run in on this host.
  std::string nine = "";
  for (const char* kind : {"p", "r", "c", "b"})
    for (int i = 0; i < 81; ++i)
      nine += fmt::format("{}{}_{} ", kind, i / 9, i % 9);
  nine += "\n";
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c)
      for (int v = 0; v < 9; ++v)
        nine +=
            fmt::format("p{}_{} r{}_{} c{}_{} b{}_{}\n", r, c, r, v, c, v, r / 3 * 3 + c / 3, v);
  const auto boxes = run_command(
      {dlx_program, "--count", "--limit", "3", "--stats", "--propagation", "groups"}, nine);
  EXPECT_EQ(boxes.exit_code, 0) << boxes.err;
  EXPECT_EQ(boxes.out, "3\n");
  EXPECT_TRUE(contains(boxes.err,
                       "54 families (324 matchings), 6 clusters, laid out in boxes "
                       "and bands (rules in "))
      << boxes.err;
  const auto bounded =
      run_command({dlx_program, "--count", "--stats", "--propagation", "groups"}, mcc_toy);
  EXPECT_EQ(bounded.exit_code, 0) << bounded.err;
  EXPECT_EQ(bounded.out, "1\n");
  EXPECT_TRUE(contains(bounded.err, "structure: none looked for")) << bounded.err;
  const auto seeded =
      run_command({dlx_program, "--propagation", "groups", "--seed", "3"}, encoded.out);
  EXPECT_EQ(seeded.exit_code, 2);
  EXPECT_TRUE(contains(seeded.err, "cannot be seeded")) << seeded.err;
  const auto threads = run_command(
      {dlx_program, "--count", "--propagation", "groups", "--threads", "2"}, encoded.out);
  EXPECT_EQ(threads.exit_code, 0) << threads.err;
  EXPECT_EQ(threads.out, "52\n");
  const auto bad = run_command({dlx_program, "--propagation", "all"}, encoded.out);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--propagation: expected none, forced, pairs or groups"))
      << bad.err;
  const auto links =
      run_command({dlx_program, "--engine", "links", "--propagation", "forced"}, encoded.out);
  EXPECT_EQ(links.exit_code, 2);
  EXPECT_TRUE(contains(links.err, "needs the bitset engine")) << links.err;
  const auto bounds = run_command({dlx_program, "--propagation", "pairs"}, mcc_toy);
  EXPECT_EQ(bounds.exit_code, 2);
  EXPECT_TRUE(contains(bounds.err, "not available with multiplicities")) << bounds.err;
}

TEST(EncoderCli, PentominoIntoDlx) {
  const auto encoded = run_command({DLX_PENTOMINO, "3x20"});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  const auto r = run_command({dlx_program, "--count"}, encoded.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "8\n");
}

// Every encoder reads a board's size as WIDTHxHEIGHT, columns then rows, as its
// picture is drawn: 3x2 is three cells wide (r1c2 exists, r2c1 does not), and so
// is the SVG (wider than high). The usage says so.
TEST(EncoderCli, BoardSizesAreWidthByHeight) {
  const auto items = [](const std::string& dlx_text) {
    for (const auto& line : lines_of(dlx_text))
      if (!line.starts_with("|")) return " " + line + " ";
    return std::string();
  };
  const auto dominoes = run_command({DLX_DOMINOES, "3x2"});
  ASSERT_EQ(dominoes.exit_code, 0) << dominoes.err;
  EXPECT_EQ(items(dominoes.out), " r0c0 r0c1 r0c2 r1c0 r1c1 r1c2 ");
  const auto pentominoes = run_command({DLX_PENTOMINO, "3x20"});
  ASSERT_EQ(pentominoes.exit_code, 0) << pentominoes.err;
  EXPECT_TRUE(contains(items(pentominoes.out), " r19c2 ")) << items(pentominoes.out);
  EXPECT_FALSE(contains(items(pentominoes.out), " r2c19 "));

  const auto solved = run_command({dlx_program, "--limit", "1"}, dominoes.out);
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  const auto svg = run_command({DLX_DOMINOES, "--svg", "3x2"}, solved.out);
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  std::smatch box;
  ASSERT_TRUE(std::regex_search(svg.out, box, std::regex(R"re(viewBox="0 0 (\d+) (\d+)")re")))
      << svg.out.substr(0, 200);
  EXPECT_GT(std::stoi(box[1]), std::stoi(box[2])) << box[0];

  for (const char* program : {DLX_DOMINOES, DLX_PENTOMINO}) {
    const auto usage = run_command({program});
    EXPECT_EQ(usage.exit_code, 2);
    EXPECT_TRUE(contains(usage.err, " WIDTHxHEIGHT\n")) << usage.err;
    EXPECT_TRUE(contains(usage.err, "WIDTH columns wide and HEIGHT rows high")) << usage.err;
  }
}

TEST(EncoderCli, BadArgumentsAreUsageErrors) {
  for (const std::vector<std::string>& argv : {std::vector<std::string>{DLX_QUEENS},
                                               {DLX_QUEENS, "0"},
                                               {DLX_QUEENS, "eight"},
                                               {DLX_QUEENS, "8", "9"},
                                               {DLX_LANGFORD, "-1"},
                                               {DLX_PENTOMINO, "6by10"}}) {
    const auto r = run_command(argv);
    EXPECT_EQ(r.exit_code, 2) << argv.back();
    EXPECT_EQ(r.out, "") << argv.back();
    // The reason first ("dlx-queens: expected N (...), got '0'"), then the usage.
    const std::string got = argv.size() == 1 ? "got nothing\n" : "got '" + argv[1] + "'";
    EXPECT_TRUE(contains(r.err, ": expected ")) << r.err;
    EXPECT_TRUE(contains(r.err, got)) << r.err;
    EXPECT_TRUE(contains(r.err, "\nUsage: ")) << r.err;
  }
}

// A well-written size whose area is not the pentominoes' 60 cells is refused
// for its area, not for its form ("expected WIDTHxHEIGHT" blamed the writing).
TEST(EncoderCli, PentominoBoardsOfAnotherAreaSayWhy) {
  for (const auto& [size, cells] : {std::pair<std::string, std::string>{"7x7", "49"},
                                    {"7x10", "70"},
                                    {"60x60", "3600"},
                                    {"100000x100000", "10000000000"}}) {
    const auto r = run_command({DLX_PENTOMINO, size});
    EXPECT_EQ(r.exit_code, 2) << size;
    EXPECT_EQ(r.out, "") << size;
    EXPECT_EQ(r.err,
              "dlx-pentomino: the board's area must be 60 cells, the 12 pentominoes' 5 "
              "each (" +
                  size + " has " + cells + "): try 6x10, 5x12, 4x15, 3x20 or their turns\n")
        << r.err;
  }
  // 60 cells in any shape is packed (none fit 2x30 or 1x60: no solutions, no error).
  for (const char* size : {"10x6", "2x30", "1x60"}) {
    const auto r = run_command({DLX_PENTOMINO, size});
    EXPECT_EQ(r.exit_code, 0) << size << ": " << r.err;
  }
}

}  // namespace

// --threads: the same count and figures whatever the number of threads, the
// same solutions in another order, and the seed refused (a random tree cannot
// be split). Queens 11 (2,680 solutions, OEIS A000170) is long enough to split.
TEST(EncoderCli, ThreadsKeepTheCountsAndTheSolutions) {
  const auto encoded = run_command({DLX_QUEENS, "11"});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  const auto one = run_command({dlx_program, "--count", "--stats"}, encoded.out);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, "2680\n");
  // The figures, without the time.
  const auto figures = [](const std::string& err) { return err.substr(0, err.find(" s (")); };
  const auto listed_once = run_command({dlx_program}, encoded.out);
  auto blocks = [](const std::string& out) {
    std::multiset<std::string> solutions;
    std::string block;
    for (const auto& line : test_support::lines_of(out + "\n")) {
      if (line.empty()) {
        solutions.insert(block);
        block.clear();
      } else {
        block += line + "\n";
      }
    }
    return solutions;
  };
  for (const std::string threads : {"2", "3", "0"}) {
    const auto r =
        run_command({dlx_program, "--count", "--stats", "--threads", threads}, encoded.out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "2680\n");
    EXPECT_EQ(figures(r.err).substr(0, figures(r.err).rfind(',')),
              figures(one.err).substr(0, figures(one.err).rfind(',')))
        << threads;
    const auto listed = run_command({dlx_program, "-j", threads}, encoded.out);
    EXPECT_EQ(listed.exit_code, 0) << listed.err;
    EXPECT_EQ(blocks(listed.out), blocks(listed_once.out)) << threads;
  }
  const auto seeded = run_command({dlx_program, "--seed", "1", "--threads", "2"}, encoded.out);
  EXPECT_EQ(seeded.exit_code, 2);
  EXPECT_TRUE(contains(seeded.err, "seeded search runs on one thread")) << seeded.err;
  const auto bad = run_command({dlx_program, "--threads", "two"}, encoded.out);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--threads")) << bad.err;
}
