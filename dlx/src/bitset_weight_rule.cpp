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
#include <cstdint>
#include <limits>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include "bitset_engine.hpp"

namespace dlx::detail {

template <class Count>
void bitset_engine<Count>::build_carriers() {
  const auto options = static_cast<std::uint32_t>(option_count());
  const auto items = static_cast<std::uint32_t>(weight_lower_.size());
  // Per weighted item, its options that can be chosen, with their weights.
  std::vector<std::vector<weighted_option>> weighted(items);
  for (option_id o = 0; o < options; ++o) {
    if (!option_has_primary_[o]) continue;
    for (std::uint32_t t = weight_start_[o]; t < weight_start_[o + 1]; ++t)
      weighted[weight_terms_[t].item].push_back({o, 0, weight_terms_[t].weight});
  }
  std::vector<std::int64_t> weight_of(options, 0);
  std::vector<std::uint32_t> stamp(options, 0), assigned(options, 0), score(primary_count_, 0);
  std::vector<std::uint32_t> touched;
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
    for (const weighted_option& x : weighted[w]) {
      stamp[x.option] = mark;
      weight_of[x.option] = x.weight;
      for (std::uint32_t i = primary_start_[x.option]; i < primary_start_[x.option + 1]; ++i) {
        const std::uint32_t k = primary_items_[i];
        if (score[k]++ == 0) touched.push_back(k);
      }
    }
    // Candidates: the primary items of weighted options, those whose options
    // are all weighted first (their bounds are tight), then the most weighted.
    std::vector<std::tuple<bool, std::uint32_t, std::uint32_t>> order;  // (partial, -score, item)
    for (std::uint32_t k : touched) {
      std::uint32_t all = 0;
      for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
        all += static_cast<std::uint32_t>(std::popcount(masks_[m].mask));
      order.emplace_back(score[k] != all, ~score[k], k);
      score[k] = 0;
    }
    touched.clear();
    std::sort(order.begin(), order.end());
    // The carriers, each with its options and their weights here.
    std::vector<std::vector<weighted_option>> picked;
    std::vector<std::uint32_t> picked_item;
    for (const auto& [partial, inverse_score, k] : order) {
      bool disjoint = true;
      options_of(k, [&](std::uint32_t o) {
        disjoint = disjoint && !(stamp[o] == mark && assigned[o] == mark);
      });
      if (!disjoint) continue;
      std::vector<weighted_option> list;
      options_of(k, [&](std::uint32_t o) {
        const bool here = stamp[o] == mark;
        if (here) assigned[o] = mark;
        list.push_back({o, 0, here ? weight_of[o] : 0});
      });
      picked.push_back(std::move(list));
      picked_item.push_back(k);
    }
    // Groups: cliques of carriers that exclude each other weight for weight,
    // within 64 weights of one base. The bounds are tightest with few large
    // groups (a group of k adds its k smallest weights, not k times the
    // smallest), so, as ISS's solver does for its sums, cliques are grown
    // greedily several ways and the partition with the largest sum of squared
    // sizes is kept: in the carriers' order, by most exclusions among those
    // left, and in two shuffled orders.
    const std::vector<std::vector<std::uint32_t>> members = carrier_cliques(picked);
    std::vector<std::pair<std::int64_t, std::int64_t>> span;  // least and greatest weight
    for (const auto& group : members) {
      std::int64_t least = std::numeric_limits<std::int64_t>::max();
      std::int64_t most = std::numeric_limits<std::int64_t>::min();
      for (std::uint32_t c : group) {
        for (const weighted_option& x : picked[c]) {
          least = std::min(least, x.weight);
          most = std::max(most, x.weight);
        }
      }
      span.emplace_back(least, most);
    }
    for (std::size_t g = 0; g < members.size(); ++g) {
      const std::int64_t base = span[g].first;
      const bool bits = span[g].second - base < 64;
      groups_.push_back({static_cast<std::uint32_t>(carriers_.size()), 0, base, bits});
      for (std::uint32_t c : members[g]) {
        carriers_.push_back(picked_item[c]);
        const std::size_t from = carrier_options_.size();
        for (weighted_option x : picked[c]) {
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
    for (const weighted_option& x : weighted[w]) {
      if (assigned[x.option] != mark) free_options_.push_back(x);
    }
    free_start_.push_back(static_cast<std::uint32_t>(free_options_.size()));
  }
  weight_seen_.resize(items);
  forget_weight_checks();
  group_bounds_.assign(groups_.size(), {});
}

template <class Count>
std::vector<std::vector<std::uint32_t>> bitset_engine<Count>::carrier_cliques(
    const std::vector<std::vector<weighted_option>>& picked) const {
  const auto m = static_cast<std::uint32_t>(picked.size());
  std::vector<std::int64_t> least(m, std::numeric_limits<std::int64_t>::max());
  std::vector<std::int64_t> most(m, std::numeric_limits<std::int64_t>::min());
  for (std::uint32_t c = 0; c < m; ++c) {
    for (const weighted_option& x : picked[c]) {
      least[c] = std::min(least[c], x.weight);
      most[c] = std::max(most[c], x.weight);
    }
  }
  // Two carriers with no weight in common exclude each other trivially, but
  // in one group they would bound more loosely than apart (the two smallest
  // of both their weights, not the smallest of each): only those that share
  // a weight join.
  const auto share_weight = [](std::span<const weighted_option> a,
                               std::span<const weighted_option> b) {
    return std::any_of(a.begin(), a.end(), [&](const weighted_option& x) {
      return std::any_of(b.begin(), b.end(),
                         [&](const weighted_option& y) { return x.weight == y.weight; });
    });
  };
  const auto joinable = [&](std::uint32_t c, std::uint32_t d) {
    return share_weight(picked[c], picked[d]) && exclusive(picked[c], picked[d]);
  };
  // Growing by most exclusions costs a cube of the carriers: only for few,
  // whose pairs are worked out once; for many, each pair when asked (a table
  // of m^2 would not fit a sum over tens of thousands of options).
  constexpr std::uint32_t few = 256;
  const bool tabled = m <= few;
  std::vector<std::vector<char>> table(tabled ? m : 0, std::vector<char>(tabled ? m : 0, 0));
  for (std::uint32_t c = 0; c < table.size(); ++c) {
    for (std::uint32_t d = c + 1; d < m; ++d)
      table[c][d] = table[d][c] = joinable(c, d) ? 1 : 0;
  }
  const auto clash = [&](std::uint32_t c, std::uint32_t d) -> bool {
    return tabled ? table[c][d] != 0 : c != d && joinable(c, d);
  };
  using partition = std::vector<std::vector<std::uint32_t>>;
  // Grows one clique at a time from the carriers left, each time taking the
  // first of `order` that fits (or, with `best`, the one that excludes the most
  // of those that fit).
  const auto grow = [&](const std::vector<std::uint32_t>& order, bool best) {
    partition out;
    std::vector<char> placed(m, 0);
    std::vector<std::uint32_t> fits, next;
    for (std::uint32_t left = m; left > 0;) {
      fits.clear();
      for (std::uint32_t c : order) {
        if (!placed[c]) fits.push_back(c);
      }
      std::vector<std::uint32_t> group;
      std::int64_t lo = std::numeric_limits<std::int64_t>::max();
      std::int64_t hi = std::numeric_limits<std::int64_t>::min();
      while (!fits.empty()) {
        std::uint32_t pick = fits.front();
        if (best) {
          std::size_t most_clashes = 0;
          for (std::uint32_t c : fits) {
            std::size_t clashes = 0;
            for (std::uint32_t d : fits)
              clashes += clash(c, d) ? 1 : 0;
            if (clashes > most_clashes) {
              most_clashes = clashes;
              pick = c;
            }
          }
        }
        group.push_back(pick);
        placed[pick] = 1;
        --left;
        lo = std::min(lo, least[pick]);
        hi = std::max(hi, most[pick]);
        next.clear();
        for (std::uint32_t c : fits) {
          if (clash(pick, c) && std::max(hi, most[c]) - std::min(lo, least[c]) < 64)
            next.push_back(c);
        }
        fits.swap(next);
      }
      out.push_back(std::move(group));
    }
    return out;
  };
  const auto score = [](const partition& p) {
    std::uint64_t sum = 0;
    for (const auto& g : p)
      sum += std::uint64_t{g.size()} * g.size();
    return sum;
  };
  std::vector<std::uint32_t> order(m);
  for (std::uint32_t c = 0; c < m; ++c)
    order[c] = c;
  partition chosen = grow(order, false);
  if (m < 4 || !tabled || chosen.size() == 1) return chosen;
  const auto keep_better = [&](partition p) {
    if (score(p) > score(chosen)) chosen = std::move(p);
  };
  keep_better(grow(order, true));
  std::uint64_t seed = 0x9e3779b97f4a7c15u;  // a fixed sequence: the same groups every run
  for (int trial = 0; trial < 2; ++trial) {
    for (std::uint32_t i = m; i > 1; --i) {
      seed = seed * 6364136223846793005u + 1442695040888963407u;
      std::swap(order[i - 1], order[(seed >> 33) % i]);
    }
    keep_better(grow(order, false));
  }
  return chosen;
}

template <class Count>
bool bitset_engine<Count>::exclusive(std::span<const weighted_option> a,
                                     std::span<const weighted_option> b) const {
  // Every two options of equal weight must clash: share a primary item, or a
  // secondary one they do not give the same color. (One option in both would
  // give both carriers its weight: not exclusive.)
  for (const weighted_option& x : a) {
    for (const weighted_option& y : b) {
      if (x.weight != y.weight) continue;
      if (x.option == y.option) return false;
      bool clash = false;
      for (std::uint32_t i = option_start_[x.option]; i < option_start_[x.option + 1] && !clash;
           ++i) {
        for (std::uint32_t j = option_start_[y.option]; j < option_start_[y.option + 1]; ++j) {
          if (option_items_[i] != option_items_[j]) continue;
          clash = option_items_[i] < primary_count_ || entry_color(i) == 0 ||
                  entry_color(i) != entry_color(j);
          break;
        }
      }
      if (!clash) return false;
    }
  }
  return true;
}

template void bitset_engine<std::uint8_t>::build_carriers();
template void bitset_engine<std::uint16_t>::build_carriers();
template void bitset_engine<std::uint32_t>::build_carriers();

}  // namespace dlx::detail
