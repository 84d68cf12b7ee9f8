#include "chain_unrolling.hpp"

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

}  // namespace sudoku::detail
