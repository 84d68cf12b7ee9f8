// ISS's Var: cells beside the board (variant::add_variables), named V, the
// group's letters and, in a group of several, the cell's number (VA1, VA2;
// VA alone in a group of one). Read before every other item, so that any of
// them may name the cells. And ISS's Doppelganger, whose rule lives in
// variables of its own: DGC1..DGC9 the values the rows leave out, DGR1..DGR9
// the columns', DGB1..DGB9 the boxes' (ISS's names: the cells it draws as a
// row above the board, a column beside it, a small grid). And ISS's
// ChaosConstruction's: CC1..CCn, each board cell's region (iss_chaos.cpp).
#include "iss_reader.hpp"

namespace sudoku::detail::iss_read {

std::optional<text_error> reader::read_variables() {
  // Var's first, then the rules' own (in the order the writer writes them:
  // Var items come first).
  for (const item& it : items_) {
    if (it.type.text != "Var") continue;
    if (it.args.empty() || it.args.size() > 3) {
      return error_at(it.type.column, "Var takes a name, a label and a size, as in Var~A~~3");
    }
    const field& prefix = it.args[0];
    const bool letters =
        !prefix.text.empty() && std::all_of(prefix.text.begin(), prefix.text.end(),
                                            [](char c) { return c >= 'A' && c <= 'Z'; });
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
    const std::string label =
        it.args.size() > 1 ? detail::iss_decode_label(it.args[1].text) : std::string();
    v_.add_variables(name, label, count, columns);
  }
  for (const item& it : items_) {
    if (it.type.text == "Doppelganger") {
      if (auto e = doppelganger_cells(it)) return e;
    }
  }
  for (const item& it : items_) {
    if (it.type.text == "ChaosConstruction") {
      if (auto e = chaos_cells(it)) return e;
    }
  }
  masks_.resize(v_.all_positions(), v_.all_digits());
  return std::nullopt;
}

std::optional<text_error> reader::doppelganger_cells(const item& it) {
  // (Read again as a rule, which refuses its arguments and a Raw grid.)
  if (doppelganger_ || raw_ || !it.args.empty()) return std::nullopt;
  if (rows_ != cols_ || lo_ != 0 || n_ != rows_ + 1 || region_size_ != rows_) {
    return error_at(it.type.column,
                    "Doppelganger needs a square board of values 0 to its side, as "
                    "Shape~9x9~0-9");
  }
  doppelganger_ = true;
  const auto box = detail::iss_box_dims(rows_, cols_, rows_);
  v_.add_variables("DGB", "Doppelganger box", rows_, box ? box->second : 0);
  v_.add_variables("DGC", "Doppelganger column", rows_);
  v_.add_variables("DGR", "Doppelganger row", cols_);
  return std::nullopt;
}

// Each row, with the value it leaves out, holds every value once: a unit of
// ten cells and ten values; so do a column and a box (the rest of the rule
// is the clue's: clue_kind::doppelganger).
void reader::doppelganger_units() {
  // (doppelganger_cells made all three.)
  const std::uint32_t boxes = v_.variables_named("DGB")->first;
  const std::uint32_t rows = v_.variables_named("DGC")->first;
  const std::uint32_t columns = v_.variables_named("DGR")->first;
  for (std::size_t u = 0; u < v_.units().size(); ++u) {
    const unit& un = v_.units()[u];
    const auto index = static_cast<std::uint32_t>(un.index);
    if (un.kind == unit_kind::row) v_.add_to_unit(u, rows + index);
    if (un.kind == unit_kind::column) v_.add_to_unit(u, columns + index);
    if (un.kind == unit_kind::box) v_.add_to_unit(u, boxes + index);
  }
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

namespace sudoku::detail {

std::string iss_encode_label(std::string_view label) {
  std::string out;
  for (const char c : label) {
    const auto b = static_cast<unsigned char>(c);
    const bool plain = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') ||
                       std::string_view("-_!*'()").find(c) != std::string_view::npos;
    out += plain ? std::string(1, c) : fmt::format("%{:02X}", b);
  }
  return out;
}

std::string iss_decode_label(std::string_view written) {
  const auto hex = [](char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
  };
  std::string out;
  for (std::size_t i = 0; i < written.size(); ++i) {
    if (written[i] != '%') {
      out += written[i];
      continue;
    }
    if (i + 2 >= written.size() || hex(written[i + 1]) < 0 || hex(written[i + 2]) < 0)
      return std::string(written);
    out += static_cast<char>(hex(written[i + 1]) * 16 + hex(written[i + 2]));
    i += 2;
  }
  return out;
}

}  // namespace sudoku::detail
