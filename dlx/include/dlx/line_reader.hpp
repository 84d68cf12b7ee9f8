// Reading text one line at a time with bounded memory.
//
// The parsers of this project read files that come from anywhere; a file with a
// gigabyte-long line must cost an error message, not a gigabyte. `line_reader`
// hands out each line as a view into its own buffer and, once a line passes the
// cap, skips the rest of it and reports it as too long.
#pragma once

#include <cstddef>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dlx {

/// One line of input, without its line terminator.
struct text_line {
  std::string_view text;   ///< valid until the next call to line_reader::next
  std::size_t number = 0;  ///< 1-based
  bool too_long = false;   ///< the line passed the cap; `text` holds its first bytes
  bool terminated = true;  ///< false for a last line without '\n'
};

/// Splits a stream into lines at '\n'. A '\r' before the '\n' is kept: whether it
/// matters is the parser's business.
///
///   dlx::line_reader lines(std::cin);
///   for (dlx::text_line line; lines.next(line);) { ... }
class line_reader {
 public:
  static constexpr std::size_t default_max_line = std::size_t{1} << 24;  // 16 MiB

  explicit line_reader(std::istream& in, std::size_t max_line = default_max_line);

  /// Reads no further than the end of each line, so that a line typed at a
  /// terminal is handed out as soon as it is entered (a read of a whole chunk
  /// waits for 64 KiB or the end of the input). Slower: for terminals only.
  void read_line_at_a_time(bool on = true) noexcept { line_at_a_time_ = on; }

  /// Reads the next line; false at the end of the input (or on a read error).
  bool next(text_line& line);
  /// True when reading stopped because the stream failed, not at end of file.
  [[nodiscard]] bool read_error() const noexcept { return read_error_; }
  [[nodiscard]] std::size_t max_line() const noexcept { return max_line_; }

 private:
  bool fill();

  std::istream& in_;
  std::size_t max_line_;
  // Not zeroed when made: a short input touches only the pages it fills.
  std::unique_ptr<char[]> buffer_;
  std::size_t begin_ = 0;  // unread bytes are buffer_[begin_, end_)
  std::size_t end_ = 0;
  std::string long_line_;  // a line that straddles buffer refills
  std::size_t number_ = 0;
  bool eof_ = false;
  bool read_error_ = false;
  bool line_at_a_time_ = false;
};

}  // namespace dlx
