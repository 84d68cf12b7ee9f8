// sudoku: solve, count and validate Sudoku puzzles in bulk.
#include <fmt/format.h>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include <algorithm>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <thread>

#include "batch.hpp"
#include "bench.hpp"
#include "cli.hpp"
#include "generate.hpp"

namespace {

using namespace sudoku_cli;

enum class command { solve, count, validate, explain, rate, minimize, redundant };

struct settings {
  command cmd = command::solve;
  run_settings run;
  output_format output = output_format::sdm;
  bool json = false;
  bool unique = false;
  bool partial = false;
  bool search = false;  // explain: finish with the exact-cover search
  bool help = false;
  std::uint64_t limit = 2;
  std::uint64_t budget = 0;
};

// ---- Answering one puzzle ---------------------------------------------------

class answerer {
 public:
  answerer(const settings& s, batch& b, worker_state& w) : s_(s), b_(b), w_(w) {
    options_.node_budget = s.budget;
  }

  void answer(const job& j) {
    ++b_.counts.puzzles;
    job_ = &j;
    sudoku::sdm_fields fields;
    if (!read_puzzle(j, j.offset, j.length, j.line, w_.puzzle, fields)) return;
    switch (s_.cmd) {
      case command::solve:
        solve(fields);
        break;
      case command::count:
        count(fields);
        break;
      case command::validate:
        validate(fields);
        break;
      case command::explain:
      case command::rate:
        logic(fields);
        break;
      case command::minimize:
      case command::redundant:
        reduce(fields);
        break;
    }
  }

 private:
  const std::string& file(std::uint32_t index) const { return (*b_.names)[index]; }

  // Reads the puzzle (or solution) of a job into `out`; on failure answers
  // "invalid" and returns false.
  bool read_puzzle(const job& j, std::uint32_t offset, std::uint32_t length, std::uint64_t line,
                   sudoku::grid& out, sudoku::sdm_fields& fields, std::uint32_t file_index = 0,
                   bool other = false) {
    const std::uint32_t f = other ? file_index : j.file;
    if (!other && !j.preset_error.empty()) {
      unusable(f, line, j.preset_column, j.preset_error);
      return false;
    }
    if (!other && j.parsed >= 0) {
      const sudoku::grid_item& item = b_.parsed[static_cast<std::size_t>(j.parsed)];
      if (item.error) {
        unusable(f, item.error_line, item.error->column, item.error->message);
        return false;
      }
      out = item.puzzle;
      fields = {};
      grid_input_ = true;
      return true;
    }
    grid_input_ = false;
    const std::string_view text(b_.text.data() + offset, length);
    if (auto e = sudoku::parse_sdm(text, out, j.shape, &fields)) {
      unusable(f, line, e->column, e->message);
      return false;
    }
    return true;
  }

  // The column of a cell in the line it came from (grid input: the first line).
  std::size_t column_of(const sudoku::sdm_fields& fields, std::size_t cell) const {
    return grid_input_ ? 1 : fields.grid_offset + cell + 1;
  }

  void message(std::uint32_t f, std::uint64_t line, std::size_t column, std::string_view what) {
    fmt::format_to(std::back_inserter(b_.err), "{}:{}:{}: {}\n", file(f), line, column, what);
  }

  void json_head(std::string_view status) {
    fmt::format_to(std::back_inserter(b_.out), "{{\"file\":{},\"line\":{},\"status\":\"{}\"",
                   tools::json_string(file(job_->file)), job_->line, status);
  }

  // The line is not a usable puzzle.
  void unusable(std::uint32_t f, std::uint64_t line, std::size_t column, std::string_view what) {
    message(f, line, column, what);
    ++b_.counts.invalid;
    b_.any_invalid_input = true;
    if (s_.json) {
      json_head("invalid");
      fmt::format_to(std::back_inserter(b_.out),
                     ",\"error\":{},\"error_line\":{},\"column\":{}}}\n", tools::json_string(what),
                     line, column);
    } else {
      word("invalid");
    }
  }

  void word(std::string_view w) {
    b_.out += w;
    b_.out += s_.output == output_format::grid ? "\n\n" : "\n";
  }

  void clash(const sudoku::sdm_fields& fields, const sudoku::clash& c) {
    unusable(job_->file, job_->line, column_of(fields, c.second),
             fmt::format("clashing givens: {}", sudoku::describe(c, w_.puzzle.shape())));
  }

  void write_solution(const sudoku::grid& g) {
    if (s_.output == output_format::grid) {
      sudoku::append_pretty(g, b_.out);
      b_.out += '\n';
    } else {
      sudoku::append_sdm(g, b_.out);
      b_.out += '\n';
    }
  }

  // Every solution printed is checked by the independent validator first: a
  // wrong answer is a bug, and it must never reach a user's file.
  void verify(const sudoku::grid& puzzle, const sudoku::grid& solution) const {
    const auto check = sudoku::check_solution(puzzle, solution);
    if (!check.ok()) {
      throw std::logic_error(fmt::format("{}:{}: internal error: the solver's answer is wrong: {}",
                                         file(job_->file), job_->line,
                                         check.message(solution.shape())));
    }
  }

  void solve(const sudoku::sdm_fields& fields) {
    sudoku::solver& solver = w_.solver_for(w_.puzzle.shape());
    const sudoku::result r = s_.unique ? solver.solve_unique(w_.puzzle, w_.solution, options_)
                                       : solver.solve(w_.puzzle, w_.solution, options_);
    b_.counts.nodes += r.nodes;
    if (r.status == sudoku::status::invalid) return clash(fields, *r.conflict);
    const bool answered = r.status == sudoku::status::solved || r.status == sudoku::status::unique;
    if (answered) {
      verify(w_.puzzle, w_.solution);
      ++b_.counts.solved;
    } else {
      tally_unanswered(r.status);
    }
    if (s_.json) {
      json_head(sudoku::to_string(r.status));
      if (answered) {
        b_.out += ",\"solution\":\"";
        sudoku::append_sdm(w_.solution, b_.out);
        b_.out += '"';
      }
      json_tail(r, fields);
    } else if (answered) {
      write_solution(w_.solution);
    } else {
      word(sudoku::to_string(r.status));
    }
  }

  void count(const sudoku::sdm_fields& fields) {
    sudoku::solver& solver = w_.solver_for(w_.puzzle.shape());
    sudoku::result r = solver.count(w_.puzzle, s_.limit, options_);
    b_.counts.nodes += r.nodes;
    if (r.status == sudoku::status::invalid) return clash(fields, *r.conflict);
    // The budget ran out before the limit: the count asked for is not known.
    if (r.search == dlx::search_status::budget_exhausted) r.status = sudoku::status::unknown;
    if (r.status == sudoku::status::unique || r.status == sudoku::status::solved) {
      ++b_.counts.solved;
    } else if (r.status == sudoku::status::multiple) {
      ++b_.counts.multiple;
    } else {
      tally_unanswered(r.status);
    }
    if (s_.json) {
      json_head(sudoku::to_string(r.status));
      fmt::format_to(std::back_inserter(b_.out), ",\"count\":{},\"exact\":{}", r.solutions,
                     r.exact ? "true" : "false");
      json_tail(r, fields);
    } else if (r.status == sudoku::status::unknown) {
      word("unknown");
    } else {
      word(fmt::format("{}", r.solutions));
    }
  }

  void json_tail(const sudoku::result& r, const sudoku::sdm_fields& fields) {
    fmt::format_to(std::back_inserter(b_.out), ",\"nodes\":{}", r.nodes);
    if (!fields.annotation.empty()) {
      fmt::format_to(std::back_inserter(b_.out), ",\"annotation\":{}",
                     tools::json_string(fields.annotation));
    }
    b_.out += "}\n";
  }

  void tally_unanswered(sudoku::status st) {
    b_.any_unanswered = true;
    if (st == sudoku::status::none) ++b_.counts.none;
    if (st == sudoku::status::multiple) ++b_.counts.multiple;
    if (st == sudoku::status::unknown) ++b_.counts.unknown;
  }

  // minimize and redundant: only for a puzzle with exactly one solution.
  void reduce(const sudoku::sdm_fields& fields) {
    sudoku::solver& solver = w_.solver_for(w_.puzzle.shape());
    const sudoku::result r = solver.count(w_.puzzle, 2, options_);
    b_.counts.nodes += r.nodes;
    if (r.status == sudoku::status::invalid) return clash(fields, *r.conflict);
    if (r.status != sudoku::status::unique) {
      tally_unanswered(r.status);
      if (s_.json) {
        json_head(sudoku::to_string(r.status));
        b_.out += "}\n";
      } else {
        word(sudoku::to_string(r.status));
      }
      return;
    }
    ++b_.counts.solved;
    sudoku::generator& g = w_.generator_for(w_.puzzle.shape());
    if (s_.cmd == command::minimize) {
      const auto minimal = g.minimize(w_.puzzle);
      if (s_.json) {
        json_head("unique");
        fmt::format_to(std::back_inserter(b_.out),
                       ",\"puzzle\":\"{}\",\"clues\":{},\"from\":{}}}\n", sudoku::to_sdm(*minimal),
                       minimal->given_count(), w_.puzzle.given_count());
      } else {
        sudoku::append_sdm(*minimal, b_.out);
        b_.out += '\n';
      }
      return;
    }
    const auto redundant = *g.redundant_givens(w_.puzzle);
    std::string cells;
    for (std::size_t c : redundant) {
      fmt::format_to(std::back_inserter(cells), "{}{}", cells.empty() ? "" : " ",
                     sudoku::cell_name(w_.puzzle.shape(), c));
    }
    if (s_.json) {
      json_head(redundant.empty() ? "minimal" : "redundant");
      b_.out += ",\"redundant\":[";
      for (std::size_t k = 0; k < redundant.size(); ++k) {
        fmt::format_to(std::back_inserter(b_.out), "{}\"{}\"", k ? "," : "",
                       sudoku::cell_name(w_.puzzle.shape(), redundant[k]));
      }
      b_.out += "]}\n";
    } else {
      b_.out += redundant.empty() ? std::string("minimal") : cells;
      b_.out += '\n';
    }
  }

  // explain and rate: the logic solver, then (rate always, explain with
  // --search) the exact-cover search for what logic leaves.
  void logic(const sudoku::sdm_fields& fields) {
    sudoku::logic_solver& logic = w_.logic_for(w_.puzzle.shape());
    const sudoku::logic_result r = logic.run(w_.puzzle);
    if (r.outcome == sudoku::logic_outcome::invalid)
      return clash(fields, *sudoku::first_clash(w_.puzzle));
    std::optional<sudoku::result> searched;
    if (r.outcome == sudoku::logic_outcome::stuck && (s_.cmd == command::rate || s_.search)) {
      sudoku::solver& solver = w_.solver_for(w_.puzzle.shape());
      searched = solver.solve(r.reached, w_.solution, options_);
      b_.counts.nodes += searched->nodes;
      if (searched->status == sudoku::status::solved) verify(w_.puzzle, w_.solution);
    }
    const bool none = r.outcome == sudoku::logic_outcome::contradiction ||
                      (searched && searched->status == sudoku::status::none);
    if (none) {
      ++b_.counts.none;
      b_.any_unanswered = true;
    } else {
      ++b_.counts.levels[static_cast<std::size_t>(r.level)];
      if (r.outcome == sudoku::logic_outcome::solved) ++b_.counts.solved;
    }
    const std::string hardest =
        r.hardest ? hyphenated(sudoku::to_string(*r.hardest)) : std::string("none");
    if (s_.cmd == command::rate) {
      if (s_.json) {
        json_head(none ? "none" : "rated");
        if (!none) {
          fmt::format_to(std::back_inserter(b_.out),
                         ",\"level\":\"{}\",\"hardest\":\"{}\",\"steps\":{}",
                         sudoku::to_string(r.level), hardest, r.steps.size());
        }
        if (searched) fmt::format_to(std::back_inserter(b_.out), ",\"nodes\":{}", searched->nodes);
        b_.out += "}\n";
      } else if (none) {
        word("none");
      } else {
        b_.out += fmt::format("{} {} {}", sudoku::to_string(r.level), hardest, r.steps.size());
        if (searched) b_.out += fmt::format(" {}", searched->nodes);
        b_.out += '\n';
      }
      return;
    }
    explain(r, searched, none);
  }

  void explain(const sudoku::logic_result& r, const std::optional<sudoku::result>& searched,
               bool none) {
    const sudoku::shape& shape = w_.puzzle.shape();
    auto cells = [&](const std::vector<sudoku::candidate>& list, std::string_view op) {
      std::string text;
      for (const auto& c : list) {
        fmt::format_to(std::back_inserter(text), "{}{}{}{}", text.empty() ? "" : " ",
                       sudoku::cell_name(shape, c.cell), op, sudoku::digit_char(c.digit));
      }
      return text;
    };
    std::string result;
    if (r.outcome == sudoku::logic_outcome::solved) {
      result = fmt::format("solved by logic: {}", sudoku::to_string(r.level));
    } else if (r.outcome == sudoku::logic_outcome::contradiction) {
      result = fmt::format("no solution: {}", r.contradiction);
    } else if (searched && searched->status == sudoku::status::none) {
      result = "no solution (found by search)";
    } else {
      result = "needs search: beyond";
    }
    if (s_.json) {
      json_head(none ? "none" : r.outcome == sudoku::logic_outcome::solved ? "solved" : "stuck");
      fmt::format_to(std::back_inserter(b_.out), ",\"level\":\"{}\",\"steps\":[",
                     none ? "none" : sudoku::to_string(r.level));
      for (std::size_t k = 0; k < r.steps.size(); ++k) {
        const auto& st = r.steps[k];
        auto list = [&](const std::vector<sudoku::candidate>& v, std::string_view op) {
          std::string text = "[";
          for (std::size_t i = 0; i < v.size(); ++i) {
            fmt::format_to(std::back_inserter(text), "{}\"{}{}{}\"", i ? "," : "",
                           sudoku::cell_name(shape, v[i].cell), op, sudoku::digit_char(v[i].digit));
          }
          return text + "]";
        };
        fmt::format_to(std::back_inserter(b_.out),
                       "{}{{\"technique\":\"{}\",\"where\":{},\"placed\":{},\"eliminated\":{},"
                       "\"solved\":{},\"unsolved\":{},\"candidates\":{}}}",
                       k ? "," : "", hyphenated(sudoku::to_string(st.technique)),
                       tools::json_string(st.where), list(st.placed, "="),
                       list(st.eliminated, "<>"), st.solved, st.unsolved, st.candidates);
      }
      b_.out += "]";
      if (r.hardest) {
        fmt::format_to(std::back_inserter(b_.out), ",\"hardest\":\"{}\"",
                       hyphenated(sudoku::to_string(*r.hardest)));
      }
      if (searched) {
        fmt::format_to(std::back_inserter(b_.out), ",\"nodes\":{}", searched->nodes);
        if (searched->status == sudoku::status::solved) {
          b_.out += ",\"solution\":\"";
          sudoku::append_sdm(w_.solution, b_.out);
          b_.out += '"';
        }
      } else if (r.outcome == sudoku::logic_outcome::solved) {
        b_.out += ",\"solution\":\"";
        sudoku::append_sdm(r.reached, b_.out);
        b_.out += '"';
      }
      fmt::format_to(std::back_inserter(b_.out), ",\"result\":{}}}\n", tools::json_string(result));
      return;
    }
    fmt::format_to(std::back_inserter(b_.out), "puzzle {}:{} {}\n", file(job_->file), job_->line,
                   sudoku::to_sdm(w_.puzzle));
    for (const auto& st : r.steps) {
      std::string about;
      switch (st.technique) {
        case sudoku::technique::naked_single:
          break;
        case sudoku::technique::hidden_single:
          about = fmt::format(" in {}", st.where);
          break;
        case sudoku::technique::pointing:
        case sudoku::technique::claiming:
        case sudoku::technique::x_wing:
        case sudoku::technique::swordfish:
          about = fmt::format(" ({}, digit {})", st.where, sudoku::digit_char(st.digits.front()));
          break;
        default: {
          std::string cell_list, digit_list;
          for (std::size_t c : st.cells) {
            if (!cell_list.empty()) cell_list += ' ';
            cell_list += sudoku::cell_name(shape, c);
          }
          for (int d : st.digits)
            digit_list += sudoku::digit_char(d);
          about = fmt::format(" ({} = {} in {})", cell_list, digit_list, st.where);
        }
      }
      fmt::format_to(std::back_inserter(b_.out), "{}{}: {} | solved {} unsolved {} candidates {}\n",
                     sudoku::to_string(st.technique), about,
                     st.placed.empty() ? cells(st.eliminated, "<>") : cells(st.placed, "="),
                     st.solved, st.unsolved, st.candidates);
    }
    std::string tail;
    if (r.hardest) tail = fmt::format(" (hardest: {})", sudoku::to_string(*r.hardest));
    fmt::format_to(std::back_inserter(b_.out), "result: {}{}, {} steps", result, tail,
                   r.steps.size());
    if (searched) {
      fmt::format_to(std::back_inserter(b_.out), "; search: {} nodes", searched->nodes);
      if (searched->status == sudoku::status::solved) {
        b_.out += ", solution ";
        sudoku::append_sdm(w_.solution, b_.out);
      }
    } else if (r.outcome == sudoku::logic_outcome::solved) {
      b_.out += ", solution ";
      sudoku::append_sdm(r.reached, b_.out);
    }
    b_.out += "\n\n";
  }

  static std::string hyphenated(std::string_view text) {
    std::string out(text);
    std::replace(out.begin(), out.end(), ' ', '-');
    return out;
  }

  void validate(const sudoku::sdm_fields& fields) {
    sudoku::check_result check;
    if (s_.run.against) {
      const auto puzzle_file = static_cast<std::uint32_t>(s_.run.files.size());
      sudoku::sdm_fields puzzle_fields;
      if (!read_puzzle(*job_, job_->other_offset, job_->other_length, job_->other_line, w_.other,
                       puzzle_fields, puzzle_file, true)) {
        return;
      }
      check = sudoku::check_solution(w_.other, w_.puzzle);
    } else {
      check = s_.partial ? sudoku::check_puzzle(w_.puzzle) : sudoku::check_solution(w_.puzzle);
    }
    const std::string reason = check.ok() ? std::string() : check.message(w_.puzzle.shape());
    if (check.ok()) {
      ++b_.counts.solved;
    } else {
      ++b_.counts.none;  // counted as "invalid verdicts" in the summary
      b_.any_unanswered = true;
      message(job_->file, job_->line, column_of(fields, check.cell), reason);
    }
    if (s_.json) {
      json_head(check.ok() ? "valid" : "invalid");
      if (!check.ok()) {
        fmt::format_to(std::back_inserter(b_.out), ",\"error\":{},\"column\":{}",
                       tools::json_string(reason), column_of(fields, check.cell));
      }
      b_.out += "}\n";
    } else {
      b_.out += check.ok() ? "valid\n" : "invalid\n";
    }
  }

  const settings& s_;
  batch& b_;
  worker_state& w_;
  dlx::search_options options_;
  const job* job_ = nullptr;
  bool grid_input_ = false;
};

// ---- Command line -----------------------------------------------------------

// "1 puzzle", "2 puzzles".
std::string counted(std::uint64_t n, std::string_view noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

std::string summary_line(const settings& s, const tally& t, double seconds) {
  const double rate = static_cast<double>(t.puzzles) / std::max(seconds, 1e-9);
  const std::string timing = fmt::format("in {:.3f} s ({:.0f} puzzles/s, {} thread{})", seconds,
                                         rate, s.run.threads, s.run.threads == 1 ? "" : "s");
  const std::string puzzles = counted(t.puzzles, "puzzle");
  switch (s.cmd) {
    case command::validate:
      return fmt::format("sudoku validate: {}: {} valid, {} invalid, {} unreadable {}",
                         counted(t.puzzles, "line"), t.solved, t.none, t.invalid, timing);
    case command::count:
      return fmt::format("sudoku count: {}: {} unique, {} multiple, {} none, {} invalid{} {}",
                         puzzles, t.solved, t.multiple, t.none, t.invalid,
                         t.unknown ? fmt::format(", {} unknown", t.unknown) : "", timing);
    case command::minimize:
    case command::redundant:
      return fmt::format("sudoku {}: {}: {} unique, {} multiple, {} none, {} invalid {}",
                         s.cmd == command::minimize ? "minimize" : "redundant", puzzles, t.solved,
                         t.multiple, t.none, t.invalid, timing);
    case command::explain:
    case command::rate:
      return fmt::format(
          "sudoku {}: {}: {} easy, {} medium, {} hard, {} evil, {} beyond, {} none, {} invalid {}",
          s.cmd == command::rate ? "rate" : "explain", puzzles, t.levels[0], t.levels[1],
          t.levels[2], t.levels[3], t.levels[4], t.none, t.invalid, timing);
    case command::solve:
      break;
  }
  return fmt::format("sudoku solve: {}: {} solved, {} none, {} multiple, {} invalid{} {}", puzzles,
                     t.solved, t.none, t.multiple, t.invalid,
                     t.unknown ? fmt::format(", {} unknown", t.unknown) : "", timing);
}

constexpr std::string_view main_help = R"(Usage: sudoku COMMAND [OPTIONS] [FILE...]

Solves, counts and checks Sudoku puzzles in bulk, on all cores, one answer per
input puzzle in input order. Reads FILEs, or standard input when there are none
("-" also means standard input).

Commands:
  solve      print each puzzle's solution (or none / multiple / invalid)
  count      print each puzzle's number of solutions, up to a limit
  validate   check grids, or solutions against their puzzles
  explain    solve like a person: the techniques used, step by step
  rate       the difficulty: easy, medium, hard, evil or beyond
  generate   make puzzles with one solution: symmetry, clues, difficulty
  minimize   a minimal puzzle with the same solution, for each puzzle
  redundant  the givens of each puzzle that can go on their own
  bench      time the solver on puzzle files (solve and count to 2)

Run 'sudoku COMMAND --help' for a command's options.

Input (SDM): one puzzle per line, n*n cells row by row; digits 1-9 then A-Z
(16x16 uses 1-9A-G, 25x25 1-9A-P), '0' or '.' for a blank. Text after the grid
and a blank is an annotation. Blank lines and lines starting with '#' are
skipped. The first puzzle-sized line of a file sets its size.

Exit status: 0 every puzzle answered as asked; 1 some puzzle has no solution
(or is not unique under --unique, or fails validate); 2 bad usage or some
input line is not a usable puzzle; 3 standard output could not be written.)";

std::optional<settings> parse(int argc, char** argv, int& exit_code) {
  settings s;
  if (argc < 2) {
    fmt::print(stderr, "sudoku: missing command\nTry 'sudoku --help' for more information.\n");
    exit_code = tools::exit_usage;
    return std::nullopt;
  }
  const std::string_view name = argv[1];
  if (name == "-h" || name == "--help" || name == "help") {
    fmt::print("{}\n", main_help);
    exit_code = tools::exit_ok;
    return std::nullopt;
  }
  if (name == "--version") {
    fmt::print("sudoku {}\n", DLX_VERSION);
    exit_code = tools::exit_ok;
    return std::nullopt;
  }
  if (name == "solve") {
    s.cmd = command::solve;
  } else if (name == "count") {
    s.cmd = command::count;
  } else if (name == "validate") {
    s.cmd = command::validate;
  } else if (name == "explain") {
    s.cmd = command::explain;
  } else if (name == "rate") {
    s.cmd = command::rate;
  } else if (name == "minimize") {
    s.cmd = command::minimize;
  } else if (name == "redundant") {
    s.cmd = command::redundant;
  } else {
    fmt::print(stderr, "sudoku: unknown command '{}'\nTry 'sudoku --help' for more information.\n",
               name);
    exit_code = tools::exit_usage;
    return std::nullopt;
  }
  s.run.command = std::string(name);
  s.run.threads = std::max(1u, std::thread::hardware_concurrency());

  std::vector<tools::option_spec> options;
  options.push_back(
      {'j', "threads", "N", "worker threads (default: all cores); the output does not depend on it",
       [&](std::string_view v) {
         s.run.threads = static_cast<unsigned>(tools::parse_unsigned(v, "--threads", 1, 256));
       }});
  options.push_back({0, "json", "", "one JSON object per puzzle (JSON Lines)",
                     [&](std::string_view) { s.json = true; }});
  options.push_back({0, "input-format", "sdm|grid",
                     "input: one puzzle per line (default) or grids of n lines",
                     [&](std::string_view v) {
                       if (v == "sdm") {
                         s.run.input = input_format::sdm;
                       } else if (v == "grid") {
                         s.run.input = input_format::grid;
                       } else {
                         throw tools::usage_error(
                             fmt::format("--input-format: expected sdm or grid, got '{}'", v));
                       }
                     }});
  if (s.cmd == command::solve) {
    options.push_back({0, "output-format", "sdm|grid",
                       "solutions as SDM lines (default) or as grids for people",
                       [&](std::string_view v) {
                         if (v == "sdm") {
                           s.output = output_format::sdm;
                         } else if (v == "grid") {
                           s.output = output_format::grid;
                         } else {
                           throw tools::usage_error(
                               fmt::format("--output-format: expected sdm or grid, got '{}'", v));
                         }
                       }});
    options.push_back(
        {'u', "unique", "",
         "check uniqueness: answer 'multiple' for a puzzle with two or more solutions",
         [&](std::string_view) { s.unique = true; }});
  }
  if (s.cmd == command::count) {
    options.push_back({'l', "limit", "N", "stop counting at N solutions (default 2; 0 counts all)",
                       [&](std::string_view v) { s.limit = tools::parse_unsigned(v, "--limit"); }});
  }
  if (s.cmd != command::validate) {
    options.push_back(
        {0, "budget", "NODES", "give up on a puzzle after NODES search nodes (answer 'unknown')",
         [&](std::string_view v) { s.budget = tools::parse_unsigned(v, "--budget", 1); }});
  }
  if (s.cmd == command::explain) {
    options.push_back(
        {0, "search", "",
         "when logic is stuck, finish with the exact-cover search and report its nodes",
         [&](std::string_view) { s.search = true; }});
  }
  if (s.cmd == command::validate) {
    options.push_back({0, "against", "PUZZLES",
                       "check each solution against the puzzle on the same line of PUZZLES",
                       [&](std::string_view v) { s.run.against = std::string(v); }});
    options.push_back({0, "partial", "",
                       "accept blanks: check only that no digit repeats in a unit",
                       [&](std::string_view) { s.partial = true; }});
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

  std::string_view usage, description;
  switch (s.cmd) {
    case command::solve:
      usage = "sudoku solve [OPTIONS] [FILE...]";
      description =
          "Prints one line per puzzle, in input order: its solution, or 'none' (no solution),\n"
          "'multiple' (with --unique), 'unknown' (budget ran out) or 'invalid' (the line is not\n"
          "a usable puzzle; the reason goes to stderr as FILE:LINE:COL).";
      break;
    case command::count:
      usage = "sudoku count [OPTIONS] [FILE...]";
      description =
          "Prints one line per puzzle: the number of solutions found, stopping at the limit;\n"
          "'invalid' for a line that is not a usable puzzle. A count of 1 under the default\n"
          "limit of 2 means the puzzle is unique.";
      break;
    case command::explain:
      usage = "sudoku explain [OPTIONS] [FILE...]";
      description =
          "Solves each puzzle the way a person would and prints the steps, one per line: the\n"
          "technique, the digits placed (r1c2=5) or candidates removed (r1c2<>5), and the counts\n"
          "of solved and unsolved cells and of candidates left; then the result. Techniques, "
          "easiest\n"
          "first: naked and hidden singles, pointing, claiming, naked and hidden pairs, triples\n"
          "and quads, X-Wing, Swordfish.";
      break;
    case command::rate:
      usage = "sudoku rate [OPTIONS] [FILE...]";
      description =
          "Prints one line per puzzle: LEVEL HARDEST STEPS [NODES]. The level is the hardest\n"
          "technique needed: easy (singles), medium (pointing, claiming), hard (naked or hidden\n"
          "subsets), evil (X-Wing, Swordfish), beyond (logic gets stuck: NODES is the search\n"
          "that finishes it). 'none' for a puzzle without a solution.";
      break;
    case command::minimize:
      usage = "sudoku minimize [OPTIONS] [FILE...]";
      description =
          "Prints, for each puzzle with exactly one solution, a minimal puzzle with the same\n"
          "solution: givens removed one at a time (in a fixed pseudo-random order) while it stays\n"
          "unique. 'multiple', 'none' or 'invalid' for other lines.";
      break;
    case command::redundant:
      usage = "sudoku redundant [OPTIONS] [FILE...]";
      description =
          "Prints, for each puzzle with exactly one solution, the givens that can each be removed\n"
          "on its own while it stays unique (r1c3 r5c7 ...), or 'minimal' when there are none.\n"
          "'multiple', 'none' or 'invalid' for other lines.";
      break;
    case command::validate:
      usage = "sudoku validate [OPTIONS] [FILE...]";
      description =
          "Prints 'valid' or 'invalid' for each line: a complete grid with no digit twice in a\n"
          "row, column or box; with --against, also keeping every given of its puzzle. The\n"
          "reason for each 'invalid' goes to stderr as FILE:LINE:COL.";
      break;
  }

  try {
    auto operands = tools::parse_command_line(options, std::span<char* const>(argv + 2, argc - 2));
    if (s.help) {
      fmt::print("{}",
                 tools::help_text(usage, description, options,
                                  "Exit status: 0 all answered as asked; 1 some puzzle has no "
                                  "solution (or not unique,\nor invalid for validate); 2 bad "
                                  "usage or unusable input; 3 write error."));
      exit_code = tools::exit_ok;
      return std::nullopt;
    }
    if (s.json && s.output == output_format::grid) {
      throw tools::usage_error("--json and --output-format=grid do not go together");
    }
    if (s.run.against && operands.size() > 1) {
      throw tools::usage_error("--against takes one file of solutions");
    }
    if (s.run.against && s.run.input == input_format::grid) {
      throw tools::usage_error("--against reads SDM lines only");
    }
    s.run.files = operands.empty() ? std::vector<std::string>{"-"} : operands;
    // --against - reads standard input too: it cannot also be the solutions.
    if (std::count(s.run.files.begin(), s.run.files.end(), "-") + (s.run.against == "-") > 1) {
      throw tools::usage_error("standard input ('-') can be read only once");
    }
  } catch (const tools::usage_error& e) {
    fmt::print(stderr, "sudoku {}: {}\nTry 'sudoku {} --help' for more information.\n", name,
               e.what(), name);
    exit_code = tools::exit_usage;
    return std::nullopt;
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc >= 2 && std::string_view(argv[1]) == "bench") return sudoku_cli::run_bench(argc, argv);
  if (argc >= 2 && std::string_view(argv[1]) == "generate") {
    return sudoku_cli::run_generate(argc, argv);
  }
  int exit_code = 0;
  auto s = parse(argc, argv, exit_code);
  if (!s) return exit_code;
  const settings& config = *s;
  try {
    return run_batches(
        config.run,
        [&config](batch& b, worker_state& w) {
          answerer a(config, b, w);
          for (const job& j : b.jobs) {
            a.answer(j);
            b.ends.emplace_back(static_cast<std::uint32_t>(b.out.size()),
                                static_cast<std::uint32_t>(b.err.size()));
          }
        },
        [&config](const tally& t, double seconds) { return summary_line(config, t, seconds); });
  } catch (const std::exception& e) {
    fmt::print(stderr, "sudoku: {}\n", e.what());
    return 70;  // EX_SOFTWARE: a bug, never bad input
  }
}
