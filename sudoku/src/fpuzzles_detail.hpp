// What the f-puzzles reader (fpuzzles_reader.cpp), the finder of its data in
// a line (fpuzzles_link.cpp) and the writer (fpuzzles_writer.cpp) share.
// Internal.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

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

/// Reads f-puzzles' JSON into `v` and `givens`. On error, the message; a
/// syntax error also sets `error_offset` to its byte in `json_text`.
std::optional<std::string> translate(std::string_view json_text, variant& v, grid& givens,
                                     fpuzzles_info* info, std::size_t& error_offset);

}  // namespace sudoku::detail::fpuzzles_read
