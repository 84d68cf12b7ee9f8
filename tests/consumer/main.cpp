// Uses both installed libraries; prints what run.cmake checks.
#include <dlx/solver.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>

#include <cstdio>

int main() {
  // Four queens: items r0-r3, c0-c3; diagonals as secondary items.
  dlx::problem p;
  dlx::item_id r[4], c[4], a[7], b[7];
  for (int i = 0; i < 4; ++i)
    r[i] = p.add_item();
  for (int i = 0; i < 4; ++i)
    c[i] = p.add_item();
  for (int i = 0; i < 7; ++i)
    a[i] = p.add_item(dlx::item_kind::secondary);
  for (int i = 0; i < 7; ++i)
    b[i] = p.add_item(dlx::item_kind::secondary);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j)
      p.add_option({r[i], c[j], a[i + j], b[3 + i - j]});
  }
  dlx::solver s(p);
  const auto queens = s.count();

  sudoku::grid puzzle, solution;
  if (sudoku::parse_sdm(
          "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
          puzzle)) {
    return 1;
  }
  sudoku::solver sudoku_solver;
  const auto solved = sudoku_solver.solve_unique(puzzle, solution);
  std::printf("queens-4 %llu\nsudoku %s %s\n", static_cast<unsigned long long>(queens.solutions),
              std::string(sudoku::to_string(solved.status)).c_str(),
              sudoku::to_sdm(solution).c_str());
  return 0;
}
