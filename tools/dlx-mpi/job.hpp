// One rank's part of the job, once the command line is read: rank 0 reads the
// problem and sends its text to every rank, so that all build the same solver;
// then rank 0 coordinates (coordinator.hpp) and the others work (worker.hpp).
#pragma once

#include "settings.hpp"

namespace dlx_mpi {

// Runs rank `rank` of `ranks`; returns the exit code.
int run_job(int rank, int ranks, const settings& s);

}  // namespace dlx_mpi
