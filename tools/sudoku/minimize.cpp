// sudoku minimize: a minimal puzzle with the same solution, for each puzzle.
#include <fmt/core.h>
#include <sudoku/generator.hpp>
#include <sudoku/variant_text.hpp>

#include "commands.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_minimize(int argc, char** argv) {
  puzzle_command command;
  command.name = "minimize";
  command.usage = "sudoku minimize [OPTIONS] [FILE...]";
  command.description =
      "Prints, for each puzzle with exactly one solution, a minimal puzzle with the same\n"
      "solution: givens removed one at a time (in a fixed pseudo-random order) while it stays\n"
      "unique; in the input's format (a jigsaw keeps its regions, a killer its cages).\n"
      "'multiple', 'none' or 'invalid' for other lines.";
  command.answer = [](answer_context& c) {
    if (!c.check_unique()) return;
    const auto minimal = c.generator().minimize(c.puzzle());
    std::string line;
    sudoku::append_puzzle(c.variant(), *minimal, line);
    if (c.settings().json) {
      c.json_head("unique");
      c.out() +=
          fmt::format(",\"puzzle\":{},\"clues\":{},\"from\":{}}}\n", tools::json_string(line),
                      minimal->given_count(), c.puzzle().given_count());
    } else {
      c.out() += line;
      c.out() += '\n';
    }
  };
  command.summary = uniqueness_summary;
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
