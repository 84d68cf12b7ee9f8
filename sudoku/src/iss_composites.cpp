// ISS's composite constraints (iss_reader.hpp): Replicate~TARGETS~ORIGIN,
// the items after it up to End a template, read again shifted so that the
// origin (R1C1 by default) falls on each target cell; Or and And, the items
// after them up to End the parts of a clue (clue_kind::any_of, all_of).
#include "iss_reader.hpp"

#include <utility>

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
    // (ChaosConstruction and Doppelganger make their variables wherever they
    // stand, before any Replicate is read: copies of none would leave them.)
    if (t == "Replicate" || t == "Or" || t == "And" || t == "ChaosConstruction" ||
        t == "Doppelganger") {
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

// Or or And, then its items (an Or or And among them, in turn), then End. An
// And outside any Or is its items, read as if it were not there (`as_items`:
// an Or read so), and so is an Or of one part; inside an Or, either is a part.
std::optional<text_error> reader::read_composite(std::size_t& at, std::vector<clue>* into,
                                                 bool as_items) {
  const item& head = items_[at];
  const std::string_view name = head.type.text;
  if (!head.args.empty())
    return error_at(head.args.front().column, fmt::format("{} takes no arguments", name));
  const bool flat = (name == "And" || as_items) && into == nullptr;
  const std::size_t start = at;
  std::vector<clue> parts;
  std::size_t i = at + 1;
  for (; i < items_.size() && items_[i].type.text != "End"; ++i) {
    const std::string_view type = items_[i].type.text;
    std::optional<text_error> e;
    if (type == "Or" || type == "And") {
      if (++depth_ > max_depth) {
        return error_at(items_[i].type.column,
                        fmt::format("Or and And nest at most {} deep", max_depth));
      }
      e = read_composite(i, flat ? nullptr : &parts);
      --depth_;
    } else if (flat) {
      e = type == "Replicate" ? read_replicate(i) : read(items_[i]);
    } else if (type == "Replicate") {
      e = error_at(items_[i].type.column, fmt::format("a Replicate inside {} is not supported",
                                                      name == "Or" ? "an Or" : "an And"));
    } else {
      e = read_part(items_[i], parts);
    }
    if (e) return e;
  }
  if (i == items_.size()) return error_at(head.type.column, fmt::format("{} has no End", name));
  at = i;
  if (flat) return std::nullopt;
  if (parts.empty()) return error_at(head.type.column, fmt::format("{} holds nothing", name));
  if (into == nullptr && parts.size() == 1) {
    // An Or of one part: its items, read again as the board's (a cage a
    // killer cage, a given the board's), as they are written back.
    at = start;
    return read_composite(at, nullptr, true);
  }
  clue made =
      parts.size() == 1
          ? std::move(parts.front())
          : composite_clue(name == "Or" ? clue_kind::any_of : clue_kind::all_of, std::move(parts));
  if (into != nullptr) {
    into->push_back(std::move(made));
  } else {
    add_clue(std::move(made));
  }
  return std::nullopt;
}

// One item inside an Or or And: the clues it makes and the values it leaves
// its cells (a Given's, LookAndSay's pencil marks) as one part; a Given's
// cells, a part each, as ISS makes a constraint of each. The board's shape,
// its regions and rules over the whole board are no part (ISS allows only
// lines, sets, givens, outside clues, pairwise rules and automata).
std::optional<text_error> reader::read_part(const item& it, std::vector<clue>& parts) {
  const std::string_view type = it.type.text;
  const auto kind = clue_kind_from_iss(type);
  if ((kind && is_global(*kind)) || type == "Shape" || type == "RegionSize" || type == "Var" ||
      type == "NoBoxes" || type == "Diagonal" || type == "Windoku" || type == "DisjointSets" ||
      type == "Jigsaw") {
    return error_at(it.type.column, fmt::format("{} cannot be part of an Or or And", type));
  }
  // A rank weighs every row and column (a rule of the search, rule.hpp, which
  // an Or's chain cannot hold).
  if (kind == clue_kind::full_rank || kind == clue_kind::chaos_arrow ||
      kind == clue_kind::chaos_count || kind == clue_kind::connected_values ||
      kind == clue_kind::search_priority) {
    return error_at(it.type.column, fmt::format("{} inside an Or or And is not supported", type));
  }
  // The values the item leaves, apart from the board's givens.
  std::vector<clue> made;
  std::vector<std::uint64_t> before =
      std::exchange(masks_, std::vector<std::uint64_t>(masks_.size(), v_.all_digits()));
  std::vector<clue>* outer = std::exchange(parts_, &made);
  auto e = read(it);
  parts_ = outer;
  std::swap(masks_, before);
  if (e) return e;
  for (std::size_t p = 0; p < before.size(); ++p) {
    if (before[p] == v_.all_digits()) continue;
    // A cell left no value: a part that cannot hold, which ISS's string
    // cannot write (refused rather than read as something else).
    if (before[p] == 0) {
      const int at = static_cast<int>(p);
      return error_at(
          it.type.column,
          fmt::format("{} leaves {} no value inside an Or or And (not supported)",
                      type.empty() ? "Given" : type, iss_cell_id(at / cols_, at % cols_)));
    }
    clue given{clue_kind::given, {static_cast<std::uint32_t>(p)}, {}, false};
    for (int d = 1; d <= n_; ++d) {
      if (before[p] >> d & 1) given.values.push_back(d - 1 + lo_);
    }
    made.push_back(std::move(given));
  }
  if (type.empty() || type == "Given" || made.size() == 1) {
    for (clue& c : made)
      parts.push_back(std::move(c));
  } else if (!made.empty()) {
    parts.push_back(composite_clue(clue_kind::all_of, std::move(made)));
  }
  return std::nullopt;
}

}  // namespace sudoku::detail::iss_read
