// The checkpoint format (dlx/checkpoint.hpp) on arbitrary bytes: either a
// located parse_error, or a checkpoint that writes and reads back identically,
// whose pieces are in range and recorded once.
#include <dlx/checkpoint.hpp>

#include <cstdint>
#include <set>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::checkpoint c;
  try {
    c = dlx::read_checkpoint(in, "fuzz");
  } catch (const dlx::parse_error& e) {
    FUZZ_CHECK(e.line() >= 1 && e.column() >= 1);
    FUZZ_CHECK(!e.message().empty());
    return 0;
  }
  std::set<std::uint64_t> pieces;
  std::string text = dlx::format_checkpoint_header(c.header);
  for (const auto& f : c.finished) {
    FUZZ_CHECK(f.piece < c.header.piece_count);
    FUZZ_CHECK(pieces.insert(f.piece).second);
    text += dlx::format_finished_piece(f);
  }
  FUZZ_CHECK(c.warnings.size() <= 1);
  std::istringstream again(text);
  const dlx::checkpoint back = dlx::read_checkpoint(again, "fuzz");
  FUZZ_CHECK(back.header == c.header);
  FUZZ_CHECK(back.warnings.empty());
  FUZZ_CHECK(back.finished.size() == c.finished.size());
  for (std::size_t i = 0; i < c.finished.size(); ++i) {
    const auto& a = c.finished[i].counts;
    const auto& b = back.finished[i].counts;
    FUZZ_CHECK(back.finished[i].piece == c.finished[i].piece);
    FUZZ_CHECK(a.solutions == b.solutions && a.nodes == b.nodes && a.updates == b.updates &&
               a.cleansings == b.cleansings && a.branches == b.branches && a.forced == b.forced &&
               a.eliminated == b.eliminated && a.max_level == b.max_level);
  }
  return 0;
}
