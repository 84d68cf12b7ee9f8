// sudoku possibilities: the digits each cell holds over a puzzle's solutions.
#include <fmt/core.h>
#include <sudoku/possibilities.hpp>

#include <string>

#include "commands.hpp"
#include "output.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_possibilities(int argc, char** argv) {
  std::uint64_t threshold = 1;
  puzzle_command command;
  command.name = "possibilities";
  command.usage = "sudoku possibilities [OPTIONS] [FILE...]";
  command.description =
      "Prints one line per puzzle: for each cell of the board in row-major order, the digits\n"
      "it holds in at least one solution (with --threshold K, in at least K), cells\n"
      "separated by single spaces, in the board's digits; 'none' for a puzzle without a\n"
      "solution, 'invalid' for a line that is not a usable puzzle. It does not list the\n"
      "solutions: one search skips every branch whose solutions would show no digit it\n"
      "has not seen K times already (--json says how many solutions it met).";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings&) {
    options.push_back({'t', "threshold", "K",
                       "the digits each cell holds in at least K solutions (default 1)",
                       [&](std::string_view v) {
                         threshold = tools::parse_unsigned(v, "--threshold");
                         if (threshold == 0) throw tools::usage_error("--threshold: at least 1");
                       }});
  };
  command.answer = [&](answer_context& c) {
    const sudoku::possibilities p =
        sudoku::find_possibilities(c.workspace(), threshold, c.search_options());
    c.counts().nodes += p.nodes;
    if (p.status == sudoku::status::invalid) return c.clash(*p.conflict);
    if (p.status == sudoku::status::unique) {
      ++c.counts().solved;
    } else if (p.status == sudoku::status::multiple) {
      ++c.counts().multiple;
    } else {
      c.tally_unanswered(p.status);
    }
    const sudoku::variant& v = c.variant();
    std::vector<std::string> cells;
    if (p.status != sudoku::status::unknown && p.status != sudoku::status::none) {
      for (const std::uint32_t cell : v.cells()) {
        std::string digits;
        for (int d = 1; d <= v.digits(); ++d) {
          if (p.digits[cell] >> d & 1) digits += v.cell_char(d);
        }
        cells.push_back(digits.empty() ? std::string("-") : digits);
      }
    }
    if (c.settings().json) {
      c.json_head(sudoku::to_string(p.status));
      if (!cells.empty()) {
        c.out() += ",\"possibilities\":[";
        for (std::size_t k = 0; k < cells.size(); ++k)
          c.out() += fmt::format("{}\"{}\"", k ? "," : "", cells[k] == "-" ? "" : cells[k]);
        c.out() += "]";
      }
      c.out() += fmt::format(",\"threshold\":{},\"searches\":{},\"solutions_met\":{},\"nodes\":{}",
                             threshold, p.searches, p.solutions, p.nodes);
      if (!c.fields().annotation.empty())
        c.out() += fmt::format(",\"annotation\":{}", tools::json_string(c.fields().annotation));
      c.out() += "}\n";
      return;
    }
    if (cells.empty()) return c.word(sudoku::to_string(p.status));
    std::string line;
    for (const std::string& digits : cells) {
      if (!line.empty()) line += ' ';
      line += digits;
    }
    c.word(line);
  };
  command.summary = uniqueness_summary;
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
