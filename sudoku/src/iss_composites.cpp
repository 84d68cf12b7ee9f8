// ISS's composite constraints (iss_reader.hpp): Replicate~TARGETS~ORIGIN,
// the items after it up to End a template, read again shifted so that the
// origin (R1C1 by default) falls on each target cell. ISS's Or and And are
// not read yet.
#include "iss_reader.hpp"

namespace sudoku::detail::iss_read {

// A copy of `it` with each cell (a field R1C1, or a given's R1C1_5) moved
// `rows` down and `columns` right; an error when one leaves the board.
std::optional<text_error> reader::shifted(const item& it, int rows, int columns, item& out) {
  out.type = it.type;
  out.args.clear();
  for (const field& f : it.args) {
    const std::size_t underscore = std::min(f.text.find('_'), f.text.size());
    std::optional<text_error> ignored;
    const auto p = f.text.size() >= 4 && (f.text[0] == 'R' || f.text[0] == 'r')
                       ? cell(field{f.text.substr(0, underscore), f.column}, ignored)
                       : std::nullopt;
    if (!p) {
      out.args.push_back(f);
      continue;
    }
    const int r = static_cast<int>(*p) / cols_ + rows, c = static_cast<int>(*p) % cols_ + columns;
    if (r < 0 || c < 0 || r >= rows_ || c >= cols_) {
      return error_at(f.column, fmt::format("{} shifted by the Replicate leaves the {}x{} board",
                                            f.text.substr(0, underscore), rows_, cols_));
    }
    made_.push_back(iss_cell_id(r, c) + std::string(f.text.substr(underscore)));
    out.args.push_back(field{made_.back(), f.column});
  }
  return std::nullopt;
}

// Replicate~TARGETS[~ORIGIN], then its items, then End. TARGETS is ISS's
// bitset of the cells, base64url, bit i for the cell i places after the
// origin in reading order.
std::optional<text_error> reader::read_replicate(std::size_t& at) {
  const item& head = items_[at];
  std::size_t end = at + 1;
  for (; end < items_.size() && items_[end].type.text != "End"; ++end) {
    const std::string_view t = items_[end].type.text;
    if (t == "Replicate" || t == "Or" || t == "And") {
      return error_at(items_[end].type.column,
                      fmt::format("{} inside a Replicate is not supported", t));
    }
  }
  if (end == items_.size()) return error_at(head.type.column, "Replicate has no End");
  if (head.args.size() > 2) {
    return error_at(head.args[2].column, "Replicate takes its targets and origin");
  }
  std::optional<text_error> e;
  std::uint32_t origin = 0;
  if (head.args.size() == 2) {
    const auto o = cell(head.args[1], e);
    if (!o) return e;
    origin = *o;
  }
  std::vector<std::uint32_t> targets;
  if (!head.args.empty()) {
    const field& bits = head.args[0];
    for (std::size_t i = 0; i < bits.text.size(); ++i) {
      const auto word = base64url.find(bits.text[i]);
      if (word == std::string_view::npos) {
        return error_at(bits.column + i, fmt::format("'{}' is not a character of Replicate's "
                                                     "targets (base64url)",
                                                     bits.text.substr(i, 1)));
      }
      for (std::size_t b = 0; b < 6; ++b) {
        if ((word >> b & 1) == 0) continue;
        const std::size_t p = origin + i * 6 + b;
        if (p >= v_.positions()) {
          return error_at(bits.column + i, "a target of the Replicate lies past the board");
        }
        targets.push_back(static_cast<std::uint32_t>(p));
      }
    }
  }
  const int r0 = static_cast<int>(origin) / cols_, c0 = static_cast<int>(origin) % cols_;
  for (const std::uint32_t t : targets) {
    for (std::size_t k = at + 1; k < end; ++k) {
      item copy;
      if (auto bad = shifted(items_[k], static_cast<int>(t) / cols_ - r0,
                             static_cast<int>(t) % cols_ - c0, copy))
        return bad;
      if (auto bad = read(copy)) return bad;
    }
  }
  at = end;
  return std::nullopt;
}

}  // namespace sudoku::detail::iss_read
