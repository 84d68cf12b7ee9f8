// Rank 0 reads the problem and sends its text to every rank, so that all build
// the same solver; then rank 0 coordinates and the others work.
#include "job.hpp"

#include <fmt/core.h>
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <dlx/checkpoint.hpp>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "cli.hpp"
#include "coordinator.hpp"
#include "output.hpp"
#include "worker.hpp"

namespace dlx_mpi {

namespace {

// Reads the problem's text on rank 0 and sends it to every rank. Empty
// optional (reported on rank 0) when it cannot be read.
std::optional<std::string> share_problem_text(int rank, const settings& s) {
  std::string text;
  std::uint64_t state[2] = {1, 0};  // readable, length
  if (rank == 0) {
    std::ifstream file_stream;
    std::istream* in = nullptr;
    if (!tools::open_input("dlx-mpi", s.file, file_stream, in)) state[0] = 0;
    if (state[0] != 0) {
      std::ostringstream all;
      all << in->rdbuf();
      text = std::move(all).str();
      state[1] = text.size();
    }
  }
  MPI_Bcast(state, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (state[0] == 0) return std::nullopt;
  text.resize(state[1]);
  // In slices: MPI counts are ints.
  for (std::uint64_t at = 0; at < state[1]; at += 1 << 30) {
    const auto n = static_cast<int>(std::min<std::uint64_t>(state[1] - at, 1 << 30));
    MPI_Bcast(text.data() + at, n, MPI_CHAR, 0, MPI_COMM_WORLD);
  }
  return text;
}

}  // namespace

int run_job(int rank, int ranks, const settings& s) {
  const auto text = share_problem_text(rank, s);
  if (!text) return tools::exit_usage;
  dlx::dlx_file file;
  try {
    std::istringstream in(*text);
    file = dlx::read_dlx(in, s.file == "-" ? "<stdin>" : s.file);
  } catch (const dlx::parse_error& e) {
    if (rank == 0) fmt::print(stderr, "{}\n", e.what());
    return tools::exit_usage;  // every rank reads the same text, so every rank stops here
  }
  if (rank == 0) {
    for (const auto& w : file.warnings)
      fmt::print(stderr, "{}\n", w.to_string());
  }
  // Weighted items refuse multiplicities and problems too large for bitsets.
  std::optional<dlx::solver> built;
  try {
    built.emplace(file.problem);
  } catch (const dlx::problem_error& e) {
    if (rank == 0) fmt::print(stderr, "dlx-mpi: {}: {}\n", s.file, e.what());
    return tools::exit_usage;  // every rank builds the same problem
  }
  dlx::solver& solver = *built;
  if (rank != 0) {
    serve(solver, s);
    return tools::exit_ok;
  }
  return coordinate(solver, file, s, ranks, dlx::hash_text(*text));
}

}  // namespace dlx_mpi
