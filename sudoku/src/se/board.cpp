#include "se/board.hpp"

#include <bit>

namespace sudoku::se {

namespace {

constexpr layout make_layout() {
  layout l;
  for (int i = 0; i < 9; ++i) {
    for (int j = 0; j < 9; ++j) {
      const int bx = (i % 3) * 3 + j % 3;
      const int by = (i / 3) * 3 + j / 3;
      l.cells[block * 9 + i][j] = static_cast<std::uint8_t>(by * 9 + bx);
      l.cells[row * 9 + i][j] = static_cast<std::uint8_t>(i * 9 + j);
      l.cells[column * 9 + i][j] = static_cast<std::uint8_t>(j * 9 + i);
    }
  }
  for (int r = 0; r < 27; ++r) {
    for (int j = 0; j < 9; ++j) {
      const int c = l.cells[r][j];
      l.region_of[c][r / 9] = static_cast<std::uint8_t>(r);
      l.index_in[c][r / 9] = static_cast<std::uint8_t>(j);
    }
  }
  for (int c = 0; c < 81; ++c) {
    int n = 0;
    bool seen[81] = {};
    seen[c] = true;
    for (int kind : {block, row, column}) {
      for (int j = 0; j < 9; ++j) {
        const int o = l.cells[l.region_of[c][kind]][j];
        if (!seen[o]) {
          seen[o] = true;
          l.house[c][n++] = static_cast<std::uint8_t>(o);
          l.peer[c * 81 + o] = true;
        }
      }
    }
  }
  return l;
}

constexpr std::array<std::uint8_t, 1024> make_bit_count() {
  std::array<std::uint8_t, 1024> t{};
  for (unsigned i = 1; i < t.size(); ++i)
    t[i] = static_cast<std::uint8_t>(t[i >> 1] + (i & 1));
  return t;
}

}  // namespace

// Built by the compiler: no start-up work in every process.
constinit const layout the_layout = make_layout();
constinit const std::array<std::uint8_t, 1024> bit_count = make_bit_count();

void board::place(int cell, int v) {
  const layout& g = geometry();
  value[cell] = static_cast<std::uint8_t>(v);
  cand[cell] = 0;
  for (int o : g.house[cell])
    cand[o] = static_cast<values>(cand[o] & ~bit(v));
}

std::uint16_t board::positions(int region, int v) const {
  const auto& cells = geometry().cells[region];
  std::uint16_t p = 0;
  for (int i = 0; i < 9; ++i)
    if (cand[cells[i]] & bit(v)) p = static_cast<std::uint16_t>(p | (1u << i));
  return p;
}

void board::all_positions(position_table& out) const {
  out.fill(0);
  const auto& g = geometry();
  for (int region = 0; region < 27; ++region) {
    std::uint16_t* row_of = out.data() + region * 16;
    for (int i = 0; i < 9; ++i) {
      for (unsigned c = cand[g.cells[region][i]]; c; c &= c - 1)
        row_of[std::countr_zero(c)] |= static_cast<std::uint16_t>(1u << i);
    }
  }
}

int board::empty_cells(int region) const {
  int n = 0;
  for (int c : geometry().cells[region])
    n += value[c] == 0;
  return n;
}

void hint::apply(board& b) const {
  for (const removal& r : removals)
    b.cand[r.cell] = static_cast<values>(b.cand[r.cell] & ~r.vals);
  if (cell >= 0) b.place(cell, value);
}

void add_removal(std::vector<removal>& removals, int cell, values v) {
  for (removal& r : removals) {
    if (r.cell == cell) {
      r.vals = static_cast<values>(r.vals | v);
      return;
    }
  }
  removals.push_back({static_cast<std::uint8_t>(cell), v});
}

}  // namespace sudoku::se
