#include "sudoku/clue.hpp"

#include <array>
#include <utility>

namespace sudoku {

namespace {

struct names {
  clue_kind kind;
  std::string_view iss;
  std::string_view people;
};

constexpr std::array<names, 34> table{{
    {clue_kind::thermo, "Thermo", "thermometer"},
    {clue_kind::whisper, "Whisper", "whisper line"},
    {clue_kind::white_dot, "WhiteDot", "white dot"},
    {clue_kind::black_dot, "BlackDot", "black dot"},
    {clue_kind::x, "X", "X"},
    {clue_kind::v, "V", "V"},
    {clue_kind::greater_than, "GreaterThan", "greater-than sign"},
    {clue_kind::palindrome, "Palindrome", "palindrome"},
    {clue_kind::modular, "Modular", "modular line"},
    {clue_kind::entropic, "Entropic", "entropic line"},
    {clue_kind::renban, "Renban", "renban line"},
    {clue_kind::between, "Between", "between line"},
    {clue_kind::zipper, "Zipper", "zipper line"},
    {clue_kind::sum_line, "SumLine", "sum line"},
    {clue_kind::quad, "Quad", "quadruple"},
    {clue_kind::same_values, "SameValues", "same-value sets"},
    {clue_kind::cage, "Cage", "cage"},
    {clue_kind::sum, "Sum", "sum"},
    {clue_kind::arrow, "Arrow", "arrow"},
    {clue_kind::double_arrow, "DoubleArrow", "double arrow"},
    {clue_kind::pill_arrow, "PillArrow", "pill arrow"},
    {clue_kind::little_killer, "LittleKiller", "little killer"},
    {clue_kind::sandwich, "Sandwich", "sandwich"},
    {clue_kind::x_sum, "XSum", "X-sum"},
    {clue_kind::lunchbox, "Lunchbox", "lunchbox"},
    {clue_kind::skyscraper, "Skyscraper", "skyscraper"},
    {clue_kind::hidden_skyscraper, "HiddenSkyscraper", "hidden skyscraper"},
    {clue_kind::numbered_room, "NumberedRoom", "numbered room"},
    {clue_kind::anti_knight, "AntiKnight", "anti-knight rule"},
    {clue_kind::anti_king, "AntiKing", "anti-king rule"},
    {clue_kind::anti_taxicab, "AntiTaxicab", "anti-taxicab rule"},
    {clue_kind::anti_consecutive, "AntiConsecutive", "anti-consecutive rule"},
    {clue_kind::strict_kropki, "StrictKropki", "strict kropki rule"},
    {clue_kind::strict_xv, "StrictXV", "strict XV rule"},
}};

constexpr bool in_kind_order() {
  for (std::size_t i = 0; i < table.size(); ++i) {
    if (table[i].kind != static_cast<clue_kind>(i)) return false;
  }
  return true;
}
static_assert(in_kind_order(), "entry() indexes the table by kind");

const names& entry(clue_kind k) noexcept {
  return table[static_cast<std::size_t>(k)];
}

}  // namespace

std::string_view iss_name(clue_kind k) noexcept {
  return entry(k).iss;
}

std::string_view to_string(clue_kind k) noexcept {
  return entry(k).people;
}

std::optional<clue_kind> clue_kind_from_iss(std::string_view name) noexcept {
  for (const names& n : table) {
    if (n.iss == name) return n.kind;
  }
  return std::nullopt;
}

bool is_global(clue_kind k) noexcept {
  return k >= clue_kind::anti_knight;
}

}  // namespace sudoku
