#include "sudoku/possibilities.hpp"

#include <algorithm>
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

  // Counts a solution (verified) unless met before.
  void add(const grid& puzzle, const grid& solution) {
    std::string key;
    key.reserve(v_.cells().size());
    for (const std::uint32_t p : v_.cells())
      key.push_back(static_cast<char>(solution[p]));
    if (!seen_.insert(std::move(key)).second) return;
    verify_solution(v_, puzzle, solution);
    for (const std::uint32_t p : v_.cells()) {
      std::uint64_t& c = at(p, solution[p]);
      c = std::min(c + 1, threshold_);
    }
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

}  // namespace

possibilities find_possibilities(workspace& w, std::uint64_t threshold,
                                 const dlx::search_options& options) {
  threshold = std::max<std::uint64_t>(threshold, 1);
  possibilities out;
  const variant& v = w.variant;
  solver& s = w.solver_for(v);
  tallies seen(v, threshold);
  const grid& puzzle = w.puzzle;
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
          seen.add(puzzle, solution);
          return dlx::visit::next;
        },
        o);
    ++out.searches;
    out.nodes += r.nodes;
    if (options.node_budget != 0) budget_left -= std::min(budget_left, r.nodes);
    return r.search != dlx::search_status::budget_exhausted;
  };

  result first;
  if (!search(puzzle, std::max<std::uint64_t>(threshold, 2), first)) return out;
  out.status = first.solutions >= 2 ? status::multiple : first.status;
  if (first.status == status::invalid) {
    out.conflict = first.conflict;
    return out;
  }
  if (!first.exact) {
    // Not every solution met: each digit not yet seen often enough gets a
    // search with it placed, whose count to the threshold is then exact.
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
        if (!finished) {
          out.status = status::unknown;
          return out;
        }
        // The count with the digit placed is exact up to the threshold.
        std::uint64_t& c = seen.at(p, d);
        c = std::max(c, std::min(r.solutions, threshold));
      }
    }
  }
  out.solutions = seen.met();
  out.digits.assign(v.positions(), 0);
  if (out.status == status::none) return out;
  for (const std::uint32_t p : v.cells()) {
    for (int d = 1; d <= v.digits(); ++d) {
      if (seen.enough(p, d)) out.digits[p] |= std::uint64_t{1} << d;
    }
  }
  return out;
}

}  // namespace sudoku
