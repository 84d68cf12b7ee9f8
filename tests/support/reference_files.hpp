// The files of Knuth's reference problems (../shared/dlx-reference) as test
// parameters.
#pragma once

#include <algorithm>
#include <string>

namespace test_support {

/// A test name from a reference file's name: "langford-7.dlx" gives "langford_7".
inline std::string reference_test_name(std::string file) {
  file = file.substr(0, file.find('.'));
  std::replace(file.begin(), file.end(), '-', '_');
  return file;
}

}  // namespace test_support
