// What the f-puzzles reader (fpuzzles_reader.cpp), the finder of its data in
// a line (fpuzzles_link.cpp) and the writer (fpuzzles_writer.cpp) share.
// Internal.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/fpuzzles.hpp"

namespace sudoku::detail::fpuzzles_read {

/// The lines f-puzzles keeps under a key of their own, each a clue with no
/// number: its key, its kind, its fewest cells.
struct line_key {
  std::string_view key;
  clue_kind kind;
  std::size_t least;
};
inline constexpr line_key line_keys[] = {{"thermometer", clue_kind::thermo, 2},
                                         {"palindrome", clue_kind::palindrome, 2},
                                         {"renban", clue_kind::renban, 1},
                                         {"betweenline", clue_kind::between, 3},
                                         {"regionsumline", clue_kind::region_sum_line, 2},
                                         {"doublearrow", clue_kind::double_arrow, 3},
                                         {"zipperline", clue_kind::zipper, 2}};

/// Two cells of an n x n board side by side.
inline bool orthogonal(std::uint32_t a, std::uint32_t b, int n) {
  const int ra = static_cast<int>(a) / n, ca = static_cast<int>(a) % n;
  const int rb = static_cast<int>(b) / n, cb = static_cast<int>(b) % n;
  return std::abs(ra - rb) + std::abs(ca - cb) == 1;
}

/// A cell's orthogonal neighbours: above, left, right, below.
inline std::vector<std::uint32_t> neighbours(std::uint32_t p, int n) {
  std::vector<std::uint32_t> out;
  const int r = static_cast<int>(p) / n, c = static_cast<int>(p) % n;
  for (auto [dr, dc] : {std::pair{-1, 0}, {0, -1}, {0, 1}, {1, 0}}) {
    if (r + dr >= 0 && r + dr < n && c + dc >= 0 && c + dc < n)
      out.push_back(static_cast<std::uint32_t>((r + dr) * n + c + dc));
  }
  return out;
}

/// f(a, b) for each two orthogonal neighbours a < b of the board.
template <class F>
void each_neighbour_pair(int n, F f) {
  for (int p = 0; p < n * n; ++p) {
    if (p % n + 1 < n) f(static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(p + 1));
    if (p + n < n * n) f(static_cast<std::uint32_t>(p), static_cast<std::uint32_t>(p + n));
  }
}

/// The table of the digit pairs (a, b) a relation allows, as clue_kind::pair
/// holds it: values[a - 1] bit b.
template <class Allowed>
std::vector<int> pair_table(int n, Allowed allowed) {
  std::vector<int> values(static_cast<std::size_t>(n), 0);
  for (int a = 1; a <= n; ++a) {
    for (int b = 1; b <= n; ++b) {
      if (allowed(a, b)) values[static_cast<std::size_t>(a - 1)] |= 1 << b;
    }
  }
  return values;
}

/// One digit k times the other: a ratio dot of value k.
inline bool in_ratio(int a, int b, int k) {
  return a == k * b || b == k * a;
}

/// What f-puzzles' negative constraints leave two neighbours without a dot:
/// not consecutive (nonconsecutive), in none of the ratios (negative ratio).
inline bool negative_allows(int a, int b, bool consecutive, const std::set<int>& ratios) {
  if (consecutive && std::abs(a - b) == 1) return false;
  return std::none_of(ratios.begin(), ratios.end(), [&](int k) { return in_ratio(a, b, k); });
}

/// Reads f-puzzles' JSON into `v` and `givens`. On error, the message; a
/// syntax error also sets `error_offset` to its byte in `json_text`.
std::optional<std::string> translate(std::string_view json_text, variant& v, grid& givens,
                                     fpuzzles_info* info, std::size_t& error_offset);

}  // namespace sudoku::detail::fpuzzles_read
