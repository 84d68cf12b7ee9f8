#include <gtest/gtest.h>
#include <sudoku/iss.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include "sudoku_helpers.hpp"

namespace {

using test_support::parse_grid;

// Wikipedia's example puzzle and its published solution.
const std::string& puzzle_text = test_support::wiki;
const std::string& solution_text = test_support::wiki_solution;

TEST(Validate, PublishedSolutionIsValid) {
  EXPECT_TRUE(sudoku::check_solution(parse_grid(solution_text)).ok());
  EXPECT_TRUE(sudoku::check_solution(parse_grid(puzzle_text), parse_grid(solution_text)).ok());
  EXPECT_TRUE(sudoku::check_puzzle(parse_grid(puzzle_text)).ok());
  EXPECT_FALSE(sudoku::first_clash(parse_grid(solution_text)));
}

TEST(Validate, SwappingTwoCellsOfARowBreaksColumns) {
  std::string s = solution_text;
  std::swap(s[0], s[1]);  // 5 and 3 swap: rows stay fine, columns 1 and 2 repeat
  const auto r = sudoku::check_solution(parse_grid(s));
  ASSERT_EQ(r.status, sudoku::check_status::clash);
  ASSERT_TRUE(r.conflict);
  // Now r1c2 holds 5, and column 2 already has a 5 at r4c2; r1c1 holds 3, as
  // does r9c1. In row-major order r4c2 comes first.
  EXPECT_EQ(*r.conflict, (sudoku::clash{1, 28, 5, sudoku::unit_kind::column}));
  EXPECT_EQ(r.cell, 28u);
  EXPECT_EQ(r.message(sudoku::shape{}), "r4c2 repeats 5 of r1c2 (same column)");
  EXPECT_EQ(sudoku::all_clashes(parse_grid(s)).size(), 2u);
}

TEST(Validate, ClashReportsBothCellsAndTheUnit) {
  std::string p(81, '.');
  p[2] = '7';  // r1c3
  p[6] = '7';  // r1c7: same row
  const auto c = sudoku::first_clash(parse_grid(p));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->first, 2u);
  EXPECT_EQ(c->second, 6u);
  EXPECT_EQ(c->digit, 7);
  EXPECT_EQ(c->unit, sudoku::unit_kind::row);
  EXPECT_EQ(sudoku::describe(*c, sudoku::shape{}), "r1c7 repeats 7 of r1c3 (same row)");

  std::string q(81, '.');
  q[0] = '4';      // r1c1
  q[9 + 1] = '4';  // r2c2: same box
  const auto d = sudoku::first_clash(parse_grid(q));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->unit, sudoku::unit_kind::box);
  EXPECT_EQ(sudoku::describe(*d, sudoku::shape{}), "r2c2 repeats 4 of r1c1 (same box)");

  std::string r(81, '.');
  r[4] = '9';          // r1c5
  r[8 * 9 + 4] = '9';  // r9c5: same column
  EXPECT_EQ(sudoku::first_clash(parse_grid(r))->unit, sudoku::unit_kind::column);
}

TEST(Validate, AllClashesListsEveryRepeat) {
  std::string p(81, '.');
  p[0] = p[1] = p[2] = '1';  // three 1s in row 1 and box 1
  const auto all = sudoku::all_clashes(parse_grid(p));
  // r1c2 repeats r1c1 in its row and its box; r1c3 repeats r1c1 in both too.
  ASSERT_EQ(all.size(), 4u);
  for (const auto& c : all)
    EXPECT_EQ(c.first, 0u);
}

TEST(Validate, IncompleteAndChangedGivens) {
  std::string blank = solution_text;
  blank[40] = '.';
  const auto r = sudoku::check_solution(parse_grid(blank));
  EXPECT_EQ(r.status, sudoku::check_status::incomplete);
  EXPECT_EQ(r.cell, 40u);
  EXPECT_EQ(r.message(sudoku::shape{}), "r5c5 is blank");
  EXPECT_TRUE(sudoku::check_puzzle(parse_grid(blank)).ok());

  // A different valid grid (digits 1 and 2 relabelled) does not keep the givens.
  std::string other = solution_text;
  for (char& ch : other)
    ch = ch == '1' ? '2' : ch == '2' ? '1' : ch;
  ASSERT_TRUE(sudoku::check_solution(parse_grid(other)).ok());
  const auto m = sudoku::check_solution(parse_grid(puzzle_text), parse_grid(other));
  EXPECT_EQ(m.status, sudoku::check_status::changes_given);
  EXPECT_NE(parse_grid(puzzle_text)[m.cell], 0);
}

TEST(Validate, AGivenChangedInAnyCellIsNamed) {
  // The quick check reads sixteen cells at a time: cells at the edges of those
  // blocks and in the last, partial one.
  for (std::size_t cell : {0u, 15u, 16u, 47u, 79u, 80u}) {
    std::string given(81, '.');
    given[cell] = solution_text[cell] == '9' ? '1' : static_cast<char>(solution_text[cell] + 1);
    const auto r = sudoku::check_solution(parse_grid(given), parse_grid(solution_text));
    EXPECT_EQ(r.status, sudoku::check_status::changes_given) << cell;
    EXPECT_EQ(r.cell, cell);
    given[cell] = solution_text[cell];
    EXPECT_TRUE(sudoku::check_solution(parse_grid(given), parse_grid(solution_text)).ok()) << cell;
  }
}

TEST(Validate, ShapeMismatchAndBadDigit) {
  EXPECT_EQ(
      sudoku::check_solution(sudoku::grid(sudoku::shape{2, 2}), parse_grid(solution_text)).status,
      sudoku::check_status::shape_mismatch);
  sudoku::grid g(sudoku::shape{2, 2});
  g.set(0, 0, 7);  // only possible by hand
  EXPECT_EQ(sudoku::check_puzzle(g).status, sudoku::check_status::bad_digit);
}

// Variables (ISS's Var) are no grid's: the validator finds digits for them
// with the board given, and checks those by each rule's wording.
TEST(Validate, VariablesGetDigitsThatKeepEveryRule) {
  sudoku::variant v;
  sudoku::grid givens;
  ASSERT_FALSE(
      sudoku::parse_iss(".Shape~4x4.Var~A~~2.Arrow~VA1~R1C1~R1C2.Thermo~VA1~VA2", v, givens));
  // r1c1 + r1c2 = 1 + 2: VA1 holds 3, and VA2 4.
  sudoku::grid board = v.empty_grid();
  const std::string rows = "1234341221434321";
  for (std::size_t i = 0; i < rows.size(); ++i)
    board.cells()[i] = static_cast<std::uint8_t>(rows[i] - '0');
  EXPECT_TRUE(sudoku::check_solution(v, board).ok());
  // 2 + 3 = 5: no digit 1-4 for the circle.
  const std::string other = "2314142332414132";
  for (std::size_t i = 0; i < other.size(); ++i)
    board.cells()[i] = static_cast<std::uint8_t>(other[i] - '0');
  const sudoku::check_result r = sudoku::check_solution(v, board);
  EXPECT_EQ(r.status, sudoku::check_status::broken_clue);
  EXPECT_EQ(r.message(v), "no digits of the variables make every rule hold");
  // A given on a variable is a pencil mark: VA2 may not be 4, so 1 + 2 fails too.
  ASSERT_FALSE(sudoku::parse_iss(
      ".Shape~4x4.Var~A~~2.Arrow~VA1~R1C1~R1C2.Thermo~VA1~VA2.~VA2_1_2_3", v, givens));
  for (std::size_t i = 0; i < rows.size(); ++i)
    board.cells()[i] = static_cast<std::uint8_t>(rows[i] - '0');
  EXPECT_FALSE(sudoku::check_solution(v, board).ok());
  EXPECT_TRUE(sudoku::check_puzzle(v, givens).ok());
}

}  // namespace
