// The objects the module's Sudoku functions return (Validation, Rating,
// SeRating and its SeStep, Explanation and its Step), and the solving path
// their pictures are drawn from, on demand.
#pragma once

#include <pybind11/pybind11.h>
#include <sudoku/explanation.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/render.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/validate.hpp>

#include <fmt/core.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "bindings.hpp"

namespace dlx_python {

struct validation {
  bool valid = true;
  std::string status;
  std::optional<std::string> reason;
  std::optional<std::pair<int, int>> cell;
};

struct rating {
  std::string level;
  std::optional<std::string> hardest;
  std::size_t steps = 0;
  std::optional<std::uint64_t> nodes;
};

// What the pictures of a solving path need, shared by an explanation (or an SE
// rating) and its steps: the puzzle and the steps, replayed when a picture is
// asked for, so that explaining costs nothing more until then.
struct picture_path {
  sudoku::variant variant;
  sudoku::grid puzzle;
  std::vector<sudoku::logic_step> logic_steps;  // explain()
  std::vector<sudoku::se_step> se_steps;        // se_rating(trace=True)
  std::optional<sudoku::grid> end;              // the solution, when known
  std::string end_text;

  [[nodiscard]] std::size_t size() const {
    return logic_steps.empty() ? se_steps.size() : logic_steps.size();
  }
  [[nodiscard]] std::string text(std::size_t k) const {
    if (!logic_steps.empty()) return sudoku::describe(variant, logic_steps[k]);
    return sudoku::describe(se_steps[k]);
  }
  [[nodiscard]] sudoku::highlight marks(std::size_t k, const sudoku::board_state& before) const {
    return logic_steps.empty() ? sudoku::highlight_of(variant, se_steps[k], before)
                               : sudoku::highlight_of(variant, logic_steps[k], before);
  }
  // The board before step k (k = size(): after the last) and step k's marks.
  [[nodiscard]] std::string step_svg(std::size_t k) const {
    sudoku::board_state board = sudoku::board_state::with_candidates(variant, puzzle);
    for (std::size_t i = 0; i < k; ++i)
      board.apply(variant, marks(i, board));
    sudoku::svg_options o;
    o.title = text(k);
    o.id = fmt::format("step{}", k);
    return sudoku::render_svg(variant, board, marks(k, board), o);
  }
  // The end: the solution when known, else the board the steps left.
  [[nodiscard]] std::string end_svg() const {
    sudoku::board_state board = sudoku::board_state::with_candidates(variant, puzzle);
    for (std::size_t i = 0; i < size(); ++i)
      board.apply(variant, marks(i, board));
    if (end) {
      board.digits = *end;
      board.candidates.clear();
    }
    sudoku::svg_options o;
    o.title = end_text;
    return sudoku::render_svg(variant, board, {}, o);
  }
  [[nodiscard]] std::string html(const std::string& summary) const {
    sudoku::explanation_builder b(variant, puzzle);
    for (std::size_t k = 0; k < size(); ++k)
      b.step(text(k), marks(k, b.board()));
    return sudoku::html_page_begin("dlx_sudoku") +
           sudoku::html_section(b.finish("puzzle", summary, end ? &*end : nullptr, end_text)) +
           sudoku::html_page_end();
  }
};

struct se_step_py {
  std::string technique;
  double rating = 0;
  std::vector<std::tuple<int, int, int>> placements;
  std::vector<std::tuple<int, int, int>> eliminations;
  std::shared_ptr<const picture_path> path;
  std::size_t index = 0;
};

struct se_rating_py {
  std::string outcome;  // "rated" or "stuck"
  double er = 0, ep = 0, ed = 0;
  std::string text;  // "11.9/11.9/11.3"
  std::uint64_t work = 0;
  std::vector<se_step_py> steps;
  std::shared_ptr<const picture_path> path;  // with trace=True
};

struct step {
  std::string technique;
  std::string where;
  std::vector<std::tuple<int, int, int>> placements;
  std::vector<std::tuple<int, int, int>> eliminations;
  int solved = 0, unsolved = 0, candidates = 0;
  std::string text;
  std::shared_ptr<const picture_path> path;
  std::size_t index = 0;
};

struct explanation {
  std::string outcome;
  std::string level;
  std::optional<std::string> hardest;
  std::vector<step> steps;
  py::object solution = py::none();
  std::optional<std::uint64_t> nodes;
  std::string result;
  std::shared_ptr<const picture_path> path;
};

/// A rating as SE prints it, as a float with one decimal.
double se_float(double r);
/// "valid", "clash", ...: a validation's status as Python sees it.
std::string_view to_string(sudoku::check_status s);

/// The result classes, in `m`.
void bind_sudoku_results(py::module_& m);

}  // namespace dlx_python
