// ISS's chaos constructions (iss_reader.hpp): ChaosConstruction, whose
// regions are variables, CC1, CC2, ... the region of each board cell in
// reading order (ISS's names; clue_kind::chaos_construction says the rest),
// and the clues that read them: ChaosArrow~CONTROL~OFFSET~ARM~-~ARM... and
// ChaosCount~CONTROL~OFFSET~CELL..., their cells after the control region
// cells. A control alone takes ISS's defaults: an arrow's arms run from its
// own region cell to the four edges, a count counts the 3x3 area round it.
#include "iss_reader.hpp"

namespace sudoku::detail::iss_read {

std::optional<text_error> reader::chaos_cells(const item& it) {
  // (Read again as a rule, which refuses its arguments and a Raw grid.)
  if (chaos_ || raw_ || !it.args.empty()) return std::nullopt;
  if (region_size_ != n_ || (rows_ * cols_) % n_ != 0) {
    return error_at(it.type.column,
                    "ChaosConstruction needs regions of as many cells as values (not supported "
                    "otherwise)");
  }
  chaos_ = true;
  v_.add_variables("CC", "Chaos regions", rows_ * cols_, cols_);
  return std::nullopt;
}

std::optional<text_error> reader::read_chaos(const item& it, clue_kind kind) {
  const std::string_view type = it.type.text;
  if (!chaos_) return error_at(it.type.column, fmt::format("{} needs ChaosConstruction", type));
  if (it.args.empty())
    return error_at(it.type.column, fmt::format("{} needs its control cell", type));
  std::optional<text_error> e;
  const auto control = cell(it.args[0], e);
  if (!control) return e;
  if (v_.is_variable(*control)) {
    return error_at(it.args[0].column,
                    fmt::format("{}'s control is a board cell, not {}", type, it.args[0].text));
  }
  int offset = 0;
  if (it.args.size() > 1 && !it.args[1].text.empty()) {
    if (it.args[1].text != "0" && it.args[1].text != "1") {
      return error_at(
          it.args[1].column,
          fmt::format("{}'s offset is 0 (count the first cell) or 1 (leave it out)", type));
    }
    offset = it.args[1].text == "1" ? 1 : 0;
  }
  const std::uint32_t regions = v_.variables_named("CC")->first;
  const auto region_of = [&](int r, int c) {
    return regions + static_cast<std::uint32_t>(r * cols_ + c);
  };
  const int r0 = static_cast<int>(*control) / cols_, c0 = static_cast<int>(*control) % cols_;
  clue out{kind, {*control}, {offset}, false};
  // The region cells, arms split at '-'.
  std::vector<std::vector<std::uint32_t>> arms(1);
  for (std::size_t k = 2; k < it.args.size(); ++k) {
    const field& f = it.args[k];
    if (f.text == "-" && kind == clue_kind::chaos_arrow) {
      arms.emplace_back();
      continue;
    }
    const auto p = cell(f, e);
    if (!p) return e;
    if (*p < regions || *p >= regions + static_cast<std::uint32_t>(rows_ * cols_)) {
      return error_at(f.column,
                      fmt::format("{}'s cells after its control are region cells (CC1...), not {}",
                                  type, f.text));
    }
    arms.back().push_back(*p);
  }
  if (std::any_of(arms.begin(), arms.end(), [](const auto& a) { return a.empty(); }) &&
      arms.size() > 1) {
    return error_at(it.type.column, fmt::format("{} has an arm of no cells", type));
  }
  if (arms.front().empty()) {
    if (kind == clue_kind::chaos_arrow) {
      // Left, right, up and down from the control's region to the edge.
      arms.clear();
      for (const auto& [dr, dc] : {std::pair{0, -1}, {0, 1}, {-1, 0}, {1, 0}}) {
        std::vector<std::uint32_t> arm;
        for (int r = r0, c = c0; r >= 0 && c >= 0 && r < rows_ && c < cols_; r += dr, c += dc)
          arm.push_back(region_of(r, c));
        arms.push_back(std::move(arm));
      }
    } else {
      // Its own region, then the eight round it (ISS's order).
      for (const auto& [dr, dc] : {std::pair{0, 0},
                                   {-1, 0},
                                   {1, 0},
                                   {0, -1},
                                   {0, 1},
                                   {-1, -1},
                                   {-1, 1},
                                   {1, -1},
                                   {1, 1}}) {
        const int r = r0 + dr, c = c0 + dc;
        if (r >= 0 && c >= 0 && r < rows_ && c < cols_) arms.front().push_back(region_of(r, c));
      }
    }
  }
  for (const auto& arm : arms) {
    if (arm.front() != arms.front().front()) {
      return error_at(it.type.column, fmt::format("{}'s arms must start at one region cell", type));
    }
    out.cells.insert(out.cells.end(), arm.begin(), arm.end());
    if (kind == clue_kind::chaos_arrow) out.values.push_back(static_cast<int>(arm.size()));
  }
  add_clue(std::move(out));
  return std::nullopt;
}

// ConnectedValues~GROUP~VALUES~SIZE: GROUP a group of variables' name (VA,
// CC), or empty for the board; VALUES 1_2; SIZE empty or a cell count.
std::optional<text_error> reader::read_connected_values(const item& it) {
  if (it.args.size() < 2 || it.args.size() > 3) {
    return error_at(it.type.column,
                    "ConnectedValues takes a group (or nothing), values and a size, as "
                    "ConnectedValues~~1_2~4");
  }
  clue out{clue_kind::connected_values, {}, {0}, false};
  const field& group = it.args[0];
  if (group.text.empty()) {
    for (int p = 0; p < rows_ * cols_; ++p)
      out.cells.push_back(static_cast<std::uint32_t>(p));
  } else {
    // A chaos construction's labels are named in order of first appearance,
    // ISS's otherwise: which cells hold a label is not ISS's.
    if (group.text == "CC") {
      return error_at(group.column,
                      "ConnectedValues over a chaos construction's labels is not supported");
    }
    const variable_group* g = v_.variables_named(group.text);
    if (g == nullptr) {
      return error_at(group.column, fmt::format("no group of variables named '{}'", group.text));
    }
    for (int k = 0; k < g->count; ++k)
      out.cells.push_back(g->first + static_cast<std::uint32_t>(k));
  }
  const std::string_view values = it.args[1].text;
  std::size_t from = 0;
  std::uint64_t seen = 0;
  while (true) {
    const auto next = values.find('_', from);
    const std::string_view part = values.substr(from, next - from);
    const auto d = digit_of_value(part);
    if (!d) return error_at(it.args[1].column + from, not_a_value(part));
    if (seen >> *d & 1) {
      return error_at(it.args[1].column + from,
                      fmt::format("{} is listed twice in ConnectedValues", part));
    }
    seen |= std::uint64_t{1} << *d;
    out.values.push_back(*parse_int(part));
    if (next == std::string_view::npos) break;
    from = next + 1;
  }
  if (it.args.size() == 3 && !it.args[2].text.empty()) {
    int size = 0;
    if (auto e = number(it, 2, size, "size")) return e;
    if (size < 1 || size > static_cast<int>(out.cells.size())) {
      return error_at(it.args[2].column,
                      fmt::format("ConnectedValues' size must be 1-{}", out.cells.size()));
    }
    out.values[0] = size;
  }
  add_clue(std::move(out));
  return std::nullopt;
}

// SearchPriority~PRIORITY~CELLS: no rule (ISS's search order), kept.
std::optional<text_error> reader::read_search_priority(const item& it) {
  int priority = 0;
  if (auto e = number(it, 0, priority, "priority")) return e;
  clue out{clue_kind::search_priority, {}, {priority}, false};
  if (auto e = cells(it, 1, out.cells)) return e;
  add_clue(std::move(out));
  return std::nullopt;
}

}  // namespace sudoku::detail::iss_read
