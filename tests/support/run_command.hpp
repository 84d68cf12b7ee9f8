// Runs a program as a child process, feeding it stdin and capturing its output,
// for the command-line tests.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace test_support {

struct command_result {
  int exit_code = -1;  ///< the exit status, or 128 + signal number if killed
  std::string out;
  std::string err;
};

/// Runs `argv[0]` (a path) with `argv`, writes `input` to its stdin and closes it.
command_result run_command(const std::vector<std::string>& argv, const std::string& input = {});

/// The same with stderr on a pseudo-terminal, as a person at a terminal has it
/// (progress lines show): `err` holds what the terminal received.
command_result run_command_on_terminal(const std::vector<std::string>& argv,
                                       const std::string& input = {});

/// A program whose standard input is a terminal, as when a person types into
/// it (stdout is a pipe; stderr a pipe, or the terminal too): the test types
/// lines and reads the answers before it ends the input.
///
///   test_support::typed_session s({SUDOKU_CLI, "solve"});
///   s.type(puzzle + "\n");
///   EXPECT_EQ(s.read_out_line(5000), solution);  // before the end of the input
///   const auto r = s.finish();                   // Ctrl-D, then the rest
class typed_session {
 public:
  /// With `stderr_on_terminal`, finish()'s `err` is all the terminal showed:
  /// the typed lines' echo and stderr.
  explicit typed_session(const std::vector<std::string>& argv, bool stderr_on_terminal = false);
  typed_session(const typed_session&) = delete;
  typed_session& operator=(const typed_session&) = delete;
  ~typed_session();
  /// Types `text` at the terminal (a line ends with '\n').
  void type(const std::string& text);
  /// The next line of standard output without its newline, waiting up to
  /// `timeout_ms`; empty when none came in time.
  std::string read_out_line(int timeout_ms);
  /// Ends the input (Ctrl-D at the start of a line), waits for the program and
  /// returns its exit status, the output not read yet, and its stderr.
  command_result finish();

 private:
  int terminal_ = -1;  // the side a person types on
  int out_ = -1, err_ = -1;
  int pid_ = -1;
  std::string out_buffer_, err_buffer_;
  bool finished_ = false;
};

/// Reads a whole file; fails the calling test (ADD_FAILURE) if it cannot.
std::string read_file(const std::string& path);

/// Writes a file in the test's temporary directory and returns its path.
std::string write_temp_file(const std::string& name, const std::string& content);

/// The lines of a command's output, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

/// Open MPI keeps allocations until exit: in the sanitizer build, a leak check
/// would fail every run of dlx-mpi. Turns it off for the programs run after.
void ignore_leaks_in_children();

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace test_support
