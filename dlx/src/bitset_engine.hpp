// Algorithm X over a bitset of active options, for small problems. Internal.
//
// The state of a search is small and flat: one bit per option (still active or
// not), one counter per primary item (how many active options cover it, or a
// sentinel, the counter's largest value, once it is covered), and the number of
// primary items left. Each item's options are stored as (word, mask) pairs over
// the active bitset, so covering an item clears its options a word at a time and
// visits only the ones still active. There are no links to restore: going back
// is a copy of the state saved where the search branched; forced moves (an item
// with one option left) save nothing.
//
// Colors (Knuth's DLX2). The state also holds, per secondary item, the color it
// has been given (0: none yet). Choosing an option with x:c "purifies" x: the
// active options that give x another color, or none, are cleared, and those that
// agree stay. As in DLX2, an entry whose item is purified with its own color is
// "cleansed": removing its option costs no update there. So an option removed
// costs its size minus one minus its cleansed entries, and a purification counts
// one cleansing plus one per option that agrees.
//
// Why: for 9x9 Sudoku (324 items, 729 options) the whole state is about 520 bytes.
// Copying it at a branch costs less than uncovering, and most nodes are forced.
// Measured figures are in bench/README.md.
//
// This header holds the engine's state and the steps that both searches
// inline (covering an item, taking an option off the counters). The rest, one
// concept a file:
// - bitset_engine.cpp: the set-up, preselection, and purification (colors),
//   which both searches call;
// - bitset_search.cpp: the search of DLX1 and DLX2, and its forced moves;
// - bitset_multiplicities.cpp: the search of DLX3 (multiplicities);
// - bitset_pair_rule.hpp: the pair rule (propagation::pairs), inlined by
//   bitset_search.cpp; bitset_pair_rule.cpp: the table it works from;
// - bitset_weight_rule.hpp: the bounds on weighted items' totals, inlined by
//   bitset_search.cpp; bitset_weight_rule.cpp: their carriers.
// Each .cpp instantiates its members for the counter types make_bitset_engine
// picks: std::uint8_t, std::uint16_t, std::uint32_t.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "engine.hpp"

namespace dlx::detail {

template <class Count>
class bitset_engine final : public engine {
 public:
  explicit bitset_engine(const problem& p);
  bitset_engine(const bitset_engine&) = default;

  std::unique_ptr<engine> clone() const override { return std::make_unique<bitset_engine>(*this); }
  engine_kind kind() const noexcept override { return engine_kind::bitset; }
  bool check_invariants() const override;

 private:
  static constexpr Count covered = std::numeric_limits<Count>::max();

  // Some of an item's options: those in one word of the active bitset.
  struct option_mask {
    std::uint32_t word;
    std::uint64_t mask;
  };

  // A view of one state: counters, then the active bitset, then the number of
  // primary items left, then (with colors) each secondary item's color, (with
  // multiplicities) each primary item's bound, (with weighted items) each
  // weighted item's total so far.
  struct view {
    Count* counts;
    std::uint64_t* active;
    std::uint64_t* remaining;
    std::uint32_t* purified;  // indexed by internal item - primary_count_
    std::uint32_t* bounds;    // with multiplicities: each primary item's residual bound
    std::int64_t* totals;     // with weighted items: the chosen options' weights on each
  };
  view at(std::uint64_t* words) const {
    std::uint64_t* active = words + counts_words_;
    std::uint64_t* remaining = active + active_words_;
    return {reinterpret_cast<Count*>(words),
            active,
            remaining,
            reinterpret_cast<std::uint32_t*>(remaining + 1),
            reinterpret_cast<std::uint32_t*>(remaining + 1 + purified_words_),
            reinterpret_cast<std::int64_t*>(remaining + 1 + purified_words_ + bounds_words_)};
  }

  // A place where the search branched: its state after covering the item it
  // branched on (in the arena), and that item's options, to try in turn.
  struct frame {
    std::uint32_t level;
    std::uint32_t options_begin;  // in branch_options_
    std::uint32_t options_count;
    std::uint32_t next;    // index of the option tried last
    std::uint32_t start;   // index of the option tried first
    std::uint32_t item;    // the item branched on
    std::uint32_t mode;    // with multiplicities: how it branches (see run_multi)
    std::uint32_t degree;  // its alternatives, and how many were tried (the guesses)
    std::uint32_t tried;
  };

  // What a search loop keeps in a local while it runs: the counters of
  // search_result, and where it is. It takes them with resume() and hands them
  // back when it returns or checks in. These are inlined so that the local
  // stays in registers (a call taking its address would put it in memory).
  struct loop_state {
    std::uint64_t updates, nodes, branches, guesses, cleansings, forced, eliminated;
    std::uint32_t max_level;
    std::uint32_t level;        // levels chosen: options, and DLX3's null moves
    std::uint32_t frame_count;  // branches saved
    std::uint32_t branch_top;   // where their options end in branch_options_
  };
  // Where a loop starts: base_'s state at level 0 when fresh, else where it
  // returned last.
  [[gnu::always_inline]] loop_state resume(bool fresh) {
    if (fresh) std::memcpy(work_.data(), base_.data(), std::size_t{state_words_} * 8);
    loop_state l{result_.updates,    result_.nodes,  result_.branches,   result_.guesses,
                 result_.cleansings, result_.forced, result_.eliminated, result_.max_level,
                 chosen_count_,      frame_count_,   branch_top_};
    if (fresh) l.level = l.frame_count = l.branch_top = 0;
    return l;
  }
  // Hands back the loop's counters and place, with `chosen` levels chosen.
  [[gnu::always_inline]] void suspend(const loop_state& l, std::uint32_t chosen) {
    result_.updates = l.updates;
    result_.nodes = l.nodes;
    result_.branches = l.branches;
    result_.guesses = l.guesses;
    result_.cleansings = l.cleansings;
    result_.forced = l.forced;
    result_.eliminated = l.eliminated;
    result_.max_level = l.max_level;
    chosen_count_ = chosen;
    frame_count_ = l.frame_count;
    branch_top_ = l.branch_top;
  }
  // A node's entry: checks in once the nodes reach next_checkpoint_
  // (engine.hpp), then counts the node (and checks the state when sanity is due).
  [[gnu::always_inline]] verdict enter_node(loop_state& l) {
    if (l.nodes >= next_checkpoint_) {
      suspend(l, l.level);
      const verdict v = checkpoint(l.level);
      if (v != verdict::proceed) return v;
    }
    ++l.nodes;
    if (sanity_checks && sanity_due(l.nodes) && !check_invariants())
      broken_invariant("bitset search");
    return verdict::proceed;
  }
  // A solution, `chosen` levels deep: the loop returns true.
  [[gnu::always_inline]] bool report_solution(const loop_state& l, std::uint32_t chosen) {
    ++result_.solutions;
    suspend(l, chosen);
    return true;
  }
  // Backtracking reached the floor: the loop returns false, the search complete.
  [[gnu::always_inline]] bool finish(const loop_state& l) {
    suspend(l, l.level);
    result_.status = search_status::complete;
    return false;
  }

  // The engine protocol (engine.hpp).
  void apply_preselected(option_id option) override;
  bool preselect_quickly(std::span<const option_id> options) override;
  void revert_preselection(std::size_t keep) override;
  bool preselection_weights_hold() const override {
    return totals_hold(at(const_cast<std::uint64_t*>(base_.data())));
  }
  bool nothing_to_cover() const override {
    // Preselected items are marked covered at once, so this needs no recount.
    const Count* counts = reinterpret_cast<const Count*>(base_.data());
    return std::all_of(counts, counts + primary_count_, [](Count c) { return c == covered; });
  }
  bool supports(propagation p) const noexcept override {
    return p == propagation::none || !multiplicities();
  }
  bool supports(branching b) const noexcept override {
    return b == branching::mrv || !multiplicities();
  }
  bool skips_unwanted() const noexcept override { return !multiplicities(); }
  bool advance(bool fresh) override {
    if (fresh && base_stale_) recount_base();
    // supports() keeps propagation away from multiplicities.
    if (options_->propagation == propagation::none && multiplicities()) {
      return advance_multiplicities(fresh);
    }
    return advance_exact(fresh);
  }
  void unwind() override {
    frame_count_ = 0;
    branch_top_ = 0;
    chosen_count_ = 0;
  }
  void append_chosen(std::vector<option_id>& out) const override {
    for (std::uint32_t l = 0; l < chosen_count_; ++l) {
      if (chosen_[l] != null_move) out.push_back(chosen_[l]);
    }
  }
  void append_path(std::vector<option_id>& out) const override {
    out.insert(out.end(), chosen_.begin(), chosen_.begin() + chosen_count_);
  }
  std::uint32_t floor_here() const override { return frame_count_; }
  std::optional<double> fraction_done(std::uint32_t from) const override {
    // The saved branches below level `from` are the levels with a choice.
    double done = 0, weight = 1;
    for (std::uint32_t k = 0; k < frame_count_; ++k) {
      const frame& f = frames_[k];
      if (f.level < from) continue;
      const std::uint32_t alternatives =
          f.options_count + (multiplicities() && f.mode != 0 ? 1 : 0);
      const std::uint32_t tried = (f.next + alternatives - f.start) % std::max(alternatives, 1U);
      done += weight * tried / std::max(alternatives, 1U);
      weight /= std::max(alternatives, 1U);
    }
    return done;
  }

  // The set-up and preselection (bitset_engine.cpp).
  // Brings base_'s counters and count of items left up to date
  // with its active options, after preselections changed them.
  void recount_base();
  // Adds Delta to the counters of the primary items of every option in `options`.
  template <int K, int Delta>
  void add_to_counts(Count* counts, const std::uint64_t* options) const;

  // The search of DLX1 and DLX2, with or without propagation (bitset_search.cpp).
  bool advance_exact(bool fresh);
  template <bool Randomized, int K, bool Colored = false, bool Propagate = false>
  bool run(bool fresh);
  // Covers the items of `option` other than the one it was chosen for (already
  // covered), in DLX2's order with colors.
  template <int K, bool Colored>
  void apply_option(const view& s, option_id option, std::uint64_t& updates,
                    std::uint64_t& cleansings) const;
  // Covers primary item `item` as a node does: lists its active options (as
  // list_options, clearing them) and takes each off its items' counters, in
  // one pass over its masks. Returns the list; `found` is its length.
  template <int K, bool Colored>
  [[gnu::always_inline]] std::uint32_t* list_and_cover(const view& s, std::uint32_t item,
                                                       std::uint32_t at, std::uint32_t expected,
                                                       std::uint64_t& updates,
                                                       std::uint32_t& found);
  // The smallest counter with ties broken at random; its value in `fewest`.
  std::uint32_t random_leftmost_min(const view& s, std::uint32_t& fewest);

  // The search of DLX3 (bitset_multiplicities.cpp).
  bool advance_multiplicities(bool fresh);
  template <bool Randomized, bool Colored>
  bool run_multi(bool fresh);
  // Commits the entries of `option` other than item `skip`'s, in DLX3's order
  // (from the entry after skip's, wrapping around): a primary item counts one
  // use, and is covered when its bound runs out; a secondary item is covered or
  // purified.
  template <bool Colored>
  void commit_multi(const view& s, option_id option, std::uint32_t skip, std::uint64_t& updates,
                    std::uint64_t& cleansings) const;

  // The pair rule (bitset_pair_rule.hpp, which says why it is always inlined),
  // to a fixpoint. True when it removed an option.
  template <int K, bool Colored>
  [[gnu::always_inline]] bool eliminate_pairs(const view& s, std::uint64_t& updates,
                                              std::uint64_t& eliminated);
  void build_reach();                // bitset_pair_rule.cpp: the rule's tables
  void find_reach(std::uint32_t a);  // bitset_pair_rule.cpp: item a's reach

  // The problem's rules (rule.hpp), in bitset_search.cpp. With Eliminate, the
  // options they name are removed (as the pair rule removes them).
  enum class rule_verdict { kept, removed, dead };
  template <int K, bool Colored, bool Eliminate>
  rule_verdict apply_rules(const view& s, const option_id* chosen, std::uint32_t level,
                           std::uint64_t& updates, std::uint64_t& eliminated);
  // At a solution: whether every rule holds.
  bool rules_hold(const view& s, const option_id* chosen, std::uint32_t level);
  std::vector<option_id> rule_removed_;  // what the rules named, scratch

  // search_options::wanted, in bitset_search.cpp: whether a wanted option is
  // taken or still active at this node.
  bool wanted_here(const view& s, const option_id* chosen, std::uint32_t level) const;

  // The weight rule (bitset_weight_rule.hpp): bounds each weighted item's
  // total by what its carriers can still add. False at a dead end (a total out
  // of reach). With Eliminate, also removes the options that would take a total
  // out of its bounds.
  template <int K, bool Colored, bool Eliminate>
  [[gnu::always_inline]] bool bound_weights(const view& s, std::uint64_t& updates,
                                            std::uint64_t& eliminated);
  // Picks each weighted item's carriers and their groups (bitset_weight_rule.cpp).
  void build_carriers();
  struct weighted_option;
  struct carrier_scratch;
  // Whether every option of `a` excludes every option of `b` of equal weight.
  // `in_order`: both lists sorted by weight; `scratch` has the options'
  // sorted entries or rows of clashes.
  bool exclusive(std::span<const weighted_option> a, std::span<const weighted_option> b,
                 bool in_order, carrier_scratch& scratch) const;
  // Without colors: the options that share an item with `option`, as a row of
  // the active bitset's words, found when first asked for.
  const std::uint64_t* clash_row(carrier_scratch& scratch, std::uint32_t option) const;
  // Partitions the carriers picked for a weighted item into groups
  // (bitset_weight_rule.cpp): `scratch.members`, group g's from
  // `scratch.member_start[g]`.
  void carrier_cliques(carrier_scratch& scratch) const;
  // Whether every weighted item's total lies within its bounds (at a solution).
  [[nodiscard]] bool totals_hold(const view& s) const {
    for (std::size_t w = 0; w < weight_lower_.size(); ++w) {
      if (s.totals[w] < weight_lower_[w] || s.totals[w] > weight_upper_[w]) return false;
    }
    return true;
  }
  // Adds `option`'s weights to the totals.
  void add_weights(const view& s, option_id option) const {
    for (std::uint32_t t = weight_start_[option]; t < weight_start_[option + 1]; ++t)
      s.totals[weight_terms_[t].item] += weight_terms_[t].weight;
  }
  // Whether `option` covers internal item `item` (with Colored: without a color).
  template <bool Colored>
  bool covers(option_id option, std::uint32_t item) const;
  // The index in option_items_ of `item` in `option`, or no_entry; looked for
  // first at the option's `at`-th entry (options built alike list it there).
  static constexpr std::uint32_t no_entry = ~std::uint32_t{0};
  std::uint32_t entry_on(option_id option, std::uint32_t item, std::uint32_t at = 0) const;
  // Marks the primary items of `option` as to be checked again by the pair rule.
  void uncheck(option_id option) {
    for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
      if (option_items_[i] < primary_count_) checked_[option_items_[i]] = covered;
    }
  }

  // The steps of both searches.
  // Covers internal item `item` in state `s`: clears its active options and
  // updates the counters of their primary items. K > 0: every option has K
  // primary items (the loop over them unrolls); K = 0: any number.
  template <int K, bool Colored = false>
  void cover(const view& s, std::uint32_t item, std::uint64_t& updates) const;
  // Gives secondary item `item` the color of entry `entry`: clears the active
  // options that give it another color or none (see the top of the file). In
  // bitset_engine.cpp, called out of line: inlined into apply_option, the
  // colored search ran 5% more instructions.
  void purify(const view& s, std::uint32_t item, std::uint32_t entry, std::uint64_t& updates,
              std::uint64_t& cleansings) const;
  // Takes a just-removed option off the counters of its primary items.
  template <int K, bool Colored = false>
  void take_off(const view& s, std::uint32_t option, std::uint64_t& updates) const {
    if constexpr (Colored) {
      // Entries cleansed by a purification with their own color cost nothing.
      for (std::uint32_t e = colored_start_[option]; e < colored_start_[option + 1]; ++e) {
        updates -=
            s.purified[colored_entries_[e].item - primary_count_] == colored_entries_[e].color;
      }
    }
    updates += (K ? uniform_size_ : option_size_[option]) - 1;
    const std::uint32_t* p =
        K ? primary_items_.data() + option * K : primary_items_.data() + primary_start_[option];
    const std::uint32_t count = K ? K : primary_start_[option + 1] - primary_start_[option];
    for (std::uint32_t t = 0; t < count; ++t)
      --s.counts[p[t]];
  }
  // Sets in `row` (active_words_ words) the options that share an item with
  // `option`, itself included: its items' masks.
  void add_clashes(option_id option, std::uint64_t* row) const {
    for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
      const std::uint32_t k = option_items_[i];
      for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
        row[masks_[m].word] |= masks_[m].mask;
    }
  }
  // Lists item's active options, in order, in branch_options_ from `at` (room
  // for `expected` made first); with `clear`, also clears them from the state.
  [[gnu::always_inline]] std::uint32_t* list_options(const view& s, std::uint32_t item,
                                                     std::uint32_t at, std::uint32_t expected,
                                                     bool clear, std::uint32_t& found) {
    if (at + expected > branch_options_.size()) [[unlikely]] {
      branch_options_.resize(
          std::max<std::size_t>(2 * branch_options_.size(), at + longest_item_ + 1));
    }
    std::uint32_t* const options = branch_options_.data() + at;
    found = 0;
    for (std::uint32_t m = masks_start_[item]; m < masks_start_[item + 1]; ++m) {
      std::uint64_t& word = s.active[masks_[m].word];
      for (std::uint64_t bits = word & masks_[m].mask; bits; bits &= bits - 1) {
        options[found++] = masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
      }
      if (clear) word &= ~masks_[m].mask;
    }
    return options;
  }
  // Frame `index`'s saved state, the arena grown as needed. Inlined: a call
  // from another unit than the loop's (which knew its registers) cost up to 1%
  // of a search's instructions.
  [[gnu::always_inline]] std::uint64_t* frame_state(std::size_t index) {
    const std::size_t need = (index + 1) * state_words_;
    if (arena_.size() < need) arena_.resize(std::max(need, arena_.size() * 2));
    return arena_.data() + index * state_words_;
  }

  // Static lists: each item's options (only options with a primary item, the
  // only ones a search can choose) as masks, and each option's primary items.
  std::vector<std::uint32_t> masks_start_;
  std::vector<option_mask> masks_;
  std::vector<std::uint32_t> primary_start_;
  std::vector<std::uint32_t> primary_items_;
  std::vector<std::uint32_t> option_size_;
  // Colors: each option's colored entries, and for each colored entry (by its
  // index in option_items_) the options that give its item the same color, as
  // masks in the order of the item's own masks.
  struct colored_entry {
    std::uint32_t item;
    std::uint32_t color;
  };
  std::vector<std::uint32_t> colored_start_;
  std::vector<colored_entry> colored_entries_;
  std::vector<std::uint32_t> agree_start_;  // per entry: its range in agree_masks_
  std::vector<std::uint32_t> agree_end_;
  std::vector<option_mask> agree_masks_;
  // K when every option has K primary items and the same number of items in all
  // (uniform_size_), else 0.
  std::uint32_t uniform_primaries_ = 0;
  std::uint32_t uniform_size_ = 0;

  std::uint32_t counts_words_ = 0;  // counters padded to 16-byte vectors
  std::uint32_t active_words_ = 0;
  std::uint32_t purified_words_ = 0;  // with colors: a color per secondary item
  std::uint32_t bounds_words_ = 0;    // with multiplicities: a bound per primary item
  std::uint32_t totals_words_ = 0;    // with weighted items: a total per weighted item
  std::vector<std::uint32_t> slack_;  // with multiplicities: upper - lower, per primary item
  std::uint32_t state_words_ = 0;
  std::vector<std::uint64_t> pristine_;  // no preselection
  std::vector<std::uint64_t> base_;      // the preselection applied
  // Preselecting only clears active bits and marks items covered; the counters
  // are rebuilt once, before the next search. For a Sudoku's givens that is a
  // fraction of the work of covering them one by one.
  bool base_stale_ = false;
  std::vector<std::uint64_t> scratch_;  // recount_base's removed options
  std::vector<std::uint64_t> work_;     // the search's current state

  // Search state. Plain arrays with counts: the loop must not call out to
  // vector's growth paths.
  std::vector<std::uint64_t> arena_;  // saved states, one per frame
  std::vector<frame> frames_;
  std::uint32_t frame_count_ = 0;
  std::vector<std::uint32_t> branch_options_;
  std::uint32_t branch_top_ = 0;
  std::vector<option_id> chosen_;
  std::uint32_t chosen_count_ = 0;
  std::vector<std::uint32_t> scratch_items_;  // items found by a scan
  // For small plain problems: per option, the options that share an item with
  // it (itself included), as a whole bitset of active_words_ words.
  std::vector<std::uint64_t> conflicts_;

  // Branching on conflicts (search.hpp): per primary item, how often an option
  // it branched on met a dead end, or a dead end left it without an option,
  // halved for all every decay_period dead ends.
  static constexpr std::uint32_t decay_period = 1u << 14;
  static constexpr std::uint64_t score_prior = 256;  // what the fewest options weigh
  std::vector<std::uint32_t> scores_;
  std::uint32_t until_decay_ = decay_period;
  // A fresh search starts with no scores.
  void forget_conflicts() {
    scores_.assign(primary_count_, 0);
    until_decay_ = decay_period;
  }
  // A dead end: blame an item (the branch saved last, the item left empty).
  void blame(std::uint32_t item) {
    ++scores_[item];
    if (--until_decay_ == 0) {
      until_decay_ = decay_period;
      for (std::uint32_t& score : scores_)
        score >>= 1;
    }
  }
  // The uncovered item with the greatest (score + prior) / options, the
  // leftmost of equals; `best` is the leftmost with the fewest, the answer when
  // no score has spoken. Compared as cross products: no division.
  std::uint32_t most_conflicted(const Count* counts, std::uint32_t best) const {
    std::uint64_t weight = scores_[best] + score_prior, options = counts[best];
    for (std::uint32_t k = 0; k < primary_count_; ++k) {
      if (counts[k] == covered) continue;
      const std::uint64_t w = scores_[k] + score_prior;
      if (w * options > weight * counts[k]) {
        weight = w;
        options = counts[k];
        best = k;
      }
    }
    return best;
  }

  // The pair rule: per primary item A, the most options it shares with another
  // item (0: none; padded like the counters; empty until a search asks for the
  // rule), and the counters as they were when last checked (outside the saved
  // states: see the backtracking).
  std::vector<Count> pair_reach_;
  // Per primary item: how often the rule checked it, up to reach_found, when
  // its reach is found (find_reach); until then its reach is the most a
  // counter says.
  static constexpr std::uint8_t reach_found = 4;
  std::vector<std::uint8_t> reach_state_;
  std::vector<std::uint32_t> reach_shared_, reach_touched_;  // find_reach's scratch
  std::vector<Count> checked_;
  std::vector<std::uint32_t> scratch_options_;  // the options of the item checked
  std::vector<std::uint32_t> colors_;           // with colors: an entry of each color A gives B
  std::vector<std::uint64_t> color_mark_;       // those colors as bits, by color number
  std::vector<std::uint64_t> keep_words_;       // the options of those colors, by word (else 0)
  // The weight rule: per weighted item, its carriers (primary items none of
  // whose options share a weighted option with another carrier of the item),
  // each with all its options and their weights on the item (0 for most), and
  // its free options (weighted but on no carrier). A carrier must be covered
  // once, so while it is not, it adds one of its options' weights; a free
  // option adds its weight or nothing. Carriers come in groups whose options
  // of equal weight exclude each other (a killer's cells in one row: the same
  // digit twice would cover that row's item twice), so the group's carriers
  // add different weights: its total is at least its k smallest weights left
  // (k carriers uncovered). Such a group keeps its weights as bits above a
  // base; a carrier whose weights do not fit 64 bits is a group alone.
  struct weighted_option {
    std::uint32_t option;
    std::uint32_t bit;  // in a group of bits: weight - base
    std::int64_t weight;
  };
  struct carrier_group {
    std::uint32_t begin, end;  // its carriers in carriers_
    std::int64_t base;
    bool bits;
  };
  // The bounds of a group at the node the rule checks (scratch): with k of its
  // carriers uncovered, the sums of the k and k - 1 smallest and largest of
  // its weights left (their bits in `left`).
  struct group_bounds {
    std::uint32_t k;
    std::uint64_t left;
    std::int64_t low, low_but_one, high, high_but_one;
    // The bits of the (k - 1)-th smallest and largest weights left: a weight
    // at or below the first is among the k - 1 smallest (k >= 2).
    std::uint32_t low_edge, high_edge;
    // With each carrier's own least and greatest weight: tighter (distinct_extremes,
    // bitset_weight_rule.hpp).
    std::int64_t tight_low, tight_high;
  };
  // The weight rule's exact case of two or three carriers left
  // (bitset_weight_rule.hpp).
  template <class RemoveBits>
  bool exact_few(const carrier_group* first, const carrier_group* last, const view& s,
                 std::int64_t lower, std::int64_t upper, RemoveBits&& remove_bits) const;
  std::vector<std::uint32_t> groups_start_;  // per weighted item: its range in groups_
  std::vector<carrier_group> groups_;
  std::vector<group_bounds> group_bounds_;
  std::vector<std::uint32_t> carriers_;  // primary items
  // Scratch of the weight rule: each uncovered carrier's weights left, as bits.
  std::vector<std::uint64_t> carrier_left_;
  std::vector<std::uint32_t> carrier_options_start_;  // per carrier: its range below
  std::vector<weighted_option> carrier_options_;
  // Per carrier, when its options are consecutive (first, first + count) and
  // their weights' bits too, from `bit`: its weights left are then one shift
  // of the active bits (a Sudoku cell's digits). count 0: walk the options.
  struct carrier_run {
    std::uint32_t first, count, bit;
  };
  std::vector<carrier_run> carrier_runs_;
  std::vector<std::uint32_t> free_start_;  // per weighted item: its range in free_options_
  std::vector<weighted_option> free_options_;
  // Per weighted item, its state when the rule last found it consistent and
  // removed nothing (outside the saved states, forgotten on backtracking).
  struct weight_signature {
    std::int64_t total;
    std::uint32_t covered;  // carriers covered
    std::uint32_t free;     // free options active
    std::uint64_t live;     // the other carriers' counters added up
    friend bool operator==(const weight_signature&, const weight_signature&) = default;
  };
  std::vector<weight_signature> weight_seen_;
  void forget_weight_checks() {
    std::fill(weight_seen_.begin(), weight_seen_.end(), weight_signature{0, ~0U, 0, 0});
  }
  [[nodiscard]] bool marked_color(std::int64_t c) const {
    return (color_mark_[static_cast<std::size_t>(c) / 64] >> (c % 64) & 1) != 0;
  }
};

// Here so that both searches' loops can inline it (covering is most of their
// work).

template <class Count>
template <int K, bool Colored>
inline void bitset_engine<Count>::cover(const view& s, std::uint32_t item,
                                        std::uint64_t& updates) const {
  ++updates;
  // A primary item's counter says how many active options remain to be found:
  // stop scanning its masks once they are, and skip it at once when none are.
  // Late in a search most counters are 0 or 1. Secondary items have no counter.
  std::uint32_t left = item < primary_count_ ? s.counts[item] : ~std::uint32_t{0};
  const option_mask* m = masks_.data() + masks_start_[item];
  const option_mask* const end = masks_.data() + masks_start_[item + 1];
  for (; left != 0 && m != end; ++m) {
    std::uint64_t& word = s.active[m->word];
    std::uint64_t gone = word & m->mask;
    word &= ~m->mask;
    for (; gone; gone &= gone - 1) {
      take_off<K, Colored>(s, m->word * 64 + static_cast<std::uint32_t>(std::countr_zero(gone)),
                           updates);
      --left;
    }
  }
  if (item < primary_count_) {
    s.counts[item] = covered;
    --*s.remaining;
  }
}

}  // namespace dlx::detail
