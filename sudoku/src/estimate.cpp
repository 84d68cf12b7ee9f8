#include "sudoku/estimate.hpp"

namespace sudoku {

count_estimate estimate_count(workspace& w, const estimate_settings& settings) {
  count_estimate out;
  solver& s = w.solver_for(w.variant);
  if (settings.exact_budget != 0) {
    dlx::search_options o;
    o.node_budget = settings.exact_budget;
    o.on_progress = settings.on_progress;
    o.progress_interval = settings.progress_interval;
    const result r = s.count(w.puzzle, 0, o);
    out.nodes = r.nodes;
    if (r.status == status::invalid) {
      out.status = status::invalid;
      out.conflict = r.conflict;
      return out;
    }
    if (r.exact) {
      out.status = r.status;
      out.exact = true;
      out.count = r.solutions;
      out.solutions = static_cast<double>(r.solutions);
      return out;
    }
  }
  dlx::estimate_options o;
  o.probes = settings.probes;
  o.seed = settings.seed;
  o.time_budget = settings.time_budget;
  o.search.on_progress = settings.on_progress;
  o.search.progress_interval = settings.progress_interval;
  dlx::solution_estimate e;
  if (const std::optional<result> early = s.estimate(w.puzzle, o, e)) {
    out.status = early->status;
    out.conflict = early->conflict;
    out.exact = early->status == status::none;
    return out;
  }
  out.nodes += e.nodes;
  out.solutions = e.solutions;
  out.standard_error = e.standard_error;
  out.probes = e.probes;
  out.reached = e.reached;
  if (e.exact) {
    // The tree is one path: its one solution, or none.
    out.exact = true;
    out.count = e.reached != 0 ? 1 : 0;
    out.status = e.reached != 0 ? status::unique : status::none;
    return out;
  }
  out.status = e.reached != 0 ? status::multiple : status::unknown;
  return out;
}

}  // namespace sudoku
