// Problems with published solution counts, for the tests of one search split
// over threads and ranks: N-queens (OEIS A000170), Langford pairs (A014552,
// doubled for reversals), pentominoes in 6x10 (2,339 packings, each counted
// with its 4 symmetries), 0/1 matrices with two 1s in every row and column
// (A001499, a problem with multiplicities).
#pragma once

#include <gtest/gtest.h>
#include <dlx/problem.hpp>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "encoders.hpp"

namespace test_support {

struct published_problem {
  const char* name;
  std::function<dlx::problem()> make;
  std::uint64_t solutions;
};

inline void PrintTo(const published_problem& p, std::ostream* os) {
  *os << p.name;
}

/// The test name of a parameter: the problem's name.
inline std::string published_name(const ::testing::TestParamInfo<published_problem>& info) {
  return info.param.name;
}

/// The small ones, well under a second each in Release: for every build, the
/// sanitizers' too, which check the split searches on them.
inline std::vector<published_problem> quick_published_problems() {
  return {{"queens_12", [] { return examples::queens(12); }, 14200},
          {"queens_13", [] { return examples::queens(13); }, 73712},
          {"langford_11", [] { return examples::langford(11); }, 35584},
          {"matrices_6", [] { return examples::regular_matrices(6, 2); }, 67950}};
}

/// All the counts issue 13 names: the quick ones, Langford pairs 12, A001499
/// for 7, queens 14 and 15, pentominoes (the Release build's: langford_12 and
/// matrices_7 alone took 30 s under ASan and 60 s under TSan, 2026-12-04).
inline std::vector<published_problem> all_published_problems() {
  auto all = quick_published_problems();
  all.push_back({"langford_12", [] { return examples::langford(12); }, 216288});
  all.push_back({"matrices_7", [] { return examples::regular_matrices(7, 2); }, 3110940});
  all.push_back({"queens_14", [] { return examples::queens(14); }, 365596});
  all.push_back({"queens_15", [] { return examples::queens(15); }, 2279184});
  all.push_back({"pentominoes_6x10", [] { return examples::pentominoes(6, 10); }, 9356});
  return all;
}

}  // namespace test_support
