// The validator's check of clues and pencil marks (clue_check.cpp); an
// internal header of validate.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "sudoku/grid.hpp"
#include "sudoku/variant.hpp"

namespace sudoku::detail {

struct broken_clue {
  std::size_t clue = 0;  ///< index into variant::clues(); clues().size() for pencil marks
  std::size_t cell = 0;  ///< the clue's first cell, or the cell outside its pencil marks
  std::string reason;    ///< "the thermometer at r1c1: r1c2 (5) and r1c3 (4) does not rise"
};

/// Why the set, line read with it, indexing or rule over 2x2 squares or
/// columns `c` (set_clue_check.cpp) is broken in `cells`, or nothing.
[[nodiscard]] std::optional<std::string> check_set_clue(const variant& v,
                                                        std::span<const std::uint8_t> cells,
                                                        const clue& c);

/// The first clue (in the variant's order) that `g` breaks where its cells
/// are filled, after any filled cell outside its pencil marks.
[[nodiscard]] std::optional<broken_clue> first_broken_clue(const variant& v, const grid& g);

}  // namespace sudoku::detail
