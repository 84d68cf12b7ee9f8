// `sudoku bench`: timing the solver on puzzle files.
#pragma once

namespace sudoku_cli {

/// Runs `sudoku bench` with the full command line (argv[1] is "bench").
int run_bench(int argc, char** argv);

}  // namespace sudoku_cli
