// What the ISS reader (iss.cpp, iss_grids.cpp) and writer (iss_writer.cpp)
// share. Internal.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/text.hpp"

namespace sudoku::detail {

// ISS's box dimensions for an n x n board: the most square factorisation,
// rows first (6x6: 2x3; 12x12: 3x4).
// The characters of ISS's keys (a pairwise table's), 6 bits each: 'A' is 0.
// FullRankTies' options, by clue_kind::full_rank_ties' values.
inline constexpr std::array<std::string_view, 3> full_rank_tie_names = {"none", "only-unclued",
                                                                        "any"};

inline constexpr std::string_view base64url =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// A prime size has none (ISS draws none): 1 x n, "boxes" that are the rows,
// which the readers remove (boxless()).
inline std::optional<shape> iss_shape(int n) {
  for (int small = static_cast<int>(std::sqrt(static_cast<double>(n))); small >= 2; --small) {
    if (n % small == 0) return shape{small, n / small};
  }
  if (n >= 2) return shape{1, n};
  return std::nullopt;
}

// ISS's boxes of `size` cells on a rows x columns board (rows, columns): the
// most square factorisation that tiles it, the smaller side first where
// both fit; none when no factorisation does.
inline std::optional<std::pair<int, int>> iss_box_dims(int rows, int columns, int size) {
  for (int small = static_cast<int>(std::sqrt(static_cast<double>(size))); small >= 2; --small) {
    if (size % small != 0) continue;
    const int large = size / small;
    if (rows % small == 0 && columns % large == 0) return std::pair{small, large};
    if (large != small && rows % large == 0 && columns % small == 0) return std::pair{large, small};
  }
  return std::nullopt;
}

// Base64url without padding (ISS's automata, patterns, bitsets): the bytes
// of its whole groups of 8 bits, or nothing and `bad` the index of a
// character not of the alphabet.
inline std::optional<std::string> base64url_bytes(std::string_view text, std::size_t& bad) {
  std::string bytes;
  std::uint32_t acc = 0;
  std::size_t held = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto at = base64url.find(text[i]);
    if (at == std::string_view::npos) {
      bad = i;
      return std::nullopt;
    }
    acc = acc << 6 | static_cast<std::uint32_t>(at);
    held += 6;
    if (held >= 8) {
      held -= 8;
      bytes += static_cast<char>(acc >> held & 0xff);
      acc &= (1u << held) - 1;
    }
  }
  return bytes;
}
// The same the other way: the last character's spare bits 0, no padding.
inline std::string base64url_text(std::string_view bytes) {
  std::string text;
  std::uint32_t acc = 0;
  std::size_t held = 0;
  for (const char b : bytes) {
    acc = (acc << 8 | static_cast<std::uint8_t>(b)) & 0xffff;
    held += 8;
    while (held >= 6) {
      held -= 6;
      text += base64url[acc >> held & 63];
    }
  }
  if (held > 0) text += base64url[(acc << (6 - held)) & 63];
  return text;
}

// ISS's serialised automaton (iss_nfa.cpp): read, or nothing and `why`;
// written in the plain layout.
struct automaton;
std::optional<automaton> decode_iss_nfa(std::string_view text, std::string& why);
std::string encode_iss_nfa(const automaton& a);

// A board of a size without boxes (5x5, 7x7, 11x11, 13x13).
inline bool boxless(const shape& s) {
  return s.box_rows == 1;
}

// ISS's id of the cell at 0-based row r, column c: R<r+1>C<c+1>, one
// base-17 character each (1-9, then a-g).
inline std::string iss_cell_id(int r, int c) {
  auto ch = [](int i) { return static_cast<char>(i < 9 ? '1' + i : 'a' + i - 9); };
  return {'R', ch(r), 'C', ch(c)};
}

// The boards read: square, 4x4 to 16x16.
inline bool supported_iss_size(int n) {
  return n >= 4 && n <= 16;
}

// A puzzle in one of ISS's grid formats (iss_grids.cpp): what it says,
// before the constraint-string reader checks and states it.
struct iss_grid {
  int size = 0;                      // n for an n x n board
  std::vector<std::uint64_t> masks;  // each cell's candidates, bit d for digit d
  struct cage {
    std::vector<std::uint32_t> cells;
    int sum = 0;  // 0: different digits, any sum (as ISS reads it)
    std::size_t column = 0;
  };
  std::vector<cage> cages;
  std::string_view layout;  // a jigsaw layout, which replaces the boxes; or empty
  std::size_t layout_column = 0;
  bool diagonals = false;
};

// Reads `text`, found at 1-based `column` of its line, as ISS's parser does a
// text that is not a constraint string: in order, "=" and a plain grid (how
// ISS writes a solution); the short killer format (81 characters: a cage's
// sum, 0-9 A-Z a-j for 0-45, at one cell, arrows < > ^ v ` ' , . toward it
// from the others); SudoCue's killer format (3x3:d:k:sum*256+cage:...); a
// plain grid followed by its jigsaw layout; a jigsaw layout alone (n*n
// characters, n different ones n times each); a plain grid (n*n characters,
// the givens, 1-9 or A=1 ... P=16 above 9x9, and one other character);
// values and dots with blanks or | - _ between them; n*n*n pencil marks.
// Returns false when it is none of them; sets `error` when it is one, at
// fault.
bool read_iss_grid(std::string_view text, std::size_t column, iss_grid& out,
                   std::optional<text_error>& error);

// The grid-layout format alone: values and dots separated by blanks or
// | - _, as a whole line may hold one.
bool grid_layout(std::string_view text, std::size_t column, iss_grid& out,
                 std::optional<text_error>& error);

// The error for a type the reader does not take (iss_types.cpp), at 1-based
// `column`: "not supported" for ISS's own types, "unknown" for any other.
text_error refused_iss_type(std::string_view type, std::size_t column);

// An ISS share link, https://sigh.github.io/Interactive-Sudoku-Solver/?q=...
// (iss_link.cpp): the constraint string its q parameter carries, decoded as a
// browser decodes a query (application/x-www-form-urlencoded: '+' is a blank,
// %XX a byte), with the 1-based column in the line of each character decoded.
struct iss_link {
  std::string text;
  std::vector<std::size_t> columns;
  std::size_t value_column = 1;  // where q's value starts
};

// Reads the q parameter of `link`, found at 1-based `column` of its line; the
// other parameters and a #fragment are ignored. Errors: no q parameter, a '%'
// not followed by two hex digits.
std::optional<text_error> read_iss_link(std::string_view link, std::size_t column, iss_link& out);

/// A Var's label as ISS writes it (its uriEncodeArg: encodeURIComponent, and
/// '.' and '~' too), byte by byte; and read back, each %XX its byte (a label
/// with a '%' not followed by two hex digits is kept as written, as ISS keeps
/// one it cannot decode). The variant holds the label decoded.
[[nodiscard]] std::string iss_encode_label(std::string_view label);
[[nodiscard]] std::string iss_decode_label(std::string_view written);

}  // namespace sudoku::detail
