// The diagram's text form: Knuth's ZDD format, as DLX6 writes it, and the
// product line `id: (a&b)` beyond it; the reader checks every line and names
// the line and column of what is wrong.
#include <fmt/format.h>

#include <cctype>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "dlx/format.hpp"
#include "dlx/line_reader.hpp"
#include "dlx/zdd.hpp"

namespace dlx {

// ---- Knuth's text format.

void zdd::write(std::ostream& out) const {
  std::string buffer;
  for (std::size_t n = 2; n < nodes_.size(); ++n) {
    const node& x = nodes_[n];
    if (is_product(x)) {
      fmt::format_to(std::back_inserter(buffer), "{:x}: ({:x}&{:x})\n", n, x.lo, x.hi);
    } else {
      fmt::format_to(std::back_inserter(buffer), "{:x}: (~{}?{:x}:{:x})\n", n,
                     std::uint64_t{x.option} + 1, x.lo, x.hi);
    }
    if (buffer.size() > (1u << 16)) {
      out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
      buffer.clear();
    }
  }
  fmt::format_to(std::back_inserter(buffer), "{:x}: (~0?0:{:x})\n", nodes_.size(), root_);
  out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

namespace {

class zdd_reader {
 public:
  zdd_reader(std::istream& in, std::string_view source, std::optional<std::size_t> option_count)
      : lines_(in), source_(source), option_count_(option_count) {}

  zdd read() {
    bool have_root = false;
    std::size_t root_line = 0;
    text_line line;
    while (lines_.next(line)) {
      if (line.too_long) {
        fail(line.number, lines_.max_line() + 1,
             fmt::format("line too long (more than {} bytes)", lines_.max_line()));
      }
      text_ = line.text;
      at_ = 0;
      number_ = line.number;
      skip_blanks();
      if (at_ == text_.size()) continue;  // a blank line
      if (have_root) {
        fail(number_, at_ + 1,
             fmt::format("a node after the root line (line {}); the root comes last", root_line));
      }
      const std::size_t id_column = at_ + 1;
      const std::uint64_t id = hex("a node id");
      expect(':');
      skip_blanks();
      expect('(');
      if (at_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[at_]))) {
        read_product(id, id_column);
        continue;
      }
      if (at_ >= text_.size() || text_[at_] != '~') {
        fail(number_, at_ + 1, fmt::format("expected '~' or a node id in hexadecimal {}", where()));
      }
      ++at_;
      const std::size_t var_column = at_ + 1;
      const std::uint64_t var = decimal();
      expect('?');
      const std::size_t lo_column = at_ + 1;
      const std::uint64_t lo = hex("a lo child");
      expect(':');
      const std::size_t hi_column = at_ + 1;
      const std::uint64_t hi = hex("a hi child");
      end_of_node(id, id_column);
      if (var == 0) {
        if (lo != 0) fail(number_, lo_column, "the root line reads id: (~0?0:root)");
        diagram_.set_root(child(hi, hi_column));
        have_root = true;
        root_line = number_;
        continue;
      }
      if (var > std::uint64_t{zdd::product}) {  // option numbers ~1 and ~0 are markers
        fail(number_, var_column, fmt::format("option number {} is too large", var));
      }
      if (option_count_ && var > *option_count_) {
        fail(number_, var_column,
             fmt::format("option {} is past the problem's last option ({})", var, *option_count_));
      }
      const zdd::node_id lo_node = child(lo, lo_column);
      const zdd::node_id hi_node = child(hi, hi_column);
      const zdd::node_id node = diagram_.add(static_cast<option_id>(var - 1), lo_node, hi_node);
      if (node == longest_.size()) {  // a new decision node
        longest_.push_back(std::max(longest_[lo_node], longest_[hi_node] + 1));
        ++decision_nodes_;
      }
      defined_[id] = {node, number_};
    }
    if (lines_.read_error()) fail(number_ + 1, 1, "read error");
    if (!have_root) {
      fail(number_ + 1, 1, "no root line: the last line must read id: (~0?0:root)");
    }
    return std::move(diagram_);
  }

 private:
  struct definition {
    zdd::node_id node;
    std::size_t line;
  };

  [[noreturn]] void fail(std::size_t line, std::size_t column, std::string message) const {
    throw parse_error(std::string(source_), line, column, std::move(message));
  }

  // "at the end of the line" or "before 'c'", c the character at at_.
  [[nodiscard]] std::string where() const {
    return at_ >= text_.size() ? std::string("at the end of the line")
                               : fmt::format("before '{}'", text_[at_]);
  }

  // The rest of a node's line, from its closing parenthesis; then whether its
  // id may be defined.
  void end_of_node(std::uint64_t id, std::size_t id_column) {
    expect(')');
    skip_blanks();
    if (at_ != text_.size()) fail(number_, at_ + 1, "unexpected text after ')'");
    if (id <= 1) fail(number_, id_column, "node ids 0 and 1 are the sinks; a node needs another");
    if (auto it = defined_.find(id); it != defined_.end()) {
      fail(number_, id_column,
           fmt::format("node {:x} is defined twice (first on line {})", id, it->second.line));
    }
  }

  // A product line "id: (a&b)", read from its first part on. Over disjoint
  // options, the parts reach disjoint sets of decision nodes (a node reached
  // from both has its option in both), so a solution of the product has at
  // most as many options as the diagram has decision nodes: a product that
  // could have more is refused here, before it makes solutions (and sizes)
  // exponentially long.
  void read_product(std::uint64_t id, std::size_t id_column) {
    const std::size_t a_column = at_ + 1;
    const std::uint64_t a = hex("a first part");
    expect('&');
    const std::size_t b_column = at_ + 1;
    const std::uint64_t b = hex("a second part");
    end_of_node(id, id_column);
    const zdd::node_id a_node = child(a, a_column);
    const zdd::node_id b_node = child(b, b_column);
    const std::uint64_t longest = longest_[a_node] + longest_[b_node];
    if (a_node > zdd::top && b_node > zdd::top && longest > decision_nodes_) {
      fail(number_, a_column,
           fmt::format("the parts {:x} and {:x} are not over disjoint options (their solutions "
                       "together reach {} options; the diagram's decision nodes allow {})",
                       a, b, longest, decision_nodes_));
    }
    const zdd::node_id node = diagram_.add_product(a_node, b_node);
    if (node == longest_.size()) longest_.push_back(longest);  // a new product node
    defined_[id] = {node, number_};
  }

  void skip_blanks() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\r'))
      ++at_;
  }

  void expect(char c) {
    if (at_ >= text_.size() || text_[at_] != c) {
      fail(number_, at_ + 1, fmt::format("expected '{}' {}", c, where()));
    }
    ++at_;
  }

  std::uint64_t hex(std::string_view what) {
    const std::size_t start = at_;
    std::uint64_t value = 0;
    while (at_ < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[at_]))) {
      if (at_ - start >= 16) fail(number_, start + 1, fmt::format("{} is too long", what));
      const char c = text_[at_];
      value = value * 16 + static_cast<std::uint64_t>(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
      ++at_;
    }
    if (at_ == start) fail(number_, start + 1, fmt::format("expected {} in hexadecimal", what));
    return value;
  }

  std::uint64_t decimal() {
    const std::size_t start = at_;
    std::uint64_t value = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
      if (value > (std::numeric_limits<std::uint64_t>::max() - 9) / 10) {
        fail(number_, start + 1, "option number too large");
      }
      value = value * 10 + static_cast<std::uint64_t>(text_[at_] - '0');
      ++at_;
    }
    if (at_ == start) fail(number_, start + 1, "expected an option number in decimal");
    return value;
  }

  zdd::node_id child(std::uint64_t id, std::size_t column) {
    if (id <= 1) return static_cast<zdd::node_id>(id);
    auto it = defined_.find(id);
    if (it == defined_.end()) {
      fail(number_, column,
           fmt::format("node {:x} is not defined on an earlier line (children come first)", id));
    }
    return it->second.node;
  }

  line_reader lines_;
  std::string_view source_;
  std::optional<std::size_t> option_count_;
  std::string_view text_;
  std::size_t at_ = 0;
  std::size_t number_ = 0;
  std::unordered_map<std::uint64_t, definition> defined_;
  zdd diagram_;
  // By node of diagram_: the most options a solution of it has (the sinks: 0).
  std::vector<std::uint64_t> longest_ = {0, 0};
  std::uint64_t decision_nodes_ = 0;  // in diagram_, merged ones once
};

}  // namespace

zdd read_zdd(std::istream& in, std::string_view source, std::optional<std::size_t> option_count) {
  return zdd_reader(in, source, option_count).read();
}

}  // namespace dlx
