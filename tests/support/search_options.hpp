// Search options with one field set, for the tests. (Designated initialisers
// would read better, but g++ 12 warns about every field they leave out under
// -Wextra.)
#pragma once

#include <dlx/search.hpp>

#include <chrono>
#include <cstdint>

namespace test_support {

inline dlx::search_options with_limit(std::uint64_t n) {
  dlx::search_options o;
  o.limit = n;
  return o;
}
inline dlx::search_options with_node_budget(std::uint64_t n) {
  dlx::search_options o;
  o.node_budget = n;
  return o;
}
inline dlx::search_options with_time_budget(std::chrono::nanoseconds t) {
  dlx::search_options o;
  o.time_budget = t;
  return o;
}
inline dlx::search_options with_seed(std::uint64_t seed) {
  dlx::search_options o;
  o.seed = seed;
  return o;
}
inline dlx::search_options with_propagation(dlx::propagation p) {
  dlx::search_options o;
  o.propagation = p;
  return o;
}

}  // namespace test_support
