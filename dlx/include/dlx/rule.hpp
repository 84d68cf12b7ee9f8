// A rule a problem's solutions keep besides exact cover, checked by code of
// its own: what items cannot say, or can say only at a great size (how rows
// of a grid rank when read as numbers, a region that must be connected).
//
// A rule is a propagator, as a constraint solver's: at each node of a search,
// once forced moves and the engine's own propagation have nothing left to do,
// it looks at the options chosen so far and at those still available, and
// names the available ones that no solution extending the state contains, or
// says that none exists. It is called again at every solution found (every
// primary item covered), where its verdict is final: a rule must reject every
// state that breaks it once nothing is left to choose. What it removes before
// then is only a saving; it must never remove an option some solution keeps.
//
// Only the bitset engine keeps rules (without multiplicities); a search of a
// problem with rules on any other engine, or memoized, is refused.
//
//   struct no_two_corners final : dlx::rule {
//     bool propagate(const dlx::search_state& s,
//                    std::vector<dlx::option_id>& removed) const override {
//       const bool a = s.taken(0), b = s.taken(1);
//       if (a && b) return false;
//       if (a && s.active(1)) removed.push_back(1);
//       return true;
//     }
//   };
//   p.add_rule(std::make_shared<no_two_corners>());
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

/// What a rule sees of a search at one node: the options taken (preselected,
/// then chosen) and which of the others are still available.
class search_state {
 public:
  search_state(std::span<const std::uint64_t> active, std::span<const option_id> preselected,
               std::span<const option_id> chosen) noexcept
      : active_(active), preselected_(preselected), chosen_(chosen) {}

  /// True when `option` may still be chosen (not taken, not ruled out).
  [[nodiscard]] bool active(option_id option) const noexcept {
    return (active_[option >> 6] >> (option & 63) & 1) != 0;
  }
  /// The options taken before the search began (preselect).
  [[nodiscard]] std::span<const option_id> preselected() const noexcept { return preselected_; }
  /// The options the search has chosen, in order.
  [[nodiscard]] std::span<const option_id> chosen() const noexcept { return chosen_; }
  /// True when `option` is preselected or chosen (a linear scan: a rule that
  /// asks often should walk preselected() and chosen() once instead).
  [[nodiscard]] bool taken(option_id option) const noexcept {
    for (option_id o : preselected_) {
      if (o == option) return true;
    }
    for (option_id o : chosen_) {
      if (o == option) return true;
    }
    return false;
  }

 private:
  std::span<const std::uint64_t> active_;
  std::span<const option_id> preselected_;
  std::span<const option_id> chosen_;
};

/// A rule the solutions keep (see the top of this file). Rules are shared by
/// every copy of a problem and every solver of it, on any thread: propagate
/// must not change the rule.
class rule {
 public:
  virtual ~rule() = default;
  /// Appends to `removed` active options that no solution extending `state`
  /// contains; false when no solution extends it. At a solution the verdict
  /// alone counts.
  [[nodiscard]] virtual bool propagate(const search_state& state,
                                       std::vector<option_id>& removed) const = 0;
};

}  // namespace dlx
