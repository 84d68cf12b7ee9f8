// Answers written to files instead of standard output, for the commands that
// make pictures and pages: one file holding everything (explain --html OUT,
// render -o FILE or standard output: one SVG document), or one file per puzzle
// in a folder (render -o DIR/).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "batch.hpp"

namespace sudoku_cli {

/// One file ("-": standard output) holding `prologue`, every answer in order,
/// then `epilogue`. Opens the file at once; throws tools::output_error.
std::unique_ptr<answer_sink> file_sink(const std::string& path, std::string prologue,
                                       std::string epilogue);

/// One file ("-": standard output) holding what `combine` makes of every
/// answer, in input order, written when the last is in (render's pictures,
/// stacked in one SVG document). Opens the file at once; throws
/// tools::output_error.
std::unique_ptr<answer_sink> combined_file_sink(
    const std::string& path, std::function<std::string(std::vector<std::string>)> combine);

/// A folder (made if missing) with a file per answer, named by the puzzle's
/// number in input order: "1.svg", "2.svg", ... (`extension` ".svg").
/// Unusable lines make no file. Throws tools::output_error.
std::unique_ptr<answer_sink> folder_sink(const std::string& path, std::string extension);

/// True when `path` names a folder: it ends in '/' or is one already.
bool names_folder(std::string_view path);

}  // namespace sudoku_cli
