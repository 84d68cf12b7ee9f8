// The sums implied by a variant's sums (leftover_sums.hpp).
#include "leftover_sums.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "combined_sums.hpp"

namespace sudoku::detail {

// The clues that say a linear sum of digits (arrows, pills, weighted and plain
// sums, little killers), as weighted items beside their chains. A chain knows
// only each cell's own digits; the weight rule also knows which of its cells
// share a unit and must take different digits, so it bounds a long sum by the
// k smallest digits a unit's cells can hold: ISS's Long sums (pills of 32
// cells) went from over 1,000,000 nodes to 373, 59 and 1 (bench/README.md).
void clue_sums(const variant& v, std::vector<model::linear_sum>& linear) {
  for (const clue& c : v.clues()) {
    if (c.cells.empty()) continue;
    model::linear_sum sum{{}, 0};
    const std::size_t k = c.cells.size();
    const int value = c.values.empty() ? 0 : c.values.front();
    switch (c.kind) {
      case clue_kind::arrow:  // the circle (first) holds the shaft's sum
        sum.terms.emplace_back(c.cells.front(), -1);
        for (std::size_t i = 1; i < k; ++i)
          sum.terms.emplace_back(c.cells[i], 1);
        break;
      case clue_kind::double_arrow:  // the two ends add up to the middle's sum
        if (k < 3) continue;
        for (std::size_t i = 0; i < k; ++i)
          sum.terms.emplace_back(c.cells[i], i == 0 || i + 1 == k ? -1 : 1);
        break;
      case clue_kind::pill_arrow: {  // the pill's cells, in reading order, a decimal number
        const auto pill = static_cast<std::size_t>(value);
        if (pill == 0 || pill >= k) continue;
        std::vector<std::uint32_t> digits(c.cells.begin(),
                                          c.cells.begin() + static_cast<long>(pill));
        std::sort(digits.begin(), digits.end());
        int place = 1;
        for (std::size_t i = pill; i-- > 0; place *= 10)
          sum.terms.emplace_back(digits[i], -place);
        for (std::size_t i = pill; i < k; ++i)
          sum.terms.emplace_back(c.cells[i], 1);
        break;
      }
      case clue_kind::sum:  // total, then a weight per cell when they are not all 1
        sum.total = value;
        for (std::size_t i = 0; i < k; ++i)
          sum.terms.emplace_back(c.cells[i], c.values.size() == k + 1 ? c.values[i + 1] : 1);
        break;
      case clue_kind::little_killer:
        sum.total = value;
        for (std::uint32_t p : c.cells)
          sum.terms.emplace_back(p, 1);
        break;
      default:
        continue;
    }
    // A cell twice (a pill cell on its own shaft, say): one term.
    std::sort(sum.terms.begin(), sum.terms.end());
    std::vector<std::pair<std::uint32_t, int>> merged;
    for (const auto& [p, coefficient] : sum.terms) {
      if (!merged.empty() && merged.back().first == p) {
        merged.back().second += coefficient;
      } else {
        merged.emplace_back(p, coefficient);
      }
    }
    std::erase_if(merged, [](const auto& t) { return t.second == 0; });
    sum.terms = std::move(merged);
    if (sum.terms.size() < 2) continue;
    // The sum of values as one of digits: each digit is its value plus 1 - v.first_value().
    for (const auto& t : sum.terms)
      sum.total += (1 - v.first_value()) * t.second;
    if (std::find(linear.begin(), linear.end(), sum) == linear.end())
      linear.push_back(std::move(sum));
  }
}

// The cages the search works with: the variant's, then the ones they imply by
// the players' "law of leftovers". A unit, or a band of m consecutive rows or
// columns, holds digits adding up to m*n(n+1)/2. Take away the cages inside
// it: the cells left (the innies) add up to the rest. Take the cages that
// stick out of it: their cells outside (the outies) add up to what those cages
// hold beyond the innies. When such a set of cells lies within one unit its
// digits differ, so it is a cage; it holds in every solution, so adding it
// changes no count, and it lets the search see a missing sum without trying
// the cells one by one (bench/README.md has the effect on hard killers).
//
// The clues' cages with a sum and sums without weights (clue.hpp) count as
// cages here too. A set of cells in no common unit still adds up to its
// total: it goes to `linear` (innies +1; with outies, the uncaged innies +1
// and the outies -1), which the model states as a weighted item.
//
// `linear` comes holding the clues' own sums (clue_sums), which the implied
// ones are found from too. Without it (nullptr), only the cages: the implied
// linear sums cost an easy killer a third of its preparation
// (detail::implied_sums most), and the solver states them only for a puzzle
// that propagation alone does not settle.
std::vector<cage> sum_constraints(const variant& v, std::vector<std::uint32_t>& implied_unit,
                                  std::vector<model::linear_sum>* linear) {
  std::vector<cage> out(v.cages().begin(), v.cages().end());
  if (linear != nullptr) {
    // Sums that regions and sums imply (combined_sums.hpp): from the cages
    // with sums and the clues' plain sums.
    std::vector<cage> sums(out);
    for (const clue& c : v.clues()) {
      if (c.kind != clue_kind::cage || c.values.empty()) continue;
      std::vector<std::uint32_t> cells = c.cells;
      std::sort(cells.begin(), cells.end());
      const int digits_total = c.values[0] + (1 - v.first_value()) * static_cast<int>(cells.size());
      sums.push_back({std::move(cells), digits_total});
    }
    for (const model::linear_sum& s : *linear) {
      if (!std::all_of(s.terms.begin(), s.terms.end(), [](const auto& t) { return t.second == 1; }))
        continue;
      cage plain{{}, s.total};
      for (const auto& t : s.terms)
        plain.cells.push_back(t.first);
      sums.push_back(std::move(plain));
    }
    for (cage& c : detail::implied_sums(v, sums)) {
      model::linear_sum sum{{}, c.sum};
      for (std::uint32_t p : c.cells)
        sum.terms.emplace_back(p, 1);
      if (std::find(linear->begin(), linear->end(), sum) == linear->end())
        linear->push_back(std::move(sum));
    }
  }
  const int n = v.digits();
  const int unit_sum = n * (n + 1) / 2;
  // A weighted item over more cells bounds its sum too loosely to pay for its
  // checks: on the hard killers of ISS's collections, at most n cells took
  // HS_KILLERS#9 from over 300,000 nodes to 113 (and #6 to 67,276; allowing
  // 2n cells, 34,051 nodes but twice the time).
  const std::size_t linear_cap = static_cast<std::size_t>(n);
  // The totals the accounting takes away: the variant's cages, then the clues'.
  struct known_sum {
    std::span<const std::uint32_t> cells;
    int sum;
  };
  std::vector<known_sum> known;
  known.reserve(v.cages().size());
  std::vector<int> cage_of(v.all_positions(), -1);
  for (const cage& c : v.cages()) {
    for (std::uint32_t p : c.cells) {
      if (cage_of[p] >= 0) return out;  // overlapping cages: no simple accounting
      cage_of[p] = static_cast<int>(known.size());
    }
    known.push_back({c.cells, c.sum});
  }
  for (const clue& c : v.clues()) {
    const bool cage_sum = c.kind == clue_kind::cage && !c.values.empty();
    const bool plain_sum = c.kind == clue_kind::sum && c.values.size() == 1;
    if (!cage_sum && !plain_sum) continue;
    // The first of overlapping ones only.
    if (std::any_of(c.cells.begin(), c.cells.end(),
                    [&](std::uint32_t p) { return cage_of[p] >= 0; })) {
      continue;
    }
    for (std::uint32_t p : c.cells)
      cage_of[p] = static_cast<int>(known.size());
    // As a sum of digits (each its value plus 1 - first_value).
    known.push_back(
        {c.cells, c.values[0] + (1 - v.first_value()) * static_cast<int>(c.cells.size())});
  }
  if (known.empty()) return out;
  // The groups: each unit, and bands of consecutive rows or columns (their
  // cells in no particular order, flat in `bands`), each with its number of
  // units.
  std::vector<std::pair<std::span<const std::uint32_t>, int>> groups;
  std::vector<const unit*> rows, columns;
  for (const unit& u : v.units()) {
    // A unit of fewer cells (variant::board) holds no known total.
    if (u.cells.size() != static_cast<std::size_t>(v.digits())) continue;
    groups.emplace_back(u.cells, 1);
    if (u.kind == unit_kind::row) rows.push_back(&u);
    if (u.kind == unit_kind::column) columns.push_back(&u);
  }
  std::vector<std::uint32_t> bands;
  if (v.parts() == 1) {
    std::vector<std::pair<std::size_t, int>> band_start;  // into `bands`
    for (const auto* lines : {&rows, &columns}) {
      for (std::size_t length = 2; length + 1 < lines->size(); ++length) {
        for (std::size_t first = 0; first + length <= lines->size(); ++first) {
          band_start.emplace_back(bands.size(), static_cast<int>(length));
          for (std::size_t k = first; k < first + length; ++k)
            bands.insert(bands.end(), (*lines)[k]->cells.begin(), (*lines)[k]->cells.end());
        }
      }
    }
    band_start.emplace_back(bands.size(), 0);
    for (std::size_t b = 0; b + 1 < band_start.size(); ++b) {
      groups.emplace_back(std::span<const std::uint32_t>(bands).subspan(
                              band_start[b].first, band_start[b + 1].first - band_start[b].first),
                          band_start[b].second);
    }
  }
  std::vector<char> mark(v.all_positions(), 0);
  // A unit holding every cell of `cells`, if any.
  auto common_unit = [&](const std::vector<std::uint32_t>& cells) -> std::optional<std::uint32_t> {
    for (std::uint32_t c : v.constraints_of(cells.front())) {
      if (c >= v.units().size()) continue;
      const auto& unit_cells = v.units()[c].cells;
      if (std::all_of(cells.begin(), cells.end(), [&](std::uint32_t p) {
            return std::binary_search(unit_cells.begin(), unit_cells.end(), p);
          })) {
        return c;
      }
    }
    return std::nullopt;
  };
  auto add_linear = [&](model::linear_sum sum) {
    if (linear == nullptr || sum.terms.empty()) return;
    std::sort(sum.terms.begin(), sum.terms.end());
    if (std::find(linear->begin(), linear->end(), sum) == linear->end())
      linear->push_back(std::move(sum));
  };
  auto add = [&](const std::vector<std::uint32_t>& found, int sum) {
    // Without the linear sums, only a cage can come of it: fewer than n cells.
    if (found.empty() || (linear == nullptr && found.size() >= static_cast<std::size_t>(n))) return;
    std::vector<std::uint32_t> cells = found;
    std::sort(cells.begin(), cells.end());
    // A whole unit's innies (no cage inside it, some across its edge) add up
    // to the unit's sum, as every unit does: an item there bounds nothing the
    // unit's digit items do not, and cost a killer a tenth of its model.
    if (cells.size() == static_cast<std::size_t>(n) && sum == unit_sum && common_unit(cells))
      return;
    const auto u = cells.size() < static_cast<std::size_t>(n) ? common_unit(cells) : std::nullopt;
    if (!u) {
      if (linear == nullptr || cells.size() > linear_cap) return;
      model::linear_sum implied{{}, sum};
      for (std::uint32_t p : cells)
        implied.terms.emplace_back(p, 1);
      add_linear(std::move(implied));
      return;
    }
    cage implied{std::move(cells), sum};
    if (std::find(out.begin(), out.end(), implied) != out.end()) return;
    out.push_back(std::move(implied));
    implied_unit.push_back(*u);
  };
  std::vector<char> counted(known.size(), 0);
  std::vector<std::uint32_t> innies, outies;  // per group, reused
  std::vector<std::size_t> touched;
  for (const auto& [cells, m] : groups) {
    for (std::uint32_t p : cells)
      mark[p] = 1;
    int inside = 0, sticking_out = 0;
    bool all_caged = true;
    innies.clear();
    outies.clear();
    touched.clear();
    for (std::uint32_t p : cells) {
      const int k = cage_of[p];
      if (k < 0) {
        innies.push_back(p);
        all_caged = false;
        continue;
      }
      const known_sum& c = known[static_cast<std::size_t>(k)];
      const bool whole =
          std::all_of(c.cells.begin(), c.cells.end(), [&](std::uint32_t q) { return mark[q]; });
      if (whole) {
        if (c.cells.front() == p) inside += c.sum;
        continue;
      }
      innies.push_back(p);
      if (!counted[static_cast<std::size_t>(k)]) {
        counted[static_cast<std::size_t>(k)] = 1;
        touched.push_back(static_cast<std::size_t>(k));
        sticking_out += c.sum;
        for (std::uint32_t q : c.cells) {
          if (!mark[q]) outies.push_back(q);
        }
      }
    }
    for (std::uint32_t p : cells)
      mark[p] = 0;
    for (std::size_t k : touched)
      counted[k] = 0;
    const int innie_sum = m * unit_sum - inside;
    if (inside == 0 && touched.empty()) continue;  // no cage here: nothing new
    add(innies, innie_sum);
    if (all_caged) {
      add(outies, sticking_out - innie_sum);
    } else if (linear != nullptr && !outies.empty()) {
      // The uncaged innies less the outies: what the touched cages do not hold.
      model::linear_sum both{{}, innie_sum - sticking_out};
      for (std::uint32_t p : cells) {
        if (cage_of[p] < 0) both.terms.emplace_back(p, 1);
      }
      for (std::uint32_t p : outies)
        both.terms.emplace_back(p, -1);
      if (both.terms.size() <= linear_cap) add_linear(std::move(both));
    }
  }
  return out;
}

}  // namespace sudoku::detail
