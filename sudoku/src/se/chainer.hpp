// The chainer: SE's implication engine, shared by every chaining technique.
// Internal to the sudoku library.
//
// One chainer searches for one chaining rule (SE's Chaining(multiple, dynamic,
// nishio, level)). It holds what makes potentials and links them, the hot
// part of every chain search, here in the header so that each technique's
// search loop inlines it: the on -> off and off -> on links of a candidate
// (worked out once per grid while the grid is fixed, prepare_links), the
// potentials made in the arena (make) or kept as plain records until a hint
// needs them (make_lazy). The searches are the techniques' own files:
//
//   forcing_chains.cpp   X-, Y-, XY-cycles and forcing chains (unary_chains)
//   multiple_chains.cpp  Nishio, multiple and dynamic forcing chains
//   nested_chains.cpp    dynamic chains that use other techniques inside (levels 1-5)
//   chainer.cpp          the link tables, a hint's complexity and links, the
//                        split of a search over the rating's threads
//   chaining.cpp         the rule's sorted hints and the first of them
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "se/chain_potentials.hpp"
#include "se/techniques.hpp"

namespace sudoku::se::chains {

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
  static void deduplicate(std::vector<chain_hint>& hints);

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
    chains::cause why;
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

  // The off -> on links of every candidate of a fixed grid, worked out again
  // only where the grid changed (chainer.cpp).
  void prepare_links(const board& grid);
  void make_off_links(const board& grid, int i, const board::position_table* table);
  void update_links(const board& grid);

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
    chains::cause why;
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
  std::uint32_t materialize(std::uint32_t i);

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
  // Returns whether it did split (the search was long enough). (A
  // std::function, so that both techniques' files call the one in
  // chainer.cpp: one indirect call per start, each a whole chain search.)
  using start_runner = std::function<void(chainer&, board&, std::size_t)>;
  bool split(board& grid, std::size_t tasks, std::vector<std::vector<chain_hint>>& hints,
             const start_runner& run);
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
    chains::cause why;
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

}  // namespace sudoku::se::chains
