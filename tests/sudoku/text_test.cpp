#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sudoku/text.hpp>
#include <sudoku/variant.hpp>

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>

#include "puzzles.hpp"

namespace {

using test_support::wiki;

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

  e = sudoku::parse_sdm(wiki.substr(0, 80), g);  // 80 cells
  ASSERT_TRUE(e);
  EXPECT_EQ(e->column, 81u);
  EXPECT_NE(e->message.find("80 cells is not a Sudoku size"), std::string::npos) << e->message;

  e = sudoku::parse_sdm(wiki.substr(0, 80), g, sudoku::shape{});
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

  // Blanks that other programs write as '-' or '_' are told how ours are written.
  for (const char blank : {'-', '_'}) {
    bad[6] = blank;
    e = sudoku::parse_sdm(bad, g);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->column, 7u);
    EXPECT_EQ(e->message, fmt::format("bad character '{}': blanks are 0 or .", blank));
  }
  bad[6] = '*';  // (only those two: '*' is no blank anywhere)
  e = sudoku::parse_sdm(bad, g);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "bad character '*'");
}

// A puzzle pasted onto one line with its rows apart ("53..7.... 6..195... ..."):
// when the line's first two words have n cells each and n*n is a Sudoku size,
// its first n words are the rows.
TEST(Sdm, RowsSeparatedByBlanks) {
  std::string rows;
  for (std::size_t r = 0; r < 9; ++r)
    rows += std::string(wiki).substr(r * 9, 9) + (r < 8 ? " " : "");
  sudoku::grid g, expected;
  ASSERT_FALSE(sudoku::parse_sdm(wiki, expected));
  sudoku::sdm_fields f;
  const std::string line = " " + rows + "  wikipedia\r";
  ASSERT_FALSE(sudoku::parse_sdm(line, g, std::nullopt, &f));
  EXPECT_EQ(g, expected);
  EXPECT_EQ(f.grid_offset, 1u);
  EXPECT_EQ(f.row_length, 9u);
  EXPECT_EQ(f.annotation, "wikipedia");
  // Columns of cells, for messages: r1c1, r2c1 past one blank, r9c9.
  EXPECT_EQ(sudoku::cell_column(line, f, 0), 2u);
  EXPECT_EQ(sudoku::cell_column(line, f, 9), 12u);
  EXPECT_EQ(sudoku::cell_column(line, f, 80), 90u);
  EXPECT_EQ(sudoku::sdm_shape(line), sudoku::shape{});
  // The same with a shape expected, tabs or several blanks between rows.
  std::string tabs = rows;
  std::replace(tabs.begin(), tabs.end(), ' ', '\t');
  ASSERT_FALSE(sudoku::parse_sdm(tabs, g, sudoku::shape{}));
  EXPECT_EQ(g, expected);
  std::string wide;
  for (std::size_t r = 0; r < 9; ++r)
    wide += std::string(wiki).substr(r * 9, 9) + "   ";
  ASSERT_FALSE(sudoku::parse_sdm(wide, g, std::nullopt, &f));
  EXPECT_EQ(g, expected);
  EXPECT_EQ(sudoku::cell_column(wide, f, 10), 14u);  // r2c2: 12 characters on
  // 4x4 and 6x6.
  ASSERT_FALSE(sudoku::parse_sdm("1234 3412 2143 4321", g));
  EXPECT_EQ(g.shape(), (sudoku::shape{2, 2}));
  EXPECT_EQ(sudoku::to_sdm(g), "1234341221434321");
  ASSERT_FALSE(sudoku::parse_sdm("123456 456123 231564 564231 312645 645312", g));
  EXPECT_EQ(g.shape(), (sudoku::shape{2, 3}));
  // One word of 9 cells and an annotation: not rows, and said as before.
  auto e = sudoku::parse_sdm("53..7.... a note", g);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->column, 10u);
  EXPECT_EQ(e->message.substr(0, 28), "9 cells is not a Sudoku size");
  EXPECT_FALSE(sudoku::sdm_shape("53..7.... a note"));
  EXPECT_FALSE(sudoku::sdm_shape("53..7...."));
}

TEST(Sdm, RowsSeparatedByBlanksHaveLocatedErrors) {
  const std::string rows =
      "53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 ....8..79";
  sudoku::grid g;
  auto error = [&](std::string line, std::optional<sudoku::shape> s = std::nullopt) {
    auto e = sudoku::parse_sdm(line, g, s);
    EXPECT_TRUE(e) << line;
    return e ? *e : sudoku::text_error{0, ""};
  };
  // A bad character, out of range, a blank written '-', in the ninth row.
  auto e = error(std::string(rows).replace(82, 1, "x"));
  EXPECT_EQ(e.column, 83u);
  EXPECT_EQ(e.message, "bad character 'x': 9x9 digits are 1-9, blanks 0 or .");
  e = error(std::string(rows).replace(86, 1, "-"));
  EXPECT_EQ(e.column, 87u);
  EXPECT_EQ(e.message, "bad character '-': blanks are 0 or .");
  // A short row, a long one, a row missing.
  e = error(std::string(rows).erase(21, 1));
  EXPECT_EQ(e.column, 29u);
  EXPECT_EQ(e.message, "expected 9 cells in row 3, found 8");
  e = error(std::string(rows).insert(21, "."), sudoku::shape{});
  EXPECT_EQ(e.column, 30u);  // the row's tenth character
  EXPECT_EQ(e.message, "expected 9 cells in row 3, found 10");
  e = error(rows.substr(0, 79));
  EXPECT_EQ(e.column, 80u);
  EXPECT_EQ(e.message, "expected 9 rows of 9 cells, found 8 rows");
  // A shape expected that is not the rows': the line's size is wrong.
  e = error(rows, sudoku::shape{2, 2});
  EXPECT_EQ(e.message, "expected 16 cells for 4x4, found 9");
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

// A reader made after a grid_detector held the first lines is given them back.
TEST(GridFormat, LinesPutBackAreReadFirst) {
  std::istringstream in("+----+\n12|34\n34|12\n21|43\n43|21\n+----+\n1234\n3412\n2143\n4321\n");
  dlx::line_reader lines(in);
  dlx::text_line line;
  std::vector<std::pair<std::size_t, std::string>> held;
  for (int i = 0; i < 3 && lines.next(line); ++i)
    held.emplace_back(line.number, std::string(line.text));
  sudoku::grid_reader reader(lines);
  for (auto& [number, text] : held)
    reader.put_back(number, std::move(text));
  sudoku::grid_item item;
  ASSERT_TRUE(reader.next(item));
  ASSERT_FALSE(item.error) << item.error->message;
  EXPECT_EQ(item.first_line, 2u);
  EXPECT_EQ(sudoku::to_sdm(item.puzzle), "1234341221434321");
  ASSERT_TRUE(reader.next(item));
  ASSERT_FALSE(item.error) << item.error->message;
  EXPECT_EQ(item.first_line, 7u);
  EXPECT_FALSE(reader.next(item));
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

  // A blank written '_'.
  items = read_grids("1234\n34_12\n2143\n4321\n");
  ASSERT_EQ(items.size(), 1u);
  ASSERT_TRUE(items[0].error);
  EXPECT_EQ(items[0].error_line, 2u);
  EXPECT_EQ(items[0].error->column, 3u);
  EXPECT_EQ(items[0].error->message, "bad character '_': blanks are 0 or .");

  // A bad character.
  items = read_grids("12x4\n3412\n2143\n4321\n");
  ASSERT_EQ(items.size(), 1u);
  ASSERT_TRUE(items[0].error);
  EXPECT_EQ(items[0].error_line, 1u);
  EXPECT_EQ(items[0].error->column, 3u);
}

// A grid given where SDM lines were expected: recognized by its first two rows
// of n cells, whatever its decoration; anything else is SDM (or not a grid).
// (A reader then reads the input as grids: docs/sudoku-command.md.)
sudoku::grid_detector::verdict detect(const std::string& text,
                                      std::optional<sudoku::shape> expected = std::nullopt) {
  sudoku::grid_detector d(expected);
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
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
  for (const char* row : {"", "# a title", "+----+----+", "| 1 2 | 3 4 |", "+----+----+"})
    EXPECT_EQ(d.add(row), verdict::undecided) << row;
  EXPECT_EQ(d.add("| 3 4 | 1 2 |\r"), verdict::grid);  // two rows decide
  EXPECT_EQ(d.add("a line that is no row"), verdict::grid);
  // Rows with their boxes apart.
  EXPECT_EQ(detect("53. .7. ...\n6.. 195 ...\n.98 ... .6.\n8.. .6. ..3\n4.. 8.3 ..1\n"
                   "7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. .79\n"),
            verdict::grid);
}

// A 16x16 grid's rows have 16 cells, as a 4x4 puzzle's line has: a row that
// reads as a 4x4 puzzle (1-4 and blanks) makes the input SDM lines.
TEST(GridDetector, SixteenCellRowsAreAGridOnlyWhenNoneIsA4x4Puzzle) {
  using verdict = sudoku::grid_detector::verdict;
  const std::string digits = "123456789ABCDEFG";
  std::string grid16, boxes16;  // a solved 16x16, bare and with its boxes apart
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) {
      const char d = digits[static_cast<std::size_t>((4 * (r % 4) + r / 4 + c) % 16)];
      grid16 += d;
      boxes16 += d;
      if (c % 4 == 3 && c != 15) boxes16 += ' ';
    }
    grid16 += '\n';
    boxes16 += '\n';
  }
  EXPECT_EQ(detect(grid16), verdict::grid);
  EXPECT_EQ(detect(boxes16), verdict::grid);  // "1234 5678 9ABC DEFG" is no 4x4 puzzle
  // A row of 1-4 and blanks: the lines are 4x4 puzzles (the first one's '5' an error).
  std::string with_a_4x4 = grid16;
  with_a_4x4.replace(17, 16, "1234............");
  EXPECT_EQ(detect(with_a_4x4), verdict::not_grid);
  std::string puzzles = "5234341221434321\n";
  for (int i = 0; i < 15; ++i)
    puzzles += "1234341221434321\n";
  EXPECT_EQ(detect(puzzles), verdict::not_grid);
}

TEST(GridDetector, SdmLinesAndBrokenShapesAreNotGrids) {
  using verdict = sudoku::grid_detector::verdict;
  // SDM puzzles, even four 4x4 ones (a line of 16 cells is a puzzle).
  EXPECT_EQ(detect(std::string(wiki) + "\n" + wiki + "\n"), verdict::not_grid);
  EXPECT_EQ(detect("1234341221434321\n1234341221434321\n1234341221434321\n1234341221434321\n"),
            verdict::not_grid);
  // A row of the wrong length, an annotation, a size that is no Sudoku's (5, 7).
  EXPECT_EQ(detect("12 34\n34 1\n21 43\n43 21\n"), verdict::not_grid);
  EXPECT_EQ(detect("1234 clues=4\n3412\n2143\n4321\n"), verdict::not_grid);
  EXPECT_EQ(detect("12345\n"), verdict::not_grid);
  // One row: undecided (a reader then takes it as an SDM line). Two decide,
  // whatever follows (a reader of grids then says what is wrong further on).
  EXPECT_EQ(detect("1234\n"), verdict::undecided);
  EXPECT_EQ(detect("1234\n3412\n21\n"), verdict::grid);
  // A blank or comment line between the first two rows: no grid.
  EXPECT_EQ(detect("1234\n\n3412\n2143\n4321\n"), verdict::not_grid);
  EXPECT_EQ(detect("1234\n# note\n3412\n2143\n4321\n"), verdict::not_grid);
  // A puzzle with its rows apart is a puzzle line, not a row of 16 cells.
  EXPECT_EQ(detect("1234 3412 2143 4321\n"), verdict::not_grid);
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
