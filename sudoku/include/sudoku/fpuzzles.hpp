// Puzzles as f-puzzles and SudokuPad share them: the links most of the
// community's variant puzzles travel in, one puzzle per line.
//
//   https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT...
//   https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA5gJwgEwQbT...
//   N4IgzglgXgpiBcBOANCA5gJwgEwQbT...            (the data alone)
//   {"size":9,"grid":[[{"value":5,"given":true},{},...]],"thermometer":[...]}
//
// The data is f-puzzles' JSON, compressed with lz-string's base64 form. Its
// board (`size`, 4 to 16; `grid` with each cell's given `value`, `region` for
// irregular regions, `givenPencilMarks`) and its rules are read as the clues of
// clue.hpp mean them: `killercage`, `arrow` (pills too), `thermometer`,
// `slowthermometer`, `littlekillersum`, `sandwichsum`, `xsum`, `skyscraper`,
// `difference` and `ratio` (white and black dots, with any value), `xv`,
// `palindrome`, `renban`, `whispers`, `betweenline`, `regionsumline`,
// `entropicline`, `modularline`, `nabner`, `doublearrow`, `zipperline`,
// `clone`, `quadruple`, `minimum`, `maximum`, `odd`, `even`, `extraregion`,
// `rowindexer`, `columnindexer`, `diagonal+` and `diagonal-`, `antiknight`,
// `antiking`, `disjointgroups`, `nonconsecutive`, and the negative constraints
// (`negative`: "ratio", "xv": every dot, X and V is given). The cosmetic shapes
// (`line`, `circle`, `rectangle`, `cage`, `text`) carry no rule and are not
// read, as f-puzzles' own solver does not read them; any other rule is refused
// by name, never dropped. docs/fpuzzles-format.md has each key.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sudoku/grid.hpp"
#include "sudoku/text.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// What an f-puzzles puzzle carries besides its rules.
struct fpuzzles_info {
  std::string title;
  std::string author;
  std::string rules;             ///< the setter's wording (`ruleset`)
  std::optional<grid> solution;  ///< the setter's solution, when the data holds a whole one
};

/// True when `line` holds an f-puzzles or SudokuPad link, f-puzzles' data
/// alone (lz-string base64 starting "N4Ig") or its JSON (starting '{'): what
/// the commands read without --input-format=fpuzzles.
[[nodiscard]] bool is_fpuzzles(std::string_view line) noexcept;

/// Parses one puzzle (a link, the data alone or its JSON) into its variant and
/// givens. Errors name the column of the data in the line and, inside the
/// data, the key and entry at fault ("killercage 3: ..."). Text after a link
/// or the data, separated by a blank, is an annotation (`fields`).
///
///   sudoku::variant v;
///   sudoku::grid givens;
///   if (auto e = sudoku::parse_fpuzzles(link, v, givens)) { ... e->message ... }
std::optional<text_error> parse_fpuzzles(std::string_view line, variant& v, grid& givens,
                                         sdm_fields* fields = nullptr,
                                         fpuzzles_info* info = nullptr);

/// Appends the puzzle as f-puzzles' JSON. A rule f-puzzles cannot state (a sum
/// line, samurai's board) makes it append nothing and return false, with the
/// reason in `why` when given.
bool append_fpuzzles_json(const variant& v, const grid& givens, std::string& out,
                          std::string* why = nullptr);

/// Appends the puzzle as an f-puzzles link (https://www.f-puzzles.com/?load=
/// and the JSON compressed as f-puzzles does); false as append_fpuzzles_json.
bool append_fpuzzles_link(const variant& v, const grid& givens, std::string& out,
                          std::string* why = nullptr);

}  // namespace sudoku
