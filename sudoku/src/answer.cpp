#include "sudoku/answer.hpp"

#include <fmt/format.h>

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
  a.result = w.logic_for(w.variant).run(w.puzzle);
  const logic_result& r = a.result;
  if (r.outcome == logic_outcome::invalid) return a;
  if (r.outcome == logic_outcome::stuck && search) {
    a.searched = w.solver_for(w.variant).solve(r.reached, w.solution, options);
    if (a.searched->status == status::solved) verify_solution(w.variant, w.puzzle, w.solution);
  }
  a.none = r.outcome == logic_outcome::contradiction ||
           (a.searched && a.searched->status == status::none);
  return a;
}

}  // namespace sudoku
