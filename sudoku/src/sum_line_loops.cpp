#include "sum_line_loops.hpp"

#include <cstdint>

namespace sudoku::detail::sum_loop {

std::vector<int> every_cut_start(int value) {
  std::vector<int> every(static_cast<std::size_t>(value));
  for (int p = 0; p < value; ++p)
    every[static_cast<std::size_t>(p)] = p;
  return every;
}

std::optional<std::vector<int>> every_cut_next(int value, const std::vector<int>& s, int digit) {
  std::vector<int> after = s;
  bool alive = false;
  for (int& partial : after) {
    if (partial < 0) continue;
    partial += digit;
    if (partial == value) partial = 0;
    if (partial > value) partial = -1;
    alive = alive || partial >= 0;
  }
  if (!alive) return std::nullopt;
  return after;
}

bool every_cut_accepts(const std::vector<int>& s) {
  for (std::size_t p = 0; p < s.size(); ++p) {
    if (s[p] == static_cast<int>(p)) return true;
  }
  return false;
}

std::vector<int> residue_in_state_starts(int value) {
  std::vector<int> starts;
  for (int r = 0; r < value; ++r)
    starts.push_back(r * value);
  return starts;
}

std::optional<int> residue_in_state_next(int value, int s, int digit) {
  const int r = s / value, q = s % value;
  if (digit > value) return std::nullopt;  // it would pass every residue
  for (int j = 1; j < digit; ++j) {
    if ((q + j) % value == r) return std::nullopt;
  }
  return r * value + (q + digit) % value;
}

std::uint32_t residue_in_state_extras::operator()(std::size_t i, int s, int digit) {
  const bool first = i == 0;
  const auto [it, added] =
      index_.try_emplace({first, s, digit}, static_cast<std::uint32_t>(extras_.size()));
  if (!added) return it->second;
  const int r = s / value_, q = s % value_;
  // One weight per item (dlx::problem::add_weight replaces one): net.
  std::vector<int> net(static_cast<std::size_t>(r), first ? -1 : 0);
  for (int j = 1; j < digit; ++j) {
    const int x = (q + j) % value_;
    if (x < r) ++net[static_cast<std::size_t>(x)];
  }
  chain_extra e;
  for (int x = 0; x < r; ++x) {
    if (net[static_cast<std::size_t>(x)] != 0)
      e.weights.emplace_back(static_cast<std::uint32_t>(x), net[static_cast<std::size_t>(x)]);
  }
  extras_.push_back(std::move(e));
  return it->second;
}

void residue_in_state_extras::give(digit_chain& chain) {
  chain.weighted.assign(static_cast<std::size_t>(value_ - 1),
                        {0, static_cast<int>(chain.cells.size())});
  chain.extras = std::move(extras_);
}

std::optional<int> residue_next(int value, int q, int digit) {
  if (digit > value) return std::nullopt;  // it would pass every residue
  return (q + digit) % value;
}

std::uint32_t residue_extra(int digits, int q, int digit) {
  return static_cast<std::uint32_t>(q * digits + digit - 1);
}

void residue_items(int value, int digits, digit_chain& chain) {
  const auto s = static_cast<std::uint32_t>(value);
  const auto n = static_cast<std::uint32_t>(digits);
  static constexpr std::uint32_t chosen = 0, passed = 1;
  chain.marks = s;  // one per residue
  chain.weighted.assign(s - 1, {0, static_cast<int>(chain.cells.size())});
  chain.extras.assign(s * n, {});
  for (std::uint32_t q = 0; q < s; ++q) {
    for (std::uint32_t d = 1; d <= n && d <= s; ++d) {
      chain_extra& e =
          chain.extras[residue_extra(digits, static_cast<int>(q), static_cast<int>(d))];
      for (std::uint32_t j = 1; j < d; ++j) {
        const std::uint32_t x = (q + j) % s;
        e.marks.emplace_back(x, passed);
        if (x + 1 < s) e.weights.emplace_back(x, 1);  // no r lies above the last
      }
    }
  }
  chain.choices.clear();
  for (std::uint32_t r = 0; r < s; ++r) {
    chain_extra choice;
    choice.marks.emplace_back(r, chosen);
    for (std::uint32_t x = 0; x < r; ++x)
      choice.weights.emplace_back(x, -1);
    chain.choices.push_back(std::move(choice));
  }
}

std::optional<int> per_cut_next(int value, std::size_t cells, std::size_t i, int s, int digit) {
  if (s == found) return found;
  const int cut = static_cast<int>(i / cells);
  int after = dead;
  if (s >= 0) {
    after = s + digit == value ? 0 : s + digit;
    if (after > value) after = dead;
  }
  if (i % cells != cells - 1) return after;
  if (after == cut) return found;  // this cut comes round to itself
  if (cut + 1 == value) return std::nullopt;
  return cut + 1;  // the next cut's pass
}

}  // namespace sudoku::detail::sum_loop
