// Transformations that map Sudoku grids to Sudoku grids: relabel the digits,
// permute the bands and the rows within each band, permute the stacks and the
// columns within each stack, and (for square boxes) transpose. A puzzle and its
// solutions transform together, so the number of solutions is unchanged; the
// benchmarks use random symmetries so that no set's ordering can flatter a solver.
//
// And the symmetries of a clue pattern (which cells hold givens), that the
// generator keeps and has_symmetry checks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
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

/// Symmetries of the clue pattern.
enum class clue_symmetry : std::uint8_t {
  none,
  rot180,    ///< (r, c) and (n-1-r, n-1-c)
  rot90,     ///< the four quarter turns
  mirror,    ///< (r, c) and (r, n-1-c)
  diagonal,  ///< (r, c) and (c, r)
};

[[nodiscard]] std::string_view to_string(clue_symmetry s) noexcept;
/// The symmetry named `name`, if any ("none", "rot180", "rot90", "mirror", "diagonal").
[[nodiscard]] std::optional<clue_symmetry> parse_symmetry(std::string_view name) noexcept;
/// True when the pattern of givens of `g` has symmetry `s`.
[[nodiscard]] bool has_symmetry(const grid& g, clue_symmetry s);
/// The cells symmetry `s` maps `cell` to, `cell` included, ascending, on a
/// square board of n x n positions.
[[nodiscard]] std::vector<std::size_t> clue_orbit(std::size_t cell, int n, clue_symmetry s);

}  // namespace sudoku
