// f-puzzles' JSON into a variant (fpuzzles.hpp): where the data sits in a
// line (a link, the data alone, the JSON), and each key as the clue of
// clue.hpp it means. f-puzzles' rules that have no clue of their own here
// are stated with the generic ones: a dot of another difference or ratio, a
// clone, a nabner line and the negative constraints as tables of the digit
// pairs they allow (clue_kind::pair, pair_x), a minimum or maximum as a
// greater-than clue over the cell and its neighbours.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <cctype>
#include <set>
#include <stdexcept>
#include <utility>

#include "fpuzzles_detail.hpp"
#include "fpuzzles_json.hpp"
#include "iss_detail.hpp"
#include "sudoku/fpuzzles.hpp"
#include "sudoku/model.hpp"
#include "text_detail.hpp"

namespace sudoku {

namespace detail::fpuzzles_read {

namespace {

// The keys that carry no rule: the setter's notes and f-puzzles' cosmetic
// shapes (a line or circle drawn for looks; f-puzzles' solver ignores them).
bool ignored_key(std::string_view key) {
  // clang-format off
  static constexpr std::string_view keys[] = {
      "title", "author", "ruleset", "solution", "highlightConflicts", "disabledlogic",
      "truecandidatesoptions", "line", "circle", "rectangle", "cage", "text", "version",
      "lockedCells", "fogofwar", "metadata", "successMessage"};
  // clang-format on
  return std::find(std::begin(keys), std::end(keys), key) != std::end(keys);
}

class translator {
 public:
  translator(const json& data, variant& v, grid& givens, fpuzzles_info* info)
      : data_(data), v_(v), givens_(givens), info_(info) {}

  void run() {
    if (!data_.is_object()) fail("the data is not a JSON object");
    read_board();
    for (const auto& [key, value] : data_.items())
      read_key(key, value);
    read_negative();
    finish();
  }

 private:
  // A cell "R3C4", 1-based, possibly outside the board by one (an outside
  // clue's): its 0-based row and column.
  std::pair<int, int> place(const json& value, const std::string& where) const {
    if (!value.is_string())
      fail(fmt::format("{}: expected a cell such as \"R1C1\", found {}", where, shorten(value)));
    const std::string& s = value.get_ref<const std::string&>();
    int r = 0, c = 0;
    std::size_t i = 0;
    auto number = [&](int& out) {
      const std::size_t from = i;
      while (i < s.size() && s[i] >= '0' && s[i] <= '9' && i - from < 3)
        out = out * 10 + (s[i++] - '0');
      return i > from;
    };
    bool ok = i < s.size() && (s[i] == 'R' || s[i] == 'r');
    ++i;
    ok = ok && number(r) && i < s.size() && (s[i] == 'C' || s[i] == 'c');
    ++i;
    ok = ok && number(c) && i == s.size();
    if (!ok) fail(fmt::format("{}: '{}' is not a cell such as R1C1", where, s));
    if (r > n_ + 1 || c > n_ + 1)
      fail(fmt::format("{}: {} is outside the {}x{} board", where, s, n_, n_));
    return {r - 1, c - 1};
  }

  std::uint32_t cell(const json& value, const std::string& where) const {
    const auto [r, c] = place(value, where);
    if (r < 0 || c < 0 || r >= n_ || c >= n_) {
      fail(fmt::format("{}: {} is outside the {}x{} board", where,
                       value.get_ref<const std::string&>(), n_, n_));
    }
    return static_cast<std::uint32_t>(r * n_ + c);
  }

  // A list of different cells (at least `least`).
  std::vector<std::uint32_t> cell_list(const json& value, const std::string& where,
                                       std::size_t least = 1, bool distinct = true) const {
    std::vector<std::uint32_t> out;
    for (const json& c : array(value, where)) {
      const std::uint32_t p = cell(c, where);
      if (distinct && std::find(out.begin(), out.end(), p) != out.end())
        fail(fmt::format("{}: {} appears twice", where, c.get_ref<const std::string&>()));
      out.push_back(p);
    }
    if (out.size() < least)
      fail(fmt::format("{}: {} cells, fewer than {}", where, out.size(), least));
    return out;
  }

  [[nodiscard]] bool orthogonal(std::uint32_t a, std::uint32_t b) const {
    return fpuzzles_read::orthogonal(a, b, n_);
  }

  template <class Allowed>
  [[nodiscard]] std::vector<int> table(Allowed allowed) const {
    return pair_table(n_, allowed);
  }

  void add_pair(std::uint32_t a, std::uint32_t b, std::vector<int> values) {
    v_.add_clue({clue_kind::pair, {a, b}, std::move(values), false});
  }

  // --- the board ----------------------------------------------------------

  void read_board() {
    const auto size = integer(member(data_, "size", "the data"), "size");
    if (!size || !detail::supported_iss_size(*size)) {
      fail(fmt::format("size {}: boards from 4x4 to 16x16 are supported",
                       size ? fmt::format("{}", *size) : std::string("(none)")));
    }
    n_ = *size;
    const shape s = *detail::iss_shape(n_);
    v_ = variant(s);
    givens_ = v_.empty_grid();
    masks_.assign(v_.positions(), v_.all_digits());
    // A size without boxes (7x7) has f-puzzles' default regions, its rows,
    // which the cells' own regions override: always a layout of regions.
    const bool boxless = detail::boxless(s);
    const auto it = data_.find("grid");
    if (it == data_.end()) {
      std::vector<int> rows(v_.positions());
      for (std::size_t p = 0; p < rows.size(); ++p)
        rows[p] = static_cast<int>(p) / n_;
      if (boxless) use_regions(std::move(rows));
      return;
    }
    const json& rows = array(*it, "grid");
    if (rows.size() != static_cast<std::size_t>(n_))
      fail(fmt::format("grid: {} rows for a board of size {}", rows.size(), n_));
    std::vector<int> region(v_.positions());
    bool other_regions = boxless;
    for (int r = 0; r < n_; ++r) {
      const json& row = array(rows[static_cast<std::size_t>(r)], fmt::format("grid row {}", r + 1));
      if (row.size() != static_cast<std::size_t>(n_))
        fail(fmt::format("grid row {}: {} cells for a board of size {}", r + 1, row.size(), n_));
      for (int c = 0; c < n_; ++c) {
        const std::size_t p = static_cast<std::size_t>(r * n_ + c);
        const std::string where = fmt::format("grid r{}c{}", r + 1, c + 1);
        const json& cell = row[static_cast<std::size_t>(c)];
        if (!cell.is_object())
          fail(fmt::format("{}: expected an object, found {}", where, shorten(cell)));
        region[p] = s.box_of(r, c);
        if (const auto g = cell.find("region"); g != cell.end()) {
          const auto id = integer(*g, where + " region");
          if (!id || *id < 0 || *id >= n_)
            fail(fmt::format(
                "{}: the region {} is not one of 0-{} (a cell in no region is not supported)",
                where, g->dump(), n_ - 1));
          other_regions = other_regions || *id != region[p];
          region[p] = *id;
        }
        // A value is a given only when marked so; else it is a solver's entry.
        const auto given = cell.find("given");
        if (given != cell.end() && given->is_boolean() && given->get<bool>()) {
          const auto d = integer(member(cell, "value", where), where + " value");
          if (!d || *d < 1 || *d > n_)
            fail(fmt::format("{}: the given {} is not a digit 1-{}", where,
                             member(cell, "value", where).dump(), n_));
          masks_[p] &= std::uint64_t{1} << *d;
        }
        if (const auto marks = cell.find("givenPencilMarks");
            marks != cell.end() && !marks->is_null()) {
          std::uint64_t mask = 0;
          for (const json& m : array(*marks, where + " givenPencilMarks")) {
            const auto d = integer(m, where + " givenPencilMarks");
            if (!d || *d < 1 || *d > n_)
              fail(fmt::format("{}: the pencil mark {} is not a digit 1-{}", where, m.dump(), n_));
            mask |= std::uint64_t{1} << *d;
          }
          if (mask != 0) masks_[p] &= mask;
        }
      }
    }
    if (other_regions) use_regions(region);
  }

  // The regions `region_of` gives each cell, in place of the boxes: each
  // must have n cells.
  void use_regions(const std::vector<int>& region_of) {
    std::vector<std::vector<std::uint32_t>> regions(static_cast<std::size_t>(n_));
    for (std::size_t p = 0; p < region_of.size(); ++p)
      regions[static_cast<std::size_t>(region_of[p])].push_back(static_cast<std::uint32_t>(p));
    v_.remove_boxes();
    for (std::size_t k = 0; k < regions.size(); ++k) {
      if (regions[k].size() != static_cast<std::size_t>(n_))
        fail(fmt::format("grid: region {} has {} cells, not {}", k, regions[k].size(), n_));
      if (auto e = v_.add_region(std::move(regions[k]))) fail(fmt::format("grid: {}", *e));
    }
  }

  // --- the keys -------------------------------------------------------------

  void read_key(const std::string& key, const json& value) {
    if (key == "size" || key == "grid" || key == "negative") return;
    if (ignored_key(key)) {
      read_info(key, value);
      return;
    }
    if (value.is_boolean()) {
      if (!value.get<bool>()) return;
      if (key == "diagonal+")
        v_.add_diagonal(1);
      else if (key == "diagonal-")
        v_.add_diagonal(0);
      else if (key == "antiknight")
        v_.add_clue({clue_kind::anti_knight, {}, {}, false});
      else if (key == "antiking")
        v_.add_clue({clue_kind::anti_king, {}, {}, false});
      else if (key == "disjointgroups")
        v_.add_disjoint_sets();
      else if (key == "nonconsecutive")
        nonconsecutive_ = true;
      else
        fail(fmt::format("the rule \"{}\" is not supported", key));
      return;
    }
    if (value.is_null()) return;
    if (!value.is_array()) fail(fmt::format("{}: expected a list, found {}", key, shorten(value)));
    for (std::size_t k = 0; k < value.size(); ++k) {
      read_entry(key, value[k], fmt::format("{} {}", key, k + 1));
    }
  }

  void read_info(const std::string& key, const json& value) {
    if (info_ == nullptr) return;
    auto text = [&]() { return value.is_string() ? value.get<std::string>() : std::string(); };
    if (key == "title") info_->title = text();
    if (key == "author") info_->author = text();
    if (key == "ruleset") info_->rules = text();
    if (key != "solution" || !value.is_array() ||
        value.size() != static_cast<std::size_t>(n_ * n_)) {
      return;
    }
    // Digits as numbers or strings; a blank anywhere makes it no solution.
    std::vector<std::uint8_t> digits;
    for (const json& d : value) {
      std::optional<int> x;
      try {
        x = integer(d, "solution");
      } catch (const data_error&) {
        return;
      }
      if (!x || *x < 1 || *x > n_) return;
      digits.push_back(static_cast<std::uint8_t>(*x));
    }
    info_->solution.emplace(v_.shape());
    std::copy(digits.begin(), digits.end(), info_->solution->cells().begin());
  }

  // The lines of an entry ({"lines": [[cells], ...]}), each a clue.
  template <class Each>
  void each_line(const json& entry, const std::string& where, Each each) {
    const json& lines = array(member(entry, "lines", where), where);
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const std::string at = lines.size() == 1 ? where : fmt::format("{} line {}", where, k + 1);
      each(lines[k], at);
    }
  }

  void line_clue(clue_kind kind, const json& entry, const std::string& where, std::size_t least = 2,
                 std::vector<int> values = {}) {
    each_line(entry, where, [&](const json& line, const std::string& at) {
      v_.add_clue({kind, cell_list(line, at, least), values, false});
    });
  }

  void read_entry(const std::string& key, const json& entry, const std::string& where) {
    if (key == "killercage") return read_cage(entry, where);
    if (key == "arrow") return read_arrow(entry, where);
    if (key == "littlekillersum") return read_little_killer(entry, where);
    if (key == "sandwichsum" || key == "xsum" || key == "skyscraper")
      return read_outside(key, entry, where);
    if (key == "difference" || key == "ratio" || key == "xv") return read_dot(key, entry, where);
    for (const line_key& l : line_keys) {
      if (key == l.key) return line_clue(l.kind, entry, where, l.least);
    }
    if (key == "slowthermometer") {
      // Never decreasing from the bulb: a table on each step of the line.
      return line_clue(clue_kind::pair, entry, where, 2,
                       table([](int a, int b) { return a <= b; }));
    }
    if (key == "modularline") return line_clue(clue_kind::modular, entry, where, 2, {3});
    if (key == "entropicline") {
      if (n_ != 9) fail(fmt::format("{}: entropic lines need a 9x9 board", where));
      return line_clue(clue_kind::entropic, entry, where);
    }
    if (key == "whispers") {
      const auto it = entry.is_object() ? entry.find("value") : entry.end();
      const auto d = it == entry.end() ? std::nullopt : integer(*it, where + " value");
      const int difference = d.value_or((n_ + 1) / 2);
      if (difference < 1 || difference >= n_)
        fail(fmt::format("{}: a whisper's difference is 1-{}, not {}", where, n_ - 1, difference));
      return each_line(entry, where, [&](const json& line, const std::string& at) {
        auto cells = cell_list(line, at, 2, false);
        for (std::size_t i = 1; i < cells.size(); ++i) {
          if (cells[i] == cells[i - 1]) fail(fmt::format("{}: a cell follows itself", at));
        }
        v_.add_clue({clue_kind::whisper, std::move(cells), {difference}, false});
      });
    }
    if (key == "nabner") {
      // No two digits on the line consecutive or equal: every two cells 2 or more apart.
      auto apart = table([](int a, int b) { return std::abs(a - b) >= 2; });
      return each_line(entry, where, [&](const json& line, const std::string& at) {
        v_.add_clue({clue_kind::pair_x, cell_list(line, at, 2), apart, false});
      });
    }
    if (key == "clone") return read_clone(entry, where);
    if (key == "quadruple") return read_quad(entry, where);
    if (key == "minimum" || key == "maximum") {
      (key == "maximum" ? maxima_ : minima_).insert(cell(member(entry, "cell", where), where));
      return;
    }
    if (key == "odd" || key == "even") {
      const std::uint32_t c = cell(member(entry, "cell", where), where);
      std::uint64_t mask = 0;
      for (int d = key == "odd" ? 1 : 2; d <= n_; d += 2)
        mask |= std::uint64_t{1} << d;
      masks_[c] &= mask;
      return;
    }
    if (key == "extraregion") {
      auto cells = cell_list(member(entry, "cells", where), where);
      if (cells.size() > static_cast<std::size_t>(n_))
        fail(fmt::format("{}: {} cells cannot hold different digits", where, cells.size()));
      // A whole region beside the boxes (windoku's windows) is a unit, as
      // ISS's Jigsaw pieces are, when it overlaps no other: every digit once.
      const bool free = std::none_of(cells.begin(), cells.end(),
                                     [&](std::uint32_t p) { return in_region_.contains(p); });
      if (cells.size() == static_cast<std::size_t>(n_) && v_.has(unit_kind::box) && free) {
        in_region_.insert(cells.begin(), cells.end());
        if (auto e = v_.add_region(std::move(cells))) fail(fmt::format("{}: {}", where, *e));
        return;
      }
      v_.add_clue({clue_kind::all_different, std::move(cells), {}, false});
      return;
    }
    if (key == "rowindexer" || key == "columnindexer") {
      v_.add_clue({clue_kind::indexing,
                   cell_list(member(entry, "cells", where), where),
                   {key == "rowindexer" ? 1 : 0},
                   false});
      return;
    }
    fail(fmt::format("the rule \"{}\" is not supported", key));
  }

  void read_cage(const json& entry, const std::string& where) {
    auto cells = cell_list(member(entry, "cells", where), where);
    if (cells.size() > static_cast<std::size_t>(n_))
      fail(fmt::format("{}: a cage of {} cells cannot hold different digits", where, cells.size()));
    const auto it = entry.find("value");
    const auto sum = it == entry.end() ? std::nullopt : integer(*it, where + " value");
    if (!sum) {
      v_.add_clue({clue_kind::cage, std::move(cells), {}, false});
      return;
    }
    std::sort(cells.begin(), cells.end());
    const std::size_t k = cells.size();
    try {
      v_.add_cage(cage{std::move(cells), *sum});
    } catch (const std::invalid_argument&) {
      fail(fmt::format("{}: no {} different digits 1-{} add up to {}", where, k, n_, *sum));
    }
  }

  void read_arrow(const json& entry, const std::string& where) {
    auto circle = cell_list(member(entry, "cells", where), where + " circle");
    if (circle.size() > 3)
      fail(fmt::format("{}: a pill of {} cells (2 or 3 are read)", where, circle.size()));
    std::sort(circle.begin(), circle.end());
    for (std::size_t i = 1; i < circle.size(); ++i) {
      const auto step = circle[i] - circle[i - 1];
      if (step != 1 && step != static_cast<std::uint32_t>(n_))
        fail(fmt::format("{}: the pill's cells are not in a row or column", where));
    }
    each_line(entry, where, [&](const json& line, const std::string& at) {
      const auto cells = cell_list(line, at, 2);
      if (std::find(circle.begin(), circle.end(), cells[0]) == circle.end())
        fail(fmt::format("{}: the line does not start in the circle", at));
      clue c{circle.size() == 1 ? clue_kind::arrow : clue_kind::pill_arrow, circle, {}, false};
      if (circle.size() > 1) c.values = {static_cast<int>(circle.size())};
      for (std::size_t i = 1; i < cells.size(); ++i) {
        if (std::find(circle.begin(), circle.end(), cells[i]) != circle.end())
          fail(fmt::format("{}: the shaft passes through the circle", at));
        c.cells.push_back(cells[i]);
      }
      v_.add_clue(std::move(c));
    });
  }

  void read_little_killer(const json& entry, const std::string& where) {
    const auto it = entry.is_object() ? entry.find("value") : entry.end();
    const auto sum = it == entry.end() ? std::nullopt : integer(*it, where + " value");
    if (!sum) return;  // an arrow without its sum: no rule (as f-puzzles reads it)
    auto [r, c] = place(member(entry, "cell", where), where);
    const json& dir = member(entry, "direction", where);
    const std::string d = dir.is_string() ? dir.get<std::string>() : std::string();
    const int dr = d == "DR" || d == "DL" ? 1 : d == "UR" || d == "UL" ? -1 : 0;
    const int dc = d == "DR" || d == "UR" ? 1 : d == "DL" || d == "UL" ? -1 : 0;
    if (dr == 0)
      fail(fmt::format("{}: the direction {} is not one of UL, UR, DL, DR", where, dir.dump()));
    auto inside = [&](int row, int col) { return row >= 0 && col >= 0 && row < n_ && col < n_; };
    if (!inside(r, c)) r += dr, c += dc;  // the clue sits outside, one step from its diagonal
    // From inside the board, the rest of a diagonal: a sum, not a little killer.
    const bool whole = !inside(r - dr, c - dc);
    std::vector<std::uint32_t> cells;
    for (; inside(r, c); r += dr, c += dc)
      cells.push_back(static_cast<std::uint32_t>(r * n_ + c));
    if (cells.empty()) fail(fmt::format("{}: the arrow points at no cell of the board", where));
    // Written from the end ISS starts the diagonal at (iss_outside.cpp), so
    // that it writes back as ISS's LittleKiller; a single cell is a sum.
    auto iss_start = [&](std::uint32_t from, std::uint32_t next) {
      const int r0 = static_cast<int>(from) / n_, c0 = static_cast<int>(from) % n_;
      const int sr = static_cast<int>(next) / n_ - r0, sc = static_cast<int>(next) % n_ - c0;
      return (c0 == 0 && r0 < n_ - 1 && sr == 1 && sc == 1) ||
             (c0 == n_ - 1 && r0 >= 1 && r0 < n_ - 1 && sr == -1 && sc == -1) ||
             (r0 == 0 && c0 >= 1 && sr == 1 && sc == -1) ||
             (r0 == n_ - 1 && c0 >= 1 && c0 < n_ - 1 && sr == -1 && sc == 1);
    };
    if (whole && cells.size() >= 2 && !iss_start(cells[0], cells[1]))
      std::reverse(cells.begin(), cells.end());
    const bool diagonal = whole && cells.size() >= 2 && iss_start(cells[0], cells[1]);
    add_outside(
        {diagonal ? clue_kind::little_killer : clue_kind::sum, std::move(cells), {*sum}, false},
        where);
  }

  void read_outside(const std::string& key, const json& entry, const std::string& where) {
    const auto it = entry.is_object() ? entry.find("value") : entry.end();
    const auto value = it == entry.end() ? std::nullopt : integer(*it, where + " value");
    if (!value) return;  // a clue without its number
    const auto [r, c] = place(member(entry, "cell", where), where);
    const bool left = c == -1 && r >= 0 && r < n_, right = c == n_ && r >= 0 && r < n_;
    const bool top = r == -1 && c >= 0 && c < n_, bottom = r == n_ && c >= 0 && c < n_;
    if (!left && !right && !top && !bottom)
      fail(fmt::format("{}: the clue is not beside a row or column, outside the board", where));
    std::vector<std::uint32_t> cells;
    for (int i = 0; i < n_; ++i) {
      cells.push_back(static_cast<std::uint32_t>(left || right ? r * n_ + i : i * n_ + c));
    }
    const clue_kind kind = key == "sandwichsum" ? clue_kind::sandwich
                           : key == "xsum"      ? clue_kind::x_sum
                                                : clue_kind::skyscraper;
    // Read from the clue's side; a sandwich reads alike both ways.
    if ((right || bottom) && kind != clue_kind::sandwich) std::reverse(cells.begin(), cells.end());
    if (kind == clue_kind::skyscraper && (*value < 1 || *value > n_))
      fail(fmt::format("{}: a skyscraper clue is 1-{}, not {}", where, n_, *value));
    add_outside({kind, std::move(cells), {*value}, false}, where);
  }

  // One clue at each arrow outside the grid, and one quadruple on a 2x2
  // block, as ISS keeps one (a second, alike, says nothing more; another is
  // refused, not read as both).
  void add_outside(clue c, const std::string& where) {
    for (const clue& o : v_.clues()) {
      if (o.kind != c.kind || o.cells != c.cells) continue;
      if (o.values == c.values) return;
      fail(fmt::format("{}: a second {} on the same {}", where, to_string(c.kind),
                       c.kind == clue_kind::quad            ? "cells"
                       : c.kind == clue_kind::little_killer ? "diagonal"
                                                            : "line"));
    }
    v_.add_clue(std::move(c));
  }

  // Dots and XV: a mark between two orthogonal neighbours.
  void read_dot(const std::string& key, const json& entry, const std::string& where) {
    const auto cells = cell_list(member(entry, "cells", where), where, 2);
    if (cells.size() != 2 || !orthogonal(cells[0], cells[1]))
      fail(fmt::format("{}: a mark is between two orthogonal neighbours", where));
    const auto it = entry.find("value");
    if (key == "xv") {
      const std::string v = it != entry.end() && it->is_string() ? it->get<std::string>() : "";
      if (v != "x" && v != "X" && v != "v" && v != "V")
        fail(fmt::format("{}: the value {} is neither X nor V", where,
                         it == entry.end() ? "(none)" : it->dump()));
      v_.add_clue({v == "x" || v == "X" ? clue_kind::x : clue_kind::v, cells, {}, false});
      return;
    }
    kropki_.insert(std::minmax(cells[0], cells[1]));
    const bool difference = key == "difference";
    const int k = (it == entry.end() ? std::nullopt : integer(*it, where + " value"))
                      .value_or(difference ? 1 : 2);
    if (difference ? k < 1 || k >= n_ : k < 2 || k > n_)
      fail(fmt::format("{}: the {} {} is out of range", where, difference ? "difference" : "ratio",
                       k));
    if (difference) {
      if (k != 1) standard_dots_ = false;
      if (k == 1)
        v_.add_clue({clue_kind::white_dot, cells, {}, false});
      else
        add_pair(cells[0], cells[1], table([k](int a, int b) { return std::abs(a - b) == k; }));
      return;
    }
    ratios_.insert(k);
    if (k != 2) standard_dots_ = false;
    if (k == 2)
      v_.add_clue({clue_kind::black_dot, cells, {}, false});
    else
      add_pair(cells[0], cells[1], table([k](int a, int b) { return in_ratio(a, b, k); }));
  }

  void read_clone(const json& entry, const std::string& where) {
    const auto a = cell_list(member(entry, "cells", where), where);
    const auto b = cell_list(member(entry, "cloneCells", where), where + " cloneCells");
    if (a.size() != b.size())
      fail(fmt::format("{}: {} cells and {} clone cells", where, a.size(), b.size()));
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i] != b[i]) add_pair(a[i], b[i], table([](int x, int y) { return x == y; }));
    }
  }

  void read_quad(const json& entry, const std::string& where) {
    auto cells = cell_list(member(entry, "cells", where), where, 4);
    std::sort(cells.begin(), cells.end());
    const auto n = static_cast<std::uint32_t>(n_);
    if (cells.size() != 4 || cells[1] != cells[0] + 1 || cells[2] != cells[0] + n ||
        cells[3] != cells[0] + n + 1 || cells[0] % n == n - 1)
      fail(fmt::format("{}: a quadruple's cells are a 2x2 block", where));
    std::vector<int> digits;
    for (const json& d : array(member(entry, "values", where), where + " values")) {
      const auto x = integer(d, where + " values");
      if (!x || *x < 1 || *x > n_)
        fail(fmt::format("{}: {} is not a digit 1-{}", where, d.dump(), n_));
      digits.push_back(*x);
    }
    if (digits.size() > 4) fail(fmt::format("{}: a quadruple lists at most 4 digits", where));
    add_outside({clue_kind::quad, std::move(cells), std::move(digits), false}, where);
  }

  // --- the negative constraints --------------------------------------------

  void read_negative() {
    bool ratio = false, xv = false;
    if (const auto it = data_.find("negative"); it != data_.end() && !it->is_null()) {
      for (const json& s : array(*it, "negative")) {
        const std::string name = s.is_string() ? s.get<std::string>() : s.dump();
        if (name == "ratio")
          ratio = true;
        else if (name == "xv")
          xv = true;
        else
          fail(fmt::format("negative: the negative constraint \"{}\" is not supported", name));
      }
    }
    if (xv) v_.add_clue({clue_kind::strict_xv, {}, {}, false});
    if (!nonconsecutive_ && !ratio) return;
    // The named rules where they say exactly this; else each pair of
    // neighbours without a dot gets a table of what it may hold. A white
    // and a black dot lift each other's negative constraint, as in f-puzzles.
    if (nonconsecutive_ && ratio && standard_dots_) {
      v_.add_clue({clue_kind::strict_kropki, {}, {}, false});
      return;
    }
    if (nonconsecutive_ && !ratio && kropki_.empty()) {
      v_.add_clue({clue_kind::anti_consecutive, {}, {}, false});
      return;
    }
    if (ratio && ratios_.empty()) ratios_.insert(2);
    const bool consecutive = nonconsecutive_;
    const std::set<int> ratios = ratio ? ratios_ : std::set<int>{};
    const auto allowed =
        table([&](int a, int b) { return negative_allows(a, b, consecutive, ratios); });
    each_neighbour_pair(n_, [&](std::uint32_t a, std::uint32_t b) {
      if (!kropki_.contains({a, b})) add_pair(a, b, allowed);
    });
  }

  // A maximum (minimum) is greater (smaller) than each neighbour that is not
  // one too, as f-puzzles compares them: a greater-than clue over the cell
  // and those neighbours, each cell greater than its later neighbours.
  void read_extremes() {
    for (const bool maximum : {true, false}) {
      const std::set<std::uint32_t>& marked = maximum ? maxima_ : minima_;
      for (const std::uint32_t c : marked) {
        std::vector<std::uint32_t> cells = neighbours(c, n_);
        std::erase_if(cells, [&](std::uint32_t q) { return marked.contains(q); });
        if (cells.empty()) continue;
        if (maximum)
          cells.insert(cells.begin(), c);
        else
          cells.push_back(c);
        v_.add_clue({clue_kind::greater_than, std::move(cells), {}, false});
      }
    }
  }

  void finish() {
    read_extremes();
    for (std::uint32_t p : v_.cells()) {
      const std::uint64_t mask = masks_[p];
      if (mask == 0)
        fail(fmt::format("{} can hold no digit (its given, pencil marks, odd or even)",
                         v_.cell_name(p)));
      if (std::popcount(mask) == 1) {
        givens_.cells()[p] = static_cast<std::uint8_t>(std::countr_zero(mask));
      } else if (mask != v_.all_digits()) {
        v_.restrict_digits(p, mask);
      }
    }
    // A clue the model cannot state is refused here (as parse_iss does).
    if (v_.clues().empty()) return;
    try {
      (void)sudoku::model(v_);
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
  }

  const json& data_;
  variant& v_;
  grid& givens_;
  fpuzzles_info* info_;
  int n_ = 9;
  std::vector<std::uint64_t> masks_;
  bool nonconsecutive_ = false;
  bool standard_dots_ = true;  // every difference 1, every ratio 2
  std::set<int> ratios_;
  std::set<std::uint32_t> maxima_, minima_;
  std::set<std::uint32_t> in_region_;  // cells of the extra regions read as units
  std::set<std::pair<std::uint32_t, std::uint32_t>> kropki_;  // neighbours with a dot
};

}  // namespace

std::optional<std::string> translate(std::string_view json_text, variant& v, grid& givens,
                                     fpuzzles_info* info, std::size_t& error_offset) {
  json data;
  try {
    data = json::parse(json_text);
  } catch (const json::exception& e) {
    // A syntax error says where; a number too large for a double does not.
    const auto* syntax = dynamic_cast<const json::parse_error*>(&e);
    error_offset = syntax == nullptr || syntax->byte == 0 ? 0 : syntax->byte - 1;
    std::string what = e.what();
    // "[json.exception.parse_error.101] parse error at line 1, column 5: syntax error ..."
    if (const auto colon = what.find(": "); colon != std::string::npos)
      what = what.substr(colon + 2);
    return fmt::format("the f-puzzles data is not JSON: {}", what);
  }
  try {
    translator(data, v, givens, info).run();
  } catch (const data_error& e) {
    return fmt::format("in the f-puzzles data, {}", e.message);
  } catch (const json::exception& e) {
    return fmt::format("in the f-puzzles data, a value of the wrong kind ({})", e.what());
  }
  return std::nullopt;
}

}  // namespace detail::fpuzzles_read

}  // namespace sudoku
