// Knuth's random probes (estimate.hpp), on solver::expand: each step of a
// probe expands the node it stands on, which walks down to it from the root
// (a step costs the path's depth, a probe about its square; probes are few).
#include "dlx/estimate.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "dlx/random.hpp"

namespace dlx {

solution_estimate estimate_solutions(solver& s, const estimate_options& options) {
  search_options o = options.search;
  o.limit = 0;
  o.node_budget = 0;
  o.time_budget = {};
  o.threads = 1;
  o.seed.reset();
  o.branching = branching::mrv;
  o.wanted = {};
  // The caller hears of the probes, between them, not of each step's search.
  o.on_progress = nullptr;
  const std::uint64_t interval = std::max<std::uint64_t>(options.search.progress_interval, 1);
  std::uint64_t heard = 0;  // nodes at the last call
  const search_node root(options.search.subtree.begin(), options.search.subtree.end());
  const auto start = std::chrono::steady_clock::now();
  std::mt19937_64 rng(options.seed);
  solution_estimate out;
  out.exact = true;
  double mean = 0, squares = 0;  // Welford's running mean and sum of squared deviations
  std::vector<search_node> children;
  search_node path;
  const std::uint64_t probes = std::max<std::uint64_t>(options.probes, 1);
  while (out.probes < probes) {
    if (out.probes > 0 && options.time_budget.count() > 0 &&
        std::chrono::steady_clock::now() - start >= options.time_budget)
      break;
    if (options.search.on_progress && out.nodes - heard >= interval) {
      heard = out.nodes;
      search_progress p;
      p.solutions = out.reached;
      p.nodes = out.nodes;
      p.elapsed = std::chrono::steady_clock::now() - start;
      p.fraction_done = static_cast<double>(out.probes) / static_cast<double>(probes);
      if (options.search.on_progress(p) == visit::stop) break;
    }
    path = root;
    double weight = 1, value = 0;
    for (;;) {
      children.clear();
      std::uint64_t solved = 0;
      o.subtree = path;
      const search_result r = s.expand(
          children,
          [&](std::span<const option_id>) {
            ++solved;
            return visit::next;
          },
          o);
      out.nodes += r.nodes;
      // The ways on: the solutions met here, then the branches below.
      const std::uint64_t ways = solved + children.size();
      if (ways == 0) break;  // a dead end: worth 0
      if (ways > 1) out.exact = false;
      const std::uint64_t pick = uniform_below(ways, rng);
      weight *= static_cast<double>(ways);
      if (pick < solved) {
        value = weight;
        ++out.reached;
        break;
      }
      path = std::move(children[static_cast<std::size_t>(pick - solved)]);
    }
    ++out.probes;
    const double delta = value - mean;
    mean += delta / static_cast<double>(out.probes);
    squares += delta * (value - mean);
  }
  out.solutions = mean;
  if (out.probes > 1) {
    const auto n = static_cast<double>(out.probes);
    out.standard_error = std::sqrt(squares / (n - 1) / n);
  }
  return out;
}

}  // namespace dlx
