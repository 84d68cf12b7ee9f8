// SE's Aligned Pair Exclusion (AlignedPairExclusion) and Aligned Triplet
// Exclusion (AlignedExclusion with degree 3).
//
// A set of base cells is tried against its "common excluders": cells seen by
// every base cell whose few candidates (2 for pairs, 2 or 3 for triplets) would
// all be taken if the base cells held a given combination of values. A value of
// a base cell that appears in no surviving combination is removed.
//
// SE's order of search, kept here exactly:
//  - candidates: cells in row-major order with at least 2 candidates, no peer
//    with a single candidate, and at least one excluder peer;
//  - the first two base cells: pairs (i, j), i < j, of the candidate list in
//    colexicographic order (j outer, i inner; SE's Permutations counts up the
//    binary numbers with two bits set);
//  - triplets: a third cell from the "twin area", the excluders of the first
//    cell in its house order, then those of the second not already met, kept
//    when they are candidates themselves. The third cell may come before the
//    first two in the candidate list, so SE reports the same triplet (and the
//    same removals) several times, once per ordering it meets; so do we.
// The hint's removals depend only on the set of combinations that survive, not
// on the order SE tries them in nor on which excluder kills a combination, so
// those are computed with masks in any order.
#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "se/board.hpp"

namespace sudoku::se {

namespace {

/// A set of cells: bit c of lo (c < 64) or bit c - 64 of hi.
struct cellset {
  std::uint64_t lo = 0, hi = 0;

  constexpr void add(int c) {
    if (c < 64)
      lo |= std::uint64_t{1} << c;
    else
      hi |= std::uint64_t{1} << (c - 64);
  }
  [[nodiscard]] constexpr bool has(int c) const {
    return c < 64 ? (lo >> c) & 1 : (hi >> (c - 64)) & 1;
  }
  [[nodiscard]] constexpr bool empty() const { return (lo | hi) == 0; }
  friend constexpr bool operator==(cellset, cellset) = default;
  /// At least two cells, without a population count.
  [[nodiscard]] constexpr bool several() const {
    return (lo & (lo - 1)) != 0 || (hi & (hi - 1)) != 0 || (lo != 0 && hi != 0);
  }
  friend constexpr cellset operator&(cellset a, cellset b) { return {a.lo & b.lo, a.hi & b.hi}; }
};

/// Peers of each cell, computed at compile time (no dependence on the order in
/// which translation units initialise their globals).
constexpr std::array<cellset, 81> make_peers() {
  std::array<cellset, 81> p{};
  for (int a = 0; a < 81; ++a) {
    for (int b = 0; b < 81; ++b) {
      const bool same_row = a / 9 == b / 9;
      const bool same_col = a % 9 == b % 9;
      const bool same_box = a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3;
      if (a != b && (same_row || same_col || same_box)) p[a].add(b);
    }
  }
  return p;
}
constexpr std::array<cellset, 81> peers = make_peers();

/// The cells SE's producers may use as base cells, in SE's order, and the
/// excluders of each cell (peers holding 2..degree candidates).
struct base_cells {
  std::array<std::uint8_t, 81> list{};
  std::array<std::uint8_t, 81> index{};  ///< a base cell's position in list
  int size = 0;
  cellset members;
  std::array<cellset, 81> excluders{};
};

void find_base_cells(const board& b, int degree, base_cells& out) {
  cellset singles, small;
  for (int c = 0; c < 81; ++c) {
    const int n = count(b.cand[c]);
    if (n == 1) singles.add(c);
    if (n >= 2 && n <= degree) small.add(c);
  }
  for (int c = 0; c < 81; ++c) {
    if (count(b.cand[c]) < 2) continue;
    // SE skips a cell that sees a naked single (left for the singles to take).
    if (!(peers[c] & singles).empty()) continue;
    const cellset ex = peers[c] & small;
    if (ex.empty()) continue;
    out.index[c] = static_cast<std::uint8_t>(out.size);
    out.list[out.size++] = static_cast<std::uint8_t>(c);
    out.members.add(c);
    out.excluders[c] = ex;
  }
}

/// Candidates of the cells of a set, at most 20 (a set of common peers).
int masks_of(const board& b, cellset s, std::array<values, 20>& masks) {
  int n = 0;
  for (std::uint64_t w = s.lo; w != 0; w &= w - 1)
    masks[n++] = b.cand[std::countr_zero(w)];
  for (std::uint64_t w = s.hi; w != 0; w &= w - 1)
    masks[n++] = b.cand[64 + std::countr_zero(w)];
  return n;
}

void emit(std::vector<hint>& out, double difficulty, const char* name, const int* cells,
          const values* removable, int degree) {
  hint h;
  h.difficulty = difficulty;
  h.name = name;
  for (int i = 0; i < degree; ++i)
    if (removable[i] != 0)
      h.removals.push_back({static_cast<std::uint8_t>(cells[i]), removable[i]});
  out.push_back(std::move(h));
}

}  // namespace

void aligned_pair_exclusion(const board& b, std::vector<hint>& out, bool first_only) {
  base_cells base;
  find_base_cells(b, 2, base);
  // SE's Permutations takes at most 64 bits and throws beyond; a valid puzzle
  // (17 givens or more) never has more than 64 empty cells.
  if (base.size < 2 || base.size > 64) return;
  const layout& g = geometry();
  std::array<values, 20> ex{};
  for (int j = 1; j < base.size; ++j) {
    const int c1 = base.list[j];
    for (int i = 0; i < j; ++i) {
      const int c0 = base.list[i];
      const cellset common = base.excluders[c0] & base.excluders[c1];
      if (!common.several()) continue;
      const int n = masks_of(b, common, ex);
      // forbid[p]: values of the other cell that, with p, fill a bivalue excluder.
      std::array<values, 10> forbid{};
      for (int k = 0; k < n; ++k) {
        const int lo = first(ex[k]), hi = first(static_cast<values>(ex[k] & (ex[k] - 1)));
        forbid[lo] |= bit(hi);
        forbid[hi] |= bit(lo);
      }
      const values v0 = b.cand[c0], v1 = b.cand[c1];
      const bool seen = g.peer[c0 * 81 + c1];
      values allowed0 = 0, allowed1 = 0;
      for (values r = v0; r != 0; r &= r - 1) {
        const int p0 = first(r);
        values ok = static_cast<values>(v1 & ~forbid[p0]);
        if (seen) ok &= static_cast<values>(~bit(p0));
        if (ok != 0) {
          allowed0 |= bit(p0);
          allowed1 |= ok;
        }
      }
      const values removable[2] = {static_cast<values>(v0 & ~allowed0),
                                   static_cast<values>(v1 & ~allowed1)};
      if ((removable[0] | removable[1]) == 0) continue;
      const int cells[2] = {c0, c1};
      emit(out, 6.2, "Aligned Pair Exclusion", cells, removable, 2);
      if (first_only) return;
    }
  }
}

void aligned_triplet_exclusion(const board& b, std::vector<hint>& out, bool first_only) {
  base_cells base;
  find_base_cells(b, 3, base);
  if (base.size < 3 || base.size > 64) return;
  const layout& g = geometry();
  std::array<values, 20> ex{};
  std::array<std::uint8_t, 40> tail{};
  std::vector<std::pair<cellset, std::size_t>> found;  // triplets hinted, where in out
  // near[c]: the excluders of base cell c that are base cells too, in house
  // order; the twin area of a pair is built from two of these lists.
  std::array<std::array<std::uint8_t, 20>, 81> near;
  std::array<std::uint8_t, 81> nears{};
  for (int i = 0; i < base.size; ++i) {
    const int c = base.list[i];
    const cellset mine = base.excluders[c] & base.members;
    for (int o : g.house[c])
      if (mine.has(o)) near[c][nears[c]++] = static_cast<std::uint8_t>(o);
  }
  for (int j = 1; j < base.size; ++j) {
    const int c1 = base.list[j];
    for (int i = 0; i < j; ++i) {
      const int c0 = base.list[i];
      const cellset common01 = base.excluders[c0] & base.excluders[c1];
      // Every triplet's common excluders are among these: fewer than 2, no hint.
      if (!common01.several()) continue;
      // The twin area, in SE's LinkedHashSet order.
      int tails = 0;
      for (int n = 0; n < nears[c0]; ++n)
        if (near[c0][n] != c1) tail[tails++] = near[c0][n];
      for (int n = 0; n < nears[c1]; ++n) {
        const int c = near[c1][n];
        if (c != c0 && !base.excluders[c0].has(c)) tail[tails++] = static_cast<std::uint8_t>(c);
      }
      const values v0 = b.cand[c0], v1 = b.cand[c1];
      const bool seen01 = g.peer[c0 * 81 + c1];
      for (int t = 0; t < tails; ++t) {
        const int c2 = tail[t];
        const cellset common = common01 & base.excluders[c2];
        if (!common.several()) continue;
        // The result depends on the set of cells only. If SE met this set
        // earlier (through a pair coming first), repeat that result.
        const int at = base.index[c2];
        const auto in_twin = [&](int x, int y, int z) {
          return base.excluders[x].has(z) || base.excluders[y].has(z);
        };
        if (at < j && (in_twin(c0, c2, c1) || (at < i && in_twin(c2, c1, c0)))) {
          cellset set;
          set.add(c0), set.add(c1), set.add(c2);
          for (const auto& [cells, where] : found) {
            if (cells == set) {
              hint again = out[where];
              out.push_back(std::move(again));
              break;
            }
          }
          continue;
        }
        const int n = masks_of(b, common, ex);
        const values v2 = b.cand[c2];
        const bool seen02 = g.peer[c0 * 81 + c2], seen12 = g.peer[c1 * 81 + c2];
        values allowed0 = 0, allowed1 = 0, allowed2 = 0;
        for (values r0 = v0; r0 != 0; r0 &= r0 - 1) {
          const int p0 = first(r0);
          // With p0 placed, an excluder left with one value x kills p1 = x and
          // forbids p2 = x; one left with {x, y} forbids p2 = y when p1 = x.
          values dead = 0;
          std::array<values, 10> forbid{};
          for (int k = 0; k < n; ++k) {
            const values rest = static_cast<values>(ex[k] & ~bit(p0));
            const values rest2 = static_cast<values>(rest & (rest - 1));
            if (rest2 == 0) {
              dead |= rest;
            } else if ((rest2 & (rest2 - 1)) == 0) {
              forbid[first(rest)] |= rest2;
              forbid[first(rest2)] |= static_cast<values>(rest ^ rest2);
            }
          }
          const values base2 = static_cast<values>(v2 & ~dead & ~(seen02 ? bit(p0) : 0));
          values r1 = static_cast<values>(v1 & ~dead);
          if (seen01) r1 &= static_cast<values>(~bit(p0));
          for (; r1 != 0; r1 &= r1 - 1) {
            const int p1 = first(r1);
            values ok = static_cast<values>(base2 & ~forbid[p1]);
            if (seen12) ok &= static_cast<values>(~bit(p1));
            if (ok == 0) continue;
            allowed0 |= bit(p0);
            allowed1 |= bit(p1);
            allowed2 |= ok;
          }
          // Every value already allowed: nothing to remove from this triplet.
          if (allowed0 == v0 && allowed1 == v1 && allowed2 == v2) break;
        }
        const values removable[3] = {static_cast<values>(v0 & ~allowed0),
                                     static_cast<values>(v1 & ~allowed1),
                                     static_cast<values>(v2 & ~allowed2)};
        if ((removable[0] | removable[1] | removable[2]) == 0) continue;
        const int cells[3] = {c0, c1, c2};
        cellset set;
        set.add(c0), set.add(c1), set.add(c2);
        found.emplace_back(set, out.size());
        emit(out, 7.5, "Aligned Triplet Exclusion", cells, removable, 3);
        if (first_only) return;
      }
    }
  }
}

}  // namespace sudoku::se
