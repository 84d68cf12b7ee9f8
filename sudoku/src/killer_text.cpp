// The killer cage formats (killer_text.hpp).
#include "killer_text.hpp"

#include <fmt/core.h>

#include <charconv>

#include "text_detail.hpp"

namespace sudoku::detail {

namespace {

// The sum a cage character stands for; -1 for an arrow or anything else.
int sum_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'j') return c - 'a' + 36;
  return -1;
}

// An arrow's step (row, column); {0, 0} for a character that is not an arrow.
std::pair<int, int> arrow_step(char c) {
  switch (c) {
    case '<':
      return {0, -1};
    case '>':
      return {0, 1};
    case '^':
      return {-1, 0};
    case 'v':
      return {1, 0};
    case '`':
      return {-1, -1};
    case '\'':
      return {-1, 1};
    case ',':
      return {1, -1};
    case '.':
      return {1, 1};
    default:
      return {0, 0};
  }
}

}  // namespace

std::string cell_text(std::size_t cell) {
  return fmt::format("r{}c{}", cell / 9 + 1, cell % 9 + 1);
}

std::optional<text_error> parse_arrow_cages(std::string_view field, std::size_t begin,
                                            std::vector<cage_draft>& cages) {
  if (field.size() != killer_cells) {
    return text_error{begin + std::min(field.size(), killer_cells) + 1,
                      fmt::format("a killer cage field has 81 characters (or starts with 3x3:), "
                                  "found {}",
                                  field.size())};
  }
  // Each cell's next cell along its arrow; a head points to itself.
  std::array<int, killer_cells> next{};
  for (std::size_t i = 0; i < killer_cells; ++i) {
    const char c = field[i];
    if (sum_value(c) >= 0) {
      next[i] = static_cast<int>(i);
      continue;
    }
    const auto [dr, dc] = arrow_step(c);
    if (dr == 0 && dc == 0) {
      return text_error{begin + i + 1,
                        bad_character(field, i) + " (a cage sum 0-9, A-Z, a-j, or an arrow)"};
    }
    const int row = static_cast<int>(i / 9) + dr, col = static_cast<int>(i % 9) + dc;
    if (row < 0 || row > 8 || col < 0 || col > 8) {
      return text_error{begin + i + 1, fmt::format("the arrow '{}' at {} points outside the grid",
                                                   c, cell_text(i))};
    }
    next[i] = row * 9 + col;
  }
  // Follow the arrows to each cell's head: 0 unseen, 1 on the current path, 2 done.
  std::array<int, killer_cells> head{}, state{};
  std::vector<std::size_t> path;
  for (std::size_t i = 0; i < killer_cells; ++i) {
    path.clear();
    std::size_t at = i;
    while (state[at] == 0 && next[at] != static_cast<int>(at)) {
      state[at] = 1;
      path.push_back(at);
      at = static_cast<std::size_t>(next[at]);
    }
    if (state[at] == 1) {
      return text_error{begin + at + 1, fmt::format("the arrows from {} go round in a circle and "
                                                    "reach no cage sum",
                                                    cell_text(at))};
    }
    const int h = state[at] == 2 ? head[at] : static_cast<int>(at);
    state[at] = 2;
    head[at] = h;
    for (std::size_t p : path) {
      state[p] = 2;
      head[p] = h;
    }
  }
  std::array<int, killer_cells> cage_of;
  cage_of.fill(-1);
  for (std::size_t i = 0; i < killer_cells; ++i) {
    const auto h = static_cast<std::size_t>(head[i]);
    if (cage_of[h] < 0) {
      cage_of[h] = static_cast<int>(cages.size());
      cages.push_back({{}, sum_value(field[h]), static_cast<std::uint32_t>(h)});
    }
    cages[static_cast<std::size_t>(cage_of[h])].cells.push_back(static_cast<std::uint32_t>(i));
  }
  return std::nullopt;
}

std::optional<text_error> parse_sudocue_cages(std::string_view field, std::size_t begin,
                                              std::vector<cage_draft>& cages, bool& diagonals,
                                              std::array<std::size_t, killer_cells>& column) {
  std::size_t at = 0;
  if (field.starts_with("3x3::k:")) {
    at = 7;
  } else if (field.starts_with("3x3:d:k:")) {
    at = 8;
    diagonals = true;
  } else {
    return text_error{begin + 1, "expected 3x3::k: or 3x3:d:k: (SudoCue's killer format)"};
  }
  std::array<int, 256> cage_of_id;
  cage_of_id.fill(-1);
  std::array<std::size_t, 256> first_of_id{};
  for (std::size_t cell = 0; cell < killer_cells; ++cell) {
    const std::size_t end = std::min(field.find(':', at), field.size());
    const std::string_view token = field.substr(at, end - at);
    unsigned value = 0;
    const auto [stop, error] = std::from_chars(token.data(), token.data() + token.size(), value);
    column[cell] = begin + at + 1;
    if (token.empty() || error != std::errc() || stop != token.data() + token.size() ||
        value / 256 > 45) {
      return text_error{
          begin + at + 1,
          token.empty() && end == field.size() ? fmt::format("expected 81 numbers, found {}", cell)
          : token.empty()
              ? fmt::format("no number for {}", cell_text(cell))
              : fmt::format("'{}' is not sum*256 + cage id with a sum up to 45", token)};
    }
    const int sum = static_cast<int>(value / 256);
    const unsigned id = value % 256;
    if (sum != 0 || value != 0) {
      if (cage_of_id[id] < 0) {
        cage_of_id[id] = static_cast<int>(cages.size());
        first_of_id[id] = cell;
        cages.push_back({{}, sum, static_cast<std::uint32_t>(cell)});
      }
      cage_draft& c = cages[static_cast<std::size_t>(cage_of_id[id])];
      if (c.sum != sum) {
        return text_error{begin + at + 1,
                          fmt::format("{} gives cage {} the sum {}, but {} gave it {}",
                                      cell_text(cell), id, sum, cell_text(first_of_id[id]), c.sum)};
      }
      c.cells.push_back(static_cast<std::uint32_t>(cell));
    }
    at = end + 1;
    if (cell + 1 < killer_cells && end == field.size()) {
      return text_error{begin + field.size() + 1,
                        fmt::format("expected 81 numbers, found {}", cell + 1)};
    }
  }
  if (at < field.size()) {
    return text_error{begin + at + 1, "more than 81 numbers"};
  }
  return std::nullopt;
}

}  // namespace sudoku::detail
