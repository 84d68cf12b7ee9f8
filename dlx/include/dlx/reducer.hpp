// Reasoning about an exact-cover problem without searching: the steps a person
// takes before guessing.
//
// A reducer holds a partial state (options chosen, options ruled out) and finds
// the deductions that follow from the problem alone:
//
// * a dead item: a primary item no active option covers (the state has no
//   solution);
// * a forced item: a primary item exactly one active option covers (that option
//   is in every solution);
// * a subset: k primary items X, no active option covering two of them, whose
//   every active option also covers one of k items Y. In any solution the k
//   options that cover X are disjoint and cover at least k items of Y, so all of
//   Y: every other option covering an item of Y is ruled out.
// * an implication: every active option of a primary item A also names an item
//   B. Whichever covers A, B is taken: an option naming B that clashes with
//   all of A's (B without a color, or a color none of them gives it) is ruled
//   out. With colors this keeps the states of a chain of colored options
//   supported from both sides, as the bitset engine's pair rule does.
//
// Colors are respected: choosing an option that gives a secondary item a color
// rules out only the options that give it another color or none. Weighted
// items are left out of the reasoning (every deduction still holds: it is
// drawn from fewer rules), and multiplicities are refused: "exactly one" is
// what the deductions count on.
//
// The subset rule is the general form of many puzzle techniques. In Sudoku
// terms (the sudoku library names them): k = 1 with X a box's digit and Y a row's
// digit is a pointing pair; X cells and Y a unit's digits is a naked subset; the
// other way round a hidden subset; X rows' and Y columns' digit is a fish. This
// class knows nothing of Sudoku: the caller says which items to look among.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

/// A subset deduction: the items X and Y, and the options it rules out.
struct subset_deduction {
  std::vector<item_id> x;
  std::vector<item_id> y;
  std::vector<option_id> ruled_out;
};

/// An implication: every active option of `a` names `b`; `ruled_out` are the
/// options naming `b` that clash with all of them.
struct implication {
  item_id a = 0;
  item_id b = 0;
  std::vector<option_id> ruled_out;
};

/// Logical state and deductions over one problem.
///
///   dlx::reducer r(problem);
///   r.choose(given);                               // a clue
///   while (auto item = r.forced_item(all_items)) r.choose(r.active_options(*item)[0]);
///   if (auto d = r.find_subset(2, cells_of_row, digits_of_row)) r.rule_out(d->ruled_out);
class reducer {
 public:
  /// Throws std::invalid_argument for a problem with multiplicities.
  explicit reducer(const dlx::problem& p);

  /// Back to the start: every option active, nothing chosen.
  void reset();

  // ---- State.
  [[nodiscard]] bool active(option_id option) const { return active_[option] != 0; }
  [[nodiscard]] bool covered(item_id item) const { return covered_[item] != 0; }
  /// How many active options cover `item` (0 once it is covered).
  [[nodiscard]] std::uint32_t count(item_id item) const { return count_[item]; }
  /// The active options covering `item`, in the problem's order.
  [[nodiscard]] std::vector<option_id> active_options(item_id item) const;
  [[nodiscard]] std::size_t active_option_count() const noexcept { return active_count_; }
  /// The options chosen so far, in order.
  [[nodiscard]] std::span<const option_id> chosen() const noexcept { return chosen_; }
  /// True when every primary item is covered.
  [[nodiscard]] bool solved() const noexcept { return uncovered_primary_ == 0; }
  [[nodiscard]] const dlx::problem& problem() const noexcept { return *problem_; }

  // ---- Moves.
  /// Chooses an active option: covers its items and rules out every option that
  /// shares an item with it (for a colored item: that gives it another color or
  /// none). Returns false (and does nothing) if it is not active.
  bool choose(option_id option);
  /// Rules out active options (without covering anything).
  void rule_out(std::span<const option_id> options);

  // ---- Deductions. Each looks only among the items given, in their order.
  /// The first uncovered primary item that no active option covers.
  [[nodiscard]] std::optional<item_id> dead_item(std::span<const item_id> among) const;
  /// The first uncovered primary item exactly one active option covers.
  [[nodiscard]] std::optional<item_id> forced_item(std::span<const item_id> among) const;
  /// The first subset deduction of size k that rules something out, with X drawn
  /// from `x_group` and Y from `y_group` (k-combinations of X in lexicographic
  /// order of the group). Items must be primary; others are skipped.
  [[nodiscard]] std::optional<subset_deduction> find_subset(std::size_t k,
                                                            std::span<const item_id> x_group,
                                                            std::span<const item_id> y_group) const;
  /// The first implication that rules something out, with A drawn from
  /// `a_group` (uncovered primary items, in their order) and B from `b_group`.
  [[nodiscard]] std::optional<implication> find_implication(std::span<const item_id> a_group,
                                                            std::span<const item_id> b_group) const;
  /// The color an option gives an item (no_color when it names it without one
  /// or not at all).
  [[nodiscard]] color_id color_of(option_id option, item_id item) const;

 private:
  void drop(option_id option);

  const dlx::problem* problem_;
  std::vector<std::uint32_t> item_options_start_;
  std::vector<option_id> item_options_;
  std::vector<color_id> item_option_colors_;  // parallel to item_options_
  std::vector<std::uint8_t> active_;
  std::vector<std::uint8_t> covered_;
  std::vector<std::uint32_t> count_;
  std::vector<option_id> chosen_;
  std::size_t active_count_ = 0;
  std::size_t uncovered_primary_ = 0;
  // Scratch: the groups given to find_subset and find_implication.
  mutable std::vector<std::uint8_t> mark_;
  // Scratch for find_implication: an item's place among the candidates for B
  // (plus 1), the candidates, how many of A's options named each, the colors
  // they gave it (one row per candidate), and A's options, marked by stamp.
  mutable std::vector<std::uint32_t> seen_;
  mutable std::vector<item_id> candidates_;
  mutable std::vector<std::uint32_t> alive_;
  mutable std::vector<color_id> given_colors_;
  mutable std::vector<std::uint32_t> option_stamp_;
  mutable std::uint32_t stamp_ = 0;
};

}  // namespace dlx
