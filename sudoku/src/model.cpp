#include "sudoku/model.hpp"

#include "clue_model.hpp"
#include "leftover_sums.hpp"

#include <fmt/core.h>
#include <dlx/rule.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <bit>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sudoku {

namespace {

char index_char(std::size_t i) {
  return static_cast<char>(i < 10 ? '0' + i : 'a' + i - 10);
}

// The clues' rules as the search's (dlx/rule.hpp): each cell's candidates
// read from the options still active and those taken, narrowed by the
// rules, the digits they remove named as options.
class rules_on_candidates final : public dlx::rule {
 public:
  rules_on_candidates(std::vector<std::shared_ptr<const detail::candidate_rule>> rules,
                      std::vector<dlx::option_id> option_of, std::vector<std::uint32_t> cell_of,
                      std::vector<std::uint8_t> digit_of, std::size_t positions, int digits)
      : rules_(std::move(rules)),
        option_of_(std::move(option_of)),
        cell_of_(std::move(cell_of)),
        digit_of_(std::move(digit_of)),
        positions_(positions),
        n_(static_cast<std::size_t>(digits)) {}

  bool propagate(const dlx::search_state& s, std::vector<dlx::option_id>& removed) const override {
    thread_local std::vector<std::uint64_t> candidates, before;
    candidates.assign(positions_, 0);
    for (std::size_t p = 0; p < positions_; ++p) {
      for (std::size_t d = 1; d <= n_; ++d) {
        const dlx::option_id o = option_of_[p * n_ + d - 1];
        if (o != model::no_option && s.active(o)) candidates[p] |= std::uint64_t{1} << d;
      }
    }
    const auto taken = [&](std::span<const dlx::option_id> options) {
      for (dlx::option_id o : options) {
        if (o < cell_of_.size()) candidates[cell_of_[o]] |= std::uint64_t{1} << digit_of_[o];
      }
    };
    taken(s.preselected());
    taken(s.chosen());
    before = candidates;
    for (const auto& r : rules_) {
      if (!r->narrow(candidates)) return false;
    }
    for (std::size_t p = 0; p < positions_; ++p) {
      std::uint64_t gone = before[p] & ~candidates[p];
      for (; gone != 0; gone &= gone - 1) {
        const auto d = static_cast<std::size_t>(std::countr_zero(gone));
        const dlx::option_id o = option_of_[p * n_ + d - 1];
        if (!s.active(o)) return false;  // a digit taken already
        removed.push_back(o);
      }
    }
    return true;
  }

 private:
  std::vector<std::shared_ptr<const detail::candidate_rule>> rules_;
  std::vector<dlx::option_id> option_of_;
  std::vector<std::uint32_t> cell_of_;
  std::vector<std::uint8_t> digit_of_;
  std::size_t positions_;
  std::size_t n_;
};

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
  const auto all = v.all_cells();
  order.insert(order.end(), all.begin() + static_cast<std::ptrdiff_t>(cells.size()), all.end());
  return order;
}

}  // namespace

model::model(sudoku::variant v, weights w)
    : variant_(std::move(v)), n_(variant_.digits()), weights_(w) {
  const auto cells = variant_.all_cells();
  cell_items_ = cells.size();
  const auto n = static_cast<std::size_t>(n_);
  sums_ = detail::sum_constraints(variant_, implied_unit_, nullptr);
  detail::clue_sums(variant_, clue_sums_);
  // Implied sums follow from cages, the clues' cages with totals and sums.
  implies_sums_ = !clue_sums_.empty() || !variant_.cages().empty() ||
                  std::any_of(variant_.clues().begin(), variant_.clues().end(), [](const clue& c) {
                    return c.kind == clue_kind::cage && !c.values.empty();
                  });
  item_count_ = static_cast<int>(cell_items_ + (variant_.units().size() + sums_.size()) * n);
  // A unit of fewer cells than digits (variant::board) holds each digit once
  // at most: its items are secondary.
  const auto partial = std::count_if(variant_.units().begin(), variant_.units().end(),
                                     [n](const unit& u) { return u.cells.size() < n; });
  primary_count_ = item_count_ - static_cast<int>(static_cast<std::size_t>(partial) * n);
  sums_of_cell_.resize(variant_.all_positions());
  for (std::uint32_t k = 0; k < sums_.size(); ++k) {
    for (std::uint32_t p : sums_[k].cells)
      sums_of_cell_[p].push_back(k);
  }
  cell_item_.assign(variant_.all_positions(), 0);
  for (std::size_t i = 0; i < cells.size(); ++i)
    cell_item_[cells[i]] = static_cast<dlx::item_id>(i);
  order_ = option_order(variant_);
  option_of_.assign(variant_.all_positions() * n, no_option);
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
  for (std::size_t k = 0; k < lowered->groups.size(); ++k) {
    const auto& g = lowered->groups[k];
    item_count_ += n_;
    primary_count_ += g.sets.empty() ? 0 : n_;
    // A family's sets are options once, with its first group (build()).
    if (g.family != detail::digit_group::no_family && g.family != k) continue;
    option_count_ +=
        static_cast<int>(std::count_if(g.sets.begin(), g.sets.end(), [&](std::uint64_t set) {
          return set != variant_.all_digits();
        }));
  }
  item_count_ += 2 * n_ * static_cast<int>(lowered->relations.size());
  std::vector<char> valued(variant_.all_positions(), 0);
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
  item_count_ += static_cast<int>(lowered->shared_marks);
  primary_count_ += static_cast<int>(lowered->shared_marks);
  own(lowered->shared_marks, std::span(&lowered->shared_marks_clue, 1));
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

dlx::problem model::build(naming names, cage_choices choices, implied sums) const {
  const auto n = static_cast<std::size_t>(n_);
  const auto columns = static_cast<std::size_t>(variant_.columns());
  dlx::problem p;
  // Room for every item and option, and for the entries of the cells' options
  // and the cages' combinations (each a cell's item and its units' and cages'
  // digits; each at most n digits and a choice), the clues' aside.
  {
    std::size_t entries = 0;
    for (std::uint32_t cell : order_) {
      entries += static_cast<std::size_t>(std::popcount(variant_.candidates(cell))) *
                 (1 + variant_.constraints_of(cell).size() + sums_of_cell_[cell].size());
    }
    entries += (static_cast<std::size_t>(option_count_) - cell_of_.size()) * (n + 1);
    p.reserve(static_cast<std::size_t>(item_count_) + sums_.size(),
              static_cast<std::size_t>(option_count_), entries);
  }
  // An item, named (the name made only when asked for) or not.
  const auto add_item = [&](auto&& name, dlx::item_kind kind = dlx::item_kind::primary) {
    return names == naming::knuth ? p.add_item(name(), kind) : p.add_item(kind);
  };
  // Items in Knuth's order: p (cell), then each unit's digits: r (row), c
  // (column), b (box), ... The order matters: the search breaks ties towards
  // the leftmost item.
  for (std::uint32_t cell : variant_.all_cells()) {
    add_item([&] {
      if (variant_.is_variable(cell)) return variant_.cell_name(cell);
      return std::string{'p', index_char(cell / columns), index_char(cell % columns)};
    });
  }
  static constexpr char letters[] = {'r', 'c', 'b', 'g', 'x', 'w', 'j', 'k'};
  for (const unit& u : variant_.units()) {
    std::string name(1, letters[static_cast<std::size_t>(u.kind)]);
    if (u.part >= 0) name += index_char(static_cast<std::size_t>(u.part));
    name += index_char(static_cast<std::size_t>(u.index));
    const auto kind = u.cells.size() < n ? dlx::item_kind::secondary : dlx::item_kind::primary;
    for (std::size_t d = 1; d <= n; ++d)
      add_item([&] { return name + digit_char(static_cast<int>(d)); }, kind);
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
  std::vector<std::vector<dlx::item_id>> clue_items_of(variant_.all_positions() * n);
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
  std::vector<dlx::item_id> value_item(variant_.all_positions(), 0);
  std::vector<char> valued(variant_.all_positions(), 0);
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
  // The marks chains share (clue_model.hpp).
  std::vector<dlx::item_id> shared_marks;
  for (std::uint32_t m = 0; m < lowered.shared_marks; ++m)
    shared_marks.push_back(add_item([&] { return fmt::format("n{}", m); }));
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
      const bool first = group.family == detail::digit_group::no_family || group.family == g;
      if (!group.sets.empty() && group.cells.size() < n && first)
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
  // Groups with digit sets: the digits a set leaves out, as for cages; a
  // family's groups (numbered from its first: clue_model.hpp) all at once.
  for (std::size_t g = 0; g < lowered.groups.size(); ++g) {
    const std::uint32_t family = lowered.groups[g].family;
    if (family != detail::digit_group::no_family && family != g) continue;
    for (std::uint64_t set : lowered.groups[g].sets) {
      items.clear();
      for (std::size_t m = g; m < lowered.groups.size(); ++m) {
        if (m != g &&
            (family == detail::digit_group::no_family || lowered.groups[m].family != family))
          continue;
        for (int d = 1; d <= n_; ++d) {
          if ((set >> d & 1) == 0)
            items.push_back(group_first[m] + static_cast<dlx::item_id>(d - 1));
        }
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
        for (std::uint32_t m : extra->shared)
          entries.emplace_back(shared_marks[m]);
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
  // The clues' rules (clue_model.hpp), judged on the cells' candidates.
  if (!lowered.rules.empty()) {
    p.add_rule(std::make_shared<rules_on_candidates>(lowered.rules, option_of_, cell_of_, digit_of_,
                                                     variant_.all_positions(), n_));
  }
  // Linear sums as weighted items: each cell option adds its digit times the
  // cell's coefficient. Only the bitset engine keeps them: a model too large
  // for it (a long chain) goes without. The clues' own sums always: most only
  // help the search beside their chains, but a pill arrow of digits up to 9
  // is stated by its weighted item alone (clue_model.cpp), so leaving it out
  // admits wrong solutions. The sums they and the cages imply only when asked.
  if (weights_ == weights::none || !dlx::bitset_engine_fits(p)) return p;
  std::vector<linear_sum> linear = clue_sums_;
  if (sums == implied::stated && implies_sums_) {
    std::vector<std::uint32_t> implied_units;  // the implied cages' again: sums_ has them
    (void)detail::sum_constraints(variant_, implied_units, &linear);
  }
  for (std::size_t k = 0; k < linear.size(); ++k) {
    const linear_sum& sum = linear[k];
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

bool model::has_rules() const noexcept {
  return clues_ && !clues_->rules.empty();
}

}  // namespace sudoku
