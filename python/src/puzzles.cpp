#include "puzzles.hpp"

#include <fmt/core.h>
#include <dlx/line_reader.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>

#include <algorithm>
#include <sstream>

namespace dlx_python {

workspace& thread_workspace() {
  thread_local workspace w;
  return w;
}

namespace {

// A str of several lines holds one puzzle as a grid of n lines (text.hpp's grid
// format); it is read as plain Sudoku, then as the SDM line of the same givens,
// so X, windoku and a jigsaw with regions= apply to it as to a line.
std::optional<input_error> grid_to_line(const std::string& text, const puzzle_format& f,
                                        std::string& line) {
  if (f.rules.killer || f.rules.samurai || (f.rules.jigsaw && !f.rules.layout)) {
    return input_error{1, fmt::format("a puzzle of several lines is a grid of plain Sudoku, X or "
                                      "windoku (or a jigsaw with regions=), not {}",
                                      f.rules.name())};
  }
  std::istringstream stream(text);
  dlx::line_reader lines(stream);
  sudoku::grid_reader reader(lines, f.box);
  sudoku::grid_item item;
  if (!reader.next(item)) return input_error{1, "no puzzle: the text has no grid"};
  if (item.error) {
    return input_error{item.error->column,
                       fmt::format("line {}: {}", item.error_line, item.error->message)};
  }
  sudoku::grid_item more;
  if (reader.next(more)) {
    return input_error{1, fmt::format("line {}: a second puzzle; pass one puzzle per call, or a "
                                      "list of them to solve_many",
                                      more.first_line)};
  }
  line = sudoku::to_sdm(item.puzzle);
  return std::nullopt;
}

// The error for givens that cannot stand, at `cell`.
input_error givens_error(const workspace& w, const puzzle_input& in, std::size_t cell,
                         std::string what) {
  // A grid's cells have no single column: the message names the cells.
  const std::size_t column =
      in.shape == puzzle_shape::grid ? 1 : sudoku::cell_column(in.text, w.fields, cell);
  return input_error{column, std::move(what)};
}

std::string clash_text(const workspace& w, const sudoku::clash& c) {
  return fmt::format("clashing givens: {}", sudoku::describe(c, w.variant));
}

// A search's answer that the givens clash (the solver finds it as it
// preselects them, so the searches need no check of their own first).
std::optional<input_error> clash_of(const workspace& w, const puzzle_input& in,
                                    const sudoku::result& r) {
  if (r.status != sudoku::status::invalid || !r.conflict) return std::nullopt;
  return givens_error(w, in, r.conflict->second, clash_text(w, *r.conflict));
}

}  // namespace

std::optional<input_error> read_puzzle(workspace& w, const puzzle_input& in, const puzzle_format& f,
                                       bool check_givens) {
  std::string converted;
  std::string_view line = in.text;
  if (in.shape == puzzle_shape::grid) {
    if (auto e = grid_to_line(in.text, f, converted)) return e;
    line = converted;
  }
  if (auto e = sudoku::read_puzzle(w, line, f.rules, f.box)) {
    return input_error{e->column, std::move(e->message)};
  }
  if (check_givens) {
    const sudoku::check_result check = sudoku::check_puzzle(w.variant, w.puzzle);
    if (!check.ok()) {
      return givens_error(
          w, in, check.cell,
          check.conflict ? clash_text(w, *check.conflict) : check.message(w.variant));
    }
  }
  return std::nullopt;
}

std::optional<input_error> read_board(const workspace& w, const puzzle_input& in,
                                      const puzzle_format& f, sudoku::grid& out) {
  std::string converted;
  std::string_view line = in.text;
  if (in.shape == puzzle_shape::grid) {
    if (auto e = grid_to_line(in.text, f, converted)) return e;
    line = converted;
  }
  if (auto e = sudoku::parse_board(line, w.variant, out)) {
    return input_error{e->column, std::move(e->message)};
  }
  return std::nullopt;
}

answer solve_puzzle(workspace& w, const puzzle_input& in, const puzzle_format& f,
                    const dlx::search_options& options, bool unique) {
  answer a;
  if ((a.error = read_puzzle(w, in, f, false))) return a;
  sudoku::solver& s = w.solver_for(w.variant);
  const sudoku::result r = unique ? s.solve_unique(w.puzzle, w.solution, options)
                                  : s.solve(w.puzzle, w.solution, options);
  if ((a.error = clash_of(w, in, r))) return a;
  a.count = r.solutions;
  if (r.status == sudoku::status::unknown) {
    a.budget = budget_error{r.nodes, r.solutions};
  } else if (r.status == sudoku::status::solved || r.status == sudoku::status::unique) {
    verify_solution(w.variant, w.puzzle, w.solution);
    a.found = true;
    a.solution = w.solution;
  }
  return a;
}

answer count_puzzle(workspace& w, const puzzle_input& in, const puzzle_format& f,
                    std::uint64_t limit, const dlx::search_options& options) {
  answer a;
  if ((a.error = read_puzzle(w, in, f, false))) return a;
  const sudoku::result r = w.solver_for(w.variant).count(w.puzzle, limit, options);
  if ((a.error = clash_of(w, in, r))) return a;
  // A budget that ran out before the limit: the count asked for is not known.
  if (r.search == dlx::search_status::budget_exhausted) {
    a.budget = budget_error{r.nodes, r.solutions};
  }
  a.count = r.solutions;
  return a;
}

std::string board_text(const sudoku::variant& v, const sudoku::grid& g, puzzle_shape shape) {
  std::string out;
  if (shape == puzzle_shape::grid) {
    sudoku::append_board_pretty(v, g, out);
    if (!out.empty() && out.back() == '\n') out.pop_back();
  } else {
    sudoku::append_board(v, g, out);
  }
  return out;
}

}  // namespace dlx_python
