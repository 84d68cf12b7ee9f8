// lz-string's base64 form (lz_string.hpp).
//
// The stream is LZW over UTF-16 code units, its codes written low bit first
// in a width that grows with the dictionary, packed six bits to a base64
// character high bit first. Codes 0 and 1 bring a new code unit (8 or 16 bits
// follow), 2 ends the stream, and the rest name dictionary entries.
#include "lz_string.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sudoku::detail {

namespace {

constexpr std::string_view base64_alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::uint32_t new_byte_code = 0;   // a code unit below 256 follows, in 8 bits
constexpr std::uint32_t new_unit_code = 1;   // any other code unit follows, in 16 bits
constexpr std::uint32_t end_code = 2;        // the end of the stream
constexpr std::uint32_t first_entry = 3;     // the first dictionary entry's code
constexpr char16_t replacement = u'\uFFFD';  // for what UTF-8 or UTF-16 cannot carry

// Each character's six bits; -1 for a character outside the alphabet. '='
// reads as zero bits: JavaScript's table gives it 64, of which a six-bit
// reader sees nothing.
constexpr std::array<std::int8_t, 256> sextet_table = [] {
  std::array<std::int8_t, 256> table{};
  table.fill(-1);
  for (std::size_t i = 0; i < base64_alphabet.size(); ++i)
    table[static_cast<unsigned char>(base64_alphabet[i])] = static_cast<std::int8_t>(i);
  table['='] = 0;
  return table;
}();

bool is_high_surrogate(char32_t u) {
  return u >= 0xD800 && u <= 0xDBFF;
}
bool is_low_surrogate(char32_t u) {
  return u >= 0xDC00 && u <= 0xDFFF;
}

std::string utf16_to_utf8(const std::vector<char16_t>& units) {
  std::string out;
  out.reserve(units.size());
  for (std::size_t i = 0; i < units.size(); ++i) {
    const char32_t unit = units[i];
    if (is_high_surrogate(unit) && i + 1 < units.size() && is_low_surrogate(units[i + 1])) {
      append_utf8(out, 0x10000 + ((unit - 0xD800) << 10) + (units[i + 1] - 0xDC00));
      ++i;
    } else if (is_high_surrogate(unit) || is_low_surrogate(unit)) {
      append_utf8(out, replacement);
    } else {
      append_utf8(out, unit);
    }
  }
  return out;
}

// UTF-8 as a browser's TextDecoder reads it: each maximal ill-formed
// subsequence (a lead byte and the continuation bytes it may take, up to the
// first it may not) becomes one U+FFFD, so that the JSON a page would see is
// the JSON compressed.
std::vector<char16_t> utf8_to_utf16(std::string_view text) {
  std::vector<char16_t> units;
  units.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      units.push_back(lead);
      ++i;
      continue;
    }
    int continuations = 0;
    char32_t cp = 0;
    // The range of the first continuation byte, narrower after some leads
    // (to exclude overlong forms, surrogates and code points past U+10FFFF).
    unsigned char lowest = 0x80, highest = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      continuations = 1;
      cp = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      continuations = 2;
      cp = lead & 0x0F;
      if (lead == 0xE0) lowest = 0xA0;
      if (lead == 0xED) highest = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      continuations = 3;
      cp = lead & 0x07;
      if (lead == 0xF0) lowest = 0x90;
      if (lead == 0xF4) highest = 0x8F;
    } else {
      units.push_back(replacement);
      ++i;
      continue;
    }
    std::size_t next = i + 1;
    bool complete = true;
    for (int k = 0; k < continuations; ++k, ++next) {
      if (next >= text.size()) {
        complete = false;
        break;
      }
      const auto byte = static_cast<unsigned char>(text[next]);
      if (byte < lowest || byte > highest) {
        complete = false;
        break;
      }
      cp = (cp << 6) | (byte & 0x3F);
      lowest = 0x80;
      highest = 0xBF;
    }
    i = next;  // past the sequence, or up to the byte that broke it
    if (!complete) {
      units.push_back(replacement);
    } else if (cp >= 0x10000) {
      units.push_back(static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10)));
      units.push_back(static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF)));
    } else {
      units.push_back(static_cast<char16_t>(cp));
    }
  }
  return units;
}

// Bits of a base64 stream, each character's from its highest.
class bit_reader {
 public:
  explicit bit_reader(std::string_view data) : data_(data) {}

  // `count` bits as a number, the first read its lowest bit; nothing when
  // the data ends first. (JavaScript reads zeros past the end, so it takes an
  // end code cut after its set bit; but so it takes a stream cut wherever a
  // code's low bits are 01, and gives part of the text.)
  std::optional<std::uint32_t> read(int count) {
    std::uint32_t value = 0;
    for (int bit = 0; bit < count; ++bit) {
      if (mask_ == 0) {
        if (next_ == data_.size()) return std::nullopt;
        sextet_ = sextet_table[static_cast<unsigned char>(data_[next_++])];
        mask_ = 0x20;
      }
      if (sextet_ & mask_) value |= std::uint32_t{1} << bit;
      mask_ >>= 1;
    }
    return value;
  }

 private:
  std::string_view data_;
  std::size_t next_ = 0;
  int sextet_ = 0;
  int mask_ = 0;  // the bit of sextet_ read next; 0 when it is used up
};

// Bits into base64 characters, six to a character, the first its highest.
class bit_writer {
 public:
  // `count` bits of `value`, its lowest first.
  void write(std::uint64_t value, int count) {
    for (int bit = 0; bit < count; ++bit, value >>= 1) {
      sextet_ = (sextet_ << 1) | static_cast<int>(value & 1);
      if (++filled_ == 6) {
        out_ += base64_alphabet[sextet_];
        sextet_ = 0;
        filled_ = 0;
      }
    }
  }

  // JavaScript always adds a character here: a partial one filled with zero
  // bits, or a whole 'A' when the last one was complete. Then '=' to a
  // multiple of four characters (even "===", which base64 never has).
  std::string finish() && {
    out_ += base64_alphabet[sextet_ << (6 - filled_)];
    out_.append((4 - out_.size() % 4) % 4, '=');
    return std::move(out_);
  }

 private:
  std::string out_;
  int sextet_ = 0;
  int filled_ = 0;  // bits in sextet_, 0 to 5
};

// The width of codes, one bit wider each time the dictionary could outgrow
// it. Both sides count the same entries at the same codes, so they agree on
// every code's width.
class code_width {
 public:
  code_width(int bits, std::uint64_t room) : bits_(bits), room_(room) {}
  [[nodiscard]] int bits() const { return bits_; }
  void count_entry() {
    if (--room_ == 0) {
      room_ = std::uint64_t{1} << bits_;
      ++bits_;
    }
  }

 private:
  int bits_;
  std::uint64_t room_;  // entries until the next widening
};

}  // namespace

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::optional<std::string> lz_decompress_base64(std::string_view data, std::size_t max_units) {
  // Past lz_max_units the codes could outgrow 32 bits, and the runs below.
  max_units = std::min(max_units, lz_max_units);
  // Padding is no bits: a stream cut short and padded again ends early.
  while (!data.empty() && data.back() == '=')
    data.remove_suffix(1);
  for (const char c : data)
    if (sextet_table[static_cast<unsigned char>(c)] < 0) return std::nullopt;

  bit_reader bits(data);
  // Each dictionary entry, and each piece of output, is a run of the output
  // so far: an entry is the piece before some piece plus that piece's first
  // unit, which follows it in the output. So the output is the only copy of
  // the text, and its cap bounds the dictionary too.
  struct run {
    std::uint32_t start;
    std::uint32_t length;
  };
  std::vector<char16_t> out;
  std::vector<run> dictionary(first_entry, run{0, 0});  // codes 0-2 are no entries

  const auto read_new_unit = [&](std::uint32_t code) -> std::optional<char16_t> {
    const auto unit = bits.read(code == new_byte_code ? 8 : 16);
    if (!unit) return std::nullopt;
    return static_cast<char16_t>(*unit);
  };

  // The first code is two bits wide, and is a new unit or the end.
  const auto first = bits.read(2);
  if (!first) return std::nullopt;
  if (*first == end_code) return std::string();
  if (*first != new_byte_code && *first != new_unit_code) return std::nullopt;
  const auto first_unit = read_new_unit(*first);
  if (!first_unit || max_units == 0) return std::nullopt;
  out.push_back(*first_unit);
  dictionary.push_back(run{0, 1});
  run previous{0, 1};
  code_width width(3, 4);  // as the compressor has it after its first unit

  for (;;) {
    const auto code = bits.read(width.bits());
    if (!code) return std::nullopt;
    if (*code == end_code) return utf16_to_utf8(out);
    const std::size_t start = out.size();
    run piece{static_cast<std::uint32_t>(start), 0};
    if (*code == new_byte_code || *code == new_unit_code) {
      const auto unit = read_new_unit(*code);
      if (!unit || start + 1 > max_units) return std::nullopt;
      out.push_back(*unit);
      piece.length = 1;
      dictionary.push_back(piece);
      width.count_entry();
    } else {
      // A dictionary entry, or the one this code will make: the previous
      // piece and its own first unit (LZW's case of a code used as soon as it
      // is made). Copied forwards, that last unit is there when it is read.
      run source{previous.start, previous.length + 1};
      if (*code < dictionary.size())
        source = dictionary[*code];
      else if (*code != dictionary.size())
        return std::nullopt;  // a code the dictionary has not reached
      if (start + source.length > max_units) return std::nullopt;
      out.resize(start + source.length);
      for (std::uint32_t i = 0; i < source.length; ++i)
        out[start + i] = out[source.start + i];
      piece.length = source.length;
    }
    dictionary.push_back(run{previous.start, previous.length + 1});
    width.count_entry();
    previous = piece;
  }
}

std::string lz_compress_base64(std::string_view utf8) {
  const std::vector<char16_t> units = utf8_to_utf16(utf8);
  bit_writer out;
  // The dictionary as a trie: an entry's code by its prefix's code and its
  // last unit, the prefix 0 (no code of an entry) standing for the empty one.
  std::unordered_map<std::uint64_t, std::uint64_t> entries;
  const auto key = [](std::uint64_t prefix, char16_t unit) { return (prefix << 16) | unit; };
  // Units in the dictionary whose own code has not been written: the first
  // time one is written, it goes as itself (code 0 or 1 and its bits).
  std::unordered_map<std::uint64_t, char16_t> unwritten_units;
  std::uint64_t next_code = first_entry;
  code_width width(2, 2);
  constexpr std::uint64_t empty = 0;

  const auto write_entry = [&](std::uint64_t code) {
    if (const auto unit = unwritten_units.find(code); unit != unwritten_units.end()) {
      if (unit->second < 256) {
        out.write(new_byte_code, width.bits());
        out.write(unit->second, 8);
      } else {
        out.write(new_unit_code, width.bits());
        out.write(unit->second, 16);
      }
      width.count_entry();  // the unit's own entry, made when it was first seen
      unwritten_units.erase(unit);
    } else {
      out.write(code, width.bits());
    }
    width.count_entry();
  };

  std::uint64_t current = empty;  // the code of the longest match so far
  for (const char16_t unit : units) {
    if (entries.try_emplace(key(empty, unit), next_code).second)
      unwritten_units.emplace(next_code++, unit);
    if (const auto longer = entries.find(key(current, unit)); longer != entries.end()) {
      current = longer->second;
    } else {
      write_entry(current);
      entries.emplace(key(current, unit), next_code++);
      current = entries.at(key(empty, unit));
    }
  }
  if (current != empty) write_entry(current);
  out.write(end_code, width.bits());
  return std::move(out).finish();
}

}  // namespace sudoku::detail
