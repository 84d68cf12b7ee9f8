// The box-band search: the structure search (structure_engine.cpp) for the
// problems whose matrix has a 9x9 box-and-band layout (box_layout.hpp), with
// its state in lanes as tdoku keeps Sudoku's (t-dillon/tdoku, docs/sudoku.md)
// instead of counters per item and group. The same inference and the same
// branch rule, so the same trees to within the order rules run in (forum-
// hardest counting to 2: 108.3 guesses a puzzle here, 108.27 there).
//
// State, about 530 bytes, copied where the search branches:
//  - a box: four words of four 16-bit lanes, a bit per symbol. Words 0-2 are
//    its mini-rows: lanes 0-2 the cells' candidates, lane 3 the symbols that
//    may be absent from the mini-row. Word 3, lanes 0-2: the symbols that may
//    be absent from each mini-column. Each mini-line with its "absent" lane is
//    an exactly-one clause per symbol (the symbol is in one of its three cells,
//    or absent); the box holds each symbol once and each mini-line holds three
//    symbols (tdoku's negative triads; our quotas).
//  - a band (three boxes in a row, or a stack in a column): per symbol, which
//    of the six ways its three mini-lines can hold it are still possible (our
//    families' matchings, tdoku's configurations), as two words of three lanes.
//
// Rules. A box runs to its fixpoint (naked and hidden singles in the box, its
// mini-lines and across; a symbol in only one mini-line of the box, or known
// in one, is absent from the others; a mini-line with six symbols known absent
// holds the other three, and one with three known present lacks the rest).
// A band reads its boxes' mini-lines, keeps the ways they allow, and tells each
// box which symbols its mini-lines can still hold and which they must. Boxes and
// bands run when something they read changed.
//
// Branching, as the structure search: in the band whose unsettled symbols have
// the fewest ways in all (the sum of their logs), the symbol with the fewest,
// "its first way" against "another". A node is named by those decisions, so
// the search splits into subtrees over threads as the others do.
//
// Speed. On a host with AVX2 the box rules run on the box's four words at once
// (chosen when the engine is made); elsewhere, or with the environment variable
// DLX_NO_AVX2=1, on each word as four lanes.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "box_layout.hpp"
#include "engine.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

namespace dlx::detail {

namespace {

using u64 = std::uint64_t;
constexpr u64 lane_ones = 0x0001000100010001ULL, guards = 0x8000800080008000ULL;
constexpr u64 cells3 = 0x000001FF01FF01FFULL;  // lanes 0-2, nine bits each
constexpr u64 guards3 = 0x0000800080008000ULL;
constexpr u64 all9 = 0x1FF;
constexpr std::uint32_t family_code = std::uint32_t{1} << 30;

struct board {
  u64 box[9][4];
  // What the bands last read of each box: its mini-rows' and mini-columns'
  // possible symbols, a lane each.
  u64 rows_or[9], cols_or[9];
  // Per band, the ways still possible per symbol: x holds ways 0-2 in lanes
  // 0-2, y ways 4, 5, 3 (see ways below).
  u64 x[6], y[6];
  // The bands whose ways the boxes already heard of, a bit each.
  u64 told;
};

// Way w puts the symbol in mini-line m of the band's box j, (m for j = 0, 1, 2):
// way 0 (0, 1, 2), 1 (1, 2, 0), 2 (2, 0, 1), 3 (2, 1, 0), 4 (0, 2, 1), 5 (1, 0, 2).
// So in x's lane r (ways 0-2) and y's (ways 4, 5, 3) box 0 uses mini-line r,
// box 1 mini-line r + 1 in x and r + 2 in y, box 2 the other (band_rules' turns).
// Where way w is kept: lanes 0-2 of x, then lanes 0-2 of y.
constexpr int way_slot[6] = {0, 1, 2, 5, 3, 4};

int band_box(int k, int j) {
  return k < 3 ? 3 * k + j : (k - 3) + 3 * j;
}

inline u64 spread(u64 x) {
  return x * lane_ones;
}
inline u64 nonzero(u64 x) {
  return ((x | guards) - lane_ones) & guards;
}  // a lane's top bit
inline u64 lanes_of(u64 flags) {
  return (flags >> 15) * 0xFFFF;
}
inline u64 once3(u64 x) {
  return (x | x >> 16 | x >> 32) & all9;
}
inline u64 twice3(u64 x) {
  return ((x & x >> 16) | ((x | x >> 16) & x >> 32)) & all9;
}
inline u64 lane(u64 x, int i) {
  return (x >> (16 * i)) & all9;
}
inline u64 pack3(u64 a, u64 b, u64 c) {
  return a | b << 16 | c << 32;
}
inline u64 bits_per_lane(u64 x) {
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return (x + (x >> 8)) & 0x001F001F001F001FULL;
}
// Lane r of the result holds lane (r + 1) % 3, or (r + 2) % 3, of x.
inline u64 turn1(u64 x) {
  return ((x >> 16) | (x << 32)) & cells3;
}
inline u64 turn2(u64 x) {
  return ((x << 16) | (x >> 32)) & cells3;
}

// Three mini-lines of one direction: `absent` (per lane, the symbols that may
// be absent from the line), `present` (those some cell of it may hold). Sets
// what each line's cells lose; false on a contradiction.
inline bool line_rules(u64& absent, u64 present, u64& lose) {
  if (((present | absent) & cells3) != cells3) return false;
  const u64 once = once3(present), twice = twice3(present);
  absent &= ~(spread(once & ~twice) & present);  // the only line a symbol can be in
  const u64 sure = ~absent & cells3;
  if (twice3(sure)) return false;
  lose = spread(once3(sure)) & ~sure & cells3;
  const u64 known = absent & ~present;
  const u64 n = bits_per_lane(absent), k = bits_per_lane(known);
  if ((~((n | guards) - 6 * lane_ones) & guards3) | (((k | guards) - 7 * lane_ones) & guards3))
    return false;
  const u64 six = lanes_of(~nonzero(n ^ 6 * lane_ones) & guards3);
  const u64 six_known = lanes_of(~nonzero(k ^ 6 * lane_ones) & guards3);
  lose |= absent & six;
  absent = (absent & ~six_known) | (known & six_known);
  return true;
}

// A box to its fixpoint, a word at a time.
bool box_rules(u64 (&box)[4], u64& rows, u64& cols) {
  u64 w0 = box[0], w1 = box[1], w2 = box[2], w3 = box[3];
  for (;;) {
    const u64 c0 = w0 & cells3, c1 = w1 & cells3, c2 = w2 & cells3;
    u64 rows_absent = pack3(w0 >> 48, w1 >> 48, w2 >> 48);
    u64 cols_absent = w3 & cells3;
    if ((nonzero(c0) & nonzero(c1) & nonzero(c2) & guards3) != guards3) return false;
    const u64 o0 = once3(c0), o1 = once3(c1), o2 = once3(c2);
    const u64 t0 = twice3(c0), t1 = twice3(c1), t2 = twice3(c2);
    const u64 in_box = o0 | o1 | o2;
    if (in_box != all9) return false;
    const u64 twice_box = t0 | t1 | t2 | (o0 & o1) | ((o0 | o1) & o2);
    const u64 once_box = spread(in_box & ~twice_box);
    const u64 oc = c0 | c1 | c2, tc = (c0 & c1) | ((c0 | c1) & c2);
    const u64 once_col = oc & ~tc & ~cols_absent;
    auto singles = [&](u64 c, u64 o, u64 t, u64 absent) {
      const u64 rest = c & ((c | guards) - lane_ones);
      const u64 one = lanes_of(nonzero(c) & ~nonzero(rest) & guards3);
      return (c & one) | (c & spread(o & ~t & ~absent)) | (c & once_col) | (c & once_box);
    };
    const u64 k0 = singles(c0, o0, t0, lane(rows_absent, 0));
    const u64 k1 = singles(c1, o1, t1, lane(rows_absent, 1));
    const u64 k2 = singles(c2, o2, t2, lane(rows_absent, 2));
    u64 n0 = c0, n1 = c1, n2 = c2;
    if (k0 | k1 | k2) {
      if ((k0 & ((k0 | guards) - lane_ones)) | (k1 & ((k1 | guards) - lane_ones)) |
          (k2 & ((k2 | guards) - lane_ones)))
        return false;
      const u64 ko0 = once3(k0), ko1 = once3(k1), ko2 = once3(k2);
      if (twice3(k0) | twice3(k1) | twice3(k2) | (ko0 & ko1) | ((ko0 | ko1) & ko2)) return false;
      const u64 placed = spread(ko0 | ko1 | ko2);
      n0 = (c0 & ~lanes_of(nonzero(k0)) & ~placed) | k0;
      n1 = (c1 & ~lanes_of(nonzero(k1)) & ~placed) | k1;
      n2 = (c2 & ~lanes_of(nonzero(k2)) & ~placed) | k2;
      rows_absent &= ~pack3(ko0, ko1, ko2);
      cols_absent &= ~(k0 | k1 | k2);
    }
    u64 lose_rows = 0, lose_cols = 0;
    if (!line_rules(rows_absent, pack3(o0, o1, o2), lose_rows)) return false;
    if (!line_rules(cols_absent, oc, lose_cols)) return false;
    n0 &= ~(spread(lane(lose_rows, 0)) | lose_cols);
    n1 &= ~(spread(lane(lose_rows, 1)) | lose_cols);
    n2 &= ~(spread(lane(lose_rows, 2)) | lose_cols);
    const u64 x0 = n0 | lane(rows_absent, 0) << 48, x1 = n1 | lane(rows_absent, 1) << 48,
              x2 = n2 | lane(rows_absent, 2) << 48;
    if (x0 == w0 && x1 == w1 && x2 == w2 && cols_absent == w3) {
      rows = pack3(o0, o1, o2), cols = oc;  // what the lines can hold, at the fixpoint
      break;
    }
    w0 = x0, w1 = x1, w2 = x2, w3 = cols_absent;
  }
  box[0] = w0, box[1] = w1, box[2] = w2, box[3] = w3;
  return true;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define DLX_BOX_AVX2 1
// The same rules on the box's four words at once (vector extensions; without
// AVX2 the compiler lowers them to code slower than the words one by one).
#define DLX_AVX2 __attribute__((target("avx2"), always_inline)) inline
typedef std::uint64_t v4 __attribute__((vector_size(32)));
typedef std::uint16_t v16 __attribute__((vector_size(32)));
typedef std::int64_t v4i __attribute__((vector_size(32)));
#if defined(__clang__)
#define DLX_SHUFFLE(x, a, b, c, d) __builtin_shufflevector(x, x, a, b, c, d)
#else
#define DLX_SHUFFLE(x, a, b, c, d) __builtin_shuffle(x, v4i{a, b, c, d})
#endif
DLX_AVX2 v4 word_turn1(v4 x) {
  return DLX_SHUFFLE(x, 1, 2, 0, 3);
}
DLX_AVX2 v4 word_turn2(v4 x) {
  return DLX_SHUFFLE(x, 2, 0, 1, 3);
}
DLX_AVX2 v4 vonce3(v4 x) {
  return (x | x >> 16 | x >> 32) & 0x1FF;
}
DLX_AVX2 v4 vtwice3(v4 x) {
  return ((x & x >> 16) | ((x | x >> 16) & x >> 32)) & 0x1FF;
}
DLX_AVX2 v4 vspread(v4 x) {
  x |= x << 16;
  return x | x << 32;
}
DLX_AVX2 v4 words_once(v4 x) {
  return x | word_turn1(x) | word_turn2(x);
}
DLX_AVX2 v4 words_twice(v4 x) {
  return (x & word_turn1(x)) | ((x | word_turn1(x)) & word_turn2(x));
}
DLX_AVX2 v16 vbits(v16 x) {
  x = x - ((x >> 1) & 0x5555);
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0F0F;
  return (x + (x >> 8)) & 0x1F;
}
DLX_AVX2 bool vany(v4 x) {
  return _mm256_testz_si256((__m256i)x, (__m256i)x) == 0;
}

// One round of a box's rules: the box's next state; `bad` gains a bit on a
// contradiction; `o` and `oc` are what its mini-rows (lane 0 of words 0-2)
// and mini-columns (lanes 0-2) could hold before the round.
DLX_AVX2 v4 box_round(v4 w, v4& bad, v4& o_out, v4& oc_out) {
  const v4 cells = {cells3, cells3, cells3, 0}, rows = {all9, all9, all9, 0};
  const v4 word3 = {0, 0, 0, ~u64{0}}, lane0 = {0xFFFF, 0xFFFF, 0xFFFF, 0};
  const v4 counted = cells | (lane0 << 48);
  // Mini-rows are words 0-2 (their "absent" lane moved to lane 0); the
  // mini-columns are lanes 0-2, the same in every word.
  const v4 c = w & cells;
  bad |= (v4)((v16)c == 0) & cells;
  const v4 o = vonce3(c), t = vtwice3(c);
  const v4 in_box = words_once(o), o_twice = words_twice(o);
  bad |= (in_box ^ 0x1FF) & rows;
  const v4 once_box = vspread(in_box & ~(words_once(t) | o_twice));
  const v4 oc = words_once(c), tc = words_twice(c);
  v4 cols_absent = DLX_SHUFFLE(w, 3, 3, 3, 3) & cells3;
  v4 rows_absent = w >> 48;
  const v16 c16 = (v16)c;
  const v4 one = (v4)((c16 != 0) & ((c16 & (c16 - 1)) == 0));
  const v4 k = c & (one | vspread(o & ~t & ~rows_absent) | (oc & ~tc & ~cols_absent) | once_box);
  v4 n = c;
  if (vany(k)) {
    const v16 k16 = (v16)k;
    bad |= (v4)(k16 & (k16 - 1));
    const v4 ko = vonce3(k);
    bad |= vtwice3(k) | words_twice(ko);
    n = (c & ~(v4)(k16 != 0) & ~vspread(words_once(ko))) | k;
    rows_absent &= ~ko;
    cols_absent &= ~words_once(k);
  }
  bad |= ((o | rows_absent) ^ 0x1FF) & rows;
  rows_absent &= ~(in_box & ~o_twice & o);
  const v4 rows_sure = ~rows_absent & rows;
  bad |= words_twice(rows_sure);
  v4 lose_rows = words_once(rows_sure) & ~rows_sure;
  const v4 rows_known = rows_absent & ~o;
  bad |= ((oc | cols_absent) ^ cells3) & cells;
  const v4 col_once = vonce3(oc), col_twice = vtwice3(oc);
  cols_absent &= ~(vspread(col_once & ~col_twice) & oc);
  const v4 cols_sure = ~cols_absent & cells3;
  bad |= vtwice3(cols_sure) & rows;
  v4 lose_cols = vspread(vonce3(cols_sure)) & ~cols_sure & cells3;
  const v4 cols_known = cols_absent & ~oc;
  // Both directions' counts at once: the rows' in lane 3.
  const v16 n16 = vbits((v16)((rows_absent << 48) | cols_absent));
  const v16 k16 = vbits((v16)((rows_known << 48) | cols_known));
  bad |= (v4)((n16 < 6) | (k16 > 6)) & counted;
  const v4 six = (v4)(n16 == 6) & counted, six_known = (v4)(k16 == 6) & counted;
  lose_rows |= rows_absent & (six >> 48);
  lose_cols |= cols_absent & six;
  rows_absent = (rows_absent & ~(six_known >> 48)) | (rows_known & (six_known >> 48));
  cols_absent = (cols_absent & ~six_known) | (cols_known & six_known);
  n &= ~(vspread(lose_rows) | lose_cols);
  v4 next = (n | (rows_absent << 48)) & ~word3;
  next |= DLX_SHUFFLE(cols_absent, 0, 0, 0, 0) & cells3 & word3;
  o_out = o, oc_out = oc;
  return next;
}

__attribute__((target("avx2"))) bool box_rules_avx2(u64 (&box)[4], u64& row_ors, u64& col_ors) {
  v4 w;
  std::memcpy(&w, box, sizeof w);
  for (;;) {
    v4 bad = {0, 0, 0, 0}, o, oc;
    const v4 next = box_round(w, bad, o, oc);
    if (vany(bad)) return false;
    if (!vany(next ^ w)) {
      row_ors = pack3(o[0], o[1], o[2]), col_ors = oc[0];
      break;
    }
    w = next;
  }
  std::memcpy(box, &w, sizeof w);
  return true;
}

// Two boxes side by side, to their fixpoints: their rounds do not wait on each
// other, so the processor overlaps them (one that is done runs idle rounds).
__attribute__((target("avx2"))) bool box_pair_avx2(u64 (&box_a)[4], u64 (&box_b)[4],
                                                   u64 (&ors)[4]) {
  v4 wa, wb;
  std::memcpy(&wa, box_a, sizeof wa);
  std::memcpy(&wb, box_b, sizeof wb);
  for (;;) {
    v4 bad = {0, 0, 0, 0}, oa, oca, ob, ocb;
    const v4 na = box_round(wa, bad, oa, oca);
    const v4 nb = box_round(wb, bad, ob, ocb);
    if (vany(bad)) return false;
    if (!vany((na ^ wa) | (nb ^ wb))) {
      ors[0] = pack3(oa[0], oa[1], oa[2]), ors[1] = oca[0];
      ors[2] = pack3(ob[0], ob[1], ob[2]), ors[3] = ocb[0];
      break;
    }
    wa = na, wb = nb;
  }
  std::memcpy(box_a, &wa, sizeof wa);
  std::memcpy(box_b, &wb, sizeof wb);
  return true;
}
#undef DLX_AVX2
#undef DLX_SHUFFLE
#endif

// A band: keeps the ways its boxes' mini-lines allow, and tells each box what
// its mini-lines can and must hold (marking the boxes that change).
bool band_rules(board& s, int k, std::uint32_t& dirty) {
  const u64* seen = k < 3 ? s.rows_or : s.cols_or;
  const int b0 = band_box(k, 0), b1 = band_box(k, 1), b2 = band_box(k, 2);
  const u64 p0 = seen[b0], p1 = seen[b1], p2 = seen[b2];
  const u64 x = s.x[k] & p0 & turn1(p1) & turn2(p2);
  const u64 y = s.y[k] & p0 & turn2(p1) & turn1(p2);
  if (x == s.x[k] && y == s.y[k] && (s.told >> k & 1)) return true;  // nothing new to tell
  if (once3(x | y) != all9) return false;
  s.x[k] = x, s.y[k] = y;
  s.told |= u64{1} << k;
  const u64 can[3] = {x | y, turn2(x) | turn1(y), turn1(x) | turn2(y)};
  const int boxes[3] = {b0, b1, b2};
  const u64 seen_of[3] = {p0, p1, p2};
  for (int j = 0; j < 3; ++j) {
    const u64 a = can[j];
    const u64 must = a & ~(turn1(a) | turn2(a));
    // What the box's lines hold that the band no longer allows (what the band
    // read of the box, a superset of what it holds now: nothing is missed).
    const u64 lose = seen_of[j] & ~a;
    u64(&w)[4] = s.box[boxes[j]];
    if (k < 3) {
      const u64 absent = pack3(w[0] >> 48, w[1] >> 48, w[2] >> 48);
      if ((lose | (absent & must)) == 0) continue;
      for (int r = 0; r < 3; ++r)
        w[r] &= ~((lane(must, r) << 48) | (spread(lane(lose, r)) & cells3));
    } else {
      if ((lose | (w[3] & must)) == 0) continue;
      for (int r = 0; r < 3; ++r)
        w[r] &= ~lose;
      w[3] &= ~must;
    }
    dirty |= 1u << boxes[j];
  }
  return true;
}

class box_band_engine final : public engine {
 public:
  explicit box_band_engine(const engine& compiled) : engine(compiled) {
    if (primary_count_ != item_count_) return;
    if (auto layout = find_box_layout(option_start_, option_items_, primary_count_, item_count_)) {
      layout_ = *layout;
      found_ = true;
      spots_.resize(layout_.place.size());
      for (std::size_t o = 0; o < spots_.size(); ++o) {
        const int place = layout_.place[o], cell = place / 9, r = cell / 9, c = cell % 9;
        spots_[o] = {static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(place % 9),
                     static_cast<std::uint8_t>(r), static_cast<std::uint8_t>(c),
                     static_cast<std::uint8_t>(r / 3 * 3 + c / 3)};
      }
    }
    for (auto& box : pristine_.box) {
      box[0] = box[1] = box[2] = 0x01FF01FF01FF01FFULL;
      box[3] = cells3;
    }
    for (int b = 0; b < 9; ++b)
      pristine_.rows_or[b] = pristine_.cols_or[b] = cells3;
    for (int k = 0; k < 6; ++k)
      pristine_.x[k] = pristine_.y[k] = cells3;
    base_ = work_ = pristine_;
    // A decision takes at least one of the 324 ways from the state.
    arena_.resize(6 * 9 * 6 + 1);
    frames_.resize(arena_.size());
#if defined(DLX_BOX_AVX2)
    // DLX_NO_AVX2=1 runs the rules a word at a time anyway (tests, measurements).
    const char* words = std::getenv("DLX_NO_AVX2");
    avx2_ = __builtin_cpu_supports("avx2") && (words == nullptr || std::strcmp(words, "1") != 0);
#endif
  }
  box_band_engine(const box_band_engine&) = default;
  [[nodiscard]] bool found() const noexcept {
    return found_;
  }

  std::unique_ptr<engine> clone() const override {
    return std::make_unique<box_band_engine>(*this);
  }
  engine_kind kind() const noexcept override {
    return engine_kind::bitset;
  }
  bool check_invariants() const override {
    for (std::uint32_t cell = 0; cell < 81; ++cell) {
      const u64 v = candidates(base_, cell);
      if (given_[cell] != 0 ? v != u64{1} << (given_[cell] - 1) : v != all9) return false;
    }
    return true;
  }

 private:
  struct frame {
    std::uint8_t family;  // band * 9 + symbol
    std::uint8_t way;
    bool no;  // the yes branch was tried: the no branch is next
  };

  static u64& cell_word(board& s, std::uint32_t cell) {
    const std::uint32_t r = cell / 9, c = cell % 9;
    return s.box[r / 3 * 3 + c / 3][r % 3];
  }
  static u64 candidates(const board& s, std::uint32_t cell) {
    return lane(cell_word(const_cast<board&>(s), cell), static_cast<int>(cell % 3));
  }

  void apply_preselected(option_id option) override {
    const spot& at = spots_[option];
    u64& w = base_.box[at.box][at.row % 3];
    const int shift = 16 * (at.column % 3);
    w = (w & ~(u64{0xFFFF} << shift)) | (u64{1} << at.symbol) << shift;
    given_[at.cell] = static_cast<std::uint8_t>(at.symbol + 1);
    ++givens_;
    row_givens_[at.row] |= 1u << at.symbol;
    column_givens_[at.column] |= 1u << at.symbol;
    box_givens_[at.box] |= 1u << at.symbol;
  }
  // Without colors or multiplicities an option can be preselected exactly when
  // its cell is free and its symbol not yet in its row, column or box; the
  // generic path runs only to name a clash.
  bool preselect_quickly(std::span<const option_id> options) override {
    for (option_id o : options) {
      const spot& at = spots_[o];
      if (given_[at.cell] != 0 ||
          ((row_givens_[at.row] | column_givens_[at.column] | box_givens_[at.box]) >> at.symbol &
           1) != 0) {
        revert_preselection(preselected().size());
        return false;
      }
      apply_preselected(o);
    }
    return true;
  }
  void revert_preselection(std::size_t keep) override {
    base_ = pristine_;
    given_.fill(0);
    givens_ = 0;
    row_givens_.fill(0);
    column_givens_.fill(0);
    box_givens_.fill(0);
    for (std::size_t i = 0; i < keep; ++i)
      apply_preselected(preselected()[i]);
  }
  bool nothing_to_cover() const override {
    return givens_ == 81;
  }
  bool supports(propagation p) const noexcept override {
    return p == propagation::groups;
  }
  bool advance(bool fresh) override {
    if (fresh) {
      work_ = base_;
      clear_givens_peers(work_);
      frame_count_ = 0;
      boxes_dirty_ = 0x1FF;
      bands_dirty_ = 0;
    }
#if defined(DLX_BOX_AVX2)
    if (avx2_) return run<true>(fresh);
#endif
    return run<false>(fresh);
  }
  void unwind() override {
    frame_count_ = 0;
  }
  void append_chosen(std::vector<option_id>& out) const override {
    for (std::uint32_t b = 0; b < 9; ++b) {
      for (std::uint32_t r = 0; r < 3; ++r) {
        const u64 w = work_.box[b][r];
        const std::uint32_t first = (b / 3 * 3 + r) * 9 + b % 3 * 3;
        for (std::uint32_t c = 0; c < 3; ++c) {
          if (given_[first + c] != 0) continue;
          const auto symbol = static_cast<std::uint32_t>(std::countr_zero(w >> (16 * c)));
          out.push_back(layout_.option[(first + c) * 9 + symbol]);
        }
      }
    }
  }
  // A node is named by its yes/no decisions, as in the structure search: bit
  // 30, the family (band * 9 + symbol), the way, and 1 for "not that way".
  void append_path(std::vector<option_id>& out) const override {
    for (std::uint32_t k = 0; k < frame_count_; ++k) {
      const frame& f = frames_[k];
      out.push_back(family_code | std::uint32_t{f.family} << 7 | std::uint32_t{f.way} << 1 |
                    (f.no ? 1u : 0u));
    }
  }
  std::uint32_t floor_here() const override {
    return frame_count_;
  }
  std::optional<double> fraction_done(std::uint32_t from) const override {
    (void)from;
    double done = 0, weight = 1;
    for (std::uint32_t k = 0; k < frame_count_; ++k) {
      weight /= 2;
      if (frames_[k].no) done += weight;
    }
    return done;
  }

  // Takes each given's symbol from the other cells of its row, column and box
  // at once (what the rules would find, in many rounds through the bands).
  void clear_givens_peers(board& s) const {
    for (std::uint32_t b = 0; b < 9; ++b) {
      const std::uint32_t c0 = b % 3 * 3;
      const u64 columns = pack3(column_givens_[c0], column_givens_[c0 + 1], column_givens_[c0 + 2]);
      for (std::uint32_t r = 0; r < 3; ++r) {
        u64& w = s.box[b][r];
        const u64 cells = w & cells3;
        const u64 givens =
            lanes_of(nonzero(cells) & ~nonzero(cells & ((cells | guards) - lane_ones)) &
                     guards3);  // every other cell still has all nine
        const u64 taken = spread(row_givens_[b / 3 * 3 + r] | box_givens_[b]) | columns;
        w &= ~(taken & cells3 & ~givens);
      }
    }
  }
  template <bool Avx2>
  static bool settle(board& s, std::uint32_t boxes, std::uint32_t bands);
  template <bool Avx2>
  bool run(bool entering);
  static bool solved(const board& s) {
    u64 rest = 0;
    for (const auto& box : s.box)
      for (int r = 0; r < 3; ++r) {
        const u64 c = box[r] & cells3;
        rest |= c & ((c | guards) - lane_ones);
      }
    return rest == 0;
  }
  // The branch: in the band whose open symbols have the fewest ways (the sum
  // of their logs), the symbol with the fewest; false when every symbol is settled.
  static bool choose(const board& s, frame& out);
  // Sets the family's ways to only `way` (yes) or takes `way` away (no).
  static void decide(board& s, const frame& f);

  box_layout layout_;
  bool found_ = false;
  // Per option, where it is: its cell and symbol, the cell's row, column and box.
  struct spot {
    std::uint8_t cell, symbol, row, column, box;
  };
  std::vector<spot> spots_;
  board pristine_{}, base_{}, work_{};
  std::array<std::uint8_t, 81> given_{};  // per cell, its given symbol + 1
  std::uint32_t givens_ = 0;
  // The givens' symbols per row, column and box.
  std::array<std::uint32_t, 9> row_givens_{}, column_givens_{}, box_givens_{};
  std::vector<board> arena_;
  std::vector<frame> frames_;
  std::uint32_t frame_count_ = 0;
  std::uint32_t boxes_dirty_ = 0, bands_dirty_ = 0;
  bool avx2_ = false;
};

template <bool Avx2>
bool box_band_engine::settle(board& s, std::uint32_t boxes, std::uint32_t bands) {
  auto heard = [&](int b, u64 rows, u64 cols) {
    if (rows != s.rows_or[b]) s.rows_or[b] = rows, bands |= 1u << (b / 3);
    if (cols != s.cols_or[b]) s.cols_or[b] = cols, bands |= 1u << (3 + b % 3);
  };
  while (boxes | bands) {
    while (boxes) {
      const int b = std::countr_zero(boxes);
      boxes &= boxes - 1;
#if defined(DLX_BOX_AVX2)
      if constexpr (Avx2) {
        if (boxes != 0) {
          const int other = std::countr_zero(boxes);
          boxes &= boxes - 1;
          u64 ors[4];
          if (!box_pair_avx2(s.box[b], s.box[other], ors)) return false;
          heard(b, ors[0], ors[1]);
          heard(other, ors[2], ors[3]);
          continue;
        }
      }
#endif
      u64 rows = 0, cols = 0;
#if defined(DLX_BOX_AVX2)
      const bool alive =
          Avx2 ? box_rules_avx2(s.box[b], rows, cols) : box_rules(s.box[b], rows, cols);
#else
      const bool alive = box_rules(s.box[b], rows, cols);
#endif
      if (!alive) return false;
      heard(b, rows, cols);
    }
    while (bands && !boxes) {
      const int k = std::countr_zero(bands);
      bands &= bands - 1;
      if (!band_rules(s, k, boxes)) return false;
    }
  }
  return true;
}

// Bits set in a nine-bit mask (portable builds have no POPCNT instruction).
constexpr std::array<std::uint8_t, 512> nine_bits = [] {
  std::array<std::uint8_t, 512> t{};
  for (unsigned v = 0; v < 512; ++v)
    t[v] = static_cast<std::uint8_t>(std::popcount(v));
  return t;
}();

bool box_band_engine::choose(const board& s, frame& out) {
  // 1000 log2 n for n = 2..6 ways.
  constexpr std::uint32_t logs[5] = {1000, 1585, 2000, 2322, 2585};
  std::uint32_t best = ~0u;
  for (int k = 0; k < 6; ++k) {
    // How many ways each symbol has, bit-sliced: b2 b1 b0.
    const u64 slots[6] = {lane(s.x[k], 0), lane(s.x[k], 1), lane(s.x[k], 2),
                          lane(s.y[k], 0), lane(s.y[k], 1), lane(s.y[k], 2)};
    u64 b0 = 0, b1 = 0, b2 = 0;
    for (const u64 v : slots) {
      const u64 c0 = b0 & v;
      b0 ^= v;
      const u64 c1 = b1 & c0;
      b1 ^= c0;
      b2 |= c1;
    }
    const u64 with[5] = {~b2 & b1 & ~b0, ~b2 & b1 & b0, b2 & ~b1 & ~b0, b2 & ~b1 & b0,
                         b2 & b1 & ~b0};
    std::uint32_t score = 0;
    int fewest = -1;
    for (int n = 4; n >= 0; --n) {
      if (with[n] == 0) continue;
      score += logs[n] * nine_bits[with[n]];
      fewest = n;
    }
    if (fewest < 0 || score >= best) continue;
    best = score;
    const int symbol = std::countr_zero(with[fewest]);
    out.family = static_cast<std::uint8_t>(k * 9 + symbol);
    int way = 0;
    while (!((way_slot[way] < 3 ? s.x[k] >> (16 * way_slot[way])
                                : s.y[k] >> (16 * (way_slot[way] - 3))) >>
                 symbol &
             1))
      ++way;
    out.way = static_cast<std::uint8_t>(way);
  }
  out.no = false;
  return best != ~0u;
}

void box_band_engine::decide(board& s, const frame& f) {
  const int k = f.family / 9, symbol = f.family % 9, slot = way_slot[f.way];
  const u64 one = u64{1} << (16 * (slot % 3) + symbol);
  s.told &= ~(u64{1} << k);
  if (f.no) {
    (slot < 3 ? s.x[k] : s.y[k]) &= ~one;
  } else {
    const u64 all = spread(u64{1} << symbol) & cells3;
    s.x[k] &= ~all | (slot < 3 ? one : 0);
    s.y[k] &= ~all | (slot < 3 ? 0 : one);
  }
}

template <bool Avx2>
bool box_band_engine::run(bool entering) {
  for (;;) {
    if (entering) {
      bool pruned = false;
      if (result_.nodes >= next_checkpoint_) {
        const verdict v = checkpoint(frame_count_);
        if (v == verdict::stop) return false;
        pruned = v == verdict::prune;  // not a node of this search: back up, uncounted
      }
      const bool alive = !pruned && settle<Avx2>(work_, boxes_dirty_, bands_dirty_);
      boxes_dirty_ = bands_dirty_ = 0;
      result_.nodes += !pruned;
      result_.max_level = std::max(result_.max_level, frame_count_);
      if (sanity_checks && alive && sanity_due(result_.nodes)) {
        // Every rule at its fixpoint: running them all again changes nothing.
        // (Bands never heard from tell their boxes now: only `told` may differ.)
        board again = work_;
        const bool held = settle<false>(again, 0x1FF, 0x3F);
        again.told = work_.told;
        if (!held || std::memcmp(&again, &work_, sizeof again) != 0)
          broken_invariant("box-band search");
      }
      if (alive && solved(work_)) {
        ++result_.solutions;
        return true;
      }
      if (alive) {
        frame fr{};
        // Every band settled yet a cell open cannot be: the boxes' rules fill it.
        if (!choose(work_, fr)) broken_invariant("box-band search: nothing to branch on");
        ++result_.branches;
        ++result_.guesses;
        arena_[frame_count_] = work_;
        frames_[frame_count_++] = fr;
        decide(work_, fr);
        bands_dirty_ = 1u << (fr.family / 9);
        continue;
      }
    }
    // Back to the most recent branch whose "no" is still to try.
    while (frame_count_ > floor_ && frames_[frame_count_ - 1].no)
      --frame_count_;
    if (frame_count_ == floor_) {
      result_.status = search_status::complete;
      return false;
    }
    frame& fr = frames_[frame_count_ - 1];
    fr.no = true;
    work_ = arena_[frame_count_ - 1];
    decide(work_, fr);
    bands_dirty_ = 1u << (fr.family / 9);
    entering = true;
  }
}

}  // namespace

std::unique_ptr<engine> make_box_band_engine(const engine& compiled) {
  if (compiled.item_count() != 324 || compiled.option_count() != 729 ||
      !compiled.structure_search_applies())
    return nullptr;
  auto e = std::make_unique<box_band_engine>(compiled);
  if (!e->found()) return nullptr;
  return e;
}

}  // namespace dlx::detail
