// The solver against two independent oracles on small random matrices:
//
// - brute force over every subset of options, which knows nothing of search
//   order, for the number and the set of solutions (also under preselection);
// - a naive Algorithm X on plain sets that follows Knuth's dlx1 branching rule
//   and his counting rules as written in /work/shared/dlx-reference/README.md, for
//   the node, update and level counters.
//
// Semantics checked (dlx/problem.hpp): a primary item is covered exactly once, a
// secondary item at most once, and an option with only secondary items is never
// chosen by the search (as in DLX1) unless it was preselected.
#include <gtest/gtest.h>
#include <dlx/solver.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <sstream>
#include <vector>
#include "search_options.hpp"

namespace {

using test_support::with_seed;

using dlx::item_id;
using dlx::option_id;
using dlx::visit;
using solution_t = std::vector<option_id>;

struct instance {
  dlx::problem problem;
  std::string description;
};

// Up to 7 primary and 3 secondary items, up to 14 options. Half the instances
// get a planted exact cover so that many have solutions, several of them.
instance random_instance(std::mt19937& rng) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int primaries = uniform(0, 7), secondaries = uniform(0, 3);
  const int items = primaries + secondaries;
  instance in{dlx::problem(primaries, secondaries), {}};
  std::ostringstream text;
  text << primaries << " primary, " << secondaries << " secondary:";
  if (items == 0) {
    in.description = text.str();
    return in;
  }
  const int options = uniform(0, 14);
  const double density = std::uniform_real_distribution<double>(0.15, 0.6)(rng);
  std::vector<std::vector<item_id>> rows;

  if (primaries > 0 && uniform(0, 1) == 1) {
    // Plant a partition of the primaries, each part with a few secondaries.
    std::vector<item_id> order(primaries);
    for (int i = 0; i < primaries; ++i)
      order[i] = static_cast<item_id>(i);
    std::shuffle(order.begin(), order.end(), rng);
    std::size_t k = 0;
    while (k < order.size()) {
      const std::size_t take = static_cast<std::size_t>(uniform(1, 3));
      std::vector<item_id> row(
          order.begin() + static_cast<std::ptrdiff_t>(k),
          order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), k + take)));
      k += take;
      for (int s = 0; s < secondaries; ++s) {
        if (uniform(0, 3) == 0) row.push_back(static_cast<item_id>(primaries + s));
      }
      rows.push_back(std::move(row));
    }
  }
  std::bernoulli_distribution pick(density);
  while (static_cast<int>(rows.size()) < options) {
    std::vector<item_id> row;
    const bool secondary_only = secondaries > 0 && uniform(0, 7) == 0;
    for (int i = secondary_only ? primaries : 0; i < items; ++i) {
      if (pick(rng)) row.push_back(static_cast<item_id>(i));
    }
    if (row.empty()) continue;
    std::shuffle(row.begin(), row.end(), rng);  // item order within an option is free
    rows.push_back(std::move(row));
  }
  std::shuffle(rows.begin(), rows.end(), rng);
  for (const auto& row : rows) {
    in.problem.add_option(row);
    text << " {";
    for (item_id i : row)
      text << ' ' << i;
    text << " }";
  }
  in.description = text.str();
  return in;
}

// Every subset of options that contains `forced`, whose other members all have
// a primary item, and that covers every primary once and no secondary twice.
std::set<solution_t> brute_force(const dlx::problem& p, const solution_t& forced = {}) {
  const auto n = static_cast<std::uint32_t>(p.option_count());
  std::uint32_t forced_mask = 0;
  for (option_id o : forced)
    forced_mask |= 1u << o;
  std::set<solution_t> out;
  std::vector<int> covered(p.item_count());
  for (std::uint32_t mask = 0; mask < (1u << n); ++mask) {
    if ((mask & forced_mask) != forced_mask) continue;
    std::fill(covered.begin(), covered.end(), 0);
    bool ok = true;
    solution_t chosen;
    for (option_id o = 0; o < n && ok; ++o) {
      if (!(mask >> o & 1)) continue;
      if (!(forced_mask >> o & 1) && !p.has_primary(o)) ok = false;
      chosen.push_back(o);
      for (item_id i : p.option(o))
        ok = ok && ++covered[i] <= 1;
    }
    for (item_id i = 0; ok && i < p.item_count(); ++i) {
      if (p.kind(i) == dlx::item_kind::primary && covered[i] != 1) ok = false;
    }
    if (ok) out.insert(chosen);
  }
  return out;
}

// Algorithm X on plain vectors, branching and counting like dlx1:
// - branch on the uncovered primary item with the fewest live options, the
//   first in item order on ties, trying its options in problem order;
// - an option is live while none of its items is covered;
// - a node per branch point (dead ends included) plus one per solution;
// - covering item i costs 1 plus, for each live option holding i, one per other
//   item of that option (each such node leaves its vertical list).
class naive_search {
 public:
  explicit naive_search(const dlx::problem& p) : p_(p), covered_(p.item_count(), false) {
    for (item_id i = 0; i < p.item_count(); ++i) {
      if (p.kind(i) == dlx::item_kind::primary) primaries_.push_back(i);
    }
    holding_.resize(p.item_count());
    for (option_id o = 0; o < p.option_count(); ++o) {
      if (!p.has_primary(o)) continue;  // never linked in
      for (item_id i : p.option(o))
        holding_[i].push_back(o);
    }
  }

  std::uint64_t solutions = 0, nodes = 0, updates = 0;
  std::uint32_t max_level = 0;

  /// Needs at least one primary item.
  void run() { search(0); }

 private:
  bool live(option_id o) const {
    for (item_id i : p_.option(o)) {
      if (covered_[i]) return false;
    }
    return true;
  }

  std::vector<option_id> live_options(item_id i) const {
    std::vector<option_id> out;
    for (option_id o : holding_[i]) {
      if (live(o)) out.push_back(o);
    }
    return out;
  }

  void cover(item_id i) {
    ++updates;
    for (option_id o : live_options(i))
      updates += p_.option(o).size() - 1;
    covered_[i] = true;
  }

  void search(std::uint32_t level) {
    ++nodes;
    max_level = std::max(max_level, level);
    item_id best = 0;
    std::size_t fewest = SIZE_MAX;
    for (item_id i : primaries_) {
      if (covered_[i]) continue;
      const std::size_t n = live_options(i).size();
      if (n < fewest) best = i, fewest = n;
    }
    const std::vector<option_id> choices = live_options(best);
    cover(best);
    for (option_id o : choices) {
      std::vector<item_id> others;
      for (item_id i : p_.option(o)) {
        if (i != best) others.push_back(i);
      }
      for (item_id i : others)
        cover(i);
      const bool done =
          std::all_of(primaries_.begin(), primaries_.end(), [&](item_id i) { return covered_[i]; });
      if (done) {
        ++nodes;
        ++solutions;
        max_level = std::max(max_level, level + 1);
      } else {
        search(level + 1);
      }
      for (item_id i : others)
        covered_[i] = false;
    }
    covered_[best] = false;
  }

  const dlx::problem& p_;
  std::vector<bool> covered_;
  std::vector<item_id> primaries_;
  std::vector<std::vector<option_id>> holding_;  // per item: linked options holding it
};

std::set<solution_t> solver_solutions(dlx::solver& s, std::uint64_t& visits,
                                      const dlx::search_options& options = {}) {
  std::set<solution_t> out;
  visits = 0;
  s.enumerate(
      [&](std::span<const option_id> solution) {
        ++visits;
        solution_t sorted(solution.begin(), solution.end());
        std::sort(sorted.begin(), sorted.end());
        out.insert(sorted);
        return visit::next;
      },
      options);
  return out;
}

constexpr int instance_count = 400;

TEST(BruteForce, CountsAndSolutionSetsMatch) {
  std::mt19937 rng(20240611);
  int with_solutions = 0, with_several = 0, with_secondary_only = 0, without_primaries = 0;
  for (int k = 0; k < instance_count; ++k) {
    const instance in = random_instance(rng);
    const dlx::problem& p = in.problem;
    SCOPED_TRACE(::testing::Message() << "instance " << k << ": " << in.description);
    const std::set<solution_t> expected = brute_force(p);

    dlx::solver s(p);
    ASSERT_TRUE(s.check_invariants());
    const auto counted = s.count();
    EXPECT_EQ(counted.status, dlx::search_status::complete);
    EXPECT_EQ(counted.solutions, expected.size());
    EXPECT_TRUE(s.check_invariants());

    std::uint64_t visits = 0;
    EXPECT_EQ(solver_solutions(s, visits), expected);
    EXPECT_EQ(visits, expected.size()) << "a solution was found twice";
    EXPECT_TRUE(s.check_invariants());

    // The structure search: the same set, each solution once.
    EXPECT_EQ(solver_solutions(s, visits, test_support::with_propagation(dlx::propagation::groups)),
              expected);
    EXPECT_EQ(visits, expected.size()) << "a solution was found twice (groups)";
    EXPECT_TRUE(s.check_invariants());

    const std::uint64_t seed = rng();
    EXPECT_EQ(solver_solutions(s, visits, with_seed(seed)), expected) << "seed " << seed;
    EXPECT_EQ(visits, expected.size());
    EXPECT_EQ(s.count(with_seed(seed)).solutions, expected.size());
    EXPECT_TRUE(s.check_invariants());

    with_solutions += !expected.empty();
    with_several += expected.size() > 1;
    without_primaries += p.primary_count() == 0;
    for (option_id o = 0; o < p.option_count(); ++o) {
      if (!p.has_primary(o)) {
        ++with_secondary_only;
        break;
      }
    }
    if (p.primary_count() == 0) {
      EXPECT_EQ(expected, std::set<solution_t>{solution_t{}});
    }
    if (HasFailure()) break;  // one instance's report is enough
  }
  // The generator really produced the cases this test is about.
  EXPECT_GE(with_solutions, instance_count / 4);
  EXPECT_GE(with_several, instance_count / 20);
  EXPECT_GE(with_secondary_only, instance_count / 20);
  EXPECT_GE(without_primaries, 10);
}

TEST(BruteForce, CountersMatchANaiveAlgorithmX) {
  std::mt19937 rng(7);
  for (int k = 0; k < instance_count; ++k) {
    const instance in = random_instance(rng);
    const dlx::problem& p = in.problem;
    SCOPED_TRACE(::testing::Message() << "instance " << k << ": " << in.description);
    if (p.primary_count() == 0) continue;  // dlx1's counts assume something to cover
    naive_search naive(p);
    naive.run();
    dlx::solver s(p);
    const auto r = s.count();
    EXPECT_EQ(r.solutions, naive.solutions);
    EXPECT_EQ(r.nodes, naive.nodes);
    EXPECT_EQ(r.updates, naive.updates);
    EXPECT_EQ(r.max_level, naive.max_level);
    if (HasFailure()) break;
  }
}

TEST(BruteForce, PreselectionMatches) {
  std::mt19937 rng(99);
  int accepted = 0, refused = 0;
  for (int k = 0; k < instance_count; ++k) {
    const instance in = random_instance(rng);
    const dlx::problem& p = in.problem;
    if (p.option_count() < 2) continue;
    SCOPED_TRACE(::testing::Message() << "instance " << k << ": " << in.description);
    dlx::solver s(p);
    const std::uint64_t full = s.count().solutions;

    // Two distinct random options, possibly ones without a primary item.
    std::uniform_int_distribution<option_id> any(0, static_cast<option_id>(p.option_count() - 1));
    const option_id a = any(rng);
    option_id b = any(rng);
    while (b == a)
      b = any(rng);
    const solution_t pair = {a, b};

    bool share = false;
    item_id shared = 0;
    for (item_id i : p.option(b)) {
      auto items = p.option(a);
      if (!share && std::find(items.begin(), items.end(), i) != items.end()) {
        share = true;
        shared = i;
      }
    }

    const auto conflict = s.preselect(pair);
    EXPECT_TRUE(s.check_invariants());
    if (share) {
      ++refused;
      ASSERT_TRUE(conflict.has_value());
      EXPECT_EQ(conflict->option, b);
      EXPECT_EQ(conflict->item, shared);  // the first of b's items that a holds
      EXPECT_EQ(conflict->covered_by, a);
      EXPECT_TRUE(s.preselected().empty());
      EXPECT_EQ(s.count().solutions, full);
      continue;
    }
    ++accepted;
    EXPECT_FALSE(conflict.has_value());
    solution_t forced = pair;
    std::sort(forced.begin(), forced.end());
    const std::set<solution_t> expected = brute_force(p, forced);
    std::uint64_t visits = 0;
    EXPECT_EQ(solver_solutions(s, visits), expected);
    EXPECT_EQ(s.count().solutions, expected.size());
    const auto groups = test_support::with_propagation(dlx::propagation::groups);
    EXPECT_EQ(solver_solutions(s, visits, groups), expected);
    for (const auto& options : {dlx::search_options{}, groups}) {
      s.enumerate(
          [&](std::span<const option_id> solution) {
            EXPECT_GE(solution.size(), 2u);
            EXPECT_EQ(solution[0], a);
            EXPECT_EQ(solution[1], b);
            return visit::next;
          },
          options);
    }
    s.clear_preselection();
    EXPECT_TRUE(s.check_invariants());
    EXPECT_EQ(s.count().solutions, full);
    if (HasFailure()) break;
  }
  EXPECT_GE(accepted, 20);
  EXPECT_GE(refused, 20);
}

}  // namespace
