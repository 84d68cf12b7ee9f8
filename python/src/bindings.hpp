// The parts of the Python module, each binding one side of the library.
#pragma once

#include <pybind11/pybind11.h>
#include <dlx/search.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace dlx_python {

namespace py = pybind11;

/// solve, count, is_unique, validate, rate, explain, generate, minimize,
/// solve_many, count_many, pretty.
void bind_sudoku(py::module_& m);
/// A setter's tools: two_solutions, possibilities.
void bind_setting(py::module_& m);
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

/// An int argument (anything with __index__); TypeError naming `what` otherwise.
long long integer(py::handle value, const std::string& what);

/// Threads for a search or a batch: `requested`, or every core for 0. Raises
/// ValueError above 256, as the command line refuses them.
unsigned thread_count(unsigned requested);

/// Notes which thread is Python's main thread (at import).
void note_main_thread();

/// Lets Ctrl-C stop a long call that runs without the GIL. Python runs its
/// signal handlers on the main thread only, so poll() does there, every time
/// it is called, with the GIL taken for the moment; a handler that raises
/// (KeyboardInterrupt) makes every poll() true, on every thread, and the call
/// raises it when it returns.
class interrupt_check {
 public:
  interrupt_check();
  /// Call without the GIL, every few milliseconds of work: true means stop.
  bool poll();
  /// Makes a search poll every 2^16 nodes (a few milliseconds).
  void attach(dlx::search_options& options);
  /// With the GIL, once the work has stopped: raises the handler's exception.
  void raise_if_interrupted() const;
  /// Called with the GIL: runs `work` without it on a thread of its own while
  /// this thread looks for a signal every 20 ms, for work whose poll() calls
  /// come from other threads (the memoized search's), where it cannot look.
  /// Rethrows what `work` threw.
  void run_watched(const std::function<void()>& work);

 private:
  unsigned long caller_;
  std::atomic<bool> interrupted_{false};
};

}  // namespace dlx_python
