#include "sudoku/iss.hpp"

#include "iss_detail.hpp"
#include "iss_reader.hpp"
#include "sudoku/model.hpp"
#include "text_detail.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>
#include <vector>
namespace sudoku {

namespace detail::iss_read {

// A jigsaw layout: one character per cell, a region per character.
std::optional<text_error> reader::read_layout(const field& layout) {
  if (layout.text.size() != static_cast<std::size_t>(rows_ * cols_)) {
    return error_at(layout.column, fmt::format("a Jigsaw layout has {} characters, not {}",
                                               rows_ * cols_, layout.text.size()));
  }
  std::map<char, std::vector<std::uint32_t>> by_char;
  for (std::size_t i = 0; i < layout.text.size(); ++i)
    by_char[layout.text[i]].push_back(static_cast<std::uint32_t>(i));
  if (by_char.size() == 1) return std::nullopt;
  bool other_size = false;  // ISS lets one group of another size stand for "no region"
  for (auto& [ch, cells] : by_char) {
    // Pieces of RegionSize cells (the longer side by default), as ISS's.
    if (cells.size() == static_cast<std::size_t>(region_size_)) {
      regions_.push_back(std::move(cells));
    } else if (!other_size) {
      other_size = true;
    } else {
      return error_at(layout.column, "the Jigsaw layout's regions differ in size");
    }
  }
  return std::nullopt;
}

// A cage of different digits; a sum of 0 leaves the sum free, as in ISS.
std::optional<text_error> reader::add_cage(std::vector<std::uint32_t> cells, int sum,
                                           std::size_t column, std::size_t sum_column) {
  if (cells.size() > static_cast<std::size_t>(n_)) {
    return error_at(column,
                    fmt::format("a Cage of {} cells cannot hold different digits", cells.size()));
  }
  if (sum == 0 || parts_ != nullptr) {
    // Inside an Or, a cage no digits can fill is a part that fails.
    add_clue({clue_kind::cage, std::move(cells), sum == 0 ? std::vector<int>{} : std::vector{sum},
              false});
    return std::nullopt;
  }
  const std::size_t k = cells.size();
  const int digits_total = sum + (1 - lo_) * static_cast<int>(k);
  if (cage_combinations(static_cast<int>(k), digits_total, n_).empty()) {
    return error_at(sum_column,
                    fmt::format("no {} different {} {}-{} add up to {}", k,
                                lo_ == 1 ? "digits" : "values", lo_, lo_ + n_ - 1, sum));
  }
  if (lo_ != 1) {
    // A killer cage holds digits 1-n (variant.hpp): with values from 0, the
    // clue of clue.hpp, whose sum is of values.
    add_clue({clue_kind::cage, std::move(cells), {sum}, false});
    return std::nullopt;
  }
  std::sort(cells.begin(), cells.end());
  try {
    v_.add_cage(cage{std::move(cells), sum});
  } catch (const std::invalid_argument&) {
    return error_at(sum_column,
                    fmt::format("no {} different digits 1-{} add up to {}", k, n_, sum));
  }
  return std::nullopt;
}

std::optional<text_error> reader::read_given(const item& it) {
  for (const field& f : it.args) {
    const auto underscore = f.text.find('_');
    std::optional<text_error> e;
    const auto c = cell(field{f.text.substr(0, underscore), f.column}, e);
    if (!c) return e;
    if (underscore == std::string_view::npos) {
      return error_at(f.column, fmt::format("the given {} has no value (as in R1C1_5)", f.text));
    }
    std::uint64_t mask = 0;
    std::string_view rest = f.text.substr(underscore + 1);
    std::size_t column = f.column + underscore + 1;
    while (true) {
      const auto next = rest.find('_');
      const std::string_view v = rest.substr(0, next);
      const auto d = digit_of_value(v);
      if (!d) return error_at(column, not_a_value(v));
      mask |= std::uint64_t{1} << *d;
      if (next == std::string_view::npos) break;
      rest.remove_prefix(next + 1);
      column += next + 1;
    }
    masks_[*c] &= mask;
  }
  return std::nullopt;
}

std::optional<text_error> reader::read(const item& it) {
  const std::string_view type = it.type.text;
  if (type.empty() || type == "Given") return read_given(it);  // ISS reads both
  if (type == "Shape" || type == "RegionSize" || type == "Var")
    return std::nullopt;  // (read_shape)
  if (type == "LookAndSay") return read_look_and_say(it);
  if (type == "NFA") return read_nfa(it);
  if (type == "Regex") return read_regex(it);
  if (const auto known = iss_types(); std::find(known.begin(), known.end(), type) == known.end())
    return detail::refused_iss_type(it.type.text, it.type.column);
  // What ISS allows on Sudoku's grid type only (its REQUIRES_SUDOKU_GRID).
  static constexpr std::string_view sudoku_grid_only[] = {
      "Jigsaw",   "NoBoxes",      "Windoku",          "DisjointSets",     "AntiKnight",
      "AntiKing", "Diagonal",     "Indexing",         "RegionSameValues", "Doppelganger",
      "FullRank", "FullRankTies", "ChaosConstruction"};
  if (raw_ && std::find(std::begin(sudoku_grid_only), std::end(sudoku_grid_only), type) !=
                  std::end(sudoku_grid_only))
    return error_at(it.type.column, fmt::format("{} needs a Sudoku grid, not Raw", type));
  auto once = [&]() { return seen_.insert(std::string(type)).second; };
  auto no_args = [&]() -> std::optional<text_error> {
    if (!it.args.empty()) {
      return error_at(it.args.front().column, fmt::format("{} takes no arguments", type));
    }
    return std::nullopt;
  };
  if (type == "NoBoxes") {
    no_boxes_ = true;
    return no_args();
  }
  if (type == "Windoku") {
    if (auto e = no_args()) return e;
    if (once() && !v_.add_windows()) {
      return error_at(it.type.column, "Windoku needs square boxes");
    }
    return std::nullopt;
  }
  if (type == "DisjointSets") {
    if (auto e = no_args()) return e;
    const bool board = rows_ != n_ || cols_ != n_;
    if (board && !v_.has(unit_kind::box)) {
      return error_at(it.type.column, fmt::format("DisjointSets needs boxes ({}x{} with {} cells "
                                                  "to a region has none)",
                                                  rows_, cols_, region_size_));
    }
    if (once()) v_.add_disjoint_sets();
    return std::nullopt;
  }
  if (type == "Diagonal") {
    int direction = 0;
    if (auto e = number(it, 0, direction, "direction")) return e;
    if (direction != 1 && direction != -1) {
      return error_at(it.args[0].column, "a Diagonal's direction is 1 (/) or -1 (\\)");
    }
    if (rows_ != cols_) return error_at(it.type.column, "a Diagonal needs a square board");
    if (seen_.insert(fmt::format("Diagonal{}", direction)).second) {
      v_.add_diagonal(direction == 1 ? 1 : 0);
    }
    return std::nullopt;
  }
  if (type == "Jigsaw") {
    // One layout: a second would overlap the first's regions, which no one
    // layout can write back.
    if (!once()) return error_at(it.type.column, "Jigsaw is given twice");
    if (it.args.empty() || it.args.size() > 2) {
      return error_at(it.type.column, "Jigsaw takes a layout of one character per cell");
    }
    return read_layout(it.args.back());
  }
  if (type == "Cage") {
    int sum = 0;
    if (auto e = number(it, 0, sum, "sum"); e && !it.args.empty() && !it.args[0].text.empty()) {
      return e;
    }
    std::vector<std::uint32_t> in_cage;
    if (auto e = cells(it, 1, in_cage, false)) return e;
    // A cell named twice counts twice in the sum, as in ISS (its "Event
    // horizon"): the cage's cells differ, and a weighted sum adds them up.
    std::vector<std::uint32_t> distinct;
    std::vector<int> weights(in_cage.size(), 1);
    merge_repeats(in_cage, distinct, weights);
    if (distinct.size() == in_cage.size() || sum == 0) {
      return add_cage(std::move(distinct), sum, it.type.column,
                      it.args.empty() ? it.type.column : it.args[0].column);
    }
    if (auto e = add_cage(distinct, 0, it.type.column, it.type.column)) return e;
    weights.insert(weights.begin(), sum);
    add_clue({clue_kind::sum, std::move(distinct), std::move(weights), false});
    return std::nullopt;
  }
  if (type == "Binary" || type == "BinaryX")
    return read_pairs(it, type == "Binary" ? clue_kind::pair : clue_kind::pair_x, true);
  // Every other type read is a clue's (iss_types).
  const auto kind = clue_kind_from_iss(type);
  if (!kind) return detail::refused_iss_type(it.type.text, it.type.column);
  if (*kind == clue_kind::full_rank_ties) return read_full_rank_ties(it);
  if (*kind == clue_kind::chaos_arrow || *kind == clue_kind::chaos_count)
    return read_chaos(it, *kind);
  if (*kind == clue_kind::connected_values) return read_connected_values(it);
  if (*kind == clue_kind::search_priority) return read_search_priority(it);
  if (is_global(*kind)) {
    if (auto e = no_args()) return e;
    const bool nine = *kind == clue_kind::global_entropy || *kind == clue_kind::global_mod ||
                      *kind == clue_kind::dutch_flatmates;
    if (nine && n_ != 9) return error_at(it.type.column, fmt::format("{} needs digits 1-9", type));
    // Rules about the values 1-n by name: ISS refuses them with values from 0.
    const bool from_one = *kind == clue_kind::global_entropy ||
                          *kind == clue_kind::dutch_flatmates || *kind == clue_kind::anti_taxicab;
    if (from_one && lo_ != 1) {
      return error_at(it.type.column, fmt::format("{} needs values from 1, not 0", type));
    }
    if (once()) add_clue({*kind, {}, {}, false});
    return std::nullopt;
  }
  if (is_outside(*kind)) return read_outside(it, *kind);
  if (*kind == clue_kind::pair || *kind == clue_kind::pair_x) return read_pairs(it, *kind, false);
  if (*kind >= clue_kind::all_different && *kind <= clue_kind::indexing) return read_set(it, *kind);
  clue c{*kind, {}, {}, false};
  std::size_t first_cell = 0;
  switch (*kind) {
    case clue_kind::whisper: {
      int difference = 5;
      if (!it.args.empty() && parse_int(it.args[0].text)) {
        if (auto e = number(it, 0, difference, "difference")) return e;
        first_cell = 1;
      }
      c.values = {difference};
      break;
    }
    case clue_kind::modular:
    case clue_kind::sum_line:
    case clue_kind::same_values:
    case clue_kind::sum:
    case clue_kind::pill_arrow:
    case clue_kind::lunchbox: {
      int value = 0;
      const std::string_view what = *kind == clue_kind::modular       ? "modulus"
                                    : *kind == clue_kind::same_values ? "number of sets"
                                    : *kind == clue_kind::pill_arrow  ? "pill size"
                                                                      : "sum";
      if (*kind == clue_kind::sum && !it.args.empty() &&
          it.args[0].text.find('_') != std::string_view::npos) {
        // Sum~total_=_c1_c2...: weights per cell.
        const std::string_view spec = it.args[0].text;
        std::vector<int> parts;
        std::size_t from = 0;
        while (true) {
          const auto next = spec.find('_', from);
          const std::string_view part = spec.substr(from, next - from);
          if (!(parts.size() == 1 && part == "=")) {
            const auto v = parse_int(part);
            if (!v || std::abs(*v) > 100000) {
              return error_at(it.args[0].column + from,
                              fmt::format("'{}' is not a number (in Sum's weights)", part));
            }
            parts.push_back(*v);
          } else {
            parts.push_back(0);
          }
          if (next == std::string_view::npos) break;
          from = next + 1;
        }
        if (parts.size() < 2 || spec.find("_=_") == std::string_view::npos) {
          return error_at(it.args[0].column, "Sum's weights are written total_=_w1_w2...");
        }
        c.values.push_back(parts[0]);
        c.values.insert(c.values.end(), parts.begin() + 2, parts.end());
      } else {
        if (auto e = number(it, 0, value, what)) return e;
        c.values = {value};
      }
      first_cell = 1;
      break;
    }
    default:
      break;
  }
  if (*kind == clue_kind::quad) {
    if (it.args.empty()) return error_at(it.type.column, "Quad needs its top-left cell");
    // Quad~R1C1~1~2: the 2x2 block from the top-left cell, the digits it holds.
    std::optional<text_error> e;
    c.cells.clear();
    const auto top_left = cell(it.args[0], e);
    if (!top_left) return e;
    const int r = static_cast<int>(*top_left) / cols_, col = static_cast<int>(*top_left) % cols_;
    if (r + 1 >= rows_ || col + 1 >= cols_) {
      return error_at(it.args[0].column, fmt::format("no 2x2 block starts at {}", it.args[0].text));
    }
    for (int dr = 0; dr < 2; ++dr) {
      for (int dc = 0; dc < 2; ++dc)
        c.cells.push_back(static_cast<std::uint32_t>((r + dr) * cols_ + col + dc));
    }
    for (std::size_t k = 1; k < it.args.size(); ++k) {
      if (!digit_of_value(it.args[k].text))
        return error_at(it.args[k].column, not_a_value(it.args[k].text));
      c.values.push_back(*parse_int(it.args[k].text));
    }
    if (c.values.size() > 4) return error_at(it.type.column, "a Quad lists at most 4 digits");
    add_clue(std::move(c));
    return std::nullopt;
  }
  // Lines: an optional LOOP at the end (sum lines only, in ISS).
  item body = it;
  if (!body.args.empty() && body.args.back().text == "LOOP") {
    if (*kind != clue_kind::sum_line) {
      return error_at(body.args.back().column, fmt::format("{} cannot be a loop", type));
    }
    body.args.pop_back();
    c.loop = true;
  }
  // A sum may name a cell twice (it counts twice), and a whisper may pass a
  // cell again (ISS's "Merry X/V-mas"), though not twice in a row.
  const bool repeats = *kind == clue_kind::sum || *kind == clue_kind::whisper;
  if (auto e = cells(body, first_cell, c.cells, !repeats)) return e;
  for (std::size_t i = 1; *kind == clue_kind::whisper && i < c.cells.size(); ++i) {
    if (c.cells[i] == c.cells[i - 1]) {
      return error_at(body.args[first_cell + i].column,
                      fmt::format("{} follows itself in Whisper", body.args[first_cell + i].text));
    }
  }
  if (*kind == clue_kind::sum) {
    // Weights, when given, are one per cell named (append_iss writes them
    // only then); a cell named twice counts twice (its weights added up).
    if (c.values.size() > 1 && c.values.size() != c.cells.size() + 1) {
      return error_at(it.args[0].column,
                      fmt::format("Sum has {} for {}", dlx::counted(c.values.size() - 1, "weight"),
                                  dlx::counted(c.cells.size(), "cell")));
    }
    std::vector<int> weights(c.values.size() > 1 ? c.values.begin() + 1 : c.values.end(),
                             c.values.end());
    if (weights.empty()) weights.assign(c.cells.size(), 1);
    std::vector<std::uint32_t> distinct;
    merge_repeats(c.cells, distinct, weights);
    if (distinct.size() != c.cells.size()) {
      c.cells = std::move(distinct);
      c.values.resize(1);
      c.values.insert(c.values.end(), weights.begin(), weights.end());
    }
  }
  const std::size_t k = c.cells.size();
  switch (*kind) {
    case clue_kind::white_dot:
    case clue_kind::black_dot:
    case clue_kind::x:
    case clue_kind::v:
    case clue_kind::greater_than:
      for (std::size_t i = 0; i < k; ++i) {
        bool has = false;
        for (std::size_t j = 0; j < k; ++j)
          has = has || v_.neighbours(c.cells[i], c.cells[j]);
        if (!has) {
          return error_at(it.args[first_cell + i].column,
                          fmt::format("{} has no orthogonal neighbour in the {}",
                                      it.args[first_cell + i].text, type));
        }
      }
      break;
    case clue_kind::entropic:
      if (n_ != 9) return error_at(it.type.column, "Entropic lines need a 9x9 board");
      if (lo_ != 1) return error_at(it.type.column, "Entropic lines need values 1-9, not 0-8");
      break;
    case clue_kind::modular:
      if (c.values[0] < 1)
        return error_at(it.args[0].column, "Modular needs a modulus of 1 or more");
      break;
    case clue_kind::same_values:
      if (c.values[0] < 1 || k % static_cast<std::size_t>(c.values[0]) != 0) {
        return error_at(it.args[0].column,
                        fmt::format("{} cells do not split into {} sets", k, c.values[0]));
      }
      break;
    case clue_kind::pill_arrow: {
      const int pill = c.values[0];
      if (pill != 2 && pill != 3) return error_at(it.args[0].column, "a pill has 2 or 3 cells");
      if (k <= static_cast<std::size_t>(pill)) {
        return error_at(it.type.column, "a PillArrow has more cells than its pill");
      }
      std::vector<std::uint32_t> p(c.cells.begin(), c.cells.begin() + pill);
      std::sort(p.begin(), p.end());
      for (std::size_t i = 1; i < p.size(); ++i) {
        const auto step = p[i] - p[i - 1];
        if (step != 1 && step != static_cast<std::uint32_t>(cols_) &&
            step != static_cast<std::uint32_t>(cols_ + 1)) {
          return error_at(it.args[1].column,
                          "the pill's cells must follow each other in reading order");
        }
      }
      break;
    }
    case clue_kind::double_arrow:
      if (k < 3) return error_at(it.type.column, "a DoubleArrow has at least 3 cells");
      break;
    case clue_kind::arrow:
      if (k < 2) return error_at(it.type.column, "an Arrow has a circle and at least one cell");
      break;
    case clue_kind::sum_line:
      if (c.values[0] < 1) return error_at(it.args[0].column, "a SumLine's sum is at least 1");
      break;
    default:
      break;
  }
  add_clue(std::move(c));
  return std::nullopt;
}

std::optional<text_error> reader::finish() {
  if (no_boxes_) v_.remove_boxes();
  for (auto& region : regions_) {
    if (auto e = v_.add_region(std::move(region))) return error_at(1, *e);
  }
  if (doppelganger_) doppelganger_units();
  for (std::uint32_t p : v_.all_cells()) {
    const std::uint64_t mask = masks_[p];
    if (std::popcount(mask) == 1 && !v_.is_variable(p)) {
      givens_.cells()[p] = static_cast<std::uint8_t>(std::countr_zero(mask));
    } else if (mask != v_.all_digits()) {
      v_.restrict_digits(p, mask);
    }
  }
  // A clue the model cannot state (too many options) is refused here, with
  // its place, rather than when a command builds the model (which may lower
  // the clues again with fewer weighted items: model.hpp). The lowering is
  // remembered (clue_model.hpp): the command's own model, a line written back
  // and read again (append_iss), or the same layout with other givens, does
  // not lower the clues again.
  // Only clues are lowered (cages and units are stated as they are).
  if (v_.clues().empty()) return std::nullopt;
  try {
    (void)sudoku::model(v_);
  } catch (const std::invalid_argument& e) {
    std::size_t column = 1;
    for (const item& it : items_) {
      if (!it.type.text.empty() &&
          std::string_view(e.what()).starts_with(fmt::format("{} at ", it.type.text))) {
        column = it.type.column;
        break;
      }
    }
    return error_at(column, e.what());
  }
  return std::nullopt;
}

}  // namespace detail::iss_read

bool is_iss(std::string_view line) noexcept {
  line = detail::strip_cr(line);
  // Asked of every line read without an option: an SDM line (a digit, or a
  // '.' then a digit or '.') is told apart by its first characters.
  const std::size_t first = detail::skip_blanks(line);
  const auto at = [&](std::size_t i) { return first + i < line.size() ? line[first + i] : ' '; };
  const char second = at(1);
  const bool letter = (second >= 'A' && second <= 'Z') || (second >= 'a' && second <= 'z');
  if (!(at(0) == '.' && (letter || second == '~')) && at(0) != 'h' && at(0) != 'H') return false;
  const auto [start, end] = detail::grid_field(line);
  const std::string_view word = line.substr(start, end - start);
  if (word[0] == '.') {
    if (word.find('~') != std::string_view::npos) return true;
    // Items alone (".NoBoxes.Windoku"): names of letters, one at least, and not
    // an SDM line of letters (16x16 and up), each character a digit of its size.
    const bool names = std::all_of(word.begin(), word.end(), [](char c) {
      return c == '.' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    });
    const bool named = word.find_first_not_of('.') != std::string_view::npos;
    const auto s = shape::for_cell_count(word.size());
    const bool sdm = s && std::all_of(word.begin(), word.end(), [&](char c) {
                       return c == '.' || (digit_value(c) >= 0 && digit_value(c) <= s->size());
                     });
    return names && named && !sdm;
  }
  if (!detail::is_web_link(word)) return false;
  for (std::string_view mark : {"?q=.", "&q=.", "?q=%2E", "&q=%2E", "?q=%2e", "&q=%2e"}) {
    if (word.find(mark) != std::string_view::npos) return true;
  }
  return false;
}

std::optional<text_error> parse_iss(std::string_view line, variant& v, grid& givens,
                                    sdm_fields* fields) {
  const std::string_view stripped = detail::strip_cr(line);
  const auto [start, end] = detail::grid_field(stripped);
  const std::string_view word = stripped.substr(start, end - start);
  if (!detail::is_web_link(word)) return detail::iss_read::reader(line, v, givens).run(fields);
  detail::iss_link q;
  if (auto e = detail::read_iss_link(word, start + 1, q)) return e;
  if (fields) *fields = {start, detail::trimmed_rest(stripped, end)};
  auto e = detail::iss_read::reader(q.text, v, givens).run(nullptr);
  // The reader's columns are those of the decoded string: back to the link's.
  if (e) {
    e->column = e->column - 1 < q.columns.size() ? q.columns[e->column - 1]
                : q.columns.empty()              ? q.value_column
                                                 : q.columns.back() + 1;
  }
  return e;
}

}  // namespace sudoku
