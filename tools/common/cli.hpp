// Command-line plumbing shared by the tools: an option table that drives both
// parsing and the --help text (so the two cannot drift apart), value parsers
// with clear messages, and the exit codes the tools document.
#pragma once

#include <dlx/search.hpp>

#include <cstdint>
#include <functional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tools {

/// The exit codes of every command (dlx, dlx-mpi, sudoku), one table, in each
/// command's --help (exit_status_help) and in docs/exit-codes.md.
inline constexpr int exit_ok = 0;
inline constexpr int exit_no_solution = 1;         // no solution, or not unique, or not valid
inline constexpr int exit_usage = 2;               // bad usage or bad input
inline constexpr int exit_unknown = 3;             // a budget ran out before the answer was known
inline constexpr int exit_output = 4;              // an output could not be written
inline constexpr int exit_internal = 70;           // EX_SOFTWARE: a bug, never bad input
inline constexpr int exit_broken_pipe = 128 + 13;  // the reader went away (SIGPIPE): stop quietly

/// Where this program's documentation is, for the helps to point to: docs/
/// installed beside it (PREFIX/share/doc/dlx_sudoku, found from the program's
/// own path, so that an install with another --prefix finds it too); else,
/// for a program run from its build tree, the source tree's docs/; else where
/// `cmake --install` would put it.
[[nodiscard]] std::string documentation_dir();

/// The exit status paragraph every command's --help ends with; it names
/// documentation_dir().
[[nodiscard]] std::string exit_status_help();

/// A bad command line: main prints "program: message" and a hint, exits 2.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One row of an option table. A flag has an empty `value_name`; its handler is
/// called with an empty string. A value name in brackets ("[K]") makes the
/// value optional: it is given as `--name=K`, or as the next argument when that
/// is a number; without it the handler is called with an empty string.
struct option_spec {
  char short_name;              ///< 0 when there is none
  std::string_view long_name;   ///< without the leading "--"
  std::string_view value_name;  ///< e.g. "N"; empty for a flag
  std::string_view help;
  std::function<void(std::string_view)> set;
};

/// Parses `args` (without the program name) against `options`; returns the
/// operands. Accepts `-x V`, `-xV`, `--long V`, `--long=V`, bundled short flags,
/// and `--` to end the options. Throws usage_error.
std::vector<std::string> parse_command_line(std::span<const option_spec> options,
                                            std::span<char* const> args);

/// Help text: usage line, description, then one line per option from the table.
std::string help_text(std::string_view usage, std::string_view description,
                      std::span<const option_spec> options, std::string_view epilogue = {});

/// Parses an unsigned integer in [min, max] given for `option`; throws usage_error
/// with a message that names the option, the range and the offending text:
/// "--count: expected an integer, 1 or more, got '0'" (the same for '-3' or 'x').
std::uint64_t parse_unsigned(std::string_view text, std::string_view option, std::uint64_t min = 0,
                             std::uint64_t max = UINT64_MAX);

/// A thread count for -j/--threads, from 0 to `max`: 0 means every core (as for
/// the dlx command, whose library reads 0 so), which this returns as that number.
unsigned parse_threads(std::string_view text, unsigned max = 256);

/// The values parse_unsigned accepts, as its message says them: "an integer,
/// 1 or more", "an integer from 1 to 256".
std::string integer_range(std::uint64_t min, std::uint64_t max = UINT64_MAX);

/// Parses a size in bytes: a number with an optional suffix K, M, G or T
/// (powers of 1024), as in 512M.
std::uint64_t parse_bytes(std::string_view text, std::string_view option);

/// Parses a duration in seconds (a non-negative decimal number).
double parse_seconds(std::string_view text, std::string_view option);

/// Parses none|forced|pairs|groups given for `option` (dlx::propagation); throws
/// usage_error otherwise.
dlx::propagation parse_propagation(std::string_view text, std::string_view option);
/// "none", "forced" or "pairs".
std::string_view propagation_name(dlx::propagation p);
/// "mrv" or "conflicts" as dlx::branching; a usage_error naming `option` otherwise.
dlx::branching parse_branching(std::string_view text, std::string_view option);
/// The name parse_branching reads.
std::string_view branching_name(dlx::branching b);

/// A JSON string literal for `text` (quotes included), escaping as RFC 8259 asks
/// and replacing bytes that are not valid UTF-8 with U+FFFD.
std::string json_string(std::string_view text);

}  // namespace tools
