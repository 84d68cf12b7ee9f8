// The memoized search: Knuth's Algorithm Z as his DLX6 implements it.
//
// The matrix is DLX6's: items 1..P primary and P+1..P+S secondary (0 heads the
// list of primary items still to cover, P+S+1 the list of secondary items
// still in use), one flat array of 32-bit links with spacer nodes between
// options. It differs from DLX2's in one way that DLX6 needs: the length of a
// secondary item's list counts the options still active, and an item whose
// length drops to 0 leaves the active list, because it no longer matters to
// what is left of the problem.
//
// What is left is named by a signature: a bit per primary item still to cover,
// and for each secondary item still in use a small code (1 while it has no
// color, 1 + c once color c is set). DLX6 builds it afresh at every node by
// walking the active lists; we keep it up to date as items leave and return
// (a few instructions per list operation) and only copy it. Signatures go into
// a hash table (open addressing, a 32-bit fingerprint beside each entry so
// that probes rarely touch the signatures themselves). A signature met again
// is a cache hit: its ZDD node stands for its whole subtree.
//
// Everything DLX6 counts is counted at the same place in the same order, so
// nodes, updates, cleansings, hits, signatures and ZDD nodes match its
// statistics line; tests check them against its figures.
#include <algorithm>
#include <bit>
#include <chrono>
#include <climits>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <thread>
#include <vector>

#include "memo_shared.hpp"

namespace dlx {

namespace detail {

namespace {
constexpr std::uint64_t clock_interval = std::uint64_t{1}
                                         << 14;  // nodes between looks at the clock
}  // namespace

memo_search::memo_search(const problem& p, const memo_options& options)
    : options_(options), signatures_(1), zdd_refs_(1) {
  if (p.has_multiplicities()) {
    throw std::invalid_argument(
        "the memoized search does not take multiplicities (bounds on items) yet");
  }
  if (p.has_weights()) {
    throw std::invalid_argument("the memoized search does not take weighted items (sums) yet");
  }
  if (p.has_rules()) {
    throw std::invalid_argument("the memoized search does not take rules (dlx/rule.hpp)");
  }
  build(p);
  signatures_ = block_array<std::uint64_t>(words_);
}

void memo_search::build(const problem& p) {
  const auto primary = static_cast<std::int32_t>(p.primary_count());
  const auto secondary = static_cast<std::int32_t>(p.secondary_count());
  second_ = primary + 1;
  last_item_ = primary + secondary + 1;
  items_.resize(static_cast<std::size_t>(last_item_) + 1);
  std::vector<std::int32_t> index_of(p.item_count());
  std::int32_t next_primary = 1, next_secondary = second_;
  for (item_id i = 0; i < p.item_count(); ++i) {
    index_of[i] = p.kind(i) == item_kind::primary ? next_primary++ : next_secondary++;
  }
  // Two circular lists: 0 -> primaries -> 0, last_item_ -> secondaries -> last_item_.
  for (std::int32_t k = 0; k <= last_item_; ++k) {
    items_[k] = {k - 1, k + 1};
  }
  items_[0].prev = second_ - 1;
  items_[second_ - 1].next = 0;
  if (second_ == last_item_) {
    items_[last_item_] = {last_item_, last_item_};
  } else {
    items_[second_].prev = last_item_;
    items_[last_item_] = {last_item_ - 1, second_};
  }

  nodes_.resize(static_cast<std::size_t>(last_item_) + 1);
  for (std::int32_t k = 0; k < last_item_; ++k)
    nodes_[k] = {k, k, 0, 0};
  nodes_[last_item_] = {0, 0, 0, 0};  // the first spacer
  len_.assign(static_cast<std::size_t>(last_item_) + 1, 0);
  color_.assign(len_.size(), 0);

  // Colors are numbered per item, 1, 2, ... in order of first use, so a
  // secondary item's code needs only as many bits as it has colors.
  std::vector<std::uint32_t> colors_used(len_.size(), 0);
  std::vector<std::vector<std::pair<color_id, std::int32_t>>> color_codes(len_.size());
  for (option_id o = 0; o < p.option_count(); ++o) {
    if (!p.has_primary(o)) continue;  // DLX6 ignores it, as DLX1 does
    const auto items = p.option(o);
    const auto colors = p.option_colors(o);
    const auto spacer = static_cast<std::int32_t>(nodes_.size() - 1);
    for (std::size_t e = 0; e < items.size(); ++e) {
      const std::int32_t k = index_of[items[e]];
      std::int32_t code = 0;
      if (colors[e] != no_color) {
        auto& codes = color_codes[k];
        auto it = std::find_if(codes.begin(), codes.end(),
                               [&](const auto& c) { return c.first == colors[e]; });
        if (it == codes.end()) {
          codes.emplace_back(colors[e], static_cast<std::int32_t>(codes.size() + 1));
          it = codes.end() - 1;
        }
        code = it->second;
      }
      const auto x = static_cast<std::int32_t>(nodes_.size());
      const std::int32_t bottom_node = nodes_[k].up;
      nodes_.push_back({bottom_node, k, k, code});
      nodes_[bottom_node].down = x;
      nodes_[k].up = x;
      ++len_[k];
    }
    nodes_[spacer].down = static_cast<std::int32_t>(nodes_.size() - 1);
    option_of_.push_back(o);
    nodes_.push_back({spacer + 1, 0, -static_cast<std::int32_t>(option_of_.size()), 0});
    if (nodes_.size() > static_cast<std::size_t>(INT32_MAX / 2)) {
      throw std::length_error("the problem is too large for the memoized search");
    }
  }

  // Signature layout. DLX6 gives the last items the lowest bits; any layout
  // names the same subproblems.
  code_.assign(len_.size(), 0);
  word_.assign(len_.size(), 0);
  shift_.assign(len_.size(), 0);
  std::uint32_t word = 0, bit = 0;
  for (std::int32_t k = 1; k < last_item_; ++k) {
    std::uint32_t width = 1;
    if (k >= second_) width = static_cast<std::uint32_t>(std::bit_width(color_codes[k].size() + 1));
    if (bit + width > 64) ++word, bit = 0;
    word_[k] = word;
    shift_[k] = bit;
    bit += width;
  }
  words_ = word + 1;
  signature_.assign(words_, 0);
  for (std::int32_t k = 1; k < second_; ++k)
    set_code(k, 1);
  // A secondary item no option uses leaves the list at once (DLX6 does so).
  for (std::int32_t k = second_; k < last_item_; ++k) {
    if (len_[k] == 0) {
      const std::int32_t l = items_[k].prev, r = items_[k].next;
      items_[l].next = r;
      items_[r].prev = l;
    } else {
      set_code(k, 1);
    }
  }
  links_bytes_ = items_.size() * sizeof(item_links) + nodes_.size() * sizeof(node_links) +
                 len_.size() * (2 * sizeof(std::int32_t) + 3 * sizeof(std::uint32_t));
}

// ---- Dancing: DLX6's cover, uncover, purify and unpurify.

void memo_search::hide_option(std::int32_t rr) noexcept {
  if (record_touched_) touched_[touched_end_++] = rr;
  for (std::int32_t nn = rr + 1; nn != rr;) {
    const std::int32_t cc = nodes_[nn].itm;
    if (cc <= 0) {
      nn = nodes_[nn].up;
      continue;
    }
    if (nodes_[nn].color >= 0) {
      const std::int32_t uu = nodes_[nn].up, dd = nodes_[nn].down;
      nodes_[uu].down = dd;
      nodes_[dd].up = uu;
    }
    ++stats_.updates;
    if (--len_[cc] == 0 && cc >= second_) unlink_item(cc);
    ++nn;
  }
}

void memo_search::unhide_option(std::int32_t rr) noexcept {
  for (std::int32_t nn = rr - 1; nn != rr;) {
    const std::int32_t cc = nodes_[nn].itm;
    if (cc <= 0) {
      nn = nodes_[nn].down;
      continue;
    }
    if (nodes_[nn].color >= 0) {
      const std::int32_t uu = nodes_[nn].up, dd = nodes_[nn].down;
      nodes_[uu].down = nn;
      nodes_[dd].up = nn;
    }
    if (++len_[cc] == 1 && cc >= second_) relink_item(cc);
    --nn;
  }
}

void memo_search::cover(std::int32_t c) noexcept {
  unlink_item(c);
  ++stats_.updates;
  for (std::int32_t rr = nodes_[c].down; rr >= last_item_; rr = nodes_[rr].down)
    hide_option(rr);
}

void memo_search::uncover(std::int32_t c) noexcept {
  for (std::int32_t rr = nodes_[c].up; rr >= last_item_; rr = nodes_[rr].up)
    unhide_option(rr);
  relink_item(c);
}

// Sets the color of node p on its item: the options that disagree leave, those
// that agree are marked (color -1) so that they are not purified again. The
// item's list stays whole so that unpurify can walk it; its length counts the
// options left, and -1 says none was (the item then leaves the active list).
void memo_search::purify(std::int32_t p) noexcept {
  const std::int32_t cc = nodes_[p].itm, x = nodes_[p].color;
  color_[cc] = x;
  if (code_[cc] != 0) set_code(cc, 1 + static_cast<std::uint32_t>(x));
  std::int32_t tt = len_[cc];
  ++stats_.cleansings;
  for (std::int32_t rr = nodes_[cc].down; rr >= last_item_; rr = nodes_[rr].down) {
    if (nodes_[rr].color != x) {
      --tt;
      hide_option(rr);
    } else {
      ++stats_.cleansings;
      nodes_[rr].color = -1;
    }
  }
  if (tt > 0) {
    len_[cc] = tt;
  } else {
    len_[cc] = -1;
    unlink_item(cc);
  }
}

void memo_search::unpurify(std::int32_t p) noexcept {
  const std::int32_t cc = nodes_[p].itm, x = nodes_[p].color;
  color_[cc] = 0;
  std::int32_t tt = len_[cc];
  if (tt < 0) {
    tt = 0;
    relink_item(cc);
  } else {
    set_code(cc, 1);
  }
  for (std::int32_t rr = nodes_[cc].up; rr >= last_item_; rr = nodes_[rr].up) {
    if (nodes_[rr].color < 0) {
      nodes_[rr].color = x;
    } else {
      ++tt;
      unhide_option(rr);
    }
  }
  len_[cc] = tt;
}

// A secondary item whose list emptied while this option's earlier items were
// covered has left already and must not be covered twice (DLX6's "subtle point").
void memo_search::cover_others(std::int32_t cur) noexcept {
  for (std::int32_t pp = cur + 1; pp != cur;) {
    const std::int32_t cc = nodes_[pp].itm;
    if (cc <= 0) {
      pp = nodes_[pp].up;
      continue;
    }
    if (cc < second_ || len_[cc] != 0) {
      if (nodes_[pp].color == 0) {
        cover(cc);
      } else if (nodes_[pp].color > 0) {
        purify(pp);
      }
    }
    ++pp;
  }
}

void memo_search::uncover_others(std::int32_t cur, std::int32_t& kept) noexcept {
  for (std::int32_t pp = cur - 1; pp != cur;) {
    const std::int32_t cc = nodes_[pp].itm;
    if (cc <= 0) {
      kept = -cc;  // the spacer before an option holds minus the options before it
      pp = nodes_[pp].down;
      continue;
    }
    if (cc < second_ || len_[cc] != 0) {
      if (nodes_[pp].color == 0) {
        uncover(cc);
      } else if (nodes_[pp].color > 0) {
        unpurify(pp);
      }
    }
    --pp;
  }
}

std::int32_t memo_search::choose() const noexcept {
  if (options_.branching == memo_branching::first) {
    // dlx6-noMRV: a dead end (an item with no options left) if there is one,
    // else the first item still to cover.
    for (std::int32_t k = items_[0].next; k != 0; k = items_[k].next) {
      if (len_[k] == 0) return k;
    }
    return items_[0].next;
  }
  std::int32_t best = 0, fewest = INT32_MAX;
  for (std::int32_t k = items_[0].next; fewest != 0 && k != 0; k = items_[k].next) {
    if (len_[k] < fewest) best = k, fewest = len_[k];
  }
  return best;
}

// ---- The memo cache.

std::uint64_t memo_search::signature_hash(const std::uint64_t* words) const noexcept {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (std::size_t w = 0; w < words_; ++w) {
    h = (h ^ words[w]) * 0xff51afd7ed558ccdULL;
    h ^= h >> 32;
  }
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 29);
}

void memo_search::grow_table() {
  std::vector<std::uint64_t> grown(table_.empty() ? 1024 : table_.size() * 2, 0);
  const std::size_t mask = grown.size() - 1;
  for (std::uint64_t slot : table_) {
    if (slot == 0) continue;
    const std::uint64_t h = signature_hash(signatures_.at((slot & 0xffffffff) - 1));
    std::size_t s = h & mask;
    while (grown[s] != 0)
      s = (s + 1) & mask;
    grown[s] = slot;
  }
  table_.swap(grown);
}

bool memo_search::lookup(std::uint32_t& entry) {
  if (2 * (std::size_t{entries_} + 1) > table_.size()) {
    check_budget(std::max<std::size_t>(table_.size(), 512) * 2 * sizeof(std::uint64_t));
    grow_table();
  }
  const std::uint64_t h = signature_hash(signature_.data());
  const std::uint64_t fingerprint = h & 0xffffffff00000000ULL;
  const std::size_t mask = table_.size() - 1;
  std::size_t s = h & mask;
  for (; table_[s] != 0; s = (s + 1) & mask) {
    if ((table_[s] & 0xffffffff00000000ULL) != fingerprint) continue;
    const std::uint32_t e = static_cast<std::uint32_t>(table_[s]) - 1;
    if (std::memcmp(signatures_.at(e), signature_.data(), words_ * sizeof(std::uint64_t)) == 0) {
      entry = e;
      return true;
    }
  }
  if (entries_ == UINT32_MAX - 1) throw std::bad_alloc();  // no more 32-bit entry numbers
  if ((entries_ & ((std::size_t{1} << block_array<std::uint64_t>::block_bits) - 1)) == 0) {
    check_budget(((std::size_t{1} << block_array<std::uint64_t>::block_bits)) *
                 (words_ * sizeof(std::uint64_t) + sizeof(zdd::node_id)));
  }
  entry = entries_++;
  signatures_.grow_to_hold(entry);
  zdd_refs_.grow_to_hold(entry);
  std::memcpy(signatures_.at(entry), signature_.data(), words_ * sizeof(std::uint64_t));
  *zdd_refs_.at(entry) = zdd::bottom;
  table_[s] = fingerprint | (std::uint64_t{entry} + 1);
  return false;
}

memo_progress memo_search::progress(std::uint32_t level) const {
  memo_progress p;
  // With threads, the first thread reports: the nodes of all, the hits of its own.
  p.nodes = shared_ ? shared_->nodes.load(std::memory_order_relaxed) : stats_.nodes;
  p.hits = stats_.hits;
  p.signatures = shared_ ? shared_->signatures_so_far() : entries_;
  p.zdd_nodes = shared_ ? shared_->diagram_size() : stats_.zdd_nodes;
  p.bytes = bytes_in_use();
  p.level = level;
  p.elapsed = std::chrono::steady_clock::now() - started_;
  return p;
}

// ---- The search: Algorithm Z in DLX6's shape (its labels kept as goto
// targets, because the steps jump into one another as the algorithm's do).

std::optional<memo_status> memo_search::limit_reached(std::uint32_t level) {
  if (shared_) {
    if (shared_->stopping()) return shared_->status();
    if (stats_.nodes - nodes_told_ >= 1024) {
      const std::uint64_t batch = stats_.nodes - nodes_told_;
      nodes_told_ = stats_.nodes;
      const std::uint64_t all = shared_->nodes.fetch_add(batch, std::memory_order_relaxed) + batch;
      if (options_.node_budget && all > options_.node_budget) return memo_status::budget_exhausted;
    }
  } else if (options_.node_budget && stats_.nodes > options_.node_budget) {
    return memo_status::budget_exhausted;
  }
  // The diagram may double when it next grows. (With threads, the shared
  // cache and diagram hold to the budget as they grow.)
  if (!shared_ && options_.memory_budget &&
      bytes_in_use() + diagram_.bytes() > options_.memory_budget) {
    return memo_status::memory_exhausted;
  }
  if (stats_.nodes >= next_clock_) {
    next_clock_ += clock_interval;
    if (std::chrono::steady_clock::now() - started_ >= options_.time_budget) {
      return memo_status::time_exhausted;
    }
  }
  if (stats_.nodes >= next_progress_) {
    next_progress_ += options_.progress_interval;
    if (options_.on_progress(progress(level)) == visit::stop) return memo_status::stopped;
  }
  return std::nullopt;
}

memo_result memo_search::run() {
  started_ = std::chrono::steady_clock::now();
  next_progress_ = options_.on_progress ? options_.progress_interval : UINT64_MAX;
  next_clock_ = options_.time_budget.count() > 0 ? clock_interval : UINT64_MAX;
  return options_.decompose ? run_decomposing() : run_dlx6();
}

memo_status memo_search::out_of_memory() {
  try {
    throw;
  } catch (const memory_budget_reached&) {
  } catch (const std::bad_alloc&) {
  } catch (const std::length_error&) {  // more than 2^32 diagram nodes
  }
  return memo_status::memory_exhausted;
}

memo_result memo_search::finish(memo_status status, zdd::node_id root) {
  memo_result result;
  stats_.failed_signatures = entries_ - stats_.good_signatures;
  ++stats_.good_signatures;  // DLX6 counts the empty signature as a good one
  // DLX6 prints its node counter, which starts at 2 for the sinks, and 1 when
  // it stayed at 2; and one more good signature, for the empty one.
  stats_.zdd_nodes = stats_.zdd_nodes == 0 ? 1 : stats_.zdd_nodes + 2;
  stats_.bytes = bytes_in_use();
  result.status = status;
  result.stats = stats_;
  if (status == memo_status::complete) {
    diagram_.set_root(root);
    result.diagram = std::move(diagram_);
  }
  return result;
}

memo_result memo_search::run_dlx6() {
  std::vector<zdd::node_id> savez;     // the ZDD node built so far on each level
  std::vector<std::uint32_t> memo_at;  // the memo entry of each level's subproblem
  std::int32_t best = 0, cur = 0, kept = 0;
  zdd::node_id znode = zdd::bottom, zsol = zdd::bottom;
  std::uint32_t level = 0;
  auto at_level = [&](std::uint32_t l) {
    if (choice_.size() <= l) {
      choice_.resize(l + 1);
      savez.resize(l + 1);
      memo_at.resize(l + 1);
    }
  };
  memo_status status = memo_status::complete;
  try {
  forward:
    ++stats_.nodes;
    at_level(level);
    if (auto stop = limit_reached(level)) {
      status = *stop;
      goto done;
    }
    {
      std::uint32_t entry = 0;
      if (lookup(entry)) {
        znode = *zdd_refs_.at(entry);
        ++stats_.hits;
        goto backdown;
      }
      memo_at[level] = entry;
    }
    znode = zdd::bottom;
    best = choose();
    cover(best);
    cur = choice_[level] = nodes_[best].down;
  advance:
    if (cur == best) goto backup;
    cover_others(cur);
    if (items_[0].next == 0) {  // a solution: DLX6 counts it as a node and a hit
      ++stats_.nodes;
      ++stats_.hits;
      stats_.max_level = std::max(stats_.max_level, level + 1);
      zsol = zdd::top;
      goto recover;
    }
    savez[level] = znode;
    ++level;
    stats_.max_level = std::max(stats_.max_level, level);
    goto forward;
  backup:
    uncover(best);
    if (znode != zdd::bottom) {
      *zdd_refs_.at(memo_at[level]) = znode;
      ++stats_.good_signatures;
    }
  backdown:
    if (level == 0) goto done;
    --level;
    cur = choice_[level];
    best = nodes_[cur].itm;
    zsol = znode;
    znode = savez[level];
  recover:
    uncover_others(cur, kept);
    if (zsol != zdd::bottom) {
      znode = diagram_.add(option_of_[static_cast<std::size_t>(kept)], znode, zsol);
      ++stats_.zdd_nodes;
    }
    cur = choice_[level] = nodes_[cur].down;
    goto advance;
  } catch (...) {
    status = out_of_memory();
  }
done:
  return finish(status, znode);
}

}  // namespace detail

memo_result build_zdd(const problem& p, const memo_options& options) {
  if (p.primary_count() == 0) {
    // Nothing to cover: the empty solution is the only one.
    memo_result r;
    r.diagram.set_root(zdd::top);
    r.stats.zdd_nodes = 1;
    r.stats.good_signatures = 1;
    return r;
  }
  const unsigned threads =
      options.threads != 0 ? options.threads : std::max(1U, std::thread::hardware_concurrency());
  if (threads > 1) return detail::build_zdd_on_threads(p, options, threads);
  return detail::memo_search(p, options).run();
}

std::string_view to_string(memo_status s) noexcept {
  switch (s) {
    case memo_status::complete:
      return "complete";
    case memo_status::budget_exhausted:
      return "budget_exhausted";
    case memo_status::time_exhausted:
      return "time_exhausted";
    case memo_status::memory_exhausted:
      return "memory_exhausted";
    case memo_status::stopped:
      return "stopped";
  }
  return "unknown";
}

}  // namespace dlx
