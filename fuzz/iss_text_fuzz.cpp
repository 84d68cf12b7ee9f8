// The ISS constraint-string reader alone (iss_round_trip.hpp): the contract
// the iss target checks first, at the reader's own speed. The iss target goes
// on to build and search each puzzle and answer it by logic, which costs a
// thousand times as much per input; this one gives the reader (share links,
// grid formats, every rule's arguments) its millions of executions.
#include <cstdint>
#include <string_view>

#include "iss_round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view line(reinterpret_cast<const char*>(data), size);
  line = line.substr(0, line.find('\n'));  // one line, as the tools read it
  sudoku::variant v;
  sudoku::grid givens;
  iss_round_trip(line, v, givens);
  return 0;
}
