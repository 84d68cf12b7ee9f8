// A Sudoku grid of any box shape, and the names of its cells and digits.
//
// An n x n grid (n = box_rows * box_cols) holds n*n cells, row by row; a cell
// holds 0 (blank) or a digit 1..n. Digits are written 1-9 then A-Z, so the
// largest grid is 35 x 35; 16x16 uses 1-9A-G and 25x25 1-9A-P.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace sudoku {

/// The shape of the boxes, and so of the grid.
///
///   sudoku::shape classic;              // 3x3 boxes: 9x9
///   sudoku::shape six{2, 3};            // 2 rows x 3 columns per box: 6x6
struct shape {
  int box_rows = 3;
  int box_cols = 3;

  /// Cells per row, column and box: also the number of digits.
  [[nodiscard]] constexpr int size() const noexcept { return box_rows * box_cols; }
  [[nodiscard]] constexpr int cell_count() const noexcept { return size() * size(); }
  [[nodiscard]] constexpr int box_of(int row, int col) const noexcept {
    return (row / box_rows) * box_rows + col / box_cols;
  }
  /// "9x9", "16x16", ...
  [[nodiscard]] std::string name() const;
  /// "3x3 boxes"-style: "RxC".
  [[nodiscard]] std::string box_name() const;
  friend constexpr bool operator==(const shape&, const shape&) = default;

  /// The usual shape for a grid with `cells` cells: square boxes for square sizes,
  /// otherwise boxes as square as possible and wider than tall (2x3 for 6x6, 3x4
  /// for 12x12). Nothing when `cells` is not n*n for 4 <= n <= 35 with n composite.
  [[nodiscard]] static std::optional<shape> for_cell_count(std::size_t cells);
  /// Parses "RxC" (box rows x box columns); nothing if malformed or too large.
  [[nodiscard]] static std::optional<shape> parse_box(std::string_view text);
};

inline constexpr int max_size = 35;  ///< digits 1-9 and A-Z

/// The character for digit `value` (1..35); '.' for 0.
[[nodiscard]] constexpr char digit_char(int value) noexcept {
  return value == 0   ? '.'
         : value <= 9 ? static_cast<char>('0' + value)
                      : static_cast<char>('A' + value - 10);
}
/// The character for value `value` (0..35): digit_char's, but '0' for 0 (a
/// board whose values start at 0: variant::first_value).
[[nodiscard]] constexpr char value_char(int value) noexcept {
  return value == 0 ? '0' : digit_char(value);
}
/// The digit a character stands for: 0 for '0' and '.', 1..35 for 1-9, A-Z and
/// a-z; -1 for any other character.
[[nodiscard]] constexpr int digit_value(char c) noexcept {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  return -1;
}

/// A grid of cells; 0 is a blank. Grids up to 9x9 are stored inline (no
/// allocation), larger ones on the heap.
///
///   sudoku::grid g;                     // an empty 9x9 grid
///   g.set(0, 4, 7);                     // row 1, column 5 holds 7
///
/// A board of several grids (samurai: 21x21 positions, digits 1-9) is a grid
/// whose rows and columns differ from its number of digits; the variant
/// (variant.hpp) says which positions are cells.
class grid {
 public:
  using storage = boost::container::small_vector<std::uint8_t, 81>;

  explicit grid(sudoku::shape s = {})
      : shape_(s),
        rows_(s.size()),
        columns_(s.size()),
        cells_(static_cast<std::size_t>(s.cell_count()), 0) {}
  /// A board of rows x columns positions holding digits of shape `s`.
  grid(sudoku::shape s, int rows, int columns)
      : shape_(s),
        rows_(rows),
        columns_(columns),
        cells_(static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns), 0) {}

  [[nodiscard]] const sudoku::shape& shape() const noexcept { return shape_; }
  /// The number of digits, n (also the rows and columns of a single grid).
  [[nodiscard]] int size() const noexcept { return shape_.size(); }
  [[nodiscard]] int rows() const noexcept { return rows_; }
  [[nodiscard]] int columns() const noexcept { return columns_; }
  [[nodiscard]] std::span<const std::uint8_t> cells() const noexcept {
    return {cells_.data(), cells_.size()};
  }
  [[nodiscard]] std::span<std::uint8_t> cells() noexcept { return {cells_.data(), cells_.size()}; }
  [[nodiscard]] int at(int row, int col) const { return cells_[index(row, col)]; }
  void set(int row, int col, int value) {
    cells_[index(row, col)] = static_cast<std::uint8_t>(value);
  }
  [[nodiscard]] int operator[](std::size_t cell) const { return cells_[cell]; }

  /// Makes this an empty grid of shape `s`, reusing the storage.
  void reset(sudoku::shape s);
  /// Makes this an empty board like `like` (same shape and size).
  void reset_like(const grid& like);
  [[nodiscard]] int given_count() const noexcept;
  [[nodiscard]] bool complete() const noexcept;
  friend bool operator==(const grid& a, const grid& b) {
    return a.shape_ == b.shape_ && a.rows_ == b.rows_ && a.cells_ == b.cells_;
  }

 private:
  [[nodiscard]] std::size_t index(int row, int col) const {
    return static_cast<std::size_t>(row * columns_ + col);
  }
  sudoku::shape shape_;
  int rows_ = 9, columns_ = 9;
  storage cells_;
};

/// "r1c2": the 1-based name of a cell, as players write it.
[[nodiscard]] std::string cell_name(const shape& s, std::size_t cell);

}  // namespace sudoku
