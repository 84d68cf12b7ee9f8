// sudoku estimate: how many solutions a puzzle has, counted while the count is
// small and estimated by Knuth's random probes beyond.
#include <fmt/core.h>
#include <sudoku/estimate.hpp>

#include <string>

#include "commands.hpp"
#include "output.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {
int run_estimate(int argc, char** argv) {
  sudoku::estimate_settings settings;
  puzzle_command command;
  command.name = "estimate";
  command.usage = "sudoku estimate [OPTIONS] [FILE...]";
  command.description =
      "Prints one line per puzzle: its number of solutions, counted exactly when the count\n"
      "takes at most --exact-budget nodes, and otherwise estimated by Knuth's random probes\n"
      "of the search tree: 'about 3.2e9 +- 4% (1000 probes)', the standard error of the\n"
      "probes' mean in percent. 'invalid' for a line that is not a usable puzzle. A probe\n"
      "walks one random path down the tree, so the estimate is unbiased but may vary a lot\n"
      "where solutions are rare: a large error says so.";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings&) {
    options.push_back(
        {0, "probes", "N", "random probes for an estimate (default 1000)",
         [&](std::string_view v) { settings.probes = tools::parse_unsigned(v, "--probes", 1); }});
    options.push_back(
        {0, "seed", "S", "the probes' random numbers (default 1)",
         [&](std::string_view v) { settings.seed = tools::parse_unsigned(v, "--seed"); }});
    options.push_back({0, "exact-budget", "NODES",
                       "count exactly when that takes at most NODES nodes (default 100000; 0: "
                       "estimate at once)",
                       [&](std::string_view v) {
                         settings.exact_budget = tools::parse_unsigned(v, "--exact-budget");
                       }});
    options.push_back({0, "time", "SECONDS", "stop probing after SECONDS (at least one probe runs)",
                       [&](std::string_view v) {
                         settings.time_budget = std::chrono::nanoseconds(
                             static_cast<std::int64_t>(tools::parse_seconds(v, "--time") * 1e9));
                       }});
  };
  command.answer = [&](answer_context& c) {
    // The terminal's progress line, as every search's.
    sudoku::estimate_settings each = settings;
    each.on_progress = c.search_options().on_progress;
    each.progress_interval = c.search_options().progress_interval;
    const sudoku::count_estimate e = sudoku::estimate_count(c.workspace(), each);
    c.counts().nodes += e.nodes;
    if (e.status == sudoku::status::invalid) return c.clash(*e.conflict);
    if (e.status == sudoku::status::unique) {
      ++c.counts().solved;
    } else if (e.status == sudoku::status::multiple) {
      ++c.counts().multiple;
    } else {
      c.tally_unanswered(e.status);
    }
    const double relative = e.solutions > 0 ? e.standard_error / e.solutions : 0;
    if (c.settings().json) {
      c.json_head(sudoku::to_string(e.status));
      if (e.exact) {
        c.out() += fmt::format(",\"exact\":true,\"count\":{}", e.count);
      } else {
        c.out() += fmt::format(
            ",\"exact\":false,\"estimate\":{},\"standard_error\":{},\"relative_error\":{:.4f},"
            "\"probes\":{},\"reached\":{}",
            e.solutions, e.standard_error, relative, e.probes, e.reached);
      }
      c.out() += fmt::format(",\"nodes\":{}", e.nodes);
      if (!c.fields().annotation.empty())
        c.out() += fmt::format(",\"annotation\":{}", tools::json_string(c.fields().annotation));
      c.out() += "}\n";
      return;
    }
    if (e.exact) return c.word(fmt::format("{}", e.count));
    c.word(tools::estimate_text(e.solutions, e.standard_error, e.probes, e.reached));
  };
  command.summary = uniqueness_summary;
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
