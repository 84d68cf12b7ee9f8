// The published counts of issue 13, in full (published_problems.hpp): N-queens
// 12 to 15, Langford pairs 11 and 12, pentominoes in 6x10, A001499 for 6 and 7.
// Each with 1, 2 and 3 threads, and with dlx-mpi on 1 to 4 ranks (the longest
// on 3), with the same nodes, updates and cleansings every time; and
// pentominoes in 5x12. About a
// minute in a Release build, so it is built only there (tests/dlx/CMakeLists.txt).
#include <gtest/gtest.h>
#include <unistd.h>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>

#include <functional>
#include <sstream>
#include <string>

#include "published_problems.hpp"
#include "run_command.hpp"

namespace {

class PublishedCounts : public ::testing::TestWithParam<test_support::published_problem> {};

TEST_P(PublishedCounts, EveryThreadCountAndEveryRankCountGivesThem) {
  const dlx::problem p = GetParam().make();
  dlx::solver s(p);
  const auto one = s.count();
  EXPECT_EQ(one.solutions, GetParam().solutions);
  for (unsigned threads : {2U, 3U}) {
    dlx::search_options options;
    options.threads = threads;
    const auto r = s.count(options);
    EXPECT_EQ(r.solutions, one.solutions) << threads;
    EXPECT_EQ(r.nodes, one.nodes) << threads;
    EXPECT_EQ(r.updates, one.updates) << threads;
    EXPECT_EQ(r.cleansings, one.cleansings) << threads;
    EXPECT_EQ(r.branches, one.branches) << threads;
  }
#if defined(DLX_MPI)
  std::ostringstream text;
  dlx::write_dlx(text, p);
  const auto path =
      test_support::write_temp_file(std::string(GetParam().name) + ".dlx", text.str());
  const std::string figures = std::to_string(one.solutions) + " solutions, " +
                              std::to_string(one.nodes) + " nodes, " + std::to_string(one.updates) +
                              " updates, " + std::to_string(one.cleansings) + " cleansings, " +
                              std::to_string(one.branches) + " branches";
  test_support::ignore_leaks_in_children();
  // Every rank count from 1 to 4; the two longest searches (over 500M updates:
  // queens 15, pentominoes 6x10, a minute of the test's CPU between them) on 3
  // ranks only, the uneven split: the smaller problems here and the sanitizer
  // build's DlxMpi tests try the others.
  const bool long_search = one.updates > 500'000'000;
  const int fewest = long_search ? 3 : 1, most = long_search ? 3 : 4;
  for (int ranks = fewest; ranks <= most; ++ranks) {
    std::vector<std::string> argv{DLX_MPIEXEC, "--oversubscribe", "--bind-to", "none"};
    if (geteuid() == 0) argv.emplace_back("--allow-run-as-root");
    argv.insert(argv.end(), {"-np", std::to_string(ranks), DLX_MPI, "--count", "--stats", path});
    const auto r = test_support::run_command(argv);
    EXPECT_EQ(r.exit_code, 0) << ranks << ": " << r.err;
    EXPECT_EQ(r.out, std::to_string(GetParam().solutions) + "\n") << ranks;
    EXPECT_TRUE(test_support::contains(r.err, "dlx-mpi: " + figures)) << ranks << ": " << r.err;
  }
#endif
}

INSTANTIATE_TEST_SUITE_P(Issue13, PublishedCounts,
                         ::testing::ValuesIn(test_support::all_published_problems()),
                         test_support::published_name);

// 1,010 packings (Haselgrove), each counted with its 4 symmetries.
TEST(PublishedPentominoes, Rectangle5x12) {
  const dlx::problem p = examples::pentominoes(5, 12);
  const auto r = dlx::solver(p).count();
  EXPECT_EQ(r.status, dlx::search_status::complete);
  EXPECT_EQ(r.solutions, 4040U);
}

}  // namespace
