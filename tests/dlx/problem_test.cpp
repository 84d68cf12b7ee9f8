// The problem builder: ids, kinds, counts, names, and every input it must refuse.
#include <gtest/gtest.h>
#include <dlx/problem.hpp>

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

}  // namespace
