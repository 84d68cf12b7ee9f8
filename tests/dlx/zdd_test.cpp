// The memoized search (dlx::build_zdd, Knuth's Algorithm Z as his DLX6 runs it)
// and the diagram it returns (dlx::zdd), against outside truth:
// - Knuth's dlx6 figures on the team's dlx-reference files (its README), and
//   those of his dlx6-noMRV change file for --branch first;
// - published counts: domino tilings of boards (OEIS A004003 and A099390) and
//   of Aztec diamonds (2^(n(n+1)/2)); the largest are in
//   memo_published_test.cpp, built in Release only;
// - the plain search of the same problem (same solutions, in the same order);
// - uniformity of sampling by a chi-square test, seeded so it is repeatable;
// - for product (AND) nodes, random diagrams of products and decision nodes
//   over disjoint options against the explicit list of their solutions.
// Random problems against brute force are in xcc_brute_force_test.cpp, beside
// the oracle they share with the plain search's tests.
// g++ 12 reports a false -Wrestrict inside Boost's cpp_int::str() (see tools/dlx/memo.cpp).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include <gtest/gtest.h>
#include <dlx/format.hpp>
#include <dlx/memo.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "encoders.hpp"
#include "reference_files.hpp"

namespace {

using dlx::option_id;
using test_support::reference_dir;
using solution_t = std::vector<option_id>;

struct dlx6_case {
  const char* file;
  std::uint64_t solutions;
  std::uint64_t nodes;
  std::uint64_t updates;
  std::uint64_t cleansings;
  std::uint64_t zdd_nodes;
  std::uint64_t failed_signatures;  // dlx6 prints signatures as failed+good
  std::uint64_t good_signatures;
  std::uint64_t hits;
  dlx::memo_branching branching = dlx::memo_branching::mrv;
};

void PrintTo(const dlx6_case& c, std::ostream* os) {
  *os << c.file;
}

constexpr auto no_mrv = dlx::memo_branching::first;

const dlx6_case dlx6_cases[] = {
    // dlx6, default options (dlx-reference/README.md, its DLX6 section).
    {"queens-8.dlx", 92, 1101, 19654, 0, 474, 590, 382, 130},
    {"langford-7.dlx", 52, 588, 8232, 0, 269, 312, 217, 60},
    {"pentomino-3x20.dlx", 8, 18604, 6916764, 0, 76, 16767, 68, 1770},
    {"domino-6x6.dlx", 6728, 364, 1600, 0, 365, 0, 256, 109},
    {"aztec-4.dlx", 1024, 304, 1341, 0, 305, 0, 228, 77},
    {"xcc-toy.dlx", 1, 4, 20, 3, 4, 1, 3, 1},
    {"xcc-ref-00.dlx", 77, 166, 1792, 145, 146, 21, 87, 59},
    {"xcc-ref-04.dlx", 1879, 634, 7768, 857, 635, 0, 164, 471},
    {"xcc-ref-05.dlx", 7, 21, 472, 23, 17, 5, 10, 7},
    // dlx6 with Knuth's change file dlx6-noMRV.ch (an item with no options left
    // if there is one, else the first item), built from his CWEB sources with
    // gcc -O2 and run on the same files. pentomino-3x20 is left out: without
    // MRV it had not finished after a minute.
    {"queens-8.dlx", 92, 1395, 23663, 0, 426, 840, 334, 222, no_mrv},
    {"langford-7.dlx", 52, 1713, 21130, 0, 222, 1241, 170, 303, no_mrv},
    {"domino-6x6.dlx", 6728, 375, 1643, 0, 365, 11, 245, 120, no_mrv},
    {"aztec-4.dlx", 1024, 404, 1766, 0, 376, 27, 264, 114, no_mrv},
    {"xcc-toy.dlx", 1, 5, 18, 4, 4, 2, 3, 1, no_mrv},
    {"xcc-ref-00.dlx", 77, 396, 4421, 538, 185, 135, 116, 146, no_mrv},
    {"xcc-ref-04.dlx", 1879, 839, 8159, 744, 827, 6, 208, 626, no_mrv},
    {"xcc-ref-05.dlx", 7, 27, 635, 38, 19, 9, 12, 7, no_mrv},
};

class Dlx6 : public ::testing::TestWithParam<dlx6_case> {
 protected:
  // Reads the case's file; false when the shared folder is not there.
  bool load(dlx::dlx_file& file) {
    const auto path = reference_dir / GetParam().file;
    if (!std::filesystem::is_regular_file(path)) return false;
    std::ifstream in(path, std::ios::binary);
    file = dlx::read_dlx(in, path.string());
    return true;
  }
  dlx::memo_result build(const dlx::problem& p) {
    dlx::memo_options options;
    options.branching = GetParam().branching;
    return dlx::build_zdd(p, options);
  }
};

TEST_P(Dlx6, FiguresAreKnuths) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  const dlx::memo_result r = build(file.problem);
  const dlx6_case& c = GetParam();
  ASSERT_EQ(r.status, dlx::memo_status::complete);
  EXPECT_EQ(r.diagram.count(), c.solutions);
  EXPECT_EQ(r.stats.nodes, c.nodes);
  EXPECT_EQ(r.stats.updates, c.updates);
  EXPECT_EQ(r.stats.cleansings, c.cleansings);
  EXPECT_EQ(r.stats.zdd_nodes, c.zdd_nodes);
  EXPECT_EQ(r.stats.failed_signatures, c.failed_signatures);
  EXPECT_EQ(r.stats.good_signatures, c.good_signatures);
  EXPECT_EQ(r.stats.hits, c.hits);
  // The unique table may merge nodes dlx6 keeps apart, never add any: the
  // reduced diagram has at most its nodes (the two sinks included).
  EXPECT_LE(r.diagram.size(), std::max<std::uint64_t>(c.zdd_nodes, 2));
}

// The diagram holds exactly the plain search's solutions; with DLX6's own
// branching, in the order the plain search finds them, each option list in the
// order it was chosen.
TEST_P(Dlx6, SolutionsAreThePlainSearchs) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  const dlx::memo_result r = build(file.problem);
  std::vector<solution_t> plain, memo;
  dlx::solver plain_search(file.problem);
  plain_search.enumerate([&](std::span<const option_id> solution) {
    plain.emplace_back(solution.begin(), solution.end());
    return dlx::visit::next;
  });
  for (std::span<const option_id> solution : r.diagram.solutions())
    memo.emplace_back(solution.begin(), solution.end());
  ASSERT_EQ(memo.size(), GetParam().solutions);
  if (GetParam().branching == dlx::memo_branching::mrv) {
    EXPECT_EQ(memo, plain);
  } else {
    auto sorted = [](std::vector<solution_t> v) {
      for (auto& s : v)
        std::sort(s.begin(), s.end());
      std::sort(v.begin(), v.end());
      return v;
    };
    EXPECT_EQ(sorted(memo), sorted(plain));
  }
  for (std::size_t i = 0; i < memo.size(); i += std::max<std::size_t>(1, memo.size() / 50))
    EXPECT_EQ(r.diagram.unrank(i), memo[i]) << "rank " << i;
}

// Written in Knuth's text format and read back, the diagram is the same.
TEST_P(Dlx6, TextRoundTrips) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  const dlx::memo_result r = build(file.problem);
  std::ostringstream text;
  r.diagram.write(text);
  std::istringstream in(text.str());
  const dlx::zdd back = dlx::read_zdd(in, GetParam().file);
  EXPECT_EQ(back.size(), r.diagram.size());
  EXPECT_EQ(back.count(), r.diagram.count());
  std::ostringstream again;
  back.write(again);
  EXPECT_EQ(again.str(), text.str());
}

INSTANTIATE_TEST_SUITE_P(Knuth, Dlx6, ::testing::ValuesIn(dlx6_cases), [](const auto& test) {
  return test_support::reference_test_name(test.param.file) +
         (test.param.branching == no_mrv ? "_noMRV" : "");
});

// The encoders write the very files the reference figures were taken on.
TEST(MemoEncoders, DominoesAndAztecAreTheReferenceFiles) {
  auto text_of = [](const dlx::problem& p) {
    std::ostringstream out;
    dlx::write_dlx(out, p);
    return out.str();
  };
  auto reference = [](const char* name) {
    std::ifstream in(reference_dir / name, std::ios::binary);
    std::string line, body;
    std::getline(in, line);  // the comment line: "| domino 6 6"
    for (std::string l; std::getline(in, l);)
      body += l + "\n";
    return body;
  };
  if (!std::filesystem::is_directory(reference_dir)) GTEST_SKIP() << "no " << reference_dir;
  EXPECT_EQ(text_of(examples::domino_tilings(6, 6)), reference("domino-6x6.dlx"));
  EXPECT_EQ(text_of(examples::aztec_diamond(4)), reference("aztec-4.dlx"));
}

// ---- Published counts.

// OEIS A004003: domino tilings of the 2n x 2n board.
TEST(MemoPublished, SquareBoardsAreA004003) {
  const char* expected[] = {"2", "36", "6728", "12988816", "258584046368", "53060477521960000"};
  for (int n = 1; n <= 6; ++n) {
    const auto r = dlx::build_zdd(examples::domino_tilings(2 * n, 2 * n));
    ASSERT_TRUE(r.complete());
    EXPECT_EQ(r.diagram.count().str(), expected[n - 1]) << 2 * n << "x" << 2 * n;
  }
}

// OEIS A099390, T(m, n) for small boards, read across its table; odd areas have none.
TEST(MemoPublished, RectanglesAreA099390) {
  const std::map<std::pair<int, int>, std::uint64_t> table = {
      {{1, 1}, 0},       {{1, 2}, 1},     {{2, 2}, 2},     {{2, 3}, 3},      {{2, 10}, 89},
      {{3, 4}, 11},      {{3, 10}, 571},  {{4, 5}, 95},    {{4, 6}, 281},    {{4, 7}, 781},
      {{5, 6}, 1183},    {{5, 8}, 14824}, {{6, 7}, 31529}, {{6, 8}, 167089}, {{7, 8}, 1292697},
      {{5, 10}, 185921}, {{3, 5}, 0},     {{7, 7}, 0}};
  for (const auto& [size, count] : table) {
    const auto [m, n] = size;
    const dlx::problem p = examples::domino_tilings(m, n);
    const auto r = dlx::build_zdd(p);
    ASSERT_TRUE(r.complete());
    EXPECT_EQ(r.diagram.count(), count) << m << "x" << n;
    // The board turned a quarter has as many.
    EXPECT_EQ(dlx::build_zdd(examples::domino_tilings(n, m)).diagram.count(), count)
        << n << "x" << m;
    if (count < 200000) {
      dlx::solver s(p);
      EXPECT_EQ(s.count().solutions, count) << m << "x" << n << " by the plain search";
    }
  }
}

TEST(MemoPublished, AztecDiamondsHaveTwoToTheNNPlusOneOverTwo) {
  for (int n = 1; n <= 9; ++n) {
    const auto r = dlx::build_zdd(examples::aztec_diamond(n));
    ASSERT_TRUE(r.complete());
    EXPECT_EQ(r.diagram.count(), dlx::big_count(1) << (n * (n + 1) / 2)) << "order " << n;
    // Every tiling has n(n+1) dominoes: one size, one count.
    const auto by_size = r.diagram.count_by_size();
    ASSERT_EQ(by_size.size(), static_cast<std::size_t>(n * (n + 1) + 1));
    EXPECT_EQ(by_size.back(), r.diagram.count());
  }
}

// ---- Sampling.

// Whether draws spread over n equally likely outcomes (counts[i] draws of the
// i-th) pass a chi-square test: the statistic lies between the 0.1% and 99.9%
// quantiles of its distribution with n - 1 degrees of freedom (Wilson and
// Hilferty's approximation, z = 3.090). A sampler that favoured some outcomes,
// or one that dealt them out in turn, fails.
::testing::AssertionResult passes_chi_square(const std::vector<double>& counts) {
  double draws = 0;
  for (double c : counts)
    draws += c;
  const double expected = draws / static_cast<double>(counts.size());
  double chi2 = 0;
  for (double c : counts)
    chi2 += (c - expected) * (c - expected) / expected;
  const double k = static_cast<double>(counts.size() - 1);
  auto quantile = [&](double z) {
    return k * std::pow(1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k)), 3);
  };
  const double low = quantile(-3.090), high = quantile(3.090);
  if (chi2 > low && chi2 < high) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "chi-square " << chi2 << " with " << k << " degrees of freedom, outside (" << low
         << ", " << high << ")";
}

// 56,200 draws among the 281 tilings of the 4 x 6 board.
TEST(MemoSample, IsUniformByAChiSquareTest) {
  const auto r = dlx::build_zdd(examples::domino_tilings(6, 4));  // 4 rows of 6
  ASSERT_EQ(r.diagram.count(), 281);
  std::map<solution_t, std::size_t> rank;
  for (std::span<const option_id> s : r.diagram.solutions())
    rank.emplace(solution_t(s.begin(), s.end()), rank.size());
  ASSERT_EQ(rank.size(), 281u);
  const std::size_t n = rank.size(), draws = 200 * n;
  std::vector<double> counts(n, 0);
  for (const solution_t& s : r.diagram.sample(draws, 12345)) {
    auto it = rank.find(s);
    ASSERT_NE(it, rank.end()) << "a sample that is not a solution";
    ++counts[it->second];
  }
  EXPECT_TRUE(passes_chi_square(counts));
}

TEST(MemoSample, RepeatsWithTheSeedAndSamplesPastSixtyFourBits) {
  const dlx::problem p = examples::domino_tilings(14, 14);
  const auto r = dlx::build_zdd(p);
  ASSERT_TRUE(r.complete());
  EXPECT_EQ(r.diagram.count().str(), "112202208776036178000000");  // A004003, past 2^64
  const auto a = r.diagram.sample(4, 7), b = r.diagram.sample(4, 7), c = r.diagram.sample(4, 8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  for (const solution_t& s : a) {
    // Each is a tiling: every cell covered once.
    std::vector<int> covered(p.item_count(), 0);
    for (option_id o : s) {
      for (dlx::item_id i : p.option(o))
        ++covered[i];
    }
    EXPECT_TRUE(std::all_of(covered.begin(), covered.end(), [](int k) { return k == 1; }));
  }
}

// Past 2^128 the counts leave 128-bit integers for cpp_int. The family of all
// subsets of 130 options: node k holds node k-1's sets with and without option
// k, so 2^130 sets, C(130, j) of size j.
TEST(MemoSample, CountsSamplesAndRanksPastOneHundredTwentyEightBits) {
  dlx::zdd z;
  dlx::zdd::node_id n = dlx::zdd::top;
  for (option_id o = 0; o < 130; ++o)
    n = z.add(o, n, n);
  z.set_root(n);
  const dlx::big_count total = dlx::big_count(1) << 130;
  EXPECT_EQ(z.count(), total);
  const auto by_size = z.count_by_size();
  ASSERT_EQ(by_size.size(), 131u);
  dlx::big_count binomial = 1;
  for (unsigned j = 0; j <= 130; ++j) {
    EXPECT_EQ(by_size[j], binomial) << j;
    binomial = binomial * (130 - j) / (j + 1);
  }
  // Rank r is the set whose options are the 1 bits of r, options listed from
  // the top of the diagram (option 129) down.
  const dlx::big_count rank = (dlx::big_count(1) << 129) + 5;  // bits 129, 2, 0
  EXPECT_EQ(z.unrank(rank), (solution_t{129, 2, 0}));
  EXPECT_EQ(z.unrank(total - 1).size(), 130u);
  EXPECT_THROW((void)z.unrank(total), std::out_of_range);
  // Samples: each option is in about half of them.
  const auto drawn = z.sample(2000, 3);
  ASSERT_EQ(drawn.size(), 2000u);
  std::size_t with_option_7 = 0;
  for (const auto& s : drawn)
    with_option_7 += std::find(s.begin(), s.end(), 7) != s.end();
  EXPECT_GT(with_option_7, 850u);  // 1000 expected; 850 is 6.7 standard deviations off
  EXPECT_LT(with_option_7, 1150u);
  EXPECT_EQ(z.sample(5, 11), z.sample(5, 11));
}

TEST(MemoSample, NoSolutionGivesNoSample) {
  const auto r = dlx::build_zdd(examples::domino_tilings(3, 3));
  EXPECT_EQ(r.diagram.count(), 0);
  EXPECT_TRUE(r.diagram.sample(3, 1).empty());
  EXPECT_THROW((void)r.diagram.unrank(0), std::out_of_range);
}

// ---- The cheapest solutions, on Knuth's DLX5 notation.

TEST(MemoCost, CheapestFirstFromDlx5Text) {
  // Options 0..5 cost 4, 1, 2, 2, 2 (1 + 1), 0. Solutions: {ac, b} = 2,
  // {a, bc} = 4, {ab, c} = 5, {a, b, c} = 5.
  std::istringstream in("a b c\na b |4\nc |1\na |2\nb c |2\nb |1 |1\na c\n");
  const dlx::dlx_file file = dlx::read_dlx(in);
  std::vector<std::uint64_t> costs;
  for (option_id o = 0; o < file.problem.option_count(); ++o)
    costs.push_back(file.problem.cost(o));
  EXPECT_EQ(costs, (std::vector<std::uint64_t>{4, 1, 2, 2, 2, 0}));
  const auto r = dlx::build_zdd(file.problem);
  const auto best = r.diagram.cheapest(costs, 10);
  ASSERT_EQ(best.size(), 4u);
  EXPECT_EQ(best[0].cost, 2u);
  EXPECT_EQ(best[1].cost, 4u);
  EXPECT_EQ(best[2].cost, 5u);
  EXPECT_EQ(best[3].cost, 5u);
  auto sorted = [](solution_t s) {
    std::sort(s.begin(), s.end());
    return s;
  };
  EXPECT_EQ(sorted(best[0].options), (solution_t{4, 5}));
  EXPECT_EQ(sorted(best[1].options), (solution_t{2, 3}));
  std::set<solution_t> fives{sorted(best[2].options), sorted(best[3].options)};
  EXPECT_EQ(fives, (std::set<solution_t>{{0, 1}, {1, 2, 4}}));
  EXPECT_TRUE(r.diagram.cheapest(costs, 0).empty());
}

// ---- Budgets and the edges of the model.

TEST(MemoBudget, NodeBudgetStopsTheSearch) {
  dlx::memo_options options;
  options.node_budget = 10;
  const auto r = dlx::build_zdd(examples::queens(8), options);
  EXPECT_EQ(r.status, dlx::memo_status::budget_exhausted);
  EXPECT_FALSE(r.complete());
  EXPECT_EQ(r.stats.nodes, 11u);  // the node that passed the budget is counted
  EXPECT_EQ(r.diagram.count(), 0);
}

TEST(MemoBudget, MemoryBudgetStopsTheSearchWithAnAnswer) {
  dlx::memo_options options;
  options.memory_budget = 4 << 20;  // the 16 x 16 board needs about 120 MB
  const auto r = dlx::build_zdd(examples::domino_tilings(16, 16), options);
  EXPECT_EQ(r.status, dlx::memo_status::memory_exhausted);
  EXPECT_LE(r.stats.bytes, options.memory_budget);
  EXPECT_GT(r.stats.nodes, 0u);
  EXPECT_EQ(dlx::to_string(r.status), "memory_exhausted");
}

TEST(MemoBudget, ATimeBudgetStopsTheSearchAsTimeExhausted) {
  dlx::memo_options options;
  options.time_budget = std::chrono::nanoseconds(1);  // gone by the first look at the clock
  const auto r = dlx::build_zdd(examples::queens(11), options);
  EXPECT_EQ(r.status, dlx::memo_status::time_exhausted);
  EXPECT_EQ(dlx::to_string(r.status), "time_exhausted");
  EXPECT_FALSE(r.complete());
  // The clock is looked at every 16,384 nodes: the search got that far, no further.
  EXPECT_GE(r.stats.nodes, 16384u);
  EXPECT_LT(r.stats.nodes, 2 * 16384u);
  // Without the budget the same search completes (queens 11: 2,680 solutions, OEIS A000170).
  const auto whole = dlx::build_zdd(examples::queens(11));
  ASSERT_TRUE(whole.complete());
  EXPECT_GT(whole.stats.nodes, r.stats.nodes);
  EXPECT_EQ(whole.diagram.count(), 2680);
}

TEST(MemoBudget, ProgressIsReportedAndCanStop) {
  dlx::memo_options options;
  options.progress_interval = 100;
  std::vector<dlx::memo_progress> seen;
  options.on_progress = [&](const dlx::memo_progress& p) {
    seen.push_back(p);
    return seen.size() < 3 ? dlx::visit::next : dlx::visit::stop;
  };
  const auto r = dlx::build_zdd(examples::queens(9), options);
  EXPECT_EQ(r.status, dlx::memo_status::stopped);
  ASSERT_EQ(seen.size(), 3u);
  // Every 100 nodes (a solution counts as a node too, so a report may come one late).
  EXPECT_GE(seen[0].nodes, 100u);
  EXPECT_LE(seen[0].nodes, 101u);
  EXPECT_GE(seen[2].nodes, 300u);
  EXPECT_LE(seen[2].nodes, 301u);
  EXPECT_GE(seen[2].signatures, seen[0].signatures);
  EXPECT_GT(seen[2].bytes, 0u);
}

TEST(MemoModel, RefusesMultiplicities) {
  EXPECT_THROW((void)dlx::build_zdd(examples::regular_matrices(3, 2)), std::invalid_argument);
}

TEST(MemoModel, NoPrimaryItemHasTheEmptySolution) {
  dlx::problem p(0, 2);
  p.add_option({0, 1});
  const auto r = dlx::build_zdd(p);
  ASSERT_TRUE(r.complete());
  EXPECT_EQ(r.diagram.count(), 1);
  std::vector<solution_t> all;
  for (auto s : r.diagram.solutions())
    all.emplace_back(s.begin(), s.end());
  EXPECT_EQ(all, std::vector<solution_t>{solution_t{}});
  dlx::solver s(p);
  EXPECT_EQ(s.count().solutions, 1u);
}

TEST(MemoModel, AnItemNoOptionCoversHasNoSolution) {
  dlx::problem p(2);
  p.add_option({0});
  const auto r = dlx::build_zdd(p);
  ASSERT_TRUE(r.complete());
  EXPECT_EQ(r.diagram.count(), 0);
  EXPECT_EQ(r.diagram.solutions().begin(), std::default_sentinel);
  EXPECT_TRUE(r.diagram.count_by_size().empty());
}

// ---- The diagram as a data structure.

TEST(Zdd, AddKeepsItReduced) {
  dlx::zdd z;
  EXPECT_EQ(z.size(), 2u);
  EXPECT_EQ(z.add(5, dlx::zdd::top, dlx::zdd::bottom), dlx::zdd::top);  // hi = 0: lo
  const auto a = z.add(1, dlx::zdd::bottom, dlx::zdd::top);
  EXPECT_EQ(z.add(1, dlx::zdd::bottom, dlx::zdd::top), a);  // equal nodes are one
  const auto b = z.add(2, a, dlx::zdd::top);
  EXPECT_EQ(z.size(), 4u);
  z.set_root(b);
  EXPECT_EQ(z.count(), 2);  // {1} and {2}
  std::vector<solution_t> all;
  for (auto s : z.solutions())
    all.emplace_back(s.begin(), s.end());
  EXPECT_EQ(all, (std::vector<solution_t>{{1}, {2}}));
  EXPECT_THROW((void)z.add(1, 9, dlx::zdd::top), std::out_of_range);
  EXPECT_THROW(z.set_root(9), std::out_of_range);
  // Many distinct nodes: the unique table grows and still finds every one.
  std::vector<dlx::zdd::node_id> ids;
  for (option_id o = 0; o < 5000; ++o)
    ids.push_back(z.add(o, dlx::zdd::bottom, dlx::zdd::top));
  for (option_id o = 0; o < 5000; ++o)
    EXPECT_EQ(z.add(o, dlx::zdd::bottom, dlx::zdd::top), ids[o]);
}

// A chain of a million hi edges (one solution of a million options) and a lo
// chain as long: listing and counting walk them without recursion.
TEST(Zdd, LongPathsNeedNoDeepRecursion) {
  dlx::zdd hi_chain;
  dlx::zdd::node_id n = dlx::zdd::top;
  for (option_id o = 0; o < 1000000; ++o)
    n = hi_chain.add(o, dlx::zdd::bottom, n);
  hi_chain.set_root(n);
  EXPECT_EQ(hi_chain.count(), 1);
  std::size_t length = 0;
  for (auto s : hi_chain.solutions())
    length += s.size();
  EXPECT_EQ(length, 1000000u);
  EXPECT_EQ(hi_chain.count_by_size().size(), 1000001u);

  dlx::zdd lo_chain;
  n = dlx::zdd::bottom;
  for (option_id o = 0; o < 1000000; ++o)
    n = lo_chain.add(o, n, dlx::zdd::top);
  lo_chain.set_root(n);
  EXPECT_EQ(lo_chain.count(), 1000000);
  std::size_t solutions = 0;
  for (auto s : lo_chain.solutions())
    solutions += s.size() == 1;
  EXPECT_EQ(solutions, 1000000u);
}

struct bad_text {
  const char* text;
  const char* message;  // "source:line:col: what"
};

// Each text is refused, with its message (and so its line and column).
template <std::size_t n>
void expect_refused_where_it_says(const bad_text (&bad)[n]) {
  for (const auto& c : bad) {
    std::istringstream in(c.text);
    try {
      (void)dlx::read_zdd(in, "t");
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const dlx::parse_error& e) {
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos)
          << "got: " << e.what() << "\nfor: " << c.text;
    }
  }
}

TEST(ZddText, BadInputIsLocated) {
  const bad_text bad[] = {
      {"2: (~1?0:1)\n", "t:2:1: no root line: the last line must read id: (~0?0:root)"},
      {"2: (~1?0:3)\n4: (~0?0:2)\n", "t:1:10: node 3 is not defined on an earlier line"},
      {"2: (~1?0:1)\n2: (~2?0:1)\n3: (~0?0:2)\n",
       "t:2:1: node 2 is defined twice (first on line 1)"},
      {"2: (~1?0:1\n", "t:1:11: expected ')' at the end of the line"},
      {"2: ~1?0:1)\n", "t:1:4: expected '(' before '~'"},
      {"x: (~1?0:1)\n", "t:1:1: expected a node id in hexadecimal"},
      {"1: (~1?0:1)\n", "t:1:1: node ids 0 and 1 are the sinks"},
      {"2: (~1?0:1)\n3: (~0?0:2)\n4: (~1?0:1)\n", "t:3:1: a node after the root line (line 2)"},
      {"2: (~1?0:1)\n3: (~0?1:2)\n", "t:2:8: the root line reads id: (~0?0:root)"},
      {"2: (~99999999999?0:1)\n3: (~0?0:2)\n", "t:1:6: option number 99999999999 is too large"},
      {"2: (~1?0:1) x\n", "t:1:13: unexpected text after ')'"},
  };
  expect_refused_where_it_says(bad);
}

TEST(ZddText, OptionsPastTheProblemAreLocated) {
  std::istringstream ok("2: (~3?0:1)\n3: (~0?0:2)\n");
  EXPECT_EQ(dlx::read_zdd(ok, "t", 3).count(), 1);
  std::istringstream past("2: (~3?0:1)\n3: (~4?0:2)\n4: (~0?0:3)\n");
  try {
    (void)dlx::read_zdd(past, "t", 3);
    ADD_FAILURE() << "accepted option 4 of 3";
  } catch (const dlx::parse_error& e) {
    EXPECT_STREQ(e.what(), "t:2:6: option 4 is past the problem's last option (3)");
  }
}

TEST(ZddText, ReadsKnuthsFormatWithBlankLinesAndMergesEqualNodes) {
  std::istringstream in("\n2: (~3?0:1)\n5: (~3?0:1)\n\n6: (~1?2:5)\n7: (~0?0:6)\n");
  const dlx::zdd z = dlx::read_zdd(in);
  EXPECT_EQ(z.size(), 4u);  // nodes 2 and 5 are one
  EXPECT_EQ(z.count(), 2);
  std::vector<solution_t> all;
  for (auto s : z.solutions())
    all.emplace_back(s.begin(), s.end());
  EXPECT_EQ(all, (std::vector<solution_t>{{2}, {0, 2}}));  // options counted from 0
}

// ---- Product (AND) nodes.
//
// Random diagrams against brute force: each is built from random small
// families of subsets (plain ZDDs made by `add`), combined by products and by
// decision nodes, each part over options of its own; beside the diagram, the
// explicit list of its solutions, in the order the diagram must list them
// (worked out from the definitions, not from the diagram).

using dlx::zdd;

struct family {
  zdd::node_id node;
  std::vector<solution_t> solutions;  // in the diagram's order
};

// The family `sets` (bit i: option base + i) from bit `bit` on, as a plain ZDD
// whose node for option base + i is above those for later ones: its solutions
// without that option come first, then those with it, the option listed first.
family plain_family(zdd& z, std::vector<unsigned> sets, option_id base, unsigned bit,
                    unsigned width) {
  if (sets.empty()) return {zdd::bottom, {}};
  if (bit == width) return {zdd::top, {solution_t{}}};
  std::vector<unsigned> without, with;
  for (unsigned s : sets)
    (s >> bit & 1 ? with : without).push_back(s & ~(1u << bit));
  const family lo = plain_family(z, without, base, bit + 1, width);
  const family hi = plain_family(z, with, base, bit + 1, width);
  family f{z.add(base + bit, lo.node, hi.node), lo.solutions};
  for (const solution_t& s : hi.solutions) {
    f.solutions.push_back({base + bit});
    f.solutions.back().insert(f.solutions.back().end(), s.begin(), s.end());
  }
  return f;
}

family product_of(zdd& z, const family& a, const family& b) {
  family p{z.add_product(a.node, b.node), {}};
  for (const solution_t& s : a.solutions) {
    for (const solution_t& t : b.solutions) {
      p.solutions.push_back(s);
      p.solutions.back().insert(p.solutions.back().end(), t.begin(), t.end());
    }
  }
  return p;
}

unsigned below(std::mt19937& rng, unsigned n) {
  return static_cast<unsigned>(rng() % n);
}

// A random diagram of depth at most `depth`, over options from `next` on.
family random_diagram(zdd& z, std::mt19937& rng, option_id& next, int depth) {
  const unsigned kind = depth == 0 ? 0 : below(rng, 10);
  if (kind < 4) {  // a small family of subsets of 1 to 3 options of its own
    const unsigned width = 1 + below(rng, 3);
    std::vector<unsigned> sets;
    const unsigned how_many = below(rng, 5);  // 0: the empty family
    for (unsigned k = 0; k < how_many; ++k) {
      const unsigned s = below(rng, 1u << width);
      if (std::find(sets.begin(), sets.end(), s) == sets.end()) sets.push_back(s);
    }
    const option_id base = next;
    next += width;
    return plain_family(z, sets, base, 0, width);
  }
  if (kind < 8) {
    const family a = random_diagram(z, rng, next, depth - 1);
    const family b = random_diagram(z, rng, next, depth - 1);
    return product_of(z, a, b);
  }
  // A decision node whose children may be products: lo, then hi with option o.
  const option_id o = next++;
  const family lo = random_diagram(z, rng, next, depth - 1);
  const family hi = random_diagram(z, rng, next, depth - 1);
  family d{z.add(o, lo.node, hi.node), lo.solutions};
  for (const solution_t& s : hi.solutions) {
    d.solutions.push_back({o});
    d.solutions.back().insert(d.solutions.back().end(), s.begin(), s.end());
  }
  return d;
}

std::vector<solution_t> listed(const zdd& z) {
  std::vector<solution_t> all;
  for (std::span<const option_id> s : z.solutions())
    all.emplace_back(s.begin(), s.end());
  return all;
}

std::uint64_t cost_of(const solution_t& s, const std::vector<std::uint64_t>& costs) {
  std::uint64_t c = 0;
  for (option_id o : s)
    c += o < costs.size() ? costs[o] : 0;
  return c;
}

// Random diagrams of products and decision nodes, of up to 2,000 solutions:
// every question against the list worked out beside them.
TEST(ZddProduct, RandomDiagramsAgreeWithBruteForce) {
  std::mt19937 rng(2026);
  std::size_t products_of_products = 0, decisions_over_products = 0, nonempty = 0;
  for (int trial = 0; trial < 1200; ++trial) {
    zdd z;
    option_id next = 0;
    const family f = random_diagram(z, rng, next, 1 + trial % 4);
    if (f.solutions.size() > 2000) continue;
    z.set_root(f.node);
    const std::string where = "trial " + std::to_string(trial);
    for (zdd::node_id n = 2; n < z.size(); ++n) {
      const zdd::node& x = z.at(n);
      const bool lo_product = x.lo > zdd::top && zdd::is_product(z.at(x.lo));
      const bool hi_product = x.hi > zdd::top && zdd::is_product(z.at(x.hi));
      if (zdd::is_product(x)) {
        products_of_products += lo_product || hi_product;
        EXPECT_GT(x.lo, zdd::top) << where;  // reduced: no sink as a part
        EXPECT_GT(x.hi, zdd::top) << where;
      } else {
        decisions_over_products += lo_product || hi_product;
      }
      EXPECT_LT(x.lo, n) << where;  // children first
      EXPECT_LT(x.hi, n) << where;
    }
    const std::size_t n = f.solutions.size();
    nonempty += n > 0;

    // Counts, and counts by size.
    ASSERT_EQ(z.count(), n) << where;
    std::vector<dlx::big_count> by_size;
    for (const solution_t& s : f.solutions) {
      if (by_size.size() <= s.size()) by_size.resize(s.size() + 1, 0);
      ++by_size[s.size()];
    }
    EXPECT_EQ(z.count_by_size(), by_size) << where;

    // Listing and unranking, in the product order.
    EXPECT_EQ(listed(z), f.solutions) << where;
    for (std::size_t r = 0; r < n; ++r)
      ASSERT_EQ(z.unrank(r), f.solutions[r]) << where << ", rank " << r;
    EXPECT_THROW((void)z.unrank(n), std::out_of_range) << where;

    // Samples are solutions.
    for (const solution_t& s : z.sample(5, static_cast<std::uint64_t>(trial)))
      EXPECT_NE(std::find(f.solutions.begin(), f.solutions.end(), s), f.solutions.end()) << where;
    if (n == 0) {
      EXPECT_TRUE(z.sample(3, 1).empty()) << where;
    }

    // The k cheapest, for every k: the least costs, each a solution, none twice.
    std::vector<std::uint64_t> costs(next);
    for (auto& c : costs)
      c = below(rng, 6);  // many ties
    std::vector<std::uint64_t> sorted_costs;
    for (const solution_t& s : f.solutions)
      sorted_costs.push_back(cost_of(s, costs));
    std::sort(sorted_costs.begin(), sorted_costs.end());
    const auto all = z.cheapest(costs, n + 1);
    ASSERT_EQ(all.size(), n) << where;
    std::set<solution_t> seen;
    for (std::size_t k = 0; k < n; ++k) {
      EXPECT_EQ(all[k].cost, sorted_costs[k]) << where << ", k " << k;
      EXPECT_EQ(cost_of(all[k].options, costs), all[k].cost) << where;
      EXPECT_NE(std::find(f.solutions.begin(), f.solutions.end(), all[k].options),
                f.solutions.end())
          << where;
      EXPECT_TRUE(seen.insert(all[k].options).second) << where << ": a solution twice";
    }
    for (std::size_t k = 1; k <= n; ++k) {
      const auto some = z.cheapest(costs, k);
      ASSERT_EQ(some.size(), k) << where;
      for (std::size_t i = 0; i < k; ++i) {  // ties in the same order for every k
        EXPECT_EQ(some[i].cost, all[i].cost) << where;
        EXPECT_EQ(some[i].options, all[i].options) << where;
      }
    }

    // Written and read back: the same diagram, the same solutions.
    std::ostringstream text;
    z.write(text);
    std::istringstream in(text.str());
    const zdd back = dlx::read_zdd(in, where, next);
    EXPECT_EQ(back.size(), z.size()) << where;
    EXPECT_EQ(listed(back), f.solutions) << where;
    std::ostringstream again;
    back.write(again);
    EXPECT_EQ(again.str(), text.str()) << where;
  }
  // The mix held what it is meant to test.
  EXPECT_GT(products_of_products, 100u);
  EXPECT_GT(decisions_over_products, 100u);
  EXPECT_GT(nonempty, 600u);
}

TEST(ZddProduct, ListsEachFirstPartSolutionWithEverySecondPartSolution) {
  zdd z;
  // x = {{1}, {0}} (lo first: without option 0, then with it), y = {{3}, {2}}.
  const auto x = z.add(0, z.add(1, zdd::bottom, zdd::top), zdd::top);
  const auto y = z.add(2, z.add(3, zdd::bottom, zdd::top), zdd::top);
  const auto p = z.add_product(x, y);
  z.set_root(p);
  const std::vector<solution_t> order = {{1, 3}, {1, 2}, {0, 3}, {0, 2}};
  EXPECT_EQ(listed(z), order);
  for (std::size_t r = 0; r < order.size(); ++r)
    EXPECT_EQ(z.unrank(r), order[r]);
  z.set_root(z.add_product(y, x));  // the other order of the parts
  EXPECT_EQ(listed(z), (std::vector<solution_t>{{3, 1}, {3, 0}, {2, 1}, {2, 0}}));
  std::ostringstream text;
  z.set_root(p);
  z.write(text);
  EXPECT_EQ(text.str(),
            "2: (~2?0:1)\n3: (~1?2:1)\n4: (~4?0:1)\n5: (~3?4:1)\n6: (3&5)\n7: (5&3)\n"
            "8: (~0?0:6)\n");
}

TEST(ZddProduct, IsReducedAndKeptUnique) {
  zdd z;
  const auto x = z.add(0, zdd::bottom, zdd::top);
  const auto y = z.add(1, zdd::bottom, zdd::top);
  const std::size_t size = z.size();
  EXPECT_EQ(z.add_product(x, zdd::bottom), zdd::bottom);
  EXPECT_EQ(z.add_product(zdd::bottom, y), zdd::bottom);
  EXPECT_EQ(z.add_product(zdd::bottom, zdd::top), zdd::bottom);
  EXPECT_EQ(z.add_product(x, zdd::top), x);
  EXPECT_EQ(z.add_product(zdd::top, y), y);
  EXPECT_EQ(z.add_product(zdd::top, zdd::top), zdd::top);
  EXPECT_EQ(z.size(), size);  // none of those made a node
  const auto p = z.add_product(x, y);
  EXPECT_EQ(z.add_product(x, y), p);  // equal products are one node
  EXPECT_EQ(z.size(), size + 1);
  EXPECT_NE(z.add_product(y, x), p);  // the order of the parts is kept
  EXPECT_TRUE(zdd::is_product(z.at(p)));
  EXPECT_EQ(z.at(p).option, zdd::product);
  EXPECT_EQ(z.at(p).lo, x);
  EXPECT_EQ(z.at(p).hi, y);
  EXPECT_FALSE(zdd::is_product(z.at(x)));
  EXPECT_FALSE(zdd::is_product(z.at(zdd::top)));
  // A product as a decision node's child, shared with the product of products.
  const auto d = z.add(2, p, p);
  const auto q = z.add_product(p, z.add(3, zdd::bottom, zdd::top));
  z.set_root(z.add(4, d, q));
  EXPECT_EQ(listed(z), (std::vector<solution_t>{{0, 1}, {2, 0, 1}, {4, 0, 1, 3}}));
  EXPECT_THROW((void)z.add_product(x, 99), std::out_of_range);
  EXPECT_THROW((void)z.add_product(99, x), std::out_of_range);
  EXPECT_THROW((void)z.add(zdd::product, zdd::bottom, zdd::top), std::invalid_argument);
  EXPECT_THROW((void)z.add(~option_id{0}, zdd::bottom, zdd::top), std::invalid_argument);
  EXPECT_NO_THROW((void)z.add(zdd::product - 1, zdd::bottom, zdd::top));
}

// Counts past 2^128 come from products too: all subsets of 70 options times
// all subsets of 70 others, 2^140 sets, C(140, j) of size j. Rank r is the
// first part's rank r / 2^70 with the second's r mod 2^70; in each part the
// options are the 1 bits of its rank, listed from the top of its chain down.
TEST(ZddProduct, CountsAndRanksPastOneHundredTwentyEightBits) {
  zdd z;
  zdd::node_id a = zdd::top, b = zdd::top;
  for (option_id o = 0; o < 70; ++o) {
    a = z.add(o, a, a);
    b = z.add(70 + o, b, b);
  }
  z.set_root(z.add_product(a, b));
  EXPECT_EQ(z.count(), dlx::big_count(1) << 140);
  const auto by_size = z.count_by_size();
  ASSERT_EQ(by_size.size(), 141u);
  dlx::big_count binomial = 1;
  for (unsigned j = 0; j <= 140; ++j) {
    EXPECT_EQ(by_size[j], binomial) << j;
    binomial = binomial * (140 - j) / (j + 1);
  }
  const dlx::big_count rank = (((dlx::big_count(1) << 69) + 2) << 70) + (dlx::big_count(1) << 68);
  EXPECT_EQ(z.unrank(rank), (solution_t{69, 1, 138}));
  EXPECT_THROW((void)z.unrank(dlx::big_count(1) << 140), std::out_of_range);
  for (const solution_t& s : z.sample(20, 5)) {
    // The first part's options come first: options below 70, then the others.
    EXPECT_TRUE(std::is_partitioned(s.begin(), s.end(), [](option_id o) { return o < 70; }));
  }
  // Just inside 128 bits: 2^64 * 2^63 = 2^127.
  zdd small;
  zdd::node_id c = zdd::top, d = zdd::top;
  for (option_id o = 0; o < 64; ++o)
    c = small.add(o, c, c);
  for (option_id o = 0; o < 63; ++o)
    d = small.add(64 + o, d, d);
  small.set_root(small.add_product(c, d));
  EXPECT_EQ(small.count(), dlx::big_count(1) << 127);
  EXPECT_EQ(small.unrank((dlx::big_count(1) << 127) - 1).size(), 127u);
}

// 40 draws for each of the 216 solutions of a product of products, a decision
// node between them: uniform by the chi-square test.
TEST(ZddProduct, SamplesUniformly) {
  zdd z;
  option_id next = 0;
  auto three = [&] {  // {{o}, {o+1}, {o+2}}: three solutions of one option each
    std::vector<unsigned> sets = {1, 2, 4};
    const option_id base = next;
    next += 3;
    return plain_family(z, sets, base, 0, 3);
  };
  const family a = product_of(z, three(), three());                          // 9
  const family b = product_of(z, three(), product_of(z, three(), three()));  // 27
  const option_id o = next++;
  family d{z.add(o, a.node, b.node), a.solutions};  // 9 + 27 = 36
  for (const solution_t& s : b.solutions) {
    d.solutions.push_back({o});
    d.solutions.back().insert(d.solutions.back().end(), s.begin(), s.end());
  }
  const family root = product_of(z, d, product_of(z, three(), plain_family(z, {0, 3}, next, 0, 2)));
  z.set_root(root.node);
  ASSERT_EQ(z.count(), 216);
  ASSERT_EQ(listed(z), root.solutions);
  std::map<solution_t, std::size_t> rank;
  for (const solution_t& s : root.solutions)
    rank.emplace(s, rank.size());
  std::vector<double> counts(rank.size(), 0);
  for (const solution_t& s : z.sample(40 * rank.size(), 2604)) {
    auto it = rank.find(s);
    ASSERT_NE(it, rank.end()) << "a sample that is not a solution";
    ++counts[it->second];
  }
  EXPECT_TRUE(passes_chi_square(counts));
}

// Costs that saturate: every solution is still found, its cost 2^64 - 1.
TEST(ZddProduct, CheapestKeepsSolutionsWhoseCostSaturates) {
  zdd z;
  const auto x = z.add(0, z.add(1, zdd::bottom, zdd::top), zdd::top);
  const auto y = z.add(2, z.add(3, zdd::bottom, zdd::top), zdd::top);
  z.set_root(z.add_product(x, y));
  const std::uint64_t half = std::uint64_t{1} << 63;
  const std::vector<std::uint64_t> costs = {half, 5, half, 7};
  const auto best = z.cheapest(costs, 10);
  ASSERT_EQ(best.size(), 4u);
  EXPECT_EQ(best[0].cost, 12u);
  EXPECT_EQ(best[0].options, (solution_t{1, 3}));
  EXPECT_EQ(best[1].cost, half + 5);
  EXPECT_EQ(best[2].cost, half + 7);
  EXPECT_EQ(best[3].cost, ~std::uint64_t{0});
  EXPECT_EQ(best[3].options, (solution_t{0, 2}));
}

// Products nested 100,000 deep, leaning either way, of parts {{o}} and, for
// every 10,000th, {{100000 + o}, {o}}: 1,024 solutions of 100,000 options.
// Listing, unranking, the cheapest, writing and reading walk them without
// recursion.
TEST(ZddProduct, DeepProductsNeedNoDeepRecursion) {
  for (const bool left : {true, false}) {
    zdd z;
    zdd::node_id n = zdd::top;
    for (option_id o = 0; o < 100000; ++o) {
      const auto without = o % 10000 == 0 ? z.add(100000 + o, zdd::bottom, zdd::top) : zdd::bottom;
      const auto part = z.add(o, without, zdd::top);
      n = left ? z.add_product(n, part) : z.add_product(part, n);
    }
    z.set_root(n);
    EXPECT_EQ(z.count(), 1024);
    const solution_t first_one = z.unrank(0);
    ASSERT_EQ(first_one.size(), 100000u);
    EXPECT_EQ(first_one.front(), left ? 100000u : 99999u);
    EXPECT_EQ(first_one.back(), left ? 99999u : 100000u);
    auto it = z.solutions().begin();
    ASSERT_NE(it, std::default_sentinel);
    EXPECT_EQ(solution_t((*it).begin(), (*it).end()), first_one);
    ++it;
    EXPECT_EQ(solution_t((*it).begin(), (*it).end()), z.unrank(1));
    std::vector<std::uint64_t> costs(200000, 1);
    for (option_id o = 0; o < 100000; ++o)
      costs[o] = 0;
    const auto best = z.cheapest(costs, 2);
    ASSERT_EQ(best.size(), 2u);
    EXPECT_EQ(best[0].cost, 0u);
    EXPECT_EQ(best[1].cost, 1u);
    std::ostringstream text;
    z.write(text);
    std::istringstream in(text.str());
    const zdd back = dlx::read_zdd(in, "deep");
    EXPECT_EQ(back.size(), z.size());
    EXPECT_EQ(back.unrank(1000), z.unrank(1000));
  }
}

TEST(ZddText, ReadsProductLinesWithSinksAsParts) {
  std::istringstream in(
      "2: (~1?0:1)\n3: (~2?0:1)\n4: (2&3)\n5: (1&4)\n6: (0&2)\n7: (~3?5:6)\n8: (~0?0:7)\n");
  const zdd z = dlx::read_zdd(in, "t", 3);
  EXPECT_EQ(z.size(), 5u);  // 5 is 4; 6 is the bottom sink, so 7 is 4 too
  EXPECT_EQ(listed(z), (std::vector<solution_t>{{0, 1}}));
}

TEST(ZddText, BadProductLinesAreLocated) {
  const bad_text bad[] = {
      {"2: (~1?0:1)\n3: (2&5)\n4: (~0?0:3)\n",
       "t:2:7: node 5 is not defined on an earlier line (children come first)"},
      {"2: (~1?0:1)\n3: (4&2)\n", "t:2:5: node 4 is not defined on an earlier line"},
      {"2: (~1?0:1)\n3: (2 2)\n", "t:2:6: expected '&' before ' '"},
      {"2: (~1?0:1)\n3: (2\n", "t:2:6: expected '&' at the end of the line"},
      {"2: (~1?0:1)\n3: (2:2)\n", "t:2:6: expected '&' before ':'"},
      {"2: (~1?0:1)\n3: (2&)\n", "t:2:7: expected a second part in hexadecimal"},
      {"2: (~1?0:1)\n3: (2&1\n", "t:2:8: expected ')' at the end of the line"},
      {"2: (~1?0:1)\n3: (~2?0:1)\n4: (2&3) x\n", "t:3:10: unexpected text after ')'"},
      {"2: (~1?0:1)\n3: (~2?0:1)\n4: (2&3)&\n", "t:3:9: unexpected text after ')'"},
      {"2: (x1?0:1)\n", "t:1:5: expected '~' or a node id in hexadecimal before 'x'"},
      {"2: (\n", "t:1:5: expected '~' or a node id in hexadecimal at the end of the line"},
      {"1: (0&1)\n", "t:1:1: node ids 0 and 1 are the sinks"},
      {"2: (~1?0:1)\n3: (~2?0:1)\n3: (2&2)\n", "t:3:1: node 3 is defined twice (first on line 2)"},
      // The same part twice has options in both: the two solutions of {{0}}
      // together would have two options, and the diagram has one decision node.
      {"2: (~1?0:1)\n3: (2&2)\n4: (~0?0:3)\n",
       "t:2:5: the parts 2 and 2 are not over disjoint options (their solutions together "
       "reach 2 options; the diagram's decision nodes allow 1)"},
  };
  expect_refused_where_it_says(bad);
}

// Products of one node with itself, 60 deep, would make a solution of 2^60
// options: refused at the first one that cannot be over disjoint options.
TEST(ZddText, ProductsThatCannotBeDisjointAreRefused) {
  std::string text = "2: (~1?0:1)\n3: (~2?0:1)\n4: (2&3)\n";
  for (int k = 5; k < 65; ++k) {
    std::ostringstream line;
    line << std::hex << k << ": (" << k - 1 << '&' << k - 1 << ")\n";
    text += line.str();
  }
  text += "41: (~0?0:40)\n";
  std::istringstream in(text);
  try {
    (void)dlx::read_zdd(in, "t");
    ADD_FAILURE() << "accepted";
  } catch (const dlx::parse_error& e) {
    EXPECT_STREQ(e.what(),
                 "t:4:5: the parts 4 and 4 are not over disjoint options (their solutions "
                 "together reach 4 options; the diagram's decision nodes allow 2)");
  }
}

}  // namespace
