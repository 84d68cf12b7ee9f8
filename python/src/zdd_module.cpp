// The Zdd class for Python (zdd_module.hpp).
#include "zdd_module.hpp"

#include <fmt/core.h>
#include <pybind11/stl.h>
#include <dlx/counted.hpp>
#include <dlx/format.hpp>

#include <random>
#include <sstream>
#include <string>

namespace dlx_python {

namespace {

py::int_ to_python(const dlx::big_count& n) {
  const std::string digits = n.str();
  return py::reinterpret_steal<py::int_>(PyLong_FromString(digits.c_str(), nullptr, 10));
}

dlx::big_count from_python(py::handle n, const std::string& what) {
  if (!PyIndex_Check(n.ptr())) {
    throw py::type_error(
        fmt::format("{}: expected an int, not {}", what,
                    py::str(py::type::of(n).attr("__name__")).cast<std::string>()));
  }
  const std::string digits = py::str(py::reinterpret_steal<py::object>(PyNumber_Index(n.ptr())));
  return dlx::big_count(digits);
}

}  // namespace

/// The lazy solutions of Zdd.solutions(): each next() walks to the next one.
class zdd_iterator {
 public:
  explicit zdd_iterator(std::shared_ptr<const dlx::zdd> d)
      : diagram_(std::move(d)), it_(*diagram_) {}
  py::object next() {
    if (it_ == std::default_sentinel) throw py::stop_iteration();
    const auto s = *it_;
    py::object out = py::cast(std::vector<std::uint32_t>(s.begin(), s.end()));
    ++it_;
    return out;
  }

 private:
  std::shared_ptr<const dlx::zdd> diagram_;
  dlx::zdd::solution_iterator it_;
};

namespace {

memo_diagram zdd_from_text(const std::string& text, const std::string& source) {
  std::istringstream in(text);
  try {
    return {std::make_shared<const dlx::zdd>(dlx::read_zdd(in, source)), std::nullopt, {}};
  } catch (const dlx::parse_error& e) {
    throw py::value_error(e.what());
  }
}

py::object memo_stats_dict(const memo_diagram& d) {
  if (!d.stats) return py::none();
  const auto& s = *d.stats;
  py::dict out;
  out["nodes"] = s.nodes;
  out["updates"] = s.updates;
  out["cleansings"] = s.cleansings;
  out["zdd_nodes"] = s.zdd_nodes;
  out["signatures"] = py::make_tuple(s.failed_signatures, s.good_signatures);
  out["hits"] = s.hits;
  out["max_level"] = s.max_level;
  out["bytes"] = s.bytes;
  out["splits"] = s.splits;
  out["parts"] = s.parts;
  out["products"] = s.products;
  out["part_checks"] = s.part_checks;
  out["threads"] = s.threads;
  return out;
}

}  // namespace

void bind_zdd(py::module_& m) {
  py::class_<zdd_iterator>(m, "ZddSolutionIterator", "The solutions of a Zdd, lazily.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &zdd_iterator::next);
  py::class_<memo_diagram>(
      m, "Zdd",
      "The diagram (a ZDD) of all solutions of an ExactCover, built by ExactCover.zdd():\n"
      "Knuth's memoized search (DLX6). Counting, sampling, listing and finding the\n"
      "cheapest solutions take time linear in its size, however many solutions there are.\n\n"
      "  >>> z = dlx_sudoku.ExactCover([['a', 'b'], ['c'], ['a', 'c'], ['b']]).zdd()\n"
      "  >>> z.count(), list(z.solutions())\n"
      "  (2, [[0, 1], [2, 3]])")
      .def_static("from_text", &zdd_from_text, py::arg("text"), py::arg("source") = "<text>",
                  "A diagram in the text format of to_text() (Knuth's). Raises ValueError\n"
                  "naming the line and column of bad input.")
      .def(
          "count", [](const memo_diagram& d) { return to_python(d.diagram->count()); },
          "The number of solutions: an exact int, however large.")
      .def(
          "count_by_size",
          [](const memo_diagram& d) {
            py::list out;
            for (const auto& n : d.diagram->count_by_size())
              out.append(to_python(n));
            return out;
          },
          "counts[k] is the number of solutions with k options.")
      .def(
          "sample",
          [](const memo_diagram& d, std::size_t k, std::optional<std::uint64_t> seed) {
            const std::uint64_t s = seed ? *seed : std::random_device{}();
            std::vector<std::vector<dlx::option_id>> drawn;
            {
              py::gil_scoped_release release;
              drawn = d.diagram->sample(k, s);
            }
            return drawn;
          },
          py::arg("k") = 1, py::kw_only(), py::arg("seed") = py::none(),
          "k solutions drawn uniformly at random, independently (with replacement); the\n"
          "same for the same seed. Empty when there is no solution.")
      .def(
          "unrank",
          [](const memo_diagram& d, py::handle rank) {
            const dlx::big_count r = from_python(rank, "rank");
            if (r < 0 || r >= d.diagram->count()) {
              throw py::index_error("rank: not below the number of solutions");
            }
            return d.diagram->unrank(r);
          },
          py::arg("rank"),
          "The solution of this rank (from 0) in the order solutions() lists them.")
      .def(
          "cheapest",
          [](const memo_diagram& d, std::size_t k, const py::object& costs) {
            std::vector<std::uint64_t> c = d.costs;
            if (!costs.is_none()) {
              c.clear();
              std::size_t i = 0;
              for (py::handle v : costs) {
                const long long x = integer(v, fmt::format("costs[{}]", i++));
                if (x < 0) throw py::value_error("costs: a cost is not negative");
                c.push_back(static_cast<std::uint64_t>(x));
              }
            }
            py::list out;
            for (auto& s : d.diagram->cheapest(c, k))
              out.append(py::make_tuple(s.cost, py::cast(s.options)));
            return out;
          },
          py::arg("k") = 1, py::kw_only(), py::arg("costs") = py::none(),
          "The k cheapest solutions, cheapest first, as (cost, options) pairs. costs: a\n"
          "cost per option; by default the ExactCover's (its costs= argument, or DLX5's\n"
          "'|n' entries in from_dlx).")
      .def(
          "solutions", [](const memo_diagram& d) { return zdd_iterator(d.diagram); },
          "Every solution, lazily, in the order ExactCover.solutions() finds them.")
      .def(
          "to_text",
          [](const memo_diagram& d) {
            std::ostringstream out;
            d.diagram->write(out);
            return out.str();
          },
          "The diagram in the text format of Knuth's ZDD programs, as DLX6 writes it.")
      .def_property_readonly(
          "size", [](const memo_diagram& d) { return d.diagram->size(); },
          "Nodes in the diagram, the two sinks included.")
      .def_property_readonly("stats", &memo_stats_dict,
                             "DLX6's figures of the search that built it (a dict), or None "
                             "for a diagram read from text.")
      .def("__repr__", [](const memo_diagram& d) {
        return fmt::format("<Zdd: {}, {}>", dlx::counted(d.diagram->size(), "node"),
                           dlx::counted(d.diagram->count().str(), "solution"));
      });
}

}  // namespace dlx_python
