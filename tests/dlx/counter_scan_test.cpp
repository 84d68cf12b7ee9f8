// The engines' counter scans (dlx/src/counter_scan.hpp), which have an SSE2
// path natively and in WebAssembly (emscripten's SSE2 on WebAssembly's SIMD):
// each against its plain meaning, on random counters with the padding the
// engines give them. Run in both builds (tests/wasm), so that a difference of
// the two vector instruction sets shows here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "counter_scan.hpp"

namespace {

using dlx::detail::at_most_one;
using dlx::detail::bit_count;
using dlx::detail::changed_within_reach;
using dlx::detail::first_equal;
using dlx::detail::leftmost_min;
using dlx::detail::restart_counts;
using dlx::detail::zeros;

// `n` counters drawn from [0, most] (some set to the largest value, as a
// covered item's), padded with the largest value to a multiple of 16 elements.
template <class Count>
std::vector<Count> counters(std::uint32_t n, std::uint32_t most, std::mt19937_64& rng) {
  constexpr Count covered = static_cast<Count>(~Count{0});
  std::vector<Count> c((n + 15) / 16 * 16, covered);
  for (std::uint32_t k = 0; k < n; ++k)
    c[k] = rng() % 5 == 0 ? covered : static_cast<Count>(rng() % (most + 1));
  return c;
}

template <class Count>
void check_minimum_and_first_equal() {
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 2000; ++trial) {
    const auto n = static_cast<std::uint32_t>(1 + rng() % 400);
    const auto most =
        static_cast<std::uint32_t>(rng() % 3 == 0 ? 3 : (sizeof(Count) == 1 ? 254 : 65534));
    const std::vector<Count> c = counters<Count>(n, most, rng);
    const auto expected =
        static_cast<std::uint32_t>(std::min_element(c.begin(), c.begin() + n) - c.begin());
    ASSERT_EQ(leftmost_min(c.data(), n), expected) << "trial " << trial << ", " << n << " counters";
    const Count value = c[rng() % n];
    const auto first = static_cast<std::uint32_t>(std::find(c.begin(), c.end(), value) - c.begin());
    ASSERT_EQ(first_equal(c.data(), value), first) << "trial " << trial;
  }
}

TEST(CounterScan, LeftmostMinimumAndFirstEqualOfByteCounters) {
  check_minimum_and_first_equal<std::uint8_t>();
}

TEST(CounterScan, LeftmostMinimumAndFirstEqualOf16BitCounters) {
  check_minimum_and_first_equal<std::uint16_t>();
}

TEST(CounterScan, LeftmostMinimumOfCountersAbove32767) {
  // SSE2's 16-bit minimum is signed: the scan flips the top bit.
  std::vector<std::uint16_t> c(16, 0xffff);
  c[0] = 40000;
  c[3] = 39999;
  c[5] = 32768;
  c[9] = 32767;
  c[12] = 32767;
  EXPECT_EQ(leftmost_min(c.data(), 13), 9U);
  c[9] = c[12] = 50000;
  EXPECT_EQ(leftmost_min(c.data(), 13), 5U);
}

TEST(CounterScan, SmallAndZeroByteCounters) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 500; ++trial) {
    const std::vector<std::uint8_t> c = counters<std::uint8_t>(64, 4, rng);
    for (std::uint32_t v = 0; v < 4; ++v) {
      std::uint32_t small = 0, zero = 0;
      for (std::uint32_t t = 0; t < 16; ++t) {
        small |= std::uint32_t{c[v * 16 + t] <= 1} << t;
        zero |= std::uint32_t{c[v * 16 + t] == 0} << t;
      }
      ASSERT_EQ(at_most_one(c.data(), v), small) << "trial " << trial << ", vector " << v;
      ASSERT_EQ(zeros(c.data(), v), zero) << "trial " << trial << ", vector " << v;
    }
  }
}

template <class Count>
void check_changed_within_reach() {
  std::mt19937_64 rng(11);
  constexpr std::uint32_t lanes = 16 / sizeof(Count);
  for (int trial = 0; trial < 1000; ++trial) {
    const std::vector<Count> now = counters<Count>(32, 9, rng);
    std::vector<Count> then = counters<Count>(32, 9, rng);
    for (std::size_t k = 0; k < then.size(); ++k) {
      if (rng() % 2) then[k] = now[k];  // half unchanged
    }
    const std::vector<Count> most = counters<Count>(32, 9, rng);
    for (std::uint32_t v = 0; v < 32 / lanes; ++v) {
      std::uint32_t expected = 0;
      for (std::uint32_t t = 0; t < lanes; ++t) {
        const std::uint32_t k = v * lanes + t;
        if (now[k] != then[k] && now[k] >= 2 && now[k] <= most[k])
          expected |= std::uint32_t{1} << t;
      }
      ASSERT_EQ(changed_within_reach(now.data(), then.data(), most.data(), v), expected)
          << "trial " << trial << ", vector " << v;
      for (std::uint32_t t = 0; t < lanes; ++t)
        ASSERT_EQ(then[v * lanes + t], now[v * lanes + t]) << "the scan takes the new values";
    }
  }
}

TEST(CounterScan, ChangedWithinReachOfByteCounters) {
  check_changed_within_reach<std::uint8_t>();
}

TEST(CounterScan, ChangedWithinReachOf16BitCounters) {
  check_changed_within_reach<std::uint16_t>();
}

TEST(CounterScan, RestartKeepsCoveredCounters) {
  std::mt19937_64 rng(3);
  const std::vector<std::uint8_t> before = counters<std::uint8_t>(48, 9, rng);
  const std::vector<std::uint8_t> from = counters<std::uint8_t>(48, 9, rng);
  std::vector<std::uint8_t> zeroed = before, copied = before;
  restart_counts(zeroed.data(), nullptr, 48);
  restart_counts(copied.data(), from.data(), 48);
  for (std::size_t k = 0; k < 48; ++k) {
    EXPECT_EQ(zeroed[k], before[k] == 255 ? 255 : 0) << k;
    EXPECT_EQ(copied[k], before[k] == 255 ? 255 : from[k]) << k;
  }
}

TEST(CounterScan, BitCount) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 1000; ++trial) {
    const std::uint64_t x = rng() & rng();
    std::uint32_t expected = 0;
    for (int b = 0; b < 64; ++b)
      expected += (x >> b) & 1;
    ASSERT_EQ(bit_count(x), expected) << x;
  }
  EXPECT_EQ(bit_count(~std::uint64_t{0}), 64U);
  EXPECT_EQ(bit_count(0), 0U);
}

}  // namespace
