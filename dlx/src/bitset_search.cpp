// The bitset engine's search for DLX1 and DLX2 (bitset_engine.hpp has its
// state): every primary item covered exactly once, with or without colors, and
// with or without propagation (forced moves, the pair rule). Weighted items'
// totals are bounded at every node (a dead end when out of reach) and, with
// propagation, prune options (bitset_weight_rule.hpp).
//
// Unless it branches on conflicts (search.hpp, bitset_engine.hpp), the engine
// makes exactly the choices of the dancing-links engine: the leftmost
// primary item with the fewest options (a vectorised scan of the counters, in
// which covered items never win), its options in the problem's order, the same random draws when
// seeded. It also counts nodes and updates the same way (covering an item costs 1, plus the other
// items of every option it removes). So both engines find the same solutions in
// the same order with the same statistics, and each checks the other.
//
// Propagation (search.hpp). Forced moves are found by the same scan as a node
// (the leftmost smallest counter, a 1) and taken without a node or a saved
// state. When none is left, the pair rule runs (bitset_pair_rule.hpp), then
// the problem's rules (rule.hpp), which also judge every solution. Last, a
// search told which options are wanted (search.hpp) skips a node where none is
// taken or active.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>

#include "bitset_engine.hpp"
#include "bitset_pair_rule.hpp"
#include "bitset_weight_rule.hpp"
#include "counter_scan.hpp"

namespace dlx::detail {

template <class Count>
bool bitset_engine<Count>::advance_exact(bool fresh) {
  if (options_->propagation != propagation::none) {
    if (options_->propagation == propagation::pairs && pair_reach_.empty()) build_reach();
    if (colored()) {
      return randomized_ ? run<true, 0, true, true>(fresh) : run<false, 0, true, true>(fresh);
    }
    if (randomized_) return run<true, 0, false, true>(fresh);
    switch (uniform_primaries_) {
      case 2:
        return run<false, 2, false, true>(fresh);
      case 3:
        return run<false, 3, false, true>(fresh);
      case 4:
        return run<false, 4, false, true>(fresh);
      default:
        return run<false, 0, false, true>(fresh);
    }
  }
  if (colored()) return randomized_ ? run<true, 0, true>(fresh) : run<false, 0, true>(fresh);
  if (randomized_) return run<true, 0>(fresh);
  switch (uniform_primaries_) {
    case 2:
      return run<false, 2>(fresh);
    case 3:
      return run<false, 3>(fresh);
    case 4:
      return run<false, 4>(fresh);
    default:
      return run<false, 0>(fresh);
  }
}

template <class Count>
template <bool Randomized, int K, bool Colored, bool Propagate>
bool bitset_engine<Count>::run(bool fresh) {
  const std::uint32_t primaries = primary_count_;
  const bool pairs = Propagate && options_->propagation == propagation::pairs;
  const bool weights = weighted();
  // With the pair rule, each state carries the counters as they were when its
  // items were last checked against their pairs (see eliminate_pairs).
  const std::size_t state_bytes = std::size_t{state_words_} * 8;
  const view s = at(work_.data());
  option_id* const chosen = chosen_.data();
  frame* const frames = frames_.data();
  loop_state loop = resume(fresh);
  // Nothing checked yet: every counter differs from "covered".
  if (fresh && pairs) std::fill(checked_.begin(), checked_.end(), covered);
  if (weights) forget_weight_checks();  // a fresh search, or resumed after a solution
  bool entering = fresh;
  const bool learn = options_->branching == branching::conflicts;
  const bool watching = !options_->wanted.empty();
  if (learn && fresh) forget_conflicts();

  for (;;) {
    option_id option = 0;  // the option to try next
    bool have_option = false;
    if (entering) {
      const verdict v = enter_node(loop);
      if (v == verdict::stop) return false;
      entering = v == verdict::proceed;  // pruned: back up as from a dead end, uncounted
    }
    if (entering) {
      // The leftmost primary item with the fewest options.
      std::uint32_t best = 0;
      std::uint32_t fewest = 0;
      bool dead = false;  // a weighted item's total out of reach
      bool unwanted = false;
      if constexpr (Propagate) {
        // Forced moves and eliminations, until the search must branch, fails
        // or has a solution. A forced move is found as the search without
        // propagation finds it (the leftmost smallest counter, a 1), which
        // also meets a dead end as soon as there is one; only the node around
        // it is saved. (Taking every single of one scan at once measured
        // slower: a move that empties an item goes unnoticed until the next
        // scan, and checking for that after every move costs a scan.)
        bool solved = false;
        // (A node without a wanted option before propagation has none after:
        // it backs up below without propagating.)
        for (unwanted = watching && !wanted_here(s, chosen, loop.level); !unwanted;) {
          best = leftmost_min(s.counts, primaries);
          fewest = s.counts[best];
          if (fewest == 1) {
            std::uint32_t found = 0;
            const std::uint32_t* const only =
                list_and_cover<K, Colored>(s, best, loop.branch_top, 1, loop.updates, found);
            chosen[loop.level++] = only[0];
            ++loop.forced;
            apply_option<K, Colored>(s, only[0], loop.updates, loop.cleansings);
            if (*s.remaining != 0) continue;
            dead = (weights && !totals_hold(s)) || !rules_hold(s, chosen, loop.level);
            // (An unwanted solution backs up below, as an unwanted node.)
            solved = !dead && (!watching || wanted_here(s, chosen, loop.level));
            break;
          }
          if (fewest >= 2 && weights) {
            const std::uint64_t before = loop.eliminated;
            if (!bound_weights<K, Colored, true>(s, loop.updates, loop.eliminated)) {
              dead = true;
              break;
            }
            if (loop.eliminated != before) continue;
          }
          // The pair rule only when no forced move is left (most nodes are dead
          // ends, found by forced moves alone); forced moves again if it removed
          // anything.
          if (fewest >= 2 && pairs && eliminate_pairs<K, Colored>(s, loop.updates, loop.eliminated))
            continue;
          // The problem's rules last, when nothing cheaper is left to do.
          if (fewest >= 2 && !rules_.empty()) {
            const rule_verdict r =
                apply_rules<K, Colored, true>(s, chosen, loop.level, loop.updates, loop.eliminated);
            if (r == rule_verdict::dead) {
              dead = true;
              break;
            }
            if (r == rule_verdict::removed) continue;
          }
          break;
        }
        loop.max_level = std::max(loop.max_level, loop.level);
        if (solved) return report_solution(loop, loop.level);
        if (Randomized && fewest >= 2 && !dead) best = random_leftmost_min(s, fewest);
      } else {
        loop.max_level = std::max(loop.max_level, loop.level);
        dead = weights && !bound_weights<K, Colored, false>(s, loop.updates, loop.eliminated);
        // Without propagation the rules only judge (they remove nothing).
        dead = dead || (!rules_.empty() &&
                        apply_rules<K, Colored, false>(s, chosen, loop.level, loop.updates,
                                                       loop.eliminated) == rule_verdict::dead);
        if constexpr (Randomized) {
          best = random_leftmost_min(s, fewest);
        } else {
          best = leftmost_min(s.counts, primaries);
          fewest = s.counts[best];
        }
      }
      // A node none of whose solutions the caller wants backs up as a dead end
      // would, blaming no one (search_options::wanted).
      unwanted =
          unwanted || (watching && !dead && fewest > 0 && !wanted_here(s, chosen, loop.level));
      if (!Randomized && learn && !unwanted) {
        if (dead || fewest == 0) {
          // The item branched on last, and the item left without an option:
          // the second taught the order ISS's examples' trees in 0.40 of the
          // guesses (bench/README.md, idea 129).
          if (loop.frame_count > floor_) blame(frames[loop.frame_count - 1].item);
          if (!dead && fewest == 0) blame(best);
        } else if (fewest >= 2) {
          best = most_conflicted(s.counts, best);
          fewest = s.counts[best];
        }
      }

      // Note `best`'s active options, in order, and cover it. Without
      // propagation a dead end covers its empty item too, as DLX1 does (one
      // update); with it, a dead end just backs up.
      if (!dead && !unwanted && (!Propagate || fewest > 0)) {
        std::uint32_t found = 0;
        std::uint32_t* const options =
            list_and_cover<K, Colored>(s, best, loop.branch_top, fewest, loop.updates, found);
        if (fewest > 0) {
          std::uint32_t first = 0;
          if constexpr (Randomized) first = random_below(rng_, fewest);
          option = options[first];
          have_option = true;
          if (fewest >= 2) {
            ++loop.branches;
            ++loop.guesses;  // another option remains
            std::memcpy(frame_state(loop.frame_count), work_.data(), state_bytes);
            frames[loop.frame_count++] = {loop.level, loop.branch_top, fewest, first, first, best,
                                          0,          fewest,          1};
            loop.branch_top += fewest;
          }
        }
      }
    }
    while (!have_option) {
      // Back to the most recent branch with an option left to try.
      if (loop.frame_count == floor_) return finish(loop);
      frame& f = frames[loop.frame_count - 1];
      std::uint32_t next = f.next + 1;
      if constexpr (Randomized) {
        if (next == f.options_count) next = 0;
        if (next == f.start) next = f.options_count;  // wrapped around: all tried
      }
      if (next < f.options_count) {
        f.next = next;
        loop.guesses += ++f.tried < f.degree;
        loop.level = f.level;
        std::memcpy(work_.data(), frame_state(loop.frame_count - 1), state_bytes);
        option = branch_options_[f.options_begin + next];
        have_option = true;
        if (weights) forget_weight_checks();
        if (pairs) {
          // The pair rule ran to a fixpoint just before this branch, so every
          // item is as checked then, except those that lost an option when the
          // branching item was covered: check those again.
          std::memcpy(checked_.data(), s.counts, checked_.size() * sizeof(Count));
          for (std::uint32_t t = 0; t < f.options_count; ++t)
            uncheck(branch_options_[f.options_begin + t]);
        }
      } else {
        loop.branch_top = f.options_begin;
        --loop.frame_count;
      }
    }

    chosen[loop.level] = option;
    apply_option<K, Colored>(s, option, loop.updates, loop.cleansings);
    if (*s.remaining == 0) {  // every primary item is covered
      ++loop.nodes;
      loop.max_level = std::max(loop.max_level, loop.level + 1);
      if ((!weights || totals_hold(s)) && rules_hold(s, chosen, loop.level + 1) &&
          (!watching || wanted_here(s, chosen, loop.level + 1)))
        return report_solution(loop, loop.level + 1);
      entering = false;  // a total out of its bounds, a rule broken, unwanted: back up
      continue;
    }
    ++loop.level;
    entering = true;
  }
}

template <class Count>
template <int K, bool Colored>
inline std::uint32_t* bitset_engine<Count>::list_and_cover(const view& s, std::uint32_t item,
                                                           std::uint32_t at, std::uint32_t expected,
                                                           std::uint64_t& updates,
                                                           std::uint32_t& found) {
  std::uint32_t* const options = list_options(s, item, at, expected, true, found);
  ++updates;
  for (std::uint32_t t = 0; t < found; ++t)
    take_off<K, Colored>(s, options[t], updates);
  s.counts[item] = covered;
  --*s.remaining;
  return options;
}

template <class Count>
template <int K, bool Colored>
inline void bitset_engine<Count>::apply_option(const view& s, option_id option,
                                               std::uint64_t& updates,
                                               std::uint64_t& cleansings) const {
  // Cover the option's other items: all but the one branched on, which is the
  // only item of an active option that can be covered already.
  const std::uint32_t primaries = primary_count_;
  if (weighted()) add_weights(s, option);
  if constexpr (Colored) {
    // In DLX2's order: from the entry after the branching item's, wrapping
    // around. Purifications do not commute in their counts (an option that
    // agrees on one item and not on another is cleansed or not).
    const std::uint32_t begin = option_start_[option], end = option_start_[option + 1];
    std::uint32_t at = begin;
    while (option_items_[at] >= primaries || s.counts[option_items_[at]] != covered)
      ++at;  // the branching item: the one primary item already covered
    for (std::uint32_t step = 1; step < end - begin; ++step) {
      const std::uint32_t i = at + step < end ? at + step : at + step - (end - begin);
      const std::uint32_t k = option_items_[i];
      if (k < primaries) {
        cover<K, true>(s, k, updates);
      } else if (option_colors_[i] == 0) {
        cover<K, true>(s, k, updates);
      } else if (s.purified[k - primaries] != option_colors_[i]) {
        purify(s, k, i, updates, cleansings);
      }
    }
  } else {
    (void)cleansings;
    for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
      const std::uint32_t k = option_items_[i];
      if (k >= primaries || s.counts[k] != covered) cover<K>(s, k, updates);
    }
  }
}

template <class Count>
std::uint32_t bitset_engine<Count>::random_leftmost_min(const view& s, std::uint32_t& fewest) {
  // The smallest counter, ties broken at random (the same draws as the
  // dancing-links engine's).
  std::uint32_t best = 0;
  fewest = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t ties = 0;
  for (std::uint32_t k = 0; k < primary_count_; ++k) {
    if (s.counts[k] == covered) continue;
    const std::uint32_t len = s.counts[k];
    if (len < fewest) {
      best = k;
      fewest = len;
      if (len == 0) break;
      ties = 1;
    } else if (len == fewest && random_below(rng_, ++ties) == 0) {
      best = k;
    }
  }
  return best;
}

template bool bitset_engine<std::uint8_t>::advance_exact(bool);
template bool bitset_engine<std::uint16_t>::advance_exact(bool);
template bool bitset_engine<std::uint32_t>::advance_exact(bool);

template <class Count>
template <int K, bool Colored, bool Eliminate>
typename bitset_engine<Count>::rule_verdict bitset_engine<Count>::apply_rules(
    const view& s, const option_id* chosen, std::uint32_t level, std::uint64_t& updates,
    std::uint64_t& eliminated) {
  const search_state state(std::span<const std::uint64_t>(s.active, active_words_), preselected(),
                           std::span<const option_id>(chosen, level));
  rule_removed_.clear();
  for (const auto& r : rules_) {
    if (!r->propagate(state, rule_removed_)) return rule_verdict::dead;
  }
  if (!Eliminate) return rule_verdict::kept;
  bool removed = false;
  for (const option_id o : rule_removed_) {
    std::uint64_t& word = s.active[o >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (o & 63);
    if ((word & bit) == 0) continue;  // named twice, or not active
    word &= ~bit;
    take_off<K, Colored>(s, o, updates);
    ++eliminated;
    removed = true;
  }
  return removed ? rule_verdict::removed : rule_verdict::kept;
}

template <class Count>
bool bitset_engine<Count>::wanted_here(const view& s, const option_id* chosen,
                                       std::uint32_t level) const {
  const std::span<const std::uint64_t> wanted = options_->wanted;
  const std::size_t words = std::min<std::size_t>(wanted.size(), active_words_);
  for (std::size_t w = 0; w < words; ++w) {
    if ((s.active[w] & wanted[w]) != 0) return true;
  }
  const auto is_wanted = [&](option_id o) {
    return (o >> 6) < wanted.size() && (wanted[o >> 6] >> (o & 63) & 1) != 0;
  };
  return std::any_of(chosen, chosen + level, is_wanted) ||
         std::any_of(preselected().begin(), preselected().end(), is_wanted);
}

template <class Count>
bool bitset_engine<Count>::rules_hold(const view& s, const option_id* chosen, std::uint32_t level) {
  if (rules_.empty()) return true;
  const search_state state(std::span<const std::uint64_t>(s.active, active_words_), preselected(),
                           std::span<const option_id>(chosen, level));
  rule_removed_.clear();
  for (const auto& r : rules_) {
    if (!r->propagate(state, rule_removed_)) return false;
  }
  return true;
}

}  // namespace dlx::detail
