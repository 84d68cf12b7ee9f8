// The memoized search on several threads, sharing one memo cache and one
// diagram (memo_shared.hpp).
//
// Every thread runs the whole recursive search from the root (the one of
// memo_components.cpp, splitting or not), each on its own copy of the matrix.
// The first to meet a subproblem claims it; another that meets it while it is
// pending goes on with the node's other branches and comes back to it at the
// end, and if it is still pending then, solves it too, skipping in turn the
// branches below that are pending. So the threads spread over the tree by
// themselves, each working where the other has not been, and a subproblem is
// solved more than once only where a thread has run out of other work. When
// one thread has the root, the others stop.
//
// Without splitting, the diagram is DLX6's, node for node: renumbered at the
// end in the order one thread makes its nodes, it is the same on any number
// of threads. With splitting, whether a node looks for parts depends on the
// path that reached it and on what its thread has done (a look must fit in a
// share of the updates its thread has made), so the thread that meets a
// subproblem first decides where it splits: the diagram, and the order of its
// listing, may differ from run to run; its solutions do not.
#include <pthread.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstring>
#include <exception>
#include <new>
#include <thread>

#include "memo_shared.hpp"

namespace dlx::detail {

void run_with_stack(unsigned threads, std::size_t bytes,
                    const std::function<void(unsigned)>& work) {
  struct call {
    const std::function<void(unsigned)>* work;
    unsigned index;
    std::exception_ptr error;
  };
  std::vector<call> calls(threads);
  std::vector<pthread_t> running;
  pthread_attr_t attributes;
  if (pthread_attr_init(&attributes) != 0) throw std::bad_alloc();
  pthread_attr_setstacksize(&attributes, bytes);
  for (unsigned t = 0; t < threads; ++t) {
    calls[t] = {&work, t, nullptr};
    pthread_t thread;
    const int made = pthread_create(
        &thread, &attributes,
        [](void* argument) -> void* {
          auto* c = static_cast<call*>(argument);
          try {
            (*c->work)(c->index);
          } catch (...) {
            c->error = std::current_exception();
          }
          return nullptr;
        },
        &calls[t]);
    if (made != 0) {
      calls[t].error = std::make_exception_ptr(std::bad_alloc());
      break;
    }
    running.push_back(thread);
  }
  pthread_attr_destroy(&attributes);
  for (pthread_t thread : running)
    pthread_join(thread, nullptr);
  for (const call& c : calls) {
    if (c.error) std::rethrow_exception(c.error);
  }
}

// ---- Storage and slots.

shared_store::shared_store(std::size_t stride, std::size_t memory_budget)
    : stride_(stride), max_blocks_(std::size_t{1} << (32 - block_bits)) {
  // A budget bounds the blocks there can be, and so the table of them.
  if (memory_budget) max_blocks_ = std::min(max_blocks_, memory_budget / block_bytes() + 1);
  // Mapped pages, zero and not touched until used: calloc would clear them
  // when malloc's threshold for mapping has grown past the table's size.
  void* table = mmap(nullptr, max_blocks_ * sizeof(std::uint64_t*), PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (table == MAP_FAILED) throw std::bad_alloc();
  blocks_ = static_cast<std::uint64_t**>(table);
}

shared_store::~shared_store() {
  // Only the blocks handed out were made (a number past the table made none).
  const auto made = static_cast<std::size_t>(
      std::min<std::uint64_t>(max_blocks_, (next_.load() + block_size - 1) >> block_bits));
  for (std::size_t b = 0; b < made; ++b)
    delete[] blocks_[b];
  munmap(blocks_, max_blocks_ * sizeof(std::uint64_t*));
}

std::uint32_t shared_store::take_block() {
  const std::uint64_t first = next_.fetch_add(block_size, std::memory_order_relaxed);
  // Numbers are 32 bits; and a budget that ends the search stops here at the latest.
  if (first + block_size >= UINT32_MAX || (first >> block_bits) >= max_blocks_) {
    throw std::bad_alloc();
  }
  // Only the pages written are ever mapped.
  atomic_view<std::uint64_t*>(blocks_[first >> block_bits])
      .store(new std::uint64_t[block_size * stride_], std::memory_order_release);
  return static_cast<std::uint32_t>(first);
}

shared_slots::shared_slots(unsigned threads) : present_(threads) {
  auto first = new slot_array{1023, std::make_unique<std::atomic<std::uint64_t>[]>(1024)};
  bytes_ = 1024 * sizeof(std::uint64_t);
  current_ = first;
}

shared_slots::~shared_slots() {
  delete current_.load();
}

void shared_slots::reserve(std::uint64_t more) {
  const std::uint64_t total = reserved_.fetch_add(more, std::memory_order_relaxed) + more;
  // The size, not the array: outside find_or_add an array may go at any time.
  for (std::size_t size = size_.load(); 2 * total > size; size = size_.load())
    grow(size);
}

void shared_slots::grow(std::size_t seen) {
  std::lock_guard<std::mutex> hold(growing_);
  if (size_.load() != seen) return;  // another thread grew it
  slot_array* from = current_.load();
  const std::size_t size = 2 * (from->mask + 1);
  auto* to = new slot_array{size - 1, std::make_unique<std::atomic<std::uint64_t>[]>(size)};
  from_ = from;
  to_ = to;
  const std::uint64_t chunks = (from->mask + 1 + copy_chunk - 1) / copy_chunk;
  const std::uint64_t sequence = sequence_.load() + 1;
  chunks_done_.store(0);
  sequence_.store(sequence);  // odd; then wait for those inside to leave
  for (presence& p : present_) {
    wait_until([&] { return !p.inside.load(); });
  }
  // Only now may the others copy: every slot set is seen.
  work_.store(work(sequence, chunks, 0));
  help_copy(sequence);
  wait_until([&] { return chunks_done_.load() == chunks; });
  current_.store(to, std::memory_order_release);
  size_.store(size);
  sequence_.store(sequence + 1, std::memory_order_release);
  bytes_.fetch_add(size / 2 * sizeof(std::uint64_t), std::memory_order_relaxed);
  delete from;
}

void shared_slots::help_copy(std::uint64_t sequence) noexcept {
  for (;;) {
    std::uint64_t taken = work_.load();
    std::uint64_t chunk = 0;
    do {
      const std::uint64_t chunks = (taken >> 20) & 0xfffff;
      chunk = taken & 0xfffff;
      if (taken >> 40 != (sequence & 0xffffff) || chunk >= chunks) return;
    } while (!work_.compare_exchange_weak(taken, taken + 1));
    // Holding a chunk, the grow cannot end: from_ and to_ are this grow's.
    const slot_array* from = from_;
    const slot_array* to = to_;
    const auto first = static_cast<std::size_t>(chunk * copy_chunk);
    const std::size_t end = std::min<std::size_t>(first + copy_chunk, from->mask + 1);
    for (std::size_t i = first; i < end; ++i) {
      const std::uint64_t v = from->slots[i].load(std::memory_order_relaxed);
      if (v == 0) continue;
      for (std::size_t at = (v >> 32) & to->mask;; at = (at + 1) & to->mask) {
        std::uint64_t empty = 0;
        if (to->slots[at].compare_exchange_strong(empty, v, std::memory_order_relaxed)) break;
      }
    }
    chunks_done_.fetch_add(1);
  }
}

// ---- The shared cache and diagram.

shared_memo::shared_memo(std::size_t words, std::size_t memory_budget, unsigned threads,
                         std::size_t fixed_bytes)
    : words_(words),
      memory_budget_(memory_budget),
      fixed_bytes_(fixed_bytes),
      entries_(words + 1, memory_budget),
      nodes_(2, memory_budget),
      memo_(threads),
      unique_(threads),
      threads_(threads) {
  // The sinks, as zdd has them, open the first block of nodes; the first
  // thread takes the rest of it.
  const std::uint32_t first = nodes_.take_block();
  nodes_.at(zdd::bottom)[0] = ~option_id{0};
  nodes_.at(zdd::bottom)[1] = 0;
  nodes_.at(zdd::top)[0] = ~option_id{0};
  nodes_.at(zdd::top)[1] = std::uint64_t{zdd::top} << 32 | zdd::top;
  threads_[0].next_node = first + 2;
  threads_[0].nodes_end = first + shared_store::block_size;
  // Already past the budget: the threads stop at their first node.
  if (memory_budget_ && fixed_bytes_ + bytes() > memory_budget_)
    stop(memo_status::memory_exhausted);
}

void shared_memo::check_budget(std::size_t more) const {
  if (memory_budget_ && fixed_bytes_ + bytes() + more > memory_budget_) throw std::bad_alloc();
}

std::uint32_t shared_memo::make_room(shared_store& store, shared_slots& slots, std::uint32_t& next,
                                     std::uint32_t& end, std::uint32_t& room) {
  if (next == end) {
    check_budget(store.block_bytes());
    next = store.take_block();
    end = next + shared_store::block_size;
  }
  if (room == 0) {
    check_budget(slots.growth_bytes(room_batch));
    slots.reserve(room_batch);
    room = room_batch;
  }
  return next;
}

shared_memo::found shared_memo::find_or_claim(unsigned t, const std::uint64_t* words,
                                              std::uint64_t hash, std::uint32_t& entry,
                                              zdd::node_id& node) {
  thread_state& me = threads_[t];
  const std::uint32_t fresh =
      make_room(entries_, memo_, me.next_entry, me.entries_end, me.memo_room);
  std::uint64_t* record = entries_.at(fresh);
  std::memcpy(record, words, words_ * sizeof(std::uint64_t));
  record[words_] = pending;
  entry = memo_.find_or_add(t, hash, fresh, [&](std::uint32_t n) {
    return std::memcmp(entries_.at(n), words, words_ * sizeof(std::uint64_t)) == 0;
  });
  if (entry == fresh) {
    ++me.next_entry;
    --me.memo_room;
    ++me.claimed;
    return found::claimed;
  }
  node = static_cast<zdd::node_id>(
      atomic_view<std::uint64_t>(*result(entry)).load(std::memory_order_acquire));
  return node == pending ? found::pending : found::done;
}

std::uint64_t shared_memo::signatures() const noexcept {
  std::uint64_t n = 0;
  for (const thread_state& t : threads_)
    n += t.claimed;
  return n;
}

std::uint64_t shared_memo::good_signatures() const noexcept {
  std::uint64_t n = 0;
  for (const thread_state& t : threads_)
    n += t.good;
  return n;
}

namespace {

std::uint64_t node_hash(option_id option, zdd::node_id lo, zdd::node_id hi) noexcept {
  std::uint64_t h = (std::uint64_t{option} << 32 | lo) * 0x9e3779b97f4a7c15ULL;
  h = (h ^ (h >> 29) ^ hi) * 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 32);
}

}  // namespace

zdd::node_id shared_memo::intern(unsigned t, option_id option, zdd::node_id lo, zdd::node_id hi) {
  thread_state& me = threads_[t];
  const std::uint32_t fresh =
      make_room(nodes_, unique_, me.next_node, me.nodes_end, me.unique_room);
  std::uint64_t* record = nodes_.at(fresh);
  const std::uint64_t children = std::uint64_t{hi} << 32 | lo;
  record[0] = option;
  record[1] = children;
  const std::uint32_t n =
      unique_.find_or_add(t, node_hash(option, lo, hi), fresh, [&](std::uint32_t k) {
        const std::uint64_t* r = nodes_.at(k);
        return r[0] == option && r[1] == children;
      });
  if (n == fresh) {
    ++me.next_node;
    --me.unique_room;
  }
  return n;
}

zdd shared_memo::canonical_diagram(zdd::node_id root) const {
  // Depth first, lo before hi, a node after its children: the order in which
  // one thread makes them (each node's chain grows branch by branch).
  constexpr zdd::node_id unset = ~zdd::node_id{0};
  std::vector<zdd::node_id> renamed(nodes_.end(), unset);
  std::vector<zdd::node> out{node_at(zdd::bottom), node_at(zdd::top)};
  renamed[zdd::bottom] = zdd::bottom;
  renamed[zdd::top] = zdd::top;
  std::vector<zdd::node_id> stack{root};
  while (!stack.empty()) {
    const zdd::node_id n = stack.back();
    if (renamed[n] != unset) {
      stack.pop_back();
      continue;
    }
    const zdd::node x = node_at(n);
    if (renamed[x.lo] == unset) {
      stack.push_back(x.lo);
    } else if (renamed[x.hi] == unset) {
      stack.push_back(x.hi);
    } else {
      renamed[n] = static_cast<zdd::node_id>(out.size());
      out.push_back({x.option, renamed[x.lo], renamed[x.hi]});
      stack.pop_back();
    }
  }
  return zdd(std::move(out), renamed[root]);
}

// ---- One thread's search.

std::size_t memo_search::shared_bytes() const noexcept {
  return shared_->bytes();
}

std::size_t memo_search::prepare_thread(unsigned thread) {
  thread_ = thread;
  if (options_.decompose) prepare_decomposing();
  return links_bytes_;
}

zdd::node_id memo_search::run_shared(shared_memo& shared) {
  shared_ = &shared;
  started_ = std::chrono::steady_clock::now();
  next_progress_ = options_.on_progress ? options_.progress_interval : UINT64_MAX;
  next_clock_ = options_.time_budget.count() > 0 ? 0 : UINT64_MAX;
  return solve(0, SIZE_MAX, false);
}

memo_result build_zdd_on_threads(const problem& p, const memo_options& options, unsigned threads) {
  // Only the first thread reports progress.
  memo_options quiet = options;
  quiet.on_progress = nullptr;
  std::vector<std::unique_ptr<memo_search>> searches;
  std::size_t matrices = 0;
  for (unsigned t = 0; t < threads; ++t) {
    searches.push_back(std::make_unique<memo_search>(p, t == 0 ? options : quiet));
    matrices += searches.back()->prepare_thread(t);
  }
  shared_memo shared(searches[0]->signature_words(), options.memory_budget, threads, matrices);
  std::vector<zdd::node_id> roots(threads, zdd::bottom);
  memo_result result;
  try {
    run_with_stack(threads, searches[0]->stack_bytes(), [&](unsigned t) {
      try {
        roots[t] = searches[t]->run_shared(shared);
        shared.stop(memo_status::complete);
      } catch (const memo_search::stop_search& s) {
        shared.stop(s.status);
      } catch (...) {
        shared.stop(memo_search::out_of_memory());
      }
    });
  } catch (...) {
    shared.stop(memo_search::out_of_memory());
  }
  result.status = shared.status();
  memo_stats& st = result.stats;
  st.threads = threads;
  for (const auto& s : searches) {
    const memo_stats& t = s->stats();
    st.nodes += t.nodes;
    st.updates += t.updates;
    st.cleansings += t.cleansings;
    st.hits += t.hits;
    st.splits += t.splits;
    st.parts += t.parts;
    st.products += t.products;
    st.part_checks += t.part_checks;
    st.looks_given_up += t.looks_given_up;
    st.max_level = std::max(st.max_level, t.max_level);
  }
  st.bytes = matrices + shared.bytes();
  const std::uint64_t good = shared.good_signatures();
  st.failed_signatures = shared.signatures() - good;
  st.good_signatures = good + 1;  // and the empty one, as DLX6 counts it
  if (result.complete()) {
    zdd::node_id root = zdd::bottom;
    for (zdd::node_id r : roots)
      root = std::max(root, r);  // the threads that finished agree; the others have bottom
    result.diagram = shared.canonical_diagram(root);
    st.zdd_nodes = result.diagram.size() == 2 ? 1 : result.diagram.size();
  } else {
    st.zdd_nodes = shared.diagram_size();
  }
  return result;
}

}  // namespace dlx::detail
