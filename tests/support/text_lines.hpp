// Reading the tests' own data files. (Deliberately not the library's readers:
// the tests check those against what these see.)
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace test_support {

/// The lines of a text file that carry something: without a trailing '\r',
/// blank lines and '#' comments. A file that cannot be opened fails the test.
inline std::vector<std::string> content_lines(const std::filesystem::path& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    lines.push_back(line);
  }
  return lines;
}

}  // namespace test_support
