// Progress on a terminal: a puzzle that runs past a second says what is being
// done and how far, on stderr when it is a terminal, and never on a pipe or
// in the answers.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "run_command.hpp"

namespace {

using test_support::contains;
using test_support::run_command;
using test_support::run_command_on_terminal;

// Golden Nugget: SE's rating takes some 2*10^8 chain potentials (seconds to
// tens of seconds); a budget stops it sooner, answering unknown.
const std::string golden_nugget =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....\n";

// The commands run with DLX_PROGRESS_DELAY=0: progress from the start,
// redrawn at every report, so that what a terminal shows does not hang on how
// fast this build runs (a budget that ran past the default second in one
// build did not in another).
std::vector<std::string> without_delay(std::vector<std::string> argv) {
  argv.insert(argv.begin(), {"/usr/bin/env", "DLX_PROGRESS_DELAY=0"});
  return argv;
}

TEST(sudoku_cli_progress, a_long_se_rating_shows_its_step_and_work_on_a_terminal) {
  // Two threads: the worker draws the line while the main thread waits for its
  // answer. 3M potentials take Golden Nugget's rating into its dynamic forcing
  // chains (0.2 s in Release).
  const auto r = run_command_on_terminal(
      without_delay({SUDOKU_CLI, "rate", "--scale", "se", "--budget", "3000000", "-j", "2"}),
      golden_nugget);
  EXPECT_EQ(r.exit_code, 3) << r.err;  // unknown: the budget ran out
  EXPECT_EQ(r.out, "unknown\n");       // answers on stdout stay clean
  // "sudoku rate: <stdin>:1: SE step 1, 21/81 cells, trying dynamic forcing
  // chains (+ forcing chains), 2.84M potentials of 3M (0 s)"
  EXPECT_TRUE(contains(r.err, "sudoku rate: <stdin>:1: SE step ")) << r.err;
  EXPECT_TRUE(contains(r.err, "/81 cells")) << r.err;
  EXPECT_TRUE(contains(r.err, ", trying dynamic forcing chains")) << r.err;
  EXPECT_TRUE(contains(r.err, "M potentials of 3M (")) << r.err;
  // The line is erased before the summary, which is left alone on its line.
  EXPECT_TRUE(contains(r.err, "\r\x1b[Ksudoku rate: 1 puzzle")) << r.err;
}

TEST(sudoku_cli_progress, a_long_search_shows_its_nodes_on_a_terminal) {
  // ISS's "Zero solution: Renban" (data/collections.js): ISS proves it has no
  // solution in 16 million guesses. A search reports after 65,536 nodes, and
  // then every 65,536: the budget runs past the first report.
  const std::string zero_renban =
      ".Renban~R7C2~R8C1~R9C2~R8C3.Renban~R7C5~R8C6~R9C5~R8C4.Renban~R8C7~R9C8~"
      "R8C9~R7C8.Renban~R6C8~R5C9~R4C8~R5C7.Renban~R3C2~R2C1~R1C2~R2C3.Renban~R"
      "3C5~R2C4~R1C5~R2C6.Renban~R2C7~R1C8~R2C9~R3C8.Renban~R5C4~R4C5~R5C6~R6C5"
      ".Renban~R4C2~R5C1~R6C2~R5C3.";
  const auto r = run_command_on_terminal(
      without_delay({SUDOKU_CLI, "count", "--input-format", "iss", "--budget", "70000", "-j", "1"}),
      zero_renban + "\n");
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.out, "unknown\n");
  EXPECT_TRUE(contains(r.err, "<stdin>:1: search: 65.5k nodes (")) << r.err;
  EXPECT_TRUE(contains(r.err, "% done (")) << r.err;
}

TEST(sudoku_cli_progress, a_pipe_gets_no_progress) {
  const auto r = run_command(
      without_delay({SUDOKU_CLI, "rate", "--scale", "se", "--budget", "3000000", "-j", "1"}),
      golden_nugget);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_FALSE(contains(r.err, "SE step")) << r.err;
  EXPECT_FALSE(contains(r.err, "\x1b[K")) << r.err;
}

// Without DLX_PROGRESS_DELAY a run shows progress after a second: a quick
// one shows none. A value that is not a number of seconds is said, and the
// second kept.
TEST(sudoku_cli_progress, a_quick_run_shows_none_and_a_bad_delay_is_said) {
  const auto quick = run_command_on_terminal({SUDOKU_CLI, "solve", "-j", "1"}, golden_nugget);
  EXPECT_EQ(quick.exit_code, 0) << quick.err;
  EXPECT_FALSE(contains(quick.err, "\x1b[K")) << quick.err;
  const auto bad = run_command_on_terminal(
      {"/usr/bin/env", "DLX_PROGRESS_DELAY=soon", SUDOKU_CLI, "solve", "-j", "1"}, golden_nugget);
  EXPECT_EQ(bad.exit_code, 0) << bad.err;
  EXPECT_TRUE(contains(bad.err,
                       "warning: DLX_PROGRESS_DELAY: expected a number of seconds, got "
                       "'soon'; progress waits a second"))
      << bad.err;
  EXPECT_FALSE(contains(bad.err, "\x1b[K")) << bad.err;
}

}  // namespace
