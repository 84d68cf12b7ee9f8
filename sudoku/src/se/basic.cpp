// SE's techniques up to XYZ-Wing: singles, intersections, naked and hidden
// sets, fish, XY- and XYZ-Wings, searched in SE's order.
#include <array>
#include <bit>

#include "se/techniques.hpp"

namespace sudoku::se {

namespace {

// Records a hint: into *first (then the search stops) or appended to *all.
bool emit(basic_hint&& h, std::vector<basic_hint>* all, hint* first) {
  if (first) {
    // What a picture of the step marks (naked sets name their region
    // themselves; sets name their cells).
    h.h.digits = h.type == basic_hint::kind::locking || h.type == basic_hint::kind::fish
                     ? bit(h.value)
                     : static_cast<values>(h.set);
    if (h.type != basic_hint::kind::naked_set) h.h.regions = h.regions;
    h.h.cells = h.cells;
    *first = std::move(h.h);
    return true;
  }
  all->push_back(std::move(h));
  return false;
}

// SE's Region.crosses for the pairs Locking uses (a block and a line), as a
// table: Locking asks it 324 times a search, and chains search thousands of
// times.
bool crosses(int r1, int r2) {
  static const auto table = [] {
    std::array<std::array<bool, 27>, 27> t{};
    for (int a = 0; a < 27; ++a) {
      for (int b = 0; b < 27; ++b) {
        const int k1 = a / 9, k2 = b / 9;
        const int bk = (k1 == block ? a : b) % 9;
        const int line = k1 == block ? b : a;
        t[a][b] = k1 == k2                       ? a == b
                  : (k1 != block && k2 != block) ? true
                  : line / 9 == row              ? line % 9 / 3 == bk / 3
                                                 : line % 9 / 3 == bk % 3;
      }
    }
    return t;
  }();
  return table[r1][r2];
}

bool region_has(int region, int cell) {
  const auto& g = geometry();
  return g.region_of[cell][region / 9] == region;
}

// For each pair of regions, the positions of the first (bit i: its i-th cell)
// that lie in the second.
const std::array<std::array<std::uint16_t, 27>, 27>& positions_in() {
  static const auto table = [] {
    std::array<std::array<std::uint16_t, 27>, 27> t{};
    const auto& g = geometry();
    for (int r1 = 0; r1 < 27; ++r1)
      for (int r2 = 0; r2 < 27; ++r2)
        for (int i = 0; i < 9; ++i)
          if (region_has(r2, g.cells[r1][i]))
            t[r1][r2] = static_cast<std::uint16_t>(t[r1][r2] | 1u << i);
    return t;
  }();
  return table;
}

basic_hint locking_hint(const board& b, int p1, int p2, int hcell, int value, bool direct) {
  const auto& g = geometry();
  basic_hint bh;
  bh.type = basic_hint::kind::locking;
  bh.value = static_cast<std::uint8_t>(value);
  bh.regions = {static_cast<std::uint8_t>(p1), static_cast<std::uint8_t>(p2)};
  for (int c : g.cells[p2])
    if (!region_has(p1, c) && (b.cand[c] & bit(value)))
      bh.h.removals.push_back({std::uint8_t(c), bit(value)});
  const bool pointing = p1 / 9 == block;
  if (direct) {
    bh.h.removals.clear();  // SE's direct hints only place their digit
    bh.h.difficulty = pointing ? 1.7 : 1.9;
    bh.h.name = pointing ? "Direct Pointing" : "Direct Claiming";
    bh.h.cell = hcell;
    bh.h.value = value;
  } else {
    bh.h.difficulty = pointing ? 2.6 : 2.8;
    bh.h.name = pointing ? "Pointing" : "Claiming";
  }
  return bh;
}

}  // namespace

chain_changes::chain_changes(const board& source, const board& current) {
  const auto& g = geometry();
  current.all_positions(now);
  for (int c = 0; c < 81; ++c) {
    gone_cand[c] = static_cast<values>(source.cand[c] & ~current.cand[c]);
    if (!gone_cand[c]) continue;
    for (int kind = 0; kind < 3; ++kind) {
      const int region = g.region_of[c][kind];
      const auto place = static_cast<std::uint16_t>(1u << g.index_in[c][kind]);
      gone_values[region] = static_cast<values>(gone_values[region] | gone_cand[c]);
      lost_cells[region] = static_cast<std::uint16_t>(lost_cells[region] | place);
      for (unsigned v = gone_cand[c]; v; v &= v - 1)
        gone[region * 16 + std::countr_zero(v)] |= place;
    }
  }
}

bool locking(const board& b, bool direct, std::vector<basic_hint>* all, hint* first,
             const chain_changes* since) {
  const auto& g = geometry();
  board::position_table own;
  if (!since) b.all_positions(own);
  const board::position_table& positions = since ? since->now : own;
  const auto& in = positions_in();
  static constexpr int kinds[4][2] = {{block, column}, {block, row}, {column, block}, {row, block}};
  for (const auto& k : kinds) {
    for (int i1 = 0; i1 < 9; ++i1) {
      const int r1 = k[0] * 9 + i1;
      unsigned values_of = 0;  // the values r1 may lock (bit v)
      for (unsigned vs = since ? since->gone_values[r1] : 0x3feu; vs; vs &= vs - 1)
        if (count(positions[r1 * 16 + std::countr_zero(vs)]) > 1) values_of |= vs & -vs;
      if (!values_of) continue;
      for (int i2 = 0; i2 < 9; ++i2) {
        const int r2 = k[1] * 9 + i2;
        if (!crosses(r1, r2)) continue;
        for (unsigned vs = values_of; vs; vs &= vs - 1) {
          const int value = std::countr_zero(vs);
          const std::uint16_t pos = positions[r1 * 16 + value];
          if (pos & ~in[r1][r2]) continue;  // not all inside r2
          // Its rule parents: r1's places gone outside r2.
          if (since && !(since->gone[r1 * 16 + value] & ~in[r1][r2])) continue;
          if (direct) {
            // A hidden single that follows in another region of r1's kind.
            for (int i3 = 0; i3 < 9; ++i3) {
              if (i3 == i1) continue;
              const int r3 = k[0] * 9 + i3;
              if (!crosses(r3, r2)) continue;
              const std::uint16_t pos3 = positions[r3 * 16 + value];
              if (count(pos3) <= 1) continue;
              const auto outside = static_cast<std::uint16_t>(pos3 & ~in[r3][r2]);
              if (count(outside) != 1) continue;
              const int hcell = g.cells[r3][std::countr_zero(outside)];
              if (emit(locking_hint(b, r1, r2, hcell, value, true), all, first)) return true;
            }
          } else {
            basic_hint h = locking_hint(b, r1, r2, -1, value, false);
            if (h.h.worth() && emit(std::move(h), all, first)) return true;
          }
        }
      }
    }
  }
  return false;
}

namespace {

constexpr int set_kinds[3] = {block, column, row};
const char* const set_names[3] = {"Pair", "Triplet", "Quad"};

}  // namespace

bool hidden_set(const board& b, int degree, bool direct, std::vector<basic_hint>* all, hint* first,
                const chain_changes* since) {
  const auto& g = geometry();
  for (int kind : set_kinds) {
    for (int n = 0; n < 9; ++n) {
      const int region = kind * 9 + n;
      // With `since`, a hint relies on the chain only if one of its values
      // lost places in the region.
      const unsigned lost_values = since ? since->gone_values[region] >> 1 : 0;  // bit v - 1
      if (since && !lost_values) continue;
      const int empty = b.empty_cells(region);
      if (!(empty > degree * 2 || (direct && empty > degree))) continue;
      std::uint16_t pos[10];
      unsigned eligible = 0;  // values with two places or more (bit v - 1)
      for (int v = 1; v <= 9; ++v) {
        pos[v] = since ? since->now[region * 16 + v] : b.positions(region, v);
        if (count(pos[v]) >= 2) eligible |= 1u << (v - 1);
      }
      if (since && !(eligible & lost_values)) continue;
      const bool stop = for_each_subset_of(eligible, degree, [&](unsigned m) {
        if (since && !(m & lost_values)) return false;
        std::uint16_t sets[4];
        int k = 0;
        values vs = 0;
        for (int i = 0; i < 9; ++i) {
          if (m >> i & 1) {
            sets[k++] = pos[i + 1];
            vs = static_cast<values>(vs | bit(i + 1));
          }
        }
        const std::uint16_t common = common_tuple(sets, degree, degree);
        if (!common) return false;
        if (since) {  // its rule parents: the set's places gone, outside the set's cells
          std::uint16_t lost = 0;
          for (int i = 0; i < 9; ++i)
            if (m >> i & 1)
              lost = static_cast<std::uint16_t>(lost | since->gone[region * 16 + i + 1]);
          if (!(lost & ~common)) return false;
        }
        basic_hint bh;
        bh.type = basic_hint::kind::hidden_set;
        bh.set = vs;
        bh.regions = {static_cast<std::uint8_t>(region)};
        for (int i = 0; i < 9; ++i) {
          if (!(common >> i & 1)) continue;
          const int c = g.cells[region][i];
          if (first) bh.cells.push_back(static_cast<std::uint8_t>(c));  // for pictures
          const values extra = static_cast<values>(b.cand[c] & ~vs);
          if (extra) bh.h.removals.push_back({static_cast<std::uint8_t>(c), extra});
        }
        if (direct) {
          for (int v = 1; v <= 9; ++v) {
            if (vs & bit(v)) continue;
            if (count(pos[v]) <= 1) continue;
            const std::uint16_t rest = static_cast<std::uint16_t>(pos[v] & ~common);
            if (count(rest) == 1) {
              bh.h.removals.clear();  // SE's direct hints only place their digit
              bh.h.cell = g.cells[region][std::countr_zero(rest)];
              bh.h.value = v;
              bh.h.difficulty = degree == 2 ? 2.0 : degree == 3 ? 2.5 : 4.3;
              bh.h.name = std::string("Direct Hidden ") + set_names[degree - 2];
              return emit(std::move(bh), all, first);
            }
          }
          return false;
        }
        if (!bh.h.worth()) return false;
        bh.h.difficulty = degree == 2 ? 3.4 : degree == 3 ? 4.0 : 5.4;
        bh.h.name = std::string("Hidden ") + set_names[degree - 2];
        return emit(std::move(bh), all, first);
      });
      if (stop) return true;
    }
  }
  return false;
}

bool naked_set(const board& b, int degree, std::vector<basic_hint>* all, hint* first,
               const chain_changes* since) {
  const auto& g = geometry();
  for (int kind : set_kinds) {
    for (int n = 0; n < 9; ++n) {
      const int region = kind * 9 + n;
      const auto& cells = g.cells[region];
      // With `since`, a hint relies on the chain only if one of its cells
      // lost candidates.
      const unsigned lost_cells = since ? since->lost_cells[region] : 0;
      if (since && !lost_cells) continue;
      if (b.empty_cells(region) < degree * 2) continue;
      unsigned eligible = 0;  // cells with two candidates or more
      for (int i = 0; i < 9; ++i)
        if (count(b.cand[cells[i]]) >= 2) eligible |= 1u << i;
      if (since && !(eligible & lost_cells)) continue;
      const bool stop = for_each_subset_of(eligible, degree, [&](unsigned m) {
        if (since && !(m & lost_cells)) return false;
        std::uint16_t sets[4];
        int k = 0;
        for (int i = 0; i < 9; ++i)
          if (m >> i & 1) sets[k++] = b.cand[cells[i]];
        const std::uint16_t common = common_tuple(sets, degree, degree);
        if (!common) return false;
        if (since) {  // its rule parents: its cells' candidates gone, outside the set
          values lost = 0;
          for (int i = 0; i < 9; ++i)
            if (m >> i & 1) lost = static_cast<values>(lost | since->gone_cand[cells[i]]);
          if (!(lost & ~common)) return false;
        }
        basic_hint bh;
        bh.type = basic_hint::kind::naked_set;
        bh.set = common;
        for (int i = 0; i < 9; ++i) {
          if (m >> i & 1) {
            bh.cells.push_back(cells[i]);
            continue;
          }
          const values rem = static_cast<values>(b.cand[cells[i]] & common);
          if (rem) bh.h.removals.push_back({cells[i], rem});
        }
        if (!bh.h.worth()) return false;
        bh.h.difficulty = degree == 2 ? 3.0 : degree == 3 ? 3.6 : 5.0;
        bh.h.name = std::string("Naked ") + set_names[degree - 2];
        if (first) bh.h.regions = {static_cast<std::uint8_t>(region)};
        return emit(std::move(bh), all, first);
      });
      if (stop) return true;
    }
  }
  return false;
}

bool fish(const board& b, int degree, std::vector<basic_hint>* all, hint* first,
          const chain_changes* since) {
  board::position_table own;
  if (!since) b.all_positions(own);
  const board::position_table& positions = since ? since->now : own;
  int occurrences[10] = {};
  for (int c = 0; c < 81; ++c)
    ++occurrences[b.value[c]];
  static constexpr int kinds[2][2] = {{column, row}, {row, column}};
  for (const auto& k : kinds) {
    const int base_kind = k[0], cover_kind = k[1];
    // With `since`, a fish relies on the chain only if one of its base lines
    // lost places of its value.
    std::array<unsigned, 10> lost_lines{};  // per value, bit i: base line i
    unsigned values_of = 0;                 // the values that may make a fish (bit v)
    for (int value = 1; value <= 9; ++value) {
      if (occurrences[value] + degree * 2 > 9) continue;
      for (int i = 0; since && i < 9; ++i)
        if (since->gone_values[base_kind * 9 + i] & bit(value)) lost_lines[value] |= 1u << i;
      if (!since || lost_lines[value]) values_of |= 1u << value;
    }
    if (!values_of) continue;
    const bool stop = for_each_subset(degree, 9, [&](unsigned m) {
      for (unsigned vs = values_of; vs; vs &= vs - 1) {
        const int value = std::countr_zero(vs);
        if (since && !(m & lost_lines[value])) continue;
        std::uint16_t sets[4];
        int n = 0;
        for (int i = 0; i < 9; ++i)
          if (m >> i & 1) sets[n++] = positions[(base_kind * 9 + i) * 16 + value];
        const std::uint16_t common = common_tuple(sets, degree, degree);
        if (!common) continue;
        if (since) {  // its rule parents: the bases' places gone, outside the covers
          std::uint16_t lost = 0;
          for (int i = 0; i < 9; ++i)
            if (m >> i & 1)
              lost =
                  static_cast<std::uint16_t>(lost | since->gone[(base_kind * 9 + i) * 16 + value]);
          if (!(lost & ~common)) continue;
        }
        basic_hint bh;
        bh.type = basic_hint::kind::fish;
        bh.value = static_cast<std::uint8_t>(value);
        std::vector<int> bases, covers;
        for (int i = 0; i < 9; ++i) {
          if (m >> i & 1) bases.push_back(base_kind * 9 + i);
          if (common >> i & 1) covers.push_back(cover_kind * 9 + i);
        }
        for (std::size_t i = 0; i < bases.size(); ++i) {
          bh.regions.push_back(static_cast<std::uint8_t>(bases[i]));
          bh.regions.push_back(static_cast<std::uint8_t>(covers[i]));
        }
        for (int cover : covers) {
          const std::uint16_t p = static_cast<std::uint16_t>(positions[cover * 16 + value] & ~m);
          for (int j = 0; j < 9; ++j)
            if (p >> j & 1) bh.h.removals.push_back({geometry().cells[cover][j], bit(value)});
        }
        if (!bh.h.worth()) continue;
        bh.h.difficulty = degree == 2 ? 3.2 : degree == 3 ? 3.8 : 5.2;
        bh.h.name = degree == 2 ? "X-Wing" : degree == 3 ? "Swordfish" : "Jellyfish";
        if (emit(std::move(bh), all, first)) return true;
      }
      return false;
    });
    if (stop) return true;
  }
  return false;
}

bool hidden_single(const board& b, hint& out) {
  static constexpr int kinds[3] = {block, column, row};
  // Every region's positions at once: the two passes ask for all of them.
  board::position_table table;
  b.all_positions(table);
  for (bool alone_only : {true, false}) {
    for (int kind : kinds) {
      for (int n = 0; n < 9; ++n) {
        const int region = kind * 9 + n;
        for (int v = 1; v <= 9; ++v) {
          const std::uint16_t pos = table[region * 16 + v];
          if (count(pos) != 1) continue;
          const bool alone = b.empty_cells(region) == 1;
          if (alone != alone_only) continue;
          out = hint{};
          out.difficulty = alone ? 1.0 : kind == block ? 1.2 : 1.5;
          out.name = "Hidden Single";
          out.cell = geometry().cells[region][std::countr_zero(pos)];
          out.value = v;
          return true;
        }
      }
    }
  }
  return false;
}

bool naked_single(const board& b, hint& out) {
  for (int c = 0; c < 81; ++c) {
    if (count(b.cand[c]) == 1) {
      out = hint{};
      out.difficulty = 2.3;
      out.name = "Naked Single";
      out.cell = c;
      out.value = first(b.cand[c]);
      return true;
    }
  }
  return false;
}

bool xy_wing(const board& b, bool xyz, hint& out) {
  const auto& g = geometry();
  const int target = xyz ? 3 : 2;
  for (int xy = 0; xy < 81; ++xy) {
    const values xyv = b.cand[xy];
    if (count(xyv) != target) continue;
    for (int xz : g.house[xy]) {
      const values xzv = b.cand[xz];
      if (count(xzv) != 2) continue;
      if (count(static_cast<values>(xyv & ~xzv)) != 1) continue;
      for (int yz : g.house[xy]) {
        const values yzv = b.cand[yz];
        if (count(yzv) != 2) continue;
        const values uni = static_cast<values>(xyv | xzv | yzv);
        const values inter = static_cast<values>(xyv & xzv & yzv);
        if (count(uni) != 3 || count(inter) != (xyz ? 1 : 0)) continue;
        const int z = first(static_cast<values>(xzv & yzv));
        hint h;
        for (int c : g.house[xz]) {
          if (c == xy || c == yz || !g.peer[yz * 81 + c]) continue;
          if (xyz && !g.peer[xy * 81 + c]) continue;
          if (b.cand[c] & bit(z)) h.removals.push_back({static_cast<std::uint8_t>(c), bit(z)});
        }
        if (!h.worth()) continue;
        h.difficulty = xyz ? 4.4 : 4.2;
        h.name = xyz ? "XYZ-Wing" : "XY-Wing";
        h.cells = {static_cast<std::uint8_t>(xy), static_cast<std::uint8_t>(xz),
                   static_cast<std::uint8_t>(yz)};
        h.digits = uni;
        out = std::move(h);
        return true;
      }
    }
  }
  return false;
}

void basic_hint::rule_parents(const board& source, const board& current,
                              std::vector<potential_key>& out) const {
  const auto& g = geometry();
  switch (type) {
    case kind::locking:
    case kind::fish:
      // Candidates of the first regions gone since the chain began, outside the
      // second regions.
      for (std::size_t i = 0; i < regions.size(); i += 2) {
        for (int c : g.cells[regions[i]]) {
          if (!(source.cand[c] & bit(value)) || (current.cand[c] & bit(value))) continue;
          bool in_second = false;
          for (std::size_t j = 1; j < regions.size(); j += 2)
            in_second |= region_has(regions[j], c);
          if (!in_second) out.push_back({static_cast<std::uint8_t>(c), value, false});
        }
      }
      break;
    case kind::hidden_set: {
      const int region = regions[0];
      std::uint16_t mine = 0;
      for (int v = 1; v <= 9; ++v)
        if (set & bit(v)) mine = static_cast<std::uint16_t>(mine | current.positions(region, v));
      for (int i = 0; i < 9; ++i) {
        if (mine >> i & 1) continue;
        const int c = g.cells[region][i];
        for (int v = 1; v <= 9; ++v)
          if ((set & bit(v)) && (source.cand[c] & bit(v)))
            out.push_back({static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(v), false});
      }
      break;
    }
    case kind::naked_set:
      for (int c : cells)
        for (int v = 1; v <= 9; ++v)
          if ((source.cand[c] & bit(v)) && !(set & bit(v)))
            out.push_back({static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(v), false});
      break;
  }
}

}  // namespace sudoku::se
