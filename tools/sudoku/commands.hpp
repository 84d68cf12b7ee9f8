// The commands of the sudoku tool, one file each; sudoku.cpp dispatches on
// argv[1]. Each returns the process's exit code.
#pragma once

namespace sudoku_cli {

int run_solve(int argc, char** argv);
int run_count(int argc, char** argv);
int run_validate(int argc, char** argv);
int run_explain(int argc, char** argv);
int run_rate(int argc, char** argv);
int run_generate(int argc, char** argv);
int run_minimize(int argc, char** argv);
int run_redundant(int argc, char** argv);
int run_possibilities(int argc, char** argv);
int run_estimate(int argc, char** argv);
int run_disambiguate(int argc, char** argv);
int run_layout(int argc, char** argv);
int run_bench(int argc, char** argv);
int run_render(int argc, char** argv);
int run_convert(int argc, char** argv);

}  // namespace sudoku_cli
