// Pieces shared by the readers of text.cpp and variant_text.cpp.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "sudoku/grid.hpp"

namespace sudoku::detail {

constexpr bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

inline std::string_view strip_cr(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

/// What is wrong with the character at text[i], which is not a cell: itself when
/// printable ASCII; its code point when it starts well-formed UTF-8 (a full-width
/// digit reads "non-ASCII character U+FF11 '１'", not a mystery byte); else a name.
std::string bad_character(std::string_view text, std::size_t i);

/// A character that is a digit of some larger grid but not of this one.
std::string out_of_range(char c, const shape& s);

/// What bad_character says after a '-' or '_' where a cell belongs: other
/// programs write blanks so, and the message says how ours are written (as
/// out_of_range does for an 'x').
inline constexpr std::string_view blank_hint = ": blanks are 0 or .";

/// bad_character for the place of a cell: a '-' or '_' gets blank_hint.
std::string bad_cell(std::string_view text, std::size_t i);

/// Where a line's first blank-separated word begins and ends.
struct field {
  std::size_t begin, end;
};
/// The first position at or after `from` that is not a blank (or the end).
inline std::size_t skip_blanks(std::string_view line, std::size_t from = 0) noexcept {
  while (from < line.size() && is_blank(line[from]))
    ++from;
  return from;
}

inline field grid_field(std::string_view line, std::size_t from = 0) noexcept {
  const std::size_t begin = skip_blanks(line, from);
  std::size_t end = begin;
  while (end < line.size() && !is_blank(line[end]))
    ++end;
  return {begin, end};
}

/// True when `word` is a web link: http:// or https://, in any case (ISS's
/// share links, f-puzzles' and SudokuPad's).
inline bool is_web_link(std::string_view word) noexcept {
  auto starts = [&](std::string_view scheme) {
    if (word.size() < scheme.size()) return false;
    for (std::size_t i = 0; i < scheme.size(); ++i) {
      const char c = word[i];
      if ((c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c) != scheme[i]) return false;
    }
    return true;
  };
  return starts("https://") || starts("http://");
}

/// The value of a hex digit (a link's %XX), or -1.
inline int hex_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// `text` with each %XX (a link's escape) made the byte it stands for, the
/// rest as it is (a '%' without two hex digits too), appended to `out`.
inline void append_percent_decoded(std::string_view text, std::string& out) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int hi = text[i] == '%' && i + 2 < text.size() ? hex_digit(text[i + 1]) : -1;
    const int lo = hi >= 0 ? hex_digit(text[i + 2]) : -1;
    if (lo >= 0) {
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += text[i];
    }
  }
}

/// The text from `from` to the end, without surrounding blanks.
inline std::string_view trimmed_rest(std::string_view line, std::size_t from) noexcept {
  from = skip_blanks(line, from);
  std::size_t end = line.size();
  while (end > from && is_blank(line[end - 1]))
    --end;
  return line.substr(from, end - from);
}

}  // namespace sudoku::detail
