// ExactCover from Python objects: options as lists of item names (any
// hashable objects), "x:A" for a color, primary items as a list or a dict of
// bounds, costs; Knuth's format through dlx::read_dlx. Names that Knuth's
// format can hold name the library's items; others stay unnamed there.
#include <pybind11/stl.h>

#include "exact_cover.hpp"

namespace dlx_python {

std::string shown(py::handle h) {
  return py::repr(h).cast<std::string>();
}

namespace {

// Bounds from Python: k for [k, k], or a pair (u, v).
dlx::item_bounds read_bounds(py::handle name, py::handle value) {
  auto number = [&](py::handle v) {
    const auto k = integer(v, fmt::format("primary[{}]", shown(name)));
    if (k < 0 || k > static_cast<long long>(dlx::problem::max_multiplicity)) {
      throw py::value_error(
          fmt::format("primary[{}]: a bound is 0 to 2**30, not {}", shown(name), k));
    }
    return static_cast<std::uint32_t>(k);
  };
  if (PyIndex_Check(value.ptr())) {
    const auto k = number(value);
    return {k, k};
  }
  const auto pair = value.cast<py::sequence>();
  if (pair.size() != 2) {
    throw py::value_error(
        fmt::format("primary[{}]: bounds are an int or a pair (lower, upper), not {}", shown(name),
                    shown(value)));
  }
  return {number(pair[0]), number(pair[1])};
}

// A named item for Knuth's format when str(name) can be one; else unnamed.
dlx::item_id add_item(dlx::problem& p, py::handle name, dlx::item_kind kind,
                      std::optional<dlx::item_bounds> bounds) {
  const std::string text = py::str(name).cast<std::string>();
  try {
    return bounds ? p.add_item(text, *bounds) : p.add_item(text, kind);
  } catch (const dlx::problem_error&) {
    // Not a valid name in Knuth's format (blank, '|', ':'), or taken: unnamed.
  }
  if (bounds) {
    if (bounds->upper == 0 || bounds->lower > bounds->upper) {
      throw py::value_error(
          fmt::format("primary[{}]: bounds ({}, {}) need lower <= upper and "
                      "upper >= 1",
                      shown(name), bounds->lower, bounds->upper));
    }
    return p.add_item(*bounds);
  }
  return p.add_item(kind);
}

}  // namespace

exact_cover::exact_cover(const py::iterable& options, const py::object& primary,
                         const py::object& secondary, bool colored, const py::object& costs) {
  // The items declared, in order; a dict of primary items carries bounds.
  py::dict kind_of;  // name -> True for primary, False for secondary
  std::vector<std::pair<py::object, std::optional<dlx::item_bounds>>> primaries;
  std::vector<py::object> secondaries;
  if (!primary.is_none()) {
    const bool mapping = PyMapping_Check(primary.ptr()) && py::hasattr(primary, "items");
    for (py::handle name : primary) {
      if (kind_of.contains(name))
        throw py::value_error(fmt::format("primary: {} twice", shown(name)));
      kind_of[name] = true;
      primaries.emplace_back(
          py::reinterpret_borrow<py::object>(name),
          mapping ? std::optional(read_bounds(name, primary[name])) : std::nullopt);
    }
  }
  if (!secondary.is_none()) {
    for (py::handle name : secondary) {
      if (kind_of.contains(name)) {
        throw py::value_error(
            fmt::format("secondary: {} is {}", shown(name),
                        kind_of[name].cast<bool>() ? "primary too" : "there twice"));
      }
      kind_of[name] = false;
      secondaries.push_back(py::reinterpret_borrow<py::object>(name));
    }
  }
  // The options' entries: (name, color or None).
  struct entry {
    py::object name;
    py::object color;
  };
  std::vector<std::vector<entry>> rows;
  for (py::handle option : options) {
    const std::size_t k = rows.size();
    if (py::isinstance<py::str>(option) || !py::isinstance<py::iterable>(option)) {
      throw py::type_error(
          fmt::format("options[{}]: an option is a list of items, not {}", k, shown(option)));
    }
    std::vector<entry> row;
    for (py::handle e : option) {
      entry en{py::reinterpret_borrow<py::object>(e), py::none()};
      if (colored && py::isinstance<py::str>(e) && !kind_of.contains(e)) {
        const std::string text = e.cast<std::string>();
        const auto colon = text.find(':');
        if (colon != std::string::npos) {
          en.name = py::str(text.substr(0, colon));
          en.color = py::str(text.substr(colon + 1));
        }
      }
      row.push_back(std::move(en));
    }
    rows.push_back(std::move(row));
  }
  // Items not declared: with neither list given, those ever colored are
  // secondary and the rest primary; with one list given, the rest are the other.
  if (primary.is_none() || secondary.is_none()) {
    py::dict colored_names;
    for (const auto& row : rows) {
      for (const auto& e : row)
        if (!e.color.is_none()) colored_names[e.name] = true;
    }
    for (const auto& row : rows) {
      for (const auto& e : row) {
        if (kind_of.contains(e.name)) continue;
        const bool is_primary = primary.is_none() && !colored_names.contains(e.name);
        kind_of[e.name] = is_primary;
        if (is_primary) {
          primaries.emplace_back(e.name, std::nullopt);
        } else {
          secondaries.push_back(e.name);
        }
      }
    }
  }
  py::dict ids;
  for (const auto& [name, bounds] : primaries) {
    ids[name] = add_item(problem_, name, dlx::item_kind::primary, bounds);
    names_.append(name);
  }
  for (const auto& name : secondaries) {
    ids[name] = add_item(problem_, name, dlx::item_kind::secondary, std::nullopt);
    names_.append(name);
  }
  std::vector<dlx::option_entry> entries;
  std::vector<bool> seen(problem_.item_count());
  for (std::size_t k = 0; k < rows.size(); ++k) {
    entries.clear();
    for (const auto& e : rows[k]) {
      if (!ids.contains(e.name)) {
        throw py::value_error(fmt::format(
            "options[{}]: {} is neither a primary nor a secondary item", k, shown(e.name)));
      }
      const auto id = ids[e.name].cast<dlx::item_id>();
      if (seen[id]) {
        throw py::value_error(fmt::format("options[{}]: {} twice", k, shown(e.name)));
      }
      seen[id] = true;
      dlx::color_id color = dlx::no_color;
      if (!e.color.is_none()) {
        if (problem_.kind(id) == dlx::item_kind::primary) {
          throw py::value_error(
              fmt::format("options[{}]: {} gives primary item {} a color", k,
                          shown(py::str(fmt::format("{}:{}", py::str(e.name).cast<std::string>(),
                                                    e.color.cast<std::string>()))),
                          shown(e.name)));
        }
        try {
          color = problem_.add_color(e.color.cast<std::string>());
        } catch (const dlx::problem_error& error) {
          throw py::value_error(fmt::format("options[{}]: {}", k, error.what()));
        }
      }
      entries.emplace_back(id, color);
    }
    for (const auto& e : entries)
      seen[e.item] = false;
    if (entries.empty()) throw py::value_error(fmt::format("options[{}] is empty", k));
    try {
      problem_.add_option(std::span<const dlx::option_entry>(entries));
    } catch (const dlx::problem_error& error) {
      throw py::value_error(fmt::format("options[{}]: {}", k, error.what()));
    }
  }
  if (!costs.is_none()) {
    std::size_t k = 0;
    for (py::handle c : costs) {
      if (k >= problem_.option_count()) {
        throw py::value_error(
            fmt::format("costs: more costs than the {} options", problem_.option_count()));
      }
      const long long v = integer(c, fmt::format("costs[{}]", k));
      if (v < 0 || static_cast<unsigned long long>(v) > dlx::problem::max_cost) {
        throw py::value_error(fmt::format("costs[{}]: a cost is 0 to 2**48, not {}", k, v));
      }
      problem_.set_cost(static_cast<dlx::option_id>(k), static_cast<std::uint64_t>(v));
      ++k;
    }
    if (k != problem_.option_count()) {
      throw py::value_error(
          fmt::format("costs: {} costs for {} options", k, problem_.option_count()));
    }
  }
  build_solver();
}

exact_cover::exact_cover(dlx::dlx_file file) : problem_(std::move(file.problem)) {
  for (dlx::item_id i = 0; i < problem_.item_count(); ++i)
    names_.append(py::str(std::string(problem_.name(i))));
  build_solver();
}

py::list exact_cover::options() const {
  py::list out;
  for (dlx::option_id o = 0; o < problem_.option_count(); ++o) {
    const auto items = problem_.option(o);
    const auto colors = problem_.option_colors(o);
    py::list row;
    for (std::size_t i = 0; i < items.size(); ++i) {
      const py::object name = names_[items[i]];
      if (colors[i] == dlx::no_color) {
        row.append(name);
      } else {
        row.append(py::str(fmt::format("{}:{}", py::str(name).cast<std::string>(),
                                       problem_.color_name(colors[i]))));
      }
    }
    out.append(row);
  }
  return out;
}

}  // namespace dlx_python
