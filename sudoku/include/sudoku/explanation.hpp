// Explanations in pictures: a solving path as a series of board pictures, and
// a self-contained HTML page that steps through them.
//
// The first picture is the puzzle with every candidate its givens leave; then,
// for each step, the board as it stood before the step with the step marked
// (render.hpp); the last shows how it ended (the solution, or where logic got
// stuck). The page holds the first picture whole and each other one as the
// edit that makes it from the one before (the lines of SVG to keep, remove and
// insert: a twelfth of the size), with a few lines of script that draw the
// picture shown: the buttons and the arrow keys go back and forth, Home and
// End to either end; the board takes the room the window has, and prints on
// its own with its text. Nothing is fetched from a network.
//
//   sudoku::explanation_builder b(v, puzzle);
//   for (const auto& st : result.steps)
//     b.step(sudoku::describe(v, st), sudoku::highlight_of(v, st, b.board()));
//   auto pictures = b.finish("hard.sdm:1", "solved by logic: hard", &solution, "solved");
//   std::string page = sudoku::html_page_begin("explain") +
//                      sudoku::html_section(pictures) + sudoku::html_page_end();
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sudoku/grid.hpp"
#include "sudoku/render.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// One picture of an explanation and the text beside it.
struct explained_frame {
  std::string text;
  std::string svg;
};

/// A puzzle's explanation in pictures.
struct explained_puzzle {
  std::string heading;  ///< where the puzzle came from: "hard.sdm:1"
  std::string summary;  ///< its level or rating: "solved by logic: hard, 61 steps"
  std::vector<explained_frame> frames;
};

/// Builds the pictures of one solving path, step by step.
class explanation_builder {
 public:
  /// Starts from the puzzle with its candidates. `id` tells this puzzle's
  /// pictures apart from others' on one page (their SVG ids).
  explanation_builder(const variant& v, const grid& puzzle, std::string id = "p");

  /// The board before the next step.
  [[nodiscard]] const board_state& board() const noexcept { return board_; }
  /// Draws the board with the step marked, then applies the step.
  void step(std::string text, const highlight& marks);
  /// The pictures: the puzzle, each step, and the end: `end` (the solution)
  /// when given, else the board as the steps left it.
  [[nodiscard]] explained_puzzle finish(std::string heading, std::string summary, const grid* end,
                                        std::string end_text);

 private:
  svg_options options(std::size_t frame) const;

  const variant& v_;
  board_state board_;
  std::string id_;
  std::vector<explained_frame> frames_;
};

/// The page's head, style and opening tags, titled `title`.
[[nodiscard]] std::string html_page_begin(std::string_view title);
/// One puzzle's section: its heading and summary, the buttons, each frame's
/// text, and its pictures as a JSON array in a <script type="application/json"
/// class="pictures">: one entry a picture, runs of three (lines kept, lines
/// removed, the array of lines inserted) that make it from the one before
/// (the first from none); lines after the last run are kept.
[[nodiscard]] std::string html_section(const explained_puzzle& p);
/// The script and the closing tags.
[[nodiscard]] std::string html_page_end();

}  // namespace sudoku
