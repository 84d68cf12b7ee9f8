// The diagram of all solutions of a problem: a ZDD (a zero-suppressed
// decision diagram). Node (option, lo, hi) stands for the solutions of `lo`
// and, with `option` added, those of `hi`; the diagram holds every solution, and
// counting, sampling, ranking, listing and finding the cheapest are linear in
// its size. memo.hpp's memoized search builds one; read_zdd reads one back.
//
// The diagram may also hold product (AND) nodes: (a & b) stands for every union
// of a solution of `a` with one of `b`, two parts over disjoint options, as when
// what is left of a problem splits into parts over disjoint items and each is
// solved once. With them it is a decision-ZDNNF, as Fang et al. name it ("A
// Parallel Approach to Counting Exact Covers Based on Decomposability
// Property", SAT 2026, arXiv 2604.14627); a plain ZDD has none, and every
// question stays linear in the diagram's size.
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

namespace detail {
class shared_memo;
}

/// A count of any size.
using big_count = boost::multiprecision::cpp_int;

/// A solution with its cost (the sum of its options' costs).
struct costed_solution {
  std::uint64_t cost = 0;
  std::vector<option_id> options;
};

/// A family of solutions as a reduced ZDD. Node 0 is the empty family (no
/// solution), node 1 the family of one empty solution; every other node is
/// either (option, lo, hi), made by `add`, or a product of two parts, made by
/// `add_product`. Both keep the diagram reduced: no two nodes are equal (a
/// unique table), no node has hi = 0, no product has a sink as a part; so every
/// node but the bottom sink has a solution. Nodes are numbered in the order
/// they were made, children first.
class zdd {
 public:
  using node_id = std::uint32_t;
  static constexpr node_id bottom = 0;  ///< no solution
  static constexpr node_id top = 1;     ///< one solution: the empty set of options
  /// The `option` of a product node; the sinks have ~0. Neither is an option.
  static constexpr option_id product = ~option_id{0} - 1;
  struct node {
    option_id option;
    node_id lo;  ///< the solutions without `option`; a product's first part
    node_id hi;  ///< the solutions with it, `option` left out; a product's second part
  };
  /// Whether `n` is a product node: lo and hi are its parts.
  [[nodiscard]] static constexpr bool is_product(const node& n) noexcept {
    return n.option == product;
  }

  zdd();

  /// The node (option, lo, hi): an existing equal node if there is one, `lo`
  /// itself when hi is bottom. Children must exist (std::out_of_range); an
  /// option of `product` or more is not an option (std::invalid_argument). The
  /// root is not changed.
  node_id add(option_id option, node_id lo, node_id hi);
  /// The product of `a` and `b`: every union of a solution of `a` with one of
  /// `b`. The parts must be over disjoint options; that is the caller's promise,
  /// not checked (the diagram's questions then count pairs). Reduced as `add`
  /// is: bottom when either part is bottom, the other part when one is top, an
  /// existing equal node if there is one. The order of the parts is kept: it is
  /// the order of the options in each solution (`solutions()`).
  ///
  ///   const auto x = z.add(0, zdd::bottom, zdd::top);  // {{0}}
  ///   const auto y = z.add(2, z.add(1, zdd::bottom, zdd::top), zdd::top);  // {{1}, {2}}
  ///   z.set_root(z.add_product(x, y));  // {{0, 1}, {0, 2}}
  node_id add_product(node_id a, node_id b);
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
  /// finds them, each in the order its options were chosen. A product node
  /// lists, for each solution s of its first part in that part's order, each
  /// solution t of its second part in its order: the options of s, then t's.
  ///
  ///   for (std::span<const dlx::option_id> s : diagram.solutions()) { ... }
  [[nodiscard]] solution_view solutions() const;

  /// Writes the diagram in the text format of Knuth's ZDD programs, as DLX6
  /// does: one line "id: (~v?lo:hi)" per node, ids in hexadecimal, v the option
  /// number counted from 1, children before parents; then the root as a dummy
  /// node "id: (~0?0:root)". A product node, which Knuth's format has not, is
  /// the line "id: (a&b)", a and b its parts' ids; a diagram without products
  /// is written exactly in Knuth's format.
  void write(std::ostream& out) const;

 private:
  friend class solution_iterator;
  friend class detail::shared_memo;  // hands over the nodes its threads made
  struct counts;
  // A diagram of `nodes` (the sinks first, each node after its children, no
  // two equal), taken as they are; the unique table is built when first needed.
  zdd(std::vector<node> nodes, node_id root);
  void index_nodes();
  // The node (option, lo, hi) from the unique table, made if it is not there.
  node_id intern(option_id option, node_id lo, node_id hi);
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
  static constexpr std::uint32_t no_goal = ~std::uint32_t{0};
  // Where the walk stands: a node to satisfy, then the goals still pending.
  struct position {
    node_id node;
    std::uint32_t goals;
  };
  void descend(position at);
  position next_hi();
  const zdd* diagram_ = nullptr;
  // The nodes still to satisfy after the current one, as persistent lists:
  // cells in an arena, each naming its node and the rest of the list (no_goal
  // ends it). A product pushes its second part onto the list and goes on with
  // its first; the top sink takes the next node off it. A frame's lists were
  // all made before it, so popping it truncates the arena to its mark.
  struct goal {
    node_id node;
    std::uint32_t next;
  };
  std::vector<goal> goals_;
  struct frame {
    node_id node;
    std::uint32_t goals;  // the goals pending after this node
    std::uint32_t mark;   // goals_.size() when it was pushed
    bool hi;              // taken its hi edge (its option is in options_)
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
/// "id: (~0?0:root)" naming the root; and, beyond Knuth's format, product lines
/// "id: (a&b)", a and b the hexadecimal ids of its parts (defined earlier, or
/// sinks). Blank lines are skipped. Equal nodes are merged. With
/// `option_count`, an option number past it is an error too (the diagram must
/// belong to a problem with that many options). Whether a product's parts are
/// over disjoint options is not checked in full, but a product whose parts'
/// solutions together could have more options than the diagram has decision
/// nodes cannot have disjoint parts and is an error (so no solution is longer
/// than the file). Throws parse_error ("source:line:col: message"; see
/// format.hpp).
zdd read_zdd(std::istream& in, std::string_view source = "<stdin>",
             std::optional<std::size_t> option_count = std::nullopt);

}  // namespace dlx
