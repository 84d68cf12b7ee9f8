// SVG pictures of boards (render.hpp).
//
// Coordinates: a cell is `cell` user units square (40); position (r, c) has its
// top-left corner at (left + c * cell, top + r * cell). Outlines of regions,
// windows and cages are traced from the cells' edges into closed loops, so each
// is one path that follows its own shape whatever it is.
#include "sudoku/render.hpp"

#include <svg/cells.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <span>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "render_clues.hpp"

namespace sudoku {

namespace {

constexpr int cell = 40;

// Colours: dark ink on a white ground, readable on light and dark pages.
constexpr std::string_view ground = "#ffffff";
constexpr std::string_view thin_line = "#9a9a9a";
constexpr std::string_view thick_line = "#111111";
constexpr std::string_view given_ink = "#111111";
constexpr std::string_view digit_ink = "#1f4fa3";  // placed digits: blue
constexpr std::string_view candidate_ink = "#5c5c5c";
constexpr std::string_view window_fill = "#e6e6e6";
constexpr std::string_view unit_fill = "#dce8fa";     // the step's units: pale blue
constexpr std::string_view pattern_fill = "#fff0a6";  // the step's cells: pale yellow
constexpr std::string_view placed_fill = "#c8eec8";   // a placement's cell: pale green
constexpr std::string_view placed_ink = "#157a15";
constexpr std::string_view eliminated_ink = "#d01818";  // removed candidates: red
constexpr std::string_view eliminated_fill = "#f9cfcf";
constexpr std::string_view ring_fill = "#f2b233";  // the pattern's candidates
constexpr std::string_view link_ink = "#d2691e";

using svg::escape;
constexpr auto num = svg::number;

// A pencil mark drawn on the board, for a chain's links to keep clear of: the
// middle of its ink and half its height.
struct glyph {
  double x = 0, y = 0, r = 0;
};

// Cubic Bezier curves: a point on one, and the way it goes there.
using xy = std::array<double, 2>;
using bezier = std::array<xy, 4>;

xy point_on(const bezier& p, double t) {
  const double a = (1 - t) * (1 - t) * (1 - t), b = 3 * t * (1 - t) * (1 - t),
               c = 3 * t * t * (1 - t), d = t * t * t;
  return {a * p[0][0] + b * p[1][0] + c * p[2][0] + d * p[3][0],
          a * p[0][1] + b * p[1][1] + c * p[2][1] + d * p[3][1]};
}

xy slope_on(const bezier& p, double t) {
  const double a = 3 * (1 - t) * (1 - t), b = 6 * t * (1 - t), c = 3 * t * t;
  return {a * (p[1][0] - p[0][0]) + b * (p[2][0] - p[1][0]) + c * (p[3][0] - p[2][0]),
          a * (p[1][1] - p[0][1]) + b * (p[2][1] - p[1][1]) + c * (p[3][1] - p[2][1])};
}

// A straight line as a cubic.
bezier straight(const xy& a, const xy& b) {
  return {a, xy{a[0] + (b[0] - a[0]) / 3, a[1] + (b[1] - a[1]) / 3},
          xy{a[0] + (b[0] - a[0]) * 2 / 3, a[1] + (b[1] - a[1]) * 2 / 3}, b};
}

// The piece of a cubic from t0 to t1, itself a cubic.
bezier piece(const bezier& p, double t0, double t1) {
  const xy q0 = point_on(p, t0), q3 = point_on(p, t1), d0 = slope_on(p, t0), d3 = slope_on(p, t1);
  const double third = (t1 - t0) / 3;
  return {q0, xy{q0[0] + third * d0[0], q0[1] + third * d0[1]},
          xy{q3[0] - third * d3[0], q3[1] - third * d3[1]}, q3};
}

// A path of cubics that starts at `start` and ends at `end`, with each end
// cut back to where it first comes `cut` away from that point.
std::vector<bezier> trimmed(std::vector<bezier> path, const xy& start, const xy& end, double cut) {
  const auto away = [&](const xy& q, const xy& from) {
    return std::hypot(q[0] - from[0], q[1] - from[1]) >= cut;
  };
  // Where along a cubic it crosses `cut` from `from`, by halving between a
  // parameter inside the circle and one outside.
  const auto cross = [&](const bezier& c, const xy& from, double inside, double outside) {
    for (int i = 0; i < 30; ++i) {
      const double mid = (inside + outside) / 2;
      (away(point_on(c, mid), from) ? outside : inside) = mid;
    }
    return outside;
  };
  while (path.size() > 1 && !away(path.front()[3], start))
    path.erase(path.begin());
  while (path.size() > 1 && !away(path.back()[0], end))
    path.pop_back();
  path.front() = piece(path.front(), cross(path.front(), start, 0, 1), 1);
  path.back() = piece(path.back(), 0, cross(path.back(), end, 1, 0));
  return path;
}

class painter {
 public:
  // Room beyond the grid for outside clues (every side) and under it for the
  // caption of board-wide rules, only when there are any: a board without
  // clues is drawn as it always was.
  painter(const variant& v, const svg_options& o)
      : v_(v),
        band_(o.coordinates ? 20 : 0),
        margin_(8),
        outside_(detail::outside_room(v)),
        caption_(detail::caption_room(v)),
        room_(static_cast<std::size_t>(v.rows()) * static_cast<std::size_t>(v.columns())) {
    for (const cage& g : v.cages()) {
      for (std::uint32_t p : g.cells)
        room_[p] = {detail::cage_room, detail::cage_room, detail::cage_room, detail::cage_room};
      room_[g.cells.front()].top = detail::label_room;
    }
    detail::keep_clear_of_clues(v, room_);
    // Variables: rows of cells below the board, its outside clues and caption.
    int row = v.rows() + static_cast<int>(std::ceil((outside_ + caption_ + 14) / cell));
    for (const variable_group& g : v.variables()) {
      const int across = std::min(g.columns != 0 ? g.columns : v.columns(), v.columns());
      blocks_.push_back({g.first, static_cast<std::uint32_t>(g.count), across, row});
      row += (g.count + across - 1) / across;
    }
    variables_end_ = row;
    const shape& s = v.shape();
    candidate_size_ = 0.78 * std::min(double(cell) / s.box_rows, double(cell) / s.box_cols);
    for (std::uint32_t p : v.cells()) {
      const auto [across, down] = spacing(p);
      candidate_size_ = std::min({candidate_size_, across, down});
    }
  }

  [[nodiscard]] double x_of(double column) const {
    return margin_ + band_ + outside_ + column * cell;
  }
  [[nodiscard]] double y_of(double row) const { return margin_ + band_ + outside_ + row * cell; }
  [[nodiscard]] double width() const {
    return 2 * (margin_ + outside_) + band_ + v_.columns() * cell;
  }
  [[nodiscard]] double height() const {
    const double board = 2 * (margin_ + outside_) + band_ + v_.rows() * cell + caption_;
    return blocks_.empty() ? board : std::max(board, y_of(variables_end_) + margin_);
  }
  [[nodiscard]] double outside() const { return outside_; }
  // Where the clues are drawn (render_clues.hpp).
  [[nodiscard]] detail::board_frame frame() const {
    detail::board_frame f{x_of(0), y_of(0), double(cell), v_.rows(), v_.columns(), 0, 0, {}};
    f.caption_x = x_of(v_.columns() / 2.0);
    f.caption_y = y_of(v_.rows()) + outside_ + margin_ / 2.0 + caption_ / 2;
    f.blocks = blocks_;
    return f;
  }

  // A path of the outline of `cells` on the board (a unit's variable, a
  // Doppelganger's, is drawn with the variables), each corner moved `inset`
  // units into them.
  [[nodiscard]] std::string outline_path(std::span<const std::uint32_t> cells, double inset) const {
    return svg::path_data(svg::outline(v_.rows(), v_.columns(), cells),
                          {x_of(0), y_of(0), double(cell)}, inset);
  }

  // The centre of a candidate's pencil mark, and the size of the marks. The
  // marks of a cell are laid out like its boxes in the room its clues leave
  // (a cage's outline and sum, dots and letters on its edges, a quad on a
  // corner: pencil_room), closer together where there is less; one size on
  // the whole board, the size that fits the tightest cell, at most what a
  // plain board has.
  [[nodiscard]] std::pair<double, double> candidate_centre(std::size_t position, int digit) const {
    const shape& s = v_.shape();
    const int r = static_cast<int>(position) / v_.columns();
    const int c = static_cast<int>(position) % v_.columns();
    const int row = (digit - 1) / s.box_cols, col = (digit - 1) % s.box_cols;
    const detail::pencil_room& room = room_of(position);
    const auto [across, down] = spacing(position);
    return {x_of(c) + room.left + (col + 0.5) * across, y_of(r) + room.top + (row + 0.5) * down};
  }
  [[nodiscard]] double candidate_size() const { return candidate_size_; }
  // The distance between the centres of neighbouring marks in a cell, across and down.
  [[nodiscard]] std::pair<double, double> spacing(std::size_t position) const {
    const shape& s = v_.shape();
    const detail::pencil_room& room = room_of(position);
    return {(cell - room.left - room.right) / s.box_cols,
            (cell - room.top - room.bottom) / s.box_rows};
  }
  // A chain link's path from one candidate's mark to the other's: out
  // sideways, along a lane beside the straight way, and back in, turning in
  // quarter circles; the lane half the marks' spacing across the way to one
  // side or the other, or none (straight), or one or one and a half spacings:
  // the first that keeps clear of the pencil marks drawn, else the one that
  // keeps furthest, and on the board. Along a row or a column half a spacing
  // runs between the marks the link passes instead of over them. Each end stops
  // short of its mark, to leave the digit readable. Empty for a link from a
  // mark to itself.
  [[nodiscard]] std::string link_path(const candidate& from, const candidate& to,
                                      std::span<const glyph> drawn) const {
    const auto [x0, y0] = candidate_centre(from.cell, from.digit);
    const auto [x3, y3] = candidate_centre(to.cell, to.digit);
    const xy start{x0, y0}, end{x3, y3};
    const double length = std::hypot(x3 - x0, y3 - y0);
    if (length < 1e-9) return {};
    const double ux = (x3 - x0) / length, uy = (y3 - y0) / length;
    const auto [spacing_x, spacing_y] = spacing(from.cell);
    const double across = std::abs(uy) * spacing_x + std::abs(ux) * spacing_y;
    const double cut = std::min(candidate_size() * 0.55, length / 3);
    // The marks near enough to matter, but the link's own two.
    std::vector<glyph> near;
    for (const glyph& g : drawn) {
      const bool own = (g.x == x0 && g.y == y0) || (g.x == x3 && g.y == y3);
      if (!own && std::hypot(g.x - (x0 + x3) / 2, g.y - (y0 + y3) / 2) < length / 2 + 3 * across)
        near.push_back(g);
    }
    const auto route = [&](double lane) {
      const auto at = [&](const xy& from_point, double forward, double aside) {
        return xy{from_point[0] + ux * forward + uy * aside,
                  from_point[1] + uy * forward - ux * aside};
      };
      if (lane == 0) return trimmed({straight(start, end)}, start, end, cut);
      // Quarter circles of radius r (less where the way is short); a cubic's
      // control points 0.552 r along the tangents draw one.
      const double r = std::min(std::abs(lane), length / 2), k = 0.552 * r;
      const double side = lane > 0 ? 1 : -1;
      const xy a = at(start, r, lane), b = at(end, -r, lane);
      return trimmed({bezier{start, at(start, 0, k * side), at(a, -k, 0), a}, straight(a, b),
                      bezier{b, at(b, k, 0), at(end, 0, k * side), end}},
                     start, end, cut);
    };
    // How far a route keeps from the marks, up to enough (2.5 units between
    // ink and line); off the board it is no use.
    constexpr double enough = 2.5;
    const auto clearance = [&](const std::vector<bezier>& path) {
      double least = enough;
      for (const bezier& c : path) {
        const int samples =
            1 + static_cast<int>(std::hypot(c[3][0] - c[0][0], c[3][1] - c[0][1]) / 2);
        for (int i = 0; i <= samples; ++i) {
          const xy q = point_on(c, i / static_cast<double>(samples));
          if (q[0] < x_of(0) + 2 || q[0] > x_of(v_.columns()) - 2 || q[1] < y_of(0) + 2 ||
              q[1] > y_of(v_.rows()) - 2)
            return -std::numeric_limits<double>::infinity();
          for (const glyph& g : near)
            least = std::min(least, std::hypot(q[0] - g.x, q[1] - g.y) - g.r);
        }
      }
      return least;
    };
    std::vector<bezier> best;
    double best_clearance = -std::numeric_limits<double>::infinity();
    for (double lane : {0.5, -0.5, 0.0, 1.0, -1.0, 1.5, -1.5}) {
      std::vector<bezier> r = route(lane * across);
      const double clear = clearance(r);
      if (clear > best_clearance) best = std::move(r), best_clearance = clear;
      if (best_clearance >= enough) break;
    }
    std::string d = fmt::format("M{} {}", num(best.front()[0][0]), num(best.front()[0][1]));
    for (const bezier& c : best) {
      d += fmt::format(" C{} {} {} {} {} {}", num(c[1][0]), num(c[1][1]), num(c[2][0]),
                       num(c[2][1]), num(c[3][0]), num(c[3][1]));
    }
    return d;
  }
  [[nodiscard]] std::pair<double, double> centre(std::size_t position) const {
    return {x_of(static_cast<double>(position % static_cast<std::size_t>(v_.columns())) + 0.5),
            y_of(static_cast<double>(position / static_cast<std::size_t>(v_.columns())) + 0.5)};
  }

 private:
  const variant& v_;
  [[nodiscard]] const detail::pencil_room& room_of(std::size_t position) const {
    return room_[position];
  }

  int band_;
  int margin_;
  double outside_, caption_;
  std::vector<detail::board_frame::block> blocks_;  // where the variables are drawn
  int variables_end_ = 0;                           // the row below them
  std::vector<detail::pencil_room> room_;           // by cell position
  double candidate_size_ = 0;
};

// The boxes and regions to outline, each distinct cell set once (samurai's
// shared corner boxes belong to two grids).
std::vector<const unit*> areas(const variant& v) {
  std::vector<const unit*> out;
  std::set<std::vector<std::uint32_t>> seen;
  for (const unit& u : v.units()) {
    if (u.kind != unit_kind::box && u.kind != unit_kind::region) continue;
    if (seen.insert(u.cells).second) out.push_back(&u);
  }
  return out;
}

}  // namespace

std::string board_title(const variant& v, const grid& puzzle) {
  const int givens = puzzle.given_count();
  std::string name = v.parts() > 1 ? std::string("samurai") : v.shape().name();
  std::string kinds;
  if (v.has(unit_kind::region)) kinds += " jigsaw";
  if (v.has(unit_kind::diagonal)) kinds += " X";
  if (v.has(unit_kind::window)) kinds += " windoku";
  if (!v.cages().empty()) kinds += " killer";
  for (std::string_view clue_name : detail::clue_names(v))
    kinds += fmt::format(" {}", clue_name);
  return fmt::format("Sudoku {}{}, {} given{}", name, kinds, givens, givens == 1 ? "" : "s");
}

namespace {

// Appends formatted text: add("<rect x=\"{}\"/>\n", x).
struct writer {
  std::string text;
  template <class... A>
  void operator()(fmt::format_string<A...> format, A&&... args) {
    text += fmt::format(format, std::forward<A>(args)...);
  }
};

// A step's pattern, logic's or SE's alike: its cells, or when it names none,
// where two or more of its units cross and one of its digits was a candidate;
// and its digits there that the step does not remove, ringed.
void mark_pattern(const variant& v, std::span<const std::uint32_t> units,
                  std::span<const std::size_t> cells, std::span<const int> digits,
                  const board_state& before, highlight& h) {
  const auto had = [&](std::size_t p, int d) {
    return !before.candidates.empty() && (before.candidates[p] >> d & 1) != 0;
  };
  if (!cells.empty()) {
    h.cells.assign(cells.begin(), cells.end());
  } else if (units.size() >= 2) {
    // Pointing's box and line, a fish's corners.
    std::map<std::size_t, int> seen;
    for (std::uint32_t k : units) {
      for (std::uint32_t p : v.constraint_cells(k))
        ++seen[p];
    }
    for (const auto& [p, times] : seen) {
      const std::size_t here = p;  // (clang 14 lambdas cannot capture a structured binding)
      if (times >= 2 &&
          std::any_of(digits.begin(), digits.end(), [&](int d) { return had(here, d); }))
        h.cells.push_back(here);
    }
  }
  for (std::size_t p : h.cells) {
    for (int d : digits) {
      if (had(p, d) && std::find(h.eliminated.begin(), h.eliminated.end(), candidate{p, d}) ==
                           h.eliminated.end())
        h.pattern.push_back({p, d});
    }
  }
}

}  // namespace

// ---- The picture.

std::string render_svg(const variant& v, const board_state& board, const highlight& marks,
                       const svg_options& options) {
  const painter at(v, options);
  writer add;
  const double scale = options.cell_pixels > 0 ? options.cell_pixels / double(cell) : 1.0;
  add("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" "
      "height=\"{}\" role=\"img\" font-family=\"sans-serif\">\n",
      num(at.width()), num(at.height()), num(at.width() * scale), num(at.height() * scale));
  add("<title>{}</title>\n",
      escape(options.title.empty() ? board_title(v, board.givens) : options.title));
  add("<rect class=\"sd-ground\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", num(at.width()),
      num(at.height()), ground);

  // Shading, back to front: windows, the step's units, its cells.
  for (std::size_t u = 0; u < v.units().size(); ++u) {
    if (v.units()[u].kind != unit_kind::window) continue;
    add("<path class=\"sd-window\" d=\"{}\" fill=\"{}\"/>\n",
        at.outline_path(v.units()[u].cells, 0), window_fill);
  }
  for (std::uint32_t k : marks.units) {
    const auto cells = v.constraint_cells(k);
    if (cells.empty()) continue;
    add("<path class=\"sd-unit\" data-unit=\"{}\" d=\"{}\" fill=\"{}\" fill-opacity=\"0.85\"/>\n",
        k, at.outline_path(cells, 0), unit_fill);
  }
  const detail::board_frame frame = at.frame();
  auto shade = [&](std::size_t p, std::string_view cls, std::string_view fill) {
    const auto q = static_cast<std::uint32_t>(p);
    const int r = frame.row_of(q), c = frame.column_of(q);
    add("<rect class=\"{}\" data-cell=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
        "fill=\"{}\"/>\n",
        cls, v.cell_name(p), num(at.x_of(c)), num(at.y_of(r)), cell, cell, fill);
  };
  for (std::size_t p : marks.cells)
    shade(p, "sd-pattern-cell", pattern_fill);
  for (const candidate& p : marks.placed)
    shade(p.cell, "sd-placed-cell", placed_fill);

  // Clues under the lines: thermometers, lines, arrows.
  detail::draw_clues(v, frame, detail::clue_layer::under, add.text);

  // Lines: thin cell edges, the diagonals, thick region outlines, cages.
  add("<g class=\"sd-cell\" fill=\"none\" stroke=\"{}\" stroke-width=\"1\">\n", thin_line);
  for (std::uint32_t p : v.cells()) {
    const int r = static_cast<int>(p) / v.columns(), c = static_cast<int>(p) % v.columns();
    add("<rect data-cell=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n", v.cell_name(p),
        num(at.x_of(c)), num(at.y_of(r)), cell, cell);
  }
  add("</g>\n");
  // The variables, each named in its corner (their digits are no grid's).
  const auto all = v.all_cells();
  for (std::size_t i = v.cells().size(); i < all.size(); ++i) {
    const int r = frame.row_of(all[i]), c = frame.column_of(all[i]);
    add("<rect class=\"sd-variable\" data-cell=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" "
        "height=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n",
        v.cell_name(all[i]), num(at.x_of(c) + 2), num(at.y_of(r) + 2), cell - 4, cell - 4,
        thin_line);
    add("<text class=\"sd-variable-name\" x=\"{}\" y=\"{}\" font-size=\"9\" fill=\"{}\">{}"
        "</text>\n",
        num(at.x_of(c) + 4), num(at.y_of(r) + 11), given_ink, escape(v.cell_name(all[i])));
  }
  for (const unit& u : v.units()) {
    if (u.kind != unit_kind::diagonal || u.cells.empty()) continue;
    const int r0 = static_cast<int>(u.cells.front()) / v.columns();
    const int c0 = static_cast<int>(u.cells.front()) % v.columns();
    const int r1 = static_cast<int>(u.cells.back()) / v.columns();
    const int c1 = static_cast<int>(u.cells.back()) % v.columns();
    const bool falling = c0 < c1;  // top-left to bottom-right
    add("<line class=\"sd-diagonal\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" "
        "stroke-width=\"1.5\"/>\n",
        num(at.x_of(falling ? c0 : c0 + 1)), num(at.y_of(r0)), num(at.x_of(falling ? c1 + 1 : c1)),
        num(at.y_of(r1 + 1)), thin_line);
  }
  for (const unit* u : areas(v)) {
    add("<path class=\"{}\" data-unit=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"3\" stroke-linejoin=\"round\"/>\n",
        u->kind == unit_kind::region ? "sd-region" : "sd-box", v.unit_name(*u),
        at.outline_path(u->cells, 0), thick_line);
  }
  for (std::size_t k = 0; k < v.cages().size(); ++k) {
    const cage& g = v.cages()[k];
    add("<path class=\"sd-cage\" data-cage=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"1.2\" stroke-dasharray=\"4 3\"/>\n",
        k, at.outline_path(g.cells, 4), given_ink);
    const std::size_t first = g.cells.front();
    const int r = static_cast<int>(first) / v.columns(), c = static_cast<int>(first) % v.columns();
    const std::string sum = std::to_string(g.sum);
    add("<rect class=\"sd-cage-label\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"11\" "
        "fill=\"{}\"/>\n",
        num(at.x_of(c) + 2), num(at.y_of(r) + 2), num(5.6 * static_cast<double>(sum.size()) + 2),
        ground);
    add("<text class=\"sd-cage-sum\" data-cage=\"{}\" x=\"{}\" y=\"{}\" font-size=\"9.5\" "
        "fill=\"{}\">{}</text>\n",
        k, num(at.x_of(c) + 3), num(at.y_of(r) + 11), given_ink, sum);
  }

  // Clues over the lines: dots, letters, quads, cages, outside clues, rules.
  detail::draw_clues(v, frame, detail::clue_layer::over, add.text);

  // Digits and candidates, in groups that carry the shared attributes; each
  // text has its own baseline (svg::text_baseline), nothing to inherit. Back
  // to front: rings under the pencil marks, a chain's links, the marks, the
  // step's own marks, the digits.
  auto has = [](const std::vector<candidate>& list, std::size_t p, int d) {
    return std::find(list.begin(), list.end(), candidate{p, d}) != list.end();
  };
  const double small = at.candidate_size(), big = cell * 0.62;
  writer rings, pencil, step_marks, givens, digits;
  // The pencil marks, for links to keep clear of (a large digit is large
  // enough to read with a link under it, in its halo).
  std::vector<glyph> drawn;
  for (std::uint32_t p : v.cells()) {
    const int given = board.givens.cells().size() > p ? board.givens[p] : 0;
    const int digit = board.digits.cells().size() > p ? board.digits[p] : 0;
    const std::string name = v.cell_name(p);
    const auto [cx, cy] = at.centre(p);
    if (digit != 0) {
      (given == digit ? givens : digits)("<text data-cell=\"{}\" x=\"{}\" y=\"{}\">{}</text>\n",
                                         name, num(cx), num(svg::text_baseline(cy, big)),
                                         v.cell_char(digit));
      continue;
    }
    // A digit the step places is drawn as it will stand, large in its cell,
    // which then shows no pencil marks but those the step removes.
    const auto placed = std::find_if(marks.placed.begin(), marks.placed.end(),
                                     [&](const candidate& c) { return c.cell == p; });
    const bool placing = placed != marks.placed.end();
    if (placing) {
      step_marks(
          "<text class=\"sd-placed\" data-cell=\"{}\" x=\"{}\" y=\"{}\" fill=\"{}\" "
          "font-size=\"{}\">{}</text>\n",
          name, num(cx), num(svg::text_baseline(cy, big)), placed_ink, num(big),
          v.cell_char(placed->digit));
    }
    std::uint64_t mask = board.candidates.size() > p ? board.candidates[p] : 0;
    // Pencil marks given with the puzzle: shown on their own, and what the
    // candidates keep of them.
    if (v.has_restrictions()) {
      const std::uint64_t allowed = v.candidates(p);
      mask = board.candidates.empty() ? (allowed != v.all_digits() ? allowed : 0) : mask & allowed;
    }
    for (int d = 1; d <= v.digits(); ++d) {
      const bool removed = has(marks.eliminated, p, d);
      if (!removed && (placing || !(mask >> d & 1))) continue;
      const auto [x, y] = at.candidate_centre(p, d);
      const std::string baseline = num(svg::text_baseline(y, small));
      drawn.push_back({x, y, small * 0.365});
      if (removed || has(marks.pattern, p, d)) {
        rings("<circle class=\"{}\" data-cell=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>\n",
              removed ? "sd-eliminated-ring" : "sd-pattern-ring", name, num(x), num(y),
              num(small * 0.62), removed ? eliminated_fill : ring_fill);
      }
      if (removed) {
        step_marks(
            "<text class=\"sd-eliminated\" data-cell=\"{}\" x=\"{}\" y=\"{}\" fill=\"{}\">{}"
            "</text>\n<line class=\"sd-strike\" data-cell=\"{}\" x1=\"{}\" y1=\"{}\" "
            "x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"1.3\"/>\n",
            name, num(x), baseline, eliminated_ink, v.cell_char(d), name, num(x - small * 0.45),
            num(y + small * 0.45), num(x + small * 0.45), num(y - small * 0.45), eliminated_ink);
      } else {
        pencil("<text data-cell=\"{}\" x=\"{}\" y=\"{}\">{}</text>\n", name, num(x), baseline,
               v.cell_char(d));
      }
    }
  }
  if (!rings.text.empty()) add("<g class=\"sd-rings\">\n{}</g>\n", rings.text);

  // A chain's links, as arrows from candidate to candidate: solid from a
  // candidate that holds to one that is then ruled out, dashed the other way.
  // They go under the digits, and the digits of a picture with links wear a
  // halo of the ground's colour, so that a link that passes under one leaves
  // it readable.
  if (!marks.links.empty()) {
    add("<defs><marker id=\"{}-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
        "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto-start-reverse\"><path d=\"M0 0 L10 5 "
        "L0 10 Z\" fill=\"{}\"/></marker></defs>\n",
        escape(options.id), link_ink);
    for (const chain_link& l : marks.links) {
      const std::string d = at.link_path(l.from, l.to, drawn);
      if (d.empty()) continue;
      add("<path class=\"sd-link\" data-from=\"{}\" data-to=\"{}\" d=\"{}\" fill=\"none\" "
          "stroke=\"{}\" stroke-width=\"1.4\"{} marker-end=\"url(#{}-arrow)\"/>\n",
          fmt::format("{}{}{}", v.cell_name(l.from.cell), l.from_on ? "=" : "&lt;&gt;",
                      v.cell_char(l.from.digit)),
          fmt::format("{}{}{}", v.cell_name(l.to.cell), l.to_on ? "=" : "&lt;&gt;",
                      v.cell_char(l.to.digit)),
          d, link_ink, l.from_on ? "" : " stroke-dasharray=\"3 2\"", escape(options.id));
    }
  }
  // The halo: 1.5 units of ground around each stroke of a digit.
  const std::string halo = marks.links.empty()
                               ? std::string()
                               : fmt::format(
                                     " stroke=\"{}\" stroke-width=\"3\" stroke-linejoin=\"round\" "
                                     "paint-order=\"stroke\"",
                                     ground);
  if (!pencil.text.empty()) {
    add("<g class=\"sd-candidate\" font-size=\"{}\" text-anchor=\"middle\" "
        "fill=\"{}\"{}>\n{}</g>\n",
        num(small), candidate_ink, halo, pencil.text);
  }
  if (!step_marks.text.empty()) {
    add("<g class=\"sd-step\" font-size=\"{}\" text-anchor=\"middle\"{}>\n{}</g>\n", num(small),
        halo, step_marks.text);
  }
  if (!givens.text.empty()) {
    add("<g class=\"sd-given\" font-size=\"{}\" font-weight=\"bold\" text-anchor=\"middle\" "
        "fill=\"{}\"{}>\n{}</g>\n",
        num(big), given_ink, halo, givens.text);
  }
  if (!digits.text.empty()) {
    add("<g class=\"sd-digit\" font-size=\"{}\" text-anchor=\"middle\" fill=\"{}\"{}>\n{}</g>\n",
        num(big), digit_ink, halo, digits.text);
  }

  if (options.coordinates) {
    for (int r = 0; r < v.rows(); ++r) {
      add("<text class=\"sd-coordinate\" x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" "
          "fill=\"{}\">{}</text>\n",
          num(at.x_of(0) - at.outside() - 11), num(svg::text_baseline(at.y_of(r + 0.5), 11)),
          candidate_ink, r + 1);
    }
    for (int c = 0; c < v.columns(); ++c) {
      add("<text class=\"sd-coordinate\" x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" "
          "fill=\"{}\">{}</text>\n",
          num(at.x_of(c + 0.5)), num(svg::text_baseline(at.y_of(0) - at.outside() - 11, 11)),
          candidate_ink, c + 1);
    }
  }
  add.text += "</svg>\n";
  return std::move(add.text);
}

// ---- Several pictures in one document.

std::string stack_svg(std::span<const std::string> pictures) {
  if (pictures.size() == 1) return pictures.front();
  // Each picture's root tag, and its size in pixels (its width and height).
  struct part {
    std::string_view text;
    std::size_t tag_end = 0;  // after "<svg"
    double width = 0, height = 0;
  };
  const auto attribute = [](std::string_view tag, std::string_view name) {
    const std::string key = fmt::format(" {}=\"", name);
    const std::size_t at = tag.find(key);
    if (at == std::string_view::npos) throw std::invalid_argument("stack_svg: not a picture");
    const std::size_t from = at + key.size(), to = tag.find('"', from);
    try {
      return std::stod(std::string(tag.substr(from, to - from)));
    } catch (const std::exception&) {
      throw std::invalid_argument("stack_svg: not a picture");
    }
  };
  std::vector<part> parts;
  double width = 0, height = 0;
  constexpr double gap = 16;
  for (const std::string& picture : pictures) {
    part p{picture};
    const std::size_t open = picture.find("<svg ");
    const std::size_t close = open == std::string::npos ? open : picture.find('>', open);
    if (close == std::string::npos) throw std::invalid_argument("stack_svg: not a picture");
    const std::string_view tag = p.text.substr(open, close - open);
    p.tag_end = open + 4;
    p.width = attribute(tag, "width"), p.height = attribute(tag, "height");
    width = std::max(width, p.width);
    height += (parts.empty() ? 0 : gap) + p.height;
    parts.push_back(p);
  }
  writer add;
  add("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" "
      "height=\"{}\">\n<title>{} pictures</title>\n<rect class=\"sd-ground\" width=\"{}\" "
      "height=\"{}\" fill=\"{}\"/>\n",
      num(width), num(height), num(width), num(height), parts.size(), num(width), num(height),
      ground);
  double y = 0;
  for (const part& p : parts) {
    std::string_view text = p.text;
    while (!text.empty() && text.back() == '\n')
      text.remove_suffix(1);
    add("<svg x=\"0\" y=\"{}\"{}\n", num(y), text.substr(p.tag_end));
    y += p.height + gap;
  }
  add.text += "</svg>\n";
  return std::move(add.text);
}

// ---- Logic steps.

highlight highlight_of(const variant& v, const logic_step& step, const board_state& before) {
  highlight h;
  h.placed = step.placed;
  h.eliminated = step.eliminated;
  h.units = step.units;
  mark_pattern(v, step.units, step.cells, step.digits, before, h);
  return h;
}

highlight highlight_of(const variant& v, const se_step& step, const board_state& before) {
  highlight h;
  h.placed = step.placed;
  h.eliminated = step.eliminated;
  h.links = step.links;
  h.units = step.units;
  mark_pattern(v, step.units, step.cells, step.digits, before, h);
  for (const chain_link& l : step.links) {
    for (const candidate& c : {l.from, l.to}) {
      if (std::find(h.pattern.begin(), h.pattern.end(), c) == h.pattern.end() &&
          std::find(h.eliminated.begin(), h.eliminated.end(), c) == h.eliminated.end()) {
        h.pattern.push_back(c);
      }
    }
  }
  return h;
}

}  // namespace sudoku
