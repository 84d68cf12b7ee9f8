// What every search engine shares: the compiled problem, preselection
// bookkeeping, and search control (limit, budgets, progress, the resumable
// solution-at-a-time protocol). An engine adds its data structure and its search
// loop. Internal to the library.
//
// Numbering. Engines number items 0..N-1 internally, primary items first, then
// secondary ones, each group in the problem's order; `item_of_internal_` maps
// back. Options keep their ids; colors keep theirs (0 = no color).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "dlx/problem.hpp"
#include "dlx/rule.hpp"
#include "dlx/search.hpp"
#include "structure.hpp"

namespace dlx::detail {

// Knuth's `sanity`: with DLX_SANITY defined (the sanitizer build turns it on), the
// engines check their whole data structure at every node of the first 64 and at
// every power of two after, and after every preselection and search. A broken
// invariant aborts with a message: it is a bug in the library, never bad input.
#if defined(DLX_SANITY)
inline constexpr bool sanity_checks = true;
#else
inline constexpr bool sanity_checks = false;
#endif
[[noreturn]] void broken_invariant(const char* where);
inline bool sanity_due(std::uint64_t nodes) {
  return nodes < 64 || (nodes & (nodes - 1)) == 0;
}

// splitmix64: small, fast, and good enough for tie-breaking.
inline std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// An integer in [0, bound), by Lemire's multiply-shift on 32 random bits (the
// bias, below 2^-32 * bound, does not matter for tie-breaking). Both engines draw
// the same numbers at the same moments, so a seeded search is the same tree in
// either.
inline std::uint32_t random_below(std::uint64_t& state, std::uint32_t bound) {
  return static_cast<std::uint32_t>(((next_random(state) >> 32) * bound) >> 32);
}

// DLX3's choice of the item to branch on, offered the active primary items in
// order: the smallest branching degree len + s - bound + 1 (its number of
// alternatives), where s = min(slack, bound); on ties the smaller s, then the
// longer list, then the first (seeded: one of the tied at random). Both engines
// use it, so they choose alike and draw the same random numbers.
template <bool Randomized>
struct degree_choice {
  std::int64_t score = std::numeric_limits<std::int64_t>::max();
  std::int64_t slack = 0;
  std::int64_t length = 0;
  std::uint32_t item = 0;
  std::uint32_t ties = 0;

  void offer(std::uint32_t k, std::int64_t len, std::int64_t bound, std::int64_t item_slack,
             std::uint64_t& rng) {
    const std::int64_t s = std::min(item_slack, bound);
    const std::int64_t t = len + s - bound + 1;
    if (t > score) return;
    if (t < score || s < slack || (s == slack && len > length)) {
      score = t;
      item = k;
      slack = s;
      length = len;
      ties = 1;
    } else if constexpr (Randomized) {
      if (s == slack && len == length && random_below(rng, ++ties) == 0) item = k;
    }
  }
};

// Knuth's estimate for a search of yes/no branches: each of the first `count`
// frames weighs half the one before, and counts as done once its "no" branch
// (frame.no) is being searched.
template <class Frame>
double yes_no_fraction_done(const Frame* frames, std::uint32_t count) {
  double done = 0, weight = 1;
  for (std::uint32_t k = 0; k < count; ++k) {
    weight /= 2;
    if (frames[k].no) done += weight;
  }
  return done;
}

class engine {
 public:
  explicit engine(const problem& p);
  virtual ~engine() = default;
  engine(const engine&) = default;
  engine& operator=(const engine&) = delete;

  [[nodiscard]] virtual std::unique_ptr<engine> clone() const = 0;
  [[nodiscard]] virtual engine_kind kind() const noexcept = 0;
  [[nodiscard]] virtual bool check_invariants() const = 0;

  std::optional<preselect_conflict> preselect(std::span<const option_id> options);
  void clear_preselection();
  [[nodiscard]] std::span<const option_id> preselected() const noexcept { return preselected_; }

  [[nodiscard]] std::size_t item_count() const noexcept { return item_count_; }
  [[nodiscard]] std::size_t option_count() const noexcept { return option_start_.size() - 1; }
  // Whether make_structure_engine takes this engine's problem.
  [[nodiscard]] bool structure_search_applies() const noexcept {
    return option_colors_.empty() && upper_.empty() && !weighted() && rules_.empty() &&
           longest_item_ <= structure_longest_item &&
           option_count() < (std::size_t{1} << 30);  // its paths' codes (structure_engine.hpp)
  }
  // Whether a search may infer as `p` asks (see search.hpp).
  [[nodiscard]] bool infers(propagation p) const noexcept { return supports(p); }

  // The search protocol: begin, then next_solution until it returns false (or
  // the caller has seen enough), then end, which restores the preselection state.
  // A search covers the subtree of node `options.subtree` (the whole tree when
  // it is empty): the search walks down to that node first, trying nothing on
  // the way, and counts only from there. With `children`, it does that node's
  // own work only and lists the nodes below it there instead of entering them.
  void begin(const search_options& options, std::vector<search_node>* children = nullptr);
  bool next_solution();
  /// The current solution: preselected options, then the chosen ones.
  const std::vector<option_id>& collect_solution();
  search_result end();
  [[nodiscard]] bool idle() const noexcept { return state_ == run_state::idle; }
  void require_idle(const char* what) const;
  /// Status and counters so far, of the subtree searched.
  [[nodiscard]] search_result result() const;
  [[nodiscard]] std::uint64_t solutions() const noexcept {
    return result_.solutions - baseline_.solutions;
  }
  void set_status(search_status status) noexcept { result_.status = status; }
  [[nodiscard]] std::uint64_t limit() const noexcept { return limit_; }

 protected:
  enum class run_state : std::uint8_t { idle, fresh, after_solution, trivial_solution, finished };

  // Cover the items of a preselected option (no conflict: checked already).
  virtual void apply_preselected(option_id option) = 0;
  // A fast path for preselect (ids already checked): applies all of `options`
  // and returns true, or leaves everything as it was and returns false (a clash,
  // or a case it does not handle), and the generic path runs instead.
  virtual bool preselect_quickly(std::span<const option_id> options) {
    (void)options;
    return false;
  }
  // Undo preselections until only the first `keep` of preselected_ remain
  // applied; preselected_ still lists them all when this is called.
  virtual void revert_preselection(std::size_t keep) = 0;
  // True when every primary item is covered (the empty choice is a solution,
  // if its weighted items' totals hold).
  [[nodiscard]] virtual bool nothing_to_cover() const = 0;
  // With nothing to cover: whether the preselected options' weights total
  // within every weighted item's bounds.
  [[nodiscard]] virtual bool preselection_weights_hold() const { return true; }
  // Runs the search to its next solution (true) or to its end (false, with
  // result_.status set). `fresh` is true on the first call of a search.
  virtual bool advance(bool fresh) = 0;
  // Whether advance() can infer as `p` asks (see search.hpp).
  [[nodiscard]] virtual bool supports(propagation p) const noexcept {
    return p == propagation::none;
  }
  // Whether advance() can branch as `b` asks (see search.hpp).
  [[nodiscard]] virtual bool supports(branching b) const noexcept { return b == branching::mrv; }
  // Whether advance() skips the nodes without a wanted option
  // (search_options::wanted).
  [[nodiscard]] virtual bool skips_unwanted() const noexcept { return false; }
  // Restores the preselection state after a search that may have stopped early.
  virtual void unwind() = 0;
  // Appends the options chosen for the current solution, in order.
  virtual void append_chosen(std::vector<option_id>& out) const = 0;
  // Appends the choice made at each level of the current node, in order: the
  // options, and null_move for DLX3's null move. The search has saved its level.
  virtual void append_path(std::vector<option_id>& out) const = 0;
  // Where backtracking ends once the current node's subtree is searched: the
  // current level, or for the bitset engine the number of saved branches.
  [[nodiscard]] virtual std::uint32_t floor_here() const = 0;
  // Knuth's estimate of how much of the subtree below level `from` is done:
  // the current node's position, each level weighing 1 / its branching degree.
  [[nodiscard]] virtual std::optional<double> fraction_done(std::uint32_t from) const {
    (void)from;
    return std::nullopt;
  }

  // What the slow path of the search loop tells the loop at a node entry.
  enum class verdict : std::uint8_t {
    proceed,  // enter the node
    stop,     // end the search (result_.status says why)
    prune,    // not a node of this search: back up as from a dead end, uncounted
  };
  // The slow path, taken when result_.nodes reaches next_checkpoint_: budgets,
  // progress, and the walk down to a subtree's node.
  verdict checkpoint(std::uint32_t level);

  // When the search finishes the subtree it searches: backtracking past this
  // floor (see floor_here) ends the search.
  std::uint32_t floor_ = 0;

  // The compiled problem.
  std::uint32_t item_count_ = 0;
  std::uint32_t primary_count_ = 0;
  std::vector<item_id> item_of_internal_;
  std::vector<std::uint32_t>
      option_start_;  // option o's items: option_items_[start[o], start[o+1])
  std::vector<std::uint32_t> option_items_;   // internal item numbers
  std::vector<std::uint32_t> option_colors_;  // parallel to option_items_; empty without colors
  std::vector<std::uint8_t> option_has_primary_;
  std::uint32_t longest_item_ = 0;  // the most options any item has
  // Bounds [lower, upper] of each internal primary item; empty without multiplicities.
  std::vector<std::uint32_t> lower_;
  std::vector<std::uint32_t> upper_;

  // Weighted items (problem.hpp): each option's weights (weight_start_ empty
  // without weighted items), and each weighted item's bounds.
  struct weight_term {
    std::uint32_t item;
    std::int64_t weight;
  };
  std::vector<std::uint32_t> weight_start_;  // option o's: weight_terms_[start[o], start[o+1])
  std::vector<weight_term> weight_terms_;
  std::vector<std::int64_t> weight_lower_;
  std::vector<std::int64_t> weight_upper_;

  // The problem's rules (rule.hpp), called by the bitset engine.
  std::vector<std::shared_ptr<const rule>> rules_;

  [[nodiscard]] bool colored() const noexcept { return !option_colors_.empty(); }
  [[nodiscard]] bool multiplicities() const noexcept { return !upper_.empty(); }
  [[nodiscard]] bool weighted() const noexcept { return !weight_start_.empty(); }

  [[nodiscard]] std::uint32_t entry_color(std::uint32_t entry) const {
    return option_colors_.empty() ? 0 : option_colors_[entry];
  }

  // Search control, valid between begin() and end().
  search_result result_{};
  const search_options* options_ = nullptr;
  std::uint64_t limit_ = 0;
  std::uint64_t next_checkpoint_ = 0;
  bool randomized_ = false;
  std::uint64_t rng_ = 0;

 private:
  // Preselection bookkeeping, per internal item: how many preselected options
  // cover it, the first of them (+1, so 0 is none), and for a secondary item the
  // color that first one gave it; per option: preselected or not.
  std::vector<std::uint32_t> uses_;
  std::vector<std::uint32_t> covered_by_;
  std::vector<std::uint32_t> claimed_color_;
  std::vector<std::uint8_t> is_preselected_;
  std::vector<option_id> preselected_;
  // The bookkeeping above covers preselected_[0, booked_); the fast path skips
  // it, and the generic path catches up (it needs it only to report a clash).
  std::size_t booked_ = 0;
  void book(option_id o);
  void forget_preselections(std::size_t keep);
  std::vector<option_id> solution_;
  // The subtree searched: its node, whether the search has reached it, the
  // level it is at, and the counters as they were when it was reached, which
  // result() subtracts. With children_, the search lists the nodes below it.
  std::span<const option_id> subtree_;
  bool reached_ = true;
  std::uint32_t root_level_ = 0;
  search_result baseline_{};
  std::vector<search_node>* children_ = nullptr;
  std::vector<option_id> path_;
  void set_next_checkpoint();
  run_state state_ = run_state::idle;
  std::uint64_t next_progress_ = 0;
  std::uint64_t next_clock_check_ = 0;
  std::chrono::steady_clock::time_point started_{};
};

std::unique_ptr<engine> make_links_engine(const problem& p);
std::unique_ptr<engine> make_bitset_engine(const problem& p);
// Dancing links with colors and multiplicities (Knuth's DLX2 and DLX3).
std::unique_ptr<engine> make_mcc_engine(const problem& p);
// The structure search (propagation::groups), on the problem another engine
// compiled, with its preselection (see engine::structure_search_applies).
std::unique_ptr<engine> make_structure_engine(const engine& compiled);
// The structure search in lanes, for a matrix with a 9x9 box-and-band layout
// (box_layout.hpp); null for any other.
std::unique_ptr<engine> make_box_band_engine(const engine& compiled);

}  // namespace dlx::detail
