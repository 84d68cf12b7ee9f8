// The memo cache and the diagram that the threads of a memoized search share
// (memo_parallel.cpp). Internal: not installed.
//
// A subproblem is claimed by the first thread to meet its signature and stays
// pending until a thread publishes its diagram node; a thread that meets a
// pending one may go on with other branches and come back, or solve it too.
// Both give the same node: a subproblem's diagram depends on nothing but the
// subproblem (DLX6's choice is a function of it), and the diagram's nodes are
// merged through a unique table, so equal chains are one node.
//
// Both tables are read and written without locks: a thread claims an empty
// slot with one compare-and-swap, after writing what the slot will point to
// (a signature, a node) into storage of its own, so no line of memory is
// written by both threads but the slots themselves. Only growing a table
// holds the others (see shared_slots).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "memo_search.hpp"

namespace dlx::detail {

// std::atomic_ref where the standard library has it; emscripten's libc++ (the
// web build, scripts/build-web.sh) has not: the compiler's atomic built-ins,
// which std::atomic_ref wraps, for the three operations used here.
#if defined(__cpp_lib_atomic_ref)
template <class T>
using atomic_view = std::atomic_ref<T>;
#else
template <class T>
class atomic_view {
 public:
  explicit atomic_view(T& object) noexcept : object_(object) {}
  T load(std::memory_order order) const noexcept {
    return __atomic_load_n(&object_, static_cast<int>(order));
  }
  void store(T value, std::memory_order order) noexcept {
    __atomic_store_n(&object_, value, static_cast<int>(order));
  }
  // As std::atomic_ref's: a failure loads relaxed after a release.
  bool compare_exchange_strong(T& expected, T desired, std::memory_order order) noexcept {
    const std::memory_order failure = order == std::memory_order_release ? std::memory_order_relaxed
                                      : order == std::memory_order_acq_rel
                                          ? std::memory_order_acquire
                                          : order;
    return __atomic_compare_exchange_n(&object_, &expected, desired, false, static_cast<int>(order),
                                       static_cast<int>(failure));
  }

 private:
  T& object_;
};
#endif

// Waits until `done()`: spins a while, then yields (another thread this one
// waits for may have been put off the core).
template <class Done>
void wait_until(Done&& done) noexcept {
  for (unsigned spins = 0; !done(); ++spins) {
    if (spins < 1024) {
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    } else {
      std::this_thread::yield();
    }
  }
}

// Numbered records in blocks that never move, made as the numbers are handed
// out: a thread takes numbers a block at a time and writes only its own.
class shared_store {
 public:
  static constexpr std::size_t block_bits = 14;
  static constexpr std::uint32_t block_size = std::uint32_t{1} << block_bits;
  // Records of `stride` 64-bit words, in at most `memory_budget` bytes (0: no
  // budget).
  shared_store(std::size_t stride, std::size_t memory_budget);
  ~shared_store();
  shared_store(const shared_store&) = delete;
  shared_store& operator=(const shared_store&) = delete;

  // A fresh block's first number; throws std::bad_alloc past 2^32 - 2.
  std::uint32_t take_block();
  [[nodiscard]] std::uint64_t* at(std::uint32_t n) const noexcept {
    return atomic_view<std::uint64_t*>(blocks_[n >> block_bits]).load(std::memory_order_acquire) +
           std::size_t{n & (block_size - 1)} * stride_;
  }
  [[nodiscard]] std::uint32_t end() const noexcept {
    return static_cast<std::uint32_t>(
        std::min<std::uint64_t>(next_.load(std::memory_order_acquire), UINT32_MAX));
  }
  // The records handed out and the table of blocks.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return std::size_t{end()} * stride_ * sizeof(std::uint64_t) +
           max_blocks_ * sizeof(std::uint64_t*);
  }
  [[nodiscard]] std::size_t block_bytes() const noexcept {
    return std::size_t{block_size} * stride_ * sizeof(std::uint64_t);
  }

 private:
  std::size_t stride_;
  std::size_t max_blocks_;
  // Fresh mapped pages: a table sized for 2^32 records costs nothing until
  // blocks are made (a search of a few nodes stays cheap). Read and written
  // through std::atomic_ref.
  std::uint64_t** blocks_ = nullptr;
  std::atomic<std::uint64_t> next_{0};
};

// An open-addressing set of 64-bit slots (a fingerprint, the hash's high
// half, over a record number + 1), grown by doubling, for `threads` threads.
//
// A thread says it is inside (a flag on a line of its own) while it probes.
// To grow, a thread makes the sequence number odd and waits until no other is
// inside; one that then comes in sees the odd number, helps copy and waits. So
// nothing is added while the array is copied, and the old array goes at once.
class shared_slots {
 public:
  explicit shared_slots(unsigned threads);
  ~shared_slots();
  shared_slots(const shared_slots&) = delete;
  shared_slots& operator=(const shared_slots&) = delete;

  // The record whose key `same(n)` says equal, with hash `hash`; if there is
  // none, `fresh` (already written) goes in. Returns the record's number.
  template <class Same>
  std::uint32_t find_or_add(unsigned t, std::uint64_t hash, std::uint32_t fresh, Same&& same);
  // Room for `more` records (call before adding them, not inside
  // find_or_add): grows the table when it would pass half full.
  void reserve(std::uint64_t more);
  // The bytes reserve(more) would allocate now (a larger array, if any).
  [[nodiscard]] std::size_t growth_bytes(std::uint64_t more) const noexcept {
    const std::size_t size = size_.load();
    return 2 * (reserved_.load(std::memory_order_relaxed) + more) > size
               ? 2 * size * sizeof(std::uint64_t)
               : 0;
  }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return bytes_.load(std::memory_order_relaxed);
  }

 private:
  struct slot_array {
    std::size_t mask;
    std::unique_ptr<std::atomic<std::uint64_t>[]> slots;
  };
  struct alignas(64) presence {
    std::atomic<bool> inside{false};
  };
  void grow(std::size_t seen);
  // Copies chunks of the array being grown while the sequence number is
  // `sequence`, if any are left.
  void help_copy(std::uint64_t sequence) noexcept;
  static constexpr std::size_t copy_chunk = 4096;  // slots a thread copies at a time
  // The work of a grow: its sequence number (low 24 bits), its chunks, the
  // next chunk to take; a late helper takes none of the next grow's.
  static constexpr std::uint64_t work(std::uint64_t sequence, std::uint64_t chunks,
                                      std::uint64_t next) noexcept {
    return (sequence & 0xffffff) << 40 | chunks << 20 | next;
  }

  std::atomic<slot_array*> current_;
  std::atomic<std::size_t> size_{1024};                 // its slots
  alignas(64) std::atomic<std::uint64_t> sequence_{0};  // odd while growing
  std::atomic<std::uint64_t> work_{0}, chunks_done_{0};
  slot_array* from_ = nullptr;  // while growing (read by a helper once it has a chunk)
  slot_array* to_ = nullptr;
  alignas(64) std::atomic<std::uint64_t> reserved_{0};
  std::atomic<std::size_t> bytes_{0};
  std::mutex growing_;
  std::vector<presence> present_;
};

template <class Same>
std::uint32_t shared_slots::find_or_add(unsigned t, std::uint64_t hash, std::uint32_t fresh,
                                        Same&& same) {
  const std::uint64_t fingerprint = hash & 0xffffffff00000000ULL;
  const std::uint64_t mine = fingerprint | (std::uint64_t{fresh} + 1);
  std::atomic<bool>& inside = present_[t].inside;
  for (;;) {
    inside.store(true);  // then read the sequence number: grow does the opposite
    const std::uint64_t sequence = sequence_.load();
    if (sequence & 1) {  // growing: help copy until it is grown
      inside.store(false, std::memory_order_release);
      wait_until([&] {
        help_copy(sequence);
        return sequence_.load(std::memory_order_acquire) != sequence;
      });
      continue;
    }
    const slot_array* a = current_.load(std::memory_order_acquire);
    for (std::size_t at = (fingerprint >> 32) & a->mask;; at = (at + 1) & a->mask) {
      std::uint64_t v = a->slots[at].load(std::memory_order_acquire);
      if (v == 0 && a->slots[at].compare_exchange_strong(v, mine, std::memory_order_acq_rel)) {
        inside.store(false, std::memory_order_release);
        return fresh;
      }
      if ((v & 0xffffffff00000000ULL) == fingerprint) {
        const auto n = static_cast<std::uint32_t>(v) - 1;
        if (same(n)) {
          inside.store(false, std::memory_order_release);
          return n;
        }
      }
    }
  }
}

class shared_memo {
 public:
  static constexpr zdd::node_id pending = ~zdd::node_id{0};
  enum class found : std::uint8_t {
    done,     ///< solved: its node is known
    pending,  ///< another thread is solving it
    claimed,  ///< new: the caller solves it and publishes the node
  };

  // `fixed_bytes`: what the threads hold besides (their matrices), counted
  // in the budget.
  shared_memo(std::size_t words, std::size_t memory_budget, unsigned threads,
              std::size_t fixed_bytes);

  /// Thread `t` looks up the signature `words` (with hash `hash`): done (node
  /// set), pending or claimed (entry set, to publish). Throws std::bad_alloc
  /// when memory or entry numbers run out.
  found find_or_claim(unsigned t, const std::uint64_t* words, std::uint64_t hash,
                      std::uint32_t& entry, zdd::node_id& node);
  /// Records the node of a claimed or pending entry (the first to publish wins;
  /// any later one publishes the same node).
  void publish(unsigned t, std::uint32_t entry, zdd::node_id node) noexcept {
    std::uint64_t expected = pending;
    if (atomic_view<std::uint64_t>(*result(entry))
            .compare_exchange_strong(expected, node, std::memory_order_release)) {
      threads_[t].good += node != zdd::bottom;
    }
  }

  /// Thread `t`'s chain of a node's branches, in order: (option, chain so
  /// far, below) for each branch whose `below` is not bottom.
  template <class Branch>
  zdd::node_id add_chain(unsigned t, std::span<const Branch> branches) {
    zdd::node_id z = zdd::bottom;
    for (const Branch& b : branches) {
      if (b.below != zdd::bottom) z = intern(t, b.option, z, b.below);
    }
    return z;
  }
  /// As zdd::add_product.
  zdd::node_id add_product(unsigned t, zdd::node_id a, zdd::node_id b) {
    if (a == zdd::bottom || b == zdd::bottom) return zdd::bottom;
    if (a == zdd::top) return b;
    if (b == zdd::top) return a;
    return intern(t, zdd::product, a, b);
  }

  /// Bytes of the cache and the diagram.
  [[nodiscard]] std::size_t bytes() const noexcept {
    return entries_.bytes() + memo_.bytes() + nodes_.bytes() + unique_.bytes();
  }
  /// Signatures remembered (once the threads have stopped).
  [[nodiscard]] std::uint64_t signatures() const noexcept;
  /// About as many, while the threads run: the entry numbers handed out.
  [[nodiscard]] std::uint64_t signatures_so_far() const noexcept { return entries_.end(); }
  /// Those whose subproblem has a solution (once the threads have stopped).
  [[nodiscard]] std::uint64_t good_signatures() const noexcept;
  /// Node numbers handed out so far (about the diagram's size).
  [[nodiscard]] std::size_t diagram_size() const noexcept { return nodes_.end(); }
  /// The diagram rooted at `root`, its nodes renumbered in the order a
  /// one-thread search makes them (children first, a node's lo before its hi):
  /// so the same problem gives the same diagram on any number of threads.
  [[nodiscard]] zdd canonical_diagram(zdd::node_id root) const;

  // How the threads stop: the first status set wins (complete when a thread
  // has finished the root), and every thread looks at it at each node.
  void stop(memo_status status) noexcept {
    int expected = running;
    stop_.compare_exchange_strong(expected, static_cast<int>(status));
  }
  [[nodiscard]] bool stopping() const noexcept {
    return stop_.load(std::memory_order_relaxed) != running;
  }
  [[nodiscard]] memo_status status() const noexcept {
    const int s = stop_.load();
    return s == running ? memo_status::complete : static_cast<memo_status>(s);
  }
  /// Nodes entered by every thread, added in batches.
  alignas(64) std::atomic<std::uint64_t> nodes{0};

 private:
  static constexpr int running = -1;
  // What a thread keeps to itself: the numbers of its current blocks, the
  // record it wrote for a claim another thread won (used for its next), and
  // the slots reserved in each table.
  struct alignas(64) thread_state {
    std::uint32_t next_entry = 0, entries_end = 0;
    std::uint32_t next_node = 0, nodes_end = 0;
    std::uint32_t memo_room = 0, unique_room = 0;
    std::uint64_t claimed = 0, good = 0;  // entries it made, and published with a solution
  };
  static constexpr std::uint32_t room_batch = 256;
  std::uint64_t* result(std::uint32_t entry) const noexcept { return entries_.at(entry) + words_; }
  zdd::node_id intern(unsigned t, option_id option, zdd::node_id lo, zdd::node_id hi);
  [[nodiscard]] zdd::node node_at(zdd::node_id id) const noexcept {
    const std::uint64_t* n = nodes_.at(id);
    return {static_cast<option_id>(n[0]), static_cast<zdd::node_id>(n[1]),
            static_cast<zdd::node_id>(n[1] >> 32)};
  }
  // A thread's next record number in `store` (taking a block when its own
  // is used up), with room for it in `slots`.
  std::uint32_t make_room(shared_store& store, shared_slots& slots, std::uint32_t& next,
                          std::uint32_t& end, std::uint32_t& room);
  // Throws std::bad_alloc when `more` bytes would pass the budget.
  void check_budget(std::size_t more) const;

  std::size_t words_;
  std::size_t memory_budget_;
  std::size_t fixed_bytes_;
  shared_store entries_;  // a signature, then its node (or pending)
  shared_store nodes_;    // option; lo in the low half, hi in the high
  shared_slots memo_, unique_;
  std::vector<thread_state> threads_;
  alignas(64) std::atomic<int> stop_{running};
};

}  // namespace dlx::detail
