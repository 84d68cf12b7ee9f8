#include "cli.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>
#include <thread>

namespace tools {

namespace {

const option_spec* find_long(std::span<const option_spec> options, std::string_view name) {
  for (const auto& o : options) {
    if (o.long_name == name) return &o;
  }
  return nullptr;
}

const option_spec* find_short(std::span<const option_spec> options, char name) {
  for (const auto& o : options) {
    if (o.short_name != 0 && o.short_name == name) return &o;
  }
  return nullptr;
}

std::string printable(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 80)) {
    auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 || u == 0x7f) ? fmt::format("\\x{:02x}", u) : std::string(1, c);
  }
  if (text.size() > 80) out += "...";
  return out;
}

}  // namespace

std::vector<std::string> parse_command_line(std::span<const option_spec> options,
                                            std::span<char* const> args) {
  std::vector<std::string> operands;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    auto take_value = [&](const option_spec& o, std::string_view shown) -> std::string_view {
      if (i + 1 >= args.size())
        throw usage_error(fmt::format("{} needs a value ({})", shown, o.value_name));
      return args[++i];
    };
    if (arg == "--") {
      operands.insert(operands.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                      args.end());
      break;
    }
    if (arg.starts_with("--")) {
      const std::string_view body = arg.substr(2);
      const auto eq = body.find('=');
      const std::string_view name = body.substr(0, eq);
      const option_spec* o = find_long(options, name);
      if (!o) throw usage_error(fmt::format("unknown option '--{}'", printable(name)));
      if (o->value_name.empty()) {
        if (eq != std::string_view::npos) {
          throw usage_error(fmt::format("option '--{}' takes no value", name));
        }
        o->set({});
      } else if (eq != std::string_view::npos) {
        o->set(body.substr(eq + 1));
      } else if (o->value_name.starts_with('[')) {
        // An optional value: the next argument, when it is a number.
        const bool number =
            i + 1 < args.size() && args[i + 1][0] != '\0' &&
            std::string_view(args[i + 1]).find_first_not_of("0123456789") == std::string_view::npos;
        o->set(number ? std::string_view(args[++i]) : std::string_view());
      } else {
        o->set(take_value(*o, fmt::format("--{}", name)));
      }
      continue;
    }
    if (arg.size() > 1 && arg[0] == '-') {
      // One or more short options: "-cq", "-l5", "-l 5".
      for (std::size_t k = 1; k < arg.size(); ++k) {
        const option_spec* o = find_short(options, arg[k]);
        if (!o) throw usage_error(fmt::format("unknown option '-{}'", printable(arg.substr(k, 1))));
        if (o->value_name.empty()) {
          o->set({});
          continue;
        }
        o->set(k + 1 < arg.size() ? arg.substr(k + 1) : take_value(*o, fmt::format("-{}", arg[k])));
        break;
      }
      continue;
    }
    operands.emplace_back(arg);
  }
  return operands;
}

std::string documentation_dir() {
  std::error_code ec;
  const auto program = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto installed = (program.parent_path() / DLX_DOC_DIR_FROM_BIN).lexically_normal();
    if (std::filesystem::is_directory(installed, ec)) return installed.string();
  }
  if (std::filesystem::is_directory(DLX_SOURCE_DOC_DIR, ec)) return DLX_SOURCE_DOC_DIR;
  return DLX_DOC_DIR;
}

std::string exit_status_help() {
  return fmt::format(
      "Exit status: 0 answered as asked; 1 no solution (or, as asked, not unique or not\n"
      "valid); 2 bad usage or input; 3 unknown: a budget ran out first; 4 an output could\n"
      "not be written; 70 internal error (a bug); 141 the reader closed the output early.\n"
      "With several puzzles, the first of 2, 3, 1 that applies.\n"
      "Documentation: {} (exit-codes.md has this table).",
      documentation_dir());
}

std::string help_text(std::string_view usage, std::string_view description,
                      std::span<const option_spec> options, std::string_view epilogue) {
  std::string out = fmt::format("Usage: {}\n\n{}\n\nOptions:\n", usage, description);
  std::vector<std::string> left;
  std::size_t width = 0;
  for (const auto& o : options) {
    std::string l = o.short_name ? fmt::format("  -{}, ", o.short_name) : std::string(6, ' ');
    l += fmt::format("--{}", o.long_name);
    if (!o.value_name.empty()) l += fmt::format(" {}", o.value_name);
    width = std::max(width, l.size());
    left.push_back(std::move(l));
  }
  for (std::size_t i = 0; i < options.size(); ++i) {
    out += fmt::format("{:<{}}  {}\n", left[i], width, options[i].help);
  }
  if (!epilogue.empty()) out += fmt::format("\n{}\n", epilogue);
  return out;
}

std::uint64_t parse_bytes(std::string_view text, std::string_view option) {
  const std::string_view given = text;
  std::uint64_t scale = 1;
  if (!text.empty()) {
    switch (text.back() | 0x20) {
      case 'k':
        scale = std::uint64_t{1} << 10;
        break;
      case 'm':
        scale = std::uint64_t{1} << 20;
        break;
      case 'g':
        scale = std::uint64_t{1} << 30;
        break;
      case 't':
        scale = std::uint64_t{1} << 40;
        break;
      default:
        break;
    }
    if (scale != 1) text.remove_suffix(1);
  }
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value == 0 ||
      value > (UINT64_MAX >> 40)) {
    throw usage_error(
        fmt::format("{}: expected a size in bytes, 1 or more, with K, M, G or T "
                    "for 2^10, 2^20, 2^30, 2^40 (512M), got '{}'",
                    option, printable(given)));
  }
  return value * scale;
}

std::string integer_range(std::uint64_t min, std::uint64_t max) {
  if (max == UINT64_MAX) return fmt::format("an integer, {} or more", min);
  return fmt::format("an integer from {} to {}", min, max);
}

// One message for every number that will not do, whatever is wrong with it
// ("-3", "0", "2x", "99999999999999999999"): what is expected, and what was given.
unsigned parse_threads(std::string_view text, unsigned max) {
  const auto n = static_cast<unsigned>(parse_unsigned(text, "--threads", 0, max));
  return n > 0 ? n : std::max(1u, std::thread::hardware_concurrency());
}

std::uint64_t parse_unsigned(std::string_view text, std::string_view option, std::uint64_t min,
                             std::uint64_t max) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < min ||
      value > max) {
    throw usage_error(
        fmt::format("{}: expected {}, got '{}'", option, integer_range(min, max), printable(text)));
  }
  return value;
}

namespace {
// The whole of `text` as a number, or nothing.
std::optional<double> whole_number(std::string_view text) {
  double value = 0;
#if defined(__cpp_lib_to_chars)
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
#else
  // A standard library without from_chars for doubles (emscripten's, the web build).
  const std::string copy(text);
  char* end = nullptr;
  value = std::strtod(copy.c_str(), &end);
  if (copy.empty() || std::isspace(static_cast<unsigned char>(copy[0])) ||
      end != copy.c_str() + copy.size()) {
    return std::nullopt;
  }
#endif
  return value;
}
}  // namespace

double parse_seconds(std::string_view text, std::string_view option) {
  const std::optional<double> number = whole_number(text);
  const double value = number.value_or(0);
  if (text.empty() || !number || !std::isfinite(value) || value < 0) {
    throw usage_error(
        fmt::format("{}: expected a number of seconds, got '{}'", option, printable(text)));
  }
  return value;
}

namespace {
// In the enums' orders.
constexpr std::string_view propagation_names[] = {"none", "forced", "pairs", "groups"};
constexpr std::string_view branching_names[] = {"mrv", "conflicts"};

// The enum value whose name `text` is; a usage_error listing `expected` otherwise.
template <class Enum, std::size_t N>
Enum parse_named(const std::string_view (&names)[N], std::string_view text, std::string_view option,
                 std::string_view expected) {
  for (std::size_t k = 0; k < N; ++k) {
    if (text == names[k]) return static_cast<Enum>(k);
  }
  throw usage_error(fmt::format("{}: expected {}, got '{}'", option, expected, printable(text)));
}
}  // namespace

dlx::propagation parse_propagation(std::string_view text, std::string_view option) {
  return parse_named<dlx::propagation>(propagation_names, text, option,
                                       "none, forced, pairs or groups");
}

std::string_view propagation_name(dlx::propagation p) {
  return propagation_names[static_cast<std::size_t>(p)];
}

dlx::branching parse_branching(std::string_view text, std::string_view option) {
  return parse_named<dlx::branching>(branching_names, text, option, "mrv or conflicts");
}

std::string_view branching_name(dlx::branching b) {
  return branching_names[static_cast<std::size_t>(b)];
}

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        default:
          if (c < 0x20 || c == 0x7f) {
            out += fmt::format("\\u{:04x}", c);
          } else {
            out += static_cast<char>(c);
          }
      }
      ++i;
      continue;
    }
    // Copy a well-formed UTF-8 sequence; replace anything else byte by byte.
    const std::size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;
    bool valid = length != 0 && c < 0xf5 && i + length <= text.size();
    for (std::size_t k = 1; valid && k < length; ++k) {
      valid = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
    }
    if (valid && length == 3) {
      const auto c1 = static_cast<unsigned char>(text[i + 1]);
      valid = !(c == 0xe0 && c1 < 0xa0) && !(c == 0xed && c1 >= 0xa0);  // overlong, surrogates
    }
    if (valid && length == 4) {
      const auto c1 = static_cast<unsigned char>(text[i + 1]);
      valid = !(c == 0xf0 && c1 < 0x90) && !(c == 0xf4 && c1 >= 0x90);
    }
    if (valid) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out += "\xef\xbf\xbd";
      ++i;
    }
  }
  return out + "\"";
}

}  // namespace tools
