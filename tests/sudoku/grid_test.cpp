#include <gtest/gtest.h>
#include <sudoku/grid.hpp>

namespace {

TEST(Shape, ForCellCountPicksTheUsualBoxes) {
  EXPECT_EQ(sudoku::shape::for_cell_count(16), (sudoku::shape{2, 2}));
  EXPECT_EQ(sudoku::shape::for_cell_count(36), (sudoku::shape{2, 3}));
  EXPECT_EQ(sudoku::shape::for_cell_count(81), (sudoku::shape{3, 3}));
  EXPECT_EQ(sudoku::shape::for_cell_count(144), (sudoku::shape{3, 4}));
  EXPECT_EQ(sudoku::shape::for_cell_count(256), (sudoku::shape{4, 4}));
  EXPECT_EQ(sudoku::shape::for_cell_count(625), (sudoku::shape{5, 5}));
  EXPECT_EQ(sudoku::shape::for_cell_count(35 * 35), (sudoku::shape{5, 7}));
}

TEST(Shape, ForCellCountRejectsWhatIsNotASudoku) {
  for (std::size_t cells : {0, 1, 4, 9, 25, 49, 80, 82, 100 + 1, 36 * 36, 121}) {
    EXPECT_FALSE(sudoku::shape::for_cell_count(cells)) << cells;
  }
}

TEST(Shape, ParseBox) {
  EXPECT_EQ(sudoku::shape::parse_box("2x3"), (sudoku::shape{2, 3}));
  EXPECT_EQ(sudoku::shape::parse_box("3x3"), (sudoku::shape{3, 3}));
  for (auto bad : {"", "3", "x3", "3x", "0x3", "6x6", "axb", "3x3x", "-2x3"}) {
    EXPECT_FALSE(sudoku::shape::parse_box(bad)) << bad;
  }
}

TEST(Shape, BoxOfNumbersBoxesRowMajor) {
  const sudoku::shape six{2, 3};  // 2 rows x 3 columns per box: 3 bands of 2 boxes
  EXPECT_EQ(six.box_of(0, 0), 0);
  EXPECT_EQ(six.box_of(1, 2), 0);
  EXPECT_EQ(six.box_of(0, 3), 1);
  EXPECT_EQ(six.box_of(2, 0), 2);
  EXPECT_EQ(six.box_of(5, 5), 5);
}

TEST(Digits, CharactersRoundTrip) {
  for (int v = 1; v <= sudoku::max_size; ++v)
    EXPECT_EQ(sudoku::digit_value(sudoku::digit_char(v)), v);
  EXPECT_EQ(sudoku::digit_value('.'), 0);
  EXPECT_EQ(sudoku::digit_value('0'), 0);
  EXPECT_EQ(sudoku::digit_value('g'), 16);
  EXPECT_EQ(sudoku::digit_value('G'), 16);
  EXPECT_EQ(sudoku::digit_value(' '), -1);
  EXPECT_EQ(sudoku::digit_value('-'), -1);
  EXPECT_EQ(sudoku::digit_char(0), '.');
}

TEST(Grid, SetAtCountComplete) {
  sudoku::grid g;
  EXPECT_EQ(g.size(), 9);
  EXPECT_EQ(g.cells().size(), 81u);
  EXPECT_EQ(g.given_count(), 0);
  g.set(8, 8, 9);
  EXPECT_EQ(g.at(8, 8), 9);
  EXPECT_EQ(g[80], 9);
  EXPECT_EQ(g.given_count(), 1);
  EXPECT_FALSE(g.complete());
  g.reset(sudoku::shape{2, 2});
  EXPECT_EQ(g.cells().size(), 16u);
  EXPECT_EQ(g.given_count(), 0);
  EXPECT_EQ(sudoku::cell_name(sudoku::shape{}, 10), "r2c2");
}

}  // namespace
