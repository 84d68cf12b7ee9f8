#include "sudoku/clue.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace sudoku {

namespace {

struct names {
  clue_kind kind;
  std::string_view iss;
  std::string_view people;
  std::string_view legend;
};

constexpr std::array<names, 64> table{{
    {clue_kind::thermo, "Thermo", "thermometer", "thermo"},
    {clue_kind::whisper, "Whisper", "whisper line", "whisper"},
    {clue_kind::white_dot, "WhiteDot", "white dot", "kropki"},
    {clue_kind::black_dot, "BlackDot", "black dot", "kropki"},
    {clue_kind::x, "X", "X", "XV"},
    {clue_kind::v, "V", "V", "XV"},
    {clue_kind::greater_than, "GreaterThan", "greater-than sign", "greater-than"},
    {clue_kind::palindrome, "Palindrome", "palindrome", "palindrome"},
    {clue_kind::modular, "Modular", "modular line", "modular"},
    {clue_kind::entropic, "Entropic", "entropic line", "entropic"},
    {clue_kind::renban, "Renban", "renban line", "renban"},
    {clue_kind::between, "Between", "between line", "between"},
    {clue_kind::zipper, "Zipper", "zipper line", "zipper"},
    {clue_kind::sum_line, "SumLine", "sum line", "sum line"},
    {clue_kind::quad, "Quad", "quadruple", "quad"},
    {clue_kind::same_values, "SameValues", "same-value sets", "clone"},
    {clue_kind::cage, "Cage", "cage", "cage"},
    {clue_kind::sum, "Sum", "sum", "sum"},
    {clue_kind::arrow, "Arrow", "arrow", "arrow"},
    {clue_kind::double_arrow, "DoubleArrow", "double arrow", "double arrow"},
    {clue_kind::pill_arrow, "PillArrow", "pill arrow", "pill arrow"},
    {clue_kind::little_killer, "LittleKiller", "little killer", "little killer"},
    {clue_kind::sandwich, "Sandwich", "sandwich", "sandwich"},
    {clue_kind::x_sum, "XSum", "X-sum", "X-sum"},
    {clue_kind::lunchbox, "Lunchbox", "lunchbox", "lunchbox"},
    {clue_kind::all_different, "AllDifferent", "all-different set", "all different"},
    {clue_kind::rellik_cage, "RellikCage", "rellik cage", "rellik cage"},
    {clue_kind::equality_cage, "EqualityCage", "equality cage", "equality cage"},
    {clue_kind::contain_at_least, "ContainAtLeast", "contain-at-least set", "contains"},
    {clue_kind::contain_exact, "ContainExact", "contain-exact set", "contains exactly"},
    {clue_kind::count_distinct, "CountDistinct", "distinct-digit count", "count distinct"},
    {clue_kind::counting_circles, "CountingCircles", "counting circles", "counting circles"},
    {clue_kind::lockout, "Lockout", "lockout line", "lockout"},
    {clue_kind::region_sum_line, "RegionSumLine", "region sum line", "region sum line"},
    {clue_kind::equal_sum, "EqualSum", "equal-sum segments", "equal sum"},
    {clue_kind::value_indexing, "ValueIndexing", "value-indexing line", "value indexing"},
    {clue_kind::pair, "Pair", "pairwise line", "pairwise"},
    {clue_kind::pair_x, "PairX", "pairwise set", "pairwise"},
    {clue_kind::indexing, "Indexing", "indexing cells", "indexing"},
    {clue_kind::nfa, "NFA", "automaton line", "automaton"},
    {clue_kind::given, "Given", "given", "given"},
    {clue_kind::any_of, "Or", "either-or", "either-or"},
    {clue_kind::all_of, "And", "all-of group", "all of"},
    {clue_kind::skyscraper, "Skyscraper", "skyscraper", "skyscraper"},
    {clue_kind::hidden_skyscraper, "HiddenSkyscraper", "hidden skyscraper", "hidden skyscraper"},
    {clue_kind::numbered_room, "NumberedRoom", "numbered room", "numbered room"},
    {clue_kind::full_rank, "FullRank", "full rank clue", "full rank"},
    {clue_kind::chaos_arrow, "ChaosArrow", "chaos arrow", "chaos arrow"},
    {clue_kind::chaos_count, "ChaosCount", "chaos count", "chaos count"},
    {clue_kind::connected_values, "ConnectedValues", "connected values", "connected values"},
    {clue_kind::search_priority, "SearchPriority", "search priority", "search priority"},
    {clue_kind::anti_knight, "AntiKnight", "anti-knight rule", "anti-knight"},
    {clue_kind::anti_king, "AntiKing", "anti-king rule", "anti-king"},
    {clue_kind::anti_taxicab, "AntiTaxicab", "anti-taxicab rule", "anti-taxicab"},
    {clue_kind::anti_consecutive, "AntiConsecutive", "anti-consecutive rule", "anti-consecutive"},
    {clue_kind::strict_kropki, "StrictKropki", "strict kropki rule", "strict kropki"},
    {clue_kind::strict_xv, "StrictXV", "strict XV rule", "strict XV"},
    {clue_kind::global_entropy, "GlobalEntropy", "global entropy rule", "global entropy"},
    {clue_kind::global_mod, "GlobalMod", "global mod 3 rule", "global mod 3"},
    {clue_kind::dutch_flatmates, "DutchFlatmates", "Dutch flatmates rule", "Dutch flatmates"},
    {clue_kind::region_same_values, "RegionSameValues", "same values in every region rule",
     "same region values"},
    {clue_kind::doppelganger, "Doppelganger", "Doppelganger rule", "Doppelganger"},
    {clue_kind::full_rank_ties, "FullRankTies", "full rank tie rule", "full rank ties"},
    {clue_kind::chaos_construction, "ChaosConstruction", "chaos construction",
     "chaos construction"},
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

std::string_view short_name(clue_kind k) noexcept {
  return entry(k).legend;
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

bool is_outside(clue_kind k) noexcept {
  return k == clue_kind::little_killer || k == clue_kind::sandwich || k == clue_kind::x_sum ||
         k == clue_kind::skyscraper || k == clue_kind::hidden_skyscraper ||
         k == clue_kind::numbered_room || k == clue_kind::full_rank;
}

bool reads_units(clue_kind k) noexcept {
  return k == clue_kind::region_sum_line || k == clue_kind::region_same_values ||
         k == clue_kind::doppelganger;
}

clue composite_clue(clue_kind kind, std::vector<clue> parts) {
  clue out{kind, {}, {}, false, std::move(parts)};
  for (const clue& part : out.parts) {
    for (const std::uint32_t p : part.cells) {
      if (std::find(out.cells.begin(), out.cells.end(), p) == out.cells.end())
        out.cells.push_back(p);
    }
  }
  return out;
}

}  // namespace sudoku
