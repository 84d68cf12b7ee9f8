// The structure search: exact cover over a bitset of active options, with the
// inference and the yes/no branches that the problem's own structure allows
// (structure.hpp: groups, quotas, families), found when the problem is prepared.
//
// State. Copied where the search branches, as in the bitset engine, and small:
// one bit per option (still active or not), a byte per primary item (active
// options left; "covered" once covered), a byte per group (active options
// left; "used" once one of them is chosen or it is forced), two bytes per quota
// (parts not yet dead, parts used), and per family the matchings still
// possible (a bit each) and the groups already forced or in no possible
// matching. For a 9x9 Sudoku: 96 + 336 + 496 + 2 * 64 + 54 * 16 bytes.
//
// Counting. An option removed comes off the counters of its items, its groups
// and the quotas it is a single part of. The smallest value an item's counter
// took since the last scan is kept: only when it is 1 or less does a scan (16
// counters at a time) look for the items at 1 (forced moves) and at 0 (a dead
// end). (A push per decrement cost more: idea 36 in bench/README.md.)
// A group reaching 0 is dead (noted without a branch, and handled before any
// rule runs): the quotas it is a part of lose one live part, and its family
// loses the matchings that hold it. A quota left with exactly k live parts
// forces them, and one with k parts used kills the others (both ways, as
// tdoku's mini-rows hold exactly three digits: idea 72); a family's possible
// matchings kill the groups in none of them and force those in all of them.
// Forcing group g of items a and b removes the options of a and b outside g
// and counts g as used (a and b die with it, if it dies); forcing a single
// option chooses it. Rules run only when no forced move is left.
//
// Lazily. The group state is built only when forced moves alone get stuck (an
// easy Sudoku never needs it): counted once from the active options, then kept
// up to date. Every saved state lies below that point.
//
// Branching, yes/no, after tdoku: in the cluster of families (structure.hpp)
// whose unsettled families have the fewest combinations left (the smallest
// product of their matching counts), the family with the fewest (two or more),
// "its first possible matching" against "another one"; when every family is
// settled, or there are none, the leftmost item with the fewest options, "its
// first option" against "not that option". A branch is one guess, as tdoku
// counts them. Measured against other choices in bench/README.md.
//
// Speed. The hot loop runs on a `walker`, a local copy of the tables' pointers
// and the event stacks, so the compiler keeps them in registers (as members of
// the engine, every byte stored to a counter, which may alias anything, made
// it reload them); it is compiled for options of K primary items and G groups
// each (Sudoku: 4 and 2), with lists for any other shape. An option chosen
// clears, in one pass, the precomputed list of the options that share an item
// with it, when those lists are small.
// On this machine's hard Sudokus a third of the time went to mispredicted
// branches (bench/README.md, ideas 62-66): the hot paths avoid branches whose
// outcome is a coin toss (did a group die, did a word of a row lose options),
// at the price of a few more instructions.
//
// Node counts: a node is a branch, a dead end or a solution; updates count the
// options removed. A node is named by its yes/no decisions (append_path), so
// the search splits into subtrees over threads as the others do.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <span>

#include "counter_scan.hpp"
#include "engine.hpp"
#include "structure.hpp"

namespace dlx::detail {

namespace {

constexpr std::uint8_t covered = 255;
constexpr std::uint8_t covering = 128;  // an item of the option being chosen
constexpr std::uint8_t used = 255;      // a group's counter once one of its options is chosen
constexpr std::uint8_t used_floor = 128;
constexpr std::uint32_t none = ~std::uint32_t{0};
// Codes of the decisions that name a node (append_path).
constexpr std::uint32_t ruled_out_code = std::uint32_t{1} << 31;
constexpr std::uint32_t family_code = std::uint32_t{1} << 30;
// Per-option conflict lists are kept up to this many (word, mask) pairs in all
// (about 1.5 MB; a 9x9 Sudoku needs about 6,000, a 16x16 about 70,000).
constexpr std::size_t max_conflict_masks = std::size_t{1} << 17;
// Up to this many options (a 9x9 Sudoku has 729) the lists are whole bitsets
// (at most 128 KB): a choice clears them a word at a time, with no list to walk.
constexpr std::uint32_t max_dense_options = 1024;
// Items of at most this many (word, mask) pairs are padded for only_option.
constexpr std::uint32_t max_padded_masks = 16;
// preselect_quickly ORs the givens' rows in this many vectors of two words.
constexpr std::uint32_t batch_vectors = 8;

struct option_mask {
  std::uint32_t word;
  std::uint64_t mask;
};

// What a group's death touches: its family (or none) and the matchings there
// that hold it; the one quota it is a part of (or none).
struct group_rule {
  std::uint32_t family;
  std::uint32_t quota;
  std::uint64_t with;
};

// Bits set in a mask of matchings. Portable builds have no POPCNT instruction
// (std::popcount is then a library call); Sudoku's families have six matchings.
constexpr std::array<std::uint8_t, 256> byte_bits = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned v = 0; v < 256; ++v)
    t[v] = static_cast<std::uint8_t>(std::popcount(v));
  return t;
}();
inline std::uint32_t count_bits(std::uint64_t x) {
  if (x < 256) return byte_bits[x];
  return bit_count(x);
}

// 100 log2(n), rounded, for n = 0..64 (0 for 0 and 1): the branch choice adds
// these up to compare the products of the matchings left in clusters.
constexpr std::array<std::uint16_t, 65> log2_hundredths = {
    0,   0,   100, 158, 200, 232, 258, 281, 300, 317, 332, 346, 358, 370, 381, 391, 400,
    409, 417, 425, 432, 439, 446, 452, 458, 464, 470, 475, 481, 486, 491, 495, 500, 504,
    509, 513, 517, 521, 525, 529, 532, 536, 539, 543, 546, 549, 552, 555, 558, 561, 564,
    567, 570, 573, 575, 578, 581, 583, 586, 588, 591, 593, 595, 598, 600};

// The branch choice's table of weights (structure_engine::choice_weights_)
// keeps the open flag from this bit up.
constexpr std::uint32_t open_shift = 20;

// Appends the (word, mask) pairs of a sorted list of options.
void append_masks(std::vector<option_mask>& out, std::span<const std::uint32_t> options) {
  const std::size_t first = out.size();
  for (std::uint32_t o : options) {
    if (out.size() == first || out.back().word != o / 64) out.push_back({o / 64, 0});
    out.back().mask |= std::uint64_t{1} << (o % 64);
  }
}

class structure_engine final : public engine {
 public:
  explicit structure_engine(const engine& compiled);
  structure_engine(const structure_engine&) = default;

  std::unique_ptr<engine> clone() const override {
    return std::make_unique<structure_engine>(*this);
  }
  engine_kind kind() const noexcept override { return engine_kind::bitset; }
  bool check_invariants() const override;

 private:
  struct view {
    std::uint8_t* counts;
    std::uint8_t* group_counts;
    std::uint8_t* quota_live;
    std::uint8_t* quota_sure;  // group parts known to be used (chosen or forced)
    std::uint64_t* active;
    std::uint64_t* family_live;  // possible matchings
    // Per family, the groups already forced (low 32 bits) and those already
    // in no possible matching (high 32 bits): processing skips both.
    std::uint64_t* family_done;
    std::uint64_t* remaining;
  };
  view at(std::uint64_t* words) const {
    auto* bytes = reinterpret_cast<std::uint8_t*>(words);
    std::uint64_t* active = words + bytes_words_;
    std::uint64_t* family_live = active + active_words_;
    std::uint64_t* family_done = family_live + families_;
    std::uint64_t* remaining = family_done + families_;
    std::uint8_t* quotas = bytes + counts_bytes_ + groups_bytes_;
    return {bytes,  bytes + counts_bytes_, quotas,      quotas + quotas_bytes_,
            active, family_live,           family_done, remaining};
  }

  struct frame {
    std::uint32_t level;
    std::uint32_t target;  // a family, or an option
    std::uint32_t value;   // the matching tried (family branch)
    bool family;
    bool no;  // the yes branch was tried: the no branch is next
  };

  template <int K, int G, bool Groups>
  struct walker;

  void apply_preselected(option_id option) override;
  bool preselect_quickly(std::span<const option_id> options) override;
  void revert_preselection(std::size_t keep) override;
  bool nothing_to_cover() const override {
    const view s = at(const_cast<std::uint64_t*>(base_.data()));
    return std::all_of(s.counts, s.counts + primary_count_,
                       [](std::uint8_t c) { return c == covered; });
  }
  bool supports(propagation p) const noexcept override { return p == propagation::groups; }
  bool advance(bool fresh) override;
  template <int K, int G>
  bool advance_as(bool fresh);
  template <int K, int G, bool Groups>
  bool run(bool entering, bool& handoff);
  void unwind() override {
    frame_count_ = 0;
    chosen_count_ = 0;
  }
  void append_chosen(std::vector<option_id>& out) const override {
    out.insert(out.end(), chosen_.begin(), chosen_.begin() + chosen_count_);
  }
  // A node is named by its yes/no decisions, each one code (search.hpp): an
  // option chosen (its id) or ruled out (its id with the top bit), or a
  // family's matching kept or ruled out (bit 30, the family, the matching).
  void append_path(std::vector<option_id>& out) const override {
    for (std::uint32_t k = 0; k < frame_count_; ++k) {
      const frame& f = frames_[k];
      out.push_back(f.family ? family_code | f.target << 7 | f.value << 1 | (f.no ? 1u : 0u)
                             : (f.no ? ruled_out_code : 0u) | f.target);
    }
  }
  std::uint32_t floor_here() const override { return frame_count_; }
  std::optional<double> fraction_done(std::uint32_t from) const override {
    (void)from;
    return yes_no_fraction_done(frames_.data(), frame_count_);
  }

  void recount_base();
  // Counts the group state of `s` from its active options (see the top).
  void build_groups(const view& s);
  // Whether state `s` agrees with its active options (DLX_SANITY).
  bool consistent(const view& s, bool groups) const;
  // Calls add(q) for each quota of each group used in `s`, once per part.
  template <class Add>
  void count_sure(const view& s, Add add) const {
    for (std::uint32_t g = 0; g < structure_.groups.size(); ++g) {
      if (s.group_counts[g] < used_floor) continue;
      if (!many_quotas_) {
        if (rules_[g].quota != none) add(rules_[g].quota);
        continue;
      }
      for (std::uint32_t i = group_quotas_start_[g]; i < group_quotas_start_[g + 1]; ++i)
        add(group_quotas_[i]);
    }
  }
  std::uint64_t* frame_state(std::size_t index) {
    const std::size_t need = (index + 1) * state_words_;
    if (arena_.size() < need) arena_.resize(std::max(need, arena_.size() * 2));
    return arena_.data() + index * state_words_;
  }

  matrix_structure structure_;
  // K, G: the primary items and the groups of every option, when all have
  // the same number (then items_ and groups_ are option * K and option * G).
  std::uint32_t uniform_items_ = 0, uniform_groups_ = 0;
  // Static lists, as CSR: each item's options as masks; each option's primary
  // items, secondary items, groups, and the quotas it is a single part of;
  // and, for small problems, the options that share an item with it.
  std::vector<std::uint32_t> masks_start_;
  std::vector<option_mask> masks_;
  // The same, padded with empty masks to the longest item's count, when that
  // is at most max_padded_masks: only_option then takes a fixed count of steps.
  std::vector<option_mask> padded_masks_;
  std::uint32_t padded_width_ = 0;
  std::vector<std::uint32_t> items_start_, items_;
  std::vector<std::uint32_t> secondary_start_, secondary_;
  std::vector<std::uint32_t> groups_start_, groups_;
  std::vector<std::uint32_t> single_quotas_start_, single_quotas_;
  std::vector<std::uint32_t> conflicts_start_;
  std::vector<option_mask> conflicts_;
  std::vector<std::uint64_t> dense_;    // up to max_dense_options: whole rows instead
  std::vector<std::uint64_t> removal_;  // preselect_quickly's scratch
  // Per group: its options and the options forcing it removes, as masks; its
  // family and the matchings that hold it; the quotas it is a part of.
  std::vector<std::uint32_t> group_masks_start_;
  std::vector<option_mask> group_masks_;
  std::vector<std::uint32_t> outside_start_;
  std::vector<option_mask> outside_;
  std::vector<group_rule> rules_;
  bool many_quotas_ = false;
  std::vector<std::uint32_t> group_quotas_start_, group_quotas_;
  std::vector<std::uint16_t> records_;
  std::vector<std::uint8_t> quota_k_;
  std::vector<std::uint16_t> sure_quota_;  // per group, its one quota (or empty)

  std::uint32_t active_words_ = 0, counts_bytes_ = 0, groups_bytes_ = 0, quotas_bytes_ = 0;
  std::uint32_t bytes_words_ = 0, families_ = 0, state_words_ = 0;
  std::vector<std::uint64_t> pristine_, base_, work_;
  std::size_t pristine_active_ = 0;  // options active in pristine_
  bool base_stale_ = false;

  // Search state, between calls of advance().
  std::vector<std::uint64_t> arena_;
  std::vector<frame> frames_;
  std::uint32_t frame_count_ = 0;
  std::vector<option_id> chosen_;
  std::uint32_t chosen_count_ = 0;
  bool groups_built_ = false;
  // Event stacks, outside the saved states (none is pending where the search
  // branches); the walker holds their tops while it runs.
  std::vector<std::uint32_t> quota_stack_, family_stack_, death_stack_;
  std::uint32_t low_ = covered, quota_top_ = 0, family_top_ = 0, death_top_ = 0;
  std::vector<std::uint8_t> family_dirty_;
  bool dead_ = false;
  std::vector<std::uint8_t> chosen_mark_;  // build_groups' scratch
  // consistent()'s scratch: a search with DLX_SANITY allocates no more than
  // one without (tests/allocation).
  mutable std::vector<std::uint32_t> sure_scratch_;
  // Families by cluster, in order (CSR).
  std::vector<std::uint32_t> cluster_start_, cluster_families_;
  // When every family has at most 8 matchings: per mask of possible
  // matchings, its log2_hundredths, plus 1 << open_shift if two or more.
  std::vector<std::uint32_t> choice_weights_;
};

// The hot loop's view of the engine: the tables' pointers, the working state
// and the event stacks, as locals (see the top of the file).
template <int K, int G, bool Groups>
struct structure_engine::walker {
  const std::uint32_t* items_start;
  const std::uint32_t* items;
  const std::uint32_t* groups_start;
  const std::uint32_t* groups;
  const std::uint32_t* secondary_start;
  const std::uint32_t* secondary;
  const std::uint32_t* single_quotas_start;
  const std::uint32_t* single_quotas;
  bool single_parts;
  const std::uint64_t* dense;  // per option, the options sharing an item, as a whole bitset
  std::uint32_t words;
  const std::uint32_t* conflicts_start;  // null: cover item by item
  const option_mask* conflicts;
  const std::uint32_t* masks_start;
  const option_mask* masks;
  const option_mask* padded;  // or null: each item's masks, padded to padded_width
  std::uint32_t padded_width;
  const std::uint16_t* records;  // K, G > 0: per option, its K items then its G groups
  const group_rule* rules;
  bool many_quotas;  // some group is a part of two quotas or more: group_quotas
  const std::uint32_t* group_quotas_start;
  const std::uint32_t* group_quotas;
  const std::uint8_t* quota_k;
  const std::uint16_t* sure_quota;  // or null
  const std::uint32_t* outside_start;
  const option_mask* outside;
  const std::uint32_t* group_masks_start;
  const option_mask* group_masks;
  const matrix_structure* st;
  view s;
  // The smallest value a counter took since the last scan: no forced move or
  // dead end can be pending while it is 2 or more, so most batches of removals
  // need no scan at all.
  std::uint32_t low;
  std::uint32_t count_vectors;  // the counters, in vectors of 16
  std::uint32_t* quota_stack;
  std::uint32_t quota_top;
  std::uint32_t* family_stack;
  std::uint32_t family_top;
  std::uint8_t* family_dirty;
  // Groups whose counters reached 0, not yet handled: pushed branch-free (two
  // decrements in five kill a group, a branch no predictor guesses) and
  // handled where propagation goes on.
  std::uint32_t* death_stack;
  std::uint32_t death_top;
  bool dead;
  std::uint64_t updates;
  std::uint64_t eliminated;
  std::uint64_t forced_moves;
  option_id* chosen;
  std::uint32_t chosen_count;

  [[gnu::always_inline]] void lost_part(std::uint32_t q) {
    const std::uint8_t live = --s.quota_live[q];
    const std::uint8_t k = quota_k[q];
    quota_stack[quota_top] = q;
    quota_top += live == k;
    dead |= live < k;
  }
  // Group g is known to be used (an option of it chosen, or forced): its
  // quotas count it, and one with k such parts has its others die.
  [[gnu::always_inline]] void became_sure(std::uint32_t g) {
    if (many_quotas) [[unlikely]] {
      for (std::uint32_t i = group_quotas_start[g]; i < group_quotas_start[g + 1]; ++i)
        sure_part(group_quotas[i]);
    } else if (rules[g].quota != none) {
      sure_part(rules[g].quota);
    }
  }
  [[gnu::always_inline]] void sure_part(std::uint32_t q) {
    const std::uint8_t sure = ++s.quota_sure[q];
    quota_stack[quota_top] = q;
    quota_top += sure == quota_k[q];
    dead |= sure > quota_k[q];
  }
  [[gnu::always_inline]] void mark_dirty(std::uint32_t f) {
    family_stack[family_top] = f;
    family_top += family_dirty[f] == 0;
    family_dirty[f] = 1;
  }
  [[gnu::always_inline]] void group_died(std::uint32_t g) {
    const group_rule& r = rules[g];
    if (r.family != none) {
      s.family_live[r.family] &= ~r.with;
      mark_dirty(r.family);
    }
    if (many_quotas) [[unlikely]] {
      for (std::uint32_t i = group_quotas_start[g]; i < group_quotas_start[g + 1]; ++i)
        lost_part(group_quotas[i]);
    } else if (r.quota != none) {
      lost_part(r.quota);
    }
  }
  // A just-removed option comes off its counters.
  [[gnu::always_inline]] void take_off(std::uint32_t o) {
    ++updates;
    if constexpr (K > 0) {
      const std::uint16_t* r = records + std::size_t{o} * (K + G);
      for (std::uint32_t t = 0; t < K; ++t) {
        const std::uint32_t c = --s.counts[r[t]];
        low = c < low ? c : low;
      }
    } else {
      for (std::uint32_t i = items_start[o]; i < items_start[o + 1]; ++i) {
        const std::uint32_t c = --s.counts[items[i]];
        low = c < low ? c : low;
      }
    }
    if constexpr (Groups) {
      if constexpr (K > 0 && G == 2) {
        const std::uint16_t* r = records + std::size_t{o} * (K + G) + K;
        const std::uint32_t a = r[0], b = r[1];
        death_stack[death_top] = a;
        death_top += --s.group_counts[a] == 0;
        death_stack[death_top] = b;
        death_top += --s.group_counts[b] == 0;
      } else if constexpr (K > 0 && G > 0) {
        const std::uint16_t* r = records + std::size_t{o} * (K + G) + K;
        for (std::uint32_t t = 0; t < G; ++t) {
          if (--s.group_counts[r[t]] == 0) [[unlikely]]
            group_died(r[t]);
        }
      } else {
        for (std::uint32_t i = groups_start[o]; i < groups_start[o + 1]; ++i) {
          if (--s.group_counts[groups[i]] == 0) [[unlikely]]
            group_died(groups[i]);
        }
      }
      if (!(K > 0 && G > 0) && single_parts) {
        for (std::uint32_t i = single_quotas_start[o]; i < single_quotas_start[o + 1]; ++i)
          lost_part(single_quotas[i]);
      }
    }
  }
  [[gnu::always_inline]] void remove(const option_mask* m, const option_mask* end) {
    for (; m != end; ++m) {
      std::uint64_t& word = s.active[m->word];
      std::uint64_t gone = word & m->mask;
      word &= ~m->mask;
      for (; gone; gone &= gone - 1)
        take_off(m->word * 64 + static_cast<std::uint32_t>(std::countr_zero(gone)));
    }
  }
  [[gnu::always_inline]] void remove_one(option_id o) {
    s.active[o / 64] &= ~(std::uint64_t{1} << (o % 64));
    take_off(o);
  }
  [[gnu::always_inline]] void choose(option_id o) {
    s.active[o / 64] &= ~(std::uint64_t{1} << (o % 64));
    chosen[chosen_count++] = o;
    if constexpr (Groups) {
      if constexpr (K > 0 && G > 0) {
        const std::uint16_t* r = records + std::size_t{o} * (K + G) + K;
        for (std::uint32_t t = 0; t < G; ++t) {
          if (sure_quota != nullptr) {
            // Whether the group was sure already is a coin toss: no branch.
            const std::uint8_t fresh = s.group_counts[r[t]] < used_floor;
            const std::uint32_t q = sure_quota[r[t]];
            const std::uint8_t sure = s.quota_sure[q] += fresh;
            quota_stack[quota_top] = q;
            quota_top += fresh & (sure == quota_k[q]);
            dead |= sure > quota_k[q];
          } else if (s.group_counts[r[t]] < used_floor) {
            became_sure(r[t]);
          }
          s.group_counts[r[t]] = used;
        }
      } else {
        for (std::uint32_t i = groups_start[o]; i < groups_start[o + 1]; ++i) {
          if (s.group_counts[groups[i]] < used_floor) became_sure(groups[i]);
          s.group_counts[groups[i]] = used;
        }
      }
    }
    const std::uint32_t* p = items + items_start[o];
    const std::uint32_t n = K ? K : items_start[o + 1] - items_start[o];
    for (std::uint32_t t = 0; t < n; ++t)
      s.counts[p[t]] = covering;
    if (dense != nullptr) {
      // The row cleared branch-free, noting the words that lost options; then
      // only those are visited (whether a word lost any is a coin toss for a
      // branch predictor).
      const std::uint64_t* row = dense + std::size_t{o} * words;
      std::uint64_t lost[max_dense_options / 64];
      std::uint32_t visit = 0;
      for (std::uint32_t w = 0; w < words; ++w) {
        const std::uint64_t gone = s.active[w] & row[w];
        s.active[w] ^= gone;
        lost[w] = gone;
        visit |= std::uint32_t{gone != 0} << w;
      }
      for (; visit; visit &= visit - 1) {
        const auto w = static_cast<std::uint32_t>(std::countr_zero(visit));
        std::uint64_t gone = lost[w];
        do {
          take_off(w * 64 + static_cast<std::uint32_t>(std::countr_zero(gone)));
          gone &= gone - 1;
        } while (gone);
      }
    } else if (conflicts_start != nullptr) {
      remove(conflicts + conflicts_start[o], conflicts + conflicts_start[o + 1]);
    } else {
      for (std::uint32_t t = 0; t < n; ++t)
        remove(masks + masks_start[p[t]], masks + masks_start[p[t] + 1]);
      for (std::uint32_t i = secondary_start[o]; i < secondary_start[o + 1]; ++i)
        remove(masks + masks_start[secondary[i]], masks + masks_start[secondary[i] + 1]);
    }
    for (std::uint32_t t = 0; t < n; ++t)
      s.counts[p[t]] = covered;
    *s.remaining -= n;
  }
  // The one active option of item k.
  [[gnu::always_inline]] option_id only_option(std::uint32_t k) const {
    if (padded != nullptr) {
      // Every mask looked at, the hit kept by a select: where it is would be
      // a mispredicted branch, a fixed count of steps is not.
      const option_mask* m = padded + std::size_t{k} * padded_width;
      option_id found = 0;
      for (std::uint32_t t = 0; t < padded_width; ++t) {
        const std::uint64_t bits = s.active[m[t].word] & m[t].mask;
        const option_id here = m[t].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
        found = bits != 0 ? here : found;
      }
      return found;
    }
    for (std::uint32_t m = masks_start[k];; ++m) {
      const std::uint64_t bits = s.active[masks[m].word] & masks[m].mask;
      if (bits) return masks[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
    }
  }
  // Group g must be used: the options of its items outside it go, and it
  // counts as used from now on (its items' counters see it die, if it does).
  [[gnu::always_inline]] void force_group(std::uint32_t g) {
    const std::uint64_t before = updates;
    s.group_counts[g] = used;
    became_sure(g);
    remove(outside + outside_start[g], outside + outside_start[g + 1]);
    eliminated += updates - before;
  }
  [[gnu::always_inline]] void kill_group(std::uint32_t g) {
    const std::uint64_t before = updates;
    remove(group_masks + group_masks_start[g], group_masks + group_masks_start[g + 1]);
    eliminated += updates - before;
  }
  [[gnu::always_inline]] void process_quota(std::uint32_t q) {
    const auto& quota = st->quotas[q];
    const std::uint32_t live = s.quota_live[q], sure = s.quota_sure[q];
    if (live < quota.k || sure > quota.k) {
      dead = true;
      return;
    }
    if (sure == quota.k) {
      if (live != quota.k) settle_parts<true>(quota);
    } else if (live == quota.k) {
      settle_parts<false>(quota);
    }
  }
  // A quota's parts not used yet: with k parts used they die; with k left
  // they are used. (The bounds are locals: the stores below may alias the
  // tables.)
  template <bool OthersDie>
  [[gnu::always_inline]] void settle_parts(const matrix_structure::quota& quota) {
    const auto* part = st->parts.data() + quota.first;
    const auto* const end = part + quota.size;
    for (; part != end && !dead; ++part) {
      const std::uint32_t index = part->index;
      if (part->is_option) {
        if (s.active[index / 64] >> (index % 64) & 1) {
          ++eliminated;
          if constexpr (OthersDie) {
            remove_one(index);
          } else {
            choose(index);
          }
        }
      } else {
        const std::uint8_t c = s.group_counts[index];
        if (c == 0 || c >= used_floor) continue;
        if constexpr (OthersDie) {
          kill_group(index);
        } else {
          force_group(index);
        }
      }
    }
  }
  [[gnu::always_inline]] void process_family(std::uint32_t f) {
    const auto& fam = st->families[f];
    const std::uint64_t live = s.family_live[f];
    if (live == 0) {
      dead = true;
      return;
    }
    std::uint32_t possible = 0, certain = ~std::uint32_t{0};
    const std::uint32_t* matchings = st->matching_edges.data() + fam.first_matching;
    for (std::uint64_t bits = live; bits; bits &= bits - 1) {
      const std::uint32_t m = matchings[std::countr_zero(bits)];
      possible |= m;
      certain &= m;
    }
    const std::uint32_t all =
        fam.size == 32 ? ~std::uint32_t{0} : (std::uint32_t{1} << fam.size) - 1;
    const std::uint32_t* edges = st->edges.data() + fam.first;
    const std::uint64_t done = s.family_done[f];
    const std::uint32_t impossible = all & ~possible;
    for (std::uint32_t bits = impossible & ~static_cast<std::uint32_t>(done >> 32); bits;
         bits &= bits - 1) {
      const std::uint32_t g = edges[std::countr_zero(bits)];
      const std::uint8_t c = s.group_counts[g];
      if (c >= used_floor) {
        dead = true;  // used, yet in no possible matching
        return;
      }
      if (c != 0) kill_group(g);
    }
    const std::uint32_t fresh = certain & ~static_cast<std::uint32_t>(done);
    s.family_done[f] = done | certain | std::uint64_t{impossible} << 32;
    for (std::uint32_t bits = fresh; bits && !dead; bits &= bits - 1) {
      const std::uint32_t g = edges[std::countr_zero(bits)];
      const std::uint8_t c = s.group_counts[g];
      if (c != 0 && c < used_floor) force_group(g);
    }
  }
  // Forced moves, then (with Groups) the rules, until nothing changes or a
  // dead end; false at a dead end.
  [[gnu::always_inline]] bool propagate() {
    for (;;) {
      if constexpr (Groups) {
        while (death_top > 0)
          group_died(death_stack[--death_top]);
      }
      if (dead) return false;
      if (low <= 1) {
        // Every item at 1 takes its option (unless a move before took it or
        // emptied it); an item at 0 is a dead end.
        low = covered;
        for (std::uint32_t v = 0; v < count_vectors; ++v) {
          for (std::uint32_t hits = at_most_one(s.counts, v); hits; hits &= hits - 1) {
            const std::uint32_t k = v * 16 + static_cast<std::uint32_t>(std::countr_zero(hits));
            const std::uint8_t c = s.counts[k];
            if (c == 0) return false;
            if (c == 1) {
              ++forced_moves;
              choose(only_option(k));
            }
          }
        }
        continue;
      }
      if constexpr (Groups) {
        if (quota_top > 0) {
          process_quota(quota_stack[--quota_top]);
          continue;
        }
        if (family_top > 0) {
          const std::uint32_t f = family_stack[--family_top];
          family_dirty[f] = 0;
          process_family(f);
          continue;
        }
      }
      return true;
    }
  }
  [[gnu::always_inline]] void reset_events() {
    low = covered;
    quota_top = 0;
    death_top = 0;
    while (family_top > 0)
      family_dirty[family_stack[--family_top]] = 0;
    dead = false;
  }
};

structure_engine::structure_engine(const engine& compiled) : engine(compiled) {
  const std::uint32_t primaries = primary_count_;
  const auto options = static_cast<std::uint32_t>(option_count());
  active_words_ = (options + 63) / 64;

  // Options of each item; primary and secondary items of each option.
  std::vector<std::vector<std::uint32_t>> of_item(item_count_);
  items_start_.push_back(0);
  secondary_start_.push_back(0);
  for (option_id o = 0; o < options; ++o) {
    if (option_has_primary_[o]) {
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t k = option_items_[i];
        of_item[k].push_back(o);
        (k < primaries ? items_ : secondary_).push_back(k);
      }
    }
    items_start_.push_back(static_cast<std::uint32_t>(items_.size()));
    secondary_start_.push_back(static_cast<std::uint32_t>(secondary_.size()));
  }
  masks_start_.push_back(0);
  for (const auto& list : of_item) {
    append_masks(masks_, list);
    masks_start_.push_back(static_cast<std::uint32_t>(masks_.size()));
  }

  std::uint32_t widest = 0;
  for (std::uint32_t k = 0; k < primaries; ++k)
    widest = std::max(widest, masks_start_[k + 1] - masks_start_[k]);
  if (widest <= max_padded_masks) {
    padded_width_ = widest;
    padded_masks_.assign(std::size_t{primaries} * widest, {0, 0});
    for (std::uint32_t k = 0; k < primaries; ++k)
      std::copy(masks_.begin() + masks_start_[k], masks_.begin() + masks_start_[k + 1],
                padded_masks_.begin() + std::size_t{k} * widest);
  }

  structure_ = find_structure({primaries, items_start_, items_});
  const matrix_structure& st = structure_;
  const auto groups = static_cast<std::uint32_t>(st.groups.size());
  const auto quotas = static_cast<std::uint32_t>(st.quotas.size());
  families_ = static_cast<std::uint32_t>(st.families.size());

  // Per option: its groups and the quotas it is a single part of (CSR,
  // counted first).
  groups_start_.assign(options + 1, 0);
  single_quotas_start_.assign(options + 1, 0);
  for (std::uint32_t g = 0; g < groups; ++g) {
    const auto& grp = st.groups[g];
    for (std::uint32_t t = 0; t < grp.size; ++t)
      ++groups_start_[st.options[grp.first + t] + 1];
  }
  for (const auto& part : st.parts) {
    if (part.is_option) ++single_quotas_start_[part.index + 1];
  }
  for (option_id o = 0; o < options; ++o) {
    groups_start_[o + 1] += groups_start_[o];
    single_quotas_start_[o + 1] += single_quotas_start_[o];
  }
  groups_.resize(groups_start_[options]);
  single_quotas_.resize(single_quotas_start_[options]);
  std::vector<std::uint32_t> next_group(groups_start_.begin(), groups_start_.end() - 1);
  std::vector<std::uint32_t> next_quota(single_quotas_start_.begin(),
                                        single_quotas_start_.end() - 1);
  group_masks_start_.push_back(0);
  outside_start_.push_back(0);
  std::vector<std::uint32_t> outside;
  for (std::uint32_t g = 0; g < groups; ++g) {
    const auto& grp = st.groups[g];
    const std::span<const std::uint32_t> own(st.options.data() + grp.first, grp.size);
    for (std::uint32_t o : own)
      groups_[next_group[o]++] = g;
    append_masks(group_masks_, own);
    group_masks_start_.push_back(static_cast<std::uint32_t>(group_masks_.size()));
    outside.clear();
    for (std::uint32_t k : grp.items) {
      for (std::uint32_t o : of_item[k]) {
        if (!std::binary_search(own.begin(), own.end(), o)) outside.push_back(o);
      }
    }
    std::sort(outside.begin(), outside.end());
    outside.erase(std::unique(outside.begin(), outside.end()), outside.end());
    append_masks(outside_, outside);
    outside_start_.push_back(static_cast<std::uint32_t>(outside_.size()));
  }
  std::vector<std::vector<std::uint32_t>> quotas_of_group(groups);
  quota_k_.assign(quotas, 0);
  for (std::uint32_t q = 0; q < quotas; ++q) {
    const auto& quota = st.quotas[q];
    quota_k_[q] = static_cast<std::uint8_t>(quota.k);
    for (std::uint32_t p = quota.first; p < quota.first + quota.size; ++p) {
      const auto& part = st.parts[p];
      if (part.is_option) {
        single_quotas_[next_quota[part.index]++] = q;
      } else {
        quotas_of_group[part.index].push_back(q);
      }
    }
  }
  group_quotas_start_.push_back(0);
  for (const auto& list : quotas_of_group) {
    group_quotas_.insert(group_quotas_.end(), list.begin(), list.end());
    group_quotas_start_.push_back(static_cast<std::uint32_t>(group_quotas_.size()));
  }
  rules_.assign(groups, {none, none, 0});
  for (std::uint32_t g = 0; g < groups; ++g) {
    const auto& list = quotas_of_group[g];
    if (list.size() == 1) rules_[g].quota = list.front();
    many_quotas_ = many_quotas_ || list.size() > 1;
  }
  // Every group a part of exactly one quota (a Sudoku's): choose counts the
  // groups it makes sure without a branch.
  if (quotas <= 65536 && std::all_of(quotas_of_group.begin(), quotas_of_group.end(),
                                     [](const auto& list) { return list.size() == 1; })) {
    for (std::uint32_t g = 0; g < groups; ++g)
      sure_quota_.push_back(static_cast<std::uint16_t>(quotas_of_group[g].front()));
  }
  for (std::uint32_t f = 0; f < families_; ++f) {
    const auto& fam = st.families[f];
    for (std::uint32_t e = 0; e < fam.size; ++e) {
      const std::uint32_t g = st.edges[fam.first + e];
      rules_[g].family = f;
      for (std::uint32_t m = 0; m < fam.matchings; ++m) {
        if (st.matching_edges[fam.first_matching + m] >> e & 1)
          rules_[g].with |= std::uint64_t{1} << m;
      }
    }
  }

  // Uniform shapes, for the unrolled loops: K primary items (a chosen option
  // covers K items) and G groups per option.
  auto uniform = [&](const std::vector<std::uint32_t>& start) -> std::uint32_t {
    std::uint32_t n = none;
    for (option_id o = 0; o < options; ++o) {
      if (!option_has_primary_[o]) continue;
      const std::uint32_t here = start[o + 1] - start[o];
      if (n == none) n = here;
      if (n != here) return 0;
    }
    return n == none ? 0 : n;
  };
  uniform_items_ = uniform(items_start_);
  uniform_groups_ = groups == 0 ? 0 : uniform(groups_start_);
  if ((uniform_items_ != 4 && uniform_items_ != 3) || primaries > 65536) uniform_items_ = 0;
  if (uniform_groups_ != 2 || groups > 65536) uniform_groups_ = 0;
  if (uniform_items_ > 0) {
    const std::uint32_t stride = uniform_items_ + uniform_groups_;
    records_.assign(std::size_t{options} * stride, 0);
    for (option_id o = 0; o < options; ++o) {
      if (!option_has_primary_[o]) continue;
      for (std::uint32_t t = 0; t < uniform_items_; ++t)
        records_[std::size_t{o} * stride + t] =
            static_cast<std::uint16_t>(items_[items_start_[o] + t]);
      for (std::uint32_t t = 0; t < uniform_groups_; ++t)
        records_[std::size_t{o} * stride + uniform_items_ + t] =
            static_cast<std::uint16_t>(groups_[groups_start_[o] + t]);
    }
  }

  // For small problems, the options that share an item with each option.
  std::size_t total = 0;
  for (option_id o = 0; o < options && total <= max_conflict_masks; ++o) {
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i)
      total += masks_start_[option_items_[i] + 1] - masks_start_[option_items_[i]];
  }
  if (total <= max_conflict_masks && options <= max_dense_options) {
    // Whole rows: each item's masks ORed together, the option's own bit
    // cleared; the lists are the rows' nonzero words.
    removal_.assign(active_words_, 0);
    // (Padded: preselect_quickly reads whole batches of vectors past a row.)
    dense_.assign(std::size_t{options} * active_words_ + 2 * batch_vectors, 0);
    conflicts_start_.push_back(0);
    for (option_id o = 0; o < options; ++o) {
      // (Also for an option without primary items: preselecting it rules
      // these out.)
      std::uint64_t* row = dense_.data() + std::size_t{o} * active_words_;
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t k = option_items_[i];
        for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
          row[masks_[m].word] |= masks_[m].mask;
      }
      row[o / 64] &= ~(std::uint64_t{1} << (o % 64));
      for (std::uint32_t w = 0; w < active_words_; ++w) {
        if (row[w] != 0) conflicts_.push_back({w, row[w]});
      }
      conflicts_start_.push_back(static_cast<std::uint32_t>(conflicts_.size()));
    }
  } else if (total <= max_conflict_masks) {
    conflicts_start_.push_back(0);
    std::vector<std::uint32_t> near;
    for (option_id o = 0; o < options; ++o) {
      near.clear();
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const auto& list = of_item[option_items_[i]];
        near.insert(near.end(), list.begin(), list.end());
      }
      std::sort(near.begin(), near.end());
      near.erase(std::unique(near.begin(), near.end()), near.end());
      near.erase(std::remove(near.begin(), near.end(), o), near.end());
      append_masks(conflicts_, near);
      conflicts_start_.push_back(static_cast<std::uint32_t>(conflicts_.size()));
    }
  }

  // The state's layout: byte counters padded to 16, then words.
  counts_bytes_ = (primaries + 15) / 16 * 16;
  groups_bytes_ = (groups + 15) / 16 * 16;
  quotas_bytes_ = (quotas + 15) / 16 * 16;
  bytes_words_ = (counts_bytes_ + groups_bytes_ + 2 * quotas_bytes_) / 8;
  state_words_ = bytes_words_ + active_words_ + 2 * families_ + 1;
  pristine_.assign(state_words_, 0);
  const view s = at(pristine_.data());
  std::fill(s.counts, s.counts + counts_bytes_, covered);
  for (std::uint32_t k = 0; k < primaries; ++k)
    s.counts[k] = static_cast<std::uint8_t>(of_item[k].size());
  for (option_id o = 0; o < options; ++o) {
    if (option_has_primary_[o]) s.active[o / 64] |= std::uint64_t{1} << (o % 64);
  }
  *s.remaining = primaries;
  for (std::uint32_t w = 0; w < active_words_; ++w)
    pristine_active_ += bit_count(s.active[w]);
  base_ = pristine_;
  work_ = pristine_;
  // A path's decisions: each chooses or removes an option, or narrows a
  // family's matchings by at least one.
  std::size_t decisions = options;
  for (const auto& fam : st.families)
    decisions += fam.matchings;
  frames_.resize(decisions + 1);
  chosen_.resize(primaries + 1);
  quota_stack_.resize(2 * quotas + 1);  // a quota is pushed when live == k and when sure == k
  family_stack_.resize(families_ + 1);
  death_stack_.resize(groups + 2);  // each group dies once on a path, and a push writes first
  family_dirty_.assign(families_, 0);
  chosen_mark_.assign(options, 0);
  if (sanity_checks) sure_scratch_.assign(quotas, 0);
  cluster_start_.assign(st.clusters + 1, 0);
  for (const auto& fam : st.families)
    ++cluster_start_[fam.cluster + 1];
  for (std::uint32_t c = 0; c < st.clusters; ++c)
    cluster_start_[c + 1] += cluster_start_[c];
  cluster_families_.resize(families_);
  {
    std::vector<std::uint32_t> next(cluster_start_.begin(), cluster_start_.end() - 1);
    for (std::uint32_t f = 0; f < families_; ++f)
      cluster_families_[next[st.families[f].cluster]++] = f;
  }
  std::uint32_t largest_cluster = 0;
  for (std::uint32_t c = 0; c < st.clusters; ++c)
    largest_cluster = std::max(largest_cluster, cluster_start_[c + 1] - cluster_start_[c]);
  if (families_ > 0 &&
      std::all_of(st.families.begin(), st.families.end(),
                  [](const auto& fam) { return fam.matchings <= 8; }) &&
      std::size_t{largest_cluster} * log2_hundredths[8] < (std::size_t{1} << open_shift) &&
      largest_cluster < (std::uint32_t{1} << (32 - open_shift))) {
    choice_weights_.resize(256);
    for (std::uint32_t x = 0; x < 256; ++x) {
      const auto n = static_cast<std::uint32_t>(std::popcount(x));
      choice_weights_[x] = log2_hundredths[n] | (n >= 2 ? std::uint32_t{1} << open_shift : 0);
    }
  }
  // The preselections the compiled engine held.
  for (option_id o : preselected())
    apply_preselected(o);
}

void structure_engine::apply_preselected(option_id option) {
  const view s = at(base_.data());
  if (!dense_.empty()) {
    const std::uint64_t* row = dense_.data() + std::size_t{option} * active_words_;
    for (std::uint32_t w = 0; w < active_words_; ++w)
      s.active[w] &= ~row[w];
  } else if (!conflicts_start_.empty()) {
    for (std::uint32_t m = conflicts_start_[option]; m < conflicts_start_[option + 1]; ++m)
      s.active[conflicts_[m].word] &= ~conflicts_[m].mask;
  }
  for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
    const std::uint32_t k = option_items_[i];
    if (conflicts_start_.empty()) {
      for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
        s.active[masks_[m].word] &= ~masks_[m].mask;
    }
    if (k < primary_count_) s.counts[k] = covered;
  }
  s.active[option / 64] &= ~(std::uint64_t{1} << (option % 64));
  base_stale_ = true;
}

bool structure_engine::preselect_quickly(std::span<const option_id> options) {
  // Without colors or multiplicities an option can be preselected exactly when
  // it is still active; the generic path runs only to name a clash. For small
  // problems the givens are one batch: their conflict rows ORed together, then
  // cleared at once, and their items marked covered (records) or listed.
  const view s = at(base_.data());
  if (dense_.empty()) {
    for (option_id o : options) {
      if (!option_has_primary_[o] || !(s.active[o / 64] >> (o % 64) & 1)) {
        revert_preselection(preselected().size());
        return false;
      }
      apply_preselected(o);
    }
    return true;
  }
  // First the givens' own bits (each active, none twice), then their rows
  // ORed a vector at a time with the accumulator in a register. Rows are
  // symmetric (two options share an item or not), so a given in the union of
  // the rows clashes with another given.
  std::uint64_t* const gone = removal_.data();
  std::fill(removal_.begin(), removal_.end(), 0);
  const std::uint32_t words = active_words_;
  for (option_id o : options) {
    const std::uint64_t bit = std::uint64_t{1} << (o % 64);
    if (!option_has_primary_[o] || !(s.active[o / 64] & ~gone[o / 64] & bit)) return false;
    gone[o / 64] |= bit;
  }
  const std::uint64_t* const rows = dense_.data();
  std::uint64_t clash = 0;
  std::uint32_t w = 0;
#if defined(__SSE2__)
  if (words <= 2 * batch_vectors) {
    // Rows of up to 16 words (a 9x9 Sudoku's are 12): each given's row ORed
    // into a batch of vectors that stays in registers.
    __m128i sum[batch_vectors];
    for (auto& v : sum)
      v = _mm_setzero_si128();
    for (option_id o : options) {
      const auto* row = reinterpret_cast<const __m128i*>(rows + std::size_t{o} * words);
      for (std::uint32_t j = 0; j < batch_vectors; ++j)
        sum[j] = _mm_or_si128(sum[j], _mm_loadu_si128(row + j));
    }
    alignas(16) std::uint64_t all[2 * batch_vectors];
    for (std::uint32_t j = 0; j < batch_vectors; ++j)
      _mm_store_si128(reinterpret_cast<__m128i*>(all) + j, sum[j]);
    for (; w < words; ++w) {
      clash |= all[w] & gone[w];
      gone[w] |= all[w];
    }
  }
  for (; w + 2 <= words; w += 2) {
    __m128i sum = _mm_setzero_si128();
    for (option_id o : options)
      sum = _mm_or_si128(
          sum,
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows + std::size_t{o} * words + w)));
    alignas(16) std::uint64_t both[2];
    _mm_store_si128(reinterpret_cast<__m128i*>(both), sum);
    clash |= (both[0] & gone[w]) | (both[1] & gone[w + 1]);
    gone[w] |= both[0];
    gone[w + 1] |= both[1];
  }
#endif
  for (; w < words; ++w) {
    std::uint64_t sum = 0;
    for (option_id o : options)
      sum |= rows[std::size_t{o} * words + w];
    clash |= sum & gone[w];
    gone[w] |= sum;
  }
  if (clash != 0) return false;
  for (w = 0; w < words; ++w)
    s.active[w] &= ~gone[w];
  for (option_id o : options) {
    // (Sudoku's four items unrolled: 2% of an easy puzzle's instructions.)
    const std::uint32_t* p = items_.data() + items_start_[o];
    if (uniform_items_ == 4) {
      s.counts[p[0]] = s.counts[p[1]] = s.counts[p[2]] = s.counts[p[3]] = covered;
      continue;
    }
    for (std::uint32_t i = items_start_[o]; i < items_start_[o + 1]; ++i)
      s.counts[items_[i]] = covered;
  }
  base_stale_ = true;
  return true;
}

void structure_engine::revert_preselection(std::size_t keep) {
  std::copy(pristine_.begin(), pristine_.end(), base_.begin());
  base_stale_ = false;
  const auto chosen = preselected();
  for (std::size_t j = 0; j < keep; ++j)
    apply_preselected(chosen[j]);
}

void structure_engine::recount_base() {
  const view s = at(base_.data());
  const view p = at(pristine_.data());
  // Count the active options up from zero, or the removed ones down from the
  // pristine counters, whichever visits fewer: a Sudoku's givens remove about
  // 550 of its 729 options.
  // (The base only removes options: the removed ones are the pristine ones
  // less the active.)
  std::size_t active = 0;
  for (std::uint32_t w = 0; w < active_words_; ++w)
    active += bit_count(s.active[w]);
  const bool up = active <= pristine_active_ - active;
  const int step = up ? 1 : -1;
  restart_counts(s.counts, up ? nullptr : p.counts, counts_bytes_);
  const std::uint32_t stride = uniform_items_ + uniform_groups_;
  for (std::uint32_t w = 0; w < active_words_; ++w) {
    for (std::uint64_t bits = up ? s.active[w] : p.active[w] & ~s.active[w]; bits;
         bits &= bits - 1) {
      const auto o = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
      if (uniform_items_ == 4) {
        const std::uint16_t* r = records_.data() + std::size_t{o} * stride;
        s.counts[r[0]] = static_cast<std::uint8_t>(s.counts[r[0]] + step);
        s.counts[r[1]] = static_cast<std::uint8_t>(s.counts[r[1]] + step);
        s.counts[r[2]] = static_cast<std::uint8_t>(s.counts[r[2]] + step);
        s.counts[r[3]] = static_cast<std::uint8_t>(s.counts[r[3]] + step);
        continue;
      }
      for (std::uint32_t i = items_start_[o]; i < items_start_[o + 1]; ++i)
        s.counts[items_[i]] = static_cast<std::uint8_t>(s.counts[items_[i]] + step);
    }
  }
  // Counting down also touched the covered items: mark them again.
  if (!up) {
    for (option_id o : preselected()) {
      for (std::uint32_t i = items_start_[o]; i < items_start_[o + 1]; ++i)
        s.counts[items_[i]] = covered;
    }
  }
  // The covered items are those of the preselected options, which share none.
  std::uint64_t covered_items = 0;
  for (option_id o : preselected())
    covered_items += items_start_[o + 1] - items_start_[o];
  *s.remaining = primary_count_ - covered_items;
  base_stale_ = false;
}

void structure_engine::build_groups(const view& s) {
  const matrix_structure& st = structure_;
  const auto groups = static_cast<std::uint32_t>(st.groups.size());
  // Group counters from the active options (a Sudoku that stalls has about a
  // hundred and fifty), then "used" for the groups of the chosen ones (the
  // preselected included). Measured: 42,000 instructions per stall when each
  // group was counted from its own masks, against about 4,000 this way.
  std::fill(s.group_counts, s.group_counts + groups_bytes_, std::uint8_t{0});
  // (Options of two groups each, as a Sudoku's, read them from their records.)
  const std::uint32_t stride = uniform_items_ + uniform_groups_;
  const std::uint16_t* const records = records_.data() + uniform_items_;
  const bool pairs = uniform_items_ > 0 && uniform_groups_ == 2;
  for (std::uint32_t w = 0; w < active_words_; ++w) {
    for (std::uint64_t bits = s.active[w]; bits; bits &= bits - 1) {
      const auto o = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
      if (pairs) {
        const std::uint16_t* r = records + std::size_t{o} * stride;
        ++s.group_counts[r[0]];
        ++s.group_counts[r[1]];
        continue;
      }
      for (std::uint32_t i = groups_start_[o]; i < groups_start_[o + 1]; ++i)
        ++s.group_counts[groups_[i]];
    }
  }
  auto mark_used = [&](option_id o) {
    for (std::uint32_t i = groups_start_[o]; i < groups_start_[o + 1]; ++i)
      s.group_counts[groups_[i]] = used;
  };
  for (option_id o : preselected())
    mark_used(o);
  for (std::uint32_t l = 0; l < chosen_count_; ++l)
    mark_used(chosen_[l]);
  // Quotas start with every part alive and families with every matching; a
  // dead group takes its part and its matchings away.
  for (std::uint32_t q = 0; q < st.quotas.size(); ++q) {
    s.quota_live[q] = static_cast<std::uint8_t>(st.quotas[q].size);
    s.quota_sure[q] = 0;
  }
  count_sure(s, [&](std::uint32_t q) { ++s.quota_sure[q]; });
  for (std::uint32_t f = 0; f < families_; ++f) {
    const auto& fam = st.families[f];
    s.family_live[f] =
        fam.matchings == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << fam.matchings) - 1;
    s.family_done[f] = 0;
    family_dirty_[f] = 1;
    family_stack_[family_top_++] = f;
  }
  // The dead groups, found sixteen counters at a time (about half of them
  // where a Sudoku stalls). The padding past the last group reads as 0.
  for (std::uint32_t v = 0; v < groups_bytes_ / 16; ++v) {
    for (std::uint32_t dead = zeros(s.group_counts, v); dead; dead &= dead - 1) {
      const std::uint32_t g = v * 16 + static_cast<std::uint32_t>(std::countr_zero(dead));
      if (g >= groups) break;
      const group_rule& r = rules_[g];
      if (r.family != none) s.family_live[r.family] &= ~r.with;
      if (!many_quotas_) {
        if (r.quota != none) --s.quota_live[r.quota];
        continue;
      }
      for (std::uint32_t i = group_quotas_start_[g]; i < group_quotas_start_[g + 1]; ++i)
        --s.quota_live[group_quotas_[i]];
    }
  }
  // Single-option parts (an item's split with options of its own) are alive
  // while active or chosen.
  if (!single_quotas_.empty()) {
    for (option_id o : preselected())
      chosen_mark_[o] = 1;
    for (std::uint32_t l = 0; l < chosen_count_; ++l)
      chosen_mark_[chosen_[l]] = 1;
    for (option_id o = 0; o + 1 < single_quotas_start_.size(); ++o) {
      if ((s.active[o / 64] >> (o % 64) & 1) || chosen_mark_[o]) continue;
      for (std::uint32_t i = single_quotas_start_[o]; i < single_quotas_start_[o + 1]; ++i)
        --s.quota_live[single_quotas_[i]];
    }
    for (option_id o : preselected())
      chosen_mark_[o] = 0;
    for (std::uint32_t l = 0; l < chosen_count_; ++l)
      chosen_mark_[chosen_[l]] = 0;
  }
  for (std::uint32_t q = 0; q < st.quotas.size(); ++q) {
    const std::uint32_t live = s.quota_live[q], sure = s.quota_sure[q], k = st.quotas[q].k;
    if (live <= k || sure >= k) quota_stack_[quota_top_++] = q;
    dead_ |= live < k || sure > k;
  }
  groups_built_ = true;
}

bool structure_engine::advance(bool fresh) {
  switch (uniform_items_ * 8 + uniform_groups_) {
    case 4 * 8 + 2:
      return advance_as<4, 2>(fresh);
    case 4 * 8:
      return advance_as<4, 0>(fresh);
    case 3 * 8 + 2:
      return advance_as<3, 2>(fresh);
    case 3 * 8:
      return advance_as<3, 0>(fresh);
    default:
      return advance_as<0, 0>(fresh);
  }
}

template <int K, int G>
bool structure_engine::advance_as(bool fresh) {
  if (fresh) {
    if (base_stale_) recount_base();
    const view s = at(work_.data());
    std::memcpy(work_.data(), base_.data(), std::size_t{state_words_} * 8);
    chosen_count_ = frame_count_ = 0;
    groups_built_ = false;
    quota_top_ = 0;
    death_top_ = 0;
    while (family_top_ > 0)
      family_dirty_[family_stack_[--family_top_]] = 0;
    dead_ = false;
    low_ = 0;  // scan once
    (void)s;
  }
  bool handoff = false;
  if (!groups_built_) {
    const bool found = run<K, G, false>(fresh, handoff);
    if (!handoff) return found;
  }
  return run<K, G, true>(handoff, handoff);
}

template <int K, int G, bool Groups>
bool structure_engine::run(bool entering, bool& handoff) {
  walker<K, G, Groups> w{
      items_start_.data(),
      items_.data(),
      groups_start_.data(),
      groups_.data(),
      secondary_start_.data(),
      secondary_.data(),
      single_quotas_start_.data(),
      single_quotas_.data(),
      !single_quotas_.empty(),
      dense_.empty() ? nullptr : dense_.data(),
      active_words_,
      conflicts_start_.empty() ? nullptr : conflicts_start_.data(),
      conflicts_.data(),
      masks_start_.data(),
      masks_.data(),
      padded_masks_.empty() ? nullptr : padded_masks_.data(),
      padded_width_,
      records_.data(),
      rules_.data(),
      many_quotas_,
      group_quotas_start_.data(),
      group_quotas_.data(),
      quota_k_.data(),
      sure_quota_.empty() ? nullptr : sure_quota_.data(),
      outside_start_.data(),
      outside_.data(),
      group_masks_start_.data(),
      group_masks_.data(),
      &structure_,
      at(work_.data()),
      low_,
      counts_bytes_ / 16,
      quota_stack_.data(),
      quota_top_,
      family_stack_.data(),
      family_top_,
      family_dirty_.data(),
      death_stack_.data(),
      death_top_,
      dead_,
      result_.updates,
      result_.eliminated,
      result_.forced,
      chosen_.data(),
      chosen_count_,
  };
  const view& s = w.s;
  const std::size_t state_bytes = std::size_t{state_words_} * 8;
  std::uint64_t nodes = result_.nodes;
  auto save = [&] {
    result_.nodes = nodes;
    result_.updates = w.updates;
    result_.eliminated = w.eliminated;
    result_.forced = w.forced_moves;
    chosen_count_ = w.chosen_count;
    low_ = w.low;
    quota_top_ = w.quota_top;
    family_top_ = w.family_top;
    death_top_ = w.death_top;
    dead_ = w.dead;
  };
  for (;;) {
    if (entering) {
      bool pruned = false;
      if (nodes >= next_checkpoint_) {
        save();
        const verdict v = checkpoint(frame_count_);
        if (v == verdict::stop) return false;
        pruned = v == verdict::prune;  // not a node of this search: back up, uncounted
      }
      const bool alive = !pruned && w.propagate();
      if constexpr (!Groups) {
        if (alive && *s.remaining != 0 && !structure_.empty()) {
          // Stuck with forced moves alone: count the groups and go on with them.
          save();
          build_groups(s);
          handoff = true;
          return false;
        }
      }
      nodes += !pruned;
      result_.max_level = std::max(result_.max_level, w.chosen_count);
      if (sanity_checks && sanity_due(nodes) && alive && !consistent(s, Groups))
        broken_invariant("structure search");
      if (alive && *s.remaining == 0) {
        ++result_.solutions;
        save();
        return true;
      }
      if (alive) {
        frame fr{w.chosen_count, 0, 0, false, false};
        if (Groups && families_ > 0) {
          // The cluster with the fewest possible matchings in all, among those
          // not settled, then its family with the fewest (two or more).
          std::uint32_t best = none, least = none;
          const std::uint32_t* members = cluster_families_.data();
          const std::uint32_t* weights = choice_weights_.data();
          for (std::uint32_t c = 0; c + 1 < cluster_start_.size(); ++c) {
            std::uint32_t sum = 0, open = 0;
            if (weights != nullptr) {
              // One lookup a family: its log, and whether it is open (bit 20 up).
              for (std::uint32_t i = cluster_start_[c]; i < cluster_start_[c + 1]; ++i)
                sum += weights[s.family_live[members[i]]];
              open = sum >> open_shift;
              sum &= (std::uint32_t{1} << open_shift) - 1;
            } else {
              for (std::uint32_t i = cluster_start_[c]; i < cluster_start_[c + 1]; ++i) {
                const std::uint32_t n = count_bits(s.family_live[members[i]]);
                sum += log2_hundredths[n];
                open |= n >= 2;
              }
            }
            if (open && sum < least) {
              least = sum;
              best = c;
            }
          }
          std::uint32_t fewest = 65;
          for (std::uint32_t i = best == none ? 0 : cluster_start_[best];
               best != none && i < cluster_start_[best + 1]; ++i) {
            const std::uint32_t n = count_bits(s.family_live[members[i]]);
            if (n >= 2 && n < fewest) {
              fewest = n;
              fr.target = members[i];
              fr.family = true;
            }
          }
        }
        if (fr.family) {
          fr.value = static_cast<std::uint32_t>(std::countr_zero(s.family_live[fr.target]));
        } else {
          fr.target = w.only_option(leftmost_min(s.counts, primary_count_));
        }
        ++result_.branches;
        ++result_.guesses;
        std::memcpy(frame_state(frame_count_), work_.data(), state_bytes);
        frames_[frame_count_++] = fr;
        if (fr.family) {
          s.family_live[fr.target] = std::uint64_t{1} << fr.value;
          w.mark_dirty(fr.target);
        } else {
          w.choose(fr.target);
        }
        continue;
      }
    }
    // Back to the most recent branch whose "no" is still to try.
    w.reset_events();
    while (frame_count_ > floor_ && frames_[frame_count_ - 1].no)
      --frame_count_;
    if (frame_count_ == floor_) {
      save();
      result_.status = search_status::complete;
      return false;
    }
    frame& fr = frames_[frame_count_ - 1];
    fr.no = true;
    std::memcpy(work_.data(), frame_state(frame_count_ - 1), state_bytes);
    w.chosen_count = fr.level;
    if (fr.family) {
      s.family_live[fr.target] &= ~(std::uint64_t{1} << fr.value);
      w.mark_dirty(fr.target);
    } else {
      w.remove_one(fr.target);
    }
    entering = true;
  }
}

bool structure_engine::consistent(const view& s, bool groups) const {
  auto active = [&](std::uint32_t o) { return (s.active[o / 64] >> (o % 64) & 1) != 0; };
  for (std::uint32_t k = 0; k < primary_count_; ++k) {
    if (s.counts[k] == covered) continue;
    std::uint32_t n = 0;
    for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
      n += static_cast<std::uint32_t>(std::popcount(s.active[masks_[m].word] & masks_[m].mask));
    if (n != s.counts[k]) return false;
  }
  if (!groups) return true;
  const matrix_structure& st = structure_;
  for (std::uint32_t g = 0; g < st.groups.size(); ++g) {
    if (s.group_counts[g] >= used_floor) continue;
    std::uint32_t n = 0;
    for (std::uint32_t t = 0; t < st.groups[g].size; ++t)
      n += active(st.options[st.groups[g].first + t]);
    if (n != s.group_counts[g]) return false;
  }
  // Each quota's used parts are those counted as sure.
  std::vector<std::uint32_t>& sure = sure_scratch_;
  sure.assign(st.quotas.size(), 0);
  count_sure(s, [&](std::uint32_t q) { ++sure[q]; });
  for (std::uint32_t q = 0; q < st.quotas.size(); ++q) {
    if (sure[q] != s.quota_sure[q]) return false;
  }
  for (std::uint32_t f = 0; f < families_; ++f) {
    // No possible matching holds a dead group.
    const auto& fam = st.families[f];
    for (std::uint32_t e = 0; e < fam.size; ++e) {
      const std::uint32_t g = st.edges[fam.first + e];
      if (s.group_counts[g] == 0 && (s.family_live[f] & rules_[g].with) != 0) return false;
    }
  }
  return true;
}

bool structure_engine::check_invariants() const {
  if (base_stale_) return true;
  return consistent(at(const_cast<std::uint64_t*>(base_.data())), false);
}

}  // namespace

std::unique_ptr<engine> make_structure_engine(const engine& compiled) {
  return std::make_unique<structure_engine>(compiled);
}

}  // namespace dlx::detail
