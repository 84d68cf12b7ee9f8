// A record of a split search's finished pieces, so that a long count killed
// part-way resumes without redoing or double-counting work (dlx-mpi
// --checkpoint). The pieces are those of solver::split, which makes the same
// pieces for the same problem and options, so a record names a piece by its
// number; the header checks that the problem and the pieces are the same.
//
//   dlx-checkpoint 1
//   problem 9f2c0e4d5a6b7c8d                  <- hash_text of the problem's text
//   split 1024 5031 0123456789abcdef          <- pieces asked for and made, hash_pieces
//   piece 17 123 4567 89012 0 10 0 0 12       <- a finished piece: its number, then its
//                                               solutions nodes updates cleansings
//                                               branches forced eliminated max_level
//
// Numbers are decimal, hashes 16 hexadecimal digits. Piece lines come in any
// order, each piece at most once. A last line without its newline is what a run
// killed while writing leaves: it is dropped with a warning, and its piece is
// searched again. Anything else that is wrong is a parse_error naming the line
// and column.
//
// Keeping one, as dlx-mpi does: load_checkpoint reads the file if there is one,
// pieces_to_resume and check_checkpoint_split check that it is this search's
// (before and after the split), and a checkpoint_writer writes the header and
// appends each finished piece. Nothing here prints: the errors are thrown,
// located, and the warnings returned.
#pragma once

#include <cstdint>
#include <cstdio>
#include <istream>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/format.hpp"
#include "dlx/search.hpp"

namespace dlx {

/// What a checkpoint belongs to.
struct checkpoint_header {
  std::uint64_t problem_hash = 0;
  std::uint64_t pieces_asked = 0;  ///< solver::split's `pieces`
  std::uint64_t piece_count = 0;   ///< the pieces it made
  std::uint64_t pieces_hash = 0;
  friend bool operator==(const checkpoint_header&, const checkpoint_header&) = default;
};

/// A piece searched to its end, and its counts (status complete).
struct finished_piece {
  std::uint64_t piece = 0;
  search_result counts;
};

struct checkpoint {
  checkpoint_header header;
  std::vector<finished_piece> finished;  ///< in the file's order
  std::vector<diagnostic> warnings;
};

/// 64-bit FNV-1a of `text`: a problem's fingerprint.
std::uint64_t hash_text(std::string_view text);
/// A fingerprint of a split's pieces (their paths, in order).
std::uint64_t hash_pieces(std::span<const search_node> pieces);

/// Reads a checkpoint; throws parse_error ("source:line:col: message") on
/// malformed input, a piece out of range or repeated, or a read error.
checkpoint read_checkpoint(std::istream& in, std::string_view source);

/// The header's lines, each with its newline.
std::string format_checkpoint_header(const checkpoint_header& header);
/// One piece's line, with its newline.
std::string format_finished_piece(const finished_piece& piece);

/// A checkpoint file that cannot be opened or written. what() is "PATH: cannot
/// open: REASON" or "PATH: cannot write: REASON", REASON being strerror's.
class checkpoint_file_error : public std::runtime_error {
 public:
  checkpoint_file_error(const std::string& path, std::string_view action, int error_number);
  [[nodiscard]] int error_number() const noexcept { return error_number_; }

 private:
  int error_number_;
};

/// Reads the checkpoint at `path`, or nothing when there is no file there.
/// Throws checkpoint_file_error when it cannot be opened, and parse_error as
/// read_checkpoint does; the warnings (a torn last line) are in the result.
///
///   if (auto previous = dlx::load_checkpoint("run.ckpt"))
///     for (const auto& w : previous->warnings) std::cerr << w.to_string() << '\n';
std::optional<checkpoint> load_checkpoint(const std::string& path);

/// The pieces to ask solver::split for to resume `previous`, read from `path`:
/// its own, once it is known to be of this problem (`problem_hash`;
/// `problem_name` names the problem in the message) and, unless `pieces` is 0,
/// to have asked for `pieces`. Throws parse_error at the header field that
/// differs ("PATH:2:9: the checkpoint is of another problem than NAME").
std::uint64_t pieces_to_resume(const checkpoint& previous, std::string_view path,
                               std::uint64_t problem_hash, std::string_view problem_name,
                               std::uint64_t pieces);

/// Checks that `previous`, read from `path`, records the split `header` (made
/// from solver::split's result); throws parse_error at its split line if not.
void check_checkpoint_split(const checkpoint& previous, std::string_view path,
                            const checkpoint_header& header);

/// Keeps a checkpoint file: writes its header when it starts, then appends one
/// finished piece at a time, each line flushed as it is written (a run killed
/// leaves at most its last line torn). Whole files are written through
/// "PATH.tmp" and a rename, so that a kill leaves the old file or the new one.
///
///   dlx::checkpoint_writer record("run.ckpt", header, previous ? &*previous : nullptr);
///   record.append({piece, result});  // once the piece's search is complete
class checkpoint_writer {
 public:
  /// Starts keeping the checkpoint at `path` for the split `header`. Without
  /// `previous` the file is written anew, the header alone; with one (read from
  /// `path` and checked against `header`) it is kept as it is, or written again
  /// whole without its torn last line when it had one. Throws
  /// checkpoint_file_error ("cannot write").
  checkpoint_writer(std::string path, const checkpoint_header& header,
                    const checkpoint* previous = nullptr);
  ~checkpoint_writer();
  checkpoint_writer(const checkpoint_writer&) = delete;
  checkpoint_writer& operator=(const checkpoint_writer&) = delete;

  /// Appends a finished piece's line and flushes it; throws checkpoint_file_error.
  void append(const finished_piece& piece);

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
};

}  // namespace dlx
