// ISS's Doppelganger as clues the model already states: givens, sets of
// different values and, for each cell, three Ors (clue_model.hpp). A cell's
// rule is an Or of each two of its three variables differing (one chain of
// three cells each, about 110 options; the three together, one chain of four
// cells whose states are sets of values, about 590, made a model of 50,000
// options, too large for the bitset engine, and searched slower on it too:
// 130,645 nodes against 94,668 on Dutch-pelganger).
#include "clue_model.hpp"

namespace sudoku::detail {

std::vector<clue> doppelganger_clues(const variant& v) {
  const variable_group* rows = v.variables_named("DGC");
  const variable_group* columns = v.variables_named("DGR");
  const variable_group* boxes = v.variables_named("DGB");
  std::vector<clue> out;
  if (rows == nullptr || columns == nullptr || boxes == nullptr) return out;
  const auto cells_of = [](const variable_group& g) {
    std::vector<std::uint32_t> cells;
    for (int k = 0; k < g.count; ++k)
      cells.push_back(g.first + static_cast<std::uint32_t>(k));
    return cells;
  };
  // The box of each cell: the box whose variable its unit holds.
  std::vector<std::int64_t> box_of(v.positions(), -1);
  for (const unit& u : v.units()) {
    if (u.kind != unit_kind::box) continue;
    for (std::uint32_t p : u.cells) {
      if (p < v.positions()) box_of[p] = u.index;
    }
  }
  const bool has_boxes = v.has(unit_kind::box);
  std::vector<int> left_out;  // the values 1..n (0 is in every row)
  for (int value = 1; value < v.value_of(v.digits()) + 1; ++value)
    left_out.push_back(value);
  for (const variable_group* g : {rows, columns, boxes}) {
    if (g == boxes && !has_boxes) {
      out.push_back(clue{clue_kind::given, cells_of(*g), {0}});
      continue;
    }
    out.push_back(clue{clue_kind::given, cells_of(*g), left_out});
    out.push_back(clue{clue_kind::all_different, cells_of(*g)});
  }
  const auto width = static_cast<std::uint32_t>(v.columns());
  for (std::uint32_t p : v.cells()) {
    std::vector<std::uint32_t> seen = {rows->first + p / width, columns->first + p % width};
    if (box_of[p] >= 0) seen.push_back(boxes->first + static_cast<std::uint32_t>(box_of[p]));
    for (std::size_t i = 0; i < seen.size(); ++i) {
      for (std::size_t j = i + 1; j < seen.size(); ++j) {
        out.push_back(composite_clue(clue_kind::any_of,
                                     {clue{clue_kind::given, {p}, left_out},
                                      clue{clue_kind::all_different, {seen[i], seen[j]}}}));
      }
    }
  }
  return out;
}

}  // namespace sudoku::detail
