// sudoku disambiguate: givens that make a puzzle with several solutions unique.
#include <fmt/core.h>
#include <sudoku/disambiguate.hpp>
#include <sudoku/variant_text.hpp>

#include <string>

#include "commands.hpp"
#include "output.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_disambiguate(int argc, char** argv) {
  sudoku::clue_symmetry symmetry = sudoku::clue_symmetry::none;
  puzzle_command command;
  command.name = "disambiguate";
  command.usage = "sudoku disambiguate [OPTIONS] [FILE...]";
  command.description =
      "Prints, for each puzzle with several solutions, the puzzle with a few givens added\n"
      "(digits of its first solution) that leave exactly one solution, in the input's\n"
      "format: one at a time in the empty cell that holds the most digits over the\n"
      "solutions, then each dropped that the others make unneeded (checked by counting).\n"
      "A unique puzzle is printed as it is; 'none' or 'invalid' for other lines, and\n"
      "'multiple' when no digit can tell the solutions apart (they differ only in\n"
      "variables, as a chaos construction's regions).";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings&) {
    options.push_back({0, "symmetry", "S",
                       "give cells in orbits of S: none (default), rot180, rot90, mirror or "
                       "diagonal (a square board)",
                       [&](std::string_view v) {
                         const auto s = sudoku::parse_symmetry(v);
                         if (!s) {
                           throw tools::usage_error(fmt::format(
                               "--symmetry: none, rot180, rot90, mirror or diagonal, not '{}'", v));
                         }
                         symmetry = *s;
                       }});
  };
  command.answer = [&](answer_context& c) {
    if (symmetry != sudoku::clue_symmetry::none && c.variant().rows() != c.variant().columns()) {
      return c.unusable(c.file_index(), c.line(), 1, "--symmetry needs a square board");
    }
    const sudoku::disambiguation d =
        sudoku::disambiguate(c.workspace(), symmetry, c.search_options());
    c.counts().nodes += d.nodes;
    if (d.status == sudoku::status::invalid) return c.clash(*d.conflict);
    if (d.status != sudoku::status::unique) {
      c.tally_unanswered(d.status);
      if (c.settings().json) {
        c.json_head(sudoku::to_string(d.status));
        c.out() += fmt::format(",\"nodes\":{}}}\n", d.nodes);
        return;
      }
      return c.word(sudoku::to_string(d.status));
    }
    ++c.counts().solved;
    std::string line;
    sudoku::append_puzzle(c.variant(), d.puzzle, line);
    if (c.settings().json) {
      c.json_head("unique");
      c.out() += fmt::format(",\"puzzle\":{},\"added\":[", tools::json_string(line));
      for (std::size_t k = 0; k < d.added.size(); ++k)
        c.out() += fmt::format("{}\"{}\"", k ? "," : "", c.variant().cell_name(d.added[k]));
      c.out() += fmt::format("],\"clues\":{},\"searches\":{},\"nodes\":{}}}\n",
                             d.puzzle.given_count(), d.searches, d.nodes);
      return;
    }
    c.out() += line;
    c.out() += '\n';
  };
  command.summary = uniqueness_summary;
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
