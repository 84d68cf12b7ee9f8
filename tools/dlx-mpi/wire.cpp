#include "wire.hpp"

namespace dlx_mpi {

std::array<std::uint64_t, report_words> encode(std::uint64_t piece, const dlx::search_result& r) {
  return {piece,        static_cast<std::uint64_t>(r.status),
          r.solutions,  r.nodes,
          r.updates,    r.cleansings,
          r.branches,   r.forced,
          r.eliminated, r.max_level};
}

dlx::search_result decode(const std::array<std::uint64_t, report_words>& w) {
  dlx::search_result r;
  r.status = static_cast<dlx::search_status>(w[1]);
  r.solutions = w[2];
  r.nodes = w[3];
  r.updates = w[4];
  r.cleansings = w[5];
  r.branches = w[6];
  r.forced = w[7];
  r.eliminated = w[8];
  r.max_level = static_cast<std::uint32_t>(w[9]);
  return r;
}

}  // namespace dlx_mpi
