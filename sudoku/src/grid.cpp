#include "sudoku/grid.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cmath>

namespace sudoku {

std::string shape::name() const {
  return fmt::format("{0}x{0}", size());
}

std::string shape::box_name() const {
  return fmt::format("{}x{}", box_rows, box_cols);
}

std::optional<shape> shape::for_cell_count(std::size_t cells) {
  const auto n = static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells))));
  if (n < 4 || n > max_size || static_cast<std::size_t>(n) * static_cast<std::size_t>(n) != cells) {
    return std::nullopt;
  }
  // The largest divisor not above sqrt(n) gives the squarest boxes; a prime n
  // has none, and a 1 x n "box" would be a row, not a Sudoku.
  for (int rows = static_cast<int>(std::sqrt(static_cast<double>(n))); rows > 1; --rows) {
    if (n % rows == 0) return shape{rows, n / rows};
  }
  return std::nullopt;
}

std::optional<shape> shape::parse_box(std::string_view text) {
  const auto x = text.find('x');
  if (x == std::string_view::npos) return std::nullopt;
  int rows = 0, cols = 0;
  auto parse = [](std::string_view t, int& v) {
    auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v);
    return !t.empty() && error == std::errc() && end == t.data() + t.size();
  };
  if (!parse(text.substr(0, x), rows) || !parse(text.substr(x + 1), cols)) return std::nullopt;
  if (rows < 1 || cols < 1 || rows * cols > max_size || rows * cols < 2) return std::nullopt;
  return shape{rows, cols};
}

void grid::reset(sudoku::shape s) {
  shape_ = s;
  rows_ = columns_ = s.size();
  cells_.assign(static_cast<std::size_t>(s.cell_count()), 0);
}

void grid::reset_like(const grid& like) {
  shape_ = like.shape_;
  rows_ = like.rows_;
  columns_ = like.columns_;
  cells_.assign(like.cells_.size(), 0);
}

int grid::given_count() const noexcept {
  return static_cast<int>(
      std::count_if(cells_.begin(), cells_.end(), [](auto v) { return v != 0; }));
}

bool grid::complete() const noexcept {
  return std::none_of(cells_.begin(), cells_.end(), [](auto v) { return v == 0; });
}

std::string cell_name(const shape& s, std::size_t cell) {
  const auto n = static_cast<std::size_t>(s.size());
  return fmt::format("r{}c{}", cell / n + 1, cell % n + 1);
}

}  // namespace sudoku
