// The memoized search's matrix, signatures and memo cache, shared by its two
// searches: DLX6's (memo_search.cpp) and the one that splits what is left into
// independent parts (memo_components.cpp). Internal: not installed.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "dlx/memo.hpp"

namespace dlx::detail {

class shared_memo;  // memo_shared.hpp

// Runs work(0) .. work(threads - 1), each on a new thread with a stack of
// `bytes` (only the pages touched are ever mapped), and waits for them all;
// rethrows the first exception one threw (memo_parallel.cpp).
void run_with_stack(unsigned threads, std::size_t bytes, const std::function<void(unsigned)>& work);

/// build_zdd on `threads` threads (memo_parallel.cpp).
memo_result build_zdd_on_threads(const problem& p, const memo_options& options, unsigned threads);

struct item_links {
  std::int32_t prev, next;
};

struct node_links {
  std::int32_t up, down;
  std::int32_t itm;    // the item; in a spacer, minus the number of options before it
  std::int32_t color;  // 0: none; -1: cleansed (agrees with the color set on its item)
};

// Fixed-size blocks, so that growing never copies (and never needs twice the
// memory for a moment, as a doubling vector would).
template <class T, std::size_t BlockBits = 16>
class block_array {
 public:
  static constexpr std::size_t block_bits = BlockBits;

  explicit block_array(std::size_t stride = 1) : stride_(stride) {}

  T* at(std::size_t index) noexcept {
    return blocks_[index >> block_bits].get() + (index & block_mask) * stride_;
  }
  const T* at(std::size_t index) const noexcept {
    return blocks_[index >> block_bits].get() + (index & block_mask) * stride_;
  }
  // Makes room for index `size` (the next one); returns the bytes it allocated.
  std::size_t grow_to_hold(std::size_t size) {
    if ((size >> block_bits) < blocks_.size()) return 0;
    // Left uninitialised, as make_unique_for_overwrite would (which emscripten's
    // libc++ lacks: the web build).
    blocks_.emplace_back(new T[(block_mask + 1) * stride_]);
    return (block_mask + 1) * stride_ * sizeof(T);
  }
  [[nodiscard]] std::size_t bytes() const noexcept {
    return blocks_.size() * (block_mask + 1) * stride_ * sizeof(T);
  }

 private:
  static constexpr std::size_t block_mask = (std::size_t{1} << block_bits) - 1;
  std::size_t stride_;
  std::vector<std::unique_ptr<T[]>> blocks_;
};

class memo_search {
 public:
  memo_search(const problem& p, const memo_options& options);
  /// DLX6's search (memo_search.cpp), or with options.decompose the one that
  /// splits what is left into independent parts (memo_components.cpp).
  memo_result run();
  /// Makes this the search of thread `thread` of several (memo_parallel.cpp);
  /// returns the bytes of its matrix.
  std::size_t prepare_thread(unsigned thread);
  /// The recursive search (memo_components.cpp) as one of several threads
  /// that share `shared`'s memo and diagram: the root's diagram node, or
  /// throws stop_search.
  zdd::node_id run_shared(shared_memo& shared);
  [[nodiscard]] const memo_stats& stats() const noexcept { return stats_; }
  /// A stack deep enough for the recursive search's deepest path.
  [[nodiscard]] std::size_t stack_bytes() const noexcept;
  [[nodiscard]] std::size_t signature_words() const noexcept { return words_; }

  struct stop_search {
    memo_status status;
  };
  // Called in a catch block: the status for an exception that says memory ran
  // out (the budget, the allocator, 2^32 diagram nodes); rethrows any other.
  static memo_status out_of_memory();

 private:
  memo_result run_dlx6();
  memo_result run_decomposing();
  void prepare_decomposing();
  memo_result finish(memo_status status, zdd::node_id root);
  // ---- Matrix.
  void build(const problem& p);
  void unlink_item(std::int32_t k) noexcept {
    const std::int32_t l = items_[k].prev, r = items_[k].next;
    items_[l].next = r;
    items_[r].prev = l;
    set_code(k, 0);
  }
  void relink_item(std::int32_t k) noexcept {
    const std::int32_t l = items_[k].prev, r = items_[k].next;
    items_[l].next = k;
    items_[r].prev = k;
    set_code(k, k < second_ ? 1 : 1 + static_cast<std::uint32_t>(color_[k]));
  }
  void unlink_bare(std::int32_t k) noexcept {
    const std::int32_t l = items_[k].prev, r = items_[k].next;
    items_[l].next = r;
    items_[r].prev = l;
  }
  void hide_option(std::int32_t rr) noexcept;
  void unhide_option(std::int32_t rr) noexcept;
  void cover(std::int32_t c) noexcept;
  void uncover(std::int32_t c) noexcept;
  void purify(std::int32_t p) noexcept;
  void unpurify(std::int32_t p) noexcept;
  void cover_others(std::int32_t cur) noexcept;
  void uncover_others(std::int32_t cur, std::int32_t& kept) noexcept;
  std::int32_t choose() const noexcept;
  // The limits of memo_options (nodes, memory, time, the progress callback's
  // answer), looked at as each node is entered: the status to stop with.
  std::optional<memo_status> limit_reached(std::uint32_t level);

  // ---- Splitting (memo_components.cpp).
  struct part {
    std::vector<std::int32_t> items;  // its items, primary and secondary
    std::size_t primaries = 0;        // how many of them are primary
  };
  // With threads (shared_ set), what solve returns for a subproblem that
  // another thread is solving, when the caller may come back to it later.
  static constexpr zdd::node_id deferred = ~zdd::node_id{0};
  zdd::node_id solve(std::uint32_t level, std::size_t touched_from, bool whole,
                     bool may_defer = false);
  zdd::node_id solve_branches(std::uint32_t level, std::int32_t best, std::size_t below_from);
  zdd::node_id add_product(zdd::node_id a, zdd::node_id b);
  zdd::node_id solve_parts(std::uint32_t level, std::vector<part>& parts);
  // Whether the last choices may have split the problem; `bounded`: give up
  // (no split) after a few links per entry they took away.
  bool may_split(std::size_t touched_from, bool bounded);
  bool may_look() const noexcept;
  std::vector<part> parts();
  template <class Visit>
  void for_each_link(std::int32_t k, Visit&& visit);
  // Whether active item k links the options on it: a primary item, or a
  // secondary one with no color set.
  [[nodiscard]] bool links(std::int32_t k) const noexcept { return k < second_ || color_[k] == 0; }
  void next_mark();
  std::uint32_t next_tag();

  // ---- Signatures.
  void set_code(std::int32_t k, std::uint32_t code) noexcept {
    signature_[word_[k]] ^= std::uint64_t{code_[k] ^ code} << shift_[k];
    code_[k] = code;
  }
  std::uint64_t signature_hash(const std::uint64_t* words) const noexcept;
  // The memo entry of the current signature: found (true) or added (false).
  bool lookup(std::uint32_t& entry);
  void grow_table();

  [[nodiscard]] std::size_t bytes_in_use() const noexcept {
    return links_bytes_ + signatures_.bytes() + zdd_refs_.bytes() +
           table_.capacity() * sizeof(std::uint64_t) + diagram_.bytes() +
           (shared_ ? shared_bytes() : 0);
  }
  // The bytes of the shared memo and diagram (memo_parallel.cpp).
  [[nodiscard]] std::size_t shared_bytes() const noexcept;
  memo_progress progress(std::uint32_t level) const;
  // Throws memory_budget_reached when `more` bytes would pass the budget.
  void check_budget(std::size_t more) const {
    if (options_.memory_budget && bytes_in_use() + more > options_.memory_budget) {
      throw memory_budget_reached();
    }
  }
  struct memory_budget_reached {};

  const memo_options& options_;
  std::vector<item_links> items_;
  std::vector<node_links> nodes_;
  std::vector<std::int32_t> len_;     // active options per item (-1: purified, none left)
  std::vector<std::int32_t> color_;   // the color set on a secondary item, 0 if none
  std::int32_t second_ = 0;           // the first secondary item
  std::int32_t last_item_ = 0;        // heads the secondary list; also the first spacer
  std::vector<option_id> option_of_;  // by option number in the matrix: the problem's id
  std::size_t links_bytes_ = 0;

  std::vector<std::uint32_t> code_, word_, shift_;
  std::vector<std::uint64_t> signature_;
  std::size_t words_ = 1;
  block_array<std::uint64_t> signatures_;
  block_array<zdd::node_id> zdd_refs_;
  std::vector<std::uint64_t> table_;  // entry + 1 in the low half, fingerprint in the high
  std::uint32_t entries_ = 0;

  memo_stats stats_;
  zdd diagram_;
  std::chrono::steady_clock::time_point started_;
  std::uint64_t next_progress_ = 0, next_clock_ = 0;
  std::vector<std::int32_t> choice_;

  // Splitting: the options taken away since the search entered the node
  // being covered (a stack: each node's share sits above its parent's),
  // and scratch marks for the searches for parts.
  bool record_touched_ = false;
  std::vector<std::int32_t> touched_;
  std::size_t touched_end_ = 0;
  std::vector<std::int32_t> option_at_;  // by node: the spacer that ends its option
  std::vector<std::uint32_t> item_mark_, option_mark_;
  std::vector<std::int32_t> owner_;      // by item: the front of may_split that reached it
  std::vector<std::uint32_t> part_tag_;  // by colored item: the last part of parts() that met it
  std::uint32_t mark_ = 0, tag_ = 0;
  // Near the top of the tree (levels below shallow_levels_) a node looks for
  // parts without a bound, while such looks find splits (shallow_allowance):
  // there are few such nodes, and a part that appears there (rooms whose doors
  // are filled) saves the most, though finding it means walking all of it.
  std::uint32_t shallow_levels_ = 0;
  std::uint64_t shallow_looks_ = 0, shallow_splits_ = 0;
  std::uint64_t looked_checks_ = 0;  // links walked by the looks for parts
  std::vector<std::int32_t> scratch_queue_, scratch_parent_, scratch_pending_;

  // Threads: the memo and diagram shared with the others, and each frame's
  // branches (kept until the deferred ones are solved, then chained).
  shared_memo* shared_ = nullptr;
  unsigned thread_ = 0;           // this thread's number among them
  std::uint64_t nodes_told_ = 0;  // of stats_.nodes, those added to the shared count
  struct branch {
    std::int32_t cur;  // the option's node on the item branched on
    option_id option;
    zdd::node_id below;
  };
  std::deque<std::vector<branch>> branches_;
  std::size_t depth_ = 0;
};

}  // namespace dlx::detail
