// Readers and writers of the variant line formats (variant_text.hpp).
#include "sudoku/variant_text.hpp"

#include "sudoku/fpuzzles.hpp"
#include "sudoku/iss.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "killer_text.hpp"
#include "text_detail.hpp"

namespace sudoku {

using detail::bad_character;
using detail::cage_draft;
using detail::cell_text;
using detail::grid_field;
using detail::killer_cells;
using detail::strip_cr;

namespace {

// Sets `fields` for a puzzle whose fields end at `end`.
void set_fields(sdm_fields* fields, std::string_view line, std::size_t begin, std::size_t end) {
  if (fields) *fields = {begin, detail::trimmed_rest(line, end)};
}

// What a line that is no plain puzzle looks like, when it looks like a
// variant's: "a samurai board: use --variant samurai". (Read as a plain grid,
// a samurai's '-' or a killer's arrows are only "bad characters".)
// (An ISS constraint string is read as one: is_iss.)
std::optional<std::string> variant_hint(std::string_view line) {
  const auto [begin, end] = grid_field(line);
  const std::string_view cells = line.substr(begin, end - begin);
  if (cells.size() == 441 && cells.find('-') != std::string_view::npos) {
    return "a samurai board: use --variant samurai";
  }
  if (cells.size() == killer_cells && cells.find_first_of("<>^v`',") != std::string_view::npos) {
    return "a killer's cages: use --variant killer";
  }
  if (cells.size() == 2 * killer_cells)
    return "a jigsaw's givens and regions: use --variant jigsaw";
  return std::nullopt;
}

// Shifts an error's column by the offset of the text it was found in.
std::optional<text_error> shifted(std::optional<text_error> e, std::size_t offset) {
  if (e) e->column += offset;
  return e;
}

// The plain, X or windoku variant of shape `s`, built only when `v` is not it.
std::optional<text_error> use_plain(variant& v, const shape& s, const rules& r,
                                    std::size_t column) {
  // The variant of the last line is kept when it is this one: nothing but the
  // rows, columns and boxes (and the diagonals and windows asked for). A
  // variant an ISS string or a link made has more (clues, other units,
  // restricted cells, values from 0) and must not carry over to a plain line.
  // One pass over the units, a test each: this runs for every plain line. In
  // the order the lines below make them (n rows, n columns, n boxes, then two
  // diagonals, then the windows); a variant with them in another order is made
  // again, which is slower, never wrong.
  const auto n = static_cast<std::size_t>(s.size());
  const auto units = v.units();
  const std::size_t fixed = 3 * n + (r.diagonals ? 2 : 0);
  bool kinds = units.size() >= fixed && (units.size() > fixed) == r.windows;
  const auto all_of_kind = [&](std::size_t from, std::size_t to, unit_kind kind) {
    for (std::size_t i = from; i < to; ++i)
      if (units[i].kind != kind) return false;
    return true;
  };
  kinds = kinds && all_of_kind(0, n, unit_kind::row) && all_of_kind(n, 2 * n, unit_kind::column) &&
          all_of_kind(2 * n, 3 * n, unit_kind::box) &&
          all_of_kind(3 * n, fixed, unit_kind::diagonal) &&
          all_of_kind(fixed, units.size(), unit_kind::window);
  const bool same = kinds && v.shape() == s && v.parts() == 1 && v.rows() == s.size() &&
                    v.columns() == s.size() && !v.has_regions() && v.cages().empty() &&
                    v.clues().empty() && v.variables().empty() && !v.has_restrictions() &&
                    v.first_value() == 1;
  if (same) return std::nullopt;
  variant made(s);
  if (r.diagonals) made.add_diagonals();
  if (r.windows && !made.add_windows()) {
    return text_error{
        column, fmt::format("windoku needs square boxes; {} has {} boxes", s.name(), s.box_name())};
  }
  v = std::move(made);
  return std::nullopt;
}

// ---- jigsaw

std::optional<text_error> parse_jigsaw(std::string_view line, const rules& r, variant& v,
                                       grid& givens, std::optional<shape> expected,
                                       sdm_fields* fields) {
  const auto [begin, end] = grid_field(line);
  const std::size_t length = end - begin;
  const std::size_t givens_length = r.layout ? length : length / 2;
  if (!r.layout && length % 2 != 0) {
    return text_error{end + 1, fmt::format("a jigsaw line has the givens, then as many region "
                                           "ids: an even length, not {}",
                                           length)};
  }
  // The givens, as an SDM field of their own.
  const std::string_view cells = line.substr(begin, givens_length);
  if (auto e = parse_sdm(cells, givens, expected)) return shifted(e, begin);
  const shape s = givens.shape();
  const auto n = static_cast<std::size_t>(s.size());
  const std::string_view layout =
      r.layout ? std::string_view(*r.layout) : line.substr(begin + givens_length, givens_length);
  const std::size_t layout_begin = r.layout ? 0 : begin + givens_length;
  auto where = [&](std::size_t i) { return r.layout ? std::size_t{1} : layout_begin + i + 1; };
  if (layout.size() != n * n) {
    return text_error{1, fmt::format("the region layout has {}, not {}",
                                     dlx::counted(layout.size(), "character"), n * n)};
  }
  // Region ids in order of first appearance.
  std::array<int, 256> id;
  id.fill(-1);
  std::vector<char> names;
  std::vector<std::uint8_t> region_of(n * n);
  for (std::size_t i = 0; i < layout.size(); ++i) {
    const auto c = static_cast<unsigned char>(layout[i]);
    if (c <= 0x20 || c >= 0x7f) return text_error{where(i), bad_character(layout, i)};
    if (id[c] < 0) {
      if (names.size() == n) {
        return text_error{
            where(i),
            fmt::format("a region id '{}' after {} others ({}): a {} layout has {}", layout[i], n,
                        std::string_view(names.data(), names.size()), s.name(), n)};
      }
      id[c] = static_cast<int>(names.size());
      names.push_back(layout[i]);
    }
    region_of[i] = static_cast<std::uint8_t>(id[c]);
  }
  std::vector<std::size_t> size(n, 0);
  for (auto k : region_of)
    ++size[k];
  for (std::size_t k = 0; k < n; ++k) {
    if (size[k] != n) {
      const std::size_t first = layout.find(names[k]);
      return text_error{where(first), fmt::format("region '{}' has {}, not {}", names[k],
                                                  dlx::counted(size[k], "cell"), n)};
    }
  }
  variant made(s);
  made.set_regions(region_of);  // sizes checked above
  if (r.diagonals) made.add_diagonals();
  if (r.windows && !made.add_windows()) {
    return text_error{begin + 1, "windoku needs square boxes"};
  }
  if (!(made == v)) v = std::move(made);
  set_fields(fields, line, begin, end);
  return std::nullopt;
}

// ---- killer

template <class ColumnOf>
std::optional<text_error> check_cages(const std::vector<cage_draft>& cages, ColumnOf column_of) {
  for (const cage_draft& c : cages) {
    const std::size_t head = c.head;
    if (c.cells.size() > 9) {
      return text_error{column_of(head), fmt::format("the cage of {} has {} cells; at most 9",
                                                     cell_text(head), c.cells.size())};
    }
    if (cage_combinations(static_cast<int>(c.cells.size()), c.sum, 9).empty()) {
      return text_error{column_of(head),
                        c.cells.size() == 1
                            ? fmt::format("the one-cell cage of {} has sum {}, which no digit is",
                                          cell_text(head), c.sum)
                            : fmt::format("no {} different digits add up to {} (the cage of {})",
                                          c.cells.size(), c.sum, cell_text(head))};
    }
  }
  return std::nullopt;
}

std::optional<text_error> parse_killer(std::string_view line, const rules& r, variant& v,
                                       grid& givens, sdm_fields* fields) {
  const auto [begin, end] = grid_field(line);
  const std::string_view field = line.substr(begin, end - begin);
  std::vector<cage_draft> drafts;
  bool diagonals = r.diagonals;
  // Where each cell's text is: its character, or its number in SudoCue's form.
  std::array<std::size_t, killer_cells> column{};
  for (std::size_t i = 0; i < killer_cells; ++i)
    column[i] = begin + i + 1;
  auto e = field.starts_with("3x3:")
               ? detail::parse_sudocue_cages(field, begin, drafts, diagonals, column)
               : detail::parse_arrow_cages(field, begin, drafts);
  if (e) return e;
  // A cell alone with sum 0 is in no cage; a 0 anywhere else is a mistake.
  std::erase_if(drafts, [](const cage_draft& c) { return c.sum == 0 && c.cells.size() == 1; });
  if (drafts.empty()) return text_error{begin + 1, "a killer without cages (every sum is 0)"};
  auto column_of = [&](std::size_t cell) { return column[cell]; };
  if (auto bad = check_cages(drafts, column_of)) return bad;
  // Optional givens: a second word of 81 cells. A long word of digits and
  // dots is taken for givens, so that a mistyped one is an error, not an
  // annotation that silently drops them.
  const auto [gbegin, gend] = grid_field(line, end);
  const std::string_view second = line.substr(gbegin, gend - gbegin);
  const auto cell_like = static_cast<std::size_t>(
      std::count_if(second.begin(), second.end(), [](char c) { return digit_value(c) >= 0; }));
  const bool has_givens =
      second.size() == killer_cells || (second.size() >= 40 && cell_like == second.size());
  if (has_givens) {
    if (auto ge = parse_sdm(second, givens, shape{})) return shifted(ge, gbegin);
  } else {
    givens.reset(shape{});
  }
  variant made{shape{}};
  if (diagonals) made.add_diagonals();
  if (r.windows) made.add_windows();
  for (cage_draft& c : drafts)
    made.add_cage({std::move(c.cells), c.sum});
  v = std::move(made);
  // Cells are counted from the givens field, where the line has one.
  set_fields(fields, line, has_givens ? gbegin : begin, has_givens ? gend : end);
  return std::nullopt;
}

}  // namespace

std::optional<shape> line_shape(std::string_view line, const rules& r) noexcept {
  if (r.killer || r.samurai) return shape{};
  // A line that carries its own rules has its own size.
  if (r.iss || r.fpuzzles || is_fpuzzles(line) || (r.classic() && is_iss(line)))
    return std::nullopt;
  const auto [begin, end] = grid_field(strip_cr(line));
  const std::size_t length = end - begin;
  if (r.jigsaw && !r.layout) return length % 2 ? std::nullopt : shape::for_cell_count(length / 2);
  if (r.jigsaw) return shape::for_cell_count(length);
  return sdm_shape(line);  // its rows may be written apart
}

std::optional<text_error> parse_puzzle(std::string_view line, const rules& r, variant& v,
                                       grid& givens, std::optional<shape> expected,
                                       sdm_fields* fields) {
  line = strip_cr(line);
  // A link of f-puzzles or SudokuPad is read wherever a line may be one.
  if (r.fpuzzles || ((r.classic() || r.iss) && is_fpuzzles(line)))
    return parse_fpuzzles(line, v, givens, fields);
  // So is a line that is plainly ISS's (a constraint string or share link).
  if (r.iss || (r.classic() && is_iss(line))) return parse_iss(line, v, givens, fields);
  if (r.samurai) {
    if (v.parts() != 5) v = variant::samurai();
    return parse_board(line, v, givens, fields);
  }
  if (r.killer) return parse_killer(line, r, v, givens, fields);
  if (r.jigsaw) return parse_jigsaw(line, r, v, givens, expected, fields);
  if (auto e = parse_sdm(line, givens, expected, fields)) {
    if (const auto hint = r.classic() ? variant_hint(line) : std::nullopt) {
      // A samurai's '-' is not a blank written another way: the hint says what it is.
      if (e->message.ends_with(detail::blank_hint)) {
        e->message.resize(e->message.size() - detail::blank_hint.size());
      }
      e->message += fmt::format(" (this looks like {})", *hint);
    }
    return e;
  }
  // (The grid's column for a message: its first character, past any blanks;
  // not a second scan of the whole field.)
  return use_plain(v, givens.shape(), r, detail::skip_blanks(line) + 1);
}

std::optional<text_error> make_variant(const rules& r, const shape& s, variant& out,
                                       std::string_view regions) {
  std::string line(static_cast<std::size_t>(s.cell_count()), '.');
  if (r.jigsaw && !r.layout) line += regions;
  grid blank;
  return parse_puzzle(line, r, out, blank, s);
}

std::optional<text_error> parse_board(std::string_view line, const variant& v, grid& out,
                                      sdm_fields* fields) {
  line = strip_cr(line);
  // Values from 0: '0' is a value, only '.' a blank.
  const bool from_zero = v.first_value() == 0;
  const bool square = v.rows() == v.digits() && v.columns() == v.digits();
  if (v.parts() == 1 && !from_zero && square) return parse_sdm(line, out, v.shape(), fields);
  const auto [begin, end] = grid_field(line);
  const std::string_view cells = line.substr(begin, end - begin);
  if (cells.size() != v.positions()) {
    const bool too_long = cells.size() > v.positions();
    return text_error{too_long ? begin + v.positions() + 1 : end + 1,
                      fmt::format("expected {} characters for a {}x{} board, found {}",
                                  v.positions(), v.rows(), v.columns(), cells.size())};
  }
  if (out.rows() != v.rows() || out.columns() != v.columns() || out.shape() != v.shape()) {
    out = v.empty_grid();
  }
  auto dst = out.cells();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const char c = cells[i];
    if (!v.is_cell(i)) {
      if (c != '-') {
        return text_error{
            begin + i + 1,
            fmt::format("'{}' at {}, which is outside the grids: expected '-'", c, v.cell_name(i))};
      }
      dst[i] = 0;
      continue;
    }
    int value = digit_value(c);
    if (from_zero && c != '.') value = c == '0' ? 1 : value < 1 ? -1 : value + 1;
    if (value < 0 || value > v.digits()) {
      return text_error{begin + i + 1,
                        c == '-'
                            ? fmt::format("'-' at {}, which is a cell of a grid", v.cell_name(i))
                        : value < 0 ? detail::bad_cell(cells, i)
                                    : detail::out_of_range(c, v.shape())};
    }
    dst[i] = static_cast<std::uint8_t>(value);
  }
  set_fields(fields, line, begin, end);
  return std::nullopt;
}

void append_board(const variant& v, const grid& g, std::string& out) {
  const auto cells = g.cells();
  const std::size_t at = out.size();
  out.resize(at + cells.size());  // every answer line passes here: no append per cell
  char* dst = out.data() + at;
  const bool all_cells = v.cells().size() == v.positions();
  if (v.first_value() != 1) {
    for (std::size_t i = 0; i < cells.size(); ++i)
      dst[i] = all_cells || v.is_cell(i) ? v.cell_char(cells[i]) : '-';
    return;
  }
  std::size_t i = 0;
#if defined(__SSE2__)
  if (all_cells) {
    // Sixteen cells a step, digit_char's three cases as selects (every
    // solution printed passes here: 81 cells a line).
    const __m128i nine = _mm_set1_epi8(9), zero = _mm_setzero_si128();
    for (; i + 16 <= cells.size(); i += 16) {
      const __m128i value = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cells.data() + i));
      const __m128i letter = _mm_cmpgt_epi8(value, nine), empty = _mm_cmpeq_epi8(value, zero);
      const __m128i shown =
          _mm_add_epi8(value, _mm_or_si128(_mm_and_si128(letter, _mm_set1_epi8('A' - 10)),
                                           _mm_andnot_si128(letter, _mm_set1_epi8('0'))));
      const __m128i ch =
          _mm_or_si128(_mm_and_si128(empty, _mm_set1_epi8('.')), _mm_andnot_si128(empty, shown));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), ch);
    }
  }
#endif
  for (; i < cells.size(); ++i)
    dst[i] = all_cells || v.is_cell(i) ? digit_char(cells[i]) : '-';
}

// What only ISS's strings carry: clues, pencil marks, variables, disjoint sets, one
// diagonal, regions beside boxes or neither, values from 0, boards not n x n.
static bool needs_iss(const variant& v) {
  const auto diagonals = std::count_if(v.units().begin(), v.units().end(),
                                       [](const unit& u) { return u.kind == unit_kind::diagonal; });
  return !v.clues().empty() || v.has_restrictions() || v.has(unit_kind::disjoint) ||
         !v.variables().empty() || v.first_value() != 1 || (v.parts() == 1 && !v.full_units()) ||
         (v.parts() == 1 && (v.rows() != v.digits() || v.columns() != v.digits())) ||
         (diagonals != 0 && diagonals != 2 * v.parts()) || v.has(unit_kind::box) == v.has_regions();
}

void append_puzzle(const variant& v, const grid& givens, std::string& out) {
  if (needs_iss(v) && append_iss(v, givens, out)) return;
  if (!v.cages().empty()) {
    out += v.has(unit_kind::diagonal) ? "3x3:d:k:" : "3x3::k:";
    std::vector<int> value(v.positions(), 0);
    for (std::size_t k = 0; k < v.cages().size(); ++k) {
      for (std::uint32_t p : v.cages()[k].cells)
        value[p] = v.cages()[k].sum * 256 + static_cast<int>(k % 256);
    }
    for (std::size_t p = 0; p < value.size(); ++p)
      out += fmt::format("{}{}", p ? ":" : "", value[p]);
    if (givens.given_count() == 0) return;
    out += ' ';
  }
  append_board(v, givens, out);
  if (!v.has_regions()) return;
  std::string regions(v.positions(), '?');
  for (const unit& u : v.units()) {
    if (u.kind != unit_kind::region) continue;
    for (std::uint32_t p : u.cells)
      regions[p] = digit_char(u.index + 1);
  }
  out += regions;
}

namespace {

constexpr std::pair<text_format, std::string_view> format_names[] = {
    {text_format::iss, "iss"},
    {text_format::fpuzzles, "fpuzzles"},
    {text_format::fpuzzles_json, "fpuzzles-json"},
    {text_format::line, "line"}};

}  // namespace

std::string_view to_string(text_format f) noexcept {
  for (const auto& [format, name] : format_names) {
    if (format == f) return name;
  }
  return "";
}

std::optional<text_format> text_format_from(std::string_view name) noexcept {
  for (const auto& [format, known] : format_names) {
    if (known == name) return format;
  }
  return std::nullopt;
}

bool append_puzzle_as(text_format f, const variant& v, const grid& givens, std::string& out,
                      std::string& why) {
  switch (f) {
    case text_format::iss:
      if (append_iss(v, givens, out)) return true;
      why = "ISS has no board of this shape";
      return false;
    case text_format::fpuzzles:
      return append_fpuzzles_link(v, givens, out, &why);
    case text_format::fpuzzles_json:
      return append_fpuzzles_json(v, givens, out, &why);
    case text_format::line:
      append_puzzle(v, givens, out);
      return true;
  }
  return false;
}

std::optional<std::string> set_given(const variant& v, grid& givens, std::string_view edit) {
  const auto equals = edit.find('=');
  if (equals == std::string_view::npos)
    return fmt::format("'{}': expected CELL=VALUE, as r1c1=5 (or r1c1=. to clear it)", edit);
  const std::string_view name = edit.substr(0, equals), value = edit.substr(equals + 1);
  const std::optional<std::size_t> cell = v.cell_named(name);
  if (!cell) {
    return fmt::format("'{}': no cell '{}' on this board ({} rows, {} columns)", edit, name,
                       v.rows(), v.columns());
  }
  int digit = 0;  // 0 clears
  if (value != ".") {
    int number = -1;
    if (value.size() == 1 && value[0] >= 'A' && v.digits() > 9) {
      number = digit_value(value[0]);
    } else {
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
      if (error != std::errc{} || end != value.data() + value.size()) number = -1;
    }
    const int first = v.first_value(), last = v.value_of(v.digits());
    if (number < first || number > last) {
      return fmt::format("'{}': the value must be {} to {} (or '.' to clear the cell)", edit, first,
                         last);
    }
    digit = number - first + 1;
  }
  givens.cells()[*cell] = static_cast<std::uint8_t>(digit);
  return std::nullopt;
}

void append_board_pretty(const variant& v, const grid& g, std::string& out) {
  const shape& s = v.shape();
  const int columns = v.columns();
  auto position = [&](int row, int col) { return static_cast<std::size_t>(row * columns + col); };
  std::string line;
  auto end_line = [&] {
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    (out += line) += '\n';
    line.clear();
  };
  // Separators and rules are drawn along the boxes of the board only, so a
  // samurai's areas outside its five grids (whole boxes) stay blank, and the
  // grids' edges inside the picture show. A jigsaw's regions are not boxes.
  const bool boxes = !v.has_regions();
  const int bands = v.rows() / s.box_rows, stacks = columns / s.box_cols;
  auto in = [&](int band, int stack) {
    return band >= 0 && band < bands && v.is_cell(position(band * s.box_rows, stack * s.box_cols));
  };
  for (int band = 0; band < bands; ++band) {
    if (boxes && band > 0) {
      // The rule above this band: over each box with a box above or below it,
      // '+' where separators cross it.
      for (int stack = 0; stack < stacks; ++stack) {
        const bool here = in(band - 1, stack) || in(band, stack);
        if (stack > 0) {
          const bool left = in(band - 1, stack - 1) || in(band, stack - 1);
          line += left ? "-" : " ";
          line += left || here ? '+' : ' ';
          line += here ? "-" : " ";
        }
        line.append(static_cast<std::size_t>(2 * s.box_cols - 1), here ? '-' : ' ');
      }
      end_line();
    }
    for (int row = band * s.box_rows; row < (band + 1) * s.box_rows; ++row) {
      for (int col = 0; col < columns; ++col) {
        if (col > 0) {
          const int stack = col / s.box_cols;
          const bool edge = boxes && col % s.box_cols == 0;
          line += !edge ? " " : in(band, stack - 1) || in(band, stack) ? " | " : "   ";
        }
        const auto p = position(row, col);
        line += v.is_cell(p) ? v.cell_char(g.cells()[p]) : ' ';
      }
      end_line();
    }
  }
}

}  // namespace sudoku
