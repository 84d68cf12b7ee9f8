#include "dlx/line_reader.hpp"

#include <algorithm>
#include <cstring>

namespace dlx {

namespace {
constexpr std::size_t chunk_size = std::size_t{1} << 16;
}

line_reader::line_reader(std::istream& in, std::size_t max_line)
    : in_(in), max_line_(std::max<std::size_t>(max_line, 1)), buffer_(new char[chunk_size]) {}

bool line_reader::fill() {
  if (eof_) return false;
  begin_ = 0;
  end_ = 0;
  if (line_at_a_time_) {
    // A character at a time up to the newline: a terminal's read returns
    // each line as it is entered, and no more is asked for.
    std::size_t got = 0;
    for (int c; got < chunk_size && (c = in_.get()) != std::istream::traits_type::eof();) {
      buffer_[got++] = static_cast<char>(c);
      if (c == '\n') break;
    }
    if (in_.bad()) read_error_ = true;
    if (got == 0) {
      eof_ = true;
      return false;
    }
    end_ = got;
    return true;
  }
  // istream::read, not rdbuf()->sgetn: libstdc++'s filebuf throws on a failing
  // read(2) (a directory, an I/O error) and only the istream turns that into badbit.
  in_.read(buffer_.get(), static_cast<std::streamsize>(chunk_size));
  const std::streamsize got = in_.gcount();
  if (in_.bad()) read_error_ = true;
  if (got <= 0) {
    eof_ = true;
    return false;
  }
  end_ = static_cast<std::size_t>(got);
  return true;
}

bool line_reader::next(text_line& line) {
  long_line_.clear();
  bool too_long = false;
  bool any = false;
  for (;;) {
    if (begin_ == end_ && !fill()) {
      if (!any) return false;
      line = {too_long ? std::string_view(long_line_).substr(0, max_line_) : long_line_, ++number_,
              too_long, false};
      return true;
    }
    any = true;
    const char* start = buffer_.get() + begin_;
    const auto* newline = static_cast<const char*>(std::memchr(start, '\n', end_ - begin_));
    const std::size_t length = newline ? static_cast<std::size_t>(newline - start) : end_ - begin_;
    if (newline && long_line_.empty() && !too_long && length <= max_line_) {
      // The common case: the whole line is in the buffer.
      begin_ += length + 1;
      line = {std::string_view(start, length), ++number_, false, true};
      return true;
    }
    // Keep at most max_line_ bytes of a long line; drop the rest as it streams by.
    if (!too_long) {
      const std::size_t room = max_line_ - long_line_.size();
      long_line_.append(start, std::min(length, room));
      if (length > room) too_long = true;
    }
    begin_ += length;
    if (newline) {
      ++begin_;
      line = {long_line_, ++number_, too_long, true};
      return true;
    }
  }
}

}  // namespace dlx
