// Ranks other than 0: ask, search, report, until told to stop.
#pragma once

#include <dlx/solver.hpp>

#include "settings.hpp"

namespace dlx_mpi {

// Asks rank 0 for pieces, searches them with `solver`, and sends rank 0 their
// solutions and then their totals, until rank 0 answers every open request
// with stop.
void serve(dlx::solver& solver, const settings& s);

}  // namespace dlx_mpi
