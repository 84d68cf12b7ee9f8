// No allocation on the per-search hot path: once a solver is warm, searches,
// preselections and Sudoku puzzles cost no call to operator new. This binary
// replaces the global operator new to count calls, so it is its own executable.
#include <gtest/gtest.h>
#include <dlx/solver.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "encoders.hpp"

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace {

// Allocations made while running f.
template <class F>
long allocations_in(F&& f) {
  const long before = allocations.load();
  f();
  return allocations.load() - before;
}

TEST(Allocation, WarmEngineSearchesDoNotAllocate) {
  dlx::solver s(examples::queens(8));
  std::vector<dlx::option_id> solution;
  solution.reserve(64);
  s.count();  // warm up
  const long n = allocations_in([&] {
    for (int i = 0; i < 10; ++i) {
      ASSERT_EQ(s.count().solutions, 92u);
      ASSERT_EQ(s.solve(solution).solutions, 1u);
      std::uint64_t seen = 0;
      s.enumerate([&](std::span<const dlx::option_id>) {
        ++seen;
        return dlx::visit::next;
      });
      ASSERT_EQ(seen, 92u);
      ASSERT_FALSE(s.preselect(0));
      ASSERT_EQ(s.count().solutions, 4u);  // queens-8 with a queen at r0c0
      s.clear_preselection();
    }
  });
  EXPECT_EQ(n, 0);
}

TEST(Allocation, SeededSearchesDoNotAllocate) {
  dlx::solver s(examples::langford(7));
  dlx::search_options o;
  o.seed = 42;
  s.count(o);
  EXPECT_EQ(allocations_in([&] { ASSERT_EQ(s.count(o).solutions, 52u); }), 0);
}

TEST(Allocation, WarmSudokuSolverDoesNotAllocatePerPuzzle) {
  const char* puzzles[] = {
      "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
      "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
      "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
      "12345678....................................9....................................",
  };
  sudoku::solver s;
  sudoku::grid puzzle, solution;
  for (const char* p : puzzles) {  // warm up
    ASSERT_FALSE(sudoku::parse_sdm(p, puzzle));
    s.solve(puzzle, solution);
    s.count(puzzle, 2);
  }
  const long n = allocations_in([&] {
    for (int round = 0; round < 5; ++round) {
      for (const char* p : puzzles) {
        ASSERT_FALSE(sudoku::parse_sdm(p, puzzle));  // 9x9 grids live inline
        s.solve(puzzle, solution);
        s.solve_unique(puzzle, solution);
        s.count(puzzle, 2);
      }
    }
  });
  EXPECT_EQ(n, 0);
}

}  // namespace
