// Making puzzles: random complete grids, givens removed while the puzzle stays
// unique, a chosen clue symmetry and difficulty; minimizing a puzzle and finding
// its redundant givens.
//
// A complete grid comes from the exact-cover search on an empty grid with a
// seeded random tie-break. Givens are then removed orbit by orbit (an orbit is a
// cell and its images under the symmetry), in a seeded random order; a removal
// stays only if the puzzle keeps exactly one solution (a count to 2). One pass
// leaves a puzzle from which no orbit can be removed: removing more givens can
// only add solutions, so an orbit refused once stays refused. With a target
// difficulty a removal also stays only if the puzzle does not rate above it,
// and a puzzle that ends below it is thrown away and made again.
//
// Everything follows from the seed and the puzzle's index: the same puzzles
// whatever the number of threads.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/symmetry.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

struct generate_options {
  sudoku::shape shape{};
  clue_symmetry symmetry = clue_symmetry::none;
  /// Stop removing at this many givens (a target: a puzzle may end with more when
  /// no further removal keeps it unique, or with fewer by part of an orbit).
  std::optional<int> clues;
  /// Only puzzles of this level.
  std::optional<sudoku::level> difficulty;
  /// No single given removable: checked given by given after the orbit pass.
  bool minimal = false;
  /// What the puzzles follow from. A run given no seed draws one (draw_seed)
  /// and says which, so that it can be made again.
  std::uint64_t seed = 1;
  /// Give up on a puzzle after this many tries (a level can be rare).
  std::uint64_t max_attempts = 100000;
  /// Search nodes allowed to each uniqueness check (0: no limit). A check that
  /// runs out keeps the given: the puzzle stays provably unique, but a --minimal
  /// puzzle with such a check is made again, since its minimality is unproven.
  /// 9x9 checks stay far below the default; sparse 25x25 ones need it.
  std::uint64_t check_budget = 100000;
};

/// A generated puzzle.
struct generated {
  grid puzzle;
  grid solution;
  int clues = 0;
  sudoku::level level = level::easy;
  std::uint64_t attempts = 0;  ///< tries it took (more than 1 when a level was asked)
};

/// Makes puzzles of one shape; one per thread.
///
///   sudoku::generator g;
///   sudoku::generate_options o;
///   o.minimal = true;
///   sudoku::generated p = *g.make(o, 0);       // the first puzzle of seed o.seed
class generator {
 public:
  explicit generator(sudoku::shape s = {});
  /// Puzzles of a variant (X, windoku, jigsaw of a given layout, ...); the
  /// uniqueness checks and ratings use its units.
  explicit generator(const sudoku::variant& v);

  /// Puzzle number `index` of `options.seed`; nothing if max_attempts ran out
  /// or the variant has no solution. `options.shape` is not used: the
  /// generator's variant says the shape.
  std::optional<generated> make(const generate_options& options, std::uint64_t index);

  /// A random complete grid for `seed`; nothing when the variant has no
  /// solution at all (a jigsaw layout can be impossible), or, for a variant
  /// other than plain Sudoku, when none was found within a few thousand search
  /// nodes per cell.
  std::optional<grid> random_solution(std::uint64_t seed);

  /// A minimal puzzle with the same unique solution: givens removed one at a time
  /// in a seeded order while the puzzle stays unique. Nothing when `puzzle` is
  /// not unique.
  std::optional<grid> minimize(const grid& puzzle, std::uint64_t seed = 1);

  /// The givens (cells) each of which can be removed on its own while the puzzle
  /// stays unique; empty when it is minimal. Nothing when it is not unique.
  std::optional<std::vector<std::size_t>> redundant_givens(const grid& puzzle);

  [[nodiscard]] const sudoku::shape& shape() const noexcept { return solver_.shape(); }
  [[nodiscard]] const sudoku::variant& variant() const noexcept { return solver_.variant(); }

 private:
  // True when `g` has exactly one solution; false when it has more, none, or the
  // check ran out of budget (then `inconclusive_` is set).
  bool unique(const grid& g);
  std::vector<std::vector<std::size_t>> orbits(clue_symmetry s) const;
  bool same_board(const grid& g) const;
  // The givens of a unique puzzle that can go one at a time, under the current
  // check budget (make() looks at inconclusive_ afterwards).
  std::vector<std::size_t> find_redundant(const grid& puzzle);

  sudoku::solver solver_;
  sudoku::logic_solver logic_;
  grid scratch_;
  std::uint64_t check_budget_ = 0;
  bool inconclusive_ = false;
  bool shuffle_ = true;  // the variant is plain Sudoku: symmetries keep it
};

/// A random jigsaw layout of shape `s` for `seed`: n connected regions of n
/// cells (region ids 0..n-1 per cell, row by row), grown from the boxes by
/// random swaps across region borders that keep both regions connected. Not
/// every layout has a solution: the generator tries another when it has none.
[[nodiscard]] std::vector<std::uint8_t> random_regions(const shape& s, std::uint64_t seed);

/// A fresh seed for a run that was given none, from std::random_device: at most
/// 2^32 - 1, short enough to type back (`--seed`, `seed=`) to make the same
/// puzzles again.
[[nodiscard]] std::uint64_t draw_seed();

/// A puzzle on a random jigsaw layout, and the layout's variant.
struct jigsaw_puzzle {
  generated puzzle;
  sudoku::variant variant;
};

/// Puzzle `index` of options.seed on a random jigsaw layout of options.shape
/// (random_regions, seeded by the seed and the index), with the diagonals and
/// windows `r` asks for: layouts are drawn until one gives a puzzle, at most
/// 64. Nothing when none did. Throws std::invalid_argument when windows do
/// not fit the shape (its boxes are not square).
[[nodiscard]] std::optional<jigsaw_puzzle> make_random_jigsaw(const rules& r,
                                                              const generate_options& options,
                                                              std::uint64_t index);

}  // namespace sudoku
