// Engine benchmarks: whole searches on classic problems, and the primitive
// cover/uncover pair. Each case reports search nodes and updates per second as
// well as time, so a change can be judged by work done, not only by the clock.
#include <benchmark/benchmark.h>
#include <dlx/solver.hpp>

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
