// What the structure search (propagation::groups, search.hpp) finds in a
// problem's matrix, for tools and tests to report. The search itself needs
// nothing from here: a solver finds the structure when it first searches that way.
#pragma once

#include <cstddef>
#include <string_view>

#include "dlx/problem.hpp"

namespace dlx {

/// The structure of a matrix, as counts:
///  - classes: sets of primary items no two of which share an option;
///  - groups: the options two primary items share, when they share two or more
///    (only those some quota or family uses);
///  - quotas: sets of groups (or single options) of which exactly k are used;
///  - families: items of two classes whose shared groups form perfect
///    matchings, with `matchings` possible matchings over all of them;
///  - clusters: families over the same items of the other classes;
///  - boxes_and_bands: the matrix is, up to the names and order of its items and
///    options, a 9x9 grid's with 3x3 boxes (81 cells, and per symbol nine rows,
///    nine columns and nine boxes); the search then keeps its state in lanes,
///    box by box and band by band, as tdoku does, and finds the same trees.
/// `applies` is false, and the counts zero, for a problem the structure search
/// does not take (colors, multiplicities, an item of more than 127 options): a
/// search asking for it then infers as propagation::pairs does where the
/// engine has that, else as none.
///
///   const auto s = dlx::describe_structure(sudoku::model().build());
///   // 4 classes, 486 groups, 54 quotas, 54 families, 324 matchings, 6 clusters,
///   // boxes and bands
struct structure_summary {
  bool applies = false;
  std::size_t classes = 0;
  std::size_t groups = 0;
  std::size_t quotas = 0;
  std::size_t families = 0;
  std::size_t matchings = 0;
  std::size_t clusters = 0;
  bool boxes_and_bands = false;
};

[[nodiscard]] structure_summary describe_structure(const problem& p);

/// How the box-band search runs a box's rules on this host: "AVX-512" (the AVX2
/// code compiled for AVX-512VL, BW and DQ, where the processor has them, unless
/// the environment sets DLX_NO_AVX512=1), "AVX2" (the four words of a box in one
/// register; chosen at run time, so a portable build has it where the processor
/// has AVX2, BMI and POPCNT, unless the environment sets DLX_NO_AVX2=1), else
/// "64-bit words" (four 16-bit lanes a word). The same trees on every path.
[[nodiscard]] std::string_view box_band_rules_path();

}  // namespace dlx
