#include "encoders.hpp"

#include <fmt/core.h>
#include <dlx/format.hpp>
#include <dlx/line_reader.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
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

namespace {

// Dominoes on a set of cells given row by row: each cell's right neighbour,
// then the one below, when they are in the set.
template <class InShape>
dlx::problem dominoes(int first_row, int last_row, int first_column, int last_column,
                      InShape in_shape, bool signed_names) {
  dlx::problem p;
  auto number = [&](int v) {
    return signed_names && v < 0 ? fmt::format("m{}", -v) : fmt::format("{}", v);
  };
  const int width = last_column - first_column + 1;
  std::vector<dlx::item_id> id(static_cast<std::size_t>(last_row - first_row + 1) * width);
  auto at = [&](int r, int c) -> dlx::item_id& {
    return id[static_cast<std::size_t>(r - first_row) * width + (c - first_column)];
  };
  for (int r = first_row; r <= last_row; ++r) {
    for (int c = first_column; c <= last_column; ++c) {
      if (in_shape(r, c)) at(r, c) = p.add_item(fmt::format("r{}c{}", number(r), number(c)));
    }
  }
  for (int r = first_row; r <= last_row; ++r) {
    for (int c = first_column; c <= last_column; ++c) {
      if (!in_shape(r, c)) continue;
      if (c < last_column && in_shape(r, c + 1)) p.add_option({at(r, c), at(r, c + 1)});
      if (r < last_row && in_shape(r + 1, c)) p.add_option({at(r, c), at(r + 1, c)});
    }
  }
  return p;
}

}  // namespace

dlx::problem domino_tilings(int width, int height) {
  if (width < 1 || height < 1) throw std::invalid_argument("domino_tilings: an empty board");
  return dominoes(
      0, height - 1, 0, width - 1, [](int, int) { return true; }, false);
}

dlx::problem aztec_diamond(int n) {
  if (n < 1) throw std::invalid_argument("aztec_diamond: n must be at least 1");
  // Row r (r < 0) spans columns -w..w-1 with w = n + r + 1; row r >= 0, w = n - r.
  auto in_shape = [n](int r, int c) {
    const int w = r < 0 ? n + r + 1 : n - r;
    return c >= -w && c < w;
  };
  return dominoes(-n, n - 1, -n, n - 1, in_shape, true);
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

dlx::problem regular_matrices(int n, int k) {
  if (n < 1 || k < 1 || k > n) {
    throw std::invalid_argument("regular_matrices: needs 1 <= k <= n");
  }
  const dlx::item_bounds exactly_k{static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(k)};
  dlx::problem p;
  std::vector<dlx::item_id> row(n), column(n);
  for (int i = 0; i < n; ++i)
    row[i] = p.add_item(fmt::format("r{}", i), exactly_k);
  for (int j = 0; j < n; ++j)
    column[j] = p.add_item(fmt::format("c{}", j), exactly_k);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j)
      p.add_option({row[i], column[j]});
  }
  return p;
}

namespace {

bool is_word(std::string_view w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace

dlx::problem double_word_squares(const std::vector<std::string>& words) {
  if (words.empty()) throw std::invalid_argument("double_word_squares: no words");
  const std::size_t n = words.front().size();
  for (const std::string& w : words) {
    if (!is_word(w)) {
      throw std::invalid_argument(
          fmt::format("double_word_squares: '{}' is not a word of letters a-z", w));
    }
    if (w.size() != n) {
      throw std::invalid_argument(fmt::format(
          "double_word_squares: '{}' has {} letters, '{}' has {}", w, w.size(), words.front(), n));
    }
  }
  dlx::problem p;
  std::vector<dlx::item_id> row(n), column(n), cell(n * n), word_item;
  for (std::size_t i = 0; i < n; ++i)
    row[i] = p.add_item(fmt::format("R{}", i));
  for (std::size_t j = 0; j < n; ++j)
    column[j] = p.add_item(fmt::format("C{}", j));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      cell[i * n + j] =
          p.add_item(n <= 10 ? fmt::format("c{}{}", i, j) : fmt::format("c{}_{}", i, j),
                     dlx::item_kind::secondary);
    }
  }
  for (const std::string& w : words) {
    if (p.find_item(w)) {
      throw std::invalid_argument(fmt::format("double_word_squares: '{}' is repeated", w));
    }
    word_item.push_back(p.add_item(w, dlx::item_kind::secondary));
  }
  // The colors are the letters, added as they first appear.
  std::array<dlx::color_id, 26> letter{};
  for (const std::string& w : words) {
    for (char c : w) {
      if (letter[c - 'a'] == dlx::no_color) letter[c - 'a'] = p.add_color(std::string(1, c));
    }
  }

  // Rows first, then columns, each line's words in the order of the list.
  std::vector<dlx::option_entry> option;
  for (int by_column = 0; by_column < 2; ++by_column) {
    for (std::size_t line = 0; line < n; ++line) {
      for (std::size_t w = 0; w < words.size(); ++w) {
        option.assign(1, by_column ? column[line] : row[line]);
        for (std::size_t k = 0; k < n; ++k) {
          const std::size_t at = by_column ? k * n + line : line * n + k;
          option.emplace_back(cell[at], letter[words[w][k] - 'a']);
        }
        option.emplace_back(word_item[w]);
        p.add_option(option);
      }
    }
  }
  return p;
}

std::vector<std::string> read_words(std::istream& in, std::string_view source) {
  const std::string file(source);
  std::vector<std::string> words;
  std::unordered_map<std::string, std::size_t> line_of;  // word -> line it first appeared on
  dlx::line_reader lines(in);
  std::size_t last_line = 0;
  for (dlx::text_line line; lines.next(line);) {
    last_line = line.number;
    if (line.too_long) {
      throw dlx::parse_error(file, line.number, lines.max_line() + 1,
                             fmt::format("line too long (more than {} bytes)", lines.max_line()));
    }
    const std::string_view text = line.text;
    const auto begin = text.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos || text[begin] == '#') continue;
    const auto end = text.find_last_not_of(" \t\r") + 1;
    const std::string_view word = text.substr(begin, end - begin);
    for (std::size_t k = 0; k < word.size(); ++k) {
      if (word[k] < 'a' || word[k] > 'z') {
        throw dlx::parse_error(file, line.number, begin + k + 1,
                               "a word is made of the letters a-z only");
      }
    }
    if (!words.empty() && word.size() != words.front().size()) {
      throw dlx::parse_error(file, line.number, begin + 1,
                             fmt::format("'{}' has {} letters, the first word '{}' has {}", word,
                                         word.size(), words.front(), words.front().size()));
    }
    const auto [first, added] = line_of.emplace(word, line.number);
    if (!added) {
      throw dlx::parse_error(
          file, line.number, begin + 1,
          fmt::format("'{}' is repeated (first on line {})", word, first->second));
    }
    words.emplace_back(word);
  }
  if (lines.read_error()) throw dlx::parse_error(file, last_line + 1, 1, "read error");
  return words;
}

}  // namespace examples
