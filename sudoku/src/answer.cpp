#include "sudoku/answer.hpp"

#include <fmt/core.h>

#include "sudoku/validate.hpp"
#include "sudoku/variant_text.hpp"

namespace sudoku {

std::optional<text_error> read_puzzle(workspace& w, std::string_view line, const rules& r,
                                      std::optional<shape> expected) {
  w.fields = {};
  return parse_puzzle(line, r, w.variant, w.puzzle, expected, &w.fields);
}

void verify_solution(const variant& v, const grid& puzzle, const grid& solution) {
  const check_result check = check_solution(v, puzzle, solution);
  if (!check.ok()) {
    throw wrong_answer(
        fmt::format("internal error: the solver's answer is wrong: {}", check.message(v)));
  }
}

logic_answer answer_by_logic(workspace& w, bool search, const dlx::search_options& options) {
  logic_answer a;
  solver& s = w.solver_for(w.variant);
  a.uniqueness = s.solve_unique(w.puzzle, w.solution, options);
  if (a.uniqueness.status == status::invalid) a.result.outcome = logic_outcome::invalid;
  if (!a.unique()) return a;
  verify_solution(w.variant, w.puzzle, w.solution);
  a.result = w.logic_for(w.variant).run(w.puzzle);
  const logic_result& r = a.result;
  // The logic's deductions hold for every solution, so on a unique puzzle it
  // cannot meet a contradiction nor fill in another grid.
  if (r.outcome == logic_outcome::contradiction) {
    throw wrong_answer(fmt::format(
        "internal error: the logic found a contradiction in a puzzle with a solution: {}",
        r.contradiction));
  }
  if (r.outcome == logic_outcome::solved) verify_solution(w.variant, w.puzzle, r.reached);
  if (r.outcome == logic_outcome::stuck && search) {
    a.searched = s.solve(r.reached, w.solution, options);
    if (a.searched->status == status::solved) verify_solution(w.variant, w.puzzle, w.solution);
  }
  return a;
}

two_solutions find_two_solutions(workspace& w, const dlx::search_options& options) {
  two_solutions t;
  dlx::search_options two = options;
  two.limit = 2;
  std::size_t found = 0;
  t.count = w.solver_for(w.variant).enumerate(
      w.puzzle,
      [&](const grid& g) {
        (found++ == 0 ? t.first : t.second) = g;
        return dlx::visit::next;
      },
      two);
  if (found >= 1) verify_solution(w.variant, w.puzzle, t.first);
  if (found >= 2) {
    verify_solution(w.variant, w.puzzle, t.second);
    for (const std::uint32_t p : w.variant.cells())
      if (t.first[p] != t.second[p]) t.differences.push_back(p);
  }
  return t;
}

board_state differences_board(const variant& v, const grid& puzzle, const two_solutions& t) {
  board_state board = board_state::of_puzzle(puzzle);
  if (t.count.status != status::unique && t.count.status != status::multiple) return board;
  board.digits = t.first;
  if (t.count.status == status::unique) return board;
  board.candidates.assign(v.positions(), 0);
  for (const std::size_t p : t.differences) {
    board.digits.cells()[p] = 0;
    board.candidates[p] = (std::uint64_t{1} << t.first[p]) | (std::uint64_t{1} << t.second[p]);
  }
  return board;
}

}  // namespace sudoku
