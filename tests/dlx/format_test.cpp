// Knuth's text formats (DLX1, DLX2's colors, DLX3's bounds): what read_dlx
// accepts, the located errors it reports for what it refuses, and write_dlx
// round trips.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <dlx/format.hpp>
#include <dlx/line_reader.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using dlx::item_kind;

dlx::dlx_file read(const std::string& text, const dlx::read_limits& limits = {}) {
  std::istringstream in(text);
  return dlx::read_dlx(in, "in.dlx", limits);
}

std::vector<std::string> names_of(const dlx::problem& p) {
  std::vector<std::string> out;
  for (dlx::item_id i = 0; i < p.item_count(); ++i)
    out.emplace_back(p.name(i));
  return out;
}

std::vector<std::string> options_of(const dlx::problem& p) {
  std::vector<std::string> out;
  for (dlx::option_id o = 0; o < p.option_count(); ++o)
    out.push_back(dlx::format_option(p, o));
  return out;
}

// Reads `text`, expecting a parse_error at line:column whose message contains
// `message`.
void expect_error(const std::string& text, std::size_t line, std::size_t column,
                  const std::string& message, const dlx::read_limits& limits = {}) {
  try {
    read(text, limits);
    ADD_FAILURE() << "no parse_error; expected " << line << ":" << column << ": " << message;
  } catch (const dlx::parse_error& e) {
    EXPECT_EQ(e.file(), "in.dlx");
    EXPECT_EQ(e.line(), line);
    EXPECT_EQ(e.column(), column);
    EXPECT_NE(e.message().find(message), std::string::npos)
        << "message: " << e.message() << "\nexpected to contain: " << message;
    const std::string prefix =
        "in.dlx:" + std::to_string(line) + ":" + std::to_string(column) + ": ";
    EXPECT_EQ(std::string(e.what()), prefix + e.message());
  }
}

// ---- what is accepted

TEST(ReadDlx, SimpleProblem) {
  const auto file = read("a b c\na b\nc\n");
  const auto& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(p.primary_count(), 3u);
  EXPECT_EQ(p.secondary_count(), 0u);
  EXPECT_EQ(options_of(p), (std::vector<std::string>{"a b", "c"}));
  EXPECT_EQ(file.option_lines, (std::vector<std::size_t>{2, 3}));
  EXPECT_TRUE(file.warnings.empty());
}

TEST(ReadDlx, CommentsBlankLinesAndSecondaryItems) {
  const auto file = read(
      "| a comment before the items\n"
      "\n"
      "   | an indented comment\n"
      "p q r | x y\n"
      "| between options\n"
      "p x\n"
      "\n"
      "q r y\n"
      "   \t  \n"
      "r\n");
  const auto& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"p", "q", "r", "x", "y"}));
  EXPECT_EQ(p.kind(*p.find_item("p")), item_kind::primary);
  EXPECT_EQ(p.kind(*p.find_item("r")), item_kind::primary);
  EXPECT_EQ(p.kind(*p.find_item("x")), item_kind::secondary);
  EXPECT_EQ(p.kind(*p.find_item("y")), item_kind::secondary);
  EXPECT_EQ(p.primary_count(), 3u);
  EXPECT_EQ(p.secondary_count(), 2u);
  EXPECT_EQ(options_of(p), (std::vector<std::string>{"p x", "q r y", "r"}));
  EXPECT_EQ(file.option_lines, (std::vector<std::size_t>{6, 8, 10}));
}

TEST(ReadDlx, CrlfLineEndings) {
  const auto file = read("a b | s\r\na s\r\n| comment\r\nb\r\n\r\n");
  const auto& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"a", "b", "s"}));
  EXPECT_EQ(p.secondary_count(), 1u);
  EXPECT_EQ(options_of(p), (std::vector<std::string>{"a s", "b"}));
  EXPECT_EQ(file.option_lines, (std::vector<std::size_t>{2, 4}));
}

TEST(ReadDlx, TabsAndRunsOfBlanks) {
  const auto file = read("\ta\t\tb   c |\td\n  a\tb  \t\nc\td\t\n");
  const auto& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(p.kind(3), item_kind::secondary);
  EXPECT_EQ(options_of(p), (std::vector<std::string>{"a b", "c d"}));
}

TEST(ReadDlx, BarDirectlyBeforeAName) {
  const auto file = read("a b |c d\na c\nb d\n");
  const auto& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(p.kind(*p.find_item("b")), item_kind::primary);
  EXPECT_EQ(p.kind(*p.find_item("c")), item_kind::secondary);
  EXPECT_EQ(p.kind(*p.find_item("d")), item_kind::secondary);
  EXPECT_EQ(p.option_count(), 2u);
}

TEST(ReadDlx, LastLineWithoutNewline) {
  const auto file = read("a b\na\nb");
  EXPECT_EQ(options_of(file.problem), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(file.option_lines, (std::vector<std::size_t>{2, 3}));
}

TEST(ReadDlx, TrailingBarOnTheItemLine) {
  const auto file = read("a b |\na b\n");
  EXPECT_EQ(file.problem.primary_count(), 2u);
  EXPECT_EQ(file.problem.secondary_count(), 0u);
}

TEST(ReadDlx, UnusualNameCharacters) {
  const auto file = read("#1 r0c0 x.y \xc3\xa9 (a)\n#1 \xc3\xa9\nr0c0 x.y (a)\n");
  EXPECT_EQ(names_of(file.problem),
            (std::vector<std::string>{"#1", "r0c0", "x.y", "\xc3\xa9", "(a)"}));
  EXPECT_EQ(file.problem.option_count(), 2u);
}

TEST(ReadDlx, ItemsWithoutOptionsAndNoOptionsAtAll) {
  const auto file = read("a b c\n");
  EXPECT_EQ(file.problem.item_count(), 3u);
  EXPECT_EQ(file.problem.option_count(), 0u);
  dlx::solver s(file.problem);
  EXPECT_EQ(s.count().solutions, 0u);
}

TEST(ReadDlx, LongLineAcrossBufferRefills) {
  // An item line of some 150 KB: longer than the reader's 64 KiB chunks.
  std::string items, option;
  constexpr int n = 20000;
  for (int i = 0; i < n; ++i) {
    items += "item" + std::to_string(i) + ' ';
    if (i % 1000 == 0) option += "item" + std::to_string(i) + ' ';
  }
  const auto file = read(items + "\n" + option + "\n" + items + "\n");
  EXPECT_EQ(file.problem.item_count(), static_cast<std::size_t>(n));
  EXPECT_EQ(file.problem.name(n - 1), "item" + std::to_string(n - 1));
  ASSERT_EQ(file.problem.option_count(), 2u);
  EXPECT_EQ(file.problem.option(0).size(), 20u);
  EXPECT_EQ(file.problem.option(1).size(), static_cast<std::size_t>(n));
  EXPECT_EQ(file.option_lines, (std::vector<std::size_t>{2, 3}));
}

TEST(ReadDlx, LineExactlyAtTheLimitIsAccepted) {
  dlx::read_limits limits;
  limits.max_line_length = 7;
  const auto file = read("abc def\nabc def\n", limits);  // 7 bytes each
  EXPECT_EQ(file.problem.option_count(), 1u);
}

TEST(ReadDlx, OptionWithoutPrimaryItemIsSkippedWithAWarning) {
  const auto file = read("a b | x y\na x\nx y\n\ny\nb y\n");
  const auto& p = file.problem;
  EXPECT_EQ(options_of(p), (std::vector<std::string>{"a x", "b y"}));
  EXPECT_EQ(file.option_lines, (std::vector<std::size_t>{2, 6}));
  ASSERT_EQ(file.warnings.size(), 2u);
  EXPECT_EQ(file.warnings[0].file, "in.dlx");
  EXPECT_EQ(file.warnings[0].line, 3u);
  EXPECT_EQ(file.warnings[1].line, 5u);
  EXPECT_NE(file.warnings[0].message.find("no primary item"), std::string::npos)
      << file.warnings[0].message;
  EXPECT_EQ(file.warnings[0].to_string(), "in.dlx:3:" + std::to_string(file.warnings[0].column) +
                                              ": warning: " + file.warnings[0].message);
}

// ---- what is refused, and where

TEST(ReadDlxErrors, UnknownItemInAnOption) {
  expect_error("a b\na b\nb  zz a\n", 3, 4, "unknown item 'zz'");
}

TEST(ReadDlxErrors, DuplicateItemOnTheItemLine) {
  expect_error("a b c b\n", 1, 7, "duplicate item name 'b'");
  expect_error("a b | a\n", 1, 7, "duplicate item name 'a'");  // primary and secondary
}

TEST(ReadDlxErrors, ItemRepeatedInOneOption) {
  expect_error("a b c\na c\nb a b\n", 3, 5, "item 'b' appears twice in this option");
}

TEST(ReadDlxErrors, BarTwiceOnTheItemLine) {
  expect_error("a | b | c\n", 1, 7, "'|' twice");
  expect_error("a | b |c\n", 1, 7, "'|' twice");
}

TEST(ReadDlxErrors, ColonOrBarInsideAName) {
  expect_error("a bc:d e\n", 1, 5, "item name 'bc:d' contains ':'");
  // Since DLX3, '|' inside a token ends the bounds before a name: "bc|d" is
  // item d with bounds "bc", not a name with a '|' in it.
  expect_error("a bc|d e\n", 1, 3, "malformed bounds: 'bc' is not a number");
  expect_error("a 2|b|c e\n", 1, 6, "item name 'b|c' contains '|'");
}

TEST(ReadDlxErrors, EmptyInput) {
  expect_error("", 1, 1, "no item line");
}

TEST(ReadDlxErrors, OnlyCommentsAndBlankLines) {
  // The error points at the end of the input: its last line.
  expect_error("| a comment\n\n| another\n", 3, 1, "no item line");
}

TEST(ReadDlxErrors, LineTooLong) {
  dlx::read_limits limits;
  limits.max_line_length = 16;
  expect_error("a b\na b a b a b a b a b\n", 2, 17, "line too long", limits);
  // Also when the first line is too long.
  // (Built in place: g++ 12 warns falsely, -Warray-bounds, on string(100, 'x') + "\n".)
  std::string long_line(100, 'x');
  long_line.push_back('\n');
  expect_error(long_line, 1, 17, "line too long (more than 16 bytes)", limits);
}

TEST(ReadDlxErrors, TooManyItems) {
  dlx::read_limits limits;
  limits.max_items = 3;
  expect_error("a b c d\n", 1, 7, "too many items (more than 3)", limits);
  EXPECT_NO_THROW(read("a b c\n", limits));
}

TEST(ReadDlxErrors, ControlCharacters) {
  expect_error(std::string("a b\na \0b\n", 9), 2, 3, "control character \\x00");
  expect_error("a b\x01\n", 1, 4, "control character \\x01");
  expect_error("a b\na \x1b[31mb\n", 2, 3, "control character \\x1b");
  expect_error("a b\nb\x7f\n", 2, 2, "control character \\x7f");
}

TEST(ReadDlxErrors, ParseErrorIsARuntimeError) {
  try {
    read("a\nb\n");
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "in.dlx:2:1: unknown item 'b'");
  }
}

TEST(ReadDlxErrors, SourceNameIsUsedInMessages) {
  std::istringstream in("a\nb\n");
  try {
    dlx::read_dlx(in, "some/dir/puzzle.dlx");
    FAIL() << "expected an error";
  } catch (const dlx::parse_error& e) {
    EXPECT_EQ(e.file(), "some/dir/puzzle.dlx");
    EXPECT_STREQ(e.what(), "some/dir/puzzle.dlx:2:1: unknown item 'b'");
  }
}

// ---- writing

TEST(WriteDlx, ExactText) {
  dlx::problem p;
  const auto a = p.add_item("a"), x = p.add_item("x", item_kind::secondary), b = p.add_item("b");
  p.add_option({b, x});
  p.add_option({a});
  std::ostringstream out;
  dlx::write_dlx(out, p);
  // Primaries first, then '|' and the secondaries; options keep their item order.
  EXPECT_EQ(out.str(), "a b | x\nb x\na\n");
}

TEST(WriteDlx, RoundTrip) {
  dlx::problem p;
  p.add_item("p1");
  p.add_item("s1", item_kind::secondary);
  p.add_item("p2");
  p.add_item("s2", item_kind::secondary);
  p.add_item("p3");
  p.add_option({0, 1});
  p.add_option({2, 3, 4});
  p.add_option({4, 0});
  p.add_option({3, 2});
  std::ostringstream out;
  dlx::write_dlx(out, p);
  const auto back = read(out.str());
  const auto& q = back.problem;
  // Primaries come first in the text, so item ids change; compare by name.
  ASSERT_EQ(q.item_count(), p.item_count());
  EXPECT_EQ(q.primary_count(), 3u);
  EXPECT_EQ(q.secondary_count(), 2u);
  for (dlx::item_id i = 0; i < p.item_count(); ++i) {
    const auto j = q.find_item(p.name(i));
    ASSERT_TRUE(j) << p.name(i);
    EXPECT_EQ(q.kind(*j), p.kind(i)) << p.name(i);
  }
  EXPECT_EQ(options_of(q), options_of(p));
  EXPECT_TRUE(back.warnings.empty());
}

TEST(WriteDlx, UnnamedItemsGetHashNames) {
  dlx::problem p(3, 1);
  p.add_option({0, 3});
  p.add_option({1, 2});
  std::ostringstream out;
  dlx::write_dlx(out, p);
  EXPECT_EQ(out.str(), "#0 #1 #2 | #3\n#0 #3\n#1 #2\n");
  const auto back = read(out.str());
  EXPECT_EQ(names_of(back.problem), (std::vector<std::string>{"#0", "#1", "#2", "#3"}));
  EXPECT_EQ(back.problem.kind(3), item_kind::secondary);
  EXPECT_EQ(options_of(back.problem), (std::vector<std::string>{"#0 #3", "#1 #2"}));
}

TEST(WriteDlx, GeneratedNamesAvoidExistingOnes) {
  dlx::problem p;
  p.add_item("#1");  // item 0 takes the name item 1 would get
  p.add_item();      // item 1
  p.add_option({0, 1});
  std::ostringstream out;
  dlx::write_dlx(out, p);
  const auto back = read(out.str());
  ASSERT_EQ(back.problem.item_count(), 2u);
  EXPECT_EQ(back.problem.name(0), "#1");
  EXPECT_NE(back.problem.name(1), "#1");
  EXPECT_EQ(back.problem.name(1).substr(0, 2), "#1");
  ASSERT_EQ(back.problem.option_count(), 1u);
  EXPECT_EQ(back.problem.option(0).size(), 2u);
}

TEST(WriteDlx, SolverCountsSurviveARoundTrip) {
  // A problem and its text form have the same solutions, nodes and updates.
  dlx::problem p;
  std::vector<dlx::item_id> item;
  for (int i = 0; i < 6; ++i)
    item.push_back(p.add_item(fmt::format("i{}", i)));
  const auto s = p.add_item("s", item_kind::secondary);
  p.add_option({item[0], item[1]});
  p.add_option({item[2], item[3], s});
  p.add_option({item[4], item[5]});
  p.add_option({item[0], item[2]});
  p.add_option({item[1], item[3], item[5], s});
  p.add_option({item[4]});
  p.add_option({item[1], item[3]});
  std::ostringstream out;
  dlx::write_dlx(out, p);
  const auto back = read(out.str());
  dlx::solver a(p), b(back.problem);
  const auto ra = a.count(), rb = b.count();
  EXPECT_EQ(ra.solutions, 3u);  // {01, 23s, 45}, {02, 135s, 4} and {02, 13, 45}
  EXPECT_EQ(rb.solutions, ra.solutions);
  EXPECT_EQ(rb.nodes, ra.nodes);
  EXPECT_EQ(rb.updates, ra.updates);
}

TEST(FormatOption, NamesInOrder) {
  dlx::problem p;
  p.add_item("a");
  p.add_item();
  p.add_item("c", item_kind::secondary);
  p.add_option({2, 0, 1});
  EXPECT_EQ(dlx::format_option(p, 0), "c a #1");
}

// ---- DLX2 (colors) and DLX3 (bounds)

// The solutions of `p` found by `engine`, each as its options in Knuth's text.
std::vector<std::vector<std::string>> solutions_of(const dlx::problem& p, dlx::engine_kind engine) {
  std::vector<std::vector<std::string>> out;
  dlx::solver s(p, engine);
  s.enumerate([&](std::span<const dlx::option_id> solution) {
    auto& options = out.emplace_back();
    for (dlx::option_id o : solution)
      options.push_back(dlx::format_option(p, o));
    return dlx::visit::next;
  });
  return out;
}

std::string written(const dlx::problem& p) {
  std::ostringstream out;
  dlx::write_dlx(out, p);
  return out.str();
}

constexpr dlx::item_bounds exactly_once{1, 1};

TEST(ReadDlx2, ColorsOnSecondaryItems) {
  const auto file = read("a b | x y z\na x:red y\nb x:red y:#1 z\na z:\xc3\xa9t\xc3\xa9\n");
  const auto& p = file.problem;
  EXPECT_TRUE(p.has_colors());
  EXPECT_FALSE(p.has_multiplicities());
  EXPECT_EQ(p.primary_count(), 2u);
  EXPECT_EQ(p.secondary_count(), 3u);
  // Colors are numbered from 1 in order of first appearance, shared by all items.
  ASSERT_EQ(p.color_count(), 3u);
  EXPECT_EQ(p.color_name(1), "red");
  EXPECT_EQ(p.color_name(2), "#1");
  EXPECT_EQ(p.color_name(3), "\xc3\xa9t\xc3\xa9");
  EXPECT_EQ(p.color_name(dlx::no_color), "");
  EXPECT_EQ(p.find_color("red"), dlx::color_id{1});
  EXPECT_EQ(p.find_color("blue"), std::nullopt);
  ASSERT_EQ(p.option_count(), 3u);
  const auto colors = [&](dlx::option_id o) {
    const auto span = p.option_colors(o);
    return std::vector<dlx::color_id>(span.begin(), span.end());
  };
  EXPECT_EQ(colors(0), (std::vector<dlx::color_id>{dlx::no_color, 1, dlx::no_color}));
  EXPECT_EQ(colors(1), (std::vector<dlx::color_id>{dlx::no_color, 1, 2, dlx::no_color}));
  EXPECT_EQ(colors(2), (std::vector<dlx::color_id>{dlx::no_color, 3}));
  EXPECT_EQ(options_of(p),
            (std::vector<std::string>{"a x:red y", "b x:red y:#1 z", "a z:\xc3\xa9t\xc3\xa9"}));
  EXPECT_EQ(file.option_lines, (std::vector<std::size_t>{2, 3, 4}));
  EXPECT_TRUE(file.warnings.empty());
  // No bounds anywhere: every item is [1, 1].
  for (dlx::item_id i = 0; i < p.item_count(); ++i)
    EXPECT_EQ(p.bounds(i), exactly_once) << i;
}

TEST(ReadDlx2, ColorsLongerThanKnuthsOneCharacter) {
  // Knuth's dlx2 takes one character per color; we take any name.
  const auto file = read("a b | x\na x:dark-green\nb x:dark-green\n");
  EXPECT_EQ(file.problem.color_count(), 1u);
  EXPECT_EQ(options_of(file.problem),
            (std::vector<std::string>{"a x:dark-green", "b x:dark-green"}));
  // Both options agree on x's color, so they may be chosen together.
  EXPECT_EQ(solutions_of(file.problem, dlx::engine_kind::automatic),
            (std::vector<std::vector<std::string>>{{"a x:dark-green", "b x:dark-green"}}));
}

TEST(ReadDlx2, PlainFileHasNoColorsOrBounds) {
  const auto file = read("a b | x\na x\nb\n");
  EXPECT_FALSE(file.problem.has_colors());
  EXPECT_FALSE(file.problem.has_multiplicities());
  EXPECT_EQ(file.problem.color_count(), 0u);
  for (dlx::option_id o = 0; o < file.problem.option_count(); ++o) {
    for (dlx::color_id c : file.problem.option_colors(o))
      EXPECT_EQ(c, dlx::no_color);
  }
}

// The toy example of Knuth's dlx2.w. Its fourth line has no primary item: dropped
// with a warning, as dlx2 does.
const std::string knuth_dlx2_toy =
    "A B C | X Y\n"
    "A B X:0 Y:0\n"
    "A C X:1 Y:1\n"
    "X:0 Y:1\n"
    "B X:1\n"
    "C Y:1\n";

TEST(ReadDlx2, KnuthsToy) {
  const auto file = read(knuth_dlx2_toy);
  const auto& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"A", "B", "C", "X", "Y"}));
  EXPECT_EQ(p.primary_count(), 3u);
  EXPECT_EQ(p.kind(*p.find_item("X")), item_kind::secondary);
  EXPECT_EQ(p.kind(*p.find_item("Y")), item_kind::secondary);
  EXPECT_EQ(options_of(p),
            (std::vector<std::string>{"A B X:0 Y:0", "A C X:1 Y:1", "B X:1", "C Y:1"}));
  EXPECT_EQ(file.option_lines, (std::vector<std::size_t>{2, 3, 5, 6}));
  ASSERT_EQ(file.warnings.size(), 1u);
  EXPECT_EQ(file.warnings[0].to_string(),
            "in.dlx:4:1: warning: option ignored: it has no primary item");
  EXPECT_EQ(p.color_count(), 2u);
  EXPECT_EQ(p.color_name(*p.find_color("0")), "0");
  const std::vector<std::vector<std::string>> unique = {{"A C X:1 Y:1", "B X:1"}};
  for (auto engine :
       {dlx::engine_kind::automatic, dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
    EXPECT_EQ(solutions_of(p, engine), unique) << static_cast<int>(engine);
  }
}

TEST(ReadDlx3, BoundsOnPrimaryItems) {
  const auto file = read("a 2|b 0:3|c 1:1|d 1|e 4:4|f | x\na b c d e f\nb x\n");
  const auto& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"a", "b", "c", "d", "e", "f", "x"}));
  EXPECT_EQ(p.primary_count(), 6u);
  EXPECT_EQ(p.secondary_count(), 1u);
  EXPECT_EQ(p.kind(*p.find_item("c")), item_kind::primary);
  EXPECT_EQ(p.bounds(*p.find_item("a")), exactly_once);
  EXPECT_EQ(p.bounds(*p.find_item("b")), (dlx::item_bounds{2, 2}));
  EXPECT_EQ(p.bounds(*p.find_item("c")), (dlx::item_bounds{0, 3}));
  EXPECT_EQ(p.bounds(*p.find_item("d")), exactly_once);
  EXPECT_EQ(p.bounds(*p.find_item("e")), exactly_once);
  EXPECT_EQ(p.bounds(*p.find_item("f")), (dlx::item_bounds{4, 4}));
  EXPECT_EQ(p.bounds(*p.find_item("x")), exactly_once);
  EXPECT_TRUE(p.has_multiplicities());
  EXPECT_FALSE(p.has_colors());
  EXPECT_EQ(options_of(p), (std::vector<std::string>{"a b c d e f", "b x"}));
}

TEST(ReadDlx3, BoundsOfOneAreNotMultiplicities) {
  const auto file = read("1|a 1:1|b\na b\n");
  EXPECT_FALSE(file.problem.has_multiplicities());
  EXPECT_EQ(file.problem.bounds(0), exactly_once);
  EXPECT_EQ(file.problem.bounds(1), exactly_once);
}

TEST(ReadDlx3, LargestBoundAndLeadingZeros) {
  const auto file = read("a 0:1073741824|b 007|c\na b c\n");
  EXPECT_EQ(dlx::problem::max_multiplicity, 1073741824u);
  EXPECT_EQ(file.problem.bounds(1), (dlx::item_bounds{0, 1073741824}));
  EXPECT_EQ(file.problem.bounds(2), (dlx::item_bounds{7, 7}));
}

TEST(ReadDlx3, BarBeforeBoundsIsTheSeparator) {
  // As in DLX1, '|' opening a token is the separator: "|2|b" makes "2|b" a
  // secondary item, which cannot have bounds.
  expect_error("a |2|b\na\n", 1, 4,
               "bounds '2' on secondary item 'b': only primary items have bounds");
}

// The toy example of Knuth's dlx3.w, with colors as well as bounds.
const std::string knuth_dlx3_toy =
    "A B 2:3|C | X Y\n"
    "A B X:0 Y:0\n"
    "A C X:1 Y:1\n"
    "C X:0\n"
    "B X:1\n"
    "C Y:1\n";

TEST(ReadDlx3, KnuthsToy) {
  const auto file = read(knuth_dlx3_toy);
  const auto& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"A", "B", "C", "X", "Y"}));
  EXPECT_EQ(p.bounds(*p.find_item("A")), exactly_once);
  EXPECT_EQ(p.bounds(*p.find_item("C")), (dlx::item_bounds{2, 3}));
  EXPECT_TRUE(p.has_multiplicities());
  EXPECT_TRUE(p.has_colors());
  EXPECT_TRUE(file.warnings.empty());
  EXPECT_EQ(options_of(p),
            (std::vector<std::string>{"A B X:0 Y:0", "A C X:1 Y:1", "C X:0", "B X:1", "C Y:1"}));
  const std::vector<std::vector<std::string>> unique = {{"A C X:1 Y:1", "B X:1", "C Y:1"}};
  for (auto engine : {dlx::engine_kind::automatic, dlx::engine_kind::dancing_links}) {
    auto found = solutions_of(p, engine);
    ASSERT_EQ(found.size(), 1u) << static_cast<int>(engine);
    std::sort(found[0].begin(), found[0].end());  // the order of choices is the engine's
    EXPECT_EQ(found, unique) << static_cast<int>(engine);
  }
  auto by_bitsets = solutions_of(p, dlx::engine_kind::bitset);
  ASSERT_EQ(by_bitsets.size(), 1u);
  std::sort(by_bitsets[0].begin(), by_bitsets[0].end());
  EXPECT_EQ(by_bitsets, unique);
}

// ---- DLX2 and DLX3: what is refused, and where

TEST(ReadDlxErrors, ColorOnAPrimaryItem) {
  // The column is the ':' that starts the color.
  expect_error("a b | x\na:r x\n", 2, 2,
               "primary item 'a' cannot have a color (only secondary items can)");
  expect_error("a b | x\nx b:\n", 2, 4, "primary item 'b' cannot have a color");
}

TEST(ReadDlxErrors, ColorOnAnItemWithBounds) {
  expect_error("2|a | x\nx a:r\n", 2, 4, "primary item 'a' cannot have a color");
}

TEST(ReadDlxErrors, EmptyColor) {
  // The column is where the color should be.
  expect_error("a b | x\na x:\n", 2, 5, "item 'x' has ':' but no color after it");
}

TEST(ReadDlxErrors, ColonOrBarInAColor) {
  expect_error("a b | x\na x:r:s\n", 2, 6, "color 'r:s' contains ':'");
  expect_error("a b | x\na x:r|s\n", 2, 6, "color 'r|s' contains '|'");
  expect_error("a b | x\na x::\n", 2, 5, "color ':' contains ':'");
}

TEST(ReadDlxErrors, TwoColorsForOneItemInAnOption) {
  expect_error("a b | x y\na x:r x:s\n", 2, 7,
               "secondary item 'x' is given two colors in this option ('r' and 's')");
  expect_error("a b | x y\na x x:r\n", 2, 5,
               "secondary item 'x' appears twice in this option, once without a color and once "
               "with color 'r'");
  expect_error("a b | x y\na x:r y x\n", 2, 9,
               "secondary item 'x' appears twice in this option, once without a color and once "
               "with color 'r'");
  // The same color twice is a plain repeat.
  expect_error("a b | x y\na x:r x:r\n", 2, 7, "item 'x' appears twice in this option");
}

TEST(ReadDlxErrors, ColorWithoutAnItem) {
  expect_error("a b | x\na :r\n", 2, 3, "':r' has a color but no item name before the ':'");
}

TEST(ReadDlxErrors, BoundsOnASecondaryItem) {
  expect_error("a | 2|x\na\n", 1, 5,
               "bounds '2' on secondary item 'x': only primary items have bounds");
  expect_error("a | y 1:2|x\na\n", 1, 7, "bounds '1:2' on secondary item 'x'");
}

TEST(ReadDlxErrors, LowerBoundAboveUpperBound) {
  expect_error("a 3:2|b\na\n", 1, 3, "lower bound 3 exceeds upper bound 2");
  // On the item line after comments: the line number is the input's.
  expect_error("| bounds\n\na 5:4|b\na\n", 3, 3, "lower bound 5 exceeds upper bound 4");
}

TEST(ReadDlxErrors, UpperBoundZero) {
  expect_error("a 0|b\na\n", 1, 3, "upper bound 0: an item's upper bound must be at least 1");
  expect_error("a 0:0|b\na\n", 1, 3, "upper bound 0: an item's upper bound must be at least 1");
}

TEST(ReadDlxErrors, MalformedBounds) {
  // The column is the offending character, or where a number is missing.
  const std::string how = " is not a number (bounds are written u:v|name or v|name)";
  expect_error("a x|b\na\n", 1, 3, "malformed bounds: 'x'" + how);
  expect_error("a 2x|b\na\n", 1, 4, "malformed bounds: '2x'" + how);
  expect_error("a 1:x|b\na\n", 1, 5, "malformed bounds: 'x'" + how);
  expect_error("a -1|b\na\n", 1, 3, "malformed bounds: '-1'" + how);
  expect_error("a +2|b\na\n", 1, 3, "malformed bounds: '+2'" + how);
  expect_error("a :2|b\na\n", 1, 3, "malformed bounds: a number is missing");
  expect_error("a 1:|b\na\n", 1, 5, "malformed bounds: a number is missing");
  expect_error("a :|b\na\n", 1, 3, "malformed bounds: a number is missing");
  // Three numbers: the second ':' is the culprit.
  expect_error("a 1:2:3|b\na\n", 1, 6, "malformed bounds '1:2:3': more than two numbers");
}

TEST(ReadDlxErrors, BoundTooLarge) {
  expect_error("a 1073741825|b\na\n", 1, 3, "bound 1073741825 is too large (at most 1073741824)");
  expect_error("a 1:99999999999999999999999|b\na\n", 1, 5,
               "bound 99999999999999999999999 is too large");
}

TEST(ReadDlxErrors, BoundsWithoutAName) {
  // The column is just past the '|', where the name should be.
  expect_error("a 2|\na\n", 1, 5, "bounds without an item name");
  expect_error("a 1:2| b\na\n", 1, 7, "bounds without an item name");
}

TEST(ReadDlxErrors, BadNameAfterBounds) {
  expect_error("a 1:2|b:c\na\n", 1, 8, "item name 'b:c' contains ':'");
  expect_error("a 2|b|c\na\n", 1, 6, "item name 'b|c' contains '|'");
  expect_error("a 2|a\na\n", 1, 5, "duplicate item name 'a'");
}

// ---- writing DLX2 and DLX3

TEST(WriteDlx, BoundsAndColorsExactText) {
  dlx::problem p;
  const auto a = p.add_item("a");
  const auto x = p.add_item("x", item_kind::secondary);
  const auto b = p.add_item("b", dlx::item_bounds{2, 2});
  const auto c = p.add_item("c", dlx::item_bounds{0, 3});
  const auto d = p.add_item("d", dlx::item_bounds{1, 1});
  const auto y = p.add_item("y", item_kind::secondary);
  const auto red = p.add_color("red"), blue = p.add_color("blue");
  p.add_option({{a}, {x, red}, {y}});
  p.add_option({{b}, {c}, {y, blue}, {d}});
  p.add_option({{x, blue}, {b}});
  // [1, 1] is written bare, [v, v] as "v|", anything else as "u:v|".
  EXPECT_EQ(written(p), "a 2|b 0:3|c d | x y\na x:red y\nb c y:blue d\nx:blue b\n");
}

TEST(WriteDlx, UnnamedItemsWithBoundsAndColors) {
  dlx::problem p;
  p.add_item(dlx::item_bounds{1, 2});
  p.add_item(item_kind::secondary);
  const auto red = p.add_color("red");
  p.add_option({{0}, {1, red}});
  EXPECT_EQ(written(p), "1:2|#0 | #1\n#0 #1:red\n");
  EXPECT_EQ(dlx::format_option(p, 0), "#0 #1:red");
  const auto back = read(written(p));
  EXPECT_EQ(back.problem.bounds(0), (dlx::item_bounds{1, 2}));
  EXPECT_EQ(options_of(back.problem), (std::vector<std::string>{"#0 #1:red"}));
}

TEST(WriteDlx, KnuthsToysAreFixedPoints) {
  // Read, write, read, write: the two texts are the same, and match the input
  // apart from the dropped option.
  for (const std::string& text : {knuth_dlx2_toy, knuth_dlx3_toy}) {
    const auto first = read(text);
    const std::string once = written(first.problem);
    const auto second = read(once);
    EXPECT_EQ(written(second.problem), once);
    EXPECT_TRUE(second.warnings.empty());
  }
  EXPECT_EQ(written(read(knuth_dlx3_toy).problem), knuth_dlx3_toy);
  EXPECT_EQ(written(read(knuth_dlx2_toy).problem),
            "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n");
}

TEST(WriteDlx, RoundTripKeepsBoundsAndColors) {
  dlx::problem p;
  std::vector<dlx::item_id> item;
  item.push_back(p.add_item("s0", item_kind::secondary));
  item.push_back(p.add_item("p0", dlx::item_bounds{0, 2}));
  item.push_back(p.add_item("p1"));
  item.push_back(p.add_item("s1", item_kind::secondary));
  item.push_back(p.add_item("p2", dlx::item_bounds{3, 3}));
  const auto g = p.add_color("g"), h = p.add_color("h\xc3\xa9");
  p.add_option({{item[1]}, {item[0], g}, {item[4]}});
  p.add_option({{item[4]}, {item[3], h}});
  p.add_option({{item[2]}, {item[0], g}, {item[4]}});
  p.add_option({{item[4]}, {item[0]}, {item[3], h}});
  p.add_option({{item[1]}, {item[4]}, {item[3], g}});
  p.add_option({item[2], item[3]});  // no colors: the item-id overload
  const auto back = read(written(p));
  const auto& q = back.problem;
  ASSERT_EQ(q.item_count(), p.item_count());
  for (dlx::item_id i = 0; i < p.item_count(); ++i) {
    const auto j = q.find_item(p.name(i));
    ASSERT_TRUE(j) << p.name(i);
    EXPECT_EQ(q.kind(*j), p.kind(i)) << p.name(i);
    EXPECT_EQ(q.bounds(*j), p.bounds(i)) << p.name(i);
  }
  EXPECT_EQ(options_of(q), options_of(p));
  EXPECT_EQ(q.has_colors(), p.has_colors());
  EXPECT_EQ(q.has_multiplicities(), p.has_multiplicities());
  EXPECT_TRUE(back.warnings.empty());
  // The same search: solutions, nodes, updates and cleansings survive the trip.
  dlx::solver a(p), b(q);
  const auto ra = a.count(), rb = b.count();
  EXPECT_GT(ra.solutions, 0u);
  EXPECT_EQ(rb.solutions, ra.solutions);
  EXPECT_EQ(rb.nodes, ra.nodes);
  EXPECT_EQ(rb.updates, ra.updates);
  EXPECT_EQ(rb.cleansings, ra.cleansings);
}

TEST(FormatOption, ColorsAfterTheirItems) {
  dlx::problem p;
  const auto a = p.add_item("a");
  const auto x = p.add_item("x", item_kind::secondary);
  const auto y = p.add_item("y", item_kind::secondary);
  const auto color = p.add_color("A");
  p.add_option({{y}, {a}, {x, color}});
  EXPECT_EQ(dlx::format_option(p, 0), "y a x:A");
}

// ---- line_reader on its own

TEST(LineReader, SplitsLinesAndKeepsCarriageReturns) {
  std::istringstream in("one\r\ntwo\n\nlast");
  dlx::line_reader lines(in);
  std::vector<std::string> texts;
  std::vector<std::size_t> numbers;
  std::vector<bool> terminated;
  for (dlx::text_line line; lines.next(line);) {
    texts.emplace_back(line.text);
    numbers.push_back(line.number);
    terminated.push_back(line.terminated);
    EXPECT_FALSE(line.too_long);
  }
  EXPECT_EQ(texts, (std::vector<std::string>{"one\r", "two", "", "last"}));
  EXPECT_EQ(numbers, (std::vector<std::size_t>{1, 2, 3, 4}));
  EXPECT_EQ(terminated, (std::vector<bool>{true, true, true, false}));
  EXPECT_FALSE(lines.read_error());
}

// A line at a time (a terminal): the same lines, and the stream read no
// further than the end of the line handed out, so that nothing waits for more.
TEST(LineReader, LineAtATimeReadsNoFurtherThanTheLine) {
  const std::string long_line(100000, 'y');  // longer than a chunk
  std::istringstream in("one\r\n" + long_line + "\n\nlast");
  dlx::line_reader lines(in, 1000);
  lines.read_line_at_a_time();
  dlx::text_line line;
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line.text, "one\r");
  EXPECT_EQ(in.tellg(), 5);  // past "one\r\n" only
  ASSERT_TRUE(lines.next(line));
  EXPECT_TRUE(line.too_long);
  EXPECT_EQ(line.text, long_line.substr(0, 1000));
  EXPECT_EQ(in.tellg(), static_cast<std::streamoff>(5 + long_line.size() + 1));
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line.text, "");
  EXPECT_EQ(line.number, 3u);
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line.text, "last");
  EXPECT_FALSE(line.terminated);
  EXPECT_FALSE(lines.next(line));
  EXPECT_FALSE(lines.read_error());
}

TEST(LineReader, CapsLongLinesAndCarriesOn) {
  const std::string huge(200000, 'x');
  std::istringstream in("short\n" + huge + "\nafter\n");
  dlx::line_reader lines(in, 1000);
  dlx::text_line line;
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line.text, "short");
  ASSERT_TRUE(lines.next(line));
  EXPECT_TRUE(line.too_long);
  EXPECT_EQ(line.number, 2u);
  EXPECT_EQ(line.text.size(), 1000u);
  ASSERT_TRUE(lines.next(line));
  EXPECT_FALSE(line.too_long);
  EXPECT_EQ(line.text, "after");
  EXPECT_EQ(line.number, 3u);
  EXPECT_FALSE(lines.next(line));
}

}  // namespace

namespace {

// An option dropped for having no primary item leaves no trace, not even its colors.
TEST(ReadDlx2, DroppedOptionRegistersNoColor) {
  std::istringstream in("a | x\nx:zzz\na x:q\n");
  const dlx::dlx_file file = dlx::read_dlx(in, "in.dlx");
  EXPECT_EQ(file.warnings.size(), 1u);
  EXPECT_EQ(file.problem.color_count(), 1u);
  EXPECT_FALSE(file.problem.find_color("zzz").has_value());
  EXPECT_TRUE(file.problem.find_color("q").has_value());
}

TEST(ProblemBoundsRange, OutOfRangeThrowsWhetherOrNotItemsHaveBounds) {
  dlx::problem plain(1);
  EXPECT_THROW((void)plain.bounds(5), std::out_of_range);
  dlx::problem bounded;
  bounded.add_item(dlx::item_bounds{0, 2});
  EXPECT_THROW((void)bounded.bounds(5), std::out_of_range);
}

// ---- weighted items: "lo..hi|name" on the item line, "name:w" in an option

TEST(ReadWeighted, ItemsAndWeightsAsWritten) {
  const dlx::dlx_file file = read("a b -3..12|s | x 0..0|t\na s:7 x\nb s:-3 t:2\na b\n");
  const dlx::problem& p = file.problem;
  EXPECT_EQ(names_of(p), (std::vector<std::string>{"a", "b", "x"}));
  EXPECT_EQ(p.primary_count(), 2u);
  ASSERT_EQ(p.weighted_count(), 2u);
  EXPECT_EQ(p.weighted_name(0), "s");
  EXPECT_EQ(p.weighted_bounds(0), (dlx::weight_bounds{-3, 12}));
  EXPECT_EQ(p.weighted_bounds(1), (dlx::weight_bounds{0, 0}));
  EXPECT_EQ(p.weights(), (std::vector<dlx::weight_entry>{{0, 0, 7}, {1, 0, -3}, {1, 1, 2}}));
  EXPECT_EQ(options_of(p), (std::vector<std::string>{"a x s:7", "b s:-3 t:2", "a b"}));
}

TEST(ReadWeighted, RoundTripAndTheSameCount) {
  // Equal halves of {1, 2, 3}: item i in A adds i, in B adds -i.
  const std::string text = "i1 i2 i3 0..0|d\ni1 d:1\ni1 d:-1\ni2 d:2\ni2 d:-2\ni3 d:3\ni3 d:-3\n";
  const dlx::dlx_file file = read(text);
  std::ostringstream out;
  dlx::write_dlx(out, file.problem);
  EXPECT_EQ(out.str(), text);
  EXPECT_EQ(dlx::solver(file.problem).count().solutions, 2u);  // {3} against {1, 2}
}

TEST(WriteWeighted, UnnamedWeightedItemsGetNames) {
  dlx::problem p(1);
  const auto w = p.add_weighted_item({1, 2});
  p.add_weight(p.add_option({0}), w, 1);
  std::ostringstream out;
  dlx::write_dlx(out, p);
  EXPECT_EQ(out.str(), "#0 1..2|#w0\n#0 #w0:1\n");
}

TEST(ReadWeightedErrors, WhereAndWhat) {
  expect_error("a 5..2|s\n", 1, 3, "the lower exceeds the upper");
  expect_error("a x..2|s\n", 1, 3, "malformed bound: 'x' is not an integer");
  expect_error("a 1..|s\n", 1, 6, "malformed bound: a number is missing");
  expect_error("a 1..2|\n", 1, 8, "bounds without an item name");
  expect_error("a 1..2|a\n", 1, 8, "duplicate item name 'a'");
  expect_error("a 0..9999999999999|s\n", 1, 6, "too large");
  expect_error("a 0..2|s\na s\n", 2, 4, "weighted item 's' needs a weight, as in s:5");
  expect_error("a 0..2|s\na s:1 s:2\n", 2, 7, "weighted item 's' appears twice in this option");
  expect_error("a 0..2|s\na s:+1\n", 2, 5, "malformed weight: '+1' is not an integer");
  expect_error("a 0..2|s\na s:\n", 2, 5, "malformed weight: a number is missing");
}

}  // namespace
