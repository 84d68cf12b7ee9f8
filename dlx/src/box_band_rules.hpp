// The box-band search's state and rules (box_band_engine.cpp), on tdoku's
// layout of Sudoku (t-dillon/tdoku, docs/sudoku.md). Internal to the library.
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
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

namespace dlx::detail::box_band {

using u64 = std::uint64_t;
constexpr u64 lane_ones = 0x0001000100010001ULL, guards = 0x8000800080008000ULL;
constexpr u64 cells3 = 0x000001FF01FF01FFULL;  // lanes 0-2, nine bits each
constexpr u64 guards3 = 0x0000800080008000ULL;
constexpr u64 all9 = 0x1FF;

struct board {
  u64 box[9][4];
  // What the bands last read of each box: its mini-rows' and mini-columns'
  // possible symbols, a lane each.
  u64 rows_or[9], cols_or[9];
  // Per band, the ways still possible per symbol: x holds ways 0-2 in lanes
  // 0-2, y ways 4, 5, 3 (see way_slot below).
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

inline int band_box(int k, int j) {
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
inline bool box_rules(u64 (&box)[4], u64& rows, u64& cols) {
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

DLX_AVX2 bool box_rules_vec(u64 (&box)[4], u64& row_ors, u64& col_ors) {
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
DLX_AVX2 bool box_pair_vec(u64 (&box_a)[4], u64 (&box_b)[4], u64 (&ors)[4]) {
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

// The two compiled for AVX2, and again for AVX-512 (VL, BW, DQ: the same 256-bit
// code with three-input logic and mask registers where the compiler sees fit).
#define DLX_AVX512_TARGET "avx2,bmi,bmi2,popcnt,avx512f,avx512vl,avx512bw,avx512dq"
__attribute__((target("avx2"))) inline bool box_rules_avx2(u64 (&box)[4], u64& row_ors,
                                                           u64& col_ors) {
  return box_rules_vec(box, row_ors, col_ors);
}
__attribute__((target("avx2"))) inline bool box_pair_avx2(u64 (&box_a)[4], u64 (&box_b)[4],
                                                          u64 (&ors)[4]) {
  return box_pair_vec(box_a, box_b, ors);
}
__attribute__((target(DLX_AVX512_TARGET))) inline bool box_rules_avx512(u64 (&box)[4], u64& row_ors,
                                                                        u64& col_ors) {
  return box_rules_vec(box, row_ors, col_ors);
}
__attribute__((target(DLX_AVX512_TARGET))) inline bool box_pair_avx512(u64 (&box_a)[4],
                                                                       u64 (&box_b)[4],
                                                                       u64 (&ors)[4]) {
  return box_pair_vec(box_a, box_b, ors);
}
#undef DLX_AVX2
#undef DLX_SHUFFLE
#endif

// A band: keeps the ways its boxes' mini-lines allow, and tells each box what
// its mini-lines can and must hold (marking the boxes that change).
inline bool band_rules(board& s, int k, std::uint32_t& dirty) {
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

// Where the box rules run: a word at a time, a box's four words in one AVX2
// register, or the same code compiled for AVX-512 (VL, BW, DQ: the 256-bit
// registers with three-input logic and mask registers).
enum class rules_level { words, avx2, avx512 };

// Boxes and bands to their common fixpoint, from the boxes and bands marked;
// false on a contradiction. (The fixpoint is the same whatever the order.)
template <rules_level Level>
[[gnu::always_inline]] inline bool settle_body(board& s, std::uint32_t boxes, std::uint32_t bands) {
  auto heard = [&](int b, u64 rows, u64 cols) {
    if (rows != s.rows_or[b]) s.rows_or[b] = rows, bands |= 1u << (b / 3);
    if (cols != s.cols_or[b]) s.cols_or[b] = cols, bands |= 1u << (3 + b % 3);
  };
  while (boxes | bands) {
    while (boxes) {
      const int b = std::countr_zero(boxes);
      boxes &= boxes - 1;
#if defined(DLX_BOX_AVX2)
      if constexpr (Level != rules_level::words) {
        if (boxes != 0) {
          const int other = std::countr_zero(boxes);
          boxes &= boxes - 1;
          u64 ors[4];
          bool both;
          if constexpr (Level == rules_level::avx512) {
            both = box_pair_avx512(s.box[b], s.box[other], ors);
          } else {
            both = box_pair_avx2(s.box[b], s.box[other], ors);
          }
          if (!both) return false;
          heard(b, ors[0], ors[1]);
          heard(other, ors[2], ors[3]);
          continue;
        }
      }
#endif
      u64 rows = 0, cols = 0;
      bool alive;
#if defined(DLX_BOX_AVX2)
      if constexpr (Level == rules_level::avx512) {
        alive = box_rules_avx512(s.box[b], rows, cols);
      } else if constexpr (Level == rules_level::avx2) {
        alive = box_rules_avx2(s.box[b], rows, cols);
      } else {
        alive = box_rules(s.box[b], rows, cols);
      }
#else
      alive = box_rules(s.box[b], rows, cols);
#endif
      if (!alive) return false;
      heard(b, rows, cols);
    }
    // Every band marked runs before the boxes they mark: more boxes wait at
    // once, so more run in pairs (forum count 2: 8% fewer instructions).
    while (bands) {
      const int k = std::countr_zero(bands);
      bands &= bands - 1;
      if (!band_rules(s, k, boxes)) return false;
    }
  }
  return true;
}

inline bool settle_words(board& s, std::uint32_t boxes, std::uint32_t bands) {
  return settle_body<rules_level::words>(s, boxes, bands);
}
#if defined(DLX_BOX_AVX2)
// The same, the whole loop compiled for hosts with AVX2 (and their bit
// instructions: what -march=native gives it), chosen at run time.
__attribute__((target("avx2,bmi,bmi2,popcnt"))) inline bool settle_avx2(board& s,
                                                                        std::uint32_t boxes,
                                                                        std::uint32_t bands) {
  return settle_body<rules_level::avx2>(s, boxes, bands);
}
// And again for hosts with AVX-512 (what tdoku's -march=native build uses there).
__attribute__((target(DLX_AVX512_TARGET))) inline bool settle_avx512(board& s, std::uint32_t boxes,
                                                                     std::uint32_t bands) {
  return settle_body<rules_level::avx512>(s, boxes, bands);
}
#undef DLX_AVX512_TARGET
#endif
// The engine's entry, at the level the host has.
template <rules_level Level>
bool settle(board& s, std::uint32_t boxes, std::uint32_t bands) {
#if defined(DLX_BOX_AVX2)
  if constexpr (Level == rules_level::avx512) return settle_avx512(s, boxes, bands);
  if constexpr (Level == rules_level::avx2) return settle_avx2(s, boxes, bands);
#endif
  return settle_words(s, boxes, bands);
}

}  // namespace dlx::detail::box_band
