// Helpers for tests that compare two searches: every solution as a set of
// sorted option lists, whatever order they are found in; a split search's
// pieces counted apart and added up.
#pragma once

#include <dlx/solver.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <span>
#include <vector>

#include "search_options.hpp"

namespace test_support {

// The solutions `s` finds inferring as `p`; `visits` counts them as found, so a
// solution found twice shows as visits > the set's size.
inline std::set<std::vector<dlx::option_id>> solution_set(dlx::solver& s, dlx::propagation p,
                                                          std::uint64_t& visits) {
  std::set<std::vector<dlx::option_id>> out;
  visits = 0;
  s.enumerate(
      [&](std::span<const dlx::option_id> found) {
        ++visits;
        std::vector<dlx::option_id> sorted(found.begin(), found.end());
        std::sort(sorted.begin(), sorted.end());
        out.insert(sorted);
        return dlx::visit::next;
      },
      with_propagation(p));
  return out;
}

// The work above a split's pieces plus each piece counted from its node:
// solutions, nodes and guesses, which must equal the whole search's.
inline dlx::search_result counted_in_pieces(dlx::solver& s, std::size_t pieces,
                                            const dlx::search_options& o) {
  const auto split = s.split(pieces, o);
  dlx::search_result sum = split.above;
  for (const auto& piece : split.pieces) {
    auto p = o;
    p.subtree = piece;
    const auto r = s.count(p);
    sum.solutions += r.solutions;
    sum.nodes += r.nodes;
    sum.guesses += r.guesses;
  }
  return sum;
}

}  // namespace test_support
