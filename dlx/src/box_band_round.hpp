// The box rules in vector registers: a round on a box in a 256-bit register or
// two in a 512-bit one, the loop that runs the boxes marked two at a time, and
// a band's news for its three boxes side by side.
// For box_band_rules.hpp, which includes it once per instruction set, with
// DLX_VEC naming the target and DLX_VEC_POPCNT16 saying whether it counts a
// lane's bits in one instruction (no include guard on purpose). Internal.

// The same words in every box of the register.
template <class V>
DLX_VEC V per_box(u64 a, u64 b, u64 c, u64 d) {
  if constexpr (sizeof(V) == 32) {
    return V{a, b, c, d};
  } else {
    return V{a, b, c, d, a, b, c, d};
  }
}
// Word A, B, C, D of each box, in its words 0-3.
template <int A, int B, int C, int D>
DLX_VEC v4 words(v4 x) {
  return __builtin_shufflevector(x, x, A, B, C, D);
}
template <int A, int B, int C, int D>
DLX_VEC v8 words(v8 x) {
  return __builtin_shufflevector(x, x, A, B, C, D, A + 4, B + 4, C + 4, D + 4);
}
template <class V>
DLX_VEC bool vany(V x) {
  if constexpr (sizeof(V) == 32) {
    return _mm256_testz_si256((__m256i)x, (__m256i)x) == 0;
  } else {
    return _mm512_test_epi64_mask((__m512i)x, (__m512i)x) != 0;
  }
}
template <class V>
DLX_VEC V word_turn1(V x) {
  return words<1, 2, 0, 3>(x);
}
template <class V>
DLX_VEC V word_turn2(V x) {
  return words<2, 0, 1, 3>(x);
}
template <class V>
DLX_VEC V words_once(V x) {
  return x | word_turn1(x) | word_turn2(x);
}
template <class V>
DLX_VEC V words_twice(V x) {
  return (x & word_turn1(x)) | ((x | word_turn1(x)) & word_turn2(x));
}
// Byte indices within a word, low byte first (0x80: an empty byte).
constexpr std::uint64_t turn1_bytes = 0x8080'0100'0504'0302ULL;
constexpr std::uint64_t turn2_bytes = 0x8080'0302'0100'0504ULL;
constexpr std::uint64_t from3_bytes = 0x8080'0706'0706'0706ULL;
constexpr std::uint64_t from0_bytes = 0x8080'0100'0100'0100ULL;
constexpr std::uint64_t same_bytes = 0x8080'0504'0302'0100ULL;
// Added to a word's byte indices for the second word of a 128-bit lane.
constexpr std::uint64_t next_word = 0x0808'0808'0808'0808ULL;
// Lanes moved within each word by one byte shuffle, its bytes as `pattern`
// says (turn1_bytes ... from0_bytes above): lane r of the result holds lane
// (r + 1) % 3, (r + 2) % 3 of x (lanes 0-2), or lane 3 or lane 0 in lanes 0-2
// (from3, from0); lane 3 of the result is empty.
template <std::uint64_t pattern, class V>
DLX_VEC V lanes(V x) {
  if constexpr (sizeof(V) == 32) {
    const __m256i p = _mm256_set1_epi64x(static_cast<long long>(pattern)) +
                      _mm256_setr_epi64x(0, static_cast<long long>(next_word), 0,
                                         static_cast<long long>(next_word));
    return (V)_mm256_shuffle_epi8((__m256i)x, p);
  } else {
    const long long next = static_cast<long long>(next_word);
    const __m512i p = _mm512_set1_epi64(static_cast<long long>(pattern)) +
                      _mm512_setr_epi64(0, next, 0, next, 0, next, 0, next);
    return (V)_mm512_shuffle_epi8((__m512i)x, p);
  }
}

// Bits set in each 16-bit lane (AVX-512 BITALG: one instruction).
template <class W>
DLX_VEC W vbits(W x) {
#if DLX_VEC_POPCNT16
  if constexpr (sizeof(W) == 64) {
    return (W)_mm512_popcnt_epi16((__m512i)x);
  } else {
    return (W)_mm256_popcnt_epi16((__m256i)x);
  }
#else
  x = x - ((x >> 1) & 0x5555);
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0F0F;
  return (x + (x >> 8)) & 0x1F;
#endif
}

// One round of a box's rules (of each box in the register): the next state;
// `bad` gains a bit on a contradiction; `o` and `oc` are what its mini-rows
// (lanes 0-2 of words 0-2, each lane) and mini-columns (lanes 0-2) could hold
// before the round.
template <class V>
DLX_VEC V box_round(V w, V& bad, V& o_out, V& oc_out) {
  using W = typename lanes16<V>::type;
  const V cells = per_box<V>(cells3, cells3, cells3, 0);
  const V lane0 = per_box<V>(0xFFFF, 0xFFFF, 0xFFFF, 0);
  const V counted = cells | (lane0 << 48), column_lanes = per_box<V>(0, 0, 0, cells3);
  // Mini-rows are words 0-2: a row's union, its symbols in two cells or more
  // and its "absent" lane in each of its three lanes; the mini-columns are
  // lanes 0-2, the same in every word.
  const V c = w & cells;
  bad |= (V)((W)c == 0) & cells;
  const V c1 = lanes<turn1_bytes>(c), c2 = lanes<turn2_bytes>(c), c01 = c | c1;
  const V o = c01 | c2, t = (c & c1) | (c01 & c2);
  const V oc = words_once(c), tc = words_twice(c);
  V cols_absent = words<3, 3, 3, 3>(w) & cells3;
  V rows_absent = lanes<from3_bytes>(w);
  const W c16 = (W)c;
  // A cell with one candidate (or none: that is `bad` already, and holds none).
  const V one = (V)((c16 & (c16 - 1)) == 0);
  const V k = c & (one | (o & ~t & ~rows_absent) | (oc & ~tc & ~cols_absent));
  V n = c;
  if (vany(k)) {
    const W k16 = (W)k;
    bad |= (V)(k16 & (k16 - 1));
    const V k1 = lanes<turn1_bytes>(k), k2 = lanes<turn2_bytes>(k), k01 = k | k1;
    const V ko = k01 | k2;
    bad |= (k & k1) | (k01 & k2) | words_twice(ko);
    n = (c & ~(V)(k16 != 0) & ~words_once(ko)) | k;
    rows_absent &= ~ko;
    cols_absent &= ~words_once(k);
  }
  bad |= ((o | rows_absent) ^ cells) & cells;
  const V rows_sure = ~rows_absent & cells;
  V lose_rows = words_once(rows_sure) & ~rows_sure;
  const V rows_known = rows_absent & ~o;
  bad |= ((oc | cols_absent) ^ cells3) & cells;
  const V cols_sure = ~cols_absent & cells3;
  V lose_cols =
      (cols_sure | lanes<turn1_bytes>(cols_sure) | lanes<turn2_bytes>(cols_sure)) & ~cols_sure;
  const V cols_known = cols_absent & ~oc;
  // Both directions' counts at once, the rows' in lane 3: a line may lack six
  // symbols, no more, no fewer (`over`); with six that may be absent, those
  // are (`six`); with six known absent, the rest are present (`six_known`).
  const V absent = (rows_absent << 48) | cols_absent, known = (rows_known << 48) | cols_known;
#if DLX_VEC_POPCNT16
  const W n16 = vbits((W)absent), k16 = vbits((W)known);
  const V over = (V)((n16 < 6) | (k16 > 6));
  const V six = (V)(n16 == 6) & counted, six_known = (V)(k16 == 6) & counted;
#else
  // No bit count of a lane in AVX2: the symbols not absent (`p`) and not known
  // absent (`q`) of each line, their lowest bits cleared one to three times.
  const V nine = per_box<V>(all9 * lane_ones, all9 * lane_ones, all9 * lane_ones, all9 * lane_ones);
  const W p = (W)(absent ^ nine), q = (W)(known ^ nine);
  const W p2 = p & (p - 1) & ((p & (p - 1)) - 1), q2 = q & (q - 1) & ((q & (q - 1)) - 1);
  const W p3 = p2 & (p2 - 1), q3 = q2 & (q2 - 1);
  // More than three present, or fewer than three not known absent.
  const V over = ~(V)(p3 == 0) | (V)(q2 == 0);
  const V six = ~(V)(p2 == 0) & (V)(p3 == 0) & counted;
  const V six_known = ~(V)(q2 == 0) & (V)(q3 == 0) & counted;
#endif
  bad |= over & counted;
  lose_rows |= rows_absent & lanes<from3_bytes>(six);
  lose_cols |= cols_absent & six;
  // Six known absent: the line's other symbols, all in its cells, are not.
  rows_absent &= ~(lanes<from3_bytes>(six_known) & o);
  cols_absent &= ~(six_known & oc);
  n &= ~(lose_rows | lose_cols);
  o_out = o, oc_out = oc;
  // Word 3 of n and of the rows' lanes is empty: the columns' lanes go there.
  return n | (rows_absent << 48) | (words<0, 0, 0, 0>(cols_absent) & column_lanes);
}

// Every box marked, to its fixpoint, two at a time in two 256-bit registers
// (two chains of rounds the processor overlaps). A box at its fixpoint is put
// back and gives its slot to the next box waiting, so no slot idles while a box
// waits. Marks the bands whose boxes' lines changed; false on a contradiction.
DLX_VEC bool run_boxes(board& s, std::uint32_t boxes, std::uint32_t& bands) {
  // The slots' boxes; -1 once nothing is left for a slot.
  int slot[2] = {-1, -1};
  v4 box[2];
  for (int h = 0; h < 2 && boxes != 0; ++h) {
    slot[h] = std::countr_zero(boxes);
    boxes &= boxes - 1;
    std::memcpy(&box[h], s.box[slot[h]], sizeof box[h]);
  }
  if (slot[0] < 0) return true;
  for (;;) {
    // One round; `done` gets a bit per slot at its fixpoint.
    u64 rows[2] = {0, 0}, cols[2] = {0, 0};
    unsigned done = 0;
    if (slot[0] >= 0 && slot[1] >= 0) {
      v4 bad = {0, 0, 0, 0}, o[2], oc[2];
      const v4 next0 = box_round(box[0], bad, o[0], oc[0]);
      const v4 next1 = box_round(box[1], bad, o[1], oc[1]);
      if (vany(bad)) return false;
      done = (vany(next0 ^ box[0]) ? 0u : 1u) | (vany(next1 ^ box[1]) ? 0u : 2u);
      box[0] = next0, box[1] = next1;
      for (int h = 0; h < 2; ++h)
        rows[h] = pack3(o[h][0] & all9, o[h][1] & all9, o[h][2] & all9), cols[h] = oc[h][0];
    } else {
      // One slot left: no second chain beside it.
      const int h = slot[0] >= 0 ? 0 : 1;
      v4 bad = {0, 0, 0, 0}, o, oc;
      const v4 next = box_round(box[h], bad, o, oc);
      if (vany(bad)) return false;
      done = vany(next ^ box[h]) ? 0u : 1u << h;
      box[h] = next;
      rows[h] = pack3(o[0] & all9, o[1] & all9, o[2] & all9), cols[h] = oc[0];
    }
    if (done == 0) continue;
    for (int h = 0; h < 2; ++h) {
      const int b = slot[h];
      if (b < 0 || (done >> h & 1) == 0) continue;
      std::memcpy(s.box[b], &box[h], sizeof box[h]);
      u64& rows_was = s.lines_or[rows_at(b)];
      u64& cols_was = s.lines_or[columns_at(b)];
      bands |= static_cast<std::uint32_t>(rows[h] != rows_was) << (b / 3) |
               static_cast<std::uint32_t>(cols[h] != cols_was) << (3 + b % 3);
      rows_was = rows[h], cols_was = cols[h];
      slot[h] = -1;
      if (boxes == 0) continue;
      slot[h] = std::countr_zero(boxes);
      boxes &= boxes - 1;
      std::memcpy(&box[h], s.box[slot[h]], sizeof box[h]);
    }
    if (slot[0] < 0 && slot[1] < 0) return true;
  }
}

#if DLX_VEC_POPCNT16
// The same with the two boxes in the halves of one 512-bit register (half the
// instructions), kept there from round to round: a half is written back and
// loaded only when its box is done. A half without a box keeps the last one it
// had, at its fixpoint.
DLX_VEC bool run_boxes_paired(board& s, std::uint32_t boxes, std::uint32_t& bands) {
  if (boxes == 0) return true;
  int slot[2] = {std::countr_zero(boxes), -1};
  boxes &= boxes - 1;
  v4 first, second;
  std::memcpy(&first, s.box[slot[0]], sizeof first);
  second = first;
  if (boxes != 0) {
    slot[1] = std::countr_zero(boxes);
    boxes &= boxes - 1;
    std::memcpy(&second, s.box[slot[1]], sizeof second);
  }
  v8 pair = __builtin_shufflevector(first, second, 0, 1, 2, 3, 4, 5, 6, 7);
  for (;;) {
    v8 bad = {0, 0, 0, 0, 0, 0, 0, 0}, o, oc;
    const v8 next = box_round(pair, bad, o, oc);
    if (vany(bad)) return false;
    const unsigned changed = _mm512_cmpneq_epi64_mask((__m512i)next, (__m512i)pair);
    pair = next;
    // A slot's bit when its box is at its fixpoint.
    const unsigned done = (((changed & 0x0F) == 0 ? 1u : 0u) | ((changed & 0xF0) == 0 ? 2u : 0u)) &
                          ((slot[0] >= 0 ? 1u : 0u) | (slot[1] >= 0 ? 2u : 0u));
    if (done == 0) continue;
    for (int h = 0; h < 2; ++h) {
      const int b = slot[h];
      if ((done >> h & 1) == 0) continue;
      // Half h written back.
      const v4 done_box = h == 0 ? __builtin_shufflevector(pair, pair, 0, 1, 2, 3)
                                 : __builtin_shufflevector(pair, pair, 4, 5, 6, 7);
      std::memcpy(s.box[b], &done_box, sizeof done_box);
      const u64 rows = pack3(o[4 * h] & all9, o[4 * h + 1] & all9, o[4 * h + 2] & all9),
                cols = oc[4 * h];
      u64& rows_was = s.lines_or[rows_at(b)];
      u64& cols_was = s.lines_or[columns_at(b)];
      bands |= static_cast<std::uint32_t>(rows != rows_was) << (b / 3) |
               static_cast<std::uint32_t>(cols != cols_was) << (3 + b % 3);
      rows_was = rows, cols_was = cols;
      slot[h] = -1;
      if (boxes == 0) continue;
      slot[h] = std::countr_zero(boxes);
      boxes &= boxes - 1;
      // The next box into half h.
      v4 box;
      std::memcpy(&box, s.box[slot[h]], sizeof box);
      const v8 loaded = __builtin_shufflevector(box, box, 0, 1, 2, 3, 0, 1, 2, 3);
      pair = (v8)_mm512_mask_blend_epi64(static_cast<__mmask8>(0x0F << (4 * h)), (__m512i)pair,
                                         (__m512i)loaded);
    }
    if (slot[0] < 0 && slot[1] < 0) return true;
  }
}
#endif

// A band (box_band_rules.hpp's band_rules) with its three boxes' news side by
// side, word j of a 256-bit register for box j; each box's mask of the bits it
// loses gathered by one permutation of 16-bit lanes (AVX-512) or by shifts.
DLX_VEC bool band_rules_vec(board& s, int k, std::uint32_t& dirty) {
  // What the band read of its boxes' lines, box j in word j.
  // (Three loads of words the boxes stored one by one: one wider load would
  // wait for them to reach the cache.)
  const u64* const read = &s.lines_or[3 * k];
  const v4 seen = {read[0], read[1], read[2], 0};
  // Per word, box j's lines as they are (box 0), turned once or twice (boxes
  // 1 and 2: A turns box 1 once and box 2 twice, B the other way); word 3 empty.
  const __m256i a = _mm256_setr_epi64x(
      static_cast<long long>(same_bytes), static_cast<long long>(turn1_bytes + next_word),
      static_cast<long long>(turn2_bytes), static_cast<long long>(~u64{0}));
  const __m256i b = _mm256_setr_epi64x(
      static_cast<long long>(same_bytes), static_cast<long long>(turn2_bytes + next_word),
      static_cast<long long>(turn1_bytes), static_cast<long long>(~u64{0}));
  // The ways the boxes' lines still allow (band_ways: x, box 0's line r, box
  // 1's r + 1, box 2's r + 2; y, r + 2 and r + 1), word 0 the three boxes' AND.
  const v4 tx = (v4)_mm256_shuffle_epi8((__m256i)seen, a),
           ty = (v4)_mm256_shuffle_epi8((__m256i)seen, b);
  const u64 x = s.x[k] & (tx & words<1, 2, 0, 3>(tx) & words<2, 0, 1, 3>(tx))[0];
  const u64 y = s.y[k] & (ty & words<1, 2, 0, 3>(ty) & words<2, 0, 1, 3>(ty))[0];
  if (((x | y | x >> 16 | y >> 16 | x >> 32 | y >> 32) & all9) != all9) return false;
  s.x[k] = x, s.y[k] = y;
  // Box j's lines can hold x | y turned by its place in the ways (as band_rules).
  const v4 bx = {x, x, x, x}, by = {y, y, y, y};
  const v4 can = (v4)_mm256_shuffle_epi8((__m256i)bx, b) | (v4)_mm256_shuffle_epi8((__m256i)by, a);
  const v4 must = can & ~(lanes<turn1_bytes>(can) | lanes<turn2_bytes>(can));
  const v4 lose = seen & ~can, kept = seen & can;
  // What each box's lines can hold once told (as band_rules).
  for (int j = 0; j < 3; ++j)
    s.lines_or[3 * k + j] = kept[j];
  int boxes[3];
  for (int j = 0; j < 3; ++j)
    boxes[j] = band_box(k, j);
  const int kind = k < 3 ? 0 : 1;
#if DLX_VEC_POPCNT16
  // Lane 4j + r: box j's `lose` for its line r; lane 16 + 4j + r: its `must`.
  const __m512i news = (__m512i)__builtin_shufflevector(lose, must, 0, 1, 2, 3, 4, 5, 6, 7);
  // Box j's mask, lane 4r + c (word r, lane c): a band of rows takes `lose` for
  // line r's cells and `must` for its "absent" lane; a band of columns takes
  // `lose` for column c's cells and `must` for the columns' "absent" word.
  alignas(64) static constexpr std::uint16_t index[2][3][32] = {
      {{0, 0, 0, 16, 1, 1, 1, 17, 2, 2, 2, 18},
       {4, 4, 4, 20, 5, 5, 5, 21, 6, 6, 6, 22},
       {8, 8, 8, 24, 9, 9, 9, 25, 10, 10, 10, 26}},
      {{0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0, 16, 17, 18},
       {4, 5, 6, 0, 4, 5, 6, 0, 4, 5, 6, 0, 20, 21, 22},
       {8, 9, 10, 0, 8, 9, 10, 0, 8, 9, 10, 0, 24, 25, 26}}};
  constexpr __mmask32 keeps[2] = {0x0FFF, 0x7777};
  const __mmask32 keep = keeps[kind];
#endif
  for (int j = 0; j < 3; ++j) {
#if DLX_VEC_POPCNT16
    const v8 gathered =
        (v8)_mm512_maskz_permutexvar_epi16(keep, _mm512_load_si512(index[kind][j]), news);
    const __m256i mask = (__m256i)__builtin_shufflevector(gathered, gathered, 0, 1, 2, 3);
#else
    // Box j's `lose` and `must` in every word (32-bit lanes 2j and 2j + 1).
    const __m256i pick = _mm256_set1_epi64x(
        static_cast<long long>((static_cast<u64>(2 * j + 1) << 32) | static_cast<u64>(2 * j)));
    const v4 lose_j = (v4)_mm256_permutevar8x32_epi32((__m256i)lose, pick),
             must_j = (v4)_mm256_permutevar8x32_epi32((__m256i)must, pick);
    __m256i mask;
    if (kind == 0) {
      // Word r: line r's `lose` in its three cells, its `must` in its "absent" lane.
      const v4 line = v4{all9, all9, all9, 0};
      const v4 cells_lose = lanes<from0_bytes>((lose_j >> v4{0, 16, 32, 0}) & line);
      mask = (__m256i)(cells_lose | ((must_j >> v4{0, 16, 32, 0}) & line) << 48);
    } else {
      // Words 0-2: `lose`, by column; word 3, the columns' "absent" lanes: `must`.
      mask = _mm256_blend_epi32((__m256i)lose_j, (__m256i)must_j, 0xC0);
    }
#endif
    u64(&box)[4] = s.box[boxes[j]];
    const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(box));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(box), _mm256_andnot_si256(mask, w));
    dirty |= static_cast<std::uint32_t>(_mm256_testz_si256(w, mask) == 0) << boxes[j];
  }
  return true;
}