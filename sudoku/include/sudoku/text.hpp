// Sudoku puzzles as text: SDM lines, 9-line grids, and a pretty printer.
//
// SDM: one puzzle per line, its n*n cells row by row, `1`-`9` then `A`-`Z` for
// digits (either case), `0` or `.` for a blank. The cells are one word, or n
// words of n cells (its rows, separated by blanks, as a grid pasted onto one
// line: `53..7.... 6..195... ...`). Text after the grid, separated by blanks,
// is an annotation and is not read as cells. Blank lines and lines starting
// with `#` hold no puzzle. A trailing '\r' is ignored.
//
// Grid: n lines of n cells per puzzle, where blanks, `|` and tabs between cells
// are decoration, and lines made only of `-`, `+`, `=`, `|` and blanks are
// separators. Puzzles are separated by blank or `#` lines (or follow directly).
#pragma once

#include <dlx/line_reader.hpp>

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "sudoku/grid.hpp"

namespace sudoku {

/// Something wrong in a line of text: the 1-based column and what.
struct text_error {
  std::size_t column = 1;
  std::string message;
};

/// True for a line that holds no puzzle: blank (after removing '\r' and
/// whitespace) or starting with '#'.
[[nodiscard]] bool is_skippable(std::string_view line) noexcept;

/// Where the grid sits in an SDM line.
struct sdm_fields {
  std::size_t grid_offset = 0;  ///< byte offset of the first cell
  std::string_view annotation;  ///< the text after the grid, trimmed (may be empty)
  /// The grid written as rows separated by blanks: the cells in a row (0: one word).
  std::size_t row_length = 0;
};

/// The 1-based column of `cell` in the line `fields` describe (rows separated
/// by blanks are walked over).
[[nodiscard]] std::size_t cell_column(std::string_view line, const sdm_fields& fields,
                                      std::size_t cell) noexcept;

/// Parses one SDM line into `out`. With `expected`, the line must have that
/// shape's cell count; without, the shape follows from the length
/// (shape::for_cell_count). The cells are the line's first word or, when its
/// first two words have n cells each (n*n a Sudoku size: n = 4, 6, 8, 9, ...),
/// its first n words, each a row. Does not check for clashing givens (see
/// check_puzzle). Returns the error, or nothing on success.
///
///   sudoku::grid g;
///   if (auto e = sudoku::parse_sdm("53..7....6..195....98....6.8...", g)) { ... e->message ... }
///   sudoku::parse_sdm("1234 3412 2143 4321", g);  // a 4x4, its rows apart
std::optional<text_error> parse_sdm(std::string_view line, grid& out,
                                    std::optional<shape> expected = std::nullopt,
                                    sdm_fields* fields = nullptr);

/// The shape an SDM line's length gives (parse_sdm): its first word's cell
/// count, or n words of n cells; nothing when that is no Sudoku size. The
/// characters are not checked.
[[nodiscard]] std::optional<shape> sdm_shape(std::string_view line) noexcept;

/// Appends the SDM form of `g` (digits, '.' for blanks) to `out`.
void append_sdm(const grid& g, std::string& out);
[[nodiscard]] std::string to_sdm(const grid& g);

/// Appends a grid for people: rows of digits with `|` between boxes and a rule
/// between bands, each row ending in '\n'.
void append_pretty(const grid& g, std::string& out);

/// One puzzle read by grid_reader.
struct grid_item {
  grid puzzle;
  std::size_t first_line = 0;  ///< the line of its first row
  std::optional<text_error> error;
  std::size_t error_line = 0;  ///< the line the error is on
};

/// Reads puzzles written as grids of n lines.
class grid_reader {
 public:
  explicit grid_reader(dlx::line_reader& lines, std::optional<shape> expected = std::nullopt)
      : lines_(lines), expected_(expected) {}
  /// A line taken from `lines` before the reader was made (while a
  /// grid_detector looked at it), given back: it is read before `lines`' next.
  void put_back(std::size_t number, std::string text);
  /// The next puzzle, or an error in its place; false at the end of the input.
  bool next(grid_item& item);

 private:
  bool next_line(dlx::text_line& line);

  dlx::line_reader& lines_;
  std::optional<shape> expected_;
  std::deque<std::pair<std::size_t, std::string>> put_back_;
  std::string current_;  // the put-back line being read
};

/// Recognizes a grid given where SDM lines were expected (a puzzle pasted from
/// a web page or a book), so that the input can be read as grids: fed the
/// lines of an input from its start, it says `grid` once the first two lines
/// that hold something are rows of n cells (the same n, n*n a Sudoku size;
/// blanks and `|` between cells), with only separator lines (`-`, `+`, `=`,
/// `|`) and, before the first row, blank and `#` lines around them; and
/// `not_grid` at the first line that breaks that shape. A row that is an SDM
/// puzzle by itself (16 cells of a 4x4 puzzle, say: 1-4 and blanks) is no
/// grid's row: such an input is one puzzle per line. A reader holds the lines
/// while the detector is `undecided`: two rows at most and their separators.
///
///   sudoku::grid_detector d;
///   for (line : lines) if (d.add(line) != undecided) break;
///   if (d.current() == grid) ... read the input as grids ...
class grid_detector {
 public:
  enum class verdict { undecided, grid, not_grid };
  /// With `expected` (a forced shape), only grids of that shape count.
  explicit grid_detector(std::optional<shape> expected = std::nullopt) : expected_(expected) {}
  /// The next line of the input (blank and `#` lines too); returns the verdict so far.
  verdict add(std::string_view line);
  [[nodiscard]] verdict current() const noexcept { return verdict_; }

 private:
  std::optional<shape> expected_;
  verdict verdict_ = verdict::undecided;
  std::size_t size_ = 0;  // cells per row, from the first row
  std::size_t rows_ = 0;  // rows seen (two decide)
};

}  // namespace sudoku
