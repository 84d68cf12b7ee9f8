// A measured sketch for issue 28, not a product path: how fast a node can be when the
// state is laid out in lanes, as tdoku lays out Sudoku (t-dillon/tdoku, docs/sudoku.md),
// with the inference the structure search finds (triads both ways, band configurations,
// mini-line triples) and its branch rule (idea 40). It knows 9x9 Sudoku; the engine that
// finds this layout in a plain exact-cover matrix is the next step (bench/README.md,
// "A box and band layout, sketched").
//
// A box is four 64-bit words of four 16-bit lanes, one bit per digit: words 0-2 are its
// mini-rows (lanes 0-2 the cells, lane 3 "the digit is not in this mini-row"), word 3
// lanes 0-2 "the digit is not in this mini-column". A band (three boxes in a row or a
// column) keeps, per digit, which of the six ways its three mini-lines may hold it.
// Boxes and bands are processed when they change, each box to its own fixpoint.
//
//   box_band_sketch FILE [LIMIT]     count each line's solutions up to LIMIT (2)
//   box_band_sketch --check ANSWERS  compare with puzzle:count:solution lines
//   box_band_sketch --quiet FILE     totals only (for timing)
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

using u64 = uint64_t;
constexpr u64 L = 0x0001000100010001ull, G = 0x8000800080008000ull;
constexpr u64 C3 = 0x000001FF01FF01FFull;
constexpr u64 CG = 0x0000800080008000ull;
constexpr u64 ALL9 = 0x1FF;

inline u64 spread(u64 x) {
  return x * L;
}
inline u64 nzflag(u64 x) {
  return ((x | G) - L) & G;
}
inline u64 flagmask(u64 f) {
  return (f >> 15) * 0xFFFF;
}
inline u64 once3(u64 x) {
  return (x | x >> 16 | x >> 32) & ALL9;
}
inline u64 twice3(u64 x) {
  return ((x & x >> 16) | ((x | x >> 16) & x >> 32)) & ALL9;
}
inline u64 lane(u64 x, int i) {
  return (x >> (16 * i)) & ALL9;
}
inline u64 pack3(u64 a, u64 b, u64 c) {
  return a | b << 16 | c << 32;
}
inline u64 popc16(u64 x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return (x + (x >> 8)) & 0x001F001F001F001Full;
}

struct Box {
  u64 w[4];
};
struct State {
  Box box[9];
  u64 rows_or[9], cols_or[9];  // what the bands last read
  u64 X[6], Y[6];              // configurations: X lanes c0,c1,c2; Y lanes c4,c5,c3
};

// Lines of one direction: neg (lanes: digits possibly absent from line), ors (digits some
// cell of the line may hold). Returns false on a contradiction; sets what each line's
// cells lose.
inline bool line_logic(u64& neg, u64 ors, u64& remove) {
  if (((ors | neg) & C3) != C3) return false;
  u64 o1 = once3(ors), t1 = twice3(ors);
  neg &= ~(spread(o1 & ~t1) & ors);
  u64 pos = ~neg & C3;
  if (twice3(pos)) return false;
  remove = spread(once3(pos)) & ~pos & C3;
  u64 known = neg & ~ors;
  u64 pc = popc16(neg), pk = popc16(known);
  if ((~(((pc | G) - 6 * L)) & CG) | ((((pk | G) - 7 * L)) & CG)) return false;
  u64 eqc = flagmask(~nzflag(pc ^ 6 * L) & CG);
  u64 eqk = flagmask(~nzflag(pk ^ 6 * L) & CG);
  remove |= neg & eqc;
  neg = (neg & ~eqk) | (known & eqk);
  return true;
}

long box_calls, band_calls, box_iters;

[[maybe_unused]] bool process_box(State& s, int b) {
  u64 w0 = s.box[b].w[0], w1 = s.box[b].w[1], w2 = s.box[b].w[2], w3 = s.box[b].w[3];
  for (;;) {
    ++box_iters;
    u64 c0 = w0 & C3, c1 = w1 & C3, c2 = w2 & C3;
    u64 hw = pack3(w0 >> 48, w1 >> 48, w2 >> 48);
    u64 vw = w3 & C3;
    if ((nzflag(c0) & nzflag(c1) & nzflag(c2) & CG) != CG) return false;
    u64 o0 = once3(c0), o1 = once3(c1), o2 = once3(c2);
    u64 t0 = twice3(c0), t1 = twice3(c1), t2 = twice3(c2);
    u64 ob = o0 | o1 | o2;
    if (ob != ALL9) return false;
    u64 tb = t0 | t1 | t2 | (o0 & o1) | ((o0 | o1) & o2);
    u64 ub = spread(ob & ~tb);
    u64 oc = c0 | c1 | c2, tc = (c0 & c1) | ((c0 | c1) & c2);
    u64 hsc = oc & ~tc & ~vw;
    auto singles = [&](u64 c, u64 o, u64 t, u64 h) {
      u64 rest = c & ((c | G) - L);
      u64 m = flagmask(nzflag(c) & ~nzflag(rest) & CG);
      return (c & m) | (c & spread(o & ~t & ~h)) | (c & hsc) | (c & ub);
    };
    u64 k0 = singles(c0, o0, t0, lane(hw, 0)), k1 = singles(c1, o1, t1, lane(hw, 1)),
        k2 = singles(c2, o2, t2, lane(hw, 2));
    u64 n0 = c0, n1 = c1, n2 = c2;
    if (k0 | k1 | k2) {
      if ((k0 & ((k0 | G) - L)) | (k1 & ((k1 | G) - L)) | (k2 & ((k2 | G) - L))) return false;
      u64 ko0 = once3(k0), ko1 = once3(k1), ko2 = once3(k2);
      if (twice3(k0) | twice3(k1) | twice3(k2) | (ko0 & ko1) | ((ko0 | ko1) & ko2)) return false;
      u64 kall = spread(ko0 | ko1 | ko2);
      n0 = (c0 & ~flagmask(nzflag(k0)) & ~kall) | k0;
      n1 = (c1 & ~flagmask(nzflag(k1)) & ~kall) | k1;
      n2 = (c2 & ~flagmask(nzflag(k2)) & ~kall) | k2;
      hw &= ~pack3(ko0, ko1, ko2);
      vw &= ~(k0 | k1 | k2);
    }
    u64 rr, rc;
    if (!line_logic(hw, pack3(o0, o1, o2), rr)) return false;
    if (!line_logic(vw, oc, rc)) return false;
    n0 &= ~(spread(lane(rr, 0)) | rc);
    n1 &= ~(spread(lane(rr, 1)) | rc);
    n2 &= ~(spread(lane(rr, 2)) | rc);
    u64 x0 = n0 | lane(hw, 0) << 48, x1 = n1 | lane(hw, 1) << 48, x2 = n2 | lane(hw, 2) << 48;
    if (x0 == w0 && x1 == w1 && x2 == w2 && vw == w3) {
      s.box[b] = Box{{w0, w1, w2, w3}};
      return true;
    }
    w0 = x0, w1 = x1, w2 = x2, w3 = vw;
  }
}

#if defined(__AVX2__)
// The same rules on a box's four words at once (g++ vector extensions; without AVX2
// g++ lowers them to slower code than the scalar words above).
typedef uint64_t v4 __attribute__((vector_size(32)));
typedef uint16_t v16 __attribute__((vector_size(32)));
typedef int64_t v4i __attribute__((vector_size(32)));
inline v4 S1(v4 x) {
  return __builtin_shuffle(x, v4i{1, 2, 0, 3});
}
inline v4 S2(v4 x) {
  return __builtin_shuffle(x, v4i{2, 0, 1, 3});
}
inline v4 B3(v4 x) {
  return __builtin_shuffle(x, v4i{3, 3, 3, 3});
}
inline v4 vonce3(v4 x) {
  return (x | x >> 16 | x >> 32) & 0x1FF;
}
inline v4 vtwice3(v4 x) {
  return ((x & x >> 16) | ((x | x >> 16) & x >> 32)) & 0x1FF;
}
inline v4 vspread(v4 x) {
  x |= x << 16;
  return x | x << 32;
}
inline v4 wtwice(v4 x) {
  return (x & S1(x)) | ((x | S1(x)) & S2(x));
}
inline v4 wonce(v4 x) {
  return x | S1(x) | S2(x);
}
inline v16 vpop(v16 x) {
  x = x - ((x >> 1) & 0x5555);
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0F0F;
  return (x + (x >> 8)) & 0x1F;
}
inline bool vany(v4 x) {
  return (x[0] | x[1] | x[2] | x[3]) != 0;
}
#define V16(x) ((v16)(x))
#define V4(x) ((v4)(x))

bool process_box_v(State& s, int b) {
  const v4 CM = {C3, C3, C3, 0}, RM = {ALL9, ALL9, ALL9, 0}, W3 = {0, 0, 0, ~0ull};
  const v4 L0 = {0xFFFF, 0xFFFF, 0xFFFF, 0};  // lane 0 of rows
  v4 W;
  memcpy(&W, s.box[b].w, 32);
  for (;;) {
    ++box_iters;
    v4 c = W & CM;
    v4 bad = V4(V16(c) == 0) & CM;
    v4 o = vonce3(c), t = vtwice3(c);
    v4 ob = wonce(o), to = wtwice(o);
    v4 tb = wonce(t) | to;
    bad |= (ob ^ 0x1FF) & RM;
    v4 ub = vspread(ob & ~tb);
    v4 oc = wonce(c), tc = wtwice(c);
    v4 V = B3(W) & C3;
    v4 h = W >> 48;
    v16 c16 = V16(c);
    v4 sm = V4((c16 != 0) & ((c16 & (c16 - 1)) == 0));
    v4 K = c & (sm | vspread(o & ~t & ~h) | (oc & ~tc & ~V) | ub);
    v4 n = c;
    if (vany(K)) {
      v16 k16 = V16(K);
      bad |= V4(k16 & (k16 - 1));
      v4 ko = vonce3(K);
      bad |= vtwice3(K) | wtwice(ko);
      v4 kall = vspread(wonce(ko));
      n = (c & ~V4(k16 != 0) & ~kall) | K;
      h &= ~ko;
      V &= ~wonce(K);
    }
    // mini-rows: lines are words 0-2, lane 0
    bad |= ((o | h) ^ 0x1FF) & RM;
    h &= ~(ob & ~to & o);
    v4 pos = ~h & RM;
    bad |= wtwice(pos);
    v4 remH = wonce(pos) & ~pos;
    v4 knownH = h & ~o;
    // mini-columns: lanes 0-2, replicated in every word
    bad |= ((oc | V) ^ C3) & CM;
    v4 o1 = vonce3(oc), t1 = vtwice3(oc);
    V &= ~(vspread(o1 & ~t1) & oc);
    v4 posV = ~V & C3;
    bad |= vtwice3(posV) & RM;
    v4 remV = vspread(vonce3(posV)) & ~posV & C3;
    v4 knownV = V & ~oc;
    // counts: h in lane 0 of words 0-2, V in lanes 0-2; put h in lane 3 to count both at once
    v16 pc = vpop(V16((h << 48) | V)), pk = vpop(V16((knownH << 48) | knownV));
    v4 lanes = CM | (L0 << 48);
    bad |= V4((pc < 6) | (pk > 6)) & lanes;
    v4 eqc = V4(pc == 6) & lanes, eqk = V4(pk == 6) & lanes;
    remH |= h & (eqc >> 48);
    remV |= V & eqc;
    h = (h & ~(eqk >> 48)) | (knownH & (eqk >> 48));
    V = (V & ~eqk) | (knownV & eqk);
    if (vany(bad)) return false;
    n &= ~(vspread(remH) | remV);
    v4 X = (n | (h << 48)) & ~W3;
    X |= __builtin_shuffle(V, v4i{0, 0, 0, 0}) & C3 & W3;
    if (!vany(X ^ W)) break;
    W = X;
  }
  memcpy(s.box[b].w, &W, 32);
  return true;
}
#endif

int band_box(int k, int j) {
  return k < 3 ? 3 * k + j : (k - 3) + 3 * j;
}
// lane r gets lane (r+1)%3, (r+2)%3
inline u64 R1(u64 x) {
  return ((x >> 16) | (x << 32)) & C3;
}
inline u64 R2(u64 x) {
  return ((x << 16) | (x >> 32)) & C3;
}

bool process_band(State& s, int k, unsigned& dirty) {
  ++band_calls;
  const u64* ors = k < 3 ? s.rows_or : s.cols_or;
  int b0 = band_box(k, 0), b1 = band_box(k, 1), b2 = band_box(k, 2);
  u64 P0 = ors[b0], P1 = ors[b1], P2 = ors[b2];
  u64 X = s.X[k] & P0 & R1(P1) & R2(P2);
  u64 Y = s.Y[k] & P0 & R2(P1) & R1(P2);
  if (once3(X | Y) != ALL9) return false;
  s.X[k] = X, s.Y[k] = Y;
  u64 A[3] = {X | Y, R2(X) | R1(Y), R1(X) | R2(Y)};
  int bs[3] = {b0, b1, b2};
  for (int j = 0; j < 3; ++j) {
    u64 a = A[j];
    u64 cert = a & ~(R1(a) | R2(a));
    Box& x = s.box[bs[j]];
    Box old = x;
    if (k < 3) {
      x.w[0] &= ~((cert & 0x1FF) << 48) & (spread(a & 0x1FF) | ~C3);
      x.w[1] &= ~((cert >> 16 & 0x1FF) << 48) & (spread(a >> 16 & 0x1FF) | ~C3);
      x.w[2] &= ~((cert >> 32 & 0x1FF) << 48) & (spread(a >> 32 & 0x1FF) | ~C3);
    } else {
      a |= ~C3;
      x.w[0] &= a, x.w[1] &= a, x.w[2] &= a;
      x.w[3] &= ~cert;
    }
    if ((old.w[0] ^ x.w[0]) | (old.w[1] ^ x.w[1]) | (old.w[2] ^ x.w[2]) | (old.w[3] ^ x.w[3]))
      dirty |= 1u << bs[j];
  }
  return true;
}

bool propagate(State& s, unsigned boxes, unsigned bands) {
  while (boxes | bands) {
    while (boxes) {
      int b = std::countr_zero(boxes);
      boxes &= boxes - 1;
      ++box_calls;
#if defined(__AVX2__)
      if (!process_box_v(s, b)) return false;
#else
      if (!process_box(s, b)) return false;
#endif
      const Box& x = s.box[b];
      u64 ro = pack3(once3(x.w[0] & C3), once3(x.w[1] & C3), once3(x.w[2] & C3));
      u64 co = (x.w[0] | x.w[1] | x.w[2]) & C3;
      if (ro != s.rows_or[b]) s.rows_or[b] = ro, bands |= 1u << (b / 3);
      if (co != s.cols_or[b]) s.cols_or[b] = co, bands |= 1u << (3 + b % 3);
    }
    while (bands && !boxes) {
      int k = std::countr_zero(bands);
      bands &= bands - 1;
      if (!process_band(s, k, boxes)) return false;
    }
  }
  return true;
}

long solutions, limit, guesses, nodes;
char grid_out[82];

void record(const State& s) {
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      u64 v = lane(s.box[(r / 3) * 3 + c / 3].w[r % 3], c % 3);
      grid_out[r * 9 + c] = static_cast<char>('1' + std::countr_zero(v));
    }
  grid_out[81] = 0;
}

const int log2x[7] = {0, 0, 1000, 1585, 2000, 2322, 2585};

void search(State& s) {
  for (;;) {
    ++nodes;
    // choose: the band with least sum of log2(configs) over open digits
    int best_k = -1, best_score = 1 << 30, best_d = -1;
    for (int k = 0; k < 6; ++k) {
      u64 v[6] = {s.X[k] & 0x1FF, s.X[k] >> 16 & 0x1FF, s.X[k] >> 32 & 0x1FF,
                  s.Y[k] & 0x1FF, s.Y[k] >> 16 & 0x1FF, s.Y[k] >> 32 & 0x1FF};
      u64 b0 = 0, b1 = 0, b2 = 0;
      for (u64 x : v) {
        u64 c0 = b0 & x;
        b0 ^= x;
        u64 c1 = b1 & c0;
        b1 ^= c0;
        b2 |= c1;
      }
      u64 e2 = ~b2 & b1 & ~b0, e3 = ~b2 & b1 & b0, e4 = b2 & ~b1 & ~b0, e5 = b2 & ~b1 & b0,
          e6 = b2 & b1 & ~b0;
      if (!(e2 | e3 | e4 | e5 | e6)) continue;
      int score = 1000 * std::popcount(e2) + 1585 * std::popcount(e3) + 2000 * std::popcount(e4) +
                  2322 * std::popcount(e5) + 2585 * std::popcount(e6);
      if (score < best_score) {
        u64 first = e2 ? e2 : e3 ? e3 : e4 ? e4 : e5 ? e5 : e6;
        best_score = score, best_k = k, best_d = std::countr_zero(first);
      }
    }
    if (best_k < 0) {
      // all configurations fixed: every cell should be single
      bool solved = true;
      for (int b = 0; b < 9 && solved; ++b)
        for (int r = 0; r < 3; ++r) {
          u64 c = s.box[b].w[r] & C3;
          if (c & ((c | G) - L)) solved = false;
        }
      if (!solved) {
        fprintf(stderr, "unsolved without an open family\n");
        exit(3);
      }
      if (solutions == 0) record(s);
      ++solutions;
      return;
    }
    // the lowest configuration holding the digit, in the order c0..c5
    static const int lane_of[6] = {0, 1, 2,
                                   5, 3, 4};  // config -> position (X lanes 0-2, Y lanes 3-5)
    int cfgc = 0;
    auto has = [&](int c) {
      int p = lane_of[c];
      u64 w = p < 3 ? s.X[best_k] : s.Y[best_k];
      return (w >> (16 * (p % 3) + best_d)) & 1;
    };
    while (!has(cfgc))
      ++cfgc;
    u64 only = u64(1) << (16 * (lane_of[cfgc] % 3) + best_d);
    bool inX = lane_of[cfgc] < 3;
    u64 dig = spread(u64(1) << best_d) & C3;
    ++guesses;
    {
      State y = s;
      y.X[best_k] &= ~dig | (inX ? only : 0);
      y.Y[best_k] &= ~dig | (inX ? 0 : only);
      unsigned dirty = 0;
      if (process_band(y, best_k, dirty) && propagate(y, dirty, 0)) search(y);
      if (solutions >= limit) return;
    }
    (inX ? s.X[best_k] : s.Y[best_k]) &= ~only;
    unsigned dirty = 0;
    if (!(process_band(s, best_k, dirty) && propagate(s, dirty, 0))) return;
  }
}

bool read_puzzle(const char* line, State& s) {
  size_t n = strcspn(line, ":\r\n");
  if (n != 81) return false;
  for (int b = 0; b < 9; ++b) {
    s.box[b].w[0] = s.box[b].w[1] = s.box[b].w[2] = 0x01FF01FF01FF01FFull;
    s.box[b].w[3] = C3;
    s.rows_or[b] = s.cols_or[b] = C3;
  }
  for (int k = 0; k < 6; ++k)
    s.X[k] = s.Y[k] = C3;
  for (int i = 0; i < 81; ++i) {
    char ch = line[i];
    if (ch >= '1' && ch <= '9') {
      int r = i / 9, c = i % 9;
      u64& w = s.box[(r / 3) * 3 + c / 3].w[r % 3];
      w = (w & ~(0xFFFFull << (16 * (c % 3)))) | (u64(1) << (ch - '1')) << (16 * (c % 3));
    } else if (ch != '.' && ch != '0') {
      return false;
    }
  }
  return true;
}

// An independent check of a solution: every row, column and box holds 1-9, givens kept.
bool valid_solution(const char* puzzle, const char* grid) {
  for (int u = 0; u < 27; ++u) {
    unsigned seen = 0;
    for (int k = 0; k < 9; ++k) {
      int i = u < 9    ? u * 9 + k
              : u < 18 ? k * 9 + (u - 9)
                       : ((u - 18) / 3 * 3 + k / 3) * 9 + (u - 18) % 3 * 3 + k % 3;
      seen |= 1u << (grid[i] - '1');
    }
    if (seen != 0x1FF) return false;
  }
  for (int i = 0; i < 81; ++i)
    if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != grid[i]) return false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool check = false, quiet = false;
  int a = 1;
  for (; a < argc && argv[a][0] == '-' && argv[a][1] == '-'; ++a) {
    if (!strcmp(argv[a], "--check"))
      check = true;
    else if (!strcmp(argv[a], "--quiet"))
      quiet = true;
    else {
      fprintf(stderr, "box_band_sketch: unknown option %s\n", argv[a]);
      return 2;
    }
  }
  if (a >= argc) {
    fprintf(stderr, "usage: box_band_sketch [--check | --quiet] FILE [LIMIT]\n");
    return 2;
  }
  const char* path = argv[a];
  limit = a + 1 < argc ? atol(argv[a + 1]) : 2;
  if (limit < 1) limit = 2;
  FILE* f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "box_band_sketch: cannot open %s\n", path);
    return 2;
  }
  std::string line;
  char buf[4096];
  long puzzles = 0, total_guesses = 0, total_solutions = 0, line_no = 0, bad = 0, skipped = 0;
  while (fgets(buf, sizeof buf, f)) {
    ++line_no;
    if (buf[0] == '#' || buf[0] == '\n') continue;
    State s;
    if (!read_puzzle(buf, s)) {
      // --check reads corpus/expected.answers, which holds other sizes too: it counts them
      if (check && strchr(buf, ':')) {
        ++skipped;
        continue;
      }
      fprintf(stderr, "%s:%ld:1: not a 9x9 puzzle of 81 characters (1-9, '.' or '0')\n", path,
              line_no);
      ++bad;
      continue;
    }
    solutions = 0;
    guesses = 0;
    if (propagate(s, 0x1FF, 0)) search(s);
    ++puzzles;
    total_guesses += guesses;
    total_solutions += solutions;
    if (solutions && !valid_solution(buf, grid_out)) {
      fprintf(stderr, "%s:%ld: the solution found is not valid: %s\n", path, line_no, grid_out);
      ++bad;
    }
    if (check) {
      long want = atol(buf + 82);
      const char* sol = strchr(buf + 82, ':');
      if (want != solutions ||
          (sol && want == 1 && strcspn(sol + 1, "\r\n") == 81 && strncmp(sol + 1, grid_out, 81))) {
        fprintf(stderr, "%s:%ld: expected %ld solution(s), found %ld (%s)\n", path, line_no, want,
                solutions, solutions ? grid_out : "-");
        ++bad;
      }
    } else if (!quiet) {
      printf("%ld %ld %s\n", solutions, guesses, solutions ? grid_out : "-");
    }
  }
  fclose(f);
  fprintf(
      stderr,
      "%ld puzzles, %ld solutions, %.3f guesses a puzzle, %ld nodes, %ld box passes (%ld rounds), "
      "%ld band "
      "passes%s\n",
      puzzles, total_solutions,
      puzzles ? static_cast<double>(total_guesses) / static_cast<double>(puzzles) : 0.0, nodes,
      box_calls, box_iters, band_calls,
      skipped ? (", " + std::to_string(skipped) + " lines of other sizes skipped").c_str() : "");
  if (puzzles == 0) fprintf(stderr, "%s: no 9x9 puzzle read\n", path);
  return bad || puzzles == 0 ? 1 : 0;
}
