#include "sudoku/generator.hpp"

#include <algorithm>
#include <numeric>
#include <random>

#include "sudoku/symmetry.hpp"

namespace sudoku {

std::string_view to_string(clue_symmetry s) noexcept {
  switch (s) {
    case clue_symmetry::none:
      return "none";
    case clue_symmetry::rot180:
      return "rot180";
    case clue_symmetry::rot90:
      return "rot90";
    case clue_symmetry::mirror:
      return "mirror";
    case clue_symmetry::diagonal:
      return "diagonal";
  }
  return "?";
}

std::optional<clue_symmetry> parse_symmetry(std::string_view name) noexcept {
  for (clue_symmetry s : {clue_symmetry::none, clue_symmetry::rot180, clue_symmetry::rot90,
                          clue_symmetry::mirror, clue_symmetry::diagonal}) {
    if (name == to_string(s)) return s;
  }
  return std::nullopt;
}

namespace {

// A seed for puzzle `index` of `seed`, and for each try of it: splitmix64 steps,
// so that neighbouring indices give unrelated streams.
std::uint64_t mix(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (index + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The cells a symmetry maps `cell` to, `cell` included, in increasing order.
std::vector<std::size_t> orbit_of(std::size_t cell, int n, clue_symmetry s) {
  const int r = static_cast<int>(cell) / n, c = static_cast<int>(cell) % n;
  std::vector<std::pair<int, int>> points = {{r, c}};
  switch (s) {
    case clue_symmetry::none:
      break;
    case clue_symmetry::rot180:
      points.push_back({n - 1 - r, n - 1 - c});
      break;
    case clue_symmetry::mirror:
      points.push_back({r, n - 1 - c});
      break;
    case clue_symmetry::diagonal:
      points.push_back({c, r});
      break;
    case clue_symmetry::rot90:
      for (int k = 0; k < 3; ++k) {
        const auto [pr, pc] = points.back();
        points.push_back({pc, n - 1 - pr});
      }
      break;
  }
  std::vector<std::size_t> cells;
  for (auto [pr, pc] : points)
    cells.push_back(static_cast<std::size_t>(pr * n + pc));
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

}  // namespace

bool has_symmetry(const grid& g, clue_symmetry s) {
  const int n = g.size();
  for (std::size_t cell = 0; cell < g.cells().size(); ++cell) {
    for (std::size_t other : orbit_of(cell, n, s)) {
      if ((g[cell] != 0) != (g[other] != 0)) return false;
    }
  }
  return true;
}

generator::generator(sudoku::shape s) : solver_(s), logic_(s), scratch_(s) {}

bool generator::unique(const grid& g) {
  dlx::search_options o;
  o.node_budget = check_budget_;
  const result r = solver_.count(g, 2, o);
  if (r.status == status::unknown) inconclusive_ = true;
  return r.status == status::unique;
}

std::vector<std::vector<std::size_t>> generator::orbits(clue_symmetry s) const {
  const int n = shape().size();
  std::vector<std::vector<std::size_t>> out;
  std::vector<char> seen(static_cast<std::size_t>(n * n), 0);
  for (std::size_t cell = 0; cell < seen.size(); ++cell) {
    if (seen[cell]) continue;
    out.push_back(orbit_of(cell, n, s));
    for (std::size_t c : out.back())
      seen[c] = 1;
  }
  return out;
}

grid generator::random_solution(std::uint64_t seed) {
  // The search's random tie-break on an empty grid, then a random relabelling
  // and reshuffle of rows, columns and bands on top, for good measure.
  // Randomised searches have heavy tails: on an empty 25x25 grid the median seed
  // needs ~40K nodes but one in forty needs over 2M. So each try gets a budget,
  // and a try that runs out starts again from another seed with twice the budget
  // (the classic cure; still deterministic for a given seed).
  dlx::search_options o;
  o.node_budget = 4 * static_cast<std::uint64_t>(shape().cell_count()) + 1000;
  grid solution(shape());
  for (std::uint64_t restart = 0;; ++restart) {
    o.seed = restart == 0 ? seed : mix(seed, restart);
    if (solver_.solve(grid(shape()), solution, o).status == status::solved) break;
    o.node_budget *= 2;
  }
  return symmetry::random(shape(), mix(seed, 0x5eed)).apply(solution);
}

std::optional<generated> generator::make(const generate_options& options, std::uint64_t index) {
  const std::uint64_t puzzle_seed = mix(options.seed, index);
  const int cells = shape().cell_count();
  check_budget_ = options.check_budget;
  auto rate = [&](const grid& g) { return logic_.run(g).level; };
  for (std::uint64_t attempt = 1; attempt <= options.max_attempts; ++attempt) {
    const std::uint64_t seed = mix(puzzle_seed, attempt);
    generated g;
    g.solution = random_solution(seed);
    g.puzzle = g.solution;
    g.clues = cells;
    g.attempts = attempt;
    inconclusive_ = false;
    auto orbit_list = orbits(options.symmetry);
    std::mt19937_64 rng(seed);
    std::shuffle(orbit_list.begin(), orbit_list.end(), rng);
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
  if (puzzle.shape() != shape() || !unique(puzzle)) return std::nullopt;
  std::optional<grid> result(puzzle);  // built in place: no copy on return
  grid& g = *result;
  std::vector<std::size_t> givens;
  for (std::size_t c = 0; c < g.cells().size(); ++c) {
    if (g[c] != 0) givens.push_back(c);
  }
  std::mt19937_64 rng(seed);
  std::shuffle(givens.begin(), givens.end(), rng);
  for (std::size_t c : givens) {
    const auto v = g.cells()[c];
    g.cells()[c] = 0;
    if (!unique(g)) g.cells()[c] = v;
  }
  return result;
}

std::optional<std::vector<std::size_t>> generator::redundant_givens(const grid& puzzle) {
  check_budget_ = 0;  // exact: the answer is a promise
  if (puzzle.shape() != shape() || !unique(puzzle)) return std::nullopt;
  return find_redundant(puzzle);
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

}  // namespace sudoku
