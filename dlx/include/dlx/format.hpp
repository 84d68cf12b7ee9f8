// Knuth's text formats for DLX1, DLX2 and DLX3, read strictly and written back.
// One reader takes all three: a file is DLX2 when it uses colors, DLX3 when it
// uses bounds, and may use both.
//
//   | a comment: any line whose first non-blank character is '|'
//   a b c | x y          <- the item line: primary items, then '|', then secondary
//   a c x                <- each further line is an option: the items it covers
//   b
//
//   a 2|b 0:3|c | x y    <- DLX3: b is covered exactly twice, c from 0 to 3 times
//   a b x:red y          <- DLX2: x gets the color "red" (Knuth: one character)
//   a c |7               <- DLX5: the option costs 7 ("|n" entries add up)
//
//   a b 10..12|s         <- weighted items (ours, not Knuth's): s's total lies in
//   a s:7                   [10, 12]; this option adds 7 to it (problem.hpp)
//
// Names are runs of printable characters other than '|' and ':' (as in DLX1, minus
// its 8-character limit); so are color names (Knuth allows one character; we allow
// any such name). Blank lines are skipped. An option without a primary item is
// skipped with a warning, as DLX1 does. Everything else that is wrong is a
// parse_error naming the line and column: unknown or repeated items, a color on a
// primary item, bounds on a secondary item, malformed bounds, lower > upper,
// upper = 0, a secondary item given two colors in one option, a weighted item
// without a weight or named twice in one option, a weight or bound that is not
// an integer or is beyond problem::max_weight.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/line_reader.hpp"
#include "dlx/problem.hpp"

namespace dlx {

/// A problem in some input, located: `what()` reads "file:line:col: message".
class parse_error : public std::runtime_error {
 public:
  parse_error(std::string file, std::size_t line, std::size_t column, std::string message);
  [[nodiscard]] const std::string& file() const noexcept { return file_; }
  [[nodiscard]] std::size_t line() const noexcept { return line_; }
  [[nodiscard]] std::size_t column() const noexcept { return column_; }
  [[nodiscard]] const std::string& message() const noexcept { return message_; }

 private:
  std::string file_;
  std::size_t line_;
  std::size_t column_;
  std::string message_;
};

/// A located warning; `to_string()` reads like a parse_error.
struct diagnostic {
  std::string file;
  std::size_t line = 0;
  std::size_t column = 0;
  std::string message;
  [[nodiscard]] std::string to_string() const;
};

/// Caps that keep memory bounded on hostile input.
struct read_limits {
  std::size_t max_line_length = line_reader::default_max_line;
  std::size_t max_items = std::size_t{1} << 24;
  std::size_t max_entries = std::size_t{1} << 28;
};

/// A problem read from text, with where each option came from.
struct dlx_file {
  dlx::problem problem;
  std::vector<std::size_t> option_lines;  ///< input line of each option
  std::vector<diagnostic> warnings;
};

/// Reads a problem in DLX1, DLX2 or DLX3 format. Throws parse_error on malformed input or a
/// read error; `source` names the input in messages.
///
///   std::ifstream in("queens-8.dlx");
///   dlx::dlx_file file = dlx::read_dlx(in, "queens-8.dlx");
dlx_file read_dlx(std::istream& in, std::string_view source = "<stdin>",
                  const read_limits& limits = {});

/// Writes a problem in Knuth's format (DLX1, with DLX2's colors and DLX3's bounds
/// where it has them, and weighted items last on the item line). Unnamed items
/// get names `#k` (k is the item id), and unnamed weighted items `#wk`, made
/// unique if a named item already uses one.
void write_dlx(std::ostream& out, const problem& p);

/// The entries of one option as Knuth prints them: item names, with ":color"
/// where an entry has a color, space-separated, in the order given; then its
/// weights as " name:w"; then " |n" when the option has a cost (DLX5).
std::string format_option(const problem& p, option_id option);

}  // namespace dlx
