// Seeded draws that are the same with every standard library.
//
// std::mt19937_64's numbers are fixed by the standard, but what
// std::uniform_int_distribution and std::shuffle make of them is not:
// libstdc++ (g++) and libc++ (clang, emscripten) draw differently, so a seeded
// answer (a generated puzzle, `minimize --seed`, `estimate --seed`) would
// differ between the native command and the web page. These two draws are
// written out here and used wherever a seed reaches an answer.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>

namespace dlx {

/// A uniform integer in [0, bound) from the 64-bit words of `rng` (an
/// std::mt19937_64, say), unbiased: a word below 2^64 mod bound is drawn again.
/// `bound` must be at least 1.
///
///   std::mt19937_64 rng(seed);
///   const std::uint64_t face = dlx::uniform_below(6, rng) + 1;
template <class Rng>
[[nodiscard]] std::uint64_t uniform_below(std::uint64_t bound, Rng& rng) {
  static_assert(sizeof(rng()) == 8, "uniform_below reads 64-bit words");
  // 2^64 mod bound: the words below it would favour the small results.
  const std::uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    const std::uint64_t word = rng();
    if (word >= threshold) return word % bound;
  }
}

/// Shuffles [first, last) by Fisher and Yates' method, from the last element
/// down, each swap drawn by uniform_below: the same order on every platform.
template <class RandomIt, class Rng>
void shuffle(RandomIt first, RandomIt last, Rng& rng) {
  const auto n = static_cast<std::uint64_t>(std::distance(first, last));
  for (std::uint64_t i = n; i > 1; --i) {
    const std::uint64_t j = uniform_below(i, rng);
    using difference = std::iter_difference_t<RandomIt>;
    std::iter_swap(first + static_cast<difference>(i - 1), first + static_cast<difference>(j));
  }
}

}  // namespace dlx
