// Helpers the Sudoku library's tests share, one definition each (the test
// files of an executable can be compiled together: a unity build,
// scripts/test.sh).
#pragma once

#include <gtest/gtest.h>
#include <sudoku/answer.hpp>
#include <sudoku/grid.hpp>
#include <sudoku/text.hpp>
#include <sudoku/variant.hpp>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "puzzles.hpp"

namespace test_support {

/// The variant puzzles of the repository's corpus (corpus/variants).
inline const std::filesystem::path variants_dir =
    std::filesystem::path(DLX_SOURCE_DIR) / "corpus" / "variants";

/// A grid from a line of SDM text; text the reader refuses fails the test.
inline sudoku::grid parse_grid(const std::string& text) {
  sudoku::grid g;
  const auto e = sudoku::parse_sdm(text, g);
  EXPECT_FALSE(e) << text << ": " << e->message;
  return g;
}

/// Rules from their names ("x,nc"); names the reader refuses fail the test.
inline sudoku::rules rules_of(const std::string& names) {
  std::string error;
  const auto r = sudoku::rules::parse(names, error);
  EXPECT_TRUE(r) << names << ": " << error;
  return r.value_or(sudoku::rules{});
}

/// A workspace holding the puzzle of `line` (an ISS constraint string with
/// `iss`); a line the reader refuses fails the test.
inline sudoku::workspace read_workspace(const std::string& line, bool iss = false) {
  sudoku::workspace w;
  sudoku::rules r;
  r.iss = iss;
  EXPECT_FALSE(sudoku::read_puzzle(w, line, r)) << line;
  return w;
}

/// A row of tests/sudoku/iss_examples.tsv (or of a file of its form): a
/// name, a puzzle and a third column (a solution, or what else the file says).
struct iss_example {
  std::string name, puzzle, solution;
};

/// The rows of tests/sudoku/`file`, its comments skipped.
inline std::vector<iss_example> iss_examples(const char* file = "iss_examples.tsv") {
  std::ifstream in(std::filesystem::path(DLX_SOURCE_DIR) / "tests" / "sudoku" / file);
  EXPECT_TRUE(in) << file;
  std::vector<iss_example> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto a = line.find('\t'), b = line.find('\t', a + 1);
    out.push_back({line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return out;
}

/// How many times `part` occurs in `text`, overlapping ones included.
inline std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

/// Every completion of `givens` on a plain board of shape `s`, by brute force
/// (no solver): what tests of a rule count against.
inline std::vector<sudoku::grid> completions(const sudoku::shape& s, const sudoku::grid& givens) {
  const int n = s.size();
  std::vector<sudoku::grid> found;
  sudoku::grid g = givens;
  auto cells = g.cells();
  auto ok = [&](int cell, int d) {
    const int r = cell / n, c = cell % n;
    for (int k = 0; k < n; ++k) {
      if ((k != c && cells[r * n + k] == d) || (k != r && cells[k * n + c] == d)) return false;
    }
    const int br = r / s.box_rows * s.box_rows, bc = c / s.box_cols * s.box_cols;
    for (int i = br; i < br + s.box_rows; ++i) {
      for (int j = bc; j < bc + s.box_cols; ++j) {
        if ((i != r || j != c) && cells[i * n + j] == d) return false;
      }
    }
    return true;
  };
  std::function<void(int)> fill = [&](int cell) {
    if (cell == n * n) {
      found.push_back(g);
      return;
    }
    if (cells[cell] != 0) {
      fill(cell + 1);
      return;
    }
    for (int d = 1; d <= n; ++d) {
      if (!ok(cell, d)) continue;
      cells[cell] = static_cast<std::uint8_t>(d);
      fill(cell + 1);
      cells[cell] = 0;
    }
  };
  fill(0);
  return found;
}

}  // namespace test_support
