// SE's uniqueness techniques: Unique Rectangles and Loops (types 1 to 4) and
// the Bivalue Universal Grave (types 1 to 4). Both assume the puzzle has a
// single solution and remove the candidates that would allow a second one.
//
// The searches follow SE's code closely, including its quirks, because the
// hint that comes first decides the rating path (see the notes inline).
#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "se/techniques.hpp"

namespace sudoku::se {

namespace {

constexpr int kinds[3] = {block, row, column};  // SE's Grid.getRegionTypes()

// ---------------------------------------------------------------------------
// Unique Rectangles and Loops

// SE's hint classes. Hints of different classes never compare equal; the two
// kinds of type 3 share the type number used to sort.
enum class loop_class : std::uint8_t { type1, type2, type3_naked, type3_hidden, type4 };

struct loop_hint {
  loop_class cls = loop_class::type1;
  int type = 0;
  std::bitset<81> cells;                // the loop, as a set (SE's equals)
  int region = -1;                      // type 3: where the naked/hidden set lies
  values set = 0;                       // type 3: its values
  std::vector<std::uint8_t> set_cells;  // naked: its other cells; hidden: its indexes
  hint h;

  // SE's equals(): same class and same loop cells; type 3 also compares its set.
  [[nodiscard]] bool same(const loop_hint& o) const {
    if (cls != o.cls || cells != o.cells) return false;
    if (cls != loop_class::type3_naked && cls != loop_class::type3_hidden) return true;
    return region == o.region && set == o.set && set_cells == o.set_cells;
  }
};

// SE's UniqueLoopHint.getDifficulty: 4.5, plus more for longer loops.
double loop_difficulty(std::size_t size) {
  double d = 4.5;
  if (size >= 10) d += 0.3;
  if (size >= 8)
    d += 0.2;
  else if (size >= 6)
    d += 0.1;
  return d;
}

std::string loop_name(std::size_t size, int type) {
  // fmt rather than string + string: g++ 12 warns (-Wrestrict) on the latter here.
  if (size == 4) return fmt::format("Unique Rectangle type {}", type);
  if (size <= 6) return fmt::format("Unique Loop type {}", type);
  return fmt::format("Unique Loop {} type {}", size, type);
}

class loop_finder {
 public:
  explicit loop_finder(const board& b) : b_(b), g_(geometry()) {}

  std::vector<loop_hint> run() {
    for (int cell = 0; cell < 81; ++cell) {
      if (count(b_.cand[cell]) != 2) continue;
      v1_ = first(b_.cand[cell]);
      v2_ = first(static_cast<values>(b_.cand[cell] & ~bit(v1_)));
      both_ = static_cast<values>(bit(v1_) | bit(v2_));
      loops_.clear();
      path_.clear();
      search(cell, 2, 0, -1);
      for (const auto& loop : loops_)
        if (valid(loop)) classify(loop);
    }
    return std::move(result_);
  }

 private:
  // SE's checkForLoops: extends the path with `cell` and tries every next
  // cell holding both values, through a region of another kind than the last
  // step. At most two cells may have extra values, unless they all share the
  // same single extra value (type 2). SE accumulates the extra values of every
  // next cell it tries at this level, not only of the path (its `exValues` is
  // updated in the loop), so we do too.
  // Unlike SE, it does not extend a path that already visits a region twice
  // from cells of the same parity: SE would reject all its loops as invalid,
  // and skipping them changes nothing else (the extra values are gathered
  // before the recursion). Without it, grids with many cells on the same
  // values take SE's search up to a second.
  void search(int cell, int allowed_extra, values extra, int last_kind) {
    const int parity = static_cast<int>(path_.size() & 1);
    visited_[parity] |= regions(cell);
    path_.push_back(static_cast<std::uint8_t>(cell));
    for (int kind : kinds) {
      if (kind == last_kind) continue;
      for (int next : g_.cells[g_.region_of[cell][kind]]) {
        if (next == path_.front() && path_.size() >= 4) {
          loops_.push_back(path_);
        } else if (std::find(path_.begin(), path_.end(), next) == path_.end()) {
          const values p = b_.cand[next];
          if ((p & both_) != both_) continue;
          extra = static_cast<values>((extra | p) & ~both_);
          const int n = count(p);
          if ((n == 2 || count(extra) == 1 || allowed_extra > 0) &&
              !(visited_[parity ^ 1] & regions(next)))
            search(next, n > 2 ? allowed_extra - 1 : allowed_extra, extra, kind);
        }
      }
    }
    path_.pop_back();
    visited_[parity] &= ~regions(cell);
  }

  // The block, row and column of a cell, as bits of a region mask.
  std::uint32_t regions(int cell) const {
    std::uint32_t m = 0;
    for (int kind : kinds)
      m |= 1u << g_.region_of[cell][kind];
    return m;
  }

  // SE's isValidLoop: the cells at even and at odd positions each visit a
  // region at most once, and both visit the same regions.
  bool valid(const std::vector<std::uint8_t>& loop) const {
    std::bitset<27> seen[2];
    for (std::size_t i = 0; i < loop.size(); ++i) {
      for (int kind : kinds) {
        const int r = g_.region_of[loop[i]][kind];
        if (seen[i & 1][r]) return false;
        seen[i & 1][r] = true;
      }
    }
    return seen[0] == seen[1];
  }

  // Appends the hint unless an equal one is already there (SE's contains()).
  void add(loop_hint&& lh) {
    if (!lh.h.worth()) return;
    for (const auto& o : result_)
      if (lh.same(o)) return;
    result_.push_back(std::move(lh));
  }

  loop_hint make(const std::vector<std::uint8_t>& loop, loop_class cls, int type) const {
    loop_hint lh;
    lh.cls = cls;
    lh.type = type;
    for (int c : loop)
      lh.cells.set(c);
    lh.h.difficulty = loop_difficulty(loop.size());
    lh.h.name = loop_name(loop.size(), type);
    return lh;
  }

  void classify(const std::vector<std::uint8_t>& loop) {
    std::vector<std::uint8_t> extra_cells;
    for (int c : loop)
      if (count(b_.cand[c]) > 2) extra_cells.push_back(static_cast<std::uint8_t>(c));
    if (extra_cells.size() == 1) {
      loop_hint lh = make(loop, loop_class::type1, 1);
      lh.h.removals.push_back({extra_cells[0], both_});
      add(std::move(lh));
    } else if (extra_cells.size() > 2) {
      add(type2(loop, extra_cells));  // the search admits them only with one extra value
    } else if (extra_cells.size() == 2) {
      const int c1 = extra_cells[0], c2 = extra_cells[1];
      const values extra = static_cast<values>((b_.cand[c1] | b_.cand[c2]) & ~both_);
      if (count(extra) == 1)
        add(type2(loop, extra_cells));
      else
        type3(loop, c1, c2, extra);
      type4(loop, c1, c2);
    }
    // No extra cell: the puzzle has two solutions; SE leaves that alone.
  }

  // The extra value is in one of the extra cells: remove it from their common peers.
  loop_hint type2(const std::vector<std::uint8_t>& loop,
                  const std::vector<std::uint8_t>& extra_cells) const {
    loop_hint lh = make(loop, loop_class::type2, 2);
    const int value = first(static_cast<values>(b_.cand[extra_cells[0]] & ~both_));
    for (int c : g_.house[extra_cells[0]]) {
      bool common = true;
      for (int e : extra_cells)
        if (c == e || !g_.peer[e * 81 + c]) common = false;
      if (common && (b_.cand[c] & bit(value)))
        lh.h.removals.push_back({std::uint8_t(c), bit(value)});
    }
    return lh;
  }

  // The extra values of c1 and c2 act as one cell, completing a naked set in
  // a region they share; or v1, v2 and other values form a hidden set there.
  void type3(const std::vector<std::uint8_t>& loop, int c1, int c2, values extra) {
    for (int degree = count(extra); degree <= 7; ++degree) {
      for (int kind : kinds) {
        const int region = g_.region_of[c1][kind];
        if (region != g_.region_of[c2][kind]) continue;
        const auto& rc = g_.cells[region];
        const int empty = b_.empty_cells(region);
        const int i1 = g_.index_in[c1][kind], i2 = g_.index_in[c2][kind];

        if (degree * 2 <= empty) {
          // Subsets of the region holding c1 (standing for both) but not c2.
          for_each_subset(degree, 9, [&](unsigned m) {
            if (!(m >> i1 & 1) || (m >> i2 & 1)) return false;
            values sets[9];
            int n = 0;
            // SE's prefilter: the extra values common to c1 and c2 with the
            // other cells' values; it can only reject, never add.
            values naked = static_cast<values>(extra & b_.cand[c1] & b_.cand[c2]);
            for (int i = 0; i < 9; ++i) {
              if (!(m >> i & 1)) continue;
              if (i == i1) {
                sets[n++] = extra;
              } else {
                sets[n++] = b_.cand[rc[i]];
                naked = static_cast<values>(naked | b_.cand[rc[i]]);
              }
            }
            if (count(naked) != degree) return false;
            const values common = common_tuple(sets, n, degree);
            if (!common) return false;
            loop_hint lh = make(loop, loop_class::type3_naked, 3);
            lh.h.difficulty += (count(common) - 1) * 0.1;
            lh.region = region;
            lh.set = common;
            for (int i = 0; i < 9; ++i) {
              if (i == i1) continue;
              if (m >> i & 1) {
                lh.set_cells.push_back(rc[i]);
              } else if (i != i2) {
                const values r = static_cast<values>(b_.cand[rc[i]] & common);
                if (r) lh.h.removals.push_back({rc[i], r});
              }
            }
            add(std::move(lh));
            return false;
          });
        }

        if (degree * 2 < empty) {
          int rem[9], nrem = 0;
          for (int v = 1; v <= 9; ++v)
            if (v != v1_ && v != v2_ && !(extra & bit(v))) rem[nrem++] = v;
          if (degree - 2 > nrem) continue;
          for_each_subset(degree - 2, nrem, [&](unsigned m) {
            values hidden = both_;
            std::uint16_t positions = 0;
            bool empty_value = false;
            auto add_value = [&](int v) {
              const std::uint16_t p =
                  static_cast<std::uint16_t>(b_.positions(region, v) & ~(1u << i2));
              if (!p) empty_value = true;
              positions = static_cast<std::uint16_t>(positions | p);
            };
            for (int i = 0; i < nrem; ++i) {
              if (m >> i & 1) {
                hidden = static_cast<values>(hidden | bit(rem[i]));
                add_value(rem[i]);
              }
            }
            add_value(v1_);
            add_value(v2_);
            if (empty_value || count(positions) != degree) return false;
            positions = static_cast<std::uint16_t>(positions & ~(1u << i1) & ~(1u << i2));
            loop_hint lh = make(loop, loop_class::type3_hidden, 3);
            // SE counts the set's cells outside the loop: a hidden pair adds nothing.
            lh.h.difficulty += (count(positions) - 1) * 0.1;
            lh.region = region;
            lh.set = hidden;
            for (int i = 0; i < 9; ++i) {
              if (!(positions >> i & 1)) continue;
              lh.set_cells.push_back(static_cast<std::uint8_t>(i));
              const values r = static_cast<values>(b_.cand[rc[i]] & ~hidden);
              if (r) lh.h.removals.push_back({rc[i], r});
            }
            add(std::move(lh));
            return false;
          });
        }
      }
    }
  }

  // One of v1, v2 is confined to c1 and c2 in a region they share: the
  // other value goes from both. The last such region kind wins, v1 first.
  void type4(const std::vector<std::uint8_t>& loop, int c1, int c2) {
    bool lock1 = false, lock2 = false;
    for (int kind : kinds) {
      const int region = g_.region_of[c1][kind];
      if (region != g_.region_of[c2][kind]) continue;
      values seen = 0;
      for (int c : g_.cells[region])
        if (c != c1 && c != c2) seen = static_cast<values>(seen | b_.cand[c]);
      if (!(seen & bit(v1_))) lock1 = true;
      if (!(seen & bit(v2_))) lock2 = true;
    }
    if (!lock1 && !lock2) return;
    const values rem = lock1 ? bit(v2_) : bit(v1_);
    loop_hint lh = make(loop, loop_class::type4, 4);
    lh.h.removals.push_back({std::uint8_t(c1), rem});
    lh.h.removals.push_back({std::uint8_t(c2), rem});
    add(std::move(lh));
  }

  const board& b_;
  const layout& g_;
  int v1_ = 0, v2_ = 0;
  values both_ = 0;
  std::vector<std::uint8_t> path_;
  std::uint32_t visited_[2] = {};  // regions visited by the path's even, odd cells
  std::vector<std::vector<std::uint8_t>> loops_;
  std::vector<loop_hint> result_;
};

// ---------------------------------------------------------------------------
// Bivalue Universal Grave

hint bug_hint(double difficulty, const char* name) {
  hint h;
  h.difficulty = difficulty;
  h.name = name;
  return h;
}

// Whether all the cells lie in one region of that kind; which one, or -1.
int shared_region(const std::vector<std::uint8_t>& cells, int kind) {
  const auto& g = geometry();
  const int r = g.region_of[cells[0]][kind];
  for (int c : cells)
    if (g.region_of[c][kind] != r) return -1;
  return r;
}

}  // namespace

void unique_loops(const board& b, std::vector<hint>& out, bool first_only) {
  std::vector<loop_hint> hints = loop_finder(b).run();
  // SE sorts with Collections.sort, a stable sort: by difficulty, then type.
  std::stable_sort(hints.begin(), hints.end(), [](const loop_hint& x, const loop_hint& y) {
    if (x.h.difficulty != y.h.difficulty) return x.h.difficulty < y.h.difficulty;
    return x.type < y.type;
  });
  for (auto& lh : hints) {
    out.push_back(std::move(lh.h));
    if (first_only) return;
  }
}

void bivalue_universal_grave(const board& b, std::vector<hint>& out, bool first_only) {
  const auto& g = geometry();
  board temp = b;  // candidates once the BUG values are gone
  std::vector<std::uint8_t> bug_cells;
  std::array<values, 81> bug_values{};
  values all_bug_values = 0;
  // Peers of every BUG cell, in the first one's house order; SE keeps solved
  // cells in it too (they never hold a candidate).
  std::vector<std::uint8_t> common;
  bool has_common = false;

  for (int kind : kinds) {
    for (int i = 0; i < 9; ++i) {
      const int region = kind * 9 + i;
      for (int value = 1; value <= 9; ++value) {
        const std::uint16_t pos = b.positions(region, value);
        const int n = count(pos);
        if (n == 0 || n == 2) continue;
        // A value not twice in a region: the BUG cell is its only position
        // with three candidates or more. With several, another region decides.
        int found = 0, cell = -1;
        for (int j = 0; j < 9; ++j) {
          if ((pos >> j & 1) && count(b.cand[g.cells[region][j]]) >= 3) {
            ++found;
            cell = g.cells[region][j];
          }
        }
        if (found == 0) return;  // not a BUG pattern
        if (found > 1) continue;
        if (std::find(bug_cells.begin(), bug_cells.end(), cell) == bug_cells.end())
          bug_cells.push_back(static_cast<std::uint8_t>(cell));
        bug_values[cell] = static_cast<values>(bug_values[cell] | bit(value));
        all_bug_values = static_cast<values>(all_bug_values | bit(value));
        temp.cand[cell] = static_cast<values>(temp.cand[cell] & ~bit(value));
        if (!has_common) {
          common.assign(g.house[cell].begin(), g.house[cell].end());
          has_common = true;
        } else {
          std::erase_if(common, [&](int c) { return !g.peer[cell * 81 + c]; });
        }
        std::erase_if(common, [&](int c) {
          return std::find(bug_cells.begin(), bug_cells.end(), c) != bug_cells.end();
        });
        if (bug_cells.size() > 1 && count(all_bug_values) > 1 && common.empty()) return;
      }
    }
  }

  // Without the BUG values, every empty cell must have two candidates and
  // every value two positions (or none) in each region.
  for (int c = 0; c < 81; ++c)
    if (b.value[c] == 0 && count(temp.cand[c]) != 2) return;
  for (int region = 0; region < 27; ++region) {
    for (int value = 1; value <= 9; ++value) {
      const int n = count(temp.positions(region, value));
      if (n != 0 && n != 2) return;
    }
  }

  // SE adds BUG hints without checking isWorth: types 1 and 4 always remove
  // something, types 2 and 3 check it themselves.
  auto emit = [&](hint&& h) {
    out.push_back(std::move(h));
    return first_only;
  };

  // Type 4: the two BUG cells share a region and one more value; the other
  // non-BUG value goes from both. One hint per shared region kind, so a pair
  // in one block and one row gives two identical hints (as in SE).
  auto type4 = [&]() {
    const int c1 = bug_cells[0], c2 = bug_cells[1];
    const values shared = static_cast<values>(b.cand[c1] & b.cand[c2] & ~all_bug_values);
    if (count(shared) != 1) return false;
    for (int kind : kinds) {
      if (shared_region(bug_cells, kind) < 0) continue;
      hint h = bug_hint(5.7, "BUG type 4");
      h.removals.push_back({std::uint8_t(c1), values(b.cand[c1] & ~bug_values[c1] & ~shared)});
      h.removals.push_back({std::uint8_t(c2), values(b.cand[c2] & ~bug_values[c2] & ~shared)});
      if (emit(std::move(h))) return true;
    }
    return false;
  };

  if (bug_cells.size() == 1) {
    // Type 1: the BUG cell keeps only its BUG values.
    hint h = bug_hint(5.6, "BUG type 1");
    h.removals.push_back({bug_cells[0], values(b.cand[bug_cells[0]] & ~all_bug_values)});
    emit(std::move(h));
  } else if (count(all_bug_values) == 1) {
    // Type 2: one BUG value, in one of the BUG cells: gone from their common peers.
    const int value = first(all_bug_values);
    hint h = bug_hint(5.7, "BUG type 2");
    for (int c : common)
      if (b.cand[c] & bit(value)) h.removals.push_back({std::uint8_t(c), bit(value)});
    if (h.worth() && emit(std::move(h))) return;
    if (bug_cells.size() == 2) type4();
  } else if (!common.empty()) {
    if (bug_cells.size() == 2 && type4()) return;
    // Type 3: the BUG values, as one cell, complete a naked set with
    // other cells of a region all BUG cells share.
    for (int kind : kinds) {
      const int region = shared_region(bug_cells, kind);
      if (region < 0) continue;
      std::vector<std::uint8_t> cells;
      for (int c : common)
        if (g.region_of[c][kind] == region) cells.push_back(static_cast<std::uint8_t>(c));
      const int n = static_cast<int>(cells.size());
      for (int degree = 2; degree <= 6; ++degree) {
        if (n < degree) continue;
        const bool stop = for_each_subset(degree - 1, n, [&](unsigned m) {
          values sets[6];
          int k = 0;
          values others = 0;
          for (int i = 0; i < n; ++i) {
            if (m >> i & 1) {
              sets[k++] = b.cand[cells[i]];
              others = static_cast<values>(others | b.cand[cells[i]]);
            }
          }
          sets[k++] = all_bug_values;
          if (count(others) != degree) return false;
          const values naked = common_tuple(sets, k, degree);
          if (!naked) return false;
          hint h = bug_hint(5.7 + (count(naked) - 1) * 0.1, "BUG type 3");
          for (int i = 0; i < n; ++i) {
            const values r = static_cast<values>(b.cand[cells[i]] & naked);
            if (!(m >> i & 1) && r) h.removals.push_back({cells[i], r});
          }
          return h.worth() && emit(std::move(h));
        });
        if (stop) return;
      }
    }
  }
}

}  // namespace sudoku::se
