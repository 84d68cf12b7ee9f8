#include "chain_unrolling.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace sudoku::detail {

digit_chain accepted_paths(std::vector<std::uint32_t> cells,
                           const std::vector<std::vector<chain_step>>& steps,
                           const std::vector<std::size_t>& sizes, std::vector<char> accepted) {
  const std::size_t k = cells.size();
  // Backwards: a state lives when some transition leads from it to a live one.
  std::vector<std::vector<char>> live(k + 1);
  live[k] = std::move(accepted);
  for (std::size_t i = k; i-- > 0;) {
    live[i].assign(sizes[i], 0);
    for (const chain_step& s : steps[i]) {
      if (live[i + 1][s.to]) live[i][s.from] = 1;
    }
  }
  digit_chain out;
  out.cells = std::move(cells);
  std::vector<std::vector<std::uint32_t>> number(k + 1);
  for (std::size_t i = 0; i <= k; ++i) {
    number[i].assign(live[i].size(), 0);
    std::uint32_t next_number = 0;
    for (std::size_t s = 0; s < live[i].size(); ++s) {
      if (live[i][s]) number[i][s] = next_number++;
    }
    out.states.push_back(next_number);
  }
  out.steps.resize(k);
  for (std::size_t i = 0; i < k; ++i) {
    for (const chain_step& s : steps[i]) {
      if (live[i + 1][s.to] && live[i][s.from]) {
        out.steps[i].push_back({number[i][s.from], s.digit, number[i + 1][s.to], s.extra});
      }
    }
  }
  return out;
}

void merge_alike_states(digit_chain& c) {
  const std::size_t k = c.cells.size();
  if (k == 0) return;
  // number[i][s]: state s of layer i's new number; the last layer's are
  // one (every one of them accepts, and nothing follows).
  std::vector<std::vector<std::uint32_t>> number(k + 1);
  number[k].assign(c.states[k], 0);
  c.states[k] = std::min<std::uint32_t>(c.states[k], 1);
  std::vector<std::vector<chain_step>> steps(k);
  for (std::size_t i = k; i-- > 0;) {
    // Each state's steps with their targets renumbered, in a fixed order.
    std::vector<std::vector<std::array<std::uint32_t, 3>>> future(c.states[i]);
    for (const chain_step& s : c.steps[i])
      future[s.from].push_back({static_cast<std::uint32_t>(s.digit), s.extra, number[i + 1][s.to]});
    for (auto& f : future)
      std::sort(f.begin(), f.end());
    std::map<std::vector<std::array<std::uint32_t, 3>>, std::uint32_t> seen;
    number[i].resize(c.states[i]);
    for (std::uint32_t s = 0; s < c.states[i]; ++s) {
      auto [it, added] = seen.try_emplace(future[s], static_cast<std::uint32_t>(seen.size()));
      number[i][s] = it->second;
      if (!added) continue;
      for (const auto& [digit, extra, to] : future[s])
        steps[i].push_back({it->second, static_cast<int>(digit), to, extra});
    }
    c.states[i] = static_cast<std::uint32_t>(seen.size());
  }
  c.steps = std::move(steps);
}

}  // namespace sudoku::detail
