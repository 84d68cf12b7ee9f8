// lz-string's base64 form (the JavaScript library's compressToBase64 and
// decompressFromBase64), written from its observed behaviour. f-puzzles puts
// a puzzle's JSON in its links' `?load=` data this way, and SudokuPad reads
// the same. Internal.
//
// lz-string compresses UTF-16 code units; these functions take and give UTF-8.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace sudoku::detail {

// The most UTF-16 code units decompression produces before it gives up, so
// that a short hostile stream cannot ask for gigabytes (the dictionary grows
// with the output and the input, so it is bounded too).
inline constexpr std::size_t lz_max_units = std::size_t{16} << 20;

// The text `data` stands for, as UTF-8 (a lone surrogate becomes U+FFFD), or
// nothing when `data` is not such a stream: a character outside A-Za-z0-9+/=,
// a stream that ends before the last bit of its end code, a reference to a
// dictionary entry that does not exist, or more than `max_units` code units
// of text (a smaller cap than lz_max_units if the caller wants one; never a
// larger one).
// As in JavaScript: any number of '=' may end it (none too), a '=' elsewhere
// reads as zero bits, and what follows the end code is ignored. Whitespace
// is not skipped. (JavaScript gives "" for most streams that end early, but
// part of the text for some, as if their zero bits went on; this gives
// nothing for all of them.)
std::optional<std::string> lz_decompress_base64(std::string_view data,
                                                std::size_t max_units = lz_max_units);

// Exactly what JavaScript's LZString.compressToBase64 gives for the string
// whose UTF-8 is `utf8`, '=' padding included. An invalid UTF-8 sequence is
// read as U+FFFD (one per maximal ill-formed subsequence, as a browser's
// TextDecoder reads it).
std::string lz_compress_base64(std::string_view utf8);

// Appends the UTF-8 of code point `cp` (below 0x110000).
void append_utf8(std::string& out, char32_t cp);

}  // namespace sudoku::detail
