// A variant as f-puzzles' JSON and link (fpuzzles.hpp): each unit, cage and
// clue under the key f-puzzles reads it by, the reverse of
// fpuzzles_reader.cpp; a rule with no such key makes the writer refuse.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <bit>
#include <optional>
#include <set>

#include "fpuzzles_detail.hpp"
#include "iss_detail.hpp"
#include "lz_string.hpp"
#include "sudoku/fpuzzles.hpp"

namespace sudoku {

namespace {

using json = nlohmann::ordered_json;
namespace fp = detail::fpuzzles_read;

struct no_form {
  std::string why;
};

class writer {
 public:
  explicit writer(const variant& v) : v_(v), n_(v.digits()) {}

  json run(const grid& givens) {
    if (v_.parts() != 1 || v_.rows() != n_ || v_.columns() != n_ ||
        !detail::supported_iss_size(n_)) {
      throw no_form{"f-puzzles has no board of this shape"};
    }
    if (!v_.variables().empty()) throw no_form{"f-puzzles has no cells beside the board"};
    if (v_.first_value() != 1) throw no_form{"f-puzzles has no values from 0"};
    out_["size"] = n_;
    write_grid(givens);
    for (const unit& u : v_.units())
      write_unit(u);
    for (const cage& c : v_.cages())
      out_["killercage"].push_back(
          {{"cells", names(c.cells)}, {"value", fmt::format("{}", c.sum)}});
    find_negative();
    for (const clue& c : v_.clues()) {
      for (const bool maximum : {false, true}) {
        if (const auto cell = extreme_cell(c, maximum)) extremes_[maximum ? 1 : 0].insert(*cell);
      }
    }
    for (std::size_t k = 0; k < v_.clues().size(); ++k) {
      if (!negative_.contains(k)) write_clue(v_.clues()[k]);
    }
    return out_;
  }

 private:
  [[nodiscard]] std::string name(std::uint32_t p) const {
    return fmt::format("R{}C{}", p / static_cast<std::uint32_t>(n_) + 1,
                       p % static_cast<std::uint32_t>(n_) + 1);
  }
  [[nodiscard]] std::string name(int r, int c) const { return fmt::format("R{}C{}", r + 1, c + 1); }

  template <class Cells>
  [[nodiscard]] json names(const Cells& cells) const {
    json list = json::array();
    for (std::uint32_t p : cells)
      list.push_back(name(p));
    return list;
  }

  [[nodiscard]] bool orthogonal(std::uint32_t a, std::uint32_t b) const {
    return fp::orthogonal(a, b, n_);
  }

  // The cells, regions and givens: a region per cell where the board's
  // regions are not f-puzzles' boxes for its size.
  void write_grid(const grid& givens) {
    const shape boxes = *detail::iss_shape(n_);
    std::vector<int> region(v_.positions(), -1);
    const bool own_boxes = v_.has(unit_kind::box) && v_.shape() == boxes;
    for (const unit& u : v_.units()) {
      if (u.kind == unit_kind::box || (u.kind == unit_kind::region && !v_.has(unit_kind::box))) {
        for (std::uint32_t p : u.cells)
          region[p] = u.index;
      }
    }
    if (std::count(region.begin(), region.end(), -1) != 0)
      throw no_form{"f-puzzles has no board without boxes or regions"};
    json rows = json::array();
    for (int r = 0; r < n_; ++r) {
      json row = json::array();
      for (int c = 0; c < n_; ++c) {
        const auto p = static_cast<std::size_t>(r * n_ + c);
        json cell = json::object();
        if (const int d = givens.cells()[p]; d != 0) {
          cell["value"] = d;
          cell["given"] = true;
        }
        if (!own_boxes) cell["region"] = region[p];
        const std::uint64_t mask = v_.candidates(p);
        if (mask != v_.all_digits() && givens.cells()[p] == 0) write_candidates(p, mask, cell);
        row.push_back(std::move(cell));
      }
      rows.push_back(std::move(row));
    }
    out_["grid"] = std::move(rows);
  }

  // Odd or even cells by name; other restrictions as given pencil marks.
  void write_candidates(std::size_t p, std::uint64_t mask, json& cell) {
    std::uint64_t odd = 0, even = 0;
    for (int d = 1; d <= n_; ++d)
      (d % 2 ? odd : even) |= std::uint64_t{1} << d;
    if (mask == odd || mask == even) {
      out_[mask == odd ? "odd" : "even"].push_back({{"cell", name(static_cast<std::uint32_t>(p))}});
      return;
    }
    json marks = json::array();
    for (int d = 1; d <= n_; ++d) {
      if (mask >> d & 1) marks.push_back(d);
    }
    cell["givenPencilMarks"] = std::move(marks);
  }

  void write_unit(const unit& u) {
    switch (u.kind) {
      case unit_kind::diagonal:
        out_[u.cells.front() == 0 ? "diagonal-" : "diagonal+"] = true;
        break;
      case unit_kind::window:
        out_["extraregion"].push_back({{"cells", names(u.cells)}});
        break;
      case unit_kind::region:
        if (v_.has(unit_kind::box)) out_["extraregion"].push_back({{"cells", names(u.cells)}});
        break;
      case unit_kind::disjoint:
        out_["disjointgroups"] = true;
        break;
      default:
        break;
    }
  }

  void line(std::string_view key, const clue& c, json extra = json::object()) {
    json entry = {{"lines", json::array({names(c.cells)})}};
    for (auto& [k, value] : extra.items())
      entry[k] = value;
    out_[key].push_back(std::move(entry));
  }

  // Each two orthogonal neighbours among the cells, marked as `key` says.
  void marks(std::string_view key, const clue& c, json extra = json::object()) {
    for (std::size_t i = 0; i < c.cells.size(); ++i) {
      for (std::size_t j = i + 1; j < c.cells.size(); ++j) {
        if (!orthogonal(c.cells[i], c.cells[j])) continue;
        json entry = {{"cells", names(std::vector{c.cells[i], c.cells[j]})}};
        for (auto& [k, value] : extra.items())
          entry[k] = value;
        out_[key].push_back(std::move(entry));
      }
    }
  }

  // The outside cell a clue along a row or column is read from.
  [[nodiscard]] std::string outside(const clue& c) const {
    const int r0 = static_cast<int>(c.cells[0]) / n_, c0 = static_cast<int>(c.cells[0]) % n_;
    const int r1 = static_cast<int>(c.cells[1]) / n_, c1 = static_cast<int>(c.cells[1]) % n_;
    return name(r0 - (r1 - r0), c0 - (c1 - c0));
  }

  // A pairwise table f-puzzles has a mark for: equal digits (a clone), a
  // difference or a ratio (a dot with its value), none apart by less than 2
  // (a nabner line).
  template <class Rule>
  [[nodiscard]] bool table_is(const clue& c, Rule rule) const {
    return c.values == fp::pair_table(n_, rule);
  }

  // A table on two orthogonal neighbours that f-puzzles marks with a dot: a
  // difference or a ratio, with its value.
  [[nodiscard]] std::optional<std::pair<std::string_view, int>> dot(const clue& c) const {
    if (c.kind != clue_kind::pair || c.cells.size() != 2 || !orthogonal(c.cells[0], c.cells[1]))
      return std::nullopt;
    for (int k = 1; k < n_; ++k) {
      if (table_is(c, [k](int a, int b) { return std::abs(a - b) == k; }))
        return std::pair{std::string_view("difference"), k};
      if (k >= 2 && table_is(c, [k](int a, int b) { return fp::in_ratio(a, b, k); }))
        return std::pair{std::string_view("ratio"), k};
    }
    return std::nullopt;
  }

  // f-puzzles' negative constraints as the reader states them where dots
  // stand (fpuzzles_reader.cpp): one table, no consecutive digits and/or no
  // digits in the ratios marked, on every two orthogonal neighbours without a
  // dot. Those clues are written as "nonconsecutive" and "negative".
  void find_negative() {
    std::set<std::pair<std::uint32_t, std::uint32_t>> dotted;
    std::set<int> ratios;
    for (const clue& c : v_.clues()) {
      const bool kropki = c.kind == clue_kind::white_dot || c.kind == clue_kind::black_dot;
      const auto d = dot(c);
      if (c.kind == clue_kind::black_dot) ratios.insert(2);
      if (d && d->first == "ratio") ratios.insert(d->second);
      if (!kropki && !d) continue;
      for (std::uint32_t a : c.cells) {
        for (std::uint32_t b : c.cells) {
          if (a < b && orthogonal(a, b)) dotted.insert({a, b});
        }
      }
    }
    if (ratios.empty()) ratios.insert(2);
    for (const bool consecutive : {true, false}) {
      for (const bool ratio : {true, false}) {
        if (!consecutive && !ratio) continue;
        const std::set<int> banned = ratio ? ratios : std::set<int>{};
        auto allowed = [&](int a, int b) { return fp::negative_allows(a, b, consecutive, banned); };
        std::set<std::size_t> found;
        std::set<std::pair<std::uint32_t, std::uint32_t>> covered;
        for (std::size_t k = 0; k < v_.clues().size(); ++k) {
          const clue& c = v_.clues()[k];
          if (c.kind != clue_kind::pair || c.cells.size() != 2 ||
              !orthogonal(c.cells[0], c.cells[1]) || !table_is(c, allowed))
            continue;
          found.insert(k);
          covered.insert(std::minmax(c.cells[0], c.cells[1]));
        }
        // Every undotted pair once, and no other.
        std::size_t undotted = 0;
        bool all = true;
        fp::each_neighbour_pair(n_, [&](std::uint32_t p, std::uint32_t q) {
          if (dotted.contains({p, q})) return;
          ++undotted;
          all = all && covered.contains({p, q});
        });
        if (found.empty() || !all || covered.size() != found.size() || undotted != found.size())
          continue;
        negative_ = std::move(found);
        if (consecutive) out_["nonconsecutive"] = true;
        if (ratio) out_["negative"].push_back("ratio");
        return;
      }
    }
  }

  void write_pair(const clue& c) {
    if (c.kind == clue_kind::pair_x &&
        table_is(c, [](int a, int b) { return std::abs(a - b) >= 2; })) {
      line("nabner", c);
      return;
    }
    if (c.kind == clue_kind::pair && table_is(c, [](int a, int b) { return a <= b; })) {
      line("slowthermometer", c);
      return;
    }
    if (c.kind == clue_kind::pair && c.cells.size() == 2) {
      if (table_is(c, [](int a, int b) { return a == b; })) {
        out_["clone"].push_back({{"cells", json::array({name(c.cells[0])})},
                                 {"cloneCells", json::array({name(c.cells[1])})}});
        return;
      }
      if (const auto d = dot(c)) {
        marks(d->first, c, {{"value", fmt::format("{}", d->second)}});
        return;
      }
    }
    throw no_form{fmt::format("f-puzzles has no mark for the table of {}", v_.clue_name(c))};
  }

  void write_clue(const clue& c) {
    for (const fp::line_key& l : fp::line_keys) {
      if (c.kind == l.kind) return line(l.key, c);
    }
    switch (c.kind) {
      case clue_kind::whisper:
        return line("whispers", c, {{"value", fmt::format("{}", c.values[0])}});
      case clue_kind::entropic:
        return line("entropicline", c);
      case clue_kind::modular:
        if (c.values[0] != 3) break;
        return line("modularline", c);
      case clue_kind::white_dot:
        return marks("difference", c);
      case clue_kind::black_dot:
        return marks("ratio", c);
      case clue_kind::x:
        return marks("xv", c, {{"value", "X"}});
      case clue_kind::v:
        return marks("xv", c, {{"value", "V"}});
      case clue_kind::pair:
      case clue_kind::pair_x:
        return write_pair(c);
      case clue_kind::greater_than:
        if (const auto cell = extreme(c, true)) {
          out_["maximum"].push_back({{"cell", name(*cell)}});
          return;
        }
        if (const auto cell = extreme(c, false)) {
          out_["minimum"].push_back({{"cell", name(*cell)}});
          return;
        }
        break;
      case clue_kind::quad:
        out_["quadruple"].push_back({{"cells", names(c.cells)}, {"values", c.values}});
        return;
      case clue_kind::cage:
        if (!c.values.empty()) break;
        out_["killercage"].push_back({{"cells", names(c.cells)}});
        return;
      case clue_kind::all_different:
        out_["extraregion"].push_back({{"cells", names(c.cells)}});
        return;
      case clue_kind::indexing:
        out_[c.values[0] == 1 ? "rowindexer" : "columnindexer"].push_back(
            {{"cells", names(c.cells)}});
        return;
      case clue_kind::arrow:
        out_["arrow"].push_back(
            {{"cells", json::array({name(c.cells[0])})}, {"lines", json::array({names(c.cells)})}});
        return;
      case clue_kind::pill_arrow: {
        const auto pill = static_cast<std::size_t>(c.values[0]);
        std::vector<std::uint32_t> pill_cells(c.cells.begin(),
                                              c.cells.begin() + static_cast<std::ptrdiff_t>(pill));
        // The shaft leaves from the pill's cell nearest its first cell.
        auto distance = [&](std::uint32_t p) {
          const int dr = static_cast<int>(p) / n_ - static_cast<int>(c.cells[pill]) / n_;
          const int dc = static_cast<int>(p) % n_ - static_cast<int>(c.cells[pill]) % n_;
          return std::max(std::abs(dr), std::abs(dc));
        };
        const std::uint32_t from = *std::min_element(
            pill_cells.begin(), pill_cells.end(),
            [&](std::uint32_t a, std::uint32_t b) { return distance(a) < distance(b); });
        std::vector<std::uint32_t> shaft{from};
        shaft.insert(shaft.end(), c.cells.begin() + static_cast<std::ptrdiff_t>(pill),
                     c.cells.end());
        out_["arrow"].push_back(
            {{"cells", names(pill_cells)}, {"lines", json::array({names(shaft)})}});
        return;
      }
      case clue_kind::little_killer: {
        const int r0 = static_cast<int>(c.cells[0]) / n_, c0 = static_cast<int>(c.cells[0]) % n_;
        const int dr = static_cast<int>(c.cells[1]) / n_ - r0,
                  dc = static_cast<int>(c.cells[1]) % n_ - c0;
        out_["littlekillersum"].push_back(
            {{"cell", name(r0 - dr, c0 - dc)},
             {"direction", fmt::format("{}{}", dr > 0 ? 'D' : 'U', dc > 0 ? 'R' : 'L')},
             {"value", fmt::format("{}", c.values[0])}});
        return;
      }
      case clue_kind::sandwich:
      case clue_kind::x_sum:
      case clue_kind::skyscraper:
        out_[c.kind == clue_kind::sandwich ? "sandwichsum"
             : c.kind == clue_kind::x_sum  ? "xsum"
                                           : "skyscraper"]
            .push_back({{"cell", outside(c)}, {"value", fmt::format("{}", c.values[0])}});
        return;
      case clue_kind::anti_knight:
        out_["antiknight"] = true;
        return;
      case clue_kind::anti_king:
        out_["antiking"] = true;
        return;
      case clue_kind::anti_consecutive:
        // f-puzzles lifts its rule where a dot is; ours holds everywhere.
        if (has_dots()) break;
        out_["nonconsecutive"] = true;
        return;
      case clue_kind::strict_kropki:
        out_["nonconsecutive"] = true;
        out_["negative"].push_back("ratio");
        return;
      case clue_kind::strict_xv:
        out_["negative"].push_back("xv");
        return;
      case clue_kind::search_priority:  // no rule: ISS's order of search
        return;
      default:
        break;
    }
    throw no_form{fmt::format("f-puzzles has no {}", to_string(c.kind))};
  }

  // The cell a greater-than clue may be f-puzzles' maximum (minimum) of:
  // first (last), the others all its neighbours.
  [[nodiscard]] std::optional<std::uint32_t> extreme_cell(const clue& g, bool maximum) const {
    if (g.kind != clue_kind::greater_than || g.cells.size() < 2) return std::nullopt;
    const std::uint32_t cell = maximum ? g.cells.front() : g.cells.back();
    const auto around = fp::neighbours(cell, n_);
    const auto first = g.cells.begin() + (maximum ? 1 : 0);
    const auto last = g.cells.end() - (maximum ? 0 : 1);
    if (!std::all_of(first, last, [&](std::uint32_t q) {
          return std::find(around.begin(), around.end(), q) != around.end();
        })) {
      return std::nullopt;
    }
    return cell;
  }

  // A greater-than clue that is f-puzzles' maximum (minimum): a cell first
  // (last), then its neighbours but those that are maxima (minima) too.
  [[nodiscard]] std::optional<std::uint32_t> extreme(const clue& c, bool maximum) const {
    const auto cell = extreme_cell(c, maximum);
    if (!cell) return std::nullopt;
    const std::set<std::uint32_t>& marked = extremes_[maximum ? 1 : 0];
    std::vector<std::uint32_t> expected = fp::neighbours(*cell, n_);
    std::erase_if(expected, [&](std::uint32_t q) { return marked.contains(q); });
    std::vector<std::uint32_t> rest(c.cells.begin() + (maximum ? 1 : 0),
                                    c.cells.end() - (maximum ? 0 : 1));
    std::sort(rest.begin(), rest.end());
    if (rest != expected) return std::nullopt;
    return cell;
  }

  [[nodiscard]] bool has_dots() const {
    return std::any_of(v_.clues().begin(), v_.clues().end(), [](const clue& c) {
      return c.kind == clue_kind::white_dot || c.kind == clue_kind::black_dot;
    });
  }

  const variant& v_;
  int n_;
  json out_ = json::object();
  std::set<std::size_t> negative_;       // clues written as a negative constraint
  std::set<std::uint32_t> extremes_[2];  // the cells minima (0), maxima (1) may be of
};

}  // namespace

bool append_fpuzzles_json(const variant& v, const grid& givens, std::string& out,
                          std::string* why) {
  try {
    out += writer(v).run(givens).dump();
  } catch (const no_form& e) {
    if (why) *why = e.why;
    return false;
  }
  return true;
}

bool append_fpuzzles_link(const variant& v, const grid& givens, std::string& out,
                          std::string* why) {
  std::string json;
  if (!append_fpuzzles_json(v, givens, json, why)) return false;
  out += "https://www.f-puzzles.com/?load=";
  out += detail::lz_compress_base64(json);
  return true;
}

}  // namespace sudoku
