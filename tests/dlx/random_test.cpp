// The seeded draws written out (dlx/random.hpp): unbiased, and the same numbers
// on every standard library. The pinned orders below were drawn natively
// (libstdc++); tests/wasm runs this file under libc++, where std::shuffle
// draws another order from the same seed.
#include <gtest/gtest.h>
#include <dlx/random.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

namespace {

// Hands out the words it was given, in turn.
struct scripted {
  std::vector<std::uint64_t> words;
  std::size_t next = 0;
  std::uint64_t operator()() { return words.at(next++); }
};

TEST(Random, UniformBelowRejectsTheWordsThatWouldFavourSmallResults) {
  // 2^64 = 3 * 6148914691236517205 + 1: the word 0 is drawn again.
  scripted rng{{0, 0, 4, 7}};
  EXPECT_EQ(dlx::uniform_below(3, rng), 1U);  // 4 % 3, after two rejections
  EXPECT_EQ(rng.next, 3U);
  // A power of two rejects nothing.
  scripted power{{0, 13}};
  EXPECT_EQ(dlx::uniform_below(8, power), 0U);
  // Past 2^63, half the words are rejected.
  const std::uint64_t big = (std::uint64_t{1} << 63) + 5;
  scripted high{{big - 11, big + 1}};  // 2^64 mod big = 2^63 - 5: the first, 2^63 - 6, again
  EXPECT_EQ(dlx::uniform_below(big, high), 1U);
  EXPECT_EQ(high.next, 2U);
  scripted one{{12345}};
  EXPECT_EQ(dlx::uniform_below(1, one), 0U);
}

TEST(Random, UniformBelowIsEven) {
  std::mt19937_64 rng(1);
  std::array<int, 6> seen{};
  for (int k = 0; k < 60000; ++k)
    ++seen[static_cast<std::size_t>(dlx::uniform_below(6, rng))];
  for (int count : seen) {
    EXPECT_GT(count, 9500);
    EXPECT_LT(count, 10500);
  }
}

TEST(Random, ShuffleIsAPermutationWithEveryOrderPossible) {
  std::mt19937_64 rng(2);
  std::vector<int> seen(24);  // the orders of 4, by their rank
  for (int k = 0; k < 24000; ++k) {
    std::array<int, 4> a{0, 1, 2, 3};
    dlx::shuffle(a.begin(), a.end(), rng);
    std::array<int, 4> sorted = a;
    std::sort(sorted.begin(), sorted.end());
    ASSERT_EQ(sorted, (std::array<int, 4>{0, 1, 2, 3}));
    int rank = 0;
    for (int i = 0; i < 4; ++i) {
      rank = rank * (4 - i);
      for (int j = i + 1; j < 4; ++j)
        rank += a[static_cast<std::size_t>(j)] < a[static_cast<std::size_t>(i)];
    }
    ++seen[static_cast<std::size_t>(rank)];
  }
  for (int count : seen) {
    EXPECT_GT(count, 800);
    EXPECT_LT(count, 1200);
  }
  std::vector<int> empty;
  dlx::shuffle(empty.begin(), empty.end(), rng);
  std::vector<int> single{9};
  dlx::shuffle(single.begin(), single.end(), rng);
  EXPECT_EQ(single, std::vector<int>{9});
}

TEST(Random, TheSameOrderOnEveryPlatform) {
  std::mt19937_64 rng(2026);
  std::vector<int> v(12);
  std::iota(v.begin(), v.end(), 0);
  dlx::shuffle(v.begin(), v.end(), rng);
  EXPECT_EQ(v, (std::vector<int>{3, 10, 4, 6, 7, 0, 11, 2, 8, 1, 9, 5}));
  EXPECT_EQ(dlx::uniform_below(1000000007, rng), 244833321U);
}

}  // namespace
