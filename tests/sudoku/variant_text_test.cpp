// The variant line formats (variant_text.hpp): each error a reader can meet,
// with the 1-based column of the character at fault and a phrase of the
// message; the killer cage field decoded by the format's definition; round
// trips through append_puzzle; samurai givens that clash across an overlap.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <sudoku/solver.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant.hpp>
#include <sudoku/variant_text.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sudoku_helpers.hpp"
#include "text_lines.hpp"

namespace {

using test_support::rules_of;
using test_support::variants_dir;

namespace fs = std::filesystem;
using sudoku::shape;
using sudoku::unit_kind;
using sudoku::variant;

// The puzzle lines of a corpus file (no comments, no blank lines).
std::vector<std::string> puzzle_lines(const std::string& file) {
  auto lines = test_support::content_lines(variants_dir / file);
  EXPECT_FALSE(lines.empty()) << file;
  return lines;
}

// The error parse_puzzle reports for `line` (a failure when there is none).
sudoku::text_error error_of(const std::string& line, const sudoku::rules& r,
                            std::optional<shape> expected = std::nullopt) {
  variant v;
  sudoku::grid givens;
  auto e = sudoku::parse_puzzle(line, r, v, givens, expected);
  EXPECT_TRUE(e) << "no error for " << line;
  return e.value_or(sudoku::text_error{0, ""});
}

#define EXPECT_ERROR(error, expected_column, phrase)                     \
  do {                                                                   \
    const sudoku::text_error e_ = (error);                               \
    EXPECT_EQ(e_.column, std::size_t{expected_column}) << e_.message;    \
    EXPECT_NE(e_.message.find(phrase), std::string::npos) << e_.message; \
  } while (0)

// ---- rules --------------------------------------------------------------------

TEST(VariantRules, ParseAndName) {
  const auto xw = rules_of("x,windoku");
  EXPECT_TRUE(xw.diagonals);
  EXPECT_TRUE(xw.windows);
  EXPECT_FALSE(xw.jigsaw || xw.killer || xw.samurai);
  EXPECT_EQ(xw.name(), "x,windoku");
  EXPECT_EQ(rules_of("windoku,x"), xw);
  EXPECT_TRUE(rules_of("classic").classic());
  EXPECT_EQ(rules_of("classic").name(), "classic");
  EXPECT_EQ(rules_of("killer,x").name(), "killer,x");
  for (const std::string names :
       {"x", "windoku", "jigsaw", "killer", "samurai", "jigsaw,x,windoku"})
    EXPECT_EQ(rules_of(rules_of(names).name()), rules_of(names)) << names;
  const std::pair<std::string, std::string> refused[] = {
      {"sudoku", "unknown variant 'sudoku'"},
      {"x,x", "named twice"},
      {"classic,x", "does not combine"},
      {"jigsaw,killer", "do not combine"},
      {"killer,samurai", "do not combine"},
      {"samurai,windoku", "samurai does not combine"},
      {"", "unknown variant ''"},
      {"x,", "unknown variant ''"},
  };
  for (const auto& [names, phrase] : refused) {
    std::string error;
    EXPECT_FALSE(sudoku::rules::parse(names, error)) << names;
    EXPECT_NE(error.find(phrase), std::string::npos) << names << ": " << error;
  }
}

TEST(VariantText, LineShape) {
  const sudoku::rules plain;
  EXPECT_EQ(sudoku::line_shape(std::string(81, '.'), plain), shape{});
  EXPECT_EQ(sudoku::line_shape(std::string(16, '.'), plain), (shape{2, 2}));
  EXPECT_EQ(sudoku::line_shape(std::string(36, '.') + " note", plain), (shape{2, 3}));
  EXPECT_FALSE(sudoku::line_shape(std::string(80, '.'), plain));
  // A puzzle's rows apart on its line: 9 words of 9 cells.
  std::string rows = "53..7....";
  for (int r = 1; r < 9; ++r)
    rows += " .........";
  EXPECT_EQ(sudoku::line_shape(rows, plain), shape{});
  EXPECT_EQ(sudoku::line_shape(rows, rules_of("x")), shape{});
  const auto jigsaw = rules_of("jigsaw");
  EXPECT_EQ(sudoku::line_shape(std::string(162, '1'), jigsaw), shape{});
  EXPECT_EQ(sudoku::line_shape(std::string(32, '1'), jigsaw), (shape{2, 2}));
  EXPECT_FALSE(sudoku::line_shape(std::string(161, '1'), jigsaw));
  EXPECT_EQ(sudoku::line_shape("3x3::k:0", rules_of("killer")), shape{});
  EXPECT_EQ(sudoku::line_shape("", rules_of("samurai")), shape{});
}

// ---- jigsaw -------------------------------------------------------------------

// Wikipedia's nonomino example (corpus/variants/jigsaw.sdm, puzzle 1).
const std::string jigsaw_givens =
    "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7";
const std::string jigsaw_layout =
    "111233333111222333144442223114555522444456666775555688977766668999777888999997888";

TEST(VariantText, JigsawParsesRegionsByTheirIds) {
  variant v;
  sudoku::grid givens;
  ASSERT_FALSE(sudoku::parse_puzzle(jigsaw_givens + jigsaw_layout, rules_of("jigsaw"), v, givens));
  EXPECT_TRUE(v.has_regions());
  EXPECT_FALSE(v.has(unit_kind::box));
  // Each region is the set of cells with one id.
  std::map<char, std::vector<std::uint32_t>> by_id;
  for (std::uint32_t i = 0; i < 81; ++i)
    by_id[jigsaw_layout[i]].push_back(i);
  std::set<std::vector<std::uint32_t>> expected, found;
  for (auto& [id, cells] : by_id)
    expected.insert(cells);
  for (const auto& u : v.units()) {
    if (u.kind == unit_kind::region) found.insert(u.cells);
  }
  EXPECT_EQ(found, expected);
  EXPECT_EQ(givens.at(0, 0), 3);
  EXPECT_EQ(givens.at(0, 8), 4);
  // The same layout in other characters, or given once for every line.
  std::string letters = jigsaw_layout;
  for (char& c : letters)
    c = static_cast<char>('a' + (c - '1'));
  variant w;
  ASSERT_FALSE(sudoku::parse_puzzle(jigsaw_givens + letters, rules_of("jigsaw"), w, givens));
  EXPECT_TRUE(w == v);
  auto shared = rules_of("jigsaw");
  shared.layout = jigsaw_layout;
  variant s;
  ASSERT_FALSE(sudoku::parse_puzzle(jigsaw_givens, shared, s, givens));
  EXPECT_TRUE(s == v);
}

TEST(VariantText, JigsawRegionWithoutNineCells) {
  std::string layout = jigsaw_layout;
  ASSERT_EQ(layout[3], '2');
  layout[3] = '1';  // region 1 gets 10 cells, region 2 gets 8
  // Region '1' is the first with a wrong size; its first cell is layout column 1.
  EXPECT_ERROR(error_of(jigsaw_givens + layout, rules_of("jigsaw")), 82,
               "region '1' has 10 cells, not 9");
  // Two leading blanks shift the column.
  EXPECT_ERROR(error_of("  " + jigsaw_givens + layout, rules_of("jigsaw")), 84,
               "region '1' has 10 cells, not 9");
  // A shared layout is not on the line: column 1.
  auto shared = rules_of("jigsaw");
  shared.layout = layout;
  EXPECT_ERROR(error_of(jigsaw_givens, shared), 1, "has 10 cells, not 9");
  shared.layout = jigsaw_layout.substr(1);
  EXPECT_ERROR(error_of(jigsaw_givens, shared), 1, "80 characters, not 81");
}

TEST(VariantText, JigsawMoreThanNineRegionIds) {
  std::string layout = jigsaw_layout;
  layout[80] = 'X';  // a tenth id, at layout column 81
  EXPECT_ERROR(error_of(jigsaw_givens + layout, rules_of("jigsaw")), 81 + 81,
               "a region id 'X' after 9 others (123456789): a 9x9 layout has 9");
  // The tenth id in reading order is the one named: with 'X' at layout column
  // 41, before the first '7', '8' and '9', the error falls on the first '9'
  // (column 55 of the layout), which is not the character at fault.
  layout = jigsaw_layout;
  layout[40] = 'X';
  ASSERT_EQ(jigsaw_layout.find('9'), 54u);
  EXPECT_ERROR(error_of(jigsaw_givens + layout, rules_of("jigsaw")), 81 + 55,
               "a region id '9' after 9 others (12345X678)");
}

TEST(VariantText, JigsawOddLength) {
  const std::string line = jigsaw_givens + jigsaw_layout.substr(1);  // 161 characters
  // The field ends one short: the column after it.
  EXPECT_ERROR(error_of(line + " note", rules_of("jigsaw")), 162, "an even length, not 161");
  EXPECT_FALSE(sudoku::line_shape(line, rules_of("jigsaw")));
}

TEST(VariantText, JigsawBadGivenAndBadRegionCharacter) {
  std::string givens = jigsaw_givens;
  givens[10] = '#';
  EXPECT_ERROR(error_of("  " + givens + jigsaw_layout, rules_of("jigsaw")), 13,
               "bad character '#'");
  std::string layout = jigsaw_layout;
  layout[5] = '\x01';
  EXPECT_ERROR(error_of(jigsaw_givens + layout, rules_of("jigsaw")), 81 + 6,
               "control character 0x01");
  // A 4x4 jigsaw with a 9x9 shape expected: the givens' field is too short.
  EXPECT_ERROR(error_of(std::string(16, '.') + "1122112233443344", rules_of("jigsaw"), shape{}), 17,
               "expected 81 cells");
}

// ---- killer: the players' cage format -------------------------------------------------

// A killer field: every cell a cage of its own with sum 0 (no cage), then
// `cells` written over it from `at`.
std::string killer_field(const std::string& cells, std::size_t at = 0) {
  std::string f(81, '0');
  f.replace(at, cells.size(), cells);
  return f;
}

TEST(VariantText, KillerArrowsDecodeToCages) {
  // By the format's definition, decoded here: a sum character is a cage's head,
  // an arrow points to a neighbour of the same cage, the arrows lead to the head.
  const auto sum_of = [](char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'A' && c <= 'Z' ? c - 'A' + 10
           : c >= 'a' && c <= 'j' ? c - 'a' + 36
                                  : -1;
  };
  const std::map<char, std::pair<int, int>> arrows = {
      {'<', {0, -1}},  {'>', {0, 1}},   {'^', {-1, 0}}, {'v', {1, 0}},
      {'`', {-1, -1}}, {'\'', {-1, 1}}, {',', {1, -1}}, {'.', {1, 1}}};
  int killers = 0;
  for (const auto& line : puzzle_lines("killer.sdm")) {
    if (line.starts_with("3x3:")) continue;
    ++killers;
    ASSERT_EQ(line.size(), 81u);
    std::map<int, std::vector<std::uint32_t>> cells_of_head;
    for (int i = 0; i < 81; ++i) {
      int at = i;
      for (int steps = 0; sum_of(line[static_cast<std::size_t>(at)]) < 0; ++steps) {
        ASSERT_LT(steps, 81) << "a cycle";
        const auto [dr, dc] = arrows.at(line[static_cast<std::size_t>(at)]);
        at = (at / 9 + dr) * 9 + at % 9 + dc;
      }
      cells_of_head[at].push_back(static_cast<std::uint32_t>(i));
    }
    std::set<std::pair<std::vector<std::uint32_t>, int>> expected, found;
    int total = 0;
    for (const auto& [head, cells] : cells_of_head) {
      const int sum = sum_of(line[static_cast<std::size_t>(head)]);
      total += sum;
      expected.insert({cells, sum});
    }
    EXPECT_EQ(total, 405) << "nine rows of 45";
    variant v;
    sudoku::grid givens;
    ASSERT_FALSE(sudoku::parse_puzzle(line, rules_of("killer"), v, givens));
    for (const auto& c : v.cages())
      found.insert({c.cells, c.sum});
    EXPECT_EQ(found, expected);
    EXPECT_EQ(givens.given_count(), 0);
    EXPECT_FALSE(v.has(unit_kind::diagonal));
  }
  EXPECT_GE(killers, 4);
}

TEST(VariantText, KillerImpossibleSums) {
  const auto killer = rules_of("killer");
  // Two cells cannot make 18 (9 + 9 repeats): 'I' is 18, '<' joins r1c2 to it.
  EXPECT_ERROR(error_of(killer_field("I<"), killer), 1,
               "no 2 different digits add up to 18 (the cage of r1c1)");
  // One cell cannot hold 10 ('A'), here at r5c5, column 41; two leading blanks.
  EXPECT_ERROR(error_of("  " + killer_field("A", 40), killer), 43,
               "the one-cell cage of r5c5 has sum 10, which no digit is");
  // A sum of 0 on a cell with others in its cage is a mistake, not "no cage".
  EXPECT_ERROR(error_of(killer_field("0<", 9), killer), 10, "add up to 0");
}

TEST(VariantText, KillerCageOfMoreThanNineCells) {
  // Row 1 leads left to its head 'j' (45), and r2c1 points up into it: 10 cells.
  EXPECT_ERROR(error_of(killer_field("j<<<<<<<<^"), rules_of("killer")), 1,
               "the cage of r1c1 has 10 cells; at most 9");
}

TEST(VariantText, KillerArrowLeavesTheGrid) {
  const auto killer = rules_of("killer");
  EXPECT_ERROR(error_of(killer_field("^"), killer), 1, "points outside the grid");
  EXPECT_ERROR(error_of(killer_field(">", 8), killer), 9, "the arrow '>' at r1c9 points outside");
  EXPECT_ERROR(error_of(killer_field(",", 36), killer), 37, "at r5c1 points outside");
  EXPECT_ERROR(error_of(killer_field("v", 80), killer), 81, "at r9c9 points outside");
}

TEST(VariantText, KillerArrowsInACycle) {
  // r2c2 points right, r2c3 points left: they reach no sum.
  const auto e = error_of(killer_field("><", 10), rules_of("killer"));
  EXPECT_TRUE(e.column == 11 || e.column == 12) << e.column << ": " << e.message;
  EXPECT_NE(e.message.find("go round in a circle"), std::string::npos) << e.message;
  // A longer one: r1c1 > r1c2 v r2c2 < r2c1 ^ back to r1c1.
  std::string f = killer_field("");
  f[0] = '>';
  f[1] = 'v';
  f[10] = '<';
  f[9] = '^';
  const auto e4 = error_of(f, rules_of("killer"));
  EXPECT_TRUE(e4.column == 1 || e4.column == 2 || e4.column == 10 || e4.column == 11)
      << e4.column << ": " << e4.message;
  EXPECT_NE(e4.message.find("circle"), std::string::npos) << e4.message;
}

TEST(VariantText, KillerBadCharacterAndLength) {
  const auto killer = rules_of("killer");
  EXPECT_ERROR(error_of(killer_field("#", 5), killer), 6, "bad character '#'");
  EXPECT_ERROR(error_of(killer_field("k", 5), killer), 6, "bad character 'k'");  // sums stop at j
  EXPECT_ERROR(error_of(std::string(80, '0'), killer), 81, "81 characters");
  EXPECT_ERROR(error_of(std::string(82, '0'), killer), 82, "81 characters");
}

TEST(VariantText, KillerGivensAndAnnotation) {
  const std::string field = puzzle_lines("killer.sdm").at(0);
  std::string givens(81, '.');
  givens[0] = '2';  // the published solution starts 2 1 5
  givens[2] = '5';
  variant v;
  sudoku::grid g;
  sudoku::sdm_fields fields;
  const std::string line = field + " " + givens + "  Wikipedia ";
  ASSERT_FALSE(sudoku::parse_puzzle(line, rules_of("killer"), v, g, std::nullopt, &fields));
  EXPECT_EQ(g.given_count(), 2);
  EXPECT_EQ(g.at(0, 2), 5);
  EXPECT_EQ(fields.annotation, "Wikipedia");
  EXPECT_EQ(fields.grid_offset, 82u);  // the givens' field: the grid of the line
  // Without givens, what follows is an annotation.
  const std::string annotated = field + " hard";  // the annotation is a view into the line
  ASSERT_FALSE(sudoku::parse_puzzle(annotated, rules_of("killer"), v, g, std::nullopt, &fields));
  EXPECT_EQ(g.given_count(), 0);
  EXPECT_EQ(fields.annotation, "hard");
  // Givens that break a cage's sum parse (the format is fine), and the checks
  // catch them: r1c1 r1c2 is a cage of sum 3.
  givens = std::string(81, '.');
  givens[0] = '4';
  ASSERT_FALSE(sudoku::parse_puzzle(field + " " + givens, rules_of("killer"), v, g));
  EXPECT_EQ(sudoku::check_puzzle(v, g).status, sudoku::check_status::wrong_sum);
  sudoku::solver s(v);
  EXPECT_EQ(s.count(g, 2).status, sudoku::status::none);
}

// ---- killer: SudoCue's 3x3::k: format -------------------------------------------------

// 81 numbers: 0 (no cage), but `numbers` from cell `at` on.
std::string sudocue(const std::vector<std::string>& numbers, std::size_t at = 0) {
  std::vector<std::string> all(81, "0");
  for (std::size_t i = 0; i < numbers.size(); ++i)
    all[at + i] = numbers[i];
  return fmt::format("3x3::k:{}", fmt::join(all, ":"));
}

TEST(VariantText, SudoCueDecodes) {
  // Cage id 1 with sum 3 (3*256 + 1) on r1c1 r1c2; id 2 with sum 17 on r9c8
  // r9c9.
  std::string with_last = sudocue({"769", "769"});
  with_last.replace(with_last.size() - 3, 3, "4354:4354");  // 17*256 + 2
  variant v;
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_puzzle(with_last, rules_of("killer"), v, g)) << with_last;
  ASSERT_EQ(v.cages().size(), 2u);
  EXPECT_EQ(v.cages()[0], (sudoku::cage{{0, 1}, 3}));
  EXPECT_EQ(v.cages()[1], (sudoku::cage{{79, 80}, 17}));
  EXPECT_FALSE(v.has(unit_kind::diagonal));
  // 3x3:d:k: adds the diagonals.
  ASSERT_FALSE(sudoku::parse_puzzle("3x3:d:k:" + with_last.substr(7), rules_of("killer"), v, g));
  EXPECT_TRUE(v.has(unit_kind::diagonal));
  EXPECT_EQ(v.cages().size(), 2u);
  // The published UA100 in this format covers the board, sums adding to 405.
  for (const auto& l : puzzle_lines("killer.sdm")) {
    if (!l.starts_with("3x3::k:")) continue;
    ASSERT_FALSE(sudoku::parse_puzzle(l, rules_of("killer"), v, g));
    int total = 0;
    std::size_t cells = 0;
    for (const auto& c : v.cages()) {
      total += c.sum;
      cells += c.cells.size();
    }
    EXPECT_EQ(total, 405);
    EXPECT_EQ(cells, 81u);
  }
}

TEST(VariantText, SudoCueWrongCountOfNumbers) {
  const auto killer = rules_of("killer");
  const std::string full = sudocue({});
  const std::string short_line = full.substr(0, full.size() - 2);  // 80 numbers
  EXPECT_ERROR(error_of(short_line, killer), short_line.size() + 1,
               "expected 81 numbers, found 80");
  const std::string long_line = full + ":0";
  EXPECT_ERROR(error_of(long_line, killer), full.size() + 2, "more than 81 numbers");
  // An empty number ("::") at r1c5: the column of the gap (the message says
  // "expected 81 numbers, found 4", odd for a line of 81 numbers with a gap).
  EXPECT_EQ(error_of(sudocue({""}, 4), killer).column, 7u + 4 * 2 + 1);
}

TEST(VariantText, SudoCueInconsistentSums) {
  // Cage id 1: sum 3 at r1c1 (769), sum 4 at r1c2 (1025), column 7 + 4 + 1.
  EXPECT_ERROR(error_of(sudocue({"769", "1025"}), rules_of("killer")), 12,
               "r1c2 gives cage 1 the sum 4, but r1c1 gave it 3");
}

TEST(VariantText, SudoCueBadNumber) {
  const auto killer = rules_of("killer");
  // r1c3 holds "12a": column 7 + 2 * 2 + 1.
  EXPECT_ERROR(error_of(sudocue({"12a"}, 2), killer), 12, "'12a' is not sum*256 + cage id");
  EXPECT_ERROR(error_of(sudocue({"-1"}, 2), killer), 12, "'-1' is not");
  // A sum above 45: 46 * 256.
  EXPECT_ERROR(error_of(sudocue({"11776"}, 2), killer), 12, "with a sum up to 45");
  EXPECT_ERROR(error_of("3x3:q:k:" + sudocue({}).substr(7), killer), 1, "expected 3x3::k:");
}

TEST(VariantText, SudoCueImpossibleCage) {
  // Cage id 1, two cells with sum 18: the format is fine, the cage is not.
  const auto e = error_of(sudocue({"4609", "4609"}, 9), rules_of("killer"));
  EXPECT_NE(e.message.find("no 2 different digits add up to 18 (the cage of r2c1)"),
            std::string::npos)
      << e.message;
  // The column is that of r2c1's number: after "3x3::k:" and 9 numbers of 1
  // to 4 characters and their colons.
  const std::string line = sudocue({"4609", "4609"}, 9);
  EXPECT_EQ(line.substr(e.column - 1, 5), "4609:") << e.column;
}

// ---- samurai ----------------------------------------------------------------------

TEST(VariantText, SamuraiDigitOutsideTheGrids) {
  std::string line = puzzle_lines("samurai.sdm").at(0);
  ASSERT_EQ(line[9], '-');  // r1c10
  line[9] = '5';
  EXPECT_ERROR(error_of(line, rules_of("samurai")), 10,
               "'5' at r1c10, which is outside the grids: expected '-'");
  line[9] = '.';
  EXPECT_ERROR(error_of(line, rules_of("samurai")), 10, "'.' at r1c10");
}

TEST(VariantText, SamuraiDashOnACell) {
  std::string line = puzzle_lines("samurai.sdm").at(0);
  line[10 * 21 + 10] = '-';  // r11c11, the centre of grid 5
  EXPECT_ERROR(error_of("  " + line, rules_of("samurai")), 2 + 10 * 21 + 10 + 1,
               "'-' at r11c11, which is a cell of a grid");
  line = puzzle_lines("samurai.sdm").at(0);
  line[0] = 'x';
  EXPECT_ERROR(error_of(line, rules_of("samurai")), 1, "bad character 'x'");
  line[0] = '_';  // a blank written another way, told how ours are written
  EXPECT_EQ(error_of(line, rules_of("samurai")).message, "bad character '_': blanks are 0 or .");
}

// Read as a plain puzzle, a samurai's '-' is named as a samurai's, not as a
// blank written another way.
TEST(VariantText, SamuraiReadAsPlainIsNamed) {
  const std::string line = puzzle_lines("samurai.sdm").at(0);
  const auto e = error_of(line, sudoku::rules{});
  EXPECT_EQ(e.message.find("blanks are"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("bad character '-' (this looks like a samurai board"), std::string::npos)
      << e.message;
}

TEST(VariantText, SamuraiWrongLength) {
  const std::string line = puzzle_lines("samurai.sdm").at(0);
  EXPECT_ERROR(error_of(line.substr(0, 440), rules_of("samurai")), 441,
               "expected 441 characters for a 21x21 board, found 440");
  EXPECT_ERROR(error_of(line + "1", rules_of("samurai")), 442, "found 442");
  EXPECT_ERROR(error_of(line.substr(0, 81), rules_of("samurai")), 82, "found 81");
}

// --output-format=grid: the rules and separators follow the five grids; the
// areas outside them stay blank (no '|' or '------+' across them).
TEST(VariantText, SamuraiDrawnForPeople) {
  const variant samurai = variant::samurai();
  std::string line(441, '.');
  for (std::size_t p = 0; p < 441; ++p) {
    if (!samurai.is_cell(p)) line[p] = '-';
  }
  sudoku::grid board;
  ASSERT_FALSE(sudoku::parse_board(line, samurai, board));
  std::string out;
  sudoku::append_board_pretty(samurai, board, out);
  const std::string corner_band =
      ". . . | . . . | . . . |       | . . . | . . . | . . .\n"
      ". . . | . . . | . . . |       | . . . | . . . | . . .\n"
      ". . . | . . . | . . . |       | . . . | . . . | . . .\n";
  const std::string full_band =
      ". . . | . . . | . . . | . . . | . . . | . . . | . . .\n"
      ". . . | . . . | . . . | . . . | . . . | . . . | . . .\n"
      ". . . | . . . | . . . | . . . | . . . | . . . | . . .\n";
  const std::string rule = "------+-------+-------+-------+-------+-------+------\n";
  const std::string corner_rule = "------+-------+-------+       +-------+-------+------\n";
  EXPECT_EQ(out, corner_band + corner_rule + corner_band + rule + full_band + rule +
                     "              | . . . | . . . | . . . |\n"
                     "              | . . . | . . . | . . . |\n"
                     "              | . . . | . . . | . . . |\n" +
                     rule + full_band + rule + corner_band + corner_rule + corner_band);
  // A plain grid is drawn as before: rules across, no border.
  out.clear();
  sudoku::grid plain(shape{2, 2});
  sudoku::append_board_pretty(variant(shape{2, 2}), plain, out);
  EXPECT_EQ(out, ". . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n");
}

TEST(VariantText, SamuraiGivensClashAcrossAnOverlap) {
  // r7c7 is in grid 1 and grid 5 (its box 1); r7c10 is in grid 5 only, in its
  // first row. The same digit in both clashes in that row only.
  std::string line(441, '.');
  const variant samurai = variant::samurai();
  for (std::size_t p = 0; p < 441; ++p) {
    if (!samurai.is_cell(p)) line[p] = '-';
  }
  const std::size_t overlap = 6 * 21 + 6, grid5 = 6 * 21 + 9;
  line[overlap] = '5';
  line[grid5] = '5';
  variant v;
  sudoku::grid givens;
  ASSERT_FALSE(sudoku::parse_puzzle(line, rules_of("samurai"), v, givens));
  const sudoku::clash expected{overlap, grid5, 5, unit_kind::row};
  const auto check = sudoku::check_puzzle(v, givens);
  ASSERT_EQ(check.status, sudoku::check_status::clash);
  EXPECT_EQ(check.conflict, expected);
  EXPECT_EQ(check.message(v), "r7c10 repeats 5 of r7c7 (same row)");
  sudoku::solver s(v);
  const auto counted = s.count(givens, 2);
  EXPECT_EQ(counted.status, sudoku::status::invalid);
  EXPECT_EQ(counted.conflict, expected);
  sudoku::grid solution;
  const auto solved = s.solve(givens, solution);
  EXPECT_EQ(solved.status, sudoku::status::invalid);
  EXPECT_EQ(solved.conflict, expected);
  // In a column across grids 1 and 5: r7c7 and r15c7 (grid 5's column 1).
  line[grid5] = '.';
  line[14 * 21 + 6] = '5';
  ASSERT_FALSE(sudoku::parse_puzzle(line, rules_of("samurai"), v, givens));
  EXPECT_EQ(s.count(givens, 2).conflict,
            (sudoku::clash{overlap, 14 * 21 + 6, 5, unit_kind::column}));
  // Apart: the same digit in grid 1 (r1c1) and grid 4 (r21c21) is fine.
  line[14 * 21 + 6] = '.';
  line[overlap] = '.';
  line[0] = '5';
  line[440] = '5';
  ASSERT_FALSE(sudoku::parse_puzzle(line, rules_of("samurai"), v, givens));
  EXPECT_TRUE(sudoku::check_puzzle(v, givens).ok());
  EXPECT_EQ(s.count(givens, 2).status, sudoku::status::multiple);
}

// ---- classic sizes under x and windoku ----------------------------------------------

TEST(VariantText, WindokuNeedsSquareBoxes) {
  EXPECT_ERROR(error_of(std::string(36, '.'), rules_of("windoku")), 1,
               "windoku needs square boxes; 6x6 has 2x3 boxes");
  variant v;
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_puzzle(std::string(36, '.'), rules_of("x"), v, g));
  EXPECT_EQ(v.shape(), (shape{2, 3}));
  EXPECT_TRUE(v.has(unit_kind::diagonal));
  ASSERT_FALSE(sudoku::parse_puzzle(std::string(16, '.'), rules_of("x,windoku"), v, g));
  EXPECT_EQ(v.shape(), (shape{2, 2}));
  EXPECT_TRUE(v.has(unit_kind::window));
  EXPECT_ERROR(error_of(std::string(16, '.'), rules_of("x"), shape{}), 17, "expected 81 cells");
}

// ---- round trips --------------------------------------------------------------------

// parse, append, parse: the same variant and givens; appending again gives the
// same text.
std::string round_trip(const std::string& line, const sudoku::rules& r) {
  variant v, w;
  sudoku::grid g, h;
  const auto e = sudoku::parse_puzzle(line, r, v, g);
  EXPECT_FALSE(e) << line << ": " << e->message;
  std::string text;
  sudoku::append_puzzle(v, g, text);
  const auto f = sudoku::parse_puzzle(text, r, w, h);
  EXPECT_FALSE(f) << text << ": " << f->message;
  EXPECT_TRUE(v == w) << line << "\n" << text;
  EXPECT_EQ(g, h) << line << "\n" << text;
  std::string again;
  sudoku::append_puzzle(w, h, again);
  EXPECT_EQ(again, text);
  return text;
}

TEST(VariantRoundTrip, EveryPublishedPuzzle) {
  for (const std::string name : {"x", "windoku", "jigsaw", "samurai"}) {
    for (const auto& line : puzzle_lines(name + ".sdm")) {
      // These lines are written as the library writes them ('.' blanks, region
      // ids numbered by first appearance), so the text comes back unchanged.
      EXPECT_EQ(round_trip(line, rules_of(name)), line) << name;
    }
  }
  for (const auto& line : puzzle_lines("killer.sdm")) {
    const std::string text = round_trip(line, rules_of("killer"));
    EXPECT_TRUE(text.starts_with("3x3::k:")) << text;
    // The SudoCue text read as a killer gives the arrow line's cages.
    variant from_arrows, from_sudocue;
    sudoku::grid g;
    ASSERT_FALSE(sudoku::parse_puzzle(line, rules_of("killer"), from_arrows, g));
    ASSERT_FALSE(sudoku::parse_puzzle(text, rules_of("killer"), from_sudocue, g));
    EXPECT_TRUE(from_arrows == from_sudocue);
  }
}

TEST(VariantRoundTrip, KillerWithGivensDiagonalsAndWindows) {
  const std::string field = puzzle_lines("killer.sdm").at(0);
  std::string givens(81, '.');
  givens[4] = '4';
  givens[80] = '9';
  const std::string text = round_trip(field + " " + givens, rules_of("killer"));
  EXPECT_NE(text.find(' '), std::string::npos);
  EXPECT_TRUE(text.ends_with(" " + givens)) << text;
  // Killer X: the diagonals travel as 3x3:d:k:.
  const std::string x = round_trip(field, rules_of("killer,x"));
  EXPECT_TRUE(x.starts_with("3x3:d:k:")) << x;
  variant v;
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_puzzle(x, rules_of("killer"), v, g));
  EXPECT_TRUE(v.has(unit_kind::diagonal));
  // Windows are the rules' business: the same rules read them back.
  round_trip(field, rules_of("killer,windoku"));
}

TEST(VariantRoundTrip, SmallSizesAndJigsaw) {
  EXPECT_EQ(round_trip("1...........4.3.", rules_of("x")), "1...........4.3.");
  EXPECT_EQ(round_trip("1...........4.3.", rules_of("x,windoku")), "1...........4.3.");
  EXPECT_EQ(round_trip("1.....2.....3.....4.....5.....6.....", rules_of("x")),
            "1.....2.....3.....4.....5.....6.....");
  // An irregular 4x4 layout: {r1c1-3 r2c1}, {r1c4 r2c2-4}, {r3c1-3 r4c1}, {r3c4 r4c2-4}.
  EXPECT_EQ(round_trip("1......2........1112122233343444", rules_of("jigsaw")),
            "1......2........1112122233343444");
  // Region ids in any characters come back numbered 1-n by first appearance.
  EXPECT_EQ(round_trip("1......2........aaababbbcccdcddd", rules_of("jigsaw,x")),
            "1......2........1112122233343444");
}

// set_given (`sudoku convert --set`, the page's cell editing): a given put in
// and taken out by its cell's name, values past the board's and cells off it
// refused with the edit named, the grid unchanged then.
TEST(VariantText, SetGivenByCellName) {
  variant v;
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_puzzle(std::string(81, '.'), sudoku::rules{}, v, g));
  EXPECT_FALSE(sudoku::set_given(v, g, "r3c4=7"));
  EXPECT_EQ(g.at(2, 3), 7);
  EXPECT_FALSE(sudoku::set_given(v, g, "R9C9=1"));
  EXPECT_EQ(g.at(8, 8), 1);
  EXPECT_FALSE(sudoku::set_given(v, g, "r3c4=."));
  EXPECT_EQ(g.at(2, 3), 0);
  EXPECT_EQ(g.given_count(), 1);
  for (const auto& [edit, phrase] :
       std::vector<std::pair<std::string, std::string>>{{"r10c1=5", "no cell 'r10c1'"},
                                                        {"r0c1=5", "no cell 'r0c1'"},
                                                        {"r01c1=5", "no cell 'r01c1'"},
                                                        {"r1c1c=5", "no cell"},
                                                        {"r1c1=10", "the value must be 1 to 9"},
                                                        {"r1c1=0", "the value must be 1 to 9"},
                                                        {"r1c1=A", "the value must be 1 to 9"},
                                                        {"r1c1=", "the value must be"},
                                                        {"r1c1", "expected CELL=VALUE"}}) {
    const auto why = sudoku::set_given(v, g, edit);
    ASSERT_TRUE(why) << edit;
    EXPECT_NE(why->find(phrase), std::string::npos) << edit << ": " << *why;
    EXPECT_NE(why->find(edit), std::string::npos) << *why;
  }
  EXPECT_EQ(g.given_count(), 1);
  // 16x16: letters from A for 10, or the number.
  ASSERT_FALSE(sudoku::parse_puzzle(std::string(256, '.'), sudoku::rules{}, v, g));
  EXPECT_FALSE(sudoku::set_given(v, g, "r16c16=G"));
  EXPECT_FALSE(sudoku::set_given(v, g, "r1c2=10"));
  EXPECT_EQ(g.at(15, 15), 16);
  EXPECT_EQ(g.at(0, 1), 10);
  EXPECT_TRUE(sudoku::set_given(v, g, "r1c1=17"));
  // Samurai: board coordinates; a position outside the five grids is no cell.
  const std::string samurai = puzzle_lines("samurai.sdm").at(0);
  ASSERT_FALSE(sudoku::parse_puzzle(samurai, rules_of("samurai"), v, g));
  EXPECT_TRUE(sudoku::set_given(v, g, "r1c10=5"));
  EXPECT_FALSE(sudoku::set_given(v, g, "r21c21=."));
  EXPECT_EQ(v.cell_named("r21c21"), std::optional<std::size_t>(21 * 21 - 1));
  EXPECT_EQ(v.cell_name(*v.cell_named("r11c10")), "r11c10");
  // Values from 0 (ISS's Shape~9x9~0-8): digit d holds value d - 1.
  variant zero = v;
  ASSERT_FALSE(sudoku::parse_puzzle(std::string(81, '.'), sudoku::rules{}, zero, g));
  zero.set_first_value(0);
  EXPECT_FALSE(sudoku::set_given(zero, g, "r1c1=0"));
  EXPECT_EQ(g.at(0, 0), 1);
  EXPECT_TRUE(sudoku::set_given(zero, g, "r1c1=9"));
}

}  // namespace
