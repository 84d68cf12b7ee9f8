// The box-band search (propagation::groups on a matrix with a 9x9 Sudoku's
// layout, box_band_engine.cpp) against Knuth's search on the same matrix: the
// plain Sudoku matrix or one of three disguises of it (rows, columns, digits,
// items and options renumbered), givens from the bytes (cells and digits, or
// cells of a grid the bytes shuffle, with wrong digits now and then). Up to
// 30 solutions: the same count, the same set of solutions, each an exact
// cover; a split search's pieces add up to the whole.
#include <dlx/solver.hpp>
#include <dlx/structure.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <random>
#include <set>
#include <span>
#include <vector>

#include "fuzz_support.hpp"

namespace {

struct sudoku_matrix {
  dlx::problem problem{0, 0};
  std::array<dlx::option_id, 729> option{};  // (row * 9 + column) * 9 + digit -> option
};

sudoku_matrix make(int which) {
  std::mt19937 rng(static_cast<std::uint32_t>(which));
  std::vector<int> rows(9), columns(9), digits(9), items(324), order(729);
  std::iota(rows.begin(), rows.end(), 0);
  std::iota(columns.begin(), columns.end(), 0);
  std::iota(digits.begin(), digits.end(), 0);
  std::iota(items.begin(), items.end(), 0);
  std::iota(order.begin(), order.end(), 0);
  if (which > 0) {
    // Bands and stacks, and the lines within them, in another order.
    for (auto* lines : {&rows, &columns}) {
      std::array<int, 3> bands{0, 1, 2};
      std::shuffle(bands.begin(), bands.end(), rng);
      std::vector<int> out;
      for (int b : bands) {
        std::array<int, 3> within{0, 1, 2};
        std::shuffle(within.begin(), within.end(), rng);
        for (int w : within)
          out.push_back(b * 3 + w);
      }
      *lines = out;
    }
    std::shuffle(digits.begin(), digits.end(), rng);
    std::shuffle(items.begin(), items.end(), rng);
    std::shuffle(order.begin(), order.end(), rng);
  }
  sudoku_matrix m;
  m.problem = dlx::problem(324, 0);
  std::vector<std::array<dlx::item_id, 4>> options(729);
  for (std::size_t k = 0; k < 729; ++k) {
    const int r = rows[k / 81], c = columns[k / 9 % 9], v = digits[k % 9];
    const int b = r / 3 * 3 + c / 3;
    auto item = [&](int i) {
      return static_cast<dlx::item_id>(items[static_cast<std::size_t>(i)]);
    };
    std::array<dlx::item_id, 4> o{item(r * 9 + c), item(81 + r * 9 + v), item(162 + c * 9 + v),
                                  item(243 + b * 9 + v)};
    if (which > 0) std::shuffle(o.begin(), o.end(), rng);
    const auto at = static_cast<std::size_t>(order[k]);
    options[at] = o;
    m.option[k] = static_cast<dlx::option_id>(at);
  }
  for (const auto& o : options)
    m.problem.add_option(std::vector<dlx::item_id>(o.begin(), o.end()));
  return m;
}

struct fixture {
  sudoku_matrix matrix;
  dlx::solver solver;
  explicit fixture(int which) : matrix(make(which)), solver(matrix.problem) {
    FUZZ_CHECK(dlx::describe_structure(matrix.problem).boxes_and_bands);
  }
};

fixture& fixture_for(int which) {
  static fixture all[4] = {fixture(0), fixture(1), fixture(2), fixture(3)};
  return all[which];
}

using solution_t = std::vector<dlx::option_id>;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  fixture& f = fixture_for(data[0] % 4);
  dlx::solver& s = f.solver;
  s.clear_preselection();
  // A grid: the pattern (3r + r/3 + c) mod 9 with its digits shuffled by the bytes.
  std::array<int, 9> digit{0, 1, 2, 3, 4, 5, 6, 7, 8};
  for (int i = 8; i > 0; --i)
    std::swap(digit[static_cast<std::size_t>(i)], digit[data[1] % (i + 1)]);
  const bool from_grid = data[2] % 4 != 0;
  for (std::size_t i = 3; i + 1 < size && s.preselected().size() < 81; i += 2) {
    const int cell = data[i] % 81;
    int d = data[i + 1] % 9;
    if (from_grid && data[i + 1] < 248)
      d = digit[static_cast<std::size_t>((cell / 9 * 3 + cell / 27 + cell % 9) % 9)];
    (void)s.preselect(f.matrix.option[static_cast<std::size_t>(cell * 9 + d)]);  // a clash: skipped
  }

  dlx::search_options plain;
  plain.limit = 30;
  plain.node_budget = 20'000;  // few givens and no solution can take Knuth's search long
  std::set<solution_t> expected;
  const auto knuth = s.enumerate(
      [&](std::span<const dlx::option_id> x) {
        solution_t sorted(x.begin(), x.end());
        std::sort(sorted.begin(), sorted.end());
        expected.insert(sorted);
        return dlx::visit::next;
      },
      plain);
  dlx::search_options groups = plain;
  groups.propagation = dlx::propagation::groups;
  groups.node_budget = 0;
  std::set<solution_t> found;
  const auto box_band = s.enumerate(
      [&](std::span<const dlx::option_id> x) {
        // An exact cover: every item once.
        std::array<int, 324> uses{};
        for (dlx::option_id o : x) {
          for (dlx::item_id i : f.matrix.problem.option(o))
            ++uses[i];
        }
        for (int u : uses)
          FUZZ_CHECK(u == 1);
        solution_t sorted(x.begin(), x.end());
        std::sort(sorted.begin(), sorted.end());
        FUZZ_CHECK(found.insert(sorted).second);  // each once
        return dlx::visit::next;
      },
      groups);
  FUZZ_CHECK(box_band.guesses == box_band.branches);
  if (knuth.status != dlx::search_status::budget_exhausted) {
    FUZZ_CHECK(box_band.solutions == knuth.solutions);
    if (knuth.complete()) FUZZ_CHECK(found == expected);
    if (knuth.complete() && data[2] % 4 == 1) {
      // The pieces of a split search add up to the whole.
      groups.limit = 0;
      const auto whole = s.count(groups);
      const auto split = s.split(1 + data[2] % 8, groups);
      dlx::search_result sum = split.above;
      for (const auto& piece : split.pieces) {
        auto o = groups;
        o.subtree = piece;
        const auto r = s.count(o);
        sum.solutions += r.solutions;
        sum.nodes += r.nodes;
      }
      FUZZ_CHECK(sum.solutions == whole.solutions && sum.nodes == whole.nodes);
    }
  }
  FUZZ_CHECK(s.check_invariants());
  return 0;
}
