#include "batch.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>
#include <dlx/line_reader.hpp>
#include <sudoku/variant_text.hpp>
#include <sudoku/workspace_pool.hpp>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <utility>
#include <vector>

#include <unistd.h>

#include "cli.hpp"
#include "output.hpp"
#include "run_summary.hpp"

namespace sudoku_cli {

void tally::add(const tally& o) {
  puzzles += o.puzzles;
  solved += o.solved;
  none += o.none;
  multiple += o.multiple;
  invalid += o.invalid;
  unknown += o.unknown;
  nodes += o.nodes;
  for (std::size_t l = 0; l < levels.size(); ++l)
    levels[l] += o.levels[l];
  for (std::size_t i = 0; i < se_ratings.size(); ++i)
    se_ratings[i] += o.se_ratings[i];
  se_stuck += o.se_stuck;
}

namespace {

constexpr std::size_t batch_jobs = 512;
// Answers written to a sink are documents (a picture, a page section of half a
// megabyte): a few per batch keep the batches in flight, all held in memory
// until their turn to be written, small. (512 pages of a hard puzzle: 250 MB.)
constexpr std::size_t document_batch_jobs = 8;
constexpr std::size_t batch_bytes = std::size_t{1} << 18;

class runner {
 public:
  runner(const run_settings& settings, const batch_processor& process)
      : settings_(settings), process_(process) {
    for (const auto& f : settings.files)
      names_.push_back(f == "-" ? "<stdin>" : f);
    if (settings.against)
      names_.push_back(*settings.against == "-" ? "<stdin>" : *settings.against);
    // One thread: no workers, each batch answered here when it is waited for.
    pool_ = std::make_unique<sudoku::workspace_pool>(settings.threads);
  }

  int run(const std::function<std::string(const tally&, double)>& summary) {
    const auto started = std::chrono::steady_clock::now();
    try {
      if (settings_.against) {
        read_pairs();
      } else {
        for (std::uint32_t i = 0; i < settings_.files.size(); ++i)
          read_file(i);
      }
      submit();
      while (!in_flight_.empty())
        write_front();
      if (settings_.sink != nullptr) settings_.sink->finish();
      out_.flush();
    } catch (const tools::output_error& e) {
      pool_.reset();
      if (e.error_number() == EPIPE) return tools::exit_broken_pipe;
      fmt::print(stderr, "sudoku: {}\n", e.what());
      return tools::exit_output;
    }
    const auto hold = progress_.pause();
    // The run's work: the wait for a person's typing is none of it.
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() - waited_;
    // A run that read no puzzle has nothing to sum up: a note or an error said why.
    if (settings_.summary && total_.puzzles > 0) {
      fmt::print(stderr, "{}\n", summary(total_, seconds));
    }
    if (bad_input_) return tools::exit_usage;
    if (total_.unknown > 0) return tools::exit_unknown;
    return unanswered_ ? tools::exit_no_solution : tools::exit_ok;
  }

 private:
  // ---- Reading

  std::istream* open(const std::string& path, std::ifstream& file) {
    if (path == "-") return &std::cin;
    std::error_code ec;
    std::string problem;
    if (std::filesystem::is_directory(path, ec)) {
      problem = "is a directory";
    } else {
      file.open(path, std::ios::binary);
      if (file) return &file;
      problem = fmt::format("cannot open: {}", std::strerror(errno));
    }
    report_file_problem(path, problem);
    return nullptr;
  }

  // A problem with a whole file, said after everything about the files before it.
  void report_file_problem(std::string_view path, std::string_view problem, bool error = true) {
    submit();
    while (!in_flight_.empty())
      write_front();
    out_.flush();
    const auto hold = progress_.pause();
    fmt::print(stderr, "sudoku: {}: {}\n", path, problem);
    bad_input_ |= error;
  }

  void report_read_error(const dlx::line_reader& lines, std::uint32_t file) {
    if (lines.read_error()) {
      fmt::print(stderr, "sudoku: {}: read error\n", names_[file]);
      bad_input_ = true;
    }
  }

  job& add_job(std::uint32_t file, std::uint64_t line) {
    ++jobs_read_;
    if (!current_) current_ = fresh_batch();
    job& j = current_->jobs.emplace_back();
    j.file = file;
    j.line = line;
    return j;
  }

  void store_text(job& j, std::string_view text, bool other = false) {
    const auto offset = static_cast<std::uint32_t>(current_->text.size());
    current_->text.append(text);
    (other ? j.other_offset : j.offset) = offset;
    (other ? j.other_length : j.length) = static_cast<std::uint32_t>(text.size());
  }

  void maybe_submit() {
    if (interactive_) {
      answer_now();
      return;
    }
    const std::size_t jobs = settings_.batch_jobs != 0   ? settings_.batch_jobs
                             : settings_.sink != nullptr ? document_batch_jobs
                                                         : batch_jobs;
    if (current_ && (current_->jobs.size() >= jobs || current_->text.size() >= batch_bytes)) {
      submit();
    }
  }

  // The shape a file's puzzles must have: --box, or the size of its first puzzle.
  void learn_shape(std::optional<sudoku::shape>& shape, std::string_view text) const {
    if (!shape) shape = sudoku::line_shape(text, settings_.rules);
  }

  void too_long(job& j, std::size_t max) {
    j.preset_error = fmt::format("line too long (more than {} bytes)", max);
    j.preset_column = max + 1;
  }

  // Standard input on a terminal is a person typing: each line is read as it
  // is entered and answered at once, and the time spent waiting for the next
  // line is no work (run() leaves it out of the summary's time).
  [[nodiscard]] bool typed(const std::string& path) const {
    return path == "-" && isatty(STDIN_FILENO) == 1;
  }

  void begin_typed_input(dlx::line_reader& lines) {
    lines.read_line_at_a_time();
    interactive_ = true;
    typing_started_ = std::chrono::steady_clock::now();
    answering_at_start_ = answering_;
  }

  void end_typed_input() {
    interactive_ = false;
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - typing_started_;
    waited_ += spent.count() - (answering_ - answering_at_start_);
  }

  void read_grids(sudoku::grid_reader& reader, std::uint32_t index) {
    sudoku::grid_item item;
    while (reader.next(item)) {
      job& j = add_job(index, item.first_line);
      j.parsed = static_cast<std::int32_t>(current_->parsed.size());
      current_->parsed.push_back(item);
      maybe_submit();
    }
  }

  void read_file(std::uint32_t index) {
    std::ifstream file;
    std::istream* in = open(settings_.files[index], file);
    if (!in) return;
    dlx::line_reader lines(*in, settings_.max_line);
    if (typed(settings_.files[index])) begin_typed_input(lines);
    std::optional<sudoku::shape> shape = settings_.shape;
    const std::uint64_t jobs_before = jobs_read_;
    if (settings_.input == input_format::grid) {
      sudoku::grid_reader reader(lines, settings_.shape);
      read_grids(reader, index);
    } else {
      // A grid pasted without --input-format=grid (n rows of n cells, docs/
      // sudoku-command.md) is read as grids: the first lines are held until
      // the detector has seen two rows of a grid (then the file is read as
      // grids, from its first line), or a line that is no grid's row (then
      // they are puzzle lines). (Variants have no grid form.)
      sudoku::grid_detector detector(settings_.shape);
      bool detecting = settings_.rules.classic();
      std::vector<std::pair<std::size_t, std::string>> held;
      auto add_line = [&](std::size_t number, std::string_view text) {
        learn_shape(shape, text);
        job& j = add_job(index, number);
        j.shape = shape;
        store_text(j, text);
        maybe_submit();
      };
      for (dlx::text_line line; lines.next(line);) {
        if (detecting) {
          using verdict = sudoku::grid_detector::verdict;
          if (held.empty() && !line.too_long && sudoku::is_skippable(line.text)) continue;
          if (!line.too_long && detector.add(line.text) != verdict::not_grid) {
            held.emplace_back(line.number, line.text);
            if (detector.current() == verdict::undecided) continue;
            sudoku::grid_reader reader(lines, settings_.shape);
            for (auto& [number, text] : held)
              reader.put_back(number, std::move(text));
            read_grids(reader, index);
            break;
          }
          detecting = false;
          for (const auto& [number, text] : held) {
            if (!sudoku::is_skippable(text)) add_line(number, text);
          }
          held.clear();
        }
        if (line.too_long) {
          too_long(add_job(index, line.number), lines.max_line());
          maybe_submit();
        } else if (!sudoku::is_skippable(line.text)) {
          add_line(line.number, line.text);
        }
      }
      if (detector.current() == sudoku::grid_detector::verdict::undecided) {
        for (const auto& [number, text] : held) {  // the input ended undecided
          if (!sudoku::is_skippable(text)) add_line(number, text);
        }
      }
    }
    if (interactive_) end_typed_input();
    report_read_error(lines, index);
    if (jobs_read_ == jobs_before && !lines.read_error()) note_empty(names_[index]);
  }

  // Not an error: a filter given empty input has nothing to do (exit 0).
  void note_empty(std::string_view name) {
    report_file_problem(
        name, "note: no puzzles (the input is empty, or has only comments and blank lines)", false);
  }

  // validate --against: the n-th puzzle of the solutions file goes with the n-th
  // puzzle of the puzzles file.
  void read_pairs() {
    std::ifstream solutions_file, puzzles_file;
    const auto puzzles_index = static_cast<std::uint32_t>(settings_.files.size());
    std::istream* solutions = open(settings_.files[0], solutions_file);
    std::istream* puzzles = open(*settings_.against, puzzles_file);
    if (!solutions || !puzzles) return;
    dlx::line_reader solution_lines(*solutions, settings_.max_line);
    dlx::line_reader puzzle_lines(*puzzles, settings_.max_line);
    if (typed(settings_.files[0])) begin_typed_input(solution_lines);
    if (typed(*settings_.against)) begin_typed_input(puzzle_lines);
    std::optional<sudoku::shape> shape = settings_.shape;
    auto next_content = [](dlx::line_reader& lines, dlx::text_line& line) {
      while (lines.next(line)) {
        if (line.too_long || !sudoku::is_skippable(line.text)) return true;
      }
      return false;
    };
    dlx::text_line s, p;
    while (next_content(solution_lines, s)) {
      job& j = add_job(0, s.number);
      if (s.too_long) {
        too_long(j, solution_lines.max_line());
      } else {
        learn_shape(shape, s.text);
        j.shape = shape;
        store_text(j, s.text);
      }
      if (!next_content(puzzle_lines, p)) {
        j.preset_error =
            fmt::format("no puzzle for this line: {} has fewer puzzles", names_[puzzles_index]);
      } else if (p.too_long) {
        j.preset_error =
            fmt::format("{}:{}: the puzzle's line is too long", names_[puzzles_index], p.number);
      } else {
        j.other_line = p.number;
        store_text(j, p.text, true);
      }
      maybe_submit();
    }
    if (next_content(puzzle_lines, p)) {
      fmt::print(stderr, "sudoku: {}:{}: more puzzles than solutions in {}\n",
                 names_[puzzles_index], p.number, names_[0]);
      bad_input_ = true;
    } else if (jobs_read_ == 0 && !solution_lines.read_error()) {
      note_empty(names_[0]);
    }
    if (interactive_) end_typed_input();
    report_read_error(solution_lines, 0);
    report_read_error(puzzle_lines, puzzles_index);
  }

  // ---- Batches

  std::unique_ptr<batch> fresh_batch() {
    std::unique_ptr<batch> b;
    if (spare_.empty()) {
      b = std::make_unique<batch>();
    } else {
      b = std::move(spare_.back());
      spare_.pop_back();
    }
    b->names = &names_;
    b->progress = &progress_;
    b->text.clear();
    b->jobs.clear();
    b->parsed.clear();
    b->out.clear();
    b->err.clear();
    b->ends.clear();
    b->counts = {};
    b->any_invalid_input = false;
    b->any_unanswered = false;
    return b;
  }

  // A typed line's answer, written before the next line is read.
  void answer_now() {
    const auto started = std::chrono::steady_clock::now();
    submit();
    while (!in_flight_.empty())
      write_front();
    out_.flush();
    answering_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }

  void submit() {
    if (!current_ || current_->jobs.empty()) return;
    batch* b = current_.get();
    in_flight_.push_back(std::move(current_));
    b->ticket = pool_->submit([this, b](sudoku::workspace& w) { process_(*b, w); });
    // Bounded memory: a few batches per worker in flight (none waits without workers).
    while (in_flight_.size() > std::size_t{4} * pool_->threads())
      write_front();
  }

  void write_front() {
    std::unique_ptr<batch> b = std::move(in_flight_.front());
    in_flight_.pop_front();
    pool_->wait(b->ticket);
    auto hold = progress_.pause();  // answers and the progress line never interleave
    std::uint32_t out_at = 0, err_at = 0;
    for (auto [out_end, err_end] : b->ends) {
      if (settings_.sink != nullptr) {
        settings_.sink->answer(++answered_,
                               std::string_view(b->out).substr(out_at, out_end - out_at));
      } else if (out_end > out_at) {
        std::string_view text(b->out.data() + out_at, out_end - out_at);
        while (!text.empty()) {  // whole lines, one at a time
          const auto nl = text.find('\n');
          out_.line(text.substr(0, nl));
          text.remove_prefix(nl + 1);
        }
      }
      if (err_end > err_at) {
        out_.flush();  // keep answers and messages in order on a terminal
        std::fwrite(b->err.data() + err_at, 1, err_end - err_at, stderr);
        std::fflush(stderr);
      }
      out_at = out_end;
      err_at = err_end;
    }
    total_.add(b->counts);
    bad_input_ |= b->any_invalid_input;
    unanswered_ |= b->any_unanswered;
    spare_.push_back(std::move(b));
    // (Not between typed lines: a person's next line would begin after it.)
    if (progress_.enabled() && !interactive_) {
      hold.unlock();
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - progress_started_)
              .count();
      progress_.overall(fmt::format("{}, {}", dlx::counted(total_.puzzles, "puzzle"),
                                    tools::format_rate(total_.puzzles, seconds, "puzzle")));
    }
  }

  const run_settings& settings_;
  const batch_processor& process_;
  std::vector<std::string> names_;
  std::unique_ptr<batch> current_;
  std::deque<std::unique_ptr<batch>> in_flight_;
  std::vector<std::unique_ptr<batch>> spare_;
  tools::line_output out_;
  tools::progress_board progress_{"sudoku " + settings_.command};
  std::chrono::steady_clock::time_point progress_started_ = std::chrono::steady_clock::now();
  tally total_;
  std::uint64_t jobs_read_ = 0;
  std::uint64_t answered_ = 0;  // puzzles handed to settings_.sink
  bool bad_input_ = false;
  bool unanswered_ = false;
  // Typed input (typed()): answered a line at a time; the seconds spent
  // answering and waiting.
  bool interactive_ = false;
  double answering_ = 0;
  double answering_at_start_ = 0;
  double waited_ = 0;
  std::chrono::steady_clock::time_point typing_started_{};
  // Last, so that it is destroyed first: its workers may still hold batches.
  std::unique_ptr<sudoku::workspace_pool> pool_;
};

}  // namespace

int run_batches(const run_settings& settings, const batch_processor& process,
                const std::function<std::string(const tally&, double)>& summary) {
  runner r(settings, process);
  return r.run(summary);
}

}  // namespace sudoku_cli
