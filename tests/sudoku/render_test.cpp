// Pictures of boards (sudoku/render.hpp) and explanations in pictures
// (sudoku/explanation.hpp):
// - the candidates a picture shows are the logic solver's own, at every step of
//   its explanations (the replay of placements and eliminations the pictures
//   use must never drift from the solver's state);
// - a step's marks: its units, the cells where its units cross, its digits'
//   candidates there, its placements and eliminations;
// - the structure of the SVG text for every kind of variant (the XML itself is
//   parsed in tests/render, with Python's standard library, and opened in a
//   real browser);
// - a few small golden pictures, diffed as text (DLX_UPDATE_GOLDEN=1 rewrites
//   them after an intended change; look at them before committing).
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sudoku/explanation.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/render.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/variant_text.hpp>

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku_helpers.hpp"
#include "text_lines.hpp"

namespace {

using test_support::occurrences;
using test_support::rules_of;

const std::filesystem::path source_dir = DLX_SOURCE_DIR;

struct puzzle_case {
  std::string file;   // under corpus/
  std::string rules;  // --variant
  int count;          // how many of its puzzles
};

// The first puzzle lines of a corpus file (comments and blank lines skipped).
std::vector<std::string> lines_of(const std::string& file, int count) {
  std::vector<std::string> lines = test_support::content_lines(source_dir / "corpus" / file);
  lines.resize(std::min(lines.size(), static_cast<std::size_t>(count)));
  return lines;
}

// ---- The pictures show the logic solver's state.

class ReplayMatchesTheSolver : public ::testing::TestWithParam<puzzle_case> {};

TEST_P(ReplayMatchesTheSolver, AtEveryStep) {
  const auto& c = GetParam();
  const sudoku::rules r = rules_of(c.rules);
  int steps_checked = 0, with_eliminations = 0;
  for (const std::string& line : lines_of(c.file, c.count)) {
    sudoku::variant v;
    sudoku::grid puzzle;
    ASSERT_FALSE(sudoku::parse_puzzle(line, r, v, puzzle)) << line;
    sudoku::logic_solver logic(v);
    ASSERT_TRUE(logic.start(puzzle));
    sudoku::board_state board = sudoku::board_state::with_candidates(v, puzzle);
    auto expect_same = [&](const std::string& when) {
      for (std::uint32_t p : v.cells()) {
        ASSERT_EQ(board.candidates[p], logic.candidates(p)) << when << ", " << v.cell_name(p);
      }
      ASSERT_TRUE(board.digits == logic.current()) << when;
    };
    expect_same("at the start of " + line);
    while (auto st = logic.step()) {
      const sudoku::highlight marks = sudoku::highlight_of(v, *st, board);
      board.apply(v, marks);
      expect_same(sudoku::describe(v, *st));
      ++steps_checked;
      with_eliminations += !st->eliminated.empty();
    }
  }
  EXPECT_GT(steps_checked, 0);
  if (c.file.find("hard") != std::string::npos) {
    EXPECT_GT(with_eliminations, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, ReplayMatchesTheSolver,
                         ::testing::Values(puzzle_case{"generated/9x9-hard.sdm", "classic", 15},
                                           puzzle_case{"generated/9x9-evil.sdm", "classic", 15},
                                           puzzle_case{"generated/6x6.sdm", "classic", 10},
                                           puzzle_case{"generated/16x16.sdm", "classic", 3},
                                           puzzle_case{"variants/x.sdm", "x", 5},
                                           puzzle_case{"variants/windoku.sdm", "windoku", 5},
                                           puzzle_case{"variants/jigsaw.sdm", "jigsaw", 5},
                                           puzzle_case{"variants/samurai.sdm", "samurai", 2}),
                         [](const auto& test) {
                           std::string name = test.param.file;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

// ---- A step's marks.

// The first step of a technique in the explanation of a puzzle of the file.
std::optional<std::pair<sudoku::logic_step, sudoku::board_state>> first_step(
    const std::string& file, sudoku::technique t, sudoku::variant& v) {
  for (const std::string& line : lines_of(file, 100)) {
    sudoku::grid puzzle;
    if (sudoku::parse_puzzle(line, sudoku::rules{}, v, puzzle)) continue;
    sudoku::logic_solver logic(v);
    if (!logic.start(puzzle)) continue;
    sudoku::board_state board = sudoku::board_state::with_candidates(v, puzzle);
    while (auto st = logic.step()) {
      if (st->technique == t) return std::pair{*st, board};
      board.apply(v, sudoku::highlight_of(v, *st, board));
    }
  }
  return std::nullopt;
}

TEST(StepMarks, PointingMarksTheBoxAndLineAndWhereTheyCross) {
  sudoku::variant v;
  const auto found = first_step("generated/9x9-medium.sdm", sudoku::technique::pointing, v);
  ASSERT_TRUE(found);
  const auto& [st, before] = *found;
  const sudoku::highlight h = sudoku::highlight_of(v, st, before);
  ASSERT_EQ(h.units.size(), 2u);
  EXPECT_EQ(h.units, st.units);
  const auto& area = v.units()[h.units[0]];
  const auto& line = v.units()[h.units[1]];
  EXPECT_EQ(area.kind, sudoku::unit_kind::box);
  EXPECT_TRUE(line.kind == sudoku::unit_kind::row || line.kind == sudoku::unit_kind::column);
  // The cells: in both units, holding the digit; the pattern: the digit there.
  const int d = st.digits.front();
  ASSERT_FALSE(h.cells.empty());
  for (std::size_t p : h.cells) {
    EXPECT_TRUE(std::count(area.cells.begin(), area.cells.end(), p));
    EXPECT_TRUE(std::count(line.cells.begin(), line.cells.end(), p));
    EXPECT_TRUE(before.candidates[p] >> d & 1);
  }
  std::set<std::pair<std::size_t, int>> pattern;
  for (const auto& c : h.pattern)
    pattern.insert({c.cell, c.digit});
  EXPECT_EQ(pattern.size(), h.cells.size());
  for (std::size_t p : h.cells)
    EXPECT_TRUE(pattern.count({p, d}));
  // Its eliminations: the digit in the line outside the box.
  for (const auto& e : h.eliminated) {
    EXPECT_EQ(e.digit, d);
    EXPECT_FALSE(std::count(area.cells.begin(), area.cells.end(), e.cell));
  }
  EXPECT_TRUE(h.placed.empty());
}

TEST(StepMarks, NakedPairMarksItsCellsAndDigits) {
  sudoku::variant v;
  const auto found = first_step("generated/9x9-hard.sdm", sudoku::technique::naked_pair, v);
  ASSERT_TRUE(found);
  const auto& [st, before] = *found;
  const sudoku::highlight h = sudoku::highlight_of(v, st, before);
  EXPECT_EQ(h.cells, st.cells);
  ASSERT_EQ(h.cells.size(), 2u);
  ASSERT_EQ(h.units.size(), 1u);
  for (const auto& c : h.pattern) {
    EXPECT_TRUE(std::count(st.cells.begin(), st.cells.end(), c.cell));
    EXPECT_TRUE(std::count(st.digits.begin(), st.digits.end(), c.digit));
  }
  // Both cells hold exactly the pair: four ringed candidates.
  EXPECT_EQ(h.pattern.size(), 4u);
}

TEST(StepMarks, SwordfishMarksItsLinesAndCorners) {
  sudoku::variant v;
  const auto found = first_step("generated/9x9-evil.sdm", sudoku::technique::swordfish, v);
  ASSERT_TRUE(found);
  const auto& [st, before] = *found;
  const sudoku::highlight h = sudoku::highlight_of(v, st, before);
  EXPECT_EQ(h.units.size(), 6u);  // three base lines, three cover lines
  const int d = st.digits.front();
  for (std::size_t p : h.cells)
    EXPECT_TRUE(before.candidates[p] >> d & 1);
  EXPECT_GE(h.cells.size(), 6u);
  EXPECT_LE(h.cells.size(), 9u);
}

TEST(StepMarks, SeChainStepsCarryTheirLinks) {
  // A 17-clue puzzle (line 4501 of the public set, serate's ER 6.6) whose path
  // has Forcing X-Chains: a step with links whose candidates are ringed.
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_sdm(
      "................12..3..4.........5.......64...1..7......4...3...8.21..7.5...8....", puzzle));
  sudoku::se_options o;
  o.trace = true;
  const auto r = sudoku::rate_se(puzzle, o);
  const auto chain = std::find_if(r.steps.begin(), r.steps.end(),
                                  [](const sudoku::se_step& s) { return !s.links.empty(); });
  ASSERT_NE(chain, r.steps.end());
  const sudoku::variant v;
  sudoku::board_state before = sudoku::board_state::with_candidates(v, puzzle);
  for (auto st = r.steps.begin(); st != chain; ++st)
    before.apply(v, sudoku::highlight_of(v, *st, before));
  const sudoku::highlight h = sudoku::highlight_of(v, *chain, before);
  EXPECT_EQ(h.links, chain->links);
  for (const auto& l : h.links) {
    for (const auto& c : {l.from, l.to}) {
      const bool ringed = std::count(h.pattern.begin(), h.pattern.end(), c) > 0;
      const bool removed = std::count(h.eliminated.begin(), h.eliminated.end(), c) > 0;
      EXPECT_TRUE(ringed || removed);
    }
  }
}

TEST(StepMarks, SeBasicStepsCarryTheirPattern) {
  // Sudoku Explainer's locking, subsets, fish and wings name their units and
  // cells: on the paths of corpus puzzles, each agrees with the step it marks,
  // on the board the step starts from (replayed independently, board_state).
  const sudoku::variant v;
  std::map<std::string, int> seen;
  for (const char* file :
       {"generated/9x9-hard.sdm", "generated/9x9-evil.sdm", "generated/9x9-beyond.sdm"}) {
    for (const std::string& line : lines_of(file, 6)) {
      sudoku::grid puzzle;
      ASSERT_FALSE(sudoku::parse_sdm(line.substr(0, 81), puzzle));
      sudoku::se_options o;
      o.trace = true;
      const auto r = sudoku::rate_se(puzzle, o);
      sudoku::board_state board = sudoku::board_state::with_candidates(v, puzzle);
      for (const auto& st : r.steps) {
        const std::string name = st.technique;
        const sudoku::highlight h = sudoku::highlight_of(v, st, board);
        const auto in_unit = [&](std::uint32_t u, std::size_t p) {
          const auto& cells = v.units()[u].cells;
          return std::count(cells.begin(), cells.end(), p) > 0;
        };
        const auto kind = [&](std::uint32_t u) { return v.units()[u].kind; };
        const auto has = [&](std::size_t p, int d) { return (board.candidates[p] >> d & 1) != 0; };
        // The pattern's own candidates (a chain's ringed links are checked above).
        for (const auto& c : st.links.empty() ? h.pattern : std::vector<sudoku::candidate>{}) {
          EXPECT_TRUE(has(c.cell, c.digit)) << name;
          EXPECT_TRUE(std::count(h.cells.begin(), h.cells.end(), c.cell)) << name;
          EXPECT_FALSE(std::count(st.eliminated.begin(), st.eliminated.end(), c)) << name;
        }
        for (std::uint32_t u : st.units)
          EXPECT_LT(u, 27u);
        if (name.ends_with("Pointing") || name.ends_with("Claiming")) {  // and "Direct ..."
          ++seen["locking"];
          ASSERT_EQ(st.units.size(), 2u) << name;
          EXPECT_TRUE((kind(st.units[0]) == sudoku::unit_kind::box) !=
                      (kind(st.units[1]) == sudoku::unit_kind::box));
          const int d = st.eliminated.empty() ? st.placed.at(0).digit : st.eliminated[0].digit;
          ASSERT_FALSE(h.cells.empty());
          for (std::size_t p : h.cells) {
            EXPECT_TRUE(in_unit(st.units[0], p) && in_unit(st.units[1], p) && has(p, d));
          }
          for (const auto& e : st.eliminated)
            EXPECT_FALSE(std::count(h.cells.begin(), h.cells.end(), e.cell));
        } else if (name.starts_with("Naked ") && name != "Naked Single") {
          ++seen["naked set"];
          ASSERT_EQ(st.units.size(), 1u) << name;
          std::uint64_t digits = 0;
          for (std::size_t p : h.cells) {
            EXPECT_TRUE(in_unit(st.units[0], p));
            digits |= board.candidates[p];
          }
          EXPECT_EQ(std::popcount(digits), static_cast<int>(h.cells.size())) << name;
          for (const auto& e : st.eliminated) {
            EXPECT_TRUE(in_unit(st.units[0], e.cell));
            EXPECT_FALSE(std::count(h.cells.begin(), h.cells.end(), e.cell));
            EXPECT_TRUE(digits >> e.digit & 1);
          }
        } else if (name.find("Hidden ") != std::string::npos && name != "Hidden Single") {
          ++seen["hidden set"];
          ASSERT_EQ(st.units.size(), 1u) << name;
          const std::size_t degree = name.ends_with("Pair") ? 2 : name.ends_with("Triplet") ? 3 : 4;
          EXPECT_EQ(h.cells.size(), degree) << name;
          for (std::size_t p : h.cells)
            EXPECT_TRUE(in_unit(st.units[0], p));
          for (const auto& e : st.eliminated)
            EXPECT_TRUE(std::count(h.cells.begin(), h.cells.end(), e.cell)) << name;
        } else if (name == "X-Wing" || name == "Swordfish" || name == "Jellyfish") {
          ++seen["fish"];
          const std::size_t degree = name == "X-Wing" ? 2 : name == "Swordfish" ? 3 : 4;
          EXPECT_EQ(st.units.size(), 2 * degree);
          EXPECT_GE(h.cells.size(), 2 * degree);
          EXPECT_LE(h.cells.size(), degree * degree);
        } else if (name == "XY-Wing" || name == "XYZ-Wing") {
          ++seen["wing"];
          EXPECT_EQ(h.cells.size(), 3u);
          EXPECT_TRUE(st.units.empty());
        } else {
          EXPECT_TRUE(h.cells.empty() && st.units.empty() && st.digits.empty()) << name;
        }
        board.apply(v, h);
      }
    }
  }
  // The puzzles' paths hold each kind (else the test would check nothing of it).
  for (const char* k : {"locking", "naked set", "hidden set", "fish", "wing"})
    EXPECT_GT(seen[k], 0) << k;
}

// ---- The SVG's structure, variant by variant.

std::string render_line(const std::string& line, const std::string& rules_text,
                        bool candidates = false, const sudoku::highlight& marks = {}) {
  sudoku::variant v;
  sudoku::grid puzzle;
  EXPECT_FALSE(sudoku::parse_puzzle(line, rules_of(rules_text), v, puzzle)) << line;
  const auto board = candidates ? sudoku::board_state::with_candidates(v, puzzle)
                                : sudoku::board_state::of_puzzle(puzzle);
  return sudoku::render_svg(v, board, marks);
}

TEST(Svg, StandsAlone) {
  const std::string svg = render_line(lines_of("famous.sdm", 1)[0], "classic");
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 376 376\"", 0), 0u);
  EXPECT_NE(svg.find("<title>Sudoku 9x9, "), std::string::npos);
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  // Nothing fetched, no style sheet that could leak into a page.
  EXPECT_EQ(svg.find("href"), std::string::npos);
  EXPECT_EQ(svg.find("<style"), std::string::npos);
  EXPECT_EQ(svg.find("@import"), std::string::npos);
  EXPECT_EQ(svg.find("url("), std::string::npos);  // no markers without links
  EXPECT_EQ(occurrences(svg, "<svg"), 1u);
}

TEST(Svg, EveryVariantDrawsItsOwnLines) {
  struct expectation {
    std::string file, rules;
    std::size_t boxes, regions, diagonals, windows, cages_at_least, cells;
  };
  const expectation cases[] = {
      {"famous.sdm", "classic", 9, 0, 0, 0, 0, 81},
      {"6x6.sdm", "classic", 6, 0, 0, 0, 0, 36},
      {"16x16.sdm", "classic", 16, 0, 0, 0, 0, 256},
      {"25x25.sdm", "classic", 25, 0, 0, 0, 0, 625},
      {"variants/x.sdm", "x", 9, 0, 2, 0, 0, 81},
      {"variants/windoku.sdm", "windoku", 9, 0, 0, 4, 0, 81},
      {"variants/jigsaw.sdm", "jigsaw", 0, 9, 0, 0, 0, 81},
      {"variants/killer.sdm", "killer", 9, 0, 0, 0, 10, 81},
      // Samurai: five grids of nine boxes, the four shared corner boxes drawn once.
      {"variants/samurai.sdm", "samurai", 41, 0, 0, 0, 0, 369},
  };
  for (const auto& e : cases) {
    SCOPED_TRACE(e.file);
    const std::string svg = render_line(lines_of(e.file, 1)[0], e.rules);
    EXPECT_EQ(occurrences(svg, "class=\"sd-box\""), e.boxes);
    EXPECT_EQ(occurrences(svg, "class=\"sd-region\""), e.regions);
    EXPECT_EQ(occurrences(svg, "class=\"sd-diagonal\""), e.diagonals);
    EXPECT_EQ(occurrences(svg, "class=\"sd-window\""), e.windows);
    EXPECT_GE(occurrences(svg, "class=\"sd-cage\""), e.cages_at_least);
    EXPECT_EQ(occurrences(svg, "class=\"sd-cage\""), occurrences(svg, "class=\"sd-cage-sum\""));
    // Every cell once among the thin lines.
    const auto cells_begin = svg.find("<g class=\"sd-cell\"");
    ASSERT_NE(cells_begin, std::string::npos);
    const auto cells_end = svg.find("</g>", cells_begin);
    EXPECT_EQ(occurrences(svg.substr(cells_begin, cells_end - cells_begin), "<rect "), e.cells);
  }
}

TEST(Svg, GivensAreInTheirCells) {
  const std::string line = lines_of("famous.sdm", 1)[0];
  const std::string svg = render_line(line, "classic");
  const std::regex given(R"re(<text data-cell="r(\d+)c(\d+)" x="[\d.]+" y="[\d.]+">(.)</text>)re");
  const auto begin = svg.find("<g class=\"sd-given\"");
  ASSERT_NE(begin, std::string::npos);
  const std::string group = svg.substr(begin, svg.find("</g>", begin) - begin);
  std::size_t seen = 0;
  for (std::sregex_iterator it(group.begin(), group.end(), given), end; it != end; ++it) {
    const int r = std::stoi((*it)[1]) - 1, c = std::stoi((*it)[2]) - 1;
    EXPECT_EQ((*it)[3].str()[0], line[static_cast<std::size_t>(r * 9 + c)]);
    ++seen;
  }
  EXPECT_EQ(seen,
            static_cast<std::size_t>(std::count_if(
                line.begin(), line.begin() + 81, [](char ch) { return ch >= '1' && ch <= '9'; })));
}

TEST(Svg, MarksExactlyTheStep) {
  const std::string line = lines_of("generated/9x9-medium.sdm", 1)[0];
  sudoku::variant v;
  const auto found = first_step("generated/9x9-medium.sdm", sudoku::technique::pointing, v);
  ASSERT_TRUE(found);
  const auto& [st, before] = *found;
  const std::string svg = sudoku::render_svg(v, before, sudoku::highlight_of(v, st, before));
  EXPECT_EQ(occurrences(svg, "class=\"sd-eliminated\""), st.eliminated.size());
  EXPECT_EQ(occurrences(svg, "class=\"sd-strike\""), st.eliminated.size());
  for (const auto& e : st.eliminated) {
    EXPECT_NE(
        svg.find(fmt::format("class=\"sd-eliminated\" data-cell=\"{}\"", v.cell_name(e.cell))),
        std::string::npos);
  }
  EXPECT_EQ(occurrences(svg, "class=\"sd-unit\""), 2u);
  EXPECT_EQ(occurrences(svg, "class=\"sd-pattern-cell\""),
            sudoku::highlight_of(v, st, before).cells.size());
  EXPECT_EQ(occurrences(svg, "class=\"sd-placed"), 0u);
}

TEST(Svg, CoordinatesOnlyWhenAsked) {
  sudoku::variant v;
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_puzzle(lines_of("famous.sdm", 1)[0], {}, v, puzzle));
  const auto board = sudoku::board_state::of_puzzle(puzzle);
  EXPECT_EQ(occurrences(sudoku::render_svg(v, board), "sd-coordinate"), 0u);
  sudoku::svg_options o;
  o.coordinates = true;
  EXPECT_EQ(occurrences(sudoku::render_svg(v, board, {}, o), "sd-coordinate"), 18u);
}

// ---- Explanations in pictures.

// The pictures of a page's section, made again from its edits as the page's
// script makes them: a JSON array (one entry a picture) of runs of three
// entries: lines kept, lines removed, the lines inserted.
class edit_reader {
 public:
  explicit edit_reader(std::string_view text) : text_(text) {}

  std::vector<std::string> pictures() {
    std::vector<std::string> out;
    std::vector<std::string> lines;
    expect('[');
    while (!take(']')) {
      take(',');
      expect('[');
      std::vector<std::string> after;
      std::size_t at = 0;
      while (!take(']')) {
        take(',');
        const std::size_t keep = number();
        expect(',');
        const std::size_t remove = number();
        expect(',');
        expect('[');
        if (at + keep + remove > lines.size()) throw std::runtime_error("an edit past the end");
        after.insert(after.end(), lines.begin() + static_cast<std::ptrdiff_t>(at),
                     lines.begin() + static_cast<std::ptrdiff_t>(at + keep));
        at += keep + remove;
        while (!take(']')) {
          take(',');
          after.push_back(string());
        }
      }
      after.insert(after.end(), lines.begin() + static_cast<std::ptrdiff_t>(at), lines.end());
      lines = std::move(after);
      std::string picture;
      for (const std::string& l : lines)
        picture += l + "\n";
      out.push_back(std::move(picture));
    }
    return out;
  }

 private:
  void blank() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])))
      ++at_;
  }
  bool take(char c) {
    blank();
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    return false;
  }
  void expect(char c) {
    if (!take(c)) throw std::runtime_error(fmt::format("'{}' expected at {}", c, at_));
  }
  std::size_t number() {
    blank();
    std::size_t n = 0, digits = 0;
    for (; at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]));
         ++at_, ++digits)
      n = n * 10 + static_cast<std::size_t>(text_[at_] - '0');
    if (digits == 0) throw std::runtime_error(fmt::format("a number expected at {}", at_));
    return n;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (c == '\\') {
        c = text_[at_++];
        if (c == 'u') {
          c = static_cast<char>(std::stoi(std::string(text_.substr(at_, 4)), nullptr, 16));
          at_ += 4;
        } else if (c != '"' && c != '\\' && c != '/') {
          throw std::runtime_error(fmt::format("an escape the page does not write at {}", at_));
        }
      }
      out += c;
    }
    expect('"');
    return out;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

std::vector<std::string> pictures_of(const std::string& section) {
  const std::string open = "<script type=\"application/json\" class=\"pictures\">";
  const auto begin = section.find(open);
  const auto end = section.find("</script>", begin);
  if (begin == std::string::npos || end == std::string::npos) return {};
  return edit_reader(
             std::string_view(section).substr(begin + open.size(), end - begin - open.size()))
      .pictures();
}

std::vector<std::string> svgs_of(const sudoku::explained_puzzle& p) {
  std::vector<std::string> out;
  for (const auto& f : p.frames)
    out.push_back(f.svg);
  return out;
}

std::size_t svgs_size(const sudoku::explained_puzzle& p) {
  std::size_t n = 0;
  for (const auto& f : p.frames)
    n += f.svg.size();
  return n;
}

TEST(Explanation, EditsMakeEveryPictureAgain) {
  // Pictures of any text: the same twice, the empty one, quotes, backslashes,
  // a tab and a "</script>" that must not end the page's JSON, lines reordered,
  // and two so different that the page holds the second whole.
  std::string many, others;
  for (int i = 0; i < 1500; ++i) {
    many += fmt::format("<text>{}</text>\n", i);
    others += fmt::format("<rect id=\"{}\"/>\n", i);
  }
  sudoku::explained_puzzle p{"h", "s", {}};
  for (const std::string& svg :
       std::vector<std::string>{"<svg>\n<a/>\n<b/>\n</svg>\n", "<svg>\n<a/>\n<b/>\n</svg>\n", "",
                                "<svg>\n<title>\"\\\t</script></title>\n<b/>\n<a/>\n</svg>\n",
                                "<svg>\n<b/>\n<c/>\n<a/>\n</svg>\n", "x\n\n\ny\n",
                                std::string("<svg>\n") + many, others, many})
    p.frames.push_back({"t", svg});
  const std::string section = sudoku::html_section(p);
  EXPECT_EQ(occurrences(section, "</script>"), 1u);
  EXPECT_EQ(pictures_of(section), svgs_of(p));
}

TEST(Explanation, OneFramePerStepAndTheSolvedGridLast) {
  const std::string line = lines_of("generated/9x9-hard.sdm", 1)[0];
  sudoku::variant v;
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_puzzle(line, {}, v, puzzle));
  sudoku::logic_solver logic(v);
  const auto r = logic.run(puzzle);
  ASSERT_EQ(r.outcome, sudoku::logic_outcome::solved);
  sudoku::explanation_builder b(v, puzzle, "t");
  for (const auto& st : r.steps)
    b.step(sudoku::describe(v, st), sudoku::highlight_of(v, st, b.board()));
  const auto pictures = b.finish("hard:1", "solved", &r.reached, "solved by logic");
  ASSERT_EQ(pictures.frames.size(), r.steps.size() + 2);
  EXPECT_EQ(pictures.frames[1].text, sudoku::describe(v, r.steps[0]));
  const std::string& last = pictures.frames.back().svg;
  EXPECT_EQ(occurrences(last, "sd-candidate"), 0u);
  // 81 digits: the givens in bold, the rest in the solution's blue.
  const std::regex digit(R"re(<text data-cell="r(\d)c(\d)" x="[\d.]+" y="[\d.]+">(\d)</text>)re");
  std::size_t digits = 0;
  for (std::sregex_iterator it(last.begin(), last.end(), digit), end; it != end; ++it) {
    const int cell = (std::stoi((*it)[1]) - 1) * 9 + std::stoi((*it)[2]) - 1;
    EXPECT_EQ(std::stoi((*it)[3]), r.reached[static_cast<std::size_t>(cell)]);
    ++digits;
  }
  EXPECT_EQ(digits, 81u);
  // The page holds the pictures as edits, each of the one before: made again
  // from them, they are exactly the pictures.
  const std::string section = sudoku::html_section(pictures);
  EXPECT_EQ(pictures_of(section), svgs_of(pictures));
  EXPECT_LT(section.size() * 4, svgs_size(pictures));
  const std::string page =
      sudoku::html_page_begin("t") + sudoku::html_section(pictures) + sudoku::html_page_end();
  EXPECT_EQ(page.find("http"), page.find("http://www.w3.org/2000/svg"));  // nothing fetched
  EXPECT_EQ(page.find("<script src"), std::string::npos);
}

// ---- Several pictures in one document (sudoku render of several puzzles).

TEST(StackSvg, SeveralPicturesNestWholeOneBelowTheOther) {
  const std::string a = render_line("1...2..3..4....2", "classic");            // 4x4: 176 x 176
  const std::string b = render_line(lines_of("famous.sdm", 1)[0], "classic");  // 376 x 376
  // None: a document all the same (an empty file is not XML).
  EXPECT_EQ(sudoku::stack_svg({}),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 0 0\" width=\"0\" "
            "height=\"0\">\n<title>0 pictures</title>\n<rect class=\"sd-ground\" width=\"0\" "
            "height=\"0\" fill=\"#ffffff\"/>\n</svg>\n");
  EXPECT_EQ(sudoku::stack_svg(std::vector<std::string>{a}), a);  // one: as it is
  const std::string sheet = sudoku::stack_svg(std::vector<std::string>{a, b});
  // One root, as wide as the widest and as tall as both and the gap.
  EXPECT_EQ(
      sheet.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 376 568\" "
                  "width=\"376\" height=\"568\">\n<title>2 pictures</title>\n"
                  "<rect class=\"sd-ground\" width=\"376\" height=\"568\" fill=\"#ffffff\"/>\n",
                  0),
      0u)
      << sheet.substr(0, 200);
  // Each picture whole, its root tag placed.
  EXPECT_NE(sheet.find("<svg x=\"0\" y=\"0\"" + a.substr(4, a.size() - 5) + "\n"),
            std::string::npos);
  EXPECT_NE(sheet.find("<svg x=\"0\" y=\"192\"" + b.substr(4, b.size() - 5) + "\n"),
            std::string::npos);
  EXPECT_EQ(sheet.substr(sheet.size() - 7), "</svg>\n");
  EXPECT_THROW((void)sudoku::stack_svg(std::vector<std::string>{a, "not a picture"}),
               std::invalid_argument);
}

// ---- Golden pictures.

void expect_golden(const std::string& name, const std::string& svg) {
  const auto path = source_dir / "tests" / "sudoku" / "golden" / name;
  if (std::getenv("DLX_UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << svg;
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "no golden file " << path << " (DLX_UPDATE_GOLDEN=1 writes it)";
  std::stringstream golden;
  golden << in.rdbuf();
  EXPECT_EQ(svg, golden.str()) << "differs from " << path;
}

TEST(Golden, FourByFourPuzzle) {
  expect_golden("4x4.svg", render_line("1...2..3..4....2", "classic"));
}

TEST(Golden, SixBySixWithCandidatesAndCoordinates) {
  sudoku::variant v;
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_puzzle("1.....3...5..6.....2.4...1.....6...3", {}, v, puzzle));
  sudoku::svg_options o;
  o.coordinates = true;
  expect_golden("6x6-candidates.svg",
                sudoku::render_svg(v, sudoku::board_state::with_candidates(v, puzzle), {}, o));
}

TEST(Golden, FourByFourStep) {
  // A hand-made step: r1c2=3 placed, r1c3<>3 ruled out, row 1 and its cells marked.
  sudoku::variant v;
  sudoku::grid puzzle;
  ASSERT_FALSE(sudoku::parse_puzzle("1...2..3..4....2", {}, v, puzzle));
  sudoku::highlight h;
  h.placed = {{1, 3}};
  h.eliminated = {{2, 3}};
  h.units = {0};
  h.cells = {1, 2};
  h.pattern = {{1, 4}};
  h.links = {{{1, 3}, true, {2, 3}, false}};
  expect_golden("4x4-step.svg",
                sudoku::render_svg(v, sudoku::board_state::with_candidates(v, puzzle), h));
}

}  // namespace
