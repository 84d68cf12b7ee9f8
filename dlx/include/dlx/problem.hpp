// An exact-cover problem: items and options, nothing about how it is solved.
//
// Items are either primary (must be covered exactly once) or secondary (may be
// covered at most once), as in Knuth's DLX1. An option is a set of distinct items.
// A problem is a plain value: build it once, then hand it to any number of
// `dlx::solver`s (one per thread).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dlx {

/// Index of an item, in the order items were added (0-based).
using item_id = std::uint32_t;
/// Index of an option, in the order options were added (0-based).
using option_id = std::uint32_t;

enum class item_kind : std::uint8_t {
  primary,    ///< must be covered exactly once
  secondary,  ///< may be covered at most once
};

/// Thrown when a problem is given data that cannot be an exact-cover problem:
/// an unknown item, an item repeated in one option, a duplicate or malformed name.
class problem_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// An exact-cover problem under construction or complete.
///
///   dlx::problem p;
///   auto a = p.add_item("a"), b = p.add_item("b"), c = p.add_item("c");
///   p.add_option({a, b});  p.add_option({c});  p.add_option({a, c});
class problem {
 public:
  problem() = default;

  /// A problem with `primary` unnamed primary items (ids 0..primary-1) followed by
  /// `secondary` unnamed secondary items.
  explicit problem(std::size_t primary, std::size_t secondary = 0);

  /// Adds an unnamed item.
  item_id add_item(item_kind kind = item_kind::primary);

  /// Adds a named item. A name is any non-empty run of printable characters other
  /// than space, `|` and `:` (so that it can be written in Knuth's format).
  /// Throws problem_error on a malformed or duplicate name.
  item_id add_item(std::string_view name, item_kind kind = item_kind::primary);

  /// Adds an option covering `items`. Throws problem_error when the option is empty,
  /// names an unknown item, or repeats an item. An option with only secondary items
  /// is kept but can never be chosen by a search (Knuth's DLX1 ignores it too).
  option_id add_option(std::span<const item_id> items);
  option_id add_option(std::initializer_list<item_id> items) {
    return add_option(std::span<const item_id>(items.begin(), items.size()));
  }

  /// The item with this name, if any.
  [[nodiscard]] std::optional<item_id> find_item(std::string_view name) const;

  [[nodiscard]] std::size_t item_count() const noexcept { return kinds_.size(); }
  [[nodiscard]] std::size_t primary_count() const noexcept { return primary_count_; }
  [[nodiscard]] std::size_t secondary_count() const noexcept {
    return kinds_.size() - primary_count_;
  }
  [[nodiscard]] std::size_t option_count() const noexcept { return option_start_.size() - 1; }
  /// Total number of (option, item) incidences: the non-zero entries of the matrix.
  [[nodiscard]] std::size_t entry_count() const noexcept { return option_items_.size(); }

  [[nodiscard]] item_kind kind(item_id item) const { return kinds_.at(item); }
  /// The item's name; empty for an unnamed item.
  [[nodiscard]] std::string_view name(item_id item) const { return names_.at(item); }
  /// The items of an option, in the order they were given.
  [[nodiscard]] std::span<const item_id> option(option_id option) const;
  /// True when the option has at least one primary item.
  [[nodiscard]] bool has_primary(option_id option) const;

 private:
  struct name_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };

  std::vector<item_kind> kinds_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, item_id, name_hash, std::equal_to<>> by_name_;
  std::size_t primary_count_ = 0;
  std::vector<item_id> option_items_;
  std::vector<std::uint32_t> option_start_{0};
  std::vector<std::uint32_t> seen_;  // scratch for add_option's repeat check
  std::uint32_t stamp_ = 0;
};

}  // namespace dlx
