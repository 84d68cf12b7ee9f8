// Progress on a terminal: a puzzle that runs past a second says what is being
// done and how far, on stderr when it is a terminal, and never on a pipe or
// in the answers.
#include <gtest/gtest.h>

#include <string>

#include "run_command.hpp"
#include "sanitized.hpp"

namespace {

using test_support::contains;
using test_support::run_command;
using test_support::run_command_on_terminal;

// Golden Nugget: SE's rating takes some 2*10^8 chain potentials (seconds to
// tens of seconds); a budget stops it sooner, answering unknown, after more
// than the second that progress waits for.
const std::string golden_nugget =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....\n";

// A budget that runs for seconds in this build: the sanitizers' builds are
// slower, ThreadSanitizer's most. (Measured 2026-12-04, quiet: Golden Nugget's
// rating on two threads with 50M potentials 2.7 s in Release, 25M 2.0 s under
// ASan, 10M 2.0 s under TSan; on one thread 15M 1.4 s under ASan, 8M 1.9 s
// under TSan; the Renban search 400,000 nodes 1.2-2.4 s in Release, 250,000
// 3.5 s under ASan, 150,000 3.8 s under TSan.)
const char* budget(const char* release, const char* asan, const char* tsan) {
  if (test_support::thread_sanitized()) return tsan;
  return test_support::sanitized() ? asan : release;
}

TEST(sudoku_cli_progress, a_long_se_rating_shows_its_step_and_work_on_a_terminal) {
  // Two threads: the worker draws the line while the main thread waits for its answer.
  const auto r = run_command_on_terminal({SUDOKU_CLI, "rate", "--scale", "se", "--budget",
                                          budget("50000000", "25000000", "10000000"), "-j", "2"},
                                         golden_nugget);
  EXPECT_EQ(r.exit_code, 3) << r.err;  // unknown: the budget ran out
  EXPECT_EQ(r.out, "unknown\n");       // answers on stdout stay clean
  // "sudoku rate: <stdin>:1: SE step 2, 21/81 cells, ER 11.3 so far, trying
  // dynamic forcing chains (+ multiple), 23.4M potentials of 50M (2 s)"
  EXPECT_TRUE(contains(r.err, "sudoku rate: <stdin>:1: SE step ")) << r.err;
  EXPECT_TRUE(contains(r.err, "/81 cells")) << r.err;
  EXPECT_TRUE(contains(r.err, ", trying dynamic forcing chains")) << r.err;
  EXPECT_TRUE(contains(r.err, "M potentials of " + std::string(budget("50M", "25M", "10M")) + " ("))
      << r.err;
  // The line is erased before the summary, which is left alone on its line.
  EXPECT_TRUE(contains(r.err, "\r\x1b[Ksudoku rate: 1 puzzle")) << r.err;
}

TEST(sudoku_cli_progress, a_long_search_shows_its_nodes_on_a_terminal) {
  // ISS's "Zero solution: Renban" (data/collections.js): ISS proves it has no
  // solution in 16 million guesses; our budget's nodes run past the second
  // after which progress shows: a puzzle's age counts from its start, not from
  // its search's first report (65,536 nodes in, and then every 65,536). (tarek's
  // "unsolvable #41", which this test ran before, now takes 52,864 nodes:
  // about 1.6 s.)
  const std::string zero_renban =
      ".Renban~R7C2~R8C1~R9C2~R8C3.Renban~R7C5~R8C6~R9C5~R8C4.Renban~R8C7~R9C8~"
      "R8C9~R7C8.Renban~R6C8~R5C9~R4C8~R5C7.Renban~R3C2~R2C1~R1C2~R2C3.Renban~R"
      "3C5~R2C4~R1C5~R2C6.Renban~R2C7~R1C8~R2C9~R3C8.Renban~R5C4~R4C5~R5C6~R6C5"
      ".Renban~R4C2~R5C1~R6C2~R5C3.";
  const auto r = run_command_on_terminal({SUDOKU_CLI, "count", "--input-format", "iss", "--budget",
                                          budget("400000", "250000", "150000"), "-j", "1"},
                                         zero_renban + "\n");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.out, "unknown\n");
  EXPECT_TRUE(contains(r.err, "<stdin>:1: search: ")) << r.err;
  EXPECT_TRUE(contains(r.err, " nodes (")) << r.err;
  EXPECT_TRUE(contains(r.err, "% done (")) << r.err;
}

TEST(sudoku_cli_progress, a_pipe_gets_no_progress) {
  const auto r = run_command({SUDOKU_CLI, "rate", "--scale", "se", "--budget",
                              budget("25000000", "15000000", "8000000"), "-j", "1"},
                             golden_nugget);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_FALSE(contains(r.err, "SE step")) << r.err;
  EXPECT_FALSE(contains(r.err, "\x1b[K")) << r.err;
}

}  // namespace
