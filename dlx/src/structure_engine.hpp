// The structure search's engine (propagation::groups): exact cover over a
// bitset of active options, with the inference and the yes/no branches that
// the problem's own structure allows (structure.hpp: groups, quotas,
// families), found when the problem is prepared. Internal to the library.
//
// State. Copied where the search branches, as in the bitset engine, and small:
// one bit per option (still active or not), a byte per primary item (active
// options left; "covered" once covered), a byte per group (active options
// left; "used" once one of them is chosen or it is forced), two bytes per quota
// (parts not yet dead, parts used), and per family the matchings still
// possible (a bit each) and the groups already forced or in no possible
// matching. For a 9x9 Sudoku: 96 + 336 + 496 + 2 * 64 + 54 * 16 bytes.
//
// The engine is in two files: structure_tables.cpp builds its tables from the
// compiled problem, applies the preselected options and counts a state from
// its active options (the group state only when the search first needs it);
// structure_engine.cpp is the search, its hot loop (the walker) and its branch
// choice.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "engine.hpp"
#include "structure.hpp"

namespace dlx::detail::structure_search {

inline constexpr std::uint8_t covered = 255;
inline constexpr std::uint8_t covering = 128;  // an item of the option being chosen
inline constexpr std::uint8_t used = 255;  // a group's counter once one of its options is chosen
inline constexpr std::uint8_t used_floor = 128;
inline constexpr std::uint32_t none = ~std::uint32_t{0};
// Codes of the decisions that name a node (append_path).
inline constexpr std::uint32_t ruled_out_code = std::uint32_t{1} << 31;
inline constexpr std::uint32_t family_code = std::uint32_t{1} << 30;
// Per-option conflict lists are kept up to this many (word, mask) pairs in all
// (about 1.5 MB; a 9x9 Sudoku needs about 6,000, a 16x16 about 70,000).
inline constexpr std::size_t max_conflict_masks = std::size_t{1} << 17;
// Up to this many options (a 9x9 Sudoku has 729) the lists are whole bitsets
// (at most 128 KB): a choice clears them a word at a time, with no list to walk.
inline constexpr std::uint32_t max_dense_options = 1024;
// Items of at most this many (word, mask) pairs are padded for only_option.
inline constexpr std::uint32_t max_padded_masks = 16;
// preselect_quickly ORs the givens' rows in this many vectors of two words.
inline constexpr std::uint32_t batch_vectors = 8;

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

// 100 log2(n), rounded, for n = 0..64 (0 for 0 and 1): the branch choice adds
// these up to compare the products of the matchings left in clusters.
inline constexpr std::array<std::uint16_t, 65> log2_hundredths = {
    0,   0,   100, 158, 200, 232, 258, 281, 300, 317, 332, 346, 358, 370, 381, 391, 400,
    409, 417, 425, 432, 439, 446, 452, 458, 464, 470, 475, 481, 486, 491, 495, 500, 504,
    509, 513, 517, 521, 525, 529, 532, 536, 539, 543, 546, 549, 552, 555, 558, 561, 564,
    567, 570, 573, 575, 578, 581, 583, 586, 588, 591, 593, 595, 598, 600};

// The branch choice's table of weights (structure_engine::choice_weights_)
// keeps the open flag from this bit up.
inline constexpr std::uint32_t open_shift = 20;

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
  // Counts the group state of `s` from its active options (lazily: see the top of
  // structure_tables.cpp).
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

}  // namespace dlx::detail::structure_search
