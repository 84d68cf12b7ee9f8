// ISS's NFA constraint (iss_reader.hpp): NFA~AUTOMATON~_NAME~CELL...~-~CELL...,
// an automaton in ISS's serialised form (base64url of a bit stream, most
// significant bit first: its header, then each state's transitions, in the
// plain or the packed layout) that must accept the values of the cells read
// in order, segment after segment (a break symbol between them). Read into
// an NFA clue's values (clue_automaton.hpp), and written back in the plain
// layout, which ISS reads alike.
#include <fmt/core.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "clue_automaton.hpp"
#include "iss_reader.hpp"

namespace sudoku {

namespace detail {

namespace {

// Bits of the bytes, most significant first (ISS's BitReader).
class bit_reader {
 public:
  explicit bit_reader(std::string bytes) : bytes_(std::move(bytes)) {}
  [[nodiscard]] std::size_t remaining() const noexcept { return 8 * bytes_.size() - at_; }
  // Nothing when the stream ends first.
  std::optional<std::uint32_t> read(std::size_t count) {
    if (count > remaining() || count > 32) return std::nullopt;
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < count; ++i, ++at_)
      value = value << 1 | (static_cast<std::uint8_t>(bytes_[at_ >> 3]) >> (7 - (at_ & 7)) & 1);
    return value;
  }

 private:
  std::string bytes_;
  std::size_t at_ = 0;
};

class bit_writer {
 public:
  void write(std::uint32_t value, std::size_t count) {
    for (std::size_t i = count; i-- > 0;) {
      if (bits_ % 8 == 0) bytes_.push_back('\0');
      bytes_.back() = static_cast<char>(static_cast<std::uint8_t>(bytes_.back()) |
                                        (value >> i & 1) << (7 - bits_ % 8));
      ++bits_;
    }
  }
  [[nodiscard]] const std::string& bytes() const noexcept { return bytes_; }

 private:
  std::string bytes_;
  std::size_t bits_ = 0;
};

// ISS's requiredBits: the bits that hold n (0 for 0).
std::size_t required_bits(std::uint32_t n) {
  std::size_t bits = 0;
  for (; n != 0; n >>= 1)
    ++bits;
  return bits;
}

}  // namespace

std::optional<automaton> decode_iss_nfa(std::string_view text, std::string& why) {
  std::size_t bad = 0;
  auto bytes = base64url_bytes(text, bad);
  if (!bytes) {
    why = fmt::format("'{}' is not a base64url character", text[bad]);
    return std::nullopt;
  }
  if (bytes->empty()) {
    why = "the automaton is empty";
    return std::nullopt;
  }
  bit_reader in(std::move(*bytes));
  const auto truncated = [&]() {
    why = "the automaton's data is truncated";
    return std::nullopt;
  };
  const auto format = in.read(2), state_bits = in.read(4), symbol_count = in.read(4);
  if (!format || !state_bits || !symbol_count) return truncated();
  if (*format > 1) {
    why = "the automaton's layout is unknown";
    return std::nullopt;
  }
  const std::size_t sb = *state_bits + 1;
  automaton a;
  a.symbols = static_cast<int>(*symbol_count) + 1;
  const auto starts = in.read(sb), accepts = in.read(sb);
  if (!starts || !accepts) return truncated();
  if (*starts < 1) {
    why = "the automaton has no start state";
    return std::nullopt;
  }
  const auto start_accepts = in.read(*starts);
  if (!start_accepts) return truncated();
  const bool plain = *format == 0;
  std::size_t count_bits = 0;
  if (plain) {
    const auto bits = in.read(4);
    if (!bits) return truncated();
    count_bits = *bits;
  }
  const std::size_t symbol_bits = required_bits(static_cast<std::uint32_t>(a.symbols - 1));
  std::uint32_t most = *starts + *accepts;  // states: at least the starts and the accepts
  // Each state's transitions until the stream ends (its padding reads as
  // states without any).
  while (plain ? count_bits > 0 && in.remaining() >= count_bits
               : in.remaining() >= static_cast<std::size_t>(a.symbols)) {
    auto& out = a.transitions.emplace_back();
    if (plain) {
      const auto count = in.read(count_bits);
      for (std::uint32_t t = 0; t < *count; ++t) {
        const auto symbol = in.read(symbol_bits), target = in.read(sb);
        if (!symbol || !target) return truncated();
        out.emplace_back(static_cast<int>(*symbol) + 1, *target);
        most = std::max(most, *target + 1);
      }
    } else {
      // A mask of the symbols with a transition, symbol 1 its lowest bit,
      // then their targets from symbol 1 up.
      const auto active = in.read(static_cast<std::size_t>(a.symbols));
      for (int symbol = 1; symbol <= a.symbols; ++symbol) {
        if ((*active >> (symbol - 1) & 1) == 0) continue;
        const auto target = in.read(sb);
        if (!target) return truncated();
        out.emplace_back(symbol, *target);
        most = std::max(most, *target + 1);
      }
    }
  }
  // Trailing states read from padding, beyond every one referred to, go.
  while (a.transitions.size() > most && a.transitions.back().empty())
    a.transitions.pop_back();
  if (a.transitions.size() < most) a.transitions.resize(most);
  if (a.transitions.size() > 65536) {
    why = "the automaton has more than 65536 states";
    return std::nullopt;
  }
  a.starts = static_cast<int>(*starts);
  a.accepting.assign(a.transitions.size(), 0);
  for (std::uint32_t i = 0; i < *starts; ++i)
    a.accepting[i] = static_cast<char>(*start_accepts >> i & 1);
  for (std::uint32_t i = 0; i < *accepts; ++i)
    a.accepting[*starts + i] = 1;
  return a;
}

std::string encode_iss_nfa(const automaton& given) {
  // ISS reads a start state's accepting flag from a field of `starts` bits.
  if (given.starts > 32) return {};
  // The plain layout, states in ISS's order: the starts, the other accepting
  // ones, the rest (as the reader keeps them; an automaton made otherwise is
  // renumbered).
  automaton a = given;
  std::vector<std::uint32_t> order;
  for (std::size_t s = 0; s < given.states(); ++s) {
    if (s < static_cast<std::size_t>(given.starts)) order.push_back(static_cast<std::uint32_t>(s));
  }
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t s = static_cast<std::size_t>(given.starts); s < given.states(); ++s) {
      if ((given.accepting[s] != 0) == (pass == 0)) order.push_back(static_cast<std::uint32_t>(s));
    }
  }
  std::vector<std::uint32_t> id(given.states());
  for (std::size_t i = 0; i < order.size(); ++i)
    id[order[i]] = static_cast<std::uint32_t>(i);
  for (std::size_t i = 0; i < order.size(); ++i) {
    a.accepting[i] = given.accepting[order[i]];
    a.transitions[i] = given.transitions[order[i]];
    for (auto& move : a.transitions[i])
      move.second = id[move.second];
  }
  std::uint32_t accepts = 0, start_accepts = 0;
  for (std::size_t s = 0; s < a.states(); ++s) {
    if (!a.accepting[s]) continue;
    if (s < static_cast<std::size_t>(a.starts)) {
      start_accepts |= 1u << s;
    } else {
      ++accepts;
    }
  }
  // The header's counts of start and accepting states take a state's bits too.
  const std::size_t states = std::max<std::size_t>(a.states(), 1);
  const std::size_t sb = std::max<std::size_t>(
      1, required_bits(std::max({static_cast<std::uint32_t>(states - 1),
                                 static_cast<std::uint32_t>(a.starts), accepts})));
  std::size_t most = 0;
  for (const auto& out : a.transitions)
    most = std::max(most, out.size());
  const std::size_t count_bits = required_bits(static_cast<std::uint32_t>(most));
  const std::size_t symbol_bits = required_bits(static_cast<std::uint32_t>(a.symbols - 1));
  bit_writer out;
  out.write(0, 2);
  out.write(static_cast<std::uint32_t>(sb - 1), 4);
  out.write(static_cast<std::uint32_t>(a.symbols - 1), 4);
  out.write(static_cast<std::uint32_t>(a.starts), sb);
  out.write(accepts, sb);
  out.write(start_accepts, static_cast<std::size_t>(a.starts));
  out.write(static_cast<std::uint32_t>(count_bits), 4);
  for (const auto& state : a.transitions) {
    out.write(static_cast<std::uint32_t>(state.size()), count_bits);
    for (const auto& [symbol, target] : state) {
      out.write(static_cast<std::uint32_t>(symbol - 1), symbol_bits);
      out.write(target, sb);
    }
  }
  return base64url_text(out.bytes());
}

}  // namespace detail

namespace detail::iss_read {

std::optional<text_error> reader::read_nfa(const item& it) {
  if (it.args.empty()) return error_at(it.type.column, "NFA needs its automaton");
  std::string why;
  auto a = decode_iss_nfa(it.args[0].text, why);
  if (!a) return error_at(it.args[0].column, fmt::format("NFA: {}", why));
  // Then ISS's named groups of cells: '_NAME' starts a group (its name,
  // which we keep no more than ISS's solver does), an empty field another
  // with the same name; each a line of the automaton, its segments between
  // '-' fields (a segment may be empty).
  std::optional<text_error> e;
  bool any = false;
  clue c{clue_kind::nfa, {}, {}, false};
  automaton line = *a;
  line.segments.assign(1, 0);
  const auto flush = [&]() -> std::optional<text_error> {
    if (c.cells.empty()) return std::nullopt;
    if (line.segments.size() > 1 && line.symbols < n_ + 1) {
      return error_at(it.args[0].column,
                      fmt::format("NFA has {} symbols but its segments need {} (a break after "
                                  "the {} values)",
                                  line.symbols, n_ + 1, n_));
    }
    c.values = line.to_values();
    add_clue(std::move(c));
    any = true;
    c = clue{clue_kind::nfa, {}, {}, false};
    line.segments.assign(1, 0);
    return std::nullopt;
  };
  for (std::size_t k = 1; k < it.args.size(); ++k) {
    const std::string_view t = it.args[k].text;
    if (t.empty() || t.front() == '_') {
      if (auto bad = flush()) return bad;
      continue;
    }
    if (t == "-") {
      line.segments.push_back(0);
      continue;
    }
    const auto p = cell(it.args[k], e);
    if (!p) return e;
    c.cells.push_back(*p);
    ++line.segments.back();
  }
  if (auto bad = flush()) return bad;
  if (!any) return error_at(it.type.column, "NFA has no cells");
  return std::nullopt;
}

}  // namespace detail::iss_read

}  // namespace sudoku
