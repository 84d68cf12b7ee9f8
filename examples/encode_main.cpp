// dlx-queens N | dlx-langford N | dlx-pentomino WxH: write a puzzle in Knuth's
// DLX1 format on standard output, for `dlx` to solve. One source, three programs:
// the program's name picks the encoder.
#include <fmt/format.h>
#include <dlx/format.hpp>

#include <charconv>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>

#include "encoders.hpp"

namespace {

bool parse_int(std::string_view text, int& value) {
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

int usage(const std::string& program, const char* operand, const char* what) {
  fmt::print(stderr,
             "Usage: {} {}\nWrites {} as an exact-cover problem in Knuth's DLX1 format on "
             "standard output.\n",
             program, operand, what);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string program = std::filesystem::path(argv[0]).filename().string();
  const std::string_view arg = argc == 2 ? std::string_view(argv[1]) : std::string_view();
  try {
    dlx::problem p;
    if (program == "dlx-queens") {
      int n = 0;
      if (!parse_int(arg, n) || n < 1 || n > 1000) {
        return usage(program, "N", "the N-queens problem (1 <= N <= 1000)");
      }
      p = examples::queens(n);
    } else if (program == "dlx-langford") {
      int n = 0;
      if (!parse_int(arg, n) || n < 1 || n > 1000) {
        return usage(program, "N", "Langford pairs for 1..N (1 <= N <= 1000)");
      }
      p = examples::langford(n);
    } else {
      int width = 0, height = 0;
      const auto x = arg.find('x');
      if (x == std::string_view::npos || !parse_int(arg.substr(0, x), width) ||
          !parse_int(arg.substr(x + 1), height) || width < 1 || height < 1 ||
          width * height != 60) {
        return usage("dlx-pentomino", "WIDTHxHEIGHT",
                     "the packing of the 12 pentominoes into a rectangle of 60 cells "
                     "(6x10, 5x12, 4x15, 3x20)");
      }
      p = examples::pentominoes(width, height);
    }
    dlx::write_dlx(std::cout, p);
    std::cout.flush();
    return std::cout ? 0 : 4;
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}: {}\n", program, e.what());
    return 2;
  }
}
