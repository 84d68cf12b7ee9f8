#include "output.hpp"

#include "cli.hpp"

#include <fmt/core.h>
#include <unistd.h>
#include <dlx/counted.hpp>
#include <dlx/format.hpp>
#include <dlx/memo.hpp>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <utility>

#if defined(__EMSCRIPTEN__)
#include <emscripten/emscripten.h>

// In WebAssembly the progress line goes to the module's onProgress (the
// page's worker posts it to the page, web/dlx-sudoku.mjs), when one is set:
// there is no terminal to redraw a line on.
EM_JS(int, dlx_progress_wanted, (), { return typeof Module.onProgress == 'function' ? 1 : 0; });
EM_JS(void, dlx_progress_show, (const char* text), { Module.onProgress(UTF8ToString(text)); });
#endif

namespace tools {

line_output::line_output(int fd, std::size_t capacity)
    : fd_(fd), capacity_(capacity), interactive_(isatty(fd) == 1) {
  buffer_.reserve(capacity_ + 256);
}

line_output::~line_output() {
  try {
    flush();
  } catch (const output_error&) {
    // Nothing more can be said: the caller did not flush, so it did not ask.
  }
}

void line_output::line(std::string_view text) {
  pending_.append(text);
  end_line();
}

void line_output::end_line() {
  pending_ += '\n';
  buffer_ += pending_;
  pending_.clear();
  if (interactive_ || buffer_.size() >= capacity_) flush();
}

void line_output::flush() {
  if (buffer_.empty()) return;
  std::string data;
  data.swap(buffer_);
  buffer_.reserve(capacity_ + 256);
  write_all(data);
}

void line_output::write_all(std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      throw output_error(error,
                         fmt::format("cannot write standard output: {}", std::strerror(error)));
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
}

progress_line::progress_line()
    : enabled_(terminal()), next_(std::chrono::steady_clock::now() + delay()) {}

std::chrono::steady_clock::duration progress_line::delay() {
  static const std::chrono::steady_clock::duration value = [] {
    const std::chrono::steady_clock::duration second = std::chrono::seconds(1);
    const char* text = std::getenv("DLX_PROGRESS_DELAY");
    if (text == nullptr) return second;
    try {
      return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
          std::chrono::duration<double>(parse_seconds(text, "DLX_PROGRESS_DELAY")));
    } catch (const usage_error& e) {
      fmt::print(stderr, "warning: {}; progress waits a second\n", e.what());
      return second;
    }
  }();
  return value;
}

std::chrono::steady_clock::duration progress_line::interval() {
  return std::min<std::chrono::steady_clock::duration>(delay(), std::chrono::milliseconds(250));
}

bool progress_line::terminal() {
#if defined(__EMSCRIPTEN__)
  return dlx_progress_wanted() != 0;
#else
  return isatty(2) == 1;
#endif
}

bool progress_line::due() {
  if (!enabled_) return false;
  // Looking at the clock for every puzzle would cost more than some puzzles do.
  if (countdown_-- != 0) return false;
  countdown_ = 255;
  const auto now = std::chrono::steady_clock::now();
  if (now < next_) return false;
  next_ = now + interval();
  return true;
}

void progress_line::show(std::string_view text) {
  if (!enabled_) return;
#if defined(__EMSCRIPTEN__)
  dlx_progress_show(std::string(text).c_str());
#else
  const std::string line = fmt::format("\r\x1b[K{}", text);
  [[maybe_unused]] auto ignored = ::write(2, line.data(), line.size());
#endif
  drawn_ = true;
}

void progress_line::clear() {
  if (!drawn_) return;
#if defined(__EMSCRIPTEN__)
  dlx_progress_show("");
#else
  static constexpr std::string_view erase = "\r\x1b[K";
  [[maybe_unused]] auto ignored = ::write(2, erase.data(), erase.size());
#endif
  drawn_ = false;
}

bool open_input(std::string_view tool, const std::string& path, std::ifstream& file,
                std::istream*& in) {
  in = &std::cin;
  if (path.empty() || path == "-") return true;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    fmt::print(stderr, "{}: {}: is a directory\n", tool, path);
    return false;
  }
  file.open(path, std::ios::binary);
  if (!file) {
    fmt::print(stderr, "{}: {}: cannot open: {}\n", tool, path, std::strerror(errno));
    return false;
  }
  in = &file;
  return true;
}

void write_solution_lines(line_output& out, const dlx::problem& p,
                          std::span<const dlx::option_id> solution, std::uint64_t number) {
  if (number > 1) out.line("");
  for (dlx::option_id o : solution)
    out.line(dlx::format_option(p, o));
}

std::string approximate(std::uint64_t n) {
  // Up to 9,999 in full; thousands from 10,000; a figure that would round to
  // 1000 of one unit is 1 of the next ("1M", not "1e+03k").
  struct unit {
    double from, size;
    const char* name;
  };
  static constexpr unit units[] = {
      {999.5e9, 1e12, "T"}, {999.5e6, 1e9, "G"}, {999.5e3, 1e6, "M"}, {1e4, 1e3, "k"}};
  const auto x = static_cast<double>(n);
  for (const unit& u : units)
    if (x >= u.from) return fmt::format("{:.3g}{}", x / u.size, u.name);
  return fmt::format("{}", n);
}

std::string per_second(std::uint64_t count, double seconds) {
  return approximate(static_cast<std::uint64_t>(static_cast<double>(count) / seconds)) + "/s";
}

namespace {

// "1.2M nodes", "1 node": approximate()'s figure and the noun.
std::string approximately(std::uint64_t n, std::string_view noun) {
  return fmt::format("{} {}{}", approximate(n), noun, n == 1 ? "" : "s");
}

}  // namespace

std::string estimate_text(double estimate, double standard_error, std::uint64_t probes,
                          std::uint64_t reached) {
  if (reached == 0) return fmt::format("about 0 (none of {} probes met a solution)", probes);
  // Two significant digits are all an estimate of a few percent has.
  std::string figure;
  if (estimate < 1e6) {
    figure = fmt::format("{:.0f}", estimate);
  } else {
    int exponent = static_cast<int>(std::floor(std::log10(estimate)));
    double mantissa = std::round(estimate / std::pow(10.0, exponent) * 10) / 10;
    if (mantissa >= 10) {
      mantissa /= 10;
      ++exponent;
    }
    figure = fmt::format("{:.1f}e{}", mantissa, exponent);
  }
  const double percent = estimate > 0 ? 100 * standard_error / estimate : 0;
  return fmt::format("about {} +- {}% ({} probes)", figure,
                     percent < 1 ? fmt::format("{:.1f}", percent) : fmt::format("{:.0f}", percent),
                     probes);
}

std::string search_progress_text(const dlx::search_progress& p) {
  const double seconds = std::chrono::duration<double>(p.elapsed).count();
  std::string text = approximately(p.nodes, "node");
  if (seconds > 0) text += fmt::format(" ({})", per_second(p.nodes, seconds));
  text += ", " + approximately(p.solutions, "solution");
  if (p.fraction_done) text += fmt::format(", about {:.1f}% done", 100 * *p.fraction_done);
  return text;
}

std::string memo_progress_text(const dlx::memo_progress& p) {
  const double seconds = std::chrono::duration<double>(p.elapsed).count();
  std::string text = approximately(p.nodes, "node");
  if (seconds > 0) text += fmt::format(" ({})", per_second(p.nodes, seconds));
  return text + fmt::format(", {}, {}, {}, {} MB, {:.0f} s", approximately(p.hits, "hit"),
                            approximately(p.signatures, "signature"),
                            approximately(p.zdd_nodes, "ZDD node"), p.bytes >> 20, seconds);
}

}  // namespace tools
