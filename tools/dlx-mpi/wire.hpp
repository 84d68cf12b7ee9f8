// The messages between rank 0 and the other ranks, and the encoding of a
// piece's totals on the wire.
//
// Message tags. A worker asks for work; rank 0 answers each request with a
// piece or with stop, in order; a worker reports each finished piece's totals;
// solutions travel to rank 0 to be printed (before their piece's report).
//
// Their contents: a request and a stop are empty; a piece is the piece's
// number and then its path (uint64); a solution is its options (uint32); a
// report is `report_words` uint64 (encode, decode).
#pragma once

#include <array>
#include <cstdint>
#include <dlx/search.hpp>

namespace dlx_mpi {

enum tag : int { tag_request = 1, tag_work = 2, tag_stop = 3, tag_solution = 4, tag_report = 5 };
// Requests a worker keeps open: it asks for the next piece as it starts one,
// so that the answer's trip over the network overlaps the search. A worker
// sends `prefetch` requests, then one more for each piece it is given.
constexpr std::uint64_t prefetch = 2;
// A piece's totals on the wire: piece, status, then the counters.
constexpr int report_words = 10;

std::array<std::uint64_t, report_words> encode(std::uint64_t piece, const dlx::search_result& r);
dlx::search_result decode(const std::array<std::uint64_t, report_words>& w);

}  // namespace dlx_mpi
