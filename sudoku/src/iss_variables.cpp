// ISS's Var: cells beside the board (variant::add_variables), named V, the
// group's letters and, in a group of several, the cell's number (VA1, VA2;
// VA alone in a group of one). Read before every other item, so that any of
// them may name the cells.
#include "iss_reader.hpp"

namespace sudoku::detail::iss_read {

std::optional<text_error> reader::read_variables() {
  for (const item& it : items_) {
    if (it.type.text != "Var") continue;
    if (it.args.empty() || it.args.size() > 3) {
      return error_at(it.type.column, "Var takes a name, a label and a size, as in Var~A~~3");
    }
    const field& prefix = it.args[0];
    const bool letters =
        !prefix.text.empty() && std::ranges::all_of(prefix.text, [](char c) { return c >= 'A' && c <= 'Z'; });
    if (!letters || prefix.text.size() > 8) {
      return error_at(prefix.column,
                      fmt::format("'{}' is not a Var's name (1 to 8 letters A-Z)", prefix.text));
    }
    const std::string name = fmt::format("V{}", prefix.text);
    for (const variable_group& g : v_.variables()) {
      if (g.name == name)
        return error_at(prefix.column, fmt::format("Var {} is given twice", prefix.text));
    }
    // The size: a count, or rows x columns; anything else is one cell, as in ISS.
    int count = 1, columns = 0;
    if (it.args.size() > 2) {
      const std::string_view size = it.args[2].text;
      const auto x = size.find('x');
      const auto whole = [](std::string_view t) {
        const auto k = parse_int(t);
        return k && *k >= 1 && t.front() != '+' && t.front() != '0' ? *k : 0;
      };
      const int a = whole(size.substr(0, x));
      const int b = x == std::string_view::npos ? 1 : whole(size.substr(x + 1));
      if (a > 0 && b > 0) {
        if (a > 1024 || b > 1024 || a * b > 1024 || (x != std::string_view::npos && b > 16)) {
          return error_at(it.args[2].column,
                          fmt::format("Var {} of {} cells: at most 1024, in rows of at most 16",
                                      prefix.text, size));
        }
        count = a * b;
        columns = x == std::string_view::npos ? 0 : b;
      }
    }
    const std::string label = it.args.size() > 1 ? std::string(it.args[1].text) : std::string();
    v_.add_variables(name, label, count, columns);
  }
  masks_.resize(v_.all_positions(), v_.all_digits());
  return std::nullopt;
}

std::optional<std::uint32_t> reader::variable(std::string_view id) const {
  for (const variable_group& g : v_.variables()) {
    if (!id.starts_with(g.name)) continue;
    const std::string_view rest = id.substr(g.name.size());
    if (g.count == 1) {
      if (rest.empty()) return g.first;
      continue;
    }
    const auto k = parse_int(rest);
    if (k && *k >= 1 && *k <= g.count && rest.front() != '+' && rest.front() != '0')
      return g.first + static_cast<std::uint32_t>(*k - 1);
  }
  return std::nullopt;
}

}  // namespace sudoku::detail::iss_read
