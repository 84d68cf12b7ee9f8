// The structure search itself (structure_engine.hpp has the engine's state
// and tables): propagation, the branch choice and the walk of the tree.
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
#include <bit>
#include <cstring>

#include "counter_scan.hpp"
#include "structure_engine.hpp"

namespace dlx::detail {

namespace structure_search {

namespace {

// Bits set in a mask of matchings. Portable builds have no POPCNT instruction
// (std::popcount is then a library call); Sudoku's families have six matchings.
constexpr std::array<std::uint8_t, 256> byte_bits = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned v = 0; v < 256; ++v)
    t[v] = static_cast<std::uint8_t>(std::popcount(v));
  return t;
}();
inline std::uint32_t count_bits(std::uint64_t x) {
  if (x < 256) return byte_bits[static_cast<std::size_t>(x)];
  return bit_count(x);
}

}  // namespace

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

}  // namespace structure_search

std::unique_ptr<engine> make_structure_engine(const engine& compiled) {
  return std::make_unique<structure_search::structure_engine>(compiled);
}

}  // namespace dlx::detail
