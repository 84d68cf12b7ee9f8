#include "dlx/checkpoint.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <unordered_map>
#include <utility>

#include "dlx/line_reader.hpp"

namespace dlx {

namespace {

constexpr std::uint64_t fnv_offset = 0xcbf29ce484222325ULL;
constexpr std::uint64_t fnv_prime = 0x100000001b3ULL;

std::uint64_t fnv(std::uint64_t hash, std::string_view bytes) {
  for (unsigned char c : bytes) {
    hash ^= c;
    hash *= fnv_prime;
  }
  return hash;
}

// Fields of one line, separated by single spaces, each with its column.
class fields {
 public:
  fields(std::string_view line, std::string_view source, std::size_t number)
      : line_(line), source_(source), number_(number) {}

  [[noreturn]] void fail(std::size_t column, const std::string& message) const {
    throw parse_error(std::string(source_), number_, column, message);
  }
  [[nodiscard]] std::size_t column() const noexcept { return at_ + 1; }
  [[nodiscard]] bool done() const noexcept { return at_ >= line_.size(); }

  // The next field; fails with `what` when there is none.
  std::string_view next(std::string_view what) {
    if (at_ > 0) {
      if (at_ >= line_.size()) fail(line_.size() + 1, fmt::format("expected {}", what));
      if (line_[at_] != ' ') fail(at_ + 1, "expected a single space between fields");
      ++at_;
    }
    const std::size_t begin = at_;
    while (at_ < line_.size() && line_[at_] != ' ')
      ++at_;
    if (at_ == begin) fail(begin + 1, fmt::format("expected {}", what));
    field_column_ = begin + 1;
    return line_.substr(begin, at_ - begin);
  }
  void expect(std::string_view word) {
    const std::string_view got = next(fmt::format("'{}'", word));
    if (got != word) fail(field_column_, fmt::format("expected '{}', got '{}'", word, got));
  }
  std::uint64_t number(std::string_view what, int base = 10) {
    const std::string_view text = next(what);
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (error == std::errc::result_out_of_range) {
      fail(field_column_, fmt::format("{} is out of range", what));
    }
    if (error != std::errc() || end != text.data() + text.size() ||
        (base == 16 && text.size() != 16)) {
      fail(field_column_, fmt::format("expected {}, got '{}'", what, text));
    }
    return value;
  }
  void end() const {
    if (!done()) fail(at_ + 1, "unexpected text at the end of the line");
  }
  [[nodiscard]] std::size_t field_column() const noexcept { return field_column_; }

 private:
  std::string_view line_;
  std::string_view source_;
  std::size_t number_;
  std::size_t at_ = 0;
  std::size_t field_column_ = 1;
};

// Writes a file whole, through a temporary and a rename, so that a killed run
// leaves the old file or the new one, never half of one.
void write_whole(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  std::FILE* f = std::fopen(temporary.c_str(), "wb");
  bool ok = f != nullptr && std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (f != nullptr) ok = std::fclose(f) == 0 && ok;
  if (ok) ok = std::rename(temporary.c_str(), path.c_str()) == 0;
  if (!ok) throw checkpoint_file_error(path, "cannot write", errno);
}

}  // namespace

std::uint64_t hash_text(std::string_view text) {
  return fnv(fnv_offset, text);
}

std::uint64_t hash_pieces(std::span<const search_node> pieces) {
  std::uint64_t hash = fnv_offset;
  for (const search_node& piece : pieces) {
    for (option_id o : piece)
      hash = fnv(hash, fmt::format("{} ", o));
    hash = fnv(hash, "\n");
  }
  return hash;
}

checkpoint read_checkpoint(std::istream& in, std::string_view source) {
  checkpoint out;
  line_reader lines(in, 4096);
  std::unordered_map<std::uint64_t, std::size_t> recorded_on;  // piece -> line
  int header_lines = 0;
  for (text_line line; lines.next(line);) {
    if (line.too_long) {
      throw parse_error(std::string(source), line.number, lines.max_line() + 1,
                        "line too long for a checkpoint");
    }
    if (!line.terminated) {
      // A run killed while writing: the piece will be searched again.
      out.warnings.push_back({std::string(source), line.number, line.text.size() + 1,
                              "incomplete last line ignored (the run stopped while writing it)"});
      break;
    }
    fields f(line.text, source, line.number);
    if (header_lines == 0) {
      f.expect("dlx-checkpoint");
      if (f.number("a version") != 1) f.fail(f.field_column(), "unknown checkpoint version");
      f.end();
    } else if (header_lines == 1) {
      f.expect("problem");
      out.header.problem_hash = f.number("a 16-digit hexadecimal hash", 16);
      f.end();
    } else if (header_lines == 2) {
      f.expect("split");
      out.header.pieces_asked = f.number("the pieces asked for");
      out.header.piece_count = f.number("the number of pieces");
      out.header.pieces_hash = f.number("a 16-digit hexadecimal hash", 16);
      f.end();
    } else {
      f.expect("piece");
      finished_piece p;
      p.piece = f.number("a piece number");
      const std::size_t piece_column = f.field_column();
      if (p.piece >= out.header.piece_count) {
        f.fail(piece_column, fmt::format("piece {} is out of range: the split made {}", p.piece,
                                         out.header.piece_count));
      }
      if (const auto it = recorded_on.find(p.piece); it != recorded_on.end()) {
        f.fail(piece_column,
               fmt::format("piece {} is already recorded on line {}", p.piece, it->second));
      }
      p.counts.solutions = f.number("a count of solutions");
      p.counts.nodes = f.number("a count of nodes");
      p.counts.updates = f.number("a count of updates");
      p.counts.cleansings = f.number("a count of cleansings");
      p.counts.branches = f.number("a count of branches");
      p.counts.forced = f.number("a count of forced moves");
      p.counts.eliminated = f.number("a count of eliminations");
      const std::uint64_t level = f.number("a level");
      if (level > std::numeric_limits<std::uint32_t>::max()) {
        f.fail(f.field_column(), "the level is out of range");
      }
      p.counts.max_level = static_cast<std::uint32_t>(level);
      f.end();
      recorded_on.emplace(p.piece, line.number);
      out.finished.push_back(p);
    }
    ++header_lines;
  }
  if (lines.read_error()) {
    throw parse_error(std::string(source), 0, 0, "read error");
  }
  if (header_lines < 3) {
    throw parse_error(std::string(source), static_cast<std::size_t>(header_lines) + 1, 1,
                      "incomplete checkpoint header (expected 'dlx-checkpoint 1', 'problem', "
                      "'split' lines)");
  }
  return out;
}

std::string format_checkpoint_header(const checkpoint_header& header) {
  return fmt::format("dlx-checkpoint 1\nproblem {:016x}\nsplit {} {} {:016x}\n",
                     header.problem_hash, header.pieces_asked, header.piece_count,
                     header.pieces_hash);
}

std::string format_finished_piece(const finished_piece& piece) {
  const search_result& c = piece.counts;
  return fmt::format("piece {} {} {} {} {} {} {} {} {}\n", piece.piece, c.solutions, c.nodes,
                     c.updates, c.cleansings, c.branches, c.forced, c.eliminated, c.max_level);
}

checkpoint_file_error::checkpoint_file_error(const std::string& path, std::string_view action,
                                             int error_number)
    : std::runtime_error(fmt::format("{}: {}: {}", path, action, std::strerror(error_number))),
      error_number_(error_number) {}

std::optional<checkpoint> load_checkpoint(const std::string& path) {
  if (!std::filesystem::exists(path)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) throw checkpoint_file_error(path, "cannot open", errno);
  return read_checkpoint(in, path);
}

std::uint64_t pieces_to_resume(const checkpoint& previous, std::string_view path,
                               std::uint64_t problem_hash, std::string_view problem_name,
                               std::uint64_t pieces) {
  // Located at the header's fields: the hash (line 2) and the pieces asked (line 3).
  if (previous.header.problem_hash != problem_hash) {
    throw parse_error(std::string(path), 2, 9,
                      fmt::format("the checkpoint is of another problem than {}", problem_name));
  }
  if (pieces != 0 && pieces != previous.header.pieces_asked) {
    throw parse_error(std::string(path), 3, 7,
                      fmt::format("the checkpoint splits into {} pieces, not --pieces {}",
                                  previous.header.pieces_asked, pieces));
  }
  return previous.header.pieces_asked;
}

void check_checkpoint_split(const checkpoint& previous, std::string_view path,
                            const checkpoint_header& header) {
  if (!(previous.header == header)) {
    throw parse_error(std::string(path), 3, 7,
                      "the checkpoint's pieces are not this search's (another version of "
                      "dlx-mpi?)");
  }
}

checkpoint_writer::checkpoint_writer(std::string path, const checkpoint_header& header,
                                     const checkpoint* previous)
    : path_(std::move(path)) {
  if (previous == nullptr) {
    write_whole(path_, format_checkpoint_header(header));
  } else if (!previous->warnings.empty()) {
    // Drop a torn last line: write the file again as read, so appends start clean.
    std::string text = format_checkpoint_header(header);
    for (const finished_piece& f : previous->finished)
      text += format_finished_piece(f);
    write_whole(path_, text);
  }
  file_ = std::fopen(path_.c_str(), "ab");
  if (file_ == nullptr) throw checkpoint_file_error(path_, "cannot write", errno);
}

checkpoint_writer::~checkpoint_writer() {
  if (file_ != nullptr) std::fclose(file_);
}

void checkpoint_writer::append(const finished_piece& piece) {
  const std::string line = format_finished_piece(piece);
  if (std::fwrite(line.data(), 1, line.size(), file_) != line.size() || std::fflush(file_) != 0)
    throw checkpoint_file_error(path_, "cannot write", errno);
}

}  // namespace dlx
