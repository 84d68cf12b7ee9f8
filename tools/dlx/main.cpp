// dlx: solve an exact-cover problem written in Knuth's DLX1, DLX2 (colors) or DLX3
// (multiplicities) format.
#include <fmt/core.h>
#include <dlx/counted.hpp>
#include <dlx/estimate.hpp>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>
#include <dlx/structure.hpp>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <stdexcept>

#include "../common/cli.hpp"
#include "../common/output.hpp"
#include "memo.hpp"
#include "solution_output.hpp"

namespace {

struct settings : dlx_tool::common_settings {
  bool help = false;
  bool version = false;
  bool engine_set = false;
  dlx::engine_kind engine = dlx::engine_kind::automatic;
  dlx_tool::memo_settings memo;
  std::uint64_t estimate_probes = 0;  // --estimate: Knuth's random probes instead of a search
};

// --estimate: Knuth's random probes (dlx/estimate.hpp), one line.
int estimate(const settings& s, dlx::solver& solver, const dlx::search_options& search,
             tools::line_output& out) {
  dlx::estimate_options o;
  o.probes = s.estimate_probes;
  o.seed = search.seed.value_or(1);
  o.search = search;
  o.search.seed.reset();
  o.search.on_progress = nullptr;
  o.time_budget = search.time_budget;
  try {
    const dlx::solution_estimate e = dlx::estimate_solutions(solver, o);
    if (s.json) {
      out.line(
          fmt::format("{{\"status\":\"estimated\",\"estimate\":{},\"standard_error\":{},"
                      "\"probes\":{},\"reached\":{},\"exact\":{},\"nodes\":{}}}",
                      e.solutions, e.standard_error, e.probes, e.reached, e.exact, e.nodes));
    } else {
      out.line(tools::estimate_text(e.solutions, e.standard_error, e.probes, e.reached));
    }
    out.flush();
    return e.reached != 0 ? tools::exit_ok : tools::exit_unknown;
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "dlx: {}\n", e.what());
    return tools::exit_usage;
  } catch (const tools::output_error& e) {
    if (e.error_number() == EPIPE) return tools::exit_broken_pipe;
    fmt::print(stderr, "dlx: {}\n", e.what());
    return tools::exit_output;
  }
}

int run(const settings& s, const std::string& path) {
  std::ifstream file_stream;
  std::istream* in = nullptr;
  if (!tools::open_input("dlx", path, file_stream, in)) return tools::exit_usage;
  const std::string source = in == &std::cin ? "<stdin>" : path;

  dlx::dlx_file file;
  try {
    file = dlx::read_dlx(*in, source);
  } catch (const dlx::parse_error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return tools::exit_usage;
  }
  for (const auto& w : file.warnings)
    fmt::print(stderr, "{}\n", w.to_string());
  if (s.memo.enabled) return dlx_tool::run_memo(s.memo, s, file);

  // Weighted items refuse dancing links, multiplicities and large problems.
  std::optional<dlx::solver> built;
  try {
    built.emplace(file.problem, s.engine);
  } catch (const dlx::problem_error& e) {
    fmt::print(stderr, "dlx: {}: {}\n", source, e.what());
    return tools::exit_usage;
  }
  dlx::solver& solver = *built;
  tools::line_output out;
  tools::progress_line progress;
  dlx::search_options options = s.search;
  if (progress.enabled()) {
    options.progress_interval = std::uint64_t{1} << 16;
    options.on_progress = [&](const dlx::search_progress& p) {
      if (progress.due()) progress.show("dlx: " + tools::search_progress_text(p));
      return dlx::visit::next;
    };
  }

  if (s.estimate_probes != 0) return estimate(s, solver, options, out);
  const auto started = std::chrono::steady_clock::now();
  dlx::search_result result;
  try {
    if (s.count_only) {
      result = solver.count(options);
    } else {
      std::uint64_t number = 0;
      result = solver.enumerate(
          [&](std::span<const dlx::option_id> solution) {
            dlx_tool::write_solution(out, file, solution, ++number, s.json);
            return dlx::visit::next;
          },
          options);
    }
    progress.clear();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (s.json) {
      out.line(
          fmt::format("{{\"status\":\"{}\",\"solutions\":{},\"nodes\":{},\"updates\":{},"
                      "\"cleansings\":{},\"branches\":{},\"guesses\":{},\"forced\":{},"
                      "\"eliminated\":{},\"max_level\":{},\"seconds\":{:.6f}}}",
                      dlx::to_string(result.status), result.solutions, result.nodes, result.updates,
                      result.cleansings, result.branches, result.guesses, result.forced,
                      result.eliminated, result.max_level, seconds));
    } else if (s.count_only) {
      // A budget that ran out leaves the count unknown, as `sudoku count` says:
      // what was found so far goes to stderr (below), not where a count is read.
      out.line(result.status == dlx::search_status::budget_exhausted
                   ? std::string("unknown")
                   : fmt::format("{}", result.solutions));
    }
    out.flush();
    if (s.stats) {
      const std::string inferred =
          s.search.propagation == dlx::propagation::none
              ? std::string()
              : fmt::format(", {} forced, {} eliminated", result.forced, result.eliminated);
      fmt::print(stderr, "dlx: {}, {}, {}, {}, {}, {}{}, max level {}, {:.3f} s ({}, {} engine)\n",
                 dlx::counted(result.solutions, "solution"), dlx::counted(result.nodes, "node"),
                 dlx::counted(result.updates, "update"),
                 dlx::counted(result.cleansings, "cleansing"),
                 dlx::counted(result.branches, "branch", "branches"),
                 dlx::counted(result.guesses, "guess", "guesses"), inferred, result.max_level,
                 seconds, dlx::to_string(result.status),
                 solver.engine() == dlx::engine_kind::bitset ? "bitset" : "dancing-links");
      if (s.search.propagation == dlx::propagation::groups) {
        const dlx::structure_summary st = dlx::describe_structure(file.problem);
        if (st.applies) {
          fmt::print(stderr,
                     "dlx: structure: {} classes, {} groups, {} quotas, {} families ({} "
                     "matchings), {} clusters{}\n",
                     st.classes, st.groups, st.quotas, st.families, st.matchings, st.clusters,
                     st.boxes_and_bands ? fmt::format(", laid out in boxes and bands (rules in {})",
                                                      dlx::box_band_rules_path())
                                        : std::string());
        } else {
          fmt::print(
              stderr,
              "dlx: structure: none looked for (colors, bounds or an item of more than "
              "127 options): the search inferred as --propagation {} does\n",
              solver.engine() == dlx::engine_kind::bitset && !file.problem.has_multiplicities()
                  ? "pairs"
                  : "none");
        }
      }
    }
  } catch (const std::invalid_argument& e) {
    // A setting the search refuses (before any output): --propagation with
    // dancing links or with bounds, --seed with --threads, --branch
    // conflicts with threads or a seed.
    progress.clear();
    fmt::print(stderr, "dlx: {}\n", e.what());
    return tools::exit_usage;
  } catch (const tools::output_error& e) {
    if (e.error_number() == EPIPE)
      return tools::exit_broken_pipe;  // the reader has gone: stop quietly
    fmt::print(stderr, "dlx: {}\n", e.what());
    return tools::exit_output;
  }

  if (result.status == dlx::search_status::budget_exhausted) {
    if (!s.stats) {
      fmt::print(stderr, "dlx: budget exhausted after {}, {} found so far; {}\n",
                 dlx::counted(result.nodes, "node"), dlx::counted(result.solutions, "solution"),
                 s.count_only ? "the count is unknown" : "the search is incomplete");
    }
    return tools::exit_unknown;
  }
  return result.solutions == 0 ? tools::exit_no_solution : tools::exit_ok;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  settings s;
  const std::vector<tools::option_spec> options = {
      {'c', "count", "", "print only the number of solutions",
       [&](std::string_view) { s.count_only = true; }},
      {0, "estimate", "PROBES",
       "estimate the number of solutions by PROBES random probes of the search tree (Knuth's "
       "estimate: the mean and its standard error; --seed and --propagation shape it)",
       [&](std::string_view v) { s.estimate_probes = tools::parse_unsigned(v, "--estimate", 1); }},
      {'l', "limit", "N", "stop after N solutions (default 0: find them all)",
       [&](std::string_view v) { s.search.limit = tools::parse_unsigned(v, "--limit"); }},
      {'b', "budget", "NODES", "stop after NODES search nodes (exit 3 if unfinished)",
       [&](std::string_view v) { s.search.node_budget = tools::parse_unsigned(v, "--budget", 1); }},
      {'t', "time-limit", "SECONDS", "stop after SECONDS of searching (exit 3 if unfinished)",
       [&](std::string_view v) {
         s.search.time_budget = std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::duration<double>(tools::parse_seconds(v, "--time-limit")));
       }},
      {'j', "threads", "N",
       "search on N threads (default 1, which gives Knuth's order; 0: every core); counts "
       "are the same, solutions come in another order (with --memo: in the same order, one "
       "shared diagram)",
       [&](std::string_view v) {
         s.search.threads = static_cast<unsigned>(tools::parse_unsigned(v, "--threads", 0, 4096));
       }},
      {'s', "seed", "S", "break ties between items at random, reproducibly from S (one thread)",
       [&](std::string_view v) { s.search.seed = tools::parse_unsigned(v, "--seed"); }},
      {0, "engine", "auto|links|bitset",
       "search with dancing links or bitsets (default auto: bitsets for small problems "
       "without multiplicities); answers and counts are the same",
       [&](std::string_view v) {
         s.engine_set = true;
         if (v == "auto") {
           s.engine = dlx::engine_kind::automatic;
         } else if (v == "links") {
           s.engine = dlx::engine_kind::dancing_links;
         } else if (v == "bitset") {
           s.engine = dlx::engine_kind::bitset;
         } else {
           throw tools::usage_error(
               fmt::format("--engine: expected auto, links or bitset, got '{}'", v));
         }
       }},
      {0, "propagation", "none|forced|pairs|groups",
       "infer at each node: none (default: Knuth's tree and counts), forced (one-option items "
       "taken without a node), pairs (also: when all options of A cover B, B's others go), "
       "groups (the structure search: counting on the groups of options two items share, "
       "yes/no branches; --stats shows the structure found); same solutions, "
       "smaller tree; forced and pairs: bitset engine only",
       [&](std::string_view v) {
         s.search.propagation = tools::parse_propagation(v, "--propagation");
       }},
      {'m', "memo", "",
       "memoized search (Knuth's DLX6): remember each subproblem and build a diagram (ZDD) "
       "of all solutions; counts are exact at any size; with no query below, lists the "
       "solutions, as the plain search would",
       [&](std::string_view) { s.memo.enabled = true; }},
      {0, "decompose", "",
       "memoized search that splits what is left into parts no option joins, solves each "
       "once and multiplies (Fang et al.'s DXD); the diagram gets product nodes, written as "
       "'id: (a&b)' lines (implies --memo)",
       [&](std::string_view) {
         s.memo.decompose = true;
         s.memo.enabled = true;
       }},
      {0, "zdd", "OUT",
       "write the diagram to OUT ('-': standard output, alone) in the text format of Knuth's "
       "ZDD programs; prints the count unless another query is given (implies --memo)",
       [&](std::string_view v) {
         if (v.empty()) throw tools::usage_error("--zdd: expected a file name");
         s.memo.zdd_out = v;
         s.memo.enabled = true;
       }},
      {0, "from-zdd", "IN",
       "read the diagram from IN (written by --zdd for the same FILE) instead of searching",
       [&](std::string_view v) {
         if (v.empty()) throw tools::usage_error("--from-zdd: expected a file name");
         s.memo.from_zdd = v;
         s.memo.enabled = true;
       }},
      {0, "sample", "K",
       "print K solutions drawn uniformly at random (with replacement; --seed S repeats a "
       "draw) (implies --memo)",
       [&](std::string_view v) {
         s.memo.sample = tools::parse_unsigned(v, "--sample", 1);
         s.memo.enabled = true;
       }},
      {0, "min-cost", "[K]",
       "print the K cheapest solutions (default 1), cheapest first, each after a line "
       "'cost C'; options carry costs as DLX5 writes them ('a b |5') (implies --memo)",
       [&](std::string_view v) {
         s.memo.min_cost = v.empty() ? 1 : tools::parse_unsigned(v, "--min-cost", 1);
         s.memo.enabled = true;
       }},
      {0, "by-size", "",
       "print the number of solutions with each number of options: lines 'SIZE COUNT' "
       "(implies --memo)",
       [&](std::string_view) {
         s.memo.by_size = true;
         s.memo.enabled = true;
       }},
      {0, "branch", "mrv|first|conflicts",
       "the item a node branches on: mrv, the item with the fewest options (default, Knuth's "
       "choice); with --memo, first: the first item still to cover, after any item left "
       "without options (Knuth's dlx6-noMRV); without --memo, conflicts: the item with the "
       "most dead ends per option, learnt as the search goes (bitset engine, one thread, "
       "no seed; a smaller tree where constraints reach far)",
       [&](std::string_view v) {
         if (v == "mrv") {
           s.memo.branching = dlx::memo_branching::mrv;
           s.search.branching = dlx::branching::mrv;
         } else if (v == "first") {
           s.memo.branching = dlx::memo_branching::first;
         } else if (v == "conflicts") {
           s.search.branching = dlx::branching::conflicts;
         } else {
           throw tools::usage_error(
               fmt::format("--branch: expected mrv, first or conflicts, got '{}'", v));
         }
       }},
      {0, "memory-budget", "BYTES",
       "with --memo: stop (exit 3) rather than use more than BYTES for the memo cache and "
       "the diagram, e.g. 2G (default: three quarters of the machine's memory)",
       [&](std::string_view v) {
         s.memo.memory_budget = tools::parse_bytes(v, "--memory-budget");
       }},
      {0, "stats", "", "print solutions, nodes, updates, cleansings and time on stderr",
       [&](std::string_view) { s.stats = true; }},
      {0, "json", "", "JSON Lines: one object per solution, then a summary object",
       [&](std::string_view) { s.json = true; }},
      {'h', "help", "", "show this help and exit", [&](std::string_view) { s.help = true; }},
      {0, "version", "", "show the version and exit", [&](std::string_view) { s.version = true; }},
  };

  std::vector<std::string> operands;
  try {
    operands = tools::parse_command_line(options, std::span<char* const>(argv + 1, argc - 1));
    if (operands.size() > 1) throw tools::usage_error("at most one input file");
    if (!s.memo.enabled && s.memo.branching == dlx::memo_branching::first) {
      throw tools::usage_error(
          "--branch first needs --memo (the plain search takes mrv or conflicts)");
    }
    if (s.estimate_probes != 0 &&
        (s.memo.enabled || s.count_only || s.search.limit != 0 || s.search.threads != 1)) {
      throw tools::usage_error(
          "--estimate goes alone: not with --memo, --count, --limit or --threads");
    }
    if (s.memo.enabled) {
      // The memoized search has its own tree: settings of the plain search's
      // tree mean nothing there.
      if (s.search.threads != 1 && !s.memo.from_zdd.empty()) {
        throw tools::usage_error("--threads shapes a search; --from-zdd reads the diagram instead");
      }
      if (s.search.propagation != dlx::propagation::none) {
        throw tools::usage_error("--propagation does not apply to --memo");
      }
      if (s.search.branching != dlx::branching::mrv) {
        throw tools::usage_error("--branch conflicts does not apply to --memo");
      }
      if (s.engine_set) throw tools::usage_error("--engine does not apply to --memo");
      if (s.search.seed && !s.memo.sample) {
        throw tools::usage_error("with --memo, --seed seeds --sample only");
      }
      const int queries =
          (s.memo.sample ? 1 : 0) + (s.memo.min_cost ? 1 : 0) + (s.memo.by_size ? 1 : 0);
      if (queries > 1)
        throw tools::usage_error("--sample, --min-cost and --by-size go one at a time");
      if (!s.memo.from_zdd.empty() && !s.memo.zdd_out.empty()) {
        throw tools::usage_error("--from-zdd and --zdd together would only copy the diagram");
      }
      if (!s.memo.from_zdd.empty() && s.memo.decompose) {
        throw tools::usage_error(
            "--decompose shapes a search; --from-zdd reads the diagram instead");
      }
    }
  } catch (const tools::usage_error& e) {
    fmt::print(stderr, "dlx: {}\nTry 'dlx --help' for more information.\n", e.what());
    return tools::exit_usage;
  }
  if (s.help) {
    fmt::print("{}",
               tools::help_text(
                   "dlx [OPTIONS] [FILE]",
                   "Finds the exact covers of a problem in Knuth's DLX1 format, or DLX2's\n"
                   "(colors: item:color on secondary items) or DLX3's (bounds: u:v|item or\n"
                   "v|item on primary items), read from FILE or standard input. Each solution\n"
                   "is printed as its options, as read, one per line, with a blank line\n"
                   "between solutions. The search and its counts (nodes, updates, cleansings)\n"
                   "are those of Knuth's dlx1, dlx2 or dlx3.\n\n"
                   "Weighted items (ours): 'lo..hi|s' on the item line is a total that the\n"
                   "chosen options' weights must keep within [lo, hi]; 's:w' in an option adds\n"
                   "w to it. The bitset engine bounds totals at every node; with --propagation\n"
                   "it also removes the options that would overshoot.\n\n"
                   "With --memo the search remembers every subproblem it has solved, as\n"
                   "Knuth's dlx6 does, and builds a diagram of all solutions: counts that\n"
                   "enumeration cannot reach come out exact (dlx --count --memo), and the\n"
                   "diagram answers --sample, --min-cost and --by-size. An option's cost is\n"
                   "written as in dlx5: 'a b |7'; the plain search ignores costs.",
                   options, tools::exit_status_help()));
    return tools::exit_ok;
  }
  if (s.version) {
    fmt::print("dlx {}\n", DLX_VERSION);
    return tools::exit_ok;
  }
  return run(s, operands.empty() ? std::string() : operands.front());
}
