// Rules (dlx/rule.hpp): code that judges and prunes a search besides exact
// cover. Outside truth: permutations of n as an exact cover (rows and columns
// as items, an option per square), counted with rules against the
// permutations themselves, walked by std::next_permutation: derangements (a
// rule that removes options), even permutations (a rule that judges only
// whole solutions) and both at once, under every propagation setting, on one
// thread and two, with preselection; and the engines that cannot keep rules
// refuse them.
#include <gtest/gtest.h>
#include <dlx/memo.hpp>
#include <dlx/rule.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <vector>

// A named namespace: the test executables are unity builds, and the
// helpers' names are common ones (brute_force, every_setting).
namespace rule_test {

using dlx::option_id;

// Option r * n + c puts row r's mark in column c.
dlx::problem permutations(int n) {
  dlx::problem p(static_cast<std::size_t>(2 * n));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c)
      p.add_option({static_cast<dlx::item_id>(r), static_cast<dlx::item_id>(n + c)});
  }
  return p;
}

// Each taken option's (row, column), -1 where the row has none yet.
std::vector<int> columns_taken(const dlx::search_state& s, int n) {
  std::vector<int> column(static_cast<std::size_t>(n), -1);
  const auto note = [&](std::span<const option_id> options) {
    for (option_id o : options)
      column[o / static_cast<unsigned>(n)] = static_cast<int>(o % static_cast<unsigned>(n));
  };
  note(s.preselected());
  note(s.chosen());
  return column;
}

// No row in its own column: removes those options while they are active.
struct derangement final : dlx::rule {
  int n;
  explicit derangement(int size) : n(size) {}
  bool propagate(const dlx::search_state& s, std::vector<option_id>& removed) const override {
    const std::vector<int> column = columns_taken(s, n);
    for (int r = 0; r < n; ++r) {
      if (column[static_cast<std::size_t>(r)] == r) return false;
      const auto own = static_cast<option_id>(r * n + r);
      if (s.active(own)) removed.push_back(own);
    }
    return true;
  }
};

// An even number of inversions, judged only once every row has its column.
struct even final : dlx::rule {
  int n;
  explicit even(int size) : n(size) {}
  bool propagate(const dlx::search_state& s, std::vector<option_id>&) const override {
    const std::vector<int> column = columns_taken(s, n);
    if (std::count(column.begin(), column.end(), -1) != 0) return true;
    int inversions = 0;
    for (int a = 0; a < n; ++a) {
      for (int b = a + 1; b < n; ++b)
        inversions += column[static_cast<std::size_t>(a)] > column[static_cast<std::size_t>(b)];
    }
    return inversions % 2 == 0;
  }
};

// How many permutations of n keep `keep` (with row 0 in column `first` when
// first >= 0).
template <class Keep>
std::uint64_t brute_force(int n, Keep keep, int first = -1) {
  std::vector<int> column(static_cast<std::size_t>(n));
  std::iota(column.begin(), column.end(), 0);
  std::uint64_t count = 0;
  do {
    if ((first < 0 || column[0] == first) && keep(column)) ++count;
  } while (std::next_permutation(column.begin(), column.end()));
  return count;
}

bool deranged(const std::vector<int>& column) {
  for (std::size_t r = 0; r < column.size(); ++r) {
    if (column[r] == static_cast<int>(r)) return false;
  }
  return true;
}
bool is_even(const std::vector<int>& column) {
  int inversions = 0;
  for (std::size_t a = 0; a < column.size(); ++a) {
    for (std::size_t b = a + 1; b < column.size(); ++b)
      inversions += column[a] > column[b];
  }
  return inversions % 2 == 0;
}

constexpr dlx::propagation every_setting[] = {dlx::propagation::none, dlx::propagation::forced,
                                              dlx::propagation::pairs, dlx::propagation::groups};

TEST(Rules, CountAsTheirPermutationsDo) {
  for (int n = 2; n <= 7; ++n) {
    for (int which = 0; which < 3; ++which) {
      dlx::problem p = permutations(n);
      if (which != 1) p.add_rule(std::make_shared<derangement>(n));
      if (which != 0) p.add_rule(std::make_shared<even>(n));
      const std::uint64_t expected = brute_force(n, [&](const std::vector<int>& c) {
        return (which == 1 || deranged(c)) && (which == 0 || is_even(c));
      });
      for (dlx::propagation setting : every_setting) {
        for (unsigned threads : {1U, 2U}) {
          dlx::solver s(p);
          dlx::search_options o;
          o.propagation = setting;
          o.threads = threads;
          const auto r = s.count(o);
          EXPECT_EQ(r.solutions, expected) << "n = " << n << ", rules " << which;
          EXPECT_EQ(r.status, dlx::search_status::complete);
        }
      }
    }
  }
}

TEST(Rules, EverySolutionKeepsThem) {
  const int n = 6;
  dlx::problem p = permutations(n);
  p.add_rule(std::make_shared<derangement>(n));
  p.add_rule(std::make_shared<even>(n));
  dlx::solver s(p);
  std::uint64_t seen = 0;
  s.enumerate([&](std::span<const option_id> solution) {
    std::vector<int> column(static_cast<std::size_t>(n), -1);
    for (option_id o : solution)
      column[o / n] = static_cast<int>(o % n);
    EXPECT_TRUE(deranged(column) && is_even(column));
    ++seen;
    return dlx::visit::next;
  });
  EXPECT_EQ(seen, brute_force(n, [](const auto& c) { return deranged(c) && is_even(c); }));
}

TEST(Rules, PropagationRemovesOptionsBeforeABranch) {
  // With the derangement's options gone at the root, the search takes fewer
  // nodes than one that only learns of them at each node.
  const int n = 7;
  dlx::problem p = permutations(n);
  p.add_rule(std::make_shared<derangement>(n));
  dlx::solver a(p), b(p);
  dlx::search_options judging, pruning;
  judging.propagation = dlx::propagation::none;
  pruning.propagation = dlx::propagation::forced;
  const auto slow = a.count(judging), fast = b.count(pruning);
  EXPECT_EQ(slow.solutions, fast.solutions);
  EXPECT_GT(fast.eliminated, 0U);
  EXPECT_LT(fast.nodes, slow.nodes);
}

TEST(Rules, SeePreselectedOptions) {
  const int n = 6;
  dlx::problem p = permutations(n);
  p.add_rule(std::make_shared<derangement>(n));
  p.add_rule(std::make_shared<even>(n));
  for (int first = 0; first < n; ++first) {
    dlx::solver s(p);
    ASSERT_FALSE(s.preselect(static_cast<option_id>(first)));
    const auto r = s.count();
    EXPECT_EQ(r.solutions, brute_force(
                               n, [](const auto& c) { return deranged(c) && is_even(c); }, first))
        << "row 0 in column " << first;
  }
}

TEST(Rules, OnlyTheBitsetEngineKeepsThem) {
  dlx::problem p = permutations(4);
  p.add_rule(std::make_shared<derangement>(4));
  EXPECT_THROW(dlx::solver(p, dlx::engine_kind::dancing_links), dlx::problem_error);
  EXPECT_EQ(dlx::solver(p).engine(), dlx::engine_kind::bitset);
  EXPECT_THROW((void)dlx::build_zdd(p), std::invalid_argument);
}

}  // namespace rule_test
