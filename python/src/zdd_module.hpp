// The Zdd class for Python: the diagram of all solutions of an ExactCover
// (ExactCover.zdd()) or read from text, counted, sampled, ranked and listed.
#pragma once

#include <pybind11/pybind11.h>
#include <dlx/memo.hpp>
#include <dlx/zdd.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "bindings.hpp"

namespace dlx_python {

/// The diagram of all solutions, from ExactCover.zdd() or Zdd.from_text(),
/// with the figures of the search that built it and the options' costs.
struct memo_diagram {
  std::shared_ptr<const dlx::zdd> diagram;
  std::optional<dlx::memo_stats> stats;
  std::vector<std::uint64_t> costs;
};

/// Zdd and its solutions' iterator, in `m`.
void bind_zdd(py::module_& m);

}  // namespace dlx_python
