// The bitset engine's search for DLX3, multiplicities (bitset_engine.hpp has
// its state), with or without colors.
//
// The state also holds each primary item's residual bound. A level branches on
// the item of smallest branching degree (which is also the number of its
// alternatives) in one of DLX3's three ways: covered outright (residual bound 1,
// no slack: its options in turn, as in bitset_search.cpp); covered with slack
// left (its options in turn, then the "null" move that takes none); or tweaked
// (bound left: its options in turn, each one removed for good before it is
// tried, for as long as enough remain to reach the lower bound, then possibly
// the null move). A tweaked branch keeps its cumulative removals in its saved
// state. Same choices, same counts as the dancing-links engine.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "bitset_engine.hpp"

namespace dlx::detail {

template <class Count>
bool bitset_engine<Count>::advance_multiplicities(bool fresh) {
  if (colored()) return randomized_ ? run_multi<true, true>(fresh) : run_multi<false, true>(fresh);
  return randomized_ ? run_multi<true, false>(fresh) : run_multi<false, false>(fresh);
}

template <class Count>
template <bool Colored>
inline void bitset_engine<Count>::commit_multi(const view& s, option_id option, std::uint32_t skip,
                                               std::uint64_t& updates,
                                               std::uint64_t& cleansings) const {
  const std::uint32_t begin = option_start_[option], end = option_start_[option + 1];
  std::uint32_t at = begin;
  while (option_items_[at] != skip)
    ++at;
  for (std::uint32_t step = 1; step < end - begin; ++step) {
    const std::uint32_t i = at + step < end ? at + step : at + step - (end - begin);
    const std::uint32_t k = option_items_[i];
    if (k < primary_count_) {
      if (--s.bounds[k] == 0) cover<0, Colored>(s, k, updates);
    } else if (!Colored || option_colors_[i] == 0) {
      cover<0, Colored>(s, k, updates);
    } else if (s.purified[k - primary_count_] != option_colors_[i]) {
      purify(s, k, i, updates, cleansings);
    }
  }
}

// DLX3's search (see the top of the file). Modes of a level: covered with no
// slack (its options), covered with slack (its options, then null), tweaked
// (options removed one by one while enough remain, then maybe null).
template <class Count>
template <bool Randomized, bool Colored>
bool bitset_engine<Count>::run_multi(bool fresh) {
  enum : std::uint32_t { covered_exactly, covered_with_slack, tweaked };
  constexpr option_id null_move = ~option_id{0};
  const std::uint32_t primaries = primary_count_;
  const std::size_t state_bytes = std::size_t{state_words_} * 8;
  const view s = at(work_.data());
  option_id* const chosen = chosen_.data();
  frame* const frames = frames_.data();
  loop_state loop = resume(fresh);
  bool entering = fresh;
  // Alternative j of a tweaked branch on `item`, in the current state (where
  // alternatives 0..j-1 are removed already): its option, the null move, or
  // false when no alternative is left.
  // Applied to the branch's saved state itself when there is one, so that the
  // removals accumulate there and each alternative costs one copy.
  auto tweak = [&](const view& v, std::uint32_t item, const std::uint32_t* options,
                   std::uint32_t count, std::uint32_t j, option_id& option) {
    const auto len = static_cast<std::int64_t>(v.counts[item]);
    if (len <= std::int64_t{v.bounds[item]} - slack_[item]) return false;
    if (j < count) {
      option = options[j];  // removed for good from this branch on
      v.active[option / 64] &= ~(std::uint64_t{1} << (option % 64));
      take_off<0, Colored>(v, option, loop.updates);
      ++loop.updates;
    } else {
      option = null_move;  // the item takes no more options
      v.counts[item] = covered;
      --*v.remaining;
    }
    return true;
  };

  for (;;) {
    option_id option = 0;
    std::uint32_t item = 0;
    bool have_option = false;
    if (entering) {
      const verdict v = enter_node(loop);
      if (v == verdict::stop) return false;
      entering = v == verdict::proceed;  // pruned: back up as from a dead end, uncounted
    }
    if (entering) {
      loop.max_level = std::max(loop.max_level, loop.level);

      degree_choice<Randomized> choice;
      for (std::uint32_t k = 0; k < primaries; ++k) {
        if (s.counts[k] != covered) choice.offer(k, s.counts[k], s.bounds[k], slack_[k], rng_);
      }
      const std::int64_t score = choice.score;
      const std::uint32_t best = choice.item;
      if (score > 0) {
        loop.branches += score >= 2;
        item = best;
        const std::uint32_t left = --s.bounds[best];
        // The branching item's active options, in order; cleared if it is covered.
        std::uint32_t found = 0;
        std::uint32_t* const options =
            list_options(s, best, loop.branch_top, s.counts[best], left == 0, found);
        std::uint32_t mode = tweaked;
        std::uint32_t first = 0;
        if (left == 0) {  // covered: its options leave the other items' lists
          mode = slack_[best] == 0 ? covered_exactly : covered_with_slack;
          ++loop.updates;
          for (std::uint32_t t = 0; t < found; ++t)
            take_off<0, Colored>(s, options[t], loop.updates);
          s.counts[best] = covered;
          --*s.remaining;
          if constexpr (Randomized) {
            if (mode == covered_exactly) first = random_below(rng_, found);
          }
        }
        if (mode == tweaked) {
          have_option = tweak(s, best, options, found, 0, option);
        } else if (mode == covered_with_slack && found == 0) {
          option = null_move;
          have_option = true;
        } else {
          option = options[first];
          loop.updates += mode == covered_with_slack;  // DLX3 tweaks it off the item's list
          have_option = true;
        }
        if (score >= 2) {
          // The saved state: for a tweaked branch, after alternative 0's removal.
          std::memcpy(frame_state(loop.frame_count), work_.data(), state_bytes);
          frames[loop.frame_count++] = {loop.level,
                                        loop.branch_top,
                                        found,
                                        first,
                                        first,
                                        best,
                                        mode,
                                        static_cast<std::uint32_t>(score),
                                        have_option ? 1u : 0u};
          loop.guesses += have_option;  // score >= 2: another alternative remains
          loop.branch_top += found;
        }
      }
      // A degree of 0 or less is a dead end: DLX3 backs up without covering.
    }
    while (!have_option) {
      if (loop.frame_count == floor_) return finish(loop);
      frame& f = frames[loop.frame_count - 1];
      const std::uint32_t* const options = branch_options_.data() + f.options_begin;
      std::uint32_t next = f.next + 1;
      if constexpr (Randomized) {
        if (f.mode == covered_exactly) {
          if (next == f.options_count) next = 0;
          if (next == f.start) next = f.options_count;  // wrapped around: all tried
        }
      }
      const std::uint32_t alternatives = f.options_count + (f.mode == covered_exactly ? 0 : 1);
      if (next < alternatives) {
        std::uint64_t* const saved = frame_state(loop.frame_count - 1);
        item = f.item;
        if (f.mode == tweaked) {
          have_option = tweak(at(saved), f.item, options, f.options_count, next, option);
          std::memcpy(work_.data(), saved, state_bytes);
        } else if (next < f.options_count) {
          std::memcpy(work_.data(), saved, state_bytes);
          option = options[next];
          loop.updates += f.mode == covered_with_slack;
          have_option = true;
        } else {
          std::memcpy(work_.data(), saved, state_bytes);
          option = null_move;
          have_option = true;
        }
        if (have_option) {
          f.next = next;
          loop.guesses += ++f.tried < f.degree;
          loop.level = f.level;
          break;
        }
      }
      loop.branch_top = f.options_begin;
      --loop.frame_count;
    }

    chosen[loop.level] = option;
    if (option != null_move) commit_multi<Colored>(s, option, item, loop.updates, loop.cleansings);
    if (*s.remaining == 0) {  // every primary item is settled
      ++loop.nodes;
      loop.max_level = std::max(loop.max_level, loop.level + 1);
      return report_solution(loop, loop.level + 1);
    }
    ++loop.level;
    entering = true;
  }
}

template bool bitset_engine<std::uint8_t>::advance_multiplicities(bool);
template bool bitset_engine<std::uint16_t>::advance_multiplicities(bool);
template bool bitset_engine<std::uint32_t>::advance_multiplicities(bool);

}  // namespace dlx::detail
