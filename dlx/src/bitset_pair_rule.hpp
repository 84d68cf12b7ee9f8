// The pair rule of the bitset engine (propagation::pairs): when every
// remaining option of a primary item A covers an item B outright, B's other
// options go. bitset_engine.hpp has the state; bitset_pair_rule.cpp builds
// the rule's table of reaches. A header, included by bitset_search.cpp alone:
// the rule runs inside that search's loop, which inlines it always (called
// out of line, the counters it updates lived in memory for the whole loop:
// 2 to 6% more instructions measured).
//
// The rule runs when no forced move is left, on the items whose counters
// changed since they were last checked and are within their reach (the most
// options they share with another item): the other item must be one of the
// first remaining option's. The "last checked" counters live outside the saved
// states: the rule always reaches a fixpoint just before a branch, so on
// backtracking they are the restored counters, minus the items that lost an
// option when the branching item was covered.
#pragma once

#include <bit>
#include <cstdint>

#include "bitset_engine.hpp"
#include "counter_scan.hpp"

namespace dlx::detail {

template <class Count>
template <bool Colored>
inline bool bitset_engine<Count>::covers(option_id option, std::uint32_t item) const {
  for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
    if (option_items_[i] == item) return !Colored || option_colors_[i] == 0;
  }
  return false;
}

template <class Count>
inline std::uint32_t bitset_engine<Count>::entry_on(option_id option, std::uint32_t item,
                                                    std::uint32_t at) const {
  const std::uint32_t guess = option_start_[option] + at;
  if (guess < option_start_[option + 1] && option_items_[guess] == item) return guess;
  for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
    if (option_items_[i] == item) return i;
  }
  return no_entry;
}

template <class Count>
template <int K, bool Colored>
inline bool bitset_engine<Count>::eliminate_pairs(const view& s, std::uint64_t& updates,
                                                  std::uint64_t& eliminated) {
  // Only an item whose options changed since it was last checked can newly
  // lie inside another (options only go while the search descends), and only
  // while it has no more options than it shares with some other item (its
  // reach). The other item B must be in every remaining option of A, so it is
  // one of the items of A's first option: no tables beyond the reach.
  const std::uint64_t before = eliminated;
  const std::uint32_t n = primary_count_;
  std::uint32_t* const out = scratch_items_.data();
  Count* const checked = checked_.data();
  const Count* const reach = pair_reach_.data();
  std::uint32_t* const a_options = scratch_options_.data();
  for (;;) {
    std::uint32_t candidates = 0;
    if constexpr (sizeof(Count) <= 2) {
      // A vector of counters at a time (counter_scan.hpp).
      constexpr std::uint32_t lanes = 16 / sizeof(Count);
      for (std::uint32_t v = 0; v < (n + lanes - 1) / lanes; ++v) {
        for (std::uint32_t hits = changed_within_reach(s.counts, checked, reach, v); hits;
             hits &= hits - 1)
          out[candidates++] = v * lanes + static_cast<std::uint32_t>(std::countr_zero(hits));
      }
    } else {
      for (std::uint32_t k = 0; k < n; ++k) {
        const Count c = s.counts[k];
        if (c != checked[k] && c >= 2 && c <= reach[k]) out[candidates++] = k;
        checked[k] = c;
      }
    }
    bool changed = false;
    for (std::uint32_t j = 0; j < candidates; ++j) {
      const std::uint32_t a = out[j];
      const std::uint32_t count_a = s.counts[a];
      // Its reach, the fourth time it comes (build_reach says why).
      if (reach_state_[a] != reach_found) [[unlikely]] {
        if (++reach_state_[a] == reach_found) find_reach(a);
      }
      if (count_a < 2 || count_a > reach[a]) continue;  // changed since the scan
      std::uint32_t listed = 0;
      for (std::uint32_t m = masks_start_[a]; m < masks_start_[a + 1] && listed < count_a; ++m) {
        for (std::uint64_t bits = s.active[masks_[m].word] & masks_[m].mask; bits;
             bits &= bits - 1) {
          a_options[listed++] =
              masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
        }
      }
      const std::uint32_t first = a_options[0];
      for (std::uint32_t i = option_start_[first]; i < option_start_[first + 1]; ++i) {
        const std::uint32_t b = option_items_[i];
        if (b == a) continue;
        // A primary B with no more options than A has none outside A (or is
        // covered): nothing to remove. Most candidates stop here.
        if (b < n && (s.counts[b] <= count_a || s.counts[b] == covered)) continue;
        if constexpr (Colored) {
          // Every option of A covers B, some giving it a color: B ends up
          // with one of those colors, so B's options that miss A go unless
          // they give it one of them (none, when A's options claim B
          // outright). On the cells of a chain of states (Knuth's colors as
          // an automaton) this keeps every digit and state supported from
          // both sides. A purified B kept only agreeing options already.
          if (b >= n && s.purified[b - n] != 0) continue;
          // The colors as bits (color_mark_); an entry of each (B in one of
          // A's options) listed, to find its agreeing options and to clear.
          colors_.clear();
          bool inside = true;
          // A's options are often alike (a chain's transitions): B is looked
          // for first where it stands in the first.
          const std::uint32_t at = i - option_start_[first];
          for (std::uint32_t t = 0; t < count_a && inside; ++t) {
            const std::uint32_t e = t == 0 ? i : entry_on(a_options[t], b, at);  // i: in the first
            inside = e != no_entry;
            const std::int64_t c = inside && !option_colors_.empty() ? option_colors_[e] : 0;
            if (c > 0 && !marked_color(c)) {
              color_mark_[static_cast<std::size_t>(c) / 64] |= std::uint64_t{1} << (c % 64);
              colors_.push_back(e);
            }
          }
          const auto unmark = [&] {
            for (std::uint32_t e : colors_)
              color_mark_[option_colors_[e] / 64] = 0;
          };
          if (!inside) {
            unmark();
            continue;
          }
          // B's options of those colors stay: their masks (agree_masks_)
          // gathered by word, so that an option costs nothing unless it goes.
          std::uint64_t* const keep = keep_words_.data();
          for (std::uint32_t e : colors_) {
            for (std::uint32_t g = agree_start_[e]; g < agree_end_[e]; ++g)
              keep[agree_masks_[g].word] |= agree_masks_[g].mask;
          }
          for (std::uint32_t m = masks_start_[b]; m < masks_start_[b + 1]; ++m) {
            const std::uint32_t w = masks_[m].word;
            std::uint64_t& word = s.active[w];
            for (std::uint64_t bits = word & masks_[m].mask & ~keep[w]; bits; bits &= bits - 1) {
              const auto o = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
              if (covers<false>(o, a)) continue;  // one of A's, giving B no color
              word &= ~(std::uint64_t{1} << (o % 64));
              take_off<K, Colored>(s, o, updates);
              ++eliminated;
              changed = true;
            }
            keep[w] = 0;
          }
          unmark();
          continue;
        }
        bool inside = true;
        for (std::uint32_t t = 1; t < count_a && inside; ++t)
          inside = covers<Colored>(a_options[t], b);
        if (!inside) continue;
        // Every option of A covers B outright: B's options that miss A go.
        for (std::uint32_t m = masks_start_[b]; m < masks_start_[b + 1]; ++m) {
          std::uint64_t& word = s.active[masks_[m].word];
          for (std::uint64_t bits = word & masks_[m].mask; bits; bits &= bits - 1) {
            const auto o = masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
            if (covers<false>(o, a)) continue;
            word &= ~(std::uint64_t{1} << (o % 64));
            take_off<K, Colored>(s, o, updates);
            ++eliminated;
            changed = true;
          }
        }
      }
    }
    if (!changed) return eliminated != before;
  }
}

}  // namespace dlx::detail
