#include "logic_answer.hpp"

#include <fmt/core.h>
#include <sudoku/validate.hpp>

#include <algorithm>

#include "output.hpp"

namespace sudoku_cli {

std::optional<sudoku::logic_answer> run_logic(answer_context& c, bool search) {
  sudoku::logic_answer a = sudoku::answer_by_logic(c.workspace(), search, c.search_options());
  c.counts().nodes += a.uniqueness.nodes;
  if (!c.answer_unless_unique(a.uniqueness)) return std::nullopt;
  const sudoku::logic_result& r = a.result;
  if (a.searched) c.counts().nodes += a.searched->nodes;
  ++c.counts().levels[static_cast<std::size_t>(r.level)];
  if (r.outcome == sudoku::logic_outcome::solved) ++c.counts().solved;
  return a;
}

std::optional<sudoku::se_rating> run_se(answer_context& c, bool trace) {
  const sudoku::variant& v = c.variant();
  if (!sudoku::se_applies(v)) {
    c.unusable(c.file_index(), c.line(), 1,
               "--scale se rates plain 9x9 puzzles (Sudoku Explainer knows no variants)");
    return std::nullopt;
  }
  if (const auto clash = sudoku::first_clash(v, c.puzzle())) {
    c.clash(*clash);
    return std::nullopt;
  }
  sudoku::se_options options;
  options.budget = c.settings().budget;
  options.trace = trace;
  // Every thread of -j for one puzzle, but only those no other puzzle is
  // using when a search splits.
  options.threads = c.settings().run.threads;
  options.share = c.settings().threads.get();
  options.on_progress = [&c](const sudoku::se_progress& p) {
    std::string text = fmt::format("SE step {}, {}/81 cells", p.steps + 1, p.filled);
    if (p.steps > 0) text += fmt::format(", ER {} so far", sudoku::se_format(p.hardest));
    if (!p.searching.empty()) text += fmt::format(", trying {}", p.searching);
    text += fmt::format(", {} potentials", tools::approximate(p.work));
    if (c.settings().budget) text += fmt::format(" of {}", tools::approximate(c.settings().budget));
    c.progress(text);
  };
  sudoku::se_rating r = sudoku::rate_se(c.puzzle(), options);
  switch (r.outcome) {
    case sudoku::se_rating::outcome::none:
    case sudoku::se_rating::outcome::multiple: {
      // The library counted to two first: no rating of a puzzle that is not unique.
      sudoku::result count;
      count.status = r.outcome == sudoku::se_rating::outcome::none ? sudoku::status::none
                                                                   : sudoku::status::multiple;
      c.answer_unless_unique(count);
      return std::nullopt;
    }
    case sudoku::se_rating::outcome::rated: {
      c.verify(c.puzzle(), r.reached);  // the path's own solution, checked
      ++c.counts().solved;
      const auto tenths = static_cast<std::size_t>((r.er + 0.05) * 10);
      ++c.counts().se_ratings[std::min<std::size_t>(tenths, c.counts().se_ratings.size() - 1)];
      break;
    }
    case sudoku::se_rating::outcome::stuck:
      ++c.counts().se_stuck;
      break;
    case sudoku::se_rating::outcome::unknown:
      ++c.counts().unknown;
      c.set_unanswered();
      break;
  }
  return r;
}

std::string se_summary(const tally& t) {
  std::uint64_t rated = 0;
  for (std::uint64_t n : t.se_ratings)
    rated += n;
  std::string ers;
  if (rated) {
    std::uint64_t seen = 0;
    std::size_t median = 0, highest = 0;
    for (std::size_t i = 0; i < t.se_ratings.size(); ++i) {
      if (!t.se_ratings[i]) continue;
      if (seen < (rated + 1) / 2 && seen + t.se_ratings[i] >= (rated + 1) / 2) median = i;
      seen += t.se_ratings[i];
      highest = i;
    }
    ers = fmt::format(" (ER median {}.{}, highest {}.{})", median / 10, median % 10, highest / 10,
                      highest % 10);
  }
  const std::string rated_text = "rated" + ers;
  return outcome_summary(t.puzzles, "puzzle",
                         {{rated, rated_text},
                          {t.se_stuck, "stuck"},
                          {t.unknown, "unknown"},
                          {t.none, "none"},
                          {t.multiple, "multiple"},
                          {t.invalid, "invalid"}});
}

void add_scale_option(std::vector<tools::option_spec>& options, bool& se, command_settings& s) {
  options.push_back({0, "scale", "SCALE",
                     "levels (the default: easy, medium, hard, evil, beyond) or se: Sudoku "
                     "Explainer 1.2.1's numeric rating ER/EP/ED, for plain 9x9 puzzles",
                     [&se, &s](std::string_view value) {
                       if (value == "se")
                         se = true;
                       else if (value == "levels")
                         se = false;
                       else
                         throw tools::usage_error(
                             fmt::format("--scale: '{}' is not levels or se", value));
                       s.run.batch_jobs = se ? 1 : 0;
                     }});
}

std::string level_summary(const tally& t) {
  return outcome_summary(t.puzzles, "puzzle",
                         {{t.levels[0], "easy"},
                          {t.levels[1], "medium"},
                          {t.levels[2], "hard"},
                          {t.levels[3], "evil"},
                          {t.levels[4], "beyond"},
                          {t.none, "none"},
                          {t.multiple, "multiple"},
                          {t.invalid, "invalid"},
                          {t.unknown, "unknown"}});
}

}  // namespace sudoku_cli
