// Golden tests of the `dlx` command and the encoder programs, run as child
// processes: exact standard output, exit codes (0 solved, 1 no solution, 2 bad
// usage or input, 3 budget ran out) and located messages on standard error.
#include <gtest/gtest.h>
#include <dlx/format.hpp>

#include <cctype>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "encoders.hpp"
#include "json_checker.hpp"
#include "run_command.hpp"

namespace {

using test_support::run_command;

const std::string dlx_program = DLX_CLI;

std::string as_text(const dlx::problem& p) {
  std::ostringstream out;
  dlx::write_dlx(out, p);
  return out.str();
}

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
                             "--json", "--help", "--version"}) {
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

TEST(EncoderCli, PentominoIntoDlx) {
  const auto encoded = run_command({DLX_PENTOMINO, "3x20"});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  const auto r = run_command({dlx_program, "--count"}, encoded.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "8\n");
}

TEST(EncoderCli, BadArgumentsAreUsageErrors) {
  for (const std::vector<std::string>& argv : {std::vector<std::string>{DLX_QUEENS},
                                               {DLX_QUEENS, "0"},
                                               {DLX_QUEENS, "eight"},
                                               {DLX_QUEENS, "8", "9"},
                                               {DLX_LANGFORD, "-1"},
                                               {DLX_PENTOMINO, "7x10"},
                                               {DLX_PENTOMINO, "6by10"}}) {
    const auto r = run_command(argv);
    EXPECT_EQ(r.exit_code, 2) << argv.back();
    EXPECT_EQ(r.out, "") << argv.back();
    EXPECT_TRUE(r.err.starts_with("Usage: ")) << r.err;
  }
}

}  // namespace
