// The variant line formats (variant_text.hpp) on arbitrary bytes. The first
// byte chooses the rules, as --variant and --regions would; the rest is one
// puzzle line, or two read with one variant kept between them, as the tools
// read a file. Every line must either be rejected with a column inside
// it (or just past its end) and a message, or parse to a variant and givens
// that agree with each other, that print back (append_puzzle) as a line that
// parses to the same, and that the validator and, for killers, the
// exact-cover model accept without surprises. Nothing is solved: a killer or
// a samurai with few givens can take the search seconds. Each parsed puzzle
// is also drawn (render.hpp), titled with the line's own bytes and marked with
// a made-up step, and the SVG must be well-formed XML with a cell per cell.
#include <sudoku/fpuzzles.hpp>
#include <sudoku/iss.hpp>
#include <sudoku/model.hpp>
#include <sudoku/render.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"

namespace {

// A 9x9 jigsaw layout (the Wikipedia nonomino of corpus/variants/jigsaw.sdm),
// and a 6x6 one, for the rules that fix the layout as --regions does.
constexpr std::string_view layout_9x9 =
    "111233333111222333144442223114555522444456666775555688977766668999777888999997888";
constexpr std::string_view layout_6x6 = "111222113222331444333446555664555666";

struct rules_choice {
  bool diagonals, windows, jigsaw, killer, samurai;
  std::string_view layout;  // empty: none
};

// Indexed by the first byte % 16; the seeds in fuzz/corpus/variant_text.tar.xz start
// with '0' + index ('0'..'?'). Bit 0x80 of the first byte also fixes the shape
// to 9x9, as the tools do for the lines after the first.
constexpr std::array<rules_choice, 16> choices{{
    {false, false, false, false, false, {}},         // 0 classic
    {true, false, false, false, false, {}},          // 1 x
    {false, true, false, false, false, {}},          // 2 windoku
    {true, true, false, false, false, {}},           // 3 x,windoku
    {false, false, true, false, false, {}},          // 4 jigsaw, layout on the line
    {false, false, true, false, false, layout_9x9},  // 5 jigsaw --regions (9x9)
    {false, false, false, true, false, {}},          // 6 killer
    {true, false, false, true, false, {}},           // 7 killer,x
    {false, false, false, false, true, {}},          // 8 samurai
    {true, false, true, false, false, {}},           // 9 jigsaw,x
    {false, true, true, false, false, {}},           // 10 jigsaw,windoku
    {true, true, true, false, false, layout_9x9},    // 11 jigsaw,x,windoku --regions
    {false, true, false, true, false, {}},           // 12 killer,windoku
    {true, true, false, true, false, {}},            // 13 killer,x,windoku
    {false, false, true, false, false, layout_6x6},  // 14 jigsaw --regions (6x6)
    {false, false, false, false, false, {}},         // 15 classic
}};

sudoku::rules rules_of(const rules_choice& c) {
  sudoku::rules r;
  r.diagonals = c.diagonals;
  r.windows = c.windows;
  r.jigsaw = c.jigsaw;
  r.killer = c.killer;
  r.samurai = c.samurai;
  if (!c.layout.empty()) r.layout = std::string(c.layout);
  return r;
}

// The variant a reader starts with. Built once: under the fuzzer's comparison
// tracing, variant::samurai() costs more than all the rest of a samurai input
// (its check against duplicate units compares every pair of its 135 units):
// 3 ms an input when each parse built it, 0.8 ms with these copies.
const sudoku::variant& start_variant(const sudoku::rules& r) {
  static const sudoku::variant classic;
  static const sudoku::variant samurai = sudoku::variant::samurai();
  return r.samurai ? samurai : classic;
}

// What the parser promises about a variant and its givens.
void check_parsed(const sudoku::variant& v, const sudoku::grid& givens, const sudoku::rules& r) {
  const auto n = static_cast<std::size_t>(v.digits());
  FUZZ_CHECK(n >= 4 && n <= sudoku::max_size);
  if (r.samurai) {
    FUZZ_CHECK(v.parts() == 5 && v.rows() == 21 && v.columns() == 21);
    FUZZ_CHECK(v.cells().size() == 441 - 72);
  } else {
    FUZZ_CHECK(v.parts() == 1 && v.rows() == v.digits() && v.columns() == v.digits());
    FUZZ_CHECK(v.cells().size() == n * n);
  }
  if (r.killer) FUZZ_CHECK(n == 9);
  FUZZ_CHECK(v.has_regions() == r.jigsaw);
  // SudoCue's 3x3:d:k: adds the diagonals to a killer whatever the rules say.
  const bool sudocue_x = r.killer && !r.diagonals;
  FUZZ_CHECK(v.has(sudoku::unit_kind::diagonal) == r.diagonals || sudocue_x);
  FUZZ_CHECK(v.has(sudoku::unit_kind::window) == r.windows);
  if (!r.killer) FUZZ_CHECK(v.cages().empty());
  for (const sudoku::unit& u : v.units()) {
    FUZZ_CHECK(u.cells.size() == n);
    for (std::size_t i = 0; i < u.cells.size(); ++i) {
      FUZZ_CHECK(u.cells[i] < v.positions() && v.is_cell(u.cells[i]));
      FUZZ_CHECK(i == 0 || u.cells[i - 1] < u.cells[i]);
    }
  }
  // Cages: ascending cells, disjoint, at most n of them, a sum they can make.
  std::vector<char> caged(v.positions(), 0);
  for (const sudoku::cage& c : v.cages()) {
    FUZZ_CHECK(!c.cells.empty() && c.cells.size() <= n);
    FUZZ_CHECK(
        !sudoku::cage_combinations(static_cast<int>(c.cells.size()), c.sum, v.digits()).empty());
    for (std::size_t i = 0; i < c.cells.size(); ++i) {
      FUZZ_CHECK(c.cells[i] < v.positions() && v.is_cell(c.cells[i]));
      FUZZ_CHECK(i == 0 || c.cells[i - 1] < c.cells[i]);
      FUZZ_CHECK(!caged[c.cells[i]]);
      caged[c.cells[i]] = 1;
    }
  }
  // The givens fill the variant's board: digits 1..n on cells, 0 elsewhere.
  FUZZ_CHECK(givens.shape() == v.shape());
  FUZZ_CHECK(givens.rows() == v.rows() && givens.columns() == v.columns());
  FUZZ_CHECK(givens.cells().size() == v.positions());
  for (std::size_t p = 0; p < v.positions(); ++p) {
    FUZZ_CHECK(givens.cells()[p] <= n);
    if (!v.is_cell(p)) FUZZ_CHECK(givens.cells()[p] == 0);
  }
}

// A killer whose givens fill the grid: with every cage's sum taken from the
// givens (leaving out cages that repeat a digit), a grid with no clash is a
// solution, and its cell options, with one combination per cage of the model
// (the variant's and the implied ones of the law of leftovers), must cover
// every item exactly once. An implied cage with a wrong sum or cells in no
// one unit would leave no combination, or clash, for some such grid.
void check_solution_covers(const sudoku::variant& v, const sudoku::grid& solution) {
  sudoku::variant w{sudoku::shape{}};
  if (v.has(sudoku::unit_kind::diagonal)) w.add_diagonals();
  if (v.has(sudoku::unit_kind::window)) w.add_windows();
  const auto cells = solution.cells();
  for (const sudoku::cage& c : v.cages()) {
    unsigned digits = 0;
    bool repeat = false;
    int sum = 0;
    for (std::uint32_t p : c.cells) {
      const unsigned bit = 1u << cells[p];
      repeat = repeat || (digits & bit) != 0;
      digits |= bit;
      sum += cells[p];
    }
    if (!repeat) w.add_cage({c.cells, sum});
  }
  if (w.cages().empty() || !sudoku::check_solution(w, solution).ok()) return;
  const sudoku::model m(w);
  const dlx::problem p = m.build();
  std::vector<int> covered(p.item_count(), 0);
  for (std::uint32_t cell : w.cells()) {
    for (dlx::item_id i : p.option(m.option(cell, cells[cell])))
      FUZZ_CHECK(++covered[i] == 1);
  }
  // A combination fits when its items are all still open; two combinations of
  // one cage differ, so no open item is covered twice by fitting ones.
  std::vector<dlx::option_id> fitting;
  for (dlx::option_id o = m.cell_option_count(); o < p.option_count(); ++o) {
    const auto items = p.option(o);
    if (std::all_of(items.begin(), items.end(), [&](dlx::item_id i) { return covered[i] == 0; }))
      fitting.push_back(o);
  }
  for (dlx::option_id o : fitting) {
    for (dlx::item_id i : p.option(o))
      ++covered[i];
  }
  for (dlx::item_id i = 0; i < covered.size(); ++i) {
    if (covered[i] != 1) {
      std::fprintf(stderr, "item %s covered %d times\n", std::string(p.name(i)).c_str(),
                   covered[i]);
    }
    FUZZ_CHECK(covered[i] == 1);
  }
}

// The length of the well-formed UTF-8 sequence at s[i], or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  if (b(i) < 0x80) return 1;
  const std::size_t n = b(i) >= 0xF0 ? 4 : b(i) >= 0xE0 ? 3 : b(i) >= 0xC2 ? 2 : 0;
  if (n == 0 || b(i) > 0xF4 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
  }
  if (n == 3 && b(i) == 0xE0 && b(i + 1) < 0xA0) return 0;  // overlong
  if (n == 3 && b(i) == 0xED && b(i + 1) > 0x9F) return 0;  // surrogate
  if (n == 4 && b(i) == 0xF0 && b(i + 1) < 0x90) return 0;  // overlong
  if (n == 4 && b(i) == 0xF4 && b(i + 1) > 0x8F) return 0;  // past U+10FFFF
  return n;
}

// What an XML parser would insist on in the renderer's output: UTF-8, no
// control characters but line ends, '&' only in entities, every tag closed in
// order, attribute values quoted without '<'. One root element.
void check_xml(std::string_view s) {
  std::vector<std::string_view> open;
  std::size_t roots = 0;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_length(s, i);
    FUZZ_CHECK(n != 0);
    const char c = s[i];
    FUZZ_CHECK(n > 1 || c == '\n' || (static_cast<unsigned char>(c) >= 0x20 && c != 0x7F));
    if (c == '&') {
      const std::size_t end = s.find(';', i);
      FUZZ_CHECK(end != std::string_view::npos);
      const std::string_view entity = s.substr(i, end + 1 - i);
      FUZZ_CHECK(entity == "&amp;" || entity == "&lt;" || entity == "&gt;" || entity == "&quot;" ||
                 entity == "&apos;" || entity.starts_with("&#"));
    }
    if (c == '>') FUZZ_CHECK(false);  // outside a tag, the renderer escapes it
    if (c != '<') {
      if (c != '\n') FUZZ_CHECK(!open.empty());  // no text outside the root
      i += n;
      continue;
    }
    const bool closing = i + 1 < s.size() && s[i + 1] == '/';
    std::size_t j = i + (closing ? 2 : 1);
    const std::size_t name_start = j;
    while (j < s.size() && (std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '-'))
      ++j;
    const std::string_view name = s.substr(name_start, j - name_start);
    FUZZ_CHECK(!name.empty());
    if (closing) {
      FUZZ_CHECK(j < s.size() && s[j] == '>');
      FUZZ_CHECK(!open.empty() && open.back() == name);
      open.pop_back();
      i = j + 1;
      continue;
    }
    // Attributes: name="value".
    while (true) {
      FUZZ_CHECK(j < s.size());
      if (s[j] == ' ') {
        ++j;
        continue;
      }
      if (s[j] == '>' || s[j] == '/') break;
      while (j < s.size() && s[j] != '=' && s[j] != ' ' && s[j] != '>')
        ++j;
      FUZZ_CHECK(j + 1 < s.size() && s[j] == '=' && s[j + 1] == '"');
      const std::size_t end = s.find('"', j + 2);
      FUZZ_CHECK(end != std::string_view::npos);
      FUZZ_CHECK(s.substr(j + 2, end - j - 2).find('<') == std::string_view::npos);
      j = end + 1;
    }
    if (s[j] == '/') {
      FUZZ_CHECK(j + 1 < s.size() && s[j + 1] == '>');
      if (open.empty()) ++roots;
      i = j + 2;
    } else {
      if (open.empty()) ++roots;
      open.push_back(name);
      i = j + 1;
    }
  }
  FUZZ_CHECK(open.empty() && roots == 1);
}

// Draws a parsed puzzle with its candidates, titled with the line itself (any
// bytes), and a step made up from the line: the first empty cell's first
// candidate placed, the next one's candidates removed, a unit and a link.
void check_picture(const sudoku::variant& v, const sudoku::grid& givens, std::string_view line) {
  const sudoku::board_state board = sudoku::board_state::with_candidates(v, givens);
  sudoku::highlight marks;
  for (std::uint32_t cell : v.cells()) {
    const std::uint64_t bits = board.candidates[cell];
    if (bits == 0) continue;
    for (int d = 1; d <= v.digits(); ++d) {
      if ((bits >> d & 1) == 0) continue;
      if (marks.placed.empty()) {
        marks.placed.push_back({cell, d});
        break;
      }
      marks.eliminated.push_back({cell, d});
    }
    if (!marks.eliminated.empty()) break;
  }
  if (!v.units().empty())
    marks.units.push_back(static_cast<std::uint32_t>(line.size() % v.units().size()));
  if (!v.cages().empty()) marks.units.push_back(static_cast<std::uint32_t>(v.units().size()));
  if (!marks.placed.empty() && !marks.eliminated.empty()) {
    marks.pattern.push_back(marks.eliminated.front());
    marks.cells.push_back(marks.eliminated.front().cell);
    sudoku::chain_link link;
    link.from = marks.placed.front();
    link.from_on = true;
    link.to = marks.eliminated.front();
    marks.links.push_back(link);
  }
  sudoku::svg_options options;
  options.title = std::string(line);
  options.coordinates = line.size() % 2 == 1;
  options.id = "p\"<&" + std::string(line.substr(0, 3));
  const std::string svg = sudoku::render_svg(v, board, marks, options);
  check_xml(svg);
  std::size_t cell_rects = 0;
  for (std::size_t at = svg.find("<rect data-cell="); at != std::string::npos;
       at = svg.find("<rect data-cell=", at + 1))
    ++cell_rects;
  FUZZ_CHECK(cell_rects == v.cells().size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const sudoku::rules r = rules_of(choices[data[0] % choices.size()]);
  const std::optional<sudoku::shape> expected =
      data[0] & 0x80 ? std::optional<sudoku::shape>(sudoku::shape{}) : std::nullopt;
  // The line format of a --regions layout, without the layout: what
  // append_puzzle writes (it knows the variant, not the rules).
  sudoku::rules own_layout = r;
  own_layout.layout.reset();

  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  sudoku::variant kept = start_variant(r);  // kept from line to line, as the tools keep it
  sudoku::grid givens, kept_givens;
  // Two lines at most: the second checks the kept variant, and more only cost
  // time. With no limit the corpus drifted to inputs of many killer lines
  // (each parse and model some 3 ms under the sanitizers) and the rate fell
  // from about 500 to 200 inputs a second.
  for (std::size_t start = 0, line_number = 0; start <= text.size() && line_number < 2;
       ++line_number) {
    const std::size_t stop = std::min(text.find('\n', start), text.size());
    const std::string_view line = text.substr(start, stop - start);
    start = stop + 1;

    sudoku::variant v = start_variant(r);
    sudoku::sdm_fields fields;
    const auto e = sudoku::parse_puzzle(line, r, v, givens, expected, &fields);
    // The kept variant must end as a fresh one would: replaced when it differs.
    // (On the first line it is the fresh one.)
    std::optional<sudoku::text_error> kept_e = e;
    if (line_number == 0) {
      kept = v;
      kept_givens = givens;
    } else {
      kept_e = sudoku::parse_puzzle(line, r, kept, kept_givens, expected);
    }
    FUZZ_CHECK(e.has_value() == kept_e.has_value());
    if (e) {
      FUZZ_CHECK(e->column >= 1 && e->column <= line.size() + 1);
      FUZZ_CHECK(!e->message.empty());
      FUZZ_CHECK(kept_e->column == e->column && kept_e->message == e->message);
      continue;
    }
    FUZZ_CHECK(kept == v && kept_givens == givens);
    FUZZ_CHECK(fields.grid_offset < line.size());
    FUZZ_CHECK(fields.annotation.empty() ||
               (fields.annotation.data() >= line.data() &&
                fields.annotation.data() + fields.annotation.size() <= line.data() + line.size()));
    // A line of ISS's or an f-puzzles link, read in any mode (is_iss,
    // is_fpuzzles), carries rules of its own: their targets check those.
    if (sudoku::is_iss(line) || sudoku::is_fpuzzles(line)) continue;
    check_parsed(v, givens, r);
    check_picture(v, givens, line);

    // What parses prints back as a line that parses to the same.
    std::string printed;
    sudoku::append_puzzle(v, givens, printed);
    sudoku::variant again_v = start_variant(r);
    sudoku::grid again;
    const auto back = sudoku::parse_puzzle(printed, own_layout, again_v, again, expected);
    if (back) {
      std::fprintf(stderr, "append_puzzle wrote '%s'; column %zu: %s\n", printed.c_str(),
                   back->column, back->message.c_str());
    }
    FUZZ_CHECK(!back);
    FUZZ_CHECK(again_v == v);
    FUZZ_CHECK(again == givens);
    if (r.layout) {
      // Under --regions a line holds the givens alone.
      printed.clear();
      sudoku::append_board(v, givens, printed);
      FUZZ_CHECK(!sudoku::parse_puzzle(printed, r, again_v, again, expected));
      FUZZ_CHECK(again_v == v && again == givens);
    }

    // The validator takes any parsed puzzle; it can only find clashes or sums.
    const auto check = sudoku::check_puzzle(v, givens);
    FUZZ_CHECK(check.status == sudoku::check_status::valid ||
               check.status == sudoku::check_status::clash ||
               (check.status == sudoku::check_status::wrong_sum && !v.cages().empty()));
    FUZZ_CHECK((check.status == sudoku::check_status::clash) ==
               sudoku::first_clash(v, givens).has_value());
    if (!check.ok()) FUZZ_CHECK(!check.message(v).empty());

    // A killer's model is small (729 cell options and the cage combinations):
    // build it and check that its numbering agrees with the problem.
    if (!v.cages().empty()) {
      const sudoku::model m(v);
      const dlx::problem p = m.build();
      FUZZ_CHECK(m.option_count() >= 0 && p.option_count() == std::size_t(m.option_count()));
      FUZZ_CHECK(m.item_count() >= 0 && p.item_count() == std::size_t(m.item_count()));
      FUZZ_CHECK(m.cell_option_count() == v.cells().size() * 9);
      for (std::uint32_t cell : v.cells()) {
        for (int d = 1; d <= 9; ++d) {
          const auto o = m.option(cell, d);
          FUZZ_CHECK(o < m.cell_option_count() && m.cell_of(o) == cell && m.digit_of(o) == d);
        }
      }
      for (dlx::item_id i = 0; i < p.item_count(); ++i) {
        const int c = m.constraint_of(i);
        FUZZ_CHECK(c >= -1 && c < static_cast<int>(v.units().size() + v.cages().size()));
      }
      if (static_cast<std::size_t>(givens.given_count()) == v.cells().size()) {
        check_solution_covers(v, givens);
      }
    }
  }
  return 0;
}
