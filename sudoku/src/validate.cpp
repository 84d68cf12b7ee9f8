#include "sudoku/validate.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace sudoku {

namespace {

std::string_view unit_name(unit_kind u) {
  switch (u) {
    case unit_kind::row:
      return "row";
    case unit_kind::column:
      return "column";
    case unit_kind::box:
      return "box";
  }
  return "unit";
}

// The first cell (row-major) of a unit that holds digit d.
std::size_t first_in_unit(const grid& g, unit_kind unit, int index, int d) {
  const int n = g.size();
  const shape& s = g.shape();
  for (int k = 0; k < n; ++k) {
    int row = index, col = k;
    if (unit == unit_kind::column) {
      row = k;
      col = index;
    } else if (unit == unit_kind::box) {
      row = (index / s.box_rows) * s.box_rows + k / s.box_cols;
      col = (index % s.box_rows) * s.box_cols + k % s.box_cols;
    }
    if (g.at(row, col) == d) return static_cast<std::size_t>(row * n + col);
  }
  return 0;  // not reached: the caller saw d in this unit
}

// Calls f(unit, first cell, second cell, digit) for every cell whose digit
// already appeared in one of its units, scanning cells in row-major order; stops
// when f returns true. A bit per (unit, digit) on the stack: no allocation, so
// the tools can afford to check every solution they print.
template <class F>
void scan_clashes(const grid& g, F&& f) {
  const int n = g.size();
  const auto cells = g.cells();
  std::uint64_t seen[3][max_size] = {};
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const auto cell = static_cast<std::size_t>(row * n + col);
      const int d = cells[cell];
      if (d == 0 || d > n) continue;  // blanks; out-of-range values are check_puzzle's business
      const std::uint64_t bit = std::uint64_t{1} << d;
      const int indices[3] = {row, col, g.shape().box_of(row, col)};
      for (int unit = 0; unit < 3; ++unit) {
        std::uint64_t& mask = seen[unit][indices[unit]];
        if ((mask & bit) == 0) {
          mask |= bit;
        } else if (f(static_cast<unit_kind>(unit),
                     first_in_unit(g, static_cast<unit_kind>(unit), indices[unit], d), cell, d)) {
          return;
        }
      }
    }
  }
}

bool digits_in_range(const grid& g, std::size_t& bad_cell) {
  const auto cells = g.cells();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i] > g.size()) {
      bad_cell = i;
      return false;
    }
  }
  return true;
}

}  // namespace

std::string describe(const clash& c, const shape& s) {
  return fmt::format("{} repeats {} of {} (same {})", cell_name(s, c.second), digit_char(c.digit),
                     cell_name(s, c.first), unit_name(c.unit));
}

std::optional<clash> first_clash(const grid& g) {
  std::optional<clash> found;
  scan_clashes(g, [&](unit_kind unit, std::size_t a, std::size_t b, int d) {
    found = clash{a, b, d, unit};
    return true;
  });
  return found;
}

std::vector<clash> all_clashes(const grid& g) {
  std::vector<clash> found;
  scan_clashes(g, [&](unit_kind unit, std::size_t a, std::size_t b, int d) {
    found.push_back({a, b, d, unit});
    return false;
  });
  return found;
}

std::string check_result::message(const shape& s) const {
  switch (status) {
    case check_status::valid:
      return "valid";
    case check_status::clash:
      return describe(*conflict, s);
    case check_status::incomplete:
      return fmt::format("{} is blank", cell_name(s, cell));
    case check_status::changes_given:
      return fmt::format("{} differs from the puzzle's given", cell_name(s, cell));
    case check_status::shape_mismatch:
      return "the solution and the puzzle differ in size";
    case check_status::bad_digit:
      return fmt::format("{} holds a digit above {}", cell_name(s, cell), s.size());
  }
  return "invalid";
}

check_result check_puzzle(const grid& puzzle) {
  check_result r;
  std::size_t bad = 0;
  if (!digits_in_range(puzzle, bad)) {
    r.status = check_status::bad_digit;
    r.cell = bad;
    return r;
  }
  if (auto c = first_clash(puzzle)) {
    r.status = check_status::clash;
    r.cell = c->second;
    r.conflict = c;
  }
  return r;
}

check_result check_solution(const grid& solution) {
  check_result r = check_puzzle(solution);
  if (!r.ok()) return r;
  const auto cells = solution.cells();
  const auto blank = std::find(cells.begin(), cells.end(), 0);
  if (blank != cells.end()) {
    r.status = check_status::incomplete;
    r.cell = static_cast<std::size_t>(blank - cells.begin());
  }
  return r;
}

check_result check_solution(const grid& puzzle, const grid& solution) {
  check_result r;
  if (puzzle.shape() != solution.shape()) {
    r.status = check_status::shape_mismatch;
    return r;
  }
  const auto p = puzzle.cells();
  const auto s = solution.cells();
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] != 0 && p[i] != s[i]) {
      r.status = check_status::changes_given;
      r.cell = i;
      return r;
    }
  }
  return check_solution(solution);
}

}  // namespace sudoku
