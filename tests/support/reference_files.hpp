// The files of Knuth's reference problems (../shared/dlx-reference) as test
// parameters.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>

namespace test_support {

/// Knuth's reference problems and figures (DLX_SHARED_DIR: tests that need
/// them skip when the shared folder is absent).
inline const std::filesystem::path reference_dir =
    std::filesystem::path(DLX_SHARED_DIR) / "dlx-reference";

/// A test name from a reference file's name: "langford-7.dlx" gives "langford_7".
inline std::string reference_test_name(std::string file) {
  file = file.substr(0, file.find('.'));
  std::replace(file.begin(), file.end(), '-', '_');
  return file;
}

}  // namespace test_support
