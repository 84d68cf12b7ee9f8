// Solving like a person: techniques in order of difficulty, a trace of steps,
// and a difficulty rating.
//
// The logic solver keeps the candidates of every cell and applies the easiest
// technique that changes anything, then starts again from the easiest:
// naked single, hidden single, pointing, claiming, what a clue's rule gives
// (modern variants), naked pair/triple/quad, hidden pair/triple/quad, X-Wing,
// Swordfish. When none applies the rest needs search.
//
// Each technique is a deduction of the generic dlx::reducer on the Sudoku
// exact-cover model: singles are items with one option left (a cell: naked; a
// row's, column's or box's digit: hidden), and every other technique is its
// subset rule with the item groups that make it that technique (pointing: a
// box's digit inside one row's digit; naked subsets: cells inside a unit's
// digits; hidden subsets: the reverse; fish: rows' digit inside columns' digit).
// A clue's rule (a thermometer, an arrow, a sum...) is its reducer implications
// on the clue's items: a cell whose every candidate rules out a digit of
// another, or a chain of a sum's states supported from both sides, until a
// candidate goes. This file only chooses the groups and names the results.
#pragma once

#include <dlx/reducer.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/model.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

enum class technique : std::uint8_t {
  naked_single,
  hidden_single,
  pointing,
  claiming,
  clue,  ///< a clue's rule (modern variants): the candidates it rules out
  naked_pair,
  naked_triple,
  naked_quad,
  hidden_pair,
  hidden_triple,
  hidden_quad,
  x_wing,
  swordfish,
};

/// The difficulty levels: the hardest technique a puzzle needs.
enum class level : std::uint8_t {
  easy,    ///< singles only
  medium,  ///< locked candidates (pointing, claiming), clues' rules
  hard,    ///< naked or hidden subsets
  evil,    ///< fish (X-Wing, Swordfish)
  beyond,  ///< none of these finish it: it needs search
};

/// "naked single", "x-wing", ...
[[nodiscard]] std::string_view to_string(technique t) noexcept;
/// "naked-single", "x-wing", ...: the name as one word, for columns and JSON.
[[nodiscard]] std::string technique_name(technique t);
/// "easy", ..., "beyond".
[[nodiscard]] std::string_view to_string(level l) noexcept;
/// The level named `name` ("easy", ..., "beyond"); nothing for another word.
[[nodiscard]] std::optional<level> parse_level(std::string_view name) noexcept;
[[nodiscard]] level level_of(technique t) noexcept;

/// A candidate: a digit in a cell (row * n + col).
struct candidate {
  std::size_t cell = 0;
  int digit = 0;
  friend bool operator==(const candidate&, const candidate&) = default;
};

/// A link of a chain: `to` follows from `from`. A candidate that is "on" holds
/// its digit, one that is "off" does not.
struct chain_link {
  candidate from;
  bool from_on = false;
  candidate to;
  bool to_on = false;
  friend bool operator==(const chain_link&, const chain_link&) = default;
};

/// One step of the logic solver.
struct logic_step {
  sudoku::technique technique = technique::naked_single;
  std::vector<candidate> placed;      ///< digits placed (singles)
  std::vector<candidate> eliminated;  ///< candidates removed (everything else)
  /// Where, in words: "row 3", "box 5 and row 1", "rows 2 8 and columns 3 6",
  /// "the thermometer at r1c1".
  std::string where;
  std::vector<int> digits;         ///< the digits the step is about
  std::vector<std::size_t> cells;  ///< the cells the step is about (subsets, a clue's)
  /// The units the step is about, as variant::constraints_of numbers them (a
  /// hidden single's unit, a subset's, pointing's area and line, a fish's base
  /// lines then its cover lines); none for a naked single.
  std::vector<std::uint32_t> units;
  // The state after the step.
  int solved = 0;      ///< cells with a digit
  int unsolved = 0;    ///< cells without
  int candidates = 0;  ///< candidates left in unsolved cells
};

/// A step as one line for people, as `sudoku explain` prints it: the technique,
/// what it is about, the digits placed (r1c2=5) or the candidates removed
/// (r1c2<>5), and the state after it:
/// "hidden single in row 3: r3c4=5 | solved 31 unsolved 50 candidates 190".
[[nodiscard]] std::string describe(const variant& v, const logic_step& s);

enum class logic_outcome : std::uint8_t {
  solved,         ///< every cell placed by logic
  stuck,          ///< no technique applies: the rest needs search
  contradiction,  ///< a cell or a unit's digit has no candidate left: no solution
  invalid,        ///< the givens clash
};

[[nodiscard]] std::string_view to_string(logic_outcome o) noexcept;

/// What running the logic solver to its end found.
struct logic_result {
  logic_outcome outcome = logic_outcome::stuck;
  std::vector<logic_step> steps;
  sudoku::level level = level::easy;  ///< beyond when not solved by logic
  std::optional<technique> hardest;   ///< the hardest technique used
  grid reached;                       ///< the digits placed (givens included)
  std::string contradiction;          ///< where, for logic_outcome::contradiction
};

/// The logic solver for one grid shape; reuse it for many puzzles.
///
///   sudoku::logic_solver logic;
///   sudoku::logic_result r = logic.run(puzzle);   // r.level, r.steps, r.outcome
class logic_solver {
 public:
  explicit logic_solver(sudoku::shape s = {});
  /// For a variant: its units take part in every technique (diagonals and
  /// windows as areas, like boxes); its clues' rules and a killer's cages (the
  /// digit combinations that make each sum) give `clue` steps.
  explicit logic_solver(const sudoku::variant& v);

  [[nodiscard]] const sudoku::shape& shape() const noexcept { return model_.shape(); }
  [[nodiscard]] const sudoku::variant& variant() const noexcept { return model_.variant(); }

  /// Starts from a puzzle's givens; false when they clash (nothing else to do).
  bool start(const grid& puzzle);
  /// Removes candidates by hand, as from a player's pencil marks (for positions
  /// that givens alone cannot make). Candidates already gone are ignored.
  void eliminate(std::span<const candidate> candidates);
  /// Applies the easiest technique that changes anything and returns the step;
  /// nothing when none does (solved, stuck or contradiction: see outcome()).
  std::optional<logic_step> step();
  /// The state's outcome so far: solved, contradiction, or stuck (which, before
  /// step() has returned nothing, only means "not finished").
  [[nodiscard]] logic_outcome outcome() const;
  /// Runs from a puzzle to the end: start, then step until nothing applies.
  logic_result run(const grid& puzzle);

  /// The digits placed so far, givens included.
  [[nodiscard]] grid current() const;
  /// The candidates of the cell at a board position as a bit mask (bit d for
  /// digit d); 0 once solved, and for a position outside every grid.
  [[nodiscard]] std::uint64_t candidates(std::size_t position) const;

 private:
  std::optional<logic_step> singles();
  std::optional<logic_step> locked_candidates();
  std::optional<logic_step> clue_rules();
  std::optional<logic_step> subsets(std::size_t k, bool hidden);
  std::optional<logic_step> fish(std::size_t k);
  logic_step make_step(technique t, const dlx::subset_deduction& d);
  void finish(logic_step& s) const;
  std::string item_name(dlx::item_id item) const;
  std::size_t cell_of_item(dlx::item_id item) const;
  const unit& unit_of(dlx::item_id item) const;
  std::uint32_t constraint_of_item(dlx::item_id item) const;
  std::string unit_of_item(dlx::item_id item) const;
  std::string describe_dead(dlx::item_id item) const;

  sudoku::model model_;
  dlx::problem problem_;
  dlx::reducer reducer_;
  bool invalid_ = false;
  // Item groups, fixed by the shape.
  std::vector<dlx::item_id> cell_items_;                // p items, in cell order
  std::vector<dlx::item_id> unit_digit_items_;          // every unit's digit items
  std::vector<std::vector<dlx::item_id>> unit_cells_;   // per unit: its cells' items
  std::vector<std::vector<dlx::item_id>> unit_digits_;  // per unit: its digit items
  std::vector<std::vector<dlx::item_id>> digit_rows_;   // per digit: r items of every row
  std::vector<std::vector<dlx::item_id>> digit_cols_;
  std::vector<std::vector<dlx::item_id>> digit_areas_;  // boxes or regions, diagonals, windows
  std::vector<dlx::item_id> all_items_;
  std::vector<dlx::item_id> primary_items_;  // A of a clue's implications
  std::vector<dlx::item_id> clue_items_;     // B: the clues' and cages' own items
  // Per clue (variant::clues() index, then clues().size() + a cage): its items.
  std::vector<std::vector<dlx::item_id>> items_of_clue_;
};

}  // namespace sudoku
