// An exact-cover problem: items and options, nothing about how it is solved.
//
// Items are either primary (must be covered exactly once) or secondary (may be
// covered at most once), as in Knuth's DLX1. An option is a set of distinct items.
// Knuth's two generalisations are part of the model too:
// - colors (XCC, his DLX2): an option may give a secondary item a color; options
//   that give it the same color may be chosen together, and an option that names
//   it without a color claims it alone;
// - multiplicities (MCC, his DLX3): a primary item may carry bounds [u, v], and a
//   solution then covers it at least u and at most v times (each option is still
//   used at most once). A plain primary item is [1, 1].
// A problem is a plain value: build it once, then hand it to any number of
// `dlx::solver`s (one per thread).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dlx {

class rule;  // dlx/rule.hpp

/// Index of an item, in the order items were added (0-based).
using item_id = std::uint32_t;
/// Index of an option, in the order options were added (0-based).
using option_id = std::uint32_t;

/// Index of a color, as numbered by problem::add_color (1-based; 0 is no_color).
using color_id = std::uint32_t;
/// The color of an entry that names its item without a color.
inline constexpr color_id no_color = 0;

enum class item_kind : std::uint8_t {
  primary,    ///< must be covered exactly once (or between its bounds)
  secondary,  ///< may be covered at most once, or by any options that agree on its color
};

/// How often a primary item must be covered: at least `lower`, at most `upper`
/// times (0 <= lower <= upper, upper >= 1). The default is exact cover's [1, 1].
struct item_bounds {
  std::uint32_t lower = 1;
  std::uint32_t upper = 1;
  friend bool operator==(const item_bounds&, const item_bounds&) = default;
};

/// Index of a weighted item, in the order weighted items were added (0-based).
using weighted_id = std::uint32_t;
/// The bounds of a weighted item's total: lower <= total <= upper.
struct weight_bounds {
  std::int64_t lower = 0;
  std::int64_t upper = 0;
  friend bool operator==(const weight_bounds&, const weight_bounds&) = default;
};

/// An option's weight on a weighted item.
struct weight_entry {
  option_id option;
  weighted_id item;
  std::int64_t weight;
  friend bool operator==(const weight_entry&, const weight_entry&) = default;
};

/// One entry of an option: an item and, for a secondary item only, a color.
///
///   auto red = p.add_color("red");
///   p.add_option({{a}, {x, red}});   // covers a, gives x the color red
struct option_entry {
  option_entry(item_id i, color_id c = no_color) noexcept  // NOLINT: an item is an entry
      : item(i), color(c) {}
  item_id item;
  color_id color = no_color;
};

/// Thrown when a problem is given data that cannot be an exact-cover problem:
/// an unknown item, an item repeated in one option, a duplicate or malformed name,
/// a color on a primary item, bounds with lower > upper or upper = 0.
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
  /// The largest upper bound an item may have.
  static constexpr std::uint32_t max_multiplicity = 1u << 30;

  problem() = default;

  /// A problem with `primary` unnamed primary items (ids 0..primary-1) followed by
  /// `secondary` unnamed secondary items.
  explicit problem(std::size_t primary, std::size_t secondary = 0);

  /// Room for this many items, options and entries in all, so that adding
  /// them moves nothing (a model that knows its size built per puzzle).
  void reserve(std::size_t items, std::size_t options, std::size_t entries);

  /// Adds an unnamed item.
  item_id add_item(item_kind kind = item_kind::primary);

  /// Adds a named item. A name is any non-empty run of printable characters other
  /// than space, `|` and `:` (so that it can be written in Knuth's format).
  /// Throws problem_error on a malformed or duplicate name.
  item_id add_item(std::string_view name, item_kind kind = item_kind::primary);

  /// Adds a primary item with multiplicity bounds (unnamed, or named as above).
  /// Throws problem_error unless 0 <= lower <= upper and upper >= 1.
  ///
  ///   p.add_item("row0", dlx::item_bounds{2, 2});   // exactly two options cover row0
  item_id add_item(item_bounds bounds);
  item_id add_item(std::string_view name, item_bounds bounds);

  /// The color with this name, added if it is new. A color name follows the rules
  /// of item names. Colors are shared by all items: "x:red" and "y:red" are the
  /// same color on different items.
  color_id add_color(std::string_view name);
  /// The color with this name, if any.
  [[nodiscard]] std::optional<color_id> find_color(std::string_view name) const;
  /// The name of a color (1..color_count()); empty for no_color.
  [[nodiscard]] std::string_view color_name(color_id color) const;
  [[nodiscard]] std::size_t color_count() const noexcept { return color_names_.size(); }

  /// Adds an option covering `items`. Throws problem_error when the option is empty,
  /// names an unknown item, or repeats an item. An option with only secondary items
  /// is kept but can never be chosen by a search (Knuth's DLX1 ignores it too).
  option_id add_option(std::span<const item_id> items);
  option_id add_option(std::initializer_list<item_id> items) {
    return add_option(std::span<const item_id>(items.begin(), items.size()));
  }
  /// Adds an option whose entries may give secondary items a color. Throws
  /// problem_error as above, and also for a color on a primary item or a color
  /// that add_color did not return.
  option_id add_option(std::span<const option_entry> entries);
  // A template only so that `add_option({})` picks the overload above.
  template <class = void>
  option_id add_option(std::initializer_list<option_entry> entries) {
    return add_option(std::span<const option_entry>(entries.begin(), entries.size()));
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
  /// The bounds of an item: [1, 1] for a plain primary item, and for every
  /// secondary item (which is covered at most once or shares its color).
  [[nodiscard]] item_bounds bounds(item_id item) const {
    if (item >= kinds_.size()) throw std::out_of_range("dlx::problem::bounds: no such item");
    return bounds_.empty() ? item_bounds{} : bounds_[item];
  }
  /// The item's name; empty for an unnamed item.
  [[nodiscard]] std::string_view name(item_id item) const {
    if (item >= kinds_.size()) throw std::out_of_range("dlx::problem::name: no such item");
    return item < names_.size() ? std::string_view(names_[item]) : std::string_view();
  }
  /// The items of an option, in the order they were given.
  [[nodiscard]] std::span<const item_id> option(option_id option) const;
  /// The colors of an option's entries, parallel to option(): no_color where an
  /// entry has none.
  [[nodiscard]] std::span<const color_id> option_colors(option_id option) const;

  /// True when some option gives an item a color (an XCC problem).
  [[nodiscard]] bool has_colors() const noexcept { return colored_entries_ > 0; }
  /// True when some primary item has bounds other than [1, 1] (an MCC problem).
  [[nodiscard]] bool has_multiplicities() const noexcept { return bounded_items_ > 0; }
  /// True when the option has at least one primary item.
  [[nodiscard]] bool has_primary(option_id option) const;

  // ---- Costs (Knuth's DLX5): a nonnegative cost per option, 0 unless set. The
  // searches ignore them; the minimum-cost queries of `dlx::zdd` use them.

  /// The largest cost an option may have (so that sums of many costs fit in 64 bits).
  static constexpr std::uint64_t max_cost = std::uint64_t{1} << 48;
  /// Sets an option's cost. Throws problem_error above max_cost, std::out_of_range
  /// for an unknown option.
  ///
  ///   p.set_cost(p.add_option({a, b}), 7);   // DLX5 writes it "a b |7"
  void set_cost(option_id option, std::uint64_t cost);
  [[nodiscard]] std::uint64_t cost(option_id option) const;
  /// True when some option has a nonzero cost.
  [[nodiscard]] bool has_costs() const noexcept { return !costs_.empty(); }

  // ---- Weighted items (sums). A weighted item has bounds [lower, upper] on a
  // total: options add integer weights to it, and in a solution the weights of
  // the chosen options must total within the bounds. They state sums (a killer
  // cage, an arrow, a budget) so that a search can reason about them: the bitset
  // engine bounds each total by the weights still reachable at every node and,
  // with propagation, removes the options that would overshoot or fall short.
  // Only the bitset engine searches problems with weighted items, without
  // multiplicities; a weighted item is neither primary nor secondary.

  /// The largest weight or bound magnitude (so that totals fit in 64 bits).
  static constexpr std::int64_t max_weight = std::int64_t{1} << 40;
  /// Adds a weighted item with these bounds on its total (named as an item is;
  /// the names of items and weighted items are one namespace). Throws
  /// problem_error on a malformed or duplicate name, lower > upper, or a bound
  /// beyond max_weight.
  ///
  ///   auto cage = p.add_weighted_item("cage", {15, 15});
  ///   p.add_weight(p.add_option({cell, digit}), cage, 7);   // "cell digit cage:7"
  weighted_id add_weighted_item(std::string_view name, weight_bounds bounds);
  weighted_id add_weighted_item(weight_bounds bounds);
  /// Option `option` adds `weight` to weighted item `item` (a second call for
  /// the same pair replaces the first; 0 removes it). Throws std::out_of_range
  /// for an unknown option or item, problem_error beyond max_weight.
  void add_weight(option_id option, weighted_id item, std::int64_t weight);
  [[nodiscard]] std::size_t weighted_count() const noexcept { return weighted_.size(); }
  [[nodiscard]] weight_bounds weighted_bounds(weighted_id item) const {
    return weighted_.at(item).bounds;
  }
  [[nodiscard]] std::string_view weighted_name(weighted_id item) const {
    return weighted_.at(item).name;
  }
  /// The weighted item with this name, if any.
  [[nodiscard]] std::optional<weighted_id> find_weighted(std::string_view name) const;
  /// Every (option, weighted item, weight), in the order options were added and,
  /// within an option, in the order its weights were added.
  [[nodiscard]] std::vector<weight_entry> weights() const;
  /// The weights option `option` adds, in the order added (valid until the
  /// next add_weight).
  [[nodiscard]] std::span<const weight_entry> weights(option_id option) const;
  /// True when the problem has a weighted item.
  [[nodiscard]] bool has_weights() const noexcept { return !weighted_.empty(); }

  // ---- Rules (dlx/rule.hpp): what the solutions keep besides exact cover,
  // checked by code of their own at every node and solution. Only the bitset
  // engine searches problems with rules, without multiplicities.

  /// Adds a rule (shared, never changed: see rule.hpp).
  void add_rule(std::shared_ptr<const rule> r) { rules_.push_back(std::move(r)); }
  [[nodiscard]] std::span<const std::shared_ptr<const rule>> rules() const noexcept {
    return rules_;
  }
  /// True when the problem has a rule.
  [[nodiscard]] bool has_rules() const noexcept { return !rules_.empty(); }

 private:
  struct name_hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept {
      return std::hash<std::string_view>{}(s);
    }
  };

  template <class EntryAt>
  void check_option(std::size_t size, EntryAt entry_at);

  std::vector<item_kind> kinds_;
  std::vector<std::string> names_;   // up to the last named item (a search's model names none)
  std::vector<item_bounds> bounds_;  // empty until an item has bounds other than [1, 1]
  std::size_t bounded_items_ = 0;
  std::vector<std::string> color_names_;  // color c is color_names_[c - 1]
  std::unordered_map<std::string, color_id, name_hash, std::equal_to<>> colors_by_name_;
  std::unordered_map<std::string, item_id, name_hash, std::equal_to<>> by_name_;
  std::size_t primary_count_ = 0;
  std::vector<item_id> option_items_;
  std::vector<color_id> option_colors_;  // parallel to option_items_
  std::size_t colored_entries_ = 0;
  std::vector<std::uint32_t> option_start_{0};
  std::vector<std::uint64_t> costs_;  // empty until an option has a nonzero cost
  struct weighted_item {
    std::string name;
    weight_bounds bounds;
  };
  std::vector<weighted_item> weighted_;
  std::unordered_map<std::string, weighted_id, name_hash, std::equal_to<>> weighted_by_name_;
  // Per option (empty until an option has a weight), its weights in the order
  // added: a run of weight_pool_ with room to grow, moved to the pool's end
  // (twice as large) when full. One pool, not a vector per option: a killer's
  // model adds about 4,000 weights over 729 options, and the allocations were
  // most of add_weight's cost.
  struct weight_run {
    std::uint32_t begin = 0, size = 0, capacity = 0;
  };
  std::vector<weight_run> weight_runs_;
  std::vector<weight_entry> weight_pool_;
  std::size_t weight_count_ = 0;
  std::vector<std::shared_ptr<const rule>> rules_;
  std::vector<std::uint32_t> seen_;  // scratch for add_option's repeat check
  std::uint32_t stamp_ = 0;
};

}  // namespace dlx
