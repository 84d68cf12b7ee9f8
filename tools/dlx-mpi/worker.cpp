// Ranks other than 0: ask, search, report, until told to stop.
#include "worker.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "search_piece.hpp"
#include "wire.hpp"

namespace dlx_mpi {

void serve(dlx::solver& solver, const settings& s) {
  std::vector<std::uint64_t> work;
  std::vector<dlx::option_id> path;
  std::vector<std::uint32_t> solution;
  const auto ask = [] { MPI_Send(nullptr, 0, MPI_UINT64_T, 0, tag_request, MPI_COMM_WORLD); };
  std::uint64_t open = prefetch;
  for (std::uint64_t i = 0; i < prefetch; ++i)
    ask();
  bool stopped = false;
  while (open > 0) {
    MPI_Status status;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    int count = 0;
    MPI_Get_count(&status, MPI_UINT64_T, &count);
    work.resize(static_cast<std::size_t>(std::max(count, 1)));
    MPI_Recv(work.data(), count, MPI_UINT64_T, 0, status.MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    --open;
    // After a stop only stops come: the answers to the requests still open.
    if (status.MPI_TAG == tag_stop || stopped) {
      stopped = true;
      continue;
    }
    ask();
    ++open;
    path.assign(work.begin() + 1, work.begin() + count);
    const dlx::search_result r =
        search_piece(solver, s, path, [&](std::span<const dlx::option_id> found) {
          solution.assign(found.begin(), found.end());
          MPI_Send(solution.data(), static_cast<int>(solution.size()), MPI_UINT32_T, 0,
                   tag_solution, MPI_COMM_WORLD);
        });
    const auto report = encode(work[0], r);
    MPI_Send(report.data(), report_words, MPI_UINT64_T, 0, tag_report, MPI_COMM_WORLD);
  }
}

}  // namespace dlx_mpi
