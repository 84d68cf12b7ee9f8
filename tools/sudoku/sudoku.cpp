// sudoku: solve, count, check, explain, rate and make Sudoku puzzles and their
// variants in bulk. This file only dispatches: each command lives in its own
// file (commands.hpp), the per-puzzle ones over puzzle_command.hpp.
#include <fmt/core.h>

#include <iostream>
#include <string_view>

#include "cli.hpp"
#include "commands.hpp"
#include "puzzle_command.hpp"

namespace {

struct command_entry {
  std::string_view name;
  int (*run)(int, char**);
  std::string_view summary;
};

constexpr command_entry commands[] = {
    {"solve", sudoku_cli::run_solve, "print each puzzle's solution (or none / multiple / invalid)"},
    {"count", sudoku_cli::run_count, "print each puzzle's number of solutions, up to a limit"},
    {"validate", sudoku_cli::run_validate, "check grids, or solutions against their puzzles"},
    {"explain", sudoku_cli::run_explain, "solve like a person: the techniques used, step by step"},
    {"rate", sudoku_cli::run_rate, "the difficulty: easy, medium, hard, evil or beyond"},
    {"generate", sudoku_cli::run_generate,
     "make puzzles with one solution: symmetry, clues, difficulty"},
    {"minimize", sudoku_cli::run_minimize, "a minimal puzzle with the same solution, for each"},
    {"redundant", sudoku_cli::run_redundant, "the givens of each puzzle that can go on their own"},
    {"possibilities", sudoku_cli::run_possibilities,
     "the digits each cell holds over all solutions (all possibilities)"},
    {"disambiguate", sudoku_cli::run_disambiguate,
     "givens that make a puzzle with several solutions unique"},
    {"layout", sudoku_cli::run_layout,
     "can the rules be filled at all; if not, a smallest part that cannot"},
    {"estimate", sudoku_cli::run_estimate,
     "the number of solutions: counted, or estimated by random probes"},
    {"render", sudoku_cli::run_render, "draw each puzzle as an SVG picture"},
    {"convert", sudoku_cli::run_convert,
     "write each puzzle in another format: ISS, f-puzzles link or JSON"},
    {"bench", sudoku_cli::run_bench, "time the solver on puzzle files (solve and count to 2)"},
};

void print_help() {
  fmt::print(
      "Usage: sudoku COMMAND [OPTIONS] [FILE...]\n\n"
      "Solves, counts and checks Sudoku puzzles and their variants in bulk, on all cores,\n"
      "one answer per input puzzle in input order. Reads FILEs, or standard input when\n"
      "there are none (\"-\" also means standard input).\n\nCommands:\n");
  for (const auto& c : commands)
    fmt::print("  {:<13} {}\n", c.name, c.summary);
  fmt::print(
      "\nRun 'sudoku COMMAND --help' for a command's options.\n\n"
      "Input (SDM): one puzzle per line, n*n cells row by row; digits 1-9 then A-Z\n"
      "(16x16 uses 1-9A-G, 25x25 1-9A-P), '0' or '.' for a blank. Text after the grid\n"
      "and a blank is an annotation. Blank lines and lines starting with '#' are\n"
      "skipped. The first puzzle-sized line of a file sets its size.\n\n"
      "{}\n\n"
      "{}\n",
      sudoku_cli::variant_help(), tools::exit_status_help());
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    fmt::print(stderr, "sudoku: missing command\nTry 'sudoku --help' for more information.\n");
    return tools::exit_usage;
  }
  const std::string_view name = argv[1];
  if (name == "-h" || name == "--help" || name == "help") {
    print_help();
    return tools::exit_ok;
  }
  if (name == "--version") {
    fmt::print("sudoku {}\n", DLX_VERSION);
    return tools::exit_ok;
  }
  for (const auto& c : commands) {
    if (c.name == name) return c.run(argc, argv);
  }
  fmt::print(stderr, "sudoku: unknown command '{}'\nTry 'sudoku --help' for more information.\n",
             name);
  return tools::exit_usage;
}
