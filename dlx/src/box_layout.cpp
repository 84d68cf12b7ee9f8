// Finds the box-and-band layout of a matrix (box_layout.hpp).
#include "box_layout.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace dlx::detail {

namespace {

constexpr std::uint32_t none = ~std::uint32_t{0};

// A set of cells (by the order the cell items come in).
struct cell_set {
  std::uint64_t w[2]{};
  void add(std::uint32_t c) { w[c / 64] |= std::uint64_t{1} << (c % 64); }
  [[nodiscard]] bool has(std::uint32_t c) const { return (w[c / 64] >> (c % 64)) & 1; }
  [[nodiscard]] std::uint32_t meet(const cell_set& o) const {
    return static_cast<std::uint32_t>(std::popcount(w[0] & o.w[0]) + std::popcount(w[1] & o.w[1]));
  }
  bool operator==(const cell_set&) const = default;
};

enum class kind : std::uint8_t { cell, line, box };

// The distinct sets among `sets`, in first-seen order; each must come nine times.
std::optional<std::vector<cell_set>> distinct_nines(const std::vector<cell_set>& sets) {
  std::vector<cell_set> out;
  std::vector<std::uint32_t> seen;
  for (const cell_set& s : sets) {
    auto it = std::find(out.begin(), out.end(), s);
    if (it == out.end()) {
      out.push_back(s);
      seen.push_back(1);
    } else {
      ++seen[static_cast<std::size_t>(it - out.begin())];
    }
  }
  if (std::any_of(seen.begin(), seen.end(), [](std::uint32_t n) { return n != 9; }))
    return std::nullopt;
  return out;
}

// Groups nine lines (rows or columns) into three bands of three, by the boxes
// they meet; per line, its position (band * 3 + place in band); nullopt if the
// lines do not meet the boxes as a 9x9 grid's do.
std::optional<std::array<std::uint32_t, 9>> band_order(const std::vector<cell_set>& lines,
                                                       const std::vector<cell_set>& boxes) {
  std::array<std::uint32_t, 9> meets{};
  for (std::uint32_t l = 0; l < 9; ++l) {
    for (std::uint32_t b = 0; b < 9; ++b) {
      const std::uint32_t m = lines[l].meet(boxes[b]);
      if (m == 3) {
        meets[l] |= 1u << b;
      } else if (m != 0) {
        return std::nullopt;
      }
    }
    if (std::popcount(meets[l]) != 3) return std::nullopt;
  }
  std::array<std::uint32_t, 9> position{};
  std::vector<std::uint32_t> bands;  // their box sets, in first-seen order
  std::array<std::uint32_t, 3> filled{};
  for (std::uint32_t l = 0; l < 9; ++l) {
    auto it = std::find(bands.begin(), bands.end(), meets[l]);
    std::size_t band = static_cast<std::size_t>(it - bands.begin());
    if (it == bands.end()) {
      if (bands.size() == 3) return std::nullopt;
      bands.push_back(meets[l]);
    }
    if (filled[band] == 3) return std::nullopt;
    position[l] = static_cast<std::uint32_t>(band) * 3 + filled[band]++;
  }
  return position;
}

}  // namespace

std::optional<box_layout> find_box_layout(std::span<const std::uint32_t> option_start,
                                          std::span<const std::uint32_t> option_items,
                                          std::uint32_t primary, std::uint32_t items) {
  constexpr std::uint32_t options = box_layout::cells * box_layout::symbols;
  if (items != 324 || primary != 324 || option_start.size() != options + 1) return std::nullopt;
  for (std::uint32_t o = 0; o < options; ++o)
    if (option_start[o + 1] - option_start[o] != 4) return std::nullopt;

  // Each item's options.
  std::vector<std::uint32_t> start(items + 1, 0), of_item(options * 4);
  for (std::uint32_t e = 0; e < options * 4; ++e)
    ++start[option_items[option_start[0] + e] + 1];
  for (std::uint32_t i = 0; i < items; ++i) {
    if (start[i + 1] != 9) return std::nullopt;
    start[i + 1] += start[i];
  }
  {
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (std::uint32_t o = 0; o < options; ++o)
      for (std::uint32_t e = option_start[o]; e < option_start[o + 1]; ++e)
        of_item[fill[option_items[e]]++] = o;
  }

  // Kinds, by how items share options. (Each option has four items, checked
  // above: the inner loops are straight lines, not vectors, for a cheap start.)
  const std::uint32_t* const entries = option_items.data() + option_start[0];
  std::vector<kind> kind_of(items);
  std::vector<std::uint8_t> shared(items, 0);
  std::array<std::uint32_t, 27> touched{};
  std::uint32_t counts[3] = {0, 0, 0};
  for (std::uint32_t i = 0; i < items; ++i) {
    std::uint32_t n = 0;
    for (std::uint32_t k = start[i]; k < start[i + 1]; ++k) {
      const std::uint32_t* const e = entries + 4 * of_item[k];
      for (int m = 0; m < 4; ++m) {
        const std::uint32_t j = e[m];
        if (j == i) continue;
        if (shared[j]++ == 0) {
          if (n == touched.size()) return std::nullopt;  // more than 27 items met
          touched[n++] = j;
        }
      }
    }
    std::uint32_t ones = 0, threes = 0;
    for (std::uint32_t t = 0; t < n; ++t) {
      const std::uint32_t j = touched[t];
      ones += shared[j] == 1;
      threes += shared[j] == 3;
      shared[j] = 0;
    }
    if (ones + threes != n) return std::nullopt;
    if (ones == 27 && threes == 0) {
      kind_of[i] = kind::cell;
    } else if (ones == 18 && threes == 3) {
      kind_of[i] = kind::line;
    } else if (ones == 9 && threes == 6) {
      kind_of[i] = kind::box;
    } else {
      return std::nullopt;
    }
    ++counts[static_cast<int>(kind_of[i])];
  }
  if (counts[0] != 81 || counts[1] != 162 || counts[2] != 81) return std::nullopt;

  // Cells numbered in item order; each option's cell, and its other items.
  std::vector<std::uint32_t> cell_no(items, none);
  for (std::uint32_t i = 0, n = 0; i < items; ++i)
    if (kind_of[i] == kind::cell) cell_no[i] = n++;
  std::vector<std::uint32_t> cell_of(options), box_of(options), line_of[2];
  line_of[0].assign(options, none);
  line_of[1].assign(options, none);
  // Symbols: the non-cell items an option joins are one symbol (union-find).
  std::vector<std::uint32_t> parent(items);
  for (std::uint32_t i = 0; i < items; ++i)
    parent[i] = i;
  auto root = [&](std::uint32_t i) {
    while (parent[i] != i)
      i = parent[i] = parent[parent[i]];
    return i;
  };
  for (std::uint32_t o = 0; o < options; ++o) {
    std::uint32_t cells = 0, boxes = 0, lines = 0, first = none;
    for (std::uint32_t e = option_start[o]; e < option_start[o + 1]; ++e) {
      const std::uint32_t i = option_items[e];
      switch (kind_of[i]) {
        case kind::cell:
          cell_of[o] = cell_no[i], ++cells;
          break;
        case kind::box:
          box_of[o] = i, ++boxes;
          break;
        case kind::line:
          if (lines < 2) line_of[lines][o] = i;
          ++lines;
          break;
      }
      if (kind_of[i] != kind::cell) {
        if (first == none) {
          first = i;
        } else {
          parent[root(i)] = root(first);
        }
      }
    }
    if (cells != 1 || boxes != 1 || lines != 2) return std::nullopt;
  }
  std::vector<std::uint32_t> symbol_of_root(items, none);
  std::vector<std::uint32_t> symbol(items, none);
  std::uint32_t symbols = 0;
  for (std::uint32_t i = 0; i < items; ++i) {
    if (kind_of[i] == kind::cell) continue;
    std::uint32_t& s = symbol_of_root[root(i)];
    if (s == none) s = symbols++;
    symbol[i] = s;
  }
  if (symbols != 9) return std::nullopt;

  // Each non-cell item's cells; the rows and columns among the line items' sets.
  std::vector<cell_set> cells_of(items);
  for (std::uint32_t o = 0; o < options; ++o) {
    cells_of[box_of[o]].add(cell_of[o]);
    cells_of[line_of[0][o]].add(cell_of[o]);
    cells_of[line_of[1][o]].add(cell_of[o]);
  }
  std::vector<cell_set> line_sets, box_sets;
  for (std::uint32_t i = 0; i < items; ++i) {
    if (kind_of[i] == kind::line) line_sets.push_back(cells_of[i]);
    if (kind_of[i] == kind::box) box_sets.push_back(cells_of[i]);
  }
  auto lines = distinct_nines(line_sets);
  auto boxes = distinct_nines(box_sets);
  if (!lines || !boxes || lines->size() != 18 || boxes->size() != 9) return std::nullopt;
  std::vector<cell_set> rows, columns;
  for (const cell_set& s : *lines) {
    const std::uint32_t m = s.meet(lines->front());
    if (m == 9 || m == 0) {
      rows.push_back(s);
    } else if (m == 1) {
      columns.push_back(s);
    } else {
      return std::nullopt;
    }
  }
  if (rows.size() != 9 || columns.size() != 9) return std::nullopt;
  // Two partitions of the cells into nines, each row meeting each column once.
  for (std::uint32_t a = 0; a < 9; ++a) {
    if (rows[a].meet(rows[a]) != 9 || columns[a].meet(columns[a]) != 9 ||
        (*boxes)[a].meet((*boxes)[a]) != 9)
      return std::nullopt;
    for (std::uint32_t b = 0; b < 9; ++b) {
      if (rows[a].meet(columns[b]) != 1) return std::nullopt;
      if (b != a && (rows[a].meet(rows[b]) != 0 || columns[a].meet(columns[b]) != 0 ||
                     (*boxes)[a].meet((*boxes)[b]) != 0))
        return std::nullopt;
    }
  }
  const auto row_position = band_order(rows, *boxes);
  const auto column_position = band_order(columns, *boxes);
  if (!row_position || !column_position) return std::nullopt;

  // Every cell's place in the layout, then every option's, checked.
  std::array<std::uint32_t, 81> place_of_cell{};
  for (std::uint32_t c = 0; c < 81; ++c) {
    std::uint32_t r = none, k = none;
    for (std::uint32_t l = 0; l < 9; ++l) {
      if (rows[l].has(c)) r = (*row_position)[l];
      if (columns[l].has(c)) k = (*column_position)[l];
    }
    place_of_cell[c] = r * 9 + k;
  }
  for (const cell_set& b : *boxes) {
    // A box's cells lie in one band and one stack.
    std::uint32_t first = none;
    for (std::uint32_t c = 0; c < 81; ++c) {
      if (!b.has(c)) continue;
      const std::uint32_t p = place_of_cell[c], at = p / 27 * 3 + p % 9 / 3;
      if (first == none) first = at;
      if (at != first) return std::nullopt;
    }
  }
  box_layout layout;
  std::vector<std::uint8_t> taken(options, 0);
  for (std::uint32_t o = 0; o < options; ++o) {
    const std::uint32_t s = symbol[box_of[o]];
    if (symbol[line_of[0][o]] != s || symbol[line_of[1][o]] != s) return std::nullopt;
    // One row and one column.
    if (cells_of[line_of[0][o]].meet(cells_of[line_of[1][o]]) != 1) return std::nullopt;
    const std::uint32_t p = place_of_cell[cell_of[o]] * 9 + s;
    if (taken[p]++) return std::nullopt;
    layout.option[p] = o;
    layout.place[o] = static_cast<std::uint16_t>(p);
  }
  return layout;
}

}  // namespace dlx::detail
