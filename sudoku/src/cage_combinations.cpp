// The digit sets of killer cages: every set of distinct digits of a size and
// a sum, from tables built once per number of digits (variant.hpp).
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <span>
#include <vector>

#include "sudoku/variant.hpp"

namespace sudoku {

namespace {
// Appends every set of `size` more digits from `low`..`digits` adding up to `sum`.
void combine(int size, int sum, int low, int digits, std::uint64_t chosen,
             std::vector<std::uint64_t>& out) {
  if (size == 0) {
    if (sum == 0) out.push_back(chosen);
    return;
  }
  for (int d = low; d <= digits && d <= sum; ++d)
    combine(size - 1, sum - d, d + 1, digits, chosen | std::uint64_t{1} << d, out);
}

// Every set of digits 1..digits, grouped by size and sum, each group in the
// order combine() finds them (by their digits, smallest first): built once
// per number of digits, so that a model asks for a cage's sets without a search.
constexpr int tabled_digits = 16;  // 2^16 sets at most
struct combination_table {
  std::vector<std::uint64_t> sets;
  std::vector<std::uint32_t> start;  // group (size, sum) from start[size * (top + 1) + sum]
  int top = 0;                       // the largest sum
};

void enumerate(int low, int digits, int size, int sum, std::uint64_t chosen,
               std::vector<std::vector<std::uint64_t>>& groups, int top) {
  groups[static_cast<std::size_t>(size * (top + 1) + sum)].push_back(chosen);
  for (int d = low; d <= digits; ++d)
    enumerate(d + 1, digits, size + 1, sum + d, chosen | std::uint64_t{1} << d, groups, top);
}

const combination_table& table_for(int digits) {
  static std::array<combination_table, tabled_digits + 1> tables;
  static std::array<std::once_flag, tabled_digits + 1> built;
  const auto i = static_cast<std::size_t>(digits);
  std::call_once(built[i], [&] {
    combination_table& t = tables[i];
    t.top = digits * (digits + 1) / 2;
    std::vector<std::vector<std::uint64_t>> groups(
        static_cast<std::size_t>((digits + 1) * (t.top + 1)));
    enumerate(1, digits, 0, 0, 0, groups, t.top);
    t.start.push_back(0);
    for (const auto& g : groups) {
      t.sets.insert(t.sets.end(), g.begin(), g.end());
      t.start.push_back(static_cast<std::uint32_t>(t.sets.size()));
    }
  });
  return tables[i];
}
}  // namespace

std::span<const std::uint64_t> cage_combination_sets(int size, int sum, int digits) {
  if (digits < 1 || digits > max_size || size < 1 || size > digits) return {};
  if (digits > tabled_digits) {
    // Too many sets to table them all: each (size, sum, digits) asked for,
    // kept once found (a map's nodes stay put).
    static std::mutex mutex;
    static std::map<std::array<int, 3>, std::vector<std::uint64_t>> found;
    const std::lock_guard lock(mutex);
    auto [at, fresh] = found.try_emplace({size, sum, digits});
    if (fresh) combine(size, sum, 1, digits, 0, at->second);
    return at->second;
  }
  const combination_table& t = table_for(digits);
  if (sum < 0 || sum > t.top) return {};
  const auto g = static_cast<std::size_t>(size * (t.top + 1) + sum);
  return {t.sets.data() + t.start[g], t.start[g + 1] - t.start[g]};
}

std::vector<std::uint64_t> cage_combinations(int size, int sum, int digits) {
  const auto sets = cage_combination_sets(size, sum, digits);
  return {sets.begin(), sets.end()};
}

}  // namespace sudoku
