// The clues of modern variants (clue.hpp) against brute force: every grid of
// a small board, found by plain backtracking over rows, columns and boxes (no
// exact cover), kept when the validator accepts it (validate.hpp: code apart
// from the model), must be counted by the solver, and no other.
#include <gtest/gtest.h>
#include <dlx/solver.hpp>
#include <sudoku/model.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/validate.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudoku_helpers.hpp"

namespace {

using test_support::completions;

using sudoku::clue;
using sudoku::clue_kind;

struct instance {
  std::string name;
  clue_kind kind;
  std::vector<std::pair<int, int>> cells;  // (row, column), 0-based
  std::vector<int> values;
  bool loop = false;
  std::vector<instance> parts{};  // an any_of's or all_of's
};

// The instance as a clue on a board `side` cells wide.
clue to_clue(const instance& in, int side) {
  if (in.kind == clue_kind::any_of || in.kind == clue_kind::all_of) {
    std::vector<clue> parts;
    for (const instance& part : in.parts)
      parts.push_back(to_clue(part, side));
    return sudoku::composite_clue(in.kind, std::move(parts));
  }
  clue c{in.kind, {}, in.values, in.loop};
  for (auto [r, col] : in.cells)
    c.cells.push_back(static_cast<std::uint32_t>(r * side + col));
  return c;
}

std::vector<instance> instances() {
  using k = clue_kind;
  return {
      {"thermo", k::thermo, {{0, 0}, {0, 1}, {1, 1}}, {}},
      {"thermo_long", k::thermo, {{3, 0}, {2, 0}, {2, 1}, {1, 2}}, {}},
      {"whisper", k::whisper, {{0, 0}, {1, 0}, {1, 1}, {2, 1}}, {2}},
      {"whisper_loop", k::whisper, {{1, 1}, {1, 2}, {2, 2}, {2, 1}}, {2}, true},
      {"white_dot", k::white_dot, {{0, 0}, {0, 1}}, {}},
      {"white_dots_three", k::white_dot, {{0, 0}, {0, 1}, {1, 1}}, {}},
      {"black_dot", k::black_dot, {{1, 0}, {1, 1}}, {}},
      {"x", k::x, {{0, 2}, {1, 2}}, {}},
      {"v", k::v, {{0, 0}, {1, 0}}, {}},
      {"greater_than", k::greater_than, {{0, 0}, {0, 1}, {0, 2}}, {}},
      {"palindrome", k::palindrome, {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}, {}},
      {"modular", k::modular, {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {3, 1}}, {2}},
      {"renban", k::renban, {{0, 1}, {1, 1}, {2, 1}}, {}},
      {"between", k::between, {{0, 0}, {1, 1}, {2, 2}, {3, 3}}, {}},
      {"zipper_odd", k::zipper, {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}, {}},
      {"zipper_even", k::zipper, {{0, 0}, {1, 1}, {2, 2}, {3, 3}}, {}},
      {"sum_line", k::sum_line, {{0, 0}, {0, 1}, {1, 1}, {1, 2}}, {5}},
      {"sum_line_short", k::sum_line, {{0, 0}, {1, 0}, {1, 1}, {2, 1}}, {4}},
      // Loops: cut anywhere, one path per filling even when two cuts work.
      {"sum_line_loop", k::sum_line, {{0, 0}, {0, 1}, {1, 1}, {1, 0}}, {5}, true},
      {"sum_line_loop_ring",
       k::sum_line,
       {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}, {2, 1}, {2, 0}, {1, 0}},
       {5},
       true},
      // Too many sets of cuts: once round the loop per cut.
      {"sum_line_loop_around",
       k::sum_line,
       {{0, 0},
        {0, 1},
        {0, 2},
        {0, 3},
        {1, 3},
        {2, 3},
        {3, 3},
        {3, 2},
        {3, 1},
        {3, 0},
        {2, 0},
        {1, 0}},
       {10},
       true},
      {"sum_line_loop_zigzag",
       k::sum_line,
       {{0, 0}, {1, 1}, {0, 2}, {1, 3}, {2, 2}, {3, 1}},
       {6},
       true},
      {"quad", k::quad, {{1, 1}, {1, 2}, {2, 1}, {2, 2}}, {1, 2}},
      {"quad_repeat", k::quad, {{1, 1}, {1, 2}, {2, 1}, {2, 2}}, {3, 3}},
      {"same_values", k::same_values, {{0, 0}, {0, 1}, {2, 2}, {2, 3}}, {2}},
      {"same_values_single", k::same_values, {{0, 0}, {1, 2}, {2, 1}}, {3}},
      {"cage_sum", k::cage, {{0, 0}, {1, 1}, {2, 2}}, {7}},
      {"cage_no_sum", k::cage, {{0, 0}, {1, 1}, {2, 2}, {3, 3}}, {}},
      {"sum", k::sum, {{0, 0}, {1, 1}, {2, 2}}, {6}},
      {"sum_weighted", k::sum, {{0, 0}, {1, 1}, {2, 2}}, {3, 2, -1, 1}},
      {"arrow", k::arrow, {{0, 0}, {1, 1}, {2, 1}}, {}},
      {"double_arrow", k::double_arrow, {{0, 0}, {1, 0}, {2, 1}, {3, 1}}, {}},
      {"pill_arrow", k::pill_arrow, {{0, 1}, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {3, 1}}, {2}},
      {"little_killer", k::little_killer, {{0, 1}, {1, 2}, {2, 3}}, {7}},
      {"sandwich", k::sandwich, {{1, 0}, {1, 1}, {1, 2}, {1, 3}}, {2}},
      {"x_sum", k::x_sum, {{2, 0}, {2, 1}, {2, 2}, {2, 3}}, {6}},
      {"lunchbox", k::lunchbox, {{0, 0}, {1, 1}, {2, 2}}, {0}},
      {"skyscraper", k::skyscraper, {{0, 1}, {1, 1}, {2, 1}, {3, 1}}, {3}},
      {"skyscraper_seen_once", k::skyscraper, {{2, 3}, {2, 2}, {2, 1}, {2, 0}}, {1}},
      {"hidden_skyscraper", k::hidden_skyscraper, {{1, 0}, {1, 1}, {1, 2}, {1, 3}}, {2}},
      {"hidden_skyscraper_late", k::hidden_skyscraper, {{3, 2}, {2, 2}, {1, 2}, {0, 2}}, {1}},
      {"numbered_room", k::numbered_room, {{0, 0}, {0, 1}, {0, 2}, {0, 3}}, {3}},
      {"numbered_room_first", k::numbered_room, {{3, 3}, {2, 3}, {1, 3}, {0, 3}}, {1}},
      {"all_different", k::all_different, {{0, 0}, {1, 2}, {2, 1}, {3, 3}}, {}},
      {"rellik_cage", k::rellik_cage, {{0, 0}, {1, 1}, {2, 2}}, {8}},
      {"rellik_cage_none", k::rellik_cage, {{0, 0}, {1, 1}, {2, 2}}, {5}},
      {"equality_cage", k::equality_cage, {{0, 0}, {1, 1}}, {}},
      {"equality_cage_four", k::equality_cage, {{0, 0}, {1, 2}, {2, 1}, {3, 3}}, {}},
      {"contain_at_least", k::contain_at_least, {{0, 0}, {1, 1}, {2, 2}, {3, 3}}, {1, 1}},
      {"contain_exact", k::contain_exact, {{0, 0}, {1, 2}, {2, 1}}, {2, 2}},
      {"count_distinct", k::count_distinct, {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {1, 2}}, {}},
      {"counting_circles", k::counting_circles, {{0, 0}, {1, 2}, {2, 1}, {3, 3}, {0, 3}}, {}},
      {"lockout", k::lockout, {{0, 0}, {1, 1}, {2, 2}}, {2}},
      {"lockout_long", k::lockout, {{0, 0}, {1, 0}, {1, 1}, {2, 1}}, {2}},
      {"region_sum_line", k::region_sum_line, {{0, 0}, {0, 1}, {0, 2}, {0, 3}}, {}},
      {"region_sum_line_turns", k::region_sum_line, {{0, 1}, {1, 1}, {1, 2}, {2, 3}}, {}},
      // Segments (values: their lengths) adding up alike; one cell in two of them.
      {"equal_sum", k::equal_sum, {{0, 0}, {1, 1}, {2, 2}, {3, 3}}, {2, 2}},
      {"equal_sum_shared_cell", k::equal_sum, {{0, 0}, {1, 1}, {1, 1}, {2, 3}, {3, 2}}, {2, 3}},
      {"value_indexing", k::value_indexing, {{0, 0}, {1, 1}, {0, 2}, {1, 3}}, {}},
      {"value_indexing_bends", k::value_indexing, {{3, 0}, {2, 0}, {1, 0}, {1, 1}, {1, 2}}, {}},
      // The second cell first on the line it indexes (ISS's "Bates Motel").
      {"value_indexing_again", k::value_indexing, {{0, 0}, {1, 1}, {1, 1}, {1, 2}, {1, 3}}, {}},
      // Tables of the digit pairs allowed: b may follow a when values[a - 1]
      // has bit b. Consecutive digits along a line; a smaller one first.
      {"pair_consecutive", k::pair, {{0, 0}, {1, 0}, {2, 0}}, {0b100, 0b1010, 0b10100, 0b1000}},
      {"pair_x_rising", k::pair_x, {{0, 0}, {1, 2}, {2, 1}}, {0b11100, 0b11000, 0b10000, 0}},
      {"indexing_columns", k::indexing, {{0, 0}, {1, 2}}, {0}},
      {"indexing_rows", k::indexing, {{0, 1}, {3, 2}}, {1}},
      // An automaton (clue_automaton.hpp's layout), not deterministic: some 1
      // is followed, later on the line, by some 2. One segment of 4 cells;
      // 6 symbols (digits 1-6), 3 states, state 0 the start, state 2 accepting.
      {"nfa_one_then_two",
       k::nfa,
       {{0, 0}, {0, 1}, {1, 1}, {2, 2}},
       {1, 4, 6, 3, 1, 0, 0, 1, 7, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 1, 1, 7, 1, 1,
        2, 1, 3, 1, 4, 1, 5, 1, 6, 1, 2, 2, 6, 1, 2, 2, 2, 3, 2, 4, 2, 5, 2, 6, 2}},
      // Givens, and clues made of clues: at least one part holds (one path
      // per grid when two do), every part holds.
      {"given", k::given, {{0, 0}, {1, 1}}, {1, 3}},
      {"any_of_givens",
       k::any_of,
       {},
       {},
       false,
       {{"", k::given, {{0, 0}}, {1}}, {"", k::given, {{1, 1}}, {2}}}},
      {"any_of_lines",  // overlapping cells in other orders
       k::any_of,
       {},
       {},
       false,
       {{"", k::thermo, {{0, 0}, {0, 1}, {1, 1}}, {}},
        {"", k::whisper, {{1, 1}, {0, 1}, {0, 2}}, {2}}}},
      {"any_of_arrows",  // the same cells, the circle moved: made again in one order
       k::any_of,
       {},
       {},
       false,
       {{"", k::arrow, {{0, 0}, {1, 1}, {2, 2}}, {}},
        {"", k::arrow, {{1, 1}, {2, 2}, {0, 0}}, {}},
        {"", k::arrow, {{2, 2}, {0, 0}, {1, 1}}, {}}}},
      {"any_of_skyscrapers",  // a row from both ends: one read backwards
       k::any_of,
       {},
       {},
       false,
       {{"", k::skyscraper, {{0, 0}, {0, 1}, {0, 2}, {0, 3}}, {3}},
        {"", k::skyscraper, {{0, 3}, {0, 2}, {0, 1}, {0, 0}}, {3}}}},
      {"any_of_crossing",  // a row and a column crossing in their middles
       k::any_of,
       {},
       {},
       false,
       {{"", k::x_sum, {{1, 0}, {1, 1}, {1, 2}, {1, 3}}, {5}},
        {"", k::hidden_skyscraper, {{3, 2}, {2, 2}, {1, 2}, {0, 2}}, {2}}}},
      {"any_of_impossible_part",  // a cage no digits fill
       k::any_of,
       {},
       {},
       false,
       {{"", k::cage, {{0, 0}, {1, 1}, {2, 2}}, {2}},
        {"", k::sandwich, {{2, 0}, {2, 1}, {2, 2}, {2, 3}}, {0}}}},
      {"any_of_all_of",
       k::any_of,
       {},
       {},
       false,
       {{"",
         k::all_of,
         {},
         {},
         false,
         {{"", k::given, {{0, 0}}, {2}}, {"", k::v, {{0, 0}, {0, 1}}, {}}}},
        {"", k::cage, {{0, 0}, {0, 1}, {1, 0}}, {6}},
        {"",
         k::any_of,
         {},
         {},
         false,
         {{"", k::given, {{3, 3}}, {1}}, {"", k::x, {{2, 3}, {3, 3}}, {}}}}}},
      {"all_of",
       k::all_of,
       {},
       {},
       false,
       {{"", k::thermo, {{0, 0}, {1, 0}}, {}}, {"", k::given, {{1, 0}}, {2, 3}}}},
      {"global_mod", k::global_mod, {}, {}},
      {"dutch_flatmates", k::dutch_flatmates, {}, {}},
      {"anti_knight", k::anti_knight, {}, {}},
      {"anti_king", k::anti_king, {}, {}},
      {"anti_taxicab", k::anti_taxicab, {}, {}},
      {"anti_consecutive", k::anti_consecutive, {}, {}},
  };
}

// A board of shape `s` with the instance's clue; `band` fixes the last rows
// (6x6: the full board has 28 million grids) with these digits, away from
// the clues.
// Values from 0 (ISS's Shape~4x4~0-3): the rules ISS refuses there, and a
// looped sum line, whose cuts a 0 leaves ambiguous.
bool refused_from_zero(const instance& in) {
  return in.kind == clue_kind::entropic || in.kind == clue_kind::anti_taxicab ||
         in.kind == clue_kind::global_entropy || in.kind == clue_kind::dutch_flatmates ||
         (in.kind == clue_kind::sum_line && in.loop);
}

void expect_brute_force_count(const sudoku::shape& s, const instance& in, const std::string& band,
                              int first_value = 1) {
  sudoku::variant v(s);
  v.set_first_value(first_value);
  v.add_clue(to_clue(in, s.size()));
  sudoku::grid givens = v.empty_grid();
  const std::size_t first = givens.cells().size() - band.size();
  for (std::size_t i = 0; i < band.size(); ++i)
    givens.cells()[first + i] = static_cast<std::uint8_t>(band[i] - '0');
  std::uint64_t expected = 0;
  for (const sudoku::grid& g : completions(s, givens)) {
    if (sudoku::check_solution(v, g).ok()) ++expected;
  }
  if (first_value == 0 && refused_from_zero(in)) {
    EXPECT_THROW(sudoku::solver{v}, std::invalid_argument) << in.name;
    return;
  }
  sudoku::solver solver(v);
  const sudoku::result r = solver.count(givens, 1'000'000);
  EXPECT_EQ(r.solutions, expected) << in.name << " on " << s.name();
  EXPECT_TRUE(r.exact);
  // The model with fewer weighted items, as a problem too large for the
  // bitset engine states it (a looped sum line by a residue an option
  // chooses), and without, as dancing links searches it (once round per
  // cut, a pill arrow's chain); both searched here with bitsets and the pair
  // rule, which take them much faster.
  for (auto weights : {sudoku::model::weights::small, sudoku::model::weights::none}) {
    const sudoku::model fewer(v, weights);
    dlx::solver plain(fewer.build(), dlx::engine_kind::bitset);
    std::vector<dlx::option_id> given_options;
    for (std::uint32_t p : v.cells()) {
      if (givens.cells()[p] != 0) given_options.push_back(fewer.option(p, givens.cells()[p]));
    }
    dlx::search_options options;
    options.propagation = dlx::propagation::pairs;
    // Givens that break the clue conflict already.
    const std::uint64_t count = plain.preselect(given_options) ? 0 : plain.count(options).solutions;
    EXPECT_EQ(count, expected) << in.name << " with weights " << static_cast<int>(weights);
  }
  // And every grid the solver finds passes the validator.
  solver.enumerate(givens, [&](const sudoku::grid& g) {
    const auto check = sudoku::check_solution(v, givens, g);
    EXPECT_TRUE(check.ok()) << in.name << ": " << check.message(v);
    return dlx::visit::next;
  });
}

class ClueBruteForce : public testing::TestWithParam<instance> {};

TEST_P(ClueBruteForce, CountsEveryGridOf4x4) {
  expect_brute_force_count(sudoku::shape{2, 2}, GetParam(), "");
}

TEST_P(ClueBruteForce, CountsEveryGridOf6x6WithAGivenBand) {
  expect_brute_force_count(sudoku::shape{2, 3}, GetParam(), "123456456123");
}

// The same clues read with values from 0 (a cage's sum, a thermometer's
// order, an X-sum's count are then the values': the digits 1-4 stand for 0-3).
TEST_P(ClueBruteForce, CountsEveryGridOf4x4WithValuesFromZero) {
  expect_brute_force_count(sudoku::shape{2, 2}, GetParam(), "", 0);
}

TEST_P(ClueBruteForce, CountsEveryGridOf6x6WithValuesFromZero) {
  expect_brute_force_count(sudoku::shape{2, 3}, GetParam(), "123456456123", 0);
}

INSTANTIATE_TEST_SUITE_P(Kinds, ClueBruteForce, testing::ValuesIn(instances()),
                         [](const auto& test) { return test.param.name; });

// An automaton reading two segments, the break (symbol n + 1 = 5 on 4x4)
// between them: no two odd digits follow each other within a segment, while
// across the break they may.
TEST(ClueBruteForce, AnAutomatonReadsItsSegmentsWithABreakBetween) {
  const sudoku::shape s{2, 2};
  sudoku::variant v(s);
  // States: 0 after an even digit or a break (the start), 1 after an odd one.
  const std::vector<int> layout = {2, 2, 2, 5, 2, 1, 1, 1, 5, 1, 1, 2, 0,
                                   3, 1, 4, 0, 5, 0, 3, 2, 0, 4, 0, 5, 0};
  v.add_clue({clue_kind::nfa, {0, 1, 4, 5}, layout, false});
  std::uint64_t expected = 0;
  for (const sudoku::grid& g : completions(s, v.empty_grid())) {
    const auto odd = [&](std::size_t p) { return g.cells()[p] % 2 == 1; };
    if (!(odd(0) && odd(1)) && !(odd(4) && odd(5))) ++expected;
  }
  EXPECT_GT(expected, 0u);
  EXPECT_EQ(sudoku::solver(v).count(v.empty_grid(), 1000).solutions, expected);
  // The validator agrees, grid by grid.
  std::uint64_t valid = 0;
  for (const sudoku::grid& g : completions(s, v.empty_grid()))
    valid += sudoku::check_solution(v, g).ok() ? 1 : 0;
  EXPECT_EQ(valid, expected);
}

TEST(ClueBruteForce, StrictRulesExemptTheMarkedPairs) {
  for (clue_kind strict : {clue_kind::strict_kropki, clue_kind::strict_xv}) {
    const sudoku::shape s{2, 2};
    sudoku::variant v(s);
    v.add_clue({strict, {}, {}, false});
    const clue_kind mark = strict == clue_kind::strict_kropki ? clue_kind::white_dot : clue_kind::v;
    v.add_clue({mark, {0, 1}, {}, false});
    std::uint64_t expected = 0;
    for (const sudoku::grid& g : completions(s, v.empty_grid())) {
      if (sudoku::check_solution(v, g).ok()) ++expected;
    }
    sudoku::solver solver(v);
    EXPECT_EQ(solver.count(v.empty_grid(), 1000).solutions, expected);
  }
}

TEST(ClueBruteForce, PencilMarksRestrictTheCell) {
  const sudoku::shape s{2, 2};
  sudoku::variant v(s);
  v.restrict_digits(0, 0b0110);  // r1c1 is 1 or 2
  v.restrict_digits(5, 0b1100);  // r2c2 is 2 or 3
  std::uint64_t expected = 0;
  for (const sudoku::grid& g : completions(s, v.empty_grid())) {
    if (sudoku::check_solution(v, g).ok()) ++expected;
  }
  EXPECT_LT(expected, 288u);
  sudoku::solver solver(v);
  EXPECT_EQ(solver.count(v.empty_grid(), 1000).solutions, expected);
  // A given its pencil marks rule out: no solution, and the validator says why.
  sudoku::grid givens = v.empty_grid();
  givens.cells()[0] = 3;
  EXPECT_EQ(solver.count(givens, 1000).status, sudoku::status::none);
  const auto check = sudoku::check_puzzle(v, givens);
  EXPECT_EQ(check.status, sudoku::check_status::broken_clue);
  EXPECT_NE(check.message(v).find("pencil marks"), std::string::npos) << check.message(v);
}

TEST(ClueBruteForce, GivensBreakingAClueHaveNoSolution) {
  sudoku::variant v(sudoku::shape{2, 2});
  v.add_clue({clue_kind::thermo, {0, 1}, {}, false});
  sudoku::grid givens = v.empty_grid();
  givens.cells()[0] = 3;
  givens.cells()[1] = 2;
  sudoku::solver solver(v);
  EXPECT_EQ(solver.count(givens, 10).status, sudoku::status::none);
  const auto check = sudoku::check_puzzle(v, givens);
  EXPECT_EQ(check.status, sudoku::check_status::broken_clue);
  EXPECT_EQ(check.message(v), "the thermometer at r1c1: r1c1 (3) and r1c2 (2) does not rise");
}

// "the black dot at r5c1" named either of two dots; a mark on an edge names
// both its cells, in reading order, and a quad its block's four.
TEST(ClueNames, AMarkOnAnEdgeNamesBothItsCells) {
  sudoku::variant v(sudoku::shape{3, 3});
  const auto at = [](int r, int c) { return static_cast<std::uint32_t>((r - 1) * 9 + c - 1); };
  const sudoku::clue above{clue_kind::black_dot, {at(4, 1), at(5, 1)}, {}, false};
  const sudoku::clue below{clue_kind::black_dot, {at(6, 1), at(5, 1)}, {}, false};
  EXPECT_EQ(v.clue_name(above), "the black dot between r4c1 and r5c1");
  EXPECT_EQ(v.clue_name(below), "the black dot between r5c1 and r6c1");
  EXPECT_EQ(v.clue_name({clue_kind::x, {at(1, 2), at(1, 1)}, {}, false}),
            "the X between r1c1 and r1c2");
  EXPECT_EQ(v.clue_name({clue_kind::quad, {at(1, 1), at(1, 2), at(2, 1), at(2, 2)}, {3}, false}),
            "the quadruple on r1c1, r1c2, r2c1 and r2c2");
  EXPECT_EQ(v.clue_name({clue_kind::thermo, {at(4, 1), at(4, 2)}, {}, false}),
            "the thermometer at r4c1");
}

}  // namespace

namespace {

// Global entropy, global mod 3 and Dutch flatmates with their 9 digits:
// brute force on 9x9, from a grid that keeps the rule (the solver's first),
// its first band blank.
TEST(ClueBruteForce, RulesOverEvery2x2SquareOrColumnOn9x9) {
  const std::pair<clue_kind, std::string> rules[] = {
      {clue_kind::global_entropy,
       "174853629632194758985762134526379481398416275741285963417528396863947512259631847"},
      {clue_kind::global_mod,
       "132657849874192356965384172518769234643218795729435681291573468487926513356841927"},
      {clue_kind::dutch_flatmates,
       "152934678496187253378526194615493827849712365237658419581249736964371582723865941"}};
  const sudoku::shape s{3, 3};
  for (const auto& [rule, base] : rules) {
    sudoku::variant v(s);
    v.add_clue({rule, {}, {}, false});
    sudoku::grid givens = v.empty_grid();
    for (std::size_t p = 27; p < 81; ++p)
      givens.cells()[p] = static_cast<std::uint8_t>(base[p] - '0');
    std::uint64_t expected = 0, kept = 0;
    for (const sudoku::grid& g : completions(s, givens)) {
      ++kept;
      if (sudoku::check_solution(v, g).ok()) ++expected;
    }
    EXPECT_GE(expected, 1u) << sudoku::iss_name(rule);    // the grid it came from
    EXPECT_LT(expected, kept) << sudoku::iss_name(rule);  // and the rule rules some out
    sudoku::solver solver(v);
    EXPECT_EQ(solver.count(givens, 0).solutions, expected) << sudoku::iss_name(rule);
  }
}

// Entropic lines need 9 digits (three classes of three): brute force on 9x9,
// from a solution with its first band blank.
TEST(ClueBruteForce, EntropicLineOn9x9) {
  const std::string base =
      "847632519295471386631598247129743865486259173753816924368924751974185632512367498";
  const sudoku::shape s{3, 3};
  for (const std::vector<std::uint32_t>& line :
       {std::vector<std::uint32_t>{0, 1, 2, 11, 20},
        std::vector<std::uint32_t>{0, 9, 10, 11, 12, 13}}) {
    sudoku::variant v(s);
    v.add_clue({clue_kind::entropic, line, {}, false});
    sudoku::grid givens = v.empty_grid();
    for (std::size_t p = 27; p < 81; ++p)
      givens.cells()[p] = static_cast<std::uint8_t>(base[p] - '0');
    for (std::uint32_t p : line)
      givens.cells()[p] = 0;
    std::uint64_t expected = 0;
    for (const sudoku::grid& g : completions(s, givens)) {
      if (sudoku::check_solution(v, g).ok()) ++expected;
    }
    sudoku::solver solver(v);
    EXPECT_EQ(solver.count(givens, 0).solutions, expected);
  }
}

}  // namespace

namespace {

// FullRank (and FullRankTies) against brute force on 4x4 and on 6x6 with its
// last two rows given: random clues on random lines, each rank the line's
// rank in a random grid or one off it, under each tie rule. The expected
// count is the validator's (its wording: one more than the lines read less);
// the rule's lines and ranks are computed apart here only to pick the clues.
TEST(ClueBruteForce, FullRankAgainstEveryGrid) {
  std::mt19937 rng(63);
  for (const auto& board : {std::pair{sudoku::shape{2, 2}, std::string()},
                            std::pair{sudoku::shape{2, 3}, std::string("123456456123")}}) {
    // (Not a structured binding: clang 14 cannot capture one in a lambda.)
    const sudoku::shape s = board.first;
    const std::string& band = board.second;
    const int n = s.size();
    sudoku::variant plain(s);
    sudoku::grid givens = plain.empty_grid();
    const std::size_t first = givens.cells().size() - band.size();
    for (std::size_t i = 0; i < band.size(); ++i)
      givens.cells()[first + i] = static_cast<std::uint8_t>(band[i] - '0');
    const std::vector<sudoku::grid> grids = completions(s, givens);
    // Every row and column, both ways.
    std::vector<std::vector<std::uint32_t>> lines;
    for (int k = 0; k < 2 * n; ++k) {
      std::vector<std::uint32_t> line;
      for (int i = 0; i < n; ++i)
        line.push_back(static_cast<std::uint32_t>(k < n ? k * n + i : i * n + k - n));
      lines.push_back(line);
      lines.emplace_back(line.rbegin(), line.rend());
    }
    const auto read = [&](const sudoku::grid& g, const std::vector<std::uint32_t>& line) {
      std::string out;
      for (std::uint32_t p : line)
        out += static_cast<char>('0' + g.cells()[p]);
      return out;
    };
    int nonzero = 0, ruled_out = 0;
    for (int trial = 0; trial < 24; ++trial) {
      const sudoku::grid& model_grid = grids[rng() % grids.size()];
      sudoku::variant v(s);
      const int ties = trial % 3;
      if (ties != 1 || trial % 2 == 0) v.add_clue({clue_kind::full_rank_ties, {}, {ties}, false});
      const int clues = 1 + static_cast<int>(rng() % 3);
      for (int c = 0; c < clues; ++c) {
        const auto& line = lines[rng() % lines.size()];
        int less = 0;
        for (const auto& other : lines)
          less += read(model_grid, other) < read(model_grid, line);
        const int rank = std::clamp(less + 1 + static_cast<int>(rng() % 3) - 1, 1, 4 * n);
        v.add_clue({clue_kind::full_rank, line, {rank}, false});
      }
      std::uint64_t expected = 0;
      for (const sudoku::grid& g : grids)
        expected += sudoku::check_solution(v, g).ok();
      sudoku::solver solver(v);
      EXPECT_EQ(solver.count(givens, 0).solutions, expected) << s.name() << ", trial " << trial;
      nonzero += expected != 0;
      ruled_out += expected < grids.size();
      solver.enumerate(givens, [&](const sudoku::grid& g) {
        EXPECT_TRUE(sudoku::check_solution(v, givens, g).ok()) << s.name() << ", trial " << trial;
        return dlx::visit::next;
      });
    }
    EXPECT_GE(nonzero, 6) << s.name();  // the trials test counts, not only refusals
    EXPECT_EQ(ruled_out, 24) << s.name();
  }
}

// FullRankTies none alone: no two rows or columns, read either way, alike.
TEST(ClueBruteForce, FullRankTiesNoneAlone) {
  const sudoku::shape s{2, 2};
  sudoku::variant v(s);
  v.add_clue({clue_kind::full_rank_ties, {}, {0}, false});
  const sudoku::grid blank = v.empty_grid();
  std::uint64_t expected = 0, all = 0;
  for (const sudoku::grid& g : completions(s, blank)) {
    ++all;
    expected += sudoku::check_solution(v, g).ok();
  }
  EXPECT_LT(expected, all);
  EXPECT_GT(expected, 0u);
  EXPECT_EQ(sudoku::solver(v).count(blank, 0).solutions, expected);
}

}  // namespace
