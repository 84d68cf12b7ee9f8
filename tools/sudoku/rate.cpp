// sudoku rate: the difficulty of each puzzle, from the techniques it needs.
#include <fmt/core.h>

#include "commands.hpp"
#include "logic_answer.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

namespace {

void answer_levels(answer_context& c) {
  const auto a = run_logic(c, true);
  if (!a) return;
  const sudoku::logic_result& r = a->result;
  const std::string hardest = r.hardest ? sudoku::technique_name(*r.hardest) : std::string("none");
  if (c.settings().json) {
    c.json_head("rated");
    c.out() += fmt::format(",\"level\":\"{}\",\"hardest\":\"{}\",\"steps\":{}",
                           sudoku::to_string(r.level), hardest, r.steps.size());
    if (a->searched) {
      c.out() += fmt::format(",\"nodes\":{}", a->searched->nodes);
    }
    c.out() += "}\n";
  } else {
    c.out() += fmt::format("{} {} {}", sudoku::to_string(r.level), hardest, r.steps.size());
    if (a->searched) c.out() += fmt::format(" {}", a->searched->nodes);
    c.out() += '\n';
  }
}

void answer_se(answer_context& c) {
  const auto r = run_se(c, false);
  if (!r) return;
  if (!c.settings().json) {
    c.word(sudoku::to_string(*r));
    return;
  }
  if (r->outcome == sudoku::se_rating::outcome::unknown) {
    c.json_head("unknown");
    c.out() += fmt::format(",\"work\":{}}}\n", r->work);
    return;
  }
  c.json_head(r->outcome == sudoku::se_rating::outcome::rated ? "rated" : "stuck");
  c.out() += fmt::format(",\"rating\":\"{}\",\"er\":{},\"ep\":{},\"ed\":{},\"work\":{}}}\n",
                         sudoku::to_string(*r), sudoku::se_format(r->er), sudoku::se_format(r->ep),
                         sudoku::se_format(r->ed), r->work);
}

}  // namespace

int run_rate(int argc, char** argv) {
  bool se = false;
  puzzle_command command;
  command.name = "rate";
  command.usage = "sudoku rate [OPTIONS] [FILE...]";
  command.description =
      "Prints one line per puzzle: LEVEL HARDEST STEPS [NODES]. The level is the hardest\n"
      "technique needed: easy (singles), medium (pointing, claiming), hard (naked or hidden\n"
      "subsets), evil (X-Wing, Swordfish), beyond (logic gets stuck: NODES is the search\n"
      "that finishes it). A puzzle that is not unique is not rated: 'none' (no solution)\n"
      "or 'multiple' (more than one), exit 1. Variants' diagonals,\n"
      "windows and regions take part in every technique; killer cages do not (logic\n"
      "does not add up sums), so most killers rate beyond.\n"
      "\n"
      "With --scale se, prints Sudoku Explainer 1.2.1's rating ER/EP/ED instead (as its\n"
      "command-line rater serate does): ER the hardest step of SE's solving path, EP the\n"
      "hardest up to the first placed digit, ED the first step; 1.0-1.5 singles up to\n"
      "11+ nested forcing chains; 20.0 when SE's techniques cannot finish. --budget N\n"
      "then counts chain potentials: past it a puzzle is 'unknown' (hard puzzles need\n"
      "10^7 to 10^9). Plain 9x9 puzzles only.";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings& s) {
    add_scale_option(options, se, s);
  };
  command.answer = [&](answer_context& c) { se ? answer_se(c) : answer_levels(c); };
  command.summary = [&](const tally& t) { return se ? se_summary(t) : level_summary(t); };
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
