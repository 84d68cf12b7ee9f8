// The encoders of examples/ that need Knuth's generalisations, solved by
// dlx::solver and checked against counts computed here by other means:
// - regular_matrices (multiplicities, DLX3): n x n 0/1 matrices with k ones in
//   every row and column. The published counts (n! for k = 1, OEIS A001499 for
//   k = 2, A001501 for k = 3) are first recomputed by a row-by-row count over
//   column sums, itself checked against all 2^(n*n) matrices for n <= 4;
// - double_word_squares (colors, DLX2): against a brute force over all n-tuples
//   of row words, on tests/data/words3.txt and on random sublists of it.
// Every solution is also decoded and checked against the puzzle's own rules, so
// that an encoder and a solver cannot agree on a wrong answer. When the programs
// are built, golden tests pipe dlx-matrices and dlx-wordsquares into `dlx`.
#include <gtest/gtest.h>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <map>
#include <ostream>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "encoders.hpp"
#include "problem_text.hpp"
#include "run_command.hpp"

namespace {

using dlx::option_id;
using dlx::visit;

// The number after the first character of an item name such as "r12" or "C3".
int index_of(std::string_view name) {
  return std::stoi(std::string(name.substr(1)));
}

// ---- regular matrices: outside truth

// The n x n 0/1 matrices with k ones in each row and column, counted row by row:
// a row is any k-subset of the columns, and the state between rows is the vector
// of column sums so far (at most (k+1)^n states, 2187 for n = 7, k = 2).
std::uint64_t count_by_rows(int n, int k) {
  std::map<std::vector<int>, std::uint64_t> states{{std::vector<int>(n, 0), 1}};
  for (int row = 0; row < n; ++row) {
    std::map<std::vector<int>, std::uint64_t> next;
    for (const auto& [sums, ways] : states) {
      for (unsigned mask = 0; mask < (1u << n); ++mask) {
        if (std::popcount(mask) != k) continue;
        std::vector<int> after = sums;
        bool fits = true;
        for (int j = 0; j < n; ++j) {
          if ((mask >> j & 1u) && ++after[j] > k) fits = false;
        }
        if (fits) next[after] += ways;
      }
    }
    states = std::move(next);
  }
  const auto full = states.find(std::vector<int>(n, k));
  return full == states.end() ? 0 : full->second;
}

// A matrix as a bit set: bit i*n+j is cell (i, j).
using matrix = std::uint32_t;

bool has_line_sums(matrix m, int n, int k) {
  for (int i = 0; i < n; ++i) {
    int row = 0, column = 0;
    for (int j = 0; j < n; ++j) {
      row += m >> (i * n + j) & 1u;
      column += m >> (j * n + i) & 1u;
    }
    if (row != k || column != k) return false;
  }
  return true;
}

// Every one of the 2^(n*n) matrices, tested: n <= 4 (65,536 matrices).
std::set<matrix> all_matrices(int n, int k) {
  std::set<matrix> found;
  for (matrix m = 0; m < (matrix{1} << (n * n)); ++m) {
    if (has_line_sums(m, n, k)) found.insert(m);
  }
  return found;
}

TEST(RegularMatricesTruth, RowByRowCountAgreesWithAllMatrices) {
  for (int n = 1; n <= 4; ++n) {
    for (int k = 1; k <= n; ++k)
      EXPECT_EQ(count_by_rows(n, k), all_matrices(n, k).size()) << "n=" << n << " k=" << k;
  }
}

TEST(RegularMatricesTruth, RowByRowCountGivesThePublishedCounts) {
  // k = 2: OEIS A001499, also by its recurrence a(n) = n(n-1)/2 (2a(n-1) + (n-1)a(n-2)).
  const std::vector<std::uint64_t> a001499 = {1, 6, 90, 2040, 67950, 3110940};
  std::uint64_t two_back = 1, one_back = 0;  // a(0), a(1)
  for (int n = 2; n <= 7; ++n) {
    const std::uint64_t a = n * (n - 1) / 2 * (2 * one_back + (n - 1) * two_back);
    two_back = std::exchange(one_back, a);
    EXPECT_EQ(a, a001499[n - 2]) << "recurrence, n=" << n;
    EXPECT_EQ(count_by_rows(n, 2), a001499[n - 2]) << "n=" << n;
  }
  // k = 1: the permutation matrices.
  std::uint64_t factorial = 1;
  for (int n = 1; n <= 7; ++n)
    EXPECT_EQ(count_by_rows(n, 1), factorial *= n) << "n=" << n;
  // k = 3: OEIS A001501.
  const std::vector<std::uint64_t> a001501 = {1, 24, 2040, 297200};
  for (int n = 3; n <= 6; ++n)
    EXPECT_EQ(count_by_rows(n, 3), a001501[n - 3]) << "n=" << n;
}

// ---- regular matrices: the solver

struct matrices_case {
  int n;
  int k;
  std::uint64_t solutions;
};

void PrintTo(const matrices_case& c, std::ostream* os) {
  *os << "n=" << c.n << " k=" << c.k << " solutions=" << c.solutions;
}

class RegularMatricesCount : public ::testing::TestWithParam<matrices_case> {};

TEST_P(RegularMatricesCount, MatchesOeis) {
  // Plain variables, not a structured binding: clang 14 cannot capture those.
  const int n = GetParam().n, k = GetParam().k;
  const std::uint64_t expected = GetParam().solutions;
  const dlx::problem p = examples::regular_matrices(n, k);
  EXPECT_EQ(p.primary_count(), static_cast<std::size_t>(2 * n));
  EXPECT_EQ(p.secondary_count(), 0u);
  EXPECT_EQ(p.option_count(), static_cast<std::size_t>(n * n));
  EXPECT_EQ(p.has_multiplicities(), k > 1);
  EXPECT_FALSE(p.has_colors());
  for (dlx::item_id i = 0; i < p.item_count(); ++i)
    EXPECT_EQ(p.bounds(i),
              (dlx::item_bounds{static_cast<std::uint32_t>(k), static_cast<std::uint32_t>(k)}));

  dlx::solver links(p, dlx::engine_kind::dancing_links);
  const auto r = links.count();
  EXPECT_EQ(r.status, dlx::search_status::complete);
  EXPECT_EQ(r.solutions, expected);
  EXPECT_EQ(r.cleansings, 0u);

  // The other engines make the same choices, so they count the same work.
  const auto same_as_links = [&](dlx::solver& s) {
    const auto other = s.count();
    EXPECT_EQ(other.solutions, expected);
    EXPECT_EQ(other.nodes, r.nodes);
    EXPECT_EQ(other.updates, r.updates);
    EXPECT_EQ(other.max_level, r.max_level);
  };
  dlx::solver automatic(p);
  same_as_links(automatic);
  dlx::solver bits(p, dlx::engine_kind::bitset);
  same_as_links(bits);
}

std::vector<matrices_case> matrices_cases() {
  std::vector<matrices_case> cases;
  std::uint64_t factorial = 1;
  for (int n = 1; n <= 7; ++n)
    cases.push_back({n, 1, factorial *= n});
  const std::uint64_t a001499[] = {1, 6, 90, 2040, 67950};
  for (int n = 2; n <= 6; ++n)
    cases.push_back({n, 2, a001499[n - 2]});
  const std::uint64_t a001501[] = {1, 24, 2040, 297200};
  for (int n = 3; n <= 6; ++n)
    cases.push_back({n, 3, a001501[n - 3]});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Examples, RegularMatricesCount, ::testing::ValuesIn(matrices_cases()),
                         [](const auto& test) {
                           return "N" + std::to_string(test.param.n) + "K" +
                                  std::to_string(test.param.k);
                         });

// The matrix a solution describes: option "ri cj" is a 1 in cell (i, j).
matrix decode_matrix(const dlx::problem& p, std::span<const option_id> solution, int n) {
  matrix m = 0;
  for (option_id o : solution) {
    const auto items = p.option(o);
    EXPECT_EQ(items.size(), 2u);
    const std::string_view row = p.name(items[0]), column = p.name(items[1]);
    EXPECT_EQ(row[0], 'r');
    EXPECT_EQ(column[0], 'c');
    const matrix cell = matrix{1} << (index_of(row) * n + index_of(column));
    EXPECT_FALSE(m & cell) << "a cell chosen twice";
    m |= cell;
  }
  return m;
}

TEST(RegularMatrices, SolutionsAreExactlyTheMatrices) {
  // For n = 4, the solutions are all the matrices, each once.
  const int n = 4;
  for (int k = 1; k <= n; ++k) {
    const dlx::problem p = examples::regular_matrices(n, k);
    dlx::solver s(p);
    std::multiset<matrix> found;
    const auto r = s.enumerate([&](std::span<const option_id> solution) {
      EXPECT_EQ(solution.size(), static_cast<std::size_t>(n * k));
      found.insert(decode_matrix(p, solution, n));
      return visit::next;
    });
    EXPECT_EQ(r.solutions, found.size());
    const std::set<matrix> expected = all_matrices(n, k);
    EXPECT_EQ(std::set<matrix>(found.begin(), found.end()), expected) << "k=" << k;
    EXPECT_EQ(found.size(), expected.size()) << "k=" << k << ": a matrix found twice";
  }
}

TEST(RegularMatrices, SolutionsAreValidMatrices) {
  for (const auto& size : {std::pair{5, 2}, std::pair{5, 3}}) {
    const int n = size.first, k = size.second;  // clang 14 cannot capture bindings
    const dlx::problem p = examples::regular_matrices(n, k);
    dlx::solver s(p);
    std::set<matrix> found;
    const auto r = s.enumerate([&](std::span<const option_id> solution) {
      const matrix m = decode_matrix(p, solution, n);
      EXPECT_TRUE(has_line_sums(m, n, k));
      EXPECT_TRUE(found.insert(m).second) << "a matrix found twice";
      return visit::next;
    });
    EXPECT_EQ(r.solutions, 2040u);
    EXPECT_EQ(found.size(), 2040u);
  }
}

TEST(RegularMatrices, SeededSearchesCountTheSame) {
  for (const auto& [n, k] : {std::pair{5, 2}, std::pair{5, 3}, std::pair{6, 1}}) {
    const dlx::problem p = examples::regular_matrices(n, k);
    const std::uint64_t expected = count_by_rows(n, k);
    dlx::solver s(p, dlx::engine_kind::dancing_links);
    for (std::uint64_t seed : {1, 2, 3}) {
      dlx::search_options options;
      options.seed = seed;
      EXPECT_EQ(s.count(options).solutions, expected) << "n=" << n << " k=" << k;
    }
  }
}

TEST(RegularMatrices, RejectsImpossibleSizes) {
  EXPECT_THROW(examples::regular_matrices(0, 1), std::invalid_argument);
  EXPECT_THROW(examples::regular_matrices(3, 0), std::invalid_argument);
  EXPECT_THROW(examples::regular_matrices(3, 4), std::invalid_argument);
  EXPECT_NO_THROW(examples::regular_matrices(3, 3));
}

// ---- double word squares

std::string data_file(const std::string& name) {
  return std::string(DLX_SOURCE_DIR) + "/tests/data/" + name;
}

std::vector<std::string> words3() {
  const std::string path = data_file("words3.txt");
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  return examples::read_words(in, path);
}

// A square as its n row words, top to bottom.
using square = std::vector<std::string>;

// Every n-tuple of row words whose columns are words of the list, with all 2n
// words distinct. (No pruning, so that it shares nothing with a search: 512,000
// tuples for the 80 words of words3.txt.)
std::multiset<square> brute_force_squares(const std::vector<std::string>& words) {
  const std::size_t n = words.front().size();
  const std::unordered_set<std::string> known(words.begin(), words.end());
  std::multiset<square> found;
  std::vector<std::size_t> pick(n, 0);
  std::vector<std::string> lines(2 * n, std::string(n, ' '));  // rows, then columns
  for (;;) {
    for (std::size_t i = 0; i < n; ++i) {
      lines[i] = words[pick[i]];
      for (std::size_t j = 0; j < n; ++j)
        lines[n + j][i] = lines[i][j];
    }
    bool ok = true;
    for (std::size_t j = 0; j < n && ok; ++j)
      ok = known.count(lines[n + j]) > 0;
    for (std::size_t a = 0; a < 2 * n && ok; ++a) {
      for (std::size_t b = a + 1; b < 2 * n && ok; ++b)
        ok = lines[a] != lines[b];
    }
    if (ok) found.insert(square(lines.begin(), lines.begin() + n));
    std::size_t i = 0;  // the next tuple, as an odometer
    while (i < n && ++pick[i] == words.size())
      pick[i++] = 0;
    if (i == n) return found;
  }
}

// The square a solution describes, checked: each option puts a word in a row or
// column, the cell colors spell that word, and the columns agree with the rows.
square decode_square(const dlx::problem& p, std::span<const option_id> solution, std::size_t n) {
  square rows(n), columns(n);
  for (option_id o : solution) {
    const auto items = p.option(o);
    const auto colors = p.option_colors(o);
    EXPECT_EQ(items.size(), n + 2);
    const std::string_view line = p.name(items[0]);
    const std::string word(p.name(items.back()));
    EXPECT_EQ(p.kind(items.back()), dlx::item_kind::secondary);
    EXPECT_EQ(colors.back(), dlx::no_color);
    for (std::size_t k = 0; k < n; ++k)
      EXPECT_EQ(p.color_name(colors[k + 1]), word.substr(k, 1));
    auto& slot = (line[0] == 'R' ? rows : columns).at(index_of(line));
    EXPECT_EQ(slot, "") << line << " filled twice";
    slot = word;
  }
  for (std::size_t j = 0; j < n; ++j) {
    std::string column;
    for (std::size_t i = 0; i < n; ++i)
      column += rows[i].empty() ? '?' : rows[i][j];
    EXPECT_EQ(column, columns[j]) << "column " << j;
  }
  return rows;
}

std::multiset<square> solve_squares(const std::vector<std::string>& words, dlx::engine_kind engine,
                                    dlx::search_result* result = nullptr) {
  const dlx::problem p = examples::double_word_squares(words);
  const std::unordered_set<std::string> known(words.begin(), words.end());
  const std::size_t n = words.front().size();
  dlx::solver s(p, engine);
  std::multiset<square> found;
  const auto r = s.enumerate([&](std::span<const option_id> solution) {
    EXPECT_EQ(solution.size(), 2 * n);
    const square rows = decode_square(p, solution, n);
    std::set<std::string> used(rows.begin(), rows.end());
    for (std::size_t j = 0; j < n; ++j) {
      std::string column;
      for (const std::string& row : rows)
        column += row.empty() ? '?' : row[j];
      EXPECT_TRUE(known.count(column)) << column;
      used.insert(column);
    }
    for (const std::string& row : rows)
      EXPECT_TRUE(known.count(row)) << row;
    EXPECT_EQ(used.size(), 2 * n) << "a word used twice";
    found.insert(rows);
    return visit::next;
  });
  EXPECT_EQ(r.status, dlx::search_status::complete);
  EXPECT_EQ(r.solutions, found.size());
  if (result) *result = r;
  return found;
}

TEST(WordSquares, TheEncoding) {
  const dlx::problem p = examples::double_word_squares({"ab", "cd", "ac", "bd"});
  EXPECT_EQ(p.primary_count(), 4u);         // R0 R1 C0 C1
  EXPECT_EQ(p.secondary_count(), 4u + 4u);  // four cells, four words
  EXPECT_EQ(p.option_count(), 4u * 4u);     // every word in every line
  EXPECT_TRUE(p.has_colors());
  EXPECT_EQ(p.color_count(), 4u);  // a b c d
  EXPECT_FALSE(p.has_multiplicities());
  EXPECT_EQ(dlx::format_option(p, 0), "R0 c00:a c01:b ab");
  EXPECT_EQ(dlx::format_option(p, 8 + 4 + 2), "C1 c01:a c11:c ac");
  const auto squares = solve_squares({"ab", "cd", "ac", "bd"}, dlx::engine_kind::automatic);
  EXPECT_EQ(squares, (std::multiset<square>{{"ab", "cd"}, {"ac", "bd"}}));
}

TEST(WordSquares, ASquareUsesDistinctWords) {
  // "ab" over "ba" is a square whose columns repeat its rows: not allowed.
  EXPECT_TRUE(solve_squares({"ab", "ba"}, dlx::engine_kind::dancing_links).empty());
  EXPECT_EQ(brute_force_squares({"ab", "ba"}).size(), 0u);
}

TEST(WordSquares, Words3MatchesBruteForce) {
  const std::vector<std::string> words = words3();
  ASSERT_EQ(words.size(), 80u);
  const std::multiset<square> expected = brute_force_squares(words);
  EXPECT_EQ(expected.size(), 184u);  // the figure tests/data/words3.txt promises
  dlx::search_result by_links, by_bits;
  EXPECT_EQ(solve_squares(words, dlx::engine_kind::dancing_links, &by_links), expected);
  EXPECT_EQ(solve_squares(words, dlx::engine_kind::bitset, &by_bits), expected);
  // Both engines make the same choices, so they count the same work.
  EXPECT_EQ(by_bits.nodes, by_links.nodes);
  EXPECT_EQ(by_bits.updates, by_links.updates);
  EXPECT_EQ(by_bits.cleansings, by_links.cleansings);
  EXPECT_GT(by_links.cleansings, 0u);
}

TEST(WordSquares, SeededSearchesCountTheSame) {
  const dlx::problem p = examples::double_word_squares(words3());
  for (const auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset}) {
    dlx::solver s(p, engine);
    for (std::uint64_t seed : {1, 2, 3}) {
      dlx::search_options options;
      options.seed = seed;
      EXPECT_EQ(s.count(options).solutions, 184u) << "seed " << seed;
    }
  }
}

TEST(WordSquares, RandomWordListsMatchBruteForce) {
  const std::vector<std::string> all = words3();
  std::mt19937 random(20240607);
  for (int trial = 0; trial < 8; ++trial) {
    std::vector<std::string> words = all;
    std::shuffle(words.begin(), words.end(), random);
    words.resize(30 + trial * 5);
    const std::multiset<square> expected = brute_force_squares(words);
    for (const auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset})
      EXPECT_EQ(solve_squares(words, engine), expected) << "trial " << trial;
  }
  // Two-letter words over {a, b, c}: every pair, so many squares.
  std::vector<std::string> pairs;
  for (char x : {'a', 'b', 'c'}) {
    for (char y : {'a', 'b', 'c'})
      pairs.push_back({x, y});
  }
  const std::multiset<square> expected = brute_force_squares(pairs);
  EXPECT_GT(expected.size(), 0u);
  for (const auto engine : {dlx::engine_kind::dancing_links, dlx::engine_kind::bitset})
    EXPECT_EQ(solve_squares(pairs, engine), expected);
}

TEST(WordSquares, RejectsBadWordLists) {
  using examples::double_word_squares;
  EXPECT_THROW(double_word_squares({}), std::invalid_argument);
  EXPECT_THROW(double_word_squares({"ab", "abc"}), std::invalid_argument);
  EXPECT_THROW(double_word_squares({"ab", "Ab"}), std::invalid_argument);
  EXPECT_THROW(double_word_squares({"ab", "a1"}), std::invalid_argument);
  EXPECT_THROW(double_word_squares({""}), std::invalid_argument);
  EXPECT_THROW(double_word_squares({"ab", "cd", "ab"}), std::invalid_argument);
}

TEST(WordSquares, LongWordsGetDistinctCellNames) {
  // With 12 letters, cells (1, 11) and (11, 1) would both be "c111": the names
  // take a '_' once an index may have two digits.
  const dlx::problem p = examples::double_word_squares({"abcdefghijkl"});
  EXPECT_TRUE(p.find_item("c1_11"));
  EXPECT_TRUE(p.find_item("c11_1"));
  EXPECT_EQ(dlx::solver(p).count().solutions, 0u);
}

std::string read_error(const std::string& text) {
  std::istringstream in(text);
  try {
    examples::read_words(in, "w.txt");
  } catch (const dlx::parse_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(WordSquares, ReadWordsSkipsCommentsAndBlanks) {
  std::istringstream in("# three-letter words\n\nthe\r\n  and \n\t# indented comment\ncat");
  EXPECT_EQ(examples::read_words(in, "w.txt"), (std::vector<std::string>{"the", "and", "cat"}));
  std::istringstream empty("# nothing\n\n");
  EXPECT_TRUE(examples::read_words(empty, "w.txt").empty());
}

TEST(WordSquares, ReadWordsLocatesErrors) {
  EXPECT_EQ(read_error("the\nAnd\n"), "w.txt:2:1: a word is made of the letters a-z only");
  EXPECT_EQ(read_error("the\n  a-b\n"), "w.txt:2:4: a word is made of the letters a-z only");
  EXPECT_EQ(read_error("the\nand cat\n"), "w.txt:2:4: a word is made of the letters a-z only");
  EXPECT_EQ(read_error("the\n\nfour\n"),
            "w.txt:3:1: 'four' has 4 letters, the first word 'the' has 3");
  EXPECT_EQ(read_error("the\nand\n the\n"), "w.txt:3:2: 'the' is repeated (first on line 1)");
}

// ---- the programs, piped into dlx

#if defined(DLX_CLI) && defined(DLX_MATRICES) && defined(DLX_WORDSQUARES)

using test_support::run_command;

using test_support::as_text;

TEST(EncoderCli, MatricesIntoDlx) {
  const auto encoded = run_command({DLX_MATRICES, "5"});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  EXPECT_EQ(encoded.err, "");
  EXPECT_EQ(encoded.out, as_text(examples::regular_matrices(5, 2)));
  EXPECT_TRUE(encoded.out.starts_with("2|r0 2|r1 ")) << encoded.out;
  const auto r = run_command({DLX_CLI, "--count"}, encoded.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2040\n");

  const auto k3 = run_command({DLX_MATRICES, "5", "3"});
  ASSERT_EQ(k3.exit_code, 0) << k3.err;
  EXPECT_EQ(run_command({DLX_CLI, "--count"}, k3.out).out, "2040\n");
  const auto k1 = run_command({DLX_MATRICES, "5", "1"});
  ASSERT_EQ(k1.exit_code, 0) << k1.err;
  EXPECT_EQ(run_command({DLX_CLI, "--count"}, k1.out).out, "120\n");
}

TEST(EncoderCli, WordSquaresIntoDlx) {
  const std::string path = data_file("words3.txt");
  const auto encoded = run_command({DLX_WORDSQUARES, path});
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  EXPECT_EQ(encoded.err, "");
  EXPECT_EQ(encoded.out, as_text(examples::double_word_squares(words3())));
  const auto r = run_command({DLX_CLI, "--count"}, encoded.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "184\n");
  // The same list on standard input.
  const auto piped = run_command({DLX_WORDSQUARES, "-"}, test_support::read_file(path));
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out, encoded.out);
}

TEST(EncoderCli, WordSquaresFirstSolution) {
  const std::string words = "ab\ncd\nac\nbd\n";
  const auto encoded = run_command({DLX_WORDSQUARES, "-"}, words);
  ASSERT_EQ(encoded.exit_code, 0) << encoded.err;
  const auto r = run_command({DLX_CLI}, encoded.out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "R0 c00:a c01:b ab\nC0 c00:a c10:c ac\nR1 c10:c c11:d cd\nC1 c01:b c11:d bd\n\n"
            "R0 c00:a c01:c ac\nC0 c00:a c10:b ab\nR1 c10:b c11:d bd\nC1 c01:c c11:d cd\n");
}

TEST(EncoderCli, WordSquaresBadListsAreLocated) {
  const std::string bad_letter =
      test_support::write_temp_file("bad-letter.txt", "# c\nthe\n\nAnd\n");
  const auto r = run_command({DLX_WORDSQUARES, bad_letter});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, bad_letter + ":4:1: a word is made of the letters a-z only\n");

  const std::string bad_length = test_support::write_temp_file("bad-length.txt", "the\nfour\n");
  const auto r2 = run_command({DLX_WORDSQUARES, bad_length});
  EXPECT_EQ(r2.exit_code, 2);
  EXPECT_EQ(r2.out, "");
  EXPECT_EQ(r2.err, bad_length + ":2:1: 'four' has 4 letters, the first word 'the' has 3\n");

  const auto r3 = run_command({DLX_WORDSQUARES, "-"}, "the\nan\n");
  EXPECT_EQ(r3.exit_code, 2);
  EXPECT_TRUE(r3.err.starts_with("<stdin>:2:1: ")) << r3.err;

  const auto missing = run_command({DLX_WORDSQUARES, data_file("no-such-words.txt")});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.out, "");
  EXPECT_TRUE(test_support::contains(missing.err, "cannot open")) << missing.err;

  const auto empty = run_command({DLX_WORDSQUARES, "-"}, "# no words\n");
  EXPECT_EQ(empty.exit_code, 2);
  EXPECT_EQ(empty.out, "");
  EXPECT_EQ(empty.err, "dlx-wordsquares: <stdin>: no words\n");
}

TEST(EncoderCli, MatricesAndWordSquaresUsageErrors) {
  for (const std::vector<std::string>& argv :
       {std::vector<std::string>{DLX_MATRICES},
        {DLX_MATRICES, "0"},
        {DLX_MATRICES, "1"},  // the default K = 2 is more than N
        {DLX_MATRICES, "five"},
        {DLX_MATRICES, "5", "0"},
        {DLX_MATRICES, "5", "6"},
        {DLX_MATRICES, "5", "2", "1"},
        {DLX_WORDSQUARES},
        {DLX_WORDSQUARES, ""},
        {DLX_WORDSQUARES, "a.txt", "b.txt"}}) {
    const auto r = run_command(argv);
    EXPECT_EQ(r.exit_code, 2) << argv.back();
    EXPECT_EQ(r.out, "") << argv.back();
    // The reason first ("dlx-matrices: expected N [K] (...), got '0'"), then the usage.
    EXPECT_NE(r.err.find(": expected "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("\nUsage: "), std::string::npos) << r.err;
  }
}

#endif

}  // namespace
