// sudoku convert: each puzzle written in another format (ISS's constraint
// string, an f-puzzles link or its JSON, the variant's own line).
#include <fmt/core.h>
#include <sudoku/variant_text.hpp>

#include <string>
#include <vector>

#include "commands.hpp"
#include "puzzle_command.hpp"

namespace sudoku_cli {

int run_convert(int argc, char** argv) {
  sudoku::text_format to = sudoku::text_format::iss;
  std::vector<std::string> edits;
  puzzle_command command;
  command.name = "convert";
  command.usage = "sudoku convert [--to FORMAT] [OPTIONS] [FILE...]";
  command.description =
      "Prints each puzzle, in input order, in another format: its rules, givens and pencil\n"
      "marks, read back by every command to the same puzzle. FORMAT is 'iss' (ISS's\n"
      "constraint string, the default), 'fpuzzles' (an f-puzzles link, which SudokuPad\n"
      "opens too: https://sudokupad.app/fpuzzles... with the same data), 'fpuzzles-json'\n"
      "(f-puzzles' JSON), or 'line' (the input variant's own line: SDM, a jigsaw's or a\n"
      "killer's line, or ISS's string for modern variants). A puzzle the format cannot\n"
      "state (a sum line in f-puzzles) answers 'unconverted', with the reason on stderr\n"
      "(exit 1); a line that is no puzzle 'invalid' (exit 2). The puzzle is not solved.\n"
      "\n"
      "--set CELL=VALUE edits the givens first (repeat it for more): 'r3c4=7' gives r3c4\n"
      "the value 7, 'r3c4=.' empties it; a puzzle the edit does not fit (no such cell, a\n"
      "value past the board's) is 'invalid' with the reason on stderr. With --to line,\n"
      "what a setter's editor needs: the puzzle with a given more or less, in its format.";
  command.add_options = [&](std::vector<tools::option_spec>& options, command_settings&) {
    options.push_back({0, "to", "iss|fpuzzles|fpuzzles-json|line",
                       "the format to write (default iss)", [&](std::string_view v) {
                         const auto f = sudoku::text_format_from(v);
                         if (!f) {
                           throw tools::usage_error(fmt::format(
                               "--to: expected iss, fpuzzles, fpuzzles-json or line, got '{}'", v));
                         }
                         to = *f;
                       }});
    options.push_back({0, "set", "CELL=VALUE",
                       "edit a given first: r3c4=7, or r3c4=. to empty the cell (repeatable)",
                       [&](std::string_view v) {
                         if (v.find('=') == std::string_view::npos) {
                           throw tools::usage_error(fmt::format(
                               "--set: expected CELL=VALUE, as r1c1=5 or r1c1=., got '{}'", v));
                         }
                         edits.emplace_back(v);
                       }});
  };
  command.answer = [&](answer_context& c) {
    for (const std::string& edit : edits) {
      if (auto why = sudoku::set_given(c.variant(), c.puzzle(), edit))
        return c.unusable(c.file_index(), c.line(), 1, fmt::format("--set {}", *why));
    }
    std::string text, why;
    if (!sudoku::append_puzzle_as(to, c.variant(), c.puzzle(), text, why)) {
      c.message(1, fmt::format("--to {}: {}", sudoku::to_string(to), why));
      ++c.counts().none;  // tallied as a puzzle not answered: exit 1
      c.set_unanswered();
      if (c.settings().json) {
        c.json_head("unconverted");
        c.out() += fmt::format(",\"reason\":{}}}\n", tools::json_string(why));
      } else {
        c.word("unconverted");
      }
      return;
    }
    ++c.counts().solved;
    if (c.settings().json) {
      c.json_head("converted");
      c.out() += fmt::format(",\"format\":\"{}\",\"puzzle\":{}}}\n", sudoku::to_string(to),
                             tools::json_string(text));
    } else {
      c.out() += text;
      c.out() += '\n';
    }
  };
  command.has_budget = false;
  command.summary = [](const tally& t) {
    return outcome_summary(
        t.puzzles, "puzzle",
        {{t.solved, "converted"}, {t.none, "unconverted"}, {t.invalid, "invalid"}});
  };
  return run_puzzle_command(argc, argv, command);
}

}  // namespace sudoku_cli
