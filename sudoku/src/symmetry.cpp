#include "sudoku/symmetry.hpp"

#include <dlx/random.hpp>

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>
#include <utility>

namespace sudoku {

symmetry::symmetry(sudoku::shape s)
    : shape_(s),
      rows_(static_cast<std::size_t>(s.size())),
      columns_(rows_.size()),
      digits_(rows_.size() + 1) {
  std::iota(rows_.begin(), rows_.end(), 0);
  std::iota(columns_.begin(), columns_.end(), 0);
  std::iota(digits_.begin(), digits_.end(), 0);
}

namespace {

// A permutation of `groups` groups of `size` consecutive lines, each group also
// permuted within: the lines that keep a band (or stack) structure.
std::vector<int> banded(int groups, int size, std::mt19937_64& rng) {
  std::vector<int> order(static_cast<std::size_t>(groups));
  std::iota(order.begin(), order.end(), 0);
  dlx::shuffle(order.begin(), order.end(), rng);
  std::vector<int> lines;
  std::vector<int> within(static_cast<std::size_t>(size));
  for (int g : order) {
    std::iota(within.begin(), within.end(), 0);
    dlx::shuffle(within.begin(), within.end(), rng);
    for (int k : within)
      lines.push_back(g * size + k);
  }
  return lines;
}

}  // namespace

symmetry symmetry::random(const sudoku::shape& s, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  symmetry t(s);
  const int n = s.size();
  // Rows come in n / box_rows bands of box_rows; columns in n / box_cols stacks.
  t.rows_ = banded(n / s.box_rows, s.box_rows, rng);
  t.columns_ = banded(n / s.box_cols, s.box_cols, rng);
  dlx::shuffle(t.digits_.begin() + 1, t.digits_.end(), rng);
  t.transpose_ = s.box_rows == s.box_cols && (rng() & 1);
  return t;
}

grid symmetry::apply(const grid& in) const {
  grid out(shape_);
  apply(in, out);
  return out;
}

void symmetry::apply(const grid& in, grid& out) const {
  if (in.shape() != shape_) throw std::invalid_argument("sudoku::symmetry: grid of another shape");
  if (out.shape() != shape_ || out.rows() != shape_.size() || out.columns() != shape_.size()) {
    out.reset(shape_);
  }
  const int n = shape_.size();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int sr = rows_[static_cast<std::size_t>(r)], sc = columns_[static_cast<std::size_t>(c)];
      const int v = transpose_ ? in.at(sc, sr) : in.at(sr, sc);
      out.set(r, c, digits_[static_cast<std::size_t>(v)]);
    }
  }
}

// ---- Clue symmetries

std::string_view to_string(clue_symmetry s) noexcept {
  switch (s) {
    case clue_symmetry::none:
      return "none";
    case clue_symmetry::rot180:
      return "rot180";
    case clue_symmetry::rot90:
      return "rot90";
    case clue_symmetry::mirror:
      return "mirror";
    case clue_symmetry::diagonal:
      return "diagonal";
  }
  return "?";
}

std::optional<clue_symmetry> parse_symmetry(std::string_view name) noexcept {
  for (clue_symmetry s : {clue_symmetry::none, clue_symmetry::rot180, clue_symmetry::rot90,
                          clue_symmetry::mirror, clue_symmetry::diagonal}) {
    if (name == to_string(s)) return s;
  }
  return std::nullopt;
}

std::vector<std::size_t> clue_orbit(std::size_t cell, int n, clue_symmetry s) {
  const int r = static_cast<int>(cell) / n, c = static_cast<int>(cell) % n;
  std::vector<std::pair<int, int>> points = {{r, c}};
  switch (s) {
    case clue_symmetry::none:
      break;
    case clue_symmetry::rot180:
      points.push_back({n - 1 - r, n - 1 - c});
      break;
    case clue_symmetry::mirror:
      points.push_back({r, n - 1 - c});
      break;
    case clue_symmetry::diagonal:
      points.push_back({c, r});
      break;
    case clue_symmetry::rot90:
      for (int k = 0; k < 3; ++k) {
        const auto [pr, pc] = points.back();
        points.push_back({pc, n - 1 - pr});
      }
      break;
  }
  std::vector<std::size_t> cells;
  for (auto [pr, pc] : points)
    cells.push_back(static_cast<std::size_t>(pr * n + pc));
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

bool has_symmetry(const grid& g, clue_symmetry s) {
  const int n = g.columns();
  for (std::size_t cell = 0; cell < g.cells().size(); ++cell) {
    for (std::size_t other : clue_orbit(cell, n, s)) {
      if ((g[cell] != 0) != (g[other] != 0)) return false;
    }
  }
  return true;
}

}  // namespace sudoku
