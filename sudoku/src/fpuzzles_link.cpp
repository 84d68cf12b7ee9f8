// Where f-puzzles' data sits in a line (fpuzzles.hpp): a link of f-puzzles
// (?load=DATA) or SudokuPad (/fpuzzlesDATA), the data alone, or its JSON;
// then the data unpacked and handed to the reader (fpuzzles_reader.cpp).
#include <fmt/core.h>

#include <algorithm>
#include <cctype>

#include "fpuzzles_detail.hpp"
#include "lz_string.hpp"
#include "sudoku/fpuzzles.hpp"
#include "text_detail.hpp"

namespace sudoku {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The data a link carries: f-puzzles' ?load= parameter, or what follows
// "fpuzzles" in a SudokuPad link; %-escapes decoded. Its offset in the link,
// or nothing (and `error`) for a link that carries none.
std::optional<std::size_t> link_data(std::string_view link, std::string& data, std::string& error) {
  link = link.substr(0, link.find('#'));
  const std::string low = lower(link);
  std::size_t from = std::string::npos;
  for (std::string_view key : {"?load=", "&load="}) {
    if (const auto at = low.find(key); at != std::string::npos && from == std::string::npos)
      from = at + key.size();
  }
  if (from == std::string::npos) {
    // SudokuPad's /fpuzzlesDATA, or /fpuzDATA for short.
    if (const auto at = link.find("fpuz", low.find("://") + 3); at != std::string::npos)
      from = link.substr(at).starts_with("fpuzzles") ? at + 8 : at + 4;
  }
  if (from == std::string::npos) {
    error = low.find("sudokupad") != std::string::npos ||
                    low.find("crackingthecryptic") != std::string::npos
                ? "a SudokuPad link in SudokuPad's own format (or a short id, which only its "
                  "server resolves) is not read; its f-puzzles form, sudokupad.app/fpuzzles..., is"
                : "the link carries no f-puzzles data (f-puzzles' links end in ?load=DATA)";
    return std::nullopt;
  }
  const std::size_t end = std::min(link.find_first_of("&?", from), link.size());
  detail::append_percent_decoded(link.substr(from, end - from), data);
  return from;
}

}  // namespace

bool is_fpuzzles(std::string_view line) noexcept {
  line = detail::strip_cr(line);
  // Asked of every line read without an option: its first character tells
  // an SDM line apart.
  const std::size_t first = detail::skip_blanks(line);
  if (first == line.size()) return false;
  if (line[first] == '{') return true;
  if (line[first] == 'N') return line.substr(first).starts_with("N4Ig");  // lz-string's '{"'
  if (line[first] != 'h' && line[first] != 'H') return false;
  const auto [begin, end] = detail::grid_field(line);
  const std::string_view word = line.substr(begin, end - begin);
  if (!detail::is_web_link(word)) return false;
  const std::string_view head = word.substr(0, 80);
  for (std::string_view mark : {"f-puzzles", "fpuzzles", "sudokupad", "crackingthecryptic"}) {
    if (std::search(head.begin(), head.end(), mark.begin(), mark.end(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == b;
        }) != head.end())
      return true;
  }
  return false;
}

std::optional<text_error> parse_fpuzzles(std::string_view line, variant& v, grid& givens,
                                         sdm_fields* fields, fpuzzles_info* info) {
  line = detail::strip_cr(line);
  const auto [begin, end] = detail::grid_field(line);
  if (begin == line.size()) return text_error{1, "no f-puzzles data (an empty line)"};
  if (info) *info = {};
  std::size_t offset = 0;
  std::string text;  // the JSON
  std::size_t column = begin + 1;
  if (line[begin] == '{') {
    // JSON, blanks and all, to the end of the line: no annotation.
    const std::string_view json = detail::trimmed_rest(line, begin);
    if (fields) *fields = {begin, {}};
    if (auto e = detail::fpuzzles_read::translate(json, v, givens, info, offset))
      return text_error{begin + offset + 1, std::move(*e)};
    return std::nullopt;
  }
  const std::string_view word = line.substr(begin, end - begin);
  std::string data;
  if (detail::is_web_link(word)) {
    std::string why;
    const auto at = link_data(word, data, why);
    if (!at) return text_error{column, std::move(why)};
    column += *at;
  } else {
    data = word;
  }
  if (data.starts_with('{')) {
    text = std::move(data);
  } else {
    std::replace(data.begin(), data.end(), ' ', '+');  // a query's '+' read as a blank
    auto unpacked = detail::lz_decompress_base64(data);
    if (!unpacked || unpacked->empty()) {
      return text_error{column,
                        "the f-puzzles data is not lz-string's base64 (the compressed JSON "
                        "f-puzzles' links carry)"};
    }
    text = std::move(*unpacked);
  }
  if (fields) *fields = {begin, detail::trimmed_rest(line, end)};
  if (auto e = detail::fpuzzles_read::translate(text, v, givens, info, offset))
    return text_error{column, std::move(*e)};
  return std::nullopt;
}

}  // namespace sudoku
