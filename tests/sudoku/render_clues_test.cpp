// The clues of modern variants in pictures (sudoku/render.hpp, drawn by
// sudoku/src/render_clues.cpp), read from ISS constraint strings: each clue's
// elements where its cells are (a thermometer's bulb on its first cell's
// centre, a dot on the edge between its cells, a little killer's sum outside
// the corner of its diagonal), room beyond the grid only for outside clues, a
// caption for board-wide rules, pencil marks as candidates, the title naming
// the kinds; the tags balanced; and a board without clues drawn as before.
#include <gtest/gtest.h>
#include <sudoku/iss.hpp>
#include <sudoku/render.hpp>
#include <sudoku/variant_text.hpp>

#include <regex>
#include <string>
#include <vector>

namespace {

struct drawn {
  sudoku::variant v;
  std::string svg;
};

drawn render_iss(const std::string& line) {
  drawn d;
  sudoku::grid givens;
  const auto e = sudoku::parse_iss(line, d.v, givens);
  EXPECT_FALSE(e) << line << ": " << (e ? e->message : "");
  d.svg = sudoku::render_svg(d.v, sudoku::board_state::of_puzzle(givens));
  return d;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

// The elements of a class, each as its whole tag (and a text's content).
std::vector<std::string> elements(const std::string& svg, const std::string& cls) {
  std::vector<std::string> out;
  const std::regex tag("<(\\w+) class=\"" + cls + "\"[^>]*>([^<]*</text>)?");
  for (std::sregex_iterator it(svg.begin(), svg.end(), tag), end; it != end; ++it)
    out.push_back(it->str());
  return out;
}

std::string attribute(const std::string& element, const std::string& name) {
  std::smatch m;
  if (!std::regex_search(element, m, std::regex(" " + name + "=\"([^\"]*)\""))) return "";
  return m[1].str();
}

// Every tag closed in order, as an XML parser would insist.
bool balanced(const std::string& svg) {
  std::vector<std::string> open;
  const std::regex tag("<(/?)(\\w+)[^>]*?(/?)>");
  for (std::sregex_iterator it(svg.begin(), svg.end(), tag), end; it != end; ++it) {
    const std::string name = (*it)[2].str();
    if ((*it)[3].length() > 0) continue;  // <x/>
    if ((*it)[1].length() == 0) {
      open.push_back(name);
    } else {
      if (open.empty() || open.back() != name) return false;
      open.pop_back();
    }
  }
  return open.empty();
}

// Without coordinates and outside clues the grid starts at (8, 8) and a cell
// is 40 units: r1c1's centre is (28, 28).
TEST(CluePictures, ThermometerBulbOnItsFirstCellAndUnderTheGridLines) {
  const drawn d = render_iss(".Thermo~R1C1~R1C2~R2C2");
  const auto bulb = elements(d.svg, "sd-thermo-bulb");
  ASSERT_EQ(bulb.size(), 1u);
  EXPECT_EQ(attribute(bulb[0], "cx"), "28");
  EXPECT_EQ(attribute(bulb[0], "cy"), "28");
  EXPECT_EQ(attribute(bulb[0], "data-clue"), "0");
  const auto line = elements(d.svg, "sd-thermo");
  ASSERT_EQ(line.size(), 1u);
  EXPECT_EQ(attribute(line[0], "d"), "M28 28 L68 28 L68 68");
  EXPECT_LT(d.svg.find("sd-thermo"), d.svg.find("<g class=\"sd-cell\""));
}

TEST(CluePictures, ArrowsFromTheirCircleToAnArrowhead) {
  const drawn d = render_iss(".Arrow~R1C1~R1C2~R1C3.DoubleArrow~R3C1~R3C2~R3C3");
  const auto circles = elements(d.svg, "sd-arrow-circle");
  ASSERT_EQ(circles.size(), 3u);
  EXPECT_EQ(attribute(circles[0], "cx") + "," + attribute(circles[0], "cy"), "28,28");
  const auto shafts = elements(d.svg, "sd-arrow");
  ASSERT_EQ(shafts.size(), 2u);
  EXPECT_EQ(attribute(shafts[0], "d"), "M42 28 L68 28 L108 28");    // from the circle's edge
  EXPECT_EQ(attribute(shafts[1], "d"), "M42 108 L68 108 L94 108");  // circle to circle
  const auto heads = elements(d.svg, "sd-arrowhead");
  ASSERT_EQ(heads.size(), 1u);  // none on the double arrow
  EXPECT_NE(attribute(heads[0], "d").find("L108 28"), std::string::npos);  // its tip
}

TEST(CluePictures, PillArrowOutlinesItsPill) {
  const drawn d = render_iss(".PillArrow~2~R1C1~R1C2~R2C2~R3C2");
  ASSERT_EQ(elements(d.svg, "sd-pill").size(), 1u);
  EXPECT_TRUE(elements(d.svg, "sd-arrow-circle").empty());
  const auto shaft = elements(d.svg, "sd-arrow");
  ASSERT_EQ(shaft.size(), 1u);
  EXPECT_EQ(attribute(shaft[0], "d"), "M68 42 L68 68 L68 108");  // from the pill's last cell
}

TEST(CluePictures, DotsOnTheEdgesBetweenNeighbours) {
  const drawn d = render_iss(".WhiteDot~R1C1~R1C2~R2C2.BlackDot~R2C1~R3C1");
  const auto white = elements(d.svg, "sd-dot-white");
  ASSERT_EQ(white.size(), 2u);  // r1c1-r1c2 and r1c2-r2c2
  EXPECT_EQ(attribute(white[0], "cx") + "," + attribute(white[0], "cy"), "48,28");
  EXPECT_EQ(attribute(white[1], "cx") + "," + attribute(white[1], "cy"), "68,48");
  const auto black = elements(d.svg, "sd-dot-black");
  ASSERT_EQ(black.size(), 1u);
  EXPECT_EQ(attribute(black[0], "cx") + "," + attribute(black[0], "cy"), "28,88");
  EXPECT_EQ(attribute(black[0], "data-clue"), "1");
  EXPECT_GT(d.svg.find("sd-dot-white"), d.svg.find("class=\"sd-box\""));  // over the lines
}

TEST(CluePictures, XAndVOnTheEdgeAndGreaterThanPointsToTheSmallerCell) {
  const drawn d = render_iss(".X~R1C1~R1C2.V~R1C1~R2C1.GreaterThan~R5C5~R5C6");
  const auto x = elements(d.svg, "sd-x");
  ASSERT_EQ(x.size(), 1u);
  EXPECT_EQ(attribute(x[0], "x"), "48");
  EXPECT_NE(x[0].find(">X</text>"), std::string::npos);
  const auto v = elements(d.svg, "sd-v");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(attribute(v[0], "x"), "28");
  EXPECT_NE(v[0].find(">V</text>"), std::string::npos);
  const auto greater = elements(d.svg, "sd-greater");
  ASSERT_EQ(greater.size(), 1u);
  // On the edge x = 208 between r5c5 and r5c6, its point to the right.
  EXPECT_EQ(attribute(greater[0], "d"), "M205.5 183 L210.5 188 L205.5 193");
}

TEST(CluePictures, QuadOnTheCornerOfItsBlock) {
  const drawn d = render_iss(".Quad~R1C1~1~2~3~4");
  const auto circle = elements(d.svg, "sd-quad");
  ASSERT_EQ(circle.size(), 1u);
  EXPECT_EQ(attribute(circle[0], "cx") + "," + attribute(circle[0], "cy"), "48,48");
  EXPECT_EQ(elements(d.svg, "sd-quad-digit").size(), 4u);
}

TEST(CluePictures, CageWithoutSumIsDashedLikeACageAndHasNoLabel) {
  const drawn plain = render_iss(".Cage~~R1C1~R1C2");
  const drawn summed = render_iss(".Cage~3~R1C1~R1C2");
  const auto outline = elements(plain.svg, "sd-clue-cage");
  const auto cage = elements(summed.svg, "sd-cage");
  ASSERT_EQ(outline.size(), 1u);
  ASSERT_EQ(cage.size(), 1u);
  EXPECT_EQ(attribute(outline[0], "d"), attribute(cage[0], "d"));
  EXPECT_EQ(attribute(outline[0], "stroke-dasharray"), attribute(cage[0], "stroke-dasharray"));
  EXPECT_EQ(occurrences(plain.svg, "-label"), 0u);
}

TEST(CluePictures, WhisperIsAGreenLineThroughTheCentres) {
  const drawn d = render_iss(".Whisper~5~R1C1~R2C2~R3C1.Renban~R5C5~R5C6");
  const auto whisper = elements(d.svg, "sd-whisper");
  ASSERT_EQ(whisper.size(), 1u);
  EXPECT_EQ(attribute(whisper[0], "d"), "M28 28 L68 68 L28 108");
  const auto renban = elements(d.svg, "sd-renban");
  ASSERT_EQ(renban.size(), 1u);
  EXPECT_NE(attribute(whisper[0], "stroke"), attribute(renban[0], "stroke"));
}

// With outside clues the grid moves 26 units in from every side (to 34, 34).
TEST(CluePictures, LittleKillerSumOutsideTheCornerOfItsDiagonal) {
  const drawn plain = render_iss(".Thermo~R1C1~R1C2");
  EXPECT_NE(plain.svg.find("viewBox=\"0 0 376 376\""), std::string::npos);
  const drawn d = render_iss(".LittleKiller~22~R1C1");
  EXPECT_NE(d.svg.find("viewBox=\"0 0 428 428\""), std::string::npos);
  const auto sum = elements(d.svg, "sd-little-killer");
  ASSERT_EQ(sum.size(), 1u);
  EXPECT_NE(sum[0].find(">22</text>"), std::string::npos);
  EXPECT_EQ(attribute(sum[0], "x"), "17.2");  // up and left of r1c1 (centre 54, 54)
  const auto arrow = elements(d.svg, "sd-little-killer-arrow");
  ASSERT_EQ(arrow.size(), 1u);
  EXPECT_EQ(attribute(arrow[0], "d"), "M25.2 25.2 L32.8 32.8");  // pointing down the diagonal
}

TEST(CluePictures, SandwichAndXSumAtTheEndsOfTheirLines) {
  const drawn d = render_iss(".Sandwich~8~C1.Sandwich~4~R2.XSum~R2~8~9");
  const auto sandwich = elements(d.svg, "sd-sandwich");
  ASSERT_EQ(sandwich.size(), 2u);
  EXPECT_EQ(attribute(sandwich[0], "x"), "54");  // above column 1
  EXPECT_EQ(attribute(sandwich[1], "x"), "21");  // left of row 2
  const auto x_sum = elements(d.svg, "sd-x-sum");
  ASSERT_EQ(x_sum.size(), 2u);
  EXPECT_EQ(attribute(x_sum[0], "x"), "21");
  EXPECT_NE(x_sum[0].find(">\u27e88\u27e9</text>"), std::string::npos);
  EXPECT_EQ(attribute(x_sum[1], "x"), "407");  // read from the right: right of the row
  EXPECT_NE(x_sum[1].find(">\u27e89\u27e9</text>"), std::string::npos);
}

TEST(CluePictures, GlobalRulesInACaptionAndKindsInTheTitle) {
  const drawn d = render_iss(".AntiKnight.AntiKing.Thermo~R1C1~R1C2.Arrow~R3C3~R3C4.~R5C5_1");
  const auto rules = elements(d.svg, "sd-rules");
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_NE(rules[0].find(">anti-knight, anti-king</text>"), std::string::npos);
  EXPECT_NE(d.svg.find("viewBox=\"0 0 376 394\""), std::string::npos);
  EXPECT_NE(d.svg.find("<title>Sudoku 9x9 thermo arrow anti-knight anti-king, 1 given</title>"),
            std::string::npos);
}

TEST(CluePictures, PencilMarksShownAsCandidates) {
  const drawn d = render_iss(".~R1C1_1_2~R2C2_5");
  // r1c1 holds 1 or 2: two pencil marks; r2c2 is a given.
  const std::string group = d.svg.substr(d.svg.find("<g class=\"sd-candidate\""));
  EXPECT_EQ(occurrences(group.substr(0, group.find("</g>")), "data-cell=\"r1c1\""), 2u);
  EXPECT_EQ(occurrences(render_iss(".~R2C2_5").svg, "sd-candidate"), 0u);
}

TEST(CluePictures, EveryKindDrawsWellFormedElementsTaggedWithTheirClue) {
  const std::string line =
      ".Thermo~R1C1~R1C2.Whisper~R2C1~R2C2.WhiteDot~R3C1~R3C2.BlackDot~R3C3~R3C4.X~R4C1~R4C2"
      ".V~R4C3~R4C4.GreaterThan~R5C1~R5C2.Palindrome~R6C1~R6C2.Modular~3~R7C1~R7C2~R7C3"
      ".Entropic~R8C1~R8C2~R8C3.Renban~R9C1~R9C2.Between~R1C4~R1C5~R1C6.Zipper~R2C4~R2C5~R2C6"
      ".SumLine~10~R3C6~R3C7.Quad~R4C6~1.SameValues~2~R5C4~R5C5~R6C4~R6C5.Cage~~R7C5~R7C6"
      ".Sum~5~R8C5~R8C6.Arrow~R1C8~R1C9~R2C9.DoubleArrow~R3C8~R4C8~R5C8"
      ".PillArrow~2~R6C7~R6C8~R6C9.LittleKiller~20~R1C2.Sandwich~5~R9.XSum~C9~11~12"
      ".Lunchbox~10~R9C1~R9C2~R9C3~R9C4.AntiKnight.AntiConsecutive";
  const drawn d = render_iss(line);
  EXPECT_TRUE(balanced(d.svg));
  for (std::size_t k = 0; k < d.v.clues().size(); ++k) {
    if (sudoku::is_global(d.v.clues()[k].kind)) continue;
    EXPECT_NE(d.svg.find("data-clue=\"" + std::to_string(k) + "\""), std::string::npos)
        << "clue " << k << " (" << sudoku::to_string(d.v.clues()[k].kind) << ") is not drawn";
  }
  // Every element with data-clue has an sd- class first.
  const std::regex tagged("<\\w+ ([^>]*)data-clue=");
  for (std::sregex_iterator it(d.svg.begin(), d.svg.end(), tagged), end; it != end; ++it)
    EXPECT_EQ((*it)[1].str().rfind("class=\"sd-", 0), 0u) << it->str();
}

TEST(CluePictures, ABoardWithoutCluesIsDrawnAsFromPlainText) {
  sudoku::variant plain;
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_puzzle("1...2..3..4....2", {}, plain, puzzle));
  const drawn d = render_iss(".Shape~4x4.~R1C1_1~R2C1_2~R2C4_3~R3C3_4~R4C4_2");
  EXPECT_EQ(d.svg, sudoku::render_svg(plain, sudoku::board_state::of_puzzle(puzzle)));
}

}  // namespace
