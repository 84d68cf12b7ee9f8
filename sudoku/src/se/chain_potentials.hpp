// The data of SE's chains: potentials, their sets and the arena they live in.
// Internal to the sudoku library (chainer.hpp searches with them).
//
// A chain is a graph of potentials ("r1c2 is 5", "r1c2 is not 5"), each with
// the potentials that imply it (its parents). SE rates a chain hint by the
// number of distinct potentials behind its conclusions (its complexity) plus
// the complexity of the chains nested in it, so the graph is kept exactly as
// SE builds it: same search order, same parents, same first-found instances.
// Potentials live in an arena; a nested search gives back only numbers and
// keys, so its potentials are dropped as soon as it returns. A potential's key
// is (cell * 9 + value - 1) * 2 + on: 1,458 keys, so a set of them is a bitset.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "se/board.hpp"
#include "se/techniques.hpp"

namespace sudoku::se::chains {

enum class cause : std::uint8_t {
  none,
  naked_single,
  hidden_block,
  hidden_row,
  hidden_column,
  advanced
};

inline cause region_cause(int kind) {
  return kind == block ? cause::hidden_block
         : kind == row ? cause::hidden_row
                       : cause::hidden_column;
}

struct node {
  potential_key key;
  chains::cause why = cause::none;
  std::uint32_t parents_begin = 0;
  std::uint32_t parents_count = 0;
  std::int32_t nested = -1;  // index into arena::nested
};

// What a nested chain contributes to the chains that use it.
struct nested_chain {
  int complexity = 0;
  std::uint64_t fingerprint = 0;  // SE's FullChain identity
};

struct arena {
  std::vector<node> nodes;
  std::vector<std::uint32_t> parents;
  std::vector<nested_chain> nested;
};

constexpr int key_count = 81 * 9 * 2;

// A set of potential keys as 1,458 bits: a potential_set's membership, and
// all a unary search asks of its sets (its potentials are lazy records).
struct key_bits {
  std::array<std::uint64_t, (key_count + 63) / 64> w;
  [[nodiscard]] bool has(int k) const { return w[k >> 6] >> (k & 63) & 1; }
  void add(int k) { w[k >> 6] |= std::uint64_t{1} << (k & 63); }
  void clear() { w = {}; }
};

// SE's LinkedSet<Potential>: insertion-ordered, keyed by (cell, value, on),
// remembering the node stored for each key. Membership is a bitset, 184 bytes
// that stay in cache (lookups are most of a chain's work), and sets come from
// a pool: chains make millions of them.
class potential_set {
 public:
  using bitset = decltype(key_bits::w);
  [[nodiscard]] bool contains(int k) const { return members_.has(k); }
  [[nodiscard]] std::uint32_t get(int k) const { return slot_[k]; }
  /// LinkedHashMap.put: a new key goes last; an old one keeps its place but
  /// now maps to the new node. (Each key at most once: the order fits in a
  /// fixed array.)
  void put(int k, std::uint32_t n) {
    if (!members_.has(k)) {
      members_.add(k);
      order_[size_++] = static_cast<std::uint16_t>(k);
    }
    slot_[k] = n;
  }
  void clear() {
    // A small set clears the words it used; filling all 23 is a slow
    // `rep stos` in a hot path.
    if (size_ <= 16) {
      for (std::uint16_t k : keys())
        members_.w[k >> 6] = 0;
    } else {
      for (std::uint64_t& w : members_.w)
        w = 0;
    }
    size_ = 0;
  }
  /// Every node number from `from` on moved up by `by` (a worker's arena
  /// appended to another; the ones below `from` are the same in both).
  void shift(std::uint32_t from, std::uint32_t by) {
    for (std::uint16_t k : keys())
      if (slot_[k] >= from) slot_[k] += by;
  }
  [[nodiscard]] std::span<const std::uint16_t> keys() const { return {order_.data(), size_}; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] const bitset& members() const { return members_.w; }

 private:
  std::array<std::uint32_t, key_count> slot_;
  key_bits members_{};
  std::uint32_t size_ = 0;
  std::array<std::uint16_t, key_count> order_;
};

// A set from the pool, given back (cleared) when it goes out of scope.
class pooled_set {
 public:
  pooled_set() {
    auto& p = pool();
    if (p.empty()) {
      set_ = new potential_set;
    } else {
      set_ = p.back().release();
      p.pop_back();
    }
  }
  ~pooled_set() {
    // A set made on a helper thread can end here (chain_from_on's results go
    // to the calling thread): the cap keeps that thread's pool from growing
    // with every split search.
    if (pool().size() >= max_pooled) {
      delete set_;
      return;
    }
    set_->clear();
    pool().emplace_back(set_);
  }
  pooled_set(const pooled_set&) = delete;
  pooled_set& operator=(const pooled_set&) = delete;
  potential_set& operator*() const { return *set_; }
  potential_set* operator->() const { return set_; }

 private:
  static constexpr std::size_t max_pooled = 2048;  // 18 MB
  static std::vector<std::unique_ptr<potential_set>>& pool() {
    thread_local std::vector<std::unique_ptr<potential_set>> p;
    return p;
  }
  potential_set* set_;
};

// A vector that only grows, with a push short enough to inline in the search
// loops (std::vector's push_back is not inlined there).
template <class T>
class growing {
 public:
  growing() = default;
  growing(const growing&) = delete;  // data_ points into v_
  growing& operator=(const growing&) = delete;
  void clear() { size_ = 0; }
  [[gnu::always_inline]] void push_back(const T& x) {
    if (size_ == capacity_) grow();
    data_[size_++] = x;
  }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  [[nodiscard]] std::size_t size() const { return size_; }
  [[nodiscard]] const T* data() const { return data_; }
  /// Room for n more at the end, to be written there and then `added`.
  T* room(std::size_t n) {
    while (size_ + n > capacity_)
      grow();
    return data_ + size_;
  }
  void added(std::size_t n) { size_ += n; }

 private:
  [[gnu::noinline]] void grow() {
    v_.resize(v_.empty() ? 256 : v_.size() * 2);
    data_ = v_.data();
    capacity_ = v_.size();
  }
  std::vector<T> v_;
  T* data_ = nullptr;
  std::size_t size_ = 0, capacity_ = 0;
};

// What the chains from one start ("cell is value", or "is not") lead to.
struct start_state {
  pooled_set on, off;
  bool absurd = false;
  std::uint32_t absurd_on = 0, absurd_off = 0;
  int level = -1;  // the level of the search that made it
};
using start_states = std::array<std::unique_ptr<start_state>, 81 * 10 * 2>;

// SE's retainAll over the outcomes of a cell's values or a region's places:
// f(k) for each key of the first outcome that every other one has too, in
// the first one's order.
template <class F>
void for_each_common(const potential_set* const* outcomes, int n, F&& f) {
  potential_set::bitset common = outcomes[0]->members();
  for (int i = 1; i < n; ++i)
    for (std::size_t w = 0; w < common.size(); ++w)
      common[w] &= outcomes[i]->members()[w];
  for (std::uint16_t k : outcomes[0]->keys())
    if (common[k >> 6] >> (k & 63) & 1) f(k);
}

inline int key_of(int cell, int value, bool on) {
  return (cell * 9 + value - 1) * 2 + (on ? 1 : 0);
}

enum class hint_kind : std::uint8_t { cycle, forcing, binary, cell, region };

struct chain_hint {
  hint_kind kind = hint_kind::cycle;
  bool x = true, y = true, absurd = false;
  double difficulty = 0;
  int complexity = 0;
  int sort_key = 0;
  std::vector<removal> removals;  // sorted by cell
  int cell = -1, value = 0;
  std::vector<std::uint32_t> targets;  // SE's getChainsTargets
  int region = -1;                     // region hints: the region
  std::uint64_t fingerprint = 0;
};

}  // namespace sudoku::se::chains
