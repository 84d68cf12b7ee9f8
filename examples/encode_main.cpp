// dlx-queens N | dlx-langford N | dlx-pentomino WIDTHxHEIGHT | dlx-matrices N [K] |
// dlx-wordsquares FILE | dlx-dominoes WIDTHxHEIGHT | dlx-aztec N: write a puzzle in Knuth's
// format (DLX1; DLX3 for the matrices, DLX2 for the word squares) on standard output, for `dlx`
// to solve. One source, seven programs: the program's name picks the encoder. A board's size is
// WIDTHxHEIGHT for every encoder, columns then rows, as its picture (--svg) is drawn.
#include <fmt/core.h>
#include <dlx/format.hpp>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli.hpp"  // the exit codes every command shares
#include "encoders.hpp"
#include "tiling.hpp"

namespace {

// --help: the usage on standard output, exit 0; otherwise on stderr, exit 2.
bool help_asked = false;

bool parse_int(std::string_view text, int& value) {
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

// A board's size, WIDTHxHEIGHT: columns, then rows, both positive.
bool parse_size(std::string_view text, int& width, int& height) {
  const auto x = text.find('x');
  return x != std::string_view::npos && parse_int(text.substr(0, x), width) &&
         parse_int(text.substr(x + 1), height) && width >= 1 && height >= 1;
}

// The operands as given, for the reason a usage error gives first.
std::string given_operands;

int usage(const std::string& program, const char* operand, const char* what,
          const char* format = "DLX1") {
  std::FILE* to = help_asked ? stdout : stderr;
  if (!help_asked) {
    fmt::print(to, "{}: expected {} (see the limits below), got {}\n\n", program, operand,
               given_operands.empty() ? std::string("nothing") : given_operands);
  }
  fmt::print(to,
             "Usage: {} {}\nWrites {} as an exact-cover problem in Knuth's {} format on "
             "standard output.\n",
             program, operand, what, format);
  if (program == "dlx-pentomino" || program == "dlx-dominoes" || program == "dlx-aztec") {
    fmt::print(to,
               "\n   or: {} --svg [--solution K] {} [FILE]\nDraws solution K (default 1) of "
               "what `dlx` printed for that problem (FILE, or standard input) as an SVG\n"
               "picture, one coloured polygon per piece.\n",
               program, operand);
  }
  fmt::print(to,
             "\nExit status: 0 written; 2 bad usage or input; 4 the output could not be "
             "written.\nDocumentation: {} (exit-codes.md has the table of every command).\n",
             tools::documentation_dir());
  return help_asked ? tools::exit_ok : tools::exit_usage;
}

// The word list of dlx-wordsquares: a file, or standard input for "-".
std::vector<std::string> read_word_file(const std::string& path) {
  std::vector<std::string> words;
  const std::string source = path == "-" ? "<stdin>" : path;
  if (path == "-") {
    words = examples::read_words(std::cin, source);
  } else {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
      throw std::runtime_error(path + ": is a directory");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      throw std::runtime_error(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
    }
    words = examples::read_words(in, path);
  }
  if (words.empty()) throw std::runtime_error(source + ": no words");
  return words;
}

// --svg [--solution K] SIZE [FILE]: draws a solution that `dlx` printed for
// the board problem of SIZE (pentominoes, dominoes, the Aztec diamond).
struct drawing {
  bool on = false;
  std::size_t which = 1;
  std::string file = "-";
};

// Takes --svg and --solution K (and a FILE after the size) out of the
// arguments; the encoders' own parsing sees only what is left.
bool take_drawing_options(const std::string& program, std::vector<char*>& args, drawing& d) {
  std::vector<char*> rest{args[0]};
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--svg") {
      d.on = true;
    } else if (a == "--solution" && i + 1 < args.size()) {
      const std::string_view v = args[++i];
      unsigned long long k = 0;
      const auto [end, error] = std::from_chars(v.data(), v.data() + v.size(), k);
      if (error != std::errc() || end != v.data() + v.size() || k == 0) {
        fmt::print(stderr, "{}: --solution: expected a positive integer, got '{}'\n", program, v);
        return false;
      }
      d.which = static_cast<std::size_t>(k);
    } else {
      rest.push_back(args[i]);
    }
  }
  if (d.on && rest.size() == 3) {
    d.file = rest[2];
    rest.pop_back();
  }
  args = rest;
  return true;
}

int draw(const std::string& program, const examples::board_shape& board, const drawing& d,
         const std::string& title) {
  std::ifstream file;
  std::istream* in = &std::cin;
  const std::string source = d.file == "-" ? "<stdin>" : d.file;
  if (d.file != "-") {
    file.open(d.file, std::ios::binary);
    if (!file) {
      fmt::print(stderr, "{}: {}: cannot open: {}\n", program, d.file, std::strerror(errno));
      return 2;
    }
    in = &file;
  }
  const examples::tiling t = examples::read_tiling(*in, source, board, d.which);
  std::cout << examples::tiling_svg(t, title);
  std::cout.flush();
  return std::cout ? 0 : 4;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string program = std::filesystem::path(argv[0]).filename().string();
  help_asked =
      argc == 2 && (std::string_view(argv[1]) == "--help" || std::string_view(argv[1]) == "-h");
  std::vector<char*> args(argv, argv + argc);
  drawing picture;
  const bool draws =
      program == "dlx-pentomino" || program == "dlx-dominoes" || program == "dlx-aztec";
  if (draws && !take_drawing_options(program, args, picture)) return 2;
  argc = static_cast<int>(args.size());
  argv = args.data();
  for (int k = 1; k < argc; ++k)
    given_operands += fmt::format("{}'{}'", k > 1 ? " " : "", argv[k]);
  const std::string_view arg = argc == 2 ? std::string_view(argv[1]) : std::string_view();
  try {
    dlx::problem p;
    if (program == "dlx-matrices") {
      int n = 0, k = 2;
      if (argc < 2 || argc > 3 || !parse_int(argv[1], n) || (argc == 3 && !parse_int(argv[2], k)) ||
          n < 1 || n > 1000 || k < 1 || k > n) {
        return usage(program, "N [K]",
                     "the N x N matrices of 0s and 1s with K ones (default 2) in every row and "
                     "column (1 <= K <= N <= 1000)",
                     "DLX3");
      }
      p = examples::regular_matrices(n, k);
    } else if (program == "dlx-wordsquares") {
      if (argc != 2 || arg.empty() || help_asked) {
        return usage(program, "FILE",
                     "the double word squares made of the words of FILE (one per line, all of "
                     "one length; '-' reads standard input)",
                     "DLX2");
      }
      p = examples::double_word_squares(read_word_file(std::string(arg)));
    } else if (program == "dlx-dominoes") {
      int width = 0, height = 0;
      if (!parse_size(arg, width, height) || width > 1000 || height > 1000) {
        return usage(program, "WIDTHxHEIGHT",
                     "the domino tilings of a board WIDTH columns wide and HEIGHT rows high "
                     "(1 <= WIDTH, HEIGHT <= 1000)");
      }
      if (picture.on)
        return draw(program, {height, width, 0, 0}, picture,
                    fmt::format("domino tiling of the {}x{} board", width, height));
      p = examples::domino_tilings(width, height);
    } else if (program == "dlx-aztec") {
      int n = 0;
      if (!parse_int(arg, n) || n < 1 || n > 1000) {
        return usage(program, "N",
                     "the domino tilings of the Aztec diamond of order N (1 <= N <= 1000)");
      }
      if (picture.on)
        return draw(program, {2 * n, 2 * n, -n, -n}, picture,
                    fmt::format("domino tiling of the Aztec diamond of order {}", n));
      p = examples::aztec_diamond(n);
    } else if (program == "dlx-queens") {
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
      if (!parse_size(arg, width, height)) {
        return usage("dlx-pentomino", "WIDTHxHEIGHT",
                     "the packing of the 12 pentominoes into a rectangle WIDTH columns wide and "
                     "HEIGHT rows high, of 60 cells (6x10, 5x12, 4x15, 3x20 and their turns)");
      }
      // The size is well written; its area is what cannot be packed.
      const long long area = static_cast<long long>(width) * height;
      if (area != 60) {
        fmt::print(stderr,
                   "{}: the board's area must be 60 cells, the 12 pentominoes' 5 each "
                   "({}x{} has {}): try 6x10, 5x12, 4x15, 3x20 or their turns\n",
                   program, width, height, area);
        return tools::exit_usage;
      }
      if (picture.on)
        return draw(program, {height, width, 0, 0}, picture,
                    fmt::format("the 12 pentominoes in a {}x{} rectangle", width, height));
      p = examples::pentominoes(width, height);
    }
    dlx::write_dlx(std::cout, p);
    std::cout.flush();
    return std::cout ? 0 : 4;
  } catch (const dlx::parse_error& e) {
    fmt::print(stderr, "{}\n", e.what());  // already "file:line:col: message", as dlx writes it
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}: {}\n", program, e.what());
    return 2;
  }
}
