// Engine benchmarks: whole searches on classic problems, and the primitive
// cover/uncover pair. Each case reports search nodes and updates per second as
// well as time, so a change can be judged by work done, not only by the clock.
#include <benchmark/benchmark.h>
#include <dlx/solver.hpp>

#include <fstream>

#include "encoders.hpp"

namespace {

void report(benchmark::State& state, const dlx::search_result& r, std::uint64_t expected) {
  if (r.solutions != expected) state.SkipWithError("wrong solution count");
  state.counters["solutions"] = static_cast<double>(r.solutions);
  state.counters["nodes"] = static_cast<double>(r.nodes);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(r.nodes),
                                                 benchmark::Counter::kIsIterationInvariantRate);
  state.counters["updates/s"] = benchmark::Counter(static_cast<double>(r.updates),
                                                   benchmark::Counter::kIsIterationInvariantRate);
}

void BM_queens_count(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  static const std::uint64_t counts[] = {1,  1,  0,   0,   2,    10,    4,
                                         40, 92, 352, 724, 2680, 14200, 73712};
  dlx::solver solver(examples::queens(n));
  dlx::search_result r;
  for (auto _ : state) {
    r = solver.count();
    benchmark::DoNotOptimize(r);
  }
  report(state, r, counts[n]);
}
BENCHMARK(BM_queens_count)->Arg(8)->Arg(12)->Unit(benchmark::kMillisecond);

void BM_pentomino_count(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const std::uint64_t expected = width == 6 ? 9356 : width == 5 ? 4040 : width == 4 ? 1472 : 8;
  dlx::solver solver(examples::pentominoes(width, 60 / width));
  dlx::search_result r;
  for (auto _ : state) {
    r = solver.count();
    benchmark::DoNotOptimize(r);
  }
  report(state, r, expected);
}
BENCHMARK(BM_pentomino_count)->Arg(3)->Arg(6)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_langford_count(benchmark::State& state) {
  dlx::solver solver(examples::langford(static_cast<int>(state.range(0))));
  dlx::search_result r;
  for (auto _ : state) {
    r = solver.count();
    benchmark::DoNotOptimize(r);
  }
  report(state, r, state.range(0) == 8 ? 300 : 52);
}
BENCHMARK(BM_langford_count)->Arg(7)->Arg(8)->Unit(benchmark::kMicrosecond);

// Colors (XCC, DLX2): double word squares from the 80 three-letter words the
// tests ship (184 squares), on each engine. bench/README.md has a larger list.
void BM_word_squares_count(benchmark::State& state) {
  std::ifstream in(DLX_SOURCE_DIR "/tests/data/words3.txt");
  const auto words = examples::read_words(in, "words3.txt");
  const auto engine = state.range(0) ? dlx::engine_kind::bitset : dlx::engine_kind::dancing_links;
  dlx::solver solver(examples::double_word_squares(words), engine);
  dlx::search_result r;
  for (auto _ : state) {
    r = solver.count();
    benchmark::DoNotOptimize(r);
  }
  report(state, r, 184);
  state.counters["cleansings"] = static_cast<double>(r.cleansings);
}
BENCHMARK(BM_word_squares_count)->ArgName("bitset")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// Multiplicities (MCC, DLX3): n x n 0/1 matrices with k ones in every row and
// column (OEIS A001499 for k = 2, A001501 for k = 3), on each engine.
void BM_regular_matrices_count(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0)), k = static_cast<int>(state.range(1));
  const auto engine = state.range(2) ? dlx::engine_kind::bitset : dlx::engine_kind::dancing_links;
  const std::uint64_t expected = n == 6 && k == 2 ? 67950 : n == 6 && k == 3 ? 297200 : 3110940;
  dlx::solver solver(examples::regular_matrices(n, k), engine);
  dlx::search_result r;
  for (auto _ : state) {
    r = solver.count();
    benchmark::DoNotOptimize(r);
  }
  report(state, r, expected);
}
BENCHMARK(BM_regular_matrices_count)
    ->ArgNames({"n", "k", "bitset"})
    ->Args({6, 2, 0})
    ->Args({6, 2, 1})
    ->Args({6, 3, 0})
    ->Args({6, 3, 1})
    ->Args({7, 2, 0})
    ->Args({7, 2, 1})
    ->Unit(benchmark::kMillisecond);

// Cover and uncover, through the public preselect/clear pair: covering all items
// of one option and restoring them. On queens-12 an option has 4 items, each in
// about 12 options of 4 items.
void BM_cover_uncover(benchmark::State& state) {
  dlx::solver solver(examples::queens(12));
  const dlx::option_id option = 12 * 6 + 6;  // a queen near the centre: long diagonals
  for (auto _ : state) {
    auto conflict = solver.preselect(option);
    benchmark::DoNotOptimize(conflict);
    solver.clear_preselection();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_cover_uncover);

}  // namespace

BENCHMARK_MAIN();
