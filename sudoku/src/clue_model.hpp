// The clues of a variant (clue.hpp) lowered into the three shapes the
// exact-cover model knows how to state (model.cpp):
//
// * relations: which digit pairs two cells may hold (a thermometer step, a
//   dot, a knight's move); the model forbids the other pairs through secondary
//   items shared by the two options;
// * groups: cells whose digits differ, optionally forming one of a list of
//   digit sets (a renban's runs), the same one across a family of groups;
//   stated like killer cages;
// * chains: a deterministic automaton read along cells (a sum, a sandwich, a
//   zipper), unrolled into layers of states; the model chooses one transition
//   per cell, and colored secondary items make neighbouring transitions agree
//   on the state between them and on the cell's digit. A chain may also
//   have items of its own: secondary items its transitions color ("marks"),
//   weighted items they add to, and options of its own (choices), one of
//   which a solution takes.
//
// What none of the three can state at a reasonable size (how rows rank when
// read as numbers) is a rule: code that judges the cells' candidates at
// every node of the search (candidate_rule; dlx/rule.hpp).
//
// An internal header of the model: nothing here is public.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/model.hpp"
#include "sudoku/variant.hpp"

namespace sudoku::detail {

/// allowed[da]: the digits b may hold when a holds da (bit d for digit d).
struct digit_relation {
  std::uint32_t a = 0, b = 0;
  std::array<std::uint64_t, max_size + 1> allowed{};
  std::vector<std::uint32_t> clues;  ///< the clues it comes from (variant::clues() indices)
};

struct digit_group {
  static constexpr std::uint32_t no_family = ~std::uint32_t{0};
  std::vector<std::uint32_t> cells;
  std::vector<std::uint64_t> sets;  ///< the digit sets allowed; empty: any set of different digits
  std::uint32_t clue = 0;           ///< the clue it comes from
  /// Groups of one family take the same set of their (equal) sets: one option
  /// per set leaves it out of them all.
  std::uint32_t family = no_family;
};

/// What a transition or a choice of a chain states besides its cell.
struct chain_extra {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> marks;  ///< (mark, color)
  std::vector<std::pair<std::uint32_t, int>> weights;          ///< (weighted item, weight)
  std::vector<std::uint32_t> shared;  ///< marks shared by chains (lowered_clues::shared_marks)
};

struct chain_step {
  static constexpr std::uint32_t no_extra = ~std::uint32_t{0};
  std::uint32_t from = 0;  ///< state before the cell, numbered within its layer
  int digit = 0;
  std::uint32_t to = 0;            ///< state after it
  std::uint32_t extra = no_extra;  ///< index into the chain's extras
};

struct digit_chain {
  std::vector<std::uint32_t> cells;
  std::vector<std::vector<chain_step>> steps;  ///< per cell, the transitions that lead somewhere
  std::vector<std::uint32_t> states;           ///< per layer (cells.size() + 1), its live states
  std::uint32_t clue = 0;                      ///< the clue it comes from
  std::uint32_t marks = 0;                     ///< its own secondary items
  std::vector<std::pair<int, int>> weighted;   ///< its own weighted items' bounds
  std::vector<chain_extra> extras;             ///< what steps add (chain_step::extra)
  std::vector<chain_extra> choices;            ///< options of its own item (primary) when not empty
};

/// A rule over the cells' candidates (see the top of the file): given, per
/// position (variant::all_positions), the digits still possible (bit d for
/// digit d), removes the digits no solution keeps and returns false when no
/// solution is left. It must reject every filling that breaks it once each
/// cell has one digit left, and never remove a digit a solution keeps.
/// Shared by every search of the model, on any thread: narrow changes nothing
/// but `candidates`.
class candidate_rule {
 public:
  virtual ~candidate_rule() = default;
  [[nodiscard]] virtual bool narrow(std::vector<std::uint64_t>& candidates) const = 0;
};

/// One digit left in a cell's candidates.
[[nodiscard]] inline bool single(std::uint64_t candidates) noexcept {
  return candidates != 0 && (candidates & (candidates - 1)) == 0;
}

struct lowered_clues {
  std::vector<digit_relation> relations;  ///< one per pair of cells, a < b
  std::vector<digit_group> groups;
  std::vector<digit_chain> chains;
  /// Items any chain's transitions may name (chain_extra::shared): exactly
  /// one transition of all takes each (a region's digit, chaos.cpp), a
  /// primary item.
  std::uint32_t shared_marks = 0;
  std::uint32_t shared_marks_clue = 0;  ///< the clue they come from
  /// The rules the clues need besides the model's items.
  std::vector<std::shared_ptr<const candidate_rule>> rules;
  /// A clue left to the model's weighted sums (a pill arrow: model.cpp).
  bool left_to_weights = false;
  /// True when some chain has weighted items or a clue is left to the
  /// model's: only the bitset engine searches them (dlx/problem.hpp).
  [[nodiscard]] bool weighted() const noexcept {
    if (left_to_weights) return true;
    for (const digit_chain& c : chains) {
      if (!c.weighted.empty()) return true;
    }
    return false;
  }
};

/// Lowers every clue of `v`, its chains with the weighted items `weights`
/// allows (model.hpp). Throws std::invalid_argument for a clue the model
/// cannot state (a chain with more transitions than it allows).
///
/// The last answer for each `weights` is remembered per thread and shared:
/// lowering is most of the cost of a line with clues, and a tool lowers each
/// line twice (reading it checks that its clues can be stated, then the
/// solver builds its model), while a batch often repeats one layout with
/// other givens.
[[nodiscard]] std::shared_ptr<const lowered_clues> lower_clues(const variant& v,
                                                               model::weights weights);

/// The Doppelganger rule (clue_kind::doppelganger) as clues over the board and
/// its variables DGC, DGR and DGB (ISS's reader makes them, and the units of a
/// row and the value it leaves out): the variables hold no 0 (the boxes', on a
/// board without boxes, only 0), each group's differ, and each cell holds a
/// value other than 0 or sees three different values left out. Empty when the
/// variant has no such variables.
[[nodiscard]] std::vector<clue> doppelganger_clues(const variant& v);

/// SameValues of `sets` sets, the consecutive parts of `cells`, as a rule
/// (same_values.cpp): for sets too large for a chain that remembers their
/// multisets.
[[nodiscard]] std::shared_ptr<const candidate_rule> same_values_rule(
    const variant& v, const std::vector<std::uint32_t>& cells, std::size_t sets);

/// Every FullRank clue of `v` and its tie rule (clue_kind::full_rank,
/// full_rank_ties) as one rule (full_rank.cpp); nothing when there is nothing
/// to rank.
[[nodiscard]] std::shared_ptr<const candidate_rule> full_rank_rule(const variant& v);

/// A ConnectedValues clue as a rule (chaos.cpp): the cells holding its
/// values one orthogonally connected part (variant::neighbours).
[[nodiscard]] std::shared_ptr<const candidate_rule> connected_values_rule(const variant& v,
                                                                          const clue& c);

}  // namespace sudoku::detail
