// sudoku count: each puzzle's number of solutions, up to a limit.
#include <fmt/core.h>

#include <optional>

#include "commands.hpp"
#include "output.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_count(int argc, char** argv) {
  std::uint64_t limit = 2;
  puzzle_command command;
  command.name = "count";
  command.usage = "sudoku count [OPTIONS] [FILE...]";
  command.description =
      "Prints one line per puzzle: the number of solutions found, stopping at the limit;\n"
      "'invalid' for a line that is not a usable puzzle. A count of 1 under the default\n"
      "limit of 2 means the puzzle is unique. A count that runs long (all the grids of\n"
      "a shape: --limit 0 on an empty grid) is split over the -j threads, with its\n"
      "progress on a terminal; a puzzle with clues, cages, diagonals, windows or jigsaw\n"
      "regions searches on one thread (its search learns where to branch from its dead\n"
      "ends).";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings&) {
    options.push_back({'l', "limit", "N", "stop counting at N solutions (default 2; 0 counts all)",
                       [&](std::string_view v) { limit = tools::parse_unsigned(v, "--limit"); }});
  };
  command.answer = [&](answer_context& c) {
    // One puzzle's search is split over the threads too, once it proves long
    // (the library tries it on one thread first): counting every grid of a shape.
    // Its progress shows on a terminal, as every long search's does.
    dlx::search_options options = c.search_options();
    options.threads = c.settings().run.threads;
    sudoku::result r = c.solver().count(c.puzzle(), limit, options);
    c.counts().nodes += r.nodes;
    if (r.status == sudoku::status::invalid) return c.clash(*r.conflict);
    // The budget ran out before the limit: the count asked for is not known.
    if (r.search == dlx::search_status::budget_exhausted) r.status = sudoku::status::unknown;
    if (r.status == sudoku::status::unique || r.status == sudoku::status::solved) {
      ++c.counts().solved;
    } else if (r.status == sudoku::status::multiple) {
      ++c.counts().multiple;
    } else {
      c.tally_unanswered(r.status);
    }
    if (c.settings().json) {
      c.json_head(sudoku::to_string(r.status));
      c.out() += fmt::format(",\"count\":{},\"exact\":{}", r.solutions, r.exact ? "true" : "false");
      c.json_tail(r);
    } else if (r.status == sudoku::status::unknown) {
      c.word("unknown");
    } else {
      c.word(fmt::format("{}", r.solutions));
    }
  };
  command.summary = uniqueness_summary;
  command.has_times = true;
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
