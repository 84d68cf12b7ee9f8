// ISS's Regex constraint (iss_reader.hpp): Regex~PATTERN~CELL...~~CELL...,
// the pattern in base64url (or, as ISS still reads, URL-encoded), each line
// of cells between empty fields read in order must match it whole. ISS's
// syntax: groups '()', alternation '|', any value '.', classes '[...]' (with
// ranges and '^'), quantifiers '*', '+', '?', '{n}', '{n,}', '{n,m}'; a
// character is a value, 0-9 then A-Z (or a-z) for 10 and up. Compiled here
// into an automaton (Thompson's construction, then its empty moves folded
// away) and kept as an NFA clue (clue_automaton.hpp), which ISS's writer
// writes back as its NFA.
#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "clue_automaton.hpp"
#include "iss_reader.hpp"
#include "text_detail.hpp"

namespace sudoku::detail {

namespace {

// A pattern's syntax tree: a set of digits, a sequence, a choice or a repeat.
struct regex_node {
  enum class kind { set, sequence, choice, repeat } type = kind::set;
  std::uint64_t digits = 0;  // set: bit d for digit d
  std::vector<std::unique_ptr<regex_node>> parts;
  int least = 0, most = -1;  // repeat: -1 for no bound
};

class regex_parser {
 public:
  // `lo` is the board's first value, `n` its number of digits.
  regex_parser(std::string_view pattern, int lo, int n) : p_(pattern), lo_(lo), n_(n) {}

  std::unique_ptr<regex_node> parse(std::string& why) {
    try {
      auto node = expression();
      if (at_ < p_.size()) fail(fmt::format("unexpected '{}' at {}", p_[at_], at_ + 1));
      return node;
    } catch (const std::string& message) {
      why = message;
      return nullptr;
    }
  }

 private:
  [[noreturn]] static void fail(std::string message) { throw message; }
  [[nodiscard]] bool end() const { return at_ >= p_.size(); }
  [[nodiscard]] char peek() const { return end() ? '\0' : p_[at_]; }

  std::unique_ptr<regex_node> expression() {
    auto first = sequence();
    if (peek() != '|') return first;
    auto node = std::make_unique<regex_node>();
    node->type = regex_node::kind::choice;
    node->parts.push_back(std::move(first));
    while (peek() == '|') {
      ++at_;
      node->parts.push_back(sequence());
    }
    return node;
  }
  std::unique_ptr<regex_node> sequence() {
    auto node = std::make_unique<regex_node>();
    node->type = regex_node::kind::sequence;
    while (!end() && peek() != '|' && peek() != ')')
      node->parts.push_back(quantified());
    return node;
  }
  std::unique_ptr<regex_node> quantified() {
    auto node = primary();
    while (!end()) {
      int least = 0, most = -1;
      const char ch = peek();
      if (ch == '*') {
        ++at_;
      } else if (ch == '+') {
        ++at_, least = 1;
      } else if (ch == '?') {
        ++at_, most = 1;
      } else if (ch == '{') {
        ++at_;
        least = number();
        most = least;
        if (peek() == ',') {
          ++at_;
          most = peek() == '}' ? -1 : number();
          if (most >= 0 && most < least) fail("a quantifier's maximum is below its minimum");
        }
        if (peek() != '}') fail(fmt::format("expected '}}' at {}", at_ + 1));
        ++at_;
      } else {
        break;
      }
      auto repeat = std::make_unique<regex_node>();
      repeat->type = regex_node::kind::repeat;
      repeat->least = least;
      repeat->most = most;
      repeat->parts.push_back(std::move(node));
      node = std::move(repeat);
    }
    return node;
  }
  int number() {
    int value = 0;
    std::size_t digits = 0;
    while (peek() >= '0' && peek() <= '9') {
      value = value * 10 + (p_[at_++] - '0');
      if (++digits > 3) fail("a quantifier above 999");
    }
    if (digits == 0) fail(fmt::format("expected a number at {}", at_ + 1));
    return value;
  }
  // The digit of a value character, or a failure.
  int digit(char ch) const {
    int value = -1;
    if (ch >= '0' && ch <= '9') value = ch - '0';
    if (ch >= 'A' && ch <= 'Z') value = ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'z') value = ch - 'a' + 10;
    if (value < 0) fail(fmt::format("'{}' is not a value", ch));
    if (value < lo_ || value > lo_ + n_ - 1)
      fail(fmt::format("'{}' is out of the values {}-{}", ch, lo_, lo_ + n_ - 1));
    return value - lo_ + 1;
  }
  [[nodiscard]] std::uint64_t all() const { return ((std::uint64_t{1} << n_) - 1) << 1; }
  std::unique_ptr<regex_node> primary() {
    auto node = std::make_unique<regex_node>();
    const char ch = peek();
    if (ch == '(') {
      ++at_;
      node = expression();
      if (peek() != ')') fail("a group is not closed");
      ++at_;
      return node;
    }
    if (ch == '\0') fail("the pattern ends too soon");
    if (ch == '*' || ch == '+' || ch == '?' || ch == '{' || ch == '|' || ch == ')')
      fail(fmt::format("unexpected '{}' at {}", ch, at_ + 1));
    ++at_;
    if (ch == '.') {
      node->digits = all();
      return node;
    }
    if (ch != '[') {
      node->digits = std::uint64_t{1} << digit(ch);
      return node;
    }
    const bool negated = peek() == '^';
    if (negated) ++at_;
    std::uint64_t set = 0;
    bool any = false;
    while (!end() && peek() != ']') {
      const char from = p_[at_++];
      char to = from;
      if (peek() == '-' && at_ + 1 < p_.size() && p_[at_ + 1] != ']') {
        to = p_[at_ + 1];
        at_ += 2;
        if (to < from) fail("a class's range runs backwards");
      }
      for (int c = from; c <= to; ++c)
        set |= std::uint64_t{1} << digit(static_cast<char>(c));
      any = true;
    }
    if (peek() != ']') fail("a class is not closed");
    ++at_;
    if (!any) fail("an empty class");
    node->digits = negated ? all() & ~set : set;
    return node;
  }

  std::string_view p_;
  std::size_t at_ = 0;
  int lo_, n_;
};

// An automaton with empty moves, built from the tree (Thompson's).
class thompson {
 public:
  static constexpr std::size_t most_states = 20'000;

  std::uint32_t state() {
    if (moves_.size() >= most_states) throw std::string("the pattern makes too many states");
    moves_.emplace_back();
    empty_.emplace_back();
    return static_cast<std::uint32_t>(moves_.size() - 1);
  }
  // A fragment from `from` to `to` matching the node.
  void build(const regex_node& node, std::uint32_t from, std::uint32_t to) {
    switch (node.type) {
      case regex_node::kind::set:
        for (int d = 1; node.digits >> d; ++d) {
          if (node.digits >> d & 1) moves_[from].emplace_back(d, to);
        }
        return;
      case regex_node::kind::sequence: {
        std::uint32_t at = from;
        for (const auto& part : node.parts) {
          const std::uint32_t next = state();
          build(*part, at, next);
          at = next;
        }
        empty_[at].push_back(to);
        return;
      }
      case regex_node::kind::choice:
        for (const auto& part : node.parts)
          build(*part, from, to);
        return;
      case regex_node::kind::repeat: {
        // A state of its own to start from: a loop back to `from` would let
        // a choice's other options follow (Thompson's fresh states).
        std::uint32_t at = state();
        empty_[from].push_back(at);
        for (int i = 0; i < node.least; ++i) {
          const std::uint32_t next = state();
          build(*node.parts[0], at, next);
          at = next;
        }
        if (node.most < 0) {  // any more: a loop
          const std::uint32_t body = state();
          empty_[at].push_back(body);
          build(*node.parts[0], body, at);
          empty_[at].push_back(to);
          return;
        }
        for (int i = node.least; i < node.most; ++i) {  // each optional
          empty_[at].push_back(to);
          const std::uint32_t next = state();
          build(*node.parts[0], at, next);
          at = next;
        }
        empty_[at].push_back(to);
        return;
      }
    }
  }
  // The same language without empty moves, from `start`, `accept` its end:
  // states renumbered as ISS orders them (the start, the accepting, the rest),
  // those not reached left out.
  automaton fold(std::uint32_t start, std::uint32_t accept, int symbols) const {
    const std::size_t count = moves_.size();
    std::vector<std::vector<std::uint32_t>> closure(count);
    for (std::uint32_t s = 0; s < count; ++s) {
      std::vector<char> seen(count, 0);
      std::vector<std::uint32_t> stack{s};
      seen[s] = 1;
      while (!stack.empty()) {
        const std::uint32_t q = stack.back();
        stack.pop_back();
        closure[s].push_back(q);
        for (std::uint32_t r : empty_[q]) {
          if (!seen[r]) seen[r] = 1, stack.push_back(r);
        }
      }
    }
    // Reached states in order found, the start first.
    std::vector<std::int64_t> id(count, -1);
    std::vector<std::uint32_t> order{start};
    id[start] = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
      for (std::uint32_t q : closure[order[i]]) {
        for (const auto& move : moves_[q]) {
          if (id[move.second] < 0) {
            id[move.second] = static_cast<std::int64_t>(order.size());
            order.push_back(move.second);
          }
        }
      }
    }
    const auto accepting = [&](std::uint32_t s) {
      return std::find(closure[s].begin(), closure[s].end(), accept) != closure[s].end();
    };
    // ISS's order: the start, then the accepting states, then the others.
    std::vector<std::uint32_t> ranked{start};
    for (int pass = 0; pass < 2; ++pass) {
      for (std::size_t i = 1; i < order.size(); ++i) {
        if (accepting(order[i]) == (pass == 0)) ranked.push_back(order[i]);
      }
    }
    for (std::size_t i = 0; i < ranked.size(); ++i)
      id[ranked[i]] = static_cast<std::int64_t>(i);
    automaton a;
    a.symbols = symbols;
    a.starts = 1;
    for (std::uint32_t s : ranked) {
      a.accepting.push_back(accepting(s) ? 1 : 0);
      auto& out = a.transitions.emplace_back();
      for (std::uint32_t q : closure[s]) {
        for (const auto& [symbol, target] : moves_[q])
          out.emplace_back(symbol, static_cast<std::uint32_t>(id[target]));
      }
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
    }
    return a;
  }

 private:
  std::vector<std::vector<std::pair<int, std::uint32_t>>> moves_;
  std::vector<std::vector<std::uint32_t>> empty_;
};

}  // namespace

namespace iss_read {

std::optional<text_error> reader::read_regex(const item& it) {
  if (it.args.empty()) return error_at(it.type.column, "Regex needs its pattern");
  const field& encoded = it.args[0];
  // Base64url, or the URL-encoded form ISS still reads (with '%' or '.').
  std::string pattern;
  if (encoded.text.find('%') != std::string_view::npos ||
      encoded.text.find('.') != std::string_view::npos) {
    append_percent_decoded(encoded.text, pattern);
  } else {
    // Base64url, up to any padding.
    std::size_t bad = 0;
    const auto bytes = base64url_bytes(encoded.text.substr(0, encoded.text.find('=')), bad);
    if (!bytes) {
      return error_at(encoded.column + bad,
                      fmt::format("Regex: '{}' is not a base64url character", encoded.text[bad]));
    }
    pattern = *bytes;
  }
  std::erase_if(pattern, [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; });
  std::string why;
  const auto tree = regex_parser(pattern, lo_, n_).parse(why);
  if (!tree) return error_at(encoded.column, fmt::format("Regex {}: {}", pattern, why));
  automaton a;
  try {
    thompson t;
    const std::uint32_t start = t.state(), accept = t.state();
    t.build(*tree, start, accept);
    a = t.fold(start, accept, n_);
  } catch (const std::string& message) {
    return error_at(encoded.column, fmt::format("Regex {}: {}", pattern, message));
  }
  // Lines of cells between empty fields.
  std::optional<text_error> e;
  bool any = false;
  clue c{clue_kind::nfa, {}, {}, false};
  for (std::size_t k = 1; k <= it.args.size(); ++k) {
    if (k == it.args.size() || it.args[k].text.empty()) {
      if (c.cells.empty()) continue;
      a.segments = {c.cells.size()};
      c.values = a.to_values();
      add_clue(std::move(c));
      c = clue{clue_kind::nfa, {}, {}, false};
      any = true;
      continue;
    }
    const auto p = cell(it.args[k], e);
    if (!p) return e;
    c.cells.push_back(*p);
  }
  if (!any) return error_at(it.type.column, "Regex has no cells");
  return std::nullopt;
}

}  // namespace iss_read

}  // namespace sudoku::detail
