#include "run_summary.hpp"

#include <fmt/core.h>
#include <dlx/counted.hpp>

#include <algorithm>
#include <cmath>

namespace tools {

namespace {

// `value` to three significant figures, without an exponent: 0.412, 52.3, 999.
std::string three_figures(double value) {
  const int decimals = value >= 99.95 ? 0 : value >= 9.995 ? 1 : value >= 0.9995 ? 2 : 3;
  return fmt::format("{:.{}f}", value, decimals);
}

}  // namespace

std::string format_duration(double seconds) {
  seconds = std::max(seconds, 0.0);
  if (seconds < 0.9995) return three_figures(seconds * 1000) + " ms";
  if (seconds < 59.95) return three_figures(seconds) + " s";
  const auto whole = static_cast<std::uint64_t>(std::llround(seconds));
  if (whole < 3600) return fmt::format("{} min {} s", whole / 60, whole % 60);
  const std::uint64_t minutes = (whole + 30) / 60;
  return fmt::format("{} h {:02} min", minutes / 60, minutes % 60);
}

std::string format_rate(std::uint64_t count, double seconds, std::string_view noun) {
  if (count == 0) return fmt::format("0 {}s/s", noun);
  const double per_second = static_cast<double>(count) / std::max(seconds, 1e-9);
  if (per_second >= 0.9995) {
    // Whole numbers from 100 up: 37200 reads better than 3.72e+04.
    return fmt::format("{} {}s/s", three_figures(per_second), noun);
  }
  return fmt::format("{} per {}", format_duration(seconds / static_cast<double>(count)), noun);
}

std::string run_timing(std::uint64_t count, std::string_view noun, double seconds,
                       unsigned threads) {
  std::string out = " in " + format_duration(seconds);
  if (count >= 2 && seconds >= rate_threshold_seconds) {
    out += fmt::format(" ({}, {})", format_rate(count, seconds, noun),
                       dlx::counted(threads, "thread"));
  }
  return out;
}

}  // namespace tools
