// Exact-cover encodings of classic puzzles: the dlx library reused beyond Sudoku,
// and outside truth for its tests (their solution counts are published).
#pragma once

#include <dlx/problem.hpp>

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

}  // namespace examples
