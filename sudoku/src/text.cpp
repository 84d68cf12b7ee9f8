#include "sudoku/text.hpp"

#include <algorithm>
#include <array>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "text_detail.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>

namespace sudoku {

using detail::bad_cell;
using detail::bad_character;
using detail::grid_field;
using detail::is_blank;
using detail::out_of_range;
using detail::strip_cr;

std::string detail::bad_character(std::string_view text, std::size_t i) {
  const auto u = static_cast<unsigned char>(text[i]);
  if (u >= 0x21 && u < 0x7f) return fmt::format("bad character '{}'", text[i]);
  if (u == '\r') return "carriage return inside the line (a file with CR line endings?)";
  if (u == 0) return "NUL byte";
  if (u < 0x80) return fmt::format("control character 0x{:02X}", u);
  const std::size_t length = u >= 0xf0 ? 4 : u >= 0xe0 ? 3 : u >= 0xc2 ? 2 : 0;
  bool valid = length != 0 && u <= 0xf4 && i + length <= text.size();
  std::uint32_t code = u & (0xffu >> (length + 1));
  for (std::size_t k = 1; valid && k < length; ++k) {
    const auto b = static_cast<unsigned char>(text[i + k]);
    valid = (b & 0xc0) == 0x80;
    code = code << 6 | (b & 0x3fu);
  }
  if (!valid) return fmt::format("byte 0x{:02X}, not ASCII (nor UTF-8)", u);
  return fmt::format("non-ASCII character U+{:04X} '{}'", code, text.substr(i, length));
}

std::string detail::bad_cell(std::string_view text, std::size_t i) {
  std::string message = bad_character(text, i);
  if (text[i] == '-' || text[i] == '_') message += blank_hint;
  return message;
}

std::string detail::out_of_range(char c, const shape& s) {
  return fmt::format("bad character '{}': {} digits are 1-{}, blanks 0 or .", c, s.name(),
                     digit_char(s.size()));
}

namespace {

std::string size_list() {
  return "16 (4x4), 36 (6x6), 81 (9x9), 256 (16x16), 625 (25x25), ...";
}

#if defined(__SSE2__)
// Sixteen characters' values when each is a digit 0-9 or a dot, else 0xFF in
// the others' places.
__m128i plain_values(const char* text) {
  const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text));
  const __m128i d = _mm_sub_epi8(c, _mm_set1_epi8('0'));
  const __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
  const __m128i dot = _mm_cmpeq_epi8(c, _mm_set1_epi8('.'));
  return _mm_or_si128(_mm_and_si128(d, digit),
                      _mm_andnot_si128(_mm_or_si128(digit, dot), _mm_set1_epi8(-1)));
}
#endif

}  // namespace

bool is_skippable(std::string_view line) noexcept {
  line = strip_cr(line);
  const std::size_t i = detail::skip_blanks(line);
  return i == line.size() || line[i] == '#';
}

namespace {

// A puzzle written as its rows, blanks between them ("53..7.... 6..195... ..."):
// the first word, [begin, end), has n cells, and so has the second.
bool rows_apart(std::string_view line, std::size_t begin, std::size_t end, std::size_t n) {
  const auto [second, second_end] = grid_field(line, end);
  return end - begin == n && second_end - second == n;
}

// Reads the n rows of a puzzle written as rows_apart, of shape `s`.
std::optional<text_error> parse_rows(std::string_view line, std::size_t begin, const shape& s,
                                     grid& out, sdm_fields* fields) {
  const auto n = static_cast<std::size_t>(s.size());
  std::string cells;
  cells.reserve(n * n);
  std::size_t at = begin;
  for (std::size_t row = 0; row < n; ++row) {
    const auto [row_begin, row_end] = grid_field(line, at);
    const std::size_t length = row_end - row_begin;
    if (length == 0) {
      return text_error{row_begin + 1, fmt::format("expected {} rows of {} cells, found {}", n, n,
                                                   dlx::counted(row, "row"))};
    }
    if (length != n) {
      return text_error{length > n ? row_begin + n + 1 : row_end + 1,
                        fmt::format("expected {} cells in row {}, found {}", n, row + 1, length)};
    }
    cells.append(line.substr(row_begin, length));
    at = row_end;
  }
  const sdm_fields where{begin, detail::trimmed_rest(line, at), n};
  if (auto e = parse_sdm(cells, out, s)) {  // the same checks, on the cells alone
    e->column = cell_column(line, where, e->column - 1);
    return e;
  }
  if (fields) *fields = where;
  return std::nullopt;
}

}  // namespace

std::size_t cell_column(std::string_view line, const sdm_fields& fields,
                        std::size_t cell) noexcept {
  const std::size_t n = fields.row_length;
  if (n == 0) return fields.grid_offset + cell + 1;
  std::size_t at = fields.grid_offset;
  for (std::size_t row = 0; row < cell / n; ++row)
    at = detail::skip_blanks(line, at + n);
  return at + cell % n + 1;
}

std::optional<shape> sdm_shape(std::string_view line) noexcept {
  line = strip_cr(line);
  const auto [begin, end] = grid_field(line);
  const std::size_t n = end - begin;
  if (auto s = shape::for_cell_count(n)) return s;
  if (n > static_cast<std::size_t>(max_size)) return std::nullopt;
  if (auto s = shape::for_cell_count(n * n); s && rows_apart(line, begin, end, n)) return s;
  return std::nullopt;
}

std::optional<text_error> parse_sdm(std::string_view line, grid& out, std::optional<shape> expected,
                                    sdm_fields* fields) {
  line = strip_cr(line);
  // The grid is the first field; one table lookup per character finds its end
  // (a blank), checks its characters and finds its largest digit, in one pass
  // (this runs for every puzzle a tool reads). Characters first, so that "80
  // cells" on a line with a stray byte names the byte.
  constexpr std::int8_t blank = -2;
  static constexpr auto values = [] {
    std::array<std::int8_t, 256> t{};
    for (int c = 0; c < 256; ++c) {
      t[static_cast<std::size_t>(c)] =
          is_blank(static_cast<char>(c))
              ? blank
              : static_cast<std::int8_t>(digit_value(static_cast<char>(c)));
    }
    return t;
  }();
  const std::size_t begin = detail::skip_blanks(line);
  int largest = 0;
  std::size_t end = begin;
#if defined(__SSE2__)
  // Sixteen characters at a time while they are all digits or dots, the
  // common case (the loop below takes the rest).
  __m128i most = _mm_setzero_si128();
  for (; end + 16 <= line.size(); end += 16) {
    const __m128i value = plain_values(line.data() + end);
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(value, _mm_set1_epi8(-1))) != 0) break;
    most = _mm_max_epu8(most, value);
  }
  most = _mm_max_epu8(most, _mm_srli_si128(most, 8));
  most = _mm_max_epu8(most, _mm_srli_si128(most, 4));
  most = _mm_max_epu8(most, _mm_srli_si128(most, 2));
  most = _mm_max_epu8(most, _mm_srli_si128(most, 1));
  largest = _mm_cvtsi128_si32(most) & 0xFF;
  const std::size_t plain_end = end;  // [begin, plain_end): digits and dots
#endif
  for (; end < line.size(); ++end) {
    const int value = values[static_cast<unsigned char>(line[end])];
    if (value < 0) {
      if (value == blank) break;
      return text_error{end + 1, bad_cell(line, end)};
    }
    largest = std::max(largest, value);
  }
  const std::string_view cells = line.substr(begin, end - begin);
  // Then the size, and only then the digits' range: a 16x16 line in a 9x9 file
  // is the wrong size, not a 9x9 puzzle with a bad 'G'.
  shape s;
  if (expected) {
    s = *expected;
    if (cells.size() != static_cast<std::size_t>(s.cell_count())) {
      if (rows_apart(line, begin, end, static_cast<std::size_t>(s.size()))) {
        return parse_rows(line, begin, s, out, fields);
      }
      const bool too_long = cells.size() > static_cast<std::size_t>(s.cell_count());
      return text_error{too_long ? begin + static_cast<std::size_t>(s.cell_count()) + 1 : end + 1,
                        fmt::format("expected {} cells for {}, found {}", s.cell_count(), s.name(),
                                    cells.size())};
    }
  } else {
    auto inferred = shape::for_cell_count(cells.size());
    if (!inferred) {
      const auto rows = cells.size() <= static_cast<std::size_t>(max_size)
                            ? shape::for_cell_count(cells.size() * cells.size())
                            : std::nullopt;
      if (rows && rows_apart(line, begin, end, cells.size())) {
        return parse_rows(line, begin, *rows, out, fields);
      }
      return text_error{end + 1, fmt::format("{} is not a Sudoku size ({})",
                                             dlx::counted(cells.size(), "cell"), size_list())};
    }
    s = *inferred;
  }
  if (largest > s.size()) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (values[static_cast<unsigned char>(cells[i])] > s.size())
        return text_error{begin + i + 1, out_of_range(cells[i], s)};
    }
  }

  // The shape alone is not enough: a samurai board has 3x3 boxes too.
  if (out.shape() != s || out.rows() != s.size() || out.columns() != s.size()) out.reset(s);
  auto dst = out.cells();
  std::size_t i = 0;
#if defined(__SSE2__)
  for (; begin + i + 16 <= plain_end; i += 16) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst.data() + i), plain_values(cells.data() + i));
  }
#endif
  for (; i < cells.size(); ++i) {
    dst[i] = static_cast<std::uint8_t>(values[static_cast<unsigned char>(cells[i])]);
  }
  if (fields) *fields = {begin, detail::trimmed_rest(line, end)};
  return std::nullopt;
}

void append_sdm(const grid& g, std::string& out) {
  for (auto v : g.cells())
    out += digit_char(v);
}

std::string to_sdm(const grid& g) {
  std::string s;
  s.reserve(static_cast<std::size_t>(g.shape().cell_count()));
  append_sdm(g, s);
  return s;
}

void append_pretty(const grid& g, std::string& out) {
  const shape& s = g.shape();
  const int n = s.size();
  std::string row_text, rule;
  for (int row = 0; row < n; ++row) {
    row_text.clear();
    for (int col = 0; col < n; ++col) {
      if (col) row_text += (col % s.box_cols == 0) ? " | " : " ";
      row_text += digit_char(g.at(row, col));
    }
    if (rule.empty()) {  // the rule between bands follows the row's layout
      for (char c : row_text)
        rule += c == '|' ? '+' : '-';
    }
    if (row && row % s.box_rows == 0) (out += rule) += '\n';
    (out += row_text) += '\n';
  }
}

namespace {

// Separator lines in a grid: only -, +, =, | and blanks, with at least one - or =.
bool is_rule(std::string_view line) {
  bool dash = false;
  for (char c : line) {
    if (c == '-' || c == '=') {
      dash = true;
    } else if (c != '+' && c != '|' && !is_blank(c)) {
      return false;
    }
  }
  return dash;
}

}  // namespace

void grid_reader::put_back(std::size_t number, std::string text) {
  put_back_.emplace_back(number, std::move(text));
}

bool grid_reader::next_line(dlx::text_line& line) {
  if (put_back_.empty()) return lines_.next(line);
  current_ = std::move(put_back_.front().second);
  line = {current_, put_back_.front().first, false, true};
  put_back_.pop_front();
  return true;
}

bool grid_reader::next(grid_item& item) {
  item.error.reset();
  item.error_line = 0;
  dlx::text_line line;
  int rows = 0;
  int n = expected_ ? expected_->size() : 0;
  std::string cells;
  auto fail = [&](std::size_t at_line, std::size_t column, std::string message) {
    if (!item.error) {
      item.error = text_error{column, std::move(message)};
      item.error_line = at_line;
    }
  };
  while (next_line(line)) {
    const std::string_view text = strip_cr(line.text);
    if (line.too_long) {
      if (rows == 0) item.first_line = line.number;
      fail(line.number, lines_.max_line() + 1, "line too long");
      ++rows;
      if (n && rows >= n) break;
      continue;
    }
    if (is_skippable(text)) {
      if (rows == 0) continue;
      if (!item.error) {
        fail(line.number, 1,
             fmt::format("the puzzle ends after {} of {} rows", rows, n ? n : rows));
      }
      break;
    }
    if (is_rule(text)) continue;
    if (rows == 0) {
      item.first_line = line.number;
      cells.clear();
    }
    std::size_t in_row = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      if (is_blank(c) || c == '|') continue;
      const int v = digit_value(c);
      if (v < 0) {
        fail(line.number, i + 1, bad_cell(text, i));
        continue;
      }
      if (expected_ && v > n) fail(line.number, i + 1, out_of_range(c, *expected_));
      ++in_row;
      cells += c;
    }
    if (rows == 0 && !n) {
      n = static_cast<int>(in_row);
      if (!shape::for_cell_count(static_cast<std::size_t>(n * n))) {
        fail(line.number, 1,
             fmt::format("a row of {} is not a Sudoku size", dlx::counted(in_row, "cell")));
        // Without a size there is no telling where the puzzle ends: take one line.
        return true;
      }
    }
    if (in_row != static_cast<std::size_t>(n)) {
      fail(line.number, text.size() + 1,
           fmt::format("expected {} cells in a row, found {}", n, in_row));
    }
    if (++rows == n) break;
  }
  if (rows == 0 && !item.error) return false;
  if (!item.error && rows < n) {
    fail(line.number + 1, 1, fmt::format("the input ends after {} of {} rows", rows, n));
  }
  if (item.error) return true;
  const shape s = expected_ ? *expected_ : *shape::for_cell_count(static_cast<std::size_t>(n * n));
  item.error = parse_sdm(cells, item.puzzle, s);  // checks the digits against the shape
  if (item.error) item.error_line = item.first_line;
  return true;
}

grid_detector::verdict grid_detector::add(std::string_view line) {
  if (verdict_ != verdict::undecided) return verdict_;
  line = strip_cr(line);
  if (is_skippable(line)) {
    // Before the first row, nothing; among the rows, the end of a grid cut short.
    if (rows_ > 0) verdict_ = verdict::not_grid;
    return verdict_;
  }
  if (is_rule(line)) return verdict_;
  // A row: cells (digits, letters, blanks '.' and '0') and decoration.
  std::size_t cells = 0;
  for (char c : line) {
    if (is_blank(c) || c == '|') continue;
    if (digit_value(c) < 0) return verdict_ = verdict::not_grid;
    ++cells;
  }
  if (rows_ == 0) {
    // The first row sets the size.
    const auto s = cells <= static_cast<std::size_t>(max_size)
                       ? shape::for_cell_count(cells * cells)
                       : std::nullopt;
    if (!s || (expected_ && expected_->size() != s->size())) return verdict_ = verdict::not_grid;
    size_ = cells;
  } else if (cells != size_) {
    return verdict_ = verdict::not_grid;
  }
  // A line that is a puzzle by itself (sixteen 4x4 puzzles, say) is SDM,
  // whatever follows: only a 16x16 grid's rows can look like one.
  grid puzzle;
  if (!parse_sdm(line, puzzle, expected_)) return verdict_ = verdict::not_grid;
  // Two rows decide: a file of puzzle lines has a puzzle in its first two
  // lines, and a grid with a mistake further down is then read as a grid
  // (one located message for it, not an "invalid" per row).
  if (++rows_ == 2) verdict_ = verdict::grid;
  return verdict_;
}

}  // namespace sudoku
