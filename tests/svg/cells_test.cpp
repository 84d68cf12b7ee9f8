// svg::outline and svg::path_data: the boundary of a set of cells as closed
// loops, checked against shapes whose outlines are known by hand.
#include <gtest/gtest.h>
#include <svg/cells.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

namespace {

using svg::point;

// Twice the signed area of a loop (shoelace): its sign tells the direction.
long long twice_area(const svg::loop& l) {
  long long a = 0;
  for (std::size_t i = 0; i < l.corners.size(); ++i) {
    const point& p = l.corners[i];
    const point& q = l.corners[(i + 1) % l.corners.size()];
    a += static_cast<long long>(p.x) * q.y - static_cast<long long>(q.x) * p.y;
  }
  return a;
}

// Every edge is axis-parallel, consecutive edges turn, and the inward normal
// is perpendicular to its edge.
void expect_well_formed(const svg::loop& l) {
  ASSERT_EQ(l.corners.size(), l.inward.size());
  ASSERT_GE(l.corners.size(), 4u);
  EXPECT_EQ(l.corners.size() % 2, 0u);
  for (std::size_t i = 0; i < l.corners.size(); ++i) {
    const point& p = l.corners[i];
    const point& q = l.corners[(i + 1) % l.corners.size()];
    EXPECT_TRUE(p.x == q.x || p.y == q.y) << "edge " << i << " is not axis-parallel";
    EXPECT_FALSE(p == q);
    const int dx = q.x - p.x, dy = q.y - p.y;
    EXPECT_EQ(dx * l.inward[i].x + dy * l.inward[i].y, 0) << "normal not perpendicular";
    EXPECT_EQ(std::abs(l.inward[i].x) + std::abs(l.inward[i].y), 1);
    const point& n = l.corners[(i + 2) % l.corners.size()];
    EXPECT_FALSE((q.x - p.x == 0) == (n.x - q.x == 0)) << "no turn at corner " << i + 1;
  }
}

TEST(Outline, OneCellIsASquare) {
  const std::vector<std::uint32_t> cells{4};  // the middle of 3 x 3
  const auto loops = svg::outline(3, 3, cells);
  ASSERT_EQ(loops.size(), 1u);
  expect_well_formed(loops[0]);
  const std::set<point> corners(loops[0].corners.begin(), loops[0].corners.end());
  EXPECT_EQ(corners, (std::set<point>{{1, 1}, {2, 1}, {1, 2}, {2, 2}}));
  EXPECT_EQ(std::abs(twice_area(loops[0])), 2);
}

TEST(Outline, AnLHasSixCornersAndItsArea) {
  // X.
  // X.
  // XX   on a 3 x 2 board: area 4, six corners.
  const std::vector<std::uint32_t> cells{0, 2, 4, 5};
  const auto loops = svg::outline(3, 2, cells);
  ASSERT_EQ(loops.size(), 1u);
  expect_well_formed(loops[0]);
  EXPECT_EQ(loops[0].corners.size(), 6u);
  EXPECT_EQ(std::abs(twice_area(loops[0])), 8);
}

TEST(Outline, ARingHasAnOuterLoopAndAHole) {
  // The 3 x 3 board without its middle: two loops, areas 9 and 1, turning
  // opposite ways.
  const std::vector<std::uint32_t> cells{0, 1, 2, 3, 5, 6, 7, 8};
  const auto loops = svg::outline(3, 3, cells);
  ASSERT_EQ(loops.size(), 2u);
  std::vector<long long> areas;
  for (const auto& l : loops) {
    expect_well_formed(l);
    areas.push_back(twice_area(l));
  }
  std::sort(areas.begin(), areas.end(),
            [](long long a, long long b) { return std::abs(a) < std::abs(b); });
  EXPECT_EQ(std::abs(areas[0]), 2);
  EXPECT_EQ(std::abs(areas[1]), 18);
  EXPECT_LT(areas[0] * areas[1], 0) << "a hole turns the other way";
}

TEST(Outline, CellsTouchingAtACornerKeepTheirOwnLoops) {
  // X.
  // .X   two loops of four corners, not one figure eight.
  const std::vector<std::uint32_t> cells{0, 3};
  const auto loops = svg::outline(2, 2, cells);
  ASSERT_EQ(loops.size(), 2u);
  for (const auto& l : loops) {
    expect_well_formed(l);
    EXPECT_EQ(l.corners.size(), 4u);
    EXPECT_EQ(std::abs(twice_area(l)), 2);
  }
}

TEST(Outline, ACheckerboardIsOneLoopPerCell) {
  std::vector<std::uint32_t> cells;
  for (std::uint32_t p = 0; p < 36; ++p) {
    if ((p / 6 + p % 6) % 2 == 0) cells.push_back(p);
  }
  const auto loops = svg::outline(6, 6, cells);
  EXPECT_EQ(loops.size(), cells.size());
  for (const auto& l : loops)
    EXPECT_EQ(l.corners.size(), 4u);
}

TEST(Outline, NoCellsNoLoops) {
  EXPECT_TRUE(svg::outline(3, 3, {}).empty());
}

TEST(PathData, PlacesAndInsetsTheCorners) {
  const std::vector<std::uint32_t> cells{0};
  const auto loops = svg::outline(1, 1, cells);
  EXPECT_EQ(svg::path_data(loops, {10, 20, 40}), "M10 20 L10 60 L50 60 L50 20 Z");
  // Moved 4 units into the cell on every side.
  EXPECT_EQ(svg::path_data(loops, {10, 20, 40}, 4), "M14 24 L14 56 L46 56 L46 24 Z");
  // An L (the top-right cell missing) inset by 1: its inner corner at (10, 10)
  // moves left and down, into the cells, like the outer ones.
  const std::vector<std::uint32_t> l_cells{0, 2, 3};
  const std::string d = svg::path_data(svg::outline(2, 2, l_cells), {0, 0, 10}, 1);
  EXPECT_NE(d.find("9 11"), std::string::npos) << d;
  EXPECT_NE(d.find("1 1"), std::string::npos) << d;    // the top-left corner
  EXPECT_NE(d.find("19 19"), std::string::npos) << d;  // the bottom-right corner
}

TEST(Number, AtMostTwoDecimals) {
  EXPECT_EQ(svg::number(12), "12");
  EXPECT_EQ(svg::number(3.5), "3.5");
  EXPECT_EQ(svg::number(1.0 / 3), "0.33");
  EXPECT_EQ(svg::number(-0.001), "0");
  EXPECT_EQ(svg::number(-2.25), "-2.25");
}

TEST(Escape, XmlSpecialCharacters) {
  EXPECT_EQ(svg::escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
  EXPECT_EQ(svg::escape("plain"), "plain");
}

TEST(Escape, ControlCharactersAndMalformedUtf8BecomeReplacementCharacters) {
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(svg::escape(std::string("a\tb\nc\x7F", 6)), "a" + fffd + "b" + fffd + "c" + fffd);
  EXPECT_EQ(svg::escape(std::string("\0", 1)), fffd);
  // Well-formed UTF-8 passes: é, €, U+10FFFF.
  EXPECT_EQ(svg::escape("\xC3\xA9 \xE2\x82\xAC \xF4\x8F\xBF\xBF"),
            "\xC3\xA9 \xE2\x82\xAC \xF4\x8F\xBF\xBF");
  // A lone continuation byte, a truncated sequence, an overlong '/', a
  // surrogate, past U+10FFFF: one replacement per byte that starts nothing.
  EXPECT_EQ(svg::escape("\x80"), fffd);
  EXPECT_EQ(svg::escape("\xE2\x82"), fffd + fffd);
  EXPECT_EQ(svg::escape("\xC0\xAF"), fffd + fffd);
  EXPECT_EQ(svg::escape("\xED\xA0\x80"), fffd + fffd + fffd);
  EXPECT_EQ(svg::escape("\xF4\x90\x80\x80"), fffd + fffd + fffd + fffd);
  EXPECT_EQ(svg::escape("x\xFFy<"), "x" + fffd + "y&lt;");
}

}  // namespace
