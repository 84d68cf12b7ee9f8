#include <gtest/gtest.h>
#include <sudoku/text.hpp>
#include <sudoku/variant.hpp>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>

namespace {

const char* wiki =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

TEST(Sdm, ParsesDigitsAndBothBlanks) {
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_sdm(wiki, g));
  EXPECT_EQ(g.at(0, 0), 5);
  EXPECT_EQ(g.at(0, 2), 0);
  EXPECT_EQ(g.given_count(), 30);
  std::string dotted(wiki);
  for (char& c : dotted)
    c = c == '0' ? '.' : c;
  sudoku::grid h;
  ASSERT_FALSE(sudoku::parse_sdm(dotted, h));
  EXPECT_EQ(g, h);
  EXPECT_EQ(sudoku::to_sdm(g), dotted);
}

TEST(Sdm, AnnotationCarriageReturnAndLeadingBlanks) {
  sudoku::grid g;
  sudoku::sdm_fields f;
  const std::string line = std::string("  ") + wiki + "\tsome note  \r";  // f views into it
  ASSERT_FALSE(sudoku::parse_sdm(line, g, std::nullopt, &f));
  EXPECT_EQ(f.grid_offset, 2u);
  EXPECT_EQ(f.annotation, "some note");
  EXPECT_EQ(g.given_count(), 30);
}

TEST(Sdm, InfersTheSizeFromTheLength) {
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_sdm("1234............", g));
  EXPECT_EQ(g.shape(), (sudoku::shape{2, 2}));
  ASSERT_FALSE(sudoku::parse_sdm(std::string(256, '.').replace(0, 1, "G"), g));
  EXPECT_EQ(g.shape(), (sudoku::shape{4, 4}));
  EXPECT_EQ(g.at(0, 0), 16);
}

TEST(Sdm, ErrorsNameTheColumn) {
  sudoku::grid g;
  std::string bad(wiki);
  bad[6] = 'x';  // (not replace() on a temporary: a g++ 12 -Wrestrict false positive)
  auto e = sudoku::parse_sdm(bad, g);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->column, 7u);
  EXPECT_EQ(e->message, "bad character 'x': 9x9 digits are 1-9, blanks 0 or .");

  e = sudoku::parse_sdm(std::string(wiki, 80), g);  // 80 cells
  ASSERT_TRUE(e);
  EXPECT_EQ(e->column, 81u);
  EXPECT_NE(e->message.find("80 cells is not a Sudoku size"), std::string::npos) << e->message;

  e = sudoku::parse_sdm(std::string(wiki, 80), g, sudoku::shape{});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "expected 81 cells for 9x9, found 80");
  EXPECT_EQ(e->column, 81u);

  e = sudoku::parse_sdm(std::string(wiki) + "1", g, sudoku::shape{});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "expected 81 cells for 9x9, found 82");
  EXPECT_EQ(e->column, 82u);

  e = sudoku::parse_sdm(std::string(wiki).replace(3, 1, "A"), g);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->column, 4u);
  EXPECT_EQ(e->message, "bad character 'A': 9x9 digits are 1-9, blanks 0 or .");

  e = sudoku::parse_sdm(std::string(wiki).replace(0, 1, "\xc2\xb9"), g);  // UTF-8 superscript one
  ASSERT_TRUE(e);
  EXPECT_EQ(e->column, 1u);
  EXPECT_EQ(e->message, "non-ASCII character U+00B9 '\xc2\xb9'");

  e = sudoku::parse_sdm(std::string(wiki).replace(5, 1, std::string(1, '\0')), g);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->column, 6u);
}

// The reader takes sixteen characters at a time while they are digits or dots:
// every position, every alignment (leading blanks) and the characters next to
// the digits read as one at a time would.
TEST(Sdm, EveryPositionAndAlignmentReadAlike) {
  sudoku::grid g;
  for (const std::string lead : {"", " ", "  ", "\t\t\t"}) {
    for (std::size_t p = 0; p < 81; ++p) {
      for (const char c : {'x', '/', ':', '-', '\x80', '\xff'}) {
        std::string line = lead + wiki;
        line[lead.size() + p] = c;
        const auto e = sudoku::parse_sdm(line, g);
        ASSERT_TRUE(e) << p;
        EXPECT_EQ(e->column, lead.size() + p + 1) << p << " " << int(c);
      }
      // Every digit at every place.
      std::string line = lead + wiki;
      line[lead.size() + p] = static_cast<char>('1' + p % 9);
      line[lead.size() + (p + 40) % 81] = p % 2 ? '.' : '0';
      ASSERT_FALSE(sudoku::parse_sdm(line, g)) << p;
      EXPECT_EQ(g.cells()[p], 1 + p % 9);
      EXPECT_EQ(g.cells()[(p + 40) % 81], 0);
      std::string dotted = line.substr(lead.size());
      std::replace(dotted.begin(), dotted.end(), '0', '.');
      EXPECT_EQ(sudoku::to_sdm(g), dotted) << p;
    }
  }
  // A digit too large for a 4x4 grid, at each of its sixteen places.
  for (std::size_t p = 0; p < 16; ++p) {
    std::string line(16, '.');
    line[p] = '5';
    const auto e = sudoku::parse_sdm(line + " note", g);
    ASSERT_TRUE(e) << p;
    EXPECT_EQ(e->column, p + 1);
  }
}

// A grid that last held a samurai board (3x3 boxes, but 21x21 positions) is
// made 9x9 again: found by the Python module, whose workspace reads a killer
// line after a samurai one.
TEST(Sdm, ReusesAGridThatHeldABoardOfAnotherSize) {
  sudoku::grid g = sudoku::variant::samurai().empty_grid();
  ASSERT_FALSE(sudoku::parse_sdm(std::string(81, '1'), g));
  EXPECT_EQ(g.rows(), 9);
  EXPECT_EQ(g.columns(), 9);
  EXPECT_EQ(g.cells().size(), 81u);
  EXPECT_EQ(g.given_count(), 81);
}

TEST(Sdm, SkippableLines) {
  EXPECT_TRUE(sudoku::is_skippable(""));
  EXPECT_TRUE(sudoku::is_skippable("   \t"));
  EXPECT_TRUE(sudoku::is_skippable("\r"));
  EXPECT_TRUE(sudoku::is_skippable("# 123456789"));
  EXPECT_TRUE(sudoku::is_skippable("  # note"));
  EXPECT_FALSE(sudoku::is_skippable(wiki));
  EXPECT_FALSE(sudoku::is_skippable("x"));
}

TEST(Pretty, NineByNine) {
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_sdm(wiki, g));
  std::string out;
  sudoku::append_pretty(g, out);
  EXPECT_EQ(out,
            "5 3 . | . 7 . | . . .\n"
            "6 . . | 1 9 5 | . . .\n"
            ". 9 8 | . . . | . 6 .\n"
            "------+-------+------\n"
            "8 . . | . 6 . | . . 3\n"
            "4 . . | 8 . 3 | . . 1\n"
            "7 . . | . 2 . | . . 6\n"
            "------+-------+------\n"
            ". 6 . | . . . | 2 8 .\n"
            ". . . | 4 1 9 | . . 5\n"
            ". . . | . 8 . | . 7 9\n");
}

TEST(Pretty, SixBySixHasTwoByThreeBoxes) {
  sudoku::grid g(sudoku::shape{2, 3});
  std::string out;
  sudoku::append_pretty(g, out);
  EXPECT_EQ(out,
            ". . . | . . .\n"
            ". . . | . . .\n"
            "------+------\n"
            ". . . | . . .\n"
            ". . . | . . .\n"
            "------+------\n"
            ". . . | . . .\n"
            ". . . | . . .\n");
}

std::vector<sudoku::grid_item> read_grids(const std::string& text,
                                          std::optional<sudoku::shape> expected = std::nullopt) {
  std::istringstream in(text);
  dlx::line_reader lines(in);
  sudoku::grid_reader reader(lines, expected);
  std::vector<sudoku::grid_item> items;
  sudoku::grid_item item;
  while (reader.next(item))
    items.push_back(item);
  return items;
}

TEST(GridFormat, ReadsDecoratedGridsAndPrettyOutput) {
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_sdm(wiki, g));
  std::string pretty;
  sudoku::append_pretty(g, pretty);
  const auto items = read_grids("# two puzzles\n" + pretty + "\n" + pretty);
  ASSERT_EQ(items.size(), 2u);
  for (const auto& item : items) {
    EXPECT_FALSE(item.error) << item.error->message;
    EXPECT_EQ(item.puzzle, g);
  }
  EXPECT_EQ(items[0].first_line, 2u);
  EXPECT_EQ(items[1].first_line, 14u);
}

TEST(GridFormat, PlainSdkStyle) {
  const auto items = read_grids(
      "53..7....\r\n6..195...\r\n.98....6.\r\n8...6...3\r\n4..8.3..1\r\n7...2...6\r\n"
      ".6....28.\r\n...419..5\r\n....8..79\r\n");
  ASSERT_EQ(items.size(), 1u);
  ASSERT_FALSE(items[0].error);
  EXPECT_EQ(sudoku::to_sdm(items[0].puzzle),
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
}

TEST(GridFormat, ErrorsAreLocated) {
  // A short row on line 3.
  auto items = read_grids(
      "53..7....\n6..195...\n.98....6\n8...6...3\n4..8.3..1\n7...2...6\n"
      ".6....28.\n...419..5\n....8..79\n");
  ASSERT_EQ(items.size(), 1u);
  ASSERT_TRUE(items[0].error);
  EXPECT_EQ(items[0].error_line, 3u);
  EXPECT_EQ(items[0].error->message, "expected 9 cells in a row, found 8");

  // A puzzle cut short by a blank line, then a good one.
  items = read_grids("1234\n3412\n\n1234\n3412\n2143\n4321\n");
  ASSERT_EQ(items.size(), 2u);
  ASSERT_TRUE(items[0].error);
  EXPECT_EQ(items[0].error_line, 3u);
  EXPECT_FALSE(items[1].error);

  // A bad character.
  items = read_grids("12x4\n3412\n2143\n4321\n");
  ASSERT_EQ(items.size(), 1u);
  ASSERT_TRUE(items[0].error);
  EXPECT_EQ(items[0].error_line, 1u);
  EXPECT_EQ(items[0].error->column, 3u);
}

// A grid given where SDM lines were expected: recognized once its n rows of n
// cells are in, whatever its decoration; anything else is SDM (or not a grid).
sudoku::grid_detector::verdict detect(const std::string& text,
                                      std::optional<sudoku::shape> expected = std::nullopt) {
  sudoku::grid_detector d(expected);
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (sudoku::is_skippable(line)) continue;
    if (d.add(line) != sudoku::grid_detector::verdict::undecided) break;
  }
  return d.current();
}

TEST(GridDetector, RecognizesGridsPastedAsTheyComeFromPages) {
  using verdict = sudoku::grid_detector::verdict;
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_sdm(wiki, g));
  std::string pretty;
  sudoku::append_pretty(g, pretty);
  EXPECT_EQ(detect(pretty), verdict::grid);
  // Bare digit rows, a bordered grid with '|' at both ends, a 4x4 with blanks.
  EXPECT_EQ(detect("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n"
                   ".6....28.\n...419..5\n....8..79\n"),
            verdict::grid);
  EXPECT_EQ(detect("+-----+-----+\n| 1 2 | . 4 |\n| 3 4 | 1 2 |\n+-----+-----+\n"
                   "| 2 1 | 4 3 |\n| 4 3 | 2 1 |\n+-----+-----+\n"),
            verdict::grid);
  sudoku::grid_detector d;
  for (const char* row : {"1 2 | 3 4", "3 4 | 1 2", "----+----", "2 1 | 4 3"})
    EXPECT_EQ(d.add(row), verdict::undecided) << row;
  EXPECT_EQ(d.description(), "");
  EXPECT_EQ(d.add("4 3 | 2 1\r"), verdict::grid);
  EXPECT_EQ(d.description(), "a 4x4 grid (4 rows of 4 cells)");
}

TEST(GridDetector, SdmLinesAndBrokenShapesAreNotGrids) {
  using verdict = sudoku::grid_detector::verdict;
  // SDM puzzles, even four 4x4 ones (a line of 16 cells is a puzzle).
  EXPECT_EQ(detect(std::string(wiki) + "\n" + wiki + "\n"), verdict::not_grid);
  EXPECT_EQ(detect("1234341221434321\n1234341221434321\n1234341221434321\n1234341221434321\n"),
            verdict::not_grid);
  // A row of the wrong length, an annotation, a size that is no Sudoku's (5, 7).
  EXPECT_EQ(detect("12 34\n34 12\n21 4\n43 21\n"), verdict::not_grid);
  EXPECT_EQ(detect("1234 clues=4\n3412\n2143\n4321\n"), verdict::not_grid);
  EXPECT_EQ(detect("12345\n"), verdict::not_grid);
  // Fewer rows than the size: undecided (a reader then takes them as SDM lines).
  EXPECT_EQ(detect("1234\n3412\n2143\n"), verdict::undecided);
  // A forced shape: only its size.
  EXPECT_EQ(detect("1234\n3412\n2143\n4321\n", sudoku::shape{3, 3}), verdict::not_grid);
  EXPECT_EQ(detect("1234\n3412\n2143\n4321\n", sudoku::shape{2, 2}), verdict::grid);
}

TEST(SdmMessages, CountsAgreeWithTheirNouns) {
  sudoku::grid g;
  auto e = sudoku::parse_sdm("5", g);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message.substr(0, 31), "1 cell is not a Sudoku size (16");
  e = sudoku::parse_sdm("53", g);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message.substr(0, 32), "2 cells is not a Sudoku size (16");
}

}  // namespace
