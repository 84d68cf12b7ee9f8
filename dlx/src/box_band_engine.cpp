// The box-band search: the structure search (structure_engine.cpp) for the
// problems whose matrix has a 9x9 box-and-band layout (box_layout.hpp), with
// its state in lanes as tdoku keeps Sudoku's (t-dillon/tdoku, docs/sudoku.md)
// instead of counters per item and group. The same inference and the same
// branch rule, so the same trees to within the order rules run in (forum-
// hardest counting to 2: 108.3 guesses a puzzle here, 108.27 there).
//
// State and rules: box_band_rules.hpp.
//
// Branching, as the structure search: in the band whose unsettled symbols have
// the fewest ways in all (the sum of their logs), the symbol with the fewest,
// "its first way" against "another". A node is named by those decisions, so
// the search splits into subtrees over threads as the others do.
//
// Speed. On a host with AVX2 the box rules run on a box's four words at once,
// two boxes at a time (two 256-bit registers, or one 512-bit register on a host
// with AVX-512 and its BITALG; chosen when the engine is made); elsewhere, or with the
// environment variable DLX_NO_AVX2=1, on each word as four lanes
// (DLX_NO_AVX512=1: AVX2 at most).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "box_band_rules.hpp"
#include "box_layout.hpp"
#include "dlx/structure.hpp"
#include "engine.hpp"

#if defined(DLX_BOX_AVX2)
#include <cpuid.h>
#endif

namespace dlx::detail {

namespace {

using namespace box_band;
constexpr std::uint32_t family_code = std::uint32_t{1} << 30;

// Where the rules run on this host: chosen at run time, so the portable build
// has the vector code too. DLX_NO_AVX512=1 stops at AVX2 (an AVX2-only host's
// path, on any host), DLX_NO_AVX2=1 runs them a word at a time (tests,
// measurements).
#if defined(DLX_BOX_AVX2)
bool env_says(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && std::strcmp(value, "1") == 0;
}

// The host's instruction sets, read with three CPUID instructions once a
// process, not with __builtin_cpu_supports: that links libgcc's feature table,
// whose start-up code runs about fifteen in every process, each a trap to the
// hypervisor on a virtual machine (14 us measured, 0.2 ms a process).
rules_level cpu_rules_level() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  __cpuid(0, a, b, c, d);
  if (a < 7) return rules_level::words;
  __cpuid(1, a, b, c, d);
  const bool popcnt = (c >> 23) & 1, osxsave = (c >> 27) & 1;
  if (!popcnt || !osxsave) return rules_level::words;
  unsigned xcr0 = 0, xcr0_high = 0;
  __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0_high) : "c"(0));
  __cpuid_count(7, 0, a, b, c, d);
  const auto bit = [](unsigned word, int n) { return ((word >> n) & 1) != 0; };
  // The OS saves the vector registers: SSE and AVX state (XCR0 bits 1, 2).
  if ((xcr0 & 0x6) != 0x6 || !bit(b, 5) || !bit(b, 3) || !bit(b, 8))  // AVX2, BMI1, BMI2
    return rules_level::words;
  // AVX-512 state (bits 5-7); F, DQ, BW, VL in EBX, BITALG in ECX.
  if ((xcr0 & 0xe0) != 0xe0 || !bit(b, 16) || !bit(b, 17) || !bit(b, 30) || !bit(b, 31) ||
      !bit(c, 12))
    return rules_level::avx2;
  return rules_level::avx512;
}
#endif

rules_level host_rules_level() {
#if defined(DLX_BOX_AVX2)
  static const rules_level cpu = cpu_rules_level();
  if (cpu == rules_level::words || env_says("DLX_NO_AVX2")) return rules_level::words;
  if (cpu == rules_level::avx2 || env_says("DLX_NO_AVX512")) return rules_level::avx2;
  return rules_level::avx512;
#else
  return rules_level::words;
#endif
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
        const int box = r / 3 * 3 + c / 3;
        spots_[o] = {static_cast<std::uint8_t>(cell),        static_cast<std::uint8_t>(place % 9),
                     static_cast<std::uint8_t>(r),           static_cast<std::uint8_t>(c),
                     static_cast<std::uint8_t>(box),         static_cast<std::uint8_t>(r % 3),
                     static_cast<std::uint8_t>(16 * (c % 3))};
      }
    }
    for (auto& box : pristine_.box) {
      box[0] = box[1] = box[2] = 0x01FF01FF01FF01FFULL;
      box[3] = cells3;
    }
    for (int b = 0; b < 9; ++b)
      pristine_.lines_or[rows_at(b)] = pristine_.lines_or[columns_at(b)] = cells3;
    for (int k = 0; k < 6; ++k)
      pristine_.x[k] = pristine_.y[k] = cells3;
    base_ = work_ = pristine_;
    level_ = host_rules_level();
  }
  box_band_engine(const box_band_engine&) = default;
  [[nodiscard]] bool found() const noexcept { return found_; }

  std::unique_ptr<engine> clone() const override {
    return std::make_unique<box_band_engine>(*this);
  }
  engine_kind kind() const noexcept override { return engine_kind::bitset; }
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

  static u64 candidates(const board& s, std::uint32_t cell) {
    const std::uint32_t r = cell / 9, c = cell % 9;
    return lane(s.box[r / 3 * 3 + c / 3][r % 3], static_cast<int>(c % 3));
  }

  void apply_preselected(option_id option) override {
    const spot& at = spots_[option];
    u64& w = base_.box[at.box][at.mini_row];
    w = (w & ~(u64{0xFFFF} << at.shift)) | (u64{1} << at.symbol) << at.shift;
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
  bool nothing_to_cover() const override { return givens_ == 81; }
  bool supports(propagation p) const noexcept override { return p == propagation::groups; }
  bool advance(bool fresh) override {
    if (fresh) {
      work_ = base_;
      clear_givens_peers(work_);
      frame_count_ = 0;
      // Every band first, reading the boxes as the givens left them: a band
      // tells its boxes what the givens imply for the whole band before any
      // box runs (kaggle: 40% fewer box rounds than boxes first).
      boxes_dirty_ = 0x1FF;
      bands_dirty_ = 0x3F;
    }
    switch (level_) {
      case rules_level::avx512:
        return run<rules_level::avx512>(fresh);
      case rules_level::avx2:
        return run<rules_level::avx2>(fresh);
      case rules_level::words:
        break;
    }
    return run<rules_level::words>(fresh);
  }
  void unwind() override { frame_count_ = 0; }
  // Branch-free: which cells hold givens is as good as random (skipping them
  // with a branch mispredicted about forty times a puzzle: an eighth of an easy
  // puzzle's time). Every cell is written, a given's slot then overwritten.
  void append_chosen(std::vector<option_id>& out) const override {
    const std::size_t start = out.size();
    out.resize(start + 81);
    option_id* const slots = out.data() + start;
    std::size_t count = 0;
    for (std::uint32_t b = 0; b < 9; ++b) {
      for (std::uint32_t r = 0; r < 3; ++r) {
        const u64 w = work_.box[b][r];
        const std::uint32_t first = (b / 3 * 3 + r) * 9 + b % 3 * 3;
        for (std::uint32_t c = 0; c < 3; ++c) {
          const auto symbol = static_cast<std::uint32_t>(std::countr_zero(w >> (16 * c)));
          slots[count] = layout_.option[(first + c) * 9 + symbol];
          count += given_[first + c] == 0;
        }
      }
    }
    out.resize(start + count);
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
  std::uint32_t floor_here() const override { return frame_count_; }
  std::optional<double> fraction_done(std::uint32_t from) const override {
    (void)from;
    return yes_no_fraction_done(frames_.data(), frame_count_);
  }

  // Takes each given's symbol from the other cells of its row, column and box
  // at once (what the rules would find, in many rounds through the bands), and
  // records what each box's lines can then hold, as the bands read it.
  void clear_givens_peers(board& s) const {
    for (std::uint32_t b = 0; b < 9; ++b) {
      const std::uint32_t c0 = b % 3 * 3;
      const u64 columns = pack3(column_givens_[c0], column_givens_[c0 + 1], column_givens_[c0 + 2]);
      u64 rows = 0, cols = 0;
      for (std::uint32_t r = 0; r < 3; ++r) {
        u64& w = s.box[b][r];
        const u64 cells = w & cells3;
        const u64 givens =
            lanes_of(nonzero(cells) & ~nonzero(cells & ((cells | guards) - lane_ones)) &
                     guards3);  // every other cell still has all nine
        const u64 taken = spread(row_givens_[b / 3 * 3 + r] | box_givens_[b]) | columns;
        const u64 left = cells & ~(taken & ~givens);
        w = (w & ~cells3) | left;
        rows |= once3(left) << (16 * r);
        cols |= left;
      }
      s.lines_or[rows_at(b)] = rows, s.lines_or[columns_at(b)] = cols;
    }
  }
  template <rules_level Level>
  bool run(bool entering);
  // The branch: in the band whose open symbols have the fewest ways (the sum
  // of their logs), the symbol with the fewest; false when every symbol is settled.
  static bool choose(const board& s, frame& out);
  // Sets the family's ways to only `way` (yes) or takes `way` away (no).
  static void decide(board& s, const frame& f);
  void deepen() {
    // A decision takes at least one of the 324 ways from the state.
    constexpr std::size_t deepest = 6 * 9 * 6 + 1;
    if (arena_.size() == deepest) broken_invariant("box-band search: too deep");
    arena_.resize(std::min(deepest, 2 * arena_.size() + 8));
    frames_.resize(arena_.size());
  }

  box_layout layout_;
  bool found_ = false;
  // Per option, where it is: its cell and symbol, the cell's row, column and box.
  struct spot {
    std::uint8_t cell, symbol, row, column, box;
    std::uint8_t mini_row, shift;  // the cell's word in its box, and its lane's shift
  };
  std::vector<spot> spots_;
  board pristine_{}, base_{}, work_{};
  std::array<std::uint8_t, 81> given_{};  // per cell, its given symbol + 1
  std::uint32_t givens_ = 0;
  // The givens' symbols per row, column and box.
  std::array<std::uint32_t, 9> row_givens_{}, column_givens_{}, box_givens_{};
  // The boards and decisions on the path, grown as the search goes deeper (most
  // puzzles need a few levels: no start-up cost of the whole depth's pages).
  std::vector<board> arena_;
  std::vector<frame> frames_;
  std::uint32_t frame_count_ = 0;
  std::uint32_t boxes_dirty_ = 0, bands_dirty_ = 0;
  rules_level level_ = rules_level::words;
};

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
  // Branch-free, by arithmetic the compiler cannot turn into jumps: which band
  // wins, and which count of ways is its least, is as good as random to the
  // processor. A band's key: its score, then its number (the first on a tie);
  // all ones when every symbol of it is settled.
  u64 best = ~u64{0};
  u64 fewest[6];  // per band, the symbols with the fewest ways
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
    const u64 with[6] = {~b2 & b1 & ~b0, ~b2 & b1 & b0, b2 & ~b1 & ~b0,
                         b2 & ~b1 & b0,  b2 & b1 & ~b0, 0};
    std::uint32_t score = 0;
    unsigned some = 0;  // bit n: a symbol with n + 2 ways
    for (int n = 0; n < 5; ++n) {
      score += logs[n] * nine_bits[static_cast<std::size_t>(with[n])];
      some |= static_cast<unsigned>(with[n] != 0) << n;
    }
    fewest[k] = with[std::countr_zero(some | 32u)];
    const u64 key = (u64{score} << 3 | static_cast<u64>(k)) | (u64{0} - u64{some == 0});
    best = std::min(best, key);
  }
  const int best_band = best == ~u64{0} ? -1 : static_cast<int>(best & 7);
  const u64 best_symbols = best_band < 0 ? 0 : fewest[best_band];
  if (best_band < 0) return false;
  const int k = best_band, symbol = std::countr_zero(best_symbols);
  out.family = static_cast<std::uint8_t>(k * 9 + symbol);
  // Its first way still possible (way w's bit in x's or y's lane way_slot[w]).
  const u64 in_x = s.x[k] >> symbol, in_y = s.y[k] >> symbol;
  const unsigned ways =
      static_cast<unsigned>((in_x & 1) | (in_x >> 16 & 1) << 1 | (in_x >> 32 & 1) << 2 |
                            (in_y & 1) << 4 | (in_y >> 16 & 1) << 5 | (in_y >> 32 & 1) << 3);
  out.way = static_cast<std::uint8_t>(std::countr_zero(ways));
  out.no = false;
  return true;
}

void box_band_engine::decide(board& s, const frame& f) {
  const int k = f.family / 9, symbol = f.family % 9, slot = way_slot[f.way];
  const u64 one = u64{1} << (16 * (slot % 3) + symbol);
  if (f.no) {
    (slot < 3 ? s.x[k] : s.y[k]) &= ~one;
  } else {
    const u64 all = spread(u64{1} << symbol) & cells3;
    s.x[k] &= ~all | (slot < 3 ? one : 0);
    s.y[k] &= ~all | (slot < 3 ? 0 : one);
  }
}

template <rules_level Level>
bool box_band_engine::run(bool entering) {
  for (;;) {
    if (entering) {
      bool pruned = false;
      if (result_.nodes >= next_checkpoint_) {
        const verdict v = checkpoint(frame_count_);
        if (v == verdict::stop) return false;
        pruned = v == verdict::prune;  // not a node of this search: back up, uncounted
      }
      const bool alive = !pruned && settle<Level>(work_, boxes_dirty_, bands_dirty_);
      boxes_dirty_ = bands_dirty_ = 0;
      result_.nodes += !pruned;
      result_.max_level = std::max(result_.max_level, frame_count_);
      if (sanity_checks && alive && sanity_due(result_.nodes)) {
        // Every rule at its fixpoint: running them all again changes nothing.
        board again = work_;
        const bool held = settle<rules_level::words>(again, 0x1FF, 0x3F);
        if (!held || std::memcmp(&again, &work_, sizeof again) != 0)
          broken_invariant("box-band search");
      }
      if (alive && solved<Level>(work_)) {
        ++result_.solutions;
        return true;
      }
      if (alive) {
        frame fr{};
        // Every band settled yet a cell open cannot be: the boxes' rules fill it.
        if (!choose(work_, fr)) broken_invariant("box-band search: nothing to branch on");
        ++result_.branches;
        ++result_.guesses;
        if (frame_count_ == arena_.size()) deepen();
        copy_board<Level>(arena_[frame_count_], work_);
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
    copy_board<Level>(work_, arena_[frame_count_ - 1]);
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

namespace dlx {

std::string_view box_band_rules_path() {
  switch (detail::host_rules_level()) {
    case detail::box_band::rules_level::avx512:
      return "AVX-512";
    case detail::box_band::rules_level::avx2:
      return "AVX2";
    case detail::box_band::rules_level::words:
      break;
  }
  return "64-bit words";
}

}  // namespace dlx
