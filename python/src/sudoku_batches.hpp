// The batch functions (solve_many, count_many, generate): puzzles answered on
// the library's workspace pool with the GIL released, a chunk at a time so
// that memory stays bounded, results in input order, and bad input raised,
// returned or None in its place as errors= says.
#pragma once

#include <pybind11/pybind11.h>
#include <sudoku/workspace_pool.hpp>

#include <fmt/core.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "puzzles.hpp"
#include "sudoku_io.hpp"

namespace dlx_python {

enum class on_error : std::uint8_t { raise, none, keep };

inline on_error read_errors(const std::string& errors) {
  if (errors == "raise") return on_error::raise;
  if (errors == "none") return on_error::none;
  if (errors == "return") return on_error::keep;
  throw py::value_error(
      fmt::format("errors: expected 'raise', 'none' or 'return', got '{}'", errors));
}

// Calls answer(w, i) for i in [0, count) on `threads` workers of the
// library's pool (sudoku::workspace_pool), each with its own workspace, in
// blocks of puzzles; one thread answers on this thread's workspace, whose
// solvers outlive the call. Run with the GIL released. `threads` is resolved
// (thread_count); between blocks the calling thread looks for Ctrl-C, and the
// blocks not started yet are skipped once it came.
template <class Answer>
void for_each_puzzle(std::size_t count, unsigned threads, interrupt_check& interrupt,
                     Answer answer) {
  constexpr std::size_t block = 16;  // few enough that threads end together
  threads =
      std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::size_t>(1, count / block)));
  sudoku::workspace_pool pool(threads, &thread_workspace());
  std::atomic<bool> stop{false};
  std::vector<sudoku::workspace_pool::ticket> tickets;
  for (std::size_t begin = 0; begin < count; begin += block) {
    tickets.push_back(pool.submit([&, begin](workspace& w) {
      if (stop) return;
      for (std::size_t i = begin; i < std::min(count, begin + block); ++i)
        answer(w, i);
    }));
  }
  std::exception_ptr failure;
  for (std::size_t k = 0; k < tickets.size(); ++k) {
    if (k % 64 == 0 && !stop && interrupt.poll()) stop = true;
    try {
      pool.wait(tickets[k]);
    } catch (...) {
      if (!failure) failure = std::current_exception();
      stop = true;
    }
  }
  if (failure) std::rethrow_exception(failure);
}

// Appends a chunk's answers to `out`, its errors raised or put in their place;
// `first` is the index of the chunk's first puzzle in the whole batch.
template <class Value>
void append_results(py::list& out, std::size_t first, const std::vector<puzzle_input>& inputs,
                    const std::vector<answer>& answers, on_error errors, Value value) {
  for (std::size_t k = 0; k < inputs.size(); ++k) {
    const std::size_t i = first + k;
    const puzzle_input& in = inputs[k];
    const answer& a = answers[k];
    py::object error;
    if (!in.error.empty()) {
      error = py::reinterpret_borrow<py::object>(PyExc_ValueError)(
          fmt::format("puzzles[{}]: {}", i, in.error));
    } else if (a.error) {
      error = py::reinterpret_borrow<py::object>(PyExc_ValueError)(located(in, *a.error, i));
    } else if (a.budget) {
      error = budget_exhausted(fmt::format("puzzles[{}]: {}", i, unknown(*a.budget)),
                               a.budget->nodes, a.budget->solutions);
    }
    if (error) {
      if (errors == on_error::raise) {
        PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
        throw py::error_already_set();
      }
      out.append(errors == on_error::keep ? error : py::none());
      continue;
    }
    out.append(value(in, a));
  }
}

// Answers every puzzle of an iterable, a chunk at a time so that memory stays
// bounded whatever its length: a chunk is read with the GIL, answered by
// answer_one(workspace, input) on the threads without it, and its answers
// appended in input order. Ctrl-C is looked for between and within chunks.
template <class AnswerOne, class Value>
py::list run_batch(const py::iterable& puzzles, const puzzle_format& f, unsigned threads,
                   on_error errors, interrupt_check& interrupt, AnswerOne answer_one, Value value) {
  constexpr std::size_t chunk = std::size_t{1} << 16;
  py::list out;
  std::vector<puzzle_input> inputs;
  std::vector<answer> answers;
  py::iterator it = py::iter(puzzles);
  for (std::size_t first = 0; it != py::iterator::sentinel(); first += inputs.size()) {
    inputs.clear();
    for (; inputs.size() < chunk && it != py::iterator::sentinel(); ++it)
      inputs.push_back(read_input(*it, f));
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    answers.assign(inputs.size(), answer{});
    {
      py::gil_scoped_release release;
      for_each_puzzle(inputs.size(), threads, interrupt, [&](workspace& w, std::size_t i) {
        if (inputs[i].error.empty()) answers[i] = answer_one(w, inputs[i]);
      });
    }
    interrupt.raise_if_interrupted();
    append_results(out, first, inputs, answers, errors, value);
  }
  return out;
}

}  // namespace dlx_python
