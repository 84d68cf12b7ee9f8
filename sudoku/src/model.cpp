#include "sudoku/model.hpp"

#include <string>
#include <vector>

namespace sudoku {

namespace {
char index_char(int i) {
  return static_cast<char>(i < 10 ? '0' + i : 'a' + i - 10);
}
}  // namespace

model::model(sudoku::shape s) : shape_(s) {
  const int n = s.size();
  first_option_.resize(static_cast<std::size_t>(n * n));
  cell_of_.resize(static_cast<std::size_t>(n * n * n));
  digit_of_.resize(cell_of_.size());
  dlx::option_id o = 0;
  for (int box = 0; box < n; ++box) {
    for (int place = 0; place < n; ++place) {
      const int row = box / s.box_rows * s.box_rows + place / s.box_cols;
      const int col = box % s.box_rows * s.box_cols + place % s.box_cols;
      const auto cell = static_cast<std::uint32_t>(row * n + col);
      first_option_[cell] = o;
      for (int d = 1; d <= n; ++d, ++o) {
        cell_of_[o] = cell;
        digit_of_[o] = static_cast<std::uint8_t>(d);
      }
    }
  }
}

dlx::problem model::build() const {
  const int n = shape_.size();
  dlx::problem p;
  // Items in Knuth's order: p (cell), r (row, digit), c (column, digit), b (box, digit).
  // The order matters: the search breaks ties towards the leftmost item.
  for (char kind : {'p', 'r', 'c', 'b'}) {
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        const char second = kind == 'p' ? index_char(b) : digit_char(b + 1);
        p.add_item(std::string{kind, index_char(a), second});
      }
    }
  }
  // Options in the order of their numbers: box by box (see model.hpp).
  const auto cells = static_cast<dlx::item_id>(n * n);
  for (int box = 0; box < n; ++box) {
    for (int place = 0; place < n; ++place) {
      const int row = box / shape_.box_rows * shape_.box_rows + place / shape_.box_cols;
      const int col = box % shape_.box_rows * shape_.box_cols + place % shape_.box_cols;
      for (int d = 0; d < n; ++d) {
        p.add_option({static_cast<dlx::item_id>(row * n + col),
                      cells + static_cast<dlx::item_id>(row * n + d),
                      2 * cells + static_cast<dlx::item_id>(col * n + d),
                      3 * cells + static_cast<dlx::item_id>(box * n + d)});
      }
    }
  }
  return p;
}

}  // namespace sudoku
