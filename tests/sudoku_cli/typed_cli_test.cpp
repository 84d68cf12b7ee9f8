// A person typing puzzles at a terminal (issue 61): each line is answered as
// soon as it is entered, not when the input ends, and the summary's time is
// the work, not the wait for the next line. Files and pipes are read in large
// chunks, as before (the other tests).
#include <gtest/gtest.h>

#include <chrono>
#include <regex>
#include <string>
#include <thread>

#include "puzzles.hpp"
#include "run_command.hpp"

namespace {

using test_support::euler;
using test_support::euler_solution;
using test_support::typed_session;
using test_support::wiki;
using test_support::wiki_solution;

constexpr int patience_ms = 20000;  // generous: a sanitizer build is slow to start

TEST(sudoku_cli_typed, each_line_is_answered_as_it_is_entered) {
  typed_session s({SUDOKU_CLI, "solve"});
  s.type(wiki + "\n");
  EXPECT_EQ(s.read_out_line(patience_ms), wiki_solution);  // the input has not ended
  // A person takes a while over the next puzzle: the wait is not solving time.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  s.type(euler + "\n");
  EXPECT_EQ(s.read_out_line(patience_ms), euler_solution);
  s.type("55\n");  // a mistake is answered in place, its message at once
  EXPECT_EQ(s.read_out_line(patience_ms), "invalid");
  const auto r = s.finish();
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");  // everything was answered before the end of the input
  EXPECT_TRUE(r.err.starts_with("<stdin>:3:3: expected 81 cells for 9x9, found 2\n")) << r.err;
  // Two puzzles take well under a second; with the 1.5 s wait it would be seconds.
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      r.err, m, std::regex(R"(sudoku solve: 3 puzzles: 2 solved, 1 invalid in ([0-9.]+) ms\n$)")))
      << r.err;
}

// With stderr on the same terminal, no progress line is drawn between typed
// lines (the next line a person types would begin after it), even with
// progress due from the start (DLX_PROGRESS_DELAY=0).
TEST(sudoku_cli_typed, no_progress_line_between_typed_lines) {
  typed_session s({"/usr/bin/env", "DLX_PROGRESS_DELAY=0", SUDOKU_CLI, "solve", "-j", "1"}, true);
  for (int i = 0; i < 3; ++i) {
    s.type(wiki + "\n");
    EXPECT_EQ(s.read_out_line(patience_ms), wiki_solution);
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const auto r = s.finish();
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_FALSE(test_support::contains(r.err, "puzzles/s")) << r.err;
  EXPECT_FALSE(test_support::contains(r.err, "\x1b[K")) << r.err;
  EXPECT_TRUE(test_support::contains(r.err, "sudoku solve: 3 puzzles: 3 solved in ")) << r.err;
}

TEST(sudoku_cli_typed, every_per_puzzle_command_answers_at_once) {
  for (const auto& [command, answer] : {std::pair<std::string, std::string>{"count", "1"},
                                        {"rate", "easy"},
                                        {"validate", "valid"}}) {
    typed_session s({SUDOKU_CLI, command, "-q"});
    s.type((command == "validate" ? wiki_solution : wiki) + "\n");
    const std::string line = s.read_out_line(patience_ms);
    EXPECT_TRUE(line.starts_with(answer)) << command << ": " << line;
    const auto r = s.finish();
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
  }
}

TEST(sudoku_cli_typed, a_typed_grid_is_answered_after_its_last_row) {
  typed_session s({SUDOKU_CLI, "solve", "-q"});
  for (std::size_t row = 0; row < 9; ++row)
    s.type(wiki.substr(row * 9, 9) + "\n");
  EXPECT_EQ(s.read_out_line(patience_ms), wiki_solution);
  const auto r = s.finish();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
}

}  // namespace
