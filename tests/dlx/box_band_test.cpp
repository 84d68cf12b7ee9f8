// The box-band search: the structure search (propagation::groups) in lanes, for
// matrices that are a 9x9 Sudoku's up to the names and order of their items
// and options. It must find that layout in any disguise and nowhere else, and
// answer as Knuth's search does (the default setting, whose counts match his
// programs) on the same problems; a published puzzle must get its published
// solution.
#include <gtest/gtest.h>
#include <dlx/problem.hpp>
#include <dlx/random.hpp>
#include <dlx/solver.hpp>
#include <dlx/structure.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "search_options.hpp"
#include "solution_sets.hpp"

namespace {

using dlx::item_id;
using dlx::option_id;

// A 9x9 Sudoku as exact cover, in disguise: its rows, columns, bands, stacks
// and digits permuted, its items numbered at random, its options in random
// order, each option's items in random order. `option` maps a cell and digit
// of the undisguised grid (row * 81 + column * 9 + digit) to the option.
struct disguised {
  dlx::problem problem{0, 0};
  std::array<option_id, 729> option{};
  std::array<int, 729> place{};  // the inverse of `option`
};

std::vector<int> permutation(int n, std::mt19937_64& rng) {
  std::vector<int> p(static_cast<std::size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  dlx::shuffle(p.begin(), p.end(), rng);
  return p;
}

// Rows (or columns) 0-8 in a random order that keeps bands together.
std::vector<int> band_preserving(std::mt19937_64& rng) {
  const auto bands = permutation(3, rng);
  std::vector<int> out;
  for (int b : bands) {
    const auto within = permutation(3, rng);
    for (int w : within)
      out.push_back(b * 3 + w);
  }
  return out;
}

// `box_of(row, column)` names the regions: 3x3 boxes by default.
template <class BoxOf>
disguised make_sudoku(std::mt19937_64& rng, bool disguise, BoxOf box_of) {
  disguised d;
  std::vector<int> rows(9), columns(9), digits(9), items(324), order(729);
  std::iota(rows.begin(), rows.end(), 0);
  std::iota(columns.begin(), columns.end(), 0);
  std::iota(digits.begin(), digits.end(), 0);
  std::iota(items.begin(), items.end(), 0);
  std::iota(order.begin(), order.end(), 0);
  if (disguise) {
    rows = band_preserving(rng);
    columns = band_preserving(rng);
    digits = permutation(9, rng);
    items = permutation(324, rng);
    order = permutation(729, rng);
  }
  d.problem = dlx::problem(324, 0);
  std::vector<std::array<item_id, 4>> options(729);
  for (int k = 0; k < 729; ++k) {
    const int r = rows[static_cast<std::size_t>(k / 81)];
    const int c = columns[static_cast<std::size_t>(k / 9 % 9)];
    const int v = digits[static_cast<std::size_t>(k % 9)];
    const int b = box_of(r, c);
    std::array<item_id, 4> o{
        static_cast<item_id>(items[static_cast<std::size_t>(r * 9 + c)]),
        static_cast<item_id>(items[static_cast<std::size_t>(81 + r * 9 + v)]),
        static_cast<item_id>(items[static_cast<std::size_t>(162 + c * 9 + v)]),
        static_cast<item_id>(items[static_cast<std::size_t>(243 + b * 9 + v)])};
    if (disguise) dlx::shuffle(o.begin(), o.end(), rng);
    options[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] = o;
    d.option[static_cast<std::size_t>(k)] =
        static_cast<option_id>(order[static_cast<std::size_t>(k)]);
    d.place[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] = k;
  }
  for (const auto& o : options)
    d.problem.add_option(std::vector<item_id>(o.begin(), o.end()));
  return d;
}

disguised make_sudoku(std::mt19937_64& rng, bool disguise) {
  return make_sudoku(rng, disguise, [](int r, int c) { return r / 3 * 3 + c / 3; });
}

// The givens of an 81-character puzzle, as options of `d`.
std::vector<option_id> givens(const disguised& d, const std::string& puzzle) {
  std::vector<option_id> out;
  for (int cell = 0; cell < 81; ++cell) {
    const char ch = puzzle[static_cast<std::size_t>(cell)];
    if (ch >= '1' && ch <= '9')
      out.push_back(d.option[static_cast<std::size_t>(cell * 9 + ch - '1')]);
  }
  return out;
}

// A solution (its options, any order) as 81 digits.
std::string grid_of(const disguised& d, std::span<const option_id> solution) {
  std::string grid(81, '.');
  for (option_id o : solution) {
    const int k = d.place[o];
    grid[static_cast<std::size_t>(k / 9)] = static_cast<char>('1' + k % 9);
  }
  return grid;
}

dlx::search_options groups_to(std::uint64_t limit) {
  auto o = test_support::with_propagation(dlx::propagation::groups);
  o.limit = limit;
  return o;
}

// Arto Inkala's puzzle of 2012 and its published solution (corpus/famous.sdm).
const std::string inkala =
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
// "AI Escargot", Arto Inkala (2006), also in corpus/famous.sdm.
const std::string escargot =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
const std::string inkala_solution =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

void check_disguises() {
  std::mt19937_64 rng(20261202);
  const auto groups = test_support::with_propagation(dlx::propagation::groups);
  for (int k = 0; k < 20; ++k) {
    SCOPED_TRACE(k);
    const disguised d = make_sudoku(rng, k > 0);
    EXPECT_TRUE(dlx::describe_structure(d.problem).boxes_and_bands);
    dlx::solver s(d.problem);
    ASSERT_FALSE(s.preselect(givens(d, inkala)));
    std::vector<option_id> found;
    ASSERT_EQ(s.solve(found, groups).solutions, 1u);
    EXPECT_EQ(grid_of(d, found), inkala_solution);
    const auto counted = s.count(groups_to(2));
    EXPECT_EQ(counted.solutions, 1u);
    EXPECT_TRUE(counted.complete());
    EXPECT_GT(counted.guesses, 0u);
    EXPECT_EQ(counted.guesses, counted.branches);
  }
  // Columns dealt into "boxes" by their number mod 3 (0, 3, 6; 1, 4, 7; ...):
  // a Sudoku whose columns are listed in another order, found as one.
  const disguised stripes = make_sudoku(rng, false, [](int r, int c) { return r / 3 * 3 + c % 3; });
  EXPECT_TRUE(dlx::describe_structure(stripes.problem).boxes_and_bands);
}

TEST(BoxBand, FoundInAnyDisguise) {
  check_disguises();
}

TEST(BoxBand, NotFoundInOtherShapes) {
  std::mt19937_64 rng(7);
  // A jigsaw: the 3x3 boxes with two cells of two boxes swapped.
  auto jigsaw = [](int r, int c) {
    if (r == 2 && c == 2) return 1;
    if (r == 2 && c == 3) return 0;
    return r / 3 * 3 + c / 3;
  };
  EXPECT_FALSE(dlx::describe_structure(make_sudoku(rng, true, jigsaw).problem).boxes_and_bands);
  // Boxes three rows tall and three columns wide but not aligned in bands:
  // rows 0-2 of columns 0-2, 3-5, 6-8, then shifted by one column below.
  auto shifted = [](int r, int c) { return r / 3 * 3 + ((r < 3 ? c : (c + 1) % 9) / 3); };
  EXPECT_FALSE(dlx::describe_structure(make_sudoku(rng, true, shifted).problem).boxes_and_bands);
  // Sudoku X: two more items, the diagonals.
  {
    dlx::problem x(326, 0);
    for (int k = 0; k < 729; ++k) {
      const int r = k / 81, c = k / 9 % 9, v = k % 9;
      std::vector<item_id> o{static_cast<item_id>(r * 9 + c), static_cast<item_id>(81 + r * 9 + v),
                             static_cast<item_id>(162 + c * 9 + v),
                             static_cast<item_id>(243 + (r / 3 * 3 + c / 3) * 9 + v)};
      x.add_option(o);
    }
    x.add_option(std::vector<item_id>{324});
    x.add_option(std::vector<item_id>{325});
    EXPECT_FALSE(dlx::describe_structure(x).boxes_and_bands);
  }
  // A Sudoku with one option missing, or a secondary item more.
  {
    const disguised d = make_sudoku(rng, false);
    dlx::problem less(324, 0), more(324, 1);
    for (option_id o = 0; o < 729; ++o) {
      if (o != 400) less.add_option(d.problem.option(o));
      std::vector<item_id> items(d.problem.option(o).begin(), d.problem.option(o).end());
      if (o == 0) items.push_back(324);
      more.add_option(items);
    }
    EXPECT_FALSE(dlx::describe_structure(less).boxes_and_bands);
    EXPECT_FALSE(dlx::describe_structure(more).boxes_and_bands);
    // ... and the search still answers on them, as the structure search.
    dlx::solver s(less);
    std::vector<option_id> g = givens(d, inkala);  // none is option 400 (row 5, column 9, 5)
    for (option_id& o : g)
      o -= o > 400 ? 1 : 0;
    ASSERT_FALSE(s.preselect(g));
    EXPECT_EQ(s.count(test_support::with_propagation(dlx::propagation::groups)).solutions,
              s.count().solutions);
  }
}

// Random puzzles on disguised matrices: givens from a random grid, sometimes a
// wrong one; the same solutions as Knuth's search, each found once; limits,
// budgets, two threads and a split search adding up.
void check_random_puzzles(std::uint32_t seed) {
  std::mt19937_64 rng(seed);
  auto uniform = [&](int lo, int hi) {
    return lo + static_cast<int>(dlx::uniform_below(static_cast<std::uint64_t>(hi - lo + 1), rng));
  };
  int with_several = 0, with_none = 0, guessed = 0;
  for (int k = 0; k < 60; ++k) {
    SCOPED_TRACE(k);
    const disguised d = make_sudoku(rng, true);
    dlx::solver s(d.problem);
    std::vector<option_id> grid;
    ASSERT_EQ(s.solve(grid, test_support::with_seed(rng())).solutions, 1u);
    dlx::shuffle(grid.begin(), grid.end(), rng);
    std::vector<option_id> chosen(grid.begin(), grid.begin() + uniform(24, 40));
    if (uniform(0, 2) == 0) {
      // A wrong digit in a free cell.
      const int place = d.place[grid[chosen.size()]];
      chosen.push_back(d.option[static_cast<std::size_t>(place - place % 9 + (place + 1) % 9)]);
    }
    if (s.preselect(chosen)) continue;
    const auto plain = s.count(test_support::with_limit(3000));
    if (!plain.complete()) continue;  // too many to list
    std::uint64_t visits = 0;
    const auto expected = test_support::solution_set(s, dlx::propagation::none, visits);
    const auto found = test_support::solution_set(s, dlx::propagation::groups, visits);
    EXPECT_EQ(found, expected);
    EXPECT_EQ(visits, expected.size()) << "a solution was found twice";
    auto o = test_support::with_propagation(dlx::propagation::groups);
    const auto one = s.count(o);
    EXPECT_EQ(one.solutions, expected.size());
    EXPECT_EQ(one.guesses, one.branches);
    o.threads = 2;
    const auto two = s.count(o);
    EXPECT_EQ(two.solutions, one.solutions);
    EXPECT_EQ(two.nodes, one.nodes);
    EXPECT_EQ(two.guesses, one.guesses);
    o.threads = 1;
    const auto sum = test_support::counted_in_pieces(s, 8, o);
    EXPECT_EQ(sum.solutions, one.solutions);
    EXPECT_EQ(sum.nodes, one.nodes);
    EXPECT_EQ(sum.guesses, one.guesses);
    if (one.solutions > 2) {
      o.limit = 2;
      EXPECT_EQ(s.count(o).status, dlx::search_status::limit_reached);
      o.limit = 0;
    }
    if (one.nodes > 3) {
      o.node_budget = 3;
      const auto budget = s.count(o);
      EXPECT_EQ(budget.status, dlx::search_status::budget_exhausted);
      EXPECT_LE(budget.nodes, 3u);
    }
    EXPECT_TRUE(s.check_invariants());
    with_several += expected.size() > 1;
    with_none += expected.empty();
    guessed += one.guesses > 0;
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GE(with_several, 10);
  EXPECT_GE(with_none, 3);
  EXPECT_GE(guessed, 20);
}

TEST(BoxBand, SameSolutionsAsKnuthsSearch) {
  check_random_puzzles(20261203);
}

// An environment switch of the engine's (DLX_NO_AVX2, DLX_NO_AVX512) set to 1 for
// a scope, and unset when it ends, a failed assertion's early return included;
// none for a null name.
class path_switch {
 public:
  explicit path_switch(const char* variable)
      : variable_(variable), set_(variable == nullptr || setenv(variable, "1", 1) == 0) {}
  path_switch(const path_switch&) = delete;
  path_switch& operator=(const path_switch&) = delete;
  ~path_switch() {
    if (variable_ != nullptr) unsetenv(variable_);
  }
  [[nodiscard]] bool set() const { return set_; }

 private:
  const char* variable_;
  bool set_;
};

// The checks above on the path an environment switch chooses, named `name`.
void check_path(const char* variable, std::string_view name, std::uint32_t seed) {
  const path_switch on(variable);
  ASSERT_TRUE(on.set());
  EXPECT_EQ(dlx::box_band_rules_path(), name);
  check_disguises();
  check_random_puzzles(seed);
}

// The rules a word at a time (what a host without AVX2 runs).
TEST(BoxBand, WordByWordTheSame) {
  check_path("DLX_NO_AVX2", "64-bit words", 20261204);
}

// The AVX2 code where the host has AVX-512 too (what an AVX2-only host runs):
// the default run above took the AVX-512 copy there, this one the other.
TEST(BoxBand, Avx2TheSameWhereAvx512Runs) {
  if (dlx::box_band_rules_path() != "AVX-512") GTEST_SKIP() << "no AVX-512 here";
  check_path("DLX_NO_AVX512", "AVX2", 20261205);
}

// Every path the host has finds the same tree: the same nodes and guesses, and
// the same solutions in the same order, on puzzles that need guessing.
TEST(BoxBand, EveryPathTheSameTree) {
  std::mt19937_64 rng(20261206);
  std::vector<std::pair<const char*, const char*>> paths = {{"DLX_NO_AVX2", "64-bit words"}};
  if (dlx::box_band_rules_path() != "64-bit words") paths.push_back({"DLX_NO_AVX512", "AVX2"});
  if (dlx::box_band_rules_path() == "AVX-512") paths.push_back({nullptr, "AVX-512"});
  for (const std::string& puzzle : {inkala, escargot}) {
    std::vector<std::vector<dlx::option_id>> first_solutions;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> trees;
    const disguised d = make_sudoku(rng, true);
    for (const auto& [variable, name] : paths) {
      const path_switch on(variable);
      ASSERT_TRUE(on.set());
      EXPECT_EQ(dlx::box_band_rules_path(), name);
      dlx::solver s(d.problem);
      ASSERT_FALSE(s.preselect(givens(d, puzzle)));
      std::vector<dlx::option_id> found;
      EXPECT_EQ(s.solve(found, groups_to(0)).solutions, 1u) << name;
      const auto counted = s.count(groups_to(2));
      EXPECT_EQ(counted.solutions, 1u) << name;
      EXPECT_GT(counted.guesses, 0u) << name;
      first_solutions.push_back(found);
      trees.emplace_back(counted.nodes, counted.guesses);
    }
    for (std::size_t k = 1; k < paths.size(); ++k) {
      EXPECT_EQ(first_solutions[k], first_solutions[0]) << paths[k].second;
      EXPECT_EQ(trees[k], trees[0]) << paths[k].second;
    }
  }
}

// The trees of two hard puzzles on the plain matrix, counted to 2 on every path:
// the speed work of issue 66 kept them node for node, and a change to the rules or
// the branch rule that alters them must update these figures, which may only fall
// (the "guesses unchanged or fewer").
TEST(BoxBand, HardPuzzlesTreesAsRecorded) {
  std::mt19937_64 rng(1);
  const disguised d = make_sudoku(rng, false);
  struct recorded {
    const std::string& puzzle;
    std::uint64_t nodes, guesses;
  };
  const recorded trees[] = {{inkala, 123, 61}, {escargot, 39, 19}};
  std::vector<const char*> paths = {"DLX_NO_AVX2", nullptr};
  if (dlx::box_band_rules_path() == "AVX-512") paths.push_back("DLX_NO_AVX512");
  for (const char* variable : paths) {
    const path_switch on(variable);
    ASSERT_TRUE(on.set());
    for (const recorded& t : trees) {
      dlx::solver s(d.problem);
      ASSERT_FALSE(s.preselect(givens(d, t.puzzle)));
      const auto counted = s.count(groups_to(2));
      EXPECT_EQ(counted.solutions, 1u);
      EXPECT_EQ(counted.nodes, t.nodes) << dlx::box_band_rules_path();
      EXPECT_EQ(counted.guesses, t.guesses) << dlx::box_band_rules_path();
    }
  }
}

TEST(BoxBand, PreselectionMovesBetweenEngines) {
  std::mt19937_64 rng(3);
  const disguised d = make_sudoku(rng, true);
  dlx::solver s(d.problem);
  const auto groups = test_support::with_propagation(dlx::propagation::groups);
  const auto g = givens(d, inkala);
  ASSERT_FALSE(s.preselect(std::span(g).first(10)));
  const auto a = s.count(groups_to(50));
  EXPECT_EQ(a.solutions, 50u);
  ASSERT_FALSE(s.preselect(std::span(g).subspan(10)));
  EXPECT_EQ(s.count(groups).solutions, 1u);
  EXPECT_EQ(s.count().solutions, 1u);
  std::vector<option_id> found;
  EXPECT_EQ(s.solve(found, groups).solutions, 1u);
  EXPECT_EQ(found.size(), 81u);  // the givens, then the rest
  EXPECT_EQ(grid_of(d, found), inkala_solution);
  s.clear_preselection();
  ASSERT_FALSE(s.preselect(g));
  dlx::solver copy = s;
  EXPECT_EQ(copy.count(groups).solutions, 1u);
  // A full grid: nothing left to search.
  std::vector<option_id> all;
  for (int cell = 0; cell < 81; ++cell)
    all.push_back(d.option[static_cast<std::size_t>(
        cell * 9 + inkala_solution[static_cast<std::size_t>(cell)] - '1')]);
  s.clear_preselection();
  ASSERT_FALSE(s.preselect(all));
  EXPECT_EQ(s.count(groups).solutions, 1u);
}

}  // namespace
