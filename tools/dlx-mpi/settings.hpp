// What the command line asks of a run. Every rank parses the same command
// line, so every rank holds the same settings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dlx_mpi {

struct settings {
  bool count_only = false;
  bool stats = false;
  bool help = false;
  bool version = false;
  std::uint64_t limit = 0;
  unsigned threads = 1;
  std::uint64_t pieces = 0;  // 0: 256 per rank
  std::optional<std::string> checkpoint;
  std::string file;
};

}  // namespace dlx_mpi
