// Puzzles in the constraint strings of sigh's Interactive Sudoku Solver (ISS),
// the format setters of modern variants use to check their puzzles, one
// puzzle per line:
//
//   .Shape~6x6.~R1C1_5~R2C2_1_2.Thermo~R1C1~R1C2~R1C3.Cage~15~R3C1~R3C2
//
// Each item starts with '.', then its type and its arguments separated by
// '~'; an empty type is a given (R1C1_5) or pencil marks (R2C2_1_2: the cell
// holds 1 or 2). Cells are R<row>C<column> with one character each, 1-9 then
// a-g for 10-16. Boards are square, 4x4 to 16x16, with the boxes ISS gives them
// (Shape~6x6: 2x3; none for a prime size, 7x7). The rules read are those of
// clue.hpp, the cages (Cage~sum~cells, no sum: different digits only), and the
// regions Diagonal (1: from the bottom left, -1: from the top left), Windoku,
// DisjointSets, Jigsaw (a layout of n*n characters) and NoBoxes. Any other type
// is refused with its name and column, never dropped. Text after the string,
// separated by a blank, is an annotation. docs/iss-format.md has every type's
// syntax.
//
// A share link of ISS (https://sigh.github.io/Interactive-Sudoku-Solver/?q=...)
// is read as the string its q parameter carries, decoded as a browser decodes
// a query ('+' a blank, %7E a '~'); its other parameters (mode, ...) are
// ignored, and errors name columns of the link as written.
//
// ISS's grid formats are read as its parser reads them, and tried first:
// plain grids ("=" and a grid, or n*n characters), the killer formats (81
// characters of cage sums and arrows, SudoCue's 3x3::k:), jigsaw layouts with
// or without givens, values with blanks between them, and n*n*n pencil
// marks (iss_grids.cpp).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sudoku/grid.hpp"
#include "sudoku/text.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// Parses one constraint string into its variant and givens (pencil marks go
/// into the variant: variant::restrict_digits). Errors name the 1-based
/// column of the item or argument at fault. An ISS share link
/// (https://...?q=...) is read as the string it carries. `fields`, when
/// given, views `line`: the line must outlive it.
///
///   sudoku::variant v;
///   sudoku::grid givens;
///   if (auto e = sudoku::parse_iss(".Thermo~R1C1~R1C2", v, givens)) { ... e->message ... }
std::optional<text_error> parse_iss(std::string_view line, variant& v, grid& givens,
                                    sdm_fields* fields = nullptr);

/// True when `line` is plainly ISS's: a constraint string (a first word
/// starting with '.' that holds a '~', or names items alone, ".NoBoxes.Windoku",
/// which no SDM line does) or a share link of ISS's page (?q=.). What the
/// commands read as ISS's without --input-format=iss; ISS's grid formats, which
/// look like other lines, need the option.
[[nodiscard]] bool is_iss(std::string_view line) noexcept;

/// The constraint types parse_iss reads, by ISS's names: "Given" (also
/// written as the empty type), "Shape", the regions, then iss_name() of every
/// clue_kind. Any other type is refused.
[[nodiscard]] std::span<const std::string_view> iss_types();

/// Appends the constraint string of a puzzle: parse_iss reads it back to the
/// same variant and givens. Variants ISS cannot express (samurai) have none:
/// returns false and appends nothing.
bool append_iss(const variant& v, const grid& givens, std::string& out);

}  // namespace sudoku
