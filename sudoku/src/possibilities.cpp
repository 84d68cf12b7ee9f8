#include "sudoku/possibilities.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <unordered_set>

namespace sudoku {
namespace {

// The solutions met so far, each once, and per (cell, digit) in how many of
// them the cell holds the digit (up to the threshold).
class tallies {
 public:
  tallies(const variant& v, std::uint64_t threshold)
      : v_(v),
        threshold_(threshold),
        per_(static_cast<std::size_t>(v.digits()) + 1),
        count_(v.positions() * per_, 0) {}

  // Counts a solution (verified) unless met before; false when it was. A
  // solution is its board and its variables' digits (a chaos construction's
  // regions), as `count` counts them and ISS does.
  bool add(const grid& puzzle, const grid& solution, std::span<const std::uint8_t> variables) {
    std::string key;
    key.reserve(v_.cells().size() + variables.size());
    for (const std::uint32_t p : v_.cells())
      key.push_back(static_cast<char>(solution[p]));
    key.append(variables.begin(), variables.end());
    if (!seen_.insert(std::move(key)).second) return false;
    verify_solution(v_, puzzle, solution);
    for (const std::uint32_t p : v_.cells()) {
      std::uint64_t& c = at(p, solution[p]);
      c = std::min(c + 1, threshold_);
    }
    return true;
  }
  std::uint64_t& at(std::size_t position, int digit) {
    return count_[position * per_ + static_cast<std::size_t>(digit)];
  }
  [[nodiscard]] bool enough(std::size_t position, int digit) const {
    return count_[position * per_ + static_cast<std::size_t>(digit)] >= threshold_;
  }
  [[nodiscard]] std::uint64_t met() const { return seen_.size(); }

 private:
  const variant& v_;
  std::uint64_t threshold_;
  std::size_t per_;
  std::vector<std::uint64_t> count_;
  std::unordered_set<std::string> seen_;
};

// One search that stops wanting each (cell, digit) once it has been seen in
// `threshold` solutions: it skips every subtree whose solutions would show
// nothing new (dlx::search_options::wanted), and what it never stopped
// wanting was counted exactly. False when the budget ran out.
bool search_once(solver& s, const grid& puzzle, tallies& seen, const dlx::search_options& options,
                 possibilities& out) {
  const variant& v = s.variant();
  const model& m = s.model();
  std::vector<std::uint64_t> wanted((m.cell_option_count() + 63) / 64, 0);
  for (dlx::option_id o = 0; o < m.cell_option_count(); ++o) {
    if (m.cell_of(o) < v.positions()) wanted[o >> 6] |= std::uint64_t{1} << (o & 63);
  }
  dlx::search_options o = options;
  o.limit = 0;
  o.threads = 1;
  o.propagation = dlx::propagation::pairs;
  o.wanted = wanted;
  const result r = s.enumerate(
      puzzle,
      [&](const grid& solution) {
        if (!seen.add(puzzle, solution, s.variable_digits())) return dlx::visit::next;
        // Everything is wanted until two solutions are met, so that a second
        // one that differs only in its variables (a chaos construction's
        // regions) still says "multiple"; as ISS does.
        if (seen.met() < 2) return dlx::visit::next;
        for (const std::uint32_t p : v.cells()) {
          for (int d = 1; d <= v.digits(); ++d) {
            const dlx::option_id done = m.option(p, d);
            if (done == model::no_option || !seen.enough(p, d)) continue;
            wanted[done >> 6] &= ~(std::uint64_t{1} << (done & 63));
          }
        }
        return dlx::visit::next;
      },
      o);
  out.searches = 1;
  out.nodes = r.nodes;
  if (r.search == dlx::search_status::budget_exhausted) return false;
  out.conflict = r.conflict;
  out.status = r.status == status::invalid ? status::invalid
               : seen.met() >= 2           ? status::multiple
               : seen.met() == 1           ? status::unique
                                           : status::none;
  return true;
}

// For engines that cannot skip (dancing links): a first search counts to
// max(threshold, 2); when it does not meet every solution, each digit not yet
// seen often enough gets a search with it placed, counting to the threshold,
// whose count is then exact. False when the budget ran out.
bool search_per_digit(solver& s, const grid& puzzle, tallies& seen, std::uint64_t threshold,
                      const dlx::search_options& options, possibilities& out) {
  const variant& v = s.variant();
  std::uint64_t budget_left = options.node_budget;
  // One search: counts to `limit` from `g`, every solution tallied. False
  // when the budget ran out.
  const auto search = [&](const grid& g, std::uint64_t limit, result& r) {
    if (options.node_budget != 0 && budget_left == 0) return false;
    dlx::search_options o = options;
    o.limit = limit;
    o.node_budget = budget_left;
    r = s.enumerate(
        g,
        [&](const grid& solution) {
          seen.add(puzzle, solution, s.variable_digits());
          return dlx::visit::next;
        },
        o);
    ++out.searches;
    out.nodes += r.nodes;
    if (options.node_budget != 0) budget_left -= std::min(budget_left, r.nodes);
    return r.search != dlx::search_status::budget_exhausted;
  };

  result first;
  if (!search(puzzle, std::max<std::uint64_t>(threshold, 2), first)) return false;
  out.status = first.solutions >= 2 ? status::multiple : first.status;
  out.conflict = first.conflict;
  if (first.exact || first.status == status::invalid) return true;
  grid g = puzzle;
  for (const std::uint32_t p : v.cells()) {
    if (puzzle[p] != 0) continue;
    const std::uint64_t allowed = v.candidates(p);
    for (int d = 1; d <= v.digits(); ++d) {
      if ((allowed >> d & 1) == 0 || seen.enough(p, d)) continue;
      g.cells()[p] = static_cast<std::uint8_t>(d);
      result r;
      const bool finished = search(g, threshold, r);
      g.cells()[p] = 0;
      if (!finished) return false;
      // The count with the digit placed is exact up to the threshold.
      std::uint64_t& c = seen.at(p, d);
      c = std::max(c, std::min(r.solutions, threshold));
    }
  }
  return true;
}

}  // namespace

possibilities find_possibilities(solver& s, const grid& puzzle, std::uint64_t threshold,
                                 const dlx::search_options& options) {
  threshold = std::max<std::uint64_t>(threshold, 1);
  possibilities out;
  const variant& v = s.variant();
  tallies seen(v, threshold);
  const bool finished = s.engine() == dlx::engine_kind::bitset
                            ? search_once(s, puzzle, seen, options, out)
                            : search_per_digit(s, puzzle, seen, threshold, options, out);
  if (!finished) {
    out.status = status::unknown;
    out.conflict.reset();
    return out;
  }
  out.solutions = seen.met();
  if (out.status == status::invalid) return out;
  out.digits.assign(v.positions(), 0);
  if (out.status == status::none) return out;
  for (const std::uint32_t p : v.cells()) {
    for (int d = 1; d <= v.digits(); ++d) {
      if (seen.enough(p, d)) out.digits[p] |= std::uint64_t{1} << d;
    }
  }
  return out;
}

possibilities find_possibilities(workspace& w, std::uint64_t threshold,
                                 const dlx::search_options& options) {
  return find_possibilities(w.solver_for(w.variant), w.puzzle, threshold, options);
}

board_state possibilities_board(const variant& v, const grid& puzzle, const possibilities& p) {
  board_state board = board_state::of_puzzle(puzzle);
  if (p.status != status::unique && p.status != status::multiple) return board;
  board.candidates.assign(v.positions(), 0);
  for (const std::uint32_t cell : v.cells()) {
    if (puzzle[cell] == 0) board.candidates[cell] = p.digits[cell];
  }
  return board;
}

}  // namespace sudoku
