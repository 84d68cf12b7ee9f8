// sudoku redundant: the givens of each puzzle that can go on their own.
#include <fmt/core.h>
#include <sudoku/generator.hpp>

#include "commands.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_redundant(int argc, char** argv) {
  puzzle_command command;
  command.name = "redundant";
  command.usage = "sudoku redundant [OPTIONS] [FILE...]";
  command.description =
      "Prints, for each puzzle with exactly one solution, the givens that can each be removed\n"
      "on its own while it stays unique (r1c3 r5c7 ...), or 'minimal' when there are none.\n"
      "'multiple', 'none' or 'invalid' for other lines.";
  command.answer = [](answer_context& c) {
    if (!c.check_unique()) return;
    const auto redundant = *c.generator().redundant_givens(c.puzzle());
    const sudoku::variant& v = c.variant();
    if (c.settings().json) {
      c.json_head(redundant.empty() ? "minimal" : "redundant");
      c.out() += ",\"redundant\":[";
      for (std::size_t k = 0; k < redundant.size(); ++k) {
        c.out() += fmt::format("{}\"{}\"", k ? "," : "", v.cell_name(redundant[k]));
      }
      c.out() += "]}\n";
      return;
    }
    std::string cells;
    for (std::size_t cell : redundant) {
      if (!cells.empty()) cells += ' ';
      cells += v.cell_name(cell);
    }
    c.out() += redundant.empty() ? std::string("minimal") : cells;
    c.out() += '\n';
  };
  command.summary = uniqueness_summary;
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
