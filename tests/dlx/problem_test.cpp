// The problem builder: ids, kinds, counts, names, bounds (DLX3), colors (DLX2),
// and every input it must refuse.
#include <gtest/gtest.h>
#include <dlx/problem.hpp>

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using dlx::item_kind;
using dlx::problem;
using dlx::problem_error;

std::vector<dlx::item_id> items_of(const problem& p, dlx::option_id o) {
  auto span = p.option(o);
  return {span.begin(), span.end()};
}

TEST(Problem, EmptyProblemHasNothing) {
  problem p;
  EXPECT_EQ(p.item_count(), 0u);
  EXPECT_EQ(p.primary_count(), 0u);
  EXPECT_EQ(p.secondary_count(), 0u);
  EXPECT_EQ(p.option_count(), 0u);
  EXPECT_EQ(p.entry_count(), 0u);
}

TEST(Problem, ItemsAreNumberedInOrderWithTheirKinds) {
  problem p;
  EXPECT_EQ(p.add_item("a"), 0u);
  EXPECT_EQ(p.add_item("x", item_kind::secondary), 1u);
  EXPECT_EQ(p.add_item(), 2u);
  EXPECT_EQ(p.add_item(item_kind::secondary), 3u);
  EXPECT_EQ(p.add_item("b"), 4u);

  EXPECT_EQ(p.item_count(), 5u);
  EXPECT_EQ(p.primary_count(), 3u);
  EXPECT_EQ(p.secondary_count(), 2u);
  EXPECT_EQ(p.kind(0), item_kind::primary);
  EXPECT_EQ(p.kind(1), item_kind::secondary);
  EXPECT_EQ(p.kind(2), item_kind::primary);
  EXPECT_EQ(p.kind(3), item_kind::secondary);
  EXPECT_EQ(p.kind(4), item_kind::primary);
  EXPECT_EQ(p.name(0), "a");
  EXPECT_EQ(p.name(1), "x");
  EXPECT_EQ(p.name(2), "");
  EXPECT_EQ(p.name(4), "b");
}

TEST(Problem, SizedConstructorMakesPrimariesThenSecondaries) {
  problem p(3, 2);
  EXPECT_EQ(p.item_count(), 5u);
  EXPECT_EQ(p.primary_count(), 3u);
  EXPECT_EQ(p.secondary_count(), 2u);
  for (dlx::item_id i = 0; i < 3; ++i)
    EXPECT_EQ(p.kind(i), item_kind::primary) << i;
  for (dlx::item_id i = 3; i < 5; ++i)
    EXPECT_EQ(p.kind(i), item_kind::secondary) << i;
  EXPECT_EQ(p.name(0), "");
  // Named items can follow the unnamed ones.
  EXPECT_EQ(p.add_item("late"), 5u);
  EXPECT_EQ(p.find_item("late"), dlx::item_id{5});
}

TEST(Problem, FindItemByName) {
  problem p;
  p.add_item("r0");
  p.add_item("c0");
  p.add_item("a0", item_kind::secondary);
  EXPECT_EQ(p.find_item("r0"), dlx::item_id{0});
  EXPECT_EQ(p.find_item("c0"), dlx::item_id{1});
  EXPECT_EQ(p.find_item("a0"), dlx::item_id{2});
  EXPECT_EQ(p.find_item("r1"), std::nullopt);
  EXPECT_EQ(p.find_item("R0"), std::nullopt);  // names are case-sensitive
  EXPECT_EQ(p.find_item(""), std::nullopt);
}

TEST(Problem, OptionsKeepTheirItemsInOrder) {
  problem p(4, 1);
  EXPECT_EQ(p.add_option({2, 0}), 0u);
  EXPECT_EQ(p.add_option({4, 1, 3}), 1u);
  EXPECT_EQ(p.add_option({4}), 2u);  // only a secondary item: kept
  EXPECT_EQ(p.option_count(), 3u);
  EXPECT_EQ(p.entry_count(), 6u);
  EXPECT_EQ(items_of(p, 0), (std::vector<dlx::item_id>{2, 0}));
  EXPECT_EQ(items_of(p, 1), (std::vector<dlx::item_id>{4, 1, 3}));
  EXPECT_EQ(items_of(p, 2), (std::vector<dlx::item_id>{4}));
  EXPECT_TRUE(p.has_primary(0));
  EXPECT_TRUE(p.has_primary(1));
  EXPECT_FALSE(p.has_primary(2));

  const std::vector<dlx::item_id> from_vector = {3, 2, 1, 0};
  EXPECT_EQ(p.add_option(from_vector), 3u);
  EXPECT_EQ(items_of(p, 3), from_vector);
}

TEST(Problem, OutOfRangeLookupsThrow) {
  problem p(2);
  p.add_option({0, 1});
  EXPECT_THROW((void)p.option(1), std::out_of_range);
  EXPECT_THROW((void)p.kind(2), std::out_of_range);
  EXPECT_THROW((void)p.name(2), std::out_of_range);
}

TEST(Problem, DuplicateNameThrows) {
  problem p;
  p.add_item("a");
  EXPECT_THROW(p.add_item("a"), problem_error);
  EXPECT_THROW(p.add_item("a", item_kind::secondary), problem_error);
  EXPECT_EQ(p.item_count(), 1u);  // nothing was added
}

TEST(Problem, MalformedNamesThrow) {
  for (const std::string& name :
       std::vector<std::string>{"", "a b", "a|b", "|", "a:b", ":", "a\tb", "a\nb", "\x7f",
                                std::string("a\0b", 3), std::string(1, '\x01')}) {
    problem p;
    EXPECT_THROW(p.add_item(name), problem_error) << "name of " << name.size() << " bytes";
    EXPECT_EQ(p.item_count(), 0u);
  }
}

TEST(Problem, ProblemErrorIsAnInvalidArgument) {
  problem p;
  try {
    p.add_item("no good");
    FAIL() << "expected problem_error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("no good"), std::string::npos) << e.what();
  }
}

TEST(Problem, UnusualButValidNamesAreAccepted) {
  problem p;
  for (const char* name : {"#1", "r0c0", "a-b_c.d", "\xc3\xa9t\xc3\xa9", "~!@$%^&*()"})
    EXPECT_NO_THROW(p.add_item(name)) << name;
  EXPECT_EQ(p.item_count(), 5u);
  EXPECT_EQ(p.find_item("\xc3\xa9t\xc3\xa9"), dlx::item_id{3});
}

TEST(Problem, BadOptionsThrowAndAddNothing) {
  problem p(3, 1);
  p.add_option({0, 1});
  EXPECT_THROW(p.add_option({0, 4}), problem_error);     // unknown item
  EXPECT_THROW(p.add_option({99}), problem_error);       // unknown item
  EXPECT_THROW(p.add_option({1, 2, 1}), problem_error);  // repeated item
  EXPECT_THROW(p.add_option({3, 3}), problem_error);     // repeated secondary
  EXPECT_THROW(p.add_option({}), problem_error);         // empty
  EXPECT_THROW(p.add_option(std::span<const dlx::item_id>()), problem_error);
  EXPECT_EQ(p.option_count(), 1u);
  EXPECT_EQ(p.entry_count(), 2u);
  // The builder still works after refusing.
  EXPECT_EQ(p.add_option({2, 1, 0, 3}), 1u);
  EXPECT_EQ(p.entry_count(), 6u);
}

TEST(Problem, RepeatCheckDoesNotLeakBetweenOptions) {
  // Item 0 in one option must not count as a repeat in the next.
  problem p(2);
  EXPECT_NO_THROW(p.add_option({0}));
  EXPECT_NO_THROW(p.add_option({0}));
  EXPECT_NO_THROW(p.add_option({1, 0}));
  EXPECT_THROW(p.add_option({0, 0}), problem_error);
  EXPECT_NO_THROW(p.add_option({0, 1}));
  EXPECT_EQ(p.option_count(), 4u);
}

TEST(Problem, ItemsAddedAfterOptionsCanBeUsed) {
  problem p(1);
  p.add_option({0});
  const auto late = p.add_item("late");
  EXPECT_EQ(p.add_option({late, 0}), 1u);
  EXPECT_THROW(p.add_option({late, late}), problem_error);
}

TEST(Problem, IsACopyableValue) {
  problem p;
  p.add_item("a");
  p.add_option({0});
  problem q = p;
  q.add_item("b");
  q.add_option({1});
  EXPECT_EQ(p.item_count(), 1u);
  EXPECT_EQ(p.option_count(), 1u);
  EXPECT_EQ(p.find_item("b"), std::nullopt);
  EXPECT_EQ(q.item_count(), 2u);
  EXPECT_EQ(q.find_item("a"), dlx::item_id{0});
  EXPECT_EQ(q.find_item("b"), dlx::item_id{1});
}

// ---- multiplicities (Knuth's DLX3): bounds on primary items

TEST(ProblemBounds, PlainItemsAreExactlyOnce) {
  problem p(2, 1);
  EXPECT_FALSE(p.has_multiplicities());
  for (dlx::item_id i = 0; i < 3; ++i)
    EXPECT_EQ(p.bounds(i), (dlx::item_bounds{1, 1})) << i;
}

TEST(ProblemBounds, ItemsKeepTheirBounds) {
  problem p;
  const auto before = p.add_item("before");
  const auto x = p.add_item("x", item_kind::secondary);
  EXPECT_EQ(p.add_item("b", dlx::item_bounds{2, 3}), 2u);
  const auto unnamed = p.add_item(dlx::item_bounds{0, 1});
  const auto after = p.add_item("after");
  const auto y = p.add_item(item_kind::secondary);
  EXPECT_TRUE(p.has_multiplicities());
  EXPECT_EQ(p.item_count(), 6u);
  EXPECT_EQ(p.primary_count(), 4u);
  EXPECT_EQ(p.kind(2), item_kind::primary);
  EXPECT_EQ(p.kind(unnamed), item_kind::primary);
  EXPECT_EQ(p.name(unnamed), "");
  EXPECT_EQ(p.find_item("b"), dlx::item_id{2});
  EXPECT_EQ(p.bounds(before), (dlx::item_bounds{1, 1}));
  EXPECT_EQ(p.bounds(x), (dlx::item_bounds{1, 1}));
  EXPECT_EQ(p.bounds(2), (dlx::item_bounds{2, 3}));
  EXPECT_EQ(p.bounds(unnamed), (dlx::item_bounds{0, 1}));
  EXPECT_EQ(p.bounds(after), (dlx::item_bounds{1, 1}));
  EXPECT_EQ(p.bounds(y), (dlx::item_bounds{1, 1}));
  EXPECT_THROW((void)p.bounds(6), std::out_of_range);
}

TEST(ProblemBounds, OneOneIsNotAMultiplicity) {
  problem p;
  p.add_item("a", dlx::item_bounds{1, 1});
  p.add_item(dlx::item_bounds{});
  EXPECT_FALSE(p.has_multiplicities());
  p.add_item("c", dlx::item_bounds{1, 2});
  EXPECT_TRUE(p.has_multiplicities());
}

TEST(ProblemBounds, LargestBoundIsAccepted) {
  problem p;
  const auto big =
      p.add_item("big", dlx::item_bounds{problem::max_multiplicity, problem::max_multiplicity});
  EXPECT_EQ(p.bounds(big).upper, problem::max_multiplicity);
}

TEST(ProblemBounds, BadBoundsThrowAndAddNothing) {
  problem p;
  p.add_item("a");
  for (const dlx::item_bounds& b :
       {dlx::item_bounds{3, 2}, dlx::item_bounds{1, 0}, dlx::item_bounds{0, 0},
        dlx::item_bounds{2, 1}, dlx::item_bounds{0, problem::max_multiplicity + 1}}) {
    EXPECT_THROW(p.add_item("b", b), problem_error) << b.lower << ":" << b.upper;
    EXPECT_THROW(p.add_item(b), problem_error) << b.lower << ":" << b.upper;
  }
  EXPECT_EQ(p.item_count(), 1u);
  EXPECT_FALSE(p.has_multiplicities());
  // Names are checked as for any item.
  EXPECT_THROW(p.add_item("a", dlx::item_bounds{2, 2}), problem_error);  // duplicate
  EXPECT_THROW(p.add_item("b c", dlx::item_bounds{2, 2}), problem_error);
  EXPECT_THROW(p.add_item("b:c", dlx::item_bounds{2, 2}), problem_error);
  EXPECT_EQ(p.item_count(), 1u);
  EXPECT_FALSE(p.has_multiplicities());
  EXPECT_EQ(p.find_item("b"), std::nullopt);
}

TEST(ProblemBounds, MessagesSayWhatIsWrong) {
  problem p;
  try {
    p.add_item("b", dlx::item_bounds{3, 2});
    FAIL() << "expected problem_error";
  } catch (const problem_error& e) {
    EXPECT_STREQ(e.what(), "an item's lower bound (3) exceeds its upper bound (2)");
  }
  try {
    p.add_item("b", dlx::item_bounds{0, 0});
    FAIL() << "expected problem_error";
  } catch (const problem_error& e) {
    EXPECT_STREQ(e.what(), "an item's upper bound must be at least 1");
  }
}

// ---- colors (Knuth's DLX2)

TEST(ProblemColors, AddColorInternsNames) {
  problem p;
  EXPECT_EQ(p.color_count(), 0u);
  EXPECT_EQ(p.find_color("red"), std::nullopt);
  const auto red = p.add_color("red");
  const auto blue = p.add_color("blue");
  EXPECT_EQ(red, 1u);  // 0 is no_color
  EXPECT_EQ(blue, 2u);
  EXPECT_EQ(p.add_color("red"), red);  // the same name, the same id
  EXPECT_EQ(p.add_color("Red"), 3u);   // case-sensitive, like item names
  EXPECT_EQ(p.color_count(), 3u);
  EXPECT_EQ(p.find_color("blue"), blue);
  EXPECT_EQ(p.color_name(red), "red");
  EXPECT_EQ(p.color_name(blue), "blue");
  EXPECT_EQ(p.color_name(dlx::no_color), "");
  EXPECT_THROW((void)p.color_name(4), std::out_of_range);
  // Colors and items have separate names.
  EXPECT_NO_THROW(p.add_item("red"));
  EXPECT_FALSE(p.has_colors());  // no option uses a color yet
}

TEST(ProblemColors, MalformedColorNamesThrow) {
  for (const std::string& name : std::vector<std::string>{"", "a b", "a|b", "a:b", ":", "a\tb",
                                                          std::string("a\0b", 3), "\x7f"}) {
    problem p;
    EXPECT_THROW(p.add_color(name), problem_error) << "name of " << name.size() << " bytes";
    EXPECT_EQ(p.color_count(), 0u);
  }
}

TEST(ProblemColors, OptionsWithColors) {
  problem p;
  const auto a = p.add_item("a"), b = p.add_item("b");
  const auto x = p.add_item("x", item_kind::secondary), y = p.add_item("y", item_kind::secondary);
  const auto red = p.add_color("red"), blue = p.add_color("blue");
  EXPECT_EQ(p.add_option({{a}, {x, red}, {y}}), 0u);
  EXPECT_EQ(p.add_option({{y, blue}, {b}, {x, red}}), 1u);
  const std::vector<dlx::option_entry> entries = {{b}, {y}};
  EXPECT_EQ(p.add_option(entries), 2u);
  EXPECT_TRUE(p.has_colors());
  EXPECT_EQ(p.entry_count(), 8u);
  const auto colors = [&](dlx::option_id o) {
    const auto span = p.option_colors(o);
    return std::vector<dlx::color_id>(span.begin(), span.end());
  };
  EXPECT_EQ(items_of(p, 0), (std::vector<dlx::item_id>{a, x, y}));
  EXPECT_EQ(colors(0), (std::vector<dlx::color_id>{dlx::no_color, red, dlx::no_color}));
  EXPECT_EQ(items_of(p, 1), (std::vector<dlx::item_id>{y, b, x}));
  EXPECT_EQ(colors(1), (std::vector<dlx::color_id>{blue, dlx::no_color, red}));
  EXPECT_EQ(colors(2), (std::vector<dlx::color_id>{dlx::no_color, dlx::no_color}));
  EXPECT_TRUE(p.has_primary(1));
  EXPECT_THROW((void)p.option_colors(3), std::out_of_range);
}

TEST(ProblemColors, ColoredOptionWithoutPrimaryIsKept) {
  problem p;
  p.add_item("a");
  const auto x = p.add_item("x", item_kind::secondary);
  EXPECT_EQ(p.add_option({{x, p.add_color("c")}}), 0u);
  EXPECT_FALSE(p.has_primary(0));
  EXPECT_TRUE(p.has_colors());
}

TEST(ProblemColors, ColorOnAPrimaryItemThrows) {
  problem p;
  const auto a = p.add_item("a");
  const auto bounded = p.add_item("b", dlx::item_bounds{0, 2});
  const auto x = p.add_item("x", item_kind::secondary);
  const auto red = p.add_color("red");
  EXPECT_THROW(p.add_option({{a, red}, {x}}), problem_error);
  EXPECT_THROW(p.add_option({{x, red}, {bounded, red}}), problem_error);
  EXPECT_EQ(p.option_count(), 0u);
  EXPECT_EQ(p.entry_count(), 0u);
  EXPECT_FALSE(p.has_colors());  // nothing of the refused options counts
  try {
    p.add_option({{a, red}});
    FAIL() << "expected problem_error";
  } catch (const problem_error& e) {
    EXPECT_STREQ(e.what(), "primary item 'a' cannot have a color");
  }
}

TEST(ProblemColors, UnknownColorIdThrows) {
  problem p;
  const auto a = p.add_item("a");
  const auto x = p.add_item("x", item_kind::secondary);
  EXPECT_THROW(p.add_option({{a}, {x, 1}}), problem_error);  // no colors at all yet
  const auto red = p.add_color("red");
  EXPECT_THROW(p.add_option({{a}, {x, red + 1}}), problem_error);
  EXPECT_THROW(p.add_option({{a}, {x, 0xffffffffu}}), problem_error);
  EXPECT_EQ(p.option_count(), 0u);
  EXPECT_FALSE(p.has_colors());
  EXPECT_EQ(p.add_option({{a}, {x, red}}), 0u);
}

TEST(ProblemColors, RepeatedItemThrowsWhateverItsColors) {
  problem p;
  const auto a = p.add_item("a");
  const auto x = p.add_item("x", item_kind::secondary);
  const auto red = p.add_color("red"), blue = p.add_color("blue");
  EXPECT_THROW(p.add_option({{a}, {x, red}, {x, red}}), problem_error);
  EXPECT_THROW(p.add_option({{a}, {x, red}, {x, blue}}), problem_error);
  EXPECT_THROW(p.add_option({{a}, {x}, {x, blue}}), problem_error);
  // Spelled as entries: `{{a}, {a}}` alone would pick the item-id overload.
  EXPECT_THROW(p.add_option({dlx::option_entry(a), dlx::option_entry(a)}), problem_error);
  EXPECT_THROW(p.add_option({dlx::option_entry(a), dlx::option_entry(7)}),
               problem_error);  // unknown item
  EXPECT_EQ(p.option_count(), 0u);
}

TEST(ProblemColors, EmptyOptionStillThrows) {
  problem p(1, 1);
  p.add_color("red");
  EXPECT_THROW(p.add_option({}), problem_error);
  EXPECT_THROW(p.add_option(std::span<const dlx::option_entry>()), problem_error);
  EXPECT_THROW(p.add_option(std::vector<dlx::option_entry>{}), problem_error);
  EXPECT_EQ(p.option_count(), 0u);
}

TEST(ProblemColors, OldCallsGiveOptionsWithoutColors) {
  // Item ids in braces, a vector of ids: as before colors, and no color anywhere.
  problem p(2, 1);
  EXPECT_EQ(p.add_option({0, 2}), 0u);
  const std::vector<dlx::item_id> ids = {1, 2};
  EXPECT_EQ(p.add_option(ids), 1u);
  EXPECT_EQ(p.add_option({1}), 2u);
  EXPECT_FALSE(p.has_colors());
  EXPECT_FALSE(p.has_multiplicities());
  for (dlx::option_id o = 0; o < p.option_count(); ++o) {
    for (dlx::color_id c : p.option_colors(o))
      EXPECT_EQ(c, dlx::no_color) << o;
  }
  EXPECT_EQ(items_of(p, 0), (std::vector<dlx::item_id>{0, 2}));
}

TEST(ProblemColors, CopiesKeepColorsAndBounds) {
  problem p;
  const auto a = p.add_item("a", dlx::item_bounds{1, 2});
  const auto x = p.add_item("x", item_kind::secondary);
  p.add_option({{a}, {x, p.add_color("red")}});
  problem q = p;
  q.add_color("blue");
  EXPECT_EQ(p.color_count(), 1u);
  EXPECT_EQ(q.color_count(), 2u);
  EXPECT_TRUE(q.has_colors());
  EXPECT_TRUE(q.has_multiplicities());
  EXPECT_EQ(q.bounds(a), (dlx::item_bounds{1, 2}));
  EXPECT_EQ(q.color_name(q.option_colors(0)[1]), "red");
}

}  // namespace
