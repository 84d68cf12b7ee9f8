// The sums a variant's own sums imply by the players' "law of leftovers",
// and the sums its clues state, for the model (model.cpp). Internal.
#pragma once

#include <cstdint>
#include <vector>

#include "sudoku/model.hpp"
#include "sudoku/variant.hpp"

namespace sudoku::detail {

/// The clues that say a linear sum of digits (arrows, pills, weighted and
/// plain sums, little killers), appended to `linear`.
void clue_sums(const variant& v, std::vector<model::linear_sum>& linear);

/// The cages the search works with: the variant's, then those the law of
/// leftovers implies within one unit (`implied_unit`: the unit of each);
/// with `linear` (holding the clues' sums, from clue_sums), also the implied
/// sums over cells of no common unit, appended there.
std::vector<cage> sum_constraints(const variant& v, std::vector<std::uint32_t>& implied_unit,
                                  std::vector<model::linear_sum>* linear);

}  // namespace sudoku::detail
