// ISS's sets of cells and the lines read with them (iss_reader.hpp):
// AllDifferent, RellikCage, EqualityCage, ContainAtLeast, ContainExact,
// CountDistinct, CountingCircles, Lockout, RegionSumLine, ValueIndexing and
// Indexing.
#include "iss_reader.hpp"

#include <algorithm>

namespace sudoku::detail::iss_read {

// RellikCage~sum~cells, Lockout~difference~cells, ContainAtLeast~1_2_2~cells
// (ContainExact alike), Indexing~C~cells (or R), the others cells alone.
std::optional<text_error> reader::read_set(const item& it, clue_kind kind) {
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
        const auto d = parse_int(part);
        if (!d || *d < 1 || *d > n_ || part.front() == '+') {
          return error_at(list.column + from, fmt::format("'{}' is not a digit 1-{}", part, n_));
        }
        c.values.push_back(*d);
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
  if (auto e = cells(it, first_cell, c.cells)) return e;
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
  v_.add_clue(std::move(c));
  return std::nullopt;
}

}  // namespace sudoku::detail::iss_read
