// Puzzles that are not unique, shared by the tests that check that nothing
// rates, explains or draws them as if they were (issue 61).
#pragma once

namespace test_support {

/// The Wikipedia puzzle without r3c3's 8: two solutions.
inline constexpr const char* two_solutions =
    "53..7....6..195....9.....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Found by mutating ISS strings: no solution (ISS and `count` agree), yet the
/// logic, which leaves the one-cell arrow's sum out, filled a grid that breaks
/// it: `rate` printed "medium clue 86" and `explain` stopped with "internal
/// error: the solver's answer is wrong".
inline constexpr const char* iss_without_solution =
    ".NoBoxes.Whisper~2~R2C4~R3C4.Whisper~2~R2C7~R3C7.WhiteDot~R3C3~R4C3.Whisper~2~R3C4~R3C5."
    "WhiteDot~R3C6~R4C6.WhiteDot~R3C9~R4C9.WhiteDot~R4C2~R5C2.WhiteDot~R4C3~R5C3.WhiteDot~R4C5~"
    "R5C5.Whisper~2~R5C1~R6C1.WhiteDot~R5C2~R6C2.Arrow~R5C4~R5C5.WhiteDot~R5C5~R6C5.Whisper~2~"
    "R5C6~R5C7.WhiteDot~R5C8~R5C9.WhiteDot~R5C8~R6C8.Whisper~2~R6C1~R6C2.WhiteDot~R6C2~R7C2."
    "Whisper~2~R6C3~R6C4.WhiteDot~R6C3~R7C3.WhiteDot~R6C4~R6C5.Whisper~2~R7C1~R7C2.Whisper~2~"
    "R7C5~R8C5.Whisper~2~R7C6~R7C7.WhiteDot~R7C6~R8C6.Whisper~2~R8C2~R8C3.Whisper~2~R8C6~R8C7."
    "WhiteDot~R8C7~R9C7.WhiteDot~R8C8~R9C8.Whisper~2~R8C9~R9C9.Whisper~2~R9C2~R9C3.WhiteDot~"
    "R9C3~R9C4.Whisper~2~R9C5~R9C6.Whisper~2~R9C6~R9C7.Whisper~2~R9C8~R9C9.~R2C3_1~R2C7_9~"
    "R3C2_2~R3C8_4~R4C5_3~R5C4_3~R5C6_1~R6C5_5~R7C2_6~R7C8_8~R8C3_6~R8C7_7";

}  // namespace test_support
