// Sudoku puzzles as text: SDM lines, 9-line grids, and a pretty printer.
//
// SDM: one puzzle per line, its n*n cells row by row, `1`-`9` then `A`-`Z` for
// digits (either case), `0` or `.` for a blank. Text after the grid, separated by
// blanks, is an annotation and is not read as cells. Blank lines and lines
// starting with `#` hold no puzzle. A trailing '\r' is ignored.
//
// Grid: n lines of n cells per puzzle, where blanks, `|` and tabs between cells
// are decoration, and lines made only of `-`, `+`, `=`, `|` and blanks are
// separators. Puzzles are separated by blank or `#` lines (or follow directly).
#pragma once

#include <dlx/line_reader.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

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
};

/// Parses one SDM line into `out`. With `expected`, the line must have that
/// shape's cell count; without, the shape follows from the length
/// (shape::for_cell_count). Does not check for clashing givens (see
/// check_puzzle). Returns the error, or nothing on success.
///
///   sudoku::grid g;
///   if (auto e = sudoku::parse_sdm("53..7....6..195....98....6.8...", g)) { ... e->message ... }
std::optional<text_error> parse_sdm(std::string_view line, grid& out,
                                    std::optional<shape> expected = std::nullopt,
                                    sdm_fields* fields = nullptr);

/// The length of the grid field of an SDM line (its first blank-separated word).
[[nodiscard]] std::size_t sdm_grid_length(std::string_view line) noexcept;

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
  /// The next puzzle, or an error in its place; false at the end of the input.
  bool next(grid_item& item);

 private:
  dlx::line_reader& lines_;
  std::optional<shape> expected_;
};

/// Recognizes a grid given where SDM lines were expected (a puzzle pasted from
/// a web page or a book): fed the first lines of an input that hold something,
/// it says `grid` once they make n rows of n cells, none of them an SDM line of
/// a Sudoku size, with any separator lines between (or around) them; and
/// `not_grid` at the first line that breaks that shape. A reader holds the lines
/// while it is `undecided`: at most n rows and their separators.
///
///   sudoku::grid_detector d;
///   for (line : lines not skippable) if (d.add(line) != undecided) break;
///   if (d.current() == grid) ... d.description() ...   // "a 9x9 grid (9 rows of 9 cells)"
class grid_detector {
 public:
  enum class verdict { undecided, grid, not_grid };
  /// With `expected` (a forced shape), only grids of that shape count.
  explicit grid_detector(std::optional<shape> expected = std::nullopt) : expected_(expected) {}
  /// The next line that is not skippable (is_skippable); returns the verdict so far.
  verdict add(std::string_view line);
  [[nodiscard]] verdict current() const noexcept { return verdict_; }
  /// What was recognized, for the message that names it: "a 9x9 grid (9 rows
  /// of 9 cells)"; empty unless the verdict is `grid`.
  [[nodiscard]] std::string description() const;

 private:
  std::optional<shape> expected_;
  verdict verdict_ = verdict::undecided;
  std::size_t size_ = 0;  // cells per row, from the first row
  std::size_t rows_ = 0;
};

}  // namespace sudoku
