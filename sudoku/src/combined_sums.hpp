// Sums implied by sums, which the search gains by stating. Internal to
// leftover_sums.cpp.
//
// Two sums over disjoint cells add up to a sum over their union, which holds
// in every solution. It is worth stating when its cells, taken together,
// differ in larger groups than each sum's alone (two little killers on
// neighbouring diagonals share boxes, rows and columns): the digits of a group
// of k cells that differ add up to at least 1 + ... + k, so the larger sum's
// bounds are tighter than the two added. ISS's optimizer finds such sums
// (`_makeCombinedSumHandlers` in its js/solver/optimizer.js); this follows its
// measure of a sum's worth and its greedy merging, written anew.
#pragma once

#include <vector>

#include "sudoku/variant.hpp"

namespace sudoku::detail {

/// The sums that `sums` imply, none of `sums` itself; each sum's cells are
/// ascending and its digits add up to its `sum` (cages or not). Two kinds:
/// - a region's (ISS's `_addSumIntersectionHandler`): a region of n cells (a
///   unit) adds up to 1 + ... + n. Take sums touching it that do not overlap,
///   fill the region's cells they leave with other regions that meet it only
///   there, then take away the region and every region left wholly inside: the
///   cells left add up to the rest. Kept when that total lies near an end of
///   what those cells can hold (by ISS's measure).
/// - sums of two (and of their results again), when worth stating by ISS's
///   measure (`_makeCombinedSumHandlers`).
[[nodiscard]] std::vector<cage> implied_sums(const variant& v, const std::vector<cage>& sums);

}  // namespace sudoku::detail
