// The SDM reader, and the solver behind it, on arbitrary bytes: every line must
// either be rejected with a column inside the line, or parse to a grid that
// prints back the same, whose solution (if the search finds one within its
// budget) passes the validator.
#include <dlx/line_reader.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::line_reader lines(in, 2048);
  static std::map<std::pair<int, int>, std::unique_ptr<sudoku::solver>> solvers;
  sudoku::grid puzzle, again, solution;
  dlx::search_options budget;
  budget.node_budget = 2000;
  for (dlx::text_line line; lines.next(line);) {
    if (line.too_long || sudoku::is_skippable(line.text)) continue;
    sudoku::sdm_fields fields;
    if (auto e = sudoku::parse_sdm(line.text, puzzle, std::nullopt, &fields)) {
      FUZZ_CHECK(e->column >= 1 && e->column <= line.text.size() + 1);
      FUZZ_CHECK(!e->message.empty());
      // The grid's first character that is no cell, if any, is the one named
      // (the reader takes many at a time: it must name the same one).
      std::string_view text = line.text;
      if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      const auto blank = [&](std::size_t i) { return text[i] == ' ' || text[i] == '\t'; };
      std::size_t i = 0;
      while (i < text.size() && blank(i))
        ++i;
      while (i < text.size() && !blank(i) && sudoku::digit_value(text[i]) >= 0)
        ++i;
      if (i < text.size() && !blank(i)) FUZZ_CHECK(e->column == i + 1);
      continue;
    }
    // Each cell is its character's value, read one at a time (where the rows
    // are apart on the line, cell_column finds them).
    for (std::size_t i = 0; i < puzzle.cells().size(); ++i) {
      const std::size_t at = sudoku::cell_column(line.text, fields, i) - 1;
      FUZZ_CHECK(at < line.text.size());
      FUZZ_CHECK(puzzle.cells()[i] == sudoku::digit_value(line.text[at]));
    }
    // What parses prints back as a line that parses to the same grid.
    const std::string printed = sudoku::to_sdm(puzzle);
    FUZZ_CHECK(!sudoku::parse_sdm(printed, again, puzzle.shape()));
    FUZZ_CHECK(again == puzzle);
    if (puzzle.size() > 16) continue;  // keep each input fast
    auto& s = solvers[{puzzle.shape().box_rows, puzzle.shape().box_cols}];
    if (!s) s = std::make_unique<sudoku::solver>(puzzle.shape());
    const auto clash = sudoku::first_clash(puzzle);
    const auto r = s->solve(puzzle, solution, budget);
    FUZZ_CHECK((r.status == sudoku::status::invalid) == clash.has_value());
    if (r.status == sudoku::status::solved) {
      FUZZ_CHECK(sudoku::check_solution(puzzle, solution).ok());
    }
    const auto c = s->count(puzzle, 2, budget);
    if (r.status == sudoku::status::none) FUZZ_CHECK(c.status == sudoku::status::none);
    if (c.status == sudoku::status::unique || c.status == sudoku::status::multiple) {
      FUZZ_CHECK(r.status == sudoku::status::solved);
    }
  }
  return 0;
}
