// The module's Sudoku functions: Python objects in (a str, or lists of ints),
// puzzles.hpp's answers out, in the shape the puzzle came in. Bad input raises
// ValueError located as the command line locates it ("column 12: ...", or
// "row 2, column 3: ..." for lists); the batch functions answer every puzzle
// on the library's threads with the GIL released, results in input order.
#include <fmt/format.h>
#include <pybind11/stl.h>
#include <sudoku/explanation.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/render.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>
#include <sudoku/workspace_pool.hpp>

#include <atomic>
#include <cmath>
#include <exception>
#include <memory>
#include <thread>
#include <tuple>
#include <vector>

#include "bindings.hpp"
#include "puzzles.hpp"

namespace dlx_python {

namespace {

// ---- Reading the arguments ----------------------------------------------------

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
workspace& read_one(py::handle obj, const puzzle_format& f, puzzle_input& in,
                    bool check_givens = true) {
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

// ---- Result objects -----------------------------------------------------------

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

// A rating as SE prints it, as a float with one decimal.
double se_float(double r) {
  return std::stod(sudoku::se_format(r));
}

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
  }
  return "?";
}

// A search's options: the node budget, the threads, and Ctrl-C's check.
dlx::search_options search_options(std::uint64_t budget, interrupt_check& interrupt,
                                   unsigned threads = 1) {
  dlx::search_options o;
  o.node_budget = budget;
  o.threads = threads;
  interrupt.attach(o);
  return o;
}

// Runs `work` with the GIL released; raises KeyboardInterrupt after it if
// Ctrl-C stopped it.
template <class Work>
auto without_gil(interrupt_check& interrupt, Work&& work) {
  decltype(work()) result;
  {
    py::gil_scoped_release release;
    result = work();
  }
  interrupt.raise_if_interrupted();
  return result;
}

std::string unknown(const budget_error& b) {
  return fmt::format("unknown: the node budget ran out after {} nodes and {} solutions", b.nodes,
                     b.solutions);
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

// ---- Batches ------------------------------------------------------------------

enum class on_error : std::uint8_t { raise, none, keep };

on_error read_errors(const std::string& errors) {
  if (errors == "raise") return on_error::raise;
  if (errors == "none") return on_error::none;
  if (errors == "return") return on_error::keep;
  throw py::value_error(
      fmt::format("errors: expected 'raise', 'none' or 'return', got '{}'", errors));
}

// Calls answer(w, i) for i in [0, count) on `threads` workers of the
// library's pool (sudoku::workspace_pool), each with its own workspace, in
// blocks of puzzles; one thread answers on this thread's workspace, whose
// solvers outlive the call. Run with the GIL released. `threads` is resolved
// (thread_count); between blocks the calling thread looks for Ctrl-C, and the
// blocks not started yet are skipped once it came.
template <class Answer>
void for_each_puzzle(std::size_t count, unsigned threads, interrupt_check& interrupt,
                     Answer answer) {
  constexpr std::size_t block = 16;  // few enough that threads end together
  threads =
      std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::size_t>(1, count / block)));
  sudoku::workspace_pool pool(threads, &thread_workspace());
  std::atomic<bool> stop{false};
  std::vector<sudoku::workspace_pool::ticket> tickets;
  for (std::size_t begin = 0; begin < count; begin += block) {
    tickets.push_back(pool.submit([&, begin](workspace& w) {
      if (stop) return;
      for (std::size_t i = begin; i < std::min(count, begin + block); ++i)
        answer(w, i);
    }));
  }
  std::exception_ptr failure;
  for (std::size_t k = 0; k < tickets.size(); ++k) {
    if (k % 64 == 0 && !stop && interrupt.poll()) stop = true;
    try {
      pool.wait(tickets[k]);
    } catch (...) {
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  }
  if (failure) std::rethrow_exception(failure);
}

// Appends a chunk's answers to `out`, its errors raised or put in their place;
// `first` is the index of the chunk's first puzzle in the whole batch.
template <class Value>
void append_results(py::list& out, std::size_t first, const std::vector<puzzle_input>& inputs,
                    const std::vector<answer>& answers, on_error errors, Value value) {
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const std::size_t i = first + k;
    const puzzle_input& in = inputs[k];
    const answer& a = answers[k];
    py::object error;
    if (!in.error.empty()) {
      error = py::reinterpret_borrow<py::object>(PyExc_ValueError)(
          fmt::format("puzzles[{}]: {}", i, in.error));
    } else if (a.error) {
      error = py::reinterpret_borrow<py::object>(PyExc_ValueError)(located(in, *a.error, i));
    } else if (a.budget) {
      error = budget_exhausted(fmt::format("puzzles[{}]: {}", i, unknown(*a.budget)),
                               a.budget->nodes, a.budget->solutions);
    }
    if (error) {
      if (errors == on_error::raise) {
        PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
        throw py::error_already_set();
      }
      out.append(errors == on_error::keep ? error : py::none());
      continue;
    }
    out.append(value(in, a));
  }
}

// Answers every puzzle of an iterable, a chunk at a time so that memory stays
// bounded whatever its length: a chunk is read with the GIL, answered by
// answer_one(workspace, input) on the threads without it, and its answers
// appended in input order. Ctrl-C is looked for between and within chunks.
template <class AnswerOne, class Value>
py::list run_batch(const py::iterable& puzzles, const puzzle_format& f, unsigned threads,
                   on_error errors, interrupt_check& interrupt, AnswerOne answer_one, Value value) {
  constexpr std::size_t chunk = std::size_t{1} << 16;
  py::list out;
  std::vector<puzzle_input> inputs;
  std::vector<answer> answers;
  py::iterator it = py::iter(puzzles);
  for (std::size_t first = 0; it != py::iterator::sentinel(); first += inputs.size()) {
    inputs.clear();
    for (; inputs.size() < chunk && it != py::iterator::sentinel(); ++it)
      inputs.push_back(read_input(*it, f));
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    answers.assign(inputs.size(), answer{});
    {
      py::gil_scoped_release release;
      for_each_puzzle(inputs.size(), threads, interrupt, [&](workspace& w, std::size_t i) {
        if (inputs[i].error.empty()) answers[i] = answer_one(w, inputs[i]);
      });
    }
    interrupt.raise_if_interrupted();
    append_results(out, first, inputs, answers, errors, value);
  }
  return out;
}

// ---- Documentation ----------------------------------------------------------

constexpr const char* puzzle_args_doc =
    "\n\nA puzzle is a str of one line (81 characters for 9x9, '.' or '0' for a blank; 16x16\n"
    "uses 1-9A-G), a str of n lines (a grid; '|', blanks and rule lines are decoration), or\n"
    "n lists of n ints with 0 for a blank. Answers come back in the same shape.\n"
    "variant: 'classic' (default), 'x', 'windoku', 'jigsaw', 'killer', 'samurai', or a\n"
    "combination such as 'x,windoku'; each takes its line format (see the README).\n"
    "regions: a jigsaw's layout (n*n region ids, as a str or n lists of ints), for puzzles\n"
    "that carry only their givens. box: 'RxC' for sizes with more than one box shape.\n"
    "Bad input raises ValueError saying where and what, as the command line does.";

std::string doc(std::string_view text) {
  return std::string(text) + puzzle_args_doc;
}

}  // namespace

void bind_sudoku(py::module_& m) {
  using namespace pybind11::literals;
  py::class_<validation>(m, "Validation", "The verdict of validate(): true when valid.")
      .def_readonly("valid", &validation::valid, "True when the grid passed.")
      .def_readonly("status", &validation::status,
                    "'valid', 'clash', 'incomplete', 'changes_given', 'shape_mismatch', "
                    "'bad_digit', 'outside' or 'wrong_sum'.")
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
            return r.path->html(
                fmt::format("{} {} (ER/EP/ED), {} steps", r.outcome, r.text, r.steps.size()));
          },
          "A self-contained HTML page that steps through SE's path, a picture per step\n"
          "(as `sudoku explain --scale se --html`); needs trace=True.")
      .def("__repr__", [](const se_rating_py& r) {
        return fmt::format("<SeRating {} {}>", r.text, r.outcome);
      });

  py::class_<step>(m, "Step", "One step of the logic solver.")
      .def_readonly("technique", &step::technique,
                    "'naked-single', 'hidden-single', 'pointing', 'claiming', 'naked-pair', ..., "
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
            return e.path->html(fmt::format("{}, {} steps", summary, e.steps.size()));
          },
          "A self-contained HTML page that steps through the explanation, a picture per\n"
          "step with Back, Next and the arrow keys (as `sudoku explain --html`).")
      .def("__repr__", [](const explanation& e) {
        return fmt::format("<Explanation {}, {} steps>", e.result, e.steps.size());
      });

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
      doc("Solves a puzzle: its first solution in search order, or None when it has none.\n\n"
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
      doc("Counts a puzzle's solutions, stopping at limit (0 counts them all): with the\n"
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
      doc("True when the puzzle has exactly one solution (a count to 2).").c_str());

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
      doc("Checks a grid, independently of any solver: a complete grid with no digit twice in\n"
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
        r.level = a.none ? "none" : std::string(sudoku::to_string(a.result.level));
        if (a.result.hardest) r.hardest = sudoku::technique_name(*a.result.hardest);
        r.steps = a.result.steps.size();
        if (a.searched) r.nodes = a.searched->nodes;
        return r;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      doc("Rates a puzzle by the hardest technique a person needs (the command line's\n"
          "`sudoku rate`): a Rating with level, hardest, steps and, when logic gets stuck,\n"
          "the search nodes that finish it. Killer cages take no part in the logic.")
          .c_str());

  m.def(
      "se_rating",
      [](const py::object& puzzle, std::uint64_t budget, bool trace) {
        const puzzle_format f = read_format("classic", py::none(), std::nullopt);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        if (!sudoku::se_applies(w.variant))
          throw py::value_error("se_rating: the Sudoku Explainer rating is for 9x9 puzzles");
        interrupt_check interrupt;
        sudoku::se_options options;
        options.budget = budget;
        options.trace = trace;
        const sudoku::se_rating r =
            without_gil(interrupt, [&] { return sudoku::rate_se(w.puzzle, options); });
        if (r.outcome == sudoku::se_rating::outcome::unknown)
          raise_budget_exhausted(
              fmt::format("unknown: the budget ran out after {} chain potentials", r.work), r.work,
              0);
        if (r.outcome == sudoku::se_rating::outcome::rated)
          verify_solution(w.variant, w.puzzle, r.reached);
        se_rating_py out;
        out.outcome = r.outcome == sudoku::se_rating::outcome::rated ? "rated" : "stuck";
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
      doc("Sudoku Explainer 1.2.1's numeric rating of a 9x9 puzzle, as its rater serate\n"
          "computes it (the command line's `sudoku rate --scale se`): an SeRating with er\n"
          "(the hardest step), ep (the hardest up to the first placement), ed (the first\n"
          "step); str() gives 'ER/EP/ED'. budget: chain potentials, 0 for none; past it\n"
          "BudgetExhausted. trace=True keeps the steps.\n\n"
          "  >>> r = dlx_sudoku.se_rating('3.7.4...........918........4.....7.....16.......25.'\n"
          "  ...                          '.........38..9....5...2.6.....')\n"
          "  >>> str(r), r.er\n"
          "  ('3.4/1.2/1.2', 3.4)")
          .c_str());

  m.def(
      "render",
      [](const py::object& puzzle, bool solution, bool candidates, bool coordinates,
         const std::string& variant, const py::object& regions,
         const std::optional<std::string>& box) {
        if (solution && candidates)
          throw py::value_error("render: solution=True and candidates=True do not go together");
        const puzzle_format f = read_format(variant, regions, box);
        puzzle_input in;
        workspace& w = read_one(puzzle, f, in);
        sudoku::board_state board = candidates
                                        ? sudoku::board_state::with_candidates(w.variant, w.puzzle)
                                        : sudoku::board_state::of_puzzle(w.puzzle);
        if (solution) {
          interrupt_check interrupt;
          const dlx::search_options options = search_options(0, interrupt);
          const answer a = without_gil(interrupt, [&] { return solve_puzzle(w, in, f, options); });
          raise_errors(in, a);
          if (!a.found) throw py::value_error("render: the puzzle has no solution to draw");
          board.digits = *a.solution;
        }
        sudoku::svg_options o;
        o.coordinates = coordinates;
        return sudoku::render_svg(w.variant, board, {}, o);
      },
      py::arg("puzzle"), py::kw_only(), py::arg("solution") = false, py::arg("candidates") = false,
      py::arg("coordinates") = false, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      doc("Draws a puzzle as SVG text (the command line's `sudoku render`): the variant's\n"
          "lines (boxes, jigsaw regions, diagonals, windows, killer cages with their sums),\n"
          "the givens in bold; solution=True adds the solution's digits in blue,\n"
          "candidates=True the candidates the givens leave, coordinates=True row and column\n"
          "numbers. The result is a str that Jupyter shows as the picture.")
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
        e.outcome = a.none                                       ? "none"
                    : r.outcome == sudoku::logic_outcome::solved ? "solved"
                                                                 : "stuck";
        e.level = a.none ? "none" : std::string(sudoku::to_string(r.level));
        if (r.hardest) e.hardest = sudoku::technique_name(*r.hardest);
        const int columns = w.variant.columns();
        auto path = std::make_shared<picture_path>();
        path->variant = w.variant;
        path->puzzle = w.puzzle;
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
          verify_solution(w.variant, w.puzzle, r.reached);  // logic's solution is checked too
          e.solution = to_python(w.variant, r.reached, in);
          path->end = r.reached;
        }
        if (r.outcome == sudoku::logic_outcome::solved) {
          e.result = fmt::format("solved by logic: {}", sudoku::to_string(r.level));
        } else if (r.outcome == sudoku::logic_outcome::contradiction) {
          e.result = fmt::format("no solution: {}", r.contradiction);
        } else if (a.none) {
          e.result = "no solution (found by search)";
        } else {
          e.result = "needs search: beyond";
        }
        path->end_text = e.result;
        e.path = std::move(path);
        return e;
      },
      py::arg("puzzle"), py::kw_only(), py::arg("search") = false, py::arg("variant") = "classic",
      py::arg("regions") = py::none(), py::arg("box") = py::none(),
      doc("Solves a puzzle the way a person would (the command line's `sudoku explain`):\n"
          "naked and hidden singles, pointing, claiming, naked and hidden subsets, X-Wing,\n"
          "Swordfish, easiest first. Returns an Explanation; str() of it prints the steps.\n"
          "search=True finishes with the exact-cover search when logic gets stuck.")
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
      doc("A minimal puzzle with the same unique solution: givens removed one at a time, in\n"
          "an order drawn from seed, while it stays unique. Raises ValueError for a puzzle\n"
          "that is not unique.")
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
      doc("A grid for people: digits separated by blanks, '|' and rules between boxes.\n\n"
          "  >>> print(dlx_sudoku.pretty('1234341221434321'))\n"
          "  1 2 | 3 4\n  3 4 | 1 2\n  ----+----\n  2 1 | 4 3\n  4 3 | 2 1")
          .c_str());

  m.def(
      "generate",
      [](std::uint64_t count, int size, const std::optional<std::string>& box,
         const std::string& symmetry, const std::optional<std::string>& difficulty,
         std::optional<int> clues, bool minimal, std::uint64_t seed, const std::string& variant,
         const py::object& regions, unsigned threads) {
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
        o.seed = seed;
        sudoku::variant v;
        if (random_layouts) {
          // Windows on boxes that are not square are refused before any layout.
          sudoku::rules boxes = f.rules;
          boxes.jigsaw = false;
          if (auto e = sudoku::make_variant(boxes, o.shape, v)) throw py::value_error(e->message);
        } else if (auto e = sudoku::make_variant(f.rules, o.shape, v)) {
          throw py::value_error(e->message);
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
      py::arg("clues") = py::none(), py::arg("minimal") = false, py::arg("seed") = 1,
      py::arg("variant") = "classic", py::arg("regions") = py::none(), py::arg("threads") = 0,
      "Makes `count` puzzles with exactly one solution, as SDM strings: a random complete\n"
      "grid, then givens removed in a seeded order, keeping the clue symmetry ('none',\n"
      "'rot180', 'rot90', 'mirror', 'diagonal'), while the puzzle stays unique and no harder\n"
      "than difficulty ('easy', 'medium', 'hard', 'evil', 'beyond'; only that level is kept).\n"
      "clues: stop removing at this many givens; minimal=True: no given can be removed.\n"
      "size: 4, 6, 9, 12, 16, 25, ... (or box='RxC'); variant 'x', 'windoku', or 'jigsaw':\n"
      "with regions= on that layout, else each on a random layout of its own, its line the\n"
      "jigsaw line format (givens, then a region id per cell). 'x' and 'windoku' combine.\n"
      "The same seed gives the same puzzles whatever the threads (0: every\n"
      "core). None in a puzzle's place when no puzzle of the level came within the attempts.\n\n"
      "  >>> dlx_sudoku.generate(2, symmetry='rot180', seed=7)\n"
      "  ['..9.....', ...]");

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
      doc("Solves every puzzle of an iterable on `threads` threads (0: every core) with the\n"
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
      doc("Counts the solutions of every puzzle of an iterable, up to limit, on `threads`\n"
          "threads with the GIL released; a list of ints in input order. errors as for\n"
          "solve_many.")
          .c_str());
}

}  // namespace dlx_python
