// Splitting a search into subtrees, and searching them on many threads.
// Internal to the library; solver.hpp and search.hpp say what users see.
#pragma once

#include <vector>

#include "dlx/search.hpp"
#include "engine.hpp"

namespace dlx::detail {

// The threads a search runs on: options.threads, or every core for 0.
unsigned thread_count(const search_options& options);

search_result expand(engine& e, std::vector<search_node>& children, solution_visitor visitor,
                     const search_options& options);
search_split split(engine& e, std::size_t pieces, const search_options& options);

// A search on thread_count(options) threads, with `e` searching on the calling
// thread and copies of it on the others. `visitor` null and `first` null: a
// count; `first`: stop at the first solution and store it there.
search_result search_in_parallel(engine& e, const search_options& options,
                                 const solution_visitor* visitor, std::vector<option_id>* first);

}  // namespace dlx::detail
