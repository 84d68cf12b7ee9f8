// sudoku bench: how fast the solver is on puzzle files, measured honestly.
//
// Per file: read the puzzles, put them in a seeded random order (and, with
// --shuffle, give each a random symmetry, so no set's ordering or orientation
// can flatter the solver); warm up by solving and counting each once, checking
// every solution with the validator; then time repeated passes for at least
// --time seconds per mode, in --repeat separate runs, and report the median.
// Parsing and output are not timed: this measures the solver.
#include "commands.hpp"

#include <fmt/format.h>
#include <dlx/line_reader.hpp>
#include <dlx/random.hpp>
#include <dlx/structure.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/symmetry.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <random>
#include <thread>
#include <vector>

#include "cli.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

namespace {

using clock_type = std::chrono::steady_clock;

struct bench_settings {
  double min_time = 1.0;
  unsigned repeat = 5;
  std::uint64_t seed = 1;
  bool shuffle = false;
  std::size_t limit = 0;
  unsigned threads = 1;
  bool json = false;
  bool help = false;
  bool solve = true;
  bool count = true;
  sudoku::rules rules;
  std::optional<dlx::propagation> propagation;  // --propagation; else the solver's default
  std::optional<dlx::branching> branching;      // --branch; else the solver's default
  std::vector<std::string> files;
};

// A file's puzzles: their grids, and the variants they use (one for plain, X or
// windoku files; one per puzzle for killers).
struct puzzle_set {
  std::vector<sudoku::variant> variants;
  std::vector<sudoku::grid> grids;
  std::vector<std::size_t> variant_of;  // per grid

  // One solver per variant, for one thread: built before the clock starts.
  std::vector<std::unique_ptr<sudoku::solver>> solvers(
      std::optional<dlx::propagation> propagation, std::optional<dlx::branching> branching) const {
    std::vector<std::unique_ptr<sudoku::solver>> out;
    for (const auto& v : variants) {
      out.push_back(std::make_unique<sudoku::solver>(v));
      if (propagation) out.back()->set_propagation(*propagation);
      if (branching) out.back()->set_branching(*branching);
    }
    return out;
  }
};

struct mode_figures {
  double us_per_puzzle = 0;  // median over the runs
  // Building the solvers (a model and its engine per variant: per puzzle for
  // killers and ISS's strings), which the timed runs leave out.
  double prepare_us_per_puzzle = 0;
  double puzzles_per_second = 0;
  double nodes_per_puzzle = 0;
  double branches_per_puzzle = 0;  // nodes with two or more options
  double guesses_per_puzzle = 0;   // counted as tdoku counts them
  double no_guess_share = 0;       // puzzles searched without a branch
};

// Reads a file's puzzles; unusable lines are reported and skipped.
puzzle_set load(const std::string& path, std::size_t limit, const sudoku::rules& rules) {
  puzzle_set set;
  std::ifstream in(path, std::ios::binary);
  std::error_code ec;
  if (!in || std::filesystem::is_directory(path, ec)) {
    throw tools::usage_error(fmt::format("{}: cannot open", path));
  }
  dlx::line_reader lines(in, std::size_t{1} << 20);
  std::optional<sudoku::shape> shape;
  std::size_t skipped = 0;
  sudoku::grid g;
  sudoku::variant v;
  for (dlx::text_line line; lines.next(line) && (limit == 0 || set.grids.size() < limit);) {
    if (line.too_long || sudoku::is_skippable(line.text)) {
      skipped += line.too_long;
      continue;
    }
    if (!shape) shape = sudoku::line_shape(line.text, rules);
    if (auto e = sudoku::parse_puzzle(line.text, rules, v, g, shape)) {
      if (skipped++ == 0) {
        fmt::print(stderr, "sudoku bench: {}:{}:{}: {} (skipped)\n", path, line.number, e->column,
                   e->message);
      }
      continue;
    }
    if (set.variants.empty() || !(set.variants.back() == v)) set.variants.push_back(v);
    set.variant_of.push_back(set.variants.size() - 1);
    set.grids.push_back(g);
  }
  if (skipped > 1)
    fmt::print(stderr, "sudoku bench: {}: {} unusable lines skipped\n", path, skipped);
  return set;
}

// One timed run: passes over the puzzles until `seconds` have gone by, on
// `threads` threads each with its own solvers. Returns microseconds per puzzle
// (wall clock, so with N threads it is the throughput-equivalent time). Every
// puzzle solved counts, not only whole passes: a pass over a large file can
// take longer than a run, and dropping a worker's unfinished pass once made
// two threads look barely faster than one.
double timed_run(const puzzle_set& puzzles, bool count, double seconds, unsigned threads,
                 std::optional<dlx::propagation> propagation,
                 std::optional<dlx::branching> branching) {
  std::vector<std::vector<std::unique_ptr<sudoku::solver>>> solvers;
  for (unsigned t = 0; t < threads; ++t)
    solvers.push_back(puzzles.solvers(propagation, branching));
  std::atomic<std::uint64_t> solved{0};
  std::atomic<bool> stop{false};
  const auto started = clock_type::now();
  auto work = [&](unsigned thread) {
    auto& own = solvers[thread];
    sudoku::grid solution;
    std::uint64_t done = 0;
    const std::size_t n = puzzles.grids.size();
    for (std::size_t i = 0;; i = i + 1 == n ? 0 : i + 1) {
      sudoku::solver& solver = *own[puzzles.variant_of[i]];
      const auto r =
          count ? solver.count(puzzles.grids[i], 2) : solver.solve(puzzles.grids[i], solution);
      if (r.status == sudoku::status::invalid) std::abort();  // cannot happen: checked in warm-up
      if (++done % 64 != 0) continue;
      if (thread == 0) {
        if (std::chrono::duration<double>(clock_type::now() - started).count() >= seconds) {
          stop = true;
          break;
        }
      } else if (stop.load(std::memory_order_relaxed)) {
        break;
      }
    }
    solved += done;
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(work, t);
  work(0);
  for (auto& t : pool)
    t.join();
  const double elapsed = std::chrono::duration<double>(clock_type::now() - started).count();
  return elapsed * 1e6 / static_cast<double>(solved.load());
}

// The vector level the build was compiled for, and what the 9x9 search's
// rules run in here (chosen at run time: AVX-512 or AVX2 on such hosts even in
// a portable build).
std::string build_description() {
  std::string simd = "SSE2";
#if defined(__AVX512VL__) && defined(__AVX512BW__)
  simd = "AVX-512";
#elif defined(__AVX2__)
  simd = "AVX2";
#endif
  return fmt::format("{} ({}), flags: {}; SIMD: {} compiled, 9x9 box rules in {}", DLX_COMPILER,
                     __VERSION__, DLX_FLAGS, simd, dlx::box_band_rules_path());
}

}  // namespace

int run_bench(int argc, char** argv) {
  bench_settings s;
  std::vector<tools::option_spec> options = {
      {'t', "time", "SECONDS", "time each mode for at least SECONDS per file (default 1)",
       [&](std::string_view v) { s.min_time = tools::parse_seconds(v, "--time"); }},
      {'r', "repeat", "N", "split that time into N runs and report the median (default 5)",
       [&](std::string_view v) {
         s.repeat = static_cast<unsigned>(tools::parse_unsigned(v, "--repeat", 1, 1000));
       }},
      {0, "seed", "S", "seed of the puzzle order and symmetries (default 1)",
       [&](std::string_view v) { s.seed = tools::parse_unsigned(v, "--seed"); }},
      {0, "shuffle", "",
       "give every puzzle a random symmetry (digits, rows, columns, transposition)",
       [&](std::string_view) { s.shuffle = true; }},
      {'n', "limit", "N", "use at most the first N puzzles of each file",
       [&](std::string_view v) {
         s.limit = static_cast<std::size_t>(tools::parse_unsigned(v, "--limit", 1));
       }},
      {0, "mode", "solve|count|both",
       "what to time: solve, count to 2 (uniqueness), or both (default)",
       [&](std::string_view v) {
         if (v != "solve" && v != "count" && v != "both") {
           throw tools::usage_error(
               fmt::format("--mode: expected solve, count or both, got '{}'", v));
         }
         s.solve = v != "count";
         s.count = v != "solve";
       }},
      {0, "variant", "NAME[,NAME]", "the files' variant (as for solve: x, windoku, jigsaw, ...)",
       [&](std::string_view v) {
         std::string error;
         auto parsed = sudoku::rules::parse(v, error);
         if (!parsed) throw tools::usage_error("--variant: " + error);
         s.rules = *parsed;
       }},
      {0, "propagation", "none|forced|pairs|groups",
       "what the search infers at each node (default groups: the structure search, yes/no "
       "branches; none: Knuth's tree; forced: forced moves take no node; pairs: also locked "
       "candidates)",
       [&](std::string_view v) { s.propagation = tools::parse_propagation(v, "--propagation"); }},
      {0, "branch", "mrv|conflicts",
       "which item a node branches on: mrv, the fewest options, or conflicts, learnt from "
       "dead ends (default: the solver's, conflicts for variants with clues, cages or units "
       "beyond rows, columns and boxes, else mrv)",
       [&](std::string_view v) { s.branching = tools::parse_branching(v, "--branch"); }},
      {'j', "threads", "N", "time N threads at once, each with its own solver (default 1)",
       [&](std::string_view v) {
         s.threads = static_cast<unsigned>(tools::parse_unsigned(v, "--threads", 1, 256));
       }},
      {0, "json", "", "one JSON object per file and mode instead of a table",
       [&](std::string_view) { s.json = true; }},
      {'h', "help", "", "show this help and exit", [&](std::string_view) { s.help = true; }},
  };
  try {
    s.files = tools::parse_command_line(options, std::span<char* const>(argv + 2, argc - 2));
    if (s.help) {
      fmt::print(
          "{}",
          tools::help_text(
              "sudoku bench [OPTIONS] FILE...",
              "Times the solver on each file: puzzles in a seeded random order, a "
              "warm-up that checks every\nsolution with the validator, then the median "
              "of several timed runs, for solve and for count to 2.\nReports puzzles/s, "
              "us/puzzle, the us a puzzle's model took to prepare (\"prep us\": the solvers\nare "
              "built before the clock starts, one per variant, so a file of killers pays "
              "it per puzzle),\nsearch nodes and guesses per puzzle (counted as tdoku counts "
              "them: a node\nwith k alternatives that tries j counts min(j, k-1)), and "
              "the share solved without a guess.",
              options, tools::exit_status_help()));
      return tools::exit_ok;
    }
    if (s.files.empty()) throw tools::usage_error("no puzzle file given");
    if (s.shuffle && !s.rules.classic()) {
      throw tools::usage_error("--shuffle: symmetries of rows and bands keep plain Sudoku only");
    }
  } catch (const tools::usage_error& e) {
    fmt::print(stderr, "sudoku bench: {}\nTry 'sudoku bench --help' for more information.\n",
               e.what());
    return tools::exit_usage;
  }

  if (!s.json) {
    fmt::print("sudoku bench: {}\n", build_description());
    fmt::print("{} thread{}, seed {}{}, median of {} runs, {:.2f} s per mode and file{}{}{}\n\n",
               s.threads, s.threads == 1 ? "" : "s", s.seed, s.shuffle ? ", random symmetries" : "",
               s.repeat, s.min_time,
               s.rules.classic() ? std::string() : fmt::format(", variant {}", s.rules.name()),
               s.propagation
                   ? fmt::format(", propagation {}", tools::propagation_name(*s.propagation))
                   : std::string(),
               s.branching ? fmt::format(", branching {}", tools::branching_name(*s.branching))
                           : std::string());
    fmt::print("{:<28} {:>8}  {:<6} {:>12} {:>10} {:>10} {:>12} {:>9} {:>9}\n", "file", "puzzles",
               "mode", "puzzles/s", "us/puzzle", "prep us", "nodes/puzzle", "guesses", "no guess");
  }
  int status = tools::exit_ok;
  for (const auto& path : s.files) {
    puzzle_set puzzles;
    try {
      puzzles = load(path, s.limit, s.rules);
    } catch (const tools::usage_error& e) {
      fmt::print(stderr, "sudoku bench: {}\n", e.what());
      status = tools::exit_usage;
      continue;
    }
    if (puzzles.grids.empty()) {
      fmt::print(stderr, "sudoku bench: {}: no puzzles\n", path);
      status = tools::exit_usage;
      continue;
    }
    {  // a seeded order: puzzles and their variants together
      std::vector<std::size_t> order(puzzles.grids.size());
      std::iota(order.begin(), order.end(), 0);
      std::mt19937_64 rng(s.seed);
      dlx::shuffle(order.begin(), order.end(), rng);
      puzzle_set shuffled{puzzles.variants, {}, {}};
      for (std::size_t i : order) {
        shuffled.grids.push_back(puzzles.grids[i]);
        shuffled.variant_of.push_back(puzzles.variant_of[i]);
      }
      puzzles = std::move(shuffled);
    }
    if (s.shuffle) {
      for (std::size_t i = 0; i < puzzles.grids.size(); ++i) {
        auto& g = puzzles.grids[i];
        g = sudoku::symmetry::random(g.shape(), s.seed * 1000003 + i).apply(g);
      }
    }

    // Warm-up: every puzzle once per mode, every solution checked.
    std::map<bool, mode_figures> figures;
    // What preparing costs, timed as a command pays it: each variant's solver
    // built and dropped in turn (all of them kept at once, as the timed runs
    // need, would also time the memory they take).
    const auto building = std::chrono::steady_clock::now();
    for (const auto& v : puzzles.variants) {
      const sudoku::solver once(v);
    }
    const std::chrono::duration<double, std::micro> built =
        std::chrono::steady_clock::now() - building;
    const auto solvers = puzzles.solvers(s.propagation, s.branching);
    sudoku::grid solution;
    const std::size_t size = puzzles.grids.size();
    const double prepare_us = built.count() / static_cast<double>(size);
    for (bool count : {false, true}) {
      std::uint64_t nodes = 0, branches = 0, guesses = 0, no_guess = 0;
      for (std::size_t i = 0; i < size; ++i) {
        const sudoku::grid& p = puzzles.grids[i];
        sudoku::solver& solver = *solvers[puzzles.variant_of[i]];
        const sudoku::variant& v = solver.variant();
        const auto r = count ? solver.solve_unique(p, solution) : solver.solve(p, solution);
        std::string line;
        sudoku::append_puzzle(v, p, line);
        if (r.status == sudoku::status::invalid) {
          fmt::print(stderr, "sudoku bench: {}: a puzzle has clashing givens: {}\n", path, line);
          return tools::exit_usage;
        }
        if (r.solutions > 0) {
          const auto check = sudoku::check_solution(v, p, solution);
          if (!check.ok()) {
            fmt::print(stderr, "sudoku bench: {}: WRONG SOLUTION for {}: {}\n", path, line,
                       check.message(v));
            return tools::exit_internal;
          }
        }
        nodes += r.nodes;
        branches += r.branches;
        guesses += r.guesses;
        no_guess += r.guesses == 0;
      }
      figures[count].nodes_per_puzzle = static_cast<double>(nodes) / static_cast<double>(size);
      figures[count].branches_per_puzzle =
          static_cast<double>(branches) / static_cast<double>(size);
      figures[count].guesses_per_puzzle = static_cast<double>(guesses) / static_cast<double>(size);
      figures[count].no_guess_share = static_cast<double>(no_guess) / static_cast<double>(size);
    }

    for (bool count : {false, true}) {
      if (count ? !s.count : !s.solve) continue;
      std::vector<double> runs;
      for (unsigned r = 0; r < s.repeat; ++r) {
        runs.push_back(timed_run(puzzles, count, s.min_time / s.repeat, s.threads, s.propagation,
                                 s.branching));
      }
      std::sort(runs.begin(), runs.end());
      mode_figures& f = figures[count];
      f.us_per_puzzle = runs[runs.size() / 2];
      f.puzzles_per_second = 1e6 / f.us_per_puzzle;
      f.prepare_us_per_puzzle = prepare_us;
      const std::string name = std::filesystem::path(path).filename().string();
      if (s.json) {
        fmt::print(
            "{{\"file\":{},\"puzzles\":{},\"mode\":\"{}\",\"threads\":{},\"puzzles_per_second\":{:."
            "1f},"
            "\"us_per_puzzle\":{:.3f},\"prepare_us_per_puzzle\":{:.3f},\"nodes_per_puzzle\":{:.2f},"
            "\"branches_per_puzzle\":{:.2f},"
            "\"guesses_per_puzzle\":{:.2f},\"no_guess_share\":{:.4f},"
            "\"runs_us_per_puzzle\":[{:.3f}],\"variant\":\"{}\",\"build\":{}}}\n",
            tools::json_string(path), size, count ? "count2" : "solve", s.threads,
            f.puzzles_per_second, f.us_per_puzzle, f.prepare_us_per_puzzle, f.nodes_per_puzzle,
            f.branches_per_puzzle, f.guesses_per_puzzle, f.no_guess_share, fmt::join(runs, ","),
            s.rules.name(), tools::json_string(build_description()));
      } else {
        fmt::print(
            "{:<28} {:>8}  {:<6} {:>12.0f} {:>10.2f} {:>10.2f} {:>12.1f} {:>9.1f} {:>8.1f}%\n",
            name, size, count ? "count2" : "solve", f.puzzles_per_second, f.us_per_puzzle,
            f.prepare_us_per_puzzle, f.nodes_per_puzzle, f.guesses_per_puzzle,
            100 * f.no_guess_share);
      }
      std::fflush(stdout);
    }
  }
  return status;
}

}  // namespace sudoku_cli
