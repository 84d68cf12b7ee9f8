// A Sudoku variant as an exact-cover problem.
//
// Primary items, in this order: one per cell (the cell is filled: Knuth's p);
// one per unit and digit (the unit has the digit: r, c, b for the plain model,
// then regions, diagonals and windows); for a killer, one per cage and digit.
// (A unit of fewer cells than digits, on a board of more digits than its
// side, has secondary items: each digit once at most.)
// Options: one per (cell, digit), covering the cell, the digit of every unit
// the cell is in, and the digit of its cage. For 9x9 that is 324 items and 729
// options, the plain model of Knuth's DLX1 examples.
//
// A killer cage of k cells also gets one option per set of k digits that makes
// its sum, covering the cage's items for the 9-k digits *not* in the set (Dirk
// Laurie's encoding for Knuth's DANCE). Each digit item of the cage is then
// covered exactly once, either by the cell that holds the digit or by the one
// combination chosen: the cage's digits differ and form a set with the right
// sum, with no arithmetic in the search. (A cage of all n cells needs no
// combination: its cells cover every digit.)
//
// Options are numbered box by box when boxes (or regions) partition the cells:
// (box * n + place in box) * n + (d-1); otherwise cell by cell. Within every
// item the options keep the order of the row-major numbering, so the search
// tree is the same; but each item's options now sit close together, a cell's
// and a box-digit's in one or two 64-bit words, a row's or column's in about
// four, instead of a column-digit's spreading over nine. The bitset engine
// visits an item's options a word at a time, so this cut its time on hard
// puzzles (bench/README.md has the figures). Cage combinations come last.
#pragma once

#include <dlx/problem.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

namespace detail {
struct lowered_clues;
}

/// Numbering of the exact-cover model of one variant.
class model {
 public:
  /// Which weighted items (dlx/problem.hpp) build() may state: only the
  /// bitset engine searches them. `all`: in the clues' larger, stronger
  /// chains too (a looped sum line's residue in its state); `small`: in small
  /// chains only; `none`: for dancing links. A model too large for the bitset
  /// engine takes the next fewer, and states the implied sums only when it fits.
  enum class weights : std::uint8_t { none, small, all };

  explicit model(sudoku::shape s = {}) : model(sudoku::variant(s)) {}
  explicit model(sudoku::variant v, weights w = weights::all);

  [[nodiscard]] const sudoku::variant& variant() const noexcept { return variant_; }
  [[nodiscard]] const sudoku::shape& shape() const noexcept { return variant_.shape(); }
  [[nodiscard]] int item_count() const noexcept { return item_count_; }
  [[nodiscard]] int option_count() const noexcept { return option_count_; }
  /// Of item_count(), the primary items (the rest are secondary).
  [[nodiscard]] int primary_count() const noexcept { return primary_count_; }
  /// Options below this place a digit in a cell; the rest are cage
  /// combinations and the steps of clues along lines (clue.hpp).
  [[nodiscard]] dlx::option_id cell_option_count() const noexcept {
    return static_cast<dlx::option_id>(cell_of_.size());
  }

  // Tables, not arithmetic: the box-major numbering needs divisions by the
  // grid's size, and these are called for every given and every cell of every
  // solution.

  /// What option() gives for a digit the variant rules out in that cell.
  static constexpr dlx::option_id no_option = std::numeric_limits<dlx::option_id>::max();
  /// The option that places `digit` (1..n) in `cell` (a board position);
  /// no_option when the variant does not allow the digit there (pencil marks).
  [[nodiscard]] dlx::option_id option(std::size_t cell, int digit) const noexcept {
    return option_of_[cell * static_cast<std::size_t>(n_) + static_cast<std::size_t>(digit - 1)];
  }
  /// The cell (board position) of an option below cell_option_count().
  [[nodiscard]] std::size_t cell_of(dlx::option_id option) const noexcept {
    return cell_of_[option];
  }
  [[nodiscard]] int digit_of(dlx::option_id option) const noexcept { return digit_of_[option]; }
  /// cell_of and digit_of as tables, for a loop that stores bytes (which may
  /// alias anything, so the compiler would read the tables' places again).
  [[nodiscard]] std::span<const std::uint32_t> cells_of_options() const noexcept {
    return cell_of_;
  }
  [[nodiscard]] std::span<const std::uint8_t> digits_of_options() const noexcept {
    return digit_of_;
  }

  /// The constraint an item stands for: an index into variant().units(), then
  /// units().size() + a cage; -1 for a cell's item; -2 for a clue's.
  [[nodiscard]] int constraint_of(dlx::item_id item) const noexcept;
  /// The clues (indices into variant().clues()) an item of the clues' stands
  /// for: one for a chain's or a group's, those whose relations were merged
  /// for a pair of cells; none for other items, nor for a cell's digit item
  /// that the chains through the cell share.
  [[nodiscard]] std::span<const std::uint32_t> clues_of(dlx::item_id item) const noexcept;
  /// The digit of a unit's or cage's item (0 for a cell's).
  [[nodiscard]] int digit_of_item(dlx::item_id item) const noexcept;
  /// The item of a cell (board position).
  [[nodiscard]] dlx::item_id cell_item(std::size_t cell) const noexcept { return cell_item_[cell]; }
  /// The item of digit `digit` in unit `u` (index into variant().units()).
  [[nodiscard]] dlx::item_id unit_item(std::size_t u, int digit) const noexcept {
    return static_cast<dlx::item_id>(cell_items_ + u * static_cast<std::size_t>(n_) +
                                     static_cast<std::size_t>(digit - 1));
  }

  /// Whether build() names the items: `knuth`, as Knuth's programs would
  /// (p00, r01, c01, b01 for 9x9: the letter, then base-36 indices and the
  /// digit), for a problem people read or write out; `none` for a search,
  /// which needs no names (a killer's model is built per puzzle, and naming
  /// its thousand items cost a tenth of preparing it).
  enum class naming : std::uint8_t { none, knuth };
  /// Whether build() gives each cage of fewer than n cells a primary item
  /// that its combinations cover (`item`: one combination is chosen outright)
  /// or leaves that implicit (`implicit`: the cage's digit items count it);
  /// likewise each clue's group of cells with digit sets (a renban's runs).
  /// Either way the same solutions. With the item, a search that applies the
  /// pair rule (dlx::propagation::pairs) keeps each cage's combinations and
  /// digits consistent, as ISS's cage handler does: a digit no combination
  /// left holds leaves the cage's cells, a combination holding a digit no
  /// cell can take goes. Without propagation, the fewest-options rule would
  /// branch on combinations early, the wrong order (bench/README.md).
  enum class cage_choices : std::uint8_t { implicit, item };
  /// Whether build() states the sums that the cages and the clues' sums
  /// imply over cells of no common unit (linear_sum), as weighted items, or
  /// leaves them out (the clues' own sums are stated either way). They hold in
  /// every solution: the same solutions either way. They shorten the search on hard sum puzzles,
  /// but finding and stating them is most of what preparing an easy killer costs, which propagation
  /// settles without them.
  enum class implied : std::uint8_t { left_out, stated };
  /// The problem itself. The choice items, when asked for, come after every
  /// other item; the implied sums' weighted items after every other weighted
  /// item, so the two problems differ only in those.
  [[nodiscard]] dlx::problem build(naming names = naming::knuth,
                                   cage_choices choices = cage_choices::implicit,
                                   implied sums = implied::stated) const;
  /// Whether the variant has sums that may imply others (cages, sum clues):
  /// only then can build() with implied::stated differ from implied::left_out.
  [[nodiscard]] bool implies_sums() const noexcept { return implies_sums_; }
  /// True when build() adds rules (dlx/rule.hpp): clues that only code judges
  /// (FullRank), which only the bitset engine searches.
  [[nodiscard]] bool has_rules() const noexcept;

  /// A sum the law of leftovers implies over cells of no common unit (so not
  /// a cage): the cells' digits times their coefficients (+1 or -1) add up to
  /// `total`. build() states each as a weighted item (dlx/problem.hpp).
  struct linear_sum {
    std::vector<std::pair<std::uint32_t, int>> terms;  ///< (position, coefficient)
    int total = 0;
    friend bool operator==(const linear_sum&, const linear_sum&) = default;
  };

 private:
  sudoku::variant variant_;
  int n_ = 9;
  std::size_t cell_items_ = 0;
  int item_count_ = 0;
  int option_count_ = 0;
  int primary_count_ = 0;
  weights weights_ = weights::all;
  std::vector<sudoku::cage> sums_;           // the variant's cages, then implied ones
  std::vector<std::uint32_t> implied_unit_;  // per implied cage: the unit it comes from
  std::vector<std::vector<std::uint32_t>> sums_of_cell_;  // per position: its sums_
  std::vector<linear_sum> clue_sums_;  // the clues' own sums, stated by every build()
  bool implies_sums_ = false;
  std::vector<std::uint32_t> order_;                    // cells in option order
  std::vector<dlx::option_id> option_of_;               // per position and digit
  std::shared_ptr<const detail::lowered_clues> clues_;  // the clues in the model's shapes
  int clue_items_ = 0;                                  // the first item of a clue
  std::vector<std::uint32_t> clue_list_;                // the clues of clue items, flat
  std::vector<std::pair<std::uint32_t, std::uint32_t>> item_clue_range_;  // per clue item
  std::vector<dlx::item_id> cell_item_;                                   // per position
  std::vector<std::uint32_t> cell_of_;                                    // per cell option
  std::vector<std::uint8_t> digit_of_;                                    // per cell option

  void adopt(std::shared_ptr<const detail::lowered_clues> lowered);
};

}  // namespace sudoku
