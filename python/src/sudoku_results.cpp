// The result classes' Python side (sudoku_results.hpp).
#include "sudoku_results.hpp"

#include <pybind11/stl.h>
#include <dlx/counted.hpp>

namespace dlx_python {

double se_float(double r) {
  return std::stod(sudoku::se_format(r));
}

std::string_view to_string(sudoku::check_status s) {
  switch (s) {
    case sudoku::check_status::valid:
      return "valid";
    case sudoku::check_status::clash:
      return "clash";
    case sudoku::check_status::incomplete:
      return "incomplete";
    case sudoku::check_status::changes_given:
      return "changes_given";
    case sudoku::check_status::shape_mismatch:
      return "shape_mismatch";
    case sudoku::check_status::bad_digit:
      return "bad_digit";
    case sudoku::check_status::outside:
      return "outside";
    case sudoku::check_status::wrong_sum:
      return "wrong_sum";
    case sudoku::check_status::broken_clue:
      return "broken_clue";
  }
  return "?";
}

void bind_sudoku_results(py::module_& m) {
  py::class_<validation>(m, "Validation", "The verdict of validate(): true when valid.")
      .def_readonly("valid", &validation::valid, "True when the grid passed.")
      .def_readonly("status", &validation::status,
                    "'valid', 'clash', 'incomplete', 'changes_given', 'shape_mismatch', "
                    "'bad_digit', 'outside', 'wrong_sum' or 'broken_clue'.")
      .def_readonly("reason", &validation::reason,
                    "Why it failed, in words ('r3c4 is blank'); None when valid.")
      .def_readonly("cell", &validation::cell,
                    "(row, column), 0-based, of the cell it failed at; None when valid.")
      .def("__bool__", [](const validation& v) { return v.valid; })
      .def("__repr__", [](const validation& v) {
        return v.valid ? std::string("<Validation valid>")
                       : fmt::format("<Validation {}: {}>", v.status, v.reason.value_or(""));
      });

  py::class_<rating>(m, "Rating", "The difficulty of a puzzle, from the techniques it needs.")
      .def_readonly("level", &rating::level,
                    "'easy' (singles), 'medium' (pointing, claiming), 'hard' (subsets), 'evil' "
                    "(X-Wing, Swordfish), 'beyond' (logic gets stuck), or 'none' (no solution).")
      .def_readonly("hardest", &rating::hardest,
                    "The hardest technique used ('hidden-pair', ...); None if none was.")
      .def_readonly("steps", &rating::steps, "Steps of the logic solver.")
      .def_readonly("nodes", &rating::nodes,
                    "For 'beyond': the search nodes that finished it; else None.")
      .def("__repr__", [](const rating& r) {
        return fmt::format("<Rating {} hardest={} steps={}{}>", r.level, r.hardest.value_or("none"),
                           r.steps, r.nodes ? fmt::format(" nodes={}", *r.nodes) : std::string());
      });

  py::class_<se_step_py>(m, "SeStep", "One step of Sudoku Explainer's solving path.")
      .def_readonly("technique", &se_step_py::technique, "SE's name: 'Hidden Single', ...")
      .def_readonly("rating", &se_step_py::rating, "Its rating, to one decimal as SE prints it.")
      .def_readonly("placements", &se_step_py::placements, "(row, column, digit) placed.")
      .def_readonly("eliminations", &se_step_py::eliminations, "(row, column, digit) removed.")
      .def(
          "svg", [](const se_step_py& s) { return s.path->step_svg(s.index); },
          "The board before this step as an SVG picture, the step marked: what it places\n"
          "(green), removes (red, struck through), and a chain's links.")
      .def("_repr_svg_", [](const se_step_py& s) { return s.path->step_svg(s.index); })
      .def("__repr__", [](const se_step_py& s) {
        return fmt::format("<SeStep {:.1f} {}>", s.rating, s.technique);
      });

  py::class_<se_rating_py>(m, "SeRating", "Sudoku Explainer 1.2.1's rating of a puzzle.")
      .def_readonly("outcome", &se_rating_py::outcome,
                    "'rated', or 'stuck' when SE's techniques cannot finish (ER 20.0).")
      .def_readonly("er", &se_rating_py::er, "The hardest step of SE's path.")
      .def_readonly("ep", &se_rating_py::ep, "The hardest step up to the first placement.")
      .def_readonly("ed", &se_rating_py::ed, "The first step's rating.")
      .def_readonly("work", &se_rating_py::work, "Chain potentials made (what budget counts).")
      .def_readonly("steps", &se_rating_py::steps, "The path (with trace=True), else [].")
      .def("__str__", [](const se_rating_py& r) { return r.text; })
      .def(
          "svg",
          [](const se_rating_py& r) {
            if (!r.path) throw py::value_error("svg: rate with trace=True to draw the path");
            return r.path->end_svg();
          },
          "The end of SE's path as an SVG picture (the solution when rated); needs trace=True.")
      .def("_repr_svg_",
           [](const se_rating_py& r) -> py::object {
             if (!r.path) return py::none();  // nothing to draw: Jupyter shows the repr
             return py::str(r.path->end_svg());
           })
      .def(
          "html",
          [](const se_rating_py& r) {
            if (!r.path) throw py::value_error("html: rate with trace=True to draw the path");
            return r.path->html(fmt::format("{} {} (ER/EP/ED), {}", r.outcome, r.text,
                                            dlx::counted(r.steps.size(), "step")));
          },
          "A self-contained HTML page that steps through SE's path, a picture per step\n"
          "(as `sudoku explain --scale se --html`); needs trace=True.")
      .def("__repr__", [](const se_rating_py& r) {
        return fmt::format("<SeRating {} {}>", r.text, r.outcome);
      });

  py::class_<step>(m, "Step", "One step of the logic solver.")
      .def_readonly(
          "technique", &step::technique,
          "'naked-single', 'hidden-single', 'pointing', 'claiming', 'clue', 'naked-pair', ..., "
          "'x-wing', 'swordfish'.")
      .def_readonly("where", &step::where, "Where, in words: 'row 3', 'box 5 and row 1'.")
      .def_readonly("placements", &step::placements,
                    "Digits placed, as (row, column, digit) with 0-based row and column.")
      .def_readonly("eliminations", &step::eliminations,
                    "Candidates removed, as (row, column, digit).")
      .def_readonly("solved", &step::solved, "Cells with a digit after the step.")
      .def_readonly("unsolved", &step::unsolved, "Cells without one.")
      .def_readonly("candidates", &step::candidates, "Candidates left in unsolved cells.")
      .def("__str__", [](const step& s) { return s.text; })
      .def(
          "svg", [](const step& s) { return s.path->step_svg(s.index); },
          "The board before this step as an SVG picture, with its candidates and the step\n"
          "marked: its units and cells, the digits it places (green), the candidates it\n"
          "removes (red, struck through). Jupyter shows a Step as this picture.")
      .def("_repr_svg_", [](const step& s) { return s.path->step_svg(s.index); })
      .def("__repr__", [](const step& s) { return fmt::format("<Step {}>", s.text); });

  py::class_<explanation>(m, "Explanation", "How a person would solve a puzzle, step by step.")
      .def_readonly("outcome", &explanation::outcome,
                    "'solved' (by logic), 'stuck' (logic needs search) or 'none' (no solution).")
      .def_readonly("level", &explanation::level, "As Rating.level.")
      .def_readonly("hardest", &explanation::hardest, "As Rating.hardest.")
      .def_readonly("steps", &explanation::steps, "The steps (Step), in order.")
      .def_readonly("solution", &explanation::solution,
                    "The solution when known (by logic, or by search with search=True), in the "
                    "puzzle's shape; else None.")
      .def_readonly("nodes", &explanation::nodes, "With search=True: the search's nodes.")
      .def_readonly("result", &explanation::result,
                    "The outcome in words: 'solved by logic: hard', 'needs search: beyond', ...")
      .def("__str__",
           [](const explanation& e) {
             std::string out;
             for (const auto& s : e.steps)
               out += s.text + '\n';
             return out + "result: " + e.result;
           })
      .def(
          "svg", [](const explanation& e) { return e.path->end_svg(); },
          "The end as an SVG picture: the solution when known, else the board where logic\n"
          "stopped, with its candidates. Jupyter shows an Explanation as this picture.")
      .def("_repr_svg_", [](const explanation& e) { return e.path->end_svg(); })
      .def(
          "html",
          [](const explanation& e) {
            std::string summary = e.result;
            if (e.hardest) summary += fmt::format(" (hardest: {})", *e.hardest);
            return e.path->html(summary + ", " + dlx::counted(e.steps.size(), "step"));
          },
          "A self-contained HTML page that steps through the explanation, a picture per\n"
          "step with Back, Next and the arrow keys (as `sudoku explain --html`).")
      .def("__repr__", [](const explanation& e) {
        return fmt::format("<Explanation {}, {}>", e.result, dlx::counted(e.steps.size(), "step"));
      });
}

}  // namespace dlx_python
