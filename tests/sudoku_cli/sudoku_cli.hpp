// Running the sudoku command of this build (SUDOKU_CLI), shared by the command's
// test files.
#pragma once

#include <string>
#include <vector>

#include "run_command.hpp"

namespace test_support {

/// `sudoku ARGS...` with `input` on its standard input.
inline command_result sudoku(std::vector<std::string> args, const std::string& input = {}) {
  args.insert(args.begin(), SUDOKU_CLI);
  return run_command(args, input);
}

}  // namespace test_support
