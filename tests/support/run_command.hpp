// Runs a program as a child process, feeding it stdin and capturing its output,
// for the command-line tests.
#pragma once

#include <string>
#include <vector>

namespace test_support {

struct command_result {
  int exit_code = -1;  ///< the exit status, or 128 + signal number if killed
  std::string out;
  std::string err;
};

/// Runs `argv[0]` (a path) with `argv`, writes `input` to its stdin and closes it.
command_result run_command(const std::vector<std::string>& argv, const std::string& input = {});

/// Reads a whole file; fails the calling test (ADD_FAILURE) if it cannot.
std::string read_file(const std::string& path);

/// Writes a file in the test's temporary directory and returns its path.
std::string write_temp_file(const std::string& name, const std::string& content);

}  // namespace test_support
