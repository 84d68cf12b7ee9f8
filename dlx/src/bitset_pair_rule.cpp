// The table the pair rule of the bitset engine works from (the rule itself is
// in bitset_pair_rule.hpp): each primary item's reach, found for an item the
// fourth time the rule checks it.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "bitset_engine.hpp"

namespace dlx::detail {

template <class Count>
void bitset_engine<Count>::build_reach() {
  // Each primary item's reach is found the fourth time the rule checks it
  // (find_reach): until then it is the most a counter can say, so the item
  // is checked as any other (a check within reach or not finds the same: an
  // item B in all of A's options shares them all). Finding every reach at
  // once cost a puzzle settled at its first node (an ordinary killer) most of
  // its search, for items checked once.
  const std::uint32_t n = item_count_, primaries = primary_count_;
  pair_reach_.assign(counts_words_ * 8 / sizeof(Count), 0);
  std::fill(pair_reach_.begin(), pair_reach_.begin() + primaries, static_cast<Count>(covered - 1));
  reach_state_.assign(primaries, 0);
  reach_shared_.assign(n, 0);
  reach_touched_.assign(n + 1, 0);  // one written past the last
  checked_.assign(pair_reach_.size(), covered);
  const std::uint32_t top_color =
      option_colors_.empty() ? 0 : *std::max_element(option_colors_.begin(), option_colors_.end());
  color_mark_.assign(top_color / 64 + 1, 0);
  if (colored()) keep_words_.assign(active_words_, 0);
  scratch_options_.resize(std::max<std::size_t>(longest_item_, 1));
}

template <class Count>
void bitset_engine<Count>::find_reach(std::uint32_t a) {
  // The most options A shares with another item B (with colors, B's may be
  // colored: the rule then keeps B's options that agree with one of A's).
  // Sharing one option would only restate a forced move, so 0 then: A is
  // never checked again.
  std::uint32_t* const shared = reach_shared_.data();
  std::uint32_t* const touched = reach_touched_.data();
  const std::uint32_t* const items = option_items_.data();
  std::uint32_t count = 0;
  for (std::uint32_t m = masks_start_[a]; m < masks_start_[a + 1]; ++m) {
    for (std::uint64_t bits = masks_[m].mask; bits; bits &= bits - 1) {
      const auto o = masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t b = items[i];
        touched[count] = b;
        count += shared[b]++ == 0 ? 1 : 0;
      }
    }
  }
  shared[a] = 0;  // not its own pair
  std::uint32_t most = 0;
  for (std::uint32_t t = 0; t < count; ++t) {
    most = std::max(most, shared[touched[t]]);
    shared[touched[t]] = 0;
  }
  if (most < 2) most = 0;
  pair_reach_[a] = static_cast<Count>(std::min<std::uint32_t>(most, covered - 1));
  reach_state_[a] = reach_found;
}

template void bitset_engine<std::uint8_t>::build_reach();
template void bitset_engine<std::uint16_t>::build_reach();
template void bitset_engine<std::uint32_t>::build_reach();
template void bitset_engine<std::uint8_t>::find_reach(std::uint32_t);
template void bitset_engine<std::uint16_t>::find_reach(std::uint32_t);
template void bitset_engine<std::uint32_t>::find_reach(std::uint32_t);

}  // namespace dlx::detail
