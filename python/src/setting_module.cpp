// The module's tools for a setter at work, bound as the command line's are:
// why a puzzle is not unique (two_solutions), all possibilities, the count
// estimate, the givens that make a puzzle unique (disambiguate) and the layout check.
// Each reads its puzzle (sudoku_io.hpp), answers with the library (sudoku/answer.hpp,
// possibilities.hpp, estimate.hpp, disambiguate.hpp, layout_check.hpp) and returns lists,
// tuples and dicts.
#include <fmt/core.h>
#include <pybind11/stl.h>
#include <dlx/counted.hpp>
#include <sudoku/answer.hpp>
#include <sudoku/disambiguate.hpp>
#include <sudoku/estimate.hpp>
#include <sudoku/layout_check.hpp>
#include <sudoku/possibilities.hpp>

#include "bindings.hpp"
#include "puzzles.hpp"
#include "sudoku_io.hpp"

namespace dlx_python {

namespace {

// BudgetExhausted: the answer is unknown after `nodes` (not "none").
[[noreturn]] void budget_ran_out(std::uint64_t nodes, std::uint64_t solutions) {
  raise_budget_exhausted(
      fmt::format("unknown: the node budget ran out after {}", dlx::counted(nodes, "node")), nodes,
      solutions);
}

}  // namespace

void bind_setting(py::module_& m) {
  m.def(
      "two_solutions",
      [](const py::object& puzzle, const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box, std::uint64_t budget) {
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        interrupt_check interrupt;
        const dlx::search_options options = search_options(budget, interrupt);
        const sudoku::two_solutions t =
            without_gil(interrupt, [&] { return sudoku::find_two_solutions(w, options); });
        if (t.count.status == sudoku::status::unknown)
          budget_ran_out(t.count.nodes, t.count.solutions);
        if (t.count.status == sudoku::status::none)
          throw py::value_error("two_solutions: the puzzle has no solution");
        const int columns = w.variant.columns();
        py::list cells;
        for (const std::size_t p : t.differences)
          cells.append(
              py::make_tuple(static_cast<int>(p) / columns, static_cast<int>(p) % columns));
        const py::object second = t.count.status == sudoku::status::multiple
                                      ? to_python(w.variant, t.second, in)
                                      : py::object(py::none());
        return py::make_tuple(to_python(w.variant, t.first, in), second, cells);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(), py::arg("budget") = 0,
      puzzle_doc(
          "Why a puzzle is not unique (the command line's `sudoku solve --show-multiple`):\n"
          "(first, second, differences): two solutions and the (row, column) cells, 0-based,\n"
          "where they differ; a given in one of those cells rules one of them out. For a\n"
          "unique puzzle (solution, None, []). ValueError when it has no solution.\n\n"
          "  >>> first, second, cells = dlx_sudoku.two_solutions(\n"
          "  ...     "
          "'53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79')\n"
          "  >>> cells\n"
          "  [(1, 2), (1, 8), (2, 2), (2, 8)]")
          .c_str());

  m.def(
      "possibilities",
      [](const py::object& puzzle, std::uint64_t threshold, const std::string& variant,
         const py::object& regions, const std::optional<std::string>& box,
         std::uint64_t budget) -> py::object {
        if (threshold == 0) throw py::value_error("possibilities: threshold must be at least 1");
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        interrupt_check interrupt;
        const dlx::search_options options = search_options(budget, interrupt);
        const sudoku::possibilities p = without_gil(
            interrupt, [&] { return sudoku::find_possibilities(w, threshold, options); });
        if (p.status == sudoku::status::unknown) budget_ran_out(p.nodes, p.solutions);
        if (p.status == sudoku::status::none) return py::none();
        const sudoku::variant& v = w.variant;
        py::list rows;
        for (int r = 0; r < v.rows(); ++r) {
          py::list row;
          for (int c = 0; c < v.columns(); ++c) {
            const auto cell = static_cast<std::size_t>(r * v.columns() + c);
            if (!v.is_cell(cell)) {
              row.append(py::none());
              continue;
            }
            py::list values;
            for (int d = 1; d <= v.digits(); ++d) {
              if (p.digits[cell] >> d & 1) values.append(v.value_of(d));
            }
            row.append(values);
          }
          rows.append(row);
        }
        return rows;
      },
      py::arg("puzzle"), py::arg("threshold") = 1, py::kw_only(), py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(), py::arg("budget") = 0,
      puzzle_doc(
          "All possibilities (the command line's `sudoku possibilities`): row by row, for\n"
          "each cell the values it holds in at least `threshold` solutions, ascending (None\n"
          "off a samurai's grids); None when the puzzle has no solution. It does not list\n"
          "the solutions: a value seen in one needs no search of its own.\n\n"
          "  >>> dlx_sudoku.possibilities('1...' + '.' * 12)[0]\n"
          "  [[1], [2, 3, 4], [2, 3, 4], [2, 3, 4]]\n\n"
          "budget: give up after this many search nodes in all, raising BudgetExhausted.")
          .c_str());

  m.def(
      "estimate",
      [](const py::object& puzzle, std::uint64_t probes, std::uint64_t seed,
         std::uint64_t exact_budget, const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box) {
        if (probes == 0) throw py::value_error("estimate: probes must be at least 1");
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        sudoku::estimate_settings settings;
        settings.probes = probes;
        settings.seed = seed;
        settings.exact_budget = exact_budget;
        interrupt_check interrupt;  // Ctrl-C, between probes and in the count
        settings.on_progress = [&](const dlx::search_progress&) {
          return interrupt.poll() ? dlx::visit::stop : dlx::visit::next;
        };
        const sudoku::count_estimate e =
            without_gil(interrupt, [&] { return sudoku::estimate_count(w, settings); });
        if (e.status == sudoku::status::invalid)
          throw py::value_error("estimate: the givens clash");
        py::dict out;
        out["exact"] = e.exact;
        out["count"] = e.exact ? py::object(py::int_(e.count)) : py::object(py::none());
        out["estimate"] = e.solutions;
        out["standard_error"] = e.standard_error;
        out["probes"] = e.probes;
        out["reached"] = e.reached;
        out["nodes"] = e.nodes;
        return out;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("probes") = 1000, py::arg("seed") = 1,
      py::arg("exact_budget") = 100000, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      puzzle_doc(
          "The number of solutions (the command line's `sudoku estimate`): counted when\n"
          "that takes at most `exact_budget` nodes, else estimated by Knuth's random probes\n"
          "of the search tree. A dict: exact, count (None when estimated), estimate (the\n"
          "probes' mean, or the count), standard_error, probes, reached (probes that met a\n"
          "solution), nodes. The same seed gives the same estimate.\n\n"
          "  >>> dlx_sudoku.estimate('1' + '.' * 15)['count']\n"
          "  72\n"
          "  >>> e = dlx_sudoku.estimate('.' * 81, probes=400)\n"
          "  >>> 5e21 < e['estimate'] < 8.5e21\n"
          "  True")
          .c_str());

  m.def(
      "disambiguate",
      [](const py::object& puzzle, const std::string& symmetry, const std::string& variant,
         const py::object& regions, const std::optional<std::string>& box, std::uint64_t budget) {
        const std::optional<sudoku::clue_symmetry> sym = sudoku::parse_symmetry(symmetry);
        if (!sym) {
          throw py::value_error(fmt::format(
              "disambiguate: symmetry is none, rot180, rot90, mirror or diagonal, not '{}'",
              symmetry));
        }
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        interrupt_check interrupt;
        const dlx::search_options options = search_options(budget, interrupt);
        const sudoku::disambiguation d =
            without_gil(interrupt, [&] { return sudoku::disambiguate(w, *sym, options); });
        if (d.status == sudoku::status::unknown) budget_ran_out(d.nodes, 0);
        if (d.status == sudoku::status::none)
          throw py::value_error("disambiguate: the puzzle has no solution");
        if (d.status == sudoku::status::multiple)
          throw py::value_error(
              "disambiguate: no given digit tells the solutions apart (they differ only in "
              "variables)");
        const int columns = w.variant.columns();
        py::list cells;
        for (const std::size_t p : d.added)
          cells.append(
              py::make_tuple(static_cast<int>(p) / columns, static_cast<int>(p) % columns));
        return py::make_tuple(to_python(w.variant, d.puzzle, in), cells);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("symmetry") = "none",
      py::arg("variant") = "classic", py::arg("regions") = py::none(), py::arg("box") = py::none(),
      py::arg("budget") = 0,
      puzzle_doc("Givens that make a puzzle unique (the command line's `sudoku disambiguate`):\n"
                 "(puzzle, cells): the puzzle with digits of its first solution added where the\n"
                 "solutions disagree most, until one is left, each needed; and the (row, column)\n"
                 "cells given, 0-based. A unique puzzle comes back as it is, with []. symmetry:\n"
                 "none, rot180, rot90, mirror or diagonal, givens added in whole orbits.\n"
                 "ValueError when it has no solution.\n\n"
                 "  >>> unique, cells = dlx_sudoku.disambiguate('1' + '.' * 15)\n"
                 "  >>> dlx_sudoku.count(unique), len(cells) >= 3\n"
                 "  (1, True)")
          .c_str());

  m.def(
      "check_layout",
      [](const py::object& puzzle, bool givens, const std::string& variant,
         const py::object& regions, const std::optional<std::string>& box, std::uint64_t budget) {
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        // Clashing givens are for the check to name, with givens=True.
        workspace& w = read_one(puzzle, f, in, /*check_givens=*/false);
        interrupt_check interrupt;
        const dlx::search_options options = search_options(budget, interrupt);
        const sudoku::layout_check l =
            without_gil(interrupt, [&] { return sudoku::check_layout(w, givens, options); });
        if (l.status == sudoku::status::unknown) budget_ran_out(l.nodes, 0);
        const sudoku::variant& v = w.variant;
        const int columns = v.columns();
        py::dict out;
        out["status"] = std::string(sudoku::to_string(l.status));
        out["filling"] =
            l.status == sudoku::status::none ? py::object(py::none()) : to_python(v, l.filling, in);
        py::list part;
        for (const sudoku::layout_part& p : l.part) {
          py::dict d;
          d["kind"] = std::string(sudoku::to_string(p.what));
          d["name"] = describe(v, w.puzzle, p);
          py::list cells;
          for (const std::uint32_t cell : sudoku::part_cells(v, p)) {
            if (v.is_variable(cell)) continue;  // a variable has no (row, column)
            cells.append(
                py::make_tuple(static_cast<int>(cell) / columns, static_cast<int>(cell) % columns));
          }
          d["cells"] = cells;
          part.append(d);
        }
        out["part"] = part;
        out["minimal"] = l.minimal;
        out["searches"] = l.searches;
        out["nodes"] = l.nodes;
        return out;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("givens") = false, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(), py::arg("budget") = 0,
      puzzle_doc(
          "The layout check (the command line's `sudoku layout`): can the puzzle's rules\n"
          "(regions, units, cages, clues) be filled at all, without its givens unless\n"
          "givens=True. A dict: status ('multiple', 'unique' when the rules alone fix the\n"
          "grid, or 'none'), filling (one, as the puzzle came in; None for 'none'), part (for\n"
          "'none': a smallest part that cannot be filled, each a dict of kind, name and\n"
          "(row, column) cells, 0-based), minimal (each part shown needed), searches, nodes.\n\n"
          "  >>> [p['name'] for p in dlx_sudoku.check_layout('5.......5' + '.' * 72,\n"
          "  ...                                             givens=True)['part']]\n"
          "  ['row 1', 'the given 5 in r1c1', 'the given 5 in r1c9']\n\n"
          "budget: the nodes of each search, raising BudgetExhausted when the first runs out.")
          .c_str());
}

}  // namespace dlx_python
