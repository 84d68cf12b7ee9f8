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

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "sudoku_helpers.hpp"

namespace {

using test_support::occurrences;

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

// The picture is well formed, each clue that marks cells has an element
// tagged with its number, and every tagged element has an sd- class first.
void expect_each_clue_drawn_and_tagged(const drawn& d) {
  EXPECT_TRUE(balanced(d.svg));
  for (std::size_t k = 0; k < d.v.clues().size(); ++k) {
    if (sudoku::is_global(d.v.clues()[k].kind)) continue;
    EXPECT_NE(d.svg.find("data-clue=\"" + std::to_string(k) + "\""), std::string::npos)
        << "clue " << k << " (" << sudoku::to_string(d.v.clues()[k].kind) << ") is not drawn";
  }
  const std::regex tagged("<\\w+ ([^>]*)data-clue=");
  for (std::sregex_iterator it(d.svg.begin(), d.svg.end(), tagged), end; it != end; ++it)
    EXPECT_EQ((*it)[1].str().rfind("class=\"sd-", 0), 0u) << it->str();
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

// A quad's digits were 6.5 units tall, about 6 pixels at the default cell
// size: now a quarter of a cell (10), two over two as SudokuPad sets them,
// each digit's ink inside the circle and apart from the others.
TEST(CluePictures, QuadDigitsAreReadableAndInsideTheirCircle) {
  for (const char* line :
       {".Quad~R4C4~1~2~3~4", ".Quad~R4C4~1~2~3", ".Quad~R4C4~5~6", ".Quad~R4C4~9"}) {
    const drawn d = render_iss(line);
    const auto circle = elements(d.svg, "sd-quad");
    ASSERT_EQ(circle.size(), 1u);
    const double cx = std::stod(attribute(circle[0], "cx")),
                 cy = std::stod(attribute(circle[0], "cy"));
    const double r = std::stod(attribute(circle[0], "r"));
    std::vector<std::array<double, 4>> boxes;
    for (const std::string& t : elements(d.svg, "sd-quad-digit")) {
      const double size = std::stod(attribute(t, "font-size"));
      EXPECT_GE(size, 10) << line;
      const double x = std::stod(attribute(t, "x")), y = std::stod(attribute(t, "y"));
      const std::array<double, 4> box{x - 0.3 * size, y - 0.72 * size, x + 0.3 * size, y};
      for (const double bx : {box[0], box[2]}) {
        for (const double by : {box[1], box[3]})
          EXPECT_LT(std::hypot(bx - cx, by - cy), r) << line << ": " << t;
      }
      for (const auto& other : boxes) {
        const bool apart =
            box[2] <= other[0] || other[2] <= box[0] || box[3] <= other[1] || other[3] <= box[1];
        EXPECT_TRUE(apart) << line << ": " << t;
      }
      boxes.push_back(box);
    }
  }
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
  EXPECT_EQ(attribute(x_sum[1], "x"), "407");  // read from the right: right of the row
  // Plain numbers, as setters draw them (they were "\u27e88\u27e9"), as large as a sandwich's.
  EXPECT_NE(x_sum[0].find(">8</text>"), std::string::npos) << x_sum[0];
  EXPECT_NE(x_sum[1].find(">9</text>"), std::string::npos) << x_sum[1];
  EXPECT_EQ(attribute(x_sum[0], "font-size"), attribute(sandwich[0], "font-size"));
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
  expect_each_clue_drawn_and_tagged(render_iss(line));
}

// Issue 63's sets of cells, lines and tables, likewise.
TEST(CluePictures, EverySetLineAndTableDrawsWellFormedElementsTaggedWithTheirClue) {
  const std::string line =
      ".AllDifferent~R1C1~R1C2.RellikCage~5~R2C1~R2C2.EqualityCage~R3C1~R3C2"
      ".ContainAtLeast~1_2~R4C1~R4C2.ContainExact~3~R5C1~R5C2.CountDistinct~R6C1~R6C2~R6C3"
      ".CountingCircles~R7C1~R7C2.Lockout~4~R8C1~R8C2~R8C3.RegionSumLine~R9C1~R9C2~R9C4"
      ".ValueIndexing~R1C5~R1C6~R1C7.Pair~SpE~R2C5~R2C6.PairX~MGD~R3C5~R3C6"
      ".Indexing~C~R4C5.EqualSum~R5C5~R5C6~-~R6C5~-~R5C5~R6C6.GlobalEntropy.DutchFlatmates"
      ".NFA~CMwcCqfGqfFPh4A~_~R7C7~R7C8~R7C9";
  const drawn d = render_iss(line);
  expect_each_clue_drawn_and_tagged(d);
  // Each of an equal sum's segments outlined.
  EXPECT_EQ(elements(d.svg, "sd-equal-sum").size(), 3u);
  // The rules over 2x2 squares and columns in the caption.
  EXPECT_EQ(elements(d.svg, "sd-rules").size(), 1u);
  EXPECT_NE(d.svg.find("global entropy, Dutch flatmates"), std::string::npos);
  // Lockout ends are diamonds, not the between line's circles.
  EXPECT_EQ(elements(d.svg, "sd-lockout-end").size(), 2u);
  EXPECT_TRUE(elements(d.svg, "sd-between-end").empty());
}

// An Or and an And: a faint outline round their cells, their parts drawn as
// alone (an outside clue among them outside the grid), a given among them
// small in its cell; all tagged with the composite's number.
TEST(CluePictures, CompositesOutlineTheirPartsAndDrawEach) {
  const drawn d = render_iss(
      ".Or.Cage~3~R1C1~R1C2.~R1C1_9.End.Or.And.~R5C5_1.X~R5C5~R5C6.End.Skyscraper~R9~~3.End");
  expect_each_clue_drawn_and_tagged(d);
  EXPECT_EQ(elements(d.svg, "sd-any-of").size(), 2u);
  EXPECT_EQ(elements(d.svg, "sd-all-of").size(), 1u);
  EXPECT_EQ(elements(d.svg, "sd-clue-cage").size(), 1u);
  EXPECT_EQ(elements(d.svg, "sd-x").size(), 1u);
  EXPECT_EQ(elements(d.svg, "sd-skyscraper").size(), 1u);
  const auto given = elements(d.svg, "sd-given-part");
  ASSERT_EQ(given.size(), 2u);
  EXPECT_NE(given[0].find(">=9<"), std::string::npos) << given[0];
  EXPECT_NE(given[0].find("data-clue=\"0\""), std::string::npos) << given[0];
  EXPECT_NE(given[1].find("data-clue=\"1\""), std::string::npos) << given[1];
}

// ---- Pencil marks and the clues over them.
//
// A pencil mark's ink, for a digit of font size s on baseline y centred on x:
// [x - 0.3 s, x + 0.3 s] by [y - 0.72 s, y] (digits are about 0.55 em wide and
// 0.72 em tall in the sans-serif fonts a picture meets).
struct box {
  double x0, y0, x1, y1;
  [[nodiscard]] bool meets(const box& o) const {
    return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1;
  }
  [[nodiscard]] bool meets_circle(double cx, double cy, double r) const {
    const double nx = std::clamp(cx, x0, x1), ny = std::clamp(cy, y0, y1);
    return std::hypot(nx - cx, ny - cy) < r;
  }
};

std::string describe(const box& b) {
  return "[" + std::to_string(b.x0) + ", " + std::to_string(b.y0) + " - " + std::to_string(b.x1) +
         ", " + std::to_string(b.y1) + "]";
}

struct pencil_mark {
  std::string cell, text;
  box ink;
};

std::vector<pencil_mark> pencil_marks(const std::string& svg) {
  std::vector<pencil_mark> out;
  const std::size_t group = svg.find("<g class=\"sd-candidate\"");
  if (group == std::string::npos) return out;
  const std::string g = svg.substr(group, svg.find("</g>", group) - group);
  const double size = std::stod(attribute(g.substr(0, g.find('>')), "font-size"));
  const std::regex text(R"re(<text data-cell="(\w+)" x="([\d.]+)" y="([\d.]+)">(\w)</text>)re");
  for (std::sregex_iterator it(g.begin(), g.end(), text), end; it != end; ++it) {
    const double x = std::stod((*it)[2].str()), y = std::stod((*it)[3].str());
    out.push_back(
        {(*it)[1].str(), (*it)[4].str(), {x - 0.3 * size, y - 0.72 * size, x + 0.3 * size, y}});
  }
  return out;
}

// Every pencil mark of the board with the candidates its givens leave keeps
// clear of every dot, quad circle, X or V, greater-than sign, sum label and
// cage outline drawn over the cells.
void expect_pencil_marks_clear(const sudoku::variant& v, const sudoku::grid& givens,
                               const std::string& what) {
  const std::string svg = sudoku::render_svg(v, sudoku::board_state::with_candidates(v, givens));
  const std::vector<pencil_mark> marks = pencil_marks(svg);
  ASSERT_GT(marks.size(), 100u) << what;
  std::vector<std::pair<std::string, box>> boxes;
  std::vector<std::pair<std::string, std::array<double, 3>>> circles;
  for (const char* cls : {"sd-dot-white", "sd-dot-black", "sd-quad"}) {
    for (const std::string& e : elements(svg, cls)) {
      circles.push_back({e,
                         {std::stod(attribute(e, "cx")), std::stod(attribute(e, "cy")),
                          std::stod(attribute(e, "r")) + 0.5}});
    }
  }
  for (const char* cls : {"sd-x", "sd-v"}) {
    for (const std::string& e : elements(svg, cls)) {  // bold, 14 units, a 1.5-unit halo
      const double x = std::stod(attribute(e, "x")), y = std::stod(attribute(e, "y"));
      boxes.push_back(
          {e, {x - 0.35 * 14 - 1.5, y - 0.72 * 14 - 1.5, x + 0.35 * 14 + 1.5, y + 1.5}});
    }
  }
  const std::regex label(R"(<rect class="[\w-]+-label"[^>]*>)");
  for (std::sregex_iterator it(svg.begin(), svg.end(), label), end; it != end; ++it) {
    const std::string e = it->str();
    const double x = std::stod(attribute(e, "x")), y = std::stod(attribute(e, "y"));
    boxes.push_back(
        {e, {x, y, x + std::stod(attribute(e, "width")), y + std::stod(attribute(e, "height"))}});
  }
  // Signs and outlines: each straight piece of their paths, as thick as its stroke.
  for (const char* cls : {"sd-greater", "sd-cage", "sd-clue-cage", "sd-sum", "sd-lunchbox"}) {
    for (const std::string& e : elements(svg, cls)) {
      const double half = std::stod(attribute(e, "stroke-width")) / 2;
      const std::string d = attribute(e, "d");
      const std::regex point(R"(([MLZ])\s*(?:([\d.]+) ([\d.]+))?)");
      std::vector<std::array<double, 2>> loop;
      std::array<double, 2> previous{}, start{};
      for (std::sregex_iterator it(d.begin(), d.end(), point), end; it != end; ++it) {
        const char op = (*it)[1].str()[0];
        const std::array<double, 2> at =
            op == 'Z' ? start
                      : std::array<double, 2>{std::stod((*it)[2].str()), std::stod((*it)[3].str())};
        if (op == 'M') {
          start = at;
        } else {
          boxes.push_back(
              {e,
               {std::min(previous[0], at[0]) - half, std::min(previous[1], at[1]) - half,
                std::max(previous[0], at[0]) + half, std::max(previous[1], at[1]) + half}});
        }
        previous = at;
      }
    }
  }
  ASSERT_FALSE(boxes.empty() && circles.empty()) << what;
  for (const pencil_mark& m : marks) {
    for (const auto& [e, b] : boxes)
      EXPECT_FALSE(m.ink.meets(b))
          << what << ": " << m.cell << "'s " << m.text << " " << describe(m.ink) << " under " << e;
    for (const auto& [e, c] : circles)
      EXPECT_FALSE(m.ink.meets_circle(c[0], c[1], c[2]))
          << what << ": " << m.cell << "'s " << m.text << " " << describe(m.ink) << " under " << e;
  }
}

std::string iss_example(const std::string& name) {
  std::ifstream in(std::filesystem::path(DLX_SOURCE_DIR) / "tests" / "sudoku" / "iss_examples.tsv");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(name + "\t", 0) == 0) {
      const std::size_t from = name.size() + 1;
      return line.substr(from, line.find('\t', from) - from);
    }
  }
  ADD_FAILURE() << "no " << name << " in iss_examples.tsv";
  return "";
}

// Kropki dots covered r4c1's 8, an X covered a 6, a cage's sum "12" ran into
// the candidates 1 2 3, and a quad's circle covered four cells' corner marks.
TEST(CluePictures, PencilMarksKeepClearOfTheCluesOverTheirCells) {
  const std::vector<std::string> lines = {
      iss_example("example_puzzles.js:XV Kropki Sudoku"), iss_example("example_puzzles.js:Killer"),
      iss_example("example_puzzles.js:Quadruple X"), iss_example("collections.js:Kropki sudoku"),
      // Every kind at once, crowded: a cell between two dots and under a
      // quad, a sum label in a cell with a dot below it.
      ".BlackDot~R4C1~R5C1.BlackDot~R5C1~R6C1.WhiteDot~R5C1~R5C2.X~R1C1~R1C2.V~R2C1~R3C1"
      ".GreaterThan~R7C1~R7C2.Quad~R4C4~1~2~3~4.Quad~R5C5~5.WhiteDot~R5C5~R6C5"
      ".Cage~12~R7C4~R7C5~R8C4.WhiteDot~R7C4~R8C4.Sum~16~R1C5~R1C6.SumLine~10~R9C7~R9C8"
      ".Lunchbox~10~R2C7~R2C8~R2C9.X~R2C8~R3C8"};
  for (const std::string& line : lines) {
    sudoku::variant v;
    sudoku::grid givens;
    const auto e = sudoku::parse_iss(line, v, givens);
    ASSERT_FALSE(e) << line << ": " << (e ? e->message : "");
    expect_pencil_marks_clear(v, givens, line.substr(0, 60));
  }
  // A classic killer (its cages from the variant, not from clues) alike.
  sudoku::variant killer;
  sudoku::grid givens;
  ASSERT_FALSE(sudoku::parse_puzzle(std::string(81, '.'), {}, killer, givens));
  killer.add_cage({{0, 1, 9}, 12});
  killer.add_cage({{40, 41}, 17});
  expect_pencil_marks_clear(killer, givens, "killer");
}

TEST(CluePictures, ABoardWithoutCluesIsDrawnAsFromPlainText) {
  sudoku::variant plain;
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_puzzle("1...2..3..4....2", {}, plain, puzzle));
  const drawn d = render_iss(".Shape~4x4.~R1C1_1~R2C1_2~R2C4_3~R3C3_4~R4C4_2");
  EXPECT_EQ(d.svg, sudoku::render_svg(plain, sudoku::board_state::of_puzzle(puzzle)));
}

}  // namespace
