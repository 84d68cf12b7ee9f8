// dlx --memo: the memoized search (Knuth's DLX6) and what the command asks of
// its diagram: the exact count, the count by size, the diagram itself, uniform
// samples, the cheapest solutions, or every solution.
#pragma once

#include <dlx/format.hpp>
#include <dlx/memo.hpp>
#include <dlx/search.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "../common/output.hpp"

namespace dlx_tool {

struct memo_settings {
  bool enabled = false;                   ///< --memo, or implied by an option below
  std::string zdd_out;                    ///< --zdd OUT ("-": standard output)
  std::string from_zdd;                   ///< --from-zdd IN: read the diagram instead of searching
  std::optional<std::uint64_t> sample;    ///< --sample K
  std::optional<std::uint64_t> min_cost;  ///< --min-cost [K]
  bool by_size = false;                   ///< --by-size
  bool decompose = false;                 ///< --decompose
  std::uint64_t memory_budget = 0;        ///< --memory-budget; 0: 3/4 of the machine's memory
  dlx::memo_branching branching = dlx::memo_branching::mrv;
};

/// What the plain search also takes: --count, --limit, --budget, --time-limit,
/// --seed, --stats, --json.
struct common_settings {
  bool count_only = false;
  bool stats = false;
  bool json = false;
  dlx::search_options search;
};

/// Runs the memoized mode on a problem already read; returns the exit status.
int run_memo(const memo_settings& memo, const common_settings& common, const dlx::dlx_file& file);

}  // namespace dlx_tool
