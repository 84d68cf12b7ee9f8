// Sudoku Explainer's numeric rating: the scale puzzle setters and the players'
// forums grade 9x9 puzzles with.
//
// Sudoku Explainer 1.2.1 (SE) solves a puzzle step by step, always with the
// first hint of the easiest of its 27 techniques that applies, and rates each
// hint: 1.0-1.5 for hidden singles up to 11+ for nested dynamic forcing chains,
// chains getting 0.1 more per step of length. A puzzle's rating is three
// numbers from that path:
//   ER  the hardest step of the whole path,
//   EP  the hardest step up to the first placement of a digit,
//   ED  the first step's rating.
// Puzzles that SE's techniques cannot finish rate 20.0.
//
//   sudoku::se_rating r = sudoku::rate_se(puzzle);
//   fmt::print("{}\n", sudoku::to_string(r));       // "11.9/11.9/11.3"
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/thread_share.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// One step of SE's path.
struct se_step {
  std::string technique;          ///< SE's name: "Hidden Single", "Dynamic Forcing Chains (+)", ...
  double rating = 0;              ///< its rating, as SE computes it (print with se_format)
  std::vector<candidate> placed;  ///< the digit it places, if any
  std::vector<candidate> eliminated;  ///< the candidates it removes
  /// A chain's links, each implication once (the chains of the step's targets,
  /// walked back from the conclusion to its start); empty for other techniques.
  std::vector<chain_link> links;
  /// The pattern, for pictures, as a logic_step has it (locking, subsets, fish,
  /// wings; empty for the others): its digits, its units as indexes into the
  /// plain 9x9 variant's units (rows 0-8, columns 9-17, boxes 18-26), and its
  /// cells when its units do not say where (subsets, wings).
  std::vector<int> digits;
  std::vector<std::uint32_t> units;
  std::vector<std::size_t> cells;
};

struct se_rating {
  enum class outcome : std::uint8_t {
    rated,     ///< solved by SE's techniques: er, ep, ed are its rating
    stuck,     ///< SE's techniques cannot finish: rated 20.0 as SE does
    unknown,   ///< the work budget ran out first
    none,      ///< the puzzle has no solution (or clashing givens): not rated
    multiple,  ///< the puzzle has more than one solution: not rated
  };
  se_rating::outcome outcome = outcome::rated;
  double er = 0;               ///< hardest step
  double ep = 0;               ///< hardest step up to the first placement
  double ed = 0;               ///< first step
  std::vector<se_step> steps;  ///< the path, when asked for
  grid reached;                ///< the digits placed when the path ended (the solution if rated)
  std::uint64_t work = 0;      ///< chain potentials made (what the budget counts)
};

/// How far a rating has got, for a progress display: SE's hardest puzzles take
/// tens of seconds.
struct se_progress {
  std::size_t steps = 0;       ///< steps applied so far
  int filled = 0;              ///< cells holding a digit, givens included (of 81)
  double hardest = 0;          ///< the hardest step so far: ER as it stands
  std::uint64_t work = 0;      ///< chain potentials made so far
  std::string_view searching;  ///< the technique family being searched ("Nishio", ...)
};

struct se_options {
  /// Stop after this many chain potentials (0: no limit) and answer unknown.
  /// Hard puzzles take some 10^7-10^9; the figure is the same on every machine.
  std::uint64_t budget = 0;
  /// Record the path in se_rating::steps.
  bool trace = false;
  /// Called after every step and every `progress_interval` chain potentials
  /// within a step (about 10^6 a second); it may throw to stop the rating.
  /// Always on the thread that called rate_se: with threads, within a split
  /// search, at the first 1,024-potential mark past each interval.
  std::function<void(const se_progress&)> on_progress;
  std::uint64_t progress_interval = std::uint64_t{1} << 18;
  /// Threads for one puzzle (0: one per core): each chain search of a step
  /// splits its starting candidates over them. The path, the rating, `work`
  /// and where a budget runs out are the same with any number.
  unsigned threads = 1;
  /// Threads shared with answers running at the same time (null: none). The
  /// rating holds one while it runs, and a search splits over at most
  /// `threads` of those free when it starts.
  thread_share* share = nullptr;
};

/// Whether SE's rating applies to puzzles of `v`: plain 9x9 Sudoku (3x3 boxes,
/// rows, columns and boxes only, digits 1-9, no clue or pencil mark). SE knows
/// no variant.
[[nodiscard]] bool se_applies(const variant& v) noexcept;

/// Rates a 9x9 puzzle (classic 3x3 boxes) as SE 1.2.1 does. Throws
/// std::invalid_argument for another shape. A puzzle that is not unique is not
/// rated (outcome none or multiple, found by a count to two first): SE's
/// techniques would give it a rating from deductions that do not hold, and
/// Sudoku Explainer refuses such a puzzle too.
[[nodiscard]] se_rating rate_se(const grid& puzzle, const se_options& options = {});

/// A rating as SE prints it: one decimal, rounded half up ("8.3").
[[nodiscard]] std::string se_format(double rating);
/// "ER/EP/ED" ("11.9/11.9/11.3"), "20.0/20.0/20.0"-style for stuck puzzles as
/// SE prints them, "unknown" when the budget ran out, "none" or "multiple" for
/// a puzzle that is not unique.
[[nodiscard]] std::string to_string(const se_rating& r);
/// A step as one line, as `sudoku explain --scale se` prints it: its rating,
/// technique, placements and eliminations ("2.6 Pointing: r3c8<>8 r3c9<>8").
[[nodiscard]] std::string describe(const se_step& s);

}  // namespace sudoku
