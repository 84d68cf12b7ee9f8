// Branching on conflicts (dlx::branching::conflicts) against Knuth's choice, on
// his reference problems (../shared/dlx-reference) with and without
// propagation: the same solutions, a search that learns (its tree differs) but
// learns the same way every time, and clear errors where it cannot run.
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

dlx::search_options conflicts(dlx::propagation p) {
  dlx::search_options o = test_support::with_propagation(p);
  o.branching = dlx::branching::conflicts;
  return o;
}

std::vector<std::vector<dlx::option_id>> sorted_solutions(dlx::solver& s,
                                                          const dlx::search_options& o) {
  std::vector<std::vector<dlx::option_id>> out;
  s.enumerate(
      [&](std::span<const dlx::option_id> solution) {
        out.emplace_back(solution.begin(), solution.end());
        std::sort(out.back().begin(), out.back().end());
        return dlx::visit::next;
      },
      o);
  std::sort(out.begin(), out.end());
  return out;
}

struct branching_case {
  const char* file;
  bool learns;  // some setting's tree differs from Knuth's (xcc-ref-04's dead ends never tip it)
};

class Branching : public ::testing::TestWithParam<branching_case> {};

TEST_P(Branching, ConflictsFindTheSameSolutionsInATreeOfTheirOwn) {
  const fs::path path = reference_dir / GetParam().file;
  if (!fs::is_regular_file(path)) GTEST_SKIP() << "no " << path;
  std::ifstream in(path, std::ios::binary);
  const dlx::dlx_file file = dlx::read_dlx(in, path.string());
  dlx::solver s(file.problem, dlx::engine_kind::bitset);
  const dlx::search_result knuth = s.count();
  const auto expected = sorted_solutions(s, {});
  ASSERT_EQ(expected.size(), knuth.solutions);

  bool learnt = false;  // some setting's tree differs from Knuth's
  for (dlx::propagation p :
       {dlx::propagation::none, dlx::propagation::forced, dlx::propagation::pairs}) {
    SCOPED_TRACE(static_cast<int>(p));
    const dlx::search_result mrv = s.count(test_support::with_propagation(p));
    const dlx::search_result first = s.count(conflicts(p));
    EXPECT_EQ(first.solutions, knuth.solutions);
    EXPECT_EQ(sorted_solutions(s, conflicts(p)), expected);
    learnt = learnt || first.nodes != mrv.nodes;
    // Each search starts from no scores: the same tree every time.
    const dlx::search_result again = s.count(conflicts(p));
    EXPECT_EQ(again.nodes, first.nodes);
    EXPECT_EQ(again.updates, first.updates);
    EXPECT_TRUE(s.check_invariants());
  }
  EXPECT_EQ(learnt, GetParam().learns) << "whether the tree differs from Knuth's";
  // Up to a limit, then on: the solutions found so far count.
  dlx::search_options two = conflicts(dlx::propagation::pairs);
  two.limit = 2;
  EXPECT_EQ(s.count(two).solutions, std::min<std::uint64_t>(2, knuth.solutions));
  // And the solver is left as found: Knuth's counts again.
  const dlx::search_result after = s.count();
  EXPECT_EQ(after.nodes, knuth.nodes);
  EXPECT_EQ(after.updates, knuth.updates);
}

INSTANTIATE_TEST_SUITE_P(Knuth, Branching,
                         ::testing::Values(branching_case{"langford-7.dlx", true},
                                           branching_case{"pentomino-3x20.dlx", true},
                                           branching_case{"queens-8.dlx", true},
                                           branching_case{"xcc-ref-00.dlx", true},
                                           branching_case{"xcc-ref-04.dlx", false}),
                         [](const ::testing::TestParamInfo<branching_case>& param) {
                           return test_support::reference_test_name(param.param.file);
                         });

TEST(Branching, ConflictsRefusedWhereTheyCannotLearn) {
  dlx::problem p(2, 0);
  p.add_option(std::vector<dlx::item_id>{0});
  p.add_option(std::vector<dlx::item_id>{1});
  p.add_option(std::vector<dlx::item_id>{0, 1});
  const dlx::search_options o = conflicts(dlx::propagation::none);

  dlx::solver links(p, dlx::engine_kind::dancing_links);
  EXPECT_THROW(links.count(o), std::invalid_argument);
  EXPECT_EQ(links.count().solutions, 2u);  // still usable

  dlx::solver bits(p, dlx::engine_kind::bitset);
  EXPECT_EQ(bits.count(o).solutions, 2u);
  dlx::search_options threads = o;
  threads.threads = 2;
  EXPECT_THROW(bits.count(threads), std::invalid_argument);
  dlx::search_options seeded = o;
  seeded.seed = 7;
  EXPECT_THROW(bits.count(seeded), std::invalid_argument);
  EXPECT_THROW(bits.split(2, o), std::invalid_argument);
  const std::vector<dlx::option_id> node{2};
  dlx::search_options below = o;
  below.subtree = node;
  EXPECT_THROW(bits.count(below), std::invalid_argument);
  EXPECT_EQ(bits.count(o).solutions, 2u);  // still usable

  dlx::problem m;
  m.add_item(dlx::item_bounds{1, 2});
  m.add_option(std::vector<dlx::item_id>{0});
  m.add_option(std::vector<dlx::item_id>{0});
  dlx::solver multi(m, dlx::engine_kind::bitset);
  EXPECT_THROW(multi.count(o), std::invalid_argument);
  EXPECT_EQ(multi.count().solutions, 3u);
}

}  // namespace
