// The clues of modern Sudoku variants as data: thermometers, arrows, dots,
// lines, cages, outside sums and global rules such as anti-knight.
//
// A clue is its kind, the cells it marks (in the order that matters: a
// thermometer from its bulb, an arrow from its circle) and its numbers (a sum,
// a whisper's difference). The exact-cover model derives its items from them
// (model.hpp: relations between two cells' digits become forbidden pairs of
// options, sums and the other rules over a line become chains of colored
// options), and the validator checks them by separate code (validate.hpp), so
// the two can judge each other. The meanings are those of sigh's Interactive
// Sudoku Solver (ISS), whose constraint strings iss.hpp reads and writes.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace sudoku {

enum class clue_kind : std::uint8_t {
  // Lines and pairs: a relation between the digits of two cells.
  thermo,        ///< strictly increasing from the bulb (cells[0])
  whisper,       ///< neighbours on the line differ by at least values[0]
  white_dot,     ///< orthogonal neighbours among the cells are consecutive
  black_dot,     ///< orthogonal neighbours among the cells: one is double the other
  x,             ///< orthogonal neighbours add up to 10
  v,             ///< orthogonal neighbours add up to 5
  greater_than,  ///< a cell is greater than every later orthogonal neighbour among the cells
  palindrome,    ///< the line reads the same both ways
  modular,       ///< every values[0] consecutive cells differ modulo values[0]
  entropic,      ///< every 3 consecutive cells come from 1-3, 4-6 and 7-9 once each
  // Lines and sets over more than two cells.
  renban,       ///< different digits forming a run of consecutive numbers
  between,      ///< the digits between the two ends lie strictly between theirs
  zipper,       ///< cells the same distance from the middle add up alike (to it, if odd)
  sum_line,     ///< the line splits into segments each adding up to values[0]
  quad,         ///< the 2x2 block at cells holds every digit of values (with repeats)
  same_values,  ///< values[0] sets of consecutive cells hold the same digits
  // Sums.
  cage,           ///< different digits adding up to values[0] (no sum if values is empty)
  sum,            ///< digits, repeats allowed, adding up to values[0]
  arrow,          ///< cells[1..] add up to the circle cells[0]
  double_arrow,   ///< the inner cells add up to the two ends together
  pill_arrow,     ///< the shaft adds up to the number in the pill (values[0] cells)
  little_killer,  ///< a diagonal adding up to values[0], repeats allowed
  sandwich,       ///< a row or column: the digits between its 1 and its n add up to values[0]
  x_sum,          ///< a row or column read from cells[0]: its first X digits add up to values[0]
  lunchbox,       ///< different digits; those between the smallest and largest add up to values[0]
  // Sets of cells and what their digits hold (set_clues.cpp).
  all_different,     ///< different digits
  rellik_cage,       ///< different digits, no one or more of which add up to values[0]
  equality_cage,     ///< different digits, as many odd as even and as many low as high
  contain_at_least,  ///< holds each digit of values, as often as listed (and maybe more)
  contain_exact,     ///< holds each digit of values exactly as often as listed
  count_distinct,    ///< cells[0] counts the different digits of cells[1..]
  counting_circles,  ///< a digit d among the cells appears there exactly d times
  lockout,           ///< the ends differ by values[0] or more; the cells between lie outside them
  region_sum_line,   ///< the line's pieces in each box (region) add up alike
  equal_sum,         ///< segments one after another (values: each one's cells) add up alike
  value_indexing,    ///< cells[1]'s digit k: cells[1 + k] holds cells[0]'s digit
  pair,              ///< neighbours on the line: values[a - 1] bit b when a may precede b
  pair_x,            ///< every two cells (in order): values[a - 1] bit b when a, b may be
  indexing,          ///< values[0] 0 (column) or 1 (row): at (r, c) digit v, (r, v) holds c
  nfa,  ///< an automaton accepts the cells' digits read in order (ISS's NFA; values: its layout)
  // A cell's values, and clues made of clues (clue::parts; cells: theirs, in
  // order of first appearance).
  given,   ///< each of the cells holds one of values (ISS's Given, inside a composite)
  any_of,  ///< at least one of parts holds (ISS's Or)
  all_of,  ///< every one of parts holds (ISS's And)
  // Outside clues read by position along a row or column from cells[0].
  skyscraper,         ///< values[0] digits are greater than every digit before them
  hidden_skyscraper,  ///< the first digit smaller than one before it is values[0]
  numbered_room,      ///< the digit at position cells[0]'s digit is values[0]
  /// Read as a number from cells[0], the row or column ranks values[0]
  /// (from 1, the least) among all 4n rows and columns read both ways, ties
  /// as full_rank_ties says (ISS's FullRank; n x n boards of n values).
  full_rank,
  // Clues over a chaos construction's regions (chaos_construction).
  /// cells[0]'s value, plus values[0] (0 or 1), is how many cells share the
  /// region of cells[1] along the arms that start there (cells[1..], each
  /// arm's length in values[1..]): the run from the start on each arm, the
  /// start counted once (ISS's ChaosArrow).
  chaos_arrow,
  /// cells[0]'s value, plus values[0] (0 or 1), is how many of cells[1..]
  /// share the region of cells[1] (ISS's ChaosCount).
  chaos_count,
  /// The cells (the board's, or one group of variables) holding any of
  /// values[1..] are one orthogonally connected part, not empty; values[0]
  /// cells exactly unless 0 (ISS's ConnectedValues).
  connected_values,
  /// No rule: cells ISS's search tries first, values[0] their priority (ISS's
  /// SearchPriority), kept to be written back.
  search_priority,
  // Global rules: no cells.
  anti_knight,         ///< cells a knight's move apart differ
  anti_king,           ///< cells a king's move apart differ
  anti_taxicab,        ///< a digit d has no copy at taxicab distance exactly d
  anti_consecutive,    ///< orthogonal neighbours are not consecutive
  strict_kropki,       ///< neighbours without a dot are neither consecutive nor in ratio 2
  strict_xv,           ///< neighbours without an X or V do not add up to 10 or 5
  global_entropy,      ///< each 2x2 square holds a digit of 1-3, of 4-6 and of 7-9
  global_mod,          ///< each 2x2 square holds a digit of 1,4,7, of 2,5,8 and of 3,6,9
  dutch_flatmates,     ///< a middle digit has 1 directly above it or n directly below
  region_same_values,  ///< the largest regions (rows, columns, boxes, pieces) hold the same values
  /// Values 0-n on n x n: each row, column and box leaves out one value
  /// other than 0, held by its variable (variant::variables: DGC, DGR, DGB);
  /// no two rows leave out one value, nor columns, nor boxes; a cell holding
  /// 0 sees three values left out (ISS's Doppelganger).
  doppelganger,
  /// How full_rank's lines may tie, values[0]: 0, no two of the 4n read
  /// alike (with or without clues); 1, a clued line ties with none (ISS's
  /// default, also without this clue); 2, any may tie, a rank counting the
  /// lines less than it (ISS's FullRankTies none, only-unclued, any).
  full_rank_ties,
  /// The regions are part of the answer: variables CC (variant::variables),
  /// one a board cell, hold its region; a region is as many orthogonally
  /// connected cells as values, each value once (ISS's ChaosConstruction).
  chaos_construction,
};

/// ISS's name of the kind: "Thermo", "WhiteDot", "AntiKnight".
[[nodiscard]] std::string_view iss_name(clue_kind k) noexcept;
/// The kind with that ISS name.
[[nodiscard]] std::optional<clue_kind> clue_kind_from_iss(std::string_view name) noexcept;
/// For people: "thermometer", "white dot", "little killer".
[[nodiscard]] std::string_view to_string(clue_kind k) noexcept;
/// A picture's legend: "kropki" for both dots, "XV" for X and V.
[[nodiscard]] std::string_view short_name(clue_kind k) noexcept;
/// True for the kinds that apply to the whole board and mark no cells.
[[nodiscard]] bool is_global(clue_kind k) noexcept;
/// True for the kinds written outside the grid: a little killer at the start
/// of its diagonal; a sandwich, X-sum, skyscraper, hidden skyscraper or
/// numbered room at the end of its row or column where it is read from.
[[nodiscard]] bool is_outside(clue_kind k) noexcept;

/// True for the kinds whose meaning reads the variant's units (region sum
/// lines' pieces, the largest regions, the Doppelganger's boxes): without a
/// unit such a clue says something else, not something weaker (what a layout
/// check, layout_check.hpp, must not take away from under it).
[[nodiscard]] bool reads_units(clue_kind k) noexcept;

/// One clue: its kind, cells (board positions, in the clue's order) and numbers.
struct clue {
  clue() = default;
  clue(clue_kind k, std::vector<std::uint32_t> cs, std::vector<int> vs = {}, bool looped = false,
       std::vector<clue> ps = {})
      : kind(k), cells(std::move(cs)), values(std::move(vs)), loop(looped), parts(std::move(ps)) {}

  clue_kind kind = clue_kind::thermo;
  std::vector<std::uint32_t> cells;
  std::vector<int> values;
  bool loop = false;        ///< a line whose last cell joins its first (sum lines, whispers, ...)
  std::vector<clue> parts;  ///< an any_of's or all_of's clues
  friend bool operator==(const clue&, const clue&) = default;
};

/// A clue of `kind` any_of or all_of made of `parts`, its cells theirs in
/// order of first appearance.
[[nodiscard]] clue composite_clue(clue_kind kind, std::vector<clue> parts);

}  // namespace sudoku
