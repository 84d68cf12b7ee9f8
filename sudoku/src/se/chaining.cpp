// SE's chaining techniques: X-, Y- and XY-cycles and forcing chains, Nishio,
// multiple and dynamic forcing chains, and dynamic chains that use other
// techniques inside (levels 1 to 5).
//
// A chain is a graph of potentials ("r1c2 is 5", "r1c2 is not 5"), each with
// the potentials that imply it (its parents). SE rates a chain hint by the
// number of distinct potentials behind its conclusions (its complexity) plus
// the complexity of the chains nested in it, so the graph is kept exactly as
// SE builds it: same search order, same parents, same first-found instances.
// Potentials live in an arena; a nested search gives back only numbers and
// keys, so its potentials are dropped as soon as it returns.
//
// A search of the rating's own level (not a nested one) splits over the
// rating's threads by starting candidate (split()): each thread runs whole
// starts on its own chainer, arena and grid, the arenas are appended after,
// and the hints are put together in SE's order, so the path and the work do
// not depend on the threads.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "se/crew.hpp"
#include "se/techniques.hpp"

namespace sudoku::se {

namespace {

enum class cause : std::uint8_t {
  none,
  naked_single,
  hidden_block,
  hidden_row,
  hidden_column,
  advanced
};

cause region_cause(int kind) {
  return kind == block ? cause::hidden_block
         : kind == row ? cause::hidden_row
                       : cause::hidden_column;
}

struct node {
  potential_key key;
  se::cause why = cause::none;
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

int key_of(int cell, int value, bool on) {
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

// SE's getLengthDifficulty: 0.1 more each time the chain outgrows a step of
// 4, 6, 8, 12, 16, 24, ... potentials (plus two).
double length_difficulty(int complexity) {
  double added = 0.0;
  int ceil = 4;
  int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
    odd = !odd;
  }
  return added;
}

class chainer {
 public:
  chainer(const chaining_rule& rule, arena& a, budget& work, bool nested)
      : rule_(rule), a_(a), work_(work), nested_(nested) {}

  // SE's getHintList: every hint, sorted (difficulty, complexity, sort key).
  std::vector<chain_hint> hint_list(board& grid);

  // The states a lower level's search left, to go on from (the arena must
  // be the one they were made in).
  void resume(start_states& states) {
    memo_ = std::move(states);
    resuming_ = true;
    for (std::size_t i = 0; i < memo_.size(); ++i)
      if (memo_[i]) memo_used_.push_back(static_cast<std::uint16_t>(i));
  }
  // Whether multiple_chains leaves its states in place; then take them.
  void keep_states(bool keep) { keep_memo_ = keep; }
  void take_states(start_states& out) { out = std::move(memo_); }

  // The deduplicated list SE's getHints hands out (LinkedHashSet of hints
  // equal when they remove the same candidates).
  static void deduplicate(std::vector<chain_hint>& hints) {
    std::vector<chain_hint> out;
    for (chain_hint& h : hints) {
      bool seen = false;
      for (const chain_hint& o : out) {
        if (o.removals.size() != h.removals.size()) continue;
        bool same = true;
        for (std::size_t i = 0; same && i < h.removals.size(); ++i)
          same =
              o.removals[i].cell == h.removals[i].cell && o.removals[i].vals == h.removals[i].vals;
        if (same) {
          seen = true;
          break;
        }
      }
      if (!seen) out.push_back(std::move(h));
    }
    hints = std::move(out);
  }

  [[nodiscard]] std::string name_of(const chain_hint& h) const;
  // The implications of the hint's chains, each once: parent to child, from
  // each target back to where its chain starts.
  void links_of(const chain_hint& h, std::vector<chain_link>& out) const;

  // SE's collectRuleParents over every target: the candidates, gone between
  // `initial` and `current`, that the hint's chains rely on.
  void rule_parents(const chain_hint& h, const board& initial, const board& current,
                    std::vector<potential_key>& out) const;

 private:
  std::uint32_t make(int cell, int value, bool on, cause why, std::int64_t parent = -1) {
    work_.spend();
    return make_node(cell, value, on, why, parent);
  }
  // A node that was counted already (a lazy one, made into a node).
  std::uint32_t make_node(int cell, int value, bool on, cause why, std::int64_t parent) {
    const auto id = static_cast<std::uint32_t>(a_.nodes.size());
    node& n = a_.nodes.emplace_back();
    n.key = {static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(value), on};
    n.why = why;
    n.parents_begin = static_cast<std::uint32_t>(a_.parents.size());
    if (parent >= 0) {
      n.parents_count = 1;
      a_.parents.push_back(static_cast<std::uint32_t>(parent));
    }
    return id;
  }
  // Parents are stored contiguously: only the node made last can get more.
  void add_parent(std::uint32_t n, std::uint32_t parent) {
    a_.parents.push_back(parent);
    ++a_.nodes[n].parents_count;
  }
  [[nodiscard]] const node& at(std::uint32_t n) const { return a_.nodes[n]; }
  [[nodiscard]] std::uint32_t first_parent(std::uint32_t n) const {
    return a_.parents[a_.nodes[n].parents_begin];
  }
  [[nodiscard]] int key(std::uint32_t n) const { return a_.nodes[n].key.index(); }

  // The search queues (SE's pendingOn, pendingOff) start with the sets' potentials.
  void start_queues(const potential_set& to_on, const potential_set& to_off) {
    scratch_on_.clear();
    scratch_off_.clear();
    for (std::uint16_t k : to_on.keys())
      scratch_on_.push_back(to_on.get(k));
    for (std::uint16_t k : to_off.keys())
      scratch_off_.push_back(to_off.get(k));
  }

  // The consequences of "p is on" (SE's getOnToOff), as (cell, value, cause)
  // in SE's order, without duplicates.
  template <class F>
  void on_to_off(const board& grid, std::uint32_t p, bool y, F&& f) const {
    const potential_key pk = at(p).key;
    if (links_ready_) {
      on_links_at(grid, pk.cell * 9 + pk.value - 1, y, f);
      return;
    }
    if (y) cell_offs(grid, pk, f);
    house_offs(grid, pk, f);
  }
  // A fixed grid: each candidate's links (i: cell * 9 + value - 1) worked out
  // the first time asked (the cell's other values first, then its houses).
  template <class F>
  void on_links_at(const board& grid, int i, bool y, F&& f) const {
    if (on_gen_[i] != links_gen_)
      fill_on_links(
          grid, {static_cast<std::uint8_t>(i / 9), static_cast<std::uint8_t>(i % 9 + 1), true}, i);
    const on_link* l = on_links_.data() + on_start_[i];
    for (int j = y ? 0 : on_y_[i]; j < on_n_[i]; ++j)
      f(l[j].cell, l[j].value, l[j].why, l[j].key);
  }
  // "p is on" turns off the cell's other values (Y)...
  template <class F>
  static void cell_offs(const board& grid, potential_key pk, F&& f) {
    for (int v = 1; v <= 9; ++v)
      if (v != pk.value && (grid.cand[pk.cell] & bit(v)))
        f(pk.cell, v, cause::naked_single, key_of(pk.cell, v, false));
  }
  // ... and the value in the cells of its houses (X).
  template <class F>
  static void house_offs(const board& grid, potential_key pk, F&& f) {
    const auto& g = geometry();
    const auto& why = house_causes()[pk.cell];
    const values b = bit(pk.value);
    for (int j = 0; j < 20; ++j) {
      const int c = g.house[pk.cell][j];
      if (grid.cand[c] & b) f(c, pk.value, why[j], key_of(c, pk.value, false));
    }
  }
  // The cause of each link from a cell to the cells of its houses: the block
  // first, else the row, else the column (SE's order).
  static const std::array<std::array<cause, 20>, 81>& house_causes() {
    static const auto table = [] {
      const auto& g = geometry();
      std::array<std::array<cause, 20>, 81> t{};
      for (int cell = 0; cell < 81; ++cell)
        for (int j = 0; j < 20; ++j) {
          const int c = g.house[cell][j];
          const int kind = g.region_of[c][block] == g.region_of[cell][block] ? block
                           : g.region_of[c][row] == g.region_of[cell][row]   ? row
                                                                             : column;
          t[cell][j] = region_cause(kind);
        }
      return t;
    }();
    return table;
  }

  // What cell_offs and house_offs give, written in a row (room for the
  // most there can be, 8 + 20, made once).
  void fill_on_links(const board& grid, potential_key pk, int i) const {
    on_gen_[i] = links_gen_;
    on_start_[i] = static_cast<std::uint32_t>(on_links_.size());
    on_link* out = on_links_.room(8 + 20);
    int n = 0;
    auto keep = [&](int c, int v, cause why, int k) {
      out[n++] = {static_cast<std::uint8_t>(c), static_cast<std::uint8_t>(v), why,
                  static_cast<std::uint16_t>(k)};
    };
    cell_offs(grid, pk, keep);
    on_y_[i] = static_cast<std::uint8_t>(n);
    house_offs(grid, pk, keep);
    on_n_[i] = static_cast<std::uint8_t>(n);
    on_links_.added(static_cast<std::size_t>(n));
  }

  // A consequence of "p is off" (SE's getOffToOn), before it becomes a node:
  // most are already known and never need one.
  struct on_result {
    std::uint8_t cell, value;
    se::cause why;
    std::int8_t region;  // -1: the cell's last value; else the region's last place
    std::uint16_t gone;  // candidates (cell) or positions (region) gone since the source
    [[nodiscard]] int key() const { return key_of(cell, value, true); }
  };

  // The consequences of "p is off", in SE's order, without duplicates; with a
  // source (dynamic chains), what has gone since it, for SE's hidden parents.
  int off_to_on(const board& grid, std::uint32_t p, const board* source, bool y, bool x,
                on_result (&out)[4]) const {
    const potential_key pk = at(p).key;
    if (links_ready_) return off_links_at(pk.cell * 9 + pk.value - 1, y, x, out);
    return compute_off_to_on(grid, pk, source, y, x, out);
  }
  // A fixed grid: the links were worked out once (Y link first, then X).
  int off_links_at(int i, bool y, bool x, on_result (&out)[4]) const {
    const int ny = link_y_[i], nall = link_n_[i];
    int n = 0;
    for (int j = y ? 0 : ny; j < (x ? nall : ny); ++j)
      out[n++] = links_[i * 4 + j];
    return n;
  }

  // `table`: the grid's positions, when worked out already. With a source,
  // the grid is a dynamic do_chaining's: the positions are in grid_pos_ and
  // source_pos_.
  int compute_off_to_on(const board& grid, potential_key pk, const board* source, bool y, bool x,
                        on_result (&out)[4], const board::position_table* table = nullptr) const {
    const auto& g = geometry();
    int n = 0;
    if (y && count(grid.cand[pk.cell]) == 2) {
      const int other = first(static_cast<values>(grid.cand[pk.cell] & ~bit(pk.value)));
      const values gone =
          source ? static_cast<values>(source->cand[pk.cell] & ~grid.cand[pk.cell]) : values{0};
      out[n++] = {pk.cell, static_cast<std::uint8_t>(other), cause::naked_single, -1, gone};
    }
    if (x) {
      const int first_x = n;
      for (int kind : {block, row, column}) {
        const int region = g.region_of[pk.cell][kind];
        const std::uint16_t pos = table    ? (*table)[region * 16 + pk.value]
                                  : source ? grid_pos_[region * 16 + pk.value]
                                           : grid.positions(region, pk.value);
        if (count(pos) != 2) continue;
        int other = g.cells[region][std::countr_zero(pos)];
        if (other == pk.cell)
          other = g.cells[region][31 - std::countl_zero(static_cast<unsigned>(pos))];
        bool dup = false;  // SE's LinkedHashSet keeps the first
        for (int i = first_x; i < n; ++i)
          dup |= out[i].cell == other;
        if (dup) continue;
        const std::uint16_t gone =
            source ? static_cast<std::uint16_t>(source_pos_[region * 16 + pk.value] & ~pos)
                   : std::uint16_t{0};
        out[n++] = {static_cast<std::uint8_t>(other), pk.value, region_cause(kind),
                    static_cast<std::int8_t>(region), gone};
      }
    }
    return n;
  }

  // A dynamic do_chaining's positions: its source's, worked out again only
  // when the source is another grid (the starts of one search share it), and
  // its grid's, copied from them and kept up to date as the grid loses
  // candidates.
  void start_positions(const board& source) {
    if (!positions_made_ || positions_source_.cand != source.cand) {
      source.all_positions(source_pos_);
      positions_source_ = source;
      positions_made_ = true;
    }
    grid_pos_ = source_pos_;
  }
  void lose_position(int cell, int v) {
    const auto& g = geometry();
    for (int kind = 0; kind < 3; ++kind) {
      std::uint16_t& pos = grid_pos_[g.region_of[cell][kind] * 16 + v];
      pos = static_cast<std::uint16_t>(pos & ~(1u << g.index_in[cell][kind]));
    }
  }

  // A nested search asks again at every step of the chain above it, on a
  // grid that differs from the last one in a few candidates: then only the
  // links those touch are worked out again.
  void prepare_links(const board& grid) {
    links_ready_ = true;
    if (links_made_ && on_links_.size() < (1u << 20)) {
      update_links(grid);
      return;
    }
    links_made_ = true;
    links_grid_ = grid;
    on_links_.clear();
    if (++links_gen_ == 0) {
      on_gen_.fill(0);
      links_gen_ = 1;
    }
    links_.resize(81 * 9 * 4);
    link_y_.resize(81 * 9);
    link_n_.resize(81 * 9);
    board::position_table table;
    grid.all_positions(table);
    for (int i = 0; i < 81 * 9; ++i)
      make_off_links(grid, i, &table);
  }
  // The off -> on links of candidate i (cell * 9 + value - 1).
  void make_off_links(const board& grid, int i, const board::position_table* table) {
    const int cell = i / 9, v = i % 9 + 1;
    link_n_[i] = link_y_[i] = 0;
    if (!(grid.cand[cell] & bit(v))) return;
    on_result out[4];
    const potential_key pk{static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(v), false};
    const int n = compute_off_to_on(grid, pk, nullptr, true, true, out, table);
    const int ny = n > 0 && out[0].region < 0 ? 1 : 0;  // the Y link comes first
    link_y_[i] = static_cast<std::uint8_t>(ny);
    link_n_[i] = static_cast<std::uint8_t>(n);
    for (int j = 0; j < n; ++j)
      links_[i * 4 + j] = out[j];
  }
  // A cell's links, on -> off and off -> on, depend on its candidates (the
  // Y links) and on where each of its values is in its houses (the X links):
  // a change at a cell redoes its own and those of the changed values in its
  // houses.
  void update_links(const board& grid) {
    const auto& g = geometry();
    std::array<bool, 81 * 9> redo{};
    for (int cell = 0; cell < 81; ++cell) {
      const unsigned changed = links_grid_.cand[cell] ^ grid.cand[cell];
      if (!changed) continue;
      for (int v = 0; v < 9; ++v)
        redo[cell * 9 + v] = true;
      for (unsigned r = changed; r != 0; r &= r - 1) {
        const int v = std::countr_zero(r);
        for (int c : g.house[cell])
          redo[c * 9 + v - 1] = true;
      }
    }
    for (int i = 0; i < 81 * 9; ++i) {
      if (!redo[i]) continue;
      on_gen_[i] = 0;  // made again when first asked
      make_off_links(grid, i, nullptr);
    }
    links_grid_ = grid;
  }

  // Whether "cell is not value" leads, in one step, to the potential `target`.
  bool leads_to(const board& grid, int cell, int value, bool y, bool x, int target) const {
    on_result out[4];
    const potential_key pk{static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(value),
                           false};
    int n;
    if (links_ready_) {
      const int i = cell * 9 + value - 1;
      n = 0;
      for (int j = y ? 0 : link_y_[i]; j < (x ? link_n_[i] : link_y_[i]); ++j)
        out[n++] = links_[i * 4 + j];
    } else {
      n = compute_off_to_on(grid, pk, nullptr, y, x, out);
    }
    for (int j = 0; j < n; ++j)
      if (out[j].key() == target) return true;
    return false;
  }

  // The node for a consequence of p: p, then SE's hidden parents.
  std::uint32_t make_on(std::uint32_t p, const on_result& r, const potential_set& offs) {
    const std::uint32_t n = make(r.cell, r.value, true, r.why, p);
    if (r.gone) {
      const auto& g = geometry();
      for (int i = 0; i < 10; ++i) {
        if (!(r.gone >> i & 1)) continue;
        const int k =
            r.region < 0 ? key_of(r.cell, i, false) : key_of(g.cells[r.region][i], r.value, false);
        add_parent(n, offs.get(k));
      }
    }
    return n;
  }

  // unary_chaining's potentials, kept as plain records and made into arena
  // nodes only on the chains of a hint: most never are. (On a fixed grid a
  // potential has one parent.)
  struct lazy_node {
    std::uint16_t key;
    se::cause why;
    std::uint32_t parent;  // lazy index, or no_parent
    std::uint64_t path_bits;
  };
  static constexpr std::uint32_t no_parent = 0xffffffffu;
  [[gnu::always_inline]] std::uint32_t make_lazy(int k, cause why, std::uint32_t parent) {
    work_.spend();
    const auto id = static_cast<std::uint32_t>(lazy_.size());
    std::uint64_t bits = std::uint64_t{1} << (k & 63);
    if (parent != no_parent) bits |= lazy_[parent].path_bits;
    lazy_.push_back({static_cast<std::uint16_t>(k), why, parent, bits});
    return id;
  }
  [[nodiscard]] static potential_key key_at(int k) {
    return {static_cast<std::uint8_t>(k / 18), static_cast<std::uint8_t>(k / 2 % 9 + 1),
            (k & 1) != 0};
  }
  // is_parent for lazy potentials.
  [[nodiscard]] bool lazy_is_parent(std::uint32_t child, int parent_key) const {
    if (!(lazy_[child].path_bits >> (parent_key & 63) & 1)) return false;
    for (std::uint32_t p = lazy_[child].parent; p != no_parent; p = lazy_[p].parent)
      if (lazy_[p].key == parent_key) return true;
    return false;
  }
  // The arena node of a lazy potential, its ancestors made first (each once).
  std::uint32_t materialize(std::uint32_t i) {
    if (lazy_made_.size() != lazy_.size()) lazy_made_.assign(lazy_.size(), no_parent);
    thread_local std::vector<std::uint32_t> path;
    path.clear();
    std::uint32_t p = i;
    for (; p != no_parent && lazy_made_[p] == no_parent; p = lazy_[p].parent)
      path.push_back(p);
    std::int64_t parent = p == no_parent ? -1 : std::int64_t{lazy_made_[p]};
    for (auto q = path.rbegin(); q != path.rend(); ++q) {
      const potential_key pk = key_at(lazy_[*q].key);
      parent = make_node(pk.cell, pk.value, pk.on, lazy_[*q].why, parent);
      lazy_made_[*q] = static_cast<std::uint32_t>(parent);
    }
    return lazy_made_[i];
  }

  // SE's doCycles from "source is on" and, with `chains`, its doForcingChains
  // from the same start: one search, since the two make the same potentials
  // (doCycles only adds copies of known off potentials that can close a cycle,
  // and a copy leads to nothing new). These two search a fixed grid
  // (prepare_links) and hold lazy potentials in their sets and results.
  void do_cycles(const board& grid, key_bits& to_on, key_bits& to_off, bool y, bool x,
                 std::vector<std::uint32_t>& cycles, std::vector<std::uint32_t>* chains, int source,
                 std::uint32_t start);
  // SE's doForcingChains from "source is off".
  void do_forcing_chains_off(const board& grid, key_bits& to_on, key_bits& to_off, bool y,
                             std::vector<std::uint32_t>& chains, int source, std::uint32_t start);
  // With `after_level` 0 or more, the search goes on from where a search of
  // that level, which this rule's extends, stopped (the sets as it left them).
  bool do_chaining(board& grid, potential_set& to_on, potential_set& to_off,
                   std::uint32_t& absurd_on, std::uint32_t& absurd_off, int after_level = -1);
  void advanced_potentials(board& grid, const board& source, const potential_set& offs,
                           std::vector<std::uint32_t>& out, int after_level);

  // What "cell is value" leads to, by do_chaining: SE computes it once for the
  // cell's own chains and again for each region the cell shares with an
  // earlier one; the grid is the same each time, so is the answer. The same
  // for "cell is not value" (binary chains).
  static std::size_t memo_index(int cell, int value, bool on) {
    return static_cast<std::size_t>((cell * 10 + value) * 2 + (on ? 0 : 1));
  }
  const start_state& chain_from(board& grid, int cell, int value, bool on);
  // A chain multiple_chains has planned and run.
  [[nodiscard]] const start_state& started(int cell, int value) const {
    return *memo_[memo_index(cell, value, true)];
  }

  void unary_chaining(const board& grid, int cell, int value, std::vector<chain_hint>& result,
                      bool y, bool x);
  // The places of `value` in `region` when a region forcing chain starts
  // there from `cell` (its first place), else 0.
  [[nodiscard]] std::uint16_t region_places(const board& grid, int region, int cell,
                                            int value) const {
    const std::uint16_t pos = grid.positions(region, value);
    const int card = count(pos);
    if (!(card == 2 || (rule_.multiple && card > 2))) return 0;
    return geometry().cells[region][std::countr_zero(pos)] == cell ? pos : std::uint16_t{0};
  }
  // Whether a multiple chain search starts from the cell's values.
  [[nodiscard]] bool starts_at(const board& grid, int cell) const {
    const int card = count(grid.cand[cell]);
    return !grid.value[cell] && (card > 2 || (card > 1 && rule_.dynamic));
  }
  // One start of a multiple chain search: the chain from "cell is value",
  // and with `binary` also the one from "cell is not value" and the hints of
  // the two (binary_chaining).
  struct start_task {
    std::uint8_t cell = 0, value = 0;
    bool binary = false;
  };
  // Every start the hints of multiple_chains need, each once; task_of[cell *
  // 10 + value] its number, or -1.
  void plan_starts(const board& grid, std::vector<start_task>& tasks,
                   std::array<std::int16_t, 81 * 10>& task_of) const;
  void run_start(board& grid, const start_task& t, std::vector<chain_hint>& hints);
  // Runs run(chainer, grid, i) for every task i < tasks, over the rating's
  // threads if it has several, each on a chainer and grid of its own whose
  // arena is then appended to this one (hints[i], task i's hints, follow).
  // The same potentials and hints with any number of threads.
  // Returns whether it did split (the search was long enough).
  template <class F>
  bool split(board& grid, std::size_t tasks, std::vector<std::vector<chain_hint>>& hints, F&& run);
  // SE's forcing chains and cycles: X, then Y, then XY.
  void unary_chains(board& grid, std::vector<chain_hint>& result);
  // The hints of the starts at one cell, in SE's order: binary, region, cell.
  void cell_hints(const board& grid, int cell, std::vector<std::vector<chain_hint>>& binary_hints,
                  const std::array<std::int16_t, 81 * 10>& task_of,
                  std::vector<chain_hint>& result) const;
  void multiple_chains(board& grid, std::vector<chain_hint>& result);
  void binary_chaining(const board& grid, const start_state& from_on, const start_state& from_off,
                       std::vector<chain_hint>& result, bool reduction, bool contradiction);
  void region_chainings(const board& grid, std::vector<chain_hint>& result, int cell, int value,
                        const start_state& from_on) const;

  std::uint32_t reversed_cycle(std::uint32_t dst_on);
  void finish(chain_hint& h) const;
  template <class F>
  void for_each_in_chain(std::uint32_t target, F&& f) const;

  // A region or cell forcing chain hint: `target`, what every outcome leads
  // to, and the outcomes' own potentials for it (targets(h.targets)).
  template <class Targets>
  void add_common_hint(chain_hint h, const board& grid, std::uint32_t target,
                       std::vector<chain_hint>& result, Targets&& targets) const {
    if (at(target).key.on)
      removal_on(h, grid, target);
    else
      removal_off(h, target);
    if (h.removals.empty()) return;
    targets(h.targets);
    const potential_key res = at(h.targets[0]).key;
    if (res.on) {
      h.cell = res.cell;
      h.value = res.value;
    }
    finish(h);
    result.push_back(std::move(h));
  }

  void removal_on(chain_hint& h, const board& grid, std::uint32_t target) const {
    const potential_key k = at(target).key;
    const values rest = static_cast<values>(grid.cand[k.cell] & ~bit(k.value));
    if (rest) h.removals.push_back({k.cell, rest});
  }
  void removal_off(chain_hint& h, std::uint32_t target) const {
    const potential_key k = at(target).key;
    h.removals.push_back({k.cell, bit(k.value)});
  }
  double base_difficulty() const {
    if (rule_.level >= 2) return 9.5 + 0.5 * (rule_.level - 2);
    if (rule_.level > 0) return 8.5 + 0.5 * rule_.level;
    if (rule_.nishio) return 7.5;
    if (rule_.dynamic) return 8.5;
    return 8.0;
  }

  chaining_rule rule_;
  arena& a_;
  budget& work_;
  bool nested_;   // a rule inside another chain: its hints need fingerprints
  board save_{};  // SE's saveGrid: the grid when do_chaining began
  std::vector<std::unique_ptr<chainer>> others_;
  bool others_made_ = false;
  growing<std::uint32_t> scratch_on_, scratch_off_;
  std::vector<std::uint32_t> scratch_advanced_;
  // prepare_links: off->on links per candidate, valid while links_ready_,
  // made for links_grid_ (once links_made_).
  bool links_ready_ = false;
  bool links_made_ = false;
  board links_grid_{};
  start_states memo_;  // during multiple_chains
  std::vector<std::uint16_t> memo_used_;
  // A worker of a search that goes on from a lower level's: the states it
  // takes over (each start's, by one worker only).
  start_states* resume_from_ = nullptr;
  bool resuming_ = false;   // this search goes on from a lower level's
  bool keep_memo_ = false;  // multiple_chains leaves its states for the next level
  std::vector<on_result> links_;
  std::vector<std::uint8_t> link_y_, link_n_;
  // on->off links per candidate, made when first asked while links_ready_
  // (on_gen_ equal to links_gen_), the Y part (the cell's other values) first.
  struct on_link {
    std::uint8_t cell, value;
    se::cause why;
    std::uint16_t key;  // of "cell is not value"
  };
  mutable growing<on_link> on_links_;
  mutable std::array<std::uint32_t, 81 * 9> on_start_{}, on_gen_{};
  mutable std::array<std::uint8_t, 81 * 9> on_y_{}, on_n_{};
  std::uint32_t links_gen_ = 1;
  // A dynamic do_chaining's (compute_off_to_on with a source): start_positions.
  board::position_table source_pos_, grid_pos_;
  board positions_source_{};
  bool positions_made_ = false;
  key_bits unary_on_, unary_off_;  // unary_chaining's
  growing<lazy_node> lazy_;
  std::vector<std::uint32_t> lazy_made_;  // each lazy potential's node, once made
};

template <class F>
void chainer::for_each_in_chain(std::uint32_t target, F&& f) const {
  // SE's getChain: breadth first through the parents, each potential once.
  thread_local std::vector<std::uint32_t> cur, nxt;
  thread_local std::array<std::uint32_t, key_count> seen{};
  thread_local std::uint32_t stamp = 0;
  if (++stamp == 0) {
    seen.fill(0);
    stamp = 1;
  }
  cur.clear();
  cur.push_back(target);
  while (!cur.empty()) {
    nxt.clear();
    for (std::uint32_t p : cur) {
      const int k = key(p);
      if (seen[k] == stamp) continue;
      seen[k] = stamp;
      f(p);
      const node& n = at(p);
      for (std::uint32_t i = 0; i < n.parents_count; ++i)
        nxt.push_back(a_.parents[n.parents_begin + i]);
    }
    std::swap(cur, nxt);
  }
}

void chainer::links_of(const chain_hint& h, std::vector<chain_link>& out) const {
  std::vector<std::pair<int, int>> seen;  // (parent key, child key)
  for (std::uint32_t t : h.targets) {
    for_each_in_chain(t, [&](std::uint32_t p) {
      const node& n = at(p);
      for (std::uint32_t i = 0; i < n.parents_count; ++i) {
        const std::uint32_t q = a_.parents[n.parents_begin + i];
        const std::pair<int, int> k{key(q), key(p)};
        if (std::find(seen.begin(), seen.end(), k) != seen.end()) continue;
        seen.push_back(k);
        const potential_key& from = at(q).key;
        out.push_back({from.cell, from.value, from.on, n.key.cell, n.key.value, n.key.on});
      }
    });
  }
}

void chainer::finish(chain_hint& h) const {
  std::sort(h.removals.begin(), h.removals.end(),
            [](const removal& a, const removal& b) { return a.cell < b.cell; });
  // One walk per target gives its ancestors, its nested chains (each
  // distinct full chain once: SE's getNestedComplexity) and, for a nested
  // rule's hint, its part of the fingerprint.
  const bool single = h.kind == hint_kind::cycle || h.kind == hint_kind::forcing;
  int flat = 0, nested = 0;
  std::uint64_t fp = 1469598103934665603ull;
  thread_local std::vector<std::uint64_t> processed;
  processed.clear();
  for (std::size_t i = 0; i < h.targets.size(); ++i) {
    int ancestors = 0;
    for_each_in_chain(h.targets[i], [&](std::uint32_t p) {
      ++ancestors;
      if (nested_) fp = (fp ^ static_cast<std::uint64_t>(key(p) + 1)) * 1099511628211ull;
      const std::int32_t ni = at(p).nested;
      if (ni < 0) return;
      const nested_chain& nc = a_.nested[ni];
      if (std::find(processed.begin(), processed.end(), nc.fingerprint) != processed.end()) return;
      processed.push_back(nc.fingerprint);
      nested += nc.complexity;
    });
    if (i == 0 || !single) flat += ancestors;
    fp = (fp ^ 0xffffu) * 1099511628211ull;
  }
  h.complexity = flat + nested;
  double base = 0;
  switch (h.kind) {
    case hint_kind::cycle:
      base = h.x && h.y ? 7.0 : 6.5;
      h.sort_key = h.x && h.y ? 4 : h.y ? 3 : 2;
      break;
    case hint_kind::forcing:
      base = h.x && h.y ? 7.0 : 6.6;
      h.sort_key = h.x && h.y ? 4 : h.y ? 3 : 2;
      break;
    case hint_kind::binary:
      base = base_difficulty();
      h.sort_key = h.absurd ? 7 : 1;
      break;
    case hint_kind::cell:
      base = base_difficulty();
      h.sort_key = 5;
      break;
    case hint_kind::region:
      base = base_difficulty();
      h.sort_key = 6;
      break;
  }
  h.difficulty = base + length_difficulty(h.complexity);
  if (nested_) h.fingerprint = fp;
}

std::uint32_t chainer::reversed_cycle(std::uint32_t dst_on) {
  std::vector<std::uint32_t> orig;
  for (std::uint32_t p = dst_on;;) {
    orig.push_back(p);
    if (!at(p).parents_count) break;
    p = first_parent(p);
  }
  // orig: dst_on ... root. The reversed chain starts at the root's reverse and
  // leads, parent by parent, to dst_on's reverse.
  std::int64_t prev = -1;
  for (std::uint32_t o : orig) {
    const node n = at(o);
    prev = make(n.key.cell, n.key.value, !n.key.on, n.why, prev);
  }
  return static_cast<std::uint32_t>(prev);
}

void chainer::do_cycles(const board& grid, key_bits& to_on, key_bits& to_off, bool y, bool x,
                        std::vector<std::uint32_t>& cycles, std::vector<std::uint32_t>* chains,
                        int source, std::uint32_t start) {
  growing<std::uint32_t>& pending_on = scratch_on_;
  growing<std::uint32_t>& pending_off = scratch_off_;
  pending_on.clear();
  pending_off.clear();
  pending_on.push_back(start);
  std::size_t on_head = 0, off_head = 0;
  int length = 0;
  const int source_off = source ^ 1;
  bool source_off_hit = false;  // the forcing chain to "source is off", once
  while (on_head < pending_on.size() || off_head < pending_off.size()) {
    ++length;
    while (on_head < pending_on.size()) {
      const std::uint32_t p = pending_on[on_head++];
      on_links_at(grid, lazy_[p].key >> 1, y, [&](int c, int v, cause why, int k) {
        const bool hit = k == source_off && chains && !source_off_hit;
        if (!to_off.has(k)) {  // then it is not one of p's ancestors either
          const std::uint32_t n = make_lazy(k, why, p);
          pending_off.push_back(n);
          to_off.add(k);
          if (hit) chains->push_back(n), source_off_hit = true;
          return;
        }
        // SE queues every copy of an off potential. A later copy finds only
        // what the first already put in to_on, so it matters only if it leads
        // back to the source in a cycle long enough: skip the others.
        const bool copy =
            length + 1 >= 4 && !lazy_is_parent(p, k) && leads_to(grid, c, v, y, x, source);
        if (!copy && !hit) return;
        const std::uint32_t n = make_lazy(k, why, p);
        if (hit) chains->push_back(n), source_off_hit = true;
        if (copy) {
          pending_off.push_back(n);
          to_off.add(k);
        }
      });
    }
    ++length;
    while (off_head < pending_off.size()) {
      const std::uint32_t p = pending_off[off_head++];
      on_result made[4];
      const int count_made = off_links_at(lazy_[p].key >> 1, y, x, made);
      for (int i = 0; i < count_made; ++i) {
        const int k = made[i].key();
        const bool cycle = length >= 4 && k == source;
        const bool add = !to_on.has(k);
        if (!cycle && !add) continue;
        const std::uint32_t n = make_lazy(k, made[i].why, p);
        if (cycle) cycles.push_back(n);
        if (add) {
          pending_on.push_back(n);
          to_on.add(k);
        }
      }
    }
  }
}

void chainer::do_forcing_chains_off(const board& grid, key_bits& to_on, key_bits& to_off, bool y,
                                    std::vector<std::uint32_t>& chains, int source,
                                    std::uint32_t start) {
  growing<std::uint32_t>& pending_on = scratch_on_;
  growing<std::uint32_t>& pending_off = scratch_off_;
  pending_on.clear();
  pending_off.clear();
  pending_off.push_back(start);
  std::size_t on_head = 0, off_head = 0;
  const int source_on = source ^ 1;
  bool source_on_hit = false;  // the forcing chain to "source is on", once
  while (on_head < pending_on.size() || off_head < pending_off.size()) {
    while (on_head < pending_on.size()) {
      const std::uint32_t p = pending_on[on_head++];
      on_links_at(grid, lazy_[p].key >> 1, y, [&](int, int, cause why, int k) {
        // An off potential already known is in to_off, p's ancestors too.
        if (to_off.has(k)) return;
        const std::uint32_t n = make_lazy(k, why, p);
        pending_off.push_back(n);
        to_off.add(k);
      });
    }
    while (off_head < pending_off.size()) {
      const std::uint32_t p = pending_off[off_head++];
      on_result made[4];
      const int count_made = off_links_at(lazy_[p].key >> 1, y, true, made);
      for (int i = 0; i < count_made; ++i) {
        const int k = made[i].key();
        const bool hit = k == source_on && !source_on_hit;
        const bool add = !to_on.has(k);
        if (!hit && !add) continue;
        const std::uint32_t n = make_lazy(k, made[i].why, p);
        if (hit) chains.push_back(n), source_on_hit = true;
        if (add) {
          pending_on.push_back(n);
          to_on.add(k);
        }
      }
    }
  }
}

bool chainer::do_chaining(board& grid, potential_set& to_on, potential_set& to_off,
                          std::uint32_t& absurd_on, std::uint32_t& absurd_off, int after_level) {
  save_ = grid;
  struct restore {
    board& g;
    const board& s;
    ~restore() { g = s; }
  } restore_grid{grid, save_};
  // Nested rules are other instances: this one is never re-entered, so its
  // scratch buffers and save_ stay its own.
  const board& source = save_;
  growing<std::uint32_t>& pending_on = scratch_on_;
  growing<std::uint32_t>& pending_off = scratch_off_;
  // Going on from a lower level: every potential was processed, and the grid
  // lost what the chains turned off.
  bool resume = after_level >= 0;
  if (rule_.dynamic) start_positions(source);
  if (resume) {
    pending_on.clear();
    pending_off.clear();
    for (std::uint16_t k : to_off.keys()) {
      grid.cand[k / 18] = static_cast<values>(grid.cand[k / 18] & ~bit(k / 2 % 9 + 1));
      if (rule_.dynamic) lose_position(k / 18, k / 2 % 9 + 1);
    }
  } else {
    start_queues(to_on, to_off);
  }
  std::size_t on_head = 0, off_head = 0;
  const bool y = !rule_.nishio;
  bool found = false;
  std::vector<std::uint32_t>& advanced = scratch_advanced_;
  while (resume || on_head < pending_on.size() || off_head < pending_off.size()) {
    if (on_head < pending_on.size()) {
      const std::uint32_t p = pending_on[on_head++];
      on_to_off(grid, p, y, [&](int c, int v, cause why, int k) {
        if (found) return;
        const int conj = k ^ 1;
        if (to_on.contains(conj)) {
          absurd_on = to_on.get(conj);
          absurd_off = make(c, v, false, why, p);
          found = true;
        } else if (!to_off.contains(k)) {
          const std::uint32_t n = make(c, v, false, why, p);
          to_off.put(k, n);
          pending_off.push_back(n);
        }
      });
    } else if (off_head < pending_off.size()) {
      const std::uint32_t p = pending_off[off_head++];
      on_result made[4];
      const int count_made = off_to_on(grid, p, rule_.dynamic ? &source : nullptr, y, true, made);
      if (rule_.dynamic) {  // SE's p.off(): the grid remembers what chains turned off
        const potential_key pk = at(p).key;
        grid.cand[pk.cell] = static_cast<values>(grid.cand[pk.cell] & ~bit(pk.value));
        lose_position(pk.cell, pk.value);
      }
      for (int i = 0; i < count_made; ++i) {
        const int k = made[i].key();
        const int conj = k ^ 1;
        if (to_off.contains(conj)) {
          absurd_on = make_on(p, made[i], to_off);
          absurd_off = to_off.get(conj);
          found = true;
          break;
        }
        if (!to_on.contains(k)) {
          const std::uint32_t n = make_on(p, made[i], to_off);
          to_on.put(k, n);
          pending_on.push_back(n);
        }
      }
    }
    if (found) return true;
    if (on_head == pending_on.size() && off_head == pending_off.size() && rule_.level > 0) {
      advanced.clear();
      advanced_potentials(grid, source, to_off, advanced, resume ? after_level : -1);
      for (std::uint32_t n : advanced) {
        const int k = key(n);
        if (!to_off.contains(k)) {
          to_off.put(k, n);
          pending_off.push_back(n);
        }
      }
    }
    resume = false;
  }
  return false;
}

// The nested rules of a level: its own, after those of every lower level it
// extends (0 to 3, and 4 to 5).
int others_count(int level) {
  return level < 4 ? (level >= 2) + (level >= 3) : 1 + (level >= 5);
}

void chainer::advanced_potentials(board& grid, const board& source, const potential_set& offs,
                                  std::vector<std::uint32_t>& out, int after_level) {
  if (!others_made_) {
    others_made_ = true;
    const int level = rule_.level;
    if (level < 4) {
      if (level >= 2)
        others_.push_back(
            std::make_unique<chainer>(chaining_rule{false, false, false, 0}, a_, work_, true));
      if (level >= 3)
        others_.push_back(
            std::make_unique<chainer>(chaining_rule{true, false, false, 0}, a_, work_, true));
    } else {
      others_.push_back(
          std::make_unique<chainer>(chaining_rule{true, true, false, 0}, a_, work_, true));
      if (level >= 5)
        others_.push_back(std::make_unique<chainer>(chaining_rule{true, true, false, level - 3}, a_,
                                                    work_, true));
    }
  }
  // A found deduction, kept as plain data until the nested search's
  // potentials are dropped.
  struct pending {
    potential_key key;
    std::vector<potential_key> parents;
    std::int32_t nested = -1;
  };
  std::vector<pending> found;
  std::vector<potential_key> parents;
  auto collect = [&](const std::vector<removal>& removals, std::int32_t nested) {
    std::vector<removal> sorted = removals;
    std::sort(sorted.begin(), sorted.end(),
              [](const removal& a, const removal& b) { return a.cell < b.cell; });
    for (const removal& r : sorted)
      for (int v = 1; v <= 9; ++v)
        if (r.vals & bit(v))
          found.push_back({{r.cell, static_cast<std::uint8_t>(v), false}, parents, nested});
  };
  // Going on from a lower level's search, which found nothing more here with
  // its rules: only the rules it did not have can.
  const std::size_t first_other =
      after_level > 0 ? static_cast<std::size_t>(others_count(after_level)) : 0;
  // The basic rules first: SE's Locking, HiddenSet(2), NakedSet(2), Fisherman(2).
  // Only their hints that rely on what the chain turned off are of use.
  std::optional<chain_changes> changes;  // worked out only when a basic rule runs
  for (int rule = after_level > 0 ? 4 : 0; rule < 4 && found.empty(); ++rule) {
    if (!changes) changes.emplace(source, grid);
    const chain_changes& since = *changes;
    std::vector<basic_hint> hints;
    switch (rule) {
      case 0:
        locking(grid, false, &hints, nullptr, &since);
        break;
      case 1:
        hidden_set(grid, 2, false, &hints, nullptr, &since);
        break;
      case 2:
        naked_set(grid, 2, &hints, nullptr, &since);
        break;
      default:
        fish(grid, 2, &hints, nullptr, &since);
        break;
    }
    for (const basic_hint& bh : hints) {
      parents.clear();
      bh.rule_parents(source, grid, parents);
      if (!parents.empty()) collect(bh.h.removals, -1);
    }
  }
  const std::size_t nested_mark = a_.nested.size();
  std::vector<nested_chain> new_nested;
  for (std::size_t i = first_other; i < others_.size() && found.empty(); ++i) {
    const std::size_t node_mark = a_.nodes.size(), parent_mark = a_.parents.size();
    std::vector<chain_hint> hints = others_[i]->hint_list(grid);
    deduplicate(hints);
    for (const chain_hint& h : hints) {
      parents.clear();
      others_[i]->rule_parents(h, source, grid, parents);
      if (parents.empty()) continue;
      new_nested.push_back({h.complexity, h.fingerprint});
      collect(h.removals, static_cast<std::int32_t>(nested_mark + new_nested.size() - 1));
    }
    a_.nodes.resize(node_mark);
    a_.parents.resize(parent_mark);
    a_.nested.resize(nested_mark);
  }
  a_.nested.insert(a_.nested.end(), new_nested.begin(), new_nested.end());
  for (const pending& f : found) {
    const std::uint32_t n = make(f.key.cell, f.key.value, false, cause::advanced);
    a_.nodes[n].nested = f.nested;
    for (const potential_key& pk : f.parents) {
      const int k = pk.index();
      if (offs.contains(k)) add_parent(n, offs.get(k));
    }
    out.push_back(n);
  }
}

void chainer::rule_parents(const chain_hint& h, const board& initial, const board& current,
                           std::vector<potential_key>& out) const {
  const auto& g = geometry();
  std::array<bool, key_count> in_out{};
  for (const potential_key& k : out)
    in_out[k.index()] = true;
  auto add = [&](int cell, int v) {
    const potential_key k{static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(v), false};
    if (!in_out[k.index()]) {
      in_out[k.index()] = true;
      out.push_back(k);
    }
  };
  for (std::uint32_t t : h.targets) {
    for_each_in_chain(t, [&](std::uint32_t p) {
      const node& n = at(p);
      cause why = n.why;
      if (why == cause::none) {
        if (h.kind == hint_kind::cell)
          why = cause::naked_single;
        else if (h.kind == hint_kind::region)
          why = region_cause(h.region / 9);
      }
      if (!n.key.on || why == cause::none) return;
      const int cell = n.key.cell;
      if (why == cause::naked_single) {
        const values gone = static_cast<values>(initial.cand[cell] & ~current.cand[cell]);
        for (int v = 1; v <= 9; ++v)
          if (gone & bit(v)) add(cell, v);
      } else {
        const int kind = why == cause::hidden_block ? block
                         : why == cause::hidden_row ? row
                                                    : column;
        const int region = g.region_of[cell][kind];
        for (int c : g.cells[region])
          if ((initial.cand[c] & bit(n.key.value)) && !(current.cand[c] & bit(n.key.value)))
            add(c, n.key.value);
      }
    });
  }
}

void chainer::unary_chaining(const board& grid, int cell, int value,
                             std::vector<chain_hint>& result, bool y, bool x) {
  if (count(grid.cand[cell]) > 2 && !x) return;  // Y-cycles start from bivalue cells
  lazy_.clear();
  lazy_made_.clear();
  const int source_on = key_of(cell, value, true);
  const std::uint32_t on = make_lazy(source_on, cause::none, no_parent);
  std::vector<std::uint32_t> cycles, chains;
  // Sets of this chainer's own: the searches here are many and short.
  key_bits& to_on = unary_on_;
  key_bits& to_off = unary_off_;
  to_on.clear();
  to_off.clear();
  to_on.add(source_on);
  do_cycles(grid, to_on, to_off, y, x, cycles, x ? &chains : nullptr, source_on, on);
  if (x) {
    const int source_off = source_on ^ 1;
    const std::uint32_t off = make_lazy(source_off, cause::none, no_parent);
    to_on.clear();
    to_off.clear();
    to_off.add(source_off);
    do_forcing_chains_off(grid, to_on, to_off, y, chains, source_off, off);
  }
  // The hints' chains as arena nodes.
  for (std::uint32_t& c : cycles)
    c = materialize(c);
  for (std::uint32_t& c : chains)
    c = materialize(c);
  const auto& g = geometry();
  for (std::uint32_t dst_on : cycles) {
    const std::uint32_t dst_off = reversed_cycle(dst_on);
    chain_hint h;
    h.kind = hint_kind::cycle;
    h.x = x;
    h.y = y;
    h.targets = {dst_on, dst_off};
    std::array<bool, 81> in_cycle{};
    for (std::uint32_t p = dst_on; at(p).parents_count; p = first_parent(p))
      in_cycle[at(p).key.cell] = true;
    std::vector<int> forw, back;  // keys, in order, each once
    std::array<bool, key_count> in_forw{}, in_back{};
    for (std::uint32_t p = dst_on; at(p).parents_count; p = first_parent(p)) {
      const potential_key pk = at(p).key;
      for (int c : g.house[pk.cell]) {
        if (in_cycle[c] || !(grid.cand[c] & bit(pk.value))) continue;
        const int k = key_of(c, pk.value, false);
        if (pk.on) {
          if (!in_forw[k]) in_forw[k] = true, forw.push_back(k);
        } else {
          if (!in_back[k]) in_back[k] = true, back.push_back(k);
        }
      }
    }
    for (int k : forw)
      if (in_back[k]) add_removal(h.removals, k / 18, bit(k / 2 % 9 + 1));
    if (h.removals.empty()) continue;
    finish(h);
    result.push_back(std::move(h));
  }
  for (std::uint32_t target : chains) {
    chain_hint h;
    h.kind = hint_kind::forcing;
    h.x = x;
    h.y = y;
    h.targets = {target};
    if (at(target).key.on) {
      removal_on(h, grid, target);
      h.cell = at(target).key.cell;
      h.value = at(target).key.value;
    } else {
      removal_off(h, target);
    }
    if (h.removals.empty()) continue;
    finish(h);
    result.push_back(std::move(h));
  }
}

const start_state& chainer::chain_from(board& grid, int cell, int value, bool on) {
  const std::size_t i = memo_index(cell, value, on);
  std::unique_ptr<start_state>& m = memo_[i];
  if (!m && resume_from_ && (*resume_from_)[i]) m = std::move((*resume_from_)[i]);
  if (!m) {
    m = std::make_unique<start_state>();
    const std::uint32_t root = make(cell, value, on, cause::none);
    (on ? *m->on : *m->off).put(key(root), root);
  } else if (m->level >= rule_.level || m->absurd) {
    // Done at this level; or it ended in a contradiction, where a search of
    // this level ends too.
    m->level = std::max(m->level, rule_.level);
    return *m;
  }
  memo_used_.push_back(static_cast<std::uint16_t>(i));
  m->absurd = do_chaining(grid, *m->on, *m->off, m->absurd_on, m->absurd_off, m->level);
  m->level = rule_.level;
  return *m;
}

void chainer::binary_chaining(const board& grid, const start_state& from_on,
                              const start_state& from_off, std::vector<chain_hint>& result,
                              bool reduction, bool contradiction) {
  const potential_set& on_to_on = *from_on.on;
  const potential_set& on_to_off = *from_on.off;
  const potential_set& off_to_on = *from_off.on;
  const potential_set& off_to_off = *from_off.off;
  const std::uint32_t on = on_to_on.get(on_to_on.keys().front());  // the roots
  const std::uint32_t off = off_to_off.get(off_to_off.keys().front());
  auto binary = [&](std::uint32_t dst_on, std::uint32_t dst_off, std::uint32_t source,
                    std::uint32_t target, bool absurd, bool on_hint) {
    chain_hint h;
    h.kind = hint_kind::binary;
    h.absurd = absurd;
    h.targets = {dst_on, dst_off};
    if (on_hint)
      removal_on(h, grid, target);
    else
      removal_off(h, target);
    if (h.removals.empty()) return;
    // SE's getResult: the source's opposite for a contradiction or Nishio,
    // else the "on" end.
    const potential_key res =
        (rule_.nishio || absurd)
            ? potential_key{at(source).key.cell, at(source).key.value, !at(source).key.on}
            : at(dst_on).key;
    if (res.on) {
      h.cell = res.cell;
      h.value = res.value;
    }
    finish(h);
    result.push_back(std::move(h));
  };
  if (from_on.absurd && contradiction)
    binary(from_on.absurd_on, from_on.absurd_off, on, on, true, false);
  if (from_off.absurd && contradiction)
    binary(from_off.absurd_on, from_off.absurd_off, off, off, true, true);
  if (reduction) {
    for (std::uint16_t k : on_to_on.keys()) {
      if (!off_to_on.contains(k)) continue;
      const std::uint32_t dst_on = on_to_on.get(k);
      binary(dst_on, off_to_on.get(k), on, dst_on, false, true);
    }
    for (std::uint16_t k : on_to_off.keys()) {
      if (!off_to_off.contains(k)) continue;
      const std::uint32_t dst_off = off_to_off.get(k);
      binary(on_to_off.get(k), dst_off, off, dst_off, false, false);
    }
  }
}

void chainer::region_chainings(const board& grid, std::vector<chain_hint>& result, int cell,
                               int value, const start_state& from_on) const {
  const auto& g = geometry();
  for (int kind : {block, row, column}) {
    const int region = g.region_of[cell][kind];
    const std::uint16_t pos = region_places(grid, region, cell, value);
    if (pos == 0) continue;
    // The outcomes of the value's places, the cell's own (the first) first.
    std::array<const potential_set*, 9> ons{}, offs{};
    int n = 0;
    for (int i = 0; i < 9; ++i) {
      if (!(pos >> i & 1)) continue;
      const int other = g.cells[region][i];
      const start_state& o = other == cell ? from_on : started(other, value);
      ons[n] = o.on.operator->();
      offs[n++] = o.off.operator->();
    }
    for (int side = 0; side < 2; ++side) {
      const auto& outcomes = side == 0 ? ons : offs;
      for_each_common(outcomes.data(), n, [&](int k) {
        chain_hint h;
        h.kind = hint_kind::region;
        h.region = region;
        add_common_hint(std::move(h), grid, outcomes[0]->get(k), result, [&](auto& targets) {
          for (int i = 0; i < n; ++i)
            targets.push_back(outcomes[i]->get(k));
        });
      });
    }
  }
}

void chainer::plan_starts(const board& grid, std::vector<start_task>& tasks,
                          std::array<std::int16_t, 81 * 10>& task_of) const {
  const auto& g = geometry();
  task_of.fill(-1);
  auto need = [&](int cell, int value, bool binary) {
    std::int16_t& t = task_of[static_cast<std::size_t>(cell * 10 + value)];
    if (t < 0) {
      t = static_cast<std::int16_t>(tasks.size());
      tasks.push_back({static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(value), false});
    }
    tasks[static_cast<std::size_t>(t)].binary |= binary;
  };
  for (int cell = 0; cell < 81; ++cell) {
    if (!starts_at(grid, cell)) continue;
    for (int v = 1; v <= 9; ++v) {
      if (!(grid.cand[cell] & bit(v))) continue;
      need(cell, v, true);
      if (rule_.nishio) continue;
      // region_chainings: the region's other places, from its first one.
      for (int kind : {block, row, column}) {
        const int region = g.region_of[cell][kind];
        const std::uint16_t pos = region_places(grid, region, cell, v);
        for (int i = 0; i < 9; ++i)
          if ((pos >> i & 1) && g.cells[region][i] != cell) need(g.cells[region][i], v, false);
      }
    }
  }
}

void chainer::run_start(board& grid, const start_task& t, std::vector<chain_hint>& hints) {
  const start_state& from_on = chain_from(grid, t.cell, t.value, true);
  if (!t.binary) return;
  const start_state& from_off = chain_from(grid, t.cell, t.value, false);
  const int card = count(grid.cand[t.cell]);
  const bool reduction = card >= 3 && !rule_.nishio && rule_.dynamic;
  const bool contradiction = rule_.dynamic || rule_.nishio;
  binary_chaining(grid, from_on, from_off, hints, reduction, contradiction);
}

// About a millisecond of chains on one thread.
constexpr std::uint64_t split_after = 1 << 14;

template <class F>
bool chainer::split(board& grid, std::size_t tasks, std::vector<std::vector<chain_hint>>& hints,
                    F&& run) {
  crew* team = work_.helpers;
  // The first tasks run here, as on one thread, until they have made
  // split_after potentials: most searches of an easy or middling puzzle end
  // before that, and waking threads for them costs more than they save.
  std::size_t first = 0;
  const std::uint64_t start = work_.used;
  while (first < tasks &&
         (team == nullptr || team->threads() == 1 || work_.used - start < split_after))
    run(*this, grid, first++);
  if (tasks - first < 2) {  // nothing left to share
    while (first < tasks)
      run(*this, grid, first++);
    return false;
  }
  // Each worker has its own chainer, arena, budget and grid, and takes the
  // next start until none is left; its arena is then appended to this one.
  struct worker {
    arena a;
    budget work;
    board grid;
    chainer c;
    std::vector<std::uint32_t> done;  // the starts it ran
    // Going on from a lower level's chains, it starts from a copy of the
    // arena they are in; its own potentials come after (from node n0 on).
    std::uint32_t n0 = 0, p0 = 0;
    std::int32_t q0 = 0;
    worker(chainer& main, const board& g) : grid(g), c(main.rule_, a, work, main.nested_) {
      if (main.resuming_) {
        a = main.a_;
        n0 = static_cast<std::uint32_t>(a.nodes.size());
        p0 = static_cast<std::uint32_t>(a.parents.size());
        q0 = static_cast<std::int32_t>(a.nested.size());
        c.resume_from_ = &main.memo_;
      }
      c.links_ = main.links_;
      c.link_y_ = main.link_y_;
      c.link_n_ = main.link_n_;
      c.links_ready_ = main.links_ready_;
    }
  };
  std::vector<std::unique_ptr<worker>> workers(static_cast<std::size_t>(team->threads()));
  budget::shared_count shared;
  shared.base = work_.used;
  std::atomic<std::size_t> next{first};
  team->run([&](int w) {
    try {
      auto& me = workers[static_cast<std::size_t>(w)];
      me = std::make_unique<worker>(*this, grid);
      me->work.share(work_, shared, w == 0);
      for (std::size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < tasks;) {
        run(me->c, me->grid, i);
        me->done.push_back(static_cast<std::uint32_t>(i));
      }
      me->work.flush();
    } catch (...) {
      shared.stop.store(true, std::memory_order_relaxed);
      throw;
    }
  });
  work_.absorb(shared);
  for (const auto& w : workers) {
    if (!w) continue;  // the share left this one out
    // The worker's own nodes (from n0 on) go after this arena's.
    const std::uint32_t shift = static_cast<std::uint32_t>(a_.nodes.size()) - w->n0;
    const std::uint32_t parent_shift = static_cast<std::uint32_t>(a_.parents.size()) - w->p0;
    const std::int32_t nested_shift = static_cast<std::int32_t>(a_.nested.size()) - w->q0;
    auto moved = [&](std::uint32_t& n) {
      if (n >= w->n0) n += shift;
    };
    for (std::size_t i = w->n0; i < w->a.nodes.size(); ++i) {
      node n = w->a.nodes[i];
      n.parents_begin += parent_shift;
      if (n.nested >= w->q0) n.nested += nested_shift;
      a_.nodes.push_back(n);
    }
    for (std::size_t i = w->p0; i < w->a.parents.size(); ++i) {
      std::uint32_t p = w->a.parents[i];
      moved(p);
      a_.parents.push_back(p);
    }
    a_.nested.insert(a_.nested.end(), w->a.nested.begin() + w->q0, w->a.nested.end());
    for (std::uint16_t k : w->c.memo_used_) {
      std::unique_ptr<start_state>& m = w->c.memo_[k];
      m->on->shift(w->n0, shift);
      m->off->shift(w->n0, shift);
      if (m->absurd) {
        moved(m->absurd_on);
        moved(m->absurd_off);
      }
      memo_[k] = std::move(m);
      memo_used_.push_back(k);
    }
    w->c.memo_used_.clear();
    for (std::uint32_t i : w->done)
      for (chain_hint& h : hints[i])
        for (std::uint32_t& t : h.targets)
          moved(t);
  }
  return true;
}

void chainer::cell_hints(const board& grid, int cell,
                         std::vector<std::vector<chain_hint>>& binary_hints,
                         const std::array<std::int16_t, 81 * 10>& task_of,
                         std::vector<chain_hint>& result) const {
  const values cand = grid.cand[cell];
  const int card = count(cand);
  // The outcomes of the cell's values, in order.
  std::array<const potential_set*, 9> ons{}, offs{};
  int n = 0;
  for (int v = 1; v <= 9; ++v) {
    if (!(cand & bit(v))) continue;
    const start_state& from_on = started(cell, v);
    for (chain_hint& h : binary_hints[static_cast<std::size_t>(task_of[cell * 10 + v])])
      result.push_back(std::move(h));
    if (!rule_.nishio) region_chainings(grid, result, cell, v, from_on);
    ons[n] = from_on.on.operator->();
    offs[n++] = from_on.off.operator->();
  }
  if (rule_.nishio || !(card == 2 || (rule_.multiple && card > 2))) return;
  for (int side = 0; side < 2; ++side) {
    const auto& outcomes = side == 0 ? ons : offs;
    for_each_common(outcomes.data(), n, [&](int k) {
      chain_hint h;
      h.kind = hint_kind::cell;
      add_common_hint(std::move(h), grid, outcomes[0]->get(k), result, [&](auto& targets) {
        for (int i = 0; i < n; ++i)
          targets.push_back(outcomes[i]->get(k));
      });
    });
  }
}

void chainer::multiple_chains(board& grid, std::vector<chain_hint>& result) {
  struct forget {
    start_states& memo;
    std::vector<std::uint16_t>& used;
    bool keep;
    ~forget() {
      if (!keep)
        for (std::uint16_t i : used)
          memo[i].reset();
      used.clear();
    }
  } forget_memo{memo_, memo_used_, keep_memo_};
  // First every chain the hints come from: the chains from "cell is v" and
  // "cell is not v" for each start (over the threads, if there are several),
  // with the binary hints of each pair; then the hints in SE's order.
  std::vector<start_task> tasks;
  std::array<std::int16_t, 81 * 10> task_of;
  plan_starts(grid, tasks, task_of);
  std::vector<std::vector<chain_hint>> binary_hints(tasks.size());
  const bool long_search = split(
      grid, tasks.size(), binary_hints,
      [&](chainer& c, board& g, std::size_t i) { c.run_start(g, tasks[i], binary_hints[i]); });
  // Then the hints, cell by cell (over the threads too when the chains were:
  // this part only reads them), in SE's order.
  std::vector<std::vector<chain_hint>> per_cell(81);
  auto hints_from = [&](std::atomic<int>& next) {
    for (int cell; (cell = next.fetch_add(1, std::memory_order_relaxed)) < 81;)
      if (starts_at(grid, cell)) cell_hints(grid, cell, binary_hints, task_of, per_cell[cell]);
  };
  std::atomic<int> next_cell{0};
  if (long_search)
    work_.helpers->run([&](int) { hints_from(next_cell); });
  else
    hints_from(next_cell);
  for (std::vector<chain_hint>& hints : per_cell)
    for (chain_hint& h : hints)
      result.push_back(std::move(h));
}

void chainer::unary_chains(board& grid, std::vector<chain_hint>& result) {
  static constexpr bool modes[3][2] = {{false, true}, {true, false}, {true, true}};  // (y, x)
  for (const auto& m : modes) {
    // XY hints rate 7.0 and more: when looking for the first hint only, an
    // X or Y hint under 7.0 comes before all of them (the path is the same;
    // the work is less).
    if (!nested_ && m[0] && m[1] &&
        std::any_of(result.begin(), result.end(),
                    [](const chain_hint& h) { return h.difficulty < 7.0; }))
      break;
    std::vector<std::pair<std::uint8_t, std::uint8_t>> starts;  // (cell, value)
    for (int cell = 0; cell < 81; ++cell)
      if (!grid.value[cell] && count(grid.cand[cell]) > 1)
        for (int v = 1; v <= 9; ++v)
          if (grid.cand[cell] & bit(v))
            starts.emplace_back(static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(v));
    std::vector<std::vector<chain_hint>> hints(starts.size());
    split(grid, starts.size(), hints, [&](chainer& c, board& g, std::size_t i) {
      c.unary_chaining(g, starts[i].first, starts[i].second, hints[i], m[0], m[1]);
    });
    for (std::vector<chain_hint>& h : hints)
      for (chain_hint& one : h)
        result.push_back(std::move(one));
  }
}

std::vector<chain_hint> chainer::hint_list(board& grid) {
  std::vector<chain_hint> result;
  // Without dynamic chains the grid stays as it is during the whole search.
  if (!rule_.dynamic) prepare_links(grid);
  struct unprepare {
    bool& ready;
    ~unprepare() { ready = false; }
  } unprepare_links{links_ready_};
  if (rule_.multiple || rule_.dynamic) {
    multiple_chains(grid, result);
  } else {
    unary_chains(grid, result);
  }
  std::stable_sort(result.begin(), result.end(), [](const chain_hint& a, const chain_hint& b) {
    if (a.difficulty != b.difficulty) return a.difficulty < b.difficulty;
    if (a.complexity != b.complexity) return a.complexity < b.complexity;
    return a.sort_key < b.sort_key;
  });
  return result;
}

std::string chainer::name_of(const chain_hint& h) const {
  switch (h.kind) {
    case hint_kind::cycle:
      if (h.x && h.y) return "Bidirectional Cycle";
      if (h.y) return "Bidirectional Y-Cycle";
      return "Bidirectional X-Cycle";
    case hint_kind::forcing:
      if (h.x && h.y) return "Forcing Chain";
      if (h.y) return "Forcing Y-Chain";
      return "Forcing X-Chain";
    default:
      break;
  }
  std::string prefix = rule_.level > 0 ? "Dynamic "
                       : rule_.nishio  ? "Nishio "
                       : rule_.dynamic ? "Dynamic "
                                       : "";
  std::string kind = h.kind == hint_kind::cell     ? "Cell Forcing"
                     : h.kind == hint_kind::region ? "Region Forcing"
                     : rule_.nishio                ? "Forcing"
                     : h.absurd                    ? "Contradiction Forcing"
                                                   : "Double Forcing";
  static const char* const suffixes[] = {"",
                                         " (+)",
                                         " (+ Forcing Chains)",
                                         " (+ Multiple Forcing Chains)",
                                         " (+ Dynamic Forcing Chains)",
                                         " (+ Dynamic Forcing Chains (+ Forcing Chains))"};
  return prefix + kind + " Chains" + suffixes[std::min(rule_.level, 5)];
}

}  // namespace

struct chain_memory::kept {
  board grid;
  int level = 0;
  arena a;
  start_states memo;
};
chain_memory::chain_memory() = default;
chain_memory::~chain_memory() = default;

bool first_chaining_hint(const board& b, const chaining_rule& rule, budget& work, hint& out,
                         chain_memory* memory) {
  // Levels 0 to 3, and 4 to 5, of dynamic chains each extend the one below.
  const bool extends = rule.multiple && rule.dynamic && !rule.nishio;
  std::unique_ptr<chain_memory::kept> kept;
  if (memory) kept = std::move(memory->state);
  if (kept && !(extends && rule.level != 4 && kept->level + 1 == rule.level && kept->grid == b))
    kept.reset();
  arena a = kept ? std::move(kept->a) : arena{};
  chainer c(rule, a, work, false);
  if (kept) c.resume(kept->memo);
  const bool keep = memory && extends && rule.level != 3 && rule.level < 5;
  c.keep_states(keep);
  board grid = b;
  std::vector<chain_hint> hints = c.hint_list(grid);
  if (hints.empty()) {
    if (keep) {
      if (!kept) kept = std::make_unique<chain_memory::kept>();
      kept->grid = b;
      kept->level = rule.level;
      kept->a = std::move(a);
      c.take_states(kept->memo);
      memory->state = std::move(kept);
    }
    return false;
  }
  const chain_hint& h = hints.front();
  out = hint{};
  out.difficulty = h.difficulty;
  out.name = c.name_of(h);
  out.removals = h.removals;
  out.cell = h.cell;
  out.value = h.value;
  c.links_of(h, out.links);
  return true;
}

}  // namespace sudoku::se
