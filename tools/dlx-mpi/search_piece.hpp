// The search of one piece, the same on every rank and on rank 0's own thread.
#pragma once

#include <dlx/solver.hpp>
#include <span>

#include "settings.hpp"

namespace dlx_mpi {

// Searches one piece: counts it, or hands each solution to `deliver`.
template <class Deliver>
dlx::search_result search_piece(dlx::solver& solver, const settings& s,
                                std::span<const dlx::option_id> path, Deliver&& deliver) {
  dlx::search_options options;
  options.limit = s.limit;
  options.threads = s.threads;
  options.subtree = path;
  if (s.count_only) return solver.count(options);
  return solver.enumerate(
      [&](std::span<const dlx::option_id> found) {
        deliver(found);
        return dlx::visit::next;
      },
      options);
}

}  // namespace dlx_mpi
