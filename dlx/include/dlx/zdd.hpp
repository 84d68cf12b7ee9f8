// The diagram of all solutions of a problem: a ZDD (a zero-suppressed
// decision diagram). Node (option, lo, hi) stands for the solutions of `lo`
// and, with `option` added, those of `hi`; the diagram holds every solution, and
// counting, sampling, ranking, listing and finding the cheapest are linear in
// its size. memo.hpp's memoized search builds one; read_zdd reads one back.
//
//   dlx::memo_result r = dlx::build_zdd(problem);  // memo.hpp
//   r.diagram.count();                      // exact, any size: a cpp_int
//   r.diagram.sample(3, /*seed=*/42);       // three uniformly drawn solutions
//   for (auto s : r.diagram.solutions()) {} // every solution, lazily
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string_view>
#include <vector>

#include "dlx/problem.hpp"
#include "dlx/search.hpp"

namespace dlx {

/// A count of any size.
using big_count = boost::multiprecision::cpp_int;

/// A solution with its cost (the sum of its options' costs).
struct costed_solution {
  std::uint64_t cost = 0;
  std::vector<option_id> options;
};

/// A family of solutions as a reduced ZDD. Node 0 is the empty family (no
/// solution), node 1 the family of one empty solution; every other node is
/// (option, lo, hi) and is made by `add`, which keeps the diagram reduced: no
/// two nodes are equal (a unique table), and no node has hi = 0. Nodes are
/// numbered in the order they were made, children first.
class zdd {
 public:
  using node_id = std::uint32_t;
  static constexpr node_id bottom = 0;  ///< no solution
  static constexpr node_id top = 1;     ///< one solution: the empty set of options
  struct node {
    option_id option;
    node_id lo;  ///< the solutions without `option`
    node_id hi;  ///< the solutions with it, `option` left out
  };

  zdd();

  /// The node (option, lo, hi): an existing equal node if there is one, `lo`
  /// itself when hi is bottom. Children must exist; the root is not changed.
  node_id add(option_id option, node_id lo, node_id hi);
  void set_root(node_id root);
  [[nodiscard]] node_id root() const noexcept { return root_; }
  /// Nodes, the two sinks included.
  [[nodiscard]] std::size_t size() const noexcept { return nodes_.size(); }
  [[nodiscard]] const node& at(node_id id) const { return nodes_.at(id); }
  /// Bytes held by the nodes and the unique table.
  [[nodiscard]] std::size_t bytes() const noexcept;

  /// How many solutions: exact at any size.
  [[nodiscard]] big_count count() const;
  /// How many solutions have k options, for k = 0 .. the largest size.
  [[nodiscard]] std::vector<big_count> count_by_size() const;
  /// `k` solutions drawn uniformly and independently (with replacement), the
  /// same for the same seed. Each lists its options in the order a search
  /// chose them. Empty when there is no solution.
  [[nodiscard]] std::vector<std::vector<option_id>> sample(std::size_t k, std::uint64_t seed) const;
  /// The solution of rank `rank` (0-based) in the order `solutions()` lists them.
  /// Throws std::out_of_range when rank >= count().
  [[nodiscard]] std::vector<option_id> unrank(const big_count& rank) const;
  /// The `k` cheapest solutions, cheapest first (ties in an order fixed by the
  /// diagram), with `costs[o]` the cost of option o (options beyond the span
  /// cost 0). Fewer when there are fewer solutions. Sums saturate at 2^64 - 1.
  [[nodiscard]] std::vector<costed_solution> cheapest(std::span<const std::uint64_t> costs,
                                                      std::size_t k = 1) const;

  class solution_iterator;
  struct solution_view;
  /// Every solution, lazily, in the order a plain search of the same problem
  /// finds them, each in the order its options were chosen.
  ///
  ///   for (std::span<const dlx::option_id> s : diagram.solutions()) { ... }
  [[nodiscard]] solution_view solutions() const;

  /// Writes the diagram in the text format of Knuth's ZDD programs, as DLX6
  /// does: one line "id: (~v?lo:hi)" per node, ids in hexadecimal, v the option
  /// number counted from 1, children before parents; then the root as a dummy
  /// node "id: (~0?0:root)".
  void write(std::ostream& out) const;

 private:
  friend class solution_iterator;
  struct counts;
  const counts& counts_() const;

  std::vector<node> nodes_;
  std::vector<node_id> unique_;  // open addressing: node ids, 0 = empty slot
  node_id root_ = bottom;
  mutable std::shared_ptr<const counts> counts_cache_;
};

/// Walks the diagram; see zdd::solutions.
class zdd::solution_iterator {
 public:
  using value_type = std::span<const option_id>;
  using difference_type = std::ptrdiff_t;
  solution_iterator() = default;
  explicit solution_iterator(const zdd& diagram);
  value_type operator*() const { return options_; }
  solution_iterator& operator++();
  void operator++(int) { ++*this; }
  bool operator==(std::default_sentinel_t) const { return done_; }

 private:
  void descend(node_id n);
  node_id next_hi();
  const zdd* diagram_ = nullptr;
  struct frame {
    node_id node;
    bool hi;  // taken its hi edge (its option is in options_)
  };
  std::vector<frame> stack_;
  std::vector<option_id> options_;
  bool done_ = true;
};

struct zdd::solution_view {
  const zdd* diagram;
  [[nodiscard]] solution_iterator begin() const { return solution_iterator(*diagram); }
  [[nodiscard]] std::default_sentinel_t end() const { return {}; }
};

inline zdd::solution_view zdd::solutions() const {
  return {this};
}

/// Reads a diagram in the text format zdd::write writes (Knuth's): lines
/// "id: (~v?lo:hi)" with hexadecimal ids and a decimal option number v >= 1,
/// children defined on earlier lines (or the sinks 0 and 1), and a last line
/// "id: (~0?0:root)" naming the root. Blank lines are skipped. Equal nodes are
/// merged. With `option_count`, an option number past it is an error too (the
/// diagram must belong to a problem with that many options). Throws parse_error
/// ("source:line:col: message"; see format.hpp).
zdd read_zdd(std::istream& in, std::string_view source = "<stdin>",
             std::optional<std::size_t> option_count = std::nullopt);

}  // namespace dlx
