// The reducer (reducer.hpp): reasoning without search. Every deduction must
// hold in every solution: checked on small random problems with colors
// against the solutions the solver enumerates (itself checked against brute
// force in xcc_brute_force_test.cpp), and nothing a solution needs may go.
#include <gtest/gtest.h>
#include <dlx/reducer.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

namespace {

using dlx::item_id;
using dlx::option_id;
using solution_t = std::vector<option_id>;
using E = dlx::option_entry;

dlx::problem random_problem(std::mt19937& rng) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int primaries = uniform(1, 6), secondaries = uniform(1, 3);
  dlx::problem p(static_cast<std::size_t>(primaries), static_cast<std::size_t>(secondaries));
  p.add_color("red");
  p.add_color("blue");
  const int options = uniform(1, 14);
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::option_entry> row;
    row.emplace_back(static_cast<item_id>(uniform(0, primaries - 1)));
    for (int i = 0; i < primaries + secondaries; ++i) {
      if (i == static_cast<int>(row.front().item) || uniform(0, 99) >= (i < primaries ? 30 : 60))
        continue;
      row.emplace_back(static_cast<item_id>(i),
                       i >= primaries ? static_cast<dlx::color_id>(uniform(0, 2)) : 0);
    }
    p.add_option(row);
  }
  return p;
}

std::vector<solution_t> solutions(const dlx::problem& p) {
  std::vector<solution_t> out;
  dlx::solver s(p);
  s.enumerate([&](std::span<const option_id> found) {
    out.emplace_back(found.begin(), found.end());
    return dlx::visit::next;
  });
  return out;
}

// Options that appear in some solution holding every option of `chosen`.
std::set<option_id> needed(const std::vector<solution_t>& all, const solution_t& chosen) {
  std::set<option_id> out;
  for (const solution_t& s : all) {
    if (std::all_of(chosen.begin(), chosen.end(),
                    [&](option_id o) { return std::find(s.begin(), s.end(), o) != s.end(); })) {
      out.insert(s.begin(), s.end());
    }
  }
  return out;
}

TEST(Reducer, DeductionsKeepEverySolutionOnRandomColoredProblems) {
  std::mt19937 rng(20261126);
  int implications = 0, colored = 0, trials_with_solutions = 0;
  for (int trial = 0; trial < 10000; ++trial) {
    const dlx::problem p = random_problem(rng);
    const auto all = solutions(p);
    if (all.empty()) continue;
    ++trials_with_solutions;
    // Start from an option of some solution (a given), then reason.
    const solution_t& one = all[static_cast<std::size_t>(trial) % all.size()];
    const solution_t chosen{one[static_cast<std::size_t>(trial) % one.size()]};
    dlx::reducer r(p);
    ASSERT_TRUE(r.choose(chosen.front()));
    std::vector<item_id> items(p.item_count()), primaries(p.primary_count());
    for (item_id i = 0; i < p.item_count(); ++i)
      items[i] = i;
    for (item_id i = 0; i < p.primary_count(); ++i)
      primaries[i] = i;
    const std::set<option_id> keep = needed(all, chosen);
    while (auto found = r.find_implication(primaries, items)) {
      ++implications;
      colored += p.kind(found->b) == dlx::item_kind::secondary &&
                 r.color_of(r.active_options(found->a).front(), found->b) != dlx::no_color;
      for (option_id o : found->ruled_out) {
        ASSERT_FALSE(keep.contains(o))
            << "trial " << trial << ": option " << o << " is in a solution, ruled out by item "
            << found->a << " naming " << found->b;
      }
      r.rule_out(found->ruled_out);
    }
    for (option_id o : keep) {
      if (o != chosen.front()) {
        EXPECT_TRUE(r.active(o)) << "trial " << trial << ": option " << o;
      }
    }
    EXPECT_FALSE(r.dead_item(primaries)) << "trial " << trial;
  }
  // The checks above ran on something: many problems, many deductions, some
  // of them on colors.
  EXPECT_GT(trials_with_solutions, 3000);
  EXPECT_GT(implications, 1000);
  EXPECT_GT(colored, 100);
}

TEST(Reducer, ChoosingAColorKeepsTheOptionsThatAgree) {
  dlx::problem p(3, 1);
  const auto red = p.add_color("red"), blue = p.add_color("blue");
  const option_id a = p.add_option({E{0}, E{3, red}});
  const option_id b = p.add_option({E{1}, E{3, red}});
  const option_id c = p.add_option({E{1}, E{3, blue}});
  const option_id d = p.add_option({E{2}, E{3}});
  const option_id e = p.add_option({E{2}});
  dlx::reducer r(p);
  ASSERT_TRUE(r.choose(a));
  EXPECT_TRUE(r.active(b));   // red beside red
  EXPECT_FALSE(r.active(c));  // blue
  EXPECT_FALSE(r.active(d));  // claims the item alone
  EXPECT_TRUE(r.active(e));
  EXPECT_EQ(r.color_of(b, 3), red);
  EXPECT_EQ(r.color_of(e, 3), dlx::no_color);
}

TEST(Reducer, AnImplicationFollowsTheColorsOfEveryOption) {
  // Item 0's options give x red or blue; an option giving x green clashes with
  // both and goes, as does one naming x plainly; red and blue ones stay.
  dlx::problem p(2, 1);
  const auto red = p.add_color("red"), blue = p.add_color("blue"), green = p.add_color("green");
  p.add_option({E{0}, E{2, red}});
  p.add_option({E{0}, E{2, blue}});
  const option_id r1 = p.add_option({E{1}, E{2, red}});
  const option_id b1 = p.add_option({E{1}, E{2, blue}});
  const option_id g1 = p.add_option({E{1}, E{2, green}});
  const option_id plain = p.add_option({E{1}, E{2}});
  dlx::reducer r(p);
  const item_id items[] = {0, 1, 2};
  const auto found = r.find_implication(items, items);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->a, 0U);
  EXPECT_EQ(found->b, 2U);
  EXPECT_EQ(found->ruled_out, (std::vector<option_id>{g1, plain}));
  r.rule_out(found->ruled_out);
  EXPECT_TRUE(r.active(r1));
  EXPECT_TRUE(r.active(b1));
  EXPECT_FALSE(r.find_implication(items, items));
}

TEST(Reducer, RefusesMultiplicities) {
  dlx::problem p;
  p.add_item("a", dlx::item_bounds{1, 2});
  EXPECT_THROW(dlx::reducer{p}, std::invalid_argument);
}

}  // namespace
