#include "sudoku/model.hpp"

#include "clue_model.hpp"
#include "combined_sums.hpp"

#include <fmt/core.h>
#include <dlx/solver.hpp>

#include <algorithm>
#include <bit>
#include <optional>
#include <string>
#include <vector>

namespace sudoku {

namespace {

char index_char(std::size_t i) {
  return static_cast<char>(i < 10 ? '0' + i : 'a' + i - 10);
}

// The cells in option order: box by box when the boxes (or regions) partition
// the board, each box's cells in reading order; else in reading order.
std::vector<std::uint32_t> option_order(const variant& v) {
  std::vector<std::uint32_t> order;
  for (const unit& u : v.units()) {
    if (u.kind == unit_kind::box || u.kind == unit_kind::region) {
      order.insert(order.end(), u.cells.begin(), u.cells.end());
    }
  }
  std::vector<std::uint32_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  const auto cells = v.cells();
  if (!std::equal(sorted.begin(), sorted.end(), cells.begin(), cells.end())) {
    order.assign(cells.begin(), cells.end());
  }
  return order;
}

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
std::vector<cage> sum_constraints(const variant& v, std::vector<std::uint32_t>& implied_unit,
                                  std::vector<model::linear_sum>& linear) {
  clue_sums(v, linear);
  std::vector<cage> out(v.cages().begin(), v.cages().end());
  {
    // Sums that regions and sums imply (combined_sums.hpp): from the cages
    // with sums and the clues' plain sums.
    std::vector<cage> sums(out);
    for (const clue& c : v.clues()) {
      if (c.kind != clue_kind::cage || c.values.empty()) continue;
      std::vector<std::uint32_t> cells = c.cells;
      std::sort(cells.begin(), cells.end());
      sums.push_back({std::move(cells), c.values[0]});
    }
    for (const model::linear_sum& s : linear) {
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
      if (std::find(linear.begin(), linear.end(), sum) == linear.end())
        linear.push_back(std::move(sum));
    }
  }
  const int n = v.digits();
  const int unit_sum = n * (n + 1) / 2;
  // A weighted item over more cells bounds its sum too loosely to pay for its
  // checks: on the hard killers of ISS's collections, at most n cells took
  // HS_KILLERS#9 from over 300,000 nodes to 113 (and #6 to 67,276; allowing
  // 2n cells, 34,051 nodes but twice the time).
  const std::size_t linear_cap = static_cast<std::size_t>(n);
  std::vector<cage> known = out;  // the totals the accounting takes away
  std::vector<int> cage_of(v.positions(), -1);
  for (std::size_t k = 0; k < known.size(); ++k) {
    for (std::uint32_t p : known[k].cells) {
      if (cage_of[p] >= 0) return out;  // overlapping cages: no simple accounting
      cage_of[p] = static_cast<int>(k);
    }
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
    known.push_back({c.cells, c.values[0]});
  }
  if (known.empty()) return out;
  // The groups: each unit, and bands of consecutive rows or columns.
  std::vector<std::pair<std::vector<std::uint32_t>, int>> groups;
  std::vector<const unit*> rows, columns;
  for (const unit& u : v.units()) {
    groups.push_back({u.cells, 1});
    if (u.kind == unit_kind::row) rows.push_back(&u);
    if (u.kind == unit_kind::column) columns.push_back(&u);
  }
  if (v.parts() == 1) {
    for (const auto* lines : {&rows, &columns}) {
      for (std::size_t length = 2; length + 1 < lines->size(); ++length) {
        for (std::size_t first = 0; first + length <= lines->size(); ++first) {
          std::vector<std::uint32_t> cells;
          for (std::size_t k = first; k < first + length; ++k)
            cells.insert(cells.end(), (*lines)[k]->cells.begin(), (*lines)[k]->cells.end());
          std::sort(cells.begin(), cells.end());
          groups.push_back({std::move(cells), static_cast<int>(length)});
        }
      }
    }
  }
  std::vector<char> mark(v.positions(), 0);
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
    if (sum.terms.empty()) return;
    std::sort(sum.terms.begin(), sum.terms.end());
    if (std::find(linear.begin(), linear.end(), sum) == linear.end())
      linear.push_back(std::move(sum));
  };
  auto add = [&](std::vector<std::uint32_t> cells, int sum) {
    if (cells.empty()) return;
    std::sort(cells.begin(), cells.end());
    // A whole unit's innies (no cage inside it, some across its edge) add up
    // to the unit's sum, as every unit does: an item there bounds nothing the
    // unit's digit items do not, and cost a killer a tenth of its model.
    if (cells.size() == static_cast<std::size_t>(n) && sum == unit_sum && common_unit(cells))
      return;
    const auto u = cells.size() < static_cast<std::size_t>(n) ? common_unit(cells) : std::nullopt;
    if (!u) {
      if (cells.size() > linear_cap) return;
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
      const cage& c = known[static_cast<std::size_t>(k)];
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
    } else if (!outies.empty()) {
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

}  // namespace

model::model(sudoku::variant v, weights w)
    : variant_(std::move(v)), n_(variant_.digits()), weights_(w) {
  const auto cells = variant_.cells();
  cell_items_ = cells.size();
  const auto n = static_cast<std::size_t>(n_);
  sums_ = sum_constraints(variant_, implied_unit_, linear_sums_);
  item_count_ = static_cast<int>(cell_items_ + (variant_.units().size() + sums_.size()) * n);
  primary_count_ = item_count_;
  sums_of_cell_.resize(variant_.positions());
  for (std::uint32_t k = 0; k < sums_.size(); ++k) {
    for (std::uint32_t p : sums_[k].cells)
      sums_of_cell_[p].push_back(k);
  }
  cell_item_.assign(variant_.positions(), 0);
  for (std::size_t i = 0; i < cells.size(); ++i)
    cell_item_[cells[i]] = static_cast<dlx::item_id>(i);
  order_ = option_order(variant_);
  option_of_.assign(variant_.positions() * n, no_option);
  dlx::option_id o = 0;
  for (std::uint32_t cell : order_) {
    const std::uint64_t allowed = variant_.candidates(cell);
    for (int d = 1; d <= n_; ++d) {
      if ((allowed >> d & 1) == 0) continue;
      option_of_[cell * n + static_cast<std::size_t>(d - 1)] = o++;
      cell_of_.push_back(cell);
      digit_of_.push_back(static_cast<std::uint8_t>(d));
    }
  }
  option_count_ = static_cast<int>(o);
  for (const cage& c : sums_) {
    if (c.cells.size() < n) {
      option_count_ += static_cast<int>(
          cage_combination_sets(static_cast<int>(c.cells.size()), c.sum, n_).size());
    }
  }
  clue_items_ = item_count_;
  if (variant_.clues().empty()) return;
  // Chains with weights need the bitset engine: a problem too large for it
  // states them with fewer, then without (a looped sum line once round per
  // cut, weaker).
  const int items = item_count_, options = option_count_, primaries = primary_count_;
  for (auto level : {weights::all, weights::small, weights::none}) {
    if (level > weights_) continue;
    item_count_ = items;
    option_count_ = options;
    primary_count_ = primaries;
    clue_list_.clear();
    item_clue_range_.clear();
    adopt(detail::lower_clues(variant_, level));
    if (!clues_->weighted() || dlx::bitset_engine_fits(static_cast<std::size_t>(option_count_),
                                                       static_cast<std::size_t>(primary_count_)))
      break;
  }
}

void model::adopt(std::shared_ptr<const detail::lowered_clues> lowered) {
  // Which clues each clue item stands for, in build()'s order of items.
  // Flat: one list of clues per group, relation or chain, and per item its range.
  const auto own = [&](std::size_t count, std::span<const std::uint32_t> clues) {
    const auto begin = static_cast<std::uint32_t>(clue_list_.size());
    clue_list_.insert(clue_list_.end(), clues.begin(), clues.end());
    item_clue_range_.insert(item_clue_range_.end(), count,
                            {begin, static_cast<std::uint32_t>(clue_list_.size())});
  };
  for (const auto& g : lowered->groups)
    own(static_cast<std::size_t>(n_), std::span(&g.clue, 1));
  for (const auto& r : lowered->relations)
    own(2 * static_cast<std::size_t>(n_), r.clues);
  for (const auto& g : lowered->groups) {
    item_count_ += n_;
    primary_count_ += g.sets.empty() ? 0 : n_;
    option_count_ +=
        static_cast<int>(std::count_if(g.sets.begin(), g.sets.end(), [&](std::uint64_t set) {
          return set != variant_.all_digits();
        }));
  }
  item_count_ += 2 * n_ * static_cast<int>(lowered->relations.size());
  std::vector<char> valued(variant_.positions(), 0);
  // A chain's items: its steps, its states between them, its marks and
  // the item of its choices.
  const auto chain_items = [](const detail::digit_chain& c) {
    std::size_t items = c.cells.size() + c.marks + (c.choices.empty() ? 0 : 1);
    for (std::size_t i = 1; i < c.cells.size(); ++i)
      items += c.states[i] > 1 ? 1 : 0;
    return items;
  };
  for (const auto& c : lowered->chains) {
    item_count_ += static_cast<int>(chain_items(c));
    primary_count_ += static_cast<int>(c.cells.size()) + (c.choices.empty() ? 0 : 1);
    for (const auto& step : c.steps)
      option_count_ += static_cast<int>(step.size());
    option_count_ += static_cast<int>(c.choices.size());
    for (std::uint32_t p : c.cells)
      valued[p] = 1;
  }
  item_count_ += static_cast<int>(std::count(valued.begin(), valued.end(), 1));
  own(static_cast<std::size_t>(std::count(valued.begin(), valued.end(), 1)), {});
  for (const auto& c : lowered->chains)
    own(chain_items(c), std::span(&c.clue, 1));
  clues_ = std::move(lowered);
}

int model::constraint_of(dlx::item_id item) const noexcept {
  if (item < cell_items_) return -1;
  if (item >= static_cast<dlx::item_id>(clue_items_)) return -2;
  const auto c = (item - cell_items_) / static_cast<std::size_t>(n_);
  const std::size_t given = variant_.units().size() + variant_.cages().size();
  // An implied cage stands for the unit it comes from.
  return static_cast<int>(c < given ? c : implied_unit_[c - given]);
}

std::span<const std::uint32_t> model::clues_of(dlx::item_id item) const noexcept {
  if (item < static_cast<dlx::item_id>(clue_items_)) return {};
  const auto k = static_cast<std::size_t>(item) - static_cast<std::size_t>(clue_items_);
  if (k >= item_clue_range_.size()) return {};
  const auto [begin, end] = item_clue_range_[k];
  return std::span<const std::uint32_t>(clue_list_).subspan(begin, end - begin);
}

int model::digit_of_item(dlx::item_id item) const noexcept {
  if (item < cell_items_ || item >= static_cast<dlx::item_id>(clue_items_)) return 0;
  return static_cast<int>((item - cell_items_) % static_cast<std::size_t>(n_)) + 1;
}

dlx::problem model::build(naming names, cage_choices choices) const {
  const auto n = static_cast<std::size_t>(n_);
  const auto columns = static_cast<std::size_t>(variant_.columns());
  dlx::problem p;
  // An item, named (the name made only when asked for) or not.
  const auto add_item = [&](auto&& name, dlx::item_kind kind = dlx::item_kind::primary) {
    return names == naming::knuth ? p.add_item(name(), kind) : p.add_item(kind);
  };
  // Items in Knuth's order: p (cell), then each unit's digits: r (row), c
  // (column), b (box), ... The order matters: the search breaks ties towards
  // the leftmost item.
  for (std::uint32_t cell : variant_.cells()) {
    add_item([&] {
      return std::string{'p', index_char(cell / columns), index_char(cell % columns)};
    });
  }
  static constexpr char letters[] = {'r', 'c', 'b', 'g', 'x', 'w', 'j', 'k'};
  for (const unit& u : variant_.units()) {
    std::string name(1, letters[static_cast<std::size_t>(u.kind)]);
    if (u.part >= 0) name += index_char(static_cast<std::size_t>(u.part));
    name += index_char(static_cast<std::size_t>(u.index));
    for (std::size_t d = 1; d <= n; ++d)
      add_item([&] { return name + digit_char(static_cast<int>(d)); });
  }
  for (std::size_t c = 0; c < sums_.size(); ++c) {
    const std::string name{'k', index_char(c / 36), index_char(c % 36)};
    for (std::size_t d = 1; d <= n; ++d)
      add_item([&] { return name + digit_char(static_cast<int>(d)); });
  }
  // The clues' items (clue_model.hpp): a group's digits (primary when it
  // lists digit sets, as a cage's; else secondary: different digits only);
  // a relation's, one per digit of its first cell that rules out digits of
  // the second; a chain's steps (primary), the states between them and each
  // cell's digit (secondary, colored).
  static const detail::lowered_clues no_clues;
  const detail::lowered_clues& lowered = clues_ ? *clues_ : no_clues;
  std::vector<std::vector<dlx::item_id>> clue_items_of(variant_.positions() * n);
  const auto on = [&](std::uint32_t cell, int d) -> std::vector<dlx::item_id>& {
    return clue_items_of[cell * n + static_cast<std::size_t>(d - 1)];
  };
  std::vector<dlx::item_id> group_first;
  for (std::size_t g = 0; g < lowered.groups.size(); ++g) {
    const auto& group = lowered.groups[g];
    const auto kind = group.sets.empty() ? dlx::item_kind::secondary : dlx::item_kind::primary;
    group_first.push_back(static_cast<dlx::item_id>(p.item_count()));
    for (int d = 1; d <= n_; ++d) {
      const dlx::item_id item = add_item([&] { return fmt::format("g{}.{}", g, d); }, kind);
      for (std::uint32_t cell : group.cells)
        on(cell, d).push_back(item);
    }
  }
  // A relation's items both ways: with only a's, the pair rule removes a's
  // digit that every digit left to b forbids, but not b's digit that every
  // digit left to a forbids (ISS's Bicycle race: 11,777 nodes with both, not
  // proved within 3,000,000 with a's alone; bench/README.md).
  // `item` on `cell` holding `digit` and on `other` holding any of `banned`.
  const auto forbid = [&](dlx::item_id item, std::uint32_t cell, int digit, std::uint32_t other,
                          std::uint64_t banned) {
    on(cell, digit).push_back(item);
    for (int y = 1; y <= n_; ++y) {
      if (banned >> y & 1) on(other, y).push_back(item);
    }
  };
  for (std::size_t r = 0; r < lowered.relations.size(); ++r) {
    const auto& rel = lowered.relations[r];
    for (int x = 1; x <= n_; ++x) {
      const dlx::item_id item =
          add_item([&] { return fmt::format("q{}.{}", r, x); }, dlx::item_kind::secondary);
      const std::uint64_t banned =
          variant_.all_digits() & ~rel.allowed[static_cast<std::size_t>(x)];
      if (banned != 0) forbid(item, rel.a, x, rel.b, banned);
    }
    for (int y = 1; y <= n_; ++y) {
      const dlx::item_id item =
          add_item([&] { return fmt::format("q{}'{}", r, y); }, dlx::item_kind::secondary);
      std::uint64_t banned = 0;
      for (int x = 1; x <= n_; ++x) {
        if ((rel.allowed[static_cast<std::size_t>(x)] >> y & 1) == 0)
          banned |= std::uint64_t{1} << x;
      }
      // One digit of a: the conflict is a's item already, and nothing to learn.
      if (std::popcount(banned) >= 2) forbid(item, rel.b, y, rel.a, banned);
    }
  }
  std::vector<dlx::item_id> value_item(variant_.positions(), 0);
  std::vector<char> valued(variant_.positions(), 0);
  std::vector<dlx::color_id> colors;
  const auto color = [&](std::uint32_t k) {
    while (colors.size() <= k)
      colors.push_back(p.add_color(fmt::format("{}", colors.size())));
    return colors[k];
  };
  for (std::size_t c = 0; c < lowered.chains.size(); ++c) {
    for (std::uint32_t cell : lowered.chains[c].cells) {
      if (valued[cell]) continue;
      valued[cell] = 1;
      value_item[cell] =
          add_item([&] { return fmt::format("v{}", cell); }, dlx::item_kind::secondary);
    }
  }
  // Every item before any option.
  struct chain_item_ids {
    std::vector<dlx::item_id> steps, states, marks;
    dlx::item_id choice = 0;
  };
  std::vector<chain_item_ids> chain_items;
  for (std::size_t c = 0; c < lowered.chains.size(); ++c) {
    const auto& chain = lowered.chains[c];
    const std::size_t k = chain.cells.size();
    chain_item_ids ids;
    ids.steps.resize(k);
    ids.states.assign(k + 1, 0);
    for (std::size_t i = 0; i < k; ++i)
      ids.steps[i] = add_item([&] { return fmt::format("a{}.{}", c, i); });
    for (std::size_t i = 1; i < k; ++i) {
      if (chain.states[i] > 1) {
        ids.states[i] =
            add_item([&] { return fmt::format("s{}.{}", c, i); }, dlx::item_kind::secondary);
      }
    }
    for (std::uint32_t m = 0; m < chain.marks; ++m)
      ids.marks.push_back(
          add_item([&] { return fmt::format("m{}.{}", c, m); }, dlx::item_kind::secondary));
    if (!chain.choices.empty()) ids.choice = add_item([&] { return fmt::format("h{}", c); });
    chain_items.push_back(std::move(ids));
  }
  // Each cage's choice of combination, and each group's choice of digit set,
  // when asked for (model.hpp); 0 where none (no choice item is a cell's).
  std::vector<dlx::item_id> choice_item(sums_.size(), 0), group_choice(lowered.groups.size(), 0);
  if (choices == cage_choices::item) {
    for (std::size_t c = 0; c < sums_.size(); ++c) {
      if (sums_[c].cells.size() < n)
        choice_item[c] = add_item([&] { return fmt::format("kh{}", c); });
    }
    for (std::size_t g = 0; g < lowered.groups.size(); ++g) {
      const auto& group = lowered.groups[g];
      if (!group.sets.empty() && group.cells.size() < n)
        group_choice[g] = add_item([&] { return fmt::format("gh{}", g); });
    }
  }
  // Cell options in the order of their numbers (see model.hpp).
  const auto constraint_item = [&](std::uint32_t constraint, int d) {
    return static_cast<dlx::item_id>(cell_items_ + constraint * n +
                                     static_cast<std::size_t>(d - 1));
  };
  const auto units = static_cast<std::uint32_t>(variant_.units().size());
  std::vector<dlx::item_id> items;
  std::vector<dlx::option_entry> entries;
  for (std::uint32_t cell : order_) {
    const std::uint64_t allowed = variant_.candidates(cell);
    for (int d = 1; d <= n_; ++d) {
      if ((allowed >> d & 1) == 0) continue;
      entries.clear();
      entries.emplace_back(cell_item_[cell]);
      // The cell's units, then its cages (the variant's and implied ones).
      for (std::uint32_t constraint : variant_.constraints_of(cell)) {
        if (constraint < variant_.units().size())
          entries.emplace_back(constraint_item(constraint, d));
      }
      for (std::uint32_t k : sums_of_cell_[cell])
        entries.emplace_back(constraint_item(units + k, d));
      if (clues_) {
        for (dlx::item_id item : on(cell, d))
          entries.emplace_back(item);
        if (valued[cell])
          entries.emplace_back(value_item[cell], color(static_cast<std::uint32_t>(d)));
      }
      p.add_option(entries);
    }
  }
  // Cage combinations: the digits a combination leaves out.
  for (std::uint32_t c = 0; c < sums_.size(); ++c) {
    const cage& k = sums_[c];
    if (k.cells.size() >= n) continue;
    for (std::uint64_t set : cage_combination_sets(static_cast<int>(k.cells.size()), k.sum, n_)) {
      items.clear();
      for (int d = 1; d <= n_; ++d) {
        if ((set >> d & 1) == 0) items.push_back(constraint_item(units + c, d));
      }
      if (choice_item[c] != 0) items.push_back(choice_item[c]);
      p.add_option(items);
    }
  }
  // Groups with digit sets: the digits a set leaves out, as for cages.
  for (std::size_t g = 0; g < lowered.groups.size(); ++g) {
    for (std::uint64_t set : lowered.groups[g].sets) {
      items.clear();
      for (int d = 1; d <= n_; ++d) {
        if ((set >> d & 1) == 0) items.push_back(group_first[g] + static_cast<dlx::item_id>(d - 1));
      }
      if (items.empty()) continue;  // every digit: the cells cover them all
      if (group_choice[g] != 0) items.push_back(group_choice[g]);
      p.add_option(items);
    }
  }
  // Chains: one option per transition, and one per choice.
  for (std::size_t c = 0; c < lowered.chains.size(); ++c) {
    const auto& chain = lowered.chains[c];
    const std::size_t k = chain.cells.size();
    const chain_item_ids& ids = chain_items[c];
    std::vector<dlx::weighted_id> weighted;
    for (auto [lower, upper] : chain.weighted)
      weighted.push_back(p.add_weighted_item({lower, upper}));
    const auto add = [&](const detail::chain_extra* extra) {
      if (extra) {
        for (auto [m, colour] : extra->marks)
          entries.emplace_back(ids.marks[m], color(colour));
      }
      const dlx::option_id o = p.add_option(entries);
      if (extra) {
        for (auto [w, weight] : extra->weights)
          p.add_weight(o, weighted[w], weight);
      }
    };
    for (std::size_t i = 0; i < k; ++i) {
      for (const detail::chain_step& s : chain.steps[i]) {
        entries.clear();
        entries.emplace_back(ids.steps[i]);
        if (ids.states[i]) entries.emplace_back(ids.states[i], color(s.from));
        if (ids.states[i + 1]) entries.emplace_back(ids.states[i + 1], color(s.to));
        entries.emplace_back(value_item[chain.cells[i]],
                             color(static_cast<std::uint32_t>(s.digit)));
        add(s.extra == detail::chain_step::no_extra ? nullptr : &chain.extras[s.extra]);
      }
    }
    for (const detail::chain_extra& choice : chain.choices) {
      entries.clear();
      entries.emplace_back(ids.choice);
      add(&choice);
    }
  }
  // Implied sums over cells of no common unit, as weighted items: each cell
  // option adds its digit times the cell's coefficient. They only help the
  // search (the clues' own options already say each sum), and only the bitset
  // engine keeps them: a model too large for it (a long chain) goes without.
  if (weights_ == weights::none || !dlx::bitset_engine_fits(p)) return p;
  for (std::size_t k = 0; k < linear_sums_.size(); ++k) {
    const linear_sum& sum = linear_sums_[k];
    const dlx::weight_bounds bounds{sum.total, sum.total};
    const auto w = names == naming::knuth ? p.add_weighted_item(fmt::format("t{}", k), bounds)
                                          : p.add_weighted_item(bounds);
    for (const auto& [cell, coefficient] : sum.terms) {
      for (int d = 1; d <= n_; ++d) {
        const dlx::option_id o = option_of_[cell * n + static_cast<std::size_t>(d - 1)];
        if (o != no_option) p.add_weight(o, w, std::int64_t{coefficient} * d);
      }
    }
  }
  return p;
}

}  // namespace sudoku
