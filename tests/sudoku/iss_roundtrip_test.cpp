// The ISS reader and writer (iss.hpp) on the cases the fuzzer (fuzz/iss_fuzz.cpp)
// found: every string the reader takes must be written back by append_iss as
// one it reads to the same variant and givens, and what cannot be written back
// is refused with the column at fault.
#include <gtest/gtest.h>
#include <sudoku/iss.hpp>

#include <string>

namespace {

// Parses `line`, writes it back, parses that: both must agree.
void expect_round_trip(const std::string& line) {
  sudoku::variant v;
  sudoku::grid givens;
  const auto e = sudoku::parse_iss(line, v, givens);
  ASSERT_FALSE(e) << line << ": column " << e->column << ": " << e->message;
  std::string printed;
  ASSERT_TRUE(sudoku::append_iss(v, givens, printed));
  sudoku::variant again_v;
  sudoku::grid again;
  const auto back = sudoku::parse_iss(printed, again_v, again);
  ASSERT_FALSE(back) << printed << ": column " << back->column << ": " << back->message;
  EXPECT_TRUE(again_v == v) << line << " -> " << printed;
  EXPECT_TRUE(again == givens) << line << " -> " << printed;
}

void expect_error(const std::string& line, std::size_t column, const std::string& message) {
  sudoku::variant v;
  sudoku::grid givens;
  const auto e = sudoku::parse_iss(line, v, givens);
  ASSERT_TRUE(e) << line;
  EXPECT_EQ(e->column, column) << e->message;
  EXPECT_EQ(e->message, message);
}

TEST(IssRoundTrip, cell_left_no_digit_is_written_back) {
  // Givens of one cell intersect: this cell may hold nothing. The writer used
  // to write a bare ~R1C1, which the reader refuses.
  expect_round_trip(".Shape~4x4.~R1C1_1.~R1C1_2");
  expect_round_trip(".~R1C1_5~R2C2_3.~R1C1_6.~R9C9_1_2.~R9C9_3");
}

TEST(IssRoundTrip, given_item_by_name) {
  // ISS reads .Given~R1C1_5 as it reads .~R1C1_5.
  sudoku::variant a, b;
  sudoku::grid ga, gb;
  ASSERT_FALSE(sudoku::parse_iss(".Given~R1C1_5~R2C2_1_2", a, ga));
  ASSERT_FALSE(sudoku::parse_iss(".~R1C1_5~R2C2_1_2", b, gb));
  EXPECT_TRUE(a == b);
  EXPECT_TRUE(ga == gb);
  EXPECT_EQ(ga.cells()[0], 5);
  expect_round_trip(".Given~R1C1_5.Given~R1C1_5_6");
}

TEST(IssRoundTrip, jigsaw_cells_in_no_region_are_written_back) {
  // Two regions of four cells and one group of another size, which ISS
  // leaves free. The writer used to mark its cells '.', which ends the item.
  expect_round_trip(".Shape~4x4.Jigsaw~AAAABBBBCCCCCCCC");
  expect_round_trip(".Shape~6x6.NoBoxes.Jigsaw~AAAAAABBBBBBCCCCCCCCCCCCCCCCCCCCCCCC");
}

TEST(IssRoundTrip, units_are_written_in_their_order) {
  // The reader adds windows and diagonals in the order it reads them.
  expect_round_trip(".Windoku.Diagonal~1");
  expect_round_trip(".DisjointSets.Diagonal~-1.Windoku.Diagonal~1");
}

TEST(IssRoundTrip, second_jigsaw_is_refused) {
  // Two layouts overlap their regions, and no one layout writes them back.
  expect_error(".Shape~4x4.Jigsaw~AABBAABBCCDDCCDD.Jigsaw~ABCDABCDABCDABCD", 36,
               "Jigsaw is given twice");
}

TEST(IssRoundTrip, sum_weights_are_one_per_cell) {
  expect_round_trip(".Shape~6x6.Sum~10_=_1_2~R1C1~R1C2");
  expect_error(".Shape~6x6.Sum~10_=_1_2~R1C1", 16, "Sum has 2 weights for 1 cell");
  expect_error(".Sum~10_=_1~R1C1~R1C2~R1C3", 6, "Sum has 1 weight for 3 cells");
}

// Issue 63's sets of cells, lines and rules: their numbers (a rellik cage's
// sum, a lockout's difference), digit lists and indexing letters written back.
TEST(IssRoundTrip, sets_lines_and_indexing_are_written_back) {
  expect_round_trip(".AllDifferent~R1C1~R2C3.RellikCage~11~R1C1~R1C2.EqualityCage~R5C5~R5C6");
  expect_round_trip(".ContainAtLeast~1_1_9~R1C1~R2C2~R3C3.ContainExact~4~R9C1~R9C2");
  expect_round_trip(".CountDistinct~R1C1~R1C2~R1C3.CountingCircles~R4C4~R5C5~R6C6");
  expect_round_trip(".EqualSum~R1C1~R1C2~-~R2C3~-~R1C1~R3C3~R3C3");
  // A Replicate is written as the items it makes.
  expect_round_trip(
      ".Shape~4x4.Replicate~DA.Thermo~R1C1~R1C2.~R1C1_1.End.Replicate~B~R2C2.X~R1C1~R2C1.End");
  expect_round_trip(
      ".Lockout~4~R1C1~R1C2~R1C3.RegionSumLine~R3C3~R3C4.ValueIndexing~R1C1~R1C2~R1C3");
  expect_round_trip(".Indexing~C~R1C1~R2C5.Indexing~R~R7C7.GlobalEntropy.GlobalMod.DutchFlatmates");
}

// An Or and And are written back as their parts (a given inside one as
// ISS's short form, a cage as a clue); an And outside any Or is its parts; an
// Or or And of one part is that part.
TEST(IssRoundTrip, composites_are_written_back) {
  expect_round_trip(".Or.~R1C1_1_2.Thermo~R1C1~R1C2.End.Or.Cage~10~R2C2~R2C3.X~R2C2~R2C3.End");
  expect_round_trip(".Or.And.~R9C9_1.Skyscraper~R9~~1.End.Or.~R8C8_2.~R7C7_3.End.End");
  expect_round_trip(".Shape~6x6.And.Thermo~R1C1~R1C2.Cage~5~R3C3~R3C4.End.Or.~R1C1_1.End");
  // (The fuzzer's: a given inside an Or is the item's own values, not what
  // the board's givens leave of them.)
  expect_round_trip(
      ".Shape~7x6.~R1C1_4.Or.And.~R1C1_1.Thermo~R1C1~R1C2.End.Skyscraper~R1~3~.End"
      ".Cage~07~R1C3~R1C2~R1C1.Cage~2~R2C3");
  // (And an Or of one item that makes two clues, a cage naming a cell twice: its clues.)
  expect_round_trip(".Or.Cage~6~R5C7~R5C7~R6C7.End.Or.~R1C1_1.~R2C2_2.End");
  // (And an Or of one cage: a killer cage, as written back.)
  expect_round_trip(".Or.Cage~7~R9C8~R9C9.End.Or.Cage~0~R1C3~R1C4~R2C8~R1C3~R1C4~R2C4.End");
}

// ISS's grid type Raw: no rows, columns or boxes, any number of values.
TEST(IssRoundTrip, raw_grids_are_written_back) {
  expect_round_trip(".Shape~3x4~5~Raw.Thermo~R1C1~R1C2.~R2C2_3");
  expect_round_trip(".Shape~9x9~0-8~Raw.~R1C1_0.ContainExact~0_0_2~R1C1~R1C2~R1C3");
  expect_round_trip(".Shape~4x4~~Raw");
  expect_round_trip(".Shape~6x6~2~Raw.Sum~3~R1C1~R1C2");
  expect_error(".Shape~9x9~0-8~Grid", 16, "'Grid' is not a grid type (Sudoku or Raw)");
  // (The fuzzer's: a square board of as many values as its side is one of
  // ISS's sizes, whether its range is empty, says so, or is left out.)
  expect_error(".Shape~3x3~", 8, "3x3: boards from 4x4 to 16x16 are supported");
  expect_error(".Shape~3x3~1-3", 8, "3x3: boards from 4x4 to 16x16 are supported");
  expect_round_trip(".Shape~3x3~4");
  expect_error(".Shape~9x9~~Raw.Windoku", 17, "Windoku needs a Sudoku grid, not Raw");
  sudoku::variant v;
  sudoku::grid givens;
  ASSERT_FALSE(
      sudoku::parse_iss(".And.~R1C1_5.Cage~3~R2C2~R2C3.End.Or.Thermo~R5C5~R5C6.End", v, givens));
  EXPECT_EQ(givens.cells()[0], 5);  // the And is its parts
  EXPECT_EQ(v.cages().size(), 1u);  // a killer cage
  ASSERT_EQ(v.clues().size(), 1u);  // the Or of one part, that part
  EXPECT_EQ(v.clues()[0].kind, sudoku::clue_kind::thermo);
  std::string printed;
  ASSERT_TRUE(sudoku::append_iss(v, givens, printed));
  EXPECT_EQ(printed, ".~R1C1_5.Cage~3~R2C2~R2C3.Thermo~R5C5~R5C6");
  ASSERT_FALSE(sudoku::parse_iss(".Or.~R1C1_1~R1C2_2.LookAndSay~21~R3C1~R3C2.End", v, givens));
  ASSERT_EQ(v.clues().size(), 1u);
  const sudoku::clue& any = v.clues()[0];
  EXPECT_EQ(any.kind, sudoku::clue_kind::any_of);
  // A given item's cells, a part each.
  ASSERT_EQ(any.parts.size(), 3u);
  EXPECT_EQ(any.parts[0].kind, sudoku::clue_kind::given);
  EXPECT_EQ(any.parts[2].kind, sudoku::clue_kind::contain_exact);
  EXPECT_EQ(any.cells, (std::vector<std::uint32_t>{0, 1, 18, 19}));
}

// ISS's Var: cells beside the board, which any rule may name.
TEST(IssRoundTrip, variables_are_written_back) {
  expect_round_trip(".Shape~4x4.Var~A~~3.Arrow~VA2~R1C1~R1C2.~VA1_1_3");
  expect_round_trip(".Var~B~label%20here~2x3.Var~CD.Sum~0_=_1_-1~VB6~VCD.Thermo~VCD~R9C9");
  expect_round_trip(".Shape~6x6~0-9.Var~A~~2.Or.~VA1_0.Thermo~VA2~R1C1.End");
  // (The fuzzer's: a label of control characters and carriage returns, which
  // the line's own carriage return stripped one of, is written encoded.)
  expect_round_trip(std::string("..Var~B~l\x02\0\r\r\r", 14));
  expect_round_trip(".Var~C~50%25%20off%2E~2.Var~D~100%~3");
  expect_error(".Var~a", 6, "'a' is not a Var's name (1 to 8 letters A-Z)");
  expect_error(".Var~A.Var~A~~2", 12, "Var A is given twice");
  expect_error(".Var~A~~2.Thermo~VA~R1C1", 18, "VA is no variable's cell (Var declares them)");
  expect_error(".Var~A~~2.Thermo~VA3~R1C1", 18, "VA3 is no variable's cell (Var declares them)");
  expect_error(".Var~A~~2000", 9, "Var A of 2000 cells: at most 1024, in rows of at most 16");
  expect_error(".Var~A~~1x17", 9, "Var A of 1x17 cells: at most 1024, in rows of at most 16");
  expect_error(".Or.Var~A.End", 5, "Var cannot be part of an Or or And");
  sudoku::variant v;
  sudoku::grid givens;
  ASSERT_FALSE(sudoku::parse_iss(".Shape~4x4.Var~Q~~2x2.Var~P~x~9z", v, givens));
  ASSERT_EQ(v.variables().size(), 2u);
  EXPECT_EQ(v.variables()[0].count, 4);
  EXPECT_EQ(v.variables()[0].columns, 2);
  EXPECT_EQ(v.variables()[1].count, 1);  // a size ISS does not read: one cell
  EXPECT_EQ(v.cell_name(16), "VQ1");
  EXPECT_EQ(v.cell_name(20), "VP");
  EXPECT_EQ(v.cells().size(), 16u);
  EXPECT_EQ(v.all_cells().size(), 21u);
  EXPECT_EQ(givens.cells().size(), 16u);  // a grid is the board
}

// ISS's Doppelganger: its variables DGC, DGR and DGB, which rules may name.
TEST(IssRoundTrip, doppelganger_is_written_back) {
  expect_round_trip(".Shape~4x4~0-4.Doppelganger.~DGC1_4.GreaterThan~DGR1~DGR2");
  expect_round_trip(".Shape~9x9~0-9.RegionSize~9.Doppelganger.Whisper~4~DGB2~DGB5~DGB4");
  expect_round_trip(".Shape~6x6~0-6.NoBoxes.Doppelganger.Thermo~DGC1~R1C1");
  expect_error(".Shape~9x9.Doppelganger", 12,
               "Doppelganger needs a square board of values 0 to its side, as Shape~9x9~0-9");
  expect_error(".Shape~4x4~0-4.Doppelganger~1", 29, "Doppelganger takes no arguments");
  expect_error(".Shape~4x4~0-4~Raw.Doppelganger", 20, "Doppelganger needs a Sudoku grid, not Raw");
  // Side by side only as ISS lays them out: DGB2 and DGB3 are not (2x2 boxes).
  expect_error(".Shape~4x4~0-4.Doppelganger.GreaterThan~DGB2~DGB3", 41,
               "DGB2 has no orthogonal neighbour in the GreaterThan");
  sudoku::variant v;
  sudoku::grid givens;
  ASSERT_FALSE(sudoku::parse_iss(".Shape~4x4~0-4.Doppelganger", v, givens));
  ASSERT_EQ(v.variables().size(), 3u);
  EXPECT_EQ(v.units().front().cells.size(), 5u);  // a row and the value it leaves out
}

// A pairwise table's key is written back from the table (Binary as Pair, its
// '-' and '_' swapped), each group of cells a clue; a cell a cage or sum names
// twice counts twice.
TEST(IssRoundTrip, pairwise_tables_and_repeated_cells_are_written_back) {
  expect_round_trip(".Pair~SpE~_a%20name~R1C1~R2C1~~R3C3~R4C3.PairX~MGD~R1C1~R2C3");
  expect_round_trip(".Binary~gH8gH8A4BP4BP~~R9C8~R9C9.BinaryX~8H-xf8H-xf8H-B~~R1C3~R1C2");
  expect_round_trip(".Cage~20~R4C2~R4C3~R4C4~R4C4.Sum~10_=_1_2_3~R1C1~R1C2~R1C1");
  expect_round_trip(".Whisper~R1C1~R1C2~R2C2~R1C2");
  expect_error(".Pair~S*E~R1C1~R1C2", 8, "'*' is not a character of Pair's key (base64url)");
  expect_error(".Shape~4x4.Pair~SpEA_~R1C1~R1C2", 21,
               "Pair's key has more than the 16 bits of a 4x4 table");
  expect_error(".Whisper~R1C1~R1C1", 15, "R1C1 follows itself in Whisper");
  expect_error(".PairX~MGD~_name", 2, "PairX has no cells");
}

TEST(IssRoundTrip, sets_and_lines_are_refused_with_the_column_at_fault) {
  expect_error(".ContainExact~1_x~R1C1~R1C2", 17, "'x' is not a digit 1-9");
  expect_error(".ContainAtLeast~1_2_3~R1C1~R1C2", 17, "ContainAtLeast lists 3 digits for 2 cells");
  expect_error(".Indexing~X~R1C1", 11,
               "Indexing is by column (C) or row (R), as in Indexing~C~R1C1");
  expect_error(".EqualityCage~R1C1~R1C2~R1C3", 2, "an EqualityCage has an even number of cells");
  expect_error(".Lockout~4~R1C1", 2, "Lockout has two ends");
  expect_error(".ValueIndexing~R1C1~R1C2", 2, "ValueIndexing has at least 3 cells");
  expect_error(".Shape~6x6.GlobalMod", 12, "GlobalMod needs digits 1-9");
  expect_error(".RellikCage~x~R1C1", 13, "'x' is not a number (sum of RellikCage)");
}

TEST(IssRoundTrip, boards_values_from_zero_and_automata_are_written_back) {
  // A column of one cell on a board one row high: the writer took a line of
  // one cell for a row.
  expect_round_trip(".Shape~1x6.Sandwich~17~C2");
  expect_round_trip(".Shape~6x1.Sandwich~3~R2");
  // Boards, values from 0, regions of another size, automata.
  expect_round_trip(".Shape~6x8~0-7.~R1C1_0~R6C8_7.Skyscraper~R2~3~");
  expect_round_trip(".Shape~6x6~9.RegionSize~9.DisjointSets.~R1C1_9");
  expect_round_trip(
      ".Shape~7x7~9.RegionSize~9.Jigsaw~1112333111233311123332222222444255544425554442555");
  expect_round_trip(".Shape~4x4~0-3.Cage~1~R1C1~R1C2.LookAndSay~1203~R3C1~R3C2");
  expect_round_trip(".Shape~4x4.NFA~CMwcCqfGqfFPh4A~_~R1C1~R1C2~R2C1~~R3C3~R4C4");
  expect_round_trip(".Shape~4x4.Regex~W14xXS4q~R1C1~R1C2~R1C3~R1C4");
  // An automaton of four start states and no transition: the writer's state
  // field must hold the count of starts too (it took the states' bits alone).
  expect_round_trip(".NFA~C2C1~R3C1~~_");
  // Regions of another size on a board of as many values as its side: refused
  // (ISS reads them; the writer could not say them).
  expect_error(".RegionSize~6", 1,
               "RegionSize~6 on a 9x9 board of 9 values is not supported (only with more values "
               "than the side)");
}

}  // namespace

// FullRank and FullRankTies: written back as read; refused where ISS's
// handler has no meaning for them.
TEST(IssRoundTrip, full_rank_is_written_back) {
  expect_round_trip(".FullRank~C2~26~.FullRank~R8~~23");
  expect_round_trip(".Shape~4x4.FullRank~R4~5~.FullRankTies~any");
  expect_round_trip(".Shape~4x4~0-3.FullRankTies~none");
  expect_round_trip(".Shape~6x6.FullRankTies~only-unclued.FullRank~C3~1~");
  expect_error(".Shape~6x8.FullRank~R1~3~", 12,
               "FullRank needs a square board of as many values as its side, not 6x8 with 8");
  expect_error(".FullRank~R1~37~", 14, "FullRank's rank must be 1-36");
  expect_error(".FullRank~R1~0~", 14, "FullRank's rank must be 1-36");
  expect_error(".FullRankTies~some", 15,
               "'some' is not a FullRankTies option (none, only-unclued, any)");
  expect_error(".FullRankTies", 2, "FullRankTies takes one of none, only-unclued, any");
  expect_error(".FullRankTies~any.FullRankTies~none", 19,
               "FullRankTies is given twice, with two options");
  expect_error(".Or.FullRank~R1~3~.Thermo~R1C1~R1C2.End", 5,
               "FullRank inside an Or or And is not supported");
  expect_error(".Shape~4x4~1-4~Raw.FullRank~R1~3~", 20, "FullRank needs a Sudoku grid, not Raw");
}

// As ISS's parser: a later clue at the same arrow outside the grid, or quad
// at the same cell, replaces the earlier (ISS counts 24 with both X-sums of
// row 2 from the left, as with the second alone).
TEST(IssRoundTrip, a_later_outside_clue_replaces_the_earlier) {
  sudoku::variant v;
  sudoku::grid givens;
  ASSERT_FALSE(sudoku::parse_iss(
      ".Shape~4x4.XSum~R2~5~.XSum~R2~3~.XSum~R2~~4.Quad~R2C2~1~2.Quad~R2C2~3", v, givens));
  ASSERT_EQ(v.clues().size(), 3u);
  EXPECT_EQ(v.clues()[0].values, std::vector<int>{3});
  EXPECT_EQ(v.clues()[1].values, std::vector<int>{4});
  EXPECT_EQ(v.clues()[2].values, std::vector<int>{3});
  expect_round_trip(".Shape~4x4.XSum~R2~3~.XSum~R2~~4.Quad~R2C2~3");
}

// Chaos constructions: the regions are variables CC1..CCn; ChaosArrow and
// ChaosCount read them (a control alone takes ISS's arms and 3x3 area,
// written back in full).
TEST(IssRoundTrip, chaos_constructions_are_written_back) {
  expect_round_trip(".Shape~4x4.ChaosConstruction.NoBoxes");
  expect_round_trip(".Shape~6x6.ChaosConstruction.NoBoxes.ChaosCount~R1C2~1~CC2~CC1~CC7");
  expect_round_trip(".ChaosConstruction.ChaosArrow~R1C1~0~CC1~CC2~CC3~-~CC1~CC10.~R5C5_3");
  expect_round_trip(".Shape~4x4.ChaosConstruction.NoBoxes.ChaosArrow~R2C2.ChaosCount~R1C1");
  expect_round_trip(".Shape~4x4.Var~A~~2.ChaosConstruction.NoBoxes.Thermo~VA1~CC3");
  expect_error(".Shape~4x4.ChaosCount~R1C1", 12, "ChaosCount needs ChaosConstruction");
  expect_error(".Shape~4x4.ChaosConstruction.ChaosCount~CC1", 41,
               "ChaosCount's control is a board cell, not CC1");
  expect_error(".Shape~4x4.ChaosConstruction.ChaosCount~R1C1~2~CC1", 46,
               "ChaosCount's offset is 0 (count the first cell) or 1 (leave it out)");
  expect_error(".Shape~4x4.ChaosConstruction.ChaosArrow~R1C1~~CC1~R1C2", 51,
               "ChaosArrow's cells after its control are region cells (CC1...), not R1C2");
  expect_error(".Shape~4x4.ChaosConstruction.ChaosArrow~R1C1~~CC1~CC2~-~CC2~CC3", 30,
               "ChaosArrow's arms must start at one region cell");
  expect_error(".Shape~6x6~9.ChaosConstruction", 14,
               "ChaosConstruction needs regions of as many cells as values (not supported "
               "otherwise)");
  expect_error(".Shape~4x4.ChaosConstruction.Or.ChaosCount~R1C1.End", 33,
               "ChaosCount inside an Or or And is not supported");
}

// A board one cell wide: a column steps by 1 as a row does (the fuzzer's:
// XSum~C1 was written back as XSum~R1).
TEST(IssRoundTrip, a_column_of_a_board_one_cell_wide_is_written_as_one) {
  expect_round_trip(".Shape~2x1.XSum~C1~16~15");
}

// ConnectedValues over the board or a group of variables, and
// SearchPriority, which is no rule but is kept.
TEST(IssRoundTrip, connected_values_and_search_priority_are_written_back) {
  expect_round_trip(".Shape~4x4.ConnectedValues~~1_2~4");
  expect_round_trip(".Shape~4x4.Var~A~~2x2.ConnectedValues~VA~1");
  expect_round_trip(".SearchPriority~3~R1C1~R2C2.ConnectedValues~~9");
  expect_error(".ConnectedValues~VB~1", 18, "no group of variables named 'VB'");
  expect_error(".ConnectedValues~~1_1", 21, "1 is listed twice in ConnectedValues");
  expect_error(".ConnectedValues~~1~0", 21, "ConnectedValues' size must be 1-81");
  expect_error(".ConnectedValues~~1_x", 21, "'x' is not a digit 1-9");
  expect_error(".ConnectedValues", 2,
               "ConnectedValues takes a group (or nothing), values and a size, as "
               "ConnectedValues~~1_2~4");
  expect_error(".ChaosConstruction.ConnectedValues~CC~1", 36,
               "ConnectedValues over a chaos construction's labels is not supported");
  expect_error(".Or.SearchPriority~1~R1C1.X~R1C1~R1C2.End", 5,
               "SearchPriority inside an Or or And is not supported");
}
