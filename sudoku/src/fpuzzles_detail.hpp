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

/// Reads f-puzzles' JSON into `v` and `givens`. On error, the message; a
/// syntax error also sets `error_offset` to its byte in `json_text`.
std::optional<std::string> translate(std::string_view json_text, variant& v, grid& givens,
                                     fpuzzles_info* info, std::size_t& error_offset);

}  // namespace sudoku::detail::fpuzzles_read
