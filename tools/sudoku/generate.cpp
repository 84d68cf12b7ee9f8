// sudoku generate: puzzles with exactly one solution, on all cores.
//
// Puzzle i comes from the seed and i alone, so workers take indices in any order
// and the main thread writes them in order: the same output for any -j.
#include "commands.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/text.hpp>
#include <sudoku/variant_text.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "cli.hpp"
#include "output.hpp"
#include "puzzle_command.hpp"
#include "run_summary.hpp"

namespace sudoku_cli {

namespace {

struct generate_settings {
  std::uint64_t count = 1;
  sudoku::generate_options options;
  bool seed_given = false;
  sudoku::rules rules;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  bool summary = true;
  bool help = false;
  std::string command_line;
};

// The variant of the puzzles (for a jigsaw without --regions, on `regions`).
sudoku::variant variant_of(const generate_settings& s, std::string_view regions) {
  sudoku::variant v;
  if (auto e = sudoku::make_variant(s.rules, s.options.shape, v, regions)) {
    throw tools::usage_error(e->message);
  }
  return v;
}

// The boxes as a jigsaw layout: a stand-in where a layout is needed before any
// random one is drawn.
std::string box_layout(const sudoku::shape& shape) {
  std::string regions;
  for (int r = 0; r < shape.size(); ++r) {
    for (int c = 0; c < shape.size(); ++c)
      regions += sudoku::digit_char(shape.box_of(r, c) + 1);
  }
  return regions;
}

// A generated puzzle and, for random jigsaw layouts, its own variant.
struct made_puzzle {
  sudoku::generated puzzle;
  sudoku::variant variant;
};

// Puzzle `index`: a jigsaw without --regions tries random layouts (seeded by
// the index) until one has a solution; every other variant uses `fixed`.
std::optional<made_puzzle> make_one(const generate_settings& s, sudoku::generator& fixed,
                                    std::uint64_t index) {
  if (!(s.rules.jigsaw && !s.rules.layout)) {
    auto g = fixed.make(s.options, index);
    if (!g) return std::nullopt;
    return made_puzzle{std::move(*g), fixed.variant()};
  }
  auto made = sudoku::make_random_jigsaw(s.rules, s.options, index);
  if (!made) return std::nullopt;
  return made_puzzle{std::move(made->puzzle), std::move(made->variant)};
}

}  // namespace

int run_generate(int argc, char** argv) {
  generate_settings s;
  std::vector<tools::option_spec> options = {
      {'n', "count", "N", "how many puzzles (default 1)",
       [&](std::string_view v) { s.count = tools::parse_unsigned(v, "--count", 1); }},
      {0, "size", "N", "grid size: 4, 6, 9 (default), 16, 25, or any n with a box shape",
       [&](std::string_view v) {
         const auto n = tools::parse_unsigned(v, "--size", 4, sudoku::max_size);
         auto shape = sudoku::shape::for_cell_count(static_cast<std::size_t>(n * n));
         if (!shape) throw tools::usage_error(fmt::format("--size: {} has no box shape", n));
         s.options.shape = *shape;
       }},
      {0, "box", "RxC", "box shape instead of --size (for sizes with more than one)",
       [&](std::string_view v) {
         auto shape = sudoku::shape::parse_box(v);
         if (!shape)
           throw tools::usage_error(fmt::format("--box: expected RxC with R*C <= 35, got '{}'", v));
         s.options.shape = *shape;
       }},
      {0, "symmetry", "KIND", "clue pattern: none (default), rot180, rot90, mirror, diagonal",
       [&](std::string_view v) {
         auto sym = sudoku::parse_symmetry(v);
         if (!sym)
           throw tools::usage_error(fmt::format(
               "--symmetry: expected none, rot180, rot90, mirror or diagonal, got '{}'", v));
         s.options.symmetry = *sym;
       }},
      {0, "clues", "K",
       "stop removing givens at K (a target: a puzzle keeps more when no further given can go; "
       "stderr then says so, exit 0)",
       [&](std::string_view v) {
         s.options.clues = static_cast<int>(tools::parse_unsigned(v, "--clues", 0, 35 * 35));
       }},
      {0, "difficulty", "LEVEL", "only puzzles of this level: easy, medium, hard, evil, beyond",
       [&](std::string_view v) {
         auto l = sudoku::parse_level(v);
         if (!l)
           throw tools::usage_error(fmt::format(
               "--difficulty: expected easy, medium, hard, evil or beyond, got '{}'", v));
         s.options.difficulty = *l;
       }},
      {0, "minimal", "",
       "guarantee that no given can be removed (the default without --clues and --symmetry)",
       [&](std::string_view) { s.options.minimal = true; }},
      {0, "check-budget", "NODES",
       "search nodes for each uniqueness check (default 100000; 0: no limit); a check that runs "
       "out keeps its given",
       [&](std::string_view v) {
         s.options.check_budget = tools::parse_unsigned(v, "--check-budget");
       }},
      {0, "seed", "S",
       "the same seed gives the same puzzles, whatever -j (default: a fresh one, named in the "
       "header line and the summary)",
       [&](std::string_view v) {
         s.options.seed = tools::parse_unsigned(v, "--seed");
         s.seed_given = true;
       }},
      {'j', "threads", "N", "worker threads (default and 0: every core)",
       [&](std::string_view v) { s.threads = tools::parse_threads(v); }},
      {'q', "quiet", "", "no summary line on stderr", [&](std::string_view) { s.summary = false; }},
      {'h', "help", "", "show this help and exit", [&](std::string_view) { s.help = true; }},
  };
  // Before -j, -q and -h, with the other puzzle options.
  std::vector<tools::option_spec> variant_options;
  add_variant_options(variant_options, s.rules,
                      "x, windoku or jigsaw (x and windoku combine with each other and with "
                      "jigsaw); generate makes no killer or samurai puzzles");
  options.insert(options.begin() + 2, variant_options.begin(), variant_options.end());
  try {
    auto operands = tools::parse_command_line(options, std::span<char* const>(argv + 2, argc - 2));
    if (s.help) {
      fmt::print("{}", tools::help_text(
                           "sudoku generate [OPTIONS]",
                           "Writes puzzles with exactly one solution, one SDM line each with an "
                           "annotation (clues, level),\nafter a header comment that records the "
                           "command. A random complete grid comes from the\nsearch's seeded "
                           "tie-break; givens are then removed, in a seeded order and respecting "
                           "the\nsymmetry, while the puzzle stays unique (and, with --difficulty, "
                           "no harder than asked).\nVariants: x, windoku and jigsaw (with "
                           "--regions LAYOUT, or a random layout per puzzle,\nwritten on its "
                           "line after the givens).",
                           options, tools::exit_status_help()));
      return tools::exit_ok;
    }
    if (!operands.empty()) throw tools::usage_error("generate reads no files");
    if (s.rules.killer || s.rules.samurai) {
      throw tools::usage_error("--variant: generate makes plain, x, windoku and jigsaw puzzles");
    }
    if (s.rules.layout) {
      s.options.shape = *sudoku::shape::for_cell_count(s.rules.layout->size());
    }
    (void)variant_of(s, box_layout(s.options.shape));  // windoku on boxes that are not square
    if (!s.seed_given) s.options.seed = sudoku::draw_seed();
  } catch (const tools::usage_error& e) {
    fmt::print(stderr, "sudoku generate: {}\nTry 'sudoku generate --help' for more information.\n",
               e.what());
    return tools::exit_usage;
  }
  // The header records what determines the puzzles (not -j or -q), so that the
  // output is the same for any thread count and the file can be made again.
  const auto& o = s.options;
  s.command_line = fmt::format("sudoku generate --count {} --seed {} --box {} --symmetry {}",
                               s.count, o.seed, o.shape.box_name(), sudoku::to_string(o.symmetry));
  if (o.clues) s.command_line += fmt::format(" --clues {}", *o.clues);
  if (o.difficulty)
    s.command_line += fmt::format(" --difficulty {}", sudoku::to_string(*o.difficulty));
  if (o.minimal) s.command_line += " --minimal";
  if (!s.rules.classic()) s.command_line += fmt::format(" --variant {}", s.rules.name());
  if (s.rules.layout) s.command_line += fmt::format(" --regions {}", *s.rules.layout);

  // Workers take the next index; the main thread writes results in index order,
  // keeping at most a window of them in memory.
  std::mutex mutex;
  std::condition_variable ready, room;
  std::map<std::uint64_t, std::optional<made_puzzle>> done;
  std::uint64_t next_to_write = 0;
  std::atomic<std::uint64_t> next_index{0};
  std::atomic<bool> stop{false};
  const std::uint64_t window = 64ull * s.threads;
  auto work = [&] {
    sudoku::generator g(variant_of(s, box_layout(s.options.shape)));
    for (;;) {
      const std::uint64_t i = next_index++;
      if (i >= s.count || stop) return;
      {
        std::unique_lock lock(mutex);
        room.wait(lock, [&] { return i < next_to_write + window || stop; });
        if (stop) return;
      }
      auto result = make_one(s, g, i);
      {
        std::lock_guard lock(mutex);
        done.emplace(i, std::move(result));
      }
      ready.notify_all();
    }
  };
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < s.threads; ++t)
    workers.emplace_back(work);

  tools::line_output out;
  tools::progress_line progress;
  const auto started = std::chrono::steady_clock::now();
  int status = tools::exit_ok;
  std::uint64_t made = 0, failed = 0, clue_sum = 0, attempts = 0, at_target = 0;
  // The first puzzle above the clue target: its line in the output (the header
  // is line 1) and its clues.
  std::uint64_t first_missed_line = 0;
  int first_missed_clues = 0;
  int fewest = 1 << 30, most = 0;
  std::array<std::uint64_t, 5> levels{};
  try {
    out.line(fmt::format("# {}  (dlx-sudoku {})", s.command_line, DLX_VERSION));
    for (; next_to_write < s.count;) {
      std::optional<made_puzzle> result;
      {
        std::unique_lock lock(mutex);
        ready.wait(lock, [&] { return done.count(next_to_write) != 0; });
        result = std::move(done[next_to_write]);
        done.erase(next_to_write);
        ++next_to_write;
      }
      room.notify_all();
      if (!result) {
        ++failed;
        out.line("# none found within the attempts allowed");
        continue;
      }
      ++made;
      const sudoku::generated& p = result->puzzle;
      clue_sum += static_cast<std::uint64_t>(p.clues);
      attempts += p.attempts;
      fewest = std::min(fewest, p.clues);
      most = std::max(most, p.clues);
      if (s.options.clues && p.clues <= *s.options.clues) {
        ++at_target;
      } else if (s.options.clues && first_missed_line == 0) {
        first_missed_line = next_to_write + 1;  // puzzle next_to_write - 1, after the header
        first_missed_clues = p.clues;
      }
      ++levels[static_cast<std::size_t>(p.level)];
      std::string line;
      sudoku::append_puzzle(result->variant, p.puzzle, line);
      // With --regions the layout is the file's, not each line's.
      if (s.rules.layout) line.resize(static_cast<std::size_t>(s.options.shape.cell_count()));
      out.line(fmt::format("{} clues={} level={}", line, p.clues, sudoku::to_string(p.level)));
      if (progress.due()) {
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        progress.show(fmt::format("sudoku generate: {}/{}, {}", next_to_write,
                                  dlx::counted(s.count, "puzzle"),
                                  tools::format_rate(next_to_write, seconds, "puzzle")));
      }
    }
    out.flush();
  } catch (const tools::output_error& e) {
    stop = true;
    room.notify_all();
    for (auto& t : workers)
      t.join();
    if (e.error_number() == EPIPE) return tools::exit_broken_pipe;
    fmt::print(stderr, "sudoku generate: {}\n", e.what());
    return tools::exit_output;
  }
  for (auto& t : workers)
    t.join();
  progress.clear();
  if (failed) status = tools::exit_no_solution;
  // A clue target is a bound on the removals, not a promise: a puzzle that
  // keeps more givens is still made (exit 0), but never silently.
  if (s.options.clues && at_target < made) {
    // "<stdout>:2: 24 clues, more than --clues 17 (so for 3 of 3 puzzles): ..."
    const std::uint64_t missed = made - at_target;
    fmt::print(stderr,
               "sudoku generate: <stdout>:{}: {} clues, more than --clues {}{}: no further given "
               "could go with the puzzle provably unique{}\n",
               first_missed_line, first_missed_clues, *s.options.clues,
               made == 1 ? std::string() : fmt::format(" (so for {} of {} puzzles)", missed, made),
               s.options.difficulty
                   ? fmt::format(" and no harder than {}", sudoku::to_string(*s.options.difficulty))
                   : std::string());
  }
  if (s.summary) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    // "10 puzzles (seed 7); clues 22-26 (mean 24.1); 8 easy, 2 medium in 52.3 ms"
    std::string text = dlx::counted(made, "puzzle");
    if (failed) text += fmt::format(", {} not found", failed);
    text += fmt::format(" (seed {})", s.options.seed);
    if (made) {
      text += fewest == most
                  ? fmt::format("; clues {}", fewest)
                  : fmt::format("; clues {}-{} (mean {:.1f})", fewest, most,
                                static_cast<double>(clue_sum) / static_cast<double>(made));
      if (s.options.clues) {
        text += at_target == made ? fmt::format(", target {} reached", *s.options.clues)
                                  : fmt::format(", target {} missed by {} of {}", *s.options.clues,
                                                made - at_target, made);
      }
      text += ';';
      for (std::size_t l = 0; l < levels.size(); ++l) {
        if (levels[l] == 0) continue;
        text += fmt::format("{} {} {}", text.back() == ';' ? "" : ",", levels[l],
                            sudoku::to_string(static_cast<sudoku::level>(l)));
      }
      if (attempts > made) {
        text += fmt::format("; {:.1f} tries each",
                            static_cast<double>(attempts) / static_cast<double>(made));
      }
    }
    fmt::print(stderr, "sudoku generate: {}{}\n", text,
               tools::run_timing(made + failed, "puzzle", seconds, s.threads));
  }
  return status;
}

}  // namespace sudoku_cli
