// Knuth's DLX1 text format: what read_dlx accepts, the located errors it reports
// for what it refuses, and write_dlx round trips.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <dlx/format.hpp>
#include <dlx/line_reader.hpp>
#include <dlx/solver.hpp>

#include <sstream>
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
  expect_error("a bc|d e\n", 1, 5, "item name 'bc|d' contains '|'");
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
  expect_error(std::string(100, 'x') + "\n", 1, 17, "line too long (more than 16 bytes)", limits);
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
