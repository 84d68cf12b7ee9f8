// The module's Sudoku functions, bound: each reads its arguments
// (sudoku_io.hpp), answers with the library (puzzles.hpp, sudoku/answer.hpp),
// and returns a str, lists or a result object (sudoku_results.hpp); the batch
// functions run on the library's workspace pool (sudoku_batches.hpp).
#include <fmt/core.h>
#include <pybind11/stl.h>
#include <dlx/counted.hpp>
#include <sudoku/explanation.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/possibilities.hpp>
#include <sudoku/render.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>
#include <sudoku/workspace_pool.hpp>

#include <memory>
#include <tuple>
#include <vector>

#include "bindings.hpp"
#include "puzzles.hpp"
#include "sudoku_batches.hpp"
#include "sudoku_io.hpp"
#include "sudoku_results.hpp"

namespace dlx_python {

void bind_sudoku(py::module_& m) {
  using namespace pybind11::literals;
  bind_sudoku_results(m);

  m.def(
      "solve",
      [](const py::object& puzzle, const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box, std::uint64_t budget) -> py::object {
        const puzzle_format f = read_format(variant, regions, box);
        const puzzle_input in = input_of(puzzle, f);
        interrupt_check interrupt;
        const dlx::search_options options = search_options(budget, interrupt);
        const answer a = without_gil(
            interrupt, [&] { return solve_puzzle(thread_workspace(), in, f, options); });
        raise_errors(in, a);
        if (!a.found) return py::none();
        return to_python(thread_workspace().variant, *a.solution, in);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(), py::arg("budget") = 0,
      puzzle_doc(
          "Solves a puzzle: its first solution in search order, or None when it has none.\n\n"
          "  >>> dlx_sudoku.solve('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28"
          "....419..5....8..79')\n"
          "  "
          "'534678912672195348198342567859761423426853791713924856961537284287419635345286179'\n\n"
          "It does not check uniqueness (see is_unique and count). budget: give up after this\n"
          "many search nodes (0: no limit), raising BudgetExhausted.")
          .c_str());

  m.def(
      "count",
      [](const py::object& puzzle, std::uint64_t limit, const std::string& variant,
         const py::object& regions, const std::optional<std::string>& box, std::uint64_t budget,
         unsigned threads) {
        const puzzle_format f = read_format(variant, regions, box);
        const puzzle_input in = input_of(puzzle, f);
        interrupt_check interrupt;
        const dlx::search_options options =
            search_options(budget, interrupt, thread_count(threads));
        const answer a = without_gil(
            interrupt, [&] { return count_puzzle(thread_workspace(), in, f, limit, options); });
        raise_errors(in, a);
        return a.count;
      },
      py::arg("puzzle"), py::arg("limit") = 2, py::kw_only(), py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(), py::arg("budget") = 0,
      py::arg("threads") = 1,
      puzzle_doc("Counts a puzzle's solutions, stopping at limit (0 counts them all): with the\n"
                 "default limit of 2, 0 is none, 1 unique, 2 several.\n\n"
                 "  >>> dlx_sudoku.count('.' * 16, limit=0)       # every 4x4 grid\n"
                 "  288\n\n"
                 "threads: split one long count over this many threads (0: every core). budget:\n"
                 "give up after this many search nodes, raising BudgetExhausted.")
          .c_str());

  m.def(
      "is_unique",
      [](const py::object& puzzle, const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box, std::uint64_t budget) {
        const puzzle_format f = read_format(variant, regions, box);
        const puzzle_input in = input_of(puzzle, f);
        interrupt_check interrupt;
        const dlx::search_options options = search_options(budget, interrupt);
        const answer a = without_gil(
            interrupt, [&] { return count_puzzle(thread_workspace(), in, f, 2, options); });
        raise_errors(in, a);
        return a.count == 1;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(), py::arg("budget") = 0,
      puzzle_doc("True when the puzzle has exactly one solution (a count to 2).").c_str());

  m.def(
      "validate",
      [](const py::object& grid, const py::object& puzzle, bool partial, const std::string& variant,
         const py::object& regions, const std::optional<std::string>& box) {
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        sudoku::check_result check;
        workspace* w = nullptr;
        std::size_t board_columns = 0;
        if (puzzle.is_none()) {
          w = &read_one(grid, f, in, false);
          check = partial ? sudoku::check_puzzle(w->variant, w->puzzle)
                          : sudoku::check_solution(w->variant, w->puzzle);
        } else {
          // The puzzle's line says the variant (a jigsaw's regions, a killer's
          // cages); the grid is a board of it.
          puzzle_input puzzle_in;
          w = &read_one(puzzle, f, puzzle_in, false);
          in = input_of(grid, f);
          if (auto e = read_board(*w, in, f, w->solution)) raise_input(in, *e);
          check = sudoku::check_solution(w->variant, w->puzzle, w->solution);
        }
        board_columns = static_cast<std::size_t>(w->variant.columns());
        validation v;
        v.valid = check.ok();
        v.status = std::string(to_string(check.status));
        if (!v.valid) {
          v.reason = check.message(w->variant);
          v.cell = std::pair<int, int>(static_cast<int>(check.cell / board_columns),
                                       static_cast<int>(check.cell % board_columns));
        }
        return v;
      },
      py::arg("grid"), py::arg("puzzle") = py::none(), py::kw_only(), py::arg("partial") = false,
      py::arg("variant") = "classic", py::arg("regions") = py::none(), py::arg("box") = py::none(),
      puzzle_doc(
          "Checks a grid, independently of any solver: a complete grid with no digit twice in\n"
          "a unit (and every killer cage at its sum); with puzzle, also keeping each of its\n"
          "givens; with partial=True, blanks allowed (only repeats count). Returns a\n"
          "Validation, true when valid, that says why not.\n\n"
          "  >>> v = dlx_sudoku.validate('1234341221434312')\n"
          "  >>> bool(v), v.reason, v.cell\n"
          "  (False, 'r4c3 repeats 1 of r2c3 (same column)', (3, 2))")
          .c_str());

  m.def(
      "rate",
      [](const py::object& puzzle, const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box) {
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        const sudoku::logic_answer a = logic_of(puzzle, f, in, true);
        rating r;
        // A puzzle that is not unique is not rated: its level says why.
        r.level = a.unique() ? std::string(sudoku::to_string(a.result.level))
                             : std::string(sudoku::to_string(a.uniqueness.status));
        if (a.result.hardest) r.hardest = sudoku::technique_name(*a.result.hardest);
        r.steps = a.result.steps.size();
        if (a.searched) r.nodes = a.searched->nodes;
        return r;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      puzzle_doc(
          "Rates a puzzle by the hardest technique a person needs (the command line's\n"
          "`sudoku rate`): a Rating with level, hardest, steps and, when logic gets stuck,\n"
          "the search nodes that finish it. Killer cages take no part in the logic. A puzzle\n"
          "that is not unique is not rated: its level is 'none' (no solution) or 'multiple'.\n\n"
          "  >>> dlx_sudoku.rate('.' * 72 + '123456789').level\n"
          "  'multiple'")
          .c_str());

  m.def(
      "se_rating",
      [](const py::object& puzzle, std::uint64_t budget, bool trace, const py::object& progress,
         unsigned threads) {
        const puzzle_format f = read_format("classic", py::none(), std::nullopt);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        if (!sudoku::se_applies(w.variant))
          throw py::value_error("se_rating: the Sudoku Explainer rating is for 9x9 puzzles");
        interrupt_check interrupt;
        sudoku::se_options options;
        options.budget = budget;
        options.trace = trace;
        options.threads = thread_count(threads);
        // The hardest puzzles take half a minute: Ctrl-C stops them, and
        // `progress` hears how far they are.
        struct interrupted {};
        options.on_progress = [&](const sudoku::se_progress& p) {
          if (interrupt.poll()) throw interrupted{};
          if (progress.is_none()) return;
          py::gil_scoped_acquire gil;
          progress(py::dict(py::arg("steps") = p.steps, py::arg("filled") = p.filled,
                            py::arg("hardest") = se_float(p.hardest), py::arg("work") = p.work,
                            py::arg("searching") = std::string(p.searching)));
        };
        const sudoku::se_rating r = without_gil(interrupt, [&] {
          try {
            return sudoku::rate_se(w.puzzle, options);
          } catch (const interrupted&) {
            return sudoku::se_rating();  // raise_if_interrupted raises KeyboardInterrupt
          }
        });
        if (r.outcome == sudoku::se_rating::outcome::unknown)
          raise_budget_exhausted(
              fmt::format("unknown: the budget ran out after {} chain potentials", r.work), r.work,
              0);
        if (r.outcome == sudoku::se_rating::outcome::rated)
          verify_solution(w.variant, w.puzzle, r.reached);
        se_rating_py out;
        switch (r.outcome) {
          case sudoku::se_rating::outcome::rated:
            out.outcome = "rated";
            break;
          case sudoku::se_rating::outcome::none:
            out.outcome = "none";  // not rated: not unique
            break;
          case sudoku::se_rating::outcome::multiple:
            out.outcome = "multiple";
            break;
          default:
            out.outcome = "stuck";
        }
        out.er = se_float(r.er);
        out.ep = se_float(r.ep);
        out.ed = se_float(r.ed);
        out.text = sudoku::to_string(r);
        out.work = r.work;
        std::shared_ptr<picture_path> path;
        if (trace) {
          path = std::make_shared<picture_path>();
          path->variant = w.variant;
          path->puzzle = w.puzzle;
          path->se_steps = r.steps;
          if (r.outcome == sudoku::se_rating::outcome::rated) path->end = r.reached;
          path->end_text = fmt::format("{} {}", out.outcome, out.text);
        }
        for (const sudoku::se_step& st : r.steps) {
          se_step_py s;
          s.path = path;
          s.index = out.steps.size();
          s.technique = st.technique;
          s.rating = se_float(st.rating);
          for (const auto& c : st.placed)
            s.placements.push_back(cell_tuple(c, 9));
          for (const auto& c : st.eliminated)
            s.eliminations.push_back(cell_tuple(c, 9));
          out.steps.push_back(std::move(s));
        }
        out.path = std::move(path);
        return out;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("budget") = 0, py::arg("trace") = false,
      py::arg("progress") = py::none(), py::arg("threads") = 1,
      puzzle_doc(
          "Sudoku Explainer 1.2.1's numeric rating of a 9x9 puzzle, as its rater serate\n"
          "computes it (the command line's `sudoku rate --scale se`): an SeRating with er\n"
          "(the hardest step), ep (the hardest up to the first placement), ed (the first\n"
          "step); str() gives 'ER/EP/ED'. budget: chain potentials, 0 for none; past it\n"
          "BudgetExhausted. trace=True keeps the steps. progress: a callable given a dict\n"
          "(steps, filled cells, hardest so far, work, the technique family searching)\n"
          "before every step and every 2^18 potentials within one; Ctrl-C stops a rating.\n"
          "threads: how many one rating uses (0: every core); the steps, the rating and\n"
          "the work are the same with any number. A puzzle that is not unique is not rated:\n"
          "outcome 'none' or 'multiple', and str() the same word.\n\n"
          "  >>> r = dlx_sudoku.se_rating('3.7.4...........918........4.....7.....16.......25.'\n"
          "  ...                          '.........38..9....5...2.6.....')\n"
          "  >>> str(r), r.er\n"
          "  ('3.4/1.2/1.2', 3.4)")
          .c_str());

  m.def(
      "render",
      [](const py::object& puzzle, bool solution, bool candidates, bool possibilities,
         bool differences, bool coordinates, const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box) {
        if (int{solution} + int{candidates} + int{possibilities} + int{differences} > 1)
          throw py::value_error(
              "render: solution=True, candidates=True, possibilities=True and differences=True "
              "go one at a time");
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        sudoku::board_state board = candidates
                                        ? sudoku::board_state::with_candidates(w.variant, w.puzzle)
                                        : sudoku::board_state::of_puzzle(w.puzzle);
        if (possibilities) {
          interrupt_check interrupt;
          const dlx::search_options options = search_options(0, interrupt);
          const sudoku::possibilities p =
              without_gil(interrupt, [&] { return sudoku::find_possibilities(w, 1, options); });
          if (p.status == sudoku::status::none)
            throw py::value_error("render: the puzzle has no solution: no possibilities to draw");
          board = sudoku::possibilities_board(w.variant, w.puzzle, p);
        }
        if (solution) {
          interrupt_check interrupt;
          const dlx::search_options options = search_options(0, interrupt);
          const answer a = without_gil(
              interrupt, [&] { return solve_puzzle(w, in, f, options, /*unique=*/true); });
          raise_errors(in, a);
          if (!a.found) {
            // Only a unique puzzle's solution is drawn: one of several would
            // pass for the answer.
            throw py::value_error(a.count == 0
                                      ? "render: the puzzle has no solution to draw"
                                      : "render: the puzzle has more than one solution: only a "
                                        "unique one's solution is drawn");
          }
          board.digits = *a.solution;
        }
        sudoku::highlight marks;
        if (differences) {
          interrupt_check interrupt;
          const dlx::search_options options = search_options(0, interrupt);
          const sudoku::two_solutions t =
              without_gil(interrupt, [&] { return sudoku::find_two_solutions(w, options); });
          if (t.count.status == sudoku::status::none)
            throw py::value_error("render: the puzzle has no solution to draw");
          board = sudoku::differences_board(w.variant, w.puzzle, t);
          marks.cells = t.differences;
        }
        sudoku::svg_options o;
        o.coordinates = coordinates;
        return sudoku::render_svg(w.variant, board, marks, o);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("solution") = false, py::arg("candidates") = false,
      py::arg("possibilities") = false, py::arg("differences") = false,
      py::arg("coordinates") = false, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      puzzle_doc(
          "Draws a puzzle as SVG text (the command line's `sudoku render`): the variant's\n"
          "lines (boxes, jigsaw regions, diagonals, windows, killer cages with their sums),\n"
          "the givens in bold; solution=True adds the solution's digits in blue (ValueError\n"
          "for a puzzle that is not unique),\n"
          "candidates=True the candidates the givens leave, possibilities=True each empty\n"
          "cell's values over all solutions as pencil marks (ValueError for a puzzle with no\n"
          "solution), differences=True why a puzzle is not unique: two solutions, the cells\n"
          "where they differ shaded with both digits (a unique puzzle: its solution),\n"
          "coordinates=True row and column numbers. The result is a str that\n"
          "Jupyter shows as the picture.")
          .c_str());

  m.def(
      "explain",
      [](const py::object& puzzle, bool search, const std::string& variant,
         const py::object& regions, const std::optional<std::string>& box) {
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        const sudoku::logic_answer a = logic_of(puzzle, f, in, search);
        const workspace& w = thread_workspace();
        const sudoku::logic_result& r = a.result;
        explanation e;
        auto path = std::make_shared<picture_path>();
        path->variant = w.variant;
        path->puzzle = w.puzzle;
        if (!a.unique()) {
          // Not explained: an explanation of a puzzle that is not unique would
          // be a wrong answer. Its picture shows the givens.
          e.outcome = e.level = sudoku::to_string(a.uniqueness.status);
          e.result =
              a.none() ? "no solution: not explained" : "more than one solution: not explained";
          path->end_text = e.result;
          e.path = std::move(path);
          return e;
        }
        e.outcome = r.outcome == sudoku::logic_outcome::solved ? "solved" : "stuck";
        e.level = sudoku::to_string(r.level);
        if (r.hardest) e.hardest = sudoku::technique_name(*r.hardest);
        const int columns = w.variant.columns();
        path->logic_steps = r.steps;
        for (const auto& st : r.steps) {
          step s;
          s.technique = sudoku::technique_name(st.technique);
          s.where = st.where;
          for (const auto& c : st.placed)
            s.placements.push_back(cell_tuple(c, columns));
          for (const auto& c : st.eliminated)
            s.eliminations.push_back(cell_tuple(c, columns));
          s.solved = st.solved;
          s.unsolved = st.unsolved;
          s.candidates = st.candidates;
          s.text = sudoku::describe(w.variant, st);
          s.path = path;
          s.index = e.steps.size();
          e.steps.push_back(std::move(s));
        }
        if (a.searched) e.nodes = a.searched->nodes;
        if (a.searched && a.searched->status == sudoku::status::solved) {
          e.solution = to_python(w.variant, w.solution, in);
          path->end = w.solution;
        } else if (!a.searched && r.outcome == sudoku::logic_outcome::solved) {
          e.solution = to_python(w.variant, r.reached, in);  // checked by answer_by_logic
          path->end = r.reached;
        }
        e.result = r.outcome == sudoku::logic_outcome::solved
                       ? fmt::format("solved by logic: {}", sudoku::to_string(r.level))
                       : std::string("needs search: beyond");
        path->end_text = e.result;
        e.path = std::move(path);
        return e;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("search") = false, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      puzzle_doc(
          "Solves a puzzle the way a person would (the command line's `sudoku explain`):\n"
          "naked and hidden singles, pointing, claiming, naked and hidden subsets, X-Wing,\n"
          "Swordfish, easiest first. Returns an Explanation; str() of it prints the steps.\n"
          "search=True finishes with the exact-cover search when logic gets stuck. A puzzle\n"
          "that is not unique is not explained: outcome and level 'none' or 'multiple', and\n"
          "no steps.")
          .c_str());

  m.def(
      "minimize",
      [](const py::object& puzzle, std::uint64_t seed, const std::string& variant,
         const py::object& regions, const std::optional<std::string>& box) -> py::object {
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        std::optional<sudoku::grid> minimal;
        std::uint64_t solutions = 0;
        {
          py::gil_scoped_release release;
          minimal = w.generator_for(w.variant).minimize(w.puzzle, seed);
          if (!minimal) solutions = w.solver_for(w.variant).count(w.puzzle, 2).solutions;
        }
        if (!minimal) {
          throw py::value_error(solutions == 0
                                    ? "the puzzle has no solution: only a unique one can be "
                                      "minimized"
                                    : "the puzzle has several solutions: only a unique one can "
                                      "be minimized");
        }
        // The puzzle's own line format: a jigsaw keeps its regions, a killer its
        // cages (unless the layout came as regions=).
        if (in.shape == puzzle_shape::line && !f.rules.layout) {
          std::string line;
          sudoku::append_puzzle(w.variant, *minimal, line);
          return py::str(line);
        }
        return to_python(w.variant, *minimal, in);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("seed") = 1, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      puzzle_doc(
          "A minimal puzzle with the same unique solution: givens removed one at a time, in\n"
          "an order drawn from seed, while it stays unique. Raises ValueError for a puzzle\n"
          "that is not unique.")
          .c_str());

  m.def(
      "convert",
      [](const py::object& puzzle, const std::string& to, const std::vector<std::string>& set,
         const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box) -> std::string {
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in, false);
        for (const std::string& edit : set) {
          if (auto why = sudoku::set_given(w.variant, w.puzzle, edit))
            throw py::value_error("set: " + *why);
        }
        const auto format = sudoku::text_format_from(to);
        if (!format) {
          throw py::value_error("to: expected 'iss', 'fpuzzles', 'fpuzzles-json' or 'line', got '" +
                                to + "'");
        }
        std::string out, why;
        const bool ok = sudoku::append_puzzle_as(*format, w.variant, w.puzzle, out, why);
        if (!ok) throw py::value_error("to='" + to + "': " + why);
        return out;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("to") = "iss",
      py::arg("set") = std::vector<std::string>{}, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      puzzle_doc(
          "The puzzle in another format, as `sudoku convert --to` writes it: 'iss' (ISS's\n"
          "constraint string), 'fpuzzles' (an f-puzzles link, which SudokuPad opens too),\n"
          "'fpuzzles-json' (its JSON) or 'line' (the variant's own line). f-puzzles and\n"
          "SudokuPad links are read with any variant but the line formats (or\n"
          "variant='fpuzzles'). set: edits of the givens made first, as `--set`:\n"
          "'r3c4=7' puts a 7 in r3c4, 'r3c4=.' empties it. Raises ValueError for a rule\n"
          "the format cannot state or an edit that does not fit the board.\n\n"
          "  >>> dlx_sudoku.convert('1.34' * 4, variant='classic')[:10]\n"
          "  '.Shape~4x4'\n"
          "  >>> dlx_sudoku.convert('1.34.4.2..4.4..1', to='line', set=['r1c2=2', 'r1c1=.'])\n"
          "  '.234.4.2..4.4..1'")
          .c_str());

  m.def(
      "pretty",
      [](const py::object& grid, const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box) {
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(grid, f, in, false);
        std::string out;
        sudoku::append_board_pretty(w.variant, w.puzzle, out);
        if (!out.empty() && out.back() == '\n') out.pop_back();
        return out;
      },
      py::arg("grid"), py::kw_only(), py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      puzzle_doc("A grid for people: digits separated by blanks, '|' and rules between boxes.\n\n"
                 "  >>> print(dlx_sudoku.pretty('1234341221434321'))\n"
                 "  1 2 | 3 4\n  3 4 | 1 2\n  ----+----\n  2 1 | 4 3\n  4 3 | 2 1")
          .c_str());

  m.def(
      "generate",
      [](std::uint64_t count, int size, const std::optional<std::string>& box,
         const std::string& symmetry, const std::optional<std::string>& difficulty,
         std::optional<int> clues, bool minimal, std::optional<std::uint64_t> seed,
         const std::string& variant, const py::object& regions, unsigned threads) {
        puzzle_format f = read_format(variant, regions, box);
        if (f.rules.killer || f.rules.samurai) {
          throw py::value_error("variant: generate makes classic, x, windoku and jigsaw puzzles");
        }
        // A jigsaw without regions= gets a random layout per puzzle.
        const bool random_layouts = f.rules.jigsaw && !f.rules.layout;
        sudoku::generate_options o;
        if (f.rules.layout) {
          o.shape = *sudoku::shape::for_cell_count(f.rules.layout->size());
        } else if (f.box) {
          o.shape = *f.box;
        } else {
          auto s = size >= 4 && size <= sudoku::max_size
                       ? sudoku::shape::for_cell_count(static_cast<std::size_t>(size * size))
                       : std::nullopt;
          if (!s) throw py::value_error(fmt::format("size: {} has no box shape", size));
          o.shape = *s;
        }
        const auto sym = sudoku::parse_symmetry(symmetry);
        if (!sym) {
          throw py::value_error(fmt::format(
              "symmetry: expected none, rot180, rot90, mirror or diagonal, got '{}'", symmetry));
        }
        o.symmetry = *sym;
        if (difficulty) {
          o.difficulty = sudoku::parse_level(*difficulty);
          if (!o.difficulty) {
            throw py::value_error(fmt::format(
                "difficulty: expected easy, medium, hard, evil or beyond, got '{}'", *difficulty));
          }
        }
        if (clues && *clues < 0) throw py::value_error("clues: must be 0 or more");
        o.clues = clues;
        o.minimal = minimal;
        o.seed = seed ? *seed : sudoku::draw_seed();
        // (A random layout's variant is made per puzzle: make_random_jigsaw
        // refuses windows that do not fit, as ValueError.)
        sudoku::variant v;
        if (!random_layouts) {
          if (auto e = sudoku::make_variant(f.rules, o.shape, v)) throw py::value_error(e->message);
        }
        std::vector<std::optional<std::string>> made(count);
        interrupt_check interrupt;
        const unsigned workers = thread_count(threads);
        {
          py::gil_scoped_release release;
          for_each_puzzle(count, workers, interrupt, [&](workspace& w, std::size_t i) {
            std::string line;
            if (random_layouts) {
              // The puzzle's line carries its layout: givens, then region ids.
              auto p = sudoku::make_random_jigsaw(f.rules, o, i);
              if (!p) return;
              verify_solution(p->variant, p->puzzle.puzzle, p->puzzle.solution);
              sudoku::append_puzzle(p->variant, p->puzzle.puzzle, line);
            } else {
              auto p = w.generator_for(v).make(o, i);
              if (!p) return;
              verify_solution(v, p->puzzle, p->solution);
              sudoku::append_board(v, p->puzzle, line);
            }
            made[i] = std::move(line);
          });
        }
        interrupt.raise_if_interrupted();
        py::list out(count);
        for (std::size_t i = 0; i < count; ++i)
          out[i] = made[i] ? py::object(py::str(*made[i])) : py::object(py::none());
        return out;
      },
      py::arg("count") = 1, py::kw_only(), py::arg("size") = 9, py::arg("box") = py::none(),
      py::arg("symmetry") = "none", py::arg("difficulty") = py::none(),
      py::arg("clues") = py::none(), py::arg("minimal") = false, py::arg("seed") = py::none(),
      py::arg("variant") = "classic", py::arg("regions") = py::none(), py::arg("threads") = 0,
      "Makes `count` puzzles with exactly one solution, as SDM strings: a random complete\n"
      "grid, then givens removed in a seeded order, keeping the clue symmetry ('none',\n"
      "'rot180', 'rot90', 'mirror', 'diagonal'), while the puzzle stays unique and no harder\n"
      "than difficulty ('easy', 'medium', 'hard', 'evil', 'beyond'; only that level is kept).\n"
      "clues: stop removing at this many givens; minimal=True: no given can be removed.\n"
      "size: 4, 6, 9, 12, 16, 25, ... (or box='RxC'); variant 'x', 'windoku', or 'jigsaw':\n"
      "with regions= on that layout, else each on a random layout of its own, its line the\n"
      "jigsaw line format (givens, then a region id per cell). 'x' and 'windoku' combine.\n"
      "The same seed gives the same puzzles whatever the threads (0: every core); without\n"
      "one, a fresh seed is drawn (dlx_sudoku.generate, the module's face of this, returns\n"
      "a Puzzles list whose .seed names it). None in a puzzle's place when no puzzle of the\n"
      "level came within the attempts.\n\n"
      "  >>> dlx_sudoku.generate(2, symmetry='rot180', seed=7)\n"
      "  ['..9.....', ...]");

  m.def("_draw_seed", &sudoku::draw_seed,
        "A fresh seed for generate (sudoku::draw_seed): at most 2**32 - 1.");

  m.def(
      "solve_many",
      [](const py::iterable& puzzles, unsigned threads, const std::string& variant,
         const py::object& regions, const std::optional<std::string>& box, std::uint64_t budget,
         const std::string& errors) {
        const puzzle_format f = read_format(variant, regions, box);
        const on_error policy = read_errors(errors);
        interrupt_check interrupt;
        const dlx::search_options options = search_options(budget, interrupt);
        return run_batch(
            puzzles, f, thread_count(threads), policy, interrupt,
            [&](workspace& w, const puzzle_input& in) {
              answer a = solve_puzzle(w, in, f, options);
              // A str answer is made here, off the GIL; lists are built with it.
              if (a.found && in.shape != puzzle_shape::lists) {
                a.text = board_text(w.variant, *a.solution, in.shape);
              }
              return a;
            },
            [](const puzzle_input& in, const answer& a) {
              if (!a.found) return py::object(py::none());
              if (in.shape != puzzle_shape::lists) return py::object(py::str(a.text));
              return to_lists(*a.solution);
            });
      },
      py::arg("puzzles"), py::kw_only(), py::arg("threads") = 0, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(), py::arg("budget") = 0,
      py::arg("errors") = "raise",
      puzzle_doc(
          "Solves every puzzle of an iterable on `threads` threads (0: every core) with the\n"
          "GIL released; returns a list of answers in input order, as solve() gives them.\n"
          "errors: 'raise' (default) raises the first bad puzzle's ValueError, naming its\n"
          "index (puzzles[17]: column 5: ...); 'none' puts None in its place; 'return' puts\n"
          "the exception itself there. A budget that runs out is BudgetExhausted, likewise.")
          .c_str());

  m.def(
      "count_many",
      [](const py::iterable& puzzles, std::uint64_t limit, unsigned threads,
         const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box, std::uint64_t budget, const std::string& errors) {
        const puzzle_format f = read_format(variant, regions, box);
        const on_error policy = read_errors(errors);
        interrupt_check interrupt;
        const dlx::search_options options = search_options(budget, interrupt);
        return run_batch(
            puzzles, f, thread_count(threads), policy, interrupt,
            [&](workspace& w, const puzzle_input& in) {
              return count_puzzle(w, in, f, limit, options);
            },
            [](const puzzle_input&, const answer& a) { return py::object(py::int_(a.count)); });
      },
      py::arg("puzzles"), py::arg("limit") = 2, py::kw_only(), py::arg("threads") = 0,
      py::arg("variant") = "classic", py::arg("regions") = py::none(), py::arg("box") = py::none(),
      py::arg("budget") = 0, py::arg("errors") = "raise",
      puzzle_doc("Counts the solutions of every puzzle of an iterable, up to limit, on `threads`\n"
                 "threads with the GIL released; a list of ints in input order. errors as for\n"
                 "solve_many.")
          .c_str());
}

}  // namespace dlx_python
