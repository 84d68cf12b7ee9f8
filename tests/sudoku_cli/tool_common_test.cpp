// What every command's messages share (tools/common): the one phrasing of a
// number that will not do, the summary line's time and throughput, and the
// counted nouns (dlx/counted.hpp). Unit tests: the rules themselves, apart from
// the time a run happens to take.
#include <gtest/gtest.h>
#include <dlx/counted.hpp>
#include <dlx/memo.hpp>

#include <filesystem>
#include <string>

#include "cli.hpp"
#include "output.hpp"
#include "run_summary.hpp"

namespace {

std::string usage_message(std::string_view text, std::uint64_t min, std::uint64_t max) {
  try {
    tools::parse_unsigned(text, "--count", min, max);
  } catch (const tools::usage_error& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ToolNumbers, OnePhrasingWhateverIsWrong) {
  // Negative, zero below the minimum, not a number, too large: the same sentence.
  for (const char* text : {"-3", "0", "2x", "", "99999999999999999999"}) {
    EXPECT_EQ(usage_message(text, 1, UINT64_MAX),
              std::string("--count: expected an integer, 1 or more, got '") + text + "'");
  }
  EXPECT_EQ(usage_message("257", 1, 256), "--count: expected an integer from 1 to 256, got '257'");
  EXPECT_EQ(usage_message("-1", 0, UINT64_MAX),
            "--count: expected an integer, 0 or more, got '-1'");
  EXPECT_EQ(usage_message("256", 1, 256), "(accepted)");
  EXPECT_EQ(tools::parse_unsigned("18446744073709551615", "--seed"), UINT64_MAX);
}

TEST(ToolNumbers, CountedNouns) {
  EXPECT_EQ(dlx::counted(1, "solution"), "1 solution");
  EXPECT_EQ(dlx::counted(0, "solution"), "0 solutions");
  EXPECT_EQ(dlx::counted(2, "branch", "branches"), "2 branches");
  EXPECT_EQ(dlx::counted(1, "branch", "branches"), "1 branch");
  EXPECT_EQ(dlx::counted("100000000000000000000", "solution"), "100000000000000000000 solutions");
  EXPECT_EQ(dlx::counted("1", "node"), "1 node");
}

TEST(RunSummary, DurationsToThreeFigures) {
  EXPECT_EQ(tools::format_duration(0.000412), "0.412 ms");
  EXPECT_EQ(tools::format_duration(0.0523), "52.3 ms");
  EXPECT_EQ(tools::format_duration(0.9996), "1.00 s");
  EXPECT_EQ(tools::format_duration(1.234), "1.23 s");
  EXPECT_EQ(tools::format_duration(12.34), "12.3 s");
  EXPECT_EQ(tools::format_duration(59.96), "1 min 0 s");
  EXPECT_EQ(tools::format_duration(125.4), "2 min 5 s");
  EXPECT_EQ(tools::format_duration(3725), "1 h 02 min");
}

TEST(RunSummary, RatesPerSecondOrPerItem) {
  EXPECT_EQ(tools::format_rate(49151, 1.32, "puzzle"), "37236 puzzles/s");
  EXPECT_EQ(tools::format_rate(421, 100, "puzzle"), "4.21 puzzles/s");
  EXPECT_EQ(tools::format_rate(5, 192, "puzzle"), "38.4 s per puzzle");
  EXPECT_EQ(tools::format_rate(3, 600, "puzzle"), "3 min 20 s per puzzle");
  EXPECT_EQ(tools::format_rate(0, 1, "puzzle"), "0 puzzles/s");
}

// Progress lines' figures: three significant digits and a unit. (Thousands
// were once divided by 10,000: 393,216 nodes read "39.3k".)
TEST(ToolNumbers, ApproximateFigures) {
  EXPECT_EQ(tools::approximate(0), "0");
  EXPECT_EQ(tools::approximate(9999), "9999");
  EXPECT_EQ(tools::approximate(10000), "10k");
  EXPECT_EQ(tools::approximate(393216), "393k");
  EXPECT_EQ(tools::approximate(999499), "999k");
  EXPECT_EQ(tools::approximate(999999), "1M");
  EXPECT_EQ(tools::approximate(999999999), "1G");
  EXPECT_EQ(tools::approximate(1970000), "1.97M");
  EXPECT_EQ(tools::approximate(50000000), "50M");
  EXPECT_EQ(tools::approximate(2500000000), "2.5G");
  EXPECT_EQ(tools::approximate(7000000000000), "7T");
}

// The plain search's progress and --memo's give rates alike: "1.03M/s", never
// printf's "1.03e+06/s".
TEST(ToolNumbers, ProgressRatesInOneFormat) {
  EXPECT_EQ(tools::per_second(8320000, 1), "8.32M/s");
  EXPECT_EQ(tools::per_second(1030000, 1), "1.03M/s");
  EXPECT_EQ(tools::per_second(500, 2), "250/s");
  dlx::search_progress search;
  search.nodes = 2060000;
  search.solutions = 1;
  search.elapsed = std::chrono::seconds(2);
  EXPECT_EQ(tools::search_progress_text(search), "2.06M nodes (1.03M/s), 1 solution");
  dlx::memo_progress memo;
  memo.nodes = 2060000;
  memo.hits = 15000;
  memo.signatures = 1;
  memo.zdd_nodes = 393216;
  memo.bytes = std::size_t{96} << 20;
  memo.elapsed = std::chrono::seconds(2);
  EXPECT_EQ(tools::memo_progress_text(memo),
            "2.06M nodes (1.03M/s), 15k hits, 1 signature, 393k ZDD nodes, 96 MB, 2 s");
}

TEST(RunSummary, ThroughputOnlyWhenItSaysSomething) {
  // One puzzle: its time, no rate (the rate of one interactive puzzle is noise).
  EXPECT_EQ(tools::run_timing(1, "puzzle", 2.5, 2), " in 2.50 s");
  // A run under a tenth of a second: starting threads weighs as much as the work.
  EXPECT_EQ(tools::run_timing(100, "puzzle", 0.0639, 2), " in 63.9 ms");
  EXPECT_EQ(tools::run_timing(1000, "puzzle", 0.322, 2), " in 322 ms (3106 puzzles/s, 2 threads)");
  EXPECT_EQ(tools::run_timing(5, "puzzle", 192, 1), " in 3 min 12 s (38.4 s per puzzle, 1 thread)");
}

TEST(ToolHelp, ExitStatusAndDocumentation) {
  const std::string help = tools::exit_status_help();
  for (const char* code : {"0 answered", "1 no solution", "2 bad usage", "3 unknown", "4 an output",
                           "70 internal", "141 the reader"}) {
    EXPECT_NE(help.find(code), std::string::npos) << code;
  }
  // From the build tree, the source's docs: they hold the table the help cites.
  EXPECT_TRUE(std::filesystem::exists(tools::documentation_dir() + "/exit-codes.md"))
      << tools::documentation_dir();
  EXPECT_NE(help.find("Documentation: " + tools::documentation_dir() + " (exit-codes.md"),
            std::string::npos)
      << help;
}

}  // namespace
