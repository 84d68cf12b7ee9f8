// dlx-mpi: one exact-cover search spread over the ranks of an MPI job.
//
// This file is the command line: it parses the options on every rank and runs
// the job (job.hpp). Rank 0 reads the problem and sends its text to every rank
// (job.cpp), hands out pieces of the search and adds up the totals
// (coordinator.cpp, local_worker.cpp, piece_queue.cpp); the other ranks search
// the pieces they are given (worker.cpp); wire.hpp has the messages between
// them. Only rank 0's main thread calls MPI (MPI_THREAD_FUNNELED).
#include <fmt/core.h>
#include <mpi.h>

#include <cstdio>
#include <ios>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli.hpp"
#include "job.hpp"
#include "settings.hpp"

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::ios::sync_with_stdio(false);

  dlx_mpi::settings s;
  const std::vector<tools::option_spec> options = {
      {'c', "count", "", "print only the number of solutions",
       [&](std::string_view) { s.count_only = true; }},
      {'l', "limit", "N", "stop handing out work after N solutions (default 0: find them all)",
       [&](std::string_view v) { s.limit = tools::parse_unsigned(v, "--limit"); }},
      {'j', "threads", "N", "threads per rank (default 1; 0: every core)",
       [&](std::string_view v) {
         s.threads = static_cast<unsigned>(tools::parse_unsigned(v, "--threads", 0, 4096));
       }},
      {0, "pieces", "N", "split the search into at least N pieces (default 256 per rank)",
       [&](std::string_view v) { s.pieces = tools::parse_unsigned(v, "--pieces", 1, 1U << 24); }},
      {0, "checkpoint", "FILE",
       "record finished pieces in FILE and, if FILE exists, resume from it (with --count)",
       [&](std::string_view v) { s.checkpoint = std::string(v); }},
      {0, "stats", "", "print solutions, nodes, updates, cleansings and time on stderr",
       [&](std::string_view) { s.stats = true; }},
      {'h', "help", "", "show this help and exit", [&](std::string_view) { s.help = true; }},
      {0, "version", "", "show the version and exit", [&](std::string_view) { s.version = true; }},
  };
  int code = tools::exit_ok;
  try {
    const auto operands =
        tools::parse_command_line(options, std::span<char* const>(argv + 1, argc - 1));
    if (operands.size() > 1) throw tools::usage_error("at most one input file");
    s.file = operands.empty() ? "-" : operands.front();
    if (s.checkpoint && (!s.count_only || s.limit != 0)) {
      throw tools::usage_error("--checkpoint needs --count and no --limit");
    }
  } catch (const tools::usage_error& e) {
    if (rank == 0) {
      fmt::print(stderr, "dlx-mpi: {}\nTry 'dlx-mpi --help' for more information.\n", e.what());
    }
    MPI_Finalize();
    return tools::exit_usage;
  }
  if (s.help || s.version) {
    if (rank == 0 && s.help) {
      fmt::print("{}",
                 tools::help_text(
                     "mpirun -np K dlx-mpi [OPTIONS] [FILE]",
                     "Finds the exact covers of a problem in Knuth's DLX1, DLX2 or DLX3 format\n"
                     "(as the dlx command reads it) with the K ranks of an MPI job. Rank 0 reads\n"
                     "FILE (or standard input), splits the search into pieces and hands them to\n"
                     "the ranks that ask, searching some itself; the totals are exact and the\n"
                     "same for any K, and equal to dlx's. Solutions are printed as dlx prints\n"
                     "them, in the order they arrive. On a cluster: mpirun --hostfile HOSTS ...",
                     options, tools::exit_status_help()));
    } else if (rank == 0) {
      fmt::print("dlx-mpi {}\n", DLX_VERSION);
    }
    MPI_Finalize();
    return tools::exit_ok;
  }
  code = dlx_mpi::run_job(rank, ranks, s);
  std::fflush(stdout);
  MPI_Finalize();
  return code;
}
