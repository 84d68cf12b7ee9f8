// Well-known puzzles the tests share, one definition each (the test files of
// an executable can be compiled together: a unity build, scripts/test.sh).
#pragma once

#include <string>

namespace test_support {

/// Wikipedia's example puzzle and its published solution.
inline const std::string wiki =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
inline const std::string wiki_solution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// Project Euler 96's first grid and its solution.
inline const std::string euler =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
inline const std::string euler_solution =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

}  // namespace test_support
