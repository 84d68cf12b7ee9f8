// The techniques of Sudoku Explainer 1.2.1 that other techniques reuse, and
// the chaining engine. Internal to the sudoku library.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <vector>

#include "se/board.hpp"

namespace sudoku::se {

/// A candidate as SE's chains see it: cell, value and whether it is on.
struct potential_key {
  std::uint8_t cell = 0;
  std::uint8_t value = 0;
  bool on = false;
  [[nodiscard]] int index() const noexcept { return (cell * 9 + value - 1) * 2 + on; }
  friend bool operator==(const potential_key&, const potential_key&) = default;
};

/// The basic techniques that dynamic chains "(+)" use inside a chain: a hint
/// and what it needs, so that a chain can say which of its own eliminations
/// made the hint possible (SE's getRuleParents).
struct basic_hint {
  enum class kind : std::uint8_t { locking, hidden_set, naked_set, fish } type = kind::locking;
  hint h;
  std::uint8_t value = 0;             // locking, fish: the digit
  values set = 0;                     // hidden, naked sets: the digits
  std::vector<std::uint8_t> regions;  // locking: {p1, p2}; fish: base, cover, base, ...;
                                      // hidden set: {region}
  std::vector<std::uint8_t> cells;    // naked set: its cells
  /// SE's getRuleParents: the off potentials (present in source, absent in
  /// current) this hint relies on, in SE's order.
  void rule_parents(const board& source, const board& current,
                    std::vector<potential_key>& out) const;
};

/// What a dynamic chain has turned off since it began (source to current).
/// A basic hint is of use to the chain only if it relies on some of it (its
/// rule parents are not empty), so the producers given one skip the others
/// without making them.
struct chain_changes {
  board::position_table now{};                 // [region * 16 + v]: v's positions in the region
  board::position_table gone{};                // and those gone from it
  std::array<values, 81> gone_cand{};          // each cell's candidates gone
  std::array<values, 27> gone_values{};        // per region, the values that lost places there
  std::array<std::uint16_t, 27> lost_cells{};  // per region, its cells that lost candidates
  chain_changes(const board& source, const board& current);
};

// SE's producers that chains reuse. Each searches in SE's order and either
// stops at the first hint (first != nullptr: stored there, returns true) or
// appends every hint to *all; with `since`, only the hints that rely on it.
bool locking(const board& b, bool direct, std::vector<basic_hint>* all, hint* first,
             const chain_changes* since = nullptr);
bool hidden_set(const board& b, int degree, bool direct, std::vector<basic_hint>* all, hint* first,
                const chain_changes* since = nullptr);
bool naked_set(const board& b, int degree, std::vector<basic_hint>* all, hint* first,
               const chain_changes* since = nullptr);
bool fish(const board& b, int degree, std::vector<basic_hint>* all, hint* first,
          const chain_changes* since = nullptr);
bool hidden_single(const board& b, hint& out);
bool naked_single(const board& b, hint& out);
bool xy_wing(const board& b, bool xyz, hint& out);

/// Thrown when the budget runs out.
struct budget_exhausted_error {};

class crew;

/// Work counter shared by the whole rating of one puzzle: chains count the
/// potentials they create; past the limit every search stops at once, and
/// every `interval` potentials the progress callback hears of it.
///
/// A search split over threads gives each worker a budget of its own that
/// adds its count to the rating's every 1,024 potentials (`share`): the
/// workers make the same potentials as one thread would, so the limit is
/// passed with any number of threads exactly when it is with one.
struct budget {
  std::uint64_t used = 0;
  std::uint64_t limit = 0;     // 0: none
  std::uint64_t interval = 0;  // 0: no reports
  std::function<void()> report;
  /// The technique family being searched, for progress reports.
  const char* searching = "";
  /// The rating's threads, for the chain searches of the steps (null: one).
  se::crew* helpers = nullptr;

  /// Counts one potential. One comparison on the hot path: the limit, the
  /// next report and a worker's next addition share `next_event_`.
  void spend() {
    if (++used > next_event_) event();
  }
  /// Sets the first event from limit and interval (call once they are set).
  void start() { schedule(); }

  /// What the workers of one split search add up to.
  struct shared_count {
    std::atomic<std::uint64_t> total{0};
    std::atomic<bool> stop{false};
    std::uint64_t base = 0;  // the rating's count when the split began
  };
  /// Makes this a worker's budget for a search split from `rating`'s;
  /// `reports`: this worker keeps the rating's count and reports up to date
  /// (the calling thread's, where the progress callback may run).
  void share(budget& rating, shared_count& shared, bool reports);
  /// A worker's last addition, once its part of the search is done.
  void flush();
  /// The rating's budget after its workers: their count added, the limit
  /// checked (throws budget_exhausted_error), a report if one is due.
  void absorb(const shared_count& shared);

 private:
  void event();
  void schedule();
  std::uint64_t next_event_ = std::numeric_limits<std::uint64_t>::max();
  budget* rating_ = nullptr;  // a worker's: the rating's budget
  shared_count* shared_ = nullptr;
  std::uint64_t flushed_ = 0;
  bool reports_ = false;
};

/// SE's Chaining(multiple, dynamic, nishio, level): the hints it finds, sorted
/// as SE sorts them; the first is the one SE applies. Empty when the budget ran
/// out (check it).
struct chaining_rule {
  bool multiple = false;
  bool dynamic = false;
  bool nishio = false;
  int level = 0;
};
/// What a search of dynamic chains that found nothing leaves for the next
/// level on the same grid. SE's levels 0 to 3, and 4 to 5, each extend the
/// one below: from every start, the same chains, then more where the lower
/// level's rules ran dry. The next level goes on from there instead of
/// making them again (the same hints, fewer potentials).
class chain_memory {
 public:
  chain_memory();
  ~chain_memory();
  chain_memory(const chain_memory&) = delete;
  chain_memory& operator=(const chain_memory&) = delete;
  struct kept;  // chaining.cpp
  std::unique_ptr<kept> state;
};

/// Returns the lowest hint (SE's order) or false. With a memory, a search
/// goes on from what the level below left in it, and leaves its own there.
bool first_chaining_hint(const board& b, const chaining_rule& rule, budget& work, hint& out,
                         chain_memory* memory = nullptr);

// SE's Permutations(k, n): every k-subset of 0..n-1 as a mask, in increasing
// numeric order, until f returns true (then true). Like SE, no subset at all
// when n == 0, and the empty one once when k == 0 (Gosper's step would divide
// by zero there).
template <class F>
bool for_each_subset(int k, int n, F&& f) {
  if (n == 0) return false;
  if (k == 0) return f(0u);
  for (unsigned m = (1u << k) - 1; m < (1u << n);) {
    if (f(m)) return true;
    const unsigned smallest = m & -m;
    const unsigned ripple = m + smallest;
    m = ripple | (((m ^ ripple) >> 2) / smallest);
  }
  return false;
}

// The k-subsets of 0..8 inside `eligible`, in the same order as
// for_each_subset(k, 9): a subset of the eligible members' ranks spread onto
// their places keeps the order. For searches where only eligible members can
// take part (common_tuple wants two values or more from each).
template <class F>
bool for_each_subset_of(unsigned eligible, int k, F&& f) {
  int places[9], n = 0;
  for (unsigned e = eligible; e; e &= e - 1)
    places[n++] = std::countr_zero(e);
  return for_each_subset(k, n, [&](unsigned m) {
    unsigned spread = 0;
    for (unsigned r = m; r; r &= r - 1)
      spread |= 1u << places[std::countr_zero(r)];
    return f(spread);
  });
}

// SE's CommonTuples.searchCommonTuple: every set has at least two values and
// together they have exactly `degree`. Returns the union, or 0.
inline values common_tuple(const values* sets, int n, int degree) {
  values u = 0;
  for (int i = 0; i < n; ++i) {
    if (count(sets[i]) <= 1) return 0;
    u = static_cast<values>(u | sets[i]);
  }
  return count(u) == degree ? u : 0;
}

}  // namespace sudoku::se
