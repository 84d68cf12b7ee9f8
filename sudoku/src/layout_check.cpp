#include "sudoku/layout_check.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <span>
#include <tuple>

namespace sudoku {

std::string_view to_string(layout_part::kind k) noexcept {
  switch (k) {
    case layout_part::kind::unit:
      return "unit";
    case layout_part::kind::cage:
      return "cage";
    case layout_part::kind::clue:
      return "clue";
    case layout_part::kind::restriction:
      return "restriction";
    case layout_part::kind::given:
      return "given";
  }
  return "unit";
}

std::string describe(const variant& v, const grid& puzzle, const layout_part& p) {
  switch (p.what) {
    case layout_part::kind::unit:
      return v.unit_name(v.units()[p.index]);
    case layout_part::kind::cage:
      return v.cage_name(v.cages()[p.index]);
    case layout_part::kind::clue:
      return v.clue_name(v.clues()[p.index]);
    case layout_part::kind::restriction: {
      std::string digits;
      const std::uint64_t mask = v.candidates(p.index);
      for (int d = 1; d <= v.digits(); ++d) {
        if (mask >> d & 1) digits += v.cell_char(d);
      }
      return fmt::format("the digits {} allowed in {}", digits, v.cell_name(p.index));
    }
    case layout_part::kind::given:
      return fmt::format("the given {} in {}", v.cell_char(puzzle[p.index]), v.cell_name(p.index));
  }
  return {};
}

std::vector<std::uint32_t> part_cells(const variant& v, const layout_part& p) {
  switch (p.what) {
    case layout_part::kind::unit:
      return v.units()[p.index].cells;
    case layout_part::kind::cage:
      return v.cages()[p.index].cells;
    case layout_part::kind::clue: {
      std::vector<std::uint32_t> cells = v.clues()[p.index].cells;
      std::sort(cells.begin(), cells.end());
      cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
      return cells;
    }
    case layout_part::kind::restriction:
    case layout_part::kind::given:
      return {static_cast<std::uint32_t>(p.index)};
  }
  return {};
}

namespace {

bool clues_read_units(std::span<const clue> clues) {
  return std::any_of(clues.begin(), clues.end(), [](const clue& c) {
    return reads_units(c.kind) || clues_read_units(c.parts);
  });
}

bool grid_unit(unit_kind k) {
  return k == unit_kind::row || k == unit_kind::column || k == unit_kind::box ||
         k == unit_kind::region;
}

bool no_filling(const result& r) {
  return r.status == status::none || r.status == status::invalid;
}

// A layout whose rules say nothing of particular digits (units, cells that
// differ: no clue, cage, restriction or given of a digit) has its fillings in
// sets of n!, one per renaming of the digits: filling its first full unit
// with 1..n in order before the search loses none of them up to renaming, and
// spares the search a wide empty tree (ISS's layout check fixes a house too).
// True when it gave them (in `givens`, which had none).
bool break_symmetry(const variant& v, grid& givens) {
  const bool any_given = std::any_of(givens.cells().begin(), givens.cells().end(),
                                     [](std::uint8_t d) { return d != 0; });
  const bool symmetric =
      !any_given && v.cages().empty() && !v.has_restrictions() && v.digits() >= 2 &&
      std::all_of(v.clues().begin(), v.clues().end(), [](const clue& c) {
        return c.kind == clue_kind::anti_knight || c.kind == clue_kind::anti_king ||
               c.kind == clue_kind::all_different;
      });
  if (!symmetric) return false;
  for (const unit& u : v.units()) {
    if (u.cells.size() != static_cast<std::size_t>(v.digits())) continue;
    if (std::any_of(u.cells.begin(), u.cells.end(),
                    [&](std::uint32_t p) { return v.is_variable(p); })) {
      continue;
    }
    for (std::size_t k = 0; k < u.cells.size(); ++k)
      givens.cells()[u.cells[k]] = static_cast<std::uint8_t>(k + 1);
    return true;
  }
  return false;
}

// The deletion pass: parts are taken away one at a time, for good when the
// rest still has no filling.
class deletion {
 public:
  deletion(workspace& w, const grid& puzzle, const dlx::search_options& options, layout_check& out)
      : w_(w), givens_(puzzle), options_(options), out_(out) {}

  // Tries each of `parts` in turn.
  void take_away(const std::vector<layout_part>& parts) {
    for (const layout_part& p : parts) {
      gone_.push_back(p);
      result r;
      if (p.what == layout_part::kind::given) {
        const auto digit = givens_.cells()[p.index];
        givens_.cells()[p.index] = 0;
        r = (current_ ? *current_ : w_.solver_for(w_.variant)).count(givens_, 1, options_);
        if (!no_filling(r)) givens_.cells()[p.index] = digit;
      } else {
        variant rules = rules_left();
        grid start = givens_;
        break_symmetry(rules, start);
        auto trial = std::make_unique<solver>(std::move(rules));
        r = trial->count(start, 1, options_);
        if (no_filling(r)) current_ = std::move(trial);
      }
      ++out_.searches;
      out_.nodes += r.nodes;
      if (no_filling(r)) continue;
      gone_.pop_back();
      kept_.push_back(p);
      if (r.status == status::unknown) out_.minimal = false;
    }
  }

  [[nodiscard]] const std::vector<layout_part>& kept() const { return kept_; }

 private:
  // The variant without the parts gone.
  [[nodiscard]] variant rules_left() const {
    std::vector<std::size_t> units, cages, clues, restrictions;
    for (const auto& [what, index] : gone_) {
      if (what == layout_part::kind::unit) units.push_back(index);
      if (what == layout_part::kind::cage) cages.push_back(index);
      if (what == layout_part::kind::clue) clues.push_back(index);
      if (what == layout_part::kind::restriction) restrictions.push_back(index);
    }
    variant out = w_.variant;
    out.remove(units, cages, clues, restrictions);
    return out;
  }

  workspace& w_;
  grid givens_;  // the givens not gone
  const dlx::search_options& options_;
  layout_check& out_;
  std::vector<layout_part> gone_, kept_;
  std::unique_ptr<solver> current_;  // the rules left's, once some are gone
};

}  // namespace

layout_check check_layout(workspace& w, bool with_givens, const dlx::search_options& options) {
  const variant& v = w.variant;
  const grid puzzle = with_givens ? w.puzzle : v.empty_grid();
  layout_check out;
  grid start = puzzle;
  result whole;
  if (!break_symmetry(v, start)) {
    whole = w.solver_for(v).solve_unique(puzzle, out.filling, options);
  } else {
    // One filling up to renaming the digits is n! of them.
    whole = w.solver_for(v).solve(start, out.filling, options);
    if (whole.status == status::solved) whole.status = status::multiple;
  }
  ++out.searches;
  out.nodes += whole.nodes;
  if (!no_filling(whole)) {
    out.status = whole.status;
    if (whole.status == status::unknown) out.filling = grid{};
    return out;
  }
  out.status = status::none;
  out.minimal = true;
  dlx::search_options each = options;
  if (each.node_budget == 0) each.node_budget = default_part_budget;
  deletion pass(w, puzzle, each, out);

  // First what the setter placed, the grid's units all there to hold the rest
  // together: the clues, cages, other units (diagonals, windows), the cells'
  // restrictions and the givens; those kept are the ones in conflict.
  std::vector<layout_part> placed;
  for (std::size_t c = 0; c < v.clues().size(); ++c)
    placed.push_back({layout_part::kind::clue, c});
  for (std::size_t c = 0; c < v.cages().size(); ++c)
    placed.push_back({layout_part::kind::cage, c});
  for (std::size_t u = 0; u < v.units().size(); ++u) {
    if (!grid_unit(v.units()[u].kind)) placed.push_back({layout_part::kind::unit, u});
  }
  for (const std::uint32_t p : v.all_cells()) {
    if (v.candidates(p) != v.all_digits()) placed.push_back({layout_part::kind::restriction, p});
  }
  for (const std::uint32_t p : v.all_cells()) {
    if (puzzle[p] != 0) placed.push_back({layout_part::kind::given, p});
  }
  pass.take_away(placed);
  out.part = pass.kept();

  // Then the grid's rows, columns, boxes and regions, those sharing fewest
  // cells with what was kept first: a unit far from the conflict goes before
  // it can stand in for one near it (two 5s in row 1 leave no room for the
  // 5s of the other rows too, but row 1 is what a setter needs to see). A
  // clue that reads the units would mean something else without one: then
  // they all stay, untried.
  std::vector<layout_part> grid_units;
  for (std::size_t u = 0; u < v.units().size(); ++u) {
    if (grid_unit(v.units()[u].kind)) grid_units.push_back({layout_part::kind::unit, u});
  }
  if (clues_read_units(v.clues())) {
    out.part.insert(out.part.end(), grid_units.begin(), grid_units.end());
    out.minimal = false;
  } else {
    std::vector<std::uint8_t> near(v.all_positions(), 0);
    for (const layout_part& p : out.part) {
      for (const std::uint32_t cell : part_cells(v, p))
        near[cell] = 1;
    }
    const auto shared = [&](const layout_part& p) {
      const auto& cells = v.units()[p.index].cells;
      return std::count_if(cells.begin(), cells.end(), [&](std::uint32_t c) { return near[c]; });
    };
    std::stable_sort(
        grid_units.begin(), grid_units.end(),
        [&](const layout_part& a, const layout_part& b) { return shared(a) < shared(b); });
    pass.take_away(grid_units);
    out.part = pass.kept();
  }
  // In the variant's order: the kinds' (layout_part::kind), then the indices.
  std::sort(out.part.begin(), out.part.end(), [](const layout_part& a, const layout_part& b) {
    return std::tie(a.what, a.index) < std::tie(b.what, b.index);
  });
  return out;
}

}  // namespace sudoku
