#include "puzzle_command.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <thread>

#include "output.hpp"
#include "run_summary.hpp"

namespace sudoku_cli {

// ---- Answering --------------------------------------------------------------

answer_context::answer_context(const command_settings& s, batch& b, sudoku::workspace& w)
    : s_(s), b_(b), w_(w) {
  options_.node_budget = s.budget;
  if (b.progress != nullptr && b.progress->enabled()) {
    // Some searches run for minutes (an extreme killer): a terminal sees them go.
    options_.progress_interval = std::uint64_t{1} << 16;
    options_.on_progress = [this](const dlx::search_progress& p) {
      progress("search: " + tools::search_progress_text(p));
      return dlx::visit::next;
    };
  }
}

void answer_context::progress(std::string_view text) {
  if (b_.progress == nullptr || job_ == nullptr) return;
  b_.progress->piece(progress_key(), fmt::format("{}:{}", file_name(), line()), text, started_);
}

void answer_context::progress_done() {
  if (b_.progress != nullptr && job_ != nullptr) b_.progress->piece_done(progress_key());
}

std::uint64_t answer_context::progress_key() const {
  return (std::uint64_t{job_->file} << 44) | job_->line;  // input order
}

bool answer_context::read_text(std::uint32_t file, std::uint64_t line, std::uint32_t offset,
                               std::uint32_t length, const std::optional<sudoku::shape>& shape) {
  const std::string_view text(b_.text.data() + offset, length);
  if (auto e = sudoku::read_puzzle(w_, text, s_.run.rules, shape)) {
    unusable(file, line, e->column, e->message);
    return false;
  }
  return true;
}

bool answer_context::start(const job& j) {
  ++b_.counts.puzzles;
  job_ = &j;
  // A search's first progress report comes after 65,536 nodes, and --times
  // reports the whole: the puzzle's age counts from here.
  if (s_.times || (b_.progress != nullptr && b_.progress->enabled()))
    started_ = std::chrono::steady_clock::now();
  grid_input_ = false;
  w_.fields = {};
  if (j.preset_error.empty()) return true;
  unusable(j.file, j.line, j.preset_column, j.preset_error);
  return false;
}

bool answer_context::read(const job& j) {
  if (!start(j)) return false;
  if (j.parsed >= 0) {  // grid input: plain Sudoku, read by the pipeline
    const sudoku::grid_item& item = b_.parsed[static_cast<std::size_t>(j.parsed)];
    if (item.error) {
      unusable(j.file, item.error_line, item.error->column, item.error->message);
      return false;
    }
    w_.puzzle = item.puzzle;
    // Grid input is plain Sudoku only: the variant is the plain one of its shape.
    if (w_.variant.shape() != w_.puzzle.shape()) w_.variant = sudoku::variant(w_.puzzle.shape());
    grid_input_ = true;
    return true;
  }
  return read_text(j.file, j.line, j.offset, j.length, j.shape);
}

bool answer_context::read_pair(const job& j) {
  if (!start(j)) return false;
  // The puzzle first: its line says the variant (a jigsaw's regions, a
  // killer's cages), and the solution is a board of that variant.
  const auto puzzle_file = static_cast<std::uint32_t>(s_.run.files.size());
  if (!read_text(puzzle_file, j.other_line, j.other_offset, j.other_length, j.shape)) return false;
  std::swap(w_.puzzle, w_.other);
  const std::string_view text(b_.text.data() + j.offset, j.length);
  if (auto e = sudoku::parse_board(text, w_.variant, w_.puzzle, &w_.fields)) {
    unusable(j.file, j.line, e->column, e->message);
    return false;
  }
  return true;
}

std::size_t answer_context::column_of(std::size_t cell) const {
  if (grid_input_) return 1;
  return sudoku::cell_column(std::string_view(b_.text).substr(job_->offset, job_->length),
                             w_.fields, cell);
}

void answer_context::message(std::size_t column, std::string_view what) {
  b_.err += fmt::format("{}:{}:{}: {}\n", (*b_.names)[job_->file], job_->line, column, what);
}

void answer_context::json_head(std::string_view status) {
  b_.out += fmt::format("{{\"file\":{},\"line\":{},\"status\":\"{}\"",
                        tools::json_string((*b_.names)[job_->file]), job_->line, status);
}

void answer_context::unusable(std::uint32_t file, std::uint64_t line, std::size_t column,
                              std::string_view what) {
  b_.err += fmt::format("{}:{}:{}: {}\n", (*b_.names)[file], line, column, what);
  ++b_.counts.invalid;
  b_.any_invalid_input = true;
  if (s_.json) {
    json_head("invalid");
    b_.out += fmt::format(",\"error\":{},\"error_line\":{},\"column\":{}}}\n",
                          tools::json_string(what), line, column);
  } else if (!s_.documents) {
    word("invalid");
  }
}

void answer_context::word(std::string_view w) {
  b_.out += w;
  b_.out += s_.output == output_format::grid ? "\n\n" : "\n";
}

void answer_context::clash(const sudoku::clash& c) {
  unusable(job_->file, job_->line, column_of(c.second),
           fmt::format("clashing givens: {}", sudoku::describe(c, w_.variant)));
}

void answer_context::append_board(const sudoku::grid& g, std::string& out) const {
  sudoku::append_board(w_.variant, g, out);
}

void answer_context::write_board(const sudoku::grid& g) {
  if (s_.output == output_format::grid) {
    sudoku::append_board_pretty(w_.variant, g, b_.out);
  } else {
    append_board(g, b_.out);
  }
  b_.out += '\n';
}

// Every solution printed is checked by the independent validator first: a
// wrong answer is a bug, and it must never reach a user's file.
void answer_context::verify(const sudoku::grid& puzzle, const sudoku::grid& solution) const {
  sudoku::verify_solution(w_.variant, puzzle, solution);
}

void answer_context::json_tail(const sudoku::result& r) {
  b_.out += fmt::format(",\"nodes\":{},\"guesses\":{}", r.nodes, r.guesses);
  if (s_.times) {
    // Searching, and all the rest: reading the line, building the model,
    // placing the givens, checking the answer.
    const std::chrono::duration<double> whole = std::chrono::steady_clock::now() - started_;
    b_.out +=
        fmt::format(",\"prepare_ms\":{:.3f},\"search_ms\":{:.3f}",
                    1e3 * std::max(0.0, whole.count() - r.search_seconds), 1e3 * r.search_seconds);
  }
  if (!w_.fields.annotation.empty()) {
    b_.out += fmt::format(",\"annotation\":{}", tools::json_string(w_.fields.annotation));
  }
  b_.out += "}\n";
}

void answer_context::tally_unanswered(sudoku::status st) {
  b_.any_unanswered = true;
  if (st == sudoku::status::none) ++b_.counts.none;
  if (st == sudoku::status::multiple) ++b_.counts.multiple;
  if (st == sudoku::status::unknown) ++b_.counts.unknown;
}

bool answer_context::check_unique() {
  const sudoku::result r = solver().count(w_.puzzle, 2, options_);
  b_.counts.nodes += r.nodes;
  if (!answer_unless_unique(r)) return false;
  ++b_.counts.solved;
  return true;
}

bool answer_context::answer_unless_unique(const sudoku::result& r) {
  if (r.status == sudoku::status::invalid) {
    clash(*r.conflict);
    return false;
  }
  if (r.status == sudoku::status::unique) return true;
  tally_unanswered(r.status);
  const std::string_view status = sudoku::to_string(r.status);
  if (s_.json) {
    json_head(status);
    b_.out += "}\n";
  } else if (s_.documents) {
    // A page or a picture has no place for a word: the reason goes to stderr.
    message(1, fmt::format("{}: {}", status, not_unique_reason(r.status)));
  } else {
    word(status);
  }
  return false;
}

std::string_view not_unique_reason(sudoku::status s) {
  switch (s) {
    case sudoku::status::none:
      return "the puzzle has no solution";
    case sudoku::status::multiple:
      return "the puzzle has more than one solution";
    case sudoku::status::unknown:
      return "the node budget ran out before the puzzle was found unique";
    default:
      return "the puzzle is not unique";
  }
}

// ---- Command line -----------------------------------------------------------

std::string outcome_summary(
    std::uint64_t n, std::string_view noun,
    std::initializer_list<std::pair<std::uint64_t, std::string_view>> outcomes) {
  std::string out = dlx::counted(n, noun);
  char separator = ':';
  for (const auto& [count, what] : outcomes) {
    if (count == 0) continue;
    out += fmt::format("{} {} {}", separator, count, what);
    separator = ',';
  }
  return out;
}

std::string uniqueness_summary(const tally& t) {
  return outcome_summary(t.puzzles, "puzzle",
                         {{t.solved, "unique"},
                          {t.multiple, "multiple"},
                          {t.none, "none"},
                          {t.invalid, "invalid"},
                          {t.unknown, "unknown"}});
}

std::string variant_help() {
  return fmt::format(
      "Variants (--variant, combine with commas): x (both main diagonals hold 1-9),\n"
      "windoku (four extra 3x3 windows), jigsaw (lines of 2*n*n characters: givens, then a\n"
      "region id per cell; or --regions LAYOUT), killer (an 81-character cage line or\n"
      "3x3::k:..., then optionally a blank and 81 givens), samurai (441 characters, the\n"
      "21x21 board, '-' outside the five grids). Each format, with an example:\n"
      "{}/variants.md.",
      tools::documentation_dir());
}

namespace {

// --regions: a layout of n*n region ids, given as text or as a file whose first
// puzzle line is one.
std::string read_layout(std::string_view value) {
  std::ifstream file{std::string(value)};
  std::string layout(value);
  if (file) {
    layout.clear();
    for (std::string line; std::getline(file, line);) {
      if (sudoku::is_skippable(line)) continue;
      const auto begin = line.find_first_not_of(" \t");
      layout = line.substr(begin, line.find_first_of(" \t\r", begin) - begin);
      break;
    }
  }
  // Checked as a jigsaw of blanks would be: the same messages as for a line.
  sudoku::rules r;
  r.jigsaw = true;
  r.layout = layout;
  const auto s = sudoku::shape::for_cell_count(layout.size());
  if (!s) {
    throw tools::usage_error(fmt::format(
        "--regions: expected a layout of n*n region ids (81 for 9x9), or a file holding one; "
        "got {} characters",
        layout.size()));
  }
  sudoku::variant v;
  if (auto e = sudoku::make_variant(r, *s, v)) {
    throw tools::usage_error(fmt::format("--regions: {}", e->message));
  }
  return layout;
}

}  // namespace

void add_variant_options(std::vector<tools::option_spec>& options, sudoku::rules& rules,
                         std::string_view variants) {
  options.push_back({0, "variant", "NAME[,NAME]", variants, [&rules](std::string_view v) {
                       std::string error;
                       auto parsed = sudoku::rules::parse(v, error);
                       if (!parsed) throw tools::usage_error("--variant: " + error);
                       parsed->layout = rules.layout;
                       parsed->jigsaw = parsed->jigsaw || rules.layout.has_value();
                       rules = *parsed;
                     }});
  options.push_back({0, "regions", "LAYOUT",
                     "jigsaw: one region layout (n*n ids, or a file holding one) for lines of "
                     "givens only",
                     [&rules](std::string_view v) {
                       rules.layout = read_layout(v);
                       rules.jigsaw = true;
                     }});
}

namespace {

std::optional<command_settings> parse(int argc, char** argv, const puzzle_command& command,
                                      int& exit_code) {
  command_settings s;
  s.name = std::string(command.name);
  s.run.command = s.name;
  s.run.threads = std::max(1u, std::thread::hardware_concurrency());

  std::vector<tools::option_spec> options;
  options.push_back({'j', "threads", "N",
                     "worker threads (default and 0: every core); the answers do not depend on it "
                     "(the nodes and guesses of a long count split over them may)",
                     [&](std::string_view v) { s.run.threads = tools::parse_threads(v); }});
  options.push_back({0, "json", "", "one JSON object per puzzle (JSON Lines)",
                     [&](std::string_view) { s.json = true; }});
  options.push_back(
      {0, "input-format", "sdm|grid|iss|fpuzzles",
       "input: one puzzle per line (default), grids of n lines (plain Sudoku), one ISS "
       "constraint string (modern variants) or ISS grid format per line, or one f-puzzles "
       "link, its data or JSON per line (such links are also read without it): "
       "docs/variants.md",
       [&](std::string_view v) {
         if (v == "sdm" || v == "iss" || v == "fpuzzles") {
           s.run.input = input_format::sdm;
           s.run.rules.iss = v == "iss";
           s.run.rules.fpuzzles = v == "fpuzzles";
         } else if (v == "grid") {
           s.run.input = input_format::grid;
         } else {
           throw tools::usage_error(
               fmt::format("--input-format: expected sdm, grid, iss or fpuzzles, got '{}'", v));
         }
       }});
  add_variant_options(options, s.run.rules);
  if (command.add_options) command.add_options(options, s);
  if (command.has_times) {
    options.push_back({0, "times", "",
                       "with --json: each line also says the milliseconds spent searching "
                       "(\"search_ms\") and on all the rest (\"prepare_ms\": reading, the "
                       "model, the givens, the check)",
                       [&](std::string_view) { s.times = true; }});
  }
  if (command.has_budget) {
    options.push_back(
        {0, "budget", "NODES",
         "give up on a puzzle after NODES search nodes, branches and dead ends (answer "
         "'unknown')",
         [&](std::string_view v) { s.budget = tools::parse_unsigned(v, "--budget", 1); }});
  }
  options.push_back(
      {0, "box", "RxC", "box shape, for sizes with more than one (default: from the first puzzle)",
       [&](std::string_view v) {
         s.run.shape = sudoku::shape::parse_box(v);
         if (!s.run.shape)
           throw tools::usage_error(fmt::format("--box: expected RxC with R*C <= 35, got '{}'", v));
       }});
  options.push_back({'q', "quiet", "", "no summary line on stderr",
                     [&](std::string_view) { s.run.summary = false; }});
  options.push_back(
      {'h', "help", "", "show this help and exit", [&](std::string_view) { s.help = true; }});

  try {
    auto operands = tools::parse_command_line(options, std::span<char* const>(argv + 2, argc - 2));
    if (s.help) {
      fmt::print("{}",
                 tools::help_text(command.usage,
                                  fmt::format("{}\n\n{}", command.description, variant_help()),
                                  options, tools::exit_status_help()));
      exit_code = tools::exit_ok;
      return std::nullopt;
    }
    if (s.json && s.output == output_format::grid) {
      throw tools::usage_error("--json and --output-format=grid do not go together");
    }
    const bool own_rules = s.run.rules.iss || s.run.rules.fpuzzles;
    const std::string_view format = s.run.rules.iss ? "iss" : "fpuzzles";
    if (own_rules && (s.run.rules.diagonals || s.run.rules.windows || s.run.rules.jigsaw ||
                      s.run.rules.killer || s.run.rules.samurai)) {
      throw tools::usage_error(fmt::format(
          "--input-format={}: each puzzle carries its own rules (no --variant)", format));
    }
    if (own_rules && s.run.shape) {
      throw tools::usage_error(
          fmt::format("--input-format={}: each puzzle gives its own size", format));
    }
    if (s.run.input == input_format::grid && !s.run.rules.classic()) {
      throw tools::usage_error("--input-format grid reads plain Sudoku only, not variants");
    }
    if (s.run.shape && (s.run.rules.killer || s.run.rules.samurai)) {
      throw tools::usage_error("--box: killer and samurai puzzles are 9x9");
    }
    if (s.times && !s.json) throw tools::usage_error("--times adds to --json's lines: give both");
    if (command.check) command.check(s);
    s.run.files = operands.empty() ? std::vector<std::string>{"-"} : operands;
    if (s.run.against && s.run.files.size() > 1) {
      throw tools::usage_error("--against takes one file of solutions");
    }
    // --against - reads standard input too: it cannot also be the solutions.
    if (std::count(s.run.files.begin(), s.run.files.end(), "-") + (s.run.against == "-") > 1) {
      throw tools::usage_error("standard input ('-') can be read only once");
    }
  } catch (const tools::usage_error& e) {
    fmt::print(stderr, "sudoku {}: {}\nTry 'sudoku {} --help' for more information.\n",
               command.name, e.what(), command.name);
    exit_code = tools::exit_usage;
    return std::nullopt;
  }
  return s;
}

}  // namespace

int run_puzzle_command(int argc, char** argv, const puzzle_command& command) {
  int exit_code = 0;
  auto parsed = parse(argc, argv, command, exit_code);
  if (!parsed) return exit_code;
  command_settings& s = *parsed;
  s.threads = std::make_shared<sudoku::thread_share>(s.run.threads);
  std::unique_ptr<answer_sink> sink;
  if (command.make_sink) {
    try {
      sink = command.make_sink(s);
    } catch (const tools::output_error& e) {
      fmt::print(stderr, "sudoku {}: {}\n", command.name, e.what());
      return tools::exit_output;  // an output that cannot be written, as for standard output
    }
    s.run.sink = sink.get();
  }
  try {
    return run_batches(
        s.run,
        [&](batch& b, sudoku::workspace& w) {
          answer_context context(s, b, w);
          for (const job& j : b.jobs) {
            const bool read =
                command.reads_pairs && s.run.against ? context.read_pair(j) : context.read(j);
            try {
              if (read) command.answer(context);
              context.progress_done();
            } catch (const sudoku::wrong_answer& e) {
              throw std::logic_error(
                  fmt::format("{}:{}: {}", context.file_name(), context.line(), e.what()));
            }
            b.ends.emplace_back(static_cast<std::uint32_t>(b.out.size()),
                                static_cast<std::uint32_t>(b.err.size()));
          }
        },
        [&](const tally& t, double seconds) {
          return fmt::format("sudoku {}: {}{}", command.name, command.summary(t),
                             tools::run_timing(t.puzzles, command.noun, seconds, s.run.threads));
        });
  } catch (const std::exception& e) {
    fmt::print(stderr, "sudoku: {}\n", e.what());
    return tools::exit_internal;
  }
}

}  // namespace sudoku_cli
