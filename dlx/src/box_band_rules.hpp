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
// Rules. A box runs to its fixpoint: naked singles; hidden singles in a
// mini-line (a symbol in one of its cells, known present in the line); a symbol
// known present in one mini-line is absent from the others; a mini-line with six
// symbols known absent holds the other three, and one with three known present
// lacks the rest. A band reads its boxes' mini-lines, keeps the ways they allow,
// and tells each box which symbols its mini-lines can still hold and which they
// must. Boxes and bands run when something they read changed. The box leaves to
// its bands what they find anyway (a symbol in one mini-line of the box is known
// present there once the band's ways say so; a symbol in one cell of the box is
// then a hidden single of that line; a symbol missing from the box leaves the
// band no way): the same fixpoint, so the same trees, with a shorter round.
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
  // possible symbols, a lane each, in the bands' order: band k reads its box
  // j's at 3k + j (rows_at, columns_at below), its three boxes side by side.
  u64 lines_or[18];
  // Per band, the ways still possible per symbol: x holds ways 0-2 in lanes
  // 0-2, y ways 4, 5, 3 (see way_slot below).
  u64 x[6], y[6];
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
// Where box b's mini-rows' and mini-columns' possible symbols are kept.
inline int rows_at(int b) {
  return b;
}
inline int columns_at(int b) {
  return 9 + 3 * (b % 3) + b / 3;
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
  const u64 sure = ~absent & cells3;
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
    const u64 oc = c0 | c1 | c2, tc = (c0 & c1) | ((c0 | c1) & c2);
    const u64 once_col = oc & ~tc & ~cols_absent;
    auto singles = [&](u64 c, u64 o, u64 t, u64 absent) {
      const u64 rest = c & ((c | guards) - lane_ones);
      const u64 one = lanes_of(nonzero(c) & ~nonzero(rest) & guards3);
      return (c & one) | (c & spread(o & ~t & ~absent)) | (c & once_col);
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

// A band's ways against what its boxes' mini-lines can hold (what it read of
// them, `seen`): kept in the board, and in `x`, `y`; false when a symbol has none.
struct band_view {
  int boxes[3];
  u64 seen[3];
  u64 x, y;
};
inline bool band_ways(board& s, int k, band_view& v) {
  for (int j = 0; j < 3; ++j)
    v.boxes[j] = band_box(k, j), v.seen[j] = s.lines_or[3 * k + j];
  v.x = s.x[k] & v.seen[0] & turn1(v.seen[1]) & turn2(v.seen[2]);
  v.y = s.y[k] & v.seen[0] & turn2(v.seen[1]) & turn1(v.seen[2]);
  if (once3(v.x | v.y) != all9) return false;
  s.x[k] = v.x, s.y[k] = v.y;
  return true;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define DLX_BOX_AVX2 1
// The same rules on the box's four words at once (vector extensions; without
// AVX2 the compiler lowers them to code slower than the words one by one).
#define DLX_AVX512_TARGET "avx2,bmi,bmi2,popcnt,avx512f,avx512vl,avx512bw,avx512dq,avx512bitalg"
// One box in a 256-bit register (v4), or two boxes in a 512-bit one (v8: the
// first box in words 0-3, the second in words 4-7); lanes of 16 bits as v16, v32.
typedef std::uint64_t v4 __attribute__((vector_size(32)));
typedef std::uint16_t v16 __attribute__((vector_size(32)));
typedef std::uint64_t v8 __attribute__((vector_size(64)));
typedef std::uint16_t v32 __attribute__((vector_size(64)));
template <class V>
struct lanes16;
template <>
struct lanes16<v4> {
  using type = v16;
};
template <>
struct lanes16<v8> {
  using type = v32;
};
// The vector code, compiled once per instruction set (box_band_round.hpp, its
// functions always inlined; one copy compiled for AVX2 would not do: its 512-bit
// vectors' 16-bit comparisons become scalar code, even inlined into an AVX-512
// caller): for AVX2, two boxes in two 256-bit registers; for AVX-512 (F, VL, BW,
// DQ and BITALG, which counts a lane's bits in one instruction: Ice Lake, Zen 4
// and later), two boxes in one 512-bit register. Older AVX-512 processors
// (Skylake-SP, Cascade Lake) take the AVX2 code.
#define DLX_VEC_POPCNT16 0
#define DLX_VEC __attribute__((target("avx2"), always_inline)) inline
namespace avx2_code {
#include "box_band_round.hpp"
}  // namespace avx2_code
#undef DLX_VEC
#undef DLX_VEC_POPCNT16
#define DLX_VEC_POPCNT16 1
#define DLX_VEC __attribute__((target(DLX_AVX512_TARGET), always_inline)) inline
namespace avx512_code {
#include "box_band_round.hpp"
}  // namespace avx512_code
#undef DLX_VEC
#undef DLX_VEC_POPCNT16

// The entries, each compiled for its instruction set and chosen at run time.
__attribute__((target("avx2"))) inline bool run_boxes_avx2(board& s, std::uint32_t boxes,
                                                           std::uint32_t& bands) {
  return avx2_code::run_boxes(s, boxes, bands);
}
__attribute__((target(DLX_AVX512_TARGET))) inline bool run_boxes_avx512(board& s,
                                                                        std::uint32_t boxes,
                                                                        std::uint32_t& bands) {
  return avx512_code::run_boxes_paired(s, boxes, bands);
}
#endif

// A band: keeps the ways its boxes' mini-lines allow, and tells each box what
// its mini-lines can and must hold (marking the boxes that change). Branch-free
// where it can be: whether a band or a box has news is as good as random to the
// processor (forum hardest counting to 2: 12% faster than skipping with tests).
inline bool band_rules(board& s, int k, std::uint32_t& dirty) {
  band_view v;
  if (!band_ways(s, k, v)) return false;
  const u64 x = v.x, y = v.y;
  const u64 can[3] = {x | y, turn2(x) | turn1(y), turn1(x) | turn2(y)};
  for (int j = 0; j < 3; ++j) {
    const u64 a = can[j];
    const u64 must = a & ~(turn1(a) | turn2(a));
    // What the box's lines hold that the band no longer allows (what the band
    // read of the box, a superset of what it holds now: nothing is missed).
    const u64 lose = v.seen[j] & ~a;
    // What the box's lines can hold once told: the box's run confirming it
    // (the echo of this band's own news) then marks no band.
    s.lines_or[3 * k + j] = v.seen[j] & a;
    // The bits the box loses, word by word; the box is marked if it had any.
    u64 mask[4];
    if (k < 3) {
      for (int r = 0; r < 3; ++r)
        mask[r] = (lane(must, r) << 48) | (spread(lane(lose, r)) & cells3);
      mask[3] = 0;
    } else {
      mask[0] = mask[1] = mask[2] = lose;
      mask[3] = must;
    }
    u64(&w)[4] = s.box[v.boxes[j]];
    u64 hit = 0;
    for (int r = 0; r < 4; ++r) {
      hit |= w[r] & mask[r];
      w[r] &= ~mask[r];
    }
    dirty |= static_cast<std::uint32_t>(hit != 0) << v.boxes[j];
  }
  return true;
}

#if defined(DLX_BOX_AVX2)
// The same with the three boxes' news side by side (box_band_round.hpp).
__attribute__((target("avx2"))) inline bool band_rules_avx2(board& s, int k, std::uint32_t& dirty) {
  return avx2_code::band_rules_vec(s, k, dirty);
}
__attribute__((target(DLX_AVX512_TARGET))) inline bool band_rules_avx512(board& s, int k,
                                                                         std::uint32_t& dirty) {
  return avx512_code::band_rules_vec(s, k, dirty);
}
#endif

// Where the box rules run: a word at a time, two boxes in two AVX2 registers,
// or two boxes in one AVX-512 register (with BITALG).
enum class rules_level { words, avx2, avx512 };

// Boxes and bands to their common fixpoint, from the boxes and bands marked;
// false on a contradiction. (The fixpoint is the same whatever the order.)
// Bands first: a band marked on entry (the branch's, or every band at a
// search's start) tells its boxes before they run.
template <rules_level Level>
[[gnu::always_inline]] inline bool settle_body(board& s, std::uint32_t boxes, std::uint32_t bands) {
  while (boxes | bands) {
    // Every band marked runs before the boxes they mark: more boxes wait at
    // once, so more run two at a time (forum count 2: 8% fewer instructions).
    while (bands) {
      const int k = std::countr_zero(bands);
      bands &= bands - 1;
#if defined(DLX_BOX_AVX2)
      if constexpr (Level == rules_level::avx512) {
        if (!band_rules_avx512(s, k, boxes)) return false;
        continue;
      } else if constexpr (Level == rules_level::avx2) {
        if (!band_rules_avx2(s, k, boxes)) return false;
        continue;
      }
#endif
      if (!band_rules(s, k, boxes)) return false;
    }
#if defined(DLX_BOX_AVX2)
    if constexpr (Level == rules_level::avx512) {
      if (!run_boxes_avx512(s, boxes, bands)) return false;
      boxes = 0;
    } else if constexpr (Level == rules_level::avx2) {
      if (!run_boxes_avx2(s, boxes, bands)) return false;
      boxes = 0;
    }
#endif
    while (boxes) {
      const int b = std::countr_zero(boxes);
      boxes &= boxes - 1;
      u64 rows = 0, cols = 0;
      if (!box_rules(s.box[b], rows, cols)) return false;
      u64& rows_was = s.lines_or[rows_at(b)];
      u64& cols_was = s.lines_or[columns_at(b)];
      if (rows != rows_was) rows_was = rows, bands |= 1u << (b / 3);
      if (cols != cols_was) cols_was = cols, bands |= 1u << (3 + b % 3);
    }
  }
  return true;
}

inline bool settle_words(board& s, std::uint32_t boxes, std::uint32_t bands) {
  return settle_body<rules_level::words>(s, boxes, bands);
}
#if defined(DLX_BOX_AVX2)
__attribute__((target("avx2"))) inline void copy_board_avx2(board& to, const board& from) {
  static_assert(sizeof(board) % 16 == 0 && sizeof(board) / 32 == 16);
  auto* const d = reinterpret_cast<__m256i*>(&to);
  const auto* const s = reinterpret_cast<const __m256i*>(&from);
  for (std::size_t i = 0; i < sizeof(board) / 32; ++i)
    _mm256_storeu_si256(d + i, _mm256_loadu_si256(s + i));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(d + 16),
                   _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + 16)));
}
// A box a register: its cells' lowest candidates cleared, nothing left.
__attribute__((target("avx2"))) inline bool solved_avx2(const board& s) {
  const __m256i cells = _mm256_setr_epi64x(cells3, cells3, cells3, 0);
  const __m256i one = _mm256_set1_epi16(1);
  __m256i rest = _mm256_setzero_si256();
  for (const auto& box : s.box) {
    const __m256i c =
        _mm256_and_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(box)), cells);
    rest = _mm256_or_si256(rest, _mm256_and_si256(c, _mm256_sub_epi16(c, one)));
  }
  return _mm256_testz_si256(rest, rest) != 0;
}
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
// Every cell down to one candidate.
inline bool solved_words(const board& s) {
  u64 rest = 0;
  for (const auto& box : s.box)
    for (int r = 0; r < 3; ++r) {
      const u64 c = box[r] & cells3;
      rest |= c & ((c | guards) - lane_ones);
    }
  return rest == 0;
}
template <rules_level Level>
bool solved(const board& s) {
#if defined(DLX_BOX_AVX2)
  if constexpr (Level != rules_level::words) return solved_avx2(s);
#endif
  return solved_words(s);
}

// A board copied where the search branches and backs up: in vector registers
// (the portable build's copy is a string instruction, slow to start).
template <rules_level Level>
void copy_board(board& to, const board& from) {
#if defined(DLX_BOX_AVX2)
  if constexpr (Level != rules_level::words) {
    copy_board_avx2(to, from);
    return;
  }
#endif
  to = from;
}

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
