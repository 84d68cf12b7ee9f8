// sudoku solve: each puzzle's solution, or why there is none.
#include <fmt/core.h>

#include "commands.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

namespace {

// `,"differences":["r3c3",...]` or the text's "r3c3 r3c4 ...".
std::string cell_names(const sudoku::variant& v, const std::vector<std::size_t>& cells, bool json) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (json)
      out += fmt::format("{}\"{}\"", i ? "," : "", v.cell_name(cells[i]));
    else
      out += fmt::format("{}{}", i ? " " : "", v.cell_name(cells[i]));
  }
  return out;
}

}  // namespace

int run_solve(int argc, char** argv) {
  bool unique = false, show_multiple = false;
  puzzle_command command;
  command.name = "solve";
  command.usage = "sudoku solve [OPTIONS] [FILE...]";
  command.description =
      "Prints one line per puzzle, in input order: its solution, or 'none' (no solution),\n"
      "'multiple' (with --unique), 'unknown' (budget ran out) or 'invalid' (the line is not\n"
      "a usable puzzle; the reason goes to stderr as FILE:LINE:COL). Solutions have the\n"
      "shape of the input: 81 digits for 9x9 variants, 441 characters for samurai.\n"
      "\n"
      "Why a puzzle is not unique: with --unique, --json gives a puzzle with several\n"
      "solutions two of them (\"solutions\") and the cells where they differ\n"
      "(\"differences\"); --show-multiple prints the same for people: 'multiple: the\n"
      "solutions differ in r3c3 r3c4 ...' and the two solutions. A given in one of those\n"
      "cells rules one of them out.";
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
    options.push_back({0, "show-multiple", "",
                       "with several solutions, print two of them and the cells where they "
                       "differ (implies --unique)",
                       [&](std::string_view) { unique = show_multiple = true; }});
  };
  command.answer = [&](answer_context& c) {
    sudoku::solver& solver = c.solver();
    // --unique keeps the two solutions of a puzzle that is not unique.
    sudoku::two_solutions two;
    if (unique) {
      two = sudoku::find_two_solutions(c.workspace(), c.search_options());
      c.solution() = two.first;
    } else {
      two.count = solver.solve(c.puzzle(), c.solution(), c.search_options());
    }
    const sudoku::result& r = two.count;
    c.counts().nodes += r.nodes;
    if (r.status == sudoku::status::invalid) return c.clash(*r.conflict);
    const bool answered = r.status == sudoku::status::solved || r.status == sudoku::status::unique;
    const bool multiple = r.status == sudoku::status::multiple;
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
      } else if (multiple) {  // checked by find_two_solutions
        c.out() += ",\"solutions\":[\"";
        c.append_board(two.first, c.out());
        c.out() += "\",\"";
        c.append_board(two.second, c.out());
        c.out() +=
            fmt::format("\"],\"differences\":[{}]", cell_names(c.variant(), two.differences, true));
      }
      c.json_tail(r);
    } else if (answered) {
      c.write_board(c.solution());
    } else if (multiple && show_multiple) {
      c.out() += fmt::format("multiple: the solutions differ in {}\n",
                             cell_names(c.variant(), two.differences, false));
      c.write_board(two.first);
      c.write_board(two.second);
    } else {
      c.word(sudoku::to_string(r.status));
    }
  };
  command.has_times = true;
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
