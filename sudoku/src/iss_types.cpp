// The constraint types of ISS's strings: those parse_iss reads (iss.hpp), and
// ISS's others, which it refuses by name.
#include <fmt/core.h>

#include <vector>

#include "iss_detail.hpp"
#include "sudoku/clue.hpp"
#include "sudoku/iss.hpp"

namespace sudoku {

std::span<const std::string_view> iss_types() {
  static const std::vector<std::string_view> types = [] {
    std::vector<std::string_view> out = {
        "Shape",   "NoBoxes",   "Diagonal",   "Windoku",    "DisjointSets", "Jigsaw", "Binary",
        "BinaryX", "Replicate", "RegionSize", "LookAndSay", "Regex",        "Var"};
    for (int k = 0; k <= static_cast<int>(clue_kind::chaos_construction); ++k)
      out.push_back(iss_name(static_cast<clue_kind>(k)));
    return out;
  }();
  return types;
}

text_error detail::refused_iss_type(std::string_view type, std::size_t column) {
  // ISS types not read here, each between blanks.
  static constexpr std::string_view known = " Container ";
  if (known.find(fmt::format(" {} ", type)) != std::string_view::npos) {
    return {column, fmt::format("the constraint {} is not supported", type)};
  }
  return {column, fmt::format("unknown constraint type '{}'", type)};
}

}  // namespace sudoku
