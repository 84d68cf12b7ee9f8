// Rank 0's part of the search: it splits the search into pieces, hands them to
// the ranks that ask and to a thread of its own, prints the solutions and the
// totals, and keeps the checkpoint.
#pragma once

#include <cstdint>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>

#include "settings.hpp"

namespace dlx_mpi {

// Everything rank 0 does after the problem is read; returns the exit code.
int coordinate(dlx::solver& solver, const dlx::dlx_file& file, const settings& s, int ranks,
               std::uint64_t problem_hash);

}  // namespace dlx_mpi
