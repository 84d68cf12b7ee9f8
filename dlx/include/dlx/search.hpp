// What goes into a search and what comes out of it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

/// A node of the search tree, named by the choices made on the way down to it:
/// the options, in the order the search chose them (forced moves included), and
/// `null_move` where DLX3 closed an item without choosing an option. The root is
/// the empty path. Nodes are what a search is split into (see `solver::expand`
/// and `search_options::subtree`); a node's path stays valid as long as the
/// problem, the preselection and the search options (but threads and budgets)
/// are the same. (With propagation::groups a path lists the search's yes/no
/// decisions instead, each as a code of its own: pass them back as they are.)
using search_node = std::vector<option_id>;
inline constexpr option_id null_move = ~option_id{0};

/// How a search ended.
enum class search_status : std::uint8_t {
  complete,          ///< the whole search tree was explored: the count is exact
  limit_reached,     ///< stopped after `search_options::limit` solutions
  budget_exhausted,  ///< the node or time budget ran out: the answer is unknown, not "none"
  stopped,           ///< a visitor or the progress callback asked to stop
};

/// "complete", "limit_reached", "budget_exhausted", "stopped": the names the
/// tools print and the Python module returns.
[[nodiscard]] std::string_view to_string(search_status s) noexcept;

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
///  - `groups`: the structure search, on the structure the problem's matrix
///    has: groups of options that two items share, quotas (sets of groups of
///    which exactly k are used) and families (items of two kinds whose shared
///    groups must form a perfect matching), found once when the solver first
///    searches this way. Forced moves, then counting on groups: a quota with
///    exactly k live parts forces them, one with k parts used (chosen or
///    forced) kills the others, a family's groups in none of its
///    possible matchings die and those in all of them are forced (for Sudoku:
///    singles, locked candidates both ways, mini-line triples, tdoku's band
///    configurations). It branches yes/no: a family's matching or not, else an
///    option or not. Solutions come in another order; a node is a branch, a
///    dead end or a solution, and `search_result::eliminated` counts the
///    options removed by the rules on groups. Not seeded (the search throws
///    std::invalid_argument). On a problem it does not take (colors,
///    multiplicities, an item of more than 127 options) it behaves as `pairs`
///    where the engine has that, else as `none`; a problem without such
///    structure costs it nothing beyond forced moves.
/// `forced` and `pairs` are supported by the bitset engine on problems without
/// multiplicities; another setting than `none` elsewhere makes the search throw
/// std::invalid_argument.
enum class propagation : std::uint8_t { none, forced, pairs, groups };

/// Which primary item a node branches on.
///  - `mrv`: the leftmost item with the fewest options (minimum remaining
///    values), as Knuth's programs choose: the tree his node counts count.
///  - `conflicts`: the search learns from its dead ends. Each item keeps a score,
///    raised by one whenever an option it branched on meets a dead end (after
///    propagation), and by one when it is the item a dead end leaves without an
///    option (as ISS raises the cells of the constraint that failed); halved for
///    every item once every 16,384 dead ends; a node
///    branches on the item with the greatest (score + 256) / options, the
///    leftmost of equals: the fewest options decide until an item's dead ends
///    run into the hundreds (a prior of 16 or 64 let one ISS puzzle grow 22x or
///    4x against the fewest options; 256 none more than 1.1x).
///    ISS's solver branches on cells by a like score. On puzzles whose rules
///    reach far (sums, lines, cages) it cuts the tree 2.6 times (geometric mean
///    on ISS's puzzles), about 2000 times on tarek's #41; plain Sudoku searches
///    with `propagation::groups` first and learns only in the turns it takes
///    with it (bench/README.md). Only the bitset engine learns, without multiplicities
///    and with propagation none, forced or pairs, on one thread, unseeded and on
///    the whole tree: what it learns depends on the order it searches in, so it
///    cannot be split. Another setting than `mrv` elsewhere makes the search
///    throw std::invalid_argument.
enum class branching : std::uint8_t { mrv, conflicts };

/// A snapshot handed to the progress callback.
struct search_progress {
  std::uint64_t solutions = 0;
  std::uint64_t nodes = 0;
  std::uint64_t updates = 0;
  std::uint32_t level = 0;  ///< options chosen at this moment
  std::chrono::steady_clock::duration elapsed{};
  /// An estimate of the fraction of the search tree done, in [0, 1], when the
  /// engine can tell: Knuth's, in which each level weighs 1 / its branching
  /// degree (so it runs ahead where early branches are small). With threads,
  /// the finished subtrees' share by the same measure.
  std::optional<double> fraction_done;
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
  /// Which item a node branches on; see `branching`.
  dlx::branching branching = dlx::branching::mrv;
  /// Called every `progress_interval` nodes; returning visit::stop ends the search.
  /// With threads it is called from the worker threads, one call at a time.
  std::function<visit(const search_progress&)> on_progress;
  std::uint64_t progress_interval = std::uint64_t{1} << 20;
  /// Threads to search with; 0 uses every core (std::thread::hardware_concurrency).
  /// With more than one, the search tree is split into subtrees (see
  /// `solver::expand`) that the threads take from a shared queue:
  ///  - counts are exact, and when no limit or budget stops the search, the
  ///    totals (solutions, nodes, updates, cleansings, branches, forced,
  ///    eliminated) and max_level equal a one-thread search's;
  ///  - with a limit, `solutions` is exactly the limit when it is reached, and a
  ///    visitor sees exactly that many solutions; which ones, and in what order,
  ///    depends on timing;
  ///  - a visitor and `on_progress` are called from the worker threads, one call
  ///    at a time; a node budget is shared by the threads and checked every
  ///    few thousand nodes, so a search may overrun it a little.
  /// Not with a seed (a random tree cannot be split the same way twice: the
  /// search throws std::invalid_argument), and not for `solver::solutions`.
  unsigned threads = 1;
  /// Search only the subtree of this node of the search tree (empty: the whole
  /// tree), counting from that node: the pieces of a search split with
  /// `solver::expand`, for instance over many machines. A path that names no
  /// node of the tree, or a seed with a subtree, makes the search throw
  /// std::invalid_argument. The span must outlive the search.
  std::span<const option_id> subtree;
  /// The options the caller still wants solutions for, as a bitset (bit o of
  /// word o / 64; words past the span's end want nothing); empty: every
  /// solution is wanted. When not empty the search skips every node, after its
  /// propagation, at which no wanted option is taken or still active: none of
  /// the solutions below holds one. The caller may clear bits while the search
  /// runs (a visitor, once it has seen an option in enough solutions), and the
  /// search reads them at every node, so one search can tell which options lie
  /// in at least k solutions without meeting every solution (ISS's "all
  /// possibilities": a visitor tallies each solution's options and clears
  /// those seen k times; the options left unseen at the end lie in fewer than
  /// k solutions, and each seen count below k is exact). A skipped node counts
  /// as a dead end. Only the bitset engine skips, without multiplicities and on
  /// one thread, unsplit: another search with `wanted` throws
  /// std::invalid_argument.
  std::span<const std::uint64_t> wanted;
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
  /// Nodes where the search had two or more options to try; 0 means every
  /// step was forced.
  std::uint64_t branches = 0;
  /// Guesses, counted as tdoku counts them: one for each alternative tried
  /// while another remains, so a node with k alternatives that tries j of them
  /// counts min(j, k - 1), and a yes/no branch counts 1.
  std::uint64_t guesses = 0;
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
  /// Adds `other`'s work (nodes, updates, cleansings, branches, guesses, forced,
  /// eliminated; the deeper level) to this one's: for searches run in parts or
  /// again. Status and solutions stay.
  void add_work(const search_result& other) noexcept;
};

// What the solver (solver.hpp) and its engines share.

/// The data structure a solver searches with. The answers and the node and
/// update counts do not depend on it; the speed does.
enum class engine_kind : std::uint8_t {
  automatic,      ///< bitsets for small problems without multiplicities, else dancing links
  dancing_links,  ///< Knuth's DLX1 layout: any size, least memory
  bitset,         ///< active options as bits, state copied at branches: small problems
};

/// A non-owning reference to a callable `visit(std::span<const option_id>)`.
/// It is what `solver::enumerate` takes, so visitors cost neither an allocation
/// nor a template instantiation of the search.
class solution_visitor {
 public:
  template <class F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, solution_visitor> &&
           std::is_invocable_r_v<visit, F&, std::span<const option_id>>) solution_visitor(F&& f)
  noexcept  // NOLINT(google-explicit-constructor): like std::function_ref
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* object, std::span<const option_id> solution) {
          return std::invoke(*static_cast<std::remove_reference_t<F>*>(object), solution);
        }) {}

  visit operator()(std::span<const option_id> solution) const { return call_(object_, solution); }

 private:
  void* object_;
  visit (*call_)(void*, std::span<const option_id>);
};

/// Why a preselection was refused.
struct preselect_conflict {
  option_id option;  ///< the option that could not be preselected
  item_id item;      ///< an item of it that is already covered as often as it may be
  /// The first preselected option that covers `item` (within one call, possibly
  /// an earlier option of the same list); `option` itself when it was preselected
  /// already.
  option_id covered_by;
};

/// A search cut into subtrees; see solver::split.
struct search_split {
  /// The subtrees' nodes, in the order a one-thread search meets them.
  std::vector<search_node> pieces;
  /// Each piece's share of the tree by Knuth's measure (each level weighs
  /// 1 / its branching degree): a rough guide to its size, for progress.
  std::vector<double> weights;
  /// The work done above the pieces: their ancestors' nodes and updates, and
  /// the solutions met there (which are in no piece). The pieces' counts added
  /// to these are the whole search's.
  search_result above;
  /// Those solutions, each as solver::enumerate would give it.
  std::vector<std::vector<option_id>> solutions;
};

}  // namespace dlx
