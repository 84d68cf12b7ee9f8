// Both engines on small matrices built from the input bytes, against brute
// force: every subset of options is tried and the exact covers counted, with and
// without a preselected option, and with a seed; and the search split into
// pieces adds up to the whole; with propagation, also branching on conflicts.
// Then the structure search (propagation::groups)
// on 4x4 Latin squares with boxes, with regions drawn from the bytes, or with
// neither, and givens from the bytes: where its rules fire, against Knuth's
// search on the same matrix.
#include <dlx/solver.hpp>

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "fuzz_support.hpp"

namespace {

// Exact covers among `options` (bitmasks over items), primary items 0..primaries-1
// covered exactly once and the others at most once, that contain option `forced`
// (or any, when forced < 0). As in DLX1, an option with no primary item is never
// part of a solution (the first crash this target found was this oracle counting
// such options; the engines were right).
std::uint64_t brute_force(const std::vector<std::uint32_t>& options, unsigned primaries,
                          int forced) {
  const std::uint32_t all_primary = (1u << primaries) - 1;
  std::uint64_t covers = 0;
  for (std::uint32_t subset = 0; subset < (1u << options.size()); ++subset) {
    if (forced >= 0 && !(subset >> forced & 1)) continue;
    std::uint32_t covered = 0;
    bool clash = false;
    for (std::size_t o = 0; o < options.size() && !clash; ++o) {
      if (!(subset >> o & 1)) continue;
      clash = (covered & options[o]) != 0 || (options[o] & all_primary) == 0;
      covered |= options[o];
    }
    if (!clash && (covered & all_primary) == all_primary) ++covers;
  }
  return covers;
}

// A 4x4 Latin square as exact cover: cells, row-digits, column-digits, and
// area-digits for the areas given (2x2 boxes, or any partition into four
// areas of four cells), options (cell, digit); givens preselected. The
// structure search must find exactly the solutions Knuth's search finds.
void latin_squares(const std::uint8_t* data, std::size_t size) {
  constexpr int n = 4;
  const int kind = data[0] % 3;  // 0: boxes, 1: areas from the bytes, 2: none
  int area[n * n];
  for (int c = 0; c < n * n; ++c)
    area[c] = (c / n / 2) * 2 + (c % n) / 2;
  if (kind == 1) {
    // Deal the cells to four areas of four, in an order drawn from the bytes.
    int order[n * n];
    for (int c = 0; c < n * n; ++c)
      order[c] = c;
    for (int c = n * n - 1; c > 0; --c) {
      const int j = data[(2 + c) % size] % (c + 1);
      std::swap(order[c], order[j]);
    }
    for (int k = 0; k < n * n; ++k)
      area[order[k]] = k / n;
  }
  const bool areas = kind != 2;
  dlx::problem p(static_cast<std::size_t>(n * n * (areas ? 4 : 3)), 0);
  for (int c = 0; c < n * n; ++c) {
    for (int d = 0; d < n; ++d) {
      std::vector<dlx::item_id> o{static_cast<dlx::item_id>(c),
                                  static_cast<dlx::item_id>(n * n + (c / n) * n + d),
                                  static_cast<dlx::item_id>(2 * n * n + (c % n) * n + d)};
      if (areas) o.push_back(static_cast<dlx::item_id>(3 * n * n + area[c] * n + d));
      p.add_option(o);
    }
  }
  dlx::solver s(p);
  std::vector<dlx::option_id> givens;
  for (std::size_t i = 2; i + 1 < size && givens.size() < 7; i += 2) {
    const auto cell = static_cast<dlx::option_id>(data[i] % (n * n));
    givens.push_back(cell * n + static_cast<dlx::option_id>(data[i + 1] % n));
  }
  if (s.preselect(givens)) return;  // clashing givens: the preselection says so
  const auto plain = s.count();
  dlx::search_options o;
  o.propagation = dlx::propagation::groups;
  std::uint64_t visited = 0;
  const auto grouped = s.enumerate(
      [&](std::span<const dlx::option_id> solution) {
        // An exact cover: every item once.
        std::vector<int> uses(p.item_count(), 0);
        for (dlx::option_id x : solution) {
          for (dlx::item_id i : p.option(x))
            ++uses[i];
        }
        for (int u : uses)
          FUZZ_CHECK(u == 1);
        ++visited;
        return dlx::visit::next;
      },
      o);
  FUZZ_CHECK(grouped.solutions == plain.solutions && visited == plain.solutions);
  FUZZ_CHECK(grouped.guesses == grouped.branches);
  FUZZ_CHECK(s.check_invariants());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  const unsigned primaries = 1 + data[0] % 7;
  const unsigned secondaries = data[1] % 4;
  const unsigned items = primaries + secondaries;
  std::vector<std::uint32_t> masks;
  for (std::size_t i = 2; i + 1 < size && masks.size() < 14; i += 2) {
    const std::uint32_t mask = (data[i] | data[i + 1] << 8) & ((1u << items) - 1);
    if (mask) masks.push_back(mask);
  }
  if (masks.empty()) return 0;

  dlx::problem p(primaries, secondaries);
  std::vector<dlx::item_id> option;
  for (std::uint32_t mask : masks) {
    option.clear();
    for (unsigned i = 0; i < items; ++i) {
      if (mask >> i & 1) option.push_back(i);
    }
    p.add_option(option);
  }
  const std::uint64_t expected = brute_force(masks, primaries, -1);
  dlx::solver links(p, dlx::engine_kind::dancing_links);
  dlx::solver bits(p, dlx::engine_kind::bitset);
  std::uint64_t visited = 0;
  // Each solution an exact cover: no item twice, every primary item once.
  auto check_cover = [&](std::span<const dlx::option_id> solution) {
    std::uint32_t covered = 0;
    for (dlx::option_id o : solution) {
      FUZZ_CHECK((covered & masks[o]) == 0);
      covered |= masks[o];
    }
    FUZZ_CHECK((covered & ((1u << primaries) - 1)) == (1u << primaries) - 1);
    ++visited;
    return dlx::visit::next;
  };
  for (dlx::solver* s : {&links, &bits}) {
    FUZZ_CHECK(s->count().solutions == expected);
    dlx::search_options seeded;
    seeded.seed = size;
    FUZZ_CHECK(s->count(seeded).solutions == expected);
    visited = 0;
    s->enumerate(check_cover);
    FUZZ_CHECK(visited == expected);
    const auto forced = static_cast<dlx::option_id>(data[size - 1] % masks.size());
    if ((masks[forced] & ((1u << primaries) - 1)) != 0) {  // a choosable option
      FUZZ_CHECK(!s->preselect(forced));
      FUZZ_CHECK(s->count().solutions == brute_force(masks, primaries, static_cast<int>(forced)));
      s->clear_preselection();
    }
    FUZZ_CHECK(s->count().solutions == expected);
    FUZZ_CHECK(s->check_invariants());
  }
  const auto a = links.count(), b = bits.count();
  FUZZ_CHECK(a.nodes == b.nodes && a.updates == b.updates && a.branches == b.branches &&
             a.max_level == b.max_level);
  // Propagation (bitset engine): the same covers, every one of them valid; forced
  // moves keep the branches and never add nodes. (The pair rule can: a removal
  // may change which item a node branches on.)
  for (dlx::propagation mode :
       {dlx::propagation::forced, dlx::propagation::pairs, dlx::propagation::groups}) {
    dlx::search_options o;
    o.propagation = mode;
    visited = 0;
    const auto r = bits.enumerate(check_cover, o);
    FUZZ_CHECK(visited == expected && r.solutions == expected);
    if (mode == dlx::propagation::forced)
      FUZZ_CHECK(r.branches == b.branches && r.nodes <= b.nodes);
    if (mode != dlx::propagation::groups) {  // the structure search takes no seed
      o.seed = size;
      FUZZ_CHECK(bits.count(o).solutions == expected);
      // Branching on conflicts (unseeded): the same covers, learnt in its own order.
      o.seed.reset();
      o.branching = dlx::branching::conflicts;
      visited = 0;
      FUZZ_CHECK(bits.enumerate(check_cover, o).solutions == expected && visited == expected);
    }
    FUZZ_CHECK(bits.check_invariants());
  }
  // A split search (what threads and dlx-mpi run): the work above the pieces
  // and the pieces' own, searched from their nodes, add up to the whole tree's,
  // in both engines and with forced moves.
  for (dlx::solver* s : {&links, &bits}) {
    for (dlx::propagation mode :
         {dlx::propagation::none, dlx::propagation::forced, dlx::propagation::groups}) {
      if (s == &links && mode == dlx::propagation::forced) continue;
      dlx::search_options o;
      o.propagation = mode;
      const auto whole = s->count(o);
      const auto split = s->split(1 + data[1] % 16, o);
      FUZZ_CHECK(split.solutions.size() == split.above.solutions);
      dlx::search_result sum = split.above;
      for (const auto& piece : split.pieces) {
        o.subtree = piece;
        const auto r = s->count(o);
        FUZZ_CHECK(r.complete());
        sum.solutions += r.solutions;
        sum.nodes += r.nodes;
        sum.updates += r.updates;
        sum.forced += r.forced;
      }
      FUZZ_CHECK(sum.solutions == whole.solutions && sum.nodes == whole.nodes &&
                 sum.updates == whole.updates && sum.forced == whole.forced);
      FUZZ_CHECK(s->check_invariants());
    }
  }
  latin_squares(data, size);
  return 0;
}
