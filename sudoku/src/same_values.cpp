// SameValues (clue_kind::same_values) as a rule over the cells' candidates, for
// sets too large for a chain that remembers their multisets (two lines of 15
// cells: ISS's Copycat). The per-digit chains that stand in for it there are
// exact, but each sees one digit: none sees that the sets' digits must add
// up to their size, nor that a digit one set cannot hold the other cannot
// either. The rule reasons as a count does:
// - a digit some set cannot hold, no set holds;
// - per digit, the sets hold it equally often: at least as often as the set
//   with the most cells fixed to it, at most as often as the set with the
//   fewest places for it (a group of cells that see each other holds it once);
//   where the two meet, the set that has its count fixed loses the digit from
//   its other cells, and a set whose every place must hold it takes it;
// - the digits' greatest counts add up to at least a set's size.
// Once each cell has one digit, that is exactly "each set holds the same
// multiset" (a digit's count the same in every set).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "clue_model.hpp"

namespace sudoku::detail {
namespace {

class same_values final : public candidate_rule {
 public:
  same_values(const variant& v, const std::vector<std::uint32_t>& cells, std::size_t sets)
      : size_(cells.size() / sets), digits_(v.all_digits()) {
    for (std::size_t s = 0; s < sets; ++s) {
      set_cells set;
      set.cells.assign(cells.begin() + static_cast<std::ptrdiff_t>(s * size_),
                       cells.begin() + static_cast<std::ptrdiff_t>((s + 1) * size_));
      // Groups of cells that see each other, first fit: a digit at most once
      // in each (a cell named twice is in two groups).
      for (std::size_t i = 0; i < set.cells.size(); ++i) {
        std::size_t g = 0;
        for (; g < set.groups.size(); ++g) {
          const auto& group = set.groups[g];
          if (std::all_of(group.begin(), group.end(),
                          [&](std::uint32_t j) { return see(v, set.cells[j], set.cells[i]); }))
            break;
        }
        if (g == set.groups.size()) set.groups.emplace_back();
        set.groups[g].push_back(static_cast<std::uint32_t>(i));
      }
      sets_.push_back(std::move(set));
    }
  }

  bool narrow(std::vector<std::uint64_t>& cand) const override {
    // The digits every set can hold.
    std::uint64_t common = digits_;
    for (const set_cells& set : sets_) {
      std::uint64_t any = 0;
      for (std::uint32_t c : set.cells)
        any |= cand[c];
      common &= any;
    }
    for (const set_cells& set : sets_) {
      for (std::uint32_t c : set.cells) {
        cand[c] &= common;
        if (cand[c] == 0) return false;
      }
    }
    // Per digit, the least and most times each set may hold it.
    thread_local std::vector<std::size_t> least, most;
    least.assign(max_size + 1, 0);
    most.assign(max_size + 1, 0);
    std::size_t least_total = 0, most_total = 0;
    for (std::uint64_t left = common; left != 0; left &= left - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(left));
      std::tie(least[d], most[d]) = bounds(cand, std::uint64_t{1} << d);
      if (least[d] > most[d]) return false;
      least_total += least[d];
      most_total += most[d];
    }
    if (least_total > size_ || most_total < size_) return false;
    // The other digits' counts bound each one's: where its bounds meet, its
    // count is known.
    for (std::uint64_t left = common; left != 0; left &= left - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(left));
      const std::size_t others_most = most_total - most[d], others_least = least_total - least[d];
      const std::size_t lo = std::max(least[d], size_ > others_most ? size_ - others_most : 0);
      const std::size_t hi = std::min(most[d], size_ - others_least);
      if (lo > hi) return false;
      if (lo == hi) settle(cand, std::uint64_t{1} << d, lo);
    }
    return true;
  }

 private:
  struct set_cells {
    std::vector<std::uint32_t> cells;                ///< positions
    std::vector<std::vector<std::uint32_t>> groups;  ///< indices into cells
  };

  // Two cells of one unit or cage: their digits differ.
  static bool see(const variant& v, std::uint32_t a, std::uint32_t b) {
    if (a == b) return false;
    const auto of_a = v.constraints_of(a);
    const auto of_b = v.constraints_of(b);
    return std::any_of(of_a.begin(), of_a.end(), [&](std::uint32_t k) {
      return std::find(of_b.begin(), of_b.end(), k) != of_b.end();
    });
  }

  // The least and most times every set may hold `bit`: the most cells fixed
  // to it in a set, the fewest groups of a set with a cell that may hold it.
  std::pair<std::size_t, std::size_t> bounds(const std::vector<std::uint64_t>& cand,
                                             std::uint64_t bit) const {
    std::size_t least = 0, most = size_;
    for (const set_cells& set : sets_) {
      std::size_t fixed = 0, places = 0;
      for (const auto& group : set.groups) {
        bool may = false;
        for (std::uint32_t i : group) {
          may |= (cand[set.cells[i]] & bit) != 0;
          fixed += cand[set.cells[i]] == bit;
        }
        places += may;
      }
      least = std::max(least, fixed);
      most = std::min(most, places);
    }
    return {least, most};
  }

  // Every set holds `bit` exactly `count` times: one with that many cells
  // fixed to it loses it elsewhere; one whose places for it are as many
  // takes it in each group where only one cell may hold it.
  void settle(std::vector<std::uint64_t>& cand, std::uint64_t bit, std::size_t count) const {
    for (const set_cells& set : sets_) {
      std::size_t fixed = 0;
      for (std::uint32_t c : set.cells)
        fixed += cand[c] == bit;
      if (fixed == count) {
        for (std::uint32_t c : set.cells) {
          if (cand[c] != bit) cand[c] &= ~bit;
        }
        continue;
      }
      std::size_t places = 0;
      for (const auto& group : set.groups) {
        places += std::any_of(group.begin(), group.end(),
                              [&](std::uint32_t i) { return (cand[set.cells[i]] & bit) != 0; });
      }
      if (places != count) continue;
      for (const auto& group : set.groups) {
        std::uint32_t only = 0;
        int may = 0;
        for (std::uint32_t i : group) {
          if ((cand[set.cells[i]] & bit) != 0) {
            only = set.cells[i];
            ++may;
          }
        }
        if (may == 1) cand[only] = bit;
      }
    }
  }

  std::size_t size_;
  std::uint64_t digits_;
  std::vector<set_cells> sets_;
};

}  // namespace

std::shared_ptr<const candidate_rule> same_values_rule(const variant& v,
                                                       const std::vector<std::uint32_t>& cells,
                                                       std::size_t sets) {
  return std::make_shared<same_values>(v, cells, sets);
}

}  // namespace sudoku::detail
