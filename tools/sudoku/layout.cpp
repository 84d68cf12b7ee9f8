// sudoku layout: can a puzzle's rules be filled at all, and if not, why.
#include <fmt/core.h>
#include <sudoku/layout_check.hpp>

#include <string>

#include "commands.hpp"
#include "output.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_layout(int argc, char** argv) {
  bool with_givens = false;
  puzzle_command command;
  command.name = "layout";
  command.usage = "sudoku layout [OPTIONS] [FILE...]";
  command.description =
      "Checks that each puzzle's rules (its regions, units, cages and clues) can be filled\n"
      "at all, without its givens: prints 'multiple' when they can (or 'unique', when the\n"
      "rules alone fix the grid), and when they cannot, 'none:' and a smallest part of them\n"
      "that cannot, each part named, as in 'none: row 1; cage r1c1 r1c2 (sum 3); cage r1c3\n"
      "r1c4 (sum 3)': without any one of them the rest of that part can be filled. With\n"
      "--givens the givens (and pencil marks) are part of the check: why a puzzle has no\n"
      "solution. --json adds a filling, each part's kind and cells, and the searches.\n"
      "Exit 1 when some layout cannot be filled.";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings&) {
    options.push_back({0, "givens", "", "check the rules with the puzzle's givens",
                       [&](std::string_view) { with_givens = true; }});
  };
  command.answer = [&](answer_context& c) {
    const sudoku::layout_check l =
        sudoku::check_layout(c.workspace(), with_givens, c.search_options());
    c.counts().nodes += l.nodes;
    const sudoku::variant& v = c.variant();
    const sudoku::grid& puzzle = c.puzzle();
    const bool filled = l.status == sudoku::status::unique || l.status == sudoku::status::multiple;
    if (filled) {
      c.verify(with_givens ? puzzle : v.empty_grid(), l.filling);
      ++(l.status == sudoku::status::unique ? c.counts().solved : c.counts().multiple);
    } else {
      c.tally_unanswered(l.status);
    }
    if (c.settings().json) {
      c.json_head(sudoku::to_string(l.status));
      if (filled) {
        std::string filling;
        c.append_board(l.filling, filling);
        c.out() += fmt::format(",\"filling\":{}", tools::json_string(filling));
      }
      if (l.status == sudoku::status::none) {
        c.out() += ",\"part\":[";
        for (std::size_t k = 0; k < l.part.size(); ++k) {
          c.out() += fmt::format("{}{{\"kind\":\"{}\",\"name\":{},\"cells\":[", k ? "," : "",
                                 sudoku::to_string(l.part[k].what),
                                 tools::json_string(describe(v, puzzle, l.part[k])));
          const auto cells = sudoku::part_cells(v, l.part[k]);
          for (std::size_t i = 0; i < cells.size(); ++i)
            c.out() += fmt::format("{}\"{}\"", i ? "," : "", v.cell_name(cells[i]));
          c.out() += "]}";
        }
        c.out() += fmt::format("],\"minimal\":{}", l.minimal);
      }
      c.out() += fmt::format(",\"givens\":{},\"searches\":{},\"nodes\":{}", with_givens, l.searches,
                             l.nodes);
      if (!c.fields().annotation.empty())
        c.out() += fmt::format(",\"annotation\":{}", tools::json_string(c.fields().annotation));
      c.out() += "}\n";
      return;
    }
    if (l.status != sudoku::status::none) return c.word(sudoku::to_string(l.status));
    std::string line = l.minimal ? "none: " : "none (perhaps not the smallest part): ";
    for (std::size_t k = 0; k < l.part.size(); ++k)
      line += (k ? "; " : "") + describe(v, puzzle, l.part[k]);
    c.word(line);
  };
  command.summary = uniqueness_summary;
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
