// What explain and rate share: the library's answer by logic (and, when asked,
// the exact-cover search for what logic leaves) or by SE's rating, tallied.
#pragma once

#include <sudoku/answer.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/solver.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "puzzle_command.hpp"

namespace sudoku_cli {

/// Answers the context's puzzle by logic (and with `search`, the search when
/// logic is stuck: sudoku::answer_by_logic) and tallies the outcome; nothing
/// when the givens clash (then already answered as invalid). A solution found
/// by search is in c.solution(), checked.
std::optional<sudoku::logic_answer> run_logic(answer_context& c, bool search);

/// The Sudoku Explainer rating (--scale se) of the context's puzzle, tallied;
/// nothing when the puzzle was answered otherwise: not a plain 9x9 puzzle or
/// clashing givens (invalid), no solution (none). The budget is --budget, in
/// chain potentials. A rating that reached the solution has it checked.
std::optional<sudoku::se_rating> run_se(answer_context& c, bool trace);

/// The summary of rate and explain --scale se: puzzles rated, the median and
/// highest ER, and the rest.
[[nodiscard]] std::string se_summary(const tally& t);

/// --scale levels|se, for rate and explain.
/// --scale; `se` answers take seconds, so they go to the workers one by one.
void add_scale_option(std::vector<tools::option_spec>& options, bool& se, command_settings& s);

/// The summary of explain and rate: puzzles per level.
[[nodiscard]] std::string level_summary(const tally& t);

}  // namespace sudoku_cli
