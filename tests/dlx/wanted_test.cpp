// search_options::wanted: a search that skips the nodes where no wanted
// option is taken or active, against every solution enumerated. A visitor
// tallies each solution's options and stops wanting those seen k times; at the
// end an option's tally must equal min(k, the solutions that hold it).
#include <gtest/gtest.h>
#include <dlx/rule.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <stdexcept>
#include <vector>

namespace {

using dlx::item_id;
using dlx::option_id;

// An exact-cover problem with many solutions: `primaries` items, options of
// one to three of them at random, every single item an option too (so that
// every problem has solutions, often hundreds), and a secondary item or two.
dlx::problem many_solutions_problem(std::mt19937& rng, std::size_t primaries, std::size_t extra) {
  dlx::problem p(primaries, 2);
  for (std::size_t i = 0; i < primaries; ++i)
    p.add_option({static_cast<item_id>(i)});
  std::uniform_int_distribution<std::size_t> item(0, primaries - 1);
  std::uniform_int_distribution<int> size(2, 3), coin(0, 3);
  for (std::size_t o = 0; o < extra; ++o) {
    std::vector<item_id> row;
    const int n = size(rng);
    while (static_cast<int>(row.size()) < n) {
      const auto i = static_cast<item_id>(item(rng));
      if (std::find(row.begin(), row.end(), i) == row.end()) row.push_back(i);
    }
    if (coin(rng) == 0) row.push_back(static_cast<item_id>(primaries + (o & 1)));
    p.add_option(row);
  }
  return p;
}

// Per option, min(k, the solutions holding it), from every solution.
std::vector<std::uint64_t> by_enumeration(const dlx::problem& p, std::uint64_t k) {
  dlx::solver s(p);  // (the bitset engine with rules, else either)
  std::vector<std::uint64_t> tally(p.option_count(), 0);
  s.enumerate([&](std::span<const option_id> solution) {
    for (const option_id o : solution)
      tally[o] = std::min(tally[o] + 1, k);
    return dlx::visit::next;
  });
  return tally;
}

struct watched_search {
  std::vector<std::uint64_t> tally;
  std::uint64_t solutions = 0;
  dlx::search_result result;
};

// The same tallies from one search that stops wanting what it has seen k times.
watched_search by_wanting(dlx::solver& s, std::size_t options, std::uint64_t k,
                          dlx::search_options o) {
  watched_search out;
  out.tally.assign(options, 0);
  std::vector<std::uint64_t> wanted((options + 63) / 64, 0);
  for (std::size_t i = 0; i < options; ++i)
    wanted[i / 64] |= std::uint64_t{1} << (i % 64);
  o.wanted = wanted;
  out.result = s.enumerate(
      [&](std::span<const option_id> solution) {
        ++out.solutions;
        for (const option_id i : solution) {
          out.tally[i] = std::min(out.tally[i] + 1, k);
          if (out.tally[i] == k) wanted[i / 64] &= ~(std::uint64_t{1} << (i % 64));
        }
        return dlx::visit::next;
      },
      o);
  return out;
}

TEST(WantedOptions, TalliesEqualEveryThresholdOnRandomProblems) {
  std::mt19937 rng(20261206);
  std::uint64_t met = 0, total = 0;
  for (int round = 0; round < 60; ++round) {
    const dlx::problem p = many_solutions_problem(rng, 6 + static_cast<std::size_t>(round % 5), 20);
    const std::uint64_t all = dlx::solver(p).count().solutions;
    for (const std::uint64_t k : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{5}}) {
      const std::vector<std::uint64_t> expected = by_enumeration(p, k);
      for (const dlx::propagation prop :
           {dlx::propagation::none, dlx::propagation::forced, dlx::propagation::pairs}) {
        for (const dlx::branching b : {dlx::branching::mrv, dlx::branching::conflicts}) {
          dlx::solver s(p, dlx::engine_kind::bitset);
          dlx::search_options o;
          o.propagation = prop;
          o.branching = b;
          const watched_search w = by_wanting(s, p.option_count(), k, o);
          ASSERT_EQ(w.tally, expected) << "round " << round << ", k " << k;
          ASSERT_TRUE(w.result.complete());
          if (k == 1) {
            met += w.solutions;
            total += all;
          }
        }
      }
    }
  }
  // Skipping must pay: far fewer solutions met than there are.
  EXPECT_LT(met * 4, total) << met << " of " << total;
}

TEST(WantedOptions, PreselectedOptionsAreTakenAndCount) {
  std::mt19937 rng(7);
  const dlx::problem p = many_solutions_problem(rng, 9, 24);
  const std::vector<std::uint64_t> everything = by_enumeration(p, 1);
  for (option_id held = 0; held < p.option_count(); ++held) {
    if (everything[held] == 0) continue;
    dlx::solver s(p, dlx::engine_kind::bitset);
    ASSERT_FALSE(s.preselect(std::vector<option_id>{held}).has_value());
    // Wanting only the preselected option: its solutions are met until one is.
    std::vector<std::uint64_t> wanted((p.option_count() + 63) / 64, 0);
    wanted[held / 64] |= std::uint64_t{1} << (held % 64);
    dlx::search_options o;
    o.wanted = wanted;
    std::uint64_t seen = 0;
    s.enumerate(
        [&](std::span<const option_id>) {
          ++seen;
          wanted[held / 64] = 0;
          return dlx::visit::next;
        },
        o);
    EXPECT_EQ(seen, 1U) << "option " << held;
  }
}

// A rule (rule.hpp) that forbids option 0 and 1 together: its removals and the
// skipping agree.
struct not_both final : dlx::rule {
  bool propagate(const dlx::search_state& s, std::vector<option_id>& removed) const override {
    const bool a = s.taken(0), b = s.taken(1);
    if (a && b) return false;
    if (a && s.active(1)) removed.push_back(1);
    if (b && s.active(0)) removed.push_back(0);
    return true;
  }
};

TEST(WantedOptions, AgreesWithRules) {
  std::mt19937 rng(11);
  for (int round = 0; round < 10; ++round) {
    dlx::problem p = many_solutions_problem(rng, 8, 22);
    // Options 0 and 1 cover items 0 and 1: together in many solutions.
    p.add_rule(std::make_shared<not_both>());
    const std::vector<std::uint64_t> expected = by_enumeration(p, 1);
    dlx::solver s(p);
    dlx::search_options o;
    o.propagation = dlx::propagation::pairs;
    EXPECT_EQ(by_wanting(s, p.option_count(), 1, o).tally, expected) << "round " << round;
  }
}

TEST(WantedOptions, RefusedWhereTheEngineCannotSkip) {
  std::mt19937 rng(3);
  const dlx::problem p = many_solutions_problem(rng, 6, 10);
  std::vector<std::uint64_t> wanted(1, ~std::uint64_t{0});
  dlx::search_options o;
  o.wanted = wanted;
  dlx::solver links(p, dlx::engine_kind::dancing_links);
  EXPECT_THROW((void)links.count(o), std::invalid_argument);
  dlx::solver bits(p, dlx::engine_kind::bitset);
  o.threads = 2;
  EXPECT_THROW((void)bits.count(o), std::invalid_argument);
  o.threads = 1;
  EXPECT_THROW((void)bits.split(4, o), std::invalid_argument);
  EXPECT_NO_THROW((void)bits.count(o));
}

}  // namespace
