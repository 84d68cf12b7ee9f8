// The memoized search (dlx::build_zdd, Knuth's Algorithm Z as his DLX6 runs it)
// and the diagram it returns (dlx::zdd), against outside truth:
// - Knuth's dlx6 figures on the team's dlx-reference files (its README), and
//   those of his dlx6-noMRV change file for --branch first;
// - published counts: domino tilings of boards (OEIS A004003 and A099390) and
//   of Aztec diamonds (2^(n(n+1)/2)); the largest are in
//   memo_published_test.cpp, built in Release only;
// - the plain search of the same problem (same solutions, in the same order);
// - uniformity of sampling by a chi-square test, seeded so it is repeatable.
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
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "encoders.hpp"
#include "reference_files.hpp"

namespace {

using dlx::option_id;
using solution_t = std::vector<option_id>;

const std::filesystem::path reference_dir = DLX_SHARED_DIR "/dlx-reference/";

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

constexpr auto first = dlx::memo_branching::first;

const dlx6_case cases[] = {
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
    {"queens-8.dlx", 92, 1395, 23663, 0, 426, 840, 334, 222, first},
    {"langford-7.dlx", 52, 1713, 21130, 0, 222, 1241, 170, 303, first},
    {"domino-6x6.dlx", 6728, 375, 1643, 0, 365, 11, 245, 120, first},
    {"aztec-4.dlx", 1024, 404, 1766, 0, 376, 27, 264, 114, first},
    {"xcc-toy.dlx", 1, 5, 18, 4, 4, 2, 3, 1, first},
    {"xcc-ref-00.dlx", 77, 396, 4421, 538, 185, 135, 116, 146, first},
    {"xcc-ref-04.dlx", 1879, 839, 8159, 744, 827, 6, 208, 626, first},
    {"xcc-ref-05.dlx", 7, 27, 635, 38, 19, 9, 12, 7, first},
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

INSTANTIATE_TEST_SUITE_P(Knuth, Dlx6, ::testing::ValuesIn(cases), [](const auto& test) {
  return test_support::reference_test_name(test.param.file) +
         (test.param.branching == first ? "_noMRV" : "");
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

// 56,200 draws among the 281 tilings of the 4 x 6 board: the chi-square
// statistic lies between the 0.1% and 99.9% quantiles of its distribution with
// 280 degrees of freedom (Wilson and Hilferty's approximation, z = 3.090). A
// sampler that favoured some tilings, or one that dealt them out in turn, fails.
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
  const double expected = static_cast<double>(draws) / static_cast<double>(n);
  double chi2 = 0;
  for (double c : counts)
    chi2 += (c - expected) * (c - expected) / expected;
  const double k = static_cast<double>(n - 1);
  auto quantile = [&](double z) {
    return k * std::pow(1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k)), 3);
  };
  EXPECT_LT(chi2, quantile(3.090));
  EXPECT_GT(chi2, quantile(-3.090));
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

}  // namespace
