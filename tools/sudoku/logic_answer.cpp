#include "logic_answer.hpp"

#include <fmt/format.h>
#include <sudoku/validate.hpp>

#include <algorithm>

namespace sudoku_cli {

std::optional<logic_answer> run_logic(answer_context& c, bool search) {
  logic_answer a;
  a.result = c.logic().run(c.puzzle());
  const sudoku::logic_result& r = a.result;
  if (r.outcome == sudoku::logic_outcome::invalid) {
    c.clash(*sudoku::first_clash(c.variant(), c.puzzle()));
    return std::nullopt;
  }
  if (r.outcome == sudoku::logic_outcome::stuck && search) {
    a.searched = c.solver().solve(r.reached, c.solution(), c.search_options());
    c.counts().nodes += a.searched->nodes;
    if (a.searched->status == sudoku::status::solved) c.verify(c.puzzle(), c.solution());
  }
  a.none = r.outcome == sudoku::logic_outcome::contradiction ||
           (a.searched && a.searched->status == sudoku::status::none);
  if (a.none) {
    ++c.counts().none;
    c.set_unanswered();
  } else {
    ++c.counts().levels[static_cast<std::size_t>(r.level)];
    if (r.outcome == sudoku::logic_outcome::solved) ++c.counts().solved;
  }
  return a;
}

std::string hyphenated(std::string_view text) {
  std::string out(text);
  std::replace(out.begin(), out.end(), ' ', '-');
  return out;
}

std::string level_summary(const tally& t) {
  return fmt::format("{}: {} easy, {} medium, {} hard, {} evil, {} beyond, {} none, {} invalid",
                     counted(t.puzzles, "puzzle"), t.levels[0], t.levels[1], t.levels[2],
                     t.levels[3], t.levels[4], t.none, t.invalid);
}

}  // namespace sudoku_cli
