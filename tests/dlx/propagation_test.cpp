// Propagation settings against the search without them, on Knuth's reference
// problems (figures from ../shared/dlx-reference via reference_test's table) and
// small hand-made cases: the same solutions, a tree no larger, and clear errors
// where the setting is not available.
#include <gtest/gtest.h>
#include <dlx/format.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "reference_files.hpp"
#include "search_options.hpp"

namespace {

using test_support::reference_dir;

namespace fs = std::filesystem;

std::vector<std::vector<dlx::option_id>> all_solutions(dlx::solver& s, dlx::propagation p) {
  const auto o = test_support::with_propagation(p);
  std::vector<std::vector<dlx::option_id>> out;
  s.enumerate(
      [&](std::span<const dlx::option_id> solution) {
        out.emplace_back(solution.begin(), solution.end());
        std::sort(out.back().begin(), out.back().end());
        return dlx::visit::next;
      },
      o);
  return out;
}

struct propagation_case {
  const char* file;
  bool expect_eliminations;  // the pair rule finds something to remove
};

class Propagation : public ::testing::TestWithParam<propagation_case> {};

TEST_P(Propagation, SameSolutionsInASmallerTree) {
  const fs::path path = reference_dir / GetParam().file;
  if (!fs::is_regular_file(path)) GTEST_SKIP() << "no " << path;
  std::ifstream in(path, std::ios::binary);
  const dlx::dlx_file file = dlx::read_dlx(in, path.string());
  dlx::solver s(file.problem, dlx::engine_kind::bitset);

  const auto plain = s.count();
  auto expected = all_solutions(s, dlx::propagation::none);
  ASSERT_EQ(expected.size(), plain.solutions);
  std::sort(expected.begin(), expected.end());

  // Forced moves: the same branches, so the same solutions in the same order.
  const auto forced = test_support::with_propagation(dlx::propagation::forced);
  const auto f = s.count(forced);
  EXPECT_EQ(f.solutions, plain.solutions);
  EXPECT_EQ(f.branches, plain.branches);
  EXPECT_GT(f.forced, 0u);
  EXPECT_EQ(f.eliminated, 0u);
  EXPECT_LE(f.nodes, plain.nodes);
  std::vector<std::vector<dlx::option_id>> in_order_plain, in_order_forced;
  s.enumerate([&](std::span<const dlx::option_id> x) {
    in_order_plain.emplace_back(x.begin(), x.end());
    return dlx::visit::next;
  });
  s.enumerate(
      [&](std::span<const dlx::option_id> x) {
        in_order_forced.emplace_back(x.begin(), x.end());
        return dlx::visit::next;
      },
      forced);
  ASSERT_EQ(in_order_plain.size(), in_order_forced.size());
  for (std::size_t k = 0; k < in_order_plain.size(); ++k) {
    auto a = in_order_plain[k], b = in_order_forced[k];
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << "solution " << k;
  }

  // The pair rule: the same set of solutions.
  const auto pairs = test_support::with_propagation(dlx::propagation::pairs);
  const auto p = s.count(pairs);
  EXPECT_EQ(p.solutions, plain.solutions);
  if (GetParam().expect_eliminations) {
    EXPECT_GT(p.eliminated, 0u);
    EXPECT_LT(p.nodes, f.nodes);
  }
  auto paired = all_solutions(s, dlx::propagation::pairs);
  std::sort(paired.begin(), paired.end());
  EXPECT_EQ(paired, expected);
  EXPECT_TRUE(s.check_invariants());

  // The structure search (the XCC files have colors: it is then the pair rule).
  auto grouped = all_solutions(s, dlx::propagation::groups);
  std::sort(grouped.begin(), grouped.end());
  EXPECT_EQ(grouped, expected);
  EXPECT_EQ(s.count(test_support::with_propagation(dlx::propagation::groups)).solutions,
            plain.solutions);
  EXPECT_TRUE(s.check_invariants());

  // And the solver is left as found: Knuth's counts again.
  const auto again = s.count();
  EXPECT_EQ(again.nodes, plain.nodes);
  EXPECT_EQ(again.updates, plain.updates);
}

INSTANTIATE_TEST_SUITE_P(Knuth, Propagation,
                         ::testing::Values(propagation_case{"queens-8.dlx", false},
                                           propagation_case{"langford-7.dlx", true},
                                           propagation_case{"pentomino-3x20.dlx", true},
                                           propagation_case{"aztec-4.dlx", false},
                                           propagation_case{"xcc-ref-00.dlx", true},
                                           propagation_case{"xcc-ref-04.dlx", true}),
                         [](const ::testing::TestParamInfo<propagation_case>& param) {
                           return test_support::reference_test_name(param.param.file);
                         });

// Items a, b primary; every option of a also covers b, and b has an option of
// its own: the pair rule removes it before any branch.
TEST(Propagation, PairRuleRemovesTheOptionThatMissesA) {
  dlx::problem p(3, 0);
  p.add_option(std::vector<dlx::item_id>{0, 1});     // a b
  p.add_option(std::vector<dlx::item_id>{0, 1, 2});  // a b c
  p.add_option(std::vector<dlx::item_id>{1, 2});     // b c: misses a, can never be used
  p.add_option(std::vector<dlx::item_id>{2});        // c
  dlx::solver s(p, dlx::engine_kind::bitset);
  const auto o = test_support::with_propagation(dlx::propagation::pairs);
  const auto r = s.count(o);
  EXPECT_EQ(r.solutions, 2u);  // {a b, c} and {a b c}
  EXPECT_EQ(r.eliminated, 1u);
  EXPECT_EQ(s.count().solutions, 2u);
}

// With colors: every option of a gives x red or blue, so c's option giving x
// green can never join a solution, and the rule removes it before any branch
// (the plain pair rule, for uncolored B only, removed nothing here).
TEST(Propagation, PairRuleKeepsOnlyTheColorsAAllows) {
  dlx::problem p;
  const auto a = p.add_item("a"), c = p.add_item("c");
  const auto x = p.add_item("x", dlx::item_kind::secondary);
  const auto red = p.add_color("red"), blue = p.add_color("blue"), green = p.add_color("green");
  p.add_option({{a}, {x, red}});
  p.add_option({{a}, {x, blue}});
  p.add_option({{c}, {x, green}});  // goes
  p.add_option({{c}, {x, red}});
  dlx::solver s(p, dlx::engine_kind::bitset);
  const auto r = s.count(test_support::with_propagation(dlx::propagation::pairs));
  EXPECT_EQ(r.solutions, 1u);  // {a x:red, c x:red}
  EXPECT_EQ(r.eliminated, 1u);
  EXPECT_EQ(s.count().solutions, 1u);
}

TEST(Propagation, RefusedWhereNotAvailable) {
  dlx::problem p(2, 0);
  p.add_option(std::vector<dlx::item_id>{0});
  p.add_option(std::vector<dlx::item_id>{1});
  dlx::solver links(p, dlx::engine_kind::dancing_links);
  const auto o = test_support::with_propagation(dlx::propagation::forced);
  EXPECT_THROW(links.count(o), std::invalid_argument);
  EXPECT_EQ(links.count().solutions, 1u);  // still usable

  dlx::problem m;
  m.add_item(dlx::item_bounds{1, 2});
  m.add_option(std::vector<dlx::item_id>{0});
  m.add_option(std::vector<dlx::item_id>{0});
  dlx::solver multi(m, dlx::engine_kind::bitset);
  EXPECT_THROW(multi.count(o), std::invalid_argument);
  EXPECT_EQ(multi.count().solutions, 3u);
}

}  // namespace
