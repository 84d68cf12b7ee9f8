// A layout check: can a puzzle's regions and rules be filled at all, before a
// digit is given (or with its givens), and when they cannot, a smallest part of
// them that cannot, the units, cages and clues to look at. What a setter asks
// of a jigsaw layout, a chaos construction or a set of lines before setting
// digits on them.
//
//   sudoku::workspace w;
//   sudoku::read_puzzle(w, line, rules);
//   const sudoku::layout_check c = sudoku::check_layout(w);
//   // c.status none: c.part has no filling, and each of its parts is needed
#pragma once

#include <dlx/search.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/answer.hpp"

namespace sudoku {

/// One part of a puzzle's constraints.
struct layout_part {
  enum class kind : std::uint8_t {
    unit,         ///< variant::units()[index]: a row, column, box, region, diagonal, ...
    cage,         ///< variant::cages()[index]
    clue,         ///< variant::clues()[index]
    restriction,  ///< the digits allowed in the cell at position `index` (odd, even, pencil marks)
    given,        ///< the given in the cell at position `index`
  };
  kind what = kind::unit;
  std::size_t index = 0;
  friend bool operator==(const layout_part&, const layout_part&) = default;
};

/// "unit", "cage", "clue", "restriction", "given".
[[nodiscard]] std::string_view to_string(layout_part::kind k) noexcept;
/// "row 1", "box 5", "cage r1c1 r1c2 (sum 10)", "the thermometer at r1c1",
/// "the digits 1357 allowed in r1c1", "the given 5 in r1c1".
[[nodiscard]] std::string describe(const variant& v, const grid& puzzle, const layout_part& p);
/// The positions a part covers (a rule over the whole board, as anti-knight,
/// names none).
[[nodiscard]] std::vector<std::uint32_t> part_cells(const variant& v, const layout_part& p);

struct layout_check {
  /// unique or multiple: the layout (with its givens, when asked) can be
  /// filled, in one way or more; none: it cannot, and `part` is a part of it
  /// that cannot either; unknown: the node budget ran out before an answer.
  sudoku::status status = sudoku::status::unknown;
  grid filling;  ///< a filling, when there is one
  /// For none: units, cages, clues (and givens, restrictions) with no filling
  /// together, in the variant's order: units, cages, clues, restrictions,
  /// givens.
  std::vector<layout_part> part;
  /// True when each of `part` is needed: the rest of it has a filling. False
  /// when a search ran out of its budget, or when a clue reads the grid's
  /// units (clue.hpp, reads_units), which then all stay in the part, untried:
  /// the part has no filling, but a smaller one may be inside it.
  bool minimal = false;
  std::uint64_t searches = 0;  ///< searches it took, the first included
  std::uint64_t nodes = 0;
};

/// The budget of each search that tries the layout without one part, when
/// `options.node_budget` sets none.
inline constexpr std::uint64_t default_part_budget = 100'000;

/// Counts the fillings of w.variant's rules to two, without w.puzzle's givens
/// unless `with_givens`; when there is none, takes away one part at a time
/// (clues and cages first, then the other units such as diagonals,
/// restrictions, givens, and last the regions, boxes, rows and columns, so that
/// the grid's units kept are as few as the conflict needs) and leaves it out
/// for good when the rest still has no filling (a deletion pass: what is left
/// has no filling, and without any one of its parts it has). Rules that say
/// nothing of particular digits (units, anti-knight, anti-king, no givens)
/// are searched with their first full unit holding 1..n in order, which loses
/// no filling up to renaming the digits (status multiple when there is one). `options.node_budget`
/// bounds the first search (none by default) and each later one (default_part_budget by default).
layout_check check_layout(workspace& w, bool with_givens = false,
                          const dlx::search_options& options = {});

}  // namespace sudoku
