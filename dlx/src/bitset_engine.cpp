// Algorithm X over a bitset of active options, for small problems.
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
// The engine makes exactly the choices of the dancing-links engine: the leftmost
// primary item with the fewest options (a vectorised scan of the counters, in
// which covered items never win), its options in the problem's order, the same random draws when
// seeded. It also counts nodes and updates the same way (covering an item costs 1, plus the other
// items of every option it removes). So both engines find the same solutions in
// the same order with the same statistics, and each checks the other.
//
// Colors (Knuth's DLX2). The state also holds, per secondary item, the color it
// has been given (0: none yet). Choosing an option with x:c "purifies" x: the
// active options that give x another color, or none, are cleared, and those that
// agree stay. As in DLX2, an entry whose item is purified with its own color is
// "cleansed": removing its option costs no update there. So an option removed
// costs its size minus one minus its cleansed entries, and a purification counts
// one cleansing plus one per option that agrees.
//
// Multiplicities (Knuth's DLX3). The state also holds each primary item's
// residual bound. A level branches on the item of smallest branching degree
// (which is also the number of its alternatives) in one of DLX3's three ways:
// covered outright (residual bound 1, no slack: its options in turn, as above);
// covered with slack left (its options in turn, then the "null" move that takes
// none); or tweaked (bound left: its options in turn, each one removed for good
// before it is tried, for as long as enough remain to reach the lower bound,
// then possibly the null move). A tweaked branch keeps its cumulative removals in
// its saved state. Same choices, same counts as the dancing-links engine.
//
// Propagation (search.hpp). Forced moves are found by the same scan as a node
// (the leftmost smallest counter, a 1) and taken without a node or a saved
// state. The pair rule runs when no forced move is left, on the items whose
// counters changed since they were last checked and are within their reach
// (the most options they share with another item): the other item must be one
// of the first remaining option's. The "last checked" counters live outside the
// saved states: the rule always reaches a fixpoint just before a branch, so on
// backtracking they are the restored counters, minus the items that lost an
// option when the branching item was covered.
//
// Why: for 9x9 Sudoku (324 items, 729 options) the whole state is about 520 bytes.
// Copying it at a branch costs less than uncovering, and most nodes are forced.
// Preselected options (a puzzle's givens) only clear bits; the counters are
// rebuilt once before the search. Measured figures are in bench/README.md.
#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "counter_scan.hpp"
#include "engine.hpp"

namespace dlx::detail {

namespace {

inline void set_bit(std::uint64_t* bits, std::uint32_t i) {
  bits[i >> 6] |= std::uint64_t{1} << (i & 63);
}

// Some of an item's options: those in one word of the active bitset.
struct option_mask {
  std::uint32_t word;
  std::uint64_t mask;
};

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

  // A view of one state: counters, then the active bitset, then the number of
  // primary items left, then (with colors) each secondary item's color.
  struct view {
    Count* counts;
    std::uint64_t* active;
    std::uint64_t* remaining;
    std::uint32_t* purified;  // indexed by internal item - primary_count_
    std::uint32_t* bounds;    // with multiplicities: each primary item's residual bound
  };
  view at(std::uint64_t* words) const {
    std::uint64_t* active = words + counts_words_;
    std::uint64_t* remaining = active + active_words_;
    return {reinterpret_cast<Count*>(words), active, remaining,
            reinterpret_cast<std::uint32_t*>(remaining + 1),
            reinterpret_cast<std::uint32_t*>(remaining + 1 + purified_words_)};
  }

  // A place where the search branched: its state after covering the item it
  // branched on (in the arena), and that item's options, to try in turn.
  struct frame {
    std::uint32_t level;
    std::uint32_t options_begin;  // in branch_options_
    std::uint32_t options_count;
    std::uint32_t next;    // index of the option tried last
    std::uint32_t start;   // index of the option tried first
    std::uint32_t item;    // with multiplicities: the item branched on
    std::uint32_t mode;    // with multiplicities: how it branches (see run_multi)
    std::uint32_t degree;  // its alternatives, and how many were tried (the guesses)
    std::uint32_t tried;
  };

  void apply_preselected(option_id option) override;
  bool preselect_quickly(std::span<const option_id> options) override;
  void revert_preselection(std::size_t keep) override;
  bool nothing_to_cover() const override {
    // Preselected items are marked covered at once, so this needs no recount.
    const Count* counts = reinterpret_cast<const Count*>(base_.data());
    return std::all_of(counts, counts + primary_count_, [](Count c) { return c == covered; });
  }
  bool supports(propagation p) const noexcept override {
    return p == propagation::none || !multiplicities();
  }
  bool advance(bool fresh) override {
    if (fresh && base_stale_) recount_base();
    if (options_->propagation != propagation::none) {
      if (options_->propagation == propagation::pairs && pair_reach_.empty()) build_reach();
      if (colored()) {
        return randomized_ ? run<true, 0, true, true>(fresh) : run<false, 0, true, true>(fresh);
      }
      if (randomized_) return run<true, 0, false, true>(fresh);
      switch (uniform_primaries_) {
        case 2:
          return run<false, 2, false, true>(fresh);
        case 3:
          return run<false, 3, false, true>(fresh);
        case 4:
          return run<false, 4, false, true>(fresh);
        default:
          return run<false, 0, false, true>(fresh);
      }
    }
    if (multiplicities()) {
      if (colored())
        return randomized_ ? run_multi<true, true>(fresh) : run_multi<false, true>(fresh);
      return randomized_ ? run_multi<true, false>(fresh) : run_multi<false, false>(fresh);
    }
    if (colored()) return randomized_ ? run<true, 0, true>(fresh) : run<false, 0, true>(fresh);
    if (randomized_) return run<true, 0>(fresh);
    switch (uniform_primaries_) {
      case 2:
        return run<false, 2>(fresh);
      case 3:
        return run<false, 3>(fresh);
      case 4:
        return run<false, 4>(fresh);
      default:
        return run<false, 0>(fresh);
    }
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

  template <bool Randomized, int K, bool Colored = false, bool Propagate = false>
  bool run(bool fresh);
  // Covers the items of `option` other than the one it was chosen for (already
  // covered), in DLX2's order with colors.
  template <int K, bool Colored>
  void apply_option(const view& s, option_id option, std::uint64_t& updates,
                    std::uint64_t& cleansings) const;
  // The smallest counter with ties broken at random; its value in `fewest`.
  std::uint32_t random_leftmost_min(const view& s, std::uint32_t& fewest);
  // The pair rule (search.hpp), to a fixpoint.
  // True when it removed an option.
  template <int K, bool Colored>
  bool eliminate_pairs(const view& s, std::uint64_t& updates, std::uint64_t& eliminated);
  void build_reach();
  // Whether `option` covers internal item `item` (with Colored: without a color).
  template <bool Colored>
  bool covers(option_id option, std::uint32_t item) const {
    for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
      if (option_items_[i] == item) return !Colored || option_colors_[i] == 0;
    }
    return false;
  }
  // Marks the primary items of `option` as to be checked again by the pair rule.
  void uncheck(option_id option) {
    for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
      if (option_items_[i] < primary_count_) checked_[option_items_[i]] = covered;
    }
  }
  template <bool Randomized, bool Colored>
  bool run_multi(bool fresh);
  // Commits the entries of `option` other than item `skip`'s, in DLX3's order
  // (from the entry after skip's, wrapping around): a primary item counts one
  // use, and is covered when its bound runs out; a secondary item is covered or
  // purified.
  template <bool Colored>
  void commit_multi(const view& s, option_id option, std::uint32_t skip, std::uint64_t& updates,
                    std::uint64_t& cleansings) const;
  // Covers internal item `item` in state `s`: clears its active options and
  // updates the counters of their primary items. K > 0: every option has K
  // primary items (the loop over them unrolls); K = 0: any number.
  template <int K, bool Colored = false>
  void cover(const view& s, std::uint32_t item, std::uint64_t& updates) const;
  // Gives secondary item `item` the color of entry `entry`: clears the active
  // options that give it another color or none (see the top of the file).
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
  // Covers primary item `item` as a node does: lists its active options (as
  // list_options, clearing them) and takes each off its items' counters, in
  // one pass over its masks. Returns the list; `found` is its length.
  template <int K, bool Colored>
  [[gnu::always_inline]] std::uint32_t* list_and_cover(const view& s, std::uint32_t item,
                                                       std::uint32_t at, std::uint32_t expected,
                                                       std::uint64_t& updates,
                                                       std::uint32_t& found) {
    std::uint32_t* const options = list_options(s, item, at, expected, true, found);
    ++updates;
    for (std::uint32_t t = 0; t < found; ++t)
      take_off<K, Colored>(s, options[t], updates);
    s.counts[item] = covered;
    --*s.remaining;
    return options;
  }
  // Brings base_'s counters and count of items left up to date
  // with its active options, after preselections changed them.
  void recount_base();
  // Adds Delta to the counters of the primary items of every option in `options`.
  template <int K, int Delta>
  void add_to_counts(Count* counts, const std::uint64_t* options) const;
  std::uint64_t* frame_state(std::size_t index) {
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

  // The pair rule: per primary item A, the most options it shares with another
  // item (0: none; padded like the counters; empty until a search asks for the
  // rule), and the counters as they were when last checked (outside the saved
  // states: see the backtracking).
  std::vector<Count> pair_reach_;
  std::vector<Count> checked_;
  std::vector<std::uint32_t> scratch_options_;  // the options of the item checked
};

template <class Count>
bitset_engine<Count>::bitset_engine(const problem& p) : engine(p) {
  const std::uint32_t n = item_count_, primaries = primary_count_;
  const auto options = static_cast<std::uint32_t>(option_count());
  active_words_ = (options + 63) / 64;

  // Each item's options, grouped by word of the active bitset, in option order.
  std::vector<std::vector<option_mask>> masks(n);
  for (option_id o = 0; o < options; ++o) {
    if (!option_has_primary_[o]) continue;
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      auto& m = masks[option_items_[i]];
      if (m.empty() || m.back().word != o / 64) m.push_back({o / 64, 0});
      m.back().mask |= std::uint64_t{1} << (o % 64);
    }
  }
  masks_start_.push_back(0);
  for (const auto& m : masks) {
    masks_.insert(masks_.end(), m.begin(), m.end());
    masks_start_.push_back(static_cast<std::uint32_t>(masks_.size()));
  }

  primary_start_.push_back(0);
  for (option_id o = 0; o < options; ++o) {
    option_size_.push_back(option_start_[o + 1] - option_start_[o]);
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      if (option_items_[i] < primaries) primary_items_.push_back(option_items_[i]);
    }
    primary_start_.push_back(static_cast<std::uint32_t>(primary_items_.size()));
  }
  // The unrolled loops index primary_items_ by option * K, so every option must
  // have exactly K primary items, the never-chosen ones without any included.
  for (option_id o = 0; o < options; ++o) {
    const std::uint32_t k = primary_start_[o + 1] - primary_start_[o];
    if (o == 0) {
      uniform_primaries_ = k;
      uniform_size_ = option_size_[o];
    }
    if (k != uniform_primaries_ || option_size_[o] != uniform_size_) uniform_primaries_ = 0;
  }

  if (colored()) {
    uniform_primaries_ = 0;  // the colored search uses the general loops
    colored_start_.push_back(0);
    // Options that give item k color c, grouped per (k, c), as masks.
    std::vector<std::vector<option_mask>> groups;
    std::vector<std::uint32_t> group_of_entry(option_items_.size(), 0);
    std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> by_item(n);  // (c, group)
    for (option_id o = 0; o < options; ++o) {
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t c = entry_color(i);
        if (c == 0) continue;
        const std::uint32_t k = option_items_[i];
        colored_entries_.push_back({k, c});
        std::uint32_t g = ~std::uint32_t{0};
        for (auto [cc, gg] : by_item[k]) {
          if (cc == c) g = gg;
        }
        if (g == ~std::uint32_t{0}) {
          g = static_cast<std::uint32_t>(groups.size());
          groups.emplace_back();
          by_item[k].emplace_back(c, g);
        }
        group_of_entry[i] = g;
        if (!option_has_primary_[o]) continue;  // never active
        auto& m = groups[g];
        if (m.empty() || m.back().word != o / 64) m.push_back({o / 64, 0});
        m.back().mask |= std::uint64_t{1} << (o % 64);
      }
      colored_start_.push_back(static_cast<std::uint32_t>(colored_entries_.size()));
    }
    std::vector<std::uint32_t> group_start;
    for (const auto& m : groups) {
      group_start.push_back(static_cast<std::uint32_t>(agree_masks_.size()));
      agree_masks_.insert(agree_masks_.end(), m.begin(), m.end());
    }
    group_start.push_back(static_cast<std::uint32_t>(agree_masks_.size()));
    agree_start_.assign(option_items_.size(), 0);
    agree_end_.assign(option_items_.size(), 0);
    for (std::uint32_t i = 0; i < option_items_.size(); ++i) {
      if (entry_color(i) == 0) continue;
      agree_start_[i] = group_start[group_of_entry[i]];
      agree_end_[i] = group_start[group_of_entry[i] + 1];
    }
    purified_words_ = (n - primaries + 1) / 2;
  }

  std::uint64_t total_upper = primaries;
  if (!upper_.empty()) {
    uniform_primaries_ = 0;
    bounds_words_ = (primaries + 1) / 2;
    slack_.resize(primaries);
    total_upper = 0;
    for (std::uint32_t k = 0; k < primaries; ++k) {
      slack_[k] = upper_[k] - lower_[k];
      total_upper += upper_[k];
    }
  }

  counts_words_ = static_cast<std::uint32_t>((primaries * sizeof(Count) + 15) / 16 * 2);
  state_words_ = counts_words_ + active_words_ + 1 + purified_words_ + bounds_words_;
  pristine_.assign(state_words_, 0);
  const view s = at(pristine_.data());
  std::fill(s.counts, s.counts + counts_words_ * 8 / sizeof(Count), covered);  // the padding
  for (std::uint32_t k = 0; k < primaries; ++k) {
    std::uint32_t length = 0;
    for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m) {
      length += static_cast<std::uint32_t>(std::popcount(masks_[m].mask));
    }
    s.counts[k] = static_cast<Count>(length);
  }
  for (option_id o = 0; o < options; ++o) {
    if (option_has_primary_[o]) set_bit(s.active, o);
  }
  *s.remaining = primaries;
  if (multiplicities()) std::copy(upper_.begin(), upper_.end(), s.bounds);
  base_ = pristine_;
  work_ = pristine_;
  scratch_.resize(active_words_);
  // A level chooses an option (each at most once, at most the sum of the upper
  // bounds) or, with multiplicities, closes an item with a null move.
  const std::uint64_t levels = multiplicities()
                                   ? std::min<std::uint64_t>(total_upper, options) + primaries + 1
                                   : primaries + 1;
  frames_.resize(levels);
  chosen_.resize(levels);
  scratch_items_.resize(counts_words_ * 8 / sizeof(Count));
  // Up to 1,024 options (a 9x9 Sudoku has 729), each option's conflicts as a
  // whole bitset: preselecting it is then a dozen AND-NOTs (at most 128 KB).
  if (options <= 1024 && !colored() && !multiplicities()) {
    conflicts_.assign(std::size_t{options} * active_words_, 0);
    for (option_id o = 0; o < options; ++o) {
      std::uint64_t* const row = conflicts_.data() + std::size_t{o} * active_words_;
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        const std::uint32_t k = option_items_[i];
        for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m)
          row[masks_[m].word] |= masks_[m].mask;
      }
    }
  }
}

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

template <class Count>
void bitset_engine<Count>::purify(const view& s, std::uint32_t item, std::uint32_t entry,
                                  std::uint64_t& updates, std::uint64_t& cleansings) const {
  ++cleansings;
  const option_mask* agree = agree_masks_.data() + agree_start_[entry];
  const option_mask* const agree_end = agree_masks_.data() + agree_end_[entry];
  for (std::uint32_t m = masks_start_[item]; m < masks_start_[item + 1]; ++m) {
    std::uint64_t& word = s.active[masks_[m].word];
    const std::uint64_t here = word & masks_[m].mask;
    std::uint64_t same = 0;
    if (agree != agree_end && agree->word == masks_[m].word) same = here & (agree++)->mask;
    cleansings += static_cast<std::uint64_t>(std::popcount(same));
    std::uint64_t gone = here & ~same;
    word &= ~gone;
    for (; gone; gone &= gone - 1) {
      take_off<0, true>(s, masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(gone)),
                        updates);
    }
  }
  s.purified[item - primary_count_] = entry_color(entry);
}

template <class Count>
void bitset_engine<Count>::apply_preselected(option_id option) {
  const view s = at(base_.data());
  for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
    const std::uint32_t k = option_items_[i];
    const std::uint32_t color = entry_color(i);
    if (color != 0) {
      // Purify: keep only the options that agree (the conflict check has made
      // sure that no other color was set here before).
      if (s.purified[k - primary_count_] == color) continue;
      const option_mask* agree = agree_masks_.data() + agree_start_[i];
      const option_mask* const agree_end = agree_masks_.data() + agree_end_[i];
      for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m) {
        std::uint64_t keep = 0;
        if (agree != agree_end && agree->word == masks_[m].word) keep = (agree++)->mask;
        s.active[masks_[m].word] &= ~(masks_[m].mask & ~keep);
      }
      s.purified[k - primary_count_] = color;
      continue;
    }
    if (multiplicities() && k < primary_count_ && --s.bounds[k] != 0) continue;  // uses left
    for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m) {
      s.active[masks_[m].word] &= ~masks_[m].mask;
    }
    if (k < primary_count_) s.counts[k] = covered;
  }
  if (option_has_primary_[option]) s.active[option / 64] &= ~(std::uint64_t{1} << (option % 64));
  base_stale_ = true;
}

template <class Count>
bool bitset_engine<Count>::preselect_quickly(std::span<const option_id> options) {
  // Without colors or multiplicities an option with a primary item can be
  // preselected exactly when it is still active: covering an item clears all
  // its options. So the clash check is one bit, and the generic path runs only
  // for a clash (to name it) or an option without primary items.
  if (colored() || multiplicities()) return false;
  const view s = at(base_.data());
  for (option_id o : options) {
    if (!(s.active[o / 64] >> (o % 64) & 1)) {
      revert_preselection(preselected().size());  // drop this call's options
      return false;
    }
    if (conflicts_.empty()) {
      apply_preselected(o);  // item by item
      continue;
    }
    // Small problems: every option it rules out, at once.
    const std::uint64_t* const gone = conflicts_.data() + std::size_t{o} * active_words_;
    for (std::uint32_t w = 0; w < active_words_; ++w)
      s.active[w] &= ~gone[w];
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      if (option_items_[i] < primary_count_) s.counts[option_items_[i]] = covered;
    }
  }
  base_stale_ = true;
  return true;
}

template <class Count>
void bitset_engine<Count>::revert_preselection(std::size_t keep) {
  // No links to undo: start again from nothing and apply the ones to keep.
  std::copy(pristine_.begin(), pristine_.end(), base_.begin());
  base_stale_ = false;
  const auto chosen = preselected();
  for (std::size_t j = 0; j < keep; ++j)
    apply_preselected(chosen[j]);
}

template <class Count>
template <int K, int Delta>
void bitset_engine<Count>::add_to_counts(Count* counts, const std::uint64_t* options) const {
  const std::uint32_t* const primary = primary_items_.data();
  for (std::uint32_t w = 0; w < active_words_; ++w) {
    for (std::uint64_t bits = options[w]; bits; bits &= bits - 1) {
      const auto option = w * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
      const std::uint32_t* p = K ? primary + option * K : primary + primary_start_[option];
      const std::uint32_t n = K ? K : primary_start_[option + 1] - primary_start_[option];
      for (std::uint32_t t = 0; t < n; ++t)
        counts[p[t]] = static_cast<Count>(counts[p[t]] + Delta);
    }
  }
}

template <class Count>
void bitset_engine<Count>::recount_base() {
  const view s = at(base_.data());
  const view p = at(pristine_.data());
  // Count the options still active from zero, or take the removed ones off the
  // pristine counters, whichever visits fewer options: a Sudoku's givens remove
  // about 550 of 729 options, leaving about 180 to count.
  std::vector<std::uint64_t>& gone = scratch_;
  std::size_t active = 0, removed = 0;
  for (std::uint32_t w = 0; w < active_words_; ++w) {
    gone[w] = p.active[w] & ~s.active[w];
    active += static_cast<std::size_t>(std::popcount(s.active[w]));
    removed += static_cast<std::size_t>(std::popcount(gone[w]));
  }
  const bool up = active < removed;
  if (up) {
    std::fill(s.counts, s.counts + primary_count_, Count{0});
  } else {
    std::copy(p.counts, p.counts + primary_count_, s.counts);
  }
  const std::uint64_t* which = up ? s.active : gone.data();
  switch (uniform_primaries_) {
    case 2:
      up ? add_to_counts<2, 1>(s.counts, which) : add_to_counts<2, -1>(s.counts, which);
      break;
    case 3:
      up ? add_to_counts<3, 1>(s.counts, which) : add_to_counts<3, -1>(s.counts, which);
      break;
    case 4:
      up ? add_to_counts<4, 1>(s.counts, which) : add_to_counts<4, -1>(s.counts, which);
      break;
    default:
      up ? add_to_counts<0, 1>(s.counts, which) : add_to_counts<0, -1>(s.counts, which);
      break;
  }
  // Then the covered marks (with multiplicities: the items with no use left),
  // and the number of items left.
  if (multiplicities()) {
    for (std::uint32_t k = 0; k < primary_count_; ++k) {
      if (s.bounds[k] == 0) s.counts[k] = covered;
    }
  } else {
    for (option_id o : preselected()) {
      for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
        if (option_items_[i] < primary_count_) s.counts[option_items_[i]] = covered;
      }
    }
  }
  *s.remaining = static_cast<std::uint64_t>(
      std::count_if(s.counts, s.counts + primary_count_, [](Count c) { return c != covered; }));
  base_stale_ = false;
}

template <class Count>
template <bool Randomized, int K, bool Colored, bool Propagate>
bool bitset_engine<Count>::run(bool fresh) {
  const std::uint32_t primaries = primary_count_;
  const bool pairs = Propagate && options_->propagation == propagation::pairs;
  // With the pair rule, each state carries the counters as they were when its
  // items were last checked against their pairs (see eliminate_pairs).
  const std::size_t state_bytes = std::size_t{state_words_} * 8;
  const view s = at(work_.data());
  option_id* const chosen = chosen_.data();
  frame* const frames = frames_.data();
  std::uint64_t updates = result_.updates;
  std::uint64_t nodes = result_.nodes;
  std::uint64_t branches = result_.branches;
  std::uint64_t guesses = result_.guesses;
  std::uint64_t cleansings = result_.cleansings;
  std::uint64_t forced = result_.forced;
  std::uint64_t eliminated = result_.eliminated;
  std::uint32_t max_level = result_.max_level;
  std::uint32_t level = chosen_count_;
  std::uint32_t frame_count = frame_count_;
  std::uint32_t branch_top = branch_top_;
  bool entering = fresh;
  if (fresh) {
    std::memcpy(work_.data(), base_.data(), state_bytes);
    // Nothing checked yet: every counter differs from "covered".
    if (pairs) std::fill(checked_.begin(), checked_.end(), covered);
    level = frame_count = branch_top = 0;
  }
  auto save = [&] {
    result_.updates = updates;
    result_.nodes = nodes;
    result_.branches = branches;
    result_.guesses = guesses;
    result_.cleansings = cleansings;
    result_.forced = forced;
    result_.eliminated = eliminated;
    result_.max_level = max_level;
    frame_count_ = frame_count;
    branch_top_ = branch_top;
  };

  for (;;) {
    option_id option = 0;  // the option to try next
    bool have_option = false;
    if (entering) {
      if (nodes >= next_checkpoint_) {
        save();
        chosen_count_ = level;
        const verdict v = checkpoint(level);
        if (v == verdict::stop) return false;
        entering = v == verdict::proceed;  // pruned: back up as from a dead end, uncounted
      }
    }
    if (entering) {
      ++nodes;
      if (sanity_checks && sanity_due(nodes) && !check_invariants())
        broken_invariant("bitset search");

      // The leftmost primary item with the fewest options.
      std::uint32_t best = 0;
      std::uint32_t fewest = 0;
      if constexpr (Propagate) {
        // Forced moves and eliminations, until the search must branch, fails
        // or has a solution. A forced move is found as the search without
        // propagation finds it (the leftmost smallest counter, a 1), which
        // also meets a dead end as soon as there is one; only the node around
        // it is saved. (Taking every single of one scan at once measured
        // slower: a move that empties an item goes unnoticed until the next
        // scan, and checking for that after every move costs a scan.)
        bool solved = false;
        for (;;) {
          best = leftmost_min(s.counts, primaries);
          fewest = s.counts[best];
          if (fewest == 1) {
            std::uint32_t found = 0;
            const std::uint32_t* const only =
                list_and_cover<K, Colored>(s, best, branch_top, 1, updates, found);
            chosen[level++] = only[0];
            ++forced;
            apply_option<K, Colored>(s, only[0], updates, cleansings);
            if (*s.remaining != 0) continue;
            solved = true;
            break;
          }
          // The pair rule only when no forced move is left (most nodes are dead
          // ends, found by forced moves alone); forced moves again if it removed
          // anything.
          if (fewest >= 2 && pairs && eliminate_pairs<K, Colored>(s, updates, eliminated)) continue;
          break;
        }
        max_level = std::max(max_level, level);
        if (solved) {
          ++result_.solutions;
          save();
          chosen_count_ = level;
          return true;
        }
        if (Randomized && fewest >= 2) best = random_leftmost_min(s, fewest);
      } else {
        max_level = std::max(max_level, level);
        if constexpr (Randomized) {
          best = random_leftmost_min(s, fewest);
        } else {
          best = leftmost_min(s.counts, primaries);
          fewest = s.counts[best];
        }
      }

      // Note `best`'s active options, in order, and cover it. Without
      // propagation a dead end covers its empty item too, as DLX1 does (one
      // update); with it, a dead end just backs up.
      if (!Propagate || fewest > 0) {
        std::uint32_t found = 0;
        std::uint32_t* const options =
            list_and_cover<K, Colored>(s, best, branch_top, fewest, updates, found);
        if (fewest > 0) {
          std::uint32_t first = 0;
          if constexpr (Randomized) first = random_below(rng_, fewest);
          option = options[first];
          have_option = true;
          if (fewest >= 2) {
            ++branches;
            ++guesses;  // another option remains
            std::memcpy(frame_state(frame_count), work_.data(), state_bytes);
            frames[frame_count++] = {level, branch_top, fewest, first, first, best, 0, fewest, 1};
            branch_top += fewest;
          }
        }
      }
    }
    while (!have_option) {
      // Back to the most recent branch with an option left to try.
      if (frame_count == floor_) {
        save();
        chosen_count_ = level;
        result_.status = search_status::complete;
        return false;
      }
      frame& f = frames[frame_count - 1];
      std::uint32_t next = f.next + 1;
      if constexpr (Randomized) {
        if (next == f.options_count) next = 0;
        if (next == f.start) next = f.options_count;  // wrapped around: all tried
      }
      if (next < f.options_count) {
        f.next = next;
        guesses += ++f.tried < f.degree;
        level = f.level;
        std::memcpy(work_.data(), frame_state(frame_count - 1), state_bytes);
        option = branch_options_[f.options_begin + next];
        have_option = true;
        if (pairs) {
          // The pair rule ran to a fixpoint just before this branch, so every
          // item is as checked then, except those that lost an option when the
          // branching item was covered: check those again.
          std::memcpy(checked_.data(), s.counts, checked_.size() * sizeof(Count));
          for (std::uint32_t t = 0; t < f.options_count; ++t)
            uncheck(branch_options_[f.options_begin + t]);
        }
      } else {
        branch_top = f.options_begin;
        --frame_count;
      }
    }

    chosen[level] = option;
    apply_option<K, Colored>(s, option, updates, cleansings);
    if (*s.remaining == 0) {  // every primary item is covered
      ++nodes;
      ++result_.solutions;
      max_level = std::max(max_level, level + 1);
      save();
      chosen_count_ = level + 1;
      return true;
    }
    ++level;
    entering = true;
  }
}

template <class Count>
template <int K, bool Colored>
inline void bitset_engine<Count>::apply_option(const view& s, option_id option,
                                               std::uint64_t& updates,
                                               std::uint64_t& cleansings) const {
  // Cover the option's other items: all but the one branched on, which is the
  // only item of an active option that can be covered already.
  const std::uint32_t primaries = primary_count_;
  if constexpr (Colored) {
    // In DLX2's order: from the entry after the branching item's, wrapping
    // around. Purifications do not commute in their counts (an option that
    // agrees on one item and not on another is cleansed or not).
    const std::uint32_t begin = option_start_[option], end = option_start_[option + 1];
    std::uint32_t at = begin;
    while (option_items_[at] >= primaries || s.counts[option_items_[at]] != covered)
      ++at;  // the branching item: the one primary item already covered
    for (std::uint32_t step = 1; step < end - begin; ++step) {
      const std::uint32_t i = at + step < end ? at + step : at + step - (end - begin);
      const std::uint32_t k = option_items_[i];
      if (k < primaries) {
        cover<K, true>(s, k, updates);
      } else if (option_colors_[i] == 0) {
        cover<K, true>(s, k, updates);
      } else if (s.purified[k - primaries] != option_colors_[i]) {
        purify(s, k, i, updates, cleansings);
      }
    }
  } else {
    (void)cleansings;
    for (std::uint32_t i = option_start_[option]; i < option_start_[option + 1]; ++i) {
      const std::uint32_t k = option_items_[i];
      if (k >= primaries || s.counts[k] != covered) cover<K>(s, k, updates);
    }
  }
}

template <class Count>
std::uint32_t bitset_engine<Count>::random_leftmost_min(const view& s, std::uint32_t& fewest) {
  // The smallest counter, ties broken at random (the same draws as the
  // dancing-links engine's).
  std::uint32_t best = 0;
  fewest = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t ties = 0;
  for (std::uint32_t k = 0; k < primary_count_; ++k) {
    if (s.counts[k] == covered) continue;
    const std::uint32_t len = s.counts[k];
    if (len < fewest) {
      best = k;
      fewest = len;
      if (len == 0) break;
      ties = 1;
    } else if (len == fewest && random_below(rng_, ++ties) == 0) {
      best = k;
    }
  }
  return best;
}

template <class Count>
template <int K, bool Colored>
bool bitset_engine<Count>::eliminate_pairs(const view& s, std::uint64_t& updates,
                                           std::uint64_t& eliminated) {
  // Only an item whose options changed since it was last checked can newly
  // lie inside another (options only go while the search descends), and only
  // while it has no more options than it shares with some other item (its
  // reach). The other item B must be in every remaining option of A, so it is
  // one of the items of A's first option: no tables beyond the reach.
  const std::uint64_t before = eliminated;
  const std::uint32_t n = primary_count_;
  std::uint32_t* const out = scratch_items_.data();
  Count* const checked = checked_.data();
  const Count* const reach = pair_reach_.data();
  std::uint32_t* const a_options = scratch_options_.data();
  for (;;) {
    std::uint32_t candidates = 0;
#if defined(__SSE2__)
    if constexpr (sizeof(Count) == 1) {
      auto* now = reinterpret_cast<const __m128i*>(s.counts);
      auto* then = reinterpret_cast<__m128i*>(checked);
      auto* most = reinterpret_cast<const __m128i*>(reach);
      const __m128i one = _mm_set1_epi8(1);
      for (std::uint32_t v = 0; v < (n + 15) / 16; ++v) {
        const __m128i c = _mm_loadu_si128(now + v);
        const __m128i same = _mm_cmpeq_epi8(c, _mm_loadu_si128(then + v));
        const __m128i within = _mm_cmpeq_epi8(_mm_min_epu8(c, _mm_loadu_si128(most + v)), c);
        const __m128i single = _mm_cmpeq_epi8(_mm_min_epu8(c, one), c);
        _mm_storeu_si128(then + v, c);
        auto hits = static_cast<unsigned>(
            _mm_movemask_epi8(_mm_andnot_si128(_mm_or_si128(same, single), within)));
        for (; hits; hits &= hits - 1)
          out[candidates++] = v * 16 + static_cast<std::uint32_t>(std::countr_zero(hits));
      }
    } else
#endif
    {
      for (std::uint32_t k = 0; k < n; ++k) {
        const Count c = s.counts[k];
        if (c != checked[k] && c >= 2 && c <= reach[k]) out[candidates++] = k;
        checked[k] = c;
      }
    }
    bool changed = false;
    for (std::uint32_t j = 0; j < candidates; ++j) {
      const std::uint32_t a = out[j];
      const std::uint32_t count_a = s.counts[a];
      if (count_a < 2 || count_a > reach[a]) continue;  // changed since the scan
      std::uint32_t listed = 0;
      for (std::uint32_t m = masks_start_[a]; m < masks_start_[a + 1] && listed < count_a; ++m) {
        for (std::uint64_t bits = s.active[masks_[m].word] & masks_[m].mask; bits;
             bits &= bits - 1) {
          a_options[listed++] =
              masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
        }
      }
      const std::uint32_t first = a_options[0];
      for (std::uint32_t i = option_start_[first]; i < option_start_[first + 1]; ++i) {
        const std::uint32_t b = option_items_[i];
        if (b == a || (Colored && option_colors_[i] != 0)) continue;
        // A primary B with no more options than A has none outside A (or is
        // covered): nothing to remove. Most candidates stop here.
        if (b < n && (s.counts[b] <= count_a || s.counts[b] == covered)) continue;
        bool inside = true;
        for (std::uint32_t t = 1; t < count_a && inside; ++t)
          inside = covers<Colored>(a_options[t], b);
        if (!inside) continue;
        // Every option of A covers B outright: B's options that miss A go.
        for (std::uint32_t m = masks_start_[b]; m < masks_start_[b + 1]; ++m) {
          std::uint64_t& word = s.active[masks_[m].word];
          for (std::uint64_t bits = word & masks_[m].mask; bits; bits &= bits - 1) {
            const auto o = masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
            if (covers<false>(o, a)) continue;
            word &= ~(std::uint64_t{1} << (o % 64));
            take_off<K, Colored>(s, o, updates);
            ++eliminated;
            changed = true;
          }
        }
      }
    }
    if (!changed) return eliminated != before;
  }
}

template <class Count>
void bitset_engine<Count>::build_reach() {
  // For each primary item A, the most options it shares with another item B
  // that it covers without a color in each of them (B then covered outright).
  // Sharing one option would only restate a forced move, so 0 then: A is never
  // checked.
  const std::uint32_t n = item_count_, primaries = primary_count_;
  std::vector<std::uint32_t> shared(n, 0), touched;
  std::vector<std::uint8_t> colored_here(n, 0);
  pair_reach_.assign(counts_words_ * 8 / sizeof(Count), 0);
  std::uint32_t widest = 0;
  for (std::uint32_t a = 0; a < primaries; ++a) {
    for (std::uint32_t m = masks_start_[a]; m < masks_start_[a + 1]; ++m) {
      for (std::uint64_t bits = masks_[m].mask; bits; bits &= bits - 1) {
        const auto o = masks_[m].word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits));
        for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
          const std::uint32_t b = option_items_[i];
          if (shared[b]++ == 0) touched.push_back(b);
          if (entry_color(i) != 0) colored_here[b] = 1;
        }
      }
    }
    std::uint32_t most = 0;
    for (std::uint32_t b : touched) {
      if (b != a && !colored_here[b] && shared[b] >= 2) most = std::max(most, shared[b]);
      shared[b] = 0;
      colored_here[b] = 0;
    }
    touched.clear();
    pair_reach_[a] = static_cast<Count>(std::min<std::uint32_t>(most, covered - 1));
    widest = std::max(widest, most);
  }
  checked_.assign(pair_reach_.size(), covered);
  scratch_options_.resize(std::max<std::size_t>(widest, 1));
}

template <class Count>
template <bool Colored>
inline void bitset_engine<Count>::commit_multi(const view& s, option_id option, std::uint32_t skip,
                                               std::uint64_t& updates,
                                               std::uint64_t& cleansings) const {
  const std::uint32_t begin = option_start_[option], end = option_start_[option + 1];
  std::uint32_t at = begin;
  while (option_items_[at] != skip)
    ++at;
  for (std::uint32_t step = 1; step < end - begin; ++step) {
    const std::uint32_t i = at + step < end ? at + step : at + step - (end - begin);
    const std::uint32_t k = option_items_[i];
    if (k < primary_count_) {
      if (--s.bounds[k] == 0) cover<0, Colored>(s, k, updates);
    } else if (!Colored || option_colors_[i] == 0) {
      cover<0, Colored>(s, k, updates);
    } else if (s.purified[k - primary_count_] != option_colors_[i]) {
      purify(s, k, i, updates, cleansings);
    }
  }
}

// DLX3's search (see the top of the file). Modes of a level: covered with no
// slack (its options), covered with slack (its options, then null), tweaked
// (options removed one by one while enough remain, then maybe null).
template <class Count>
template <bool Randomized, bool Colored>
bool bitset_engine<Count>::run_multi(bool fresh) {
  enum : std::uint32_t { covered_exactly, covered_with_slack, tweaked };
  constexpr option_id null_move = ~option_id{0};
  const std::uint32_t primaries = primary_count_;
  const std::size_t state_bytes = std::size_t{state_words_} * 8;
  const view s = at(work_.data());
  option_id* const chosen = chosen_.data();
  frame* const frames = frames_.data();
  std::uint64_t updates = result_.updates;
  std::uint64_t nodes = result_.nodes;
  std::uint64_t branches = result_.branches;
  std::uint64_t guesses = result_.guesses;
  std::uint64_t cleansings = result_.cleansings;
  std::uint32_t max_level = result_.max_level;
  std::uint32_t level = chosen_count_;
  std::uint32_t frame_count = frame_count_;
  std::uint32_t branch_top = branch_top_;
  bool entering = fresh;
  if (fresh) {
    std::memcpy(work_.data(), base_.data(), state_bytes);
    level = frame_count = branch_top = 0;
  }
  auto save = [&] {
    result_.updates = updates;
    result_.nodes = nodes;
    result_.branches = branches;
    result_.guesses = guesses;
    result_.cleansings = cleansings;
    result_.max_level = max_level;
    frame_count_ = frame_count;
    branch_top_ = branch_top;
  };
  // Alternative j of a tweaked branch on `item`, in the current state (where
  // alternatives 0..j-1 are removed already): its option, the null move, or
  // false when no alternative is left.
  // Applied to the branch's saved state itself when there is one, so that the
  // removals accumulate there and each alternative costs one copy.
  auto tweak = [&](const view& v, std::uint32_t item, const std::uint32_t* options,
                   std::uint32_t count, std::uint32_t j, option_id& option) {
    const auto len = static_cast<std::int64_t>(v.counts[item]);
    if (len <= std::int64_t{v.bounds[item]} - slack_[item]) return false;
    if (j < count) {
      option = options[j];  // removed for good from this branch on
      v.active[option / 64] &= ~(std::uint64_t{1} << (option % 64));
      take_off<0, Colored>(v, option, updates);
      ++updates;
    } else {
      option = null_move;  // the item takes no more options
      v.counts[item] = covered;
      --*v.remaining;
    }
    return true;
  };

  for (;;) {
    option_id option = 0;
    std::uint32_t item = 0;
    bool have_option = false;
    if (entering) {
      if (nodes >= next_checkpoint_) {
        save();
        chosen_count_ = level;
        const verdict v = checkpoint(level);
        if (v == verdict::stop) return false;
        entering = v == verdict::proceed;  // pruned: back up as from a dead end, uncounted
      }
    }
    if (entering) {
      ++nodes;
      if (sanity_checks && sanity_due(nodes) && !check_invariants())
        broken_invariant("bitset search");
      max_level = std::max(max_level, level);

      degree_choice<Randomized> choice;
      for (std::uint32_t k = 0; k < primaries; ++k) {
        if (s.counts[k] != covered) choice.offer(k, s.counts[k], s.bounds[k], slack_[k], rng_);
      }
      const std::int64_t score = choice.score;
      const std::uint32_t best = choice.item;
      if (score > 0) {
        branches += score >= 2;
        item = best;
        const std::uint32_t left = --s.bounds[best];
        // The branching item's active options, in order; cleared if it is covered.
        std::uint32_t found = 0;
        std::uint32_t* const options =
            list_options(s, best, branch_top, s.counts[best], left == 0, found);
        std::uint32_t mode = tweaked;
        std::uint32_t first = 0;
        if (left == 0) {  // covered: its options leave the other items' lists
          mode = slack_[best] == 0 ? covered_exactly : covered_with_slack;
          ++updates;
          for (std::uint32_t t = 0; t < found; ++t)
            take_off<0, Colored>(s, options[t], updates);
          s.counts[best] = covered;
          --*s.remaining;
          if constexpr (Randomized) {
            if (mode == covered_exactly) first = random_below(rng_, found);
          }
        }
        if (mode == tweaked) {
          have_option = tweak(s, best, options, found, 0, option);
        } else if (mode == covered_with_slack && found == 0) {
          option = null_move;
          have_option = true;
        } else {
          option = options[first];
          updates += mode == covered_with_slack;  // DLX3 tweaks it off the item's list
          have_option = true;
        }
        if (score >= 2) {
          // The saved state: for a tweaked branch, after alternative 0's removal.
          std::memcpy(frame_state(frame_count), work_.data(), state_bytes);
          frames[frame_count++] = {level,
                                   branch_top,
                                   found,
                                   first,
                                   first,
                                   best,
                                   mode,
                                   static_cast<std::uint32_t>(score),
                                   have_option ? 1u : 0u};
          guesses += have_option;  // score >= 2: another alternative remains
          branch_top += found;
        }
      }
      // A degree of 0 or less is a dead end: DLX3 backs up without covering.
    }
    while (!have_option) {
      if (frame_count == floor_) {
        save();
        chosen_count_ = level;
        result_.status = search_status::complete;
        return false;
      }
      frame& f = frames[frame_count - 1];
      const std::uint32_t* const options = branch_options_.data() + f.options_begin;
      std::uint32_t next = f.next + 1;
      if constexpr (Randomized) {
        if (f.mode == covered_exactly) {
          if (next == f.options_count) next = 0;
          if (next == f.start) next = f.options_count;  // wrapped around: all tried
        }
      }
      const std::uint32_t alternatives = f.options_count + (f.mode == covered_exactly ? 0 : 1);
      if (next < alternatives) {
        std::uint64_t* const saved = frame_state(frame_count - 1);
        item = f.item;
        if (f.mode == tweaked) {
          have_option = tweak(at(saved), f.item, options, f.options_count, next, option);
          std::memcpy(work_.data(), saved, state_bytes);
        } else if (next < f.options_count) {
          std::memcpy(work_.data(), saved, state_bytes);
          option = options[next];
          updates += f.mode == covered_with_slack;
          have_option = true;
        } else {
          std::memcpy(work_.data(), saved, state_bytes);
          option = null_move;
          have_option = true;
        }
        if (have_option) {
          f.next = next;
          guesses += ++f.tried < f.degree;
          level = f.level;
          break;
        }
      }
      branch_top = f.options_begin;
      --frame_count;
    }

    chosen[level] = option;
    if (option != null_move) commit_multi<Colored>(s, option, item, updates, cleansings);
    if (*s.remaining == 0) {  // every primary item is settled
      ++nodes;
      ++result_.solutions;
      max_level = std::max(max_level, level + 1);
      save();
      chosen_count_ = level + 1;
      return true;
    }
    ++level;
    entering = true;
  }
}

template <class Count>
bool bitset_engine<Count>::check_invariants() const {
  const view s = at(const_cast<std::uint64_t*>(work_.data()));
  std::uint32_t remaining = 0;
  for (std::uint32_t k = 0; k < primary_count_; ++k) {
    if (s.counts[k] == covered) continue;
    ++remaining;
    std::uint32_t count = 0;
    for (std::uint32_t m = masks_start_[k]; m < masks_start_[k + 1]; ++m) {
      count += static_cast<std::uint32_t>(std::popcount(s.active[masks_[m].word] & masks_[m].mask));
    }
    if (count != s.counts[k]) return false;
  }
  // A purified item has no active option that gives it another color or none.
  for (option_id o = 0; colored() && o < option_count(); ++o) {
    if (!(s.active[o / 64] >> (o % 64) & 1)) continue;
    for (std::uint32_t i = option_start_[o]; i < option_start_[o + 1]; ++i) {
      const std::uint32_t k = option_items_[i];
      if (k < primary_count_) continue;
      const std::uint32_t set = s.purified[k - primary_count_];
      if (set != 0 && set != entry_color(i)) return false;
    }
  }
  return remaining == *s.remaining;
}

}  // namespace

std::unique_ptr<engine> make_bitset_engine(const problem& p) {
  // One byte per counter when every item has fewer than 255 options.
  std::vector<std::uint32_t> length(p.item_count(), 0);
  std::uint32_t longest = 0;
  for (option_id o = 0; o < p.option_count(); ++o) {
    if (!p.has_primary(o)) continue;
    for (item_id i : p.option(o))
      longest = std::max(longest, ++length[i]);
  }
  if (longest < 255) return std::make_unique<bitset_engine<std::uint8_t>>(p);
  if (longest < 65535) return std::make_unique<bitset_engine<std::uint16_t>>(p);
  return std::make_unique<bitset_engine<std::uint32_t>>(p);
}

}  // namespace dlx::detail
