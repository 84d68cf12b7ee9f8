// g++ 12 sees a string copy inside Boost's cpp_int::str() that it cannot prove
// in bounds (-Wrestrict, a false positive of that version, reported where the
// call is inlined, so it is silenced for the file).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include "memo.hpp"
#include "solution_output.hpp"

#include <fmt/core.h>
#include <unistd.h>
#include <dlx/counted.hpp>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <stdexcept>

#include "../common/cli.hpp"

namespace dlx_tool {

namespace {

std::uint64_t default_memory_budget() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page) / 4 * 3;
}

// Writes the diagram to `path` ("-": standard output); false after printing why not.
bool write_diagram(const dlx::zdd& diagram, const std::string& path) {
  if (path == "-") {
    diagram.write(std::cout);
    std::cout.flush();
    if (!std::cout) {
      fmt::print(stderr, "dlx: cannot write the diagram to standard output\n");
      return false;
    }
    return true;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) {
    fmt::print(stderr, "dlx: {}: cannot open for writing: {}\n", path, std::strerror(errno));
    return false;
  }
  diagram.write(file);
  file.close();
  if (!file) {
    fmt::print(stderr, "dlx: {}: cannot write: {}\n", path, std::strerror(errno));
    return false;
  }
  return true;
}

// Reads a diagram for --from-zdd, whose options must be the problem's; nullopt
// after printing why not.
std::optional<dlx::zdd> read_diagram(const std::string& path, const dlx::problem& p) {
  std::ifstream stream;
  std::istream* in = nullptr;
  if (!tools::open_input("dlx", path, stream, in)) return std::nullopt;
  const std::string source = in == &std::cin ? "<stdin>" : path;
  try {
    dlx::zdd diagram = dlx::read_zdd(*in, source, p.option_count());
    return diagram;
  } catch (const dlx::parse_error& e) {
    fmt::print(stderr, "{}\n", e.what());
    return std::nullopt;
  }
}

std::string big(const dlx::big_count& n) {
  return n.str();
}

}  // namespace

int run_memo(const memo_settings& memo, const common_settings& common, const dlx::dlx_file& file) {
  const dlx::problem& p = file.problem;
  const auto started = std::chrono::steady_clock::now();
  dlx::memo_result result;
  const bool searched = memo.from_zdd.empty();
  if (!searched) {
    auto diagram = read_diagram(memo.from_zdd, p);
    if (!diagram) return tools::exit_usage;
    result.diagram = std::move(*diagram);
  } else {
    dlx::memo_options options;
    options.branching = memo.branching;
    options.decompose = memo.decompose;
    options.threads = common.search.threads;
    options.node_budget = common.search.node_budget;
    options.memory_budget = memo.memory_budget ? memo.memory_budget : default_memory_budget();
    options.time_budget = common.search.time_budget;
    tools::progress_line progress;
    if (progress.enabled()) {
      options.progress_interval = std::uint64_t{1} << 14;
      options.on_progress = [&](const dlx::memo_progress& m) {
        if (progress.due()) progress.show("dlx: " + tools::memo_progress_text(m));
        return dlx::visit::next;
      };
    }
    try {
      result = dlx::build_zdd(p, options);
    } catch (const std::invalid_argument& e) {
      fmt::print(stderr, "dlx: --memo: {}\n", e.what());
      return tools::exit_usage;
    }
    progress.clear();
    if (!result.complete()) {
      const auto& st = result.stats;
      const char* why = result.status == dlx::memo_status::memory_exhausted
                            ? "memory budget exhausted"
                        : result.status == dlx::memo_status::time_exhausted ? "time limit reached"
                                                                            : "budget exhausted";
      fmt::print(stderr, "dlx: {} after {}, {} and {}; the count is unknown{}\n", why,
                 dlx::counted(st.nodes, "node"),
                 dlx::counted(st.failed_signatures + st.good_signatures - 1, "signature"),
                 dlx::counted(st.bytes, "byte"),
                 result.status == dlx::memo_status::memory_exhausted
                     ? " (raise it with --memory-budget)"
                     : "");
      // As the plain search answers a count it could not finish.
      if (common.count_only && !common.json && memo.zdd_out.empty() && !memo.by_size &&
          !memo.sample && !memo.min_cost) {
        fmt::print("unknown\n");
      }
      return tools::exit_unknown;
    }
  }
  const dlx::zdd& diagram = result.diagram;
  const dlx::big_count total = diagram.count();

  if (!memo.zdd_out.empty() && !write_diagram(diagram, memo.zdd_out)) return tools::exit_output;
  const bool diagram_on_stdout = memo.zdd_out == "-";

  tools::line_output out;
  std::string json_extra;
  try {
    if (diagram_on_stdout) {
      // The diagram is the whole output.
    } else if (memo.min_cost) {
      std::vector<std::uint64_t> costs(p.option_count());
      for (dlx::option_id o = 0; o < p.option_count(); ++o)
        costs[o] = p.cost(o);
      const auto best = diagram.cheapest(costs, *memo.min_cost);
      for (std::size_t k = 0; k < best.size(); ++k) {
        write_solution(out, file, best[k].options, k + 1, common.json, best[k].cost);
      }
    } else if (memo.sample) {
      const std::uint64_t seed = common.search.seed ? *common.search.seed : std::random_device{}();
      json_extra += fmt::format(",\"seed\":{}", seed);
      const auto drawn = diagram.sample(*memo.sample, seed);
      for (std::size_t k = 0; k < drawn.size(); ++k)
        write_solution(out, file, drawn[k], k + 1, common.json);
      if (common.stats) fmt::print(stderr, "dlx: sampled with seed {}\n", seed);
    } else if (memo.by_size) {
      const auto by_size = diagram.count_by_size();
      std::string pairs;
      for (std::size_t k = 0; k < by_size.size(); ++k) {
        if (by_size[k] == 0) continue;
        if (common.json) {
          pairs += fmt::format("{}[{},{}]", pairs.empty() ? "" : ",", k, big(by_size[k]));
        } else {
          out.line(fmt::format("{} {}", k, big(by_size[k])));
        }
      }
      json_extra += fmt::format(",\"by_size\":[{}]", pairs);
    } else if (common.count_only || !memo.zdd_out.empty()) {
      if (!common.json) out.line(big(total));
    } else {
      std::uint64_t number = 0;
      for (std::span<const dlx::option_id> s : diagram.solutions()) {
        write_solution(out, file, s, ++number, common.json);
        if (common.search.limit && number >= common.search.limit) break;
      }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const auto& st = result.stats;
    if (common.json && !diagram_on_stdout) {
      std::string line = fmt::format("{{\"status\":\"complete\",\"solutions\":{}", big(total));
      if (searched) {
        line += fmt::format(
            ",\"nodes\":{},\"updates\":{},\"cleansings\":{},\"zdd_nodes\":{},\"signatures\":[{},{}]"
            ","
            "\"hits\":{},\"bytes\":{},\"threads\":{}",
            st.nodes, st.updates, st.cleansings, st.zdd_nodes, st.failed_signatures,
            st.good_signatures, st.hits, st.bytes, st.threads);
        if (memo.decompose) {
          line += fmt::format(
              ",\"splits\":{},\"parts\":{},\"products\":{},\"part_checks\":{},"
              "\"looks_given_up\":{}",
              st.splits, st.parts, st.products, st.part_checks, st.looks_given_up);
        }
      }
      line += fmt::format(",\"diagram_nodes\":{}{},\"seconds\":{:.6f}}}", diagram.size(),
                          json_extra, seconds);
      out.line(line);
    }
    out.flush();
    if (common.stats) {
      if (searched) {
        fmt::print(stderr,
                   "dlx: {}, {}, {}, {}, {} "
                   "({} in the reduced diagram), {}+{} signatures, {}, {}, {:.3f} s "
                   "(complete, memoized{}{})\n",
                   dlx::counted(big(total), "solution"), dlx::counted(st.nodes, "search node"),
                   dlx::counted(st.updates, "update"), dlx::counted(st.cleansings, "cleansing"),
                   dlx::counted(st.zdd_nodes, "ZDD node"), diagram.size(), st.failed_signatures,
                   st.good_signatures, dlx::counted(st.hits, "hit"), dlx::counted(st.bytes, "byte"),
                   seconds, memo.branching == dlx::memo_branching::first ? ", first item" : "",
                   st.threads > 1 ? fmt::format(", {} threads", st.threads) : std::string());
        if (memo.decompose) {
          fmt::print(stderr, "dlx: {} into {}, {}, {} looked at for them\n",
                     dlx::counted(st.splits, "split"), dlx::counted(st.parts, "part"),
                     dlx::counted(st.products, "product node"),
                     dlx::counted(st.part_checks, "link"));
        }
      } else {
        fmt::print(stderr, "dlx: {}, a diagram of {} read from {}, {:.3f} s\n",
                   dlx::counted(big(total), "solution"), dlx::counted(diagram.size(), "node"),
                   memo.from_zdd, seconds);
      }
    }
  } catch (const tools::output_error& e) {
    if (e.error_number() == EPIPE) return 128 + 13;
    fmt::print(stderr, "dlx: {}\n", e.what());
    return tools::exit_output;
  }
  return total == 0 ? tools::exit_no_solution : tools::exit_ok;
}

}  // namespace dlx_tool
