#include "dlx/format.hpp"

#include <fmt/core.h>

#include <unordered_set>

namespace dlx {

parse_error::parse_error(std::string file, std::size_t line, std::size_t column,
                         std::string message)
    : std::runtime_error(fmt::format("{}:{}:{}: {}", file, line, column, message)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

std::string diagnostic::to_string() const {
  return fmt::format("{}:{}:{}: warning: {}", file, line, column, message);
}

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

// A printable rendering of an offending name for messages (it may hold bytes
// that would garble a terminal).
std::string quoted(std::string_view name) {
  std::string out = "'";
  for (char c : name.substr(0, 64)) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  if (name.size() > 64) out += "...";
  return out + "'";
}

struct token {
  std::string_view text;
  std::size_t column;  // 1-based
};

// Splits a line at blanks; the column is the byte offset of the token plus one.
template <class F>
void for_each_token(std::string_view line, F&& f) {
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i]))
      ++i;
    if (i == line.size()) break;
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i]))
      ++i;
    f(token{line.substr(start, i - start), start + 1});
  }
}

bool is_comment_or_blank(std::string_view line) {
  for (char c : line) {
    if (is_blank(c)) continue;
    return c == '|';
  }
  return true;
}

class reader {
 public:
  reader(std::istream& in, std::string_view source, const read_limits& limits)
      : lines_(in, limits.max_line_length), source_(source), limits_(limits) {}

  dlx_file read() {
    text_line line;
    bool have_items = false;
    while (lines_.next(line)) {
      check_line(line);
      if (is_comment_or_blank(line.text)) continue;
      if (!have_items) {
        read_items(line);
        have_items = true;
      } else {
        read_option(line);
      }
    }
    if (lines_.read_error()) fail(line.number + 1, 1, "read error");
    if (!have_items) {
      fail(std::max<std::size_t>(line.number, 1), 1,
           "no item line: the input has only comments and blank lines");
    }
    return std::move(file_);
  }

 private:
  [[noreturn]] void fail(std::size_t line, std::size_t column, std::string message) const {
    throw parse_error(std::string(source_), line, column, std::move(message));
  }

  void check_line(const text_line& line) const {
    if (line.too_long) {
      fail(line.number, lines_.max_line() + 1,
           fmt::format("line too long (more than {} bytes)", lines_.max_line()));
    }
    for (std::size_t i = 0; i < line.text.size(); ++i) {
      const auto u = static_cast<unsigned char>(line.text[i]);
      if ((u < 0x20 && !is_blank(line.text[i])) || u == 0x7f) {
        fail(line.number, i + 1, fmt::format("control character \\x{:02x}", u));
      }
    }
  }

  void read_items(const text_line& line) {
    bool secondary = false;
    std::string_view text = line.text;
    std::size_t offset = 0;
    // DLX1 reads '|' at the start of a token as the separator, even when a name
    // follows it directly ("a |b"); so do we. Inside a token, '|' ends DLX3's
    // bounds: "u:v|name" or "v|name".
    while (offset < text.size()) {
      while (offset < text.size() && is_blank(text[offset]))
        ++offset;
      if (offset == text.size()) break;
      if (text[offset] == '|') {
        if (secondary) fail(line.number, offset + 1, "the item line has '|' twice");
        secondary = true;
        ++offset;
        continue;
      }
      const std::size_t start = offset;
      while (offset < text.size() && !is_blank(text[offset]))
        ++offset;
      read_item(line, token{text.substr(start, offset - start), start + 1}, secondary);
    }
    if (file_.problem.item_count() == 0) fail(line.number, 1, "the item line names no items");
    if (file_.problem.primary_count() == 0) {
      fail(line.number, 1, "the item line names no primary items");
    }
  }

  // One token of the item line: a name, or for a primary item "v|name" or
  // "u:v|name" (DLX3's bounds: covered at least u and at most v times), or
  // anywhere "lo..hi|name" (a weighted item whose total lies in [lo, hi]).
  void read_item(const text_line& line, token t, bool secondary) {
    const std::size_t bar = t.text.find('|');
    if (bar == std::string_view::npos) {
      add_item(line, t, secondary ? item_kind::secondary : item_kind::primary, item_bounds{});
      return;
    }
    const std::string_view spec = t.text.substr(0, bar);
    if (const std::size_t dots = spec.find(".."); dots != std::string_view::npos) {
      const std::int64_t lower = read_integer(line, spec.substr(0, dots), t.column, "bound");
      const std::int64_t upper =
          read_integer(line, spec.substr(dots + 2), t.column + dots + 2, "bound");
      if (lower > upper) {
        fail(line.number, t.column,
             fmt::format("weighted item bounds {}..{}: the lower exceeds the upper", lower, upper));
      }
      const token name{t.text.substr(bar + 1), t.column + bar + 1};
      if (name.text.empty()) fail(line.number, name.column, "bounds without an item name");
      check_new_name(line, name);
      file_.problem.add_weighted_item(name.text, weight_bounds{lower, upper});
      weight_seen_.push_back(0);
      return;
    }
    if (secondary) {
      fail(line.number, t.column,
           fmt::format("bounds {} on secondary item {}: only primary items have bounds",
                       quoted(spec), quoted(t.text.substr(bar + 1))));
    }
    const std::size_t colon = spec.find(':');
    if (colon != std::string_view::npos && spec.find(':', colon + 1) != std::string_view::npos) {
      fail(line.number, t.column + spec.find(':', colon + 1),
           fmt::format("malformed bounds {}: more than two numbers (bounds are written u:v|name "
                       "or v|name)",
                       quoted(spec)));
    }
    const std::string_view lower_text =
        colon == std::string_view::npos ? spec : spec.substr(0, colon);
    const std::string_view upper_text =
        colon == std::string_view::npos ? spec : spec.substr(colon + 1);
    const std::uint32_t lower = read_bound(line, lower_text, t.column);
    const std::uint32_t upper =
        read_bound(line, upper_text, t.column + (colon == std::string_view::npos ? 0 : colon + 1));
    if (upper == 0) {
      fail(line.number, t.column, "upper bound 0: an item's upper bound must be at least 1");
    }
    if (lower > upper) {
      fail(line.number, t.column,
           fmt::format("lower bound {} exceeds upper bound {}", lower, upper));
    }
    const token name{t.text.substr(bar + 1), t.column + bar + 1};
    if (name.text.empty()) fail(line.number, t.column + bar + 1, "bounds without an item name");
    add_item(line, name, item_kind::primary, item_bounds{lower, upper});
  }

  std::uint32_t read_bound(const text_line& line, std::string_view digits, std::size_t column) {
    if (digits.empty()) fail(line.number, column, "malformed bounds: a number is missing");
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (digits[i] < '0' || digits[i] > '9') {
        fail(line.number, column + i,
             fmt::format("malformed bounds: {} is not a number (bounds are written u:v|name "
                         "or v|name)",
                         quoted(digits)));
      }
      value = value * 10 + static_cast<unsigned>(digits[i] - '0');
      if (value > problem::max_multiplicity) {
        fail(line.number, column,
             fmt::format("bound {} is too large (at most {})", digits, problem::max_multiplicity));
      }
    }
    return static_cast<std::uint32_t>(value);
  }

  // A signed integer of a weighted item (a bound or, with `what` "weight", an
  // option's weight), at most problem::max_weight in magnitude.
  std::int64_t read_integer(const text_line& line, std::string_view text, std::size_t column,
                            std::string_view what) {
    const bool negative = !text.empty() && text.front() == '-';
    const std::string_view digits = negative ? text.substr(1) : text;
    if (digits.empty()) {
      fail(line.number, column,
           fmt::format("malformed {}: a number is missing (weighted items are written "
                       "lo..hi|name, weights name:w)",
                       what));
    }
    std::int64_t value = 0;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (digits[i] < '0' || digits[i] > '9') {
        fail(line.number, column + (negative ? 1 : 0) + i,
             fmt::format("malformed {}: {} is not an integer (weighted items are written "
                         "lo..hi|name, weights name:w)",
                         what, quoted(text)));
      }
      value = value * 10 + (digits[i] - '0');
      if (value > problem::max_weight) {
        fail(line.number, column,
             fmt::format("{} {} is too large (at most {} in magnitude)", what, quoted(text),
                         problem::max_weight));
      }
    }
    return negative ? -value : value;
  }

  void check_new_name(const text_line& line, const token& t) {
    for (std::size_t i = 0; i < t.text.size(); ++i) {
      if (t.text[i] == '|' || t.text[i] == ':') {
        fail(line.number, t.column + i,
             fmt::format("item name {} contains '{}'", quoted(t.text), t.text[i]));
      }
    }
    if (file_.problem.find_item(t.text) || file_.problem.find_weighted(t.text)) {
      fail(line.number, t.column, fmt::format("duplicate item name {}", quoted(t.text)));
    }
    if (file_.problem.item_count() + file_.problem.weighted_count() >= limits_.max_items) {
      fail(line.number, t.column, fmt::format("too many items (more than {})", limits_.max_items));
    }
  }

  void add_item(const text_line& line, const token& t, item_kind kind, item_bounds bounds) {
    check_new_name(line, t);
    if (kind == item_kind::primary) {
      file_.problem.add_item(t.text, bounds);
    } else {
      file_.problem.add_item(t.text, kind);
    }
    seen_.push_back(0);
    seen_color_.emplace_back();
  }

  void read_option(const text_line& line) {
    entries_list_.clear();
    bool primary = false;
    ++stamp_;
    entry_colors_.clear();
    weights_list_.clear();
    std::uint64_t cost = 0;
    for_each_token(line.text, [&](const token& t) {
      // "|n": DLX5's cost, added up when there are several.
      if (t.text.front() == '|') {
        cost += read_cost(line, t);
        if (cost > problem::max_cost) {
          fail(line.number, t.column,
               fmt::format("option cost too large (at most {})", problem::max_cost));
        }
        return;
      }
      // "name" or, for a secondary item, "name:color" (DLX2's color controls).
      const std::size_t colon = t.text.find(':');
      const std::string_view name = t.text.substr(0, colon);
      if (name.empty()) {
        fail(line.number, t.column,
             fmt::format("{} has a color but no item name before the ':'", quoted(t.text)));
      }
      const auto item = file_.problem.find_item(name);
      if (!item) {
        const auto weighted = file_.problem.find_weighted(name);
        if (!weighted) fail(line.number, t.column, fmt::format("unknown item {}", quoted(name)));
        // "name:w": the option adds w to the weighted item's total.
        if (colon == std::string_view::npos) {
          fail(line.number, t.column + name.size(),
               fmt::format("weighted item {} needs a weight, as in {}:5", quoted(name), name));
        }
        if (weight_seen_[*weighted] == stamp_) {
          fail(line.number, t.column,
               fmt::format("weighted item {} appears twice in this option", quoted(name)));
        }
        weight_seen_[*weighted] = stamp_;
        weights_list_.emplace_back(*weighted, read_integer(line, t.text.substr(colon + 1),
                                                           t.column + colon + 1, "weight"));
        return;
      }
      std::string_view color;  // empty: no color
      if (colon != std::string_view::npos) {
        const std::string_view color_name = t.text.substr(colon + 1);
        const std::size_t at = t.column + colon + 1;
        if (file_.problem.kind(*item) == item_kind::primary) {
          fail(line.number, t.column + colon,
               fmt::format("primary item {} cannot have a color (only secondary items can)",
                           quoted(name)));
        }
        if (color_name.empty()) {
          fail(line.number, at, fmt::format("item {} has ':' but no color after it", quoted(name)));
        }
        for (std::size_t i = 0; i < color_name.size(); ++i) {
          if (color_name[i] == ':' || color_name[i] == '|') {
            fail(line.number, at + i,
                 fmt::format("color {} contains '{}'", quoted(color_name), color_name[i]));
          }
        }
        color = color_name;
      }
      if (seen_[*item] == stamp_) {
        const std::string_view before = seen_color_[*item];
        if (file_.problem.kind(*item) == item_kind::secondary && before != color) {
          fail(line.number, t.column,
               before.empty() || color.empty()
                   ? fmt::format("secondary item {} appears twice in this option, once without "
                                 "a color and once with color {}",
                                 quoted(name), quoted(before.empty() ? color : before))
                   : fmt::format("secondary item {} is given two colors in this option ({} and "
                                 "{})",
                                 quoted(name), quoted(before), quoted(color)));
        }
        fail(line.number, t.column,
             fmt::format("item {} appears twice in this option", quoted(name)));
      }
      seen_[*item] = stamp_;
      seen_color_[*item] = color;
      entries_list_.push_back(option_entry(*item));
      entry_colors_.push_back(color);
      primary |= file_.problem.kind(*item) == item_kind::primary;
    });
    if (!primary) {
      file_.warnings.push_back(
          {std::string(source_), line.number, 1, "option ignored: it has no primary item"});
      return;
    }
    entries_ += entries_list_.size();
    if (entries_ > limits_.max_entries) {
      fail(line.number, 1, fmt::format("too many entries (more than {})", limits_.max_entries));
    }
    // Colors are registered only for options kept, so a dropped option leaves none.
    for (std::size_t e = 0; e < entries_list_.size(); ++e) {
      if (!entry_colors_[e].empty())
        entries_list_[e].color = file_.problem.add_color(entry_colors_[e]);
    }
    const option_id added = file_.problem.add_option(entries_list_);
    if (cost) file_.problem.set_cost(added, cost);
    for (const auto& [weighted, weight] : weights_list_)
      file_.problem.add_weight(added, weighted, weight);
    file_.option_lines.push_back(line.number);
  }

  std::uint64_t read_cost(const text_line& line, const token& t) {
    const std::string_view digits = t.text.substr(1);
    if (digits.empty()) {
      fail(line.number, t.column, "'|' in an option must be followed by a cost, as in |5");
    }
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      if (digits[i] < '0' || digits[i] > '9') {
        fail(line.number, t.column + 1 + i,
             fmt::format("option cost {} is not a number (costs are written |n, as in |5)",
                         quoted(digits)));
      }
      value = value * 10 + static_cast<unsigned>(digits[i] - '0');
      if (value > problem::max_cost) {
        fail(line.number, t.column,
             fmt::format("option cost too large (at most {})", problem::max_cost));
      }
    }
    return value;
  }

  line_reader lines_;
  std::string_view source_;
  read_limits limits_;
  dlx_file file_;
  std::vector<option_entry> entries_list_;
  std::vector<std::uint32_t> seen_;
  std::vector<std::string_view> seen_color_;  // valid while seen_ holds this option's stamp
  std::vector<std::string_view> entry_colors_;
  std::vector<std::uint32_t> weight_seen_;  // per weighted item: the option that named it
  std::vector<std::pair<weighted_id, std::int64_t>> weights_list_;
  std::uint32_t stamp_ = 0;
  std::size_t entries_ = 0;
};

}  // namespace

dlx_file read_dlx(std::istream& in, std::string_view source, const read_limits& limits) {
  return reader(in, source, limits).read();
}

namespace {

std::vector<std::string> writable_names(const problem& p) {
  std::vector<std::string> names(p.item_count());
  for (item_id i = 0; i < p.item_count(); ++i) {
    if (!p.name(i).empty()) continue;
    std::string name = fmt::format("#{}", i);
    while (p.find_item(name))
      name += '\'';
    names[i] = std::move(name);
  }
  return names;
}

std::string_view name_of(const problem& p, const std::vector<std::string>& generated, item_id i) {
  return p.name(i).empty() ? std::string_view(generated[i]) : p.name(i);
}

// A weighted item's name: its own, or `#wk` (k the id) made unique.
std::string weighted_name_of(const problem& p, weighted_id w) {
  if (!p.weighted_name(w).empty()) return std::string(p.weighted_name(w));
  std::string name = fmt::format("#w{}", w);
  while (p.find_item(name) || p.find_weighted(name))
    name += '\'';
  return name;
}

// " name:w" for each weight of the option, then " |cost" when it has one.
void append_weights_and_cost(std::string& line, const problem& p, option_id o) {
  for (const weight_entry& e : p.weights(o))
    line += fmt::format(" {}:{}", weighted_name_of(p, e.item), e.weight);
  if (p.cost(o)) line += fmt::format(" |{}", p.cost(o));
}

}  // namespace

void write_dlx(std::ostream& out, const problem& p) {
  const auto generated = writable_names(p);
  std::string line;
  for (auto kind : {item_kind::primary, item_kind::secondary}) {
    if (kind == item_kind::secondary && p.secondary_count() > 0) line += "| ";
    for (item_id i = 0; i < p.item_count(); ++i) {
      if (p.kind(i) != kind) continue;
      const item_bounds b = p.bounds(i);
      if (b.lower != b.upper) {
        line += fmt::format("{}:{}|", b.lower, b.upper);
      } else if (b.upper != 1) {
        line += fmt::format("{}|", b.upper);
      }
      line += name_of(p, generated, i);
      line += ' ';
    }
  }
  for (weighted_id w = 0; w < p.weighted_count(); ++w) {
    const weight_bounds b = p.weighted_bounds(w);
    line += fmt::format("{}..{}|{} ", b.lower, b.upper, weighted_name_of(p, w));
  }
  if (!line.empty()) line.pop_back();
  out << line << '\n';
  for (option_id o = 0; o < p.option_count(); ++o) {
    line.clear();
    const auto colors = p.option_colors(o);
    const auto items = p.option(o);
    for (std::size_t k = 0; k < items.size(); ++k) {
      if (!line.empty()) line += ' ';
      line += name_of(p, generated, items[k]);
      if (colors[k] != no_color) {
        line += ':';
        line += p.color_name(colors[k]);
      }
    }
    append_weights_and_cost(line, p, o);
    out << line << '\n';
  }
}

std::string format_option(const problem& p, option_id option) {
  std::string line;
  const auto colors = p.option_colors(option);
  const auto items = p.option(option);
  for (std::size_t k = 0; k < items.size(); ++k) {
    const item_id i = items[k];
    if (!line.empty()) line += ' ';
    if (p.name(i).empty()) {
      line += fmt::format("#{}", i);
    } else {
      line += p.name(i);
    }
    if (colors[k] != no_color) {
      line += ':';
      line += p.color_name(colors[k]);
    }
  }
  append_weights_and_cost(line, p, option);
  return line;
}

}  // namespace dlx
