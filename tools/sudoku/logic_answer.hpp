// What explain and rate share: the logic solver on a puzzle, then (when asked)
// the exact-cover search for what logic leaves, with the tallies both count.
#pragma once

#include <sudoku/logic.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/solver.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "puzzle_command.hpp"

namespace sudoku_cli {

struct logic_answer {
  sudoku::logic_result result;
  std::optional<sudoku::result> searched;  // the search after logic got stuck
  bool none = false;                       // the puzzle has no solution
};

/// Runs logic (and with `search`, the search when logic is stuck) on the
/// context's puzzle and tallies the outcome; nothing when the givens clash
/// (then already answered as invalid). A solution found by search is in
/// c.solution(), checked.
std::optional<logic_answer> run_logic(answer_context& c, bool search);

/// The Sudoku Explainer rating (--scale se) of the context's puzzle, tallied;
/// nothing when the puzzle was answered otherwise: not a plain 9x9 puzzle or
/// clashing givens (invalid), no solution (none). The budget is --budget, in
/// chain potentials. A rating that reached the solution has it checked.
std::optional<sudoku::se_rating> run_se(answer_context& c, bool trace);

/// The summary of rate and explain --scale se: puzzles rated, the median and
/// highest ER, and the rest.
[[nodiscard]] std::string se_summary(const tally& t);

/// --scale levels|se, for rate and explain.
void add_scale_option(std::vector<tools::option_spec>& options, bool& se);

/// "naked-single": technique names as single words, for columns and JSON.
[[nodiscard]] std::string hyphenated(std::string_view text);

/// The summary of explain and rate: puzzles per level.
[[nodiscard]] std::string level_summary(const tally& t);

}  // namespace sudoku_cli
