// The reader of ISS's constraint strings (iss.hpp) as one class, its parts
// in files of their own: iss.cpp (the board, givens, lines, sums and
// board-wide rules), iss_outside.cpp (clues outside the grid) and
// iss_sets.cpp (sets of cells and the lines read with them). Internal.
#pragma once

#include "iss_detail.hpp"
#include "sudoku/iss.hpp"
#include "sudoku/model.hpp"
#include "text_detail.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::detail::iss_read {

// One '~'-separated field of an item, with its 1-based column in the line.
struct field {
  std::string_view text;
  std::size_t column = 1;
};

struct item {
  field type;
  std::vector<field> args;
};

inline text_error error_at(std::size_t column, std::string message) {
  return text_error{column, std::move(message)};
}

inline std::optional<int> parse_int(std::string_view s) {
  int value = 0;
  if (s.empty()) return std::nullopt;
  const char* first = s.data();
  if (*first == '+') ++first;
  auto [end, ec] = std::from_chars(first, s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return value;
}

class reader {
 public:
  reader(std::string_view line, variant& v, grid& givens) : line_(line), v_(v), givens_(givens) {}

  std::optional<text_error> run(sdm_fields* fields) {
    line_ = detail::strip_cr(line_);
    const auto [start, end] = detail::grid_field(line_);
    if (fields) *fields = {start, detail::trimmed_rest(line_, end)};
    const std::string_view text = line_.substr(start, end - start);
    // ISS tries its grid formats first, then a constraint string.
    bool grid_found = false;
    auto grid_error = run_grid(text, start, fields, grid_found);
    if (grid_found) return grid_error;
    if (text.empty() || text.front() != '.') {
      return error_at(start + 1,
                      "neither an ISS constraint string (which starts with '.') nor one of "
                      "ISS's grid formats (a grid, a killer or jigsaw layout, pencil marks)");
    }
    if (auto e = split(text, start)) return e;
    if (auto e = read_shape()) return e;
    if (auto e = read_variables()) return e;
    for (std::size_t i = 0; i < items_.size(); ++i) {
      if (items_[i].type.text == "Replicate") {
        if (auto e = read_replicate(i)) return e;  // and i at its End
        continue;
      }
      if (items_[i].type.text == "Or" || items_[i].type.text == "And") {
        if (auto e = read_composite(i, nullptr)) return e;  // and i at its End
        continue;
      }
      if (items_[i].type.text == "End")
        return error_at(items_[i].type.column, "End closes no Replicate, Or or And");
      if (auto e = read(items_[i])) return e;
    }
    if (auto e = finish()) return e;
    return std::nullopt;
  }

 private:
  std::optional<text_error> split(std::string_view text, std::size_t offset) {
    std::size_t i = 1;  // after the leading '.'
    while (true) {
      const std::size_t stop = std::min(text.find('.', i), text.size());
      item it;
      std::size_t f = i;
      bool first = true;
      while (true) {
        const std::size_t tilde = std::min(text.find('~', f), stop);
        const field fd{text.substr(f, tilde - f), offset + f + 1};
        if (first) {
          it.type = fd;
          first = false;
        } else {
          it.args.push_back(fd);
        }
        if (tilde >= stop) break;
        f = tilde + 1;
      }
      items_.push_back(std::move(it));
      if (stop >= text.size()) break;
      i = stop + 1;
    }
    return std::nullopt;
  }

  std::optional<text_error> read_shape() {
    int size = 9, values = 0, region_size = 0;
    bool seen = false, sized = false;
    for (const item& it : items_) {
      if (it.type.text == "RegionSize") {
        if (sized) return error_at(it.type.column, "RegionSize is given twice");
        sized = true;
        if (it.args.size() != 1) return error_at(it.type.column, "RegionSize takes a cell count");
        const auto k = parse_int(it.args[0].text);
        if (!k || *k < 1 || *k > 16) {
          return error_at(it.args[0].column,
                          fmt::format("'{}' is not a region size 1-16", it.args[0].text));
        }
        region_size = *k;
        continue;
      }
      if (it.type.text != "Shape") continue;
      if (seen) return error_at(it.type.column, "Shape is given twice");
      seen = true;
      if (it.args.empty() || it.args.size() > 3) {
        return error_at(it.type.column, "Shape takes the board's size, as in Shape~6x6");
      }
      const field& dims = it.args[0];
      const auto x = dims.text.find('x');
      // (0 where a number is missing: GCC 12 thought an optional's value
      // might be read unset after the test.)
      const int rows = parse_int(dims.text.substr(0, x)).value_or(0);
      const int columns =
          x == std::string_view::npos ? 0 : parse_int(dims.text.substr(x + 1)).value_or(0);
      if (rows < 1 || columns < 1 || rows > 16 || columns > 16) {
        return error_at(dims.column, fmt::format("'{}' is not a size such as 9x9 or 6x8 (at most "
                                                 "16x16)",
                                                 dims.text));
      }
      rows_ = rows, cols_ = columns;
      size = std::max(rows_, cols_);
      if (it.args.size() > 2) {
        // The grid type: Sudoku's (rows, columns and boxes), or Raw (none).
        if (it.args[2].text == "Raw") {
          raw_ = true;
        } else if (it.args[2].text != "Sudoku") {
          return error_at(it.args[2].column,
                          fmt::format("'{}' is not a grid type (Sudoku or Raw)", it.args[2].text));
        }
      }
      if (it.args.size() > 1 && !it.args[1].text.empty()) {
        // Values 1-V, V (as many as the longer side or more, any on a Raw
        // grid, up to 16), or 0 to V-1.
        const field& range = it.args[1];
        const auto dash = range.text.find('-');
        const auto first = parse_int(range.text.substr(0, dash));
        const auto last =
            dash == std::string_view::npos ? first : parse_int(range.text.substr(dash + 1));
        const int from = dash == std::string_view::npos ? 1 : first.value_or(-1);
        const int least = raw_ ? 1 : size;
        if (!first || !last || (from != 0 && from != 1) || *last - from + 1 < least ||
            *last - from + 1 > 16) {
          return error_at(range.column,
                          fmt::format("the value range {} is not supported (1-V or 0-(V-1), with "
                                      "V from {} to 16)",
                                      range.text, least));
        }
        lo_ = from;
        values = *last - from + 1;
      }
      // A square Sudoku board of as many values as its side: ISS's sizes
      // (a range that says so, or an empty one, as much as none: the
      // fuzzer's .Shape~3x3~).
      if (!raw_ && rows_ == cols_ && (values == 0 || values == size)) {
        if (auto e = supported_size(size, dims.column)) return e;
      }
    }
    if (raw_) {
      if (region_size != 0) return error_at(1, "RegionSize needs a Sudoku grid, not Raw");
      n_ = values == 0 ? size : values;
      v_ = variant::raw_board(rows_, cols_, n_);
      start_board();
      return std::nullopt;
    }
    if (region_size != 0 && (region_size > std::max(values, size) || region_size < 2)) {
      return error_at(1, fmt::format("RegionSize~{}: a region holds 2 to {} cells", region_size,
                                     std::max(values, size)));
    }
    // On an n x n board of n values the boxes are the size's own (a board of
    // other regions is not written back yet).
    const bool standard = rows_ == cols_ && (values == 0 || values == size);
    if (region_size != 0 && region_size != size && standard) {
      return error_at(1, fmt::format("RegionSize~{} on a {}x{} board of {} values is not "
                                     "supported (only with more values than the side)",
                                     region_size, size, size, size));
    }
    use_board(rows_, cols_, values == 0 ? size : values, region_size);
    return std::nullopt;
  }

  // A board of ISS's Shape: rows x columns cells, `values` values, boxes of
  // `region_size` cells (0: the longer side) as ISS lays them out.
  void use_board(int rows, int columns, int values, int region_size) {
    const int side = std::max(rows, columns);
    if (rows == columns && values == side && (region_size == 0 || region_size == side) &&
        detail::supported_iss_size(side)) {
      use_size(side);
      return;
    }
    v_ = variant::board(rows, columns, values);
    region_size_ = region_size == 0 ? side : region_size;
    if (const auto boxes = detail::iss_box_dims(rows, columns, region_size_))
      v_.add_boxes(boxes->first, boxes->second);
    n_ = values;
    rows_ = rows, cols_ = columns;
    start_board();
  }

  static std::optional<text_error> supported_size(int size, std::size_t column) {
    if (!detail::supported_iss_size(size)) {
      return error_at(column,
                      fmt::format("{}x{}: boards from 4x4 to 16x16 are supported", size, size));
    }
    return std::nullopt;
  }

  void use_size(int size) {
    v_ = variant(*detail::iss_shape(size));
    if (detail::boxless(v_.shape())) v_.remove_boxes();
    n_ = size;
    rows_ = cols_ = region_size_ = size;
    start_board();
  }

  // The board just made: its values' first, no givens, every digit a candidate.
  void start_board() {
    if (lo_ != 1) v_.set_first_value(lo_);
    givens_ = v_.empty_grid();
    masks_.assign(v_.positions(), v_.all_digits());
  }

  // A text that is not a constraint string: one of ISS's grid formats, the
  // first word alone (the rest is an annotation) or, when that is none, the
  // whole line as values and dots with blanks between them.
  std::optional<text_error> run_grid(std::string_view text, std::size_t start, sdm_fields* fields,
                                     bool& found) {
    detail::iss_grid g;
    std::optional<text_error> e;
    const std::string_view whole = detail::trimmed_rest(line_, start);
    found = detail::read_iss_grid(text, start + 1, g, e);
    if (!found && whole.size() > text.size() && detail::grid_layout(whole, start + 1, g, e)) {
      found = true;
      if (fields) fields->annotation = {};
    }
    if (!found || e) return e;
    if (auto bad = supported_size(g.size, start + 1)) return bad;
    use_size(g.size);
    masks_ = std::move(g.masks);
    if (g.diagonals) v_.add_diagonals();
    if (!g.layout.empty()) {
      no_boxes_ = true;
      if (auto bad = read_layout({g.layout, g.layout_column})) return bad;
    }
    for (auto& c : g.cages) {
      if (auto bad = add_cage(std::move(c.cells), c.sum, c.column, c.column)) return bad;
    }
    return finish();
  }

  // A cell id: R<row>C<column>, one base-17 character each.
  std::optional<std::uint32_t> cell(const field& f, std::optional<text_error>& e) const {
    const std::string_view t = f.text;
    auto index = [](char c) -> int {
      if (c >= '1' && c <= '9') return c - '1';
      if (c >= 'a' && c <= 'g') return c - 'a' + 9;
      if (c >= 'A' && c <= 'G') return c - 'A' + 9;
      return -1;
    };
    if (t.size() == 4 && (t[0] == 'R' || t[0] == 'r') && (t[2] == 'C' || t[2] == 'c')) {
      const int r = index(t[1]), c = index(t[3]);
      if (r >= 0 && c >= 0 && r < rows_ && c < cols_)
        return static_cast<std::uint32_t>(r * cols_ + c);
      e = error_at(f.column, fmt::format("{} is outside the {}x{} board", t, rows_, cols_));
      return std::nullopt;
    }
    // A variable's: Var's (VA1) or a rule's (Doppelganger's DGR3).
    if (const auto p = variable(t)) return p;
    if (t.size() >= 2 && t[0] == 'V') {
      e = error_at(f.column, fmt::format("{} is no variable's cell (Var declares them)", t));
      return std::nullopt;
    }
    e = error_at(f.column, fmt::format("'{}' is not a cell such as R1C1", t));
    return std::nullopt;
  }
  // A variable's cell id (VA1, or VA for a group of one): its position.
  [[nodiscard]] std::optional<std::uint32_t> variable(std::string_view id) const;

  std::optional<text_error> cells(const item& it, std::size_t from, std::vector<std::uint32_t>& out,
                                  bool distinct = true) const {
    std::optional<text_error> e;
    for (std::size_t k = from; k < it.args.size(); ++k) {
      const auto c = cell(it.args[k], e);
      if (!c) return e;
      if (distinct && std::find(out.begin(), out.end(), *c) != out.end()) {
        return error_at(it.args[k].column,
                        fmt::format("{} appears twice in {}", it.args[k].text, it.type.text));
      }
      out.push_back(*c);
    }
    if (out.empty()) return error_at(it.type.column, fmt::format("{} has no cells", it.type.text));
    return std::nullopt;
  }

  // The cells once each, in order, and each one's weight the sum of its
  // copies' (`weights`, one per cell of `cells`, becomes one per distinct cell).
  static void merge_repeats(const std::vector<std::uint32_t>& cells,
                            std::vector<std::uint32_t>& distinct, std::vector<int>& weights) {
    std::vector<int> merged;
    distinct.clear();
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const auto at = std::find(distinct.begin(), distinct.end(), cells[i]);
      if (at == distinct.end()) {
        distinct.push_back(cells[i]);
        merged.push_back(weights[i]);
      } else {
        merged[static_cast<std::size_t>(at - distinct.begin())] += weights[i];
      }
    }
    weights = std::move(merged);
  }

  std::optional<text_error> number(const item& it, std::size_t k, int& out,
                                   std::string_view what) const {
    if (k >= it.args.size()) {
      return error_at(it.type.column, fmt::format("{} needs its {}", it.type.text, what));
    }
    const auto value = parse_int(it.args[k].text);
    if (!value || std::abs(*value) > 100000) {
      return error_at(it.args[k].column, fmt::format("'{}' is not a number ({} of {})",
                                                     it.args[k].text, what, it.type.text));
    }
    out = *value;
    return std::nullopt;
  }

  // The digit (1..n) of a value written in the string, or nothing when it is
  // not one of the board's values.
  [[nodiscard]] std::optional<int> digit_of_value(std::string_view text) const {
    const auto value = parse_int(text);
    if (!value || *value < lo_ || *value > lo_ + n_ - 1 || text.empty() || text.front() == '+')
      return std::nullopt;
    return *value - lo_ + 1;
  }
  // "'x' is not a digit 1-9", or "a value 0-8".
  [[nodiscard]] std::string not_a_value(std::string_view text) const {
    return lo_ == 1 ? fmt::format("'{}' is not a digit 1-{}", text, n_)
                    : fmt::format("'{}' is not a value {}-{}", text, lo_, lo_ + n_ - 1);
  }

  std::optional<text_error> read(const item& it);
  std::optional<text_error> read_variables();
  std::optional<text_error> doppelganger_cells(const item& it);
  // ChaosConstruction's region cells CC (iss_chaos.cpp), and its clues.
  std::optional<text_error> chaos_cells(const item& it);
  std::optional<text_error> read_chaos(const item& it, clue_kind kind);
  // ConnectedValues~GROUP~VALUES~SIZE and SearchPriority~PRIORITY~CELLS
  // (iss_chaos.cpp: regions and parts).
  std::optional<text_error> read_connected_values(const item& it);
  std::optional<text_error> read_search_priority(const item& it);
  void doppelganger_units();
  std::optional<text_error> read_layout(const field& layout);
  std::optional<text_error> add_cage(std::vector<std::uint32_t> cells, int sum, std::size_t column,
                                     std::size_t sum_column);
  std::optional<text_error> read_given(const item& it);
  std::optional<text_error> read_outside(const item& it, clue_kind kind);
  // FullRankTies~none (only-unclued, any), once.
  std::optional<text_error> read_full_rank_ties(const item& it);
  std::optional<text_error> read_set(const item& it, clue_kind kind);
  std::optional<text_error> read_segments(const item& it);
  std::optional<text_error> read_look_and_say(const item& it);
  std::optional<text_error> read_nfa(const item& it);
  std::optional<text_error> read_regex(const item& it);
  std::optional<text_error> read_replicate(std::size_t& at);
  std::optional<text_error> read_composite(std::size_t& at, std::vector<clue>* into,
                                           bool as_items = false);
  std::optional<text_error> read_part(const item& it, std::vector<clue>& parts);
  // A clue read: the board's, or the composite's being read (parts_).
  void add_clue(clue c) {
    if (parts_ != nullptr) {
      parts_->push_back(std::move(c));
      return;
    }
    // As ISS's parser merges its items: a later clue at the same arrow
    // outside the grid (a line and its end, a diagonal) or the same quad
    // replaces the earlier.
    if (is_outside(c.kind) || c.kind == clue_kind::quad) {
      const auto clues = v_.clues();
      for (std::size_t i = 0; i < clues.size(); ++i) {
        const bool same = clues[i].kind == c.kind &&
                          (c.kind == clue_kind::quad ? clues[i].cells.front() == c.cells.front()
                                                     : clues[i].cells == c.cells);
        if (same) return v_.replace_clue(i, std::move(c));
      }
    }
    v_.add_clue(std::move(c));
  }
  std::optional<text_error> shifted(const item& it, int rows, int columns, item& out);
  std::optional<text_error> read_pairs(const item& it, clue_kind kind, bool legacy);
  std::optional<text_error> finish();

  std::string_view line_;
  variant& v_;
  grid& givens_;
  std::vector<item> items_;
  int n_ = 9;  // digits (values)
  int rows_ = 9, cols_ = 9;
  int region_size_ = 9;  // a box's or Jigsaw piece's cells (RegionSize)
  int lo_ = 1;           // the smallest value: 1, or 0 (Shape~9x9~0-8)
  std::vector<std::uint64_t> masks_;
  std::vector<std::vector<std::uint32_t>> regions_;
  bool no_boxes_ = false;
  std::set<std::string> seen_;          // the board-wide rules already read
  std::deque<std::string> made_;        // the texts of items a Replicate makes
  bool raw_ = false;                    // ISS's grid type Raw: no rows, columns or boxes
  bool doppelganger_ = false;           // ISS's Doppelganger (iss_variables.cpp)
  bool chaos_ = false;                  // ISS's ChaosConstruction (iss_chaos.cpp)
  std::vector<clue>* parts_ = nullptr;  // where clues go inside an Or or And
  // How deep the Or or And being read lies in others; reading, drawing and
  // lowering a composite recurse.
  static constexpr int max_depth = 16;
  int depth_ = 0;
};

}  // namespace sudoku::detail::iss_read
