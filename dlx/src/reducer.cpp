#include "dlx/reducer.hpp"

#include <algorithm>
#include <stdexcept>

namespace dlx {

reducer::reducer(const dlx::problem& p) : problem_(&p) {
  if (p.has_multiplicities()) {
    throw std::invalid_argument("dlx::reducer: items with multiplicities are not supported");
  }
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
  item_option_colors_.resize(item_options_start_[n]);
  std::vector<std::uint32_t> fill(item_options_start_.begin(), item_options_start_.end() - 1);
  for (option_id o = 0; o < p.option_count(); ++o) {
    const auto items = p.option(o);
    const auto colors = p.option_colors(o);
    for (std::size_t k = 0; k < items.size(); ++k) {
      item_option_colors_[fill[items[k]]] = colors[k];
      item_options_[fill[items[k]]++] = o;
    }
  }
  mark_.assign(n, 0);
  seen_.assign(n, 0);
  option_stamp_.assign(p.option_count(), 0);
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

color_id reducer::color_of(option_id option, item_id item) const {
  const auto items = problem_->option(option);
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (items[k] == item) return problem_->option_colors(option)[k];
  }
  return no_color;
}

bool reducer::choose(option_id option) {
  if (option >= active_.size() || !active_[option]) return false;
  const auto items = problem_->option(option);
  const auto colors = problem_->option_colors(option);
  // The option itself stays active until its items are covered: it gives
  // each colored item its own color.
  for (std::size_t j = 0; j < items.size(); ++j) {
    const item_id i = items[j];
    for (std::uint32_t k = item_options_start_[i]; k < item_options_start_[i + 1]; ++k) {
      const option_id other = item_options_[k];
      if (!active_[other] || other == option) continue;
      if (colors[j] == no_color || item_option_colors_[k] != colors[j]) drop(other);
    }
  }
  drop(option);
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

std::optional<implication> reducer::find_implication(std::span<const item_id> a_group,
                                                     std::span<const item_id> b_group) const {
  const dlx::problem& p = *problem_;
  for (item_id i : b_group)
    mark_[i] = 1;
  std::optional<implication> result;
  for (item_id a : a_group) {
    if (result) break;
    if (covered_[a] || p.kind(a) != item_kind::primary || count_[a] == 0) continue;
    const std::uint32_t begin = item_options_start_[a], end = item_options_start_[a + 1];
    std::uint32_t at = begin;
    while (!active_[item_options_[at]])
      ++at;
    // The candidates for B, in the order A's first option names them; A has
    // one option per count. Most items A have none, and need no more work.
    candidates_.clear();
    for (item_id i : p.option(item_options_[at])) {
      if (i != a && mark_[i] && !covered_[i] && count_[i] > count_[a]) {
        seen_[i] = static_cast<std::uint32_t>(candidates_.size()) + 1;
        candidates_.push_back(i);
      }
    }
    if (candidates_.empty()) continue;
    // B must be in every option of A: go through A's options, keeping the
    // candidates each names (and the color it gives them), and stop as soon
    // as none is left. `alive_[c]` is the number of options that named c.
    const std::size_t n = count_[a], m = candidates_.size();
    alive_.assign(m, 0);
    given_colors_.resize(m * n);
    std::size_t left = m, j = 0;
    for (std::uint32_t e = at; e < end && left != 0; ++e) {
      const option_id o = item_options_[e];
      if (!active_[o]) continue;
      const auto items = p.option(o);
      const auto colors = p.option_colors(o);
      for (std::size_t k = 0; k < items.size(); ++k) {
        const std::uint32_t c = seen_[items[k]];
        if (c != 0 && alive_[c - 1] == j) {
          alive_[c - 1] = static_cast<std::uint32_t>(j + 1);
          given_colors_[(c - 1) * n + j] = colors[k];
        }
      }
      ++j;
      left = 0;
      for (std::size_t c = 0; c < m; ++c)
        left += alive_[c] == j;
    }
    for (item_id i : candidates_)
      seen_[i] = 0;
    if (left == 0) continue;
    // A's options, to tell B's options that name A without a search.
    if (++stamp_ == 0) {  // wrapped: no stale mark may match
      std::fill(option_stamp_.begin(), option_stamp_.end(), 0);
      stamp_ = 1;
    }
    for (std::uint32_t e = at; e < end; ++e)
      option_stamp_[item_options_[e]] = stamp_;
    for (std::size_t c = 0; c < m; ++c) {
      if (alive_[c] != n) continue;
      const item_id b = candidates_[c];
      // The colors A's options give B (no_color for one naming it plainly).
      const auto colors = std::span<color_id>(given_colors_).subspan(c * n, n);
      std::sort(colors.begin(), colors.end());
      implication found{a, b, {}};
      for (std::uint32_t e = item_options_start_[b]; e < item_options_start_[b + 1]; ++e) {
        const option_id x = item_options_[e];
        if (!active_[x] || option_stamp_[x] == stamp_) continue;
        // X survives only beside an option of A that gives B the same color.
        const color_id color = item_option_colors_[e];
        if (color == no_color || !std::binary_search(colors.begin(), colors.end(), color)) {
          found.ruled_out.push_back(x);
        }
      }
      if (!found.ruled_out.empty()) {
        result = std::move(found);
        break;
      }
    }
  }
  for (item_id i : b_group)
    mark_[i] = 0;
  return result;
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
