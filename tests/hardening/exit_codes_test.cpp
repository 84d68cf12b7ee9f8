// Every command's --help ends with the exit codes of docs/exit-codes.md: the
// same codes, each with the table's meaning (sudoku, dlx, dlx-mpi), or the few
// an encoder uses; and the documentation it points to is there.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "run_command.hpp"

namespace {

using test_support::run_command;

// The table of docs/exit-codes.md: code -> meaning.
std::map<int, std::string> documented_codes() {
  std::map<int, std::string> codes;
  const std::string text =
      test_support::read_file(std::string(DLX_SOURCE_DIR) + "/docs/exit-codes.md");
  const std::regex row(R"(\n\| ([0-9]+) \| ([^\n]*) \|)");
  for (std::sregex_iterator it(text.begin(), text.end(), row), end; it != end; ++it)
    codes[std::stoi((*it)[1])] = (*it)[2];
  return codes;
}

// The codes of a help's exit status sentence ("Exit status: 0 answered as asked; 1 no
// ...; 141 the reader closed the output early."), each with its first word.
std::map<int, std::string> help_codes(std::string help) {
  for (char& c : help)
    c = c == '\n' ? ' ' : c;
  const auto begin = help.find("Exit status: ");
  EXPECT_NE(begin, std::string::npos) << help;
  if (begin == std::string::npos) return {};
  const std::string sentence = help.substr(begin, help.find(". ", begin) - begin);
  std::map<int, std::string> codes;
  const std::regex entry(R"((?:: |; )([0-9]+) ([a-z]+))");
  for (std::sregex_iterator it(sentence.begin(), sentence.end(), entry), end; it != end; ++it)
    codes[std::stoi((*it)[1])] = (*it)[2];
  return codes;
}

void expect_documented_help(const std::vector<std::string>& argv, bool every_code) {
  SCOPED_TRACE(argv[0] + (argv.size() > 2 ? " " + argv[1] : std::string()));
  const auto r = run_command(argv);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto table = documented_codes();
  ASSERT_EQ(table.size(), 7u);
  const auto help = help_codes(r.out);
  std::set<int> shown, documented;
  for (const auto& [code, word] : help) {
    shown.insert(code);
    ASSERT_TRUE(table.count(code)) << code << " is not in docs/exit-codes.md";
    // The help's word for the code is the table's ("3 unknown" and "| 3 | unknown: ...").
    if (every_code) {
      EXPECT_NE(table.at(code).find(word), std::string::npos) << code << " " << word;
    }
  }
  for (const auto& [code, meaning] : table)
    documented.insert(code);
  if (every_code) {
    EXPECT_EQ(shown, documented);
  } else {
    EXPECT_EQ(shown, (std::set<int>{0, 2, 4}));
  }
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex(R"(Documentation: (\S+) \(exit-codes\.md)")))
      << r.out;
  EXPECT_TRUE(std::filesystem::exists(std::string(m[1]) + "/exit-codes.md")) << m[1];
}

TEST(exit_codes, every_help_agrees_with_the_table) {
  expect_documented_help({SUDOKU_CLI, "--help"}, true);
  for (const char* command :
       {"solve", "count", "validate", "explain", "rate", "generate", "minimize", "redundant",
        "possibilities", "estimate", "disambiguate", "layout", "render", "bench"}) {
    expect_documented_help({SUDOKU_CLI, command, "--help"}, true);
  }
  expect_documented_help({DLX_CLI, "--help"}, true);
#if defined(DLX_MPI)
  test_support::ignore_leaks_in_children();
  expect_documented_help({DLX_MPI, "--help"}, true);
#endif
  expect_documented_help({DLX_DOMINOES, "--help"}, false);
  expect_documented_help({DLX_PENTOMINO, "-h"}, false);
}

}  // namespace
