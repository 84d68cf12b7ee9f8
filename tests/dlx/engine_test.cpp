// The two engines (dancing links, bitsets) must be indistinguishable through
// the API: the same solutions in the same order, the same nodes, updates,
// cleansings, branches and deepest level, seeded or not, with or without
// preselection, and the same point of stopping under a budget; with colors and
// multiplicities too. The dancing-links engine is
// the one checked against Knuth's figures; this test carries that trust to the other.
#include <gtest/gtest.h>
#include <dlx/solver.hpp>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "encoders.hpp"
#include "search_options.hpp"

namespace {

using test_support::with_seed;

struct run_record {
  std::vector<std::vector<dlx::option_id>> solutions;
  dlx::search_result result;
};

run_record record(dlx::solver& s, const dlx::search_options& options) {
  run_record r;
  r.result = s.enumerate(
      [&](std::span<const dlx::option_id> solution) {
        r.solutions.emplace_back(solution.begin(), solution.end());
        return dlx::visit::next;
      },
      options);
  return r;
}

void expect_same(const dlx::problem& p, const dlx::search_options& options, const std::string& what,
                 std::span<const dlx::option_id> preselect = {}) {
  dlx::solver links(p, dlx::engine_kind::dancing_links);
  dlx::solver bits(p, dlx::engine_kind::bitset);
  ASSERT_EQ(links.engine(), dlx::engine_kind::dancing_links);
  ASSERT_EQ(bits.engine(), dlx::engine_kind::bitset);
  const auto a = links.preselect(preselect);
  const auto b = bits.preselect(preselect);
  ASSERT_EQ(a.has_value(), b.has_value()) << what;
  if (a) {
    EXPECT_EQ(a->option, b->option) << what;
    EXPECT_EQ(a->item, b->item) << what;
    EXPECT_EQ(a->covered_by, b->covered_by) << what;
  }
  for (int round = 0; round < 2; ++round) {  // and again: both restore themselves
    const run_record x = record(links, options);
    const run_record y = record(bits, options);
    EXPECT_EQ(x.solutions, y.solutions) << what;
    EXPECT_EQ(x.result.status, y.result.status) << what;
    EXPECT_EQ(x.result.solutions, y.result.solutions) << what;
    EXPECT_EQ(x.result.nodes, y.result.nodes) << what;
    EXPECT_EQ(x.result.updates, y.result.updates) << what;
    EXPECT_EQ(x.result.cleansings, y.result.cleansings) << what;
    EXPECT_EQ(x.result.branches, y.result.branches) << what;
    EXPECT_EQ(x.result.max_level, y.result.max_level) << what;
    EXPECT_TRUE(links.check_invariants()) << what;
    EXPECT_TRUE(bits.check_invariants()) << what;
  }
}

TEST(Engines, AgreeOnQueens) {
  for (int n = 1; n <= 9; ++n) {
    expect_same(examples::queens(n), {}, "queens " + std::to_string(n));
    expect_same(examples::queens(n), with_seed(n), "seeded queens " + std::to_string(n));
  }
}

TEST(Engines, AgreeOnLangfordAndPentominoes) {
  for (int n = 3; n <= 8; ++n)
    expect_same(examples::langford(n), {}, "langford " + std::to_string(n));
  expect_same(examples::pentominoes(3, 20), {}, "pentominoes 3x20");
  expect_same(examples::pentominoes(3, 20), with_seed(7), "seeded pentominoes 3x20");
}

TEST(Engines, AgreeUnderBudgetsAndLimits) {
  dlx::search_options budget;
  budget.node_budget = 5000;
  expect_same(examples::pentominoes(6, 10), budget, "pentominoes 6x10, 5000 nodes");
  dlx::search_options limit;
  limit.limit = 3;
  expect_same(examples::queens(8), limit, "queens 8, limit 3");
}

TEST(Engines, AgreeWithPreselection) {
  const auto q = examples::queens(8);
  const dlx::option_id corner[] = {0};
  expect_same(q, {}, "queens 8, r0c0 preselected", corner);
  const dlx::option_id two[] = {0, 8 + 2};  // r0c0 and r1c2: no shared item
  expect_same(q, {}, "queens 8, two preselected", two);
  const dlx::option_id clash[] = {0, 1};  // both in row 0
  expect_same(q, {}, "queens 8, clashing preselection", clash);
}

// Random matrices with secondary items and options that have none or only
// secondary items, the corners where a second engine would differ.
TEST(Engines, AgreeOnRandomMatrices) {
  std::mt19937 rng(2024);
  for (int trial = 0; trial < 300; ++trial) {
    const int primaries = 1 + static_cast<int>(rng() % 8);
    const int secondaries = static_cast<int>(rng() % 4);
    dlx::problem p(primaries, secondaries);
    const int options = 1 + static_cast<int>(rng() % 24);
    std::vector<dlx::item_id> items;
    for (int o = 0; o < options; ++o) {
      items.clear();
      for (dlx::item_id i = 0; i < p.item_count(); ++i) {
        if (rng() % 3 == 0) items.push_back(i);
      }
      if (items.empty()) items.push_back(static_cast<dlx::item_id>(rng() % p.item_count()));
      p.add_option(items);
    }
    const std::string what = "random matrix " + std::to_string(trial);
    expect_same(p, {}, what);
    expect_same(p, with_seed(trial), what + " seeded");
    const dlx::option_id first[] = {static_cast<dlx::option_id>(rng() % p.option_count())};
    expect_same(p, {}, what + " with a preselection", first);
  }
}

// Random XCC problems: secondary items with two or three colors, entries with
// and without a color, options with only secondary items.
dlx::problem random_xcc(std::mt19937& rng) {
  const int primaries = 1 + static_cast<int>(rng() % 7);
  const int secondaries = 1 + static_cast<int>(rng() % 4);
  dlx::problem p(primaries, secondaries);
  const dlx::color_id colors[] = {p.add_color("A"), p.add_color("B"), p.add_color("C")};
  const int palette = 1 + static_cast<int>(rng() % 3);
  const int options = 1 + static_cast<int>(rng() % 24);
  std::vector<dlx::option_entry> entries;
  for (int o = 0; o < options; ++o) {
    entries.clear();
    for (dlx::item_id i = 0; i < p.item_count(); ++i) {
      if (rng() % 3 != 0) continue;
      dlx::color_id c = dlx::no_color;
      if (p.kind(i) == dlx::item_kind::secondary && rng() % 4 != 0) c = colors[rng() % palette];
      entries.emplace_back(i, c);
    }
    if (entries.empty()) entries.emplace_back(static_cast<dlx::item_id>(rng() % primaries));
    p.add_option(entries);
  }
  return p;
}

// Each random problem plain, seeded, with one to three preselected options
// (agreeing on colors and within bounds, or not), under a budget, with a limit.
void expect_same_on_random(std::mt19937& rng, dlx::problem (*make)(std::mt19937&),
                           const std::string& kind) {
  for (int trial = 0; trial < 400; ++trial) {
    const dlx::problem p = make(rng);
    const std::string what = "random " + kind + " matrix " + std::to_string(trial);
    expect_same(p, {}, what);
    expect_same(p, with_seed(trial), what + " seeded");
    std::vector<dlx::option_id> chosen;
    for (int k = 1 + static_cast<int>(rng() % 3); k > 0; --k)
      chosen.push_back(static_cast<dlx::option_id>(rng() % p.option_count()));
    expect_same(p, {}, what + " with a preselection", chosen);
    dlx::search_options budget;
    budget.node_budget = 1 + rng() % 20;
    expect_same(p, budget, what + " under a budget");
    dlx::search_options limit;
    limit.limit = 1 + rng() % 3;
    expect_same(p, limit, what + " with a limit");
  }
}

TEST(Engines, AgreeOnRandomColoredMatrices) {
  std::mt19937 rng(77);
  expect_same_on_random(rng, random_xcc, "XCC");
}

// Random MCC problems: bounds such as [0, 1], [1, 2], [2, 2], [0, 3] on some
// primary items, colors on some secondary ones.
dlx::problem random_mcc(std::mt19937& rng) {
  const int primaries = 1 + static_cast<int>(rng() % 6);
  const int secondaries = static_cast<int>(rng() % 3);
  dlx::problem p;
  for (int k = 0; k < primaries; ++k) {
    const auto lower = static_cast<std::uint32_t>(rng() % 3);
    const auto upper = std::max<std::uint32_t>(1, lower + static_cast<std::uint32_t>(rng() % 3));
    p.add_item(dlx::item_bounds{lower, upper});
  }
  for (int k = 0; k < secondaries; ++k)
    p.add_item(dlx::item_kind::secondary);
  const dlx::color_id colors[] = {p.add_color("A"), p.add_color("B")};
  const int options = 1 + static_cast<int>(rng() % 20);
  std::vector<dlx::option_entry> entries;
  for (int o = 0; o < options; ++o) {
    entries.clear();
    for (dlx::item_id i = 0; i < p.item_count(); ++i) {
      if (rng() % 3 != 0) continue;
      dlx::color_id c = dlx::no_color;
      if (p.kind(i) == dlx::item_kind::secondary && rng() % 2 == 0) c = colors[rng() % 2];
      entries.emplace_back(i, c);
    }
    if (entries.empty()) entries.emplace_back(static_cast<dlx::item_id>(rng() % primaries));
    p.add_option(entries);
  }
  return p;
}

TEST(Engines, AgreeOnRandomMultiplicityMatrices) {
  std::mt19937 rng(3);
  expect_same_on_random(rng, random_mcc, "MCC");
}

TEST(Engines, AutomaticTakesMultiplicitiesToDancingLinks) {
  dlx::problem p;
  const auto a = p.add_item("a", dlx::item_bounds{0, 2});
  const auto b = p.add_item("b");
  p.add_option({a, b});
  p.add_option({a});
  dlx::solver automatic(p);
  EXPECT_EQ(automatic.engine(), dlx::engine_kind::dancing_links);
  EXPECT_EQ(automatic.count().solutions, 2u);  // {a b} and {a b, a}
  EXPECT_EQ(dlx::solver(p, dlx::engine_kind::bitset).count().solutions, 2u);
}

TEST(Engines, AutomaticPicksBitsetsForSmallProblems) {
  EXPECT_EQ(dlx::solver(examples::queens(8)).engine(), dlx::engine_kind::bitset);
  dlx::problem big(1);
  for (int o = 0; o < 33000; ++o)
    big.add_option({0});
  EXPECT_EQ(dlx::solver(big).engine(), dlx::engine_kind::dancing_links);
}

TEST(Engines, LargeCountersUseWiderTypes) {
  // An item with 300 options needs more than a byte per counter.
  dlx::problem p(2);
  for (int o = 0; o < 300; ++o)
    p.add_option({0});
  p.add_option({1});
  expect_same(p, {}, "300 options on one item");
  dlx::solver s(p, dlx::engine_kind::bitset);
  EXPECT_EQ(s.count().solutions, 300u);
}

}  // namespace
