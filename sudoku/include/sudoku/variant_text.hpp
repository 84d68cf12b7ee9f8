// Variant puzzles as text, one puzzle per line, so files stream and split
// across threads like plain SDM (text.hpp).
//
// With rules (variant.hpp) chosen by the caller (the tools' --variant):
//
// * classic, x, windoku, x,windoku: an SDM line (n*n cells); the rules add the
//   diagonals and windows to every puzzle.
// * jigsaw: 2*n*n characters: the n*n givens, then n*n region ids, one per
//   cell row by row, any n distinct characters with n cells each (the layout
//   convention of SudokuWiki and other solvers). With rules::layout the line
//   holds only the givens.
// * killer (9x9): the cage field, then optionally a blank and 81 givens.
//   The cage field is either the players' forum format, 81 characters, one per
//   cell: the cage's sum on one cell (0-9, A-Z for 10-35, a-j for 36-45) and on
//   every other cell an arrow to a neighbour in the same cage (< > ^ v, and `
//   ' , . for up-left, up-right, down-left, down-right); or SudoCue's
//   `3x3::k:` followed by 81 colon-separated numbers sum*256 + cage id
//   (`3x3:d:k:` adds the diagonals). A sum of 0 on a cell alone leaves it in no
//   cage.
// * samurai: 441 characters, the 21x21 board row by row, '.' or '0' for a
//   blank, '-' for each of the 72 positions outside the five grids.
//
// Text after the puzzle's fields, separated by a blank, is an annotation.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sudoku/grid.hpp"
#include "sudoku/text.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// The shape of the puzzle on `line` under rules `r`, from the length of its
/// first field; nothing when the length fits no shape (parse_puzzle says why).
[[nodiscard]] std::optional<shape> line_shape(std::string_view line, const rules& r) noexcept;

/// Parses one puzzle line in the format of `r` into its constraints `v` and
/// its givens. `v` is replaced only when the line's constraints differ from
/// the ones it holds, so a reader of plain or X lines builds the variant once.
/// `expected` fixes the shape for the formats of any size (classic, x,
/// windoku, jigsaw). Errors name the 1-based column.
///
///   sudoku::variant v;
///   sudoku::grid givens;
///   sudoku::rules r;  r.killer = true;
///   if (auto e = sudoku::parse_puzzle(line, r, v, givens)) { ... e->column, e->message ... }
std::optional<text_error> parse_puzzle(std::string_view line, const rules& r, variant& v,
                                       grid& givens, std::optional<shape> expected = std::nullopt,
                                       sdm_fields* fields = nullptr);

/// The variant rules `r` make on a board of shape `s`, read as a line of blanks
/// in the format of `r` would be (so with the same checks and messages): a
/// jigsaw's regions from r.layout, else from `regions`. The line's error when
/// they make none (a layout that is not n regions of n cells, say).
std::optional<text_error> make_variant(const rules& r, const shape& s, variant& out,
                                       std::string_view regions = {});

/// Parses a grid of `v`'s board (a solution, say): n*n cells for one grid;
/// for samurai 441 characters with '-' outside the grids.
std::optional<text_error> parse_board(std::string_view line, const variant& v, grid& out,
                                      sdm_fields* fields = nullptr);

/// Appends `g` in the shape of its input: SDM for one grid (81 digits for
/// jigsaw and killer too), 441 characters with '-' for samurai.
void append_board(const variant& v, const grid& g, std::string& out);

/// Appends a puzzle in its line format: the givens, then what the format
/// carries besides: a jigsaw's region ids (1-9 by region), a killer's cages
/// (SudoCue's 3x3::k: form, then the givens if any), samurai's '-'.
void append_puzzle(const variant& v, const grid& givens, std::string& out);

/// The formats a puzzle is written in by `sudoku convert` and Python's
/// convert: ISS's constraint string (iss.hpp), an f-puzzles link or its JSON
/// (fpuzzles.hpp), or the variant's own line (append_puzzle).
enum class text_format { iss, fpuzzles, fpuzzles_json, line };

/// "iss", "fpuzzles", "fpuzzles-json", "line".
[[nodiscard]] std::string_view to_string(text_format f) noexcept;
/// The format of that name, or nothing.
[[nodiscard]] std::optional<text_format> text_format_from(std::string_view name) noexcept;

/// Appends the puzzle in format `f`; false, appending nothing, when the format
/// cannot state it (a sum line in f-puzzles, samurai in ISS), with why in `why`.
bool append_puzzle_as(text_format f, const variant& v, const grid& givens, std::string& out,
                      std::string& why);

/// Applies one edit of a puzzle's givens, "r3c4=7": the cell by its name
/// (variant::cell_named), the value as its puzzles write it (a decimal number,
/// or a letter from A for 10 on a board of more than 9 digits), '.' to clear
/// the cell; what `sudoku convert --set` and the page's cell editing do. The
/// reason, naming the edit, when it does not fit the board (no such cell, a
/// value out of range); `givens` unchanged then.
///
///   if (auto why = sudoku::set_given(v, givens, "r1c1=5")) { ... *why ... }
std::optional<std::string> set_given(const variant& v, grid& givens, std::string_view edit);

/// Appends `g` for people: digits separated by blanks, '|' and rules between
/// boxes (none for jigsaw regions), blanks outside the grids.
void append_board_pretty(const variant& v, const grid& g, std::string& out);

}  // namespace sudoku
