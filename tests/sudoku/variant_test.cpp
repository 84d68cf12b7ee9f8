// The variant layer (variant.hpp) against facts it did not write itself:
//
// * solution sets of small variants (4x4, 6x6, random jigsaw layouts, random
//   killer cages) against a brute-force enumerator written here from the rules
//   (every row, column, box or region, diagonal and window holds each digit
//   once; a cage's digits differ and add up to its sum), which uses nothing of
//   the library's variant, and against published figures (288 Shidoku grids);
// * the sizes of the exact-cover models (Knuth's 324 items and 729 options);
// * the validator's verdicts on grids broken on purpose;
// * the logic solver and the generator on the published puzzles of
//   corpus/variants/.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <sudoku/generator.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/model.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant.hpp>
#include <sudoku/variant_text.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "sudoku_helpers.hpp"
#include "text_lines.hpp"

namespace {

namespace fs = std::filesystem;
using sudoku::shape;
using sudoku::unit_kind;
using sudoku::variant;

// ---- brute force -------------------------------------------------------------

// A variant as its rules define it, built without the library: groups of cells
// that must all differ (a group of n cells then holds every digit once), and
// cages whose cells differ and add up to a sum.
struct rulebook {
  int digits = 0;
  int columns = 0;  // board width (positions are row * columns + column)
  std::size_t positions = 0;
  std::vector<int> cells;  // the positions that are cells, ascending
  std::vector<std::vector<int>> groups;
  std::vector<std::pair<std::vector<int>, int>> cages;
};

// An n x n grid at (top, left) of `b`: its rows, columns and boxes of
// box_rows x box_cols (cells with the same row / box_rows and col / box_cols).
void add_square(rulebook& b, int n, int top, int left, int box_rows, int box_cols,
                bool boxes = true) {
  std::map<std::pair<int, int>, std::vector<int>> box;
  for (int r = 0; r < n; ++r) {
    std::vector<int> row, column;
    for (int c = 0; c < n; ++c) {
      row.push_back((top + r) * b.columns + left + c);
      column.push_back((top + c) * b.columns + left + r);
      box[{r / box_rows, c / box_cols}].push_back((top + r) * b.columns + left + c);
    }
    b.groups.push_back(row);
    b.groups.push_back(column);
    for (int p : row)
      b.cells.push_back(p);
  }
  if (boxes) {
    for (auto& [key, cells] : box)
      b.groups.push_back(cells);
  }
  std::sort(b.cells.begin(), b.cells.end());
  b.cells.erase(std::unique(b.cells.begin(), b.cells.end()), b.cells.end());
}

rulebook single(shape s, bool boxes = true) {
  rulebook b;
  b.digits = s.size();
  b.columns = s.size();
  b.positions = static_cast<std::size_t>(s.size() * s.size());
  add_square(b, s.size(), 0, 0, s.box_rows, s.box_cols, boxes);
  return b;
}

// Samurai: five 9x9 grids on a 21x21 board, at the four corners and one in the
// centre overlapping a corner box of each.
rulebook samurai_rules() {
  rulebook b;
  b.digits = 9;
  b.columns = 21;
  b.positions = 441;
  for (const auto& [top, left] :
       std::vector<std::pair<int, int>>{{0, 0}, {0, 12}, {12, 0}, {12, 12}, {6, 6}})
    add_square(b, 9, top, left, 3, 3);
  return b;
}

void add_regions(rulebook& b, const std::vector<std::uint8_t>& region_of) {
  std::map<int, std::vector<int>> regions;
  for (std::size_t i = 0; i < region_of.size(); ++i)
    regions[region_of[i]].push_back(static_cast<int>(i));
  for (auto& [id, cells] : regions)
    b.groups.push_back(cells);
}

// Both main diagonals of the n x n grid.
void add_diagonals(rulebook& b) {
  std::vector<int> main, anti;
  for (int k = 0; k < b.digits; ++k) {
    main.push_back(k * b.columns + k);
    anti.push_back(k * b.columns + b.digits - 1 - k);
  }
  b.groups.push_back(main);
  b.groups.push_back(anti);
}

// A size x size window with its top-left cell at (top, left), 0-based.
void add_window(rulebook& b, int top, int left, int size) {
  std::vector<int> w;
  for (int r = 0; r < size; ++r) {
    for (int c = 0; c < size; ++c)
      w.push_back((top + r) * b.columns + left + c);
  }
  b.groups.push_back(w);
}

// The published windoku windows: 4x4 one window at rows and columns 2-3
// (1-based); 9x9 four windows at rows and columns 2-4 and 6-8.
void add_windoku_windows(rulebook& b) {
  if (b.digits == 4) {
    add_window(b, 1, 1, 2);
  } else {
    ASSERT_EQ(b.digits, 9);
    for (int top : {1, 5}) {
      for (int left : {1, 5})
        add_window(b, top, left, 3);
    }
  }
}

// Every solution of `b` that keeps the givens (a string of positions, digit
// characters or '.'; anything for non-cells), sorted, as strings of digit
// characters with '-' at non-cells. Plain backtracking, checking each digit
// against every group and cage of its cell.
std::vector<std::string> brute_force(const rulebook& b, const std::string& givens = {}) {
  std::vector<std::vector<int>> groups_of(b.positions), cages_of(b.positions);
  for (std::size_t g = 0; g < b.groups.size(); ++g) {
    for (int p : b.groups[g])
      groups_of[static_cast<std::size_t>(p)].push_back(static_cast<int>(g));
  }
  for (std::size_t k = 0; k < b.cages.size(); ++k) {
    for (int p : b.cages[k].first)
      cages_of[static_cast<std::size_t>(p)].push_back(static_cast<int>(k));
  }
  std::vector<int> value(b.positions, 0);
  std::vector<std::string> out;
  auto allowed = [&](int p, int d) {
    for (int g : groups_of[static_cast<std::size_t>(p)]) {
      for (int q : b.groups[static_cast<std::size_t>(g)]) {
        if (q != p && value[static_cast<std::size_t>(q)] == d) return false;
      }
    }
    for (int k : cages_of[static_cast<std::size_t>(p)]) {
      const auto& [cells, sum] = b.cages[static_cast<std::size_t>(k)];
      int total = d;
      bool full = true;
      for (int q : cells) {
        if (q == p) continue;
        const int e = value[static_cast<std::size_t>(q)];
        if (e == d) return false;
        total += e;
        full = full && e != 0;
      }
      if (total > sum || (full && total != sum)) return false;
    }
    return true;
  };
  auto record = [&] {
    std::string s(b.positions, '-');
    for (int p : b.cells)
      s[static_cast<std::size_t>(p)] = sudoku::digit_char(value[static_cast<std::size_t>(p)]);
    out.push_back(s);
  };
  // The blank cell with the fewest digits allowed next (fewest first keeps
  // 9x9 grids with 50 blanks fast; the order changes no solution).
  std::vector<int> todo;
  for (int p : b.cells) {
    const int given = givens.empty() ? 0 : sudoku::digit_value(givens[static_cast<std::size_t>(p)]);
    if (given > 0) {
      if (!allowed(p, given)) return {};  // the givens break a rule
      value[static_cast<std::size_t>(p)] = given;
    } else {
      todo.push_back(p);
    }
  }
  auto search = [&](auto&& self, std::size_t left) -> void {
    if (left == 0) {
      record();
      return;
    }
    std::size_t best = 0;
    int fewest = b.digits + 1;
    for (std::size_t i = 0; i < left && fewest > 0; ++i) {
      int count = 0;
      for (int d = 1; d <= b.digits; ++d)
        count += allowed(todo[i], d) ? 1 : 0;
      if (count < fewest) {
        fewest = count;
        best = i;
      }
    }
    if (fewest == 0) return;
    const int p = todo[best];
    std::swap(todo[best], todo[left - 1]);
    for (int d = 1; d <= b.digits; ++d) {
      if (!allowed(p, d)) continue;
      value[static_cast<std::size_t>(p)] = d;
      self(self, left - 1);
      value[static_cast<std::size_t>(p)] = 0;
    }
    std::swap(todo[best], todo[left - 1]);
  };
  search(search, todo.size());
  std::sort(out.begin(), out.end());
  return out;
}

// A grid as brute_force writes it.
std::string text_of(const variant& v, const sudoku::grid& g) {
  std::string s(v.positions(), '-');
  for (std::size_t p = 0; p < v.positions(); ++p) {
    if (v.is_cell(p)) s[p] = sudoku::digit_char(g.cells()[p]);
  }
  return s;
}

sudoku::grid grid_of(const variant& v, const std::string& text) {
  sudoku::grid g = v.empty_grid();
  EXPECT_EQ(text.size(), v.positions());
  for (std::size_t p = 0; p < v.positions() && p < text.size(); ++p) {
    const int d = sudoku::digit_value(text[p]);
    g.cells()[p] = static_cast<std::uint8_t>(v.is_cell(p) && d > 0 ? d : 0);
  }
  return g;
}

// Every solution the library's solver enumerates, checking on the way that
// each one is a valid solution of the variant that keeps the givens, and that
// count() agrees.
std::vector<std::string> library_solutions(const variant& v, const sudoku::grid& puzzle) {
  sudoku::solver s(v);
  std::vector<std::string> out;
  std::size_t invalid = 0;
  const auto r = s.enumerate(puzzle, [&](const sudoku::grid& g) {
    const auto check = sudoku::check_solution(v, puzzle, g);
    if (!check.ok() && ++invalid < 5) {
      ADD_FAILURE() << text_of(v, g) << ": " << check.message(v);
    }
    out.push_back(text_of(v, g));
    return dlx::visit::next;
  });
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(r.solutions, out.size());
  EXPECT_EQ(s.count(puzzle, 0).solutions, out.size());
  std::sort(out.begin(), out.end());
  EXPECT_EQ(std::adjacent_find(out.begin(), out.end()), out.end()) << "a solution twice";
  return out;
}

// The library's and the brute force's solution sets are equal.
void expect_same_solutions(const variant& v, const rulebook& b, const std::string& givens,
                           const std::string& what) {
  const auto expected = brute_force(b, givens);
  const auto found = library_solutions(v, givens.empty() ? v.empty_grid() : grid_of(v, givens));
  EXPECT_EQ(found.size(), expected.size()) << what;
  EXPECT_TRUE(found == expected) << what << ": the solution sets differ";
}

// ---- small variants, every solution ------------------------------------------

TEST(VariantBruteForce, Shidoku4x4Has288Grids) {
  // OEIS A107739: 288 4x4 Sudoku (Shidoku) grids.
  const shape s{2, 2};
  const rulebook b = single(s);
  EXPECT_EQ(brute_force(b).size(), 288u);
  sudoku::solver solver{variant(s)};
  EXPECT_EQ(solver.count(variant(s).empty_grid(), 0).solutions, 288u);
  expect_same_solutions(variant(s), b, {}, "4x4 classic");
}

TEST(VariantBruteForce, X4x4) {
  const shape s{2, 2};
  variant v(s);
  v.add_diagonals();
  rulebook b = single(s);
  add_diagonals(b);
  const auto expected = brute_force(b);
  EXPECT_GT(expected.size(), 0u);
  EXPECT_LT(expected.size(), 288u);
  expect_same_solutions(v, b, {}, "4x4 X");
}

TEST(VariantBruteForce, Windoku4x4) {
  const shape s{2, 2};
  variant v(s);
  ASSERT_TRUE(v.add_windows());
  rulebook b = single(s);
  add_windoku_windows(b);
  EXPECT_LT(brute_force(b).size(), 288u);
  expect_same_solutions(v, b, {}, "4x4 windoku");
}

TEST(VariantBruteForce, XWindoku4x4) {
  const shape s{2, 2};
  variant v(s);
  v.add_diagonals();
  ASSERT_TRUE(v.add_windows());
  rulebook b = single(s);
  add_diagonals(b);
  add_windoku_windows(b);
  expect_same_solutions(v, b, {}, "4x4 X + windoku");
}

// Every variant here is unchanged by relabelling the digits, so fixing the
// first row to 1..n divides the count by n!: 6x6 X in full, through the
// library, is 720 times its count with the first row fixed.
TEST(VariantBruteForce, X6x6) {
  const shape s{2, 3};
  variant v(s);
  v.add_diagonals();
  EXPECT_FALSE(v.add_windows()) << "2x3 boxes are not square: no windows";
  EXPECT_FALSE(v.has(unit_kind::window));
  rulebook b = single(s);
  add_diagonals(b);
  const std::string first_row = "123456" + std::string(30, '.');
  const auto expected = brute_force(b, first_row);
  EXPECT_GT(expected.size(), 0u);
  expect_same_solutions(v, b, first_row, "6x6 X, first row 123456");
  sudoku::solver solver(v);
  EXPECT_EQ(solver.count(v.empty_grid(), 0).solutions, 720 * expected.size());
}

// A random jigsaw layout made here: n regions grown at random from n random
// cells, one free neighbour at a time, each stopping at n cells; tried again
// until every cell has a region. Connected by construction.
std::vector<std::uint8_t> random_layout(int n, std::mt19937_64& rng) {
  const auto cells = static_cast<std::size_t>(n * n);
  while (true) {
    std::vector<int> region(cells, -1);
    std::vector<std::vector<int>> members(static_cast<std::size_t>(n));
    bool ok = true;
    for (int k = 0; k < n && ok; ++k) {
      int p = 0;
      do {
        p = static_cast<int>(rng() % cells);
      } while (region[static_cast<std::size_t>(p)] >= 0);
      region[static_cast<std::size_t>(p)] = k;
      members[static_cast<std::size_t>(k)].push_back(p);
    }
    for (std::size_t placed = static_cast<std::size_t>(n); placed < cells && ok; ++placed) {
      // The free cells next to a region that is not full, as (cell, region).
      std::vector<std::pair<int, int>> frontier;
      for (int k = 0; k < n; ++k) {
        if (members[static_cast<std::size_t>(k)].size() == static_cast<std::size_t>(n)) continue;
        for (int p : members[static_cast<std::size_t>(k)]) {
          const int r = p / n, c = p % n;
          const int next[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
          for (const auto& [nr, nc] : next) {
            if (nr >= 0 && nr < n && nc >= 0 && nc < n &&
                region[static_cast<std::size_t>(nr * n + nc)] < 0)
              frontier.push_back({nr * n + nc, k});
          }
        }
      }
      if (frontier.empty()) {
        ok = false;
        break;
      }
      const auto [p, k] = frontier[rng() % frontier.size()];
      region[static_cast<std::size_t>(p)] = k;
      members[static_cast<std::size_t>(k)].push_back(p);
    }
    if (!ok) continue;
    return std::vector<std::uint8_t>(region.begin(), region.end());
  }
}

// 4x4 in full; 6x6 with the first row fixed (see X6x6).
void expect_same_jigsaw_solutions(const shape s, const std::vector<std::uint8_t>& regions,
                                  const std::string& what) {
  const int n = s.size();
  const std::string first_row = std::string("123456").substr(0, static_cast<std::size_t>(n)) +
                                std::string(static_cast<std::size_t>(n * n - n), '.');
  variant v(s);
  ASSERT_FALSE(v.set_regions(regions)) << what;
  EXPECT_FALSE(v.has(unit_kind::box));
  EXPECT_TRUE(v.has(unit_kind::region));
  rulebook b = single(s, false);
  add_regions(b, regions);
  expect_same_solutions(v, b, n == 4 ? std::string{} : first_row, what);
}

TEST(VariantBruteForce, RandomJigsawLayouts) {
  // The library's layouts (see VariantGenerator.RandomRegionsAreConnectedPartitions).
  for (std::uint64_t seed = 1; seed <= 8; ++seed)
    expect_same_jigsaw_solutions(shape{2, 2}, sudoku::random_regions(shape{2, 2}, seed),
                                 "4x4 random_regions seed " + std::to_string(seed));
  expect_same_jigsaw_solutions(shape{2, 3}, sudoku::random_regions(shape{2, 3}, 1),
                               "6x6 random_regions seed 1");
  // Layouts made here.
  std::mt19937_64 rng(404);
  for (int round = 0; round < 16; ++round) {
    const auto regions = random_layout(4, rng);
    expect_same_jigsaw_solutions(shape{2, 2}, regions,
                                 fmt::format("4x4 layout {}", fmt::join(regions, "")));
  }
  for (int round = 0; round < 3; ++round) {
    const auto regions = random_layout(6, rng);
    expect_same_jigsaw_solutions(shape{2, 3}, regions,
                                 fmt::format("6x6 layout {}", fmt::join(regions, "")));
  }
}

// Random cages that partition the 4x4 board, grown from a random grid so that
// it is one of the solutions; the sums come from that grid.
std::vector<std::pair<std::vector<int>, int>> random_cages(const std::string& grid, int n,
                                                           std::mt19937_64& rng) {
  std::vector<int> cage_of(grid.size(), -1);
  std::vector<std::pair<std::vector<int>, int>> cages;
  for (int start = 0; start < n * n; ++start) {
    if (cage_of[static_cast<std::size_t>(start)] >= 0) continue;
    const auto size = static_cast<std::size_t>(1 + rng() % 4);
    std::vector<int> cells{start};
    cage_of[static_cast<std::size_t>(start)] = static_cast<int>(cages.size());
    for (int tries = 0; tries < 20 && cells.size() < size; ++tries) {
      const int from = cells[rng() % cells.size()];
      const int dir = static_cast<int>(rng() % 4);
      const int r = from / n + (dir == 0 ? -1 : dir == 1 ? 1 : 0);
      const int c = from % n + (dir == 2 ? -1 : dir == 3 ? 1 : 0);
      if (r < 0 || r >= n || c < 0 || c >= n) continue;
      const int p = r * n + c;
      if (cage_of[static_cast<std::size_t>(p)] >= 0) continue;
      const bool repeats = std::any_of(cells.begin(), cells.end(), [&](int q) {
        return grid[static_cast<std::size_t>(q)] == grid[static_cast<std::size_t>(p)];
      });
      if (repeats) continue;
      cells.push_back(p);
      cage_of[static_cast<std::size_t>(p)] = static_cast<int>(cages.size());
    }
    std::sort(cells.begin(), cells.end());
    int sum = 0;
    for (int p : cells)
      sum += sudoku::digit_value(grid[static_cast<std::size_t>(p)]);
    cages.push_back({cells, sum});
  }
  return cages;
}

TEST(VariantBruteForce, RandomKillerCages4x4) {
  const shape s{2, 2};
  const auto grids = brute_force(single(s));
  ASSERT_EQ(grids.size(), 288u);
  std::mt19937_64 rng(2024);
  for (int round = 0; round < 40; ++round) {
    const std::string& grid = grids[rng() % grids.size()];
    const auto cages = random_cages(grid, 4, rng);
    // Half the rounds add the diagonals too, so the implied cages of the 10
    // rule (model.hpp) also come from diagonals.
    const bool x = round % 2 == 1;
    variant v(s);
    rulebook b = single(s);
    if (x) {
      v.add_diagonals();
      add_diagonals(b);
    }
    std::string what = fmt::format("4x4 killer{}, cages", x ? " + X" : "");
    for (const auto& [cells, sum] : cages) {
      v.add_cage({std::vector<std::uint32_t>(cells.begin(), cells.end()), sum});
      b.cages.push_back({cells, sum});
      what += fmt::format(" {}[{}]", sum, fmt::join(cells, ","));
    }
    const auto expected = brute_force(b);
    // The grid the cages came from is a solution when it keeps the diagonals.
    if (!x) {
      EXPECT_TRUE(std::binary_search(expected.begin(), expected.end(), grid)) << what;
    }
    expect_same_solutions(v, b, {}, what);
  }
}

// Cages that share cells are a list of units and cages as good as any
// (solver.hpp: "any list of units and cages"), and the validator handles them.
TEST(VariantBruteForce, OverlappingCages4x4) {
  const shape s{2, 2};
  // Row 1 holds 1 2 3 4 in some order; cage A = r1c1 r1c2 (sum 3), cage
  // B = r1c2 r1c3 (sum 5): r1c2 is in both.
  variant v(s);
  rulebook b = single(s);
  const std::vector<std::pair<std::vector<int>, int>> cages = {{{0, 1}, 3}, {{1, 2}, 5}};
  for (const auto& [cells, sum] : cages) {
    v.add_cage({std::vector<std::uint32_t>(cells.begin(), cells.end()), sum});
    b.cages.push_back({cells, sum});
  }
  const auto expected = brute_force(b);
  // By hand: r1c2 is in {1,2} and in {1,4} or {2,3}: r1c2 = 1 (r1c1 2, r1c3 4)
  // or r1c2 = 2 (r1c1 1, r1c3 3); both leave one digit for r1c4.
  EXPECT_GT(expected.size(), 0u);
  // An implied cage of the 10 rule that counted r1c2 twice (in row 1, 10 -
  // 3 - 5 = 2 for r1c4) would lose every solution.
  expect_same_solutions(v, b, {}, "4x4 with overlapping cages");
}

// Mixed: random jigsaw layouts with diagonals, windows and cages together, as
// the variant API allows (the text formats do not).
TEST(VariantBruteForce, RandomCombinations4x4) {
  const shape s{2, 2};
  std::mt19937_64 rng(77);
  for (int round = 0; round < 24; ++round) {
    const bool jigsaw = round % 2 == 1, x = round / 2 % 2 == 1, windows = round / 4 % 2 == 1;
    variant v(s);
    rulebook b = single(s, !jigsaw);
    if (jigsaw) {
      const auto regions = sudoku::random_regions(s, rng());
      ASSERT_FALSE(v.set_regions(regions));
      add_regions(b, regions);
    }
    if (x) {
      v.add_diagonals();
      add_diagonals(b);
    }
    if (windows) {
      ASSERT_TRUE(v.add_windows());
      add_windoku_windows(b);
    }
    const auto grids = brute_force(b);
    if (round >= 12 && !grids.empty()) {
      for (const auto& [cells, sum] : random_cages(grids[rng() % grids.size()], 4, rng)) {
        v.add_cage({std::vector<std::uint32_t>(cells.begin(), cells.end()), sum});
        b.cages.push_back({cells, sum});
      }
    }
    expect_same_solutions(v, b, {}, "4x4 combination round " + std::to_string(round));
  }
}

// ---- 9x9 and samurai: published solutions with cells blanked ------------------

using test_support::content_lines;
using test_support::rules_of;
using test_support::variants_dir;

struct published {
  std::string line;      // the puzzle line
  std::string solution;  // "unknown" when none was published
};

std::vector<published> read_published(const std::string& name) {
  const auto puzzles = content_lines(variants_dir / (name + ".sdm"));
  const auto solutions = content_lines(variants_dir / (name + ".solutions"));
  EXPECT_EQ(puzzles.size(), solutions.size()) << name;
  EXPECT_FALSE(puzzles.empty()) << name;
  std::vector<published> out;
  for (std::size_t i = 0; i < puzzles.size() && i < solutions.size(); ++i)
    out.push_back({puzzles[i], solutions[i]});
  return out;
}

// The published solution with `blanks` random cells cleared.
std::string blanked(const std::string& solution, const variant& v, std::size_t blanks,
                    std::mt19937_64& rng) {
  std::vector<std::uint32_t> cells(v.cells().begin(), v.cells().end());
  std::shuffle(cells.begin(), cells.end(), rng);
  std::string out = solution;
  for (std::size_t i = 0; i < blanks && i < cells.size(); ++i)
    out[cells[i]] = '.';
  return out;
}

TEST(VariantBruteForce, PublishedNineByNineWithBlanks) {
  std::mt19937_64 rng(9);
  for (const std::string name : {"x", "windoku", "jigsaw", "killer"}) {
    const auto r = rules_of(name);
    for (const auto& p : read_published(name)) {
      if (p.solution == "unknown") continue;
      variant v;
      sudoku::grid givens;
      const auto e = sudoku::parse_puzzle(p.line, r, v, givens);
      ASSERT_FALSE(e) << name << ": " << e->message;
      rulebook b = single(shape{}, !r.jigsaw);
      if (r.diagonals) add_diagonals(b);
      if (r.windows) add_windoku_windows(b);
      if (r.jigsaw) {  // the region ids after the 81 givens, by the format's definition
        std::vector<std::uint8_t> regions;
        for (std::size_t i = 81; i < 162; ++i)
          regions.push_back(static_cast<std::uint8_t>(p.line[i]));
        add_regions(b, regions);
      }
      for (const auto& c : v.cages())  // the parser's cages; the format tests check those
        b.cages.push_back({std::vector<int>(c.cells.begin(), c.cells.end()), c.sum});
      // The published solution is a solution...
      EXPECT_EQ(brute_force(b, p.solution).size(), 1u) << name << " " << p.solution;
      // ...and with cells cleared, both find the same solutions.
      for (std::size_t blanks : {40, 55}) {
        expect_same_solutions(v, b, blanked(p.solution, v, blanks, rng),
                              name + " " + p.solution + " blanks " + std::to_string(blanks));
      }
    }
  }
}

// Units beyond rows, columns and boxes (diagonals, windows, jigsaw regions):
// the pair rule and branching on conflicts, which the structure search,
// reasoning over boxes and bands, does not match there. The first published
// X puzzle took 5,823 nodes to count to 2 with the structure search (taking
// turns with the pair rule); now 771. Plain and samurai boards keep the
// structure search.
TEST(VariantModel, ExtraUnitsSearchWithThePairRule) {
  for (const std::string name : {"x", "windoku", "jigsaw", "samurai"}) {
    const auto p = read_published(name).at(0);
    variant v;
    sudoku::grid givens;
    ASSERT_FALSE(sudoku::parse_puzzle(p.line, rules_of(name), v, givens)) << name;
    sudoku::solver s(v);
    const bool pairs = name != "samurai";
    EXPECT_EQ(s.propagation(), pairs ? dlx::propagation::pairs : dlx::propagation::groups) << name;
    EXPECT_EQ(s.branching(), pairs ? dlx::branching::conflicts : dlx::branching::mrv) << name;
    if (name == "x") {
      dlx::search_options budget;
      budget.node_budget = 2'000;
      const sudoku::result r = s.count(givens, 2, budget);
      EXPECT_EQ(r.status, sudoku::status::unique);
      EXPECT_LE(r.nodes, 2'000u);
    }
  }
  EXPECT_EQ(sudoku::solver().propagation(), dlx::propagation::groups);
}

TEST(VariantBruteForce, PublishedSamuraiWithBlanks) {
  std::mt19937_64 rng(5);
  const rulebook b = samurai_rules();
  ASSERT_EQ(b.cells.size(), 369u);
  const variant v = variant::samurai();
  for (const auto& p : read_published("samurai")) {
    EXPECT_EQ(brute_force(b, p.solution).size(), 1u) << p.solution;
    for (std::size_t blanks : {120, 200})
      expect_same_solutions(v, b, blanked(p.solution, v, blanks, rng),
                            "samurai blanks " + std::to_string(blanks));
  }
}

// ---- model sizes -------------------------------------------------------------

void expect_sizes(const sudoku::model& m, int items, int options) {
  EXPECT_EQ(m.item_count(), items);
  EXPECT_EQ(m.option_count(), options);
  const dlx::problem p = m.build();
  EXPECT_EQ(p.item_count(), static_cast<std::size_t>(items));
  EXPECT_EQ(p.option_count(), static_cast<std::size_t>(options));
}

// Boards that are not n x n, or hold more digits than their side (ISS's
// Shape~6x8, Shape~6x6~9: variant::board): every filling found by brute
// force, cell by cell with the validator's partial check (no repeat in a
// unit), against the solver's count; and the logic solver's deductions,
// which need a unit that must hold the digit, keep a unique puzzle's solution.
std::uint64_t brute_force_fillings(const sudoku::variant& v, sudoku::grid& g, std::size_t at) {
  if (at == g.cells().size()) return sudoku::check_solution(v, g).ok() ? 1 : 0;
  if (g.cells()[at] != 0) return brute_force_fillings(v, g, at + 1);
  std::uint64_t count = 0;
  for (int d = 1; d <= v.digits(); ++d) {
    g.cells()[at] = static_cast<std::uint8_t>(d);
    if (sudoku::check_puzzle(v, g).ok()) count += brute_force_fillings(v, g, at + 1);
  }
  g.cells()[at] = 0;
  return count;
}

TEST(VariantBruteForce, BoardsOfAnyShapeAndMoreDigitsThanTheirSide) {
  struct board_case {
    int rows, columns, digits, box_rows, box_cols;  // box 0: none
    int first_value;
    std::vector<sudoku::clue> clues;
  };
  using sudoku::clue_kind;
  const board_case cases[] = {
      {2, 3, 3, 0, 0, 1, {}},
      {3, 4, 5, 0, 0, 1, {}},
      {2, 4, 4, 1, 2, 1, {}},  // partial boxes of 2
      {3, 3, 4, 0, 0, 1, {}},
      {3, 3, 5, 0, 0, 0, {{clue_kind::cage, {0, 1}, {1}, false}}},  // values 0-4
      {3, 4, 5, 0, 0, 1, {{clue_kind::thermo, {0, 1, 2, 3}, {}, false}}},
      {4, 4, 5, 2, 2, 1, {{clue_kind::arrow, {0, 5, 10}, {}, false}}},  // every unit partial
      // Every largest region (rows here) holds the same values: one set of 4 of 5.
      {3, 4, 5, 0, 0, 1, {{clue_kind::region_same_values, {}, {}, false}}},
      // Rows, columns and boxes alike, 4 cells of 5 values; values 0-4.
      {4, 4, 5, 2, 2, 0, {{clue_kind::region_same_values, {}, {}, false}}},
      {3,
       3,
       4,
       0,
       0,
       1,
       {{clue_kind::region_same_values, {}, {}, false}, {clue_kind::thermo, {0, 1}, {}, false}}},
  };
  for (const board_case& c : cases) {
    sudoku::variant v = sudoku::variant::board(c.rows, c.columns, c.digits);
    if (c.box_rows != 0) {
      ASSERT_TRUE(v.add_boxes(c.box_rows, c.box_cols));
    }
    v.set_first_value(c.first_value);
    for (const sudoku::clue& k : c.clues)
      v.add_clue(k);
    EXPECT_EQ(v.full_units(), c.rows == c.digits && c.columns == c.digits);
    sudoku::grid g = v.empty_grid();
    const std::uint64_t expected = brute_force_fillings(v, g, 0);
    const std::string name = fmt::format("{}x{} of {}", c.rows, c.columns, c.digits);
    EXPECT_GT(expected, 0u) << name;
    if (!c.clues.empty() && c.clues.front().kind == clue_kind::region_same_values) {
      // The rule rules some fillings out.
      sudoku::variant plain = sudoku::variant::board(c.rows, c.columns, c.digits);
      if (c.box_rows != 0) {
        ASSERT_TRUE(plain.add_boxes(c.box_rows, c.box_cols));
      }
      sudoku::grid empty = plain.empty_grid();
      EXPECT_LT(expected, brute_force_fillings(plain, empty, 0)) << name;
    }
    sudoku::solver solver(v);
    const sudoku::result r = solver.count(v.empty_grid(), 10'000'000);
    EXPECT_EQ(r.solutions, expected) << name;
    EXPECT_TRUE(r.exact) << name;
    // A unique puzzle made from a solution: the logic keeps it.
    sudoku::grid solution;
    ASSERT_EQ(solver.solve(v.empty_grid(), solution).status, sudoku::status::solved);
    sudoku::grid puzzle = solution;
    for (std::size_t p = 0; p < puzzle.cells().size(); ++p) {
      const std::uint8_t keep = puzzle.cells()[p];
      puzzle.cells()[p] = 0;
      if (solver.count(puzzle, 2).status != sudoku::status::unique) puzzle.cells()[p] = keep;
    }
    sudoku::logic_solver logic(v);
    const sudoku::logic_result lr = logic.run(puzzle);
    EXPECT_NE(lr.outcome, sudoku::logic_outcome::contradiction) << name;
    for (std::size_t p = 0; p < puzzle.cells().size(); ++p) {
      if (lr.reached.cells()[p] != 0) {
        EXPECT_EQ(lr.reached.cells()[p], solution.cells()[p]) << name;
      }
    }
  }
}

// A board of no units (ISS's grid type Raw): only the clues rule fillings
// out; brute force against the solver's count.
TEST(VariantBruteForce, RawBoardsHaveOnlyTheirClues) {
  using sudoku::clue_kind;
  sudoku::variant v = sudoku::variant::raw_board(2, 3, 3);
  EXPECT_TRUE(v.units().empty());
  EXPECT_FALSE(v.full_units());
  sudoku::grid g = v.empty_grid();
  EXPECT_EQ(brute_force_fillings(v, g, 0), 729u);  // 3^6
  EXPECT_EQ(sudoku::solver(v).count(v.empty_grid(), 0).solutions, 729u);
  v.add_clue({clue_kind::thermo, {0, 1, 4}, {}, false});
  v.add_clue({clue_kind::sum, {3, 4, 5}, {5}, false});
  v.add_clue({clue_kind::contain_exact, {0, 1, 2}, {1, 1}, false});
  g = v.empty_grid();
  const std::uint64_t expected = brute_force_fillings(v, g, 0);
  EXPECT_GT(expected, 0u);
  EXPECT_LT(expected, 729u);
  EXPECT_EQ(sudoku::solver(v).count(v.empty_grid(), 0).solutions, expected);
  EXPECT_THROW((void)sudoku::variant::raw_board(2, 3, 0), std::invalid_argument);
}

// A solution grid of another board with as many rows (the fuzzer's: a 6x8
// board's grid kept for a 6x6 one) is made again, not written into.
TEST(VariantModel, ASolutionGridOfAnotherBoardIsMadeAgain) {
  sudoku::grid out = sudoku::variant::board(6, 8, 9).empty_grid();
  const sudoku::variant v = sudoku::variant::board(6, 6, 9);
  ASSERT_EQ(sudoku::solver(v).solve(v.empty_grid(), out).status, sudoku::status::solved);
  EXPECT_EQ(out.columns(), 6);
  EXPECT_TRUE(sudoku::check_solution(v, out).ok());
}

TEST(VariantModel, ClassicXAndWindokuSizes) {
  // Knuth's plain 9x9 model: 4 * 81 items, 9 * 81 options.
  expect_sizes(sudoku::model(variant{}), 324, 729);
  // n x n in general: 4 n^2 items, n^3 options.
  expect_sizes(sudoku::model(variant(shape{2, 2})), 64, 64);
  expect_sizes(sudoku::model(variant(shape{2, 3})), 144, 216);
  expect_sizes(sudoku::model(variant(shape{4, 4})), 1024, 4096);
  variant x;
  x.add_diagonals();  // two more units of 9 digits
  expect_sizes(sudoku::model(x), 324 + 18, 729);
  variant w;
  ASSERT_TRUE(w.add_windows());  // four more units
  expect_sizes(sudoku::model(w), 324 + 36, 729);
  variant xw;
  xw.add_diagonals();
  ASSERT_TRUE(xw.add_windows());
  expect_sizes(sudoku::model(xw), 324 + 54, 729);
  // A jigsaw has as many regions as the boxes it replaces.
  variant j;
  ASSERT_FALSE(j.set_regions(sudoku::random_regions(shape{}, 3)));
  expect_sizes(sudoku::model(j), 324, 729);
}

// The variant's units, as sets of cells, are the groups the rules define.
void expect_units(const variant& v, const rulebook& b, const std::string& what) {
  std::set<std::vector<std::uint32_t>> found, expected;
  for (const auto& u : v.units())
    found.insert(u.cells);
  for (const auto& g : b.groups) {
    std::vector<std::uint32_t> cells(g.begin(), g.end());
    std::sort(cells.begin(), cells.end());
    expected.insert(cells);
  }
  EXPECT_EQ(found, expected) << what;
  EXPECT_EQ(v.units().size(), expected.size()) << what << ": a unit twice";
  EXPECT_TRUE(std::equal(v.cells().begin(), v.cells().end(), b.cells.begin(), b.cells.end()))
      << what;
}

TEST(VariantModel, UnitsMatchTheirDefinitions) {
  for (const shape s : {shape{2, 2}, shape{3, 3}}) {
    variant v(s);
    v.add_diagonals();
    ASSERT_TRUE(v.add_windows());
    rulebook b = single(s);
    add_diagonals(b);
    add_windoku_windows(b);
    expect_units(v, b, s.name() + " x + windoku");
    std::map<unit_kind, int> kinds;
    for (const auto& u : v.units())
      ++kinds[u.kind];
    EXPECT_EQ(kinds[unit_kind::diagonal], 2);
    EXPECT_EQ(kinds[unit_kind::window], s.size() == 4 ? 1 : 4);
  }
  variant x6(shape{2, 3});
  x6.add_diagonals();
  rulebook b6 = single(shape{2, 3});
  add_diagonals(b6);
  expect_units(x6, b6, "6x6 x");
  expect_units(variant::samurai(), samurai_rules(), "samurai");
  // Names as players say them.
  variant x;
  x.add_diagonals();
  ASSERT_TRUE(x.add_windows());
  std::set<std::string> names;
  for (const auto& u : x.units())
    names.insert(x.unit_name(u));
  for (const char* name :
       {"row 1", "column 9", "box 5", "diagonal 1", "diagonal 2", "window 1", "window 4"})
    EXPECT_TRUE(names.count(name)) << name;
  EXPECT_EQ(x.cell_name(80), "r9c9");
  EXPECT_EQ(x.cage_name({{0, 1}, 3}), "cage r1c1 r1c2 (sum 3)");
}

TEST(VariantModel, SamuraiSizes) {
  const variant v = variant::samurai();
  EXPECT_EQ(v.parts(), 5);
  EXPECT_EQ(v.rows(), 21);
  EXPECT_EQ(v.columns(), 21);
  EXPECT_EQ(v.positions(), 441u);
  // Five grids of 81 cells, four boxes of 9 shared: 405 - 36 = 369 cells.
  EXPECT_EQ(v.cells().size(), 369u);
  // 5 * 27 units, less the 4 shared boxes counted twice.
  EXPECT_EQ(v.units().size(), 131u);
  std::map<unit_kind, int> kinds;
  for (const auto& u : v.units()) {
    ++kinds[u.kind];
    EXPECT_EQ(u.cells.size(), 9u);
    EXPECT_TRUE(std::is_sorted(u.cells.begin(), u.cells.end()));
  }
  EXPECT_EQ(kinds[unit_kind::row], 45);
  EXPECT_EQ(kinds[unit_kind::column], 45);
  EXPECT_EQ(kinds[unit_kind::box], 41);
  expect_sizes(sudoku::model(v), 369 + 131 * 9, 369 * 9);
  // r7c7 is in grids 1 and 5: two rows, two columns, one shared box. r1c1 is
  // in grid 1 only; r1c10 is outside every grid.
  EXPECT_EQ(v.constraints_of(6 * 21 + 6).size(), 5u);
  EXPECT_EQ(v.constraints_of(0).size(), 3u);
  EXPECT_EQ(v.constraints_of(9).size(), 0u);
  EXPECT_FALSE(v.is_cell(9));
  EXPECT_TRUE(v.is_cell(10 * 21 + 10));  // the centre of grid 5
  EXPECT_EQ(v.cell_name(6 * 21 + 6), "r7c7");
  EXPECT_EQ(v.cell_name(20 * 21 + 20), "r21c21");
  // Every unit is named for its grid.
  std::set<std::string> names;
  for (const auto& u : v.units())
    names.insert(v.unit_name(u));
  EXPECT_EQ(names.size(), 131u);
  EXPECT_TRUE(names.count("row 1 of grid 5"));
  EXPECT_TRUE(names.count("box 9 of grid 1"));
}

// Each position's constraints: the units holding it, in order, then the cages
// (numbered after the units), in the order they were added. A cage's are added
// to the index in place (variant::add_cage), on a samurai board too, whose
// positions outside every grid have none.
TEST(VariantModel, ConstraintsOfAPositionAreItsUnitsThenItsCages) {
  std::mt19937 rng(20261205);
  for (int trial = 0; trial < 20; ++trial) {
    variant v = trial % 4 == 3 ? variant::samurai() : variant();
    if (trial % 4 == 1) v.add_diagonals();
    const auto cells = v.cells();
    std::vector<std::uint32_t> free(cells.begin(), cells.end());
    std::shuffle(free.begin(), free.end(), rng);
    for (std::size_t taken = 0; taken + 4 <= free.size() && taken < 60;) {
      const std::size_t size = 1 + rng() % 4;
      std::vector<std::uint32_t> cage(free.begin() + static_cast<long>(taken),
                                      free.begin() + static_cast<long>(taken + size));
      taken += size;
      v.add_cage({cage, static_cast<int>(size * (size + 1) / 2)});  // 1 + ... + size
      for (std::size_t p = 0; p < v.positions(); ++p) {
        std::vector<std::uint32_t> expected;
        for (std::size_t u = 0; u < v.units().size(); ++u) {
          const auto& in = v.units()[u].cells;
          if (std::find(in.begin(), in.end(), p) != in.end())
            expected.push_back(static_cast<std::uint32_t>(u));
        }
        for (std::size_t c = 0; c < v.cages().size(); ++c) {
          const auto& in = v.cages()[c].cells;
          if (std::find(in.begin(), in.end(), p) != in.end())
            expected.push_back(static_cast<std::uint32_t>(v.units().size() + c));
        }
        const auto got = v.constraints_of(p);
        ASSERT_EQ(std::vector<std::uint32_t>(got.begin(), got.end()), expected)
            << "trial " << trial << ", position " << p << ", " << v.cages().size() << " cages";
      }
    }
  }
}

// My own enumeration of digit sets: every subset of 1..digits by bit mask.
std::vector<std::uint64_t> subsets_with_sum(int size, int sum, int digits) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t m = 0; m < (std::uint64_t{1} << digits); ++m) {
    int count = 0, total = 0;
    for (int d = 1; d <= digits; ++d) {
      if (m >> (d - 1) & 1) {
        ++count;
        total += d;
      }
    }
    if (count == size && total == sum) out.push_back(m << 1);  // bit d for digit d
  }
  return out;
}

TEST(VariantModel, CageCombinations) {
  using sudoku::cage_combinations;
  const auto bits = [](std::initializer_list<int> digits) {
    std::uint64_t m = 0;
    for (int d : digits)
      m |= std::uint64_t{1} << d;
    return m;
  };
  EXPECT_EQ(cage_combinations(2, 3, 9), std::vector<std::uint64_t>{bits({1, 2})});
  EXPECT_EQ(cage_combinations(2, 17, 9), std::vector<std::uint64_t>{bits({8, 9})});
  EXPECT_EQ(cage_combinations(3, 6, 9), std::vector<std::uint64_t>{bits({1, 2, 3})});
  EXPECT_EQ(cage_combinations(2, 10, 9).size(), 4u);  // 1+9 2+8 3+7 4+6
  EXPECT_TRUE(cage_combinations(2, 18, 9).empty());
  EXPECT_TRUE(cage_combinations(1, 10, 9).empty());
  EXPECT_TRUE(cage_combinations(10, 45, 9).empty());
  EXPECT_EQ(cage_combinations(9, 45, 9).size(), 1u);
  EXPECT_EQ(cage_combinations(1, 4, 4), std::vector<std::uint64_t>{bits({4})});
  for (int digits : {4, 6, 9}) {
    for (int size = 1; size <= digits; ++size) {
      for (int sum = 0; sum <= 50; ++sum) {
        auto expected = subsets_with_sum(size, sum, digits);
        auto found = cage_combinations(size, sum, digits);
        std::sort(found.begin(), found.end());
        EXPECT_EQ(found, expected) << size << " cells, sum " << sum << ", digits 1-" << digits;
      }
    }
  }
}

// The table of digit sets gives them in the order a search by smallest digit
// finds them (that order numbers a cage's options, so a change would change
// trees), for every size and sum up to 16 digits, and beyond them, where the
// sets are found per size and sum, the same.
void search_sets(int size, int sum, int low, int digits, std::uint64_t chosen,
                 std::vector<std::uint64_t>& out) {
  if (size == 0) {
    if (sum == 0) out.push_back(chosen);
    return;
  }
  for (int d = low; d <= digits && d <= sum; ++d)
    search_sets(size - 1, sum - d, d + 1, digits, chosen | std::uint64_t{1} << d, out);
}

TEST(VariantModel, CageCombinationsComeInSearchOrderFromTheTable) {
  std::size_t sets = 0;
  for (int digits = 1; digits <= 16; ++digits) {
    for (int size = 0; size <= digits + 1; ++size) {
      for (int sum = -1; sum <= digits * (digits + 1) / 2 + 1; ++sum) {
        std::vector<std::uint64_t> expected;
        if (size >= 1 && size <= digits) search_sets(size, sum, 1, digits, 0, expected);
        const auto table = sudoku::cage_combination_sets(size, sum, digits);
        ASSERT_EQ(std::vector<std::uint64_t>(table.begin(), table.end()), expected)
            << size << " cells, sum " << sum << ", digits 1-" << digits;
        sets += table.size();
      }
    }
  }
  EXPECT_EQ(sets,
            (std::size_t{1} << 17) - 2 - 16);  // every nonempty subset, for each size of board
  for (const auto& [size, sum] : {std::pair{2, 3}, {3, 30}, {4, 60}, {5, 100}}) {
    std::vector<std::uint64_t> expected;
    search_sets(size, sum, 1, 25, 0, expected);
    const auto found = sudoku::cage_combination_sets(size, sum, 25);
    EXPECT_EQ(std::vector<std::uint64_t>(found.begin(), found.end()), expected)
        << size << " " << sum;
    EXPECT_EQ(sudoku::cage_combinations(size, sum, 25), expected);
    EXPECT_EQ(sudoku::cage_combination_sets(size, sum, 25).data(), found.data());  // kept once
  }
}

// A model built for a search has no names, and is otherwise the same problem:
// the same items, options, colors and weighted items (a killer's leftovers).
TEST(VariantModel, AnUnnamedModelIsTheSameProblem) {
  variant v;
  v.add_cage({{0, 1}, 3});
  v.add_cage({{10, 11, 19}, 20});
  v.add_cage({{30, 40}, 9});  // r4c4 r5c5: no common row or column
  const sudoku::model m(v);
  const dlx::problem named = m.build(), plain = m.build(sudoku::model::naming::none);
  ASSERT_EQ(plain.item_count(), named.item_count());
  EXPECT_EQ(plain.primary_count(), named.primary_count());
  EXPECT_EQ(named.name(0), "p00");
  for (dlx::item_id i = 0; i < plain.item_count(); ++i) {
    EXPECT_EQ(plain.kind(i), named.kind(i));
    EXPECT_TRUE(plain.name(i).empty()) << plain.name(i);
  }
  ASSERT_EQ(plain.option_count(), named.option_count());
  for (dlx::option_id o = 0; o < plain.option_count(); ++o) {
    // (Not std::ranges::equal: emscripten 3.1.6's libc++ has no ranges algorithms.)
    const auto items = plain.option(o), named_items = named.option(o);
    const auto colors = plain.option_colors(o), named_colors = named.option_colors(o);
    EXPECT_TRUE(std::equal(items.begin(), items.end(), named_items.begin(), named_items.end()))
        << o;
    EXPECT_TRUE(std::equal(colors.begin(), colors.end(), named_colors.begin(), named_colors.end()))
        << o;
  }
  ASSERT_GT(named.weighted_count(), 0u);
  ASSERT_EQ(plain.weighted_count(), named.weighted_count());
  for (dlx::weighted_id w = 0; w < plain.weighted_count(); ++w)
    EXPECT_EQ(plain.weighted_bounds(w), named.weighted_bounds(w));
  EXPECT_EQ(plain.weights(), named.weights());
}

// A cage's choice of combination as an item (model::cage_choices::item): the
// same options, each combination covering one more item, that cage's own, and
// the same solutions; all cells' options as they were.
TEST(VariantModel, ACagesChoiceItemIsTheSameProblemWithTheCombinationChosenOutright) {
  variant v(shape{2, 2});
  v.add_cage({{0, 1}, 5});      // r1c1 r1c2: {1,4} or {2,3}
  v.add_cage({{5, 6, 10}, 6});  // r2c2 r2c3 r3c3: {1,2,3}
  const sudoku::model m(v);
  const dlx::problem implicit = m.build(sudoku::model::naming::none);
  const dlx::problem chosen =
      m.build(sudoku::model::naming::none, sudoku::model::cage_choices::item);
  const auto added = chosen.item_count() - implicit.item_count();
  ASSERT_GE(added, 2u);  // the two cages, and any the law of leftovers implies
  EXPECT_EQ(chosen.primary_count() - implicit.primary_count(), added);
  ASSERT_EQ(chosen.option_count(), implicit.option_count());
  std::map<dlx::item_id, std::size_t> combinations_of;
  for (dlx::option_id o = 0; o < implicit.option_count(); ++o) {
    const auto before = implicit.option(o), after = chosen.option(o);
    const bool a_cell = before.front() < v.cells().size();
    if (a_cell) {
      EXPECT_TRUE(std::equal(before.begin(), before.end(), after.begin(), after.end())) << o;
      continue;
    }
    ASSERT_EQ(after.size(), before.size() + 1) << o;
    EXPECT_TRUE(std::equal(before.begin(), before.end(), after.begin())) << o;
    EXPECT_GE(after.back(), implicit.item_count()) << o;
    ++combinations_of[after.back()];
  }
  EXPECT_EQ(combinations_of.size(), added);        // each choice item has its combinations
  EXPECT_EQ(combinations_of.begin()->second, 2u);  // the first cage: {1,4}, {2,3}
  for (const dlx::problem* p : {&implicit, &chosen}) {
    dlx::solver s(*p, dlx::engine_kind::bitset);
    dlx::search_options all;
    all.limit = 0;
    all.propagation = dlx::propagation::pairs;
    EXPECT_EQ(s.count(all).solutions, library_solutions(v, v.empty_grid()).size());
  }
}

TEST(VariantModel, KillerSizes) {
  // One cage r1c1 r1c2 of sum 3: one combination, {1,2}. Row 1 and box 1 then
  // imply a cage of their other 7 cells with sum 42 (the 7 digits without
  // {1,2}: one combination each); columns 1 and 2, and the bands of rows or
  // columns around the cage, leave 9 or more cells, which is no cage. So 3
  // cages: 324 + 27 items, 729 + 3 options.
  variant one;
  one.add_cage({{0, 1}, 3});
  sudoku::model m(one);
  expect_sizes(m, 324 + 3 * 9, 729 + 3);
  EXPECT_EQ(m.cell_option_count(), 729u);
  // Sum 10 over two cells: 4 combinations; the implied cages of row 1 and box
  // 1 (35 over the 7 digits without a pair of sum 10) 4 each.
  variant ten;
  ten.add_cage({{0, 1}, 10});
  expect_sizes(sudoku::model(ten), 324 + 27, 729 + 12);
  // A cage of all 9 cells of a row needs no combination (its cells cover every
  // digit) and implies nothing.
  variant row;
  row.add_cage({{0, 1, 2, 3, 4, 5, 6, 7, 8}, 45});
  expect_sizes(sudoku::model(row), 324 + 9, 729);
  // The published killers: one option per cell and digit, then at least one per
  // combination of each cage of fewer than 9 cells (implied cages add more).
  for (const auto& p : read_published("killer")) {
    variant v;
    sudoku::grid givens;
    ASSERT_FALSE(sudoku::parse_puzzle(p.line, rules_of("killer"), v, givens));
    int combinations = 0;
    for (const auto& c : v.cages()) {
      if (c.cells.size() < 9)
        combinations +=
            static_cast<int>(subsets_with_sum(static_cast<int>(c.cells.size()), c.sum, 9).size());
    }
    const sudoku::model km(v);
    EXPECT_EQ(km.cell_option_count(), 729u);
    EXPECT_GE(km.option_count(), 729 + combinations);
    EXPECT_GE(km.item_count(), 324 + 9 * static_cast<int>(v.cages().size()));
    const dlx::problem built = km.build();
    EXPECT_EQ(built.item_count(), static_cast<std::size_t>(km.item_count()));
    EXPECT_EQ(built.option_count(), static_cast<std::size_t>(km.option_count()));
  }
}

// ---- validation ---------------------------------------------------------------

// The published Wikipedia killer with its solution.
struct killer_case {
  variant v;
  std::string solution;
};

killer_case wikipedia_killer() {
  const auto p = read_published("killer").at(0);
  killer_case k;
  sudoku::grid givens;
  EXPECT_FALSE(sudoku::parse_puzzle(p.line, rules_of("killer"), k.v, givens));
  k.solution = p.solution;
  return k;
}

TEST(VariantValidate, KillerWrongSum) {
  const auto k = wikipedia_killer();
  const auto good = grid_of(k.v, k.solution);
  EXPECT_TRUE(sudoku::check_solution(k.v, good).ok());
  // Swapping the digits 1 and 2 everywhere leaves a valid plain Sudoku whose
  // cages add up differently.
  std::string swapped = k.solution;
  for (char& c : swapped)
    c = c == '1' ? '2' : c == '2' ? '1' : c;
  const auto bad = grid_of(k.v, swapped);
  EXPECT_TRUE(sudoku::check_solution(bad).ok());
  const auto r = sudoku::check_solution(k.v, bad);
  ASSERT_EQ(r.status, sudoku::check_status::wrong_sum) << r.message(k.v);
  // The first cage (in the variant's order) whose total differs.
  std::size_t first = k.v.cages().size();
  int total = 0;
  for (std::size_t c = 0; c < k.v.cages().size() && first == k.v.cages().size(); ++c) {
    int t = 0;
    for (auto p : k.v.cages()[c].cells)
      t += sudoku::digit_value(swapped[p]);
    if (t != k.v.cages()[c].sum) {
      first = c;
      total = t;
    }
  }
  EXPECT_EQ(r.cage, first);
  EXPECT_EQ(r.total, total);
  EXPECT_EQ(r.cell, k.v.cages()[first].cells.front());
  EXPECT_NE(r.message(k.v).find("add up to " + std::to_string(total)), std::string::npos)
      << r.message(k.v);
}

TEST(VariantValidate, KillerPartialGivensOverACageSum) {
  const auto k = wikipedia_killer();
  // The first cage is r1c1 r1c2 with sum 3 (the '3' and '<' of the line).
  ASSERT_EQ(k.v.cages().front(), (sudoku::cage{{0, 1}, 3}));
  auto g = k.v.empty_grid();
  g.set(0, 0, 1);
  EXPECT_TRUE(sudoku::check_puzzle(k.v, g).ok());
  g.set(0, 0, 4);  // 4 alone is over 3, with r1c2 still blank
  auto r = sudoku::check_puzzle(k.v, g);
  EXPECT_EQ(r.status, sudoku::check_status::wrong_sum);
  EXPECT_EQ(r.cage, 0u);
  EXPECT_EQ(r.total, 4);
  // Full but short: a cage of the line with three or more cells, filled with
  // its smallest digits, when that is below its sum.
  for (std::size_t c = 0; c < k.v.cages().size(); ++c) {
    const auto& cage = k.v.cages()[c];
    const int size = static_cast<int>(cage.cells.size());
    if (size < 3 || size * (size + 1) / 2 >= cage.sum) continue;
    auto h = k.v.empty_grid();
    for (int i = 0; i < size; ++i)
      h.cells()[cage.cells[static_cast<std::size_t>(i)]] = static_cast<std::uint8_t>(i + 1);
    if (sudoku::first_clash(k.v, h)) continue;  // the small digits clash in a row: another cage
    r = sudoku::check_puzzle(k.v, h);
    EXPECT_EQ(r.status, sudoku::check_status::wrong_sum) << k.v.cage_name(cage);
    EXPECT_EQ(r.cage, c);
    EXPECT_EQ(r.total, size * (size + 1) / 2);
    return;
  }
  ADD_FAILURE() << "no cage to fill";
}

TEST(VariantValidate, CageClashIsOfKindCage) {
  // 4x4: cage r1c2 r2c2 r2c3; r1c2 and r2c3 share no row, column or box.
  variant v(shape{2, 2});
  v.add_cage({{1, 5, 6}, 6});
  auto g = v.empty_grid();
  g.set(0, 1, 1);
  g.set(1, 2, 1);
  EXPECT_FALSE(sudoku::first_clash(variant(shape{2, 2}), g));
  const auto c = sudoku::first_clash(v, g);
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, (sudoku::clash{1, 6, 1, unit_kind::cage}));
  EXPECT_EQ(sudoku::check_puzzle(v, g).status, sudoku::check_status::clash);
  sudoku::solver s(v);
  const auto r = s.count(g, 0);
  EXPECT_EQ(r.status, sudoku::status::invalid);
  ASSERT_TRUE(r.conflict);
  EXPECT_EQ(r.conflict->unit, unit_kind::cage);
}

// Wikipedia's plain Sudoku solution (validate_test.cpp): valid as plain Sudoku,
// and not an X or windoku solution, as checked below.
const std::string plain_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// The clash a reader finds first in reading order among `groups`: the cell that
// repeats a digit earliest, with the first cell of its group holding that digit.
std::optional<std::pair<std::size_t, std::size_t>> first_repeat(
    const std::string& g, const std::vector<std::vector<int>>& groups) {
  for (std::size_t p = 0; p < g.size(); ++p) {
    for (const auto& group : groups) {
      if (std::find(group.begin(), group.end(), static_cast<int>(p)) == group.end()) continue;
      for (int q : group) {
        if (static_cast<std::size_t>(q) < p && g[static_cast<std::size_t>(q)] == g[p])
          return std::make_pair(static_cast<std::size_t>(q), p);
      }
    }
  }
  return std::nullopt;
}

// The plain solution checked against a variant with extra units: the clash the
// validator reports is the first repeat the independent rulebook finds in them.
void expect_first_extra_clash(const variant& v, void (*add_units)(rulebook&), unit_kind kind,
                              const std::string& phrase, bool check_digit) {
  rulebook b = single(shape{});
  b.groups.clear();
  add_units(b);
  const auto expected = first_repeat(plain_solution, b.groups);
  ASSERT_TRUE(expected) << "the plain solution keeps every " << phrase;
  const auto r = sudoku::check_solution(v, grid_of(v, plain_solution));
  ASSERT_EQ(r.status, sudoku::check_status::clash);
  ASSERT_TRUE(r.conflict);
  EXPECT_EQ(r.conflict->unit, kind);
  EXPECT_EQ(r.conflict->first, expected->first);
  EXPECT_EQ(r.conflict->second, expected->second);
  if (check_digit) {
    EXPECT_EQ(r.conflict->digit, sudoku::digit_value(plain_solution[expected->second]));
  }
  EXPECT_NE(r.message(v).find("(same " + phrase + ")"), std::string::npos) << r.message(v);
}

TEST(VariantValidate, DiagonalAndWindowClashes) {
  ASSERT_TRUE(sudoku::check_solution(grid_of(variant{}, plain_solution)).ok());
  {
    variant x;
    x.add_diagonals();
    expect_first_extra_clash(x, add_diagonals, unit_kind::diagonal, "diagonal", true);
  }
  {
    variant w;
    ASSERT_TRUE(w.add_windows());
    expect_first_extra_clash(w, add_windoku_windows, unit_kind::window, "window", false);
  }
  // A published X and windoku solution each pass their own rules.
  for (const std::string name : {"x", "windoku"}) {
    for (const auto& p : read_published(name)) {
      if (p.solution == "unknown") continue;
      variant v;
      sudoku::grid givens;
      ASSERT_FALSE(sudoku::parse_puzzle(p.line, rules_of(name), v, givens));
      EXPECT_TRUE(sudoku::check_solution(v, givens, grid_of(v, p.solution)).ok()) << p.solution;
    }
  }
}

TEST(VariantValidate, SamuraiOverlapAndBoard) {
  variant v;
  const auto p = read_published("samurai").at(0);
  sudoku::grid givens;
  ASSERT_FALSE(sudoku::parse_puzzle(p.line, rules_of("samurai"), v, givens));
  ASSERT_TRUE(v == variant::samurai());
  const auto good = grid_of(v, p.solution);
  EXPECT_TRUE(sudoku::check_solution(v, givens, good).ok());
  // A wrong digit at r7c7, a cell of grids 1 and 5.
  const std::size_t overlap = 6 * 21 + 6;
  std::string wrong = p.solution;
  wrong[overlap] = wrong[overlap] == '9' ? '1' : static_cast<char>(wrong[overlap] + 1);
  const auto bad = grid_of(v, wrong);
  const auto r = sudoku::check_solution(v, bad);
  ASSERT_EQ(r.status, sudoku::check_status::clash) << r.message(v);
  ASSERT_TRUE(r.conflict);
  EXPECT_TRUE(r.conflict->first == overlap || r.conflict->second == overlap) << r.message(v);
  // Against the puzzle: changes_given when r7c7 is a given, else the clash.
  const auto rp = sudoku::check_solution(v, givens, bad);
  EXPECT_EQ(rp.status, givens.cells()[overlap] ? sudoku::check_status::changes_given
                                               : sudoku::check_status::clash);
  // A blank cell, a digit outside the grids.
  auto blank = good;
  blank.cells()[20 * 21 + 20] = 0;
  const auto rb = sudoku::check_solution(v, blank);
  EXPECT_EQ(rb.status, sudoku::check_status::incomplete);
  EXPECT_EQ(rb.cell, 20u * 21 + 20);
  EXPECT_EQ(rb.message(v), "r21c21 is blank");
  auto outside = good;
  outside.cells()[9] = 5;  // r1c10
  const auto ro = sudoku::check_solution(v, outside);
  EXPECT_EQ(ro.status, sudoku::check_status::outside);
  EXPECT_EQ(ro.cell, 9u);
  EXPECT_EQ(sudoku::check_puzzle(v, outside).status, sudoku::check_status::outside);
}

// ---- logic solver on the published puzzles ---------------------------------------

TEST(VariantLogic, PlacementsAgreeWithPublishedSolutions) {
  for (const std::string name : {"x", "windoku", "jigsaw", "samurai", "killer"}) {
    const auto r = rules_of(name);
    int solved = 0;
    for (const auto& p : read_published(name)) {
      variant v;
      sudoku::grid givens;
      ASSERT_FALSE(sudoku::parse_puzzle(p.line, r, v, givens)) << p.line;
      sudoku::logic_solver logic(v);
      const auto result = logic.run(givens);
      EXPECT_NE(result.outcome, sudoku::logic_outcome::invalid) << p.line;
      EXPECT_NE(result.outcome, sudoku::logic_outcome::contradiction) << p.line;
      const std::string reached = text_of(v, result.reached);
      // The givens are kept.
      for (std::size_t i = 0; i < reached.size(); ++i) {
        if (givens.cells()[i]) {
          EXPECT_EQ(result.reached.cells()[i], givens.cells()[i]);
        }
      }
      if (p.solution == "unknown") continue;
      ASSERT_EQ(reached.size(), p.solution.size());
      int wrong = 0;
      for (std::size_t i = 0; i < reached.size(); ++i) {
        if (reached[i] != '.' && reached[i] != p.solution[i] && ++wrong < 5) {
          ADD_FAILURE() << name << ": " << v.cell_name(i) << " placed " << reached[i]
                        << ", published " << p.solution[i] << "\n"
                        << p.line;
        }
      }
      if (result.outcome == sudoku::logic_outcome::solved) {
        ++solved;
        EXPECT_EQ(reached, p.solution) << name;
        EXPECT_NE(result.level, sudoku::level::beyond);
      } else {
        EXPECT_EQ(result.level, sudoku::level::beyond);
      }
    }
    // Not a promise of the library, but a sign the variant units take part:
    // the published X, windoku, jigsaw and samurai puzzles are mostly for
    // people, so logic finishes at least one of each.
    if (name != "killer") {
      EXPECT_GT(solved, 0) << name;
    }
  }
}

// ---- generator ---------------------------------------------------------------------

void expect_generated(const variant& v, const rulebook& b, const std::string& what) {
  sudoku::generator g(v);
  sudoku::generate_options o;
  o.seed = 31;
  sudoku::solver s(v);
  for (std::uint64_t i = 0; i < 3; ++i) {
    const auto made = g.make(o, i);
    ASSERT_TRUE(made) << what;
    EXPECT_EQ(made->clues, made->puzzle.given_count());
    EXPECT_TRUE(sudoku::check_puzzle(v, made->puzzle).ok()) << what;
    const auto check = sudoku::check_solution(v, made->puzzle, made->solution);
    EXPECT_TRUE(check.ok()) << what << ": " << check.message(v);
    sudoku::grid found;
    const auto r = s.solve_unique(made->puzzle, found);
    EXPECT_EQ(r.status, sudoku::status::unique) << what << " " << text_of(v, made->puzzle);
    EXPECT_EQ(s.count(made->puzzle, 2).solutions, 1u);
    EXPECT_EQ(text_of(v, found), text_of(v, made->solution)) << what;
    // The solution keeps the rules as written here too.
    EXPECT_EQ(brute_force(b, text_of(v, made->solution)).size(), 1u) << what;
  }
  // Same seed, same puzzle.
  sudoku::generator again(v);
  EXPECT_EQ(text_of(v, again.make(o, 1)->puzzle), text_of(v, g.make(o, 1)->puzzle)) << what;
}

TEST(VariantGenerator, XWindokuAndJigsawPuzzlesAreUnique) {
  variant x;
  x.add_diagonals();
  rulebook xb = single(shape{});
  add_diagonals(xb);
  expect_generated(x, xb, "x");
  variant w;
  ASSERT_TRUE(w.add_windows());
  rulebook wb = single(shape{});
  add_windoku_windows(wb);
  expect_generated(w, wb, "windoku");
  // The layout of the first published jigsaw, which has a solution.
  const auto p = read_published("jigsaw").at(0);
  variant j;
  sudoku::grid givens;
  ASSERT_FALSE(sudoku::parse_puzzle(p.line, rules_of("jigsaw"), j, givens));
  rulebook jb = single(shape{}, false);
  add_regions(jb, std::vector<std::uint8_t>(p.line.begin() + 81, p.line.begin() + 162));
  expect_generated(j, jb, "jigsaw");
  // A random layout, the first that has a solution; then 6x6 X.
  bool found = false;
  for (std::uint64_t seed = 1; seed < 50 && !found; ++seed) {
    const auto regions = sudoku::random_regions(shape{}, seed);
    variant r;
    ASSERT_FALSE(r.set_regions(regions));
    if (!sudoku::generator(r).random_solution(1)) continue;
    rulebook rb = single(shape{}, false);
    add_regions(rb, regions);
    expect_generated(r, rb, "random jigsaw " + std::to_string(seed));
    found = true;
  }
  EXPECT_TRUE(found);
  variant x6(shape{2, 3});
  x6.add_diagonals();
  rulebook x6b = single(shape{2, 3});
  add_diagonals(x6b);
  expect_generated(x6, x6b, "6x6 x");
}

// The cells of region `id` form one piece (4-neighbour flood fill).
bool connected(const std::vector<std::uint8_t>& region, int n, std::uint8_t id) {
  std::vector<char> seen(region.size(), 0);
  std::vector<int> stack;
  int total = 0, reached = 0;
  for (std::size_t i = 0; i < region.size(); ++i) {
    if (region[i] != id) continue;
    ++total;
    if (stack.empty() && reached == 0) {
      stack.push_back(static_cast<int>(i));
      seen[i] = 1;
    }
  }
  while (!stack.empty()) {
    const int p = stack.back();
    stack.pop_back();
    ++reached;
    const int r = p / n, c = p % n;
    const int next[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
    for (const auto& [nr, nc] : next) {
      if (nr < 0 || nr >= n || nc < 0 || nc >= n) continue;
      const auto q = static_cast<std::size_t>(nr * n + nc);
      if (region[q] == id && !seen[q]) {
        seen[q] = 1;
        stack.push_back(static_cast<int>(q));
      }
    }
  }
  return total > 0 && reached == total;
}

TEST(VariantGenerator, RandomRegionsAreConnectedPartitions) {
  for (const shape s : {shape{2, 2}, shape{2, 3}, shape{3, 3}, shape{3, 4}, shape{4, 4}}) {
    const int n = s.size();
    std::set<std::string> layouts;  // as strings: g++ 12 warns wrongly on sets of vectors
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      const auto region = sudoku::random_regions(s, seed);
      ASSERT_EQ(region.size(), static_cast<std::size_t>(n * n));
      std::vector<int> size(static_cast<std::size_t>(n), 0);
      for (auto id : region) {
        ASSERT_LT(id, n) << s.name();
        ++size[id];
      }
      for (int id = 0; id < n; ++id) {
        EXPECT_EQ(size[static_cast<std::size_t>(id)], n) << s.name() << " seed " << seed;
        EXPECT_TRUE(connected(region, n, static_cast<std::uint8_t>(id)))
            << s.name() << " seed " << seed << " region " << id;
      }
      EXPECT_EQ(sudoku::random_regions(s, seed), region) << "the same seed, the same layout";
      layouts.insert(std::string(region.begin(), region.end()));
      variant v(s);
      EXPECT_FALSE(v.set_regions(region));
    }
    // Random layouts, not the boxes every time: 4x4 has few layouts, larger
    // ones should not repeat in 8 seeds.
    // BUG: at commit f8526c1 random_regions returns the boxes for every seed
    // and shape: it swaps two neighbours across a region border, but from the
    // boxes' straight borders the cell that moves touches its new region only
    // at the cell it swapped with, so it is cut off and no swap ever stays.
    // (The working tree's generator.cpp had an uncommitted fix, a cell each
    // way chosen separately, under which this passes.)
    EXPECT_GT(layouts.size(), n == 4 ? 1u : 6u) << s.name();
    std::vector<std::uint8_t> boxes;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c)
        boxes.push_back(static_cast<std::uint8_t>(s.box_of(r, c)));
    }
    EXPECT_FALSE(layouts.size() == 1 && layouts.count(std::string(boxes.begin(), boxes.end())))
        << s.name() << ": every layout is the boxes";
  }
}

TEST(VariantGenerator, SetRegionsRefusesWrongSizes) {
  variant v(shape{2, 2});
  const auto before = v;
  std::vector<std::uint8_t> bad = {0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
  const auto e = v.set_regions(bad);
  ASSERT_TRUE(e);
  EXPECT_NE(e->find("region 1 has 5 cells, not 4"), std::string::npos) << *e;
  EXPECT_TRUE(v == before) << "a refused layout changes nothing";
}

}  // namespace
