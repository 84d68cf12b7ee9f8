// SE's rating loop (Solver.getDifficulty as gsf's serate runs it): apply the
// first hint of the first technique that has one, in SE's order, until the
// grid is solved or nothing applies.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <stdexcept>
#include <thread>

#include "se/board.hpp"
#include "se/crew.hpp"
#include "se/techniques.hpp"
#include "sudoku/se_rating.hpp"
#include "sudoku/solver.hpp"

namespace sudoku {

namespace {

using se::board;
using se::hint;

// The techniques in SE's order: direct ones, indirect ones, then chains.
bool next_hint(const board& b, se::budget& work, hint& h) {
  std::vector<se::hint> all;
  auto take_first = [&](auto&& produce) {
    all.clear();
    produce(all);
    if (all.empty()) return false;
    h = std::move(all.front());
    return true;
  };
  if (se::hidden_single(b, h)) return true;
  if (se::locking(b, true, nullptr, &h)) return true;
  if (se::hidden_set(b, 2, true, nullptr, &h)) return true;
  if (se::naked_single(b, h)) return true;
  if (se::hidden_set(b, 3, true, nullptr, &h)) return true;
  if (se::locking(b, false, nullptr, &h)) return true;
  if (se::naked_set(b, 2, nullptr, &h)) return true;
  if (se::fish(b, 2, nullptr, &h)) return true;
  if (se::hidden_set(b, 2, false, nullptr, &h)) return true;
  if (se::naked_set(b, 3, nullptr, &h)) return true;
  if (se::fish(b, 3, nullptr, &h)) return true;
  if (se::hidden_set(b, 3, false, nullptr, &h)) return true;
  if (se::xy_wing(b, false, h)) return true;
  if (se::xy_wing(b, true, h)) return true;
  if (take_first([&](auto& out) { se::unique_loops(b, out, true); })) return true;
  if (se::naked_set(b, 4, nullptr, &h)) return true;
  if (se::fish(b, 4, nullptr, &h)) return true;
  if (se::hidden_set(b, 4, false, nullptr, &h)) return true;
  if (take_first([&](auto& out) { se::bivalue_universal_grave(b, out, true); })) return true;
  if (take_first([&](auto& out) { se::aligned_pair_exclusion(b, out, true); })) return true;
  // The chains, named for progress reports as SE's hint families are.
  se::chain_memory memory;  // dynamic chains: each level goes on from the one below
  auto chains = [&](const char* name, se::chaining_rule rule) {
    work.searching = name;
    return se::first_chaining_hint(b, rule, work, h, &memory);
  };
  if (chains("forcing chains and cycles", {false, false, false, 0})) return true;
  if (take_first([&](auto& out) { se::aligned_triplet_exclusion(b, out, true); })) return true;
  if (chains("Nishio forcing chains", {false, true, true, 0})) return true;
  if (chains("multiple forcing chains", {true, false, false, 0})) return true;
  if (chains("dynamic forcing chains", {true, true, false, 0})) return true;
  if (chains("dynamic forcing chains (+)", {true, true, false, 1})) return true;
  static constexpr const char* nested[] = {
      "dynamic forcing chains (+ forcing chains)", "dynamic forcing chains (+ multiple)",
      "dynamic forcing chains (+ dynamic)", "dynamic forcing chains (+ dynamic (+))"};
  for (int level = 2; level <= 5; ++level)
    if (chains(nested[level - 2], {true, true, false, level})) return true;
  return false;
}

se_step step_of(const hint& h, const board& before) {
  se_step s;
  s.technique = h.name;
  s.rating = h.difficulty;
  for (const se::removal& r : h.removals)
    for (int v = 1; v <= 9; ++v)
      if ((r.vals & se::bit(v)) && (before.cand[r.cell] & se::bit(v)))
        s.eliminated.push_back({r.cell, v});
  if (h.cell >= 0) s.placed.push_back({static_cast<std::size_t>(h.cell), h.value});
  for (const auto& l : h.links) {
    s.links.push_back({{l.from_cell, l.from_value}, l.from_on, {l.to_cell, l.to_value}, l.to_on});
  }
  for (int v = 1; v <= 9; ++v)
    if (h.digits & se::bit(v)) s.digits.push_back(v);
  for (int r : h.regions) {
    // SE numbers blocks, rows, columns; the variant rows, columns, boxes.
    const int kind = r / 9, n = r % 9;
    const auto unit = static_cast<std::uint32_t>(kind == se::block ? 18 + n
                                                 : kind == se::row ? n
                                                                   : 9 + n);
    if (std::find(s.units.begin(), s.units.end(), unit) == s.units.end()) s.units.push_back(unit);
  }
  s.cells.assign(h.cells.begin(), h.cells.end());
  return s;
}

}  // namespace

se_rating rate_se(const grid& puzzle, const se_options& options) {
  if (puzzle.shape() != sudoku::shape{} || puzzle.rows() != 9 || puzzle.columns() != 9)
    throw std::invalid_argument("the Sudoku Explainer rating is for 9x9 puzzles with 3x3 boxes");
  se_rating r;
  {
    // A count to two costs microseconds; a rating of a puzzle that is not
    // unique (a near-empty grid took minutes) would be a wrong answer.
    thread_local solver counter;
    const status s = counter.count(puzzle, 2).status;
    if (s != status::unique) {
      r.outcome = s == status::multiple ? se_rating::outcome::multiple : se_rating::outcome::none;
      r.reached = puzzle;
      return r;
    }
  }
  // serate: the givens, then every empty cell's candidates rebuilt from them.
  board b;
  for (int c = 0; c < 81; ++c)
    b.value[c] = static_cast<std::uint8_t>(puzzle.at(c / 9, c % 9));
  const auto& g = se::geometry();
  for (int c = 0; c < 81; ++c) {
    if (b.value[c]) continue;
    se::values cand = 0x3fe;
    for (int o : g.house[c])
      if (b.value[o]) cand = static_cast<se::values>(cand & ~se::bit(b.value[o]));
    b.cand[c] = cand;
  }
  std::size_t steps_untraced = 0;
  se::budget work;
  work.limit = options.budget;
  const unsigned threads =
      options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  std::optional<se::crew> team;
  if (threads > 1) work.helpers = &team.emplace(static_cast<int>(threads), options.share);
  // The thread this rating runs on, held in the share while it runs.
  struct holding {
    thread_share* share;
    explicit holding(thread_share* s) : share(s) {
      if (share != nullptr) share->hold();
    }
    ~holding() {
      if (share != nullptr) share->give(1);
    }
    holding(const holding&) = delete;
    holding& operator=(const holding&) = delete;
  } held(options.share);
  double difficulty = -HUGE_VAL;
  bool pearl_set = false, diamond_set = false;
  auto filled = [&] {
    int n = 0;
    for (int c = 0; c < 81; ++c)
      n += b.value[c] != 0;
    return n;
  };
  auto report = [&] {
    se_progress p;
    p.steps = r.steps.size() + steps_untraced;
    p.filled = filled();
    p.hardest = difficulty == -HUGE_VAL ? 0.0 : difficulty;
    p.work = work.used;
    p.searching = work.searching;
    options.on_progress(p);
  };
  if (options.on_progress) {
    work.interval = options.progress_interval;
    work.report = report;
  }
  work.start();
  try {
    while (filled() < 81) {
      work.searching = "";
      if (options.on_progress) report();
      hint h;
      if (!next_hint(b, work, h)) {
        difficulty = 20.0;
        r.outcome = se_rating::outcome::stuck;
        break;
      }
      if (options.trace)
        r.steps.push_back(step_of(h, b));
      else
        ++steps_untraced;
      difficulty = std::max(difficulty, h.difficulty);
      h.apply(b);
      if (!pearl_set) {
        if (!diamond_set) {
          r.ed = difficulty;
          diamond_set = true;
        }
        if (h.cell >= 0) {
          r.ep = difficulty;
          pearl_set = true;
        }
      }
    }
  } catch (const se::budget_exhausted_error&) {
    r.outcome = se_rating::outcome::unknown;
  }
  r.er = difficulty == -HUGE_VAL ? 0.0 : difficulty;
  if (r.outcome == se_rating::outcome::stuck) {
    // SE's rating loop leaves EP and ED as they were: 0 when stuck at once.
  }
  // Out of budget, one thread stops at the potential past the limit; split
  // searches stop a little later, but the potential past the limit is the
  // same.
  r.work = r.outcome == se_rating::outcome::unknown ? options.budget + 1 : work.used;
  for (int c = 0; c < 81; ++c)
    r.reached.set(c / 9, c % 9, b.value[c]);
  return r;
}

std::string se_format(double rating) {
  const int w = static_cast<int>((rating + 0.05) * 10);
  return fmt::format("{}.{}", w / 10, w % 10);
}

bool se_applies(const variant& v) noexcept {
  // The clues of modern variants and pencil marks are rules SE would not
  // see (it would rate, or find several solutions of, another puzzle).
  return v.shape() == shape{} && v.rows() == 9 && v.columns() == 9 && v.units().size() == 27 &&
         v.cages().empty() && !v.has_regions() && v.clues().empty() && !v.has_restrictions() &&
         v.first_value() == 1;
}

std::string to_string(const se_rating& r) {
  if (r.outcome == se_rating::outcome::unknown) return "unknown";
  if (r.outcome == se_rating::outcome::none) return "none";
  if (r.outcome == se_rating::outcome::multiple) return "multiple";
  return fmt::format("{}/{}/{}", se_format(r.er), se_format(r.ep), se_format(r.ed));
}

std::string describe(const se_step& s) {
  std::string line = fmt::format("{} {}:", se_format(s.rating), s.technique);
  // SE's board is 9x9: cell = row * 9 + column.
  for (const candidate& p : s.placed)
    line += fmt::format(" r{}c{}={}", p.cell / 9 + 1, p.cell % 9 + 1, p.digit);
  for (const candidate& e : s.eliminated)
    line += fmt::format(" r{}c{}<>{}", e.cell / 9 + 1, e.cell % 9 + 1, e.digit);
  return line;
}

}  // namespace sudoku
