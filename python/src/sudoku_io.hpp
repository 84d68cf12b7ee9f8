// Python objects in, answers out, for the module's Sudoku functions: a puzzle
// (a str, or lists of ints) read into this thread's workspace as the command
// line reads a line; bad input raised as ValueError located as the command line
// locates it ("column 12: ...", or "row 2, column 3: ..." for lists); answers
// written back in the shape the puzzle came in.
#pragma once

#include <pybind11/pybind11.h>
#include <dlx/search.hpp>
#include <sudoku/answer.hpp>
#include <sudoku/grid.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/variant.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "bindings.hpp"
#include "puzzles.hpp"

namespace dlx_python {

/// variant=, regions=, box=: the rules every puzzle of a call is read with;
/// raises ValueError for a bad one.
puzzle_format read_format(const std::string& variant, const py::object& regions,
                          const std::optional<std::string>& box);
/// A puzzle from Python as the text the command line would read; what is
/// wrong with it in `error` when it cannot be one.
puzzle_input read_input(py::handle obj, const puzzle_format& f);
/// "column 12: ...", "row 2, column 3: ...", with "puzzles[4]: " before it in a batch.
std::string located(const puzzle_input& in, const input_error& e, std::optional<std::size_t> index);
[[noreturn]] void raise_input(const puzzle_input& in, const input_error& e);
/// The argument as a puzzle's text; raises when it cannot be one.
puzzle_input input_of(py::handle obj, const puzzle_format& f);
/// Reads the argument into this thread's workspace; raises on bad input.
workspace& read_one(py::handle obj, const puzzle_format& f, puzzle_input& in,
                    bool check_givens = true);

/// A board as lists of ints, row by row.
py::object to_lists(const sudoku::grid& g);
/// A board in the puzzle's shape: str for a str, lists of ints for lists.
py::object to_python(const sudoku::variant& v, const sudoku::grid& g, const puzzle_input& in);
/// (row, column, digit), 0-based, for a candidate of a board with `columns` columns.
std::tuple<int, int, int> cell_tuple(const sudoku::candidate& c, int columns);

/// `text` and then what every function's docstring says of its puzzle
/// arguments (puzzle, variant, regions, box).
std::string puzzle_doc(std::string_view text);
/// A search's options: the node budget, the threads, and Ctrl-C's check.
dlx::search_options search_options(std::uint64_t budget, interrupt_check& interrupt,
                                   unsigned threads = 1);
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
/// "unknown: the node budget ran out after ..."
std::string unknown(const budget_error& b);
/// Raises an answer's bad input (ValueError) or unknown (BudgetExhausted).
void raise_errors(const puzzle_input& in, const answer& a);
/// Reads a puzzle into this thread's workspace and runs the logic solver on it
/// (and, with `search`, the search that finishes what logic leaves).
sudoku::logic_answer logic_of(const py::object& puzzle, const puzzle_format& f, puzzle_input& in,
                              bool search);

}  // namespace dlx_python
