// ISS's grid formats: what its parser (js/sudoku_parser.js,
// _parseTextLineToAst) tries, in this order, on a text that is not a
// constraint string. Each gives a size, candidates per cell, killer cages, a
// jigsaw layout or the diagonals, which the constraint-string reader (iss.cpp)
// then checks and states as it does its own items.
#include "iss_detail.hpp"
#include "killer_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <map>

namespace sudoku::detail {

namespace {

// n in 2..16 with n^power == length (ISS's sizes run from 1 to 16; a 1x1
// text is one character, which ISS reads as no grid).
int root(std::size_t length, int power) {
  for (std::size_t n = 2; n <= 16; ++n) {
    std::size_t p = 1;
    for (int k = 0; k < power; ++k)
      p *= n;
    if (p == length) return static_cast<int>(n);
  }
  return 0;
}

std::uint64_t all_digits(int n) {
  return ((std::uint64_t{1} << (n + 1)) - 1) & ~std::uint64_t{1};
}

// A value in ISS's short form: a digit up to 9x9, a letter (A = 1) above,
// '0' for zero either way; -1 for any other character.
int short_value(char c, int n) {
  if (n < 10) return c >= '0' && c <= '9' ? c - '0' : -1;
  if (c == '0') return 0;
  if (c >= 'A' && c <= 'Z') return c - 'A' + 1;
  return -1;
}

// A plain grid: n*n characters, the givens and one other character for the
// empty cells (any value outside 1..n counts as that character).
bool plain(std::string_view text, iss_grid& out) {
  const int n = root(text.size(), 2);
  if (n == 0) return false;
  std::vector<std::uint64_t> masks(text.size(), all_digits(n));
  char empty = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int v = short_value(text[i], n);
    if (v >= 1 && v <= n) {
      masks[i] = std::uint64_t{1} << v;
    } else if (empty == 0) {
      empty = text[i];
    } else if (text[i] != empty) {
      return false;
    }
  }
  out.size = n;
  out.masks = std::move(masks);
  return true;
}

// A jigsaw layout: n*n characters, n different ones, n times each.
bool layout(std::string_view text, std::size_t column, iss_grid& out) {
  const int n = root(text.size(), 2);
  if (n == 0) return false;
  std::map<char, int> count;
  for (char c : text)
    ++count[c];
  if (count.size() != static_cast<std::size_t>(n)) return false;
  for (const auto& [c, k] : count) {
    if (k != n) return false;
  }
  out.size = n;
  out.layout = text;
  out.layout_column = column;
  if (out.masks.empty()) out.masks.assign(text.size(), all_digits(n));
  return true;
}

// The killer formats (killer_text.hpp), as ISS tells them apart: 81
// characters with an arrow among them, or text starting with 3x3:. A cage
// with sum 0 holds different digits in the arrow form and is no cage in
// SudoCue's (ISS reads them so).
bool killer(std::string_view text, std::size_t column, iss_grid& out,
            std::optional<text_error>& error) {
  const bool arrows =
      text.size() == killer_cells && text.find_first_of("<v>^`',") != std::string_view::npos &&
      std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'j') ||
               std::string_view("<v>^`',.").find(c) != std::string_view::npos;
      });
  const bool sudocue = text.starts_with("3x3:");
  if (!arrows && !sudocue) return false;
  std::vector<cage_draft> drafts;
  std::array<std::size_t, killer_cells> cell_column{};
  error = sudocue ? parse_sudocue_cages(text, column - 1, drafts, out.diagonals, cell_column)
                  : parse_arrow_cages(text, column - 1, drafts);
  if (error) return true;
  out.size = 9;
  out.masks.assign(killer_cells, all_digits(9));
  for (cage_draft& d : drafts) {
    if (sudocue && d.sum == 0) continue;
    const std::size_t at = sudocue ? cell_column[d.head] : column + d.head;
    out.cages.push_back({std::move(d.cells), d.sum, at});
  }
  return true;
}

// Pencil marks: n*n*n characters, each cell's candidates (digits) and dots.
bool pencil_marks(std::string_view text, std::size_t column, iss_grid& out,
                  std::optional<text_error>& error) {
  const int n = root(text.size(), 3);
  if (n == 0) return false;
  if (text.find_first_not_of("0123456789.") != std::string_view::npos) return false;
  out.size = n;
  if (!supported_iss_size(n)) return true;  // the reader says so
  out.masks.assign(static_cast<std::size_t>(n) * n, 0);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '.') continue;
    const int d = text[i] - '0';
    if (d < 1 || d > n) {
      error = text_error{column + i, fmt::format("'{}' is not a digit 1-{}", text[i], n)};
      return true;
    }
    out.masks[i / static_cast<std::size_t>(n)] |= std::uint64_t{1} << d;
  }
  return true;
}

}  // namespace

bool read_iss_grid(std::string_view text, std::size_t column, iss_grid& out,
                   std::optional<text_error>& error) {
  out = iss_grid{};
  if (text.size() <= 1) return false;
  if (text.front() == '=') return plain(text.substr(1), out);
  if (killer(text, column, out, error)) return true;
  if (text.size() % 2 == 0) {
    const std::size_t half = text.size() / 2;
    iss_grid jigsaw;
    if (layout(text.substr(half), column + half, jigsaw) && plain(text.substr(0, half), out) &&
        out.size == jigsaw.size) {
      out.layout = jigsaw.layout;
      out.layout_column = jigsaw.layout_column;
      return true;
    }
    out = iss_grid{};
  }
  return layout(text, column, out) || plain(text, out) || grid_layout(text, column, out, error) ||
         pencil_marks(text, column, out, error);
}

bool grid_layout(std::string_view text, std::size_t column, iss_grid& out,
                 std::optional<text_error>& error) {
  if (text.find_first_not_of("0123456789.|_- \t") != std::string_view::npos) return false;
  std::vector<std::pair<std::string_view, std::size_t>> parts;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '.') {
      parts.emplace_back(text.substr(i, 1), column + i);
      ++i;
    } else if (text[i] >= '0' && text[i] <= '9') {
      const std::size_t from = i;
      while (i < text.size() && text[i] >= '0' && text[i] <= '9')
        ++i;
      parts.emplace_back(text.substr(from, i - from), column + from);
    } else {
      ++i;
    }
  }
  const int n = root(parts.size(), 2);
  if (n == 0) return false;
  out.size = n;
  if (!supported_iss_size(n)) return true;  // the reader says so
  out.masks.assign(parts.size(), all_digits(n));
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto [s, at] = parts[i];
    if (s == ".") continue;
    int v = 0;
    std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.size() > 2 || v < 1 || v > n) {
      error = text_error{at, fmt::format("'{}' is not a digit 1-{}", s, n)};
      return true;
    }
    out.masks[i] = std::uint64_t{1} << v;
  }
  return true;
}

}  // namespace sudoku::detail
