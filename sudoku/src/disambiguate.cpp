#include "sudoku/disambiguate.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "sudoku/possibilities.hpp"

namespace sudoku {

disambiguation disambiguate(workspace& w, clue_symmetry symmetry,
                            const dlx::search_options& options) {
  const variant& v = w.variant;
  if (symmetry != clue_symmetry::none && v.rows() != v.columns()) {
    throw std::invalid_argument("sudoku::disambiguate: symmetric givens need a square board");
  }
  solver& s = w.solver_for(v);
  disambiguation out;
  out.puzzle = w.puzzle;
  const result first = s.solve_unique(w.puzzle, out.solution, options);
  ++out.searches;
  out.nodes += first.nodes;
  out.status = first.status;
  out.conflict = first.conflict;
  if (first.status != status::multiple) return out;

  // The cells given together: a cell's orbit under the symmetry.
  const auto orbit = [&](std::size_t cell) {
    return symmetry == clue_symmetry::none ? std::vector<std::size_t>{cell}
                                           : clue_orbit(cell, v.rows(), symmetry);
  };
  grid& g = out.puzzle;
  std::vector<std::vector<std::size_t>> groups;  // the givens added, an orbit each
  for (;;) {
    const possibilities p = find_possibilities(s, g, 1, options);
    ++out.searches;
    out.nodes += p.nodes;
    if (p.status == status::unknown) {
      out.status = status::unknown;
      return out;
    }
    if (p.status == status::unique) break;
    // The empty cell with the most digits over the solutions.
    std::size_t best = v.positions();
    int most = 1;
    for (const std::uint32_t cell : v.cells()) {
      const int n = std::popcount(p.digits[cell]);
      if (g[cell] == 0 && n > most) {
        best = cell;
        most = n;
      }
    }
    if (best == v.positions()) {  // the solutions differ only off the board
      out.status = status::multiple;
      return out;
    }
    std::vector<std::size_t> group;
    for (const std::size_t cell : orbit(best)) {
      if (v.is_cell(cell) && g[cell] == 0) {
        g.cells()[cell] = static_cast<std::uint8_t>(out.solution[cell]);
        group.push_back(cell);
      }
    }
    groups.push_back(std::move(group));
  }
  // Each given added, the last first, goes when the rest keep one solution.
  for (std::size_t k = groups.size(); k-- > 0;) {
    for (const std::size_t cell : groups[k])
      g.cells()[cell] = 0;
    const result r = s.count(g, 2, options);
    ++out.searches;
    out.nodes += r.nodes;
    if (r.status == status::unique) {
      groups[k].clear();
      continue;
    }
    for (const std::size_t cell : groups[k])
      g.cells()[cell] = static_cast<std::uint8_t>(out.solution[cell]);
    if (r.status == status::unknown) {
      out.status = status::unknown;
      return out;
    }
  }
  for (const auto& group : groups)
    out.added.insert(out.added.end(), group.begin(), group.end());
  std::sort(out.added.begin(), out.added.end());
  out.status = status::unique;
  return out;
}

}  // namespace sudoku
