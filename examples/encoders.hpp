// Exact-cover encodings of classic puzzles: the dlx library reused beyond Sudoku,
// and outside truth for its tests (their solution counts are published).
#pragma once

#include <dlx/problem.hpp>

#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace examples {

/// N queens on an n x n board, in Knuth's encoding: primary items r0.. (rows) and
/// c0.. (columns); secondary items a0.. and b0.. (the two diagonal directions),
/// since a diagonal may stay empty. Option "ri cj a(i+j) b(n-1+i-j)" places a queen.
dlx::problem queens(int n);

/// Langford pairs: place two copies of each of 1..n in 2n slots so that the copies
/// of k have k numbers between them. Items v1..vn and s1..s2n; option
/// "vk sj s(j+k+1)". Counts both a sequence and its reversal.
dlx::problem langford(int n);

/// The twelve pentominoes packed into a width x height rectangle (width * height
/// must be 60). Items: the pieces F I L N P T U V W X Y Z, then cells "rYcX". Every
/// rotation and reflection of every piece is an option, so each packing is counted
/// once per symmetry of the rectangle (4 times).
dlx::problem pentominoes(int width, int height);

/// The n x n matrices of 0s and 1s with exactly k ones in every row and every
/// column, as a problem with multiplicities (MCC, Knuth's DLX3): primary items
/// r0.. (rows) and c0.. (columns), each with bounds [k, k]; option "ri cj" puts a
/// 1 in cell (i, j). Needs 1 <= k <= n. For k = 1 the count is n!; for k = 2 it is
/// OEIS A001499 (1, 6, 90, 2040, 67950, 3110940 for n = 2..7); for k = 3, A001501.
///
///   dlx::solver s(examples::regular_matrices(4, 2));
///   s.count().solutions;  // 90
dlx::problem regular_matrices(int n, int k);

/// Double word squares (TAOCP 7.2.2.1): an n x n grid whose n rows and n columns
/// are 2n distinct words of `words`, as a problem with colors (XCC, Knuth's DLX2).
/// The words must all have the same length n >= 1, consist of letters a-z and not
/// repeat. Primary items R0.. (rows) and C0.. (columns); secondary items c<i><j>
/// (the cells; c<i>_<j> when n > 10, so that (1, 11) and (11, 1) differ), colored
/// by the letter they hold; and one uncolored secondary item per word, named by
/// the word, so that no word is used twice. Option "R<i> c<i>0:w0 .. w" puts word
/// w in row i; "C<j> c0<j>:w0 .. w" in column j. A square and its transpose are
/// different solutions (a square equal to its transpose would use each word
/// twice, so there is none).
///
///   dlx::solver s(examples::double_word_squares({"ab", "cd", "ac", "bd"}));
///   s.count().solutions;  // 2: rows ab cd or rows ac bd
dlx::problem double_word_squares(const std::vector<std::string>& words);

/// The domino tilings of a board width columns wide and height rows high (the
/// encoders' WIDTHxHEIGHT, as for pentominoes): one primary item per cell,
/// "r<i>c<j>" row by row, and one option per pair of neighbouring cells, taken
/// cell by cell (row by row), the pair to the right before the pair below. The
/// counts are OEIS A099390 (A004003 on squares: 36, 6728, 12988816 for 4x4,
/// 6x6, 8x8). Needs width, height >= 1.
///
///   dlx::build_zdd(examples::domino_tilings(8, 8)).diagram.count();  // 12988816
dlx::problem domino_tilings(int width, int height);

/// The domino tilings of the Aztec diamond of order n (2^(n(n+1)/2) of them):
/// the cells of rows -n..n-1 whose column c has |c + 1/2| + |r + 1/2| <= n,
/// named "r<row>c<col>" with 'm' for a minus sign ("rm4cm1"), row by row; one
/// option per pair of neighbouring cells, right before below. Needs n >= 1.
dlx::problem aztec_diamond(int n);

/// Reads a word list: one word per line. Blank lines and lines whose first
/// non-blank character is '#' are skipped; blanks around a word are ignored.
/// Throws dlx::parse_error ("source:line:col: message") for a line that is not a
/// word of letters a-z, a word whose length differs from the first word's, a
/// repeated word, or a read error. `source` names the input in messages.
///
///   std::ifstream in("words3.txt");
///   auto p = examples::double_word_squares(examples::read_words(in, "words3.txt"));
std::vector<std::string> read_words(std::istream& in, std::string_view source);

}  // namespace examples
