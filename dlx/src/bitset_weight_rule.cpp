// The carriers of the bitset engine's weighted items (the rule itself is in
// bitset_weight_rule.hpp), picked once when the engine is built.
//
// A weighted item's total is the sum of its chosen options' weights. To bound
// what is still to come, the rule needs to know which weighted options exclude
// each other: options of one primary item do (exactly one of them is chosen).
// So it picks primary items, "carriers", that split the item's weighted options
// between them, none shared: then each carrier not yet covered adds between
// the least and the greatest weight of its remaining options (0 for an option
// that has none). A killer cage's cells are its carriers; the cage's sum then
// bounds each cell's digits by the others' smallest and largest. Carriers
// whose options of equal weight exclude each other form groups (cells of one
// row), which add different weights (bitset_engine.hpp).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "bitset_engine.hpp"

namespace dlx::detail {

// What picking carriers works with, sized once per engine and reused for
// every weighted item: no allocation per item.
template <class Count>
struct bitset_engine<Count>::carrier_scratch {
  // The carriers picked for one weighted item: carrier c's options (with
  // their weights there) are options[start[c], start[c + 1]).
  std::vector<weighted_option> options;
  std::vector<std::uint32_t> start;
  std::vector<std::uint32_t> item;  // carrier c's primary item
  [[nodiscard]] std::uint32_t size() const { return static_cast<std::uint32_t>(item.size()); }
  [[nodiscard]] std::span<const weighted_option> of(std::uint32_t c) const {
    return {options.data() + start[c], start[c + 1] - start[c]};
  }
  // carrier_cliques' answer: the groups' carriers, group g's from member_start[g].
  std::vector<std::uint32_t> members, member_start;
  // With colors (no rows below): per option, its entries (indices in
  // option_items_) in order of their items, and its items hashed to one bit
  // each, so that options that share an item share a bit (exclusive() looks
  // at these).
  std::vector<std::uint32_t> entries;
  std::vector<std::uint64_t> signature;
  // Without colors two options clash when they share any item: then each
  // option asked about gets a row of the options it clashes with (found
  // once, as the bitset engine's masks), and a pair is one bit. Row r's
  // words are rows[r * words, (r + 1) * words); row_of an option's r + 1, or 0.
  std::uint32_t words = 0;  // 0: no rows (colors, or too many options)
  std::vector<std::uint32_t> row_of;
  std::vector<std::uint64_t> rows;
  // carrier_cliques': per carrier with one option per weight (one_each), its
  // options by weight bit (by_bit[c * 64 + bit]).
  std::vector<char> one_each;
  std::vector<std::uint32_t> by_bit;
  // carrier_cliques' working lists: each carrier's options (as `options`),
  // sorted by weight where it has few (in_order), ...
  std::vector<weighted_option> sorted;
  std::vector<char> in_order;  // per carrier: `sorted` is sorted by weight (few options)
  [[nodiscard]] std::span<const weighted_option> by_weight(std::uint32_t c) const {
    return {sorted.data() + start[c], start[c + 1] - start[c]};
  }
  std::vector<std::int64_t> least, most;
  std::vector<std::uint64_t> weight_bits;  // per carrier, its weights above the least of all
  std::vector<char> table, placed;
  std::vector<std::uint32_t> order, fits, next, trial, trial_start;
};

template <class Count>
void bitset_engine<Count>::build_carriers() {
  const auto options = static_cast<std::uint32_t>(option_count());
  const auto items = static_cast<std::uint32_t>(weight_lower_.size());
  // Per weighted item, its options that can be chosen, with their weights
  // (flat: item w's from weighted_start[w]).
  std::vector<std::uint32_t> weighted_start(items + 1, 0);
  for (option_id o = 0; o < options; ++o) {
    if (!option_has_primary_[o]) continue;
    for (std::uint32_t t = weight_start_[o]; t < weight_start_[o + 1]; ++t)
      ++weighted_start[weight_terms_[t].item + 1];
  }
  for (std::uint32_t w = 0; w < items; ++w)
    weighted_start[w + 1] += weighted_start[w];
  std::vector<weighted_option> weighted(weighted_start[items]);
  {
    std::vector<std::uint32_t> fill(weighted_start.begin(), weighted_start.end() - 1);
    for (option_id o = 0; o < options; ++o) {
      if (!option_has_primary_[o]) continue;
      for (std::uint32_t t = weight_start_[o]; t < weight_start_[o + 1]; ++t)
        weighted[fill[weight_terms_[t].item]++] = {o, 0, weight_terms_[t].weight};
    }
  }
  // Each primary item's number of options (that can be chosen): its counter
  // before any preselection.
  const Count* const length = at(pristine_.data()).counts;
  std::vector<std::int64_t> weight_of(options, 0);
  std::vector<std::uint32_t> stamp(options, 0), assigned(options, 0), score(primary_count_, 0);
  std::vector<std::uint32_t> touched(primary_count_);  // the first touched_count
  std::uint32_t touched_count = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> full, partial;  // (-score, item)
  carrier_scratch scratch;
  // Rows of clashes up to 2,048 options (32 words: a row per option asked about).
  if (!colored() && active_words_ <= 32) {
    scratch.words = active_words_;
    scratch.row_of.assign(options, 0);
    scratch.rows.reserve(std::size_t{options} * active_words_);  // no copies as rows come
  }
  if (scratch.words == 0) {
    scratch.entries.resize(option_items_.size());
    scratch.signature.assign(options, 0);
    for (option_id o = 0; o < options; ++o) {
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        scratch.entries[i] = i;
        scratch.signature[o] |= std::uint64_t{1} << (option_items_[i] * 0x9e3779b9u >> 26);
      }
      std::sort(
          scratch.entries.begin() + option_start_[o],
          scratch.entries.begin() + option_start_[o + 1],
          [&](std::uint32_t i, std::uint32_t j) { return option_items_[i] < option_items_[j]; });
    }
  }
  groups_start_.push_back(0);
  carrier_options_start_.push_back(0);
  free_start_.push_back(0);
  const auto options_of = [&](std::uint32_t item, auto&& visit) {
    for (std::uint32_t m = masks_start_[item]; m < masks_start_[item + 1]; ++m) {
      for (std::uint64_t bits = masks_[m].mask; bits; bits &= bits - 1)
        visit(masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits)));
    }
  };
  for (std::uint32_t w = 0; w < items; ++w) {
    const std::uint32_t mark = w + 1;
    const std::span<const weighted_option> mine(weighted.data() + weighted_start[w],
                                                weighted_start[w + 1] - weighted_start[w]);
    std::uint32_t unassigned = 0;  // distinct weighted options not on a carrier yet
    {
      // The hottest loop of preparing a killer (each option's primary items,
      // about eight a cell's digit): raw pointers, which the stores through
      // `score` do not make the compiler reload.
      const std::uint32_t* const starts = primary_start_.data();
      const std::uint32_t* const primaries = primary_items_.data();
      std::uint32_t* const scores = score.data();
      std::uint32_t* const touched_items = touched.data();
      std::uint32_t* const stamps = stamp.data();
      for (const weighted_option& x : mine) {
        if (stamps[x.option] != mark) ++unassigned;
        stamps[x.option] = mark;
        weight_of[x.option] = x.weight;
        const std::uint32_t* const end = primaries + starts[x.option + 1];
        for (const std::uint32_t* k = primaries + starts[x.option]; k != end; ++k) {
          if (scores[*k]++ == 0) touched_items[touched_count++] = *k;
        }
      }
    }
    // Candidates: the primary items of weighted options, those whose options
    // are all weighted first (their bounds are tight), then the most weighted.
    // Once every weighted option is on a carrier no candidate is disjoint from
    // them, so the partial ones are sorted only when some are left (a killer
    // cage's cells take them all).
    full.clear();
    for (std::uint32_t t = 0; t < touched_count; ++t) {
      const std::uint32_t k = touched[t];
      if (score[k] == length[k]) full.emplace_back(~score[k], k);
    }
    scratch.options.clear();
    scratch.start.assign(1, 0);
    scratch.item.clear();
    const auto pick = [&](std::vector<std::pair<std::uint32_t, std::uint32_t>>& candidates) {
      std::sort(candidates.begin(), candidates.end());
      for (const auto& [inverse_score, k] : candidates) {
        if (unassigned == 0) return;
        bool disjoint = true;
        options_of(k, [&](std::uint32_t o) {
          disjoint = disjoint && !(stamp[o] == mark && assigned[o] == mark);
        });
        if (!disjoint) continue;
        // The carrier, with its options and their weights here.
        options_of(k, [&](std::uint32_t o) {
          const bool here = stamp[o] == mark;
          if (here) {
            assigned[o] = mark;
            --unassigned;
          }
          scratch.options.push_back({o, 0, here ? weight_of[o] : 0});
        });
        scratch.start.push_back(static_cast<std::uint32_t>(scratch.options.size()));
        scratch.item.push_back(k);
      }
    };
    pick(full);
    if (unassigned != 0) {
      partial.clear();
      for (std::uint32_t t = 0; t < touched_count; ++t) {
        const std::uint32_t k = touched[t];
        if (score[k] != length[k]) partial.emplace_back(~score[k], k);
      }
      pick(partial);
    }
    for (std::uint32_t t = 0; t < touched_count; ++t)
      score[touched[t]] = 0;
    touched_count = 0;
    // Groups: cliques of carriers that exclude each other weight for weight,
    // within 64 weights of one base. The bounds are tightest with few large
    // groups (a group of k adds its k smallest weights, not k times the
    // smallest), so, as ISS's solver does for its sums, cliques are grown
    // greedily several ways and the partition with the largest sum of squared
    // sizes is kept: in the carriers' order, by most exclusions among those
    // left, and in two shuffled orders.
    carrier_cliques(scratch);
    for (std::size_t g = 0; g + 1 < scratch.member_start.size(); ++g) {
      const std::span<const std::uint32_t> group(
          scratch.members.data() + scratch.member_start[g],
          scratch.member_start[g + 1] - scratch.member_start[g]);
      std::int64_t least = std::numeric_limits<std::int64_t>::max();
      std::int64_t most = std::numeric_limits<std::int64_t>::min();
      for (std::uint32_t c : group) {
        least = std::min(least, scratch.least[c]);
        most = std::max(most, scratch.most[c]);
      }
      const std::int64_t base = least;
      const bool bits = most - base < 64;
      groups_.push_back({static_cast<std::uint32_t>(carriers_.size()), 0, base, bits});
      for (std::uint32_t c : group) {
        carriers_.push_back(scratch.item[c]);
        const std::size_t from = carrier_options_.size();
        for (weighted_option x : scratch.of(c)) {
          x.bit = bits ? static_cast<std::uint32_t>(x.weight - base) : 0;
          carrier_options_.push_back(x);
        }
        carrier_options_start_.push_back(static_cast<std::uint32_t>(carrier_options_.size()));
        // One shift of the active bits when options and bits both run on by one.
        const std::span<const weighted_option> list(carrier_options_.data() + from,
                                                    carrier_options_.size() - from);
        bool run = bits && !list.empty();
        for (std::size_t j = 1; j < list.size() && run; ++j) {
          run = list[j].option == list[0].option + j && list[j].bit == list[0].bit + j;
        }
        carrier_runs_.push_back(
            run ? carrier_run{list[0].option, static_cast<std::uint32_t>(list.size()), list[0].bit}
                : carrier_run{0, 0, 0});
      }
      groups_.back().end = static_cast<std::uint32_t>(carriers_.size());
    }
    groups_start_.push_back(static_cast<std::uint32_t>(groups_.size()));
    for (const weighted_option& x : mine) {
      if (assigned[x.option] != mark) free_options_.push_back(x);
    }
    free_start_.push_back(static_cast<std::uint32_t>(free_options_.size()));
  }
  weight_seen_.resize(items);
  forget_weight_checks();
  group_bounds_.assign(groups_.size(), {});
  carrier_left_.assign(carriers_.size(), 0);
}

template <class Count>
void bitset_engine<Count>::carrier_cliques(carrier_scratch& s) const {
  const std::uint32_t m = s.size();
  s.least.assign(m, std::numeric_limits<std::int64_t>::max());
  s.most.assign(m, std::numeric_limits<std::int64_t>::min());
  std::int64_t floor = std::numeric_limits<std::int64_t>::max();
  std::int64_t ceiling = std::numeric_limits<std::int64_t>::min();
  for (std::uint32_t c = 0; c < m; ++c) {
    for (const weighted_option& x : s.of(c)) {
      s.least[c] = std::min(s.least[c], x.weight);
      s.most[c] = std::max(s.most[c], x.weight);
    }
    floor = std::min(floor, s.least[c]);
    ceiling = std::max(ceiling, s.most[c]);
  }
  s.sorted = s.options;
  s.in_order.assign(m, 0);
  for (std::uint32_t c = 0; c < m; ++c) {
    // A carrier has a few options, often in order already (a cell's digits)
    // or in reverse (their negatives): insertion sort then. A chain's step
    // may have hundreds, most of one weight: left as they are, where the
    // first pair of equal weight that does not clash is found soonest.
    weighted_option* const first = s.sorted.data() + s.start[c];
    weighted_option* const last = s.sorted.data() + s.start[c + 1];
    if (last - first > 1 && first->weight > (last - 1)->weight) std::reverse(first, last);
    s.in_order[c] = last - first <= 16;
    if (!s.in_order[c]) continue;
    for (weighted_option* x = first + 1; x < last; ++x) {
      for (weighted_option* y = x; y > first && (y - 1)->weight > y->weight; --y)
        std::swap(*(y - 1), *y);
    }
  }
  // Two carriers with no weight in common exclude each other trivially, but
  // in one group they would bound more loosely than apart (the two smallest
  // of both their weights, not the smallest of each): only those that share
  // a weight join. Weights within 64 of each other (a cell's digits) are
  // compared as bits.
  const bool as_bits = m > 0 && ceiling - floor < 64;
  s.weight_bits.assign(as_bits ? m : 0, 0);
  // With rows of clashes, a carrier with one option per weight (a cell's
  // digits) lists them by weight: two such carriers are then checked a bit
  // per weight they share.
  const bool indexed = as_bits && s.words != 0;
  s.by_bit.assign(indexed ? std::size_t{m} * 64 : 0, no_entry);
  s.one_each.assign(m, indexed ? 1 : 0);
  for (std::uint32_t c = 0; c < s.weight_bits.size(); ++c) {
    for (const weighted_option& x : s.of(c)) {
      const auto bit = static_cast<std::uint32_t>(x.weight - floor);
      if (s.weight_bits[c] >> bit & 1) s.one_each[c] = 0;
      s.weight_bits[c] |= std::uint64_t{1} << bit;
      if (indexed) s.by_bit[std::size_t{c} * 64 + bit] = x.option;
    }
  }
  const auto share_weight = [&](std::uint32_t c, std::uint32_t d) {
    if (as_bits) return (s.weight_bits[c] & s.weight_bits[d]) != 0;
    const auto a = s.of(c), b = s.of(d);
    return std::any_of(a.begin(), a.end(), [&](const weighted_option& x) {
      return std::any_of(b.begin(), b.end(),
                         [&](const weighted_option& y) { return x.weight == y.weight; });
    });
  };
  const auto joinable = [&](std::uint32_t c, std::uint32_t d) {
    if (!share_weight(c, d)) return false;
    if (!s.one_each[c] || !s.one_each[d])
      return exclusive(s.by_weight(c), s.by_weight(d), s.in_order[c] && s.in_order[d], s);
    for (std::uint64_t both = s.weight_bits[c] & s.weight_bits[d]; both; both &= both - 1) {
      const auto bit = static_cast<std::uint32_t>(std::countr_zero(both));
      const std::uint32_t x = s.by_bit[std::size_t{c} * 64 + bit];
      const std::uint32_t y = s.by_bit[std::size_t{d} * 64 + bit];
      if (x == y || !(clash_row(s, x)[y / 64] >> (y % 64) & 1)) return false;
    }
    return true;
  };
  // Growing by most exclusions costs a cube of the carriers: only for few,
  // whose pairs are worked out once; for many, each pair when asked (a table
  // of m^2 would not fit a sum over tens of thousands of options).
  constexpr std::uint32_t few = 256;
  const bool tabled = m <= few;
  s.table.assign(tabled ? std::size_t{m} * m : 0, 0);
  if (tabled) {
    for (std::uint32_t c = 0; c < m; ++c) {
      for (std::uint32_t d = c + 1; d < m; ++d)
        s.table[std::size_t{c} * m + d] = s.table[std::size_t{d} * m + c] = joinable(c, d) ? 1 : 0;
    }
  }
  const auto clash = [&](std::uint32_t c, std::uint32_t d) -> bool {
    return tabled ? s.table[std::size_t{c} * m + d] != 0 : c != d && joinable(c, d);
  };
  // Grows one clique at a time from the carriers left, each time taking the
  // first of `order` that fits (or, with `best`, the one that excludes the most
  // of those that fit), into `members` and `start`; returns the partition's
  // score, the sum of its groups' squared sizes.
  const auto grow = [&](bool best, std::vector<std::uint32_t>& members,
                        std::vector<std::uint32_t>& start) {
    members.clear();
    start.assign(1, 0);
    s.placed.assign(m, 0);
    std::uint64_t score = 0;
    for (std::uint32_t left = m; left > 0;) {
      s.fits.clear();
      for (std::uint32_t c : s.order) {
        if (!s.placed[c]) s.fits.push_back(c);
      }
      std::int64_t lo = std::numeric_limits<std::int64_t>::max();
      std::int64_t hi = std::numeric_limits<std::int64_t>::min();
      while (!s.fits.empty()) {
        std::uint32_t pick = s.fits.front();
        if (best) {
          std::size_t most_clashes = 0;
          for (std::uint32_t c : s.fits) {
            std::size_t clashes = 0;
            for (std::uint32_t d : s.fits)
              clashes += clash(c, d) ? 1 : 0;
            if (clashes > most_clashes) {
              most_clashes = clashes;
              pick = c;
            }
          }
        }
        members.push_back(pick);
        s.placed[pick] = 1;
        --left;
        lo = std::min(lo, s.least[pick]);
        hi = std::max(hi, s.most[pick]);
        s.next.clear();
        for (std::uint32_t c : s.fits) {
          if (clash(pick, c) && std::max(hi, s.most[c]) - std::min(lo, s.least[c]) < 64)
            s.next.push_back(c);
        }
        s.fits.swap(s.next);
      }
      const std::uint64_t size = members.size() - start.back();
      score += size * size;
      start.push_back(static_cast<std::uint32_t>(members.size()));
    }
    return score;
  };
  s.order.resize(m);
  for (std::uint32_t c = 0; c < m; ++c)
    s.order[c] = c;
  std::uint64_t chosen = grow(false, s.members, s.member_start);
  if (m < 4 || !tabled || s.member_start.size() == 2) return;
  const auto keep_better = [&](bool best) {
    const std::uint64_t score = grow(best, s.trial, s.trial_start);
    if (score <= chosen) return;
    chosen = score;
    s.members.swap(s.trial);
    s.member_start.swap(s.trial_start);
  };
  keep_better(true);
  std::uint64_t seed = 0x9e3779b97f4a7c15u;  // a fixed sequence: the same groups every run
  for (int trial = 0; trial < 2; ++trial) {
    for (std::uint32_t i = m; i > 1; --i) {
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      std::swap(s.order[i - 1], s.order[(seed >> 33) % i]);
    }
    keep_better(false);
  }
}

template <class Count>
const std::uint64_t* bitset_engine<Count>::clash_row(carrier_scratch& scratch,
                                                     std::uint32_t option) const {
  std::uint32_t& r = scratch.row_of[option];
  if (r == 0) {
    r = static_cast<std::uint32_t>(scratch.rows.size() / scratch.words) + 1;
    scratch.rows.resize(scratch.rows.size() + scratch.words, 0);
    add_clashes(option, scratch.rows.data() + std::size_t{r - 1} * scratch.words);
  }
  return scratch.rows.data() + std::size_t{r - 1} * scratch.words;
}

template <class Count>
bool bitset_engine<Count>::exclusive(std::span<const weighted_option> a,
                                     std::span<const weighted_option> b, bool in_order,
                                     carrier_scratch& scratch) const {
  // Every two options of equal weight must clash: share a primary item, or a
  // secondary one they do not give the same color. (One option in both would
  // give both carriers its weight: not exclusive.) With both lists sorted by
  // weight (in_order), the pairs of equal weight are found as in a merge.
  const auto clash = [&](std::uint32_t x, std::uint32_t y) {
    if (scratch.words != 0) return (clash_row(scratch, x)[y / 64] >> (y % 64) & 1) != 0;
    // No item in common: no clash (most pairs of cells in no common unit).
    if ((scratch.signature[x] & scratch.signature[y]) == 0) return false;
    // Else walk both options' entries in order of their items.
    const std::uint32_t* i = scratch.entries.data() + option_start_[x];
    const std::uint32_t* const i_end = scratch.entries.data() + option_start_[x + 1];
    const std::uint32_t* j = scratch.entries.data() + option_start_[y];
    const std::uint32_t* const j_end = scratch.entries.data() + option_start_[y + 1];
    while (i != i_end && j != j_end) {
      const std::uint32_t ki = option_items_[*i], kj = option_items_[*j];
      if (ki < kj) {
        ++i;
      } else if (kj < ki) {
        ++j;
      } else {
        if (ki < primary_count_ || entry_color(*i) == 0 || entry_color(*i) != entry_color(*j))
          return true;
        ++i;
        ++j;
      }
    }
    return false;
  };
  if (!in_order) {
    for (const weighted_option& x : a) {
      for (const weighted_option& y : b) {
        if (x.weight == y.weight && (x.option == y.option || !clash(x.option, y.option)))
          return false;
      }
    }
    return true;
  }
  for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i].weight < b[j].weight) {
      ++i;
    } else if (b[j].weight < a[i].weight) {
      ++j;
    } else {
      // Every pair of this weight (the first that fails ends it).
      const std::int64_t weight = a[i].weight;
      std::size_t k = j;
      for (; i < a.size() && a[i].weight == weight; ++i) {
        for (k = j; k < b.size() && b[k].weight == weight; ++k) {
          if (a[i].option == b[k].option || !clash(a[i].option, b[k].option)) return false;
        }
      }
      j = k;
    }
  }
  return true;
}

template void bitset_engine<std::uint8_t>::build_carriers();
template void bitset_engine<std::uint16_t>::build_carriers();
template void bitset_engine<std::uint32_t>::build_carriers();

}  // namespace dlx::detail
