#include "sudoku/logic.hpp"

#include <fmt/core.h>

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
    case technique::clue:
      return "clue";
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

namespace {

// Steps list their candidates in board order.
bool by_cell_then_digit(const candidate& a, const candidate& b) {
  return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
}

// "r1c2=5 r3c4=6" or "r1c2<>5 ...".
std::string candidate_list(const variant& v, const std::vector<candidate>& list,
                           std::string_view op) {
  std::string text;
  for (const auto& c : list) {
    text += fmt::format("{}{}{}{}", text.empty() ? "" : " ", v.cell_name(c.cell), op,
                        v.cell_char(c.digit));
  }
  return text;
}

// What a step is about, after its technique: " in row 3", " (box 1 and row 2, digit 5)".
std::string step_about(const variant& v, const logic_step& st) {
  switch (st.technique) {
    case technique::naked_single:
      return {};
    case technique::hidden_single:
      return fmt::format(" in {}", st.where);
    case technique::clue:
      return fmt::format(" ({})", st.where);
    case technique::pointing:
    case technique::claiming:
    case technique::x_wing:
    case technique::swordfish:
      return fmt::format(" ({}, digit {})", st.where, v.cell_char(st.digits.front()));
    default: {
      std::string cell_list, digit_list;
      for (std::size_t c : st.cells) {
        if (!cell_list.empty()) cell_list += ' ';
        cell_list += v.cell_name(c);
      }
      for (int d : st.digits)
        digit_list += v.cell_char(d);
      return fmt::format(" ({} = {} in {})", cell_list, digit_list, st.where);
    }
  }
}

}  // namespace

std::string describe(const variant& v, const logic_step& st) {
  return fmt::format("{}{}: {} | solved {} unsolved {} candidates {}", to_string(st.technique),
                     step_about(v, st),
                     st.placed.empty() ? candidate_list(v, st.eliminated, "<>")
                                       : candidate_list(v, st.placed, "="),
                     st.solved, st.unsolved, st.candidates);
}

std::string technique_name(technique t) {
  std::string out(to_string(t));
  std::replace(out.begin(), out.end(), ' ', '-');
  return out;
}

std::optional<level> parse_level(std::string_view name) noexcept {
  for (auto l : {level::easy, level::medium, level::hard, level::evil, level::beyond}) {
    if (name == to_string(l)) return l;
  }
  return std::nullopt;
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
    case technique::clue:
      return level::medium;
    case technique::x_wing:
    case technique::swordfish:
      return level::evil;
    default:
      return level::hard;
  }
}

logic_solver::logic_solver(sudoku::shape s) : logic_solver(sudoku::variant(s)) {}

logic_solver::logic_solver(const sudoku::variant& v)
    : model_(v), problem_(model_.build(model::naming::none)), reducer_(problem_) {
  const int n = v.digits();
  for (std::uint32_t cell : v.cells())
    cell_items_.push_back(model_.cell_item(cell));
  for (auto i = static_cast<dlx::item_id>(cell_items_.size());
       i < static_cast<dlx::item_id>(model_.item_count()); ++i) {
    all_items_.push_back(i);
  }
  all_items_.insert(all_items_.begin(), cell_items_.begin(), cell_items_.end());
  const std::size_t first_cage = v.units().size();
  for (dlx::item_id i = 0; i < static_cast<dlx::item_id>(problem_.item_count()); ++i) {
    if (problem_.kind(i) == dlx::item_kind::primary) primary_items_.push_back(i);
    const int constraint = model_.constraint_of(i);
    const bool cage = constraint >= 0 && static_cast<std::size_t>(constraint) >= first_cage &&
                      static_cast<std::size_t>(constraint) < first_cage + v.cages().size();
    if (constraint == -2 || cage) clue_items_.push_back(i);
    for (std::uint32_t k : model_.clues_of(i)) {
      if (items_of_clue_.size() <= k) items_of_clue_.resize(k + 1);
      items_of_clue_[k].push_back(i);
    }
    if (cage) {
      const std::size_t k = v.clues().size() + static_cast<std::size_t>(constraint) - first_cage;
      if (items_of_clue_.size() <= k) items_of_clue_.resize(k + 1);
      items_of_clue_[k].push_back(i);
    }
  }
  const auto digits = static_cast<std::size_t>(n + 1);
  digit_rows_.resize(digits);
  digit_cols_.resize(digits);
  digit_areas_.resize(digits);
  for (std::size_t u = 0; u < v.units().size(); ++u) {
    const unit& unit = v.units()[u];
    auto& cells = unit_cells_.emplace_back();
    for (std::uint32_t cell : unit.cells)
      cells.push_back(model_.cell_item(cell));
    auto& unit_digits = unit_digits_.emplace_back();
    for (int d = 1; d <= n; ++d) {
      const dlx::item_id item = model_.unit_item(u, d);
      unit_digits.push_back(item);
      unit_digit_items_.push_back(item);
      auto& group = unit.kind == unit_kind::row      ? digit_rows_
                    : unit.kind == unit_kind::column ? digit_cols_
                                                     : digit_areas_;
      group[static_cast<std::size_t>(d)].push_back(item);
    }
  }
}

bool logic_solver::start(const grid& puzzle) {
  reducer_.reset();
  invalid_ = false;
  const auto cells = puzzle.cells();
  for (std::uint32_t cell : model_.variant().cells()) {
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
  // Every cell placed (a killer's cage items may still wait for their combination).
  if (std::all_of(cell_items_.begin(), cell_items_.end(),
                  [&](dlx::item_id i) { return reducer_.covered(i); })) {
    return logic_outcome::solved;
  }
  return logic_outcome::stuck;
}

std::optional<logic_step> logic_solver::step() {
  if (outcome() != logic_outcome::stuck) return std::nullopt;
  if (auto s = singles()) return s;
  if (auto s = locked_candidates()) return s;
  if (auto s = clue_rules()) return s;
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
  grid g = model_.variant().empty_grid();
  const std::size_t board = model_.variant().positions();  // (a grid holds no variable)
  for (dlx::option_id o : reducer_.chosen()) {
    if (o < model_.cell_option_count() && model_.cell_of(o) < board) {
      g.cells()[model_.cell_of(o)] = static_cast<std::uint8_t>(model_.digit_of(o));
    }
  }
  return g;
}

std::uint64_t logic_solver::candidates(std::size_t position) const {
  // Cell items come first, in the order of the board's cells (which on a
  // samurai board are not its positions), then the variables'.
  const auto cells = model_.variant().all_cells();
  const auto at = std::lower_bound(cells.begin(), cells.end(), position);
  if (at == cells.end() || *at != position) return 0;
  std::uint64_t mask = 0;
  for (dlx::option_id o : reducer_.active_options(static_cast<dlx::item_id>(at - cells.begin()))) {
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
      s.where = model_.variant().cell_name(model_.cell_of(o));
    } else {
      s.where = unit_of_item(*item);
      s.units.push_back(constraint_of_item(*item));
    }
    finish(s);
    return s;
  }
  return std::nullopt;
}

std::optional<logic_step> logic_solver::locked_candidates() {
  const int n = shape().size();
  // Pointing: a box's (or other area's) digit confined to one row, column or
  // other area. Claiming: a row's (or column's) digit confined to one area.
  // Areas are boxes or regions, then diagonals and windows.
  for (technique t : {technique::pointing, technique::claiming}) {
    for (int d = 1; d <= n; ++d) {
      const auto ds = static_cast<std::size_t>(d);
      for (const auto* lines : {&digit_rows_[ds], &digit_cols_[ds], &digit_areas_[ds]}) {
        if (t == technique::claiming && lines == &digit_areas_[ds]) continue;
        const auto found = t == technique::pointing
                               ? reducer_.find_subset(1, digit_areas_[ds], *lines)
                               : reducer_.find_subset(1, *lines, digit_areas_[ds]);
        if (found) return make_step(t, *found);
      }
    }
  }
  return std::nullopt;
}

std::optional<logic_step> logic_solver::clue_rules() {
  if (clue_items_.empty()) return std::nullopt;
  // Implications on a clue's items follow one another, most of them inside a
  // chain's states, out of sight; the step is the run of them that ends when
  // a candidate goes, and names the clues (and cages) they came from.
  const sudoku::variant& v = model_.variant();
  std::vector<std::uint32_t> clues;  // clues, then variant cages as clues().size() + k
  logic_step s;
  s.technique = technique::clue;
  const auto source = [&](dlx::item_id item) {
    for (std::uint32_t k : model_.clues_of(item))
      clues.push_back(k);
    const int constraint = model_.constraint_of(item);
    if (constraint < 0) return;
    const auto k = static_cast<std::uint32_t>(constraint);
    if (k >= v.units().size()) {
      clues.push_back(static_cast<std::uint32_t>(v.clues().size() + k - v.units().size()));
    } else if (std::find(s.units.begin(), s.units.end(), k) == s.units.end()) {
      s.units.push_back(k);  // a row's digit that only a clue's cells can hold, say
    }
  };
  const auto apply = [&](const dlx::implication& found) {
    source(found.a);
    source(found.b);
    for (dlx::option_id o : found.ruled_out) {
      if (o < model_.cell_option_count()) {
        s.eliminated.push_back({model_.cell_of(o), model_.digit_of(o)});
      } else if (model_.clues_of(found.a).empty() && model_.clues_of(found.b).empty()) {
        // A cell's digit item shared by chains: the chain steps that go.
        for (dlx::item_id i : problem_.option(o))
          source(i);
      }
    }
    reducer_.rule_out(found.ruled_out);
  };
  while (auto found = reducer_.find_implication(primary_items_, clue_items_)) {
    apply(*found);
    if (!s.eliminated.empty()) break;
  }
  if (s.eliminated.empty()) return std::nullopt;
  // The step goes on with the clues it came from, until they give no more.
  std::vector<dlx::item_id> items;
  for (std::size_t seen = 0; seen != clues.size();) {
    seen = clues.size();
    items.clear();
    for (std::uint32_t k : clues) {
      if (k < items_of_clue_.size())
        items.insert(items.end(), items_of_clue_[k].begin(), items_of_clue_[k].end());
    }
    while (auto found = reducer_.find_implication(primary_items_, items))
      apply(*found);
    std::sort(clues.begin(), clues.end());
    clues.erase(std::unique(clues.begin(), clues.end()), clues.end());
  }
  std::sort(s.eliminated.begin(), s.eliminated.end(), by_cell_then_digit);
  for (std::uint32_t k : clues) {  // sorted and unique since the loop above
    if (!s.where.empty()) s.where += " and ";
    if (k < v.clues().size()) {
      const clue& c = v.clues()[k];
      s.where += v.clue_name(c);
      s.cells.insert(s.cells.end(), c.cells.begin(), c.cells.end());
    } else {
      const cage& c = v.cages()[k - v.clues().size()];
      s.where += "the " + v.cage_name(c);
      s.cells.insert(s.cells.end(), c.cells.begin(), c.cells.end());
    }
  }
  std::sort(s.units.begin(), s.units.end());
  for (std::uint32_t u : s.units)
    s.where += " and " + v.unit_name(v.units()[u]);
  std::sort(s.cells.begin(), s.cells.end());
  s.cells.erase(std::unique(s.cells.begin(), s.cells.end()), s.cells.end());
  finish(s);
  return s;
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
  logic_step s;
  s.technique = t;
  for (dlx::option_id o : d.ruled_out)
    s.eliminated.push_back({model_.cell_of(o), model_.digit_of(o)});
  std::sort(s.eliminated.begin(), s.eliminated.end(), by_cell_then_digit);
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
        s.cells.push_back(cell_of_item(i));
      for (dlx::item_id i : digit_side)
        s.digits.push_back(model_.digit_of_item(i));
      // The unit: the one the digit items belong to.
      s.where = unit_of_item(digit_side.front());
      s.units.push_back(constraint_of_item(digit_side.front()));
      break;
    }
    case technique::pointing:
    case technique::claiming: {
      s.digits.push_back(model_.digit_of_item(d.x.front()));
      s.where = fmt::format("{} and {}", unit_of_item(d.x.front()), unit_of_item(d.y.front()));
      s.units = {constraint_of_item(d.x.front()), constraint_of_item(d.y.front())};
      break;
    }
    default: {  // fish: rows and columns of one digit
      s.digits.push_back(model_.digit_of_item(d.x.front()));
      auto lines = [&](const std::vector<dlx::item_id>& items) {
        std::vector<std::pair<int, int>> v;  // (grid, line), 1-based lines
        for (dlx::item_id i : items)
          v.emplace_back(unit_of(i).part, unit_of(i).index + 1);
        std::sort(v.begin(), v.end());
        std::string out;
        for (auto [part, line] : v) {
          if (!out.empty()) out += ' ';
          out += part < 0 ? fmt::format("{}", line) : fmt::format("{}/grid {}", line, part + 1);
        }
        return out;
      };
      for (const auto* side : {&d.x, &d.y}) {
        for (dlx::item_id i : *side)
          s.units.push_back(constraint_of_item(i));
      }
      const bool rows = unit_of(d.x.front()).kind == unit_kind::row;
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
  s.solved = static_cast<int>(std::count_if(cell_items_.begin(), cell_items_.end(),
                                            [&](dlx::item_id i) { return reducer_.covered(i); }));
  s.unsolved = static_cast<int>(cell_items_.size()) - s.solved;
  // Candidates are cell options; a killer's cage combinations are not counted.
  std::size_t combinations = 0;
  for (auto o = model_.cell_option_count(); o < static_cast<dlx::option_id>(model_.option_count());
       ++o) {
    combinations += reducer_.active(o) ? 1 : 0;
  }
  s.candidates = static_cast<int>(reducer_.active_option_count() - combinations);
}

std::size_t logic_solver::cell_of_item(dlx::item_id item) const {
  return model_.variant().all_cells()[item];  // cell items come first, in cell order
}

std::uint32_t logic_solver::constraint_of_item(dlx::item_id item) const {
  return static_cast<std::uint32_t>(model_.constraint_of(item));
}

const unit& logic_solver::unit_of(dlx::item_id item) const {
  return model_.variant().units()[static_cast<std::size_t>(model_.constraint_of(item))];
}

std::string logic_solver::unit_of_item(dlx::item_id item) const {
  const auto constraint = static_cast<std::size_t>(model_.constraint_of(item));
  const sudoku::variant& v = model_.variant();
  if (constraint >= v.units().size()) return v.cage_name(v.cages()[constraint - v.units().size()]);
  return v.unit_name(v.units()[constraint]);
}

std::string logic_solver::item_name(dlx::item_id item) const {
  if (model_.constraint_of(item) < 0) return model_.variant().cell_name(cell_of_item(item));
  return fmt::format("{} {}", unit_of_item(item),
                     model_.variant().cell_char(model_.digit_of_item(item)));
}

std::string logic_solver::describe_dead(dlx::item_id item) const {
  if (model_.constraint_of(item) == -2) {
    const sudoku::variant& v = model_.variant();
    std::string names;
    for (std::uint32_t k : model_.clues_of(item)) {
      if (!names.empty()) names += " and ";
      names += v.clue_name(v.clues()[k]);
    }
    return fmt::format("{} cannot hold", names.empty() ? std::string("a clue") : names);
  }
  if (model_.constraint_of(item) < 0) {
    return fmt::format("{} has no candidate left", model_.variant().cell_name(cell_of_item(item)));
  }
  return fmt::format("{} has no place for {}", unit_of_item(item),
                     model_.variant().cell_char(model_.digit_of_item(item)));
}

}  // namespace sudoku
