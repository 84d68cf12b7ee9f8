// Knuth's DLX1, DLX2 (colors) and DLX3 (multiplicities) formats on arbitrary
// bytes: either a located parse_error, or a problem that writes and reads back
// identically (bounds and colors included), whose solutions all satisfy the
// model (checked here directly, knowing nothing of the search), and that both
// engines solve alike: same solutions in the same order, same counters; and,
// without multiplicities, that the memoized search's diagram holds exactly the
// solutions the plain search finds, in the same order. With weighted items
// (which only the bitset engine takes), the search that prunes by the totals
// finds the same solutions as the one that only checks them at each node.
#include <dlx/format.hpp>
#include <dlx/memo.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"

namespace {

// Every primary item covered within its bounds; every secondary item either
// claimed by one option without a color, or shared by options of one color;
// no option twice.
bool satisfies_the_model(const dlx::problem& p, std::span<const dlx::option_id> solution) {
  std::vector<std::uint32_t> uses(p.item_count(), 0);
  std::vector<dlx::color_id> color(p.item_count(), dlx::no_color);
  std::vector<bool> uncolored(p.item_count(), false);
  std::vector<bool> chosen(p.option_count(), false);
  for (dlx::option_id o : solution) {
    if (chosen[o]) return false;
    chosen[o] = true;
    const auto items = p.option(o);
    const auto colors = p.option_colors(o);
    for (std::size_t e = 0; e < items.size(); ++e) {
      const dlx::item_id i = items[e];
      ++uses[i];
      if (p.kind(i) == dlx::item_kind::primary) continue;
      if (colors[e] == dlx::no_color) uncolored[i] = true;
      if (uses[i] == 1) color[i] = colors[e];
      if (uses[i] > 1 && (uncolored[i] || color[i] != colors[e])) return false;
    }
  }
  for (dlx::item_id i = 0; i < p.item_count(); ++i) {
    if (p.kind(i) != dlx::item_kind::primary) continue;
    if (uses[i] < p.bounds(i).lower || uses[i] > p.bounds(i).upper) return false;
  }
  std::vector<std::int64_t> total(p.weighted_count(), 0);
  for (dlx::option_id o : solution) {
    for (const dlx::weight_entry& e : p.weights(o))
      total[e.item] += e.weight;
  }
  for (dlx::weighted_id w = 0; w < p.weighted_count(); ++w) {
    const dlx::weight_bounds b = p.weighted_bounds(w);
    if (total[w] < b.lower || total[w] > b.upper) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::dlx_file file;
  try {
    file = dlx::read_dlx(in, "fuzz", small_dlx_limits());
  } catch (const dlx::parse_error& e) {
    FUZZ_CHECK(e.line() >= 1 && e.column() >= 1);
    FUZZ_CHECK(!e.message().empty());
    return 0;
  }
  const dlx::problem& p = file.problem;
  FUZZ_CHECK(p.primary_count() > 0);
  FUZZ_CHECK(file.option_lines.size() == p.option_count());

  std::ostringstream out;
  dlx::write_dlx(out, p);
  std::istringstream back(out.str());
  const dlx::dlx_file again = dlx::read_dlx(back, "written");
  const dlx::problem& q = again.problem;
  FUZZ_CHECK(q.item_count() == p.item_count());
  FUZZ_CHECK(q.primary_count() == p.primary_count());
  FUZZ_CHECK(q.option_count() == p.option_count());
  FUZZ_CHECK(q.has_colors() == p.has_colors());
  FUZZ_CHECK(q.has_multiplicities() == p.has_multiplicities());
  for (dlx::item_id i = 0; i < p.item_count(); ++i) {
    const auto j = q.find_item(p.name(i));
    FUZZ_CHECK(j.has_value());
    FUZZ_CHECK(q.kind(*j) == p.kind(i) && q.bounds(*j) == p.bounds(i));
  }
  FUZZ_CHECK(q.weighted_count() == p.weighted_count());
  for (dlx::weighted_id w = 0; w < p.weighted_count(); ++w) {
    const auto v = q.find_weighted(p.weighted_name(w));
    FUZZ_CHECK(v.has_value() && q.weighted_bounds(*v) == p.weighted_bounds(w));
  }
  for (dlx::option_id o = 0; o < p.option_count(); ++o) {
    FUZZ_CHECK(dlx::format_option(q, o) == dlx::format_option(p, o));
    FUZZ_CHECK(q.cost(o) == p.cost(o));
  }

  dlx::search_options budget;
  // Small problems show every difference between the engines within a few
  // hundred nodes; deeper searches only slow the fuzzer down.
  budget.node_budget = 1000;
  budget.limit = 50;
  auto run = [&](dlx::solver& s, std::vector<std::vector<dlx::option_id>>& found) {
    return s.enumerate(
        [&](std::span<const dlx::option_id> solution) {
          FUZZ_CHECK(satisfies_the_model(p, solution));
          found.emplace_back(solution.begin(), solution.end());
          return dlx::visit::next;
        },
        budget);
  };
  if (p.has_weights()) {
    if (p.has_multiplicities()) {
      bool refused = false;
      try {
        dlx::solver s(p);
      } catch (const dlx::problem_error&) {
        refused = true;
      }
      FUZZ_CHECK(refused);
      return 0;
    }
    dlx::solver checking(p), pruning(p);
    std::vector<std::vector<dlx::option_id>> checked, pruned;
    const auto a = run(checking, checked);
    budget.propagation = dlx::propagation::pairs;
    const auto b = run(pruning, pruned);
    FUZZ_CHECK(checking.check_invariants() && pruning.check_invariants());
    if (a.status == dlx::search_status::complete && b.status == dlx::search_status::complete) {
      for (auto* found : {&checked, &pruned}) {
        for (auto& solution : *found)
          std::sort(solution.begin(), solution.end());
        std::sort(found->begin(), found->end());
      }
      FUZZ_CHECK(checked == pruned);
    }
    return 0;
  }
  dlx::solver links(p, dlx::engine_kind::dancing_links);
  std::vector<std::vector<dlx::option_id>> by_links, by_bits;
  const auto a = run(links, by_links);
  FUZZ_CHECK(links.check_invariants());
  dlx::solver bits(p, dlx::engine_kind::bitset);
  const auto b = run(bits, by_bits);
  FUZZ_CHECK(a.status == b.status && a.solutions == b.solutions && a.nodes == b.nodes &&
             a.updates == b.updates && a.cleansings == b.cleansings && a.branches == b.branches);
  FUZZ_CHECK(by_links == by_bits);
  FUZZ_CHECK(bits.check_invariants());

  if (!p.has_multiplicities()) {
    dlx::memo_options memo;
    memo.node_budget = 2000;
    const dlx::memo_result m = dlx::build_zdd(p, memo);
    if (m.complete() && a.status == dlx::search_status::complete) {
      FUZZ_CHECK(m.diagram.count() == a.solutions);
      std::vector<std::vector<dlx::option_id>> listed;
      for (auto s : m.diagram.solutions())
        listed.emplace_back(s.begin(), s.end());
      FUZZ_CHECK(listed == by_links);
    }
  }
  return 0;
}
