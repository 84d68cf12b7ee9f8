#include "combined_sums.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>

namespace sudoku::detail {

namespace {

// Which cells must differ from which: they share a unit or a cage.
class exclusions {
 public:
  explicit exclusions(const variant& v)
      : words_((v.all_positions() + 63) / 64), bits_(v.all_positions() * words_, 0) {
    for (std::uint32_t p = 0; p < v.all_positions(); ++p) {
      for (std::uint32_t k : v.constraints_of(p)) {
        for (std::uint32_t q : v.constraint_cells(k))
          if (q != p) set(p, q);
      }
    }
    for (const clue& c : v.clues()) {
      if (c.kind != clue_kind::cage) continue;
      for (std::uint32_t p : c.cells) {
        for (std::uint32_t q : c.cells)
          if (q != p) set(p, q);
      }
    }
  }
  [[nodiscard]] bool apart(std::uint32_t p, std::uint32_t q) const {
    return (bits_[p * words_ + q / 64] >> (q % 64) & 1) != 0;
  }

 private:
  void set(std::uint32_t p, std::uint32_t q) {
    bits_[p * words_ + q / 64] |= std::uint64_t{1} << (q % 64);
  }
  std::size_t words_;
  std::vector<std::uint64_t> bits_;
};

// A sum and its worth.
struct record {
  std::vector<std::uint32_t> cells;  // ascending
  int sum = 0;
  long score = 0;
  bool original = false;
  bool alive = true;
};

// The cells in groups that must differ, grown greedily as cliques from the
// cell apart from most of those left (ISS's findExclusionGroupsGreedy, its
// default strategy); returns the groups' sizes.
std::vector<int> group_sizes(const std::vector<std::uint32_t>& cells, const exclusions& x) {
  std::vector<char> unassigned(cells.size(), 1);
  std::size_t left = cells.size();
  std::vector<int> sizes;
  std::vector<std::size_t> candidates;
  while (left > 0) {
    candidates.clear();
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (unassigned[i]) candidates.push_back(i);
    int size = 0;
    while (!candidates.empty()) {
      std::size_t best = candidates.front();
      int best_score = -1;
      for (std::size_t i : candidates) {
        int score = 0;
        for (std::size_t j : candidates)
          score += x.apart(cells[i], cells[j]);
        if (score > best_score) {  // the first of equals: cells ascend
          best_score = score;
          best = i;
        }
      }
      unassigned[best] = 0;
      --left;
      ++size;
      std::erase_if(candidates,
                    [&](std::size_t j) { return j == best || !x.apart(cells[best], cells[j]); });
    }
    sizes.push_back(size);
  }
  return sizes;
}

// The record of `cells` adding up to `sum`, or nothing when no digits 1..n in
// those groups can. A group of k cells adds up to between 1 + ... + k and
// (n - k + 1) + ... + n; the sum's leeway (dof) is its distance to the nearer
// end, and its worth ISS's score: per group, k(n - k) less the leeway.
std::optional<record> make_record(std::vector<std::uint32_t> cells, int sum, int n,
                                  const exclusions& x) {
  long least = 0, range = 0;
  const std::vector<int> sizes = group_sizes(cells, x);
  for (int k : sizes) {
    least += k * (k + 1) / 2;
    range += static_cast<long>(n - k) * k;
  }
  if (sum < least || sum > least + range) return std::nullopt;
  const long dof = std::min<long>(sum - least, least + range - sum);
  long score = 0;
  for (int k : sizes)
    score += static_cast<long>(n - k) * k - dof;
  return record{std::move(cells), sum, score, false, true};
}

bool disjoint_cells(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (a[i] == b[j]) return false;
    a[i] < b[j] ? ++i : ++j;
  }
  return true;
}

// Worth trying together: disjoint, and at least 6 cells of the smaller (of
// two as large, `a`) must differ from some cell of the other (ISS's test).
bool related(const record& a, const record& b, const exclusions& x) {
  constexpr std::size_t min_linked = 6;
  if (!disjoint_cells(a.cells, b.cells)) return false;
  const record& small = b.cells.size() < a.cells.size() ? b : a;
  const record& big = &small == &a ? b : a;
  if (small.cells.size() < min_linked) return false;
  std::size_t linked = 0;
  for (std::uint32_t p : small.cells) {
    if (std::any_of(big.cells.begin(), big.cells.end(),
                    [&](std::uint32_t q) { return x.apart(p, q); }) &&
        ++linked >= min_linked) {
      return true;
    }
  }
  return false;
}

// ISS's name of a set of cells ("0,2,9"), which breaks ties between equally
// good merges (the larger name first).
std::string key(const std::vector<std::uint32_t>& cells) {
  std::string out;
  for (std::uint32_t p : cells) {
    if (!out.empty()) out += ',';
    out += std::to_string(p);
  }
  return out;
}

struct candidate {
  std::size_t first, second;  // into the records
  record merged;
};

std::vector<cage> combined_sums(const variant& v, const std::vector<cage>& sums,
                                const exclusions& x) {
  const int n = v.digits();
  std::vector<record> records;
  const auto active = [&](const std::vector<std::uint32_t>& cells) {
    return std::any_of(records.begin(), records.end(),
                       [&](const record& r) { return r.alive && r.cells == cells; });
  };
  for (const cage& s : sums) {
    if (active(s.cells)) continue;
    if (auto r = make_record(s.cells, s.sum, n, x)) {
      r->original = true;
      records.push_back(std::move(*r));
    }
  }
  std::vector<candidate> candidates;
  const auto consider = [&](std::size_t i, std::size_t j) {
    const record &a = records[i], &b = records[j];
    if (!related(a, b, x)) return;
    std::vector<std::uint32_t> cells;
    std::merge(a.cells.begin(), a.cells.end(), b.cells.begin(), b.cells.end(),
               std::back_inserter(cells));
    if (active(cells)) return;
    auto merged = make_record(std::move(cells), a.sum + b.sum, n, x);
    if (!merged) return;
    // Better than both, or than the two together.
    if ((merged->score <= a.score || merged->score <= b.score) &&
        merged->score <= a.score + b.score) {
      return;
    }
    candidates.push_back({i, j, std::move(*merged)});
  };
  for (std::size_t i = 0; i < records.size(); ++i) {
    for (std::size_t j = i + 1; j < records.size(); ++j)
      consider(i, j);
  }
  // Merge the best first; a merge retires its two parts and the candidates
  // built on them.
  for (;;) {
    std::erase_if(candidates, [&](const candidate& c) {
      return !records[c.first].alive || !records[c.second].alive || active(c.merged.cells);
    });
    if (candidates.empty()) break;
    const auto best = std::max_element(candidates.begin(), candidates.end(),
                                       [](const candidate& a, const candidate& b) {
                                         if (a.merged.score != b.merged.score)
                                           return a.merged.score < b.merged.score;
                                         return key(a.merged.cells) < key(b.merged.cells);
                                       });
    records[best->first].alive = records[best->second].alive = false;
    records.push_back(std::move(best->merged));
    candidates.erase(best);
    const std::size_t added = records.size() - 1;
    for (std::size_t i = 0; i < added; ++i)
      if (records[i].alive) consider(added, i);
  }
  std::vector<cage> out;
  for (const record& r : records) {
    if (r.alive && !r.original && r.score > 0) out.push_back({r.cells, r.sum});
  }
  return out;
}

std::vector<cage> region_sums(const variant& v, const std::vector<cage>& sums,
                              const exclusions& x) {
  const int n = v.digits();
  const int region_sum = n * (n + 1) / 2;
  std::vector<const std::vector<std::uint32_t>*> regions;
  for (const unit& u : v.units()) {
    if (u.cells.size() == static_cast<std::size_t>(n)) regions.push_back(&u.cells);
  }
  std::vector<cage> out;
  std::vector<char> in_region(v.all_positions(), 0), taken(v.all_positions(), 0);
  const auto count_in = [](const std::vector<std::uint32_t>& cells, const std::vector<char>& mark) {
    return std::count_if(cells.begin(), cells.end(), [&](std::uint32_t p) { return mark[p] != 0; });
  };
  for (const auto* region : regions) {
    std::fill(in_region.begin(), in_region.end(), 0);
    for (std::uint32_t p : *region)
      in_region[p] = 1;
    // The sums touching the region, those overlapping fewest of the others
    // first, taken while they overlap none taken.
    std::vector<std::size_t> touching;
    for (std::size_t k = 0; k < sums.size(); ++k) {
      if (count_in(sums[k].cells, in_region) > 0) touching.push_back(k);
    }
    std::vector<std::size_t> overlaps(sums.size(), 0);
    for (std::size_t a : touching) {
      for (std::size_t b : touching) {
        overlaps[a] += a != b && !disjoint_cells(sums[a].cells, sums[b].cells);
      }
    }
    std::stable_sort(touching.begin(), touching.end(),
                     [&](std::size_t a, std::size_t b) { return overlaps[a] < overlaps[b]; });
    std::fill(taken.begin(), taken.end(), 0);
    int total = 0;
    for (std::size_t k : touching) {
      if (count_in(sums[k].cells, taken) > 0) continue;
      for (std::uint32_t p : sums[k].cells)
        taken[p] = 1;
      total += sums[k].sum;
    }
    if (total == 0) continue;
    // The region's cells no sum covers: filled by other regions that meet it
    // there only (in two cells or more) and meet nothing taken.
    const auto uncovered = [&] {
      return std::any_of(region->begin(), region->end(),
                         [&](std::uint32_t p) { return !taken[p]; });
    };
    for (const auto* gap : regions) {
      if (!uncovered()) break;
      if (gap == region || count_in(*gap, taken) > 0) continue;
      const auto meet = count_in(*gap, in_region);
      if (meet < 2) continue;
      for (std::uint32_t p : *gap)
        taken[p] = 1;
      total += region_sum;
    }
    if (uncovered()) continue;
    // Less the region, and less every region now wholly inside: what is left
    // adds up to the rest.
    for (std::uint32_t p : *region)
      taken[p] = 0;
    total -= region_sum;
    for (const auto* inside : regions) {
      if (static_cast<std::size_t>(count_in(*inside, taken)) != inside->size()) continue;
      for (std::uint32_t p : *inside)
        taken[p] = 0;
      total -= region_sum;
    }
    std::vector<std::uint32_t> cells;
    for (std::uint32_t p = 0; p < v.all_positions(); ++p)
      if (taken[p]) cells.push_back(p);
    if (cells.empty()) continue;
    // Worth stating when its total lies near an end of what its groups can
    // hold (ISS's test: the range more than four times the leeway).
    long least = 0, range = 0;
    for (int k : group_sizes(cells, x)) {
      least += k * (k + 1) / 2;
      range += static_cast<long>(n - k) * k;
    }
    const long dof = std::min<long>(total - least, least + range - total);
    if (range == 0 || range <= 4 * dof) continue;
    cage found{std::move(cells), total};
    if (std::find(out.begin(), out.end(), found) == out.end()) out.push_back(std::move(found));
  }
  return out;
}

}  // namespace

std::vector<cage> implied_sums(const variant& v, const std::vector<cage>& sums) {
  if (sums.empty()) return {};  // most puzzles: no table of cells to build
  const exclusions x(v);
  std::vector<cage> out = region_sums(v, sums, x);
  for (cage& c : combined_sums(v, sums, x))
    out.push_back(std::move(c));
  return out;
}

}  // namespace sudoku::detail
