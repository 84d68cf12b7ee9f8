// Knuth's ZDD text format (what `dlx --zdd` writes and `--from-zdd` reads),
// with its product lines "id: (a&b)", on arbitrary bytes: either a located
// parse_error, or a diagram that writes and reads back to the same diagram,
// whose count agrees with its enumeration, its sizes, its unranking and its
// samples, whose products count as their parts multiplied, and whose cheapest
// solutions are the cheapest of its solutions. Every question runs on diagrams
// with products as on plain ones. Tokens for libFuzzer: zdd_text.dict.
#include <dlx/format.hpp>
#include <dlx/zdd.hpp>

#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 1 << 16) return 0;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::zdd diagram;
  try {
    diagram = dlx::read_zdd(in, "fuzz");
  } catch (const dlx::parse_error& e) {
    FUZZ_CHECK(e.line() >= 1 && e.column() >= 1);
    FUZZ_CHECK(!e.message().empty());
    return 0;
  }
  // Reduced: no node with hi = bottom, no product with a sink as a part, no
  // two equal nodes, children first.
  std::set<std::tuple<dlx::option_id, dlx::zdd::node_id, dlx::zdd::node_id>> seen;
  std::vector<dlx::zdd::node_id> products;
  for (std::size_t n = 2; n < diagram.size(); ++n) {
    const auto& node = diagram.at(static_cast<dlx::zdd::node_id>(n));
    FUZZ_CHECK(node.hi != dlx::zdd::bottom);
    FUZZ_CHECK(node.lo < n && node.hi < n);
    FUZZ_CHECK(seen.insert({node.option, node.lo, node.hi}).second);
    FUZZ_CHECK(node.option != ~dlx::option_id{0});
    if (dlx::zdd::is_product(node)) {
      FUZZ_CHECK(node.lo > dlx::zdd::top && node.hi > dlx::zdd::top);
      products.push_back(static_cast<dlx::zdd::node_id>(n));
    }
  }
  // A product counts as its parts multiplied (a few of them: the diagram
  // rooted at each node, in a copy).
  for (std::size_t k = 0; k < products.size() && k < 8; ++k) {
    dlx::zdd part = diagram;
    const auto& node = diagram.at(products[k]);
    part.set_root(node.lo);
    const dlx::big_count first = part.count();
    part.set_root(node.hi);
    const dlx::big_count second = part.count();
    part.set_root(products[k]);
    FUZZ_CHECK(part.count() == first * second);
    FUZZ_CHECK(first > 0 && second > 0);
  }

  std::ostringstream out;
  diagram.write(out);
  std::istringstream back(out.str());
  const dlx::zdd again = dlx::read_zdd(back, "written");
  FUZZ_CHECK(again.size() == diagram.size() && again.root() == diagram.root());
  std::ostringstream out_again;
  again.write(out_again);
  FUZZ_CHECK(out_again.str() == out.str());

  const dlx::big_count total = diagram.count();
  std::vector<std::vector<dlx::option_id>> listed;
  for (auto s : diagram.solutions()) {
    listed.emplace_back(s.begin(), s.end());
    if (listed.size() > 2000) break;
  }
  if (listed.size() <= 2000) {
    FUZZ_CHECK(total == listed.size());
    const auto by_size = diagram.count_by_size();
    dlx::big_count sum = 0;
    for (std::size_t k = 0; k < by_size.size(); ++k) {
      const auto n =
          std::count_if(listed.begin(), listed.end(), [&](const auto& s) { return s.size() == k; });
      FUZZ_CHECK(by_size[k] == n);
      sum += by_size[k];
    }
    FUZZ_CHECK(sum == total);
  }
  const std::size_t check = std::min<std::size_t>(listed.size(), 50);
  for (std::size_t r = 0; r < check; ++r)
    FUZZ_CHECK(diagram.unrank(r) == listed[r]);
  if (total == 0) {
    FUZZ_CHECK(diagram.sample(3, 1).empty());
    FUZZ_CHECK(diagram.cheapest({}, 1).empty());
    return 0;
  }
  const auto drawn = diagram.sample(3, size);
  FUZZ_CHECK(drawn.size() == 3);
  if (listed.size() <= 2000) {
    for (const auto& s : drawn)
      FUZZ_CHECK(std::find(listed.begin(), listed.end(), s) != listed.end());
    // Costs from the input's bytes: the cheapest must be the least of all.
    std::vector<std::uint64_t> costs(64);
    for (std::size_t k = 0; k < costs.size(); ++k)
      costs[k] = k < size ? data[k] % 17 : 0;
    auto cost_of = [&](const std::vector<dlx::option_id>& s) {
      std::uint64_t c = 0;
      for (auto o : s)
        c += o < costs.size() ? costs[o] : 0;
      return c;
    };
    std::vector<std::uint64_t> all;
    for (const auto& s : listed)
      all.push_back(cost_of(s));
    std::sort(all.begin(), all.end());
    const auto best = diagram.cheapest(costs, 4);
    FUZZ_CHECK(best.size() == std::min<std::size_t>(4, listed.size()));
    const auto every = diagram.cheapest(costs, listed.size() + 1);
    FUZZ_CHECK(every.size() == listed.size());
    for (std::size_t k = 0; k < every.size(); ++k)
      FUZZ_CHECK(every[k].cost == all[k]);
    for (std::size_t k = 0; k < best.size(); ++k) {
      FUZZ_CHECK(best[k].cost == all[k]);
      FUZZ_CHECK(cost_of(best[k].options) == best[k].cost);
      FUZZ_CHECK(std::find(listed.begin(), listed.end(), best[k].options) != listed.end());
    }
  }
  return 0;
}
