// sudoku solve: each puzzle's solution, or why there is none.
#include <fmt/format.h>

#include "commands.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_solve(int argc, char** argv) {
  bool unique = false;
  puzzle_command command;
  command.name = "solve";
  command.usage = "sudoku solve [OPTIONS] [FILE...]";
  command.description =
      "Prints one line per puzzle, in input order: its solution, or 'none' (no solution),\n"
      "'multiple' (with --unique), 'unknown' (budget ran out) or 'invalid' (the line is not\n"
      "a usable puzzle; the reason goes to stderr as FILE:LINE:COL). Solutions have the\n"
      "shape of the input: 81 digits for 9x9 variants, 441 characters for samurai.";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings& s) {
    options.push_back({0, "output-format", "sdm|grid",
                       "solutions as lines (default) or as grids for people",
                       [&s](std::string_view v) {
                         if (v == "sdm") {
                           s.output = output_format::sdm;
                         } else if (v == "grid") {
                           s.output = output_format::grid;
                         } else {
                           throw tools::usage_error(
                               fmt::format("--output-format: expected sdm or grid, got '{}'", v));
                         }
                       }});
    options.push_back(
        {'u', "unique", "",
         "check uniqueness: answer 'multiple' for a puzzle with two or more solutions",
         [&](std::string_view) { unique = true; }});
  };
  command.answer = [&](answer_context& c) {
    sudoku::solver& solver = c.solver();
    const sudoku::result r = unique
                                 ? solver.solve_unique(c.puzzle(), c.solution(), c.search_options())
                                 : solver.solve(c.puzzle(), c.solution(), c.search_options());
    c.counts().nodes += r.nodes;
    if (r.status == sudoku::status::invalid) return c.clash(*r.conflict);
    const bool answered = r.status == sudoku::status::solved || r.status == sudoku::status::unique;
    if (answered) {
      c.verify(c.puzzle(), c.solution());
      ++c.counts().solved;
    } else {
      c.tally_unanswered(r.status);
    }
    if (c.settings().json) {
      c.json_head(sudoku::to_string(r.status));
      if (answered) {
        c.out() += ",\"solution\":\"";
        c.append_board(c.solution(), c.out());
        c.out() += '"';
      }
      c.json_tail(r);
    } else if (answered) {
      c.write_board(c.solution());
    } else {
      c.word(sudoku::to_string(r.status));
    }
  };
  command.summary = [](const tally& t) {
    return outcome_summary(t.puzzles, "puzzle",
                           {{t.solved, "solved"},
                            {t.none, "none"},
                            {t.multiple, "multiple"},
                            {t.invalid, "invalid"},
                            {t.unknown, "unknown"}});
  };
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
