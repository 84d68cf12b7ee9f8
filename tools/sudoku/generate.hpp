// `sudoku generate`: making puzzles.
#pragma once

namespace sudoku_cli {

/// Runs `sudoku generate` with the full command line (argv[1] is "generate").
int run_generate(int argc, char** argv);

}  // namespace sudoku_cli
