// Weighted items (problem.hpp): options add weights to a total that a solution
// must keep within bounds.
//
// Outside truth: OEIS A058377, the ways to split {1..n} into two sets of equal
// sum, as a weighted exact cover (item i in one set adds +i, in the other -i,
// and the total must be 0). Then brute force over every subset of options of
// small random problems (with colors and preselection), which knows nothing of
// how the engine bounds totals, under every propagation setting. And Latin
// squares with random sums over their cells (a killer's shape: cells of a row
// or column take different digits, so the engine bounds them as a group, each
// cell within its own range), counted against the squares themselves.
#include <gtest/gtest.h>
#include <dlx/solver.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace {

using dlx::item_id;
using dlx::option_id;
using solution_t = std::vector<option_id>;

// Item i (1..n) goes to set A (weight +i) or set B (weight -i); the total is 0.
dlx::problem equal_halves(int n) {
  dlx::problem p(static_cast<std::size_t>(n));
  const auto total = p.add_weighted_item("difference", {0, 0});
  for (int i = 1; i <= n; ++i) {
    p.add_weight(p.add_option({static_cast<item_id>(i - 1)}), total, i);
    p.add_weight(p.add_option({static_cast<item_id>(i - 1)}), total, -i);
  }
  return p;
}

constexpr dlx::propagation every_setting[] = {dlx::propagation::none, dlx::propagation::forced,
                                              dlx::propagation::pairs, dlx::propagation::groups};

TEST(Weighted, EqualHalvesMatchOeisA058377) {
  // A058377(1..16): each split counted once, so the cover count is twice it.
  const std::uint64_t a058377[] = {0, 0, 1, 1, 0, 0, 4, 7, 0, 0, 35, 62, 0, 0, 361, 657};
  for (int n = 1; n <= 16; ++n) {
    const dlx::problem p = equal_halves(n);
    for (dlx::propagation setting : every_setting) {
      dlx::solver s(p);
      dlx::search_options o;
      o.propagation = setting;
      const auto r = s.count(o);
      EXPECT_EQ(r.solutions, 2 * a058377[n - 1]) << "n = " << n;
      EXPECT_EQ(r.status, dlx::search_status::complete);
    }
  }
}

TEST(Weighted, BoundsPruneTheTree) {
  // With propagation the totals remove options before any branch: the search
  // for n = 16 enters far fewer nodes than one that only checks at each node.
  const dlx::problem p = equal_halves(16);
  dlx::solver plain(p), pruning(p);
  dlx::search_options o;
  const auto checked = plain.count(o);
  o.propagation = dlx::propagation::forced;
  const auto pruned = pruning.count(o);
  EXPECT_EQ(checked.solutions, pruned.solutions);
  EXPECT_GT(pruned.eliminated, 0U);
  EXPECT_LT(pruned.nodes, checked.nodes);
}

// k cells of different digits 1..9 with a given sum: the cells' options of one
// digit share that digit's item, so the rule groups the cells and bounds the
// sum by the k smallest and largest digits left. Over every sum, the covers
// number k! times C(9, k) (each k-subset of digits, in any order).
TEST(Weighted, DifferentDigitsOverEverySumCountEverySubset) {
  const std::uint64_t subsets[] = {1, 9, 36, 84, 126, 126, 84, 36, 9, 1};  // C(9, k)
  std::uint64_t factorial = 1;
  for (int k = 1; k <= 5; ++k) {
    factorial *= static_cast<std::uint64_t>(k);
    for (dlx::propagation setting : every_setting) {
      std::uint64_t covers = 0, eliminated = 0;
      for (int sum = 0; sum <= 50; ++sum) {
        dlx::problem p(static_cast<std::size_t>(k), 9);  // cells, then digits (secondary)
        const auto total = p.add_weighted_item("sum", {sum, sum});
        for (int c = 0; c < k; ++c) {
          for (int d = 1; d <= 9; ++d) {
            const option_id o =
                p.add_option({static_cast<item_id>(c), static_cast<item_id>(k + d - 1)});
            p.add_weight(o, total, d);
          }
        }
        dlx::solver s(p);
        dlx::search_options o;
        o.propagation = setting;
        const auto r = s.count(o);
        covers += r.solutions;
        eliminated += r.eliminated;
      }
      EXPECT_EQ(covers, factorial * subsets[k]) << k << " cells";
      // With propagation, the group's bounds remove digits before any branch.
      if (setting != dlx::propagation::none && k >= 2) {
        EXPECT_GT(eliminated, 0U);
      }
    }
  }
}

TEST(Weighted, OnThreadsTheSameCount) {
  const dlx::problem p = equal_halves(15);
  dlx::solver s(p);
  dlx::search_options o;
  o.threads = 2;
  o.propagation = dlx::propagation::pairs;
  EXPECT_EQ(s.count(o).solutions, 2 * 361U);
}

TEST(Weighted, OnlyTheBitsetEngineTakesThem) {
  const dlx::problem p = equal_halves(4);
  EXPECT_EQ(dlx::solver(p).engine(), dlx::engine_kind::bitset);
  EXPECT_THROW(dlx::solver(p, dlx::engine_kind::dancing_links), dlx::problem_error);
  dlx::problem bounded = equal_halves(4);
  bounded.add_item("twice", dlx::item_bounds{2, 2});
  EXPECT_THROW((void)dlx::solver(bounded), dlx::problem_error);
}

TEST(Weighted, PreselectionCountsTowardTheTotal) {
  // {1, 4} and {2, 3}: preselecting 1 in A and 4 in B leaves no way to balance.
  const dlx::problem p = equal_halves(4);
  dlx::solver s(p);
  const option_id one_in_a = 0, four_in_b = 7, four_in_a = 6;
  ASSERT_FALSE(s.preselect(std::vector<option_id>{one_in_a, four_in_b}));
  EXPECT_EQ(s.count().solutions, 0U);
  s.clear_preselection();
  ASSERT_FALSE(s.preselect(std::vector<option_id>{one_in_a, four_in_a}));
  EXPECT_EQ(s.count().solutions, 1U);
  // Everything preselected: the empty choice, which the totals rule out or not.
  s.clear_preselection();
  ASSERT_FALSE(s.preselect(std::vector<option_id>{0, 3, 5, 6}));  // +1 -2 -3 +4
  EXPECT_EQ(s.count().solutions, 1U);
  s.clear_preselection();
  ASSERT_FALSE(s.preselect(std::vector<option_id>{0, 2, 5, 7}));  // +1 +2 -3 -4
  EXPECT_EQ(s.count().solutions, 0U);
}

TEST(Weighted, TheProblemKeepsWeightsAsGiven) {
  dlx::problem p;
  const item_id a = p.add_item("a");
  const auto w = p.add_weighted_item("w", {-3, 8});
  EXPECT_EQ(p.weighted_bounds(w), (dlx::weight_bounds{-3, 8}));
  EXPECT_EQ(p.weighted_name(w), "w");
  EXPECT_EQ(p.find_weighted("w"), w);
  EXPECT_FALSE(p.find_weighted("a"));
  const option_id o = p.add_option({a}), q = p.add_option({a});
  p.add_weight(q, w, 5);
  p.add_weight(o, w, 2);
  p.add_weight(o, w, 4);  // replaces
  EXPECT_EQ(p.weights(), (std::vector<dlx::weight_entry>{{o, w, 4}, {q, w, 5}}));
  p.add_weight(q, w, 0);  // removes
  EXPECT_TRUE(p.weights(q).empty());
  EXPECT_TRUE(p.has_weights());
  EXPECT_THROW(p.add_weighted_item("a", {0, 0}), dlx::problem_error);  // an item's name
  EXPECT_THROW(p.add_item("w"), dlx::problem_error);
  EXPECT_THROW(p.add_weighted_item("v", {2, 1}), dlx::problem_error);
  EXPECT_THROW(p.add_weighted_item("v", {0, dlx::problem::max_weight + 1}), dlx::problem_error);
  EXPECT_THROW(p.add_weight(7, w, 1), std::out_of_range);
  EXPECT_THROW(p.add_weight(o, 3, 1), std::out_of_range);
  EXPECT_THROW(p.add_weight(o, w, -dlx::problem::max_weight - 1), dlx::problem_error);
}

// ---- Brute force.

struct weighted_instance {
  dlx::problem problem;
  std::vector<std::vector<dlx::option_entry>> rows;
  std::vector<std::vector<std::int64_t>> weight;  // [option][weighted item]
  std::vector<dlx::weight_bounds> bounds;
  std::size_t primaries = 0;
};

weighted_instance random_weighted_instance(std::mt19937& rng) {
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  weighted_instance in;
  in.primaries = static_cast<std::size_t>(uniform(1, 6));
  const int secondaries = uniform(0, 2);
  in.problem = dlx::problem(in.primaries, static_cast<std::size_t>(secondaries));
  const bool colors = uniform(0, 1) == 1;
  if (colors) {
    in.problem.add_color("red");
    in.problem.add_color("blue");
  }
  const int options = uniform(1, 13);
  const int items = static_cast<int>(in.primaries) + secondaries;
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::option_entry> row;
    for (int i = 0; i < items; ++i) {
      if (uniform(0, 99) >= 40) continue;
      const bool secondary = i >= static_cast<int>(in.primaries);
      row.emplace_back(static_cast<item_id>(i),
                       secondary && colors ? static_cast<dlx::color_id>(uniform(0, 2)) : 0);
    }
    if (row.empty()) row.emplace_back(static_cast<item_id>(uniform(0, items - 1)), 0);
    if (row.front().item >= in.primaries) row.front().color = 0;
    in.problem.add_option(row);
    in.rows.push_back(row);
  }
  const int weighted = uniform(1, 3);
  in.weight.assign(static_cast<std::size_t>(options), std::vector<std::int64_t>(weighted, 0));
  for (int w = 0; w < weighted; ++w) {
    const std::int64_t lo = uniform(-4, 6);
    in.bounds.push_back({lo, lo + uniform(0, 3)});
    in.problem.add_weighted_item(in.bounds.back());
    for (int o = 0; o < options; ++o) {
      if (uniform(0, 1) == 0) continue;
      in.weight[o][w] = uniform(-3, 5);
      in.problem.add_weight(static_cast<option_id>(o), static_cast<dlx::weighted_id>(w),
                            in.weight[o][w]);
    }
  }
  return in;
}

// Every subset of the options with a primary item, containing `forced`, that
// covers each primary item once, each secondary item once or with one color,
// and keeps every total within its bounds.
std::set<solution_t> brute_force(const weighted_instance& in, const solution_t& forced) {
  std::set<solution_t> out;
  const std::size_t options = in.rows.size();
  for (std::uint32_t mask = 0; mask < (1U << options); ++mask) {
    solution_t chosen;
    bool ok = true;
    for (option_id f : forced)
      ok = ok && (mask >> f & 1) != 0;
    for (option_id o = 0; o < options && ok; ++o) {
      if (!(mask >> o & 1)) continue;
      chosen.push_back(o);
      const bool primary = std::any_of(in.rows[o].begin(), in.rows[o].end(),
                                       [&](const auto& e) { return e.item < in.primaries; });
      const bool preselected = std::find(forced.begin(), forced.end(), o) != forced.end();
      ok = primary || preselected;
    }
    if (!ok) continue;
    std::vector<int> uses(in.problem.item_count(), 0);
    std::vector<std::set<dlx::color_id>> colors(in.problem.item_count());
    for (option_id o : chosen) {
      for (const auto& e : in.rows[o]) {
        ++uses[e.item];
        colors[e.item].insert(e.color);
      }
    }
    for (std::size_t i = 0; i < uses.size() && ok; ++i) {
      if (i < in.primaries) {
        ok = uses[i] == 1;
      } else if (uses[i] > 1) {
        ok = colors[i].size() == 1 && *colors[i].begin() != 0;
      }
    }
    for (std::size_t w = 0; w < in.bounds.size() && ok; ++w) {
      std::int64_t total = 0;
      for (option_id o : chosen)
        total += in.weight[o][w];
      ok = total >= in.bounds[w].lower && total <= in.bounds[w].upper;
    }
    if (ok) out.insert(chosen);
  }
  return out;
}

std::set<solution_t> solve_all(const weighted_instance& in, const solution_t& forced,
                               dlx::propagation setting) {
  dlx::solver s(in.problem);
  if (s.preselect(forced)) return {};
  dlx::search_options o;
  o.propagation = setting;
  std::set<solution_t> out;
  s.enumerate(
      [&](std::span<const option_id> solution) {
        solution_t sorted(solution.begin(), solution.end());
        std::sort(sorted.begin(), sorted.end());
        EXPECT_TRUE(out.insert(sorted).second) << "a solution found twice";
        return dlx::visit::next;
      },
      o);
  return out;
}

TEST(Weighted, RandomProblemsAgainstBruteForce) {
  std::mt19937 rng(20261126);
  int with_solutions = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const weighted_instance in = random_weighted_instance(rng);
    const std::set<solution_t> expected = brute_force(in, {});
    with_solutions += !expected.empty();
    for (dlx::propagation setting : every_setting) {
      EXPECT_EQ(solve_all(in, {}, setting), expected)
          << "trial " << trial << ", propagation " << static_cast<int>(setting);
    }
    // Preselect one option of a solution, when there is one.
    if (expected.empty()) continue;
    const solution_t forced{expected.begin()->front()};
    EXPECT_EQ(solve_all(in, forced, dlx::propagation::pairs), brute_force(in, forced))
        << "trial " << trial << " with option " << forced[0] << " preselected";
  }
  EXPECT_GT(with_solutions, 150);  // the comparison is not all empty sets
}

// Every Latin square of order n, row-major, digits 1..n.
std::vector<std::vector<int>> latin_squares(int n) {
  std::vector<std::vector<int>> out;
  std::vector<int> square(static_cast<std::size_t>(n * n), 0);
  const auto fill = [&](auto&& self, int at) -> void {
    if (at == n * n) {
      out.push_back(square);
      return;
    }
    const int r = at / n, c = at % n;
    for (int d = 1; d <= n; ++d) {
      bool clash = false;
      for (int k = 0; k < n && !clash; ++k)
        clash = (k < c && square[r * n + k] == d) || (k < r && square[k * n + c] == d);
      if (clash) continue;
      square[at] = d;
      self(self, at + 1);
    }
    square[at] = 0;
  };
  fill(fill, 0);
  return out;
}

struct latin_sum {
  std::vector<std::pair<int, int>> terms;  // (cell, coefficient)
  dlx::weight_bounds bounds;
};

TEST(Weighted, LatinSquaresWithRandomSumsAgainstEverySquare) {
  std::mt19937 rng(20261204);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int with_solutions = 0, trials = 0;
  for (int n : {4, 5}) {
    const auto squares = latin_squares(n);
    ASSERT_EQ(squares.size(), n == 4 ? 576u : 161280u);  // OEIS A002860
    for (int trial = 0; trial < (n == 4 ? 300 : 40); ++trial, ++trials) {
      // Sums over random cells, most coefficients +1, totals from a random
      // square (so that some square meets them) and sometimes one off.
      const auto& witness =
          squares[static_cast<std::size_t>(uniform(0, static_cast<int>(squares.size()) - 1))];
      std::vector<latin_sum> sums(static_cast<std::size_t>(uniform(1, 3)));
      for (latin_sum& sum : sums) {
        std::vector<int> cells(static_cast<std::size_t>(n * n));
        for (int i = 0; i < n * n; ++i)
          cells[static_cast<std::size_t>(i)] = i;
        std::shuffle(cells.begin(), cells.end(), rng);
        std::int64_t total = 0;
        for (int t = 0, size = uniform(2, n + 2); t < size; ++t) {
          const int coefficient = uniform(0, 4) == 0 ? -1 : 1;
          sum.terms.emplace_back(cells[static_cast<std::size_t>(t)], coefficient);
          total +=
              coefficient * witness[static_cast<std::size_t>(cells[static_cast<std::size_t>(t)])];
        }
        total += uniform(0, 3) == 0 ? uniform(-1, 1) : 0;
        sum.bounds = {total, total + (uniform(0, 3) == 0 ? 1 : 0)};
      }
      // Cell (r, c) holds d: items cell, row-digit, column-digit.
      dlx::problem p(static_cast<std::size_t>(3 * n * n));
      const auto option = [&](int cell, int d) { return static_cast<option_id>(cell * n + d - 1); };
      for (int cell = 0; cell < n * n; ++cell) {
        for (int d = 1; d <= n; ++d) {
          p.add_option({static_cast<item_id>(cell),
                        static_cast<item_id>(n * n + cell / n * n + d - 1),
                        static_cast<item_id>(2 * n * n + cell % n * n + d - 1)});
        }
      }
      for (const latin_sum& sum : sums) {
        const auto w = p.add_weighted_item(sum.bounds);
        for (auto [cell, coefficient] : sum.terms) {
          for (int d = 1; d <= n; ++d)
            p.add_weight(option(cell, d), w, std::int64_t{coefficient} * d);
        }
      }
      // Some of the witness's digits given.
      std::vector<int> given;
      for (int cell = 0; cell < n * n; ++cell) {
        if (uniform(0, 5) == 0) given.push_back(cell);
      }
      std::uint64_t expected = 0;
      for (const auto& square : squares) {
        bool ok = std::all_of(given.begin(), given.end(), [&](int cell) {
          return square[static_cast<std::size_t>(cell)] == witness[static_cast<std::size_t>(cell)];
        });
        for (const latin_sum& sum : sums) {
          std::int64_t total = 0;
          for (auto [cell, coefficient] : sum.terms)
            total += coefficient * square[static_cast<std::size_t>(cell)];
          ok = ok && total >= sum.bounds.lower && total <= sum.bounds.upper;
        }
        expected += ok ? 1 : 0;
      }
      with_solutions += expected > 0;
      solution_t forced;
      for (int cell : given)
        forced.push_back(option(cell, witness[static_cast<std::size_t>(cell)]));
      for (dlx::propagation setting : every_setting) {
        dlx::solver s(p);
        dlx::search_options o;
        o.propagation = setting;
        const std::uint64_t count = s.preselect(forced) ? 0 : s.count(o).solutions;
        EXPECT_EQ(count, expected) << "order " << n << ", trial " << trial << ", propagation "
                                   << static_cast<int>(setting);
      }
    }
  }
  EXPECT_GT(with_solutions, trials / 2);  // most trials keep the witness
}

}  // namespace
