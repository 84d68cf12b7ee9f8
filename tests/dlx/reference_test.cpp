// Knuth's own figures: /work/shared/dlx-reference/ holds inputs in DLX1, DLX2
// (colors) and DLX3 (multiplicities) format with the solutions, nodes, updates
// and cleansings that his `dlx1`, `dlx2` and `dlx3` report for them. Both engines
// must reproduce every file's figures exactly. The tests skip when the
// shared folder is absent.
#include <gtest/gtest.h>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "encoders.hpp"
#include "reference_files.hpp"
#include "search_options.hpp"

namespace {

using test_support::reference_dir;
using test_support::with_seed;

struct reference_case {
  const char* file;
  std::uint64_t solutions;
  std::uint64_t nodes;
  std::uint64_t updates;
  std::uint64_t cleansings = 0;  // dlx1 and the MCC files' table do not list them: 0
  bool multiplicities = false;   // a dlx3 file
};

void PrintTo(const reference_case& c, std::ostream* os) {
  *os << c.file;
}

// From /work/shared/dlx-reference/README.md.
const reference_case reference_cases[] = {
    {"queens-8.dlx", 92, 1199, 21375},
    {"langford-7.dlx", 52, 607, 8339},
    {"pentomino-3x20.dlx", 8, 32892, 10949954},
    {"xcc-toy.dlx", 1, 4, 20, 3},
    {"xcc-ref-00.dlx", 77, 212, 1736, 159},
    {"xcc-ref-04.dlx", 1879, 2554, 8508, 1716},
    {"xcc-ref-05.dlx", 7, 22, 465, 30},
    {"mcc-ref-00.dlx", 3999, 6295, 6648, 0, true},
    {"mcc-ref-02.dlx", 437, 1020, 5514, 0, true},
    {"mcc-ref-05.dlx", 1, 8, 120, 0, true},
};

class Reference : public ::testing::TestWithParam<reference_case> {
 protected:
  // Reads the case's file; skips the test when it is not there.
  bool load(dlx::dlx_file& file) {
    const auto path = reference_dir / GetParam().file;
    if (!std::filesystem::is_regular_file(path)) return false;
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in) << path;
    file = dlx::read_dlx(in, path.string());
    return true;
  }
};

TEST_P(Reference, CountMatchesKnuthsPrograms) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  EXPECT_TRUE(file.warnings.empty());
  dlx::solver s(file.problem);
  const auto r = s.count();
  EXPECT_EQ(r.status, dlx::search_status::complete);
  EXPECT_EQ(r.solutions, GetParam().solutions);
  EXPECT_EQ(r.nodes, GetParam().nodes);
  EXPECT_EQ(r.updates, GetParam().updates);
  EXPECT_EQ(r.cleansings, GetParam().cleansings);
  EXPECT_TRUE(s.check_invariants());
}

TEST_P(Reference, EveryEngineMatches) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  EXPECT_EQ(file.problem.has_multiplicities(), GetParam().multiplicities);
  for (auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
    dlx::solver s(file.problem, engine);
    const auto r = s.count();
    const auto name = engine == dlx::engine_kind::bitset ? "bitset" : "links";
    EXPECT_EQ(r.solutions, GetParam().solutions) << name;
    EXPECT_EQ(r.nodes, GetParam().nodes) << name;
    EXPECT_EQ(r.updates, GetParam().updates) << name;
    EXPECT_EQ(r.cleansings, GetParam().cleansings) << name;
    EXPECT_TRUE(s.check_invariants()) << name;
  }
}

// Split over threads, the search still makes Knuth's choices: the totals are
// his programs' figures, whatever the number of threads and the engine.
TEST_P(Reference, ThreadsMatchKnuthsFigures) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  for (auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
    dlx::solver s(file.problem, engine);
    for (unsigned threads : {2U, 3U}) {
      dlx::search_options options;
      options.threads = threads;
      // With a visitor: a count this small would run on one thread (see
      // parallel_test.cpp), an enumeration is split whatever its size.
      std::atomic<std::uint64_t> visits{0};
      const auto r = s.enumerate(
          [&](std::span<const dlx::option_id>) {
            visits.fetch_add(1);
            return dlx::visit::next;
          },
          options);
      EXPECT_EQ(visits.load(), GetParam().solutions);
      const auto where = ::testing::Message()
                         << (engine == dlx::engine_kind::bitset ? "bitset" : "links") << ", "
                         << threads << " threads";
      EXPECT_EQ(r.status, dlx::search_status::complete) << where;
      EXPECT_EQ(r.solutions, GetParam().solutions) << where;
      EXPECT_EQ(r.nodes, GetParam().nodes) << where;
      EXPECT_EQ(r.updates, GetParam().updates) << where;
      EXPECT_EQ(r.cleansings, GetParam().cleansings) << where;
      EXPECT_TRUE(s.check_invariants()) << where;
    }
  }
}

TEST_P(Reference, EnumerateAndLazyRangeCountAlike) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  dlx::solver s(file.problem);
  std::uint64_t visits = 0;
  const auto r = s.enumerate([&](std::span<const dlx::option_id>) {
    ++visits;
    return dlx::visit::next;
  });
  EXPECT_EQ(visits, GetParam().solutions);
  EXPECT_EQ(r.nodes, GetParam().nodes);
  EXPECT_EQ(r.updates, GetParam().updates);
  EXPECT_EQ(r.cleansings, GetParam().cleansings);

  auto range = s.solutions();
  std::uint64_t lazy = 0;
  for ([[maybe_unused]] auto solution : range)
    ++lazy;
  EXPECT_EQ(lazy, GetParam().solutions);
  EXPECT_EQ(range.result().nodes, GetParam().nodes);
  EXPECT_EQ(range.result().updates, GetParam().updates);
}

// A search stopped at any solution must leave the solver as it found it (the
// MCC engine once left an item inactive when stopped inside a tweaked branch).
TEST_P(Reference, SearchesStoppedAtAnySolutionRestoreTheSolver) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  dlx::solver s(file.problem);
  const std::uint64_t last = std::min<std::uint64_t>(GetParam().solutions, 60);
  for (std::uint64_t limit = 1; limit <= last; ++limit) {
    dlx::search_options options;
    options.limit = limit;
    EXPECT_EQ(s.count(options).solutions, limit);
    ASSERT_TRUE(s.check_invariants()) << "after stopping at solution " << limit;
  }
  const auto r = s.count();
  EXPECT_EQ(r.solutions, GetParam().solutions);
  EXPECT_EQ(r.nodes, GetParam().nodes);
  EXPECT_EQ(r.updates, GetParam().updates);
}

TEST_P(Reference, SeededCountFindsTheSameNumber) {
  dlx::dlx_file file;
  if (!load(file)) GTEST_SKIP() << "no " << GetParam().file << " in " << reference_dir;
  dlx::solver s(file.problem);
  for (std::uint64_t seed : {1u, 2u}) {
    const auto r = s.count(with_seed(seed));
    EXPECT_EQ(r.status, dlx::search_status::complete);
    EXPECT_EQ(r.solutions, GetParam().solutions) << "seed " << seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Knuth, Reference, ::testing::ValuesIn(reference_cases),
                         [](const auto& test) {
                           return test_support::reference_test_name(test.param.file);
                         });

// The encoders of examples/ against the reference files. A full count's nodes
// and updates depend on the items (their order decides ties) and on the options
// as a set, not on the order of the options; so an encoder with the same items
// and the same options, in any order, must reproduce Knuth's figures.
std::multiset<std::vector<std::string>> options_by_name(const dlx::problem& p,
                                                        bool primary_only = false) {
  std::multiset<std::vector<std::string>> out;
  for (dlx::option_id o = 0; o < p.option_count(); ++o) {
    std::vector<std::string> names;
    for (dlx::item_id i : p.option(o)) {
      if (!primary_only || p.kind(i) == dlx::item_kind::primary) names.emplace_back(p.name(i));
    }
    std::sort(names.begin(), names.end());
    out.insert(std::move(names));
  }
  return out;
}

void expect_same_items(const dlx::problem& expected, const dlx::problem& actual) {
  ASSERT_EQ(actual.item_count(), expected.item_count());
  for (dlx::item_id i = 0; i < expected.item_count(); ++i) {
    EXPECT_EQ(actual.name(i), expected.name(i)) << "item " << i;
    EXPECT_EQ(actual.kind(i), expected.kind(i)) << "item " << i;
  }
}

class ReferenceEncoders : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::is_directory(reference_dir)) GTEST_SKIP() << "no " << reference_dir;
  }
  static dlx::problem read_reference(const char* file) {
    std::ifstream in(reference_dir / file, std::ios::binary);
    EXPECT_TRUE(in) << file;
    return dlx::read_dlx(in, file).problem;
  }
  static void expect_figures(const dlx::problem& p, const reference_case& expected) {
    dlx::solver s(p);
    const auto r = s.count();
    EXPECT_EQ(r.solutions, expected.solutions) << expected.file;
    EXPECT_EQ(r.nodes, expected.nodes) << expected.file;
    EXPECT_EQ(r.updates, expected.updates) << expected.file;
  }
};

TEST_F(ReferenceEncoders, Queens8) {
  const dlx::problem reference = read_reference("queens-8.dlx");
  const dlx::problem encoded = examples::queens(8);
  expect_same_items(reference, encoded);
  // The reference numbers the b diagonals the other way round (b(n-1-j+i) where
  // the encoder has b(n-1-i+j)): compare the options on their primary items.
  EXPECT_EQ(options_by_name(encoded, true), options_by_name(reference, true));
  expect_figures(encoded, reference_cases[0]);
}

TEST_F(ReferenceEncoders, Langford7) {
  const dlx::problem reference = read_reference("langford-7.dlx");
  const dlx::problem encoded = examples::langford(7);
  expect_same_items(reference, encoded);
  EXPECT_EQ(options_by_name(encoded), options_by_name(reference));
  expect_figures(encoded, reference_cases[1]);
}

TEST_F(ReferenceEncoders, Pentomino3x20) {
  const dlx::problem reference = read_reference("pentomino-3x20.dlx");
  const dlx::problem encoded = examples::pentominoes(3, 20);
  expect_same_items(reference, encoded);
  EXPECT_EQ(options_by_name(encoded), options_by_name(reference));  // orientations in another order
  expect_figures(encoded, reference_cases[2]);
}

}  // namespace
