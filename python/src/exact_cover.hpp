// ExactCover for Python (see exact_cover.cpp for what it is): the class the
// bindings expose, made from Python objects in exact_cover_reading.cpp and
// searched in exact_cover.cpp.
#pragma once

#include <fmt/core.h>
#include <pybind11/pybind11.h>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "zdd_module.hpp"

namespace dlx_python {

/// repr(h), for messages.
std::string shown(py::handle h);

/// The statistics of a search, as the library counts them (Knuth's counts).
struct search_stats {
  dlx::search_result result;
};

/// A search cut into subtrees (ExactCover.split): each piece a path of option
/// indices from the root, -1 where DLX3 closed an item without an option.
struct tree_split {
  std::vector<std::vector<long long>> pieces;
  std::vector<double> weights;
  search_stats above;
  std::vector<std::vector<std::uint32_t>> solutions;
};

class exact_cover {
 public:
  exact_cover(const py::iterable& options, const py::object& primary, const py::object& secondary,
              bool colored, const py::object& costs);
  explicit exact_cover(dlx::dlx_file file);

  py::object count(std::uint64_t limit, std::uint64_t budget, unsigned threads,
                   const std::string& propagation, const std::string& branching,
                   const std::vector<long long>& preselect, const std::vector<long long>& subtree);
  py::object first(std::uint64_t budget, std::optional<std::uint64_t> seed, unsigned threads,
                   const std::string& propagation, const std::string& branching,
                   const std::vector<long long>& preselect, const std::vector<long long>& subtree);
  tree_split split(std::size_t pieces, const std::string& propagation,
                   const std::vector<long long>& preselect);
  struct memo_diagram zdd(std::uint64_t budget, std::uint64_t memory_budget,
                          const std::string& branching, bool decompose, unsigned threads);
  [[nodiscard]] std::vector<std::uint64_t> costs() const {
    std::vector<std::uint64_t> c(problem_.option_count());
    for (dlx::option_id o = 0; o < c.size(); ++o)
      c[o] = problem_.cost(o);
    return c;
  }
  // A copy of the solver with the preselection made, for an iterator.
  dlx::solver solver_for_iterator(const std::vector<long long>& preselect);

  [[nodiscard]] py::list items() const { return names_; }
  [[nodiscard]] py::list primary() const {
    return names_[py::slice(0, problem_.primary_count(), 1)];
  }
  [[nodiscard]] py::list secondary() const {
    return names_[py::slice(problem_.primary_count(), problem_.item_count(), 1)];
  }
  [[nodiscard]] py::list options() const;
  [[nodiscard]] std::string to_dlx() const {
    std::ostringstream out;
    dlx::write_dlx(out, problem_);
    return out.str();
  }
  [[nodiscard]] std::string repr() const {
    return fmt::format("<ExactCover: {} primary items, {} secondary, {} options>",
                       problem_.primary_count(), problem_.secondary_count(),
                       problem_.option_count());
  }
  [[nodiscard]] const dlx::problem& problem() const { return problem_; }
  [[nodiscard]] search_stats stats() const { return {last_}; }
  [[nodiscard]] std::size_t option_count() const { return problem_.option_count(); }

 private:
  void build_solver() { solver_ = std::make_unique<dlx::solver>(problem_); }
  // Preselects the options (the solver's mutex held); the conflict, if any.
  std::optional<std::string> preselect(dlx::solver& s, const std::vector<long long>& options);
  // Runs search(solver) with `preselected` forced in, the GIL released and the
  // solver locked; the preselection is undone however the search ends.
  template <class Search>
  void with_solver(const std::vector<long long>& preselected, Search&& search);

  dlx::problem problem_;
  std::unique_ptr<dlx::solver> solver_;
  py::list names_;  // item id -> the name given
  std::mutex mutex_;
  dlx::search_result last_;
};

}  // namespace dlx_python
