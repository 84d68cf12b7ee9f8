// Sudoku benchmarks: small fixed samples of the team's shared puzzle sets
// (solve, and count to 2 for uniqueness), and the 6x6 empty-grid count.
// items_per_second is puzzles per second; nodes/puzzle is the search effort.
#include <benchmark/benchmark.h>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

// The first `limit` puzzles of a shared set; empty when the set is absent.
std::vector<sudoku::grid> load(const std::string& name, std::size_t limit) {
  std::vector<sudoku::grid> puzzles;
  std::ifstream in(std::filesystem::path(DLX_SHARED_DIR) / "corpus" / (name + ".sdm"));
  sudoku::grid g;
  for (std::string line; puzzles.size() < limit && std::getline(in, line);) {
    if (sudoku::is_skippable(line) || sudoku::parse_sdm(line, g)) continue;
    puzzles.push_back(g);
  }
  return puzzles;
}

const char* const sets[] = {"kaggle-20k", "17-clue", "magictour-top1465", "forum-hardest-1106"};

template <bool Count>
void run_set(benchmark::State& state) {
  const auto puzzles = load(sets[state.range(0)], static_cast<std::size_t>(state.range(1)));
  state.SetLabel(sets[state.range(0)]);
  if (puzzles.empty()) {
    state.SkipWithError("shared corpus absent");
    return;
  }
  sudoku::solver solver;
  sudoku::grid solution;
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    for (const auto& p : puzzles) {
      const auto r = Count ? solver.count(p, 2) : solver.solve(p, solution);
      nodes += r.nodes;
      benchmark::DoNotOptimize(r);
    }
  }
  const auto n = static_cast<double>(puzzles.size());
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(puzzles.size()));
  state.counters["nodes/puzzle"] = static_cast<double>(nodes) / n;
}

void BM_solve(benchmark::State& state) {
  run_set<false>(state);
}
void BM_count2(benchmark::State& state) {
  run_set<true>(state);
}

// Arguments: set index, sample size.
BENCHMARK(BM_solve)->Args({0, 2000})->Args({1, 2000})->Args({2, 1465})->Args({3, 375})->Unit(
    benchmark::kMillisecond);
BENCHMARK(BM_count2)->Args({0, 2000})->Args({1, 2000})->Args({2, 1465})->Args({3, 375})->Unit(
    benchmark::kMillisecond);

// The project's own generated sets, one per level (corpus/generated).
void BM_generated_level(benchmark::State& state) {
  static const char* const levels[] = {"easy", "medium", "hard", "evil", "beyond"};
  const std::string level = levels[state.range(0)];
  std::vector<sudoku::grid> puzzles;
  std::ifstream in(std::filesystem::path(DLX_SOURCE_DIR) / "corpus" / "generated" /
                   ("9x9-" + level + ".sdm"));
  sudoku::grid g;
  for (std::string line; std::getline(in, line);) {
    if (!sudoku::is_skippable(line) && !sudoku::parse_sdm(line, g)) puzzles.push_back(g);
  }
  state.SetLabel("generated " + level);
  if (puzzles.empty()) {
    state.SkipWithError("corpus/generated absent");
    return;
  }
  sudoku::solver solver;
  for (auto _ : state) {
    for (const auto& p : puzzles)
      benchmark::DoNotOptimize(solver.count(p, 2));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(puzzles.size()));
}
BENCHMARK(BM_generated_level)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);

// All 28,200,960 grids of the 6x6 Sudoku (2x3 boxes): a long enumeration.
void BM_empty_6x6_count(benchmark::State& state) {
  sudoku::solver solver(sudoku::shape{2, 3});
  const sudoku::grid empty(sudoku::shape{2, 3});
  sudoku::result r;
  for (auto _ : state)
    r = solver.count(empty, 0);
  if (r.solutions != 28200960) state.SkipWithError("wrong count");
  state.counters["solutions"] = static_cast<double>(r.solutions);
  state.counters["nodes"] = static_cast<double>(r.nodes);
}
BENCHMARK(BM_empty_6x6_count)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace

BENCHMARK_MAIN();
