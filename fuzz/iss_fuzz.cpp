// The ISS constraint-string reader (iss.hpp) on arbitrary bytes, as one line,
// held to its contract (iss_round_trip.hpp; iss_text fuzzes that alone), and
// what is read is answered. On small boards (6x6 at most) the clues'
// exact-cover model is built (a clue needing too many options is
// refused with std::invalid_argument, which is no bug) and searched to two
// solutions under a small node budget: every solution found must pass the
// validator, whose code for the clues is separate from the model's. When the
// solution is unique, the logic solver's steps must keep it (no wrong digit
// placed, no true candidate removed, no contradiction).
//
// On every board, the answers that assume one solution (rate, explain: the
// answering layer's answer_by_logic) agree with a count to two: a puzzle that
// is not unique gets no rating, and a unique one's logic and search end on the
// count's solution (answer_by_logic throws wrong_answer otherwise).
#include <sudoku/answer.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/validate.hpp>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "iss_round_trip.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view line(reinterpret_cast<const char*>(data), size);
  line = line.substr(0, line.find('\n'));  // one line, as the tools read it
  sudoku::variant v;
  sudoku::grid givens;
  if (!iss_round_trip(line, v, givens)) return 0;

  try {
    static sudoku::workspace w;  // its solvers are reused across inputs of one layout
    w.variant = v;
    w.puzzle = givens;
    dlx::search_options small;
    small.node_budget = 500;
    const sudoku::result count = w.solver_for(v).count(givens, 2, small);
    const sudoku::logic_answer a = sudoku::answer_by_logic(w, true, small);
    if (count.status != sudoku::status::unknown && a.uniqueness.status != sudoku::status::unknown) {
      FUZZ_CHECK(a.uniqueness.status == count.status);
      FUZZ_CHECK(a.unique() == (count.status == sudoku::status::unique));
    }
    if (!a.unique()) FUZZ_CHECK(a.result.steps.empty() && !a.searched);
  } catch (const std::invalid_argument&) {
    // A clue needing more options than the model allows: refused, not a bug.
  }

  // Small boards: every solution the model finds satisfies the validator.
  if (v.cells().size() > 36) return 0;
  try {
    bool exact = false;
    const std::vector<sudoku::grid> found = checked_solutions(v, givens, exact);
    if (exact && found.size() == 1) {
      const sudoku::grid& solution = found.front();
      sudoku::logic_solver logic(v);
      const sudoku::logic_result l = logic.run(givens);
      FUZZ_CHECK(l.outcome != sudoku::logic_outcome::contradiction &&
                 l.outcome != sudoku::logic_outcome::invalid);
      // The board's cells (a step may place or eliminate a variable's
      // digit, which the grid does not hold: a chaos construction's label).
      const auto on_board = [&](const sudoku::candidate& c) {
        return c.cell < solution.cells().size();
      };
      for (const sudoku::logic_step& st : l.steps) {
        for (const sudoku::candidate& c : st.placed)
          FUZZ_CHECK(!on_board(c) || solution.cells()[c.cell] == c.digit);
        for (const sudoku::candidate& c : st.eliminated)
          FUZZ_CHECK(!on_board(c) || solution.cells()[c.cell] != c.digit);
      }
    }
  } catch (const std::invalid_argument&) {
    // A clue needing more options than the model allows: refused, not a bug.
  }
  return 0;
}
