// f-puzzles and SudokuPad links (fpuzzles.hpp): public puzzles read and
// solved to their published solutions (fpuzzles_links.tsv); each key read as
// the ISS string of the same rule reads; the rules f-puzzles states with a
// value or a negative constraint counted against brute force; the writer's
// JSON and link read back; and bad data refused with its place.
#include <gtest/gtest.h>
#include <sudoku/fpuzzles.hpp>
#include <sudoku/iss.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "sudoku_helpers.hpp"

namespace {

struct published {
  std::string name, source, link, expect, answer;
};

std::vector<published> links() {
  std::ifstream in(std::filesystem::path(DLX_SOURCE_DIR) / "tests" / "sudoku" /
                   "fpuzzles_links.tsv");
  std::vector<published> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    published p;
    std::getline(fields, p.name, '\t');
    std::getline(fields, p.source, '\t');
    std::getline(fields, p.link, '\t');
    std::getline(fields, p.expect, '\t');
    std::getline(fields, p.answer, '\t');
    out.push_back(p);
  }
  return out;
}

std::string board(const sudoku::variant& v, const sudoku::grid& g) {
  std::string s;
  sudoku::append_board(v, g, s);
  return s;
}

// Reads `text`, which must be a puzzle.
void read(const std::string& text, sudoku::variant& v, sudoku::grid& givens) {
  const auto e = sudoku::parse_fpuzzles(text, v, givens);
  ASSERT_FALSE(e) << text.substr(0, 80) << ": column " << e->column << ": " << e->message;
}

TEST(FpuzzlesLinks, EachPublishedPuzzleHasItsSolutionAndNoOther) {
  const auto all = links();
  ASSERT_GE(all.size(), 50u);
  std::size_t solved = 0;
  for (const published& p : all) {
    sudoku::variant v;
    sudoku::grid givens;
    sudoku::fpuzzles_info info;
    const auto e = sudoku::parse_fpuzzles(p.link, v, givens, nullptr, &info);
    if (p.expect == "refused") {
      ASSERT_TRUE(e) << p.name;
      EXPECT_NE(e->message.find(p.answer), std::string::npos) << p.name << ": " << e->message;
      continue;
    }
    ASSERT_FALSE(e) << p.name << ": " << e->message;
    sudoku::solver solver(v);
    sudoku::grid solution = v.empty_grid();
    const sudoku::result r = solver.solve_unique(givens, solution);
    EXPECT_EQ(r.status, sudoku::status::unique) << p.name;
    EXPECT_EQ(board(v, solution), p.answer) << p.name << " (" << p.source << ")";
    EXPECT_TRUE(sudoku::check_solution(v, givens, solution).ok()) << p.name;
    if (info.solution) {
      EXPECT_EQ(board(v, *info.solution), p.answer) << p.name;
    }
    ++solved;
  }
  EXPECT_GE(solved, 45u);
}

// Each published puzzle written as f-puzzles' JSON and as a link reads back
// to a puzzle with the same one solution; written again, it is the writer's
// fixed point.
TEST(FpuzzlesLinks, WrittenBackReadTheSame) {
  for (const published& p : links()) {
    if (p.expect != "unique") continue;
    sudoku::variant v, v2, v3, from_link;
    sudoku::grid givens, givens2, givens3, link_givens;
    read(p.link, v, givens);
    std::string json, json2, link;
    std::string why;
    ASSERT_TRUE(sudoku::append_fpuzzles_json(v, givens, json, &why)) << p.name << ": " << why;
    read(json, v2, givens2);
    ASSERT_TRUE(sudoku::append_fpuzzles_link(v, givens, link));
    EXPECT_TRUE(link.starts_with("https://www.f-puzzles.com/?load=N4Ig")) << link;
    read(link, from_link, link_givens);
    EXPECT_TRUE(from_link == v2 && link_givens == givens2) << p.name;
    ASSERT_TRUE(sudoku::append_fpuzzles_json(v2, givens2, json2));
    read(json2, v3, givens3);
    EXPECT_TRUE(v3 == v2 && givens3 == givens2) << p.name << ": " << json2;
    sudoku::solver solver(v2);
    sudoku::grid solution = v2.empty_grid();
    EXPECT_EQ(solver.solve_unique(givens2, solution).status, sudoku::status::unique) << p.name;
    EXPECT_EQ(board(v2, solution), p.answer) << p.name;
    // And ISS's string of it, which convert writes, reads back the same.
    std::string iss;
    ASSERT_TRUE(sudoku::append_iss(v, givens, iss));
    sudoku::variant iss_v;
    sudoku::grid iss_givens;
    ASSERT_FALSE(sudoku::parse_iss(iss, iss_v, iss_givens)) << iss;
    EXPECT_TRUE(iss_v == v && iss_givens == givens) << p.name;
  }
}

// A 4x4 board's JSON with `keys` (a JSON object's members, or nothing).
std::string board4(const std::string& keys, const std::string& grid = {}) {
  std::string g = grid;
  if (g.empty()) g = R"([[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]])";
  return R"({"size":4,"grid":)" + g + (keys.empty() ? "" : "," + keys) + "}";
}

TEST(FpuzzlesKeys, EachReadsAsTheIssStringOfItsRule) {
  const std::string nine = R"({"size":9,"grid":[)" + [] {
    std::string rows;
    for (int r = 0; r < 9; ++r)
      rows += std::string(r ? "," : "") + "[{},{},{},{},{},{},{},{},{}]";
    return rows;
  }() + "]";
  struct pair {
    std::string json, iss;
  };
  const std::vector<pair> pairs = {
      {board4(""), ".Shape~4x4"},
      {board4(R"("thermometer":[{"lines":[["R1C1","R1C2","R2C2"]]}])"),
       ".Shape~4x4.Thermo~R1C1~R1C2~R2C2"},
      {board4(R"("arrow":[{"cells":["R1C1"],"lines":[["R1C1","R2C2","R3C3"],["R1C1","R1C2"]]}])"),
       ".Shape~4x4.Arrow~R1C1~R2C2~R3C3.Arrow~R1C1~R1C2"},
      {board4(R"("arrow":[{"cells":["R1C2","R1C1"],"lines":[["R1C2","R2C3","R3C3"]]}])"),
       ".Shape~4x4.PillArrow~2~R1C1~R1C2~R2C3~R3C3"},
      {board4(R"("killercage":[{"cells":["R1C2","R1C1"],"value":"3"},{"cells":["R3C3","R4C4"]}])"),
       ".Shape~4x4.Cage~3~R1C1~R1C2.Cage~~R3C3~R4C4"},
      // From the top going down-right: the diagonal ISS starts from its other end.
      {board4(R"("littlekillersum":[{"cell":"R0C1","direction":"DR","value":"5"}])"),
       ".Shape~4x4.LittleKiller~5~R3C4"},
      {board4(R"("littlekillersum":[{"cell":"R5C3","direction":"UL","value":"3"}])"),
       ".Shape~4x4.LittleKiller~3~R3C1"},
      // One cell, or a diagonal begun inside the board: a sum.
      {board4(
           R"("littlekillersum":[{"cell":"R5C2","direction":"UL","value":"3"},{"cell":"R2C2","direction":"DR","value":"7"}])"),
       ".Shape~4x4.Sum~3~R4C1.Sum~7~R2C2~R3C3~R4C4"},
      {board4(R"("sandwichsum":[{"cell":"R0C2","value":"5"},{"cell":"R3C5","value":"0"}])"),
       ".Shape~4x4.Sandwich~5~C2.Sandwich~0~R3"},
      {board4(R"("xsum":[{"cell":"R2C5","value":"7"}])"), ".Shape~4x4.XSum~R2~~7"},
      {board4(R"("skyscraper":[{"cell":"R5C1","value":"2"},{"cell":"R0C3","value":"1"}])"),
       ".Shape~4x4.Skyscraper~C1~~2.Skyscraper~C3~1~"},
      {board4(
           R"("difference":[{"cells":["R1C1","R1C2"]}],"ratio":[{"cells":["R2C1","R3C1"],"value":"2"}])"),
       ".Shape~4x4.WhiteDot~R1C1~R1C2.BlackDot~R2C1~R3C1"},
      {board4(
           R"("xv":[{"cells":["R1C1","R1C2"],"value":"X"},{"cells":["R2C2","R2C3"],"value":"v"}])"),
       ".Shape~4x4.X~R1C1~R1C2.V~R2C2~R2C3"},
      {board4(
           R"("palindrome":[{"lines":[["R1C1","R2C1"]]}],"renban":[{"lines":[["R3C3","R3C4"]]}])"),
       ".Shape~4x4.Palindrome~R1C1~R2C1.Renban~R3C3~R3C4"},
      {board4(
           R"("whispers":[{"lines":[["R1C1","R1C2","R2C2"]],"value":"2"},{"lines":[["R4C1","R4C2"]]}])"),
       ".Shape~4x4.Whisper~2~R1C1~R1C2~R2C2.Whisper~2~R4C1~R4C2"},
      {board4(
           R"("betweenline":[{"lines":[["R1C1","R2C2","R3C3"]]}],"doublearrow":[{"lines":[["R4C1","R4C2","R4C3"]]}])"),
       ".Shape~4x4.Between~R1C1~R2C2~R3C3.DoubleArrow~R4C1~R4C2~R4C3"},
      {board4(
           R"("modularline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"regionsumline":[{"lines":[["R2C2","R2C3"]]}],"zipperline":[{"lines":[["R4C1","R4C2","R4C3"]]}])"),
       ".Shape~4x4.Modular~3~R1C1~R1C2~R1C3.RegionSumLine~R2C2~R2C3.Zipper~R4C1~R4C2~R4C3"},
      {board4(R"("quadruple":[{"cells":["R2C3","R2C2","R3C2","R3C3"],"values":[1,2]}])"),
       ".Shape~4x4.Quad~R2C2~1~2"},
      {board4(R"("maximum":[{"cell":"R2C2"},{"cell":"R2C3"}],"minimum":[{"cell":"R4C4"}])"),
       ".Shape~4x4.GreaterThan~R2C2~R1C2~R2C1~R3C2.GreaterThan~R2C3~R1C3~R2C4~R3C3"
       ".GreaterThan~R3C4~R4C3~R4C4"},
      {board4(R"("odd":[{"cell":"R1C1"}],"even":[{"cell":"R2C2"}])"),
       ".Shape~4x4.~R1C1_1_3~R2C2_2_4"},
      {board4(
           R"("extraregion":[{"cells":["R1C1","R2C3","R4C4"]}],"rowindexer":[{"cells":["R1C1","R2C1"]}],"columnindexer":[{"cells":["R1C2"]}])"),
       ".Shape~4x4.Indexing~C~R1C2.AllDifferent~R1C1~R2C3~R4C4.Indexing~R~R1C1~R2C1"},
      {board4(
           R"("diagonal+":true,"diagonal-":true,"antiknight":true,"antiking":true,"disjointgroups":true)"),
       ".Shape~4x4.AntiKing.AntiKnight.Diagonal~1.Diagonal~-1.DisjointSets"},
      {board4(R"("nonconsecutive":true)"), ".Shape~4x4.AntiConsecutive"},
      {board4(R"("nonconsecutive":true,"negative":["ratio"],"ratio":[{"cells":["R1C1","R1C2"]}])"),
       ".Shape~4x4.BlackDot~R1C1~R1C2.StrictKropki"},
      {board4(R"("negative":["xv"],"xv":[{"cells":["R1C1","R1C2"],"value":"V"}])"),
       ".Shape~4x4.V~R1C1~R1C2.StrictXV"},
      {nine + R"(,"entropicline":[{"lines":[["R1C1","R1C2","R1C3"]]}]})",
       ".Entropic~R1C1~R1C2~R1C3"},
      // Givens, given pencil marks (a value without "given" is a solver's entry), regions.
      {board4("",
              R"([[{"value":1,"given":true,"region":0},{"region":0},{"region":0},{"region":1}],)"
              R"([{"region":0},{"value":3,"region":1},{"region":1},{"region":1}],)"
              R"([{"region":2},{"region":2},{"region":2},{"region":3}],)"
              R"([{"region":2},{"region":3},{"region":3},{"givenPencilMarks":[2,4],"region":3}]])"),
       ".Shape~4x4.~R1C1_1~R4C4_2_4.NoBoxes.Jigsaw~AAABABBBCCCDCDDD"},
  };
  for (const pair& p : pairs) {
    sudoku::variant from_json, from_iss;
    sudoku::grid g1, g2;
    read(p.json, from_json, g1);
    ASSERT_FALSE(sudoku::parse_iss(p.iss, from_iss, g2)) << p.iss;
    EXPECT_TRUE(from_json == from_iss && g1 == g2) << p.json << "\nis not " << p.iss;
  }
}

// A 6x6 board's JSON with `keys`, its last two rows given (`band`: brute
// force over the rest is quick).
std::string board6(const std::string& keys, const std::string& band) {
  std::string grid = "[";
  for (int r = 0; r < 6; ++r) {
    grid += r ? ",[" : "[";
    for (int c = 0; c < 6; ++c) {
      grid += c ? "," : "";
      if (r < 4) {
        grid += "{}";
      } else {
        grid += R"({"given":true,"value":)";
        grid += band[static_cast<std::size_t>((r - 4) * 6 + c)];
        grid += "}";
      }
    }
    grid += "]";
  }
  return R"({"size":6,"grid":)" + grid + "]," + keys + "}";
}

// The rules f-puzzles marks with a value, and the negative constraints where
// dots of another kind stand, counted against brute force.
TEST(FpuzzlesKeys, MarksOfAnyValueAndNegativeRulesMatchBruteForce) {
  using predicate = std::function<bool(const sudoku::grid&)>;
  auto at = [](const sudoku::grid& g, int r, int c) {
    return static_cast<int>(g.cells()[r * 6 + c]);
  };
  // Each two orthogonal neighbours (r, c) and (r2, c2) pass `ok`.
  auto neighbours = [](const std::function<bool(int, int, int, int)>& ok) {
    for (int r = 0; r < 6; ++r) {
      for (int c = 0; c < 6; ++c) {
        if (c + 1 < 6 && !ok(r, c, r, c + 1)) return false;
        if (r + 1 < 6 && !ok(r, c, r + 1, c)) return false;
      }
    }
    return true;
  };
  auto ratio = [](int a, int b, int k) { return a == k * b || b == k * a; };
  struct rule {
    std::string keys;
    predicate holds;
    std::string band = "642513315246";  // no two neighbours consecutive
  };
  const std::vector<rule> rules = {
      {R"("difference":[{"cells":["R1C1","R1C2"],"value":"2"}])",
       [&](const sudoku::grid& g) { return std::abs(at(g, 0, 0) - at(g, 0, 1)) == 2; }},
      {R"("ratio":[{"cells":["R2C2","R3C2"],"value":"3"}])",
       [&](const sudoku::grid& g) { return ratio(at(g, 1, 1), at(g, 2, 1), 3); }},
      {R"("clone":[{"cells":["R1C1","R1C2"],"cloneCells":["R2C4","R3C3"]}])",
       [&](const sudoku::grid& g) {
         return at(g, 0, 0) == at(g, 1, 3) && at(g, 0, 1) == at(g, 2, 2);
       }},
      {R"("nabner":[{"lines":[["R1C1","R2C2","R3C3"]]}])",
       [&](const sudoku::grid& g) {
         const int a = at(g, 0, 0), b = at(g, 1, 1), c = at(g, 2, 2);
         return std::abs(a - b) >= 2 && std::abs(b - c) >= 2 && std::abs(a - c) >= 2;
       }},
      // Non-consecutive beside a black dot: the dotted pair is exempt.
      {R"("nonconsecutive":true,"ratio":[{"cells":["R1C1","R1C2"]}])",
       [&](const sudoku::grid& g) {
         return neighbours([&](int r, int c, int r2, int c2) {
           const int a = at(g, r, c), b = at(g, r2, c2);
           return r == 0 && c == 0 && r2 == 0 && c2 == 1 ? ratio(a, b, 2) : std::abs(a - b) != 1;
         });
       }},
      // Negative ratio alone: no undotted pair in ratio 2; a white dot lifts it too.
      {R"("negative":["ratio"],"difference":[{"cells":["R1C1","R1C2"]}])",
       [&](const sudoku::grid& g) {
         return neighbours([&](int r, int c, int r2, int c2) {
           const int a = at(g, r, c), b = at(g, r2, c2);
           return r == 0 && c == 0 && r2 == 0 && c2 == 1 ? std::abs(a - b) == 1 : !ratio(a, b, 2);
         });
       },
       "352614416253"},  // no two neighbours in ratio 2
  };
  for (const rule& x : rules) {
    sudoku::variant v;
    sudoku::grid givens;
    read(board6(x.keys, x.band), v, givens);
    std::uint64_t expected = 0;
    for (const sudoku::grid& g : test_support::completions(v.shape(), givens))
      expected += x.holds(g);
    EXPECT_GT(expected, 0u) << x.keys;
    sudoku::solver solver(v);
    EXPECT_EQ(solver.count(givens, 100000).solutions, expected) << x.keys;
    // And written back, as the same rules.
    std::string json;
    ASSERT_TRUE(sudoku::append_fpuzzles_json(v, givens, json)) << x.keys;
    sudoku::variant again;
    read(json, again, givens);
    EXPECT_EQ(sudoku::solver(again).count(givens, 100000).solutions, expected) << json;
  }
}

TEST(FpuzzlesLinks, AreFoundInEveryFormTheCommunityPastes) {
  sudoku::variant v;
  sudoku::grid givens;
  sudoku::variant four(sudoku::shape{2, 2});
  std::string link;
  ASSERT_TRUE(sudoku::append_fpuzzles_link(four, four.empty_grid(), link));
  const std::string bare = link.substr(link.find('=') + 1);
  for (const std::string& line :
       {link, "https://sudokupad.app/fpuzzles" + bare,
        "https://beta.sudokupad.app/sudoku/fpuz" + bare, "  " + bare + "  a note",
        "http://f-puzzles.com/?load=" + bare + "&other=1#top"}) {
    EXPECT_TRUE(sudoku::is_fpuzzles(line)) << line;
    sudoku::sdm_fields fields;
    ASSERT_FALSE(sudoku::parse_fpuzzles(line, v, givens, &fields)) << line;
    EXPECT_EQ(v.digits(), 4) << line;
    EXPECT_EQ(fields.annotation, line.ends_with("a note") ? "a note" : "") << line;
  }
  // Without --input-format, a line's own format: an f-puzzles link is read as one.
  sudoku::rules classic;
  EXPECT_FALSE(sudoku::line_shape(link, classic));
  ASSERT_FALSE(sudoku::parse_puzzle(link, classic, v, givens));
  EXPECT_EQ(v.digits(), 4);
  for (std::string_view other :
       {"53..7....", ".Shape~4x4", "https://sigh.github.io/x/?q=.Shape~4x4"})
    EXPECT_FALSE(sudoku::is_fpuzzles(other)) << other;
}

TEST(FpuzzlesLinks, BadDataIsRefusedWithItsPlace) {
  struct bad {
    std::string line;
    std::size_t column;
    std::string says;
  };
  const std::vector<bad> cases = {
      {"https://www.f-puzzles.com/?id=abc", 1, "carries no f-puzzles data"},
      {"https://sudokupad.app/abc123", 1, "SudokuPad's own format"},
      {"N4IgzglgXgpiBcBOANCA!!", 1, "not lz-string's base64"},
      {"  https://f-puzzles.com/?load=N4Igz!!", 31, "not lz-string's base64"},
      {R"({"size":4,"grid":[[{},{}]})", 26, "not JSON"},
      {R"({"size":17})", 1, "size 17: boards from 4x4 to 16x16"},
      {board4(R"("killercage":[{"cells":["R1C1","R5C1"],"value":"3"}])"), 1,
       "killercage 1: R5C1 is outside the 4x4 board"},
      {board4(R"("thermometer":[{"lines":[["R1C1","R1C1"]]}])"), 1, "R1C1 appears twice"},
      {board4(R"("killercage":[{"cells":["R1C1","R1C2"],"value":"9"}])"), 1,
       "no 2 different digits 1-4 add up to 9"},
      {board4(R"("lockout":[{"lines":[["R1C1","R1C2"]]}])"), 1,
       "the rule \"lockout\" is not supported"},
      {board4(R"("slowthermometer":[])"), 1, ""},  // an empty list: no rule, read
      {board4(R"("difference":[{"cells":["R1C1","R2C2"]}])"), 1, "two orthogonal neighbours"},
      {board4(R"("negative":["difference"])"), 1, "negative constraint \"difference\""},
      {board4(R"("odd":[{"cell":"R1C1"}],"even":[{"cell":"R1C1"}])"), 1, "r1c1 can hold no digit"},
      // One clue at each place outside the grid, one quadruple on a block, as
      // ISS's string holds (the same twice says nothing more).
      {board4(R"("xsum":[{"cell":"R1C0","value":"3"},{"cell":"R1C0","value":"4"}])"), 1,
       "xsum 2: a second X-sum on the same line"},
      {board4(R"("xsum":[{"cell":"R1C0","value":"3"},{"cell":"R1C0","value":"3"}])"), 1, ""},
      {board4(R"("quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[1]},)"
              R"({"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[2]}])"),
       1, "quadruple 2: a second quadruple on the same cells"},
  };
  for (const bad& b : cases) {
    sudoku::variant v;
    sudoku::grid givens;
    const auto e = sudoku::parse_fpuzzles(b.line, v, givens);
    if (b.says.empty()) {
      EXPECT_FALSE(e) << b.line;
      continue;
    }
    ASSERT_TRUE(e) << b.line;
    EXPECT_EQ(e->column, b.column) << b.line << ": " << e->message;
    EXPECT_NE(e->message.find(b.says), std::string::npos) << b.line << ": " << e->message;
  }
}

TEST(FpuzzlesWriter, RefusesWhatFpuzzlesCannotState) {
  sudoku::variant v(sudoku::shape{2, 2});
  v.add_clue({sudoku::clue_kind::sum_line, {0, 1}, {5}, false});
  std::string out, why;
  EXPECT_FALSE(sudoku::append_fpuzzles_json(v, v.empty_grid(), out, &why));
  EXPECT_TRUE(out.empty());
  EXPECT_NE(why.find("f-puzzles has no sum line"), std::string::npos) << why;
  EXPECT_FALSE(sudoku::append_fpuzzles_link(sudoku::variant::samurai(),
                                            sudoku::variant::samurai().empty_grid(), out, &why));
  // Variables (ISS's Var): no f-puzzles cell to name them by.
  sudoku::variant with(sudoku::shape{2, 2});
  const std::uint32_t a = with.add_variables("VA", "", 1);
  with.add_clue({sudoku::clue_kind::thermo, {a, 0}, {}, false});
  EXPECT_FALSE(sudoku::append_fpuzzles_json(with, with.empty_grid(), out, &why));
  EXPECT_NE(why.find("f-puzzles has no cells beside the board"), std::string::npos) << why;
}

}  // namespace
