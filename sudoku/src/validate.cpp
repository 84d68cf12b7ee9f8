#include "sudoku/validate.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "clue_check.hpp"
#include "sudoku/solver.hpp"

#include <fmt/core.h>
#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <array>
#include <vector>

namespace sudoku {

namespace {

// The plain variant of a shape, kept per thread: the overloads without a
// variant are called for every solution a tool prints.
const variant& classic(const shape& s) {
  thread_local std::optional<variant> cached;
  if (!cached || cached->shape() != s) cached.emplace(s);
  return *cached;
}

unit_kind kind_of(const variant& v, std::uint32_t constraint) {
  return constraint < v.units().size() ? v.units()[constraint].kind : unit_kind::cage;
}

const std::vector<std::uint32_t>& cells_of(const variant& v, std::uint32_t constraint) {
  return constraint < v.units().size() ? v.units()[constraint].cells
                                       : v.cages()[constraint - v.units().size()].cells;
}

// Calls f(unit kind, first cell, second cell, digit) for every cell whose digit
// already appeared in one of its units or cages, scanning cells in reading
// order; stops when f returns true. A bit per (constraint, digit), inline for
// every variant here (samurai has 131 units): no allocation, so the tools can
// afford to check every solution they print.
template <class F>
void scan_clashes(const variant& v, const grid& g, F&& f) {
  const int n = v.digits();
  const auto cells = g.cells();
  boost::container::small_vector<std::uint64_t, 192> seen(v.units().size() + v.cages().size(), 0);
  for (std::uint32_t cell : v.all_cells()) {
    const int d = cells[cell];
    if (d == 0 || d > n) continue;  // blanks; out-of-range values are check_puzzle's business
    const std::uint64_t bit = std::uint64_t{1} << d;
    for (std::uint32_t c : v.constraints_of(cell)) {
      if ((seen[c] & bit) == 0) {
        seen[c] |= bit;
        continue;
      }
      const auto& unit_cells = cells_of(v, c);
      const auto first = *std::find_if(unit_cells.begin(), unit_cells.end(),
                                       [&](std::uint32_t p) { return cells[p] == d; });
      if (f(kind_of(v, c), std::size_t{first}, std::size_t{cell}, d)) return;
    }
  }
}

check_result failed(check_status status, std::size_t cell = 0) {
  check_result r;
  r.status = status;
  r.cell = cell;
  return r;
}

// Where a grid's values are not what the variant allows: a value above n, or a
// digit outside every grid.
std::optional<check_result> bad_value(const variant& v, const grid& g) {
  const auto cells = g.cells();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i] == 0) continue;
    if (!v.is_cell(i)) return failed(check_status::outside, i);
    if (cells[i] > v.digits()) return failed(check_status::bad_digit, i);
  }
  return std::nullopt;
}

// A cage over its sum (or, when full, not at it).
std::optional<check_result> bad_sum(const variant& v, const grid& g) {
  const auto cells = g.cells();
  for (std::size_t k = 0; k < v.cages().size(); ++k) {
    const cage& c = v.cages()[k];
    int total = 0;
    bool full = true;
    for (std::uint32_t p : c.cells) {
      total += cells[p];
      full = full && cells[p] != 0;
    }
    if (total > c.sum || (full && total != c.sum)) {
      check_result r = failed(check_status::wrong_sum, c.cells.front());
      r.cage = k;
      r.total = total;
      return r;
    }
  }
  return std::nullopt;
}

bool same_board(const variant& v, const grid& g) {
  return g.shape() == v.shape() && g.rows() == v.rows() && g.columns() == v.columns();
}

// A board with its variables (variant::variables) after it, in rows of the
// board's width, so that every check reads a variable at its own position;
// `digits` one per variable, or none (blanks).
grid with_variables(const variant& v, const grid& board, std::span<const std::uint8_t> digits) {
  const std::size_t count = v.all_positions() - v.positions();
  const auto columns = static_cast<std::size_t>(v.columns());
  grid out(v.shape(), v.rows() + static_cast<int>((count + columns - 1) / columns), v.columns());
  std::copy(board.cells().begin(), board.cells().end(), out.cells().begin());
  std::copy(digits.begin(), digits.end(),
            out.cells().begin() + static_cast<std::ptrdiff_t>(v.positions()));
  return out;
}

}  // namespace

std::string describe(const clash& c, const variant& v) {
  return fmt::format("{} repeats {} of {} (same {})", v.cell_name(c.second), v.cell_char(c.digit),
                     v.cell_name(c.first), to_string(c.unit));
}

std::string describe(const clash& c, const shape& s) {
  return describe(c, classic(s));
}

// True when no unit or cage holds a digit twice: a bit per digit, a unit at a
// time. Several times cheaper than scan_clashes, which also says where (in
// reading order); the tools check every solution they print.
bool clash_free(const variant& v, const grid& g) {
  if (v.digits() > 62) return false;  // no bit per digit: the slow path decides
  const std::uint8_t* const cells = g.cells().data();
  // Bits 1..n. A value above 63 wraps onto another bit: at worst a false
  // alarm, which the slow path then clears.
  const std::uint64_t digits = ((std::uint64_t{1} << (v.digits() + 1)) - 1) & ~std::uint64_t{1};
  std::uint64_t repeated = 0;
  auto scan = [&](const std::vector<std::uint32_t>& unit) {
    std::uint64_t seen = 0;
    for (std::uint32_t p : unit) {
      const std::uint64_t bit = (std::uint64_t{1} << (cells[p] & 63)) & digits;
      repeated |= seen & bit;
      seen |= bit;
    }
  };
  for (const unit& u : v.units())
    scan(u.cells);
  for (const cage& c : v.cages())
    scan(c.cells);
  return repeated == 0;
}

std::optional<clash> first_clash(const variant& v, const grid& g) {
  if (clash_free(v, g)) return std::nullopt;
  std::optional<clash> found;
  scan_clashes(v, g, [&](unit_kind unit, std::size_t a, std::size_t b, int d) {
    found = clash{a, b, d, unit};
    return true;
  });
  return found;
}

std::optional<clash> first_clash(const grid& g) {
  return first_clash(classic(g.shape()), g);
}

std::vector<clash> all_clashes(const variant& v, const grid& g) {
  std::vector<clash> found;
  scan_clashes(v, g, [&](unit_kind unit, std::size_t a, std::size_t b, int d) {
    found.push_back({a, b, d, unit});
    return false;
  });
  return found;
}

std::vector<clash> all_clashes(const grid& g) {
  return all_clashes(classic(g.shape()), g);
}

std::string check_result::message(const variant& v) const {
  switch (status) {
    case check_status::valid:
      return "valid";
    case check_status::clash:
      return describe(*conflict, v);
    case check_status::incomplete:
      return fmt::format("{} is blank", v.cell_name(cell));
    case check_status::changes_given:
      return fmt::format("{} differs from the puzzle's given", v.cell_name(cell));
    case check_status::shape_mismatch:
      return "the solution and the puzzle differ in size";
    case check_status::bad_digit:
      return fmt::format("{} holds a digit above {}", v.cell_name(cell), v.digits());
    case check_status::outside:
      return fmt::format("{} is outside the grids but holds a digit", v.cell_name(cell));
    case check_status::wrong_sum:
      return fmt::format("the digits of {} add up to {}", v.cage_name(v.cages()[cage]), total);
    case check_status::broken_clue:
      return reason;
  }
  return "invalid";
}

std::string check_result::message(const shape& s) const {
  return message(classic(s));
}

namespace {

// check_puzzle on a board, or on one with its variables (with_variables).
check_result check_cells(const variant& v, const grid& puzzle) {
  if (auto bad = bad_value(v, puzzle)) return *bad;
  if (auto c = first_clash(v, puzzle)) {
    check_result r = failed(check_status::clash, c->second);
    r.conflict = c;
    return r;
  }
  if (auto bad = bad_sum(v, puzzle)) return *bad;
  if (auto broken = detail::first_broken_clue(v, puzzle)) {
    check_result r = failed(check_status::broken_clue, broken->cell);
    r.clue = broken->clue;
    r.reason = std::move(broken->reason);
    return r;
  }
  return {};
}

// A solution's variables are not written: a search with the board given finds
// digits for them (the model, so the answer's own search, may find them),
// and the checks then read them as the board's, by each rule's wording. None:
// what breaks a rule with the variables blank, or else that no digits do.
check_result check_with_variables(const variant& v, const grid& solution) {
  const auto cells = solution.cells();
  for (std::uint32_t cell : v.cells()) {
    if (cells[cell] == 0) return failed(check_status::incomplete, cell);
  }
  if (auto bad = bad_value(v, solution)) return *bad;
  // One solver per thread and layout: the tools check every solution they
  // print, and a model is built once (a variant compares by revision).
  thread_local std::optional<sudoku::solver> cached;
  if (!cached || !(cached->variant() == v)) cached.emplace(v);
  sudoku::solver& search = *cached;
  grid found = v.empty_grid();
  const result r = search.solve(solution, found);
  if (r.status != status::solved) {
    check_result blank = check_cells(v, with_variables(v, solution, {}));
    if (!blank.ok()) return blank;
    check_result none = failed(check_status::broken_clue, v.positions());
    none.clue = v.clues().size();
    none.reason = "no digits of the variables make every rule hold";
    return none;
  }
  const grid full = with_variables(v, solution, search.variable_digits());
  check_result checked = check_cells(v, full);
  if (!checked.ok()) return checked;
  for (std::uint32_t cell : v.all_cells()) {
    if (full[cell] == 0) return failed(check_status::incomplete, cell);
  }
  return checked;
}

}  // namespace

check_result check_puzzle(const variant& v, const grid& puzzle) {
  if (!same_board(v, puzzle)) return failed(check_status::shape_mismatch);
  if (!v.variables().empty()) return check_cells(v, with_variables(v, puzzle, {}));
  return check_cells(v, puzzle);
}

check_result check_puzzle(const grid& puzzle) {
  return check_puzzle(classic(puzzle.shape()), puzzle);
}

check_result check_solution(const variant& v, const grid& solution) {
  if (!v.variables().empty() && same_board(v, solution)) return check_with_variables(v, solution);
  check_result r = check_puzzle(v, solution);
  if (!r.ok()) return r;
  const auto cells = solution.cells();
  for (std::uint32_t cell : v.cells()) {
    if (cells[cell] == 0) return failed(check_status::incomplete, cell);
  }
  return r;
}

check_result check_solution(const grid& solution) {
  return check_solution(classic(solution.shape()), solution);
}

namespace {

// Whether each unit of n cells holds every digit, the cells' digits given as
// bits (N: n known when compiled, or 0).
template <int N>
bool units_complete(std::span<const unit> units, const std::uint64_t* bits, std::uint64_t all,
                    int n = N) {
  for (const unit& u : units) {
    if (u.cells.size() != static_cast<std::size_t>(n)) return false;
    const std::uint32_t* c = u.cells.data();
    std::uint64_t seen = 0;
    for (int k = 0; k < (N > 0 ? N : n); ++k)
      seen |= bits[c[k]];
    if (seen != all) return false;
  }
  return true;
}

}  // namespace

// A quick yes for the common case, with no message to build: every position a
// cell, no cage, every unit of n cells holding each digit (so none twice), each
// given kept. Anything else, or any doubt, goes the detailed way, which says
// what is wrong; this one never accepts what that one would refuse. The tools
// check every solution they print, so this is on every answer's path.
bool plainly_valid(const variant& v, const grid& puzzle, const grid& solution) {
  const int n = v.digits();
  if (n > 62 || !v.cages().empty() || !v.clues().empty() || v.has_restrictions() ||
      v.cells().size() != v.positions() || !v.variables().empty()) {
    return false;
  }
  if (puzzle.cells().size() != solution.cells().size()) return false;
  const std::uint8_t* const p = puzzle.cells().data();
  const std::uint8_t* const s = solution.cells().data();
  const std::size_t size = solution.cells().size();
  // Each cell's digit as a bit, once (a 9x9 grid: 81 shifts, not 243), while
  // checking the digits and the givens, branch-free: the common case is good.
  std::array<std::uint64_t, 1024> bits_here;
  std::vector<std::uint64_t> bits_far;
  std::uint64_t* const bits =
      size <= bits_here.size() ? bits_here.data() : (bits_far.resize(size), bits_far.data());
  unsigned bad = 0;
  std::size_t i = 0;
#if defined(__SSE2__)
  // Sixteen cells at a time: a digit outside 1..n, or a given changed.
  const __m128i zero = _mm_setzero_si128();
  const __m128i above = _mm_set1_epi8(static_cast<char>(n + 1));
  for (; i + 16 <= size; i += 16) {
    const __m128i value = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i));
    const __m128i given = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i out_of_range = _mm_or_si128(_mm_cmpeq_epi8(value, zero),
                                              _mm_cmpeq_epi8(_mm_max_epu8(value, above), value));
    const __m128i kept = _mm_or_si128(_mm_cmpeq_epi8(given, zero), _mm_cmpeq_epi8(given, value));
    bad |= static_cast<unsigned>(_mm_movemask_epi8(_mm_andnot_si128(kept, _mm_set1_epi8(-1)))) |
           static_cast<unsigned>(_mm_movemask_epi8(out_of_range));
  }
#endif
  for (; i < size; ++i) {
    const unsigned value = s[i], given = p[i];
    bad |= (value - 1u >= static_cast<unsigned>(n)) | (given != 0 && given != value);
  }
  if (bad) return false;
  // (From a table: the portable build has no vector shift by a variable.)
  static constexpr auto bit_of = [] {
    std::array<std::uint64_t, 64> t{};
    for (unsigned d = 0; d < 64; ++d)
      t[d] = std::uint64_t{1} << d;
    return t;
  }();
  for (i = 0; i < size; ++i)
    bits[i] = bit_of[s[i]];
  const std::uint64_t all = ((std::uint64_t{1} << n) - 1) << 1;
  // Then each unit ORs its cells' bits (unrolled for 9x9).
  return n == 9 ? units_complete<9>(v.units(), bits, all)
                : units_complete<0>(v.units(), bits, all, n);
}

check_result check_solution(const variant& v, const grid& puzzle, const grid& solution) {
  if (!same_board(v, puzzle) || !same_board(v, solution))
    return failed(check_status::shape_mismatch);
  if (plainly_valid(v, puzzle, solution)) return {};
  const auto p = puzzle.cells();
  const auto s = solution.cells();
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] != 0 && p[i] != s[i]) return failed(check_status::changes_given, i);
  }
  return check_solution(v, solution);
}

check_result check_solution(const grid& puzzle, const grid& solution) {
  if (puzzle.shape() != solution.shape()) return failed(check_status::shape_mismatch);
  return check_solution(classic(puzzle.shape()), puzzle, solution);
}

}  // namespace sudoku
