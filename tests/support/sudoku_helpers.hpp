// Helpers the Sudoku library's tests share, one definition each (the test
// files of an executable can be compiled together: a unity build,
// scripts/test.sh).
#pragma once

#include <gtest/gtest.h>
#include <sudoku/grid.hpp>
#include <sudoku/text.hpp>
#include <sudoku/variant.hpp>

#include <cstddef>
#include <filesystem>
#include <string>

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

/// How many times `part` occurs in `text`, overlapping ones included.
inline std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

}  // namespace test_support
