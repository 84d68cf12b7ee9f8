// Transformations that map Sudoku grids to Sudoku grids: relabel the digits,
// permute the bands and the rows within each band, permute the stacks and the
// columns within each stack, and (for square boxes) transpose. A puzzle and its
// solutions transform together, so the number of solutions is unchanged; the
// benchmarks use random symmetries so that no set's ordering can flatter a solver.
#pragma once

#include <cstdint>
#include <vector>

#include "sudoku/grid.hpp"

namespace sudoku {

class symmetry {
 public:
  /// The identity on grids of shape `s`.
  explicit symmetry(sudoku::shape s = {});
  /// A uniformly random symmetry of shape `s`, the same for the same seed.
  static symmetry random(const sudoku::shape& s, std::uint64_t seed);

  [[nodiscard]] const sudoku::shape& shape() const noexcept { return shape_; }
  /// The transformed grid: out(r, c) = digit(in(row(r), column(c))), with rows
  /// and columns of the input swapped first when transposing.
  [[nodiscard]] grid apply(const grid& in) const;
  /// Writes the transformed grid into `out` (same shape; storage reused).
  void apply(const grid& in, grid& out) const;

 private:
  sudoku::shape shape_;
  std::vector<int> rows_;             // output row r comes from input row rows_[r]
  std::vector<int> columns_;          // likewise for columns
  std::vector<std::uint8_t> digits_;  // digits_[d] replaces d; digits_[0] = 0
  bool transpose_ = false;
};

}  // namespace sudoku
