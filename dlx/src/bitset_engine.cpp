// The bitset engine's set-up (bitset_engine.hpp has its state): the static
// lists built from the problem, preselection, the recount before a search,
// purification (colors), which both searches call, the invariant check, and
// the choice of the counter type.
//
// Preselected options (a puzzle's givens) only clear bits; the counters are
// rebuilt once before the search. For small plain problems each option's
// conflicts are kept as a whole bitset, so preselecting it is a dozen AND-NOTs.
#include "bitset_engine.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

namespace dlx::detail {

namespace {

inline void set_bit(std::uint64_t* bits, std::uint32_t i) {
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}

}  // namespace

template <class Count>
bitset_engine<Count>::bitset_engine(const problem& p) : engine(p) {
  const std::uint32_t n = item_count_, primaries = primary_count_;
  const auto options = static_cast<std::uint32_t>(option_count());
  active_words_ = (options + 63) / 64;

  // Each item's options, grouped by word of the active bitset, in option order:
  // counted, then filled, in two passes (no list per item).
  {
    constexpr std::uint32_t none = ~std::uint32_t{0};
    std::vector<std::uint32_t> last(n, none);
    masks_start_.assign(n + 1, 0);
    for (option_id o = 0; o < options; ++o) {
      if (!option_has_primary_[o]) continue;
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t k = option_items_[i];
        if (last[k] != o / 64) {
          last[k] = o / 64;
          ++masks_start_[k + 1];
        }
      }
    }
    for (std::uint32_t k = 0; k < n; ++k)
      masks_start_[k + 1] += masks_start_[k];
    masks_.assign(masks_start_[n], {none, 0});
    std::vector<std::uint32_t> at(masks_start_.begin(), masks_start_.end() - 1);
    for (option_id o = 0; o < options; ++o) {
      if (!option_has_primary_[o]) continue;
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t k = option_items_[i];
        if (at[k] == masks_start_[k] || masks_[at[k] - 1].word != o / 64)
          masks_[at[k]++] = {o / 64, 0};
        masks_[at[k] - 1].mask |= std::uint64_t{1} << (o % 64);
      }
    }
  }

  primary_start_.reserve(options + 1);
  primary_start_.push_back(0);
  option_size_.reserve(options);
  primary_items_.reserve(option_items_.size());
  for (option_id o = 0; o < options; ++o) {
    option_size_.push_back(option_start_[o + 1] - option_start_[o]);
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      if (option_items_[i] < primaries) primary_items_.push_back(option_items_[i]);
    }
    primary_start_.push_back(static_cast<std::uint32_t>(primary_items_.size()));
  }
  // The unrolled loops index primary_items_ by option * K, so every option must
  // have exactly K primary items, the never-chosen ones without any included.
  for (option_id o = 0; o < options; ++o) {
    const std::uint32_t k = primary_start_[o + 1] - primary_start_[o];
    if (o == 0) {
      uniform_primaries_ = k;
      uniform_size_ = option_size_[o];
    }
    if (k != uniform_primaries_ || option_size_[o] != uniform_size_) uniform_primaries_ = 0;
  }

  if (colored()) {
    uniform_primaries_ = 0;  // the colored search uses the general loops
    colored_start_.push_back(0);
    // Options that give item k color c, grouped per (k, c), as masks.
    std::vector<std::vector<option_mask>> groups;
    std::vector<std::uint32_t> group_of_entry(option_items_.size(), 0);
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> by_item(n);  // (c, group)
    for (option_id o = 0; o < options; ++o) {
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t c = entry_color(i);
        if (c == 0) continue;
        const std::uint32_t k = option_items_[i];
        colored_entries_.push_back({k, c});
        std::uint32_t g = ~std::uint32_t{0};
        for (auto [cc, gg] : by_item[k]) {
          if (cc == c) g = gg;
        }
        if (g == ~std::uint32_t{0}) {
          g = static_cast<std::uint32_t>(groups.size());
          groups.emplace_back();
          by_item[k].emplace_back(c, g);
        }
        group_of_entry[i] = g;
        if (!option_has_primary_[o]) continue;  // never active
        auto& m = groups[g];
        if (m.empty() || m.back().word != o / 64) m.push_back({o / 64, 0});
        m.back().mask |= std::uint64_t{1} << (o % 64);
      }
      colored_start_.push_back(static_cast<std::uint32_t>(colored_entries_.size()));
    }
    std::vector<std::uint32_t> group_start;
    for (const auto& m : groups) {
      group_start.push_back(static_cast<std::uint32_t>(agree_masks_.size()));
      agree_masks_.insert(agree_masks_.end(), m.begin(), m.end());
    }
    group_start.push_back(static_cast<std::uint32_t>(agree_masks_.size()));
    agree_start_.assign(option_items_.size(), 0);
    agree_end_.assign(option_items_.size(), 0);
    for (std::uint32_t i = 0; i < option_items_.size(); ++i) {
      if (entry_color(i) == 0) continue;
      agree_start_[i] = group_start[group_of_entry[i]];
      agree_end_[i] = group_start[group_of_entry[i] + 1];
    }
    purified_words_ = (n - primaries + 1) / 2;
  }

  std::uint64_t total_upper = primaries;
  if (!upper_.empty()) {
    uniform_primaries_ = 0;
    bounds_words_ = (primaries + 1) / 2;
    slack_.resize(primaries);
    total_upper = 0;
    for (std::uint32_t k = 0; k < primaries; ++k) {
      slack_[k] = upper_[k] - lower_[k];
      total_upper += upper_[k];
    }
  }

  if (weighted()) {
    // bitset_multiplicities.cpp knows no weights; solver.cpp refuses both together.
    if (multiplicities())
      throw problem_error("weighted items with multiplicities are not supported");
    totals_words_ = static_cast<std::uint32_t>(weight_lower_.size());
  }
  counts_words_ = static_cast<std::uint32_t>((primaries * sizeof(Count) + 15) / 16 * 2);
  state_words_ =
      counts_words_ + active_words_ + 1 + purified_words_ + bounds_words_ + totals_words_;
  pristine_.assign(state_words_, 0);
  const view s = at(pristine_.data());
  std::fill(s.counts, s.counts + counts_words_ * 8 / sizeof(Count), covered);  // the padding
  for (std::uint32_t k = 0; k < primaries; ++k) {
    std::uint32_t length = 0;
    for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m) {
      length += static_cast<std::uint32_t>(std::popcount(masks_[m].mask));
    }
    s.counts[k] = static_cast<Count>(length);
  }
  for (option_id o = 0; o < options; ++o) {
    if (option_has_primary_[o]) set_bit(s.active, o);
  }
  *s.remaining = primaries;
  if (multiplicities()) std::copy(upper_.begin(), upper_.end(), s.bounds);
  base_ = pristine_;
  work_ = pristine_;
  scratch_.resize(active_words_);
  // A level chooses an option (each at most once, at most the sum of the upper
  // bounds) or, with multiplicities, closes an item with a null move.
  const std::uint64_t levels = multiplicities()
                                   ? std::min<std::uint64_t>(total_upper, options) + primaries + 1
                                   : primaries + 1;
  frames_.resize(static_cast<std::size_t>(levels));
  chosen_.resize(static_cast<std::size_t>(levels));
  scratch_items_.resize(counts_words_ * 8 / sizeof(Count));
  if (weighted()) build_carriers();
  // Up to 1,024 options (a 9x9 Sudoku has 729), each option's conflicts as a
  // whole bitset: preselecting it is then a dozen AND-NOTs (at most 128 KB).
  // Not with weighted items, which preselect item by item (their totals).
  if (options <= 1024 && !colored() && !multiplicities() && !weighted()) {
    conflicts_.assign(std::size_t{options} * active_words_, 0);
    for (option_id o = 0; o < options; ++o) {
      add_clashes(o, conflicts_.data() + std::size_t{o} * active_words_);
    }
  }
}

template <class Count>
void bitset_engine<Count>::purify(const view& s, std::uint32_t item, std::uint32_t entry,
                                  std::uint64_t& updates, std::uint64_t& cleansings) const {
  ++cleansings;
  const option_mask* agree = agree_masks_.data() + agree_start_[entry];
  const option_mask* const agree_end = agree_masks_.data() + agree_end_[entry];
  for (std::uint32_t m = masks_start_[item]; m < masks_start_[item + 1]; ++m) {
    std::uint64_t& word = s.active[masks_[m].word];
    const std::uint64_t here = word & masks_[m].mask;
    std::uint64_t same = 0;
    if (agree != agree_end && agree->word == masks_[m].word) same = here & (agree++)->mask;
    cleansings += static_cast<std::uint64_t>(std::popcount(same));
    std::uint64_t gone = here & ~same;
    word &= ~gone;
    for (; gone; gone &= gone - 1) {
      take_off<0, true>(s, masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(gone)),
                        updates);
    }
  }
  s.purified[item - primary_count_] = entry_color(entry);
}

template <class Count>
void bitset_engine<Count>::apply_preselected(option_id option) {
  const view s = at(base_.data());
  if (weighted()) add_weights(s, option);
  for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
    const std::uint32_t k = option_items_[i];
    const std::uint32_t color = entry_color(i);
    if (color != 0) {
      // Purify: keep only the options that agree (the conflict check has made
      // sure that no other color was set here before).
      if (s.purified[k - primary_count_] == color) continue;
      const option_mask* agree = agree_masks_.data() + agree_start_[i];
      const option_mask* const agree_end = agree_masks_.data() + agree_end_[i];
      for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m) {
        std::uint64_t keep = 0;
        if (agree != agree_end && agree->word == masks_[m].word) keep = (agree++)->mask;
        s.active[masks_[m].word] &= ~(masks_[m].mask & ~keep);
      }
      s.purified[k - primary_count_] = color;
      continue;
    }
    if (multiplicities() && k < primary_count_ && --s.bounds[k] != 0) continue;  // uses left
    for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m) {
      s.active[masks_[m].word] &= ~masks_[m].mask;
    }
    if (k < primary_count_) s.counts[k] = covered;
  }
  if (option_has_primary_[option]) s.active[option / 64] &= ~(std::uint64_t{1} << (option % 64));
  base_stale_ = true;
}

template <class Count>
bool bitset_engine<Count>::preselect_quickly(std::span<const option_id> options) {
  // Without colors or multiplicities an option with a primary item can be
  // preselected exactly when it is still active: covering an item clears all
  // its options. So the clash check is one bit, and the generic path runs only
  // for a clash (to name it) or an option without primary items.
  if (colored() || multiplicities() || weighted()) return false;
  const view s = at(base_.data());
  for (option_id o : options) {
    if (!(s.active[o / 64] >> (o % 64) & 1)) {
      revert_preselection(preselected().size());  // drop this call's options
      return false;
    }
    if (conflicts_.empty()) {
      apply_preselected(o);  // item by item
      continue;
    }
    // Small problems: every option it rules out, at once.
    const std::uint64_t* const gone = conflicts_.data() + std::size_t{o} * active_words_;
    for (std::uint32_t w = 0; w < active_words_; ++w)
      s.active[w] &= ~gone[w];
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      if (option_items_[i] < primary_count_) s.counts[option_items_[i]] = covered;
    }
  }
  base_stale_ = true;
  return true;
}

template <class Count>
void bitset_engine<Count>::revert_preselection(std::size_t keep) {
  // No links to undo: start again from nothing and apply the ones to keep.
  std::copy(pristine_.begin(), pristine_.end(), base_.begin());
  base_stale_ = false;
  const auto chosen = preselected();
  for (std::size_t j = 0; j < keep; ++j)
    apply_preselected(chosen[j]);
}

template <class Count>
template <int K, int Delta>
void bitset_engine<Count>::add_to_counts(Count* counts, const std::uint64_t* options) const {
  const std::uint32_t* const primary = primary_items_.data();
  for (std::uint32_t w = 0; w < active_words_; ++w) {
    for (std::uint64_t bits = options[w]; bits; bits &= bits - 1) {
      const auto option = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
      const std::uint32_t* p = K ? primary + option * K : primary + primary_start_[option];
      const std::uint32_t n = K ? K : primary_start_[option + 1] - primary_start_[option];
      for (std::uint32_t t = 0; t < n; ++t)
        counts[p[t]] = static_cast<Count>(counts[p[t]] + Delta);
    }
  }
}

template <class Count>
void bitset_engine<Count>::recount_base() {
  const view s = at(base_.data());
  const view p = at(pristine_.data());
  // Count the options still active from zero, or take the removed ones off the
  // pristine counters, whichever visits fewer options: a Sudoku's givens remove
  // about 550 of 729 options, leaving about 180 to count.
  std::vector<std::uint64_t>& gone = scratch_;
  std::size_t active = 0, removed = 0;
  for (std::uint32_t w = 0; w < active_words_; ++w) {
    gone[w] = p.active[w] & ~s.active[w];
    active += static_cast<std::size_t>(std::popcount(s.active[w]));
    removed += static_cast<std::size_t>(std::popcount(gone[w]));
  }
  const bool up = active < removed;
  if (up) {
    std::fill(s.counts, s.counts + primary_count_, Count{0});
  } else {
    std::copy(p.counts, p.counts + primary_count_, s.counts);
  }
  const std::uint64_t* which = up ? s.active : gone.data();
  switch (uniform_primaries_) {
    case 2:
      up ? add_to_counts<2, 1>(s.counts, which) : add_to_counts<2, -1>(s.counts, which);
      break;
    case 3:
      up ? add_to_counts<3, 1>(s.counts, which) : add_to_counts<3, -1>(s.counts, which);
      break;
    case 4:
      up ? add_to_counts<4, 1>(s.counts, which) : add_to_counts<4, -1>(s.counts, which);
      break;
    default:
      up ? add_to_counts<0, 1>(s.counts, which) : add_to_counts<0, -1>(s.counts, which);
      break;
  }
  // Then the covered marks (with multiplicities: the items with no use left),
  // and the number of items left.
  if (multiplicities()) {
    for (std::uint32_t k = 0; k < primary_count_; ++k) {
      if (s.bounds[k] == 0) s.counts[k] = covered;
    }
  } else {
    for (option_id o : preselected()) {
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        if (option_items_[i] < primary_count_) s.counts[option_items_[i]] = covered;
      }
    }
  }
  *s.remaining = static_cast<std::uint64_t>(
      std::count_if(s.counts, s.counts + primary_count_, [](Count c) { return c != covered; }));
  base_stale_ = false;
}

template <class Count>
bool bitset_engine<Count>::check_invariants() const {
  const view s = at(const_cast<std::uint64_t*>(work_.data()));
  std::uint32_t remaining = 0;
  for (std::uint32_t k = 0; k < primary_count_; ++k) {
    if (s.counts[k] == covered) continue;
    ++remaining;
    std::uint32_t count = 0;
    for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m) {
      count += static_cast<std::uint32_t>(std::popcount(s.active[masks_[m].word] & masks_[m].mask));
    }
    if (count != s.counts[k]) return false;
  }
  // A purified item has no active option that gives it another color or none.
  for (option_id o = 0; colored() && o < option_count(); ++o) {
    if (!(s.active[o / 64] >> (o % 64) & 1)) continue;
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      const std::uint32_t k = option_items_[i];
      if (k < primary_count_) continue;
      const std::uint32_t set = s.purified[k - primary_count_];
      if (set != 0 && set != entry_color(i)) return false;
    }
  }
  return remaining == *s.remaining;
}

template class bitset_engine<std::uint8_t>;
template class bitset_engine<std::uint16_t>;
template class bitset_engine<std::uint32_t>;

std::unique_ptr<engine> make_bitset_engine(const problem& p) {
  // One byte per counter when every item has fewer than 255 options.
  std::vector<std::uint32_t> length(p.item_count(), 0);
  std::uint32_t longest = 0;
  for (option_id o = 0; o < p.option_count(); ++o) {
    if (!p.has_primary(o)) continue;
    for (item_id i : p.option(o))
      longest = std::max(longest, ++length[i]);
  }
  if (longest < 255) return std::make_unique<bitset_engine<std::uint8_t>>(p);
  if (longest < 65535) return std::make_unique<bitset_engine<std::uint16_t>>(p);
  return std::make_unique<bitset_engine<std::uint32_t>>(p);
}

}  // namespace dlx::detail
