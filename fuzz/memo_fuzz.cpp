// The memoized search cross-checked, with and without splitting into parts
// (memo_options::decompose), on problems in Knuth's DLX1 and DLX2 formats read
// from arbitrary bytes. A byte sequence that is not such a problem is skipped
// (the dlx_format target fuzzes the reader). Both diagrams must hold exactly
// the solutions the plain search finds: the same count, the count by size,
// each solution listed once, unranking in listing order, the cheapest costs,
// and the text form read back (product lines included).
#include <dlx/format.hpp>
#include <dlx/memo.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"

namespace {

using solution_t = std::vector<dlx::option_id>;

std::set<solution_t> sorted_set(const std::vector<solution_t>& listed) {
  std::set<solution_t> out;
  for (solution_t s : listed) {
    std::sort(s.begin(), s.end());
    out.insert(std::move(s));
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::dlx_file file;
  try {
    file = dlx::read_dlx(in, "fuzz", small_dlx_limits());
  } catch (const dlx::parse_error&) {
    return 0;
  }
  const dlx::problem& p = file.problem;
  if (p.has_multiplicities() || p.has_weights()) return 0;

  dlx::solver plain(p, dlx::engine_kind::dancing_links);
  std::vector<solution_t> expected_list;
  dlx::search_options budget;
  budget.node_budget = 3000;
  const auto r = plain.enumerate(
      [&](std::span<const dlx::option_id> s) {
        expected_list.emplace_back(s.begin(), s.end());
        return dlx::visit::next;
      },
      budget);
  if (r.status != dlx::search_status::complete) return 0;
  const std::set<solution_t> expected = sorted_set(expected_list);

  std::vector<std::uint64_t> costs(p.option_count());
  for (dlx::option_id o = 0; o < p.option_count(); ++o)
    costs[o] = p.cost(o) + (o * 7) % 5;
  std::vector<std::uint64_t> cheapest_costs;
  for (const bool decompose : {false, true}) {
    dlx::memo_options memo;
    memo.node_budget = 20000;
    memo.decompose = decompose;
    const dlx::memo_result m = dlx::build_zdd(p, memo);
    if (!m.complete()) return 0;
    const dlx::zdd& z = m.diagram;
    FUZZ_CHECK(z.count() == expected.size());
    std::vector<solution_t> listed;
    for (auto s : z.solutions())
      listed.emplace_back(s.begin(), s.end());
    FUZZ_CHECK(listed.size() == expected.size());
    FUZZ_CHECK(sorted_set(listed) == expected);
    if (!decompose) FUZZ_CHECK(listed == expected_list);  // DLX6 lists in the plain order
    for (std::size_t k = 0; k < listed.size() && k < 64; ++k)
      FUZZ_CHECK(z.unrank(k) == listed[k]);
    std::vector<dlx::big_count> by_size;
    for (const solution_t& s : expected) {
      if (by_size.size() <= s.size()) by_size.resize(s.size() + 1, 0);
      ++by_size[s.size()];
    }
    FUZZ_CHECK(z.count_by_size() == by_size);
    std::vector<std::uint64_t> found;
    for (const auto& c : z.cheapest(costs, 5)) {
      std::uint64_t sum = 0;
      for (dlx::option_id o : c.options)
        sum += costs[o];
      FUZZ_CHECK(sum == c.cost);
      found.push_back(c.cost);
    }
    FUZZ_CHECK(std::is_sorted(found.begin(), found.end()));
    if (decompose) {
      FUZZ_CHECK(found == cheapest_costs);
    } else {
      cheapest_costs = found;
    }
    std::ostringstream text;
    z.write(text);
    std::istringstream back(text.str());
    const dlx::zdd again = dlx::read_zdd(back, "written", p.option_count());
    FUZZ_CHECK(again.count() == z.count());
  }
  return 0;
}
