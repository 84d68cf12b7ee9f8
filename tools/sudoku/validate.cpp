// sudoku validate: is each grid a valid solution (of its puzzle, with --against)?
#include <fmt/core.h>
#include <sudoku/validate.hpp>

#include "commands.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_validate(int argc, char** argv) {
  bool partial = false;
  puzzle_command command;
  command.name = "validate";
  command.usage = "sudoku validate [OPTIONS] [FILE...]";
  command.description =
      "Prints 'valid' or 'invalid' for each line: a complete grid with no digit twice in a\n"
      "row, column, box or any other unit of the variant, and every killer cage at its sum;\n"
      "with --against, also keeping every given of its puzzle (whose line carries the\n"
      "variant's regions or cages; the solutions are plain boards). The reason for each\n"
      "'invalid' goes to stderr as FILE:LINE:COL.";
  command.has_budget = false;
  command.reads_pairs = true;
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings& s) {
    options.push_back({0, "against", "PUZZLES",
                       "check each solution against the puzzle on the same line of PUZZLES",
                       [&s](std::string_view v) { s.run.against = std::string(v); }});
    options.push_back({0, "partial", "",
                       "accept blanks: check only that no digit repeats in a unit (and no "
                       "cage is over its sum)",
                       [&](std::string_view) { partial = true; }});
  };
  command.check = [](const command_settings& s) {
    if (s.run.against && s.run.input == input_format::grid) {
      throw tools::usage_error("--against reads SDM lines only");
    }
  };
  command.answer = [&](answer_context& c) {
    const sudoku::variant& v = c.variant();
    const sudoku::check_result check = c.settings().run.against
                                           ? sudoku::check_solution(v, c.other(), c.puzzle())
                                       : partial ? sudoku::check_puzzle(v, c.puzzle())
                                                 : sudoku::check_solution(v, c.puzzle());
    const std::string reason = check.ok() ? std::string() : check.message(v);
    if (check.ok()) {
      ++c.counts().solved;
    } else {
      ++c.counts().none;  // counted as "invalid verdicts" in the summary
      c.set_unanswered();
      c.message(c.column_of(check.cell), reason);
    }
    if (c.settings().json) {
      c.json_head(check.ok() ? "valid" : "invalid");
      if (!check.ok()) {
        c.out() += fmt::format(",\"error\":{},\"column\":{}", tools::json_string(reason),
                               c.column_of(check.cell));
      }
      c.out() += "}\n";
    } else {
      c.out() += check.ok() ? "valid\n" : "invalid\n";
    }
  };
  command.summary = [](const tally& t) {
    return outcome_summary(t.puzzles, "line",
                           {{t.solved, "valid"}, {t.none, "invalid"}, {t.invalid, "unreadable"}});
  };
  command.noun = "line";
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
