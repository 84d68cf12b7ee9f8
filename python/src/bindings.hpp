// The parts of the Python module, each binding one side of the library.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

namespace dlx_python {

namespace py = pybind11;

/// solve, count, is_unique, validate, rate, explain, generate, minimize,
/// solve_many, count_many, pretty.
void bind_sudoku(py::module_& m);
/// ExactCover and its solutions' iterator.
void bind_exact_cover(py::module_& m);

/// Creates dlx_sudoku.BudgetExhausted (a RuntimeError) in `m`.
void define_budget_exhausted(py::module_& m);
/// A BudgetExhausted exception object: the answer is unknown, not "none".
/// `solutions` is what the search found before it ran out (a lower bound).
py::object budget_exhausted(const std::string& message, std::uint64_t nodes,
                            std::uint64_t solutions);
/// Raises it.
[[noreturn]] void raise_budget_exhausted(const std::string& message, std::uint64_t nodes,
                                         std::uint64_t solutions);

/// Threads for a batch: `requested`, or every core for 0.
unsigned thread_count(unsigned requested);

}  // namespace dlx_python
