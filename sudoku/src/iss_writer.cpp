// Writing ISS constraint strings (iss.hpp); the reader is iss.cpp.
#include <fmt/core.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "clue_automaton.hpp"
#include "iss_detail.hpp"
#include "sudoku/iss.hpp"

namespace sudoku {

namespace {

std::string cell_id(const variant& v, std::uint32_t p) {
  if (v.is_variable(p)) return v.cell_name(p);  // VA1
  return detail::iss_cell_id(static_cast<int>(p) / v.columns(), static_cast<int>(p) % v.columns());
}

void append_cells(const variant& v, const std::vector<std::uint32_t>& cells, std::string& out) {
  for (std::uint32_t p : cells) {
    out += '~';
    out += cell_id(v, p);
  }
}

// One clue as an item: '.', its type, its fields.
bool append_clue(const variant& v, const clue& c, std::string& out) {
  const int n = v.digits(), columns = v.columns();
  switch (c.kind) {
    case clue_kind::given:  // ISS's short form, .~R1C1_5, a cell an item
      if (c.cells.size() != 1) out += ".And";
      for (const std::uint32_t p : c.cells) {
        out += ".~" + cell_id(v, p);
        for (const int value : c.values)
          out += fmt::format("_{}", value);
      }
      if (c.cells.size() != 1) out += ".End";
      return !c.cells.empty();
    case clue_kind::any_of:
    case clue_kind::all_of:
      out += '.';
      out += iss_name(c.kind);
      for (const clue& part : c.parts) {
        if (!append_clue(v, part, out)) return false;
      }
      out += ".End";
      return true;
    default:
      break;
  }
  out += '.';
  out += iss_name(c.kind);
  const auto& cells = c.cells;
  switch (c.kind) {
    case clue_kind::little_killer:
      out += fmt::format("~{}~{}", c.values.at(0), cell_id(v, cells.front()));
      return true;
    case clue_kind::sandwich:
    case clue_kind::x_sum:
    case clue_kind::skyscraper:
    case clue_kind::hidden_skyscraper:
    case clue_kind::numbered_room:
    case clue_kind::full_rank: {
      const int step =
          cells.size() > 1 ? static_cast<int>(cells[1]) - static_cast<int>(cells[0]) : 1;
      // A line of one cell is a row on a board one cell wide, else a column;
      // a longer one a row when its first two cells share one (on a board
      // one cell wide a column also steps by 1: the fuzzer's).
      const bool is_row = cells.size() > 1 ? static_cast<int>(cells[0]) / columns ==
                                                 static_cast<int>(cells[1]) / columns
                                           : columns == 1;
      const bool reversed = step < 0;
      const int line =
          is_row ? static_cast<int>(cells[0]) / columns : static_cast<int>(cells[0]) % columns;
      const std::string id = fmt::format("{}{}", is_row ? 'R' : 'C', line + 1);
      if (c.kind == clue_kind::sandwich) {
        out += fmt::format("~{}~{}", c.values.at(0), id);
      } else {
        out += reversed ? fmt::format("~{}~~{}", id, c.values.at(0))
                        : fmt::format("~{}~{}~", id, c.values.at(0));
      }
      return true;
    }
    case clue_kind::quad:
      out += '~' + cell_id(v, cells.front());
      for (int d : c.values)
        out += fmt::format("~{}", d);
      return true;
    case clue_kind::sum:
      if (c.values.size() == cells.size() + 1) {
        out += fmt::format("~{}_=", c.values[0]);
        for (std::size_t i = 1; i < c.values.size(); ++i)
          out += fmt::format("_{}", c.values[i]);
      } else {
        out += fmt::format("~{}", c.values.at(0));
      }
      break;
    case clue_kind::cage:
      out += c.values.empty() ? "~" : fmt::format("~{}", c.values[0]);
      break;
    case clue_kind::contain_at_least:
    case clue_kind::contain_exact:
      for (std::size_t i = 0; i < c.values.size(); ++i)
        out += fmt::format("{}{}", i == 0 ? '~' : '_', c.values[i]);
      break;
    case clue_kind::pair:
    case clue_kind::pair_x: {
      // ISS's key: a bit per digit pair, six to a base64url character.
      std::string key;
      for (int t = 0; t < n * n; t += 6) {
        int six = 0;
        for (int b = 0; b < 6 && t + b < n * n; ++b) {
          const auto row = static_cast<std::size_t>((t + b) / n);
          if (row < c.values.size()) six |= (c.values[row] >> ((t + b) % n + 1) & 1) << b;
        }
        key += detail::base64url[static_cast<std::size_t>(six)];
      }
      while (!key.empty() && key.back() == 'A')
        key.pop_back();
      out += "~" + key;
      break;
    }
    case clue_kind::indexing:
      out += c.values.at(0) == 1 ? "~R" : "~C";
      break;
    case clue_kind::chaos_arrow:
    case clue_kind::chaos_count: {
      // The control, the offset, then the region cells (arms split by '-').
      out += '~' + cell_id(v, cells.front());
      out += fmt::format("~{}", c.values.at(0));
      std::size_t at = 1;
      const std::size_t arms = c.kind == clue_kind::chaos_arrow ? c.values.size() - 1 : 1;
      for (std::size_t a = 0; a < arms; ++a) {
        if (a > 0) out += "~-";
        const std::size_t length = c.kind == clue_kind::chaos_arrow
                                       ? static_cast<std::size_t>(c.values.at(a + 1))
                                       : cells.size() - 1;
        for (std::size_t i = 0; i < length && at < cells.size(); ++i)
          out += '~' + cell_id(v, cells[at++]);
      }
      return true;
    }
    case clue_kind::connected_values: {
      // The group (none: the board), the values, the size if any.
      out += '~';
      for (const variable_group& g : v.variables()) {
        if (cells.front() == g.first && v.is_variable(g.first)) out += g.name;
      }
      for (std::size_t i = 1; i < c.values.size(); ++i)
        out += fmt::format("{}{}", i == 1 ? '~' : '_', c.values[i]);
      if (c.values.at(0) != 0) out += fmt::format("~{}", c.values[0]);
      return true;
    }
    case clue_kind::full_rank_ties:
      out += '~';
      out += detail::full_rank_tie_names.at(static_cast<std::size_t>(c.values.at(0)));
      return true;
    case clue_kind::nfa: {
      // The automaton, an empty name (_), then the segments between '-' fields.
      const auto a = detail::automaton::from_values(c.values);
      if (!a) return false;
      const std::string encoded = detail::encode_iss_nfa(*a);
      if (encoded.empty()) return false;
      out += '~';
      out += encoded;
      out += "~_";
      std::size_t at = 0;
      for (std::size_t s = 0; s < a->segments.size(); ++s) {
        if (s > 0) out += "~-";
        for (std::size_t i = 0; i < a->segments[s]; ++i) {
          out += '~';
          out += cell_id(v, cells[at++]);
        }
      }
      return true;
    }
    case clue_kind::equal_sum: {
      std::size_t at = 0;
      for (std::size_t s = 0; s < c.values.size(); ++s) {
        if (s > 0) out += "~-";
        const auto length = static_cast<std::size_t>(c.values[s]);
        append_cells(
            v,
            std::vector<std::uint32_t>(cells.begin() + static_cast<std::ptrdiff_t>(at),
                                       cells.begin() + static_cast<std::ptrdiff_t>(at + length)),
            out);
        at += length;
      }
      return true;
    }
    default:
      for (int value : c.values)
        out += fmt::format("~{}", value);
      break;
  }
  append_cells(v, cells, out);
  if (c.loop) out += "~LOOP";
  return true;
}

}  // namespace

bool append_iss(const variant& v, const grid& givens, std::string& out) {
  const int n = v.digits();
  const int rows = v.rows(), columns = v.columns(), side = std::max(rows, columns);
  const bool square = rows == n && columns == n;
  const bool raw = v.units().empty();  // variant::raw_board: ISS's grid type Raw
  if (v.parts() != 1 || (square && !raw && detail::iss_shape(n) != v.shape()) || n > 16 ||
      side > 16)
    return false;
  // A board (variant::board): its boxes as ISS lays them out for their size,
  // or none (then NoBoxes where ISS would draw some).
  int region_size = side;
  bool no_boxes = false;
  if (!square && !raw) {
    const auto box = std::find_if(v.units().begin(), v.units().end(),
                                  [](const unit& u) { return u.kind == unit_kind::box; });
    if (box != v.units().end()) {
      // (Its cells on the board: a Doppelganger's box holds a variable too.)
      const auto on_board = static_cast<std::size_t>(
          std::count_if(box->cells.begin(), box->cells.end(),
                        [&](std::uint32_t p) { return !v.is_variable(p); }));
      region_size = static_cast<int>(on_board);
      const auto dims = detail::iss_box_dims(rows, columns, region_size);
      const auto width =
          static_cast<int>(box->cells[on_board - 1] % static_cast<std::uint32_t>(columns) -
                           box->cells.front() % static_cast<std::uint32_t>(columns)) +
          1;
      if (!dims || dims->second != width) return false;
    } else {
      // Jigsaw pieces say the region size instead.
      const auto region = std::find_if(v.units().begin(), v.units().end(),
                                       [](const unit& u) { return u.kind == unit_kind::region; });
      if (region != v.units().end()) region_size = static_cast<int>(region->cells.size());
      no_boxes = detail::iss_box_dims(rows, columns, region_size).has_value();
    }
  }
  const std::size_t start = out.size();
  const std::string range = v.first_value() != 1
                                ? fmt::format("~{}-{}", v.first_value(), v.value_of(n))
                            : n != side ? fmt::format("~{}", n)
                                        : std::string();
  if (raw) {
    out += fmt::format(".Shape~{}x{}~{}~Raw", rows, columns, range.empty() ? "" : range.substr(1));
  } else if (!square || n != 9 || !range.empty()) {
    out += fmt::format(".Shape~{}x{}{}", rows, columns, range);
  }
  if (region_size != side) out += fmt::format(".RegionSize~{}", region_size);
  if (no_boxes) out += ".NoBoxes";
  for (const variable_group& g : v.variables()) {
    // ISS leaves out a size of 1, then an empty label.
    if (!g.name.starts_with('V')) continue;  // a rule's own (not ISS's Var)
    const std::string size = g.columns != 0 ? fmt::format("{}x{}", g.count / g.columns, g.columns)
                                            : fmt::format("{}", g.count);
    // (Appended piece by piece: GCC 12 warns of an overlap in "~" + a string.)
    out += ".Var~";
    out.append(g.name, 1);
    if (size != "1") {
      out += fmt::format("~{}~{}", detail::iss_encode_label(g.label), size);
    } else if (!g.label.empty()) {
      out += fmt::format("~{}", detail::iss_encode_label(g.label));
    }
  }
  std::string given, emptied;
  for (std::uint32_t p : v.all_cells()) {
    const int d = v.is_variable(p) ? 0 : givens.cells()[p];
    const std::uint64_t mask = d ? std::uint64_t{1} << d : v.candidates(p);
    if (mask == v.all_digits()) continue;
    given += '~';
    given += cell_id(v, p);
    for (int x = 1; x <= n; ++x) {
      if (mask >> x & 1) given += fmt::format("_{}", v.value_of(x));
    }
    // A cell left no digit (.~R1C1_5.~R1C1_6): the reader wants a digit in
    // each given, and intersects a cell's givens, so 1 here and 2 later.
    if (mask == 0) {
      given += fmt::format("_{}", v.value_of(1));
      emptied += fmt::format(".~{}_{}", cell_id(v, p), v.value_of(2));
    }
  }
  if (!given.empty()) out += "." + given + emptied;
  if (!v.has(unit_kind::box) && square && !raw) out += ".NoBoxes";
  if (v.has(unit_kind::region)) {
    // Cells in no region ('-': ISS's one group of another size) stay free.
    std::string layout(v.positions(), '-');
    int r = 0;
    for (const unit& u : v.units()) {
      if (u.kind != unit_kind::region) continue;
      for (std::uint32_t p : u.cells)
        layout[p] = r < 26 ? static_cast<char>('A' + r) : static_cast<char>('a' + r - 26);
      ++r;
    }
    out += ".Jigsaw~" + layout;
  }
  // In the units' order, which the reader keeps (.Windoku.Diagonal~1 is not
  // the variant of .Diagonal~1.Windoku).
  bool windows = false, disjoint = false;
  for (const unit& u : v.units()) {
    if (u.kind == unit_kind::diagonal) out += u.index == 0 ? ".Diagonal~-1" : ".Diagonal~1";
    if (u.kind == unit_kind::window && !windows) out += ".Windoku";
    if (u.kind == unit_kind::disjoint && !disjoint) out += ".DisjointSets";
    windows = windows || u.kind == unit_kind::window;
    disjoint = disjoint || u.kind == unit_kind::disjoint;
  }
  for (const cage& c : v.cages()) {
    out += fmt::format(".Cage~{}", c.sum);
    append_cells(v, c.cells, out);
  }
  const clue* last = nullptr;
  for (const clue& c : v.clues()) {
    // Tables alike one after another (a negative constraint's, one per pair of
    // neighbours) are one item, their lines in groups: Pair~KEY~a~b~~c~d.
    const bool grouped = last != nullptr && last->kind == c.kind && last->values == c.values &&
                         (c.kind == clue_kind::pair || c.kind == clue_kind::pair_x);
    last = &c;
    if (grouped) {
      out += '~';
      append_cells(v, c.cells, out);
      continue;
    }
    if (!append_clue(v, c, out)) return false;
  }
  if (out.size() == start) out += ".";
  return true;
}

}  // namespace sudoku
