#include "dlx/problem.hpp"

#include "dlx/counted.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <limits>

namespace dlx {

namespace {

// Node indices in the solver are 32-bit; keep every count well inside that range.
constexpr std::size_t max_entries = std::numeric_limits<std::uint32_t>::max() / 2;

bool valid_name_char(char c) {
  auto u = static_cast<unsigned char>(c);
  return u > ' ' && u != 0x7f && c != '|' && c != ':';
}

void check_name(std::string_view name, const char* what) {
  if (name.empty()) throw problem_error(fmt::format("empty {} name", what));
  for (char c : name) {
    if (!valid_name_char(c)) {
      throw problem_error(
          fmt::format("{} name '{}' contains a space, control character, '|' or ':'", what, name));
    }
  }
}

}  // namespace

problem::problem(std::size_t primary, std::size_t secondary) {
  if (primary + secondary > max_entries) throw problem_error("too many items");
  kinds_.reserve(primary + secondary);
  for (std::size_t i = 0; i < primary; ++i)
    add_item(item_kind::primary);
  for (std::size_t i = 0; i < secondary; ++i)
    add_item(item_kind::secondary);
}

void problem::reserve(std::size_t items, std::size_t options, std::size_t entries) {
  kinds_.reserve(items);
  seen_.reserve(items);
  option_start_.reserve(options + 1);
  option_items_.reserve(entries);
  option_colors_.reserve(entries);
}

item_id problem::add_item(item_kind kind) {
  if (kinds_.size() >= max_entries) throw problem_error("too many items");
  kinds_.push_back(kind);
  seen_.push_back(0);
  if (!bounds_.empty()) bounds_.push_back({});
  if (kind == item_kind::primary) ++primary_count_;
  return static_cast<item_id>(kinds_.size() - 1);
}

item_id problem::add_item(std::string_view name, item_kind kind) {
  check_name(name, "item");
  if (by_name_.find(name) != by_name_.end() || weighted_by_name_.contains(name)) {
    throw problem_error(fmt::format("duplicate item name '{}'", name));
  }
  const item_id id = add_item(kind);
  names_.resize(kinds_.size());
  names_.back() = std::string(name);
  by_name_.emplace(names_.back(), id);
  return id;
}

item_id problem::add_item(item_bounds bounds) {
  return add_item(std::string_view(), bounds);
}

item_id problem::add_item(std::string_view name, item_bounds bounds) {
  if (bounds.upper == 0) throw problem_error("an item's upper bound must be at least 1");
  if (bounds.lower > bounds.upper) {
    throw problem_error(fmt::format("an item's lower bound ({}) exceeds its upper bound ({})",
                                    bounds.lower, bounds.upper));
  }
  if (bounds.upper > max_multiplicity) {
    throw problem_error(fmt::format("an item's upper bound must be at most {}", max_multiplicity));
  }
  const item_id id =
      name.empty() ? add_item(item_kind::primary) : add_item(name, item_kind::primary);
  if (bounds != item_bounds{}) {
    if (bounds_.empty()) bounds_.assign(kinds_.size(), item_bounds{});
    bounds_[id] = bounds;
    ++bounded_items_;
  }
  return id;
}

color_id problem::add_color(std::string_view name) {
  check_name(name, "color");
  if (auto found = find_color(name)) return *found;
  if (color_names_.size() >= max_entries) throw problem_error("too many colors");
  color_names_.emplace_back(name);
  const auto id = static_cast<color_id>(color_names_.size());
  colors_by_name_.emplace(color_names_.back(), id);
  return id;
}

std::optional<color_id> problem::find_color(std::string_view name) const {
  auto it = colors_by_name_.find(name);
  if (it == colors_by_name_.end()) return std::nullopt;
  return it->second;
}

std::string_view problem::color_name(color_id color) const {
  if (color == no_color) return {};
  return color_names_.at(color - 1);
}

option_id problem::add_option(std::span<const item_id> items) {
  check_option(items.size(), [&](std::size_t k) { return option_entry(items[k]); });
  option_items_.insert(option_items_.end(), items.begin(), items.end());
  option_colors_.resize(option_items_.size(), no_color);
  option_start_.push_back(static_cast<std::uint32_t>(option_items_.size()));
  return static_cast<option_id>(option_count() - 1);
}

option_id problem::add_option(std::span<const option_entry> entries) {
  check_option(entries.size(), [&](std::size_t k) { return entries[k]; });
  for (const option_entry& e : entries) {
    option_items_.push_back(e.item);
    option_colors_.push_back(e.color);
    if (e.color != no_color) ++colored_entries_;
  }
  option_start_.push_back(static_cast<std::uint32_t>(option_items_.size()));
  return static_cast<option_id>(option_count() - 1);
}

template <class EntryAt>
void problem::check_option(std::size_t size, EntryAt entry_at) {
  if (size == 0) throw problem_error("empty option");
  if (option_items_.size() + size > max_entries) throw problem_error("too many entries");
  // seen_ holds, per item, the stamp of the last call that used it; no clearing needed.
  const std::uint32_t stamp = ++stamp_;
  for (std::size_t k = 0; k < size; ++k) {
    const option_entry e = entry_at(k);
    const item_id item = e.item;
    if (item >= kinds_.size()) {
      throw problem_error(fmt::format("unknown item {} (the problem has {})", item,
                                      dlx::counted(kinds_.size(), "item")));
    }
    // Only for messages: built when one is thrown, not for every entry.
    const auto what = [&] {
      return name(item).empty() ? fmt::format("item {}", item)
                                : fmt::format("item '{}'", name(item));
    };
    if (seen_[item] == stamp) throw problem_error(what() + " appears twice in one option");
    seen_[item] = stamp;
    if (e.color != no_color) {
      if (kinds_[item] == item_kind::primary) {
        throw problem_error(fmt::format("primary {} cannot have a color", what()));
      }
      if (e.color > color_names_.size()) {
        throw problem_error(fmt::format("unknown color {} (the problem has {})", e.color,
                                        dlx::counted(color_names_.size(), "color")));
      }
    }
  }
}

std::optional<item_id> problem::find_item(std::string_view name) const {
  auto it = by_name_.find(name);
  if (it == by_name_.end()) return std::nullopt;
  return it->second;
}

std::span<const item_id> problem::option(option_id option) const {
  if (option >= option_count()) throw std::out_of_range("dlx::problem::option: no such option");
  return {option_items_.data() + option_start_[option],
          option_items_.data() + option_start_[option + 1]};
}

std::span<const color_id> problem::option_colors(option_id option) const {
  if (option >= option_count()) {
    throw std::out_of_range("dlx::problem::option_colors: no such option");
  }
  return {option_colors_.data() + option_start_[option],
          option_colors_.data() + option_start_[option + 1]};
}

bool problem::has_primary(option_id option) const {
  for (item_id item : this->option(option)) {
    if (kinds_[item] == item_kind::primary) return true;
  }
  return false;
}

void problem::set_cost(option_id option, std::uint64_t cost) {
  if (option >= option_count()) throw std::out_of_range("dlx::problem::set_cost: no such option");
  if (cost > max_cost) throw problem_error("option cost too large (at most 2^48)");
  if (costs_.empty()) {
    if (cost == 0) return;
    costs_.assign(option_count(), 0);
  }
  if (costs_.size() < option_count()) costs_.resize(option_count(), 0);
  costs_[option] = cost;
}

std::uint64_t problem::cost(option_id option) const {
  if (option >= option_count()) throw std::out_of_range("dlx::problem::cost: no such option");
  return option < costs_.size() ? costs_[option] : 0;
}

weighted_id problem::add_weighted_item(weight_bounds bounds) {
  if (bounds.lower > bounds.upper) {
    throw problem_error(
        fmt::format("weighted item bounds {}..{}: lower above upper", bounds.lower, bounds.upper));
  }
  if (bounds.lower < -max_weight || bounds.upper > max_weight) {
    throw problem_error("weighted item bound too large (at most 2^40 in magnitude)");
  }
  if (weighted_.size() >= max_entries) throw problem_error("too many weighted items");
  weighted_.push_back({std::string(), bounds});
  return static_cast<weighted_id>(weighted_.size() - 1);
}

weighted_id problem::add_weighted_item(std::string_view name, weight_bounds bounds) {
  check_name(name, "item");
  if (by_name_.find(name) != by_name_.end() || weighted_by_name_.contains(name)) {
    throw problem_error(fmt::format("duplicate item name '{}'", name));
  }
  const weighted_id id = add_weighted_item(bounds);
  weighted_[id].name = std::string(name);
  weighted_by_name_.emplace(weighted_[id].name, id);
  return id;
}

void problem::add_weight(option_id option, weighted_id item, std::int64_t weight) {
  if (option >= option_count()) throw std::out_of_range("dlx::problem::add_weight: no such option");
  if (item >= weighted_.size()) {
    throw std::out_of_range("dlx::problem::add_weight: no such weighted item");
  }
  if (weight < -max_weight || weight > max_weight) {
    throw problem_error("weight too large (at most 2^40 in magnitude)");
  }
  if (weight_runs_.size() < option_count()) weight_runs_.resize(option_count());
  weight_run& run = weight_runs_[option];
  weight_entry* const first = weight_pool_.data() + run.begin;
  weight_entry* const last = first + run.size;
  weight_entry* const same =
      std::find_if(first, last, [&](const weight_entry& e) { return e.item == item; });
  if (same != last) {
    if (weight != 0) {
      same->weight = weight;
    } else {
      std::copy(same + 1, last, same);
      --run.size;
      --weight_count_;
    }
    return;
  }
  if (weight == 0) return;
  if (weight_count_ >= max_entries) throw problem_error("too many weights");
  if (run.size == run.capacity) {
    // Room for a few at once: an option of a sum's cell often adds to several
    // (a killer's cell to about seven).
    const std::uint32_t capacity = run.capacity == 0 ? 8 : 2 * run.capacity;
    if (weight_pool_.size() + capacity > max_entries) throw problem_error("too many weights");
    const auto begin = static_cast<std::uint32_t>(weight_pool_.size());
    weight_pool_.resize(weight_pool_.size() + capacity);
    std::copy_n(weight_pool_.begin() + run.begin, run.size, weight_pool_.begin() + begin);
    run.begin = begin;
    run.capacity = capacity;
  }
  weight_pool_[run.begin + run.size++] = {option, item, weight};
  ++weight_count_;
}

std::optional<weighted_id> problem::find_weighted(std::string_view name) const {
  auto it = weighted_by_name_.find(name);
  if (it == weighted_by_name_.end()) return std::nullopt;
  return it->second;
}

std::vector<weight_entry> problem::weights() const {
  std::vector<weight_entry> out;
  out.reserve(weight_count_);
  for (const weight_run& run : weight_runs_)
    out.insert(out.end(), weight_pool_.begin() + run.begin,
               weight_pool_.begin() + run.begin + run.size);
  return out;
}

std::span<const weight_entry> problem::weights(option_id option) const {
  if (option >= option_count()) throw std::out_of_range("dlx::problem::weights: no such option");
  if (option >= weight_runs_.size()) return {};
  const weight_run& run = weight_runs_[option];
  return std::span<const weight_entry>(weight_pool_).subspan(run.begin, run.size);
}

}  // namespace dlx
