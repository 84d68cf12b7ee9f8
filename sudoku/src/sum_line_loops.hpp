// The automata of a looped sum line (ISS: SumLine~value~...~LOOP), which the
// clues' lowering (clue_model.cpp) unrolls along the loop's cells. A loop may
// be cut anywhere: its first segment may have begun before its first cell.
// Each filling must still have one path, however many cuts work, or exact
// cover would count it twice. Three automata, from the strongest to the
// smallest (bench/README.md measures them).
//
// An internal header of the model: nothing here is public.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

#include "clue_model.hpp"

namespace sudoku::detail::sum_loop {

// Every cut at once: the state is each cut's partial sum (-1 once it
// overshot), cut p starting at p; accepted when some cut comes round to
// itself. It is the whole rule, but its states are sets of cuts: too many on
// long loops and large sums.
[[nodiscard]] std::vector<int> every_cut_start(int value);
[[nodiscard]] std::optional<std::vector<int>> every_cut_next(int value, const std::vector<int>& s,
                                                             int digit);
[[nodiscard]] bool every_cut_accepts(const std::vector<int>& s);

// By residue: a filling works when, for some r, the places whose running
// total is r modulo the sum are its cuts, which holds when the total is a
// multiple of the sum and no digit steps over a running total of residue r
// (digit d after q passes q+1 .. q+d-1). A filling may work with several r,
// and the smallest is the one: a weighted item per residue x < r says that
// some step passes x. Weighted items need the bitset engine.
//
// The residue in the state: (r, q) as r * sum + q, q the running total
// modulo the sum, from (r, 0) back to (r, 0), no step passing r. The whole
// rule for every r at once, sum x sum states a cell (the weights: the first
// step -1 and every step passing x +1, on x's item for each x < r).
[[nodiscard]] std::vector<int> residue_in_state_starts(int value);
[[nodiscard]] std::optional<int> residue_in_state_next(int value, int s, int digit);
// The extras of its steps, made as the steps are: only those some step has
// (all of them would be 2 x sum x sum x digits).
class residue_in_state_extras {
 public:
  explicit residue_in_state_extras(int value) : value_(value) {}
  // The extra of the step of cell i from s with `digit`.
  [[nodiscard]] std::uint32_t operator()(std::size_t i, int s, int digit);
  // Gives `chain` (built with the above) its weighted items and extras.
  void give(digit_chain& chain);

 private:
  int value_;
  std::map<std::tuple<bool, int, int>, std::uint32_t> index_;
  std::vector<chain_extra> extras_;
};

// The residue chosen by an option: the state is q alone, sum states a cell;
// the chain's own items say the rest (see residue_items). Once r is chosen,
// the whole rule.
[[nodiscard]] std::optional<int> residue_next(int value, int q, int digit);
// The extra of the step from q with `digit` (an index into the extras).
[[nodiscard]] std::uint32_t residue_extra(int digits, int q, int digit);
// Gives `chain` (built with residue_next and residue_extra) its items: a
// choice of r that marks r "chosen", steps that mark the residues they pass
// "passed"; and, as several r may work and the smallest is the one, a
// weighted item per residue x: the steps that pass x (+1 each) less 1 when
// the choice is above x, at least 0.
void residue_items(int value, int digits, digit_chain& chain);

// Once round per cut: the cells repeated once per cut p = 0, 1, ..., each
// pass a sum line starting with partial sum p; the first cut that comes
// round to itself is the one (a state `found`, kept to the end). Its states
// are a partial sum, `dead` or `found`: small, without weights, but it
// reasons little (a filling may leave any early pass dead).
inline constexpr int dead = -1, found = -2;
[[nodiscard]] std::optional<int> per_cut_next(int value, std::size_t cells, std::size_t i, int s,
                                              int digit);

}  // namespace sudoku::detail::sum_loop
