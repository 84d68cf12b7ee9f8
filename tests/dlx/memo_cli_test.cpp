// `dlx --memo` and the questions it answers from the diagram, run as child
// processes: exact output and exit codes, with the encoders dlx-dominoes and
// dlx-aztec writing the problems. Bad input and usage are in the hardening
// catalogue (tests/hardening/catalogue_test.cpp).
#include <gtest/gtest.h>
#include <dlx/format.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
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

using test_support::contains;
using test_support::lines_of;
using test_support::reference_dir;
using test_support::run_command;

using test_support::as_text;

std::string encoded(const std::string& encoder, const std::string& size) {
  const auto r = run_command({encoder, size});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out;
}

TEST(DlxMemoCli, CountsExactlyPastSixtyFourBits) {
  // OEIS A004003 for the 12 x 12 and 14 x 14 boards; the Aztec diamond of order 9.
  auto r = run_command({DLX_CLI, "--count", "--memo"}, encoded(DLX_DOMINOES, "12x12"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "53060477521960000\n");
  EXPECT_EQ(r.err, "");
  r = run_command({DLX_CLI, "-c", "-m"}, encoded(DLX_DOMINOES, "14x14"));
  EXPECT_EQ(r.out, "112202208776036178000000\n");
  r = run_command({DLX_CLI, "-c", "-m"}, encoded(DLX_AZTEC, "9"));
  EXPECT_EQ(r.out, "35184372088832\n");  // 2^45
}

TEST(DlxMemoCli, NoSolutionExitsOne) {
  const auto r = run_command({DLX_CLI, "-c", "-m"}, encoded(DLX_DOMINOES, "3x3"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "0\n");
}

// Listing from the diagram prints what the plain search prints, in its order.
TEST(DlxMemoCli, ListsThePlainSearchsSolutions) {
  for (const std::string& problem : {as_text(examples::queens(6)), as_text(examples::langford(7)),
                                     encoded(DLX_DOMINOES, "4x5")}) {
    const auto plain = run_command({DLX_CLI}, problem);
    const auto memo = run_command({DLX_CLI, "--memo"}, problem);
    EXPECT_EQ(memo.exit_code, 0) << memo.err;
    EXPECT_EQ(memo.out, plain.out);
    const auto first = run_command({DLX_CLI, "--memo", "--limit", "2"}, problem);
    const auto plain_first = run_command({DLX_CLI, "--limit", "2"}, problem);
    EXPECT_EQ(first.out, plain_first.out);
  }
}

// --stats prints dlx6's figures (dlx-reference/README.md, its DLX6 section).
TEST(DlxMemoCli, StatsAreKnuthsDlx6Figures) {
  const auto path = reference_dir / "queens-8.dlx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no " << path;
  const auto r = run_command({DLX_CLI, "-c", "-m", "--stats", path.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "92\n");
  EXPECT_TRUE(contains(r.err,
                       "dlx: 92 solutions, 1101 search nodes, 19654 updates, 0 cleansings, 474 ZDD "
                       "nodes (469 in the reduced diagram), 590+382 signatures, 130 hits, "))
      << r.err;
  const auto first =
      run_command({DLX_CLI, "-c", "-m", "--stats", "--branch", "first", path.string()});
  // dlx6-noMRV's figures for the same file.
  EXPECT_TRUE(contains(first.err, "1395 search nodes, 23663 updates, 0 cleansings, 426 ZDD nodes"))
      << first.err;
  EXPECT_TRUE(contains(first.err, "840+334 signatures, 222 hits")) << first.err;
}

TEST(DlxMemoCli, WritesTheDiagramAndReadsItBack) {
  const std::string problem = encoded(DLX_DOMINOES, "6x6");
  const auto path = test_support::write_temp_file("6x6.dlx", problem);
  const auto zdd = test_support::write_temp_file("6x6.zdd", "");
  auto r = run_command({DLX_CLI, "--memo", "--zdd", zdd, path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "6728\n");  // with --zdd and no other question: the count
  const std::string text = test_support::read_file(zdd);
  const auto lines = lines_of(text);
  ASSERT_FALSE(lines.empty());
  EXPECT_TRUE(lines.back().find(": (~0?0:") != std::string::npos) << lines.back();
  // dlx6 makes 365 nodes here, none of them equal: 363 lines and the root's.
  EXPECT_EQ(lines.size(), 364u);

  const auto to_stdout = run_command({DLX_CLI, "--zdd", "-", path});
  EXPECT_EQ(to_stdout.out, text);

  r = run_command({DLX_CLI, "-c", "--from-zdd", zdd, path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "6728\n");
  const auto listed = run_command({DLX_CLI, "--from-zdd", zdd, "--limit", "5", path});
  const auto plain = run_command({DLX_CLI, "--limit", "5", path});
  EXPECT_EQ(listed.out, plain.out);
}

// The solutions of a domino problem, each as the set of its option lines.
std::set<std::set<std::string>> solutions_of(const std::string& output) {
  std::set<std::set<std::string>> out;
  std::set<std::string> current;
  for (const std::string& line : lines_of(output)) {
    if (line.empty()) {
      out.insert(current);
      current.clear();
    } else if (line.rfind("cost ", 0) != 0) {
      current.insert(line);
    }
  }
  if (!current.empty()) out.insert(current);
  return out;
}

TEST(DlxMemoCli, SamplesAreSolutionsAndRepeatWithTheSeed) {
  const std::string problem = encoded(DLX_DOMINOES, "4x5");  // 95 tilings
  const auto all = solutions_of(run_command({DLX_CLI}, problem).out);
  ASSERT_EQ(all.size(), 95u);
  const auto a = run_command({DLX_CLI, "--sample", "30", "--seed", "4"}, problem);
  const auto b = run_command({DLX_CLI, "--sample", "30", "--seed", "4"}, problem);
  const auto c = run_command({DLX_CLI, "--sample", "30", "--seed", "5"}, problem);
  EXPECT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  // 30 solutions, separated by blank lines, each one of the 95.
  std::vector<std::set<std::string>> drawn;
  std::set<std::string> current;
  for (const std::string& line : lines_of(a.out + "\n")) {
    if (line.empty()) {
      drawn.push_back(current);
      current.clear();
    } else {
      current.insert(line);
    }
  }
  ASSERT_EQ(drawn.size(), 30u);
  for (const auto& s : drawn)
    EXPECT_TRUE(all.contains(s));
  const auto json = run_command({DLX_CLI, "--sample", "2", "--seed", "4", "--json"}, problem);
  const auto lines = lines_of(json.out);
  ASSERT_EQ(lines.size(), 3u);
  for (const auto& line : lines)
    EXPECT_TRUE(test_support::json_checker::is_object(line)) << line;
  EXPECT_TRUE(contains(lines.back(), "\"seed\":4")) << lines.back();
  EXPECT_TRUE(contains(lines.back(), "\"solutions\":95")) << lines.back();
}

TEST(DlxMemoCli, MinCostInDlx5Notation) {
  const std::string problem = "a b c\na b |4\nc |1\na |2\nb c |2\n";
  const auto r = run_command({DLX_CLI, "--min-cost", "2"}, problem);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "cost 4\na |2\nb c |2\n\ncost 5\na b |4\nc |1\n");
  const auto one = run_command({DLX_CLI, "--min-cost"}, problem);
  EXPECT_EQ(one.out, "cost 4\na |2\nb c |2\n");
}

TEST(DlxMemoCli, CountsBySize) {
  // Every tiling of the 4 x 4 board has 8 dominoes.
  auto r = run_command({DLX_CLI, "--by-size"}, encoded(DLX_DOMINOES, "4x4"));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "8 36\n");
  // Options {a}, {b}, {a b}: one solution of 2 options, one of 1.
  r = run_command({DLX_CLI, "--by-size"}, "a b\na\nb\na b\n");
  EXPECT_EQ(r.out, "1 1\n2 1\n");
}

TEST(DlxMemoCli, MemoryBudgetIsAnAnswerNotACrash) {
  const auto r =
      run_command({DLX_CLI, "-c", "-m", "--memory-budget", "2M"}, encoded(DLX_DOMINOES, "16x16"));
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "unknown\n");  // the count, as the plain search and `sudoku count` say
  EXPECT_TRUE(contains(r.err, "dlx: memory budget exhausted after ")) << r.err;
  EXPECT_TRUE(contains(r.err, "raise it with --memory-budget")) << r.err;
}

// ---- On threads (-j N, --threads N) ----------------------------------------------

// The count on threads is one thread's, with and without --decompose.
TEST(DlxMemoCli, CountsOnThreadsAsOnOne) {
  const std::string problem = encoded(DLX_DOMINOES, "10x10");
  const auto one = run_command({DLX_CLI, "--count", "--memo", "-j", "1"}, problem);
  EXPECT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, "258584046368\n");  // OEIS A004003
  for (const std::vector<std::string>& how : {std::vector<std::string>{"--memo", "-j", "2"},
                                              {"--memo", "--threads", "2"},
                                              {"--decompose", "-j", "2"},
                                              {"--decompose", "--threads", "3"}}) {
    std::vector<std::string> argv{DLX_CLI, "--count"};
    argv.insert(argv.end(), how.begin(), how.end());
    const auto r = run_command(argv, problem);
    EXPECT_EQ(r.exit_code, 0) << how[0] << ' ' << how[2] << ": " << r.err;
    EXPECT_EQ(r.out, one.out) << how[0] << ' ' << how[2];
    EXPECT_EQ(r.err, "") << how[0] << ' ' << how[2];
  }
}

// Without --decompose the diagram written on threads is one thread's, byte for
// byte, for exact cover and for colors alike.
TEST(DlxMemoCli, WritesOneThreadsDiagramOnThreads) {
  for (const std::string& problem :
       {encoded(DLX_DOMINOES, "12x12"), as_text(examples::langford(8)),
        std::string(
            "a b c | x y\na x:A\nb x:A y:B\nb y:A\nc x:B\nc y:B\na b\nc\na c x:A\nb x:A\n")}) {
    const auto path = test_support::write_temp_file("threads.dlx", problem);
    const auto one_path = test_support::write_temp_file("threads-1.zdd", "");
    const auto two_path = test_support::write_temp_file("threads-2.zdd", "");
    const auto one = run_command({DLX_CLI, "--memo", "--zdd", one_path, "-j", "1", path});
    const auto two = run_command({DLX_CLI, "--memo", "--zdd", two_path, "-j", "2", path});
    EXPECT_EQ(two.exit_code, one.exit_code) << two.err;
    EXPECT_EQ(two.out, one.out);  // the count
    const std::string text = test_support::read_file(one_path);
    EXPECT_FALSE(text.empty());
    EXPECT_EQ(test_support::read_file(two_path), text) << problem;
  }
}

// A number that follows a key in a --json line ("key":123), or -1.
long long json_number(const std::string& line, const std::string& key) {
  const auto at = line.find("\"" + key + "\":");
  if (at == std::string::npos) return -1;
  return std::stoll(line.substr(at + key.size() + 3));
}

// --json and --stats on threads: the same count and signatures as one thread,
// the threads named, zdd_nodes the diagram's size.
TEST(DlxMemoCli, JsonAndStatsOnThreads) {
  const std::string problem = as_text(examples::queens(8));
  const auto one = run_command({DLX_CLI, "-c", "-m", "--json", "--stats"}, problem);
  const auto two = run_command({DLX_CLI, "-c", "-m", "--json", "--stats", "-j", "2"}, problem);
  EXPECT_EQ(two.exit_code, 0) << two.err;
  ASSERT_EQ(lines_of(two.out).size(), 1u) << two.out;
  const std::string line = lines_of(two.out).front();
  EXPECT_TRUE(test_support::json_checker::is_object(line)) << line;
  EXPECT_TRUE(contains(line, "\"status\":\"complete\",\"solutions\":92,")) << line;
  EXPECT_EQ(json_number(line, "threads"), 2) << line;
  EXPECT_EQ(json_number(line, "zdd_nodes"), json_number(line, "diagram_nodes")) << line;
  EXPECT_EQ(json_number(line, "diagram_nodes"), json_number(one.out, "diagram_nodes"));
  auto signatures = [](const std::string& json) {
    const auto at = json.find("\"signatures\":[");
    if (at == std::string::npos) return std::string("none");
    return json.substr(at, json.find(']', at) - at);
  };
  EXPECT_EQ(signatures(line), signatures(one.out));
  EXPECT_TRUE(contains(two.err, "dlx: 92 solutions, ")) << two.err;
  EXPECT_TRUE(contains(two.err, "(complete, memoized, 2 threads)")) << two.err;
}

// A memory budget ends the threads' search as it ends one thread's.
TEST(DlxMemoCli, MemoryBudgetOnThreadsIsAnAnswerNotACrash) {
  const std::string problem = encoded(DLX_DOMINOES, "16x16");
  for (const char* how : {"--memo", "--decompose"}) {
    const auto r = run_command({DLX_CLI, "-c", how, "-j", "2", "--memory-budget", "2M"}, problem);
    EXPECT_EQ(r.exit_code, 3) << how;
    EXPECT_EQ(r.out, "unknown\n") << how;
    EXPECT_TRUE(contains(r.err, "dlx: memory budget exhausted after ")) << how << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "raise it with --memory-budget")) << how << ": " << r.err;
  }
}

}  // namespace
