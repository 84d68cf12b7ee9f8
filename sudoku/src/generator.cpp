#include "sudoku/generator.hpp"

#include <dlx/random.hpp>

#include <algorithm>
#include <array>
#include <numeric>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include "sudoku/symmetry.hpp"

namespace sudoku {

namespace {

// A seed for puzzle `index` of `seed`, and for each try of it: splitmix64 steps,
// so that neighbouring indices give unrelated streams.
std::uint64_t mix(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

generator::generator(sudoku::shape s) : generator(sudoku::variant(s)) {}

generator::generator(const sudoku::variant& v)
    : solver_(v),
      logic_(v),
      scratch_(v.empty_grid()),
      // Row, band and transposition shuffles keep rows, columns and boxes, but
      // not diagonals, windows, regions or a board of several grids.
      shuffle_(v == sudoku::variant(v.shape())) {
  // Knuth's tree for every search here: its check budgets count nodes as they
  // always have (with forced moves free, a 100,000-node check on a 25x25 grid
  // does ten times the work before it gives up: one puzzle in 79 s against 6.6),
  // and a seed makes the puzzles it always made. Forced moves measured no faster.
  // Clues (clue.hpp) keep the solver's pair rule: without it a thermo puzzle's
  // uniqueness check takes minutes, not milliseconds.
  if (v.clues().empty()) solver_.set_propagation(dlx::propagation::none);
}

bool generator::unique(const grid& g) {
  dlx::search_options o;
  o.node_budget = check_budget_;
  const result r = solver_.count(g, 2, o);
  if (r.status == status::unknown) inconclusive_ = true;
  return r.status == status::unique;
}

std::vector<std::vector<std::size_t>> generator::orbits(clue_symmetry s) const {
  const sudoku::variant& v = solver_.variant();
  std::vector<std::vector<std::size_t>> out;
  std::vector<char> seen(v.positions(), 0);
  for (std::uint32_t cell : v.cells()) {
    if (seen[cell]) continue;
    out.push_back(clue_orbit(cell, v.columns(), s));
    for (std::size_t c : out.back())
      seen[c] = 1;
  }
  return out;
}

std::optional<grid> generator::random_solution(std::uint64_t seed) {
  // The search's random tie-break on an empty grid, then a random relabelling
  // and reshuffle of rows, columns and bands on top, for good measure.
  // Randomised searches have heavy tails: on an empty 25x25 grid the median seed
  // needs ~40K nodes but one in forty needs over 2M. So each try gets a budget,
  // and a try that runs out starts again from another seed with twice the budget
  // (the classic cure; still deterministic for a given seed).
  dlx::search_options o;
  const sudoku::variant& v = solver_.variant();
  o.node_budget = 4 * static_cast<std::uint64_t>(v.cells().size()) + 1000;
  const grid empty = v.empty_grid();
  for (std::uint64_t restart = 0;; ++restart) {
    o.seed = restart == 0 ? seed : mix(seed, restart);
    const result r = solver_.solve(empty, scratch_, o);
    if (r.status == status::solved) break;
    if (r.status == status::none) return std::nullopt;  // a layout without solutions
    // Plain Sudoku always has a solution: keep doubling. A jigsaw layout may
    // have none, and proving it can take the search very long: give up after
    // a few thousand nodes per cell, which solvable layouts do not need.
    if (!shuffle_ && o.node_budget > 4096 * v.cells().size()) return std::nullopt;
    o.node_budget *= 2;
  }
  std::optional<grid> out;  // built in place: no copy on return
  out.emplace(v.shape(), v.rows(), v.columns());
  if (shuffle_) {
    symmetry::random(shape(), mix(seed, 0x5eed)).apply(scratch_, *out);
  } else {
    std::copy(scratch_.cells().begin(), scratch_.cells().end(), out->cells().begin());
  }
  return out;
}

std::optional<generated> generator::make(const generate_options& options, std::uint64_t index) {
  const std::uint64_t puzzle_seed = mix(options.seed, index);
  const int cells = static_cast<int>(solver_.variant().cells().size());
  check_budget_ = options.check_budget;
  auto rate = [&](const grid& g) { return logic_.run(g).level; };
  for (std::uint64_t attempt = 1; attempt <= options.max_attempts; ++attempt) {
    const std::uint64_t seed = mix(puzzle_seed, attempt);
    generated g;
    auto solution = random_solution(seed);
    if (!solution) return std::nullopt;
    g.solution = std::move(*solution);
    g.puzzle = g.solution;
    g.clues = cells;
    g.attempts = attempt;
    inconclusive_ = false;
    auto orbit_list = orbits(options.symmetry);
    std::mt19937_64 rng(seed);
    dlx::shuffle(orbit_list.begin(), orbit_list.end(), rng);
    const int floor = options.clues && !options.minimal ? *options.clues : 0;
    for (const auto& orbit : orbit_list) {
      const int size = static_cast<int>(orbit.size());
      if (g.clues - size < floor) continue;
      for (std::size_t c : orbit)
        g.puzzle.cells()[c] = 0;
      bool keep = unique(g.puzzle);
      if (keep && options.difficulty) keep = rate(g.puzzle) <= *options.difficulty;
      if (keep) {
        g.clues -= size;
      } else {
        for (std::size_t c : orbit)
          g.puzzle.cells()[c] = g.solution.cells()[c];
      }
    }
    if (options.minimal && inconclusive_) continue;  // a refusal we could not prove
    if (options.minimal && (options.symmetry != clue_symmetry::none || options.difficulty)) {
      // Minimal means no single given can go. Without symmetry or difficulty the
      // pass above ensures it; with a symmetric pattern it held orbit by orbit
      // only, and with a difficulty some removals were refused for the level, not
      // for uniqueness. Check given by given, and try again if it fails.
      if (!find_redundant(g.puzzle).empty() || inconclusive_) continue;
    }
    g.level = rate(g.puzzle);
    if (options.difficulty && g.level != *options.difficulty) continue;
    return g;
  }
  return std::nullopt;
}

std::optional<grid> generator::minimize(const grid& puzzle, std::uint64_t seed) {
  check_budget_ = 0;  // exact: minimize promises minimality
  if (!same_board(puzzle) || !unique(puzzle)) return std::nullopt;
  std::optional<grid> result(puzzle);  // built in place: no copy on return
  grid& g = *result;
  std::vector<std::size_t> givens;
  for (std::size_t c = 0; c < g.cells().size(); ++c) {
    if (g[c] != 0) givens.push_back(c);
  }
  std::mt19937_64 rng(seed);
  dlx::shuffle(givens.begin(), givens.end(), rng);
  for (std::size_t c : givens) {
    const auto v = g.cells()[c];
    g.cells()[c] = 0;
    if (!unique(g)) g.cells()[c] = v;
  }
  return result;
}

std::optional<std::vector<std::size_t>> generator::redundant_givens(const grid& puzzle) {
  check_budget_ = 0;  // exact: the answer is a promise
  if (!same_board(puzzle) || !unique(puzzle)) return std::nullopt;
  return find_redundant(puzzle);
}

bool generator::same_board(const grid& g) const {
  const sudoku::variant& v = solver_.variant();
  return g.shape() == v.shape() && g.rows() == v.rows() && g.columns() == v.columns();
}

std::vector<std::size_t> generator::find_redundant(const grid& puzzle) {
  scratch_ = puzzle;
  std::vector<std::size_t> redundant;
  for (std::size_t c = 0; c < scratch_.cells().size(); ++c) {
    const auto v = scratch_.cells()[c];
    if (v == 0) continue;
    scratch_.cells()[c] = 0;
    if (unique(scratch_)) redundant.push_back(c);
    scratch_.cells()[c] = v;
  }
  return redundant;
}

namespace {

// True when the cells of region `k` form one piece (4-neighbours).
bool connected(const std::vector<std::uint8_t>& region, int n, std::uint8_t k,
               std::vector<std::size_t>& stack, std::vector<char>& seen) {
  std::fill(seen.begin(), seen.end(), 0);
  const auto start =
      static_cast<std::size_t>(std::find(region.begin(), region.end(), k) - region.begin());
  stack.assign(1, start);
  seen[start] = 1;
  std::size_t reached = 0;
  while (!stack.empty()) {
    const std::size_t at = stack.back();
    stack.pop_back();
    ++reached;
    const int r = static_cast<int>(at) / n, c = static_cast<int>(at) % n;
    for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
      const int nr = r + dr, nc = c + dc;
      if (nr < 0 || nr >= n || nc < 0 || nc >= n) continue;
      const auto next = static_cast<std::size_t>(nr * n + nc);
      if (!seen[next] && region[next] == k) {
        seen[next] = 1;
        stack.push_back(next);
      }
    }
  }
  return reached == static_cast<std::size_t>(n);
}

}  // namespace

std::vector<std::uint8_t> random_regions(const shape& s, std::uint64_t seed) {
  const int n = s.size();
  const auto cells = static_cast<std::size_t>(n * n);
  std::vector<std::uint8_t> region(cells);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c)
      region[static_cast<std::size_t>(r * n + c)] = static_cast<std::uint8_t>(s.box_of(r, c));
  }
  std::mt19937_64 rng(mix(seed, 0x1a95a));
  std::vector<std::size_t> stack;
  std::vector<char> seen(cells);
  // A cell of region A next to region B joins B, and a cell of B next to A
  // (another one) joins A: both keep their size, and the move stays when both
  // are still in one piece. 20 tries per cell mix a 9x9 layout well beyond
  // recognition of its boxes.
  constexpr std::array<std::pair<int, int>, 4> steps = {std::pair{-1, 0}, std::pair{1, 0},
                                                        std::pair{0, -1}, std::pair{0, 1}};
  auto neighbour = [&](std::size_t cell, std::size_t k) -> std::optional<std::size_t> {
    const int r = static_cast<int>(cell) / n + steps[k].first;
    const int c = static_cast<int>(cell) % n + steps[k].second;
    if (r < 0 || r >= n || c < 0 || c >= n) return std::nullopt;
    return static_cast<std::size_t>(r * n + c);
  };
  std::vector<std::size_t> candidates;
  for (std::size_t t = 0; t < 20 * cells; ++t) {
    const std::size_t a = rng() % cells;
    const auto b = neighbour(a, rng() % 4);
    if (!b || region[a] == region[*b]) continue;
    const std::uint8_t ra = region[a], rb = region[*b];
    region[a] = rb;
    // The cells of B (a excepted) that touch A: one of them goes the other way.
    candidates.clear();
    for (std::size_t c = 0; c < cells; ++c) {
      if (region[c] != rb || c == a) continue;
      for (std::size_t k = 0; k < 4; ++k) {
        const auto d = neighbour(c, k);
        if (d && region[*d] == ra) {
          candidates.push_back(c);
          break;
        }
      }
    }
    if (candidates.empty()) {
      region[a] = ra;
      continue;
    }
    const std::size_t c = candidates[rng() % candidates.size()];
    region[c] = ra;
    if (!connected(region, n, ra, stack, seen) || !connected(region, n, rb, stack, seen)) {
      region[a] = ra;
      region[c] = rb;
    }
  }
  return region;
}

std::optional<jigsaw_puzzle> make_random_jigsaw(const rules& r, const generate_options& options,
                                                std::uint64_t index) {
  for (std::uint64_t layout = 0; layout < 64; ++layout) {
    std::vector<std::uint8_t> region_of =
        random_regions(options.shape, options.seed * 1000003 + index * 64 + layout);
    // Regions numbered in order of first appearance, as a layout read from
    // text is: the same variant, unit for unit, as the line of its puzzle.
    std::array<int, 256> id;
    id.fill(-1);
    int next = 0;
    for (auto& k : region_of) {
      if (id[k] < 0) id[k] = next++;
      k = static_cast<std::uint8_t>(id[k]);
    }
    variant v(options.shape);
    if (auto e = v.set_regions(region_of)) throw std::logic_error("random_regions: " + *e);
    if (r.diagonals) v.add_diagonals();
    if (r.windows && !v.add_windows()) {
      throw std::invalid_argument("windoku needs square boxes; " + options.shape.name() + " has " +
                                  options.shape.box_name() + " boxes");
    }
    generator g(v);
    if (auto made = g.make(options, index)) return jigsaw_puzzle{std::move(*made), g.variant()};
  }
  return std::nullopt;
}

std::uint64_t draw_seed() {
  std::random_device device;
  return device();  // 32 bits
}

}  // namespace sudoku
