// The batch pipeline behind `sudoku solve|count|validate`.
//
// The main thread reads the inputs, cuts them into batches of puzzle lines and
// hands each batch to a pool of workers (sudoku::workspace_pool); it writes the batches' answers in
// input order as they complete, so the output does not depend on the thread count. At most a few
// batches per thread are in flight, so memory stays bounded whatever the input size.
//
// Standard input on a terminal is a person typing, not a file: it is read a
// line at a time, each puzzle is answered (and flushed) as soon as its line is
// entered, and the summary's time leaves out the wait for the next line.
//
// Plain Sudoku without --input-format: a file whose first lines make a grid of
// n rows of n cells (sudoku::grid_detector) is read as grids, as with
// --input-format=grid; any other file is one puzzle per line.
#pragma once

#include <sudoku/answer.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/grid.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/variant.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "progress_board.hpp"

namespace sudoku_cli {

/// One puzzle to answer: where it came from and its text (or, for grid input, a
/// puzzle already read).
struct job {
  std::uint32_t file = 0;
  std::uint64_t line = 0;
  std::uint32_t offset = 0;  // the line's text in batch::text
  std::uint32_t length = 0;
  std::uint32_t other_offset = 0;  // validate --against: the puzzle's line
  std::uint32_t other_length = 0;
  std::uint64_t other_line = 0;
  std::int32_t parsed = -1;            // grid input: index in batch::parsed
  std::optional<sudoku::shape> shape;  // the file's shape, when known
  std::string preset_error;            // a reason found while reading (line too long, ...)
  std::size_t preset_column = 1;
};

/// What the summary line counts.
struct tally {
  std::uint64_t puzzles = 0;
  std::uint64_t solved = 0;  // solved, unique, or valid for validate
  std::uint64_t none = 0;
  std::uint64_t multiple = 0;
  std::uint64_t invalid = 0;
  std::uint64_t unknown = 0;
  std::uint64_t nodes = 0;
  std::array<std::uint64_t, 5> levels{};        // rate: puzzles per sudoku::level
  std::array<std::uint64_t, 201> se_ratings{};  // rate --scale se: puzzles per ER in tenths
  std::uint64_t se_stuck = 0;                   // rate --scale se: SE's techniques got stuck
  void add(const tally& o);
};

struct batch {
  const std::vector<std::string>* names = nullptr;  // file names for messages
  tools::progress_board* progress = nullptr;        // for a long puzzle's progress
  std::string text;
  std::vector<job> jobs;
  std::vector<sudoku::grid_item> parsed;
  std::uint64_t ticket = 0;  // its task in the pool, to wait for
  // Filled by a worker:
  std::string out;
  std::string err;
  // Per job, where its output ends in `out` and `err`: lets a terminal see
  // answers and messages interleaved as they belong.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ends;
  tally counts;
  bool any_invalid_input = false;  // some line was not a usable puzzle
  bool any_unanswered = false;     // none, multiple under --unique, unknown, invalid verdict
};

/// Where the answers go, when not to standard output (render -o, explain
/// --html): one puzzle's text at a time, in input order, on the main thread.
class answer_sink {
 public:
  virtual ~answer_sink() = default;
  /// The text answering puzzle `number` (1-based, counting every puzzle line
  /// read, usable or not); empty when the line was not usable.
  virtual void answer(std::uint64_t number, std::string_view text) = 0;
  /// After the last answer. Both throw tools::output_error.
  virtual void finish() {}
};

enum class input_format { sdm, grid };
enum class output_format { sdm, grid };

struct run_settings {
  std::vector<std::string> files;  // "-" is standard input
  std::optional<std::string> against;
  input_format input = input_format::sdm;
  sudoku::rules rules;                 // --variant, --regions
  std::optional<sudoku::shape> shape;  // --box: forced shape
  unsigned threads = 1;
  /// Puzzles per batch (0: the default, 512): answers that take seconds
  /// (SE's rating) go in batches of one, so that every worker gets some.
  std::size_t batch_jobs = 0;
  bool summary = true;
  std::string command;  // for messages
  std::size_t max_line = std::size_t{1} << 20;
  answer_sink* sink = nullptr;  // nullptr: standard output
};

/// Processes one batch (called on a worker thread).
using batch_processor = std::function<void(batch&, sudoku::workspace&)>;

/// Runs the pipeline; returns the exit code. Output errors are reported here.
int run_batches(const run_settings& settings, const batch_processor& process,
                const std::function<std::string(const tally&, double seconds)>& summary);

}  // namespace sudoku_cli
