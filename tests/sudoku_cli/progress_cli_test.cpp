// Progress on a terminal: a puzzle that runs past a second says what is being
// done and how far, on stderr when it is a terminal, and never on a pipe or
// in the answers.
#include <gtest/gtest.h>

#include <string>

#include "run_command.hpp"

namespace {

using test_support::contains;
using test_support::run_command;
using test_support::run_command_on_terminal;

// Golden Nugget: SE's rating takes some 5*10^8 chain potentials (tens of
// seconds); a budget of 5*10^7 stops it after a few seconds, answering unknown.
const std::string golden_nugget =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....\n";

TEST(sudoku_cli_progress, a_long_se_rating_shows_its_step_and_work_on_a_terminal) {
  // Two threads: the worker draws the line while the main thread waits for its answer.
  const auto r = run_command_on_terminal(
      {SUDOKU_CLI, "rate", "--scale", "se", "--budget", "50000000", "-j", "2"}, golden_nugget);
  EXPECT_EQ(r.exit_code, 3) << r.err;  // unknown: the budget ran out
  EXPECT_EQ(r.out, "unknown\n");       // answers on stdout stay clean
  // "sudoku rate: <stdin>:1: SE step 2, 21/81 cells, ER 11.3 so far, trying
  // dynamic forcing chains (+ multiple), 23.4M potentials of 50M (2 s)"
  EXPECT_TRUE(contains(r.err, "sudoku rate: <stdin>:1: SE step ")) << r.err;
  EXPECT_TRUE(contains(r.err, "/81 cells")) << r.err;
  EXPECT_TRUE(contains(r.err, ", trying dynamic forcing chains")) << r.err;
  EXPECT_TRUE(contains(r.err, "M potentials of 50M (")) << r.err;
  // The line is erased before the summary, which is left alone on its line.
  EXPECT_TRUE(contains(r.err, "\r\x1b[Ksudoku rate: 1 puzzle")) << r.err;
}

TEST(sudoku_cli_progress, a_long_search_shows_its_nodes_on_a_terminal) {
  // tarek's "unsolvable #41": proving it unique takes about 470,000 nodes (it
  // took a billion before the search learnt where to branch, dlx::branching);
  // 300,000 of them take about 3 s here (some 15 s under the sanitizers), well
  // past the second after which progress shows.
  const auto r =
      run_command_on_terminal({SUDOKU_CLI, "count", "--variant", "killer", "--budget", "300000",
                               "-j", "1", DLX_CORPUS "/variants/killer-extreme.sdm"});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.out, "unknown\n");
  EXPECT_TRUE(contains(r.err, "killer-extreme.sdm:13: search: ")) << r.err;
  EXPECT_TRUE(contains(r.err, " nodes (")) << r.err;
  EXPECT_TRUE(contains(r.err, "% done (")) << r.err;
}

TEST(sudoku_cli_progress, a_pipe_gets_no_progress) {
  const auto r = run_command(
      {SUDOKU_CLI, "rate", "--scale", "se", "--budget", "25000000", "-j", "1"}, golden_nugget);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_FALSE(contains(r.err, "SE step")) << r.err;
  EXPECT_FALSE(contains(r.err, "\x1b[K")) << r.err;
}

}  // namespace
