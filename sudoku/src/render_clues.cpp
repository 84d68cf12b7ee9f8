// The clues of modern variants drawn on a board (render_clues.hpp), in the
// look of sigh's Interactive Sudoku Solver and the puzzle apps: thermometers as
// thick light-grey lines from a filled bulb; the other lines thinner, a colour
// per kind (dotted for modular, entropic; dashed for sum lines); arrows as a
// thin grey shaft from an empty circle or a pill to an arrowhead; dots, X and V
// and greater-than signs on the edge between two cells; a quad's digits, a
// quarter of a cell tall, two over two in a white circle on the corner of its
// four cells (as SudokuPad draws them); cages and sums as outlines inset from
// the cell edges (dashed, dotted), their numbers in the first cell's corner;
// little killers, sandwiches and X-sums outside the grid at the start of their
// diagonal, row or column, sandwiches and X-sums as plain numbers (as setters
// draw them); lockout lines between two diamonds, value-indexing lines dashed
// from a dot to an arrowhead, pairwise tables as thin lines through small
// circles; an Or or And as a faint dotted outline round its parts, drawn as
// they would be alone (a given among them small at the foot of its cell);
// sets of cells outlined (all different, distinct counts) or shaded
// and outlined with what they say in the corner (rellik and equality cages,
// contained digits), counting circles as circles, indexing cells tinted.
// Arrowheads are plain paths, not markers: no ids to clash on a
// page of many pictures, and every renderer draws them alike. Pencil marks keep
// clear of what is drawn over their cells (keep_clear_of_clues, in
// pencil_room.cpp).
#include "render_clues.hpp"

#include <svg/cells.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <iterator>
#include <optional>

namespace sudoku::detail {

namespace {

constexpr auto num = svg::number;
constexpr std::string_view ground = "#ffffff";
constexpr std::string_view ink = "#111111";
constexpr std::string_view arrow_ink = "#8a8a8a";
constexpr std::string_view caption_ink = "#5c5c5c";
constexpr double circle_radius = 14;  // an arrow's circle, a thermometer's bulb
constexpr double quad_radius = 12.5;  // a quad's circle, on the corner of its four cells
constexpr double outside = 26;        // room for outside clues beyond each edge
constexpr double caption = 18;        // the caption line's height

using xy = std::array<double, 2>;

// The class of an outside clue's number.
std::string_view outside_class(clue_kind k) {
  switch (k) {
    case clue_kind::x_sum:
      return "sd-x-sum";
    case clue_kind::skyscraper:
      return "sd-skyscraper";
    case clue_kind::hidden_skyscraper:
      return "sd-hidden-skyscraper";
    case clue_kind::numbered_room:
      return "sd-numbered-room";
    case clue_kind::full_rank:
      return "sd-full-rank";
    default:
      return "sd-sandwich";
  }
}

// The lines through cell centres: class, colour, width, dashes.
struct line_style {
  std::string_view cls, colour;
  double width = 4;
  std::string_view dash;
};

std::optional<line_style> line_of(clue_kind k) {
  switch (k) {
    case clue_kind::thermo:
      return line_style{"sd-thermo", "#cfcfcf", 11, ""};
    case clue_kind::whisper:
      return line_style{"sd-whisper", "#5cb85c", 4, ""};
    case clue_kind::renban:
      return line_style{"sd-renban", "#b07be0", 4, ""};
    case clue_kind::palindrome:
      return line_style{"sd-palindrome", "#a6a6a6", 4, ""};
    case clue_kind::modular:
      return line_style{"sd-modular", "#d4a06c", 4, "0.1 7"};
    case clue_kind::entropic:
      return line_style{"sd-entropic", "#f08a24", 4, "0.1 7"};
    case clue_kind::zipper:
      return line_style{"sd-zipper", "#9a9af2", 4, ""};
    case clue_kind::between:
      return line_style{"sd-between", "#74aaeb", 4, ""};
    case clue_kind::sum_line:
      return line_style{"sd-sum-line", "#2a9d8f", 4, "7 4"};
    case clue_kind::lockout:
      return line_style{"sd-lockout", "#8fa8e8", 4, ""};
    case clue_kind::region_sum_line:
      return line_style{"sd-region-sum-line", "#64c864", 4, ""};
    case clue_kind::value_indexing:
      return line_style{"sd-value-indexing", "#8a8a8a", 2, "5 3"};
    case clue_kind::pair:
    case clue_kind::pair_x:
      return line_style{"sd-pairwise", "#c86464", 2, ""};
    case clue_kind::nfa:
      return line_style{"sd-automaton", "#b07cc6", 3, "2 3"};
    default:
      return std::nullopt;
  }
}

// `a` moved `d` towards `b` (to `b` if they are closer).
xy towards(const xy& a, const xy& b, double d) {
  const double length = std::hypot(b[0] - a[0], b[1] - a[1]);
  if (length <= d || length == 0) return b;
  return {a[0] + (b[0] - a[0]) * d / length, a[1] + (b[1] - a[1]) * d / length};
}

std::string path_through(const std::vector<xy>& points, bool loop = false) {
  std::string d;
  for (std::size_t i = 0; i < points.size(); ++i) {
    d += fmt::format("{}{}{} {}", i == 0 ? "" : " ", i == 0 ? 'M' : 'L', num(points[i][0]),
                     num(points[i][1]));
  }
  // A line of one cell: a dot, drawn by the round caps of a line of no length.
  if (points.size() == 1) d += fmt::format(" L{} {}", num(points[0][0]), num(points[0][1]));
  if (loop) d += " Z";
  return d;
}

class clue_painter {
 public:
  clue_painter(const variant& v, const board_frame& at, std::string& out)
      : v_(v), at_(at), out_(out) {}

  template <class... A>
  void add(fmt::format_string<A...> format, A&&... args) {
    out_ += fmt::format(format, std::forward<A>(args)...);
  }

  [[nodiscard]] int row(std::uint32_t p) const { return at_.row_of(p); }
  [[nodiscard]] int column(std::uint32_t p) const { return at_.column_of(p); }
  [[nodiscard]] xy centre(std::uint32_t p) const {
    return {at_.x_of(column(p) + 0.5), at_.y_of(row(p) + 0.5)};
  }
  [[nodiscard]] std::vector<xy> centres(std::span<const std::uint32_t> cells) const {
    std::vector<xy> out;
    for (std::uint32_t p : cells)
      out.push_back(centre(p));
    return out;
  }
  [[nodiscard]] bool orthogonal(std::uint32_t a, std::uint32_t b) const {
    return std::abs(row(a) - row(b)) + std::abs(column(a) - column(b)) == 1;
  }

  void line(std::size_t k, const clue& c, const line_style& s) {
    std::vector<xy> points = centres(c.cells);
    const bool ends =
        (c.kind == clue_kind::between || c.kind == clue_kind::lockout) && points.size() >= 2;
    const xy first = points.front(), last = points.back();
    if (ends) {
      points.front() = towards(first, points[1], circle_radius);
      points.back() = towards(last, points[points.size() - 2], circle_radius);
    }
    add("<path class=\"{}\" data-clue=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"{}/>\n",
        s.cls, k, path_through(points, c.loop), s.colour, num(s.width),
        s.dash.empty() ? std::string() : fmt::format(" stroke-dasharray=\"{}\"", s.dash));
    if (c.kind == clue_kind::thermo) {
      add("<circle class=\"sd-thermo-bulb\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" "
          "fill=\"{}\"/>\n",
          k, num(first[0]), num(first[1]), num(circle_radius), s.colour);
    }
    if (ends && c.kind == clue_kind::between) {
      for (const xy& p : {first, last}) {
        add("<circle class=\"sd-between-end\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" "
            "fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\"/>\n",
            k, num(p[0]), num(p[1]), num(circle_radius), s.colour);
      }
    }
    if (c.kind == clue_kind::lockout) {
      for (const xy& p : {first, last}) {
        const double r = circle_radius;
        add("<path class=\"sd-lockout-end\" data-clue=\"{}\" d=\"M{} {} L{} {} L{} {} L{} {} Z\" "
            "fill=\"{}\" stroke=\"{}\" stroke-width=\"2.5\"/>\n",
            k, num(p[0]), num(p[1] - r), num(p[0] + r), num(p[1]), num(p[0]), num(p[1] + r),
            num(p[0] - r), num(p[1]), ground, s.colour);
      }
    }
    if (c.kind == clue_kind::pair || c.kind == clue_kind::pair_x) {
      // A small circle on each cell, filled when every two cells are related.
      for (const xy& p : points) {
        add("<circle class=\"sd-pairwise-node\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" r=\"4\" "
            "fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\"/>\n",
            k, num(p[0]), num(p[1]), c.kind == clue_kind::pair_x ? s.colour : ground, s.colour);
      }
    }
    if (c.kind == clue_kind::value_indexing && points.size() >= 2) {
      add("<circle class=\"sd-value-indexing-start\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" "
          "r=\"5\" fill=\"{}\"/>\n",
          k, num(first[0]), num(first[1]), s.colour);
      arrowhead(k, points[points.size() - 2], last);
    }
    if (c.kind == clue_kind::zipper && !points.empty()) {
      // The middle: a cell, or between the two middle cells.
      const xy a = points[(points.size() - 1) / 2], b = points[points.size() / 2];
      add("<circle class=\"sd-zipper-middle\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" r=\"6\" "
          "fill=\"{}\"/>\n",
          k, num((a[0] + b[0]) / 2), num((a[1] + b[1]) / 2), s.colour);
    }
  }

  void arrowhead(std::size_t k, const xy& from, const xy& tip) {
    const double length = std::hypot(tip[0] - from[0], tip[1] - from[1]);
    if (length == 0) return;
    const double ux = (tip[0] - from[0]) / length, uy = (tip[1] - from[1]) / length;
    const double back = 6, side = 4;
    add("<path class=\"sd-arrowhead\" data-clue=\"{}\" d=\"M{} {} L{} {} L{} {}\" fill=\"none\" "
        "stroke=\"{}\" stroke-width=\"1.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
        k, num(tip[0] - back * ux - side * uy), num(tip[1] - back * uy + side * ux), num(tip[0]),
        num(tip[1]), num(tip[0] - back * ux + side * uy), num(tip[1] - back * uy - side * ux),
        arrow_ink);
  }

  void arrow(std::size_t k, const clue& c) {
    const std::vector<xy> points = centres(c.cells);
    if (points.size() < 2) return;
    std::size_t head = 1;  // cells in the circle or pill
    if (c.kind == clue_kind::pill_arrow && !c.values.empty()) {
      head = std::clamp<std::size_t>(static_cast<std::size_t>(std::max(c.values[0], 1)), 1,
                                     points.size() - 1);
    }
    const auto circle = [&](const xy& p) {
      add("<circle class=\"sd-arrow-circle\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" "
          "fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n",
          k, num(p[0]), num(p[1]), num(circle_radius), arrow_ink);
    };
    if (c.kind == clue_kind::pill_arrow) {
      // A stadium round the pill's centres: two sides and two half circles.
      const xy a = points.front(), b = points[head - 1];
      const double length = std::hypot(b[0] - a[0], b[1] - a[1]);
      const double ux = length > 0 ? (b[0] - a[0]) / length : 1;
      const double uy = length > 0 ? (b[1] - a[1]) / length : 0;
      const double nx = -uy * circle_radius, ny = ux * circle_radius;
      add("<path class=\"sd-pill\" data-clue=\"{}\" d=\"M{} {} L{} {} A{} {} 0 0 0 {} {} L{} {} "
          "A{} {} 0 0 0 {} {} Z\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n",
          k, num(a[0] + nx), num(a[1] + ny), num(b[0] + nx), num(b[1] + ny), num(circle_radius),
          num(circle_radius), num(b[0] - nx), num(b[1] - ny), num(a[0] - nx), num(a[1] - ny),
          num(circle_radius), num(circle_radius), num(a[0] + nx), num(a[1] + ny), arrow_ink);
    } else {
      circle(points.front());
    }
    std::vector<xy> shaft(points.begin() + static_cast<std::ptrdiff_t>(head - 1), points.end());
    shaft.front() = towards(shaft.front(), shaft[1], circle_radius);
    const bool two_ends = c.kind == clue_kind::double_arrow;
    if (two_ends) {
      circle(points.back());
      shaft.back() = towards(shaft.back(), shaft[shaft.size() - 2], circle_radius);
    }
    add("<path class=\"sd-arrow\" data-clue=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
        "stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n",
        k, path_through(shaft), arrow_ink);
    if (!two_ends) arrowhead(k, points[points.size() - 2], points.back());
  }

  // Each cell with every later orthogonal neighbour among the cells (as the
  // model reads dots, XV and greater-than signs).
  template <class F>
  void each_pair(const clue& c, F&& f) const {
    for (std::size_t i = 0; i < c.cells.size(); ++i) {
      for (std::size_t j = i + 1; j < c.cells.size(); ++j) {
        if (orthogonal(c.cells[i], c.cells[j])) f(c.cells[i], c.cells[j]);
      }
    }
  }

  void edge_marks(std::size_t k, const clue& c) {
    each_pair(c, [&](std::uint32_t a, std::uint32_t b) {
      const xy pa = centre(a), pb = centre(b);
      const double x = (pa[0] + pb[0]) / 2, y = (pa[1] + pb[1]) / 2;
      switch (c.kind) {
        case clue_kind::white_dot:
        case clue_kind::black_dot: {
          const bool white = c.kind == clue_kind::white_dot;
          add("<circle class=\"{}\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"{}\" "
              "stroke=\"{}\" stroke-width=\"1\"/>\n",
              white ? "sd-dot-white" : "sd-dot-black", k, num(x), num(y), white ? ground : ink,
              ink);
          break;
        }
        case clue_kind::x:
        case clue_kind::v: {
          const bool is_x = c.kind == clue_kind::x;
          add("<text class=\"{}\" data-clue=\"{}\" x=\"{}\" y=\"{}\" font-size=\"14\" "
              "font-weight=\"bold\" text-anchor=\"middle\" fill=\"{}\" stroke=\"{}\" "
              "stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">{}</text>\n",
              is_x ? "sd-x" : "sd-v", k, num(x), num(svg::text_baseline(y, 14)), ink, ground,
              is_x ? 'X' : 'V');
          break;
        }
        default: {  // greater than: the chevron's point towards the smaller cell, b
          const double dx = pb[0] > pa[0] ? 1 : pb[0] < pa[0] ? -1 : 0;
          const double dy = pb[1] > pa[1] ? 1 : pb[1] < pa[1] ? -1 : 0;
          const double s = 5, squash = 0.5;
          const xy p0{x - dx * s * squash - dy * s, y - dy * s * squash - dx * s};
          const xy p1{x + dx * s * squash, y + dy * s * squash};
          const xy p2{x - dx * s * squash + dy * s, y - dy * s * squash + dx * s};
          add("<path class=\"sd-greater\" data-clue=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
              "stroke-width=\"1.5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n",
              k, path_through({p0, p1, p2}), ink);
          break;
        }
      }
    });
  }

  void quad(std::size_t k, const clue& c) {
    const std::uint32_t p = c.cells.front();
    const double cx = at_.x_of(column(p) + 1), cy = at_.y_of(row(p) + 1);
    add("<circle class=\"sd-quad\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" "
        "stroke=\"{}\" stroke-width=\"1\"/>\n",
        k, num(cx), num(cy), num(quad_radius), ground, ink);
    // The digits in a square, as SudokuPad sets them: one in the middle, two
    // side by side, three as two over one, four two over two; 10 units tall
    // (a quarter of a cell), 12 for one alone.
    const std::size_t n = c.values.size();
    const double size = n == 1 ? 12 : 10, dx = 3.6, dy = 4.2;
    for (std::size_t i = 0; i < n; ++i) {
      double x = 0, y = 0;
      if (n == 2) {
        x = i == 0 ? -dx : dx;
      } else if (n >= 3) {
        const bool top = i < 2;
        y = top ? -dy : dy;
        x = (n == 3 && !top) ? 0 : (i % 2 == 0 ? -dx : dx);
      }
      add("<text class=\"sd-quad-digit\" data-clue=\"{}\" x=\"{}\" y=\"{}\" font-size=\"{}\" "
          "text-anchor=\"middle\" fill=\"{}\">{}</text>\n",
          k, num(cx + x), num(svg::text_baseline(cy + y, size)), num(size), ink, c.values[i]);
    }
  }

  // A number in a cell's top-left corner on a patch of ground, as cage sums are.
  void label(std::size_t k, std::string_view cls, std::uint32_t p, const std::string& text) {
    const double x = at_.x_of(column(p)), y = at_.y_of(row(p));
    add("<rect class=\"{}-label\" data-clue=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"11\" "
        "fill=\"{}\"/>\n",
        cls, k, num(x + 2), num(y + 2), num(5.6 * static_cast<double>(text.size()) + 2), ground);
    add("<text class=\"{}\" data-clue=\"{}\" x=\"{}\" y=\"{}\" font-size=\"9.5\" fill=\"{}\">{}"
        "</text>\n",
        cls, k, num(x + 3), num(y + 11), ink, text);
  }

  void region(std::size_t k, const clue& c) {
    std::vector<std::uint32_t> cells = c.cells;
    std::sort(cells.begin(), cells.end());
    switch (c.kind) {
      case clue_kind::cage:
        add("<path class=\"sd-clue-cage\" data-clue=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
            "stroke-width=\"1.2\" stroke-dasharray=\"4 3\"/>\n",
            k, at_.outline_path(cells, 4), ink);
        if (!c.values.empty())
          label(k, "sd-clue-cage-sum", cells.front(), fmt::to_string(c.values[0]));
        break;
      case clue_kind::sum:
        add("<path class=\"sd-sum\" data-clue=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
            "stroke-width=\"1.3\" stroke-dasharray=\"0.1 3\" stroke-linecap=\"round\"/>\n",
            k, at_.outline_path(cells, 4), ink);
        if (!c.values.empty()) label(k, "sd-sum-total", cells.front(), fmt::to_string(c.values[0]));
        break;
      case clue_kind::lunchbox:
        add("<path class=\"sd-lunchbox\" data-clue=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
            "stroke-width=\"1.5\"/>\n",
            k, at_.outline_path(cells, 3), "#6e6e6e");
        if (!c.values.empty())
          label(k, "sd-lunchbox-sum", cells.front(), fmt::to_string(c.values[0]));
        break;
      case clue_kind::all_different:
      case clue_kind::count_distinct:
        add("<path class=\"sd-{}\" data-clue=\"{}\" d=\"{}\" fill=\"none\" stroke=\"{}\" "
            "stroke-width=\"1.5\"/>\n",
            c.kind == clue_kind::all_different ? "all-different" : "count-distinct", k,
            at_.outline_path(cells, 2), "#4a7bd0");
        if (c.kind == clue_kind::count_distinct) {
          const xy p = centre(c.cells.front());
          add("<circle class=\"sd-count-distinct-control\" data-clue=\"{}\" cx=\"{}\" "
              "cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#4a7bd0\" stroke-width=\"1.5\"/>\n",
              k, num(p[0]), num(p[1]), num(circle_radius));
        }
        break;
      case clue_kind::rellik_cage:
      case clue_kind::equality_cage:
      case clue_kind::contain_at_least:
      case clue_kind::contain_exact: {
        // Shaded, as ISS draws them, and outlined as cages are, with what
        // they say in the corner.
        std::string text;
        for (int d : c.values)
          text += fmt::format("{}{}", text.empty() ? "" : ",", d);
        if (c.kind == clue_kind::rellik_cage) text = "\u2260" + text;
        if (c.kind == clue_kind::contain_exact) text = "=" + text;
        add("<path class=\"sd-{}\" data-clue=\"{}\" d=\"{}\" fill=\"{}\" "
            "fill-opacity=\"0.35\" stroke=\"#111111\" stroke-width=\"1.2\" "
            "stroke-dasharray=\"4 3\"/>\n",
            c.kind == clue_kind::rellik_cage     ? "rellik-cage"
            : c.kind == clue_kind::equality_cage ? "equality-cage"
                                                 : "contain",
            k, at_.outline_path(cells, 4),
            c.kind == clue_kind::equality_cage ? "#9ccfe8" : "#e8c89c");
        if (!text.empty()) label(k, "sd-set-label", cells.front(), text);
        break;
      }
      case clue_kind::counting_circles:
      case clue_kind::indexing:
        for (std::uint32_t p : c.cells) {
          const xy at = centre(p);
          if (c.kind == clue_kind::indexing) {
            add("<path class=\"sd-indexing\" data-clue=\"{}\" d=\"{}\" fill=\"#e07a7a\" "
                "fill-opacity=\"0.3\" stroke=\"none\"/>\n",
                k, at_.outline_path(std::span(&p, 1), 0));
          } else {
            add("<circle class=\"sd-counting-circle\" data-clue=\"{}\" cx=\"{}\" cy=\"{}\" "
                "r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>\n",
                k, num(at[0]), num(at[1]), num(circle_radius + 2), arrow_ink);
          }
        }
        break;
      default: {  // same values, equal sums: each set of consecutive cells outlined
        const bool equal = c.kind == clue_kind::equal_sum;
        const std::size_t sets =
            equal || c.values.empty() ? 1 : static_cast<std::size_t>(c.values[0]);
        const std::size_t size = sets == 0 ? c.cells.size() : c.cells.size() / sets;
        for (std::size_t from = 0, s = 0; size > 0 && from < c.cells.size(); ++s) {
          const std::size_t to = std::min(
              equal ? from + static_cast<std::size_t>(c.values[s]) : from + size, c.cells.size());
          std::vector<std::uint32_t> set(c.cells.begin() + static_cast<std::ptrdiff_t>(from),
                                         c.cells.begin() + static_cast<std::ptrdiff_t>(to));
          std::sort(set.begin(), set.end());
          set.erase(std::unique(set.begin(), set.end()), set.end());
          add("<path class=\"sd-{}\" data-clue=\"{}\" d=\"{}\" fill=\"none\" "
              "stroke=\"{}\" stroke-width=\"2\"{}/>\n",
              equal ? "equal-sum" : "same-values", k,
              at_.outline_path(set, equal ? static_cast<double>(4 + s % 3) : 5.0),
              equal ? "#7a5ab8" : "#d08c3c", equal ? " stroke-dasharray=\"5 2\"" : "");
          from = to;
        }
        break;
      }
    }
  }

  void outside_text(std::size_t k, std::string_view cls, double x, double y, double size,
                    const std::string& text) {
    add("<text class=\"{}\" data-clue=\"{}\" x=\"{}\" y=\"{}\" font-size=\"{}\" "
        "text-anchor=\"middle\" fill=\"{}\">{}</text>\n",
        cls, k, num(x), num(svg::text_baseline(y, size)), num(size), ink, text);
  }

  void outside_clue(std::size_t k, const clue& c) {
    if (c.cells.size() < 2 || c.values.empty()) return;
    const std::uint32_t a = c.cells[0], b = c.cells[1];
    const int dr = row(b) - row(a), dc = column(b) - column(a);
    const xy p = centre(a);
    // A rank as ISS writes it, #26.
    const std::string value =
        fmt::format("{}{}", c.kind == clue_kind::full_rank ? "#" : "", c.values[0]);
    if (c.kind == clue_kind::little_killer) {
      // An arrow outside the corner of the diagonal's first cell, pointing
      // along it, and the sum beyond its tail.
      const auto at = [&](double f) {
        return xy{p[0] - dc * f * at_.cell, p[1] - dr * f * at_.cell};
      };
      const xy tail = at(0.72), tip = at(0.53), text = at(0.92);
      add("<path class=\"sd-little-killer-arrow\" data-clue=\"{}\" d=\"{}\" fill=\"none\" "
          "stroke=\"{}\" stroke-width=\"1.5\" stroke-linecap=\"round\"/>\n",
          k, path_through({tail, tip}), arrow_ink);
      arrowhead(k, tail, tip);
      outside_text(k, "sd-little-killer", text[0], text[1], 11, value);
      return;
    }
    // A row's clue left or right of it, a column's above or below.
    double x = p[0], y = p[1];
    if (dr == 0) {
      x = dc > 0 ? at_.x_of(0) - outside / 2 : at_.x_of(v_.columns()) + outside / 2;
    } else {
      y = dr > 0 ? at_.y_of(0) - outside / 2 : at_.y_of(v_.rows()) + outside / 2;
    }
    // A plain number, as setters draw X-sums, sandwiches, skyscrapers and
    // numbered rooms alike (the title and the rules say which).
    outside_text(k, outside_class(c.kind), x, y, 12, value);
  }

  // An Or or And: a faint dashed outline round its cells, as ISS draws one
  // (its parts drawn as they would be alone); a given inside one, its
  // values small at the foot of its cell.
  void composite(std::size_t k, const clue& c) {
    std::vector<std::uint32_t> cells = c.cells;
    std::sort(cells.begin(), cells.end());
    add("<path class=\"sd-{}\" data-clue=\"{}\" d=\"{}\" fill=\"none\" stroke=\"#7a7a7a\" "
        "stroke-opacity=\"0.6\" stroke-width=\"1.5\" stroke-dasharray=\"2 3\"/>\n",
        c.kind == clue_kind::any_of ? "any-of" : "all-of", k, at_.outline_path(cells, 2));
  }
  void given_part(std::size_t k, const clue& c) {
    std::string text;
    for (const int value : c.values)
      text += fmt::format("{}{}", text.empty() ? "" : ",", value);
    for (const std::uint32_t p : c.cells) {
      const xy at = centre(p);
      add("<text class=\"sd-given-part\" data-clue=\"{}\" x=\"{}\" y=\"{}\" font-size=\"10\" "
          "text-anchor=\"middle\" fill=\"{}\">={}</text>\n",
          k, num(at[0]), num(at[1] + at_.cell / 2 - 4), caption_ink, text);
    }
  }

  void caption_line() {
    std::string rules;
    for (const clue& c : v_.clues()) {
      if (!is_global(c.kind)) continue;
      const std::string_view name = short_name(c.kind);
      if (rules.find(name) == std::string::npos)
        rules += fmt::format("{}{}", rules.empty() ? "" : ", ", name);
    }
    if (rules.empty()) return;
    add("<text class=\"sd-rules\" x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\" "
        "fill=\"{}\">{}</text>\n",
        num(at_.caption_x), num(svg::text_baseline(at_.caption_y, 11)), caption_ink, rules);
  }

 private:
  const variant& v_;
  const board_frame& at_;
  std::string& out_;
};

}  // namespace

std::string board_frame::outline_path(std::span<const std::uint32_t> cells, double inset) const {
  const auto board = static_cast<std::uint32_t>(rows * columns);
  if (std::all_of(cells.begin(), cells.end(), [&](std::uint32_t p) { return p < board; }))
    return svg::path_data(svg::outline(rows, columns, cells), {left, top, cell}, inset);
  // Variables among them: each cell where it is drawn, on a board tall enough.
  std::vector<std::uint32_t> drawn;
  int drawn_rows = rows;
  for (std::uint32_t p : cells) {
    drawn.push_back(static_cast<std::uint32_t>(row_of(p) * columns + column_of(p)));
    drawn_rows = std::max(drawn_rows, row_of(p) + 1);
  }
  return svg::path_data(svg::outline(drawn_rows, columns, drawn), {left, top, cell}, inset);
}

double outside_room(const variant& v) {
  bool any = false;
  each_clue(v, [&](std::size_t, const clue& c) { any = any || is_outside(c.kind); });
  return any ? outside : 0;
}

double caption_room(const variant& v) {
  const auto clues = v.clues();
  return std::any_of(clues.begin(), clues.end(), [](const clue& c) { return is_global(c.kind); })
             ? caption
             : 0;
}

std::vector<std::string_view> clue_names(const variant& v) {
  std::vector<clue_kind> kinds;
  each_clue(v, [&](std::size_t, const clue& c) { kinds.push_back(c.kind); });
  std::sort(kinds.begin(), kinds.end());
  std::vector<std::string_view> names;
  for (clue_kind k : kinds) {
    if (std::find(names.begin(), names.end(), short_name(k)) == names.end())
      names.push_back(short_name(k));
  }
  return names;
}

void draw_clues(const variant& v, const board_frame& at, clue_layer layer, std::string& out) {
  clue_painter paint(v, at, out);
  each_clue(v, [&](std::size_t k, const clue& c) {
    if (c.cells.empty()) return;
    const auto line = line_of(c.kind);
    const bool arrow = c.kind == clue_kind::arrow || c.kind == clue_kind::double_arrow ||
                       c.kind == clue_kind::pill_arrow;
    if (layer == clue_layer::under) {
      if (line) paint.line(k, c, *line);
      if (arrow) paint.arrow(k, c);
      return;
    }
    switch (c.kind) {
      case clue_kind::white_dot:
      case clue_kind::black_dot:
      case clue_kind::x:
      case clue_kind::v:
      case clue_kind::greater_than:
        paint.edge_marks(k, c);
        break;
      case clue_kind::quad:
        paint.quad(k, c);
        break;
      case clue_kind::cage:
      case clue_kind::sum:
      case clue_kind::lunchbox:
      case clue_kind::same_values:
      case clue_kind::equal_sum:
      case clue_kind::all_different:
      case clue_kind::rellik_cage:
      case clue_kind::equality_cage:
      case clue_kind::contain_at_least:
      case clue_kind::contain_exact:
      case clue_kind::count_distinct:
      case clue_kind::counting_circles:
      case clue_kind::indexing:
      case clue_kind::chaos_count:  // its control and the region cells it reads
      case clue_kind::chaos_arrow:
        paint.region(k, c);
        break;
      case clue_kind::little_killer:
      case clue_kind::sandwich:
      case clue_kind::x_sum:
      case clue_kind::skyscraper:
      case clue_kind::hidden_skyscraper:
      case clue_kind::numbered_room:
      case clue_kind::full_rank:
        paint.outside_clue(k, c);
        break;
      case clue_kind::sum_line:
        if (!c.values.empty())
          paint.label(k, "sd-sum-line-sum", c.cells.front(), fmt::to_string(c.values[0]));
        break;
      case clue_kind::any_of:
      case clue_kind::all_of:
        paint.composite(k, c);
        break;
      case clue_kind::given:
        paint.given_part(k, c);
        break;
      default:
        break;
    }
  });
  if (layer == clue_layer::over) paint.caption_line();
}

}  // namespace sudoku::detail
