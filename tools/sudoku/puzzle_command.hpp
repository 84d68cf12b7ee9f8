// What every per-puzzle command (solve, count, validate, explain, rate,
// minimize, redundant) shares: the common options, reading each puzzle line in
// the chosen variant's format, and the ways of answering it (a word, a
// solution, a JSON object, a located message), over the batch pipeline of
// batch.hpp. A command file says only what is its own: its options, how it
// answers one puzzle, and its summary line.
#pragma once

#include <dlx/search.hpp>
#include <sudoku/answer.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/thread_share.hpp>
#include <sudoku/variant.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "batch.hpp"
#include "cli.hpp"

namespace sudoku_cli {

/// The options every per-puzzle command has (some commands add to them).
struct command_settings {
  std::string name;  // "solve", ...
  run_settings run;
  output_format output = output_format::sdm;
  bool json = false;
  /// --times: JSON lines say how long the puzzle took to prepare and to search.
  bool times = false;
  bool help = false;
  std::uint64_t budget = 0;
  /// Each answer is a document (render's SVG, explain --html's sections): a
  /// line that is not a usable puzzle gets no "invalid" word among them, only
  /// its located message.
  bool documents = false;
  /// The -j threads, shared by the answers that split their work (SE's rating).
  std::shared_ptr<sudoku::thread_share> threads;
};

/// One puzzle being answered: its text read into a variant and a grid, and
/// the ways to answer it. Created per batch on a worker thread.
class answer_context {
 public:
  answer_context(const command_settings& s, batch& b, sudoku::workspace& w);

  /// Reads the job's line into variant() and puzzle(); on failure answers
  /// "invalid" (with the located reason on stderr) and returns false.
  bool read(const job& j);
  /// validate --against: reads the puzzle from the other file's line into
  /// variant() and other(), and the job's line as a board of that variant into
  /// puzzle(). False (answered) when either is not usable.
  bool read_pair(const job& j);

  [[nodiscard]] const sudoku::variant& variant() const { return w_.variant; }
  [[nodiscard]] sudoku::grid& puzzle() { return w_.puzzle; }
  [[nodiscard]] sudoku::grid& solution() { return w_.solution; }
  [[nodiscard]] sudoku::grid& other() { return w_.other; }
  [[nodiscard]] const sudoku::sdm_fields& fields() const { return w_.fields; }
  [[nodiscard]] const dlx::search_options& search_options() const { return options_; }
  [[nodiscard]] const command_settings& settings() const { return s_; }
  [[nodiscard]] tally& counts() { return b_.counts; }
  /// The puzzle's file (as named in messages) and line.
  [[nodiscard]] const std::string& file_name() const { return (*b_.names)[job_->file]; }
  [[nodiscard]] std::uint64_t line() const { return job_->line; }
  [[nodiscard]] std::uint32_t file_index() const { return job_->file; }
  [[nodiscard]] std::string& out() { return b_.out; }

  /// This thread's workspace, holding the puzzle.
  sudoku::workspace& workspace() { return w_; }
  sudoku::solver& solver() {
    sudoku::solver& s = w_.solver_for(w_.variant);
    s.time_searches(s_.times);  // --times: the clock read twice a puzzle, else never
    return s;
  }
  sudoku::logic_solver& logic() { return w_.logic_for(w_.variant); }
  sudoku::generator& generator() { return w_.generator_for(w_.variant); }

  /// The column of a cell in the line it came from (grid input: 1).
  [[nodiscard]] std::size_t column_of(std::size_t cell) const;
  /// "FILE:LINE:COL: what" on stderr, at this puzzle's place in the output.
  void message(std::size_t column, std::string_view what);
  /// The line is not a usable puzzle: "invalid", and the reason on stderr.
  void unusable(std::uint32_t file, std::uint64_t line, std::size_t column, std::string_view what);
  /// The givens clash: unusable, naming the cells.
  void clash(const sudoku::clash& c);
  /// A word alone on its line ("none", "multiple", ...).
  void word(std::string_view w);
  /// `{"file":...,"line":...,"status":"..."` (the caller closes the object).
  void json_head(std::string_view status);
  /// `,"nodes":N` and the annotation, then `}` and a newline.
  void json_tail(const sudoku::result& r);
  /// A grid of the puzzle's board, as SDM (or the variant's board form) or, with
  /// --output-format grid, for people.
  void write_board(const sudoku::grid& g);
  /// `g` as its board's line (for JSON strings and one-line answers).
  void append_board(const sudoku::grid& g, std::string& out) const;
  /// Throws if `solution` is not a valid solution of `puzzle` under the
  /// variant: every solution printed is checked first.
  void verify(const sudoku::grid& puzzle, const sudoku::grid& solution) const;
  /// Counts a status that is not the answer asked for (none, multiple, unknown).
  void tally_unanswered(sudoku::status st);
  /// Marks the run as having an unanswered puzzle (exit 1).
  void set_unanswered() { b_.any_unanswered = true; }
  /// A long answer's state for the progress line on a terminal ("SE step
  /// 12, ..."); searches report theirs through search_options() already.
  void progress(std::string_view text);
  /// The puzzle is answered: it leaves the progress line.
  void progress_done();
  /// minimize and redundant: true when the puzzle has exactly one solution;
  /// otherwise answers with its status (none, multiple, invalid, unknown).
  bool check_unique();
  /// The same for a count to two already made (`r`): every answer that
  /// assumes one solution (a rating, an explanation, a solution's picture)
  /// says none, multiple or unknown instead (a word, a JSON status, or with
  /// documents a located message), tallied, exit 1.
  bool answer_unless_unique(const sudoku::result& r);

 private:
  [[nodiscard]] std::uint64_t progress_key() const;
  // Begins answering a job: counts it, and answers at once a line the pipeline
  // already found unusable (false).
  bool start(const job& j);
  bool read_text(std::uint32_t file, std::uint64_t line, std::uint32_t offset, std::uint32_t length,
                 const std::optional<sudoku::shape>& shape);

  const command_settings& s_;
  batch& b_;
  sudoku::workspace& w_;
  dlx::search_options options_;
  const job* job_ = nullptr;
  std::chrono::steady_clock::time_point started_{};  // the puzzle's start, for progress
  bool grid_input_ = false;
};

/// A per-puzzle command: its help, its own options and its answers.
struct puzzle_command {
  std::string_view name;
  std::string_view usage;
  std::string_view description;
  /// Adds the command's own options to the common ones.
  std::function<void(std::vector<tools::option_spec>&, command_settings&)> add_options;
  /// Checks the combination of options after parsing; throws tools::usage_error.
  std::function<void(const command_settings&)> check;
  /// Answers one puzzle, read into the context.
  std::function<void(answer_context&)> answer;
  /// The summary's counts: "3 puzzles: 2 solved, 1 none" (outcome_summary).
  std::function<std::string(const tally&)> summary;
  /// What the summary's throughput counts (validate's are lines).
  std::string_view noun = "puzzle";
  /// Where the answers go when not to standard output (render -o, explain
  /// --html): made after the options are parsed; may throw tools::output_error.
  std::function<std::unique_ptr<answer_sink>(const command_settings&)> make_sink;
  bool has_budget = true;    // --budget
  bool has_times = false;    // --times (its JSON lines carry a search's figures)
  bool reads_pairs = false;  // answer reads with read_pair under --against
};

/// Parses the command line (argv[1] is the command's name), runs the batch
/// pipeline and returns the exit code.
int run_puzzle_command(int argc, char** argv, const puzzle_command& command);

/// A summary's counts: "5 puzzles: 4 solved, 1 none". The outcomes that
/// happened, in the order given; those that did not are left out.
[[nodiscard]] std::string outcome_summary(
    std::uint64_t n, std::string_view noun,
    std::initializer_list<std::pair<std::uint64_t, std::string_view>> outcomes);
/// Why a puzzle whose count to two says `s` gets no answer that assumes one
/// solution: "the puzzle has more than one solution", ...
[[nodiscard]] std::string_view not_unique_reason(sudoku::status s);

/// The summary of minimize and redundant: "3 puzzles: 2 unique, 1 multiple".
[[nodiscard]] std::string uniqueness_summary(const tally& t);

/// The --variant help paragraph, shared with the top-level help; it names
/// variants.md in tools::documentation_dir().
[[nodiscard]] std::string variant_help();

/// What --variant's help says: the variants a command takes.
inline constexpr std::string_view every_variant =
    "x, windoku, jigsaw, killer or samurai (x and windoku combine with each other and with jigsaw "
    "or killer)";

/// Adds --variant and --regions to an option table, filling `rules`; `variants`
/// is --variant's help (a command that takes fewer names them).
void add_variant_options(std::vector<tools::option_spec>& options, sudoku::rules& rules,
                         std::string_view variants = every_variant);

}  // namespace sudoku_cli
