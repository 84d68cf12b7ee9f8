// Numbers in messages: "1 cell", "2 cells". One rule for every message of the
// libraries and the tools, so none says "1 solutions".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dlx {

/// A number already written out (a count past 2^64, say) and the noun, in the
/// plural unless the number is 1; `plural` for nouns that do not take an "s"
/// (empty: `singular` + "s").
[[nodiscard]] inline std::string counted(std::string_view number, std::string_view singular,
                                         std::string_view plural = {}) {
  std::string out(number);
  out += ' ';
  if (number == "1") {
    out += singular;
  } else if (plural.empty()) {
    (out += singular) += 's';
  } else {
    out += plural;
  }
  return out;
}

/// `n` and the noun, in the plural unless n is 1.
///
///   dlx::counted(1, "cell")                // "1 cell"
///   dlx::counted(3, "cell")                // "3 cells"
///   dlx::counted(2, "match", "matches")    // "2 matches"
[[nodiscard]] inline std::string counted(std::uint64_t n, std::string_view singular,
                                         std::string_view plural = {}) {
  return counted(std::string_view(std::to_string(n)), singular, plural);
}

}  // namespace dlx
