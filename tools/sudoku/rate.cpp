// sudoku rate: the difficulty of each puzzle, from the techniques it needs.
#include <fmt/format.h>

#include "commands.hpp"
#include "logic_answer.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_rate(int argc, char** argv) {
  puzzle_command command;
  command.name = "rate";
  command.usage = "sudoku rate [OPTIONS] [FILE...]";
  command.description =
      "Prints one line per puzzle: LEVEL HARDEST STEPS [NODES]. The level is the hardest\n"
      "technique needed: easy (singles), medium (pointing, claiming), hard (naked or hidden\n"
      "subsets), evil (X-Wing, Swordfish), beyond (logic gets stuck: NODES is the search\n"
      "that finishes it). 'none' for a puzzle without a solution. Variants' diagonals,\n"
      "windows and regions take part in every technique; killer cages do not (logic\n"
      "does not add up sums), so most killers rate beyond.";
  command.answer = [](answer_context& c) {
    const auto a = run_logic(c, true);
    if (!a) return;
    const sudoku::logic_result& r = a->result;
    const std::string hardest =
        r.hardest ? hyphenated(sudoku::to_string(*r.hardest)) : std::string("none");
    if (c.settings().json) {
      c.json_head(a->none ? "none" : "rated");
      if (!a->none) {
        fmt::format_to(std::back_inserter(c.out()),
                       ",\"level\":\"{}\",\"hardest\":\"{}\",\"steps\":{}",
                       sudoku::to_string(r.level), hardest, r.steps.size());
      }
      if (a->searched) {
        fmt::format_to(std::back_inserter(c.out()), ",\"nodes\":{}", a->searched->nodes);
      }
      c.out() += "}\n";
    } else if (a->none) {
      c.word("none");
    } else {
      c.out() += fmt::format("{} {} {}", sudoku::to_string(r.level), hardest, r.steps.size());
      if (a->searched) c.out() += fmt::format(" {}", a->searched->nodes);
      c.out() += '\n';
    }
  };
  command.summary = level_summary;
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
