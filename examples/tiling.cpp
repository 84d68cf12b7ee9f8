// Tilings as pictures (tiling.hpp).
#include "tiling.hpp"

#include <fmt/core.h>
#include <dlx/format.hpp>
#include <dlx/line_reader.hpp>
#include <svg/cells.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>

namespace examples {

namespace {

// "r3c4", "rm2c0": the cell's row and column, or nothing for another item.
std::optional<std::pair<int, int>> parse_cell(std::string_view name) {
  auto number = [&](std::string_view& s, int& value) {
    const bool minus = !s.empty() && s.front() == 'm';
    if (minus) s.remove_prefix(1);
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end == s.data()) return false;
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    if (minus) value = -value;
    return true;
  };
  int r = 0, c = 0;
  if (name.empty() || name.front() != 'r') return std::nullopt;
  name.remove_prefix(1);
  if (!number(name, r) || name.empty() || name.front() != 'c') return std::nullopt;
  name.remove_prefix(1);
  if (!number(name, c) || !name.empty()) return std::nullopt;
  return std::pair{r, c};
}

}  // namespace

tiling read_tiling(std::istream& in, std::string_view source, const board_shape& board,
                   std::size_t which) {
  tiling t;
  t.board = board;
  const std::string where(source);
  std::vector<std::size_t> covered_on(
      static_cast<std::size_t>(board.rows) * static_cast<std::size_t>(board.columns), 0);
  dlx::line_reader lines(in);
  dlx::text_line line;
  std::size_t solution = 1, last_line = 0;
  bool in_solution = false;
  while (lines.next(line)) {
    last_line = line.number;
    if (line.too_long) throw dlx::parse_error(where, line.number, 1, "line too long");
    std::string_view text = line.text;
    if (text.find_first_not_of(" \t\r") == std::string_view::npos) {
      if (in_solution) ++solution;
      in_solution = false;
      if (solution > which) break;
      continue;
    }
    in_solution = true;
    if (solution != which) continue;
    std::vector<std::uint32_t> cells;
    std::string label;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t start = text.find_first_not_of(" \t\r", at);
      if (start == std::string_view::npos) break;
      std::size_t end = text.find_first_of(" \t\r", start);
      if (end == std::string_view::npos) end = text.size();
      const std::string_view item = text.substr(start, end - start);
      at = end;
      if (item.front() == '|') break;  // a cost (DLX5): not an item
      const auto cell = parse_cell(item);
      if (!cell) {
        if (!label.empty()) label += ' ';
        label += item;
        continue;
      }
      const int r = cell->first - board.first_row, c = cell->second - board.first_column;
      if (r < 0 || c < 0 || r >= board.rows || c >= board.columns) {
        throw dlx::parse_error(where, line.number, start + 1,
                               fmt::format("{}: not a cell of the board", item));
      }
      const auto p = static_cast<std::uint32_t>(r * board.columns + c);
      if (covered_on[p] != 0) {
        throw dlx::parse_error(
            where, line.number, start + 1,
            fmt::format("{} is covered twice (first on line {})", item, covered_on[p]));
      }
      covered_on[p] = line.number;
      cells.push_back(p);
    }
    if (cells.empty()) {
      throw dlx::parse_error(where, line.number, 1, "an option without a cell of the board");
    }
    t.pieces.push_back(std::move(cells));
    t.labels.push_back(std::move(label));
  }
  if (lines.read_error()) throw dlx::parse_error(where, last_line + 1, 1, "read error");
  if (t.pieces.empty()) {
    throw dlx::parse_error(where, last_line + 1, 1,
                           which == 1 ? std::string("no solution in the input")
                                      : fmt::format("no solution {} in the input ({} found)", which,
                                                    solution - (in_solution ? 0 : 1)));
  }
  return t;
}

std::string tiling_svg(const tiling& t, std::string_view title) {
  constexpr double cell = 30, margin = 6;
  const board_shape& b = t.board;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {0} {1}\" width=\"{0}\" "
      "height=\"{1}\" role=\"img\" font-family=\"sans-serif\">\n<title>{2}</title>\n"
      "<rect width=\"{0}\" height=\"{1}\" fill=\"#ffffff\"/>\n",
      svg::number(2 * margin + b.columns * cell), svg::number(2 * margin + b.rows * cell),
      svg::escape(title));
  // The board's cells that no piece covers (outside an Aztec diamond, say)
  // stay white; covered ones get their piece's colour.
  static constexpr std::array<std::string_view, 12> letters_palette = {
      "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4",
      "#46f0f0", "#f032e6", "#bcf60c", "#fabebe", "#008080", "#e6beff"};
  static constexpr std::array<std::string_view, 4> domino_palette = {"#4e79a7", "#f28e2b",
                                                                     "#e15759", "#59a14f"};
  const svg::placement at{margin, margin, cell};
  for (std::size_t k = 0; k < t.pieces.size(); ++k) {
    const auto& cells = t.pieces[k];
    std::string_view fill;
    if (!t.labels[k].empty()) {
      fill = letters_palette[std::hash<std::string>{}(t.labels[k]) % letters_palette.size()];
      // Pentominoes: fixed colours by letter, so every picture agrees.
      static constexpr std::string_view order = "FILNPTUVWXYZ";
      if (t.labels[k].size() == 1 && order.find(t.labels[k][0]) != std::string_view::npos)
        fill = letters_palette[order.find(t.labels[k][0])];
    } else {
      const std::uint32_t first = *std::min_element(cells.begin(), cells.end());
      const bool across =
          cells.size() > 1 && std::find(cells.begin(), cells.end(), first + 1) != cells.end();
      const int r = static_cast<int>(first) / b.columns + b.first_row;
      const int c = static_cast<int>(first) % b.columns + b.first_column;
      const bool odd = ((r + c) % 2 + 2) % 2 == 1;
      fill = domino_palette[(across ? 0 : 2) + (odd ? 1 : 0)];
    }
    out += fmt::format(
        "<path class=\"piece\" data-piece=\"{}\" d=\"{}\" fill=\"{}\" stroke=\"#222222\" "
        "stroke-width=\"1.5\" stroke-linejoin=\"round\"/>\n",
        svg::escape(t.labels[k].empty() ? std::to_string(k + 1) : t.labels[k]),
        svg::path_data(svg::outline(b.rows, b.columns, cells), at), fill);
  }
  for (std::size_t k = 0; k < t.pieces.size(); ++k) {
    if (t.labels[k].empty()) continue;
    // The label in the piece's cell nearest the middle of its cells.
    double mr = 0, mc = 0;
    for (std::uint32_t p : t.pieces[k]) {
      mr += static_cast<double>(p / static_cast<std::uint32_t>(b.columns));
      mc += static_cast<double>(p % static_cast<std::uint32_t>(b.columns));
    }
    mr /= static_cast<double>(t.pieces[k].size());
    mc /= static_cast<double>(t.pieces[k].size());
    const std::uint32_t best = *std::min_element(
        t.pieces[k].begin(), t.pieces[k].end(), [&](std::uint32_t a, std::uint32_t z) {
          auto d = [&](std::uint32_t p) {
            const double r = static_cast<double>(p / static_cast<std::uint32_t>(b.columns)) - mr;
            const double c = static_cast<double>(p % static_cast<std::uint32_t>(b.columns)) - mc;
            return r * r + c * c;
          };
          return d(a) < d(z);
        });
    out += fmt::format(
        "<text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" "
        "fill=\"#111111\">{}</text>\n",
        svg::number(margin + (best % static_cast<std::uint32_t>(b.columns) + 0.5) * cell),
        svg::number(svg::text_baseline(
            margin + (best / static_cast<std::uint32_t>(b.columns) + 0.5) * cell, 14)),
        svg::escape(t.labels[k]));
  }
  out += "</svg>\n";
  return out;
}

}  // namespace examples
