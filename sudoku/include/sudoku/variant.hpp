// A Sudoku variant as data: the cells of its board and the units a solution
// must satisfy.
//
// Every variant here is a list of constraints over the cells of a board:
//
// * units: n cells that hold each digit 1..n exactly once: rows, columns,
//   boxes, the irregular regions of a jigsaw, the two main diagonals of Sudoku
//   X, the four extra windows of windoku;
// * cages (killer): up to n cells whose digits differ and add up to a sum.
//
// The board is a rectangle of positions, row by row; most variants use every
// position, a samurai (five 9x9 grids overlapping at their corner boxes, on a
// 21x21 board) leaves 72 of them outside every grid. A cell is a position that
// is inside. The exact-cover model (model.hpp), the validator (validate.hpp), the
// logic solver and the text formats (variant_text.hpp) are all derived from this
// description, so a new variant is a new way to fill it, not a branch in every
// command, as in Knuth's sudoku-general-dlx, which builds any layout from its
// list of cell groups.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/clue.hpp"
#include "sudoku/grid.hpp"

namespace sudoku {

/// The kinds of constraint, in the order the model lists their items.
enum class unit_kind : std::uint8_t { row, column, box, region, diagonal, window, disjoint, cage };

/// "row", "column", "box", "region", "diagonal", "window", "disjoint set", "cage".
[[nodiscard]] std::string_view to_string(unit_kind k) noexcept;

/// Cells whose digits differ: n cells hold every digit once (fewer, on a
/// board of more digits than its side: variant::board, each digit at most once).
struct unit {
  unit_kind kind = unit_kind::row;
  int index = 0;  ///< 0-based among the units of its kind (within its grid, for samurai)
  int part = -1;  ///< samurai: the grid (0-4) it belongs to; -1 on a single grid
  std::vector<std::uint32_t> cells;  ///< board positions, ascending
  friend bool operator==(const unit&, const unit&) = default;
};

/// A killer cage: cells whose digits differ and add up to `sum`.
struct cage {
  std::vector<std::uint32_t> cells;  ///< board positions, ascending
  int sum = 0;
  friend bool operator==(const cage&, const cage&) = default;
};

/// Cells beside the board (ISS's Var): they hold a digit as the board's
/// cells do, belong to no row, column or box, and only clues (or units the
/// rules add) bind them. Their positions follow the board's, group by group.
/// A solution is the board; two that differ in a variable only are two.
struct variable_group {
  std::string name;         ///< the cells' common name: "VA" names VA1, VA2, ... (VA when one)
  std::string label;        ///< what they stand for, as the setter wrote it (may be empty)
  int count = 1;            ///< how many cells
  int columns = 0;          ///< laid out as rows of this many (0: as the board's)
  std::uint32_t first = 0;  ///< the first cell's position
  friend bool operator==(const variable_group&, const variable_group&) = default;
};

/// The variants a line format can carry, as chosen with --variant x,windoku.
struct rules {
  bool diagonals = false;  ///< x: both main diagonals are units
  bool windows = false;    ///< windoku: the extra windows are units
  bool jigsaw = false;     ///< irregular regions replace the boxes
  bool killer = false;     ///< cages with sums
  bool samurai = false;    ///< five overlapping 9x9 grids
  /// Lines are ISS constraint strings (iss.hpp), each carrying its own rules:
  /// modern variants (clue.hpp) and any of the above but samurai.
  bool iss = false;
  /// Lines are f-puzzles or SudokuPad links, f-puzzles' data or its JSON
  /// (fpuzzles.hpp); such lines are also read without it, in classic or iss.
  bool fpuzzles = false;
  /// jigsaw: one region layout for every puzzle (n*n region characters); without
  /// it, each line carries its own after the givens.
  std::optional<std::string> layout;

  /// No variant: plain Sudoku of any box shape.
  [[nodiscard]] bool classic() const noexcept {
    return !diagonals && !windows && !jigsaw && !killer && !samurai && !iss && !fpuzzles;
  }
  /// "x,windoku", "killer", "classic".
  [[nodiscard]] std::string name() const;
  /// Parses a comma-separated list of variant names (x, windoku, jigsaw,
  /// killer, samurai; "classic" alone for none); on error, nothing and `error`
  /// says why.
  [[nodiscard]] static std::optional<rules> parse(std::string_view list, std::string& error);
  friend bool operator==(const rules&, const rules&) = default;
};

/// Two cells of one unit (or cage) holding the same digit; `second` comes after
/// `first` in reading order (validate.hpp finds and describes them).
struct clash {
  std::size_t first = 0;
  std::size_t second = 0;
  int digit = 0;
  unit_kind unit = unit_kind::row;
  friend bool operator==(const clash&, const clash&) = default;
};

/// The full description of one puzzle's constraints. Regions need not be
/// connected; a killer on a jigsaw is possible here but has no line format.
///
///   sudoku::variant v{sudoku::shape{}};  // classic 9x9
///   v.add_diagonals();                   // Sudoku X
///   sudoku::model m(v);                  // its exact-cover model
class variant {
 public:
  /// Plain Sudoku of shape `s`: rows, columns and boxes.
  explicit variant(sudoku::shape s = {});
  /// Five 9x9 grids on a 21x21 board: one at each corner, one in the centre
  /// sharing a corner box with each of the others.
  [[nodiscard]] static variant samurai();
  /// A board of `rows` x `columns` cells holding digits 1..`digits` (at
  /// least as many as its longer side; at most 35): its rows and columns, no
  /// boxes (add_boxes). ISS's Shape~6x8 (8 digits) and Shape~6x6~9. A unit of
  /// fewer cells than digits holds each digit once at most. Throws
  /// std::invalid_argument for fewer digits than the longer side.
  [[nodiscard]] static variant board(int rows, int columns, int digits);
  /// A board of `rows` x `columns` cells holding digits 1..`digits` (1 to
  /// 35) with no units at all: each cell holds any digit, only clues say
  /// more. ISS's grid type Raw (Shape~9x9~0-8~Raw).
  [[nodiscard]] static variant raw_board(int rows, int columns, int digits);
  /// Adds boxes of box_rows x box_cols cells that tile the board, in reading
  /// order; false when they do not, or hold more cells than digits.
  bool add_boxes(int box_rows, int box_cols);
  /// True when every unit has n cells, so holds every digit (false on a
  /// board of more digits than a row or column has cells, or with smaller
  /// regions, whose units' items the model makes secondary; false on a
  /// board of no units).
  [[nodiscard]] bool full_units() const noexcept;

  /// Replaces the boxes with regions: `region_of[cell]` (0..n-1, n cells each).
  /// Returns the error instead when a region does not have n cells.
  std::optional<std::string> set_regions(std::span<const std::uint8_t> region_of);
  /// Adds the two main diagonals of each grid (Sudoku X).
  void add_diagonals();
  /// Adds one main diagonal: 0 from the top left, 1 from the top right.
  void add_diagonal(int which);
  /// Removes the boxes (a board whose only units are rows, columns and what
  /// is added: ISS's NoBoxes).
  void remove_boxes();
  /// Adds an irregular region of n cells beside the boxes (ISS's Jigsaw
  /// pieces; with remove_boxes, a jigsaw), or of 1 to n cells on a board of
  /// more digits than its side (variant::board). The error instead when it
  /// does not have as many cells or is not inside the board.
  std::optional<std::string> add_region(std::vector<std::uint32_t> cells);
  /// Adds the disjoint sets: the cells at the same place in every box.
  void add_disjoint_sets();
  /// Adds a clue of a modern variant (clue.hpp). Cells must be inside the
  /// board: the reader checks them (iss.hpp).
  void add_clue(sudoku::clue c);
  /// Puts `c` in the place of clue `index` (ISS's last clue of an outside
  /// arrow replacing an earlier one).
  void replace_clue(std::size_t index, sudoku::clue c);
  /// Allows only the digits of `mask` (bit d for digit d) in a cell: pencil
  /// marks, odd or even cells. Restrictions of one cell intersect.
  void restrict_digits(std::size_t position, std::uint64_t mask);
  /// Adds the windows: boxes one cell in from the corners, between the boxes
  /// (the four of 9x9 windoku). False when the boxes are not square, or on a
  /// board (variant::board).
  bool add_windows();
  /// Adds a killer cage (cells ascending and inside the board, checked by the
  /// caller: see variant_text.hpp). Throws std::invalid_argument when no set of
  /// distinct digits has its size and sum (a cage of every cell must sum to
  /// n(n+1)/2).
  void add_cage(sudoku::cage c);
  /// Adds `count` variables (variable_group) named `name` (their names
  /// unique on the board: the caller checks), at positions all_positions()
  /// onwards; returns the first. Throws std::invalid_argument for a count
  /// outside 1..4096.
  std::uint32_t add_variables(std::string name, std::string label, int count, int columns = 0);
  /// Adds a variable to unit `u` (index into units()): the unit's digits then
  /// include the variable's (ISS's Doppelganger: a row of nine cells and ten
  /// values, the variable holding the one the row leaves out). Throws
  /// std::invalid_argument for a position that is not a variable.
  void add_to_unit(std::size_t u, std::uint32_t variable);
  /// Removes the units, cages and clues at these indices (into units(),
  /// cages(), clues(); any order, repeats ignored) and lifts the restriction
  /// of each cell in `unrestricted` (restrict_digits): the rest of the variant
  /// as it was, what a layout check (layout_check.hpp) tries without a part.
  /// Throws std::out_of_range for an index or position past the end.
  void remove(std::span<const std::size_t> units, std::span<const std::size_t> cages,
              std::span<const std::size_t> clues, std::span<const std::size_t> unrestricted = {});
  /// Numbers the digits from `first` (0 or 1): with 0, digit d stands for the
  /// value d - 1 (ISS's Shape~9x9~0-8), and every rule's arithmetic (sums,
  /// ratios, counts, positions) reads values, as ISS's do.
  void set_first_value(int first);

  /// The box shape of each grid: n = shape().size() is the number of digits.
  [[nodiscard]] const sudoku::shape& shape() const noexcept { return shape_; }
  [[nodiscard]] int digits() const noexcept { return shape_.size(); }
  /// The value of digit 1: 1, or 0 for values 0..n-1.
  [[nodiscard]] int first_value() const noexcept { return first_value_; }
  /// The value digit `d` (1..n) stands for.
  [[nodiscard]] int value_of(int d) const noexcept { return d - 1 + first_value_; }
  /// The character of a cell holding digit `d`: its value's, '.' for a blank (0).
  [[nodiscard]] char cell_char(int d) const noexcept {
    return d == 0 ? '.' : value_char(value_of(d));
  }
  [[nodiscard]] int rows() const noexcept { return rows_; }
  [[nodiscard]] int columns() const noexcept { return columns_; }
  /// Board positions: rows() * columns(). A grid holds these.
  [[nodiscard]] std::size_t positions() const noexcept {
    return static_cast<std::size_t>(rows_) * static_cast<std::size_t>(columns_);
  }
  /// Every position a clue may name: the board's, then the variables'.
  [[nodiscard]] std::size_t all_positions() const noexcept { return positions() + variables_; }
  /// The cells of the board (positions inside a grid), ascending.
  [[nodiscard]] std::span<const std::uint32_t> cells() const noexcept {
    return std::span<const std::uint32_t>(cells_).first(cells_.size() - variables_);
  }
  /// The board's cells, then the variables': every cell the model fills.
  [[nodiscard]] std::span<const std::uint32_t> all_cells() const noexcept { return cells_; }
  /// The groups of variables, in the order they were added.
  [[nodiscard]] std::span<const variable_group> variables() const noexcept { return groups_; }
  /// The group of variables named `name` ("DGC"), or nullptr.
  [[nodiscard]] const variable_group* variables_named(std::string_view name) const noexcept;
  /// True for orthogonal neighbours: on the board, or in one group of
  /// variables laid out in rows of its columns (the board's when 0), as ISS
  /// lays them out (a dot or a greater-than sign between two of them).
  [[nodiscard]] bool neighbours(std::uint32_t a, std::uint32_t b) const noexcept;
  /// True for a variable's position.
  [[nodiscard]] bool is_variable(std::size_t position) const noexcept {
    return position >= positions();
  }
  [[nodiscard]] bool is_cell(std::size_t position) const noexcept { return inside_[position] != 0; }
  [[nodiscard]] std::span<const unit> units() const noexcept { return units_; }
  [[nodiscard]] std::span<const cage> cages() const noexcept { return cages_; }
  [[nodiscard]] std::span<const sudoku::clue> clues() const noexcept { return clues_; }
  /// The digits a cell may hold (bit d for digit d): all of 1..n unless restricted.
  [[nodiscard]] std::uint64_t candidates(std::size_t position) const noexcept {
    return candidates_.empty() ? all_digits() : candidates_[position];
  }
  [[nodiscard]] bool has_restrictions() const noexcept { return !candidates_.empty(); }
  /// Bits 1..n.
  [[nodiscard]] std::uint64_t all_digits() const noexcept {
    return ((std::uint64_t{1} << digits()) - 1) << 1;
  }
  /// The units and cages (index into units(), then units().size() + cage) that a
  /// cell belongs to.
  [[nodiscard]] std::span<const std::uint32_t> constraints_of(std::size_t position) const;
  /// The cells of constraint `k`, numbered as constraints_of numbers them.
  [[nodiscard]] std::span<const std::uint32_t> constraint_cells(std::uint32_t k) const noexcept {
    if (k < units_.size()) return units_[k].cells;
    const std::size_t c = k - units_.size();
    return c < cages_.size() ? std::span<const std::uint32_t>(cages_[c].cells)
                             : std::span<const std::uint32_t>();
  }
  /// The number of grids: 5 for samurai, else 1.
  [[nodiscard]] int parts() const noexcept { return parts_; }
  [[nodiscard]] bool has_regions() const noexcept { return regions_; }
  /// True when some unit is of kind `k`.
  [[nodiscard]] bool has(unit_kind k) const noexcept;

  /// An empty grid for this board.
  [[nodiscard]] grid empty_grid() const;
  /// "r1c2" in board coordinates; a variable's name (VA1).
  [[nodiscard]] std::string cell_name(std::size_t position) const;
  /// The cell a name of cell_name's form names ("r1c2", "R1C2"); nothing for
  /// a name of no cell of the board (a samurai's position outside its grids).
  [[nodiscard]] std::optional<std::size_t> cell_named(std::string_view name) const;
  /// "row 3", "box 5", "diagonal 1", "window 2", "row 3 of grid 2" (samurai).
  [[nodiscard]] std::string unit_name(const unit& u) const;
  /// "cage r1c1 r1c2 (sum 10)".
  [[nodiscard]] std::string cage_name(const cage& c) const;
  /// "the thermometer at r1c1", "the black dot between r5c1 and r6c1" (a mark
  /// on an edge names both its cells), "the anti-knight rule".
  [[nodiscard]] std::string clue_name(const clue& c) const;

  friend bool operator==(const variant& a, const variant& b) {
    if (a.revision_ == b.revision_) return true;  // copies of one another: the tools' usual case
    return a.shape_ == b.shape_ && a.rows_ == b.rows_ && a.columns_ == b.columns_ &&
           a.units_ == b.units_ && a.cages_ == b.cages_ && a.clues_ == b.clues_ &&
           a.candidates_ == b.candidates_ && a.first_value_ == b.first_value_ &&
           a.groups_ == b.groups_;
  }

 private:
  variant(sudoku::shape s, int rows, int columns);
  void add_grid(int top, int left, int part);
  void add_unit(unit_kind kind, int index, int part, std::vector<std::uint32_t> cells);
  void insert_regions(std::vector<unit> made);
  void index_constraints();
  void index_last_cage();

  sudoku::shape shape_;
  int rows_ = 0, columns_ = 0;
  int parts_ = 1;
  int first_value_ = 1;
  bool regions_ = false;
  std::vector<std::uint8_t> inside_;
  std::vector<std::uint32_t> cells_;  // the board's, then variables_ more
  std::size_t variables_ = 0;
  std::vector<variable_group> groups_;
  std::vector<unit> units_;
  std::vector<cage> cages_;
  std::vector<sudoku::clue> clues_;
  std::vector<std::uint64_t> candidates_;     // per position, when some cell is restricted
  std::vector<std::pair<int, int>> corners_;  // each grid's top-left position
  // constraints_of: per position, a range of constraint_list_.
  std::vector<std::uint32_t> constraint_start_;
  std::vector<std::uint32_t> constraint_list_;
  // Copies share it; construction and every change draw a new one, so equal
  // revisions mean equal variants and comparing costs nothing (the tools compare
  // each puzzle's variant with their cached solvers').
  static std::uint64_t next_revision() noexcept;
  std::uint64_t revision_ = next_revision();
};

/// The digit sets (as bit masks, bit d for digit d) of `size` distinct digits
/// 1..`digits` that add up to `sum`; empty when there is none.
[[nodiscard]] std::vector<std::uint64_t> cage_combinations(int size, int sum, int digits);
/// The same sets, from a table built once per number of digits (for more than
/// 16 digits, once per size and sum): no search or allocation for a model
/// built per puzzle. Valid for the life of the program.
[[nodiscard]] std::span<const std::uint64_t> cage_combination_sets(int size, int sum, int digits);

}  // namespace sudoku
