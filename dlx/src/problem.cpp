#include "dlx/problem.hpp"

#include <fmt/format.h>

#include <limits>

namespace dlx {

namespace {

// Node indices in the solver are 32-bit; keep every count well inside that range.
constexpr std::size_t max_entries = std::numeric_limits<std::uint32_t>::max() / 2;

bool valid_name_char(char c) {
  auto u = static_cast<unsigned char>(c);
  return u > ' ' && u != 0x7f && c != '|' && c != ':';
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

item_id problem::add_item(item_kind kind) {
  if (kinds_.size() >= max_entries) throw problem_error("too many items");
  kinds_.push_back(kind);
  names_.emplace_back();
  seen_.push_back(0);
  if (kind == item_kind::primary) ++primary_count_;
  return static_cast<item_id>(kinds_.size() - 1);
}

item_id problem::add_item(std::string_view name, item_kind kind) {
  if (name.empty()) throw problem_error("empty item name");
  for (char c : name) {
    if (!valid_name_char(c)) {
      throw problem_error(
          fmt::format("item name '{}' contains a space, control character, "
                      "'|' or ':'",
                      name));
    }
  }
  if (by_name_.find(name) != by_name_.end()) {
    throw problem_error(fmt::format("duplicate item name '{}'", name));
  }
  item_id id = add_item(kind);
  names_.back() = std::string(name);
  by_name_.emplace(names_.back(), id);
  return id;
}

option_id problem::add_option(std::span<const item_id> items) {
  if (items.empty()) throw problem_error("empty option");
  if (option_items_.size() + items.size() > max_entries) throw problem_error("too many entries");
  // seen_ holds, per item, the stamp of the last call that used it; no clearing needed.
  const std::uint32_t stamp = ++stamp_;
  for (item_id item : items) {
    if (item >= kinds_.size()) {
      throw problem_error(
          fmt::format("unknown item {} (the problem has {} items)", item, kinds_.size()));
    }
    if (seen_[item] == stamp) {
      throw problem_error(names_[item].empty()
                              ? fmt::format("item {} appears twice in one option", item)
                              : fmt::format("item '{}' appears twice in one option", names_[item]));
    }
    seen_[item] = stamp;
  }
  option_items_.insert(option_items_.end(), items.begin(), items.end());
  option_start_.push_back(static_cast<std::uint32_t>(option_items_.size()));
  return static_cast<option_id>(option_count() - 1);
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

bool problem::has_primary(option_id option) const {
  for (item_id item : this->option(option)) {
    if (kinds_[item] == item_kind::primary) return true;
  }
  return false;
}

}  // namespace dlx
