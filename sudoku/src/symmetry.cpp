#include "sudoku/symmetry.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

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
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<int> lines;
  std::vector<int> within(static_cast<std::size_t>(size));
  for (int g : order) {
    std::iota(within.begin(), within.end(), 0);
    std::shuffle(within.begin(), within.end(), rng);
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
  std::shuffle(t.digits_.begin() + 1, t.digits_.end(), rng);
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

}  // namespace sudoku
