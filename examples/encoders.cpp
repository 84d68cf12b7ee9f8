#include "encoders.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

namespace examples {

dlx::problem queens(int n) {
  if (n < 1) throw std::invalid_argument("queens: n must be at least 1");
  dlx::problem p;
  std::vector<dlx::item_id> row(n), column(n), a(2 * n - 1), b(2 * n - 1);
  for (int i = 0; i < n; ++i)
    row[i] = p.add_item(fmt::format("r{}", i));
  for (int j = 0; j < n; ++j)
    column[j] = p.add_item(fmt::format("c{}", j));
  for (int d = 0; d < 2 * n - 1; ++d)
    a[d] = p.add_item(fmt::format("a{}", d), dlx::item_kind::secondary);
  for (int d = 0; d < 2 * n - 1; ++d)
    b[d] = p.add_item(fmt::format("b{}", d), dlx::item_kind::secondary);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j)
      p.add_option({row[i], column[j], a[i + j], b[n - 1 + i - j]});
  }
  return p;
}

dlx::problem langford(int n) {
  if (n < 1) throw std::invalid_argument("langford: n must be at least 1");
  dlx::problem p;
  std::vector<dlx::item_id> value(n + 1), slot(2 * n + 1);
  for (int k = 1; k <= n; ++k)
    value[k] = p.add_item(fmt::format("v{}", k));
  for (int j = 1; j <= 2 * n; ++j)
    slot[j] = p.add_item(fmt::format("s{}", j));
  for (int k = 1; k <= n; ++k) {
    for (int j = 1; j + k + 1 <= 2 * n; ++j)
      p.add_option({value[k], slot[j], slot[j + k + 1]});
  }
  return p;
}

namespace {

using cell = std::pair<int, int>;  // (row, column)
using shape = std::vector<cell>;

struct piece {
  char name;
  shape cells;
};

// Each piece drawn once; the other orientations are generated.
const std::array<piece, 12> pieces = {{
    {'F', {{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}},
    {'I', {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}},
    {'L', {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}}},
    {'N', {{0, 1}, {1, 1}, {2, 0}, {2, 1}, {3, 0}}},
    {'P', {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}},
    {'T', {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}}},
    {'U', {{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}},
    {'V', {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}},
    {'W', {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}},
    {'X', {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}},
    {'Y', {{0, 1}, {1, 0}, {1, 1}, {2, 1}, {3, 1}}},
    {'Z', {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}}},
}};

// Shifts a shape so its smallest row and column are 0, and sorts its cells.
shape normalised(shape s) {
  int min_row = s[0].first, min_col = s[0].second;
  for (auto [r, c] : s)
    min_row = std::min(min_row, r), min_col = std::min(min_col, c);
  for (auto& [r, c] : s)
    r -= min_row, c -= min_col;
  std::sort(s.begin(), s.end());
  return s;
}

// The distinct shapes among the 8 rotations and reflections, in a fixed order.
std::vector<shape> orientations(const shape& base) {
  std::vector<shape> result;
  shape s = base;
  for (int reflect = 0; reflect < 2; ++reflect) {
    for (int turn = 0; turn < 4; ++turn) {
      shape n = normalised(s);
      if (std::find(result.begin(), result.end(), n) == result.end()) result.push_back(n);
      for (auto& [r, c] : s)
        r = std::exchange(c, -r);  // rotate a quarter turn
    }
    for (auto& [r, c] : s)
      c = -c;  // mirror
  }
  return result;
}

}  // namespace

dlx::problem pentominoes(int width, int height) {
  if (width < 1 || height < 1 || width * height != 60) {
    throw std::invalid_argument("pentominoes: the rectangle must have 60 cells");
  }
  dlx::problem p;
  std::vector<dlx::item_id> piece_item;
  for (const auto& pc : pieces)
    piece_item.push_back(p.add_item(std::string(1, pc.name)));
  std::vector<dlx::item_id> board(width * height);
  for (int r = 0; r < height; ++r) {
    for (int c = 0; c < width; ++c)
      board[r * width + c] = p.add_item(fmt::format("r{}c{}", r, c));
  }
  std::vector<dlx::item_id> option;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    for (const shape& s : orientations(pieces[k].cells)) {
      int rows = 0, cols = 0;
      for (auto [r, c] : s)
        rows = std::max(rows, r + 1), cols = std::max(cols, c + 1);
      for (int dr = 0; dr + rows <= height; ++dr) {
        for (int dc = 0; dc + cols <= width; ++dc) {
          option.assign(1, piece_item[k]);
          for (auto [r, c] : s)
            option.push_back(board[(r + dr) * width + (c + dc)]);
          p.add_option(option);
        }
      }
    }
  }
  return p;
}

}  // namespace examples
