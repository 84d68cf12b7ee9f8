// What the ISS reader (iss.cpp) and writer (iss_writer.cpp) share. Internal.
#pragma once

#include <cmath>
#include <optional>

#include "sudoku/grid.hpp"

namespace sudoku::detail {

// ISS's box dimensions for an n x n board: the most square factorisation,
// rows first (6x6: 2x3; 12x12: 3x4).
inline std::optional<shape> iss_shape(int n) {
  for (int small = static_cast<int>(std::sqrt(static_cast<double>(n))); small >= 2; --small) {
    if (n % small == 0) return shape{small, n / small};
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
