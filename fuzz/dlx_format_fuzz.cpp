// Knuth's DLX1 format on arbitrary bytes: either a located parse_error, or a
// problem that writes and reads back identically and that both engines solve
// with the same result.
#include <dlx/format.hpp>
#include <dlx/solver.hpp>

#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::read_limits limits;
  limits.max_line_length = 4096;
  limits.max_items = 200;
  limits.max_entries = 2000;
  dlx::dlx_file file;
  try {
    file = dlx::read_dlx(in, "fuzz", limits);
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
  FUZZ_CHECK(again.problem.item_count() == p.item_count());
  FUZZ_CHECK(again.problem.primary_count() == p.primary_count());
  FUZZ_CHECK(again.problem.option_count() == p.option_count());
  for (dlx::item_id i = 0; i < p.item_count(); ++i) {
    FUZZ_CHECK(again.problem.find_item(p.name(i)).has_value());
  }
  for (dlx::option_id o = 0; o < p.option_count(); ++o) {
    FUZZ_CHECK(again.problem.option(o).size() == p.option(o).size());
  }

  dlx::search_options budget;
  budget.node_budget = 5000;
  dlx::solver links(p, dlx::engine_kind::dancing_links);
  dlx::solver bits(p, dlx::engine_kind::bitset);
  const auto a = links.count(budget);
  const auto b = bits.count(budget);
  FUZZ_CHECK(a.status == b.status && a.solutions == b.solutions && a.nodes == b.nodes &&
             a.updates == b.updates && a.branches == b.branches);
  FUZZ_CHECK(links.check_invariants() && bits.check_invariants());
  return 0;
}
