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
#pragma once

#include <cstdint>
#include <istream>
#include <span>
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

}  // namespace dlx
