// dlx_sudoku._core: the compiled half of the Python module (the package's
// __init__.py re-exports it; __init__.pyi describes it for editors).
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "bindings.hpp"
#include "zdd_module.hpp"

namespace dlx_python {

namespace {
// Owned by the module for the interpreter's lifetime.
PyObject* budget_type = nullptr;
}  // namespace

void define_budget_exhausted(py::module_& m) {
  budget_type = PyErr_NewExceptionWithDoc(
      "dlx_sudoku.BudgetExhausted",
      "A search ran out of its node budget before it knew the answer: the answer is unknown,\n"
      "not 'no solution'. Attributes: nodes (the nodes searched) and solutions (found before\n"
      "the budget ran out: a lower bound on the count).",
      PyExc_RuntimeError, nullptr);
  if (budget_type == nullptr) throw py::error_already_set();
  m.attr("BudgetExhausted") = py::handle(budget_type);
}

py::object budget_exhausted(const std::string& message, std::uint64_t nodes,
                            std::uint64_t solutions) {
  py::object e = py::reinterpret_borrow<py::object>(budget_type)(message);
  e.attr("nodes") = nodes;
  e.attr("solutions") = solutions;
  return e;
}

void raise_budget_exhausted(const std::string& message, std::uint64_t nodes,
                            std::uint64_t solutions) {
  py::object e = budget_exhausted(message, nodes, solutions);
  PyErr_SetObject(budget_type, e.ptr());
  throw py::error_already_set();
}

long long integer(py::handle value, const std::string& what) {
  if (!PyIndex_Check(value.ptr()) || PyBool_Check(value.ptr())) {
    throw py::type_error(
        fmt::format("{}: expected an int, got {}", what, py::repr(value).cast<std::string>()));
  }
  return value.cast<long long>();
}

unsigned thread_count(unsigned requested) {
  if (requested > 256) throw py::value_error("threads: 0 (every core) to 256");
  return requested ? requested : std::max(1u, std::thread::hardware_concurrency());
}

namespace {
unsigned long main_thread = 0;  // Python's main thread, where signal handlers run
}  // namespace

void note_main_thread() {
  main_thread =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
}

interrupt_check::interrupt_check() : caller_(PyThread_get_thread_ident()) {}

bool interrupt_check::poll() {
  if (!interrupted_ && PyThread_get_thread_ident() == main_thread) {
    py::gil_scoped_acquire gil;
    // A raised exception stays set on this (the calling) thread until
    // raise_if_interrupted() picks it up.
    if (PyErr_CheckSignals() != 0) interrupted_ = true;
  }
  return interrupted_;
}

void interrupt_check::attach(dlx::search_options& options) {
  options.progress_interval = std::uint64_t{1} << 16;
  options.on_progress = [this](const dlx::search_progress&) {
    return poll() ? dlx::visit::stop : dlx::visit::next;
  };
}

void interrupt_check::run_watched(const std::function<void()>& work) {
  std::mutex m;
  std::condition_variable ended;
  bool done = false;
  std::exception_ptr error;
  py::gil_scoped_release release;
  std::thread worker([&] {
    try {
      work();
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> hold(m);
    done = true;
    ended.notify_one();
  });
  for (;;) {
    {
      std::unique_lock<std::mutex> hold(m);
      if (ended.wait_for(hold, std::chrono::milliseconds(20), [&] { return done; })) break;
    }
    if (!interrupted_ && caller_ == main_thread) {
      py::gil_scoped_acquire gil;
      if (PyErr_CheckSignals() != 0) interrupted_ = true;
    }
  }
  worker.join();
  if (error) std::rethrow_exception(error);
}

void interrupt_check::raise_if_interrupted() const {
  if (interrupted_ && caller_ == main_thread) throw py::error_already_set();
}

}  // namespace dlx_python

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "Exact cover by dancing links (Knuth's Algorithm X, DLX1-3) and a Sudoku toolkit on it.";
  dlx_python::note_main_thread();
  dlx_python::define_budget_exhausted(m);
  dlx_python::bind_sudoku(m);
  dlx_python::bind_setting(m);
  dlx_python::bind_zdd(m);  // before ExactCover, whose zdd() returns one
  dlx_python::bind_exact_cover(m);
#ifdef DLX_VERSION
  m.attr("__version__") = DLX_VERSION;
#endif
}
