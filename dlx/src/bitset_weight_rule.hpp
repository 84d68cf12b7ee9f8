// The weight rule of the bitset engine: bounds on weighted items' totals
// (problem.hpp). bitset_weight_rule.cpp picks each item's carriers; this
// header, included by bitset_search.cpp alone, runs the rule inside the
// search's loop (inlined, as the pair rule is, for the loop's registers).
//
// At a node, a weighted item's total is at least its total so far plus each
// uncovered carrier's least remaining weight (and each free option's weight if
// negative), and at most the same with the greatest. Out of the item's bounds:
// a dead end. Within them, an option of a carrier goes when choosing it would
// put the least total above the upper bound or the greatest below the lower:
// bounds consistency on a linear sum, as constraint solvers keep it. A group
// of carriers that take different weights (bitset_engine.hpp) adds at least
// its k smallest weights left and at most its k largest, tighter still with
// each carrier's own range (distinct_extremes). With two or three carriers
// left the rule is exact (exact_few).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>

#include "bitset_engine.hpp"
#include "counter_scan.hpp"

namespace dlx::detail {

// The sums of the k - 1 and the k smallest (or with Largest, largest) weights
// of `left` (k >= 1, at least k bits), and the bit of the (k - 1)-th.
template <bool Largest>
inline void extreme_sums(std::uint64_t left, std::uint32_t k, std::int64_t base,
                         std::int64_t& but_one, std::int64_t& all, std::uint32_t& edge) {
  std::int64_t sum = 0;
  int bit = 0;
  for (std::uint32_t j = 0; j + 1 < k; ++j) {
    bit = Largest ? 63 - std::countl_zero(left) : std::countr_zero(left);
    sum += bit;
    left &= ~(std::uint64_t{1} << bit);
  }
  edge = static_cast<std::uint32_t>(bit);
  but_one = sum + static_cast<std::int64_t>(k - 1) * base;
  all = but_one + base + (Largest ? 63 - std::countl_zero(left) : std::countr_zero(left));
}

// A group's bounds with each carrier's own range: its k carriers take k
// different weights, each at least its carrier's least weight left, so the
// carriers in order of their least take, one by one, the smallest weight left
// in the group not yet taken at or above their own least (optimal where each
// carrier could take any weight of the group above its least: a bound, and
// tighter than the group's k smallest weights when carriers' ranges differ,
// as ISS's sum handler bounds an exclusion group). The same as sweeping the
// group's weights upward, each taken by a carrier whose least is at or below
// it if one waits: `least[bit]` carriers have their least weight at `bit`.
// The largest alike, downward. False when some carrier is left waiting: a
// dead end.
// One sweep of distinct_extremes: upward over `left` with the carriers'
// least weights (`waiting_at`), or with Largest downward with their greatest.
// Once k weights are taken every carrier has been let in: the rest of the
// sweep would take nothing.
template <bool Largest>
inline bool distinct_sweep(std::uint64_t left, std::uint32_t k, std::int64_t base,
                           const std::uint8_t* waiting_at, std::int64_t& total) {
  std::uint32_t waiting = 0, taken = 0;
  std::int64_t sum = 0;
  while (left != 0 && taken < k) {
    const int bit = Largest ? 63 - std::countl_zero(left) : std::countr_zero(left);
    left &= ~(std::uint64_t{1} << bit);
    waiting += waiting_at[bit];
    if (waiting > 0) {
      --waiting;
      ++taken;
      sum += bit;
    }
  }
  total = sum + static_cast<std::int64_t>(k) * base;
  return taken == k;
}

inline bool distinct_extremes(std::uint64_t left, std::uint32_t k, std::int64_t base,
                              const std::uint8_t* least, const std::uint8_t* most,
                              std::int64_t& low, std::int64_t& high) {
  return distinct_sweep<false>(left, k, base, least, low) &&
         distinct_sweep<true>(left, k, base, most, high);
}

// The bits of [from, to], clipped to 0..63.
inline std::uint64_t bit_range(std::int64_t from, std::int64_t to) {
  from = std::max<std::int64_t>(from, 0);
  to = std::min<std::int64_t>(to, 63);
  if (from > to) return 0;
  const std::uint64_t up_to = to == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << to) - 1;
  return up_to & ~((std::uint64_t{1} << from) - 1);
}

// Exact for few: with two or three carriers left (each in a group of bits)
// and no free option, a weight stays only if one weight of each other carrier
// completes a total within [lower, upper] (the item's bounds less its total so
// far), different weights within a group: what bounds consistency misses
// inside the range (x + y = 10 with y in {1, 9} leaves x in {1, 9}, not 1..9).
// ISS's sum handler solves its last few cells so. Returns whether it applied
// (else the bounds do the work).
template <class Count>
template <class RemoveBits>
inline bool bitset_engine<Count>::exact_few(const carrier_group* first, const carrier_group* last,
                                            const view& s, std::int64_t lower, std::int64_t upper,
                                            RemoveBits&& remove_bits) const {
  std::uint32_t carrier[3], group[3];
  std::uint64_t left[3];
  std::uint32_t n = 0;
  for (const carrier_group* g = first; g != last; ++g) {
    for (std::uint32_t c = g->begin; c < g->end; ++c) {
      if (s.counts[carriers_[c]] == covered) continue;
      if (n == 3 || !g->bits) return false;
      carrier[n] = c;
      group[n] = static_cast<std::uint32_t>(g - first);
      left[n] = carrier_left_[c];
      lower -= g->base;
      upper -= g->base;
      ++n;
    }
  }
  if (n < 2) return false;
  std::uint64_t keep[3] = {0, 0, 0};
  if (n == 2) {
    const bool same = group[0] == group[1];
    for (std::uint32_t i = 0; i < 2; ++i) {
      const std::uint32_t j = 1 - i;
      for (std::uint64_t bits = left[i]; bits; bits &= bits - 1) {
        const int x = std::countr_zero(bits);
        std::uint64_t partners = left[j] & bit_range(lower - x, upper - x);
        if (same) partners &= ~(std::uint64_t{1} << x);
        if (partners != 0) keep[i] |= std::uint64_t{1} << x;
      }
    }
  } else {
    for (std::uint32_t i = 0; i < 3; ++i) {
      const std::uint32_t j = (i + 1) % 3, k = (i + 2) % 3;
      for (std::uint64_t bits = left[i]; bits; bits &= bits - 1) {
        const int x = std::countr_zero(bits);
        std::uint64_t second = left[j];
        if (group[i] == group[j]) second &= ~(std::uint64_t{1} << x);
        for (; second; second &= second - 1) {
          const int y = std::countr_zero(second);
          std::uint64_t third = left[k] & bit_range(lower - x - y, upper - x - y);
          if (group[i] == group[k]) third &= ~(std::uint64_t{1} << x);
          if (group[j] == group[k]) third &= ~(std::uint64_t{1} << y);
          if (third != 0) {
            keep[i] |= std::uint64_t{1} << x;
            break;
          }
        }
      }
    }
  }
  for (std::uint32_t i = 0; i < n; ++i)
    remove_bits(carrier[i], left[i] & ~keep[i]);
  return true;
}

template <class Count>
template <int K, bool Colored, bool Eliminate>
inline bool bitset_engine<Count>::bound_weights(const view& s, std::uint64_t& updates,
                                                std::uint64_t& eliminated) {
  const auto active = [&](std::uint32_t o) { return (s.active[o / 64] >> (o % 64) & 1) != 0; };
  const auto remove = [&](std::uint32_t o) {
    s.active[o / 64] &= ~(std::uint64_t{1} << (o % 64));
    take_off<K, Colored>(s, o, updates);
    ++eliminated;
  };
  // Removes carrier c's options whose weight bits are in `gone`.
  const auto remove_bits = [&](std::uint32_t c, std::uint64_t gone) {
    if (gone == 0) return;
    if (const carrier_run r = carrier_runs_[c]; r.count > 0) {
      for (; gone; gone &= gone - 1) {
        const std::uint32_t o =
            r.first + static_cast<std::uint32_t>(std::countr_zero(gone)) - r.bit;
        if (active(o)) remove(o);
      }
    } else {
      for (std::uint32_t t = carrier_options_start_[c]; t < carrier_options_start_[c + 1]; ++t) {
        const weighted_option& x = carrier_options_[t];
        if ((gone >> x.bit & 1) != 0 && active(x.option)) remove(x.option);
      }
    }
  };
  const auto items = static_cast<std::uint32_t>(weight_lower_.size());
  for (std::uint32_t w = 0; w < items; ++w) {
    const carrier_group* const first = groups_.data() + groups_start_[w];
    const carrier_group* const last = groups_.data() + groups_start_[w + 1];
    // What the item depends on, in a form that changes whenever it does while
    // the search descends (options only go; a carrier's counter only falls,
    // until it is covered): skip the item when it is as last found consistent.
    weight_signature now{s.totals[w], 0, 0, 0};
    if (first != last) {
      for (std::uint32_t c = first->begin; c < (last - 1)->end; ++c) {
        const Count count = s.counts[carriers_[c]];
        if (count == covered) {
          ++now.covered;
        } else {
          now.live += count;
        }
      }
    }
    for (std::uint32_t t = free_start_[w]; t < free_start_[w + 1]; ++t)
      now.free += active(free_options_[t].option);
    if (now == weight_seen_[w]) continue;
    const std::uint64_t removed_before = eliminated;
    std::int64_t low = s.totals[w], high = low;
    for (const carrier_group* g = first; g != last; ++g) {
      group_bounds& b = group_bounds_[static_cast<std::size_t>(g - groups_.data())];
      b = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
      if (g->bits) {
        int latest_least = 0, earliest_most = 63;  // over the carriers
        for (std::uint32_t c = g->begin; c < g->end; ++c) {
          if (s.counts[carriers_[c]] == covered) continue;
          ++b.k;
          std::uint64_t here = 0;
          if (const carrier_run r = carrier_runs_[c]; r.count > 0) {
            const std::uint32_t word = r.first / 64, shift = r.first % 64;
            std::uint64_t bits = s.active[word] >> shift;
            if (shift + r.count > 64) bits |= s.active[word + 1] << (64 - shift);
            if (r.count < 64) bits &= (std::uint64_t{1} << r.count) - 1;
            here = bits << r.bit;
          } else {
            for (std::uint32_t t = carrier_options_start_[c]; t < carrier_options_start_[c + 1];
                 ++t) {
              if (active(carrier_options_[t].option))
                here |= std::uint64_t{1} << carrier_options_[t].bit;
            }
          }
          if (here == 0) return false;  // no option left: a dead end anyway
          carrier_left_[c] = here;
          b.left |= here;
          latest_least = std::max(latest_least, std::countr_zero(here));
          earliest_most = std::min(earliest_most, 63 - std::countl_zero(here));
        }
        if (b.k == 0) continue;
        // Different weights: fewer left than carriers is a dead end.
        if (bit_count(b.left) < b.k) return false;
        extreme_sums<false>(b.left, b.k, g->base, b.low_but_one, b.low, b.low_edge);
        extreme_sums<true>(b.left, b.k, g->base, b.high_but_one, b.high, b.high_edge);
        b.tight_low = b.low;
        b.tight_high = b.high;
        // Unless some carrier's range starts above the group's least weight
        // left (or ends below its greatest), the sweeps find the same.
        if (b.k >= 2 && (latest_least != std::countr_zero(b.left) ||
                         earliest_most != 63 - std::countl_zero(b.left))) {
          // Per weight bit of the group, how many carriers have their least
          // (greatest) weight left there; the sweep reads only those bits.
          std::uint8_t least[64], most[64];
          for (std::uint64_t bits = b.left; bits; bits &= bits - 1) {
            least[std::countr_zero(bits)] = 0;
            most[std::countr_zero(bits)] = 0;
          }
          for (std::uint32_t c = g->begin; c < g->end; ++c) {
            if (s.counts[carriers_[c]] == covered) continue;
            ++least[std::countr_zero(carrier_left_[c]) & 63];
            ++most[(63 - std::countl_zero(carrier_left_[c])) & 63];
          }
          if (!distinct_extremes(b.left, b.k, g->base, least, most, b.tight_low, b.tight_high))
            return false;
        }
      } else {
        const std::uint32_t c = g->begin;  // a group alone
        if (s.counts[carriers_[c]] == covered) continue;
        std::int64_t least = std::numeric_limits<std::int64_t>::max();
        std::int64_t most = std::numeric_limits<std::int64_t>::min();
        for (std::uint32_t t = carrier_options_start_[c]; t < carrier_options_start_[c + 1]; ++t) {
          if (!active(carrier_options_[t].option)) continue;
          least = std::min(least, carrier_options_[t].weight);
          most = std::max(most, carrier_options_[t].weight);
        }
        if (least > most) return false;
        b = {1, 0, least, 0, most, 0, 0, 0, least, most};
      }
      low += b.tight_low;
      high += b.tight_high;
    }
    for (std::uint32_t t = free_start_[w]; t < free_start_[w + 1]; ++t) {
      if (!active(free_options_[t].option)) continue;
      low += std::min<std::int64_t>(0, free_options_[t].weight);
      high += std::max<std::int64_t>(0, free_options_[t].weight);
    }
    const std::int64_t lower = weight_lower_[w], upper = weight_upper_[w];
    if (low > upper || high < lower) return false;
    if constexpr (Eliminate) {
      if (low >= lower && high <= upper) {  // every choice keeps the total within
        weight_seen_[w] = now;
        continue;
      }
      if (now.free == 0 &&
          exact_few(first, last, s, lower - s.totals[w], upper - s.totals[w], remove_bits)) {
        if (eliminated == removed_before) weight_seen_[w] = now;
        continue;
      }
      for (const carrier_group* g = first; g != last; ++g) {
        const group_bounds& b = group_bounds_[static_cast<std::size_t>(g - groups_.data())];
        if (b.k == 0) continue;
        // Choosing weight x in the group: the others take k - 1 different
        // weights of those left but x, so the total lies within
        // [rest_low + x + their least, rest_high + x + their most], where
        // rest_low and rest_high bound the other groups (as tightly as known).
        const std::int64_t rest_low = low - b.tight_low, rest_high = high - b.tight_high;
        if (g->bits) {
          // As bits: weight x = base + bit. Above the (k - 1)-th smallest
          // weight left, the others' least is low_but_one, so x overshoots
          // when its bit exceeds `over_at`; at or below it, the least total
          // is `low`, within the bounds. Likewise below for `under_at`.
          const std::int64_t over_at = upper - rest_low - g->base - b.low_but_one;
          const std::int64_t under_at = lower - rest_high - g->base - b.high_but_one;
          std::uint64_t over = over_at < 0     ? ~std::uint64_t{0}
                               : over_at >= 63 ? 0
                                               : ~((std::uint64_t{2} << over_at) - 1);
          std::uint64_t under = under_at <= 0    ? 0
                                : under_at >= 64 ? ~std::uint64_t{0}
                                                 : (std::uint64_t{1} << under_at) - 1;
          if (b.k >= 2) {
            over &= b.low_edge >= 63 ? 0 : ~((std::uint64_t{2} << b.low_edge) - 1);
            under &= (std::uint64_t{1} << b.high_edge) - 1;
          }
          const std::uint64_t gone = (over | under) & b.left;
          if (gone == 0) continue;
          for (std::uint32_t c = g->begin; c < g->end; ++c) {
            if (s.counts[carriers_[c]] == covered) continue;
            remove_bits(c, carrier_left_[c] & gone);
          }
          continue;
        }
        for (std::uint32_t c = g->begin; c < g->end; ++c) {
          if (s.counts[carriers_[c]] == covered) continue;
          for (std::uint32_t t = carrier_options_start_[c]; t < carrier_options_start_[c + 1];
               ++t) {
            // A carrier alone: the others of its group are none.
            const weighted_option& x = carrier_options_[t];
            const bool over = rest_low + x.weight > upper;
            const bool under = rest_high + x.weight < lower;
            if ((over || under) && active(x.option)) remove(x.option);
          }
        }
      }
      for (std::uint32_t t = free_start_[w]; t < free_start_[w + 1]; ++t) {
        const std::int64_t x = free_options_[t].weight;
        // Choosing it: its weight instead of what low and high counted for it.
        const bool over = low - std::min<std::int64_t>(0, x) + x > upper;
        const bool under = high - std::max<std::int64_t>(0, x) + x < lower;
        if ((over || under) && active(free_options_[t].option)) remove(free_options_[t].option);
      }
    }
    if (eliminated == removed_before) weight_seen_[w] = now;
  }
  return true;
}

}  // namespace dlx::detail
