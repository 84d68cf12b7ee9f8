// A problem as Knuth's DLX text, for the tests that feed it to the commands.
#pragma once

#include <dlx/format.hpp>

#include <sstream>
#include <string>

namespace test_support {

inline std::string as_text(const dlx::problem& p) {
  std::ostringstream out;
  dlx::write_dlx(out, p);
  return out.str();
}

}  // namespace test_support
