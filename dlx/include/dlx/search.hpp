// What goes into a search and what comes out of it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>

namespace dlx {

/// How a search ended.
enum class search_status : std::uint8_t {
  complete,          ///< the whole search tree was explored: the count is exact
  limit_reached,     ///< stopped after `search_options::limit` solutions
  budget_exhausted,  ///< the node or time budget ran out: the answer is unknown, not "none"
  stopped,           ///< a visitor or the progress callback asked to stop
};

/// What a visitor or progress callback tells the search to do next.
enum class visit : std::uint8_t { next, stop };

/// How much a search infers at each node before it branches.
///
/// `none` is Knuth's Algorithm X: every step, forced or not, is a node, and node
/// and update counts equal DLX1's, DLX2's and DLX3's. The other settings find
/// the same solutions, usually in a smaller tree:
///  - `forced`: an item with one option left takes it without a node of its own
///    (as Knuth's SSXCC does). A node is then a branch, a dead end or a
///    solution; `search_result::forced` counts the options taken this way. The
///    branches are the same as without propagation, so the solutions come in
///    the same order.
///  - `pairs`: forced moves, and the subset rule for two items: when every
///    remaining option of item A also covers item B, B's options that miss A can
///    be in no solution and are removed (for Sudoku: locked candidates, pointing
///    and claiming). `search_result::eliminated` counts them. A removal can
///    change which item a node branches on, so solutions may come in another
///    order, a seeded search draws differently, and now and then the tree is
///    larger (a removal steers the search to a worse branch).
/// Supported by the bitset engine on problems without multiplicities; another
/// setting than `none` elsewhere makes the search throw std::invalid_argument.
enum class propagation : std::uint8_t { none, forced, pairs };

/// A snapshot handed to the progress callback.
struct search_progress {
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;
  std::uint32_t level = 0;  ///< options chosen at this moment
  std::chrono::steady_clock::duration elapsed{};
};

/// One options struct in.
///
///   dlx::search_options opts;
///   opts.limit = 2;                // enough to tell "unique" from "multiple"
///   auto result = solver.count(opts);
struct search_options {
  /// Stop after this many solutions; 0 finds them all.
  std::uint64_t limit = 0;
  /// Stop before the search enters more than this many nodes; 0 means no budget.
  std::uint64_t node_budget = 0;
  /// Stop once this much wall-clock time has passed (checked every 1024 nodes);
  /// zero means no time budget.
  std::chrono::nanoseconds time_budget{0};
  /// Without a seed the search branches on the leftmost item with the fewest
  /// options, exactly as Knuth's DLX1 and DLX2 do (with multiplicities, the item
  /// of smallest branching degree, as DLX3 does). With a seed, ties are broken at
  /// random and each branch's options are tried from a random starting point
  /// (with multiplicities, only where the branch covers its item outright: a
  /// branch that tweaks an item takes its options from the top).
  std::optional<std::uint64_t> seed;
  /// What to infer at each node; see `propagation`. `none` keeps Knuth's tree.
  dlx::propagation propagation = dlx::propagation::none;
  /// Called every `progress_interval` nodes; returning visit::stop ends the search.
  std::function<visit(const search_progress&)> on_progress;
  std::uint64_t progress_interval = std::uint64_t{1} << 20;
};

/// One result struct out. Nodes, updates and cleansings are counted as Knuth's
/// programs count them (DLX1 for plain problems, DLX2 with colors, DLX3 with
/// multiplicities): a node each time the search chooses an item to branch on
/// (dead ends included) plus one per solution; an update per unlinking while
/// covering; a cleansing each time a chosen color is set on a secondary item and
/// for each option that agrees with it there (DLX2's "purify").
struct search_result {
  search_status status = search_status::complete;
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;
  /// Always 0 for a problem without colors.
  std::uint64_t cleansings = 0;
  /// Nodes where the search had two or more options to try (a guess, in
  /// puzzle terms); 0 means every step was forced.
  std::uint64_t branches = 0;
  /// With propagation: options taken as forced moves, without a node.
  std::uint64_t forced = 0;
  /// With propagation::pairs: options removed by the pair rule.
  std::uint64_t eliminated = 0;
  /// The deepest level the search reached: the most options it held chosen at
  /// once (preselected ones excluded). With multiplicities a level may also be a
  /// "null" move that closes an item without choosing an option, as in DLX3.
  std::uint32_t max_level = 0;

  /// True when the search explored everything, so `solutions` is exact.
  [[nodiscard]] bool complete() const noexcept { return status == search_status::complete; }
};

}  // namespace dlx
