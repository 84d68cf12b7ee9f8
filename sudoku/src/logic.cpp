#include "sudoku/logic.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace sudoku {

std::string_view to_string(technique t) noexcept {
  switch (t) {
    case technique::naked_single:
      return "naked single";
    case technique::hidden_single:
      return "hidden single";
    case technique::pointing:
      return "pointing";
    case technique::claiming:
      return "claiming";
    case technique::naked_pair:
      return "naked pair";
    case technique::naked_triple:
      return "naked triple";
    case technique::naked_quad:
      return "naked quad";
    case technique::hidden_pair:
      return "hidden pair";
    case technique::hidden_triple:
      return "hidden triple";
    case technique::hidden_quad:
      return "hidden quad";
    case technique::x_wing:
      return "x-wing";
    case technique::swordfish:
      return "swordfish";
  }
  return "?";
}

std::string_view to_string(level l) noexcept {
  switch (l) {
    case level::easy:
      return "easy";
    case level::medium:
      return "medium";
    case level::hard:
      return "hard";
    case level::evil:
      return "evil";
    case level::beyond:
      return "beyond";
  }
  return "?";
}

std::string_view to_string(logic_outcome o) noexcept {
  switch (o) {
    case logic_outcome::solved:
      return "solved";
    case logic_outcome::stuck:
      return "stuck";
    case logic_outcome::contradiction:
      return "contradiction";
    case logic_outcome::invalid:
      return "invalid";
  }
  return "?";
}

level level_of(technique t) noexcept {
  switch (t) {
    case technique::naked_single:
    case technique::hidden_single:
      return level::easy;
    case technique::pointing:
    case technique::claiming:
      return level::medium;
    case technique::x_wing:
    case technique::swordfish:
      return level::evil;
    default:
      return level::hard;
  }
}

namespace {

// Item numbering of sudoku::model: p (cell), r (row, digit), c (column, digit),
// b (box, digit), n*n items each.
struct item_info {
  char kind;  // 'p', 'r', 'c', 'b'
  int a;      // the cell, or the row/column/box
  int digit;  // 1..n for r, c, b
};

item_info info(dlx::item_id item, int n) {
  const int cells = n * n;
  const int block = static_cast<int>(item) / cells, rest = static_cast<int>(item) % cells;
  if (block == 0) return {'p', rest, 0};
  return {"rcb"[block - 1], rest / n, rest % n + 1};
}

}  // namespace

logic_solver::logic_solver(sudoku::shape s)
    : model_(s), problem_(model_.build()), reducer_(problem_) {
  const int n = s.size();
  const auto cells = static_cast<dlx::item_id>(n * n);
  auto r_item = [&](int row, int d) { return cells + static_cast<dlx::item_id>(row * n + d - 1); };
  auto c_item = [&](int col, int d) {
    return 2 * cells + static_cast<dlx::item_id>(col * n + d - 1);
  };
  auto b_item = [&](int box, int d) {
    return 3 * cells + static_cast<dlx::item_id>(box * n + d - 1);
  };
  for (dlx::item_id i = 0; i < cells; ++i)
    cell_items_.push_back(i);
  for (dlx::item_id i = cells; i < 4 * cells; ++i)
    unit_digit_items_.push_back(i);
  for (dlx::item_id i = 0; i < 4 * cells; ++i)
    all_items_.push_back(i);
  unit_cells_.resize(static_cast<std::size_t>(3 * n));
  unit_digits_.resize(static_cast<std::size_t>(3 * n));
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const auto cell = static_cast<dlx::item_id>(row * n + col);
      unit_cells_[static_cast<std::size_t>(row)].push_back(cell);
      unit_cells_[static_cast<std::size_t>(n + col)].push_back(cell);
      unit_cells_[static_cast<std::size_t>(2 * n + s.box_of(row, col))].push_back(cell);
    }
  }
  digit_rows_.resize(static_cast<std::size_t>(n + 1));
  digit_cols_.resize(digit_rows_.size());
  digit_boxes_.resize(digit_rows_.size());
  for (int u = 0; u < n; ++u) {
    for (int d = 1; d <= n; ++d) {
      unit_digits_[static_cast<std::size_t>(u)].push_back(r_item(u, d));
      unit_digits_[static_cast<std::size_t>(n + u)].push_back(c_item(u, d));
      unit_digits_[static_cast<std::size_t>(2 * n + u)].push_back(b_item(u, d));
      digit_rows_[static_cast<std::size_t>(d)].push_back(r_item(u, d));
      digit_cols_[static_cast<std::size_t>(d)].push_back(c_item(u, d));
      digit_boxes_[static_cast<std::size_t>(d)].push_back(b_item(u, d));
    }
  }
}

bool logic_solver::start(const grid& puzzle) {
  reducer_.reset();
  invalid_ = false;
  const auto cells = puzzle.cells();
  for (std::size_t cell = 0; cell < cells.size(); ++cell) {
    if (cells[cell] != 0 && !reducer_.choose(model_.option(cell, cells[cell]))) {
      invalid_ = true;  // a given whose candidate an earlier given removed: a clash
      return false;
    }
  }
  return true;
}

void logic_solver::eliminate(std::span<const candidate> candidates) {
  std::vector<dlx::option_id> options;
  for (const candidate& c : candidates)
    options.push_back(model_.option(c.cell, c.digit));
  reducer_.rule_out(options);
}

logic_outcome logic_solver::outcome() const {
  if (invalid_) return logic_outcome::invalid;
  if (reducer_.dead_item(all_items_)) return logic_outcome::contradiction;
  if (reducer_.solved()) return logic_outcome::solved;
  return logic_outcome::stuck;
}

std::optional<logic_step> logic_solver::step() {
  if (outcome() != logic_outcome::stuck) return std::nullopt;
  if (auto s = singles()) return s;
  if (auto s = locked_candidates()) return s;
  for (std::size_t k = 2; k <= 4; ++k) {
    if (auto s = subsets(k, false)) return s;
  }
  for (std::size_t k = 2; k <= 4; ++k) {
    if (auto s = subsets(k, true)) return s;
  }
  for (std::size_t k = 2; k <= 3; ++k) {
    if (auto s = fish(k)) return s;
  }
  return std::nullopt;
}

logic_result logic_solver::run(const grid& puzzle) {
  logic_result r;
  start(puzzle);
  while (auto s = step()) {
    if (!r.hardest || s->technique > *r.hardest) r.hardest = s->technique;
    r.steps.push_back(std::move(*s));
  }
  r.outcome = outcome();
  r.level = r.outcome == logic_outcome::solved && r.hardest ? level_of(*r.hardest)
            : r.outcome == logic_outcome::solved            ? level::easy
                                                            : level::beyond;
  r.reached = invalid_ ? puzzle : current();
  if (r.outcome == logic_outcome::contradiction) {
    r.contradiction = describe_dead(*reducer_.dead_item(all_items_));
  }
  return r;
}

grid logic_solver::current() const {
  grid g(shape());
  for (dlx::option_id o : reducer_.chosen()) {
    g.cells()[model_.cell_of(o)] = static_cast<std::uint8_t>(model_.digit_of(o));
  }
  return g;
}

std::uint64_t logic_solver::candidates(std::size_t cell) const {
  std::uint64_t mask = 0;
  for (dlx::option_id o : reducer_.active_options(static_cast<dlx::item_id>(cell))) {
    mask |= std::uint64_t{1} << model_.digit_of(o);
  }
  return mask;
}

std::optional<logic_step> logic_solver::singles() {
  for (auto [t, group] : {std::pair{technique::naked_single, &cell_items_},
                          std::pair{technique::hidden_single, &unit_digit_items_}}) {
    const auto item = reducer_.forced_item(*group);
    if (!item) continue;
    const dlx::option_id o = reducer_.active_options(*item).front();
    reducer_.choose(o);
    logic_step s;
    s.technique = t;
    s.placed.push_back({model_.cell_of(o), model_.digit_of(o)});
    s.digits.push_back(model_.digit_of(o));
    if (t == technique::naked_single) {
      s.where = cell_name(shape(), model_.cell_of(o));
    } else {
      s.where = item_name(*item);
      s.where.resize(s.where.rfind(' '));  // the unit, without the digit
    }
    finish(s);
    return s;
  }
  return std::nullopt;
}

std::optional<logic_step> logic_solver::locked_candidates() {
  const int n = shape().size();
  // Pointing: a box's digit confined to one row (or column). Claiming: a row's
  // (or column's) digit confined to one box.
  for (technique t : {technique::pointing, technique::claiming}) {
    for (int d = 1; d <= n; ++d) {
      const auto ds = static_cast<std::size_t>(d);
      for (const auto* lines : {&digit_rows_[ds], &digit_cols_[ds]}) {
        const auto found = t == technique::pointing
                               ? reducer_.find_subset(1, digit_boxes_[ds], *lines)
                               : reducer_.find_subset(1, *lines, digit_boxes_[ds]);
        if (found) return make_step(t, *found);
      }
    }
  }
  return std::nullopt;
}

std::optional<logic_step> logic_solver::subsets(std::size_t k, bool hidden) {
  static constexpr technique naked[] = {technique::naked_pair, technique::naked_triple,
                                        technique::naked_quad};
  static constexpr technique hidden_kinds[] = {technique::hidden_pair, technique::hidden_triple,
                                               technique::hidden_quad};
  for (std::size_t u = 0; u < unit_cells_.size(); ++u) {
    if (unit_cells_[u].size() <= k) continue;  // a subset of the whole unit says nothing
    const auto found = hidden ? reducer_.find_subset(k, unit_digits_[u], unit_cells_[u])
                              : reducer_.find_subset(k, unit_cells_[u], unit_digits_[u]);
    if (found) return make_step(hidden ? hidden_kinds[k - 2] : naked[k - 2], *found);
  }
  return std::nullopt;
}

std::optional<logic_step> logic_solver::fish(std::size_t k) {
  const int n = shape().size();
  for (int d = 1; d <= n; ++d) {
    const auto ds = static_cast<std::size_t>(d);
    for (bool rows : {true, false}) {
      const auto found = rows ? reducer_.find_subset(k, digit_rows_[ds], digit_cols_[ds])
                              : reducer_.find_subset(k, digit_cols_[ds], digit_rows_[ds]);
      if (found) return make_step(k == 2 ? technique::x_wing : technique::swordfish, *found);
    }
  }
  return std::nullopt;
}

logic_step logic_solver::make_step(technique t, const dlx::subset_deduction& d) {
  const int n = shape().size();
  logic_step s;
  s.technique = t;
  for (dlx::option_id o : d.ruled_out)
    s.eliminated.push_back({model_.cell_of(o), model_.digit_of(o)});
  std::sort(s.eliminated.begin(), s.eliminated.end(), [](const candidate& a, const candidate& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  });
  // Which side holds the cells and which the digits depends on the technique.
  const auto& cell_side = t >= technique::hidden_pair && t <= technique::hidden_quad ? d.y : d.x;
  const auto& digit_side = t >= technique::hidden_pair && t <= technique::hidden_quad ? d.x : d.y;
  switch (t) {
    case technique::naked_pair:
    case technique::naked_triple:
    case technique::naked_quad:
    case technique::hidden_pair:
    case technique::hidden_triple:
    case technique::hidden_quad: {
      for (dlx::item_id i : cell_side)
        s.cells.push_back(static_cast<std::size_t>(info(i, n).a));
      for (dlx::item_id i : digit_side)
        s.digits.push_back(info(i, n).digit);
      // The unit: the one the digit items belong to.
      s.where = item_name(digit_side.front());
      s.where = s.where.substr(0, s.where.rfind(' '));  // drop the digit
      break;
    }
    case technique::pointing:
    case technique::claiming: {
      s.digits.push_back(info(d.x.front(), n).digit);
      std::string x = item_name(d.x.front()), y = item_name(d.y.front());
      s.where = fmt::format("{} and {}", x.substr(0, x.rfind(' ')), y.substr(0, y.rfind(' ')));
      break;
    }
    default: {  // fish: rows and columns of one digit
      s.digits.push_back(info(d.x.front(), n).digit);
      auto lines = [&](const std::vector<dlx::item_id>& items) {
        std::vector<int> v;
        for (dlx::item_id i : items)
          v.push_back(info(i, n).a + 1);
        std::sort(v.begin(), v.end());
        return fmt::format("{}", fmt::join(v, " "));
      };
      const bool rows = info(d.x.front(), n).kind == 'r';
      s.where = fmt::format("{} {} and {} {}", rows ? "rows" : "columns", lines(d.x),
                            rows ? "columns" : "rows", lines(d.y));
      break;
    }
  }
  reducer_.rule_out(d.ruled_out);
  finish(s);
  return s;
}

void logic_solver::finish(logic_step& s) const {
  const int cells = shape().cell_count();
  s.solved = static_cast<int>(std::count_if(cell_items_.begin(), cell_items_.end(),
                                            [&](dlx::item_id i) { return reducer_.covered(i); }));
  s.unsolved = cells - s.solved;
  s.candidates = static_cast<int>(reducer_.active_option_count());
}

std::string logic_solver::item_name(dlx::item_id item) const {
  const int n = shape().size();
  const item_info i = info(item, n);
  switch (i.kind) {
    case 'p':
      return cell_name(shape(), static_cast<std::size_t>(i.a));
    case 'r':
      return fmt::format("row {} {}", i.a + 1, digit_char(i.digit));
    case 'c':
      return fmt::format("column {} {}", i.a + 1, digit_char(i.digit));
    default:
      return fmt::format("box {} {}", i.a + 1, digit_char(i.digit));
  }
}

std::string logic_solver::describe_dead(dlx::item_id item) const {
  const int n = shape().size();
  const item_info i = info(item, n);
  if (i.kind == 'p') {
    return fmt::format("{} has no candidate left",
                       cell_name(shape(), static_cast<std::size_t>(i.a)));
  }
  const std::string unit = item_name(item);
  return fmt::format("{} has no place for {}", unit.substr(0, unit.rfind(' ')),
                     digit_char(i.digit));
}

}  // namespace sudoku
