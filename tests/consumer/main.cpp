// Calls every installed library, as a user's program would: dlx (four queens),
// sudoku (a unique solution, and sudoku::render_svg's picture, which draws with
// the svg library inside) and svg itself (the outline of an L of three cells).
// Built twice by run.cmake, with find_package(dlx) and with pkg-config's flags;
// it prints what run.cmake checks.
#include <dlx/solver.hpp>
#include <sudoku/board_state.hpp>
#include <sudoku/render.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/variant.hpp>
#include <svg/cells.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

// The text between `open` and `close` in `text`, or "(none)".
std::string between(const std::string& text, const std::string& open, const std::string& close) {
  const auto from = text.find(open);
  if (from == std::string::npos) return "(none)";
  const auto to = text.find(close, from + open.size());
  if (to == std::string::npos) return "(none)";
  return text.substr(from + open.size(), to - from - open.size());
}

}  // namespace

int main() {
  // Four queens: items r0-r3, c0-c3; diagonals as secondary items.
  dlx::problem p;
  dlx::item_id r[4], c[4], a[7], b[7];
  for (int i = 0; i < 4; ++i)
    r[i] = p.add_item();
  for (int i = 0; i < 4; ++i)
    c[i] = p.add_item();
  for (int i = 0; i < 7; ++i)
    a[i] = p.add_item(dlx::item_kind::secondary);
  for (int i = 0; i < 7; ++i)
    b[i] = p.add_item(dlx::item_kind::secondary);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j)
      p.add_option({r[i], c[j], a[i + j], b[3 + i - j]});
  }
  dlx::solver s(p);
  const auto queens = s.count();

  sudoku::grid puzzle, solution;
  if (sudoku::parse_sdm(
          "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
          puzzle)) {
    return 1;
  }
  sudoku::solver sudoku_solver;
  const auto solved = sudoku_solver.solve_unique(puzzle, solution);

  // The puzzle's picture: a whole SVG document, titled with its givens.
  const sudoku::variant classic{sudoku::shape{}};
  const std::string picture = sudoku::render_svg(classic, sudoku::board_state::of_puzzle(puzzle));
  const bool whole = picture.starts_with("<svg") && picture.ends_with("</svg>\n");

  // An L of three cells in a 2x2 grid (r1c1 left out), cells 10 units wide:
  // one loop of six corners.
  const std::vector<std::uint32_t> l_cells = {0, 2, 3};
  const auto loops = svg::outline(2, 2, l_cells);
  const std::string l_path = svg::path_data(loops, {0, 0, 10});

  std::printf("queens-4 %llu\nsudoku %s %s\n", static_cast<unsigned long long>(queens.solutions),
              std::string(sudoku::to_string(solved.status)).c_str(),
              sudoku::to_sdm(solution).c_str());
  std::printf("render_svg %s, title '%s'\n", whole ? "a whole document" : "NOT a document",
              between(picture, "<title>", "</title>").c_str());
  std::printf("svg %zu loop, %zu corners: %s; %s %s\n", loops.size(),
              loops.empty() ? std::size_t{0} : loops[0].corners.size(), l_path.c_str(),
              svg::number(3.25).c_str(), svg::escape("a<b").c_str());
  return 0;
}
