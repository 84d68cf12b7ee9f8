// The encoders of examples/ solved by dlx::solver, against published counts:
// N queens (OEIS A000170), Langford pairs (OEIS A014552, counted here with
// reversals, so twice the sequence), and the pentomino rectangles (2339, 1010,
// 368 and 2 packings of 6x10, 5x12, 4x15 and 3x20, each counted 4 times, once
// per symmetry of the rectangle). Each solution found is also decoded and checked
// against the puzzle's own rules, so that an encoder and a solver cannot agree on
// a wrong answer.
#include <gtest/gtest.h>
#include <dlx/solver.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "encoders.hpp"

namespace {

using dlx::option_id;
using dlx::visit;

// The number after `prefix` in an item name such as "r12" or "s3".
int number_after(std::string_view name, std::string_view prefix) {
  EXPECT_TRUE(name.starts_with(prefix)) << name;
  return std::stoi(std::string(name.substr(prefix.size())));
}

// ---- N queens

struct queens_case {
  int n;
  std::uint64_t solutions;
};

void PrintTo(const queens_case& c, std::ostream* os) {
  *os << "n=" << c.n << " solutions=" << c.solutions;
}

class QueensCount : public ::testing::TestWithParam<queens_case> {};

TEST_P(QueensCount, MatchesOeisA000170) {
  const auto [n, expected] = GetParam();
  const dlx::problem p = examples::queens(n);
  EXPECT_EQ(p.primary_count(), static_cast<std::size_t>(2 * n));
  EXPECT_EQ(p.secondary_count(), static_cast<std::size_t>(2 * (2 * n - 1)));
  EXPECT_EQ(p.option_count(), static_cast<std::size_t>(n * n));
  dlx::solver s(p);
  const auto r = s.count();
  EXPECT_EQ(r.status, dlx::search_status::complete);
  EXPECT_EQ(r.solutions, expected);
}

INSTANTIATE_TEST_SUITE_P(Examples, QueensCount,
                         ::testing::Values(queens_case{1, 1}, queens_case{2, 0}, queens_case{3, 0},
                                           queens_case{4, 2}, queens_case{5, 10}, queens_case{6, 4},
                                           queens_case{7, 40}, queens_case{8, 92},
                                           queens_case{9, 352}, queens_case{10, 724},
                                           queens_case{11, 2680}, queens_case{12, 14200}),
                         [](const auto& test) { return "N" + std::to_string(test.param.n); });

TEST(Queens, SolutionsArePeacefulBoards) {
  for (int n : {4, 6, 8}) {
    const dlx::problem p = examples::queens(n);
    dlx::solver s(p);
    std::set<std::vector<int>> boards;
    s.enumerate([&](std::span<const option_id> solution) {
      std::vector<int> column_of_row(n, -1);
      for (option_id o : solution) {
        int r = -1, c = -1;
        for (dlx::item_id i : p.option(o)) {
          const std::string_view name = p.name(i);
          if (name[0] == 'r') r = number_after(name, "r");
          if (name[0] == 'c') c = number_after(name, "c");
        }
        EXPECT_GE(r, 0);
        EXPECT_GE(c, 0);
        EXPECT_EQ(column_of_row[r], -1) << "two queens on row " << r;
        column_of_row[r] = c;
      }
      for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
          EXPECT_NE(column_of_row[a], column_of_row[b]) << "same column";
          EXPECT_NE(std::abs(column_of_row[a] - column_of_row[b]), b - a) << "same diagonal";
        }
      }
      boards.insert(column_of_row);
      return visit::next;
    });
    EXPECT_EQ(boards.size(), n == 4 ? 2u : n == 6 ? 4u : 92u) << n;
  }
}

TEST(Queens, RejectsNonPositiveSizes) {
  EXPECT_THROW(examples::queens(0), std::invalid_argument);
  EXPECT_THROW(examples::queens(-3), std::invalid_argument);
}

// ---- Langford pairs

struct langford_case {
  int n;
  std::uint64_t solutions;
};

void PrintTo(const langford_case& c, std::ostream* os) {
  *os << "n=" << c.n << " solutions=" << c.solutions;
}

class LangfordCount : public ::testing::TestWithParam<langford_case> {};

TEST_P(LangfordCount, MatchesOeisA014552TimesTwo) {
  const auto [n, expected] = GetParam();
  const dlx::problem p = examples::langford(n);
  EXPECT_EQ(p.primary_count(), static_cast<std::size_t>(3 * n));
  EXPECT_EQ(p.secondary_count(), 0u);
  dlx::solver s(p);
  const auto r = s.count();
  EXPECT_EQ(r.status, dlx::search_status::complete);
  EXPECT_EQ(r.solutions, expected);
}

// Langford sequences exist only for n = 0 or 3 (mod 4).
INSTANTIATE_TEST_SUITE_P(Examples, LangfordCount,
                         ::testing::Values(langford_case{1, 0}, langford_case{2, 0},
                                           langford_case{3, 2}, langford_case{4, 2},
                                           langford_case{5, 0}, langford_case{6, 0},
                                           langford_case{7, 52}, langford_case{8, 300}),
                         [](const auto& test) { return "N" + std::to_string(test.param.n); });

TEST(Langford, SolutionsAreLangfordSequences) {
  for (int n : {3, 4, 7}) {
    const dlx::problem p = examples::langford(n);
    dlx::solver s(p);
    std::set<std::vector<int>> sequences;
    s.enumerate([&](std::span<const option_id> solution) {
      std::vector<int> sequence(2 * n, 0);
      for (option_id o : solution) {
        int value = 0;
        std::vector<int> slots;
        for (dlx::item_id i : p.option(o)) {
          const std::string_view name = p.name(i);
          if (name[0] == 'v') value = number_after(name, "v");
          if (name[0] == 's') slots.push_back(number_after(name, "s"));
        }
        EXPECT_EQ(slots.size(), 2u);
        for (int slot : slots) {
          EXPECT_EQ(sequence.at(slot - 1), 0) << "slot " << slot << " used twice";
          sequence.at(slot - 1) = value;
        }
      }
      // Each k appears twice with exactly k numbers between the two copies.
      for (int k = 1; k <= n; ++k) {
        std::vector<int> at;
        for (int j = 0; j < 2 * n; ++j) {
          if (sequence[j] == k) at.push_back(j);
        }
        EXPECT_EQ(at.size(), 2u) << k;
        if (at.size() == 2) {
          EXPECT_EQ(at[1] - at[0], k + 1) << k;
        }
      }
      sequences.insert(sequence);
      return visit::next;
    });
    // Distinct, and closed under reversal.
    for (const auto& sq : sequences)
      EXPECT_TRUE(sequences.count(std::vector<int>(sq.rbegin(), sq.rend()))) << n;
    if (n == 3) {
      EXPECT_EQ(sequences, (std::set<std::vector<int>>{{2, 3, 1, 2, 1, 3}, {3, 1, 2, 1, 3, 2}}));
    }
    if (n == 7) {
      EXPECT_EQ(sequences.size(), 52u);
    }
  }
}

TEST(Langford, RejectsNonPositiveSizes) {
  EXPECT_THROW(examples::langford(0), std::invalid_argument);
}

// ---- Pentominoes

std::uint64_t count_pentominoes(int width, int height) {
  const dlx::problem p = examples::pentominoes(width, height);
  EXPECT_EQ(p.primary_count(), 12u + 60u);
  EXPECT_EQ(p.secondary_count(), 0u);
  dlx::solver s(p);
  const auto r = s.count();
  EXPECT_EQ(r.status, dlx::search_status::complete);
  return r.solutions;
}

TEST(Pentominoes, Rectangle3x20) {
  EXPECT_EQ(count_pentominoes(3, 20), 8u);
}
TEST(Pentominoes, Rectangle4x15) {
  EXPECT_EQ(count_pentominoes(4, 15), 1472u);
}
// 5x12 and 6x10, seconds each in Release, are counted there alone
// (published_counts_test.cpp).

TEST(Pentominoes, RejectsRectanglesThatAreNot60Cells) {
  EXPECT_THROW(examples::pentominoes(7, 10), std::invalid_argument);
  EXPECT_THROW(examples::pentominoes(0, 60), std::invalid_argument);
  EXPECT_THROW(examples::pentominoes(-6, -10), std::invalid_argument);
}

// Every option is one piece on five cells that form that piece in one of its
// orientations; across the board each piece shows all of its fixed orientations:
// 63 in all (OEIS A000988), F L N P Y with 8, T U V W Z with 4, I with 2, X with 1.
TEST(Pentominoes, OptionsAreThePiecesInEveryOrientation) {
  const dlx::problem p = examples::pentominoes(6, 10);
  std::map<std::string, std::set<std::vector<std::pair<int, int>>>> shapes;
  for (option_id o = 0; o < p.option_count(); ++o) {
    std::string piece;
    std::vector<std::pair<int, int>> cells;
    for (dlx::item_id i : p.option(o)) {
      const std::string name(p.name(i));
      if (name.size() == 1) {
        EXPECT_TRUE(piece.empty()) << "two pieces in option " << o;
        piece = name;
      } else {
        const auto c = name.find('c');
        cells.emplace_back(std::stoi(name.substr(1, c - 1)), std::stoi(name.substr(c + 1)));
      }
    }
    ASSERT_FALSE(piece.empty()) << "no piece in option " << o;
    ASSERT_EQ(cells.size(), 5u) << "option " << o;
    std::sort(cells.begin(), cells.end());
    // Connected through edges?
    std::vector<bool> reached(5, false);
    std::vector<int> todo = {0};
    reached[0] = true;
    while (!todo.empty()) {
      const int k = todo.back();
      todo.pop_back();
      for (int m = 0; m < 5; ++m) {
        const int d =
            std::abs(cells[k].first - cells[m].first) + std::abs(cells[k].second - cells[m].second);
        if (!reached[m] && d == 1) reached[m] = true, todo.push_back(m);
      }
    }
    EXPECT_EQ(std::count(reached.begin(), reached.end(), true), 5) << "option " << o;
    // Normalise to the top-left corner.
    const int r0 = cells[0].first;
    int c0 = cells[0].second;
    for (auto [r, c] : cells)
      c0 = std::min(c0, c);
    for (auto& [r, c] : cells)
      r -= r0, c -= c0;
    shapes[piece].insert(cells);
  }
  const std::map<std::string, std::size_t> expected = {{"F", 8}, {"I", 2}, {"L", 8}, {"N", 8},
                                                       {"P", 8}, {"T", 4}, {"U", 4}, {"V", 4},
                                                       {"W", 4}, {"X", 1}, {"Y", 8}, {"Z", 4}};
  std::map<std::string, std::size_t> got;
  std::size_t total = 0;
  for (const auto& [piece, set] : shapes) {
    got[piece] = set.size();
    total += set.size();
  }
  EXPECT_EQ(got, expected);
  EXPECT_EQ(total, 63u);
}

TEST(Pentominoes, SolutionOf3x20IsATiling) {
  const dlx::problem p = examples::pentominoes(3, 20);
  dlx::solver s(p);
  std::vector<option_id> solution;
  ASSERT_EQ(s.solve(solution).solutions, 1u);
  ASSERT_EQ(solution.size(), 12u);
  std::vector<int> covered(p.item_count(), 0);
  for (option_id o : solution) {
    for (dlx::item_id i : p.option(o))
      ++covered[i];
  }
  EXPECT_TRUE(std::all_of(covered.begin(), covered.end(), [](int c) { return c == 1; }));
}

}  // namespace
