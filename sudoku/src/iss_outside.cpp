// ISS's clues outside the grid (iss_reader.hpp): little killers along a
// diagonal, and sandwiches, X-sums, skyscrapers, hidden skyscrapers and
// numbered rooms along a row or column.
#include "iss_reader.hpp"

#include <algorithm>

namespace sudoku::detail::iss_read {

// Sandwich~sum~R1, LittleKiller~sum~R1C2, and a clue at either end of a
// row or column: XSum~R1~from-left~from-right (Skyscraper, HiddenSkyscraper
// and NumberedRoom alike).
std::optional<text_error> reader::read_outside(const item& it, clue_kind kind) {
  const bool either_end = kind != clue_kind::sandwich && kind != clue_kind::little_killer;
  const std::size_t id_arg = either_end ? 0 : 1;
  if (it.args.size() <= id_arg) {
    return error_at(it.type.column, fmt::format("{} needs its row, column or cell", it.type.text));
  }
  const field& id = it.args[id_arg];
  if (kind == clue_kind::little_killer) {
    int sum = 0;
    if (auto e = number(it, 0, sum, "sum")) return e;
    std::optional<text_error> e;
    const auto start = cell(id, e);
    if (!start) return e;
    // ISS's diagonals: from the left edge down-right, the right edge up-left,
    // the top edge down-left, the bottom edge up-right.
    const int r0 = static_cast<int>(*start) / cols_, c0 = static_cast<int>(*start) % cols_;
    int dr = 0, dc = 0;
    if (c0 == 0 && r0 < rows_ - 1) {
      dr = 1, dc = 1;
    } else if (c0 == cols_ - 1 && r0 >= 1 && r0 < rows_ - 1) {
      dr = -1, dc = -1;
    } else if (r0 == 0 && c0 >= 1) {
      dr = 1, dc = -1;
    } else if (r0 == rows_ - 1 && c0 >= 1 && c0 < cols_ - 1) {
      dr = -1, dc = 1;
    } else {
      return error_at(id.column, fmt::format("no little killer diagonal starts at {}", id.text));
    }
    clue c{kind, {}, {sum}, false};
    for (int r = r0, col = c0; r >= 0 && col >= 0 && r < rows_ && col < cols_; r += dr, col += dc)
      c.cells.push_back(static_cast<std::uint32_t>(r * cols_ + col));
    add_clue(std::move(c));
    return std::nullopt;
  }
  // A row or column, R3 or C3 (decimal).
  const bool is_row = !id.text.empty() && (id.text[0] == 'R' || id.text[0] == 'r');
  const bool is_col = !id.text.empty() && (id.text[0] == 'C' || id.text[0] == 'c');
  const auto k = is_row || is_col ? parse_int(id.text.substr(1)) : std::nullopt;
  if (!k || *k < 1 || *k > (is_row ? rows_ : cols_)) {
    return error_at(id.column,
                    fmt::format("'{}' is not a row or column such as R1 or C3", id.text));
  }
  if (kind == clue_kind::full_rank && (rows_ != cols_ || n_ != rows_)) {
    return error_at(it.type.column,
                    fmt::format("FullRank needs a square board of as many values as its side, "
                                "not {}x{} with {}",
                                rows_, cols_, n_));
  }
  std::vector<std::uint32_t> line;
  for (int i = 0; i < (is_row ? cols_ : rows_); ++i) {
    line.push_back(
        static_cast<std::uint32_t>(is_row ? (*k - 1) * cols_ + i : i * cols_ + (*k - 1)));
  }
  if (kind == clue_kind::sandwich) {
    int sum = 0;
    if (auto e = number(it, 0, sum, "sum")) return e;
    add_clue({kind, line, {sum}, false});
    return std::nullopt;
  }
  // A clue read from the start of the line, then one from its end.
  if (it.args.size() > 3) {
    return error_at(it.args[3].column,
                    fmt::format("{} takes a row or column and two clues at most", it.type.text));
  }
  for (std::size_t side = 1; side <= 2 && side < it.args.size(); ++side) {
    if (it.args[side].text.empty()) continue;
    int sum = 0;
    if (kind == clue_kind::x_sum) {
      if (auto e = number(it, side, sum, "sum")) return e;
    } else if (kind == clue_kind::full_rank) {
      // A rank among the 4n lines read both ways.
      if (auto e = number(it, side, sum, "rank")) return e;
      if (sum < 1 || sum > 4 * n_) {
        return error_at(it.args[side].column, fmt::format("FullRank's rank must be 1-{}", 4 * n_));
      }
    } else {
      // A count of skyscrapers, or a value.
      if (auto e = number(it, side, sum, "clue")) return e;
      const int low = kind == clue_kind::skyscraper ? 1 : lo_;
      if (sum < low || sum > low + n_ - 1) {
        return error_at(it.args[side].column,
                        fmt::format("{}'s clue must be {}-{}", it.type.text, low, low + n_ - 1));
      }
    }
    std::vector<std::uint32_t> cells = line;
    if (side == 2) std::reverse(cells.begin(), cells.end());
    add_clue({kind, std::move(cells), {sum}, false});
  }
  return std::nullopt;
}

// FullRankTies~none, ~only-unclued or ~any: how FullRank's lines may tie.
std::optional<text_error> reader::read_full_rank_ties(const item& it) {
  if (it.args.size() != 1) {
    return error_at(it.type.column, "FullRankTies takes one of none, only-unclued, any");
  }
  if (rows_ != cols_ || n_ != rows_) {  // as FullRank, whose lines it compares
    return error_at(it.type.column,
                    fmt::format("FullRankTies needs a square board of as many values as its "
                                "side, not {}x{} with {}",
                                rows_, cols_, n_));
  }
  const auto& names = detail::full_rank_tie_names;
  const auto at = std::find(std::begin(names), std::end(names), it.args[0].text);
  if (at == names.end()) {
    return error_at(it.args[0].column,
                    fmt::format("'{}' is not a FullRankTies option (none, only-unclued, any)",
                                it.args[0].text));
  }
  const int mode = static_cast<int>(at - names.begin());
  for (const clue& c : v_.clues()) {
    if (c.kind != clue_kind::full_rank_ties) continue;
    if (c.values.at(0) == mode) return std::nullopt;  // the same again
    return error_at(it.type.column, "FullRankTies is given twice, with two options");
  }
  add_clue({clue_kind::full_rank_ties, {}, {mode}, false});
  return std::nullopt;
}

}  // namespace sudoku::detail::iss_read
