// Python objects in, answers out (sudoku_io.hpp).
#include "sudoku_io.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>

namespace dlx_python {

namespace {

// A jigsaw layout as text: a str of n*n region ids, or n lists of n ints.
std::string layout_text(py::handle regions) {
  if (py::isinstance<py::str>(regions)) return regions.cast<std::string>();
  static constexpr std::string_view ids = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  std::string text;
  std::size_t r = 0;
  for (py::handle row : regions.cast<py::sequence>()) {
    ++r;
    std::size_t c = 0;
    for (py::handle id : row.cast<py::sequence>()) {
      ++c;
      const auto k = integer(id, fmt::format("regions: row {}, column {}", r, c));
      if (k < 0 || k >= static_cast<long long>(ids.size())) {
        throw py::value_error(
            fmt::format("regions: row {}, column {}: a region id is 0 to 35, not {}", r, c, k));
      }
      text += ids[static_cast<std::size_t>(k)];
    }
  }
  return text;
}

// A puzzle given as n lists of n ints, as the line the command line would read.
void read_lists(py::handle obj, const puzzle_format& f, puzzle_input& in) {
  in.shape = puzzle_shape::lists;
  if (f.rules.killer) {
    in.error = "a killer puzzle comes as a str: its cage field, then a blank and its givens";
    return;
  }
  if (f.rules.jigsaw && !f.rules.layout) {
    in.error = "a jigsaw puzzle as lists needs its layout: pass regions=";
    return;
  }
  const auto rows = obj.cast<py::sequence>();
  const std::size_t n = rows.size();
  std::optional<sudoku::variant> samurai;
  std::size_t digits = n;
  if (f.rules.samurai) {
    samurai = sudoku::variant::samurai();
    digits = 9;
    if (n != 21) {
      in.error = fmt::format("a samurai board is 21 lists of 21 ints, not {} lists", n);
      return;
    }
  } else {
    const auto s = f.box ? f.box : sudoku::shape::for_cell_count(n * n);
    if (!s || static_cast<std::size_t>(s->size()) != n) {
      in.error = fmt::format(
          "expected 9 lists of 9 ints (or n lists of n, n = 4 to 35, for other sizes{}), got {} "
          "lists",
          f.box ? fmt::format("; box={}", f.box->box_name()) : std::string(), n);
      return;
    }
  }
  in.text.reserve(n * n);
  for (std::size_t r = 0; r < n; ++r) {
    const py::object row = rows[r];
    if (py::isinstance<py::str>(row) || !py::isinstance<py::sequence>(row)) {
      in.error = fmt::format("row {}: expected a list of {} ints, got {}", r + 1, n,
                             py::str(py::type::of(row).attr("__name__")).cast<std::string>());
      return;
    }
    const auto cells = row.cast<py::sequence>();
    if (cells.size() != n) {
      in.error = fmt::format("row {}: expected {} values, got {}", r + 1, n, cells.size());
      return;
    }
    for (std::size_t c = 0; c < n; ++c) {
      const py::object cell = cells[c];
      long long value = -1;
      if (PyIndex_Check(cell.ptr())) {
        const long long v =
            PyLong_AsLongLong(py::reinterpret_steal<py::object>(PyNumber_Index(cell.ptr())).ptr());
        if (v == -1 && PyErr_Occurred())
          PyErr_Clear();
        else
          value = v;
      }
      const std::size_t position = r * n + c;
      const bool outside = samurai && !samurai->is_cell(position);
      if (value < 0 || value > static_cast<long long>(digits) || (outside && value != 0)) {
        in.error =
            outside ? fmt::format("row {}, column {}: outside the five grids, expected 0, got {}",
                                  r + 1, c + 1, py::repr(cell).cast<std::string>())
                    : fmt::format(
                          "row {}, column {}: expected a digit 0 to {} (0 for a blank), "
                          "got {}",
                          r + 1, c + 1, digits, py::repr(cell).cast<std::string>());
        return;
      }
      in.text += outside ? '-' : sudoku::digit_char(static_cast<int>(value));
    }
  }
}

}  // namespace

// variant=, regions=, box=: the rules every puzzle of the call is read with.
puzzle_format read_format(const std::string& variant, const py::object& regions,
                          const std::optional<std::string>& box) {
  puzzle_format f;
  std::string error;
  auto rules = sudoku::rules::parse(variant, error);
  if (!rules) throw py::value_error(fmt::format("variant: {}", error));
  f.rules = *rules;
  if (box) {
    f.box = sudoku::shape::parse_box(*box);
    if (!f.box)
      throw py::value_error(fmt::format("box: expected RxC with R*C <= 35, got '{}'", *box));
    if (f.rules.killer || f.rules.samurai) {
      throw py::value_error("box: killer and samurai puzzles are 9x9");
    }
  }
  if (!regions.is_none()) {
    // Checked as a jigsaw of blanks would be: the same messages as for a line.
    const std::string layout = layout_text(regions);
    const auto s = f.box ? f.box : sudoku::shape::for_cell_count(layout.size());
    if (!s || static_cast<std::size_t>(s->cell_count()) != layout.size()) {
      throw py::value_error(
          fmt::format("regions: expected n*n region ids (81 for 9x9), got {}", layout.size()));
    }
    f.rules.jigsaw = true;
    f.rules.layout = layout;
    sudoku::variant v;
    if (auto e = sudoku::make_variant(f.rules, *s, v)) {
      throw py::value_error(fmt::format("regions: {}", e->message));
    }
  }
  return f;
}

// A puzzle from Python: a str (a line, or a grid of several lines) or lists.
puzzle_input read_input(py::handle obj, const puzzle_format& f) {
  puzzle_input in;
  if (py::isinstance<py::str>(obj)) {
    in.text = obj.cast<std::string>();
    // Line ends around the puzzle are not lines of it: "...\n" is a line.
    const auto first = in.text.find_first_not_of(" \t\r\n");
    const auto last = in.text.find_last_not_of(" \t\r\n");
    const bool several = first != std::string::npos && in.text.find('\n', first) < last;
    if (several) {
      in.shape = puzzle_shape::grid;
    } else {
      while (!in.text.empty() && (in.text.back() == '\n' || in.text.back() == '\r'))
        in.text.pop_back();
    }
  } else if (py::isinstance<py::sequence>(obj) && !py::isinstance<py::bytes>(obj)) {
    read_lists(obj, f, in);
  } else {
    in.error = fmt::format(
        "a puzzle is a str (81 characters, '.' or '0' for a blank) or 9 lists of 9 ints, not {}",
        py::str(py::type::of(obj).attr("__name__")).cast<std::string>());
    in.type_error = true;
  }
  return in;
}

// "column 12: ...", "row 2, column 3: ...", with "puzzles[4]: " before it in a batch.
std::string located(const puzzle_input& in, const input_error& e,
                    std::optional<std::size_t> index) {
  std::string text = index ? fmt::format("puzzles[{}]: ", *index) : std::string();
  if (in.shape == puzzle_shape::lists) {
    const auto n = static_cast<std::size_t>(std::lround(std::sqrt(double(in.text.size()))));
    const std::size_t cell = e.column - 1;
    if (n > 0 && cell < in.text.size()) {
      text += fmt::format("row {}, column {}: ", cell / n + 1, cell % n + 1);
    }
  } else if (in.shape == puzzle_shape::line) {
    text += fmt::format("column {}: ", e.column);
  }
  return text + e.message;
}

[[noreturn]] void raise_input(const puzzle_input& in, const input_error& e) {
  throw py::value_error(located(in, e, std::nullopt));
}

// The argument as a puzzle's text; raises when it cannot be one (the text
// itself is read later, by the search, which raises what it finds).
puzzle_input input_of(py::handle obj, const puzzle_format& f) {
  puzzle_input in = read_input(obj, f);
  if (!in.error.empty()) {
    if (in.type_error) throw py::type_error(in.error);
    throw py::value_error(in.error);
  }
  return in;
}

// Reads the argument into this thread's workspace; raises on bad input.
workspace& read_one(py::handle obj, const puzzle_format& f, puzzle_input& in, bool check_givens) {
  in = input_of(obj, f);
  workspace& w = thread_workspace();
  if (auto e = read_puzzle(w, in, f, check_givens)) raise_input(in, *e);
  return w;
}

// ---- Writing the answers ------------------------------------------------------

// A board as lists of ints, row by row.
py::object to_lists(const sudoku::grid& g) {
  py::list rows(static_cast<std::size_t>(g.rows()));
  for (int r = 0; r < g.rows(); ++r) {
    py::list row(static_cast<std::size_t>(g.columns()));
    for (int c = 0; c < g.columns(); ++c)
      row[static_cast<std::size_t>(c)] = py::int_(g.at(r, c));
    rows[static_cast<std::size_t>(r)] = row;
  }
  return rows;
}

// A board in the puzzle's shape: str for a str, lists of ints for lists.
py::object to_python(const sudoku::variant& v, const sudoku::grid& g, const puzzle_input& in) {
  if (in.shape == puzzle_shape::lists) return to_lists(g);
  return py::str(board_text(v, g, in.shape));
}

// (row, column, digit), 0-based, for a candidate of a board with `columns` columns.
std::tuple<int, int, int> cell_tuple(const sudoku::candidate& c, int columns) {
  return {static_cast<int>(c.cell) / columns, static_cast<int>(c.cell) % columns, c.digit};
}

// A search's options: the node budget, the threads, and Ctrl-C's check.
dlx::search_options search_options(std::uint64_t budget, interrupt_check& interrupt,
                                   unsigned threads) {
  dlx::search_options o;
  o.node_budget = budget;
  o.threads = threads;
  interrupt.attach(o);
  return o;
}

std::string unknown(const budget_error& b) {
  return fmt::format("unknown: the node budget ran out after {} and {}",
                     dlx::counted(b.nodes, "node"), dlx::counted(b.solutions, "solution"));
}

// Raises an answer's bad input (ValueError) or unknown (BudgetExhausted).
void raise_errors(const puzzle_input& in, const answer& a) {
  if (a.error) raise_input(in, *a.error);
  if (a.budget) raise_budget_exhausted(unknown(*a.budget), a.budget->nodes, a.budget->solutions);
}

// Reads a puzzle into this thread's workspace and runs the logic solver on it
// (and, with `search`, the search that finishes what logic leaves).
sudoku::logic_answer logic_of(const py::object& puzzle, const puzzle_format& f, puzzle_input& in,
                              bool search) {
  workspace& w = read_one(puzzle, f, in);
  interrupt_check interrupt;
  const dlx::search_options options = search_options(0, interrupt);
  return without_gil(interrupt, [&] { return sudoku::answer_by_logic(w, search, options); });
}

std::string puzzle_doc(std::string_view text) {
  static constexpr std::string_view puzzle_args =
      "\n\nA puzzle is a str of one line (81 characters for 9x9, '.' or '0' for a blank; 16x16\n"
      "uses 1-9A-G), a str of n lines (a grid; '|', blanks and rule lines are decoration), or\n"
      "n lists of n ints with 0 for a blank. Answers come back in the same shape.\n"
      "variant: 'classic' (default), 'x', 'windoku', 'jigsaw', 'killer', 'samurai', or a\n"
      "combination such as 'x,windoku'; each takes its line format (see docs/variants.md);\n"
      "'iss': a constraint string of sigh's Interactive Sudoku Solver (thermos, arrows, dots,\n"
      "lines, little killers, ...) or one of its grid formats (killer cages, jigsaw layouts,\n"
      "pencil marks): docs/variants.md; 'fpuzzles': an f-puzzles or SudokuPad link (read with\n"
      "the other variants too, but the line formats): docs/fpuzzles-format.md.\n"
      "regions: a jigsaw's layout (n*n region ids, as a str or n lists of ints), for puzzles\n"
      "that carry only their givens. box: 'RxC' for sizes with more than one box shape.\n"
      "Bad input raises ValueError saying where and what, as the command line does.";
  return std::string(text) + std::string(puzzle_args);
}

}  // namespace dlx_python
