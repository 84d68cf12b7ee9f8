// What the module's Sudoku functions do to one puzzle, in plain C++: read it
// as the command line reads a line, answer it, check the answer. Nothing here
// touches Python, so the batch functions run it on many threads with the GIL
// released; sudoku_module.cpp converts Python objects to and from it.
#pragma once

#include <dlx/search.hpp>
#include <sudoku/answer.hpp>
#include <sudoku/grid.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/variant.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace dlx_python {

/// The rules every puzzle of a call is read with: variant=, regions=, box=.
struct puzzle_format {
  sudoku::rules rules;
  std::optional<sudoku::shape> box;
};

/// How a puzzle came from Python, so that the answer goes back the same way.
enum class puzzle_shape : std::uint8_t {
  line,   ///< a str of one line: 81 characters, or the variant's line format
  grid,   ///< a str of n lines (plain Sudoku), answered as a grid for people
  lists,  ///< n lists of n ints (21 of 21 for samurai), 0 for a blank
};

/// A puzzle as text the command line would read, and where it came from.
struct puzzle_input {
  std::string text;
  puzzle_shape shape = puzzle_shape::line;
  /// Set when the Python object could not be read at all (already located:
  /// "row 3, column 5: ..."); then `text` is unused.
  std::string error;
  bool type_error = false;  ///< `error` is about the object's type (TypeError)
};

/// Bad input: the 1-based column in `text` and what is wrong, as the
/// command line says it (the module turns it into ValueError).
struct input_error {
  std::size_t column = 1;
  std::string message;
};

/// A search that ran out of its node budget before it knew the answer.
struct budget_error {
  std::uint64_t nodes = 0;
  std::uint64_t solutions = 0;  ///< found before it ran out: a lower bound
};

/// Per-thread state: the library's (sudoku/answer.hpp).
using workspace = sudoku::workspace;

/// This thread's workspace, for calls that answer one puzzle.
workspace& thread_workspace();

/// Reads `in` into w.variant and w.puzzle. Returns the error instead when the
/// text is not a puzzle of the format or, with `check_givens`, its givens clash.
std::optional<input_error> read_puzzle(workspace& w, const puzzle_input& in, const puzzle_format& f,
                                       bool check_givens = true);

/// The answer to a puzzle, or why there is none.
struct answer {
  std::optional<input_error> error;
  std::optional<budget_error> budget;
  bool found = false;                    ///< solve: a solution exists
  std::uint64_t count = 0;               ///< count: solutions found, up to the limit
  std::optional<sudoku::grid> solution;  ///< solve: the solution, checked by the validator
  std::string text;  ///< solve_many: the solution as text, made on the worker thread
};

/// The first solution in search order (`found` false when there is none);
/// `options` carries the node budget and the progress callback. With
/// `unique`, found only when it is the only one (`count` then says 0, 1 or 2).
answer solve_puzzle(workspace& w, const puzzle_input& in, const puzzle_format& f,
                    const dlx::search_options& options, bool unique = false);
/// The number of solutions, stopping at `limit` (0: all); `options` carries
/// the budget, the threads and the progress callback.
answer count_puzzle(workspace& w, const puzzle_input& in, const puzzle_format& f,
                    std::uint64_t limit, const dlx::search_options& options);

/// `g` as text in the shape the puzzle came in (line or grid; not lists).
std::string board_text(const sudoku::variant& v, const sudoku::grid& g, puzzle_shape shape);

/// Every solution the module returns is checked first, as the command line's
/// are: sudoku::verify_solution throws sudoku::wrong_answer (a std::logic_error).
using sudoku::verify_solution;

}  // namespace dlx_python

namespace dlx_python {

/// Reads `in` as a board of w.variant (a solution to check against a puzzle
/// read before) into `out`; the error instead when it is not one.
std::optional<input_error> read_board(const workspace& w, const puzzle_input& in,
                                      const puzzle_format& f, sudoku::grid& out);

}  // namespace dlx_python
