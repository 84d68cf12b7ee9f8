#include "sudoku/model.hpp"

#include <string>

namespace sudoku {

namespace {
char index_char(int i) {
  return static_cast<char>(i < 10 ? '0' + i : 'a' + i - 10);
}
}  // namespace

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
  const auto cells = static_cast<dlx::item_id>(n * n);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const int box = shape_.box_of(row, col);
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
