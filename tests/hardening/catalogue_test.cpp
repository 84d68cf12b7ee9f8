// The catalogue of bad input: every kind of mistake a puzzle file, a DLX file or
// a command line can hold, each a test of its own. For each: the message names
// the file, line and column (or is a usage error), the exit code is the
// documented one, and in batch input every other line is still answered in its
// place. Names are listed by `ctest -R catalogue`. The Python module's side of
// the catalogue (bad arguments to every function, random garbage in bulk) is
// tests/python/test_hardening.py.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "puzzles.hpp"
#include "run_command.hpp"

namespace {

using test_support::run_command;
using test_support::write_temp_file;

// Wikipedia's example puzzle, its published solution, and a second puzzle (Project
// Euler 96, grid 01) with its solution, by the short names the cases use.
const std::string& W = test_support::wiki;
const std::string& WS = test_support::wiki_solution;
const std::string& E = test_support::euler;
const std::string& ES = test_support::euler_solution;

// A case's file: its text, or for files of megabytes a function that makes it
// when the case runs. Every test of this executable is a process of its own,
// and making them all with the catalogue cost each 0.35 s under ASan.
class file_text {
 public:
  file_text(std::string text) : text_(std::move(text)) {}  // NOLINT: implicit on purpose
  file_text(const char* text) : text_(text) {}             // NOLINT
  static file_text made_by(std::function<std::string()> make) {
    file_text f("");
    f.make_ = std::move(make);
    return f;
  }
  [[nodiscard]] std::string text() const { return make_ ? make_() : text_; }

 private:
  std::string text_;
  std::function<std::string()> make_;
};

struct bad_case {
  std::string name;
  std::string tool;               // "sudoku", "dlx", "dlx-mpi", "dlx-dominoes", "dlx-pentomino"
  std::vector<std::string> args;  // "{file}" stands for the case's file, "{problem}" for
                                  // a small DLX problem (dlx-mpi's checkpoint cases)
  file_text file;                 // written to a temporary file when args use it
  std::string out;                // expected stdout, exactly ("*" to skip the check)
  std::vector<std::string> err;   // substrings stderr must contain ("{file}" as above)
  int exit_code;
};

void PrintTo(const bad_case& c, std::ostream* os) {
  *os << c.name;
}

std::string with_file(std::string s, const std::string& path) {
  for (std::size_t at; (at = s.find("{file}")) != std::string::npos;)
    s.replace(at, 6, path);
  return s;
}

// The problem of dlx-mpi's cases, and its fingerprint in a checkpoint: 64-bit
// FNV-1a of its text, as dlx/checkpoint.hpp documents it.
const std::string small_problem = "a b\na\nb\n";
std::string small_problem_hash() {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (unsigned char ch : small_problem) {
    hash ^= ch;
    hash *= 0x100000001b3ULL;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

std::string replace_at(std::string s, std::size_t at, const std::string& with, std::size_t n = 1) {
  return s.replace(at, n, with);
}

std::vector<bad_case> catalogue() {
  const std::string fine = W + "\n";  // a first line that sets the size to 9x9
  std::vector<bad_case> c = {
      // ---- rate --scale se (Sudoku Explainer's rating): plain 9x9 only, givens checked
      {"rate_se_clashing_givens_in_a_batch",
       "sudoku",
       {"rate", "-q", "--scale", "se", "{file}"},
       W + "\n55" + W.substr(2) + "\n" + E + "\n",
       "1.2/1.2/1.2\ninvalid\n1.2/1.2/1.2\n",
       {"{file}:2:2: clashing givens: r1c2 repeats 5 of r1c1 (same row)"},
       2},
      {"rate_se_bad_line_in_place_on_threads",  // one puzzle per batch, two workers
       "sudoku",
       {"rate", "-q", "--scale", "se", "-j", "2", "{file}"},
       W + "\n55" + W.substr(2) + "\n" + E + "\n" + E + "\n55" + W.substr(2) + "\n" + W + "\n",
       "1.2/1.2/1.2\ninvalid\n1.2/1.2/1.2\n1.2/1.2/1.2\ninvalid\n1.2/1.2/1.2\n",
       {"{file}:2:2: clashing givens: r1c2 repeats 5 of r1c1 (same row)",
        "{file}:5:2: clashing givens: r1c2 repeats 5 of r1c1 (same row)"},
       2},
      {"rate_se_refuses_a_variant",
       "sudoku",
       {"rate", "-q", "--scale", "se", "--variant", "windoku", "{file}"},
       fine,
       "invalid\n",
       {"{file}:1:1: --scale se rates plain 9x9 puzzles (Sudoku Explainer knows no variants)"},
       2},
      // A clue of ISS's or values from 0: rules SE would not see.
      {"rate_se_refuses_a_clue_or_values_from_zero",
       "sudoku",
       {"rate", "-q", "--scale", "se", "{file}"},
       ".Thermo~R1C1~R1C2\n.Shape~9x9~0-8\n",
       "invalid\ninvalid\n",
       {"{file}:1:1: --scale se rates plain 9x9 puzzles (Sudoku Explainer knows no variants)",
        "{file}:2:1: --scale se rates plain 9x9 puzzles (Sudoku Explainer knows no variants)"},
       2},
      {"rate_se_refuses_six_by_six",
       "sudoku",
       {"rate", "-q", "--scale", "se", "{file}"},
       std::string("1") + std::string(35, '.') +
           "\n",  // (not "1" + ...: g++ 12 -Wrestrict false positive)
       "invalid\n",
       {"{file}:1:1: --scale se rates plain 9x9 puzzles"},
       2},
      {"rate_unknown_scale",
       "sudoku",
       {"rate", "--scale", "SE", "{file}"},
       fine,
       "",
       {"--scale: 'SE' is not levels or se"},
       2},
      {"explain_se_scale_with_search",
       "sudoku",
       {"explain", "--scale", "se", "--search", "{file}"},
       fine,
       "",
       {"--search goes with the levels scale, not --scale se"},
       2},
      // ---- Pictures: sudoku render, explain --html (the files themselves are checked in
      // tests/render), and the encoders' --svg, which read what dlx printed.
      {"render_bad_line_in_a_batch_to_a_folder",
       "sudoku",
       {"render", "-q", "-o", "{file}.dir/pictures/", "{file}"},
       W + "\n" + W.substr(0, 80) + "\n" + E + "\n",
       "",
       {"{file}:2:81: expected 81 cells for 9x9, found 80"},
       2},
      {"render_unwritable_file",
       "sudoku",
       {"render", "-o", "{file}.dir/no/such/dir/x.svg", "{file}"},
       fine,
       "",
       {"sudoku render: {file}.dir/no/such/dir/x.svg: cannot open for writing"},
       4},
      {"render_folder_that_is_a_file",
       "sudoku",
       {"render", "-o", "{file}/", "{file}"},
       fine,
       "",
       {"sudoku render: {file}/: cannot make the folder"},
       4},
      {"render_json",
       "sudoku",
       {"render", "--json", "{file}"},
       fine,
       "",
       {"--json does not apply: render writes SVG"},
       2},
      {"render_solution_and_candidates",
       "sudoku",
       {"render", "--solution", "--candidates", "{file}"},
       fine,
       "",
       {"--solution, --candidates, --possibilities and --differences go one at a time"},
       2},
      // convert --set (the page's cell editing): an edit a puzzle has no room for
      // makes that puzzle invalid, located; one without '=' is a usage error.
      {"convert_set_cell_off_the_board",
       "sudoku",
       {"convert", "-q", "--to", "line", "--set", "r10c1=5", "{file}"},
       fine,
       "invalid\n",
       {"{file}:1:1: --set 'r10c1=5': no cell 'r10c1' on this board (9 rows, 9 columns)"},
       2},
      {"convert_set_value_past_the_digits",
       "sudoku",
       {"convert", "-q", "--to", "line", "--set", "r1c1=10", "{file}"},
       fine,
       "invalid\n",
       {"{file}:1:1: --set 'r1c1=10': the value must be 1 to 9 (or '.' to clear the cell)"},
       2},
      {"convert_set_without_a_value",
       "sudoku",
       {"convert", "--set", "r1c1", "{file}"},
       fine,
       "",
       {"--set: expected CELL=VALUE, as r1c1=5 or r1c1=., got 'r1c1'"},
       2},
      {"render_cell_size_out_of_range",
       "sudoku",
       {"render", "--cell-size", "2", "{file}"},
       fine,
       "",
       {"--cell-size"},
       2},
      {"render_solution_of_clashing_givens",
       "sudoku",
       {"render", "-q", "--solution", "-o", "{file}.dir/", "{file}"},
       "55" + W.substr(2) + "\n",
       "",
       {"{file}:1:2: clashing givens: r1c2 repeats 5 of r1c1 (same row)"},
       2},
      {"render_solution_of_a_puzzle_without_one",
       "sudoku",
       {"render", "-q", "--solution", "-o", "{file}.dir/none.svg", "{file}"},
       // Valid givens, no solution: r1c9 can hold nothing (row has 1-8, column has 9).
       "12345678." + std::string(8, '.') + "9" + std::string(63, '.') + "\n",
       "",
       {"{file}:1:1: none: the puzzle has no solution"},
       1},
      {"explain_html_with_json",
       "sudoku",
       {"explain", "--html", "{file}.dir/x.html", "--json", "{file}"},
       fine,
       "",
       {"--html and --json do not go together"},
       2},
      {"explain_html_unwritable",
       "sudoku",
       {"explain", "--html", "{file}.dir/no/such/dir/x.html", "{file}"},
       fine,
       "",
       {"sudoku explain: {file}.dir/no/such/dir/x.html: cannot open for writing"},
       4},
      {"explain_html_bad_line_in_a_batch",
       "sudoku",
       {"explain", "-q", "--html", "{file}.dir/page.html", "{file}"},
       W + "\n" + W.substr(0, 40) + "x" + W.substr(41) + "\n" + E + "\n",
       "",
       {"{file}:2:41: "},
       2},
      {"dominoes_svg_cell_off_the_board",
       "dlx-dominoes",
       {"--svg", "2x2", "{file}"},
       "r0c0 r0c1\nr1c0 r2c0\n",
       "",
       {"{file}:2:6: r2c0: not a cell of the board"},
       2},
      {"dominoes_svg_cell_covered_twice",
       "dlx-dominoes",
       {"--svg", "2x2", "{file}"},
       "r0c0 r0c1\nr0c1 r1c1\n",
       "",
       {"{file}:2:1: r0c1 is covered twice (first on line 1)"},
       2},
      {"dominoes_svg_no_such_solution",
       "dlx-dominoes",
       {"--svg", "--solution", "3", "2x2", "{file}"},
       "r0c0 r0c1\nr1c0 r1c1\n\nr0c0 r1c0\nr0c1 r1c1\n",
       "",
       {"{file}:6:1: no solution 3 in the input (2 found)"},
       2},
      {"dominoes_svg_empty_input",
       "dlx-dominoes",
       {"--svg", "2x2", "{file}"},
       "",
       "",
       {"{file}:1:1: no solution in the input"},
       2},
      {"pentomino_svg_solution_zero",
       "dlx-pentomino",
       {"--svg", "--solution", "0", "6x10", "{file}"},
       "",
       "",
       {"--solution: expected a positive integer, got '0'"},
       2},
      {"pentomino_board_of_another_area",
       "dlx-pentomino",
       {"7x7"},
       "",
       "",
       {"dlx-pentomino: the board's area must be 60 cells", "(7x7 has 49)"},
       2},
      {"dominoes_svg_missing_file",
       "dlx-dominoes",
       {"--svg", "2x2", "{file}.missing"},
       "",
       "",
       {"{file}.missing: cannot open"},
       2},
      // ---- SDM lines: lengths
      {"sdm_80_cells",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + W.substr(0, 80) + "\n" + E + "\n",
       WS + "\ninvalid\n" + ES + "\n",
       {"{file}:2:81: expected 81 cells for 9x9, found 80"},
       2},
      {"sdm_82_cells",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + W + "1\n" + E + "\n",
       WS + "\ninvalid\n" + ES + "\n",
       {"{file}:2:82: expected 81 cells for 9x9, found 82"},
       2},
      {"sdm_far_too_short",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + "123\n",
       WS + "\ninvalid\n",
       {"{file}:2:4: expected 81 cells for 9x9, found 3"},
       2},
      {"sdm_far_too_long",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + W + W + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:82: expected 81 cells for 9x9, found 162"},
       2},
      {"sdm_first_line_not_a_size",
       "sudoku",
       {"solve", "-q", "{file}"},
       W.substr(0, 80) + "\n" + W + "\n",
       "invalid\n" + WS + "\n",
       {"{file}:1:81: 80 cells is not a Sudoku size"},
       2},
      {"sdm_size_without_box_shape_25",
       "sudoku",
       {"solve", "-q", "{file}"},
       std::string(25, '.') + "\n",
       "invalid\n",
       {"{file}:1:26: 25 cells is not a Sudoku size"},
       2},
      {"sdm_size_without_box_shape_49",
       "sudoku",
       {"solve", "-q", "{file}"},
       std::string(49, '.') + "\n",
       "invalid\n",
       {"{file}:1:50: 49 cells is not a Sudoku size"},
       2},
      {"sdm_mixed_sizes",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + "1234341221434321\n",
       WS + "\ninvalid\n",
       {"{file}:2:17: expected 81 cells for 9x9, found 16"},
       2},
      // ---- SDM lines: characters
      {"sdm_bad_character",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 6, "x") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:7: bad character 'x': 9x9 digits are 1-9"},
       2},
      {"sdm_letter_digit_beyond_the_size",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 4, "A") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:5: bad character 'A': 9x9 digits are 1-9, blanks 0 or ."},
       2},
      {"sdm_non_ascii_letter",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 9, "\xc3\xa9") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:10: non-ASCII character U+00E9"},
       2},
      {"sdm_fullwidth_digit_look_alike",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 0, "\xef\xbc\x95") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:1: non-ASCII character U+FF15"},
       2},
      {"sdm_superscript_digit_look_alike",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 3, "\xc2\xb9") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:4: non-ASCII character U+00B9"},
       2},
      {"sdm_invalid_utf8_byte",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 2, "\xff") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:3: byte 0xFF, not ASCII"},
       2},
      {"sdm_nul_byte",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 5, std::string(1, '\0')) + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:6: NUL byte"},
       2},
      {"sdm_control_character",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 7, "\x07") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:8: control character 0x07"},
       2},
      {"sdm_tab_inside_the_grid",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + W.substr(0, 40) + "\t" + W.substr(40) + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:41: expected 81 cells for 9x9, found 40"},
       2},
      // ---- SDM lines: line endings and blanks that are fine
      {"sdm_crlf_line_endings",
       "sudoku",
       {"solve", "-q", "{file}"},
       W + "\r\n" + E + "\r\n",
       WS + "\n" + ES + "\n",
       {},
       0},
      {"sdm_lone_cr_line_endings",
       "sudoku",
       {"solve", "-q", "{file}"},
       W + "\r" + E + "\r",
       "invalid\n",
       {"{file}:1:82: carriage return inside the line (a file with CR line endings?)"},
       2},
      {"sdm_tab_before_annotation",
       "sudoku",
       {"solve", "-q", "{file}"},
       W + "\tfrom wikipedia\n",
       WS + "\n",
       {},
       0},
      {"sdm_trailing_spaces", "sudoku", {"solve", "-q", "{file}"}, W + "   \n", WS + "\n", {}, 0},
      {"sdm_no_final_newline",
       "sudoku",
       {"solve", "-q", "{file}"},
       W + "\n" + E,
       WS + "\n" + ES + "\n",
       {},
       0},
      // ---- SDM puzzles that cannot be
      {"sdm_clashing_givens",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(W, 2, "5") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:3: clashing givens: r1c3 repeats 5 of r1c1 (same row)"},
       2},
      {"sdm_full_grid_with_a_clash",
       "sudoku",
       {"solve", "-q", "{file}"},
       fine + replace_at(replace_at(WS, 0, "3"), 1, "5") + "\n",
       WS + "\ninvalid\n",
       {"{file}:2:", "clashing givens"},
       2},
      {"sdm_full_grid_valid", "sudoku", {"solve", "-q", "{file}"}, WS + "\n", WS + "\n", {}, 0},
      {"sdm_no_solution_without_a_clash",
       "sudoku",
       {"solve", "-q", "{file}"},
       "12345678....................................9....................................\n",
       "none\n",
       {},
       1},
      // ---- files
      {"sdm_empty_file",
       "sudoku",
       {"solve", "-q", "{file}"},
       "",
       "",
       {"sudoku: {file}: note: no puzzles (the input is empty, or has only comments and blank "
        "lines)"},
       0},
      {"sdm_only_comments",
       "sudoku",
       {"solve", "-q", "{file}"},
       "# one\n\n   \n# two\n",
       "",
       {"sudoku: {file}: note: no puzzles"},
       0},
      {"sdm_missing_file_others_still_answered",
       "sudoku",
       {"solve", "-q", "{file}.missing", "{file}"},
       W + "\n",
       WS + "\n",
       {"sudoku: {file}.missing: cannot open: No such file or directory"},
       2},
      {"sdm_directory_as_file",
       "sudoku",
       {"solve", "-q", "{file}.dir", "{file}"},
       W + "\n",
       WS + "\n",
       {"sudoku: {file}.dir: is a directory"},
       2},
      // ---- grid format
      {"grid_short_row",
       "sudoku",
       {"solve", "-q", "--input-format=grid", "{file}"},
       "53..7....\n6..195...\n.98....6\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n"
       "....8..79\n",
       "invalid\n",
       {"{file}:3:9: expected 9 cells in a row, found 8"},
       2},
      {"grid_cut_short_by_a_blank_line",
       "sudoku",
       {"solve", "-q", "--input-format=grid", "{file}"},
       "1234\n3412\n\n1234\n3412\n2143\n4321\n",
       "invalid\n1234341221434321\n",
       {"{file}:3:1: the puzzle ends after 2 of 4 rows"},
       2},
      // ---- a grid where SDM lines were expected is read as a grid, its mistakes
      // located as with --input-format=grid; a puzzle's rows apart on one line
      {"sdm_pasted_grid_short_row",
       "sudoku",
       {"solve", "-q", "{file}"},
       "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n"
       "| . 9 8 | . . . | . 6 . |\n+-------+-------+-------+\n| 8 . . | . 6 . | . . 3 |\n"
       "| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n+-------+-------+-------+\n"
       "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | 7 9 |\n"
       "+-------+-------+-------+\n",
       "invalid\n",
       {"{file}:12:24: expected 9 cells in a row, found 8"},
       2},
      {"sdm_rows_apart_short_row",
       "sudoku",
       {"solve", "-q", "{file}"},
       "53..7.... 6..195... .98....6. 8...6...3 4..8.3..1 7...2...6 .6....28. ...419..5 "
       "....8..7\n" +
           W + "\n",
       "invalid\n" + WS + "\n",
       {"{file}:1:89: expected 9 cells in row 9, found 8"},
       2},
      {"sdm_blank_written_as_dash",
       "sudoku",
       {"solve", "-q", "{file}"},
       "53-" + W.substr(3) + "\n",
       "invalid\n",
       {"{file}:1:3: bad character '-': blanks are 0 or ."},
       2},
      {"sdm_line_of_one_cell",
       "sudoku",
       {"solve", "-q", "{file}"},
       "5\n",
       "invalid\n",
       {"{file}:1:2: 1 cell is not a Sudoku size (16 (4x4), 36 (6x6), 81 (9x9)"},
       2},
      // ---- command lines
      {"usage_count_zero_and_negative_one_phrasing",
       "sudoku",
       {"generate", "--count", "0"},
       "",
       "",
       {"sudoku generate: --count: expected an integer, 1 or more, got '0'"},
       2},
      {"usage_count_negative",
       "sudoku",
       {"generate", "--count", "-3"},
       "",
       "",
       {"sudoku generate: --count: expected an integer, 1 or more, got '-3'"},
       2},
      {"usage_limit_negative",
       "sudoku",
       {"count", "--limit", "-1"},
       "",
       "",
       {"--limit: expected an integer, 0 or more, got '-1'"},
       2},
      {"usage_threads_negative",
       "sudoku",
       {"solve", "--threads", "-1"},
       "",
       "",
       {"--threads: expected an integer from 0 to 256, got '-1'"},
       2},
      {"usage_threads_ten_thousand",
       "sudoku",
       {"solve", "-j", "10000"},
       "",
       "",
       {"--threads: expected an integer from 0 to 256, got '10000'"},
       2},
      {"usage_unknown_flag", "sudoku", {"solve", "--fast"}, "", "", {"unknown option '--fast'"}, 2},
      {"usage_unknown_command", "sudoku", {"crack"}, "", "", {"unknown command 'crack'"}, 2},
      {"usage_box_too_big",
       "sudoku",
       {"solve", "--box", "6x6"},
       "",
       "",
       {"--box: expected RxC with R*C <= 35, got '6x6'"},
       2},
      {"usage_bad_input_format",
       "sudoku",
       {"solve", "--input-format=xml"},
       "",
       "",
       {"--input-format: expected sdm, grid, iss or fpuzzles, got 'xml'"},
       2},
      // ---- DLX files
      {"dlx_unknown_item",
       "dlx",
       {"{file}"},
       "a b\na c\n",
       "",
       {"{file}:2:3: unknown item 'c'"},
       2},
      {"dlx_duplicate_item_name",
       "dlx",
       {"{file}"},
       "a b a\na b\n",
       "",
       {"{file}:1:5: duplicate item name 'a'"},
       2},
      {"dlx_item_repeated_in_an_option",
       "dlx",
       {"{file}"},
       "a b\nb a b\n",
       "",
       {"{file}:2:5: item 'b' appears twice in this option"},
       2},
      {"dlx_option_with_only_secondary_items",
       "dlx",
       {"-c", "{file}"},
       "a | x\nx\na x\n",
       "1\n",
       {"{file}:2:1: warning: option ignored: it has no primary item"},
       0},
      {"dlx_no_item_line",
       "dlx",
       {"{file}"},
       "| only a comment\n\n",
       "",
       {"{file}:2:1: no item line: the input has only comments and blank lines"},
       2},
      {"dlx_empty_file", "dlx", {"{file}"}, "", "", {"{file}:1:1: no item line"}, 2},
      {"dlx_bar_twice_on_the_item_line",
       "dlx",
       {"{file}"},
       "a | b | c\n",
       "",
       {"{file}:1:7: the item line has '|' twice"},
       2},
      {"dlx_colon_in_an_item_name",
       "dlx",
       {"{file}"},
       "a:b c\n",
       "",
       {"{file}:1:2: item name 'a:b' contains ':'"},
       2},
      {"dlx_nul_byte",
       "dlx",
       {"{file}"},
       std::string("a b\na\0b\n", 8),
       "",
       {"{file}:2:2: control character \\x00"},
       2},
      // ---- DLX2 files (colors) and DLX3 files (bounds)
      {"dlx_color_on_a_primary_item",
       "dlx",
       {"{file}"},
       "a b | x\na:r x\n",
       "",
       {"{file}:2:2: primary item 'a' cannot have a color (only secondary items can)"},
       2},
      {"dlx_empty_color",
       "dlx",
       {"{file}"},
       "a | x\na x:\n",
       "",
       {"{file}:2:5: item 'x' has ':' but no color after it"},
       2},
      {"dlx_colon_in_a_color",
       "dlx",
       {"{file}"},
       "a | x\na x:r:s\n",
       "",
       {"{file}:2:6: color 'r:s' contains ':'"},
       2},
      {"dlx_bar_in_a_color",
       "dlx",
       {"{file}"},
       "a | x\na x:r|s\n",
       "",
       {"{file}:2:6: color 'r|s' contains '|'"},
       2},
      {"dlx_two_colors_for_one_item",
       "dlx",
       {"{file}"},
       "a | x\na x:r x:s\n",
       "",
       {"{file}:2:7: secondary item 'x' is given two colors in this option ('r' and 's')"},
       2},
      {"dlx_colored_and_plain_item_in_one_option",
       "dlx",
       {"{file}"},
       "a | x\na x x:r\n",
       "",
       {"{file}:2:5: secondary item 'x' appears twice in this option, once without a color and "
        "once with color 'r'"},
       2},
      {"dlx_bounds_on_a_secondary_item",
       "dlx",
       {"{file}"},
       "a | 2|x\na\n",
       "",
       {"{file}:1:5: bounds '2' on secondary item 'x': only primary items have bounds"},
       2},
      {"dlx_lower_bound_above_upper_bound",
       "dlx",
       {"{file}"},
       "a 3:2|b\na b\n",
       "",
       {"{file}:1:3: lower bound 3 exceeds upper bound 2"},
       2},
      {"dlx_upper_bound_zero",
       "dlx",
       {"{file}"},
       "a 0|b\na\n",
       "",
       {"{file}:1:3: upper bound 0: an item's upper bound must be at least 1"},
       2},
      {"dlx_bounds_not_a_number",
       "dlx",
       {"{file}"},
       "a 1:x|b\na b\n",
       "",
       {"{file}:1:5: malformed bounds: 'x' is not a number (bounds are written u:v|name or "
        "v|name)"},
       2},
      {"dlx_bounds_missing_a_number",
       "dlx",
       {"{file}"},
       "a :2|b\na b\n",
       "",
       {"{file}:1:3: malformed bounds: a number is missing"},
       2},
      {"dlx_bounds_with_three_numbers",
       "dlx",
       {"{file}"},
       "a 1:2:3|b\na b\n",
       "",
       {"{file}:1:6: malformed bounds '1:2:3': more than two numbers"},
       2},
      {"dlx_bounds_without_a_name",
       "dlx",
       {"{file}"},
       "a 2|\na\n",
       "",
       {"{file}:1:5: bounds without an item name"},
       2},
      {"dlx_bound_too_large",
       "dlx",
       {"{file}"},
       "a 99999999999|b\na b\n",
       "",
       {"{file}:1:3: bound 99999999999 is too large (at most 1073741824)"},
       2},
      // Weighted items ("lo..hi|s" on the item line, "s:w" in an option).
      {"dlx_weighted_item_without_a_weight",
       "dlx",
       {"{file}"},
       "a 0..5|s\na s\n",
       "",
       {"{file}:2:4: weighted item 's' needs a weight, as in s:5"},
       2},
      {"dlx_weight_not_an_integer",
       "dlx",
       {"{file}"},
       "a 0..5|s\na s:x\n",
       "",
       {"{file}:2:5: malformed weight: 'x' is not an integer"},
       2},
      {"dlx_weighted_bounds_reversed",
       "dlx",
       {"{file}"},
       "a 5..0|s\na s:1\n",
       "",
       {"{file}:1:3: weighted item bounds 5..0: the lower exceeds the upper"},
       2},
      {"dlx_weighted_items_on_dancing_links",
       "dlx",
       {"--engine", "links", "{file}"},
       "a 0..5|s\na s:1\n",
       "",
       {"dlx: {file}: weighted items need the bitset engine, not dancing links"},
       2},
      // DLX5's option costs ("a b |5"), and the memoized search (--memo) with its
      // diagram files (--zdd, --from-zdd).
      {"dlx_cost_not_a_number",
       "dlx",
       {"{file}"},
       "a b\na |x\nb\n",
       "",
       {"{file}:2:4: option cost 'x' is not a number (costs are written |n, as in |5)"},
       2},
      {"dlx_cost_missing",
       "dlx",
       {"{file}"},
       "a\na |\n",
       "",
       {"{file}:2:3: '|' in an option must be followed by a cost, as in |5"},
       2},
      {"dlx_cost_too_large",
       "dlx",
       {"{file}"},
       "a\na |999999999999999999\n",
       "",
       {"{file}:2:3: option cost too large (at most 281474976710656)"},
       2},
      {"dlx_memo_with_bounds",
       "dlx",
       {"--count", "--memo", "{file}"},
       "a 2|b\na b\nb\n",
       "",
       {"dlx: --memo: the memoized search does not take multiplicities"},
       2},
      {"dlx_decompose_with_bounds",
       "dlx",
       {"--count", "--decompose", "{file}"},
       "a 2|b\na b\nb\n",
       "",
       {"dlx: --memo: the memoized search does not take multiplicities"},
       2},
      {"dlx_decompose_with_from_zdd",
       "dlx",
       {"--decompose", "--from-zdd", "{file}", "{file}"},
       "a\na\n",
       "",
       {"--decompose shapes a search; --from-zdd reads the diagram instead"},
       2},
      {"dlx_threads_with_from_zdd",
       "dlx",
       {"--threads", "2", "--from-zdd", "{file}", "{file}"},
       "a\na\n",
       "",
       {"--threads shapes a search; --from-zdd reads the diagram instead"},
       2},
      {"dlx_memo_with_engine",
       "dlx",
       {"--memo", "--engine", "links", "{file}"},
       "a\na\n",
       "",
       {"--engine does not apply to --memo"},
       2},
      {"dlx_memo_seed_without_sample",
       "dlx",
       {"--memo", "--seed", "3", "{file}"},
       "a\na\n",
       "",
       {"with --memo, --seed seeds --sample only"},
       2},
      {"dlx_memo_two_queries",
       "dlx",
       {"--sample", "2", "--min-cost", "{file}"},
       "a\na\n",
       "",
       {"--sample, --min-cost and --by-size go one at a time"},
       2},
      {"dlx_memo_memory_budget_exhausted",
       "dlx",
       {"--count", "--memo", "--memory-budget", "1K", "{file}"},
       "a b\na\nb\n",
       "unknown\n",  // the count, as `sudoku count` says
       {"dlx: memory budget exhausted after 1 node, 0 signatures", "raise it with --memory-budget"},
       3},
      {"dlx_memo_node_budget_exhausted",
       "dlx",
       {"--count", "--memo", "--budget", "1", "{file}"},
       "a b\na\nb\n",
       "unknown\n",  // the count, as `sudoku count` says
       {"dlx: budget exhausted after 2 nodes", "the count is unknown"},
       3},
      {"dlx_memo_memory_budget_malformed",
       "dlx",
       {"--memo", "--memory-budget", "5X", "{file}"},
       "a\na\n",
       "",
       {"--memory-budget: expected a size in bytes, 1 or more, with K, M, G or T for 2^10, "
        "2^20, 2^30, 2^40 (512M), got '5X'"},
       2},
      {"dlx_memo_branch_unknown",
       "dlx",
       {"--memo", "--branch", "random", "{file}"},
       "a\na\n",
       "",
       {"--branch: expected mrv, first or conflicts, got 'random'"},
       2},
      {"dlx_branch_first_without_memo",
       "dlx",
       {"--branch", "first", "{file}"},
       "a\na\n",
       "",
       {"--branch first needs --memo (the plain search takes mrv or conflicts)"},
       2},
      {"dlx_branch_conflicts_with_memo",
       "dlx",
       {"--memo", "--branch", "conflicts", "{file}"},
       "a\na\n",
       "",
       {"--branch conflicts does not apply to --memo"},
       2},
      {"dlx_branch_conflicts_with_threads",
       "dlx",
       {"--branch", "conflicts", "--threads", "2", "{file}"},
       "a b\na\nb\n",
       "",
       {"a search branching on conflicts runs on one thread"},
       2},
      {"dlx_branch_conflicts_with_multiplicities",
       "dlx",
       {"--branch", "conflicts", "{file}"},
       "1:2|a\na\na\n",
       "",
       {"branching on conflicts needs the bitset engine, without multiplicities"},
       2},
      {"dlx_sample_zero",
       "dlx",
       {"--sample", "0", "{file}"},
       "a\na\n",
       "",
       {"--sample: expected an integer, 1 or more, got '0'"},
       2},
      {"dlx_min_cost_not_a_number",
       "dlx",
       {"--min-cost=x", "{file}"},
       "a\na\n",
       "",
       {"--min-cost: expected an integer, 1 or more, got 'x'"},
       2},
      {"dlx_zdd_unwritable",
       "dlx",
       {"--zdd", "{file}.dir/no/such/dir/out.zdd", "{file}"},
       "a\na\n",
       "",
       {"out.zdd: cannot open for writing"},
       4},
      {"dlx_from_zdd_child_not_defined",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:3)\n3: (~0?0:2)\n",
       "",
       {"{file}:1:10: node 3 is not defined on an earlier line (children come first)"},
       2},
      {"dlx_from_zdd_node_defined_twice",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:1)\n2: (~2?0:1)\n3: (~0?0:2)\n",
       "",
       {"{file}:2:1: node 2 is defined twice (first on line 1)"},
       2},
      {"dlx_from_zdd_garbage",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "hello\n",
       "",
       {"{file}:1:1: expected a node id in hexadecimal"},
       2},
      {"dlx_from_zdd_missing_parenthesis",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:1\n3: (~0?0:2)\n",
       "",
       {"{file}:1:11: expected ')' at the end of the line"},
       2},
      {"dlx_from_zdd_no_root_line",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:1)\n",
       "",
       {"{file}:2:1: no root line: the last line must read id: (~0?0:root)"},
       2},
      {"dlx_from_zdd_node_after_the_root",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:1)\n3: (~0?0:2)\n4: (~2?0:1)\n",
       "",
       {"{file}:3:1: a node after the root line (line 2); the root comes last"},
       2},
      {"dlx_from_zdd_option_beyond_the_problem",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~9?0:1)\n3: (~0?0:2)\n",
       "",
       {"{file}:1:6: option 9 is past the problem's last option (2)"},
       2},
      // Product lines "id: (a&b)" (decision-ZDNNF diagrams).
      {"dlx_from_zdd_product_part_not_defined",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:1)\n3: (2&5)\n4: (~0?0:3)\n",
       "",
       {"{file}:2:7: node 5 is not defined on an earlier line (children come first)"},
       2},
      {"dlx_from_zdd_product_missing_ampersand",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:1)\n3: (~2?0:1)\n4: (2 3)\n5: (~0?0:4)\n",
       "",
       {"{file}:3:6: expected '&' before ' '"},
       2},
      {"dlx_from_zdd_product_trailing_text",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:1)\n3: (~2?0:1)\n4: (2&3) x\n5: (~0?0:4)\n",
       "",
       {"{file}:3:10: unexpected text after ')'"},
       2},
      {"dlx_from_zdd_neither_option_nor_product",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (x1?0:1)\n3: (~0?0:2)\n",
       "",
       {"{file}:1:5: expected '~' or a node id in hexadecimal before 'x'"},
       2},
      {"dlx_from_zdd_product_parts_not_disjoint",
       "dlx",
       {"--count", "--from-zdd", "{file}", "{problem}"},
       "2: (~1?0:1)\n3: (2&2)\n4: (~0?0:3)\n",
       "",
       {"{file}:2:5: the parts 2 and 2 are not over disjoint options (their solutions together "
        "reach 2 options; the diagram's decision nodes allow 1)"},
       2},
      {"dlx_from_zdd_missing_file",
       "dlx",
       {"--count", "--from-zdd", "{file}.missing", "{problem}"},
       "",
       "",
       {"{file}.missing: cannot open"},
       2},
      // The bitset engine takes bounds too (it refused them until cc00c51).
      {"dlx_engine_bitset_on_bounds",
       "dlx",
       {"--engine", "bitset", "{file}"},
       "a 2|b\na b\nb\n",
       "a b\nb\n",
       {},
       0},
      {"dlx_engine_bitset_on_colors",
       "dlx",
       {"--engine", "bitset", "{file}"},
       "a b | x\na x:r\nb x:r\n",
       "a x:r\nb x:r\n",
       {},
       0},
      {"dlx_missing_file", "dlx", {"{file}.missing"}, "", "", {"{file}.missing: cannot open"}, 2},
      {"dlx_directory_as_file", "dlx", {"{file}.dir"}, "", "", {"{file}.dir: is a directory"}, 2},
      {"dlx_two_files", "dlx", {"{file}", "{file}"}, "a\na\n", "", {"at most one input file"}, 2},
      {"dlx_usage_limit_negative",
       "dlx",
       {"--limit", "-1", "{file}"},
       "a\na\n",
       "",
       {"--limit: expected an integer, 0 or more, got '-1'"},
       2},
      {"dlx_usage_budget_zero",
       "dlx",
       {"--budget", "0", "{file}"},
       "a\na\n",
       "",
       {"--budget: expected an integer, 1 or more, got '0'"},
       2},
      {"dlx_usage_unknown_flag",
       "dlx",
       {"--fast", "{file}"},
       "a\na\n",
       "",
       {"unknown option '--fast'"},
       2},
  };
  // A DLX file with a million items: read, searched (no option covers them) and
  // answered in bounded time.
  c.push_back({"dlx_a_million_items",
               "dlx",
               {"-c", "{file}"},
               file_text::made_by([] {
                 std::string million = "i0";
                 for (int k = 1; k < 1000000; ++k)
                   million += " i" + std::to_string(k);
                 return million + "\ni5\n";
               }),
               "0\n",
               {},
               1});
  // An item name of a million characters is a name like any other.
  c.push_back({"dlx_very_long_names",
               "dlx",
               {"-c", "{file}"},
               file_text::made_by([] {
                 const std::string long_name(1000000, 'n');
                 return long_name + " b\n" + long_name + "\nb\n";
               }),
               "1\n",
               {},
               0});
  // A line past the 16 MiB cap is an error, not an allocation of its size.
  c.push_back({"dlx_line_too_long",
               "dlx",
               {"{file}"},
               file_text::made_by([] {
                 std::string line((16u << 20) + 10, 'a');  // appended in place: g++ 12's
                 line += '\n';                             // false -Warray-bounds otherwise
                 return line;
               }),
               "",
               {"{file}:1:16777217: line too long (more than 16777216 bytes)"},
               2});
  // ---- variants (--variant): killer, jigsaw and samurai lines
  // Wikipedia's killer example and its published solution (corpus/variants).
  const std::string K =
      "3<F<<M4GFP<H<>^^^^^^9<^8K<^6E<^H^^H^^D<K^^>^CR^6^^K6<^^>^^A^<E<^8G>^F<^^^^^^D<<H<";
  const std::string KS =
      "215647398368952174794381652586274931142593867973816425821739546659428713437165289";
  // Wikipedia's nonomino example: 81 givens, then 81 region ids.
  const std::string J =
      "3.......4..2.6.1...1.9.8.2...5...6...2.....1...9...8...8.3.4.6...4.1.9..5.......7"
      "111233333111222333144442223114555522444456666775555688977766668999777888999997888";
  // An empty samurai board: '-' at the 72 positions outside the five grids.
  std::string samurai;
  for (int r = 0; r < 21; ++r) {
    for (int col = 0; col < 21; ++col) {
      const bool gap_columns = col >= 9 && col <= 11 && (r < 6 || r > 14);
      const bool gap_rows = r >= 9 && r <= 11 && (col < 6 || col > 14);
      samurai += gap_columns || gap_rows ? '-' : '.';
    }
  }
  const std::vector<std::string> killer = {"solve", "-q", "--variant", "killer", "{file}"};
  c.push_back({"killer_arrow_leaves_the_grid",
               "sudoku",
               killer,
               replace_at(K, 0, "<") + "\n" + K + "\n",
               "invalid\n" + KS + "\n",
               {"{file}:1:1: the arrow '<' at r1c1 points outside the grid"},
               2});
  c.push_back({"killer_arrows_in_a_circle",
               "sudoku",
               killer,
               replace_at(K, 0, "><", 2) + "\n" + K + "\n",
               "invalid\n" + KS + "\n",
               {"{file}:1:", "go round in a circle and reach no cage sum"},
               2});
  c.push_back({"killer_sum_no_digits_make",
               "sudoku",
               killer,
               replace_at(K, 0, "I") + "\n" + K + "\n",
               "invalid\n" + KS + "\n",
               {"{file}:1:1: no 2 different digits add up to 18 (the cage of r1c1)"},
               2});
  c.push_back({"killer_cage_of_ten_cells",
               "sudoku",
               killer,
               ">>>>>>>>e" + std::string(8, '1') + "^" + std::string(63, '1') + "\n" + K + "\n",
               "invalid\n" + KS + "\n",
               {"{file}:1:9: the cage of r1c9 has 10 cells; at most 9"},
               2});
  c.push_back({"killer_unknown_character",
               "sudoku",
               killer,
               replace_at(K, 5, "x") + "\n" + K + "\n",
               "invalid\n" + KS + "\n",
               {"{file}:1:6: bad character 'x' (a cage sum 0-9, A-Z, a-j, or an arrow)"},
               2});
  c.push_back({"killer_sudocue_two_sums_for_one_cage",
               "sudoku",
               killer,
               "3x3::k:769:1025" +
                   [] {
                     std::string rest;
                     for (int i = 0; i < 79; ++i)
                       rest += ":0";
                     return rest;
                   }() +
                   "\n" + K + "\n",
               "invalid\n" + KS + "\n",
               {"{file}:1:12: r1c2 gives cage 1 the sum 4, but r1c1 gave it 3"},
               2});
  c.push_back({"killer_givens_clash",
               "sudoku",
               killer,
               K + " 11" + std::string(79, '.') + "\n" + K + "\n",
               "invalid\n" + KS + "\n",
               {"{file}:1:84: clashing givens: r1c2 repeats 1 of r1c1 (same row)"},
               2});
  c.push_back({"killer_givens_one_short",
               "sudoku",
               killer,
               K + " " + std::string(80, '.') + "\n" + K + "\n",
               "invalid\n" + KS + "\n",
               {"{file}:1:", "expected 81 cells for 9x9, found 80"},
               2});
  const std::vector<std::string> jigsaw = {"count", "-q", "--variant", "jigsaw", "{file}"};
  c.push_back({"jigsaw_region_without_nine_cells",
               "sudoku",
               jigsaw,
               replace_at(J, 81, "2") + "\n" + J + "\n",
               "invalid\n1\n",
               {"{file}:1:", "cells, not 9"},
               2});
  c.push_back({"jigsaw_odd_length",
               "sudoku",
               jigsaw,
               J.substr(0, 161) + "\n" + J + "\n",
               "invalid\n1\n",
               {"{file}:1:162: a jigsaw line has the givens, then as many"},
               2});
  c.push_back({"jigsaw_bad_regions_option",
               "sudoku",
               {"count", "--regions", "1112222233334444"},
               "",
               "",
               {"--regions: region '1' has 3 cells, not 4"},
               2});
  const std::vector<std::string> board = {"count",     "-q",      "--limit", "1",
                                          "--variant", "samurai", "{file}"};
  c.push_back({"samurai_digit_where_dash_belongs",
               "sudoku",
               board,
               replace_at(samurai, 9, "5") + "\n" + samurai + "\n",
               "invalid\n1\n",
               {"{file}:1:10: '5' at r1c10, which is outside the grids: expected '-'"},
               2});
  c.push_back({"samurai_dash_where_a_cell_is",
               "sudoku",
               board,
               replace_at(samurai, 0, "-") + "\n" + samurai + "\n",
               "invalid\n1\n",
               {"{file}:1:1: '-' at r1c1, which is a cell of a grid"},
               2});
  c.push_back({"samurai_short_line",
               "sudoku",
               board,
               samurai.substr(0, 440) + "\n" + samurai + "\n",
               "invalid\n1\n",
               {"{file}:1:441: expected 441 characters for a 21x21 board, found 440"},
               2});
  c.push_back(
      {"samurai_givens_clash_across_the_overlap",
       "sudoku",
       board,
       replace_at(replace_at(samurai, 6 * 21 + 6, "4"), 6 * 21 + 12, "4") + "\n" + samurai + "\n",
       "invalid\n1\n",
       {"{file}:1:139: clashing givens: r7c13 repeats 4 of r7c7 (same row)"},
       2});
  c.push_back({"variant_unknown_name",
               "sudoku",
               {"solve", "--variant", "hexagonal"},
               "",
               "",
               {"--variant: unknown variant 'hexagonal'"},
               2});
  c.push_back({"variant_windoku_without_square_boxes",
               "sudoku",
               {"count", "-q", "--variant", "windoku", "{file}"},
               std::string(36, '.') + "\n",
               "invalid\n",
               {"{file}:1:1: windoku needs square boxes; 6x6 has 2x3 boxes"},
               2});
  // ---- ISS constraint strings (--input-format=iss): each bad line answered
  // 'invalid' in its place, the puzzle after it still solved.
  const std::string WI = [&] {  // Wikipedia's puzzle as an ISS string
    std::string iss = ".";
    for (std::size_t p = 0; p < W.size(); ++p) {
      if (W[p] == '0') continue;
      iss += "~R" + std::to_string(p / 9 + 1) + "C" + std::to_string(p % 9 + 1) + "_" + W[p];
    }
    return iss;
  }();
  const std::vector<std::string> iss = {"solve", "-q", "--input-format=iss", "{file}"};
  const auto iss_case = [&](std::string name, const std::string& line, std::string message) {
    return bad_case{
        std::move(name),      "sudoku", iss, line + "\n" + WI + "\n", "invalid\n" + WS + "\n",
        {std::move(message)}, 2};
  };
  c.push_back(iss_case("iss_unknown_constraint_type", ".Frobnicate~R1C1",
                       "{file}:1:2: unknown constraint type 'Frobnicate'"));
  c.push_back(iss_case("iss_unsupported_constraint_type", ".Container",
                       "{file}:1:2: the constraint Container is not supported"));
  c.push_back(iss_case("iss_skyscraper_clue_beyond_the_digits", ".Skyscraper~R1~10~",
                       "{file}:1:16: Skyscraper's clue must be 1-9"));
  c.push_back(iss_case("iss_outside_clue_with_a_third_clue", ".NumberedRoom~C2~3~4~5",
                       "{file}:1:22: NumberedRoom takes a row or column and two clues at most"));
  c.push_back(iss_case("iss_contained_digit_not_a_digit", ".ContainExact~1_x~R1C1~R1C2",
                       "{file}:1:17: 'x' is not a digit 1-9"));
  c.push_back(iss_case("iss_more_digits_contained_than_cells", ".ContainAtLeast~1_2_3~R1C1~R1C2",
                       "{file}:1:17: ContainAtLeast lists 3 digits for 2 cells"));
  c.push_back(iss_case("iss_indexing_neither_by_row_nor_column", ".Indexing~X~R1C1",
                       "{file}:1:11: Indexing is by column (C) or row (R), as in "
                       "Indexing~C~R1C1"));
  c.push_back(iss_case("iss_equality_cage_of_odd_size", ".EqualityCage~R1C1~R1C2~R1C3",
                       "{file}:1:2: an EqualityCage has an even number of cells"));
  c.push_back(iss_case("iss_global_mod_without_nine_digits", ".Shape~6x6.GlobalMod",
                       "{file}:1:12: GlobalMod needs digits 1-9"));
  c.push_back(iss_case("iss_pair_key_not_base64url", ".Pair~S*E~R1C1~R1C2",
                       "{file}:1:8: '*' is not a character of Pair's key (base64url)"));
  c.push_back(iss_case("iss_equal_sum_empty_segment", ".EqualSum~R1C1~-~-~R2C2",
                       "{file}:1:18: an EqualSum segment has no cells"));
  c.push_back(iss_case("iss_replicate_without_end", ".Replicate~P.Thermo~R1C1~R1C2",
                       "{file}:1:2: Replicate has no End"));
  c.push_back(iss_case("iss_replicate_shifted_off_the_board", ".Replicate~AE.Thermo~R1C1~R1C2.End",
                       "{file}:1:27: R1C2 shifted by the Replicate leaves the 9x9 board"));
  c.push_back(iss_case("iss_value_range_beyond_sixteen", ".Shape~9x9~0-16",
                       "{file}:1:12: the value range 0-16 is not supported (1-V or 0-(V-1), with "
                       "V from 9 to 16)"));
  c.push_back(iss_case("iss_unknown_grid_type", ".Shape~9x9~0-8~Grid",
                       "{file}:1:16: 'Grid' is not a grid type (Sudoku or Raw)"));
  c.push_back(iss_case("iss_region_rule_on_a_raw_grid", ".Shape~9x9~~Raw.AntiKnight",
                       "{file}:1:17: AntiKnight needs a Sudoku grid, not Raw"));
  c.push_back(iss_case("iss_fewer_values_than_the_side", ".Shape~6x8~7",
                       "{file}:1:12: the value range 7 is not supported (1-V or 0-(V-1), with V "
                       "from 8 to 16)"));
  c.push_back(iss_case("iss_region_size_beyond_the_values", ".Shape~6x6.RegionSize~9",
                       "{file}:1:1: RegionSize~9: a region holds 2 to 6 cells"));
  c.push_back(iss_case("iss_disjoint_sets_without_boxes", ".Shape~7x7~9.DisjointSets",
                       "{file}:1:14: DisjointSets needs boxes (7x7 with 7 cells to a region has "
                       "none)"));
  c.push_back(iss_case("iss_given_outside_the_values_from_zero", ".Shape~4x4~0-3.~R1C1_4",
                       "{file}:1:22: '4' is not a value 0-3"));
  c.push_back(iss_case("iss_cage_sum_no_values_from_zero_make", ".Shape~4x4~0-3.Cage~7~R1C1~R1C2",
                       "{file}:1:21: no 2 different values 0-3 add up to 7"));
  c.push_back(iss_case("iss_entropy_needs_values_from_one", ".Shape~9x9~0-8.GlobalEntropy",
                       "{file}:1:16: GlobalEntropy needs values from 1, not 0"));
  c.push_back(
      iss_case("iss_look_and_say_odd_clue", ".LookAndSay~123~R1C1~R1C2",
               "{file}:1:13: '123' is not a LookAndSay clue of (count, value) digit pairs"));
  c.push_back(iss_case("iss_look_and_say_more_than_its_cells", ".LookAndSay~31~R1C1~R1C2",
                       "{file}:1:13: LookAndSay~31 counts 3 values for 2 cells"));
  c.push_back(iss_case("iss_nfa_not_base64url", ".NFA~CM*c~_~R1C1",
                       "{file}:1:6: NFA: '*' is not a base64url character"));
  c.push_back(iss_case("iss_nfa_truncated", ".NFA~CMwcCqfG~_~R1C1",
                       "{file}:1:6: NFA: the automaton's data is truncated"));
  c.push_back(
      iss_case("iss_nfa_without_cells", ".NFA~CMwcCqfGqfFPh4A~_", "{file}:1:2: NFA has no cells"));
  c.push_back(iss_case("iss_regex_unclosed_group", ".Regex~KDEy~R1C1",
                       "{file}:1:8: Regex (12: a group is not closed"));
  c.push_back(iss_case("iss_regex_value_out_of_range", ".Shape~4x4.Regex~Nw~R1C1",
                       "{file}:1:18: Regex 7: '7' is out of the values 1-4"));
  c.push_back(iss_case("iss_end_without_a_replicate", ".Thermo~R1C1~R1C2.End",
                       "{file}:1:19: End closes no Replicate, Or or And"));
  c.push_back(
      iss_case("iss_or_without_end", ".Or.Thermo~R1C1~R1C2.~R1C1_5", "{file}:1:2: Or has no End"));
  c.push_back(iss_case(
      "iss_or_nested_too_deep",
      [] {
        std::string line;
        for (int k = 0; k < 18; ++k)
          line += ".Or";
        line += ".~R1C1_1";
        for (int k = 0; k < 18; ++k)
          line += ".End";
        return line;
      }(),
      "{file}:1:53: Or and And nest at most 16 deep"));
  c.push_back(iss_case("iss_or_part_leaving_a_cell_no_value",
                       ".Shape~4x4.Or.LookAndSay~01020304~R1C1~R1C2.~R3C3_1.End",
                       "{file}:1:15: LookAndSay leaves R1C1 no value inside an Or or And (not "
                       "supported)"));
  c.push_back(iss_case("iss_or_holding_nothing", ".Or.End", "{file}:1:2: Or holds nothing"));
  c.push_back(
      iss_case("iss_or_with_arguments", ".Or~2.~R1C1_5.End", "{file}:1:5: Or takes no arguments"));
  c.push_back(iss_case("iss_or_of_a_board_rule", ".Or.AntiKnight.~R1C1_5.End",
                       "{file}:1:5: AntiKnight cannot be part of an Or or And"));
  c.push_back(iss_case("iss_replicate_inside_an_or", ".Or.Replicate~P.Thermo~R1C1~R1C2.End.End",
                       "{file}:1:5: a Replicate inside an Or is not supported"));
  c.push_back(iss_case("iss_bad_part_of_an_and", ".Or.And.~R1C1_5.Thermo~R1C1~R1X2.End.~R2C2_1.End",
                       "{file}:1:29: 'R1X2' is not a cell such as R1C1"));
  c.push_back(iss_case("iss_var_name_not_capitals", ".Var~a1~~2",
                       "{file}:1:6: 'a1' is not a Var's name (1 to 8 letters A-Z)"));
  c.push_back(
      iss_case("iss_var_given_twice", ".Var~A.Var~A~~2", "{file}:1:12: Var A is given twice"));
  c.push_back(iss_case("iss_var_cell_not_declared", ".Var~A~~2.Thermo~VA3~R1C1",
                       "{file}:1:18: VA3 is no variable's cell (Var declares them)"));
  c.push_back(
      iss_case("iss_var_too_many_cells", ".Var~A~~1000x1000",
               "{file}:1:9: Var A of 1000x1000 cells: at most 1024, in rows of at most 16"));
  c.push_back(iss_case("iss_doppelganger_without_a_zero", ".Shape~9x9~1-10.Doppelganger",
                       "{file}:1:17: Doppelganger needs a square board of values 0 to its side, "
                       "as Shape~9x9~0-9"));
  c.push_back(iss_case("iss_connected_values_unknown_group", ".ConnectedValues~VB~1",
                       "{file}:1:18: no group of variables named 'VB'"));
  c.push_back(iss_case("iss_chaos_clue_without_construction", ".ChaosArrow~R1C1",
                       "{file}:1:2: ChaosArrow needs ChaosConstruction"));
  c.push_back(iss_case("iss_chaos_arm_of_board_cells",
                       ".ChaosConstruction.ChaosArrow~R1C1~~CC1~R1C2",
                       "{file}:1:41: ChaosArrow's cells after its control are region cells "
                       "(CC1...), not R1C2"));
  c.push_back(iss_case("iss_chaos_regions_of_other_sizes", ".Shape~6x6~9.ChaosConstruction",
                       "{file}:1:14: ChaosConstruction needs regions of as many cells as values "
                       "(not supported otherwise)"));
  c.push_back(iss_case("iss_full_rank_out_of_range", ".FullRank~R1~37~",
                       "{file}:1:14: FullRank's rank must be 1-36"));
  c.push_back(iss_case("iss_full_rank_not_square", ".Shape~6x8.FullRank~C1~3~",
                       "{file}:1:12: FullRank needs a square board of as many values as its "
                       "side, not 6x8 with 8"));
  c.push_back(iss_case("iss_full_rank_ties_unknown_option", ".FullRankTies~sometimes",
                       "{file}:1:15: 'sometimes' is not a FullRankTies option (none, "
                       "only-unclued, any)"));
  // The fuzzer (issue 63): ties alone on a 7x10 board compared rows with
  // columns, lines of two lengths, past the shorter's end.
  c.push_back(iss_case("iss_full_rank_ties_not_square", ".Shape~7x10.FullRankTies~none",
                       "{file}:1:13: FullRankTies needs a square board of as many values as its "
                       "side, not 7x10 with 10"));
  // The fuzzer (issue 63): a Replicate of no copies round a ChaosConstruction,
  // whose region variables were made all the same, written back without them.
  c.push_back(iss_case("iss_chaos_construction_inside_a_replicate",
                       ".Shape~5x5.Replicate~.ChaosConstruction.End",
                       "{file}:1:23: ChaosConstruction inside a Replicate is not supported"));
  c.push_back(iss_case("iss_full_rank_inside_an_or", ".Or.FullRank~R1~3~.X~R1C1~R1C2.End",
                       "{file}:1:5: FullRank inside an Or or And is not supported"));
  c.push_back(iss_case("iss_whisper_cell_follows_itself", ".Whisper~R1C1~R1C1",
                       "{file}:1:15: R1C1 follows itself in Whisper"));
  c.push_back(iss_case("iss_bad_cell_id", ".Thermo~R1C1~R1X2",
                       "{file}:1:14: 'R1X2' is not a cell such as R1C1"));
  c.push_back(iss_case("iss_cell_outside_the_board", ".Shape~6x6.Thermo~R1C1~R7C1",
                       "{file}:1:24: R7C1 is outside the 6x6 board"));
  c.push_back(iss_case("iss_thermo_repeats_a_cell", ".Thermo~R1C1~R1C2~R1C1",
                       "{file}:1:19: R1C1 appears twice in Thermo"));
  c.push_back(iss_case("iss_given_not_a_digit", ".~R1C1_5~R2C2_10",
                       "{file}:1:15: '10' is not a digit 1-9"));
  c.push_back(iss_case("iss_shape_too_large", ".Shape~9x20",
                       "{file}:1:8: '9x20' is not a size such as 9x9 or 6x8 (at most 16x16)"));
  c.push_back(iss_case("iss_diagonal_not_square", ".Shape~6x8.Diagonal~1",
                       "{file}:1:12: a Diagonal needs a square board"));
  c.push_back(iss_case("iss_cage_sum_no_digits_make", ".Cage~50~R1C1~R1C2",
                       "{file}:1:7: no 2 different digits 1-9 add up to 50"));
  c.push_back(iss_case("iss_not_starting_with_a_dot", "Thermo~R1C1~R1C2",
                       "{file}:1:1: neither an ISS constraint string (which starts with '.') "
                       "nor one of ISS's grid formats (a grid, a killer or jigsaw layout, pencil "
                       "marks)"));
  // f-puzzles and SudokuPad links (fpuzzles.hpp), read without a flag: each
  // bad one answered 'invalid' in its place, the puzzle after it still solved.
  const std::vector<std::string> plain = {"solve", "-q", "{file}"};
  const auto fpuzzles_case = [&](std::string name, const std::string& line, std::string message) {
    return bad_case{
        std::move(name),      "sudoku", plain, line + "\n" + W + "\n", "invalid\n" + WS + "\n",
        {std::move(message)}, 2};
  };
  const std::string empty9 = [] {
    std::string rows;
    for (int r = 0; r < 9; ++r)
      rows += std::string(r ? "," : "") + "[{},{},{},{},{},{},{},{},{}]";
    return R"({"size":9,"grid":[)" + rows + "]";
  }();
  c.push_back(fpuzzles_case("fpuzzles_link_data_not_lz_string",
                            "https://www.f-puzzles.com/?load=N4Ig!!",
                            "{file}:1:33: the f-puzzles data is not lz-string's base64"));
  c.push_back(fpuzzles_case("fpuzzles_link_without_data", "https://www.f-puzzles.com/?id=3",
                            "{file}:1:1: the link carries no f-puzzles data"));
  c.push_back(fpuzzles_case("fpuzzles_sudokupad_own_format", "https://sudokupad.app/sclN4Ig",
                            "{file}:1:1: a SudokuPad link in SudokuPad's own format"));
  c.push_back(fpuzzles_case("fpuzzles_json_syntax_error", R"({"size":9,"grid":[}])",
                            "{file}:1:19: the f-puzzles data is not JSON"));
  c.push_back(fpuzzles_case("fpuzzles_unsupported_rule",
                            empty9 + R"(,"boxindexer":[{"cells":["R1C1","R1C2"]}]})",
                            "{file}:1:1: in the f-puzzles data, the rule \"boxindexer\" is not "
                            "supported"));
  c.push_back(fpuzzles_case("fpuzzles_cell_outside_the_board",
                            empty9 + R"(,"killercage":[{"cells":["R1C1","R12C1"],"value":"5"}]})",
                            "{file}:1:1: in the f-puzzles data, killercage 1: R12C1 is outside "
                            "the 9x9 board"));
  c.push_back(fpuzzles_case("fpuzzles_cage_sum_no_digits_make",
                            empty9 + R"(,"killercage":[{"cells":["R1C1","R1C2"],"value":"50"}]})",
                            "{file}:1:1: in the f-puzzles data, killercage 1: no 2 different "
                            "digits 1-9 add up to 50"));
  c.push_back(fpuzzles_case(
      "fpuzzles_region_of_the_wrong_size",
      R"({"size":4,"grid":[[{"region":1},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]})",
      "{file}:1:1: in the f-puzzles data, grid: region 0 has 3 cells, not 4"));
  // ISS's grid formats (iss_grids.cpp): Killing with flowers, broken three ways.
  const std::string flowers =
      "S<J<<O<<KJ^<<^<^>^^<N<<<J^Q^S^O>>^^^>^W^<<^>^^O^<<^T^J^^^>>>^>^>^ML<S<<^^>^<^<<^<";
  c.push_back(iss_case("iss_killer_arrow_off_the_board", "^" + flowers.substr(1),
                       "{file}:1:1: the arrow '^' at r1c1 points outside the grid"));
  c.push_back(iss_case("iss_killer_arrows_in_a_loop", "><" + flowers.substr(2),
                       "{file}:1:1: the arrows from r1c1 go round in a circle and reach no cage "
                       "sum"));
  c.push_back(iss_case("iss_sudocue_killer_cut_short", "3x3::k:6150:6150:12",
                       "{file}:1:20: expected 81 numbers, found 3"));
  c.push_back(iss_case("iss_pencil_marks_with_a_zero", std::string(729, '0'),
                       "{file}:1:1: '0' is not a digit 1-9"));
  c.push_back(iss_case("iss_grid_of_an_unsupported_size", "1.3.",
                       "{file}:1:1: 2x2: boards from 4x4 to 16x16 are supported"));
  c.push_back(iss_case("iss_sum_weights_not_one_per_cell", ".Sum~10_=_1_2~R1C1",
                       "{file}:1:6: Sum has 2 weights for 1 cell"));
  // A sum line looped through all 81 cells with a sum of 300: no automaton
  // states it within the model's limits (the weighted ones would need the
  // bitset engine, which takes no model that large); it was exit 70 from the
  // model after the reader let it pass.
  const std::string board_loop = [] {
    std::string line = ".SumLine~300";
    for (int r = 1; r <= 9; ++r) {
      for (int i = 0; i < 9; ++i)
        line += "~R" + std::to_string(r) + "C" + std::to_string(r % 2 == 1 ? 1 + i : 9 - i);
    }
    return line + "~LOOP";
  }();
  c.push_back(iss_case("iss_loop_too_large_for_any_model", board_loop,
                       "{file}:1:2: SumLine at r1c1: the model would need more than 250000 "
                       "options (not supported yet)"));
  // Built in place, not "." + std::string(...): GCC 12 warns falsely on that
  // at -O3 (-Wrestrict, its bug 105329).
  bad_case too_long = iss_case("iss_line_too_long", "",
                               "{file}:1:1048577: line too long (more than 1048576 bytes)");
  too_long.file = file_text::made_by([WI] {
    std::string line(1 + (1 << 20), '~');
    line[0] = '.';
    return line + "\n" + WI + "\n";
  });
  c.push_back(std::move(too_long));
  // Several bad lines in a batch, each answered in its place.
  c.push_back({"iss_batch_keeps_going",
               "sudoku",
               iss,
               ".Thermo~R1C1~R1C1\n" + WI + "\n.Shape~17x17\n\n" + WI + "\n.~R1C1\n",
               "invalid\n" + WS + "\ninvalid\n" + WS + "\ninvalid\n",
               {"{file}:1:14: R1C1 appears twice in Thermo",
                "{file}:3:8: '17x17' is not a size such as 9x9 or 6x8 (at most 16x16)",
                "{file}:6:3: the given R1C1 has no value (as in R1C1_5)"},
               2});
  // A valid line whose clues need a model too large for the bitset engine,
  // with sums the bitset engine alone keeps as weighted items (ISS's "Zero
  // solution: Little Killer" and two sums it implies): answered, not an
  // internal error (it was exit 70).
  const std::string too_large_for_bitsets =
      ".LittleKiller~49~R1C9.LittleKiller~49~R1C8.LittleKiller~49~R9C2.LittleKill"
      "er~49~R9C3.LittleKiller~49~R7C9.LittleKiller~49~R1C1.LittleKiller~49~R2C1."
      "LittleKiller~49~R3C1..Sum~196~R1C1~R1C3~R2C1~R2C2~R2C4~R3C1~R3C2~R3C3~R3C5"
      "~R4C2~R4C3~R4C4~R4C6~R5C3~R5C4~R5C5~R5C7~R6C4~R6C5~R6C6~R6C8~R7C5~R7C6~R7C"
      "7~R7C9~R8C6~R8C7~R8C8~R9C7~R9C8~R9C9.Sum~196~R1C8~R1C9~R2C7~R2C8~R2C9~R3C6"
      "~R3C7~R3C8~R3C9~R4C5~R4C6~R4C7~R4C8~R5C4~R5C5~R5C6~R5C7~R6C3~R6C4~R6C5~R6C"
      "6~R7C2~R7C3~R7C4~R7C5~R8C1~R8C2~R8C3~R8C4~R9C1~R9C2~R9C3";
  c.push_back({"iss_model_too_large_for_bitsets",
               "sudoku",
               {"count", "-q", "--input-format=iss", "--budget", "100", "{file}"},
               too_large_for_bitsets + "\n",
               "unknown\n",
               {},
               3});
  // --threads (dlx and sudoku share the parser).
  c.push_back({"dlx_usage_threads_not_a_number",
               "dlx",
               {"--threads", "two", "{file}"},
               "a\na\n",
               "",
               {"--threads: expected an integer from 0 to 4096, got 'two'"},
               2});
  c.push_back({"dlx_seed_with_threads",
               "dlx",
               {"--seed", "1", "--threads", "2", "{file}"},
               "a\na\n",
               "",
               {"dlx: dlx::solver: a seeded search runs on one thread"},
               2});
  // The structure search (--propagation groups) has no random tie-breaks.
  c.push_back({"dlx_groups_with_seed",
               "dlx",
               {"--propagation", "groups", "--seed", "1", "{file}"},
               "a\na\n",
               "",
               {"dlx: dlx::solver: a search with propagation groups cannot be seeded"},
               2});
  c.push_back({"dlx_unknown_propagation",
               "dlx",
               {"--propagation", "triads", "{file}"},
               "a\na\n",
               "",
               {"--propagation: expected none, forced, pairs or groups, got 'triads'"},
               2});
  c.push_back({"sudoku_bench_unknown_propagation",
               "sudoku",
               {"bench", "--propagation", "triads", "{file}"},
               std::string(81, '.') + "\n",
               "",
               {"--propagation: expected none, forced, pairs or groups, got 'triads'"},
               2});
  c.push_back({"sudoku_bench_unknown_branching",
               "sudoku",
               {"bench", "--branch", "first", "{file}"},
               std::string(81, '.') + "\n",
               "",
               {"--branch: expected mrv or conflicts, got 'first'"},
               2});
#if defined(DLX_MPI)
  // dlx-mpi's checkpoints (dlx/checkpoint.hpp); dlx-mpi runs here as an MPI
  // singleton, without mpirun.
  const std::string header =
      "dlx-checkpoint 1\nproblem " + small_problem_hash() + "\nsplit 4 4 0000000000000000\n";
  const std::vector<std::string> resume = {"--count", "--checkpoint", "{file}", "{problem}"};
  const auto checkpoint = [&](std::string name, std::string text, std::string message) {
    c.push_back({std::move(name), "dlx-mpi", resume, std::move(text), "", {std::move(message)}, 2});
  };
  checkpoint("checkpoint_not_a_checkpoint", "dlx-chekpoint 1\n",
             "{file}:1:1: expected 'dlx-checkpoint', got 'dlx-chekpoint'");
  checkpoint("checkpoint_unknown_version", "dlx-checkpoint 2\n",
             "{file}:1:16: unknown checkpoint version");
  checkpoint("checkpoint_incomplete_header", "dlx-checkpoint 1\n",
             "{file}:2:1: incomplete checkpoint header");
  checkpoint("checkpoint_hash_not_hexadecimal", "dlx-checkpoint 1\nproblem xyz\n",
             "{file}:2:9: expected a 16-digit hexadecimal hash, got 'xyz'");
  checkpoint("checkpoint_of_another_problem",
             "dlx-checkpoint 1\nproblem 0123456789abcdef\nsplit 4 4 0000000000000000\n",
             "{file}:2:9: the checkpoint is of another problem than {problem}");
  checkpoint("checkpoint_of_another_split", header,
             "{file}:3:7: the checkpoint's pieces are not this search's");
  checkpoint("checkpoint_piece_out_of_range", header + "piece 7 0 1 1 0 0 0 0 1\n",
             "{file}:4:7: piece 7 is out of range: the split made 4");
  checkpoint("checkpoint_piece_twice",
             header + "piece 1 0 1 1 0 0 0 0 1\npiece 1 0 1 1 0 0 0 0 1\n",
             "{file}:5:7: piece 1 is already recorded on line 4");
  checkpoint("checkpoint_missing_counts", header + "piece 1 2 3\n",
             "{file}:4:12: expected a count of updates");
  checkpoint("checkpoint_two_spaces", header + "piece  1 0 1 1 0 0 0 0 1\n",
             "{file}:4:7: expected a piece number");
  checkpoint("checkpoint_text_after_the_counts", header + "piece 1 0 1 1 0 0 0 0 1 more\n",
             "{file}:4:24: unexpected text at the end of the line");
  checkpoint("checkpoint_count_out_of_range", header + "piece 1 99999999999999999999 1\n",
             "{file}:4:9: a count of solutions is out of range");
  checkpoint("checkpoint_negative_count", header + "piece 1 -1 1\n",
             "{file}:4:9: expected a count of solutions, got '-1'");
  c.push_back({"checkpoint_without_count",
               "dlx-mpi",
               {"--checkpoint", "{file}", "{problem}"},
               header,
               "",
               {"--checkpoint needs --count and no --limit"},
               2});
#endif
  return c;
}

class catalogue_case : public ::testing::TestWithParam<bad_case> {};

TEST_P(catalogue_case, is_reported_in_place) {
  const bad_case& c = GetParam();
  const std::string path =
      write_temp_file(c.name + (c.tool == "sudoku" ? ".sdm" : ".dlx"), c.file.text());
  std::filesystem::create_directories(path + ".dir");
  const std::string problem = write_temp_file(c.name + ".problem.dlx", small_problem);
  std::vector<std::string> argv = {c.tool == "dlx"             ? DLX_CLI
                                   : c.tool == "dlx-dominoes"  ? DLX_DOMINOES
                                   : c.tool == "dlx-pentomino" ? DLX_PENTOMINO
                                                               : SUDOKU_CLI};
#if defined(DLX_MPI)
  if (c.tool == "dlx-mpi") {
    argv = {DLX_MPI};
    test_support::ignore_leaks_in_children();
  }
#endif
  const auto place = [&](const std::string& s) {
    std::string out = with_file(s, path);
    for (std::size_t at; (at = out.find("{problem}")) != std::string::npos;)
      out.replace(at, 9, problem);
    return out;
  };
  for (const auto& a : c.args)
    argv.push_back(place(a));
  const auto r = run_command(argv);
  EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
  if (c.out != "*") {
    EXPECT_EQ(r.out, c.out) << r.err;
  }
  for (const auto& e : c.err) {
    EXPECT_NE(r.err.find(place(e)), std::string::npos)
        << "stderr lacks: " << place(e) << "\nstderr was:\n"
        << r.err.substr(0, 2000);
  }
  if (c.err.empty() && c.exit_code == 0) {
    EXPECT_EQ(r.err, "");
  }
}

INSTANTIATE_TEST_SUITE_P(catalogue, catalogue_case, ::testing::ValuesIn(catalogue()),
                         [](const auto& test) { return test.param.name; });

// A gigabyte on one line, streamed through a pipe: one error at the cap, memory
// bounded (the run must fit under a 300 MB address-space limit), no crash.
TEST(catalogue_stream, gigabyte_line_without_newline) {
#if defined(__SANITIZE_ADDRESS__)
  const std::string limit = "";  // ASan reserves terabytes of address space: no ulimit -v
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  const std::string limit = "";
#else
  const std::string limit = "ulimit -v 300000; ";
#endif
#else
  const std::string limit = "ulimit -v 300000; ";
#endif
  // (Appended in place: g++ 12 warns falsely, -Warray-bounds, on a + "..." + b.)
  std::string script = limit;
  script.append("head -c 1000000000 /dev/zero | tr '\\0' '1' | ").append(SUDOKU_CLI);
  script.append(" solve -q -j 1");
  const auto r = run_command({"/bin/sh", "-c", script});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "invalid\n");
  EXPECT_EQ(r.err, "<stdin>:1:1048577: line too long (more than 1048576 bytes)\n");
}

// A file the user may not read. Root reads anything, so drop to nobody first.
TEST(catalogue_stream, unreadable_file) {
  const std::string path = write_temp_file("unreadable.sdm", W + "\n");
  ::chmod(path.c_str(), 0);
  std::vector<std::string> argv = {SUDOKU_CLI, "solve", "-q", path};
  if (::geteuid() == 0) {
    if (!std::filesystem::exists("/usr/bin/setpriv")) GTEST_SKIP() << "root, and no setpriv";
    ::chmod(std::filesystem::path(path).parent_path().c_str(), 0755);
    argv.insert(argv.begin(),
                {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"});
  }
  const auto r = run_command(argv);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(path + ": cannot open: Permission denied"), std::string::npos) << r.err;
}

}  // namespace
