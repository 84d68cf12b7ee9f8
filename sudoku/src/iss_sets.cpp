// ISS's sets of cells and the lines read with them (iss_reader.hpp):
// AllDifferent, RellikCage, EqualityCage, ContainAtLeast, ContainExact,
// CountDistinct, CountingCircles, Lockout, RegionSumLine, EqualSum,
// ValueIndexing, Indexing, and the pairwise relations Pair and PairX (Binary and BinaryX,
// their older spellings).
#include "iss_reader.hpp"

#include <algorithm>

namespace sudoku::detail::iss_read {

// Pair~KEY~CELL...: KEY, ISS's table of the digit pairs allowed, a bit per
// pair (a, b) in the order (1,1), (1,2), ... (n,n), six to a character of
// base64url ('A' 0 ... '_' 63; Binary and BinaryX swap '-' and '_'). Then
// groups of cells, each a clue, between empty fields, a field starting
// with '_' naming the groups after it.
std::optional<text_error> reader::read_pairs(const item& it, clue_kind kind, bool legacy) {
  if (it.args.empty())
    return error_at(it.type.column, fmt::format("{} needs its key", it.type.text));
  const field& key = it.args[0];
  std::vector<int> table(static_cast<std::size_t>(n_), 0);
  const auto bits = static_cast<std::size_t>(n_ * n_);
  for (std::size_t i = 0; i < key.text.size(); ++i) {
    char ch = key.text[i];
    if (legacy && (ch == '-' || ch == '_')) ch = ch == '-' ? '_' : '-';
    const auto v = base64url.find(ch);
    if (v == std::string_view::npos) {
      return error_at(key.column + i, fmt::format("'{}' is not a character of {}'s key (base64url)",
                                                  key.text.substr(i, 1), it.type.text));
    }
    for (std::size_t b = 0; b < 6; ++b) {
      if ((v >> b & 1) == 0) continue;
      const std::size_t t = i * 6 + b;
      if (t >= bits) {
        return error_at(key.column + i,
                        fmt::format("{}'s key has more than the {} bits of a {}x{} table",
                                    it.type.text, bits, n_, n_));
      }
      table[t / static_cast<std::size_t>(n_)] |= 1 << (t % static_cast<std::size_t>(n_) + 1);
    }
  }
  clue c{kind, {}, table, false};
  std::optional<text_error> e;
  bool any = false;
  const auto flush = [&] {
    if (c.cells.empty()) return;
    add_clue(c);
    c.cells.clear();
    any = true;
  };
  for (std::size_t k = 1; k < it.args.size(); ++k) {
    const field& f = it.args[k];
    if (f.text.empty() || f.text.front() == '_') {
      flush();
      continue;
    }
    const auto p = cell(f, e);
    if (!p) return e;
    if (std::find(c.cells.begin(), c.cells.end(), *p) != c.cells.end()) {
      return error_at(f.column, fmt::format("{} appears twice in {}", f.text, it.type.text));
    }
    c.cells.push_back(*p);
  }
  flush();
  if (!any) return error_at(it.type.column, fmt::format("{} has no cells", it.type.text));
  return std::nullopt;
}

// RellikCage~sum~cells, Lockout~difference~cells, ContainAtLeast~1_2_2~cells
// (ContainExact alike), Indexing~C~cells (or R), the others cells alone.
std::optional<text_error> reader::read_set(const item& it, clue_kind kind) {
  if (kind == clue_kind::equal_sum) return read_segments(it);
  clue c{kind, {}, {}, false};
  std::size_t first_cell = 0;
  switch (kind) {
    case clue_kind::rellik_cage:
    case clue_kind::lockout: {
      int value = 0;
      if (auto e = number(it, 0, value, kind == clue_kind::lockout ? "difference" : "sum"))
        return e;
      c.values = {value};
      first_cell = 1;
      break;
    }
    case clue_kind::contain_at_least:
    case clue_kind::contain_exact: {
      if (it.args.empty())
        return error_at(it.type.column, fmt::format("{} needs its digits", it.type.text));
      const field& list = it.args[0];
      std::size_t from = 0;
      while (true) {
        const auto next = list.text.find('_', from);
        const std::string_view part = list.text.substr(from, next - from);
        if (!digit_of_value(part)) return error_at(list.column + from, not_a_value(part));
        c.values.push_back(*parse_int(part));
        if (next == std::string_view::npos) break;
        from = next + 1;
      }
      first_cell = 1;
      break;
    }
    case clue_kind::indexing: {
      if (it.args.empty() || (it.args[0].text != "C" && it.args[0].text != "R")) {
        return error_at(it.args.empty() ? it.type.column : it.args[0].column,
                        "Indexing is by column (C) or row (R), as in Indexing~C~R1C1");
      }
      c.values = {it.args[0].text == "R" ? 1 : 0};
      first_cell = 1;
      break;
    }
    default:
      break;
  }
  // A value-indexing line may name a cell again (ISS's "Bates Motel": its
  // second cell first on the line it indexes); the chain reads each time
  // the one digit of the cell (model.hpp).
  if (auto e = cells(it, first_cell, c.cells, kind != clue_kind::value_indexing)) return e;
  const std::size_t k = c.cells.size();
  const auto too_few = [&](std::size_t least, std::string_view what) -> std::optional<text_error> {
    if (k >= least) return std::nullopt;
    return error_at(it.type.column, fmt::format("{} {}", it.type.text, what));
  };
  switch (kind) {
    case clue_kind::all_different:
    case clue_kind::rellik_cage:
    case clue_kind::equality_cage:
      if (k > static_cast<std::size_t>(n_)) {
        return error_at(it.type.column,
                        fmt::format("{} cells cannot hold different digits 1-{}", k, n_));
      }
      if (kind == clue_kind::equality_cage && k % 2 != 0) {
        return error_at(it.type.column, "an EqualityCage has an even number of cells");
      }
      break;
    case clue_kind::contain_at_least:
    case clue_kind::contain_exact:
      if (c.values.size() > k) {
        return error_at(it.args[0].column, fmt::format("{} lists {} digits for {} cells",
                                                       it.type.text, c.values.size(), k));
      }
      break;
    case clue_kind::lockout:
      if (auto e = too_few(2, "has two ends")) return e;
      break;
    case clue_kind::value_indexing:
      if (auto e = too_few(3, "has at least 3 cells")) return e;
      break;
    default:
      break;
  }
  add_clue(std::move(c));
  return std::nullopt;
}

// LookAndSay~1223~cells: (count, value) pairs of single decimal digits, one
// 2 and two 3s, exactly; a count of 0 keeps the value out. Said with the
// generic rules, as ISS's handlers do: a ContainExact of the counted values
// and, for those counted 0, pencil marks on every cell.
std::optional<text_error> reader::read_look_and_say(const item& it) {
  if (it.args.empty()) return error_at(it.type.column, "LookAndSay needs its clue");
  const field& clue_field = it.args[0];
  const std::string_view text = clue_field.text;
  if (text.empty() || text.size() % 2 != 0 ||
      !std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    return error_at(
        clue_field.column,
        fmt::format("'{}' is not a LookAndSay clue of (count, value) digit pairs", text));
  }
  clue c{clue_kind::contain_exact, {}, {}, false};
  std::uint64_t excluded = 0;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const int count = text[i] - '0';
    const auto digit = digit_of_value(text.substr(i + 1, 1));
    if (!digit) return error_at(clue_field.column + i + 1, not_a_value(text.substr(i + 1, 1)));
    const int value = text[i + 1] - '0';
    if (count != 0 && std::find(c.values.begin(), c.values.end(), value) != c.values.end()) {
      return error_at(clue_field.column + i,
                      fmt::format("LookAndSay counts {} twice in {}", value, text));
    }
    if (count == 0) excluded |= std::uint64_t{1} << *digit;
    c.values.insert(c.values.end(), static_cast<std::size_t>(count), value);
  }
  if (auto e = cells(it, 1, c.cells)) return e;
  if (c.values.size() > c.cells.size()) {
    return error_at(clue_field.column, fmt::format("LookAndSay~{} counts {} values for {} cells",
                                                   text, c.values.size(), c.cells.size()));
  }
  for (std::uint32_t p : c.cells)
    masks_[p] &= ~excluded;
  if (!c.values.empty()) add_clue(std::move(c));
  return std::nullopt;
}

// EqualSum~CELL...~-~CELL...: segments between '-' fields, each of one cell
// or more (a cell may be in several, or twice in one: it counts each time).
std::optional<text_error> reader::read_segments(const item& it) {
  clue c{clue_kind::equal_sum, {}, {}, false};
  std::optional<text_error> e;
  std::size_t from = 0;
  for (std::size_t k = 0; k <= it.args.size(); ++k) {
    if (k < it.args.size() && it.args[k].text != "-") {
      const auto p = cell(it.args[k], e);
      if (!p) return e;
      c.cells.push_back(*p);
      continue;
    }
    if (c.cells.size() == from) {
      return error_at(k < it.args.size() ? it.args[k].column : it.type.column,
                      "an EqualSum segment has no cells");
    }
    c.values.push_back(static_cast<int>(c.cells.size() - from));
    from = c.cells.size();
  }
  add_clue(std::move(c));
  return std::nullopt;
}

}  // namespace sudoku::detail::iss_read
