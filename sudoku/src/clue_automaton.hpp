// The automaton of an NFA clue (clue.hpp), as its values carry it: read by
// the model's lowering (automaton_clues.cpp), the validator
// (set_clue_check.cpp) and ISS's writer (iss_nfa.cpp), written by ISS's
// reader. Layout of the values: the number of segments m, each segment's
// length (the cells, one segment after another); then the number of symbols,
// of states and of start states (states 0..starts-1), an accepting flag per
// state, and per state its number of transitions and each (symbol, target).
// Symbol d (1..n) is the digit d, whatever its value; symbol n + 1, where
// there is one, the break between two segments (as ISS's multi-segment NFAs).
//
// An internal header of the model: nothing here is public.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace sudoku::detail {

struct automaton {
  std::vector<std::size_t> segments;  // each segment's cells
  int symbols = 0;
  int starts = 0;
  std::vector<char> accepting;                                          // per state
  std::vector<std::vector<std::pair<int, std::uint32_t>>> transitions;  // per state

  [[nodiscard]] std::size_t states() const noexcept { return accepting.size(); }

  // The values of a clue; nothing when they are not such a layout.
  [[nodiscard]] static std::optional<automaton> from_values(const std::vector<int>& v) {
    automaton a;
    std::size_t at = 0;
    const auto next = [&]() -> std::optional<int> {
      if (at >= v.size()) return std::nullopt;
      return v[at++];
    };
    const auto m = next();
    if (!m || *m < 1) return std::nullopt;
    for (int s = 0; s < *m; ++s) {
      const auto length = next();
      if (!length || *length < 0) return std::nullopt;
      a.segments.push_back(static_cast<std::size_t>(*length));
    }
    const auto symbols = next(), states = next(), starts = next();
    if (!symbols || !states || !starts || *symbols < 1 || *states < 1 || *starts < 1 ||
        *starts > *states || *states > 65536)
      return std::nullopt;
    a.symbols = *symbols;
    a.starts = *starts;
    for (int s = 0; s < *states; ++s) {
      const auto flag = next();
      if (!flag) return std::nullopt;
      a.accepting.push_back(*flag != 0 ? 1 : 0);
    }
    a.transitions.resize(a.accepting.size());
    for (auto& out : a.transitions) {
      const auto count = next();
      if (!count || *count < 0) return std::nullopt;
      for (int t = 0; t < *count; ++t) {
        const auto symbol = next(), target = next();
        if (!symbol || !target || *symbol < 1 || *symbol > a.symbols || *target < 0 ||
            *target >= *states)
          return std::nullopt;
        out.emplace_back(*symbol, static_cast<std::uint32_t>(*target));
      }
    }
    if (at != v.size()) return std::nullopt;
    return a;
  }

  [[nodiscard]] std::vector<int> to_values() const {
    std::vector<int> v{static_cast<int>(segments.size())};
    for (std::size_t s : segments)
      v.push_back(static_cast<int>(s));
    v.push_back(symbols);
    v.push_back(static_cast<int>(states()));
    v.push_back(starts);
    for (char flag : accepting)
      v.push_back(flag);
    for (const auto& out : transitions) {
      v.push_back(static_cast<int>(out.size()));
      for (const auto& [symbol, target] : out) {
        v.push_back(symbol);
        v.push_back(static_cast<int>(target));
      }
    }
    return v;
  }

  // The states reached from `from` (sorted, distinct) on `symbol`. (Called
  // for every transition the model's chain makes: nothing the size of the
  // automaton is allocated, only the states reached.)
  [[nodiscard]] std::vector<std::uint32_t> step(const std::vector<std::uint32_t>& from,
                                                int symbol) const {
    std::vector<std::uint32_t> to;
    for (std::uint32_t s : from) {
      for (const auto& [sym, target] : transitions[s]) {
        if (sym == symbol) to.push_back(target);
      }
    }
    std::sort(to.begin(), to.end());
    to.erase(std::unique(to.begin(), to.end()), to.end());
    return to;
  }
  [[nodiscard]] std::vector<std::uint32_t> start_states() const {
    std::vector<std::uint32_t> s;
    for (int i = 0; i < starts; ++i)
      s.push_back(static_cast<std::uint32_t>(i));
    return s;
  }
  [[nodiscard]] bool accepts(const std::vector<std::uint32_t>& states_reached) const {
    for (std::uint32_t s : states_reached) {
      if (accepting[s]) return true;
    }
    return false;
  }
};

}  // namespace sudoku::detail
