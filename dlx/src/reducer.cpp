#include "dlx/reducer.hpp"

#include <algorithm>

namespace dlx {

reducer::reducer(const dlx::problem& p) : problem_(&p) {
  const std::size_t n = p.item_count();
  std::vector<std::uint32_t> length(n + 1, 0);
  for (option_id o = 0; o < p.option_count(); ++o) {
    for (item_id i : p.option(o))
      ++length[i];
  }
  item_options_start_.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i)
    item_options_start_[i + 1] = item_options_start_[i] + length[i];
  item_options_.resize(item_options_start_[n]);
  std::vector<std::uint32_t> fill(item_options_start_.begin(), item_options_start_.end() - 1);
  for (option_id o = 0; o < p.option_count(); ++o) {
    for (item_id i : p.option(o))
      item_options_[fill[i]++] = o;
  }
  mark_.assign(n, 0);
  reset();
}

void reducer::reset() {
  const dlx::problem& p = *problem_;
  // Like the engines, an option without a primary item can never be chosen.
  active_.assign(p.option_count(), 0);
  active_count_ = 0;
  for (option_id o = 0; o < p.option_count(); ++o) {
    if (p.has_primary(o)) active_[o] = 1, ++active_count_;
  }
  covered_.assign(p.item_count(), 0);
  count_.assign(p.item_count(), 0);
  for (option_id o = 0; o < p.option_count(); ++o) {
    if (!active_[o]) continue;
    for (item_id i : p.option(o))
      ++count_[i];
  }
  chosen_.clear();
  uncovered_primary_ = p.primary_count();
}

std::vector<option_id> reducer::active_options(item_id item) const {
  std::vector<option_id> out;
  for (std::uint32_t k = item_options_start_[item]; k < item_options_start_[item + 1]; ++k) {
    if (active_[item_options_[k]]) out.push_back(item_options_[k]);
  }
  return out;
}

void reducer::drop(option_id option) {
  active_[option] = 0;
  --active_count_;
  for (item_id i : problem_->option(option))
    --count_[i];
}

bool reducer::choose(option_id option) {
  if (option >= active_.size() || !active_[option]) return false;
  const auto items = problem_->option(option);
  for (item_id i : items) {
    for (std::uint32_t k = item_options_start_[i]; k < item_options_start_[i + 1]; ++k) {
      if (active_[item_options_[k]]) drop(item_options_[k]);
    }
  }
  for (item_id i : items) {
    covered_[i] = 1;
    if (problem_->kind(i) == item_kind::primary) --uncovered_primary_;
  }
  chosen_.push_back(option);
  return true;
}

void reducer::rule_out(std::span<const option_id> options) {
  for (option_id o : options) {
    if (o < active_.size() && active_[o]) drop(o);
  }
}

std::optional<item_id> reducer::dead_item(std::span<const item_id> among) const {
  for (item_id i : among) {
    if (!covered_[i] && problem_->kind(i) == item_kind::primary && count_[i] == 0) return i;
  }
  return std::nullopt;
}

std::optional<item_id> reducer::forced_item(std::span<const item_id> among) const {
  for (item_id i : among) {
    if (!covered_[i] && problem_->kind(i) == item_kind::primary && count_[i] == 1) return i;
  }
  return std::nullopt;
}

std::optional<subset_deduction> reducer::find_subset(std::size_t k,
                                                     std::span<const item_id> x_group,
                                                     std::span<const item_id> y_group) const {
  const dlx::problem& p = *problem_;
  // Candidates for X: open primary items with at least one option (a dead item
  // is another deduction's business).
  std::vector<item_id> xs;
  for (item_id i : x_group) {
    if (!covered_[i] && p.kind(i) == item_kind::primary && count_[i] >= 1) xs.push_back(i);
  }
  if (k == 0 || xs.size() < k) return std::nullopt;
  // mark_: 1 for the items of y_group, 2 for the current X (reset before return).
  for (item_id i : y_group)
    mark_[i] |= 1;
  std::vector<std::size_t> pick(k);
  for (std::size_t j = 0; j < k; ++j)
    pick[j] = j;
  std::optional<subset_deduction> found;
  std::vector<item_id> y;
  for (;;) {
    for (std::size_t j : pick)
      mark_[xs[j]] |= 2;
    // Every active option of X covers one X item only and at least one Y item;
    // Y is the set of y_group items they cover.
    bool fits = true;
    y.clear();
    for (std::size_t j = 0; j < k && fits; ++j) {
      const item_id x = xs[pick[j]];
      for (std::uint32_t e = item_options_start_[x]; e < item_options_start_[x + 1] && fits; ++e) {
        const option_id o = item_options_[e];
        if (!active_[o]) continue;
        std::size_t x_items = 0, y_items = 0;
        for (item_id i : p.option(o)) {
          x_items += (mark_[i] & 2) != 0;
          if (mark_[i] == 1 && !covered_[i]) {  // in y_group, not in X
            ++y_items;
            if (std::find(y.begin(), y.end(), i) == y.end()) y.push_back(i);
          }
        }
        fits = x_items == 1 && y_items >= 1 && y.size() <= k;
      }
    }
    if (fits && y.size() == k) {
      // Rule out what covers Y without covering X.
      std::vector<option_id> out;
      for (item_id yi : y) {
        for (std::uint32_t e = item_options_start_[yi]; e < item_options_start_[yi + 1]; ++e) {
          const option_id o = item_options_[e];
          if (!active_[o] || std::find(out.begin(), out.end(), o) != out.end()) continue;
          bool touches_x = false;
          for (item_id i : p.option(o))
            touches_x |= (mark_[i] & 2) != 0;
          if (!touches_x) out.push_back(o);
        }
      }
      if (!out.empty()) {
        std::sort(out.begin(), out.end());
        subset_deduction d;
        for (std::size_t j : pick)
          d.x.push_back(xs[j]);
        d.y = y;
        d.ruled_out = std::move(out);
        found = std::move(d);
      }
    }
    for (std::size_t j : pick)
      mark_[xs[j]] &= 1;
    if (found) break;
    // Next k-combination of xs in lexicographic order.
    std::size_t j = k;
    while (j > 0 && pick[j - 1] == xs.size() - k + (j - 1))
      --j;
    if (j == 0) break;
    ++pick[j - 1];
    for (std::size_t t = j; t < k; ++t)
      pick[t] = pick[t - 1] + 1;
  }
  for (item_id i : y_group)
    mark_[i] = 0;
  return found;
}

}  // namespace dlx
