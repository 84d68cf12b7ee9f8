#include "sudoku/variant.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <span>
#include <stdexcept>

namespace sudoku {

std::uint64_t variant::next_revision() noexcept {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

std::string_view to_string(unit_kind k) noexcept {
  switch (k) {
    case unit_kind::row:
      return "row";
    case unit_kind::column:
      return "column";
    case unit_kind::box:
      return "box";
    case unit_kind::region:
      return "region";
    case unit_kind::diagonal:
      return "diagonal";
    case unit_kind::window:
      return "window";
    case unit_kind::disjoint:
      return "disjoint set";
    case unit_kind::cage:
      return "cage";
  }
  return "unit";
}

// ---- rules ------------------------------------------------------------------

std::string rules::name() const {
  std::string out;
  auto add = [&](bool on, std::string_view word) {
    if (!on) return;
    if (!out.empty()) out += ',';
    out += word;
  };
  add(iss, "iss");
  add(fpuzzles, "fpuzzles");
  add(samurai, "samurai");
  add(jigsaw, "jigsaw");
  add(killer, "killer");
  add(diagonals, "x");
  add(windows, "windoku");
  return out.empty() ? std::string("classic") : out;
}

std::optional<rules> rules::parse(std::string_view list, std::string& error) {
  rules r;
  bool classic = false;
  std::size_t names = 0;
  while (true) {
    const auto comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    ++names;
    bool* flag = name == "x"          ? &r.diagonals
                 : name == "windoku"  ? &r.windows
                 : name == "jigsaw"   ? &r.jigsaw
                 : name == "killer"   ? &r.killer
                 : name == "samurai"  ? &r.samurai
                 : name == "iss"      ? &r.iss
                 : name == "fpuzzles" ? &r.fpuzzles
                                      : nullptr;
    if (name == "classic") {
      classic = true;
    } else if (!flag) {
      error = fmt::format(
          "unknown variant '{}' (expected x, windoku, jigsaw, killer, samurai, iss, fpuzzles)",
          name);
      return std::nullopt;
    } else if (*flag) {
      error = fmt::format("variant '{}' named twice", name);
      return std::nullopt;
    } else {
      *flag = true;
    }
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  if (classic && names > 1) {
    error = "'classic' means no variant: it does not combine with others";
    return std::nullopt;
  }
  // Each line format carries one kind of extra data: regions, cages, or a board.
  if (r.jigsaw + r.killer + r.samurai > 1) {
    error = "jigsaw, killer and samurai do not combine with each other";
    return std::nullopt;
  }
  if ((r.iss || r.fpuzzles) && names > 1) {
    error = fmt::format("{}: each puzzle carries its own rules; it combines with no other variant",
                        r.iss ? "iss" : "fpuzzles");
    return std::nullopt;
  }
  if (r.samurai && (r.diagonals || r.windows)) {
    error = "samurai does not combine with x or windoku";
    return std::nullopt;
  }
  return r;
}

// ---- variant ----------------------------------------------------------------

variant::variant(sudoku::shape s, int rows, int columns)
    : shape_(s),
      rows_(rows),
      columns_(columns),
      inside_(static_cast<std::size_t>(rows) * static_cast<std::size_t>(columns), 0) {}

variant::variant(sudoku::shape s) : variant(s, s.size(), s.size()) {
  add_grid(0, 0, -1);
  index_constraints();
}

variant variant::samurai() {
  variant v(sudoku::shape{}, 21, 21);
  v.parts_ = 5;
  // Grids 1-4 at the corners, 5 in the centre; reading order puts the centre
  // third, but players number it last, and so do we.
  const int corners[5][2] = {{0, 0}, {0, 12}, {12, 0}, {12, 12}, {6, 6}};
  for (int g = 0; g < 5; ++g)
    v.add_grid(corners[g][0], corners[g][1], g);
  // Units in kind order (all rows, then columns, then boxes), not grid order:
  // the model's item order follows, as in the plain model.
  std::stable_sort(v.units_.begin(), v.units_.end(),
                   [](const unit& a, const unit& b) { return a.kind < b.kind; });
  v.index_constraints();
  return v;
}

variant variant::board(int rows, int columns, int digits) {
  if (rows < 1 || columns < 1 || digits < std::max(rows, columns) || digits > max_size) {
    throw std::invalid_argument(fmt::format(
        "sudoku::variant: a {}x{} board cannot hold {} different digits", rows, columns, digits));
  }
  variant v = raw_board(rows, columns, digits);
  const auto at = [columns](int r, int c) { return static_cast<std::uint32_t>(r * columns + c); };
  for (int r = 0; r < rows; ++r) {
    std::vector<std::uint32_t> cells;
    for (int c = 0; c < columns; ++c)
      cells.push_back(at(r, c));
    v.add_unit(unit_kind::row, r, -1, std::move(cells));
  }
  for (int c = 0; c < columns; ++c) {
    std::vector<std::uint32_t> cells;
    for (int r = 0; r < rows; ++r)
      cells.push_back(at(r, c));
    v.add_unit(unit_kind::column, c, -1, std::move(cells));
  }
  v.index_constraints();
  return v;
}

bool variant::add_boxes(int box_rows, int box_cols) {
  if (box_rows < 1 || box_cols < 1 || rows_ % box_rows != 0 || columns_ % box_cols != 0 ||
      box_rows * box_cols > digits() || parts_ != 1) {
    return false;
  }
  revision_ = next_revision();
  int index = 0;
  for (int top = 0; top < rows_; top += box_rows) {
    for (int left = 0; left < columns_; left += box_cols) {
      std::vector<std::uint32_t> cells;
      for (int r = top; r < top + box_rows; ++r) {
        for (int c = left; c < left + box_cols; ++c)
          cells.push_back(static_cast<std::uint32_t>(r * columns_ + c));
      }
      add_unit(unit_kind::box, index++, -1, std::move(cells));
    }
  }
  // Boxes after rows and columns, before the rest, as a grid's.
  std::stable_sort(units_.begin(), units_.end(),
                   [](const unit& a, const unit& b) { return a.kind < b.kind; });
  index_constraints();
  return true;
}

variant variant::raw_board(int rows, int columns, int digits) {
  if (rows < 1 || columns < 1 || rows > max_size || columns > max_size || digits < 1 ||
      digits > max_size) {
    throw std::invalid_argument(fmt::format(
        "sudoku::variant: no {}x{} board of {} digits is supported", rows, columns, digits));
  }
  variant v(sudoku::shape{1, digits}, rows, columns);
  std::fill(v.inside_.begin(), v.inside_.end(), std::uint8_t{1});
  v.cells_.resize(v.inside_.size());
  std::iota(v.cells_.begin(), v.cells_.end(), std::uint32_t{0});
  v.index_constraints();
  return v;
}

bool variant::full_units() const noexcept {
  if (units_.empty()) return false;
  return std::all_of(units_.begin(), units_.end(), [&](const unit& u) {
    return u.cells.size() == static_cast<std::size_t>(digits());
  });
}

void variant::add_grid(int top, int left, int part) {
  const int n = shape_.size();
  corners_.emplace_back(top, left);
  auto position = [&](int r, int c) {
    return static_cast<std::uint32_t>((top + r) * columns_ + left + c);
  };
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c)
      inside_[position(r, c)] = 1;
  }
  cells_.clear();
  for (std::uint32_t p = 0; p < inside_.size(); ++p) {
    if (inside_[p]) cells_.push_back(p);
  }
  std::vector<std::uint32_t> cells;
  for (int kind = 0; kind < 3; ++kind) {
    for (int i = 0; i < n; ++i) {
      cells.clear();
      for (int k = 0; k < n; ++k) {
        if (kind == 0) {
          cells.push_back(position(i, k));
        } else if (kind == 1) {
          cells.push_back(position(k, i));
        } else {
          cells.push_back(position(i / shape_.box_rows * shape_.box_rows + k / shape_.box_cols,
                                   i % shape_.box_rows * shape_.box_cols + k % shape_.box_cols));
        }
      }
      std::sort(cells.begin(), cells.end());
      add_unit(static_cast<unit_kind>(kind), i, part, cells);
    }
  }
}

void variant::add_unit(unit_kind kind, int index, int part, std::vector<std::uint32_t> cells) {
  // Samurai grids share their corner boxes: one unit, not two with the same cells.
  for (const unit& u : units_) {
    if (u.cells == cells) return;
  }
  units_.push_back({kind, index, part, std::move(cells)});
}

void variant::index_constraints() {
  std::vector<std::uint32_t> count(all_positions() + 1, 0);
  auto each = [&](auto&& f) {
    for (std::size_t u = 0; u < units_.size(); ++u) {
      for (std::uint32_t p : units_[u].cells)
        f(p, static_cast<std::uint32_t>(u));
    }
    for (std::size_t c = 0; c < cages_.size(); ++c) {
      for (std::uint32_t p : cages_[c].cells)
        f(p, static_cast<std::uint32_t>(units_.size() + c));
    }
  };
  each([&](std::uint32_t p, std::uint32_t) { ++count[p + 1]; });
  for (std::size_t p = 1; p < count.size(); ++p)
    count[p] += count[p - 1];
  constraint_start_ = count;
  constraint_list_.assign(count.back(), 0);
  each([&](std::uint32_t p, std::uint32_t c) { constraint_list_[count[p]++] = c; });
}

// What index_constraints() would give with the last cage added, without
// walking every unit again (a killer adds about thirty cages): the cage's
// constraint is the largest, so it ends each of its cells' lists, and the
// lists move up, from the last position down, by the cage's cells before them.
void variant::index_last_cage() {
  const auto id = static_cast<std::uint32_t>(units_.size() + cages_.size() - 1);
  std::vector<std::uint32_t> cells = cages_.back().cells;
  std::sort(cells.begin(), cells.end());
  std::size_t shift = cells.size();  // the cage's cells at p or before
  constraint_list_.resize(constraint_list_.size() + shift);
  std::uint32_t* const list = constraint_list_.data();
  auto next = cells.rbegin();
  const std::size_t n = all_positions();
  std::uint32_t old_end = constraint_start_[n];
  constraint_start_[n] += static_cast<std::uint32_t>(shift);
  for (std::size_t p = n; p-- > 0 && shift > 0;) {
    const std::uint32_t old_begin = constraint_start_[p];
    std::size_t here = 0;
    for (; next != cells.rend() && *next == p; ++next)
      list[old_end + shift - 1 - here++] = id;
    shift -= here;
    std::copy_backward(list + old_begin, list + old_end, list + old_end + shift);
    constraint_start_[p] = old_begin + static_cast<std::uint32_t>(shift);
    old_end = old_begin;
  }
}

std::span<const std::uint32_t> variant::constraints_of(std::size_t position) const {
  return std::span<const std::uint32_t>(constraint_list_)
      .subspan(constraint_start_[position],
               constraint_start_[position + 1] - constraint_start_[position]);
}

std::optional<std::string> variant::set_regions(std::span<const std::uint8_t> region_of) {
  revision_ = next_revision();
  const int n = shape_.size();
  std::vector<std::vector<std::uint32_t>> regions(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < cells().size() && i < region_of.size(); ++i) {
    if (region_of[i] >= n) return fmt::format("region {} does not exist", region_of[i] + 1);
    regions[region_of[i]].push_back(cells()[i]);
  }
  for (int r = 0; r < n; ++r) {
    const auto size = regions[static_cast<std::size_t>(r)].size();
    if (size != static_cast<std::size_t>(n)) {
      return fmt::format("region {} has {}, not {}", r + 1, dlx::counted(size, "cell"), n);
    }
  }
  std::erase_if(units_, [](const unit& u) { return u.kind == unit_kind::box; });
  std::vector<unit> made;
  for (int r = 0; r < n; ++r)
    made.push_back({unit_kind::region, r, -1, std::move(regions[static_cast<std::size_t>(r)])});
  insert_regions(std::move(made));
  return std::nullopt;
}

void variant::insert_regions(std::vector<unit> made) {
  // Regions go where the boxes were: before any diagonal or window.
  auto at = std::find_if(units_.begin(), units_.end(),
                         [](const unit& u) { return u.kind > unit_kind::region; });
  units_.insert(at, std::make_move_iterator(made.begin()), std::make_move_iterator(made.end()));
  regions_ = true;
  index_constraints();
}

void variant::add_diagonals() {
  revision_ = next_revision();
  const int n = shape_.size();
  for (std::size_t g = 0; g < corners_.size(); ++g) {
    const auto [top, left] = corners_[g];
    for (int d = 0; d < 2; ++d) {
      std::vector<std::uint32_t> cells;
      for (int k = 0; k < n; ++k) {
        const int c = d == 0 ? k : n - 1 - k;
        cells.push_back(static_cast<std::uint32_t>((top + k) * columns_ + left + c));
      }
      std::sort(cells.begin(), cells.end());
      add_unit(unit_kind::diagonal, d, parts_ > 1 ? static_cast<int>(g) : -1, std::move(cells));
    }
  }
  index_constraints();
}

bool variant::add_windows() {
  const int b = shape_.box_rows;
  if (shape_.box_cols != b || corners_.empty()) return false;  // (a board has no grid)
  revision_ = next_revision();
  const int n = shape_.size();
  int index = 0;
  for (std::size_t g = 0; g < corners_.size(); ++g) {
    const auto [top, left] = corners_[g];
    // Windows start one cell in and leave one line between them: rows 2-4 and
    // 6-8 (1-based) of 9x9.
    for (int r0 = 1; r0 + b <= n - 1; r0 += b + 1) {
      for (int c0 = 1; c0 + b <= n - 1; c0 += b + 1) {
        std::vector<std::uint32_t> cells;
        for (int k = 0; k < n; ++k) {
          cells.push_back(
              static_cast<std::uint32_t>((top + r0 + k / b) * columns_ + left + c0 + k % b));
        }
        add_unit(unit_kind::window, index++, parts_ > 1 ? static_cast<int>(g) : -1,
                 std::move(cells));
      }
    }
  }
  index_constraints();
  return true;
}

void variant::add_cage(sudoku::cage c) {
  revision_ = next_revision();
  if (cage_combination_sets(static_cast<int>(c.cells.size()), c.sum, digits()).empty()) {
    throw std::invalid_argument(
        fmt::format("sudoku::variant: no {} different digits 1-{} add up to {}", c.cells.size(),
                    digits(), c.sum));
  }
  cages_.push_back(std::move(c));
  index_last_cage();
}

void variant::add_diagonal(int which) {
  revision_ = next_revision();
  // A square board's side (variant::board: fewer cells than digits).
  const int n = std::min(rows_, columns_);
  std::vector<std::uint32_t> cells;
  for (int k = 0; k < n; ++k) {
    const int c = which == 0 ? k : n - 1 - k;
    cells.push_back(static_cast<std::uint32_t>(k * columns_ + c));
  }
  std::sort(cells.begin(), cells.end());
  add_unit(unit_kind::diagonal, which, -1, std::move(cells));
  index_constraints();
}

void variant::remove_boxes() {
  revision_ = next_revision();
  std::erase_if(units_, [](const unit& u) { return u.kind == unit_kind::box; });
  index_constraints();
}

std::optional<std::string> variant::add_region(std::vector<std::uint32_t> cells) {
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  // n cells, or fewer on a board of more digits than its side (each then once at most).
  const bool board = rows_ != digits() || columns_ != digits();
  if (cells.size() != static_cast<std::size_t>(digits()) &&
      (!board || cells.empty() || cells.size() > static_cast<std::size_t>(digits()))) {
    return fmt::format("a region has {}, not {}", dlx::counted(cells.size(), "cell"), digits());
  }
  for (std::uint32_t p : cells) {
    if (p >= all_positions() || !inside_[p]) return fmt::format("position {} is not a cell", p);
  }
  revision_ = next_revision();
  const auto index = static_cast<int>(std::count_if(
      units_.begin(), units_.end(), [](const unit& u) { return u.kind == unit_kind::region; }));
  insert_regions({unit{unit_kind::region, index, -1, std::move(cells)}});
  return std::nullopt;
}

void variant::add_disjoint_sets() {
  revision_ = next_revision();
  // The cells at the same place (in reading order) of every box: copied,
  // since adding the sets' units moves the units.
  std::vector<std::vector<std::uint32_t>> boxes;
  for (const unit& u : units_) {
    if (u.kind == unit_kind::box) boxes.push_back(u.cells);
  }
  if (!boxes.empty()) {
    std::size_t places = 0;
    for (const auto& b : boxes)
      places = std::max(places, b.size());
    for (std::size_t place = 0; place < places; ++place) {
      std::vector<std::uint32_t> cells;
      for (const auto& b : boxes) {
        if (place < b.size()) cells.push_back(b[place]);
      }
      std::sort(cells.begin(), cells.end());
      add_unit(unit_kind::disjoint, static_cast<int>(place), -1, std::move(cells));
    }
    index_constraints();
    return;
  }
  const int n = shape_.size();
  for (int place = 0; place < n; ++place) {
    std::vector<std::uint32_t> cells;
    for (int box = 0; box < n; ++box) {
      const int r = box / shape_.box_rows * shape_.box_rows + place / shape_.box_cols;
      const int c = box % shape_.box_rows * shape_.box_cols + place % shape_.box_cols;
      cells.push_back(static_cast<std::uint32_t>(r * columns_ + c));
    }
    std::sort(cells.begin(), cells.end());
    add_unit(unit_kind::disjoint, place, -1, std::move(cells));
  }
  index_constraints();
}

void variant::set_first_value(int first) {
  if (first != 0 && first != 1) {
    throw std::invalid_argument(
        fmt::format("sudoku::variant: values start at 0 or 1, not {}", first));
  }
  revision_ = next_revision();
  first_value_ = first;
}

void variant::add_clue(sudoku::clue c) {
  revision_ = next_revision();
  for (std::uint32_t p : c.cells) {
    if (p >= all_positions() || !inside_[p]) {
      throw std::invalid_argument(fmt::format("sudoku::variant: position {} is not a cell", p));
    }
  }
  clues_.push_back(std::move(c));
}

void variant::replace_clue(std::size_t index, sudoku::clue c) {
  if (index >= clues_.size()) {
    throw std::invalid_argument(fmt::format("sudoku::variant: no clue {}", index));
  }
  add_clue(std::move(c));  // checks its cells
  clues_[index] = std::move(clues_.back());
  clues_.pop_back();
}

void variant::restrict_digits(std::size_t position, std::uint64_t mask) {
  revision_ = next_revision();
  if (candidates_.empty()) candidates_.assign(all_positions(), all_digits());
  candidates_[position] &= mask;
}

namespace {

// Erases the elements of `v` at `indices` (any order, repeats ignored).
template <class T>
void erase_at(std::vector<T>& v, std::span<const std::size_t> indices, const char* what) {
  std::vector<std::uint8_t> gone(v.size(), 0);
  for (const std::size_t i : indices) {
    if (i >= v.size()) {
      throw std::out_of_range(
          fmt::format("sudoku::variant::remove: no {} {} (of {})", what, i, v.size()));
    }
    gone[i] = 1;
  }
  std::size_t kept = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (gone[i]) continue;
    if (kept != i) v[kept] = std::move(v[i]);  // not onto itself: that empties a vector
    ++kept;
  }
  v.erase(v.begin() + static_cast<std::ptrdiff_t>(kept), v.end());
}

}  // namespace

void variant::remove(std::span<const std::size_t> units, std::span<const std::size_t> cages,
                     std::span<const std::size_t> clues,
                     std::span<const std::size_t> unrestricted) {
  for (const std::size_t p : unrestricted) {
    if (p >= all_positions()) {
      throw std::out_of_range(fmt::format("sudoku::variant::remove: no position {}", p));
    }
  }
  revision_ = next_revision();
  erase_at(units_, units, "unit");
  erase_at(cages_, cages, "cage");
  erase_at(clues_, clues, "clue");
  if (!candidates_.empty()) {
    for (const std::size_t p : unrestricted)
      candidates_[p] = all_digits();
  }
  index_constraints();
}

bool variant::has(unit_kind k) const noexcept {
  return std::any_of(units_.begin(), units_.end(), [k](const unit& u) { return u.kind == k; });
}

std::uint32_t variant::add_variables(std::string name, std::string label, int count, int columns) {
  if (count < 1 || count > 4096) {
    throw std::invalid_argument(
        fmt::format("sudoku::variant: {} variables are not supported (1 to 4096)", count));
  }
  revision_ = next_revision();
  const auto first = static_cast<std::uint32_t>(all_positions());
  const auto added = static_cast<std::size_t>(count);
  variables_ += added;
  inside_.resize(all_positions(), 1);
  if (!candidates_.empty()) candidates_.resize(all_positions(), all_digits());
  for (std::size_t i = 0; i < added; ++i)
    cells_.push_back(first + static_cast<std::uint32_t>(i));
  groups_.push_back({std::move(name), std::move(label), count, columns, first});
  index_constraints();
  return first;
}

void variant::add_to_unit(std::size_t u, std::uint32_t variable) {
  if (u >= units_.size() || !is_variable(variable) || variable >= all_positions()) {
    throw std::invalid_argument(
        fmt::format("sudoku::variant: position {} is no variable of unit {}", variable, u));
  }
  revision_ = next_revision();
  auto& cells = units_[u].cells;
  cells.insert(std::upper_bound(cells.begin(), cells.end(), variable), variable);
  index_constraints();
}

const variable_group* variant::variables_named(std::string_view name) const noexcept {
  const auto g = std::find_if(groups_.begin(), groups_.end(),
                              [&](const variable_group& group) { return group.name == name; });
  return g == groups_.end() ? nullptr : &*g;
}

bool variant::neighbours(std::uint32_t a, std::uint32_t b) const noexcept {
  auto across = static_cast<std::uint32_t>(columns_);
  if (is_variable(a) || is_variable(b)) {
    const auto group = std::find_if(groups_.begin(), groups_.end(), [&](const variable_group& g) {
      return a >= g.first && a < g.first + static_cast<std::uint32_t>(g.count);
    });
    if (group == groups_.end() || b < group->first ||
        b >= group->first + static_cast<std::uint32_t>(group->count))
      return false;
    a -= group->first, b -= group->first;
    if (group->columns != 0) across = static_cast<std::uint32_t>(group->columns);
  }
  const std::uint32_t ra = a / across, ca = a % across, rb = b / across, cb = b % across;
  return (ra == rb && (ca + 1 == cb || cb + 1 == ca)) ||
         (ca == cb && (ra + 1 == rb || rb + 1 == ra));
}

grid variant::empty_grid() const {
  return grid(shape_, rows_, columns_);
}

std::string variant::cell_name(std::size_t position) const {
  if (is_variable(position)) {
    for (const variable_group& g : groups_) {
      const std::size_t i = position - g.first;
      if (position < g.first || i >= static_cast<std::size_t>(g.count)) continue;
      return g.count == 1 ? g.name : fmt::format("{}{}", g.name, i + 1);
    }
  }
  const auto columns = static_cast<std::size_t>(columns_);
  return fmt::format("r{}c{}", position / columns + 1, position % columns + 1);
}

std::optional<std::size_t> variant::cell_named(std::string_view name) const {
  // r<row>c<column>, each a decimal number from 1 with no sign or leading zero.
  int row = 0, column = 0;
  auto number = [&](int& value) {
    const auto digits = name.find_first_not_of("0123456789");
    const std::string_view text = name.substr(0, digits);
    if (text.empty() || text.size() > 3 || text[0] == '0') return false;
    for (const char c : text)
      value = value * 10 + (c - '0');
    name.remove_prefix(text.size());
    return true;
  };
  auto letter = [&](char l) {
    if (name.empty() || (name[0] != l && name[0] != l - 'a' + 'A')) return false;
    name.remove_prefix(1);
    return true;
  };
  if (!letter('r') || !number(row) || !letter('c') || !number(column) || !name.empty())
    return std::nullopt;
  if (row > rows_ || column > columns_) return std::nullopt;
  const auto position = static_cast<std::size_t>(row - 1) * static_cast<std::size_t>(columns_) +
                        static_cast<std::size_t>(column - 1);
  if (!is_cell(position)) return std::nullopt;
  return position;
}

std::string variant::unit_name(const unit& u) const {
  const std::string name = fmt::format("{} {}", to_string(u.kind), u.index + 1);
  return u.part >= 0 ? fmt::format("{} of grid {}", name, u.part + 1) : name;
}

std::string variant::clue_name(const clue& c) const {
  if (c.cells.empty()) return fmt::format("the {} rule", to_string(c.kind));
  // A mark on an edge belongs to both its cells, and a cell has up to four
  // edges: "the black dot at r5c1" could be either of two dots. So could a
  // quad's corner be any of four.
  const bool on_edge = c.kind == clue_kind::white_dot || c.kind == clue_kind::black_dot ||
                       c.kind == clue_kind::x || c.kind == clue_kind::v ||
                       c.kind == clue_kind::greater_than;
  if ((on_edge || c.kind == clue_kind::quad) && c.cells.size() >= 2) {
    std::vector<std::uint32_t> sorted = c.cells;  // in reading order
    std::sort(sorted.begin(), sorted.end());
    std::string cells;
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      if (i > 0) cells += i + 1 == sorted.size() ? " and " : ", ";
      cells += cell_name(sorted[i]);
    }
    return fmt::format("the {} {} {}", to_string(c.kind), on_edge ? "between" : "on", cells);
  }
  return fmt::format("the {} at {}", to_string(c.kind), cell_name(c.cells.front()));
}

std::string variant::cage_name(const cage& c) const {
  std::string cells;
  for (std::uint32_t p : c.cells) {
    if (!cells.empty()) cells += ' ';
    cells += cell_name(p);
  }
  return fmt::format("cage {} (sum {})", cells, c.sum);
}

}  // namespace sudoku
