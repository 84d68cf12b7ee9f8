// Solvers for the variants seen last, built on first use.
//
// Building a solver compiles its variant's exact-cover matrix, which costs
// more than solving an easy puzzle; a program that answers many puzzles keeps
// one cache per thread so that a file of plain or X puzzles builds one solver
// and a killer file (every line has its own cages) one per line. The command
// line's workers and the Python module's both do.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

#include "sudoku/generator.hpp"
#include "sudoku/logic.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/variant.hpp"

namespace sudoku {

/// A solver, a logic solver and a generator for each of the few variants used
/// last. Not thread-safe: one per thread.
///
///   sudoku::solver_cache cache;
///   auto r = cache.solver_for(v).count(puzzle, 2);   // built once for v
class solver_cache {
 public:
  solver& solver_for(const variant& v) { return solvers_.get(v); }
  logic_solver& logic_for(const variant& v) { return logic_.get(v); }
  generator& generator_for(const variant& v) { return generators_.get(v); }

 private:
  // The four most recently used, most recent first.
  template <class T>
  class recent {
   public:
    T& get(const variant& v) {
      for (std::size_t i = 0; i < items_.size(); ++i) {
        if (items_[i]->variant() == v) {
          std::rotate(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(i),
                      items_.begin() + static_cast<std::ptrdiff_t>(i) + 1);
          return *items_.front();
        }
      }
      if (items_.size() == 4) items_.pop_back();
      items_.insert(items_.begin(), std::make_unique<T>(v));
      return *items_.front();
    }

   private:
    std::vector<std::unique_ptr<T>> items_;
  };
  recent<solver> solvers_;
  recent<logic_solver> logic_;
  recent<generator> generators_;
};

}  // namespace sudoku
