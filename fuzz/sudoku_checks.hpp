// What the fuzz targets of the Sudoku readers (iss, iss_text, fpuzzles) check
// alike: a refused line is refused at a column inside it (or just past its
// end) with a message; every solution the model finds passes the validator,
// whose code for the clues is apart from the model's.
#pragma once

#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include <cstdio>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"

inline void check_refusal(const sudoku::text_error& e, std::string_view line) {
  FUZZ_CHECK(e.column >= 1 && e.column <= line.size() + 1);
  FUZZ_CHECK(!e.message.empty());
}

// The solutions the model finds within 2,000 nodes (two at most), each
// checked by the validator; `exact` says whether the search ended. The model
// may throw std::invalid_argument (a clue needing more options than it
// allows), which is no bug.
inline std::vector<sudoku::grid> checked_solutions(const sudoku::variant& v,
                                                   const sudoku::grid& givens, bool& exact) {
  sudoku::solver s(v);
  dlx::search_options budget;
  budget.node_budget = 2000;
  budget.limit = 2;
  std::vector<sudoku::grid> found;
  const sudoku::result r = s.enumerate(
      givens,
      [&](const sudoku::grid& solution) {
        found.push_back(solution);
        const auto check = sudoku::check_solution(v, givens, solution);
        if (!check.ok()) {
          std::fprintf(stderr, "a solution the validator refuses: %s\n", check.message(v).c_str());
        }
        FUZZ_CHECK(check.ok());
        return dlx::visit::next;
      },
      budget);
  exact = r.exact;
  return found;
}
