// sudoku render: each puzzle as an SVG picture.
#include <fmt/core.h>
#include <sudoku/answer.hpp>
#include <sudoku/possibilities.hpp>
#include <sudoku/render.hpp>

#include "commands.hpp"
#include "output_files.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_render(int argc, char** argv) {
  bool solution = false, candidates = false, possible = false, differences = false;
  bool coordinates = false;
  int cell_pixels = 40;
  std::string output;
  puzzle_command command;
  command.name = "render";
  command.usage = "sudoku render [OPTIONS] [FILE...]";
  command.description =
      "Draws each puzzle as an SVG picture: the variant's lines (boxes, jigsaw regions,\n"
      "diagonals, windows, killer cages with their sums, samurai's five grids), the clues of\n"
      "modern variants (--input-format=iss: thermometers, arrows, dots, lines, outside sums;\n"
      "board-wide rules in a caption), the givens in bold, and with --solution the\n"
      "solution's digits in blue (a puzzle that is not unique: its givens alone, and the\n"
      "reason on stderr, exit 1), with --candidates the candidates the givens leave as\n"
      "pencil marks, with --possibilities each empty cell's digits over all solutions\n"
      "(sudoku possibilities) as pencil marks, with --differences why a puzzle is not\n"
      "unique: two of its solutions, the digits they share in blue and each cell where they\n"
      "differ shaded with its two digits as pencil marks (exit 1; a unique puzzle: its\n"
      "solution). The SVG has a viewBox (it scales to any size), a title, its digits as\n"
      "text, and its own white ground.\n"
      "\n"
      "Without -o, the picture goes to standard output; several puzzles make one SVG\n"
      "document that holds each picture whole, one below the other (written when the last\n"
      "is drawn; never SVG files one after another, which no reader takes). -o FILE writes\n"
      "that document to FILE; -o DIR/ (a folder, made if missing) writes one file per\n"
      "puzzle as it comes, named by its number in input order: 1.svg, 2.svg, ... A line\n"
      "that is not a usable puzzle gets no picture and its located reason on stderr, as in\n"
      "every command.";
  command.has_budget = false;
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings& s) {
    s.documents = true;
    options.push_back({0, "solution", "", "draw the solution's digits (found by search)",
                       [&](std::string_view) { solution = true; }});
    options.push_back({0, "candidates", "",
                       "draw the candidates the givens leave in each empty cell",
                       [&](std::string_view) { candidates = true; }});
    options.push_back({0, "possibilities", "",
                       "draw each empty cell's digits over all solutions (found by search)",
                       [&](std::string_view) { possible = true; }});
    options.push_back({0, "differences", "",
                       "draw two solutions, the cells where they differ shaded (found by search)",
                       [&](std::string_view) { differences = true; }});
    options.push_back({0, "coordinates", "", "number the rows and columns",
                       [&](std::string_view) { coordinates = true; }});
    options.push_back({0, "cell-size", "PX", "the picture's size: pixels per cell (default 40)",
                       [&](std::string_view v) {
                         cell_pixels =
                             static_cast<int>(tools::parse_unsigned(v, "--cell-size", 4, 1000));
                       }});
    options.push_back({'o', "output", "FILE|DIR/",
                       "write to FILE (several puzzles: one document, a picture each), or one "
                       "file per puzzle into the folder DIR",
                       [&](std::string_view v) {
                         if (v.empty()) throw tools::usage_error("--output: expected a path");
                         output = std::string(v);
                       }});
  };
  command.check = [&](const command_settings& s) {
    if (s.json) throw tools::usage_error("--json does not apply: render writes SVG");
    if (s.output == output_format::grid)
      throw tools::usage_error("--output-format does not apply: render writes SVG");
    if (int{solution} + int{candidates} + int{possible} + int{differences} > 1) {
      throw tools::usage_error(
          "--solution, --candidates, --possibilities and --differences go one at a time");
    }
  };
  command.make_sink = [&](const command_settings&) -> std::unique_ptr<answer_sink> {
    if (!output.empty() && names_folder(output)) return folder_sink(output, ".svg");
    // One document, to the file or standard output, however many puzzles.
    return combined_file_sink(output.empty() ? "-" : output, [](std::vector<std::string> pictures) {
      return sudoku::stack_svg(pictures);
    });
  };
  command.answer = [&](answer_context& c) {
    const sudoku::variant& v = c.variant();
    sudoku::board_state board = candidates ? sudoku::board_state::with_candidates(v, c.puzzle())
                                           : sudoku::board_state::of_puzzle(c.puzzle());
    std::string note;
    if (possible) {
      const sudoku::possibilities p =
          sudoku::find_possibilities(c.workspace(), 1, c.search_options());
      c.counts().nodes += p.nodes;
      if (p.status == sudoku::status::invalid) return c.clash(*p.conflict);
      if (p.status == sudoku::status::none) {
        // Drawn all the same, and said so: the givens alone.
        sudoku::result r;
        r.status = p.status;
        c.answer_unless_unique(r);
        note = ", none";
      } else {
        board = sudoku::possibilities_board(v, c.puzzle(), p);
      }
    }
    if (solution) {
      // Only a unique puzzle's solution is drawn: a picture of one of several
      // would pass for the answer.
      const sudoku::result r =
          c.solver().solve_unique(c.puzzle(), c.solution(), c.search_options());
      c.counts().nodes += r.nodes;
      if (r.status == sudoku::status::invalid) return c.clash(*r.conflict);
      if (r.status == sudoku::status::unique) {
        c.verify(c.puzzle(), c.solution());
        board.digits = c.solution();
      } else {
        // Drawn all the same, and said so: the picture shows the givens alone.
        c.answer_unless_unique(r);
        note = fmt::format(", {}", sudoku::to_string(r.status));
      }
    }
    sudoku::highlight marks;
    if (differences) {
      const sudoku::two_solutions t = sudoku::find_two_solutions(c.workspace(), c.search_options());
      c.counts().nodes += t.count.nodes;
      if (t.count.status == sudoku::status::invalid) return c.clash(*t.count.conflict);
      board = sudoku::differences_board(v, c.puzzle(), t);
      marks.cells = t.differences;
      if (t.count.status != sudoku::status::unique) {
        c.answer_unless_unique(t.count);  // drawn all the same, and said so
        note = fmt::format(", {}", sudoku::to_string(t.count.status));
      }
    }
    sudoku::svg_options o;
    o.coordinates = coordinates;
    o.cell_pixels = cell_pixels;
    o.title = fmt::format("{} ({}:{}{})", sudoku::board_title(v, board.givens), c.file_name(),
                          c.line(), note);
    c.out() += sudoku::render_svg(v, board, marks, o);
    ++c.counts().solved;
  };
  command.summary = [](const tally& t) {
    return outcome_summary(t.puzzles, "puzzle",
                           {{t.solved, "drawn"},
                            {t.invalid, "invalid"},
                            {t.none + t.unknown + t.multiple, "without solution"}});
  };
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
