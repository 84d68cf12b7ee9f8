// The answering layer every front end shares (answer.hpp, workspace_pool.hpp):
// reading into a workspace, the check of every solution, logic then search,
// answers in input order on any number of threads, and the names and variants
// the command line and the Python module both take from here.
#include <gtest/gtest.h>
#include <sudoku/answer.hpp>
#include <sudoku/generator.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>
#include <sudoku/variant_text.hpp>
#include <sudoku/workspace_pool.hpp>

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "not_unique_puzzles.hpp"

namespace {

// Arto Inkala's "world's hardest Sudoku" (2012) and its published solution.
constexpr const char* inkala =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
constexpr const char* inkala_solution =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

TEST(Answer, ReadsALineIntoTheWorkspaceWithItsFields) {
  sudoku::workspace w;
  const std::string line = std::string(inkala) + " Inkala 2012";
  ASSERT_FALSE(sudoku::read_puzzle(w, line, {}));
  EXPECT_EQ(sudoku::to_sdm(w.puzzle), inkala);
  EXPECT_EQ(w.fields.annotation, "Inkala 2012");
  EXPECT_EQ(w.fields.grid_offset, 0u);
  const auto e = sudoku::read_puzzle(w, "12x", {});
  ASSERT_TRUE(e);
  EXPECT_GE(e->column, 1u);
  EXPECT_FALSE(e->message.empty());
}

TEST(Answer, LogicThenSearchGivesThePublishedSolutionChecked) {
  sudoku::workspace w;
  ASSERT_FALSE(sudoku::read_puzzle(w, inkala, {}));
  const sudoku::logic_answer a = sudoku::answer_by_logic(w, true);
  EXPECT_EQ(a.result.outcome, sudoku::logic_outcome::stuck);  // it needs search
  EXPECT_EQ(a.result.level, sudoku::level::beyond);
  ASSERT_TRUE(a.searched);
  EXPECT_EQ(a.searched->status, sudoku::status::solved);
  EXPECT_FALSE(a.none());
  EXPECT_EQ(sudoku::to_sdm(w.solution), inkala_solution);
  // Without search, logic's answer alone.
  const sudoku::logic_answer alone = sudoku::answer_by_logic(w, false);
  EXPECT_FALSE(alone.searched);
}

TEST(Answer, ClashingGivensAndNoSolutionAreTold) {
  sudoku::workspace w;
  std::string clash(81, '.');
  clash[0] = clash[1] = '5';
  ASSERT_FALSE(sudoku::read_puzzle(w, clash, {}));
  EXPECT_EQ(sudoku::answer_by_logic(w, true).result.outcome, sudoku::logic_outcome::invalid);
  // corpus/unsolvable's first kind: a row that needs a digit no cell can hold.
  std::string none(81, '.');
  const std::string row = "12345678.";
  std::copy(row.begin(), row.end(), none.begin());
  none[8 + 9] = '9';  // r2c9 = 9: r1c9 can only be 9, which its column forbids
  ASSERT_FALSE(sudoku::read_puzzle(w, none, {}));
  const sudoku::logic_answer a = sudoku::answer_by_logic(w, true);
  EXPECT_TRUE(a.none());
  EXPECT_EQ(a.uniqueness.status, sudoku::status::none);
  EXPECT_TRUE(a.result.steps.empty());  // the logic does not run
}

TEST(Answer, APuzzleThatIsNotUniqueIsNotRatedNorExplained) {
  // A rating or an explanation of a puzzle that is not unique is a wrong
  // answer: the count to two comes first, and the logic runs only when it
  // says unique.
  sudoku::workspace w;
  ASSERT_FALSE(sudoku::read_puzzle(w, std::string(72, '.') + "123456789", {}));
  const sudoku::logic_answer a = sudoku::answer_by_logic(w, true);
  EXPECT_EQ(a.uniqueness.status, sudoku::status::multiple);
  EXPECT_FALSE(a.unique());
  EXPECT_FALSE(a.none());
  EXPECT_TRUE(a.result.steps.empty());
  EXPECT_FALSE(a.searched);
  // A unique one: the count's solution is the published one.
  ASSERT_FALSE(sudoku::read_puzzle(w, inkala, {}));
  const sudoku::logic_answer b = sudoku::answer_by_logic(w, false);
  EXPECT_TRUE(b.unique());
  EXPECT_EQ(sudoku::to_sdm(w.solution), inkala_solution);
}

TEST(Answer, TwoSolutionsAndTheCellsWhereTheyDiffer) {
  sudoku::workspace w;
  // The Wikipedia puzzle without r3c3's 8: two solutions.
  ASSERT_FALSE(sudoku::read_puzzle(w, test_support::two_solutions, {}));
  const sudoku::two_solutions t = sudoku::find_two_solutions(w);
  ASSERT_EQ(t.count.status, sudoku::status::multiple);
  EXPECT_NE(t.first, t.second);
  ASSERT_FALSE(t.differences.empty());
  for (std::size_t p = 0; p < 81; ++p) {
    const bool differs = t.first[p] != t.second[p];
    EXPECT_EQ(differs,
              std::find(t.differences.begin(), t.differences.end(), p) != t.differences.end())
        << p;
  }
  EXPECT_TRUE(sudoku::check_solution(w.variant, w.puzzle, t.second).ok());
  // A given in a differing cell, from the first solution, rules the second out.
  const sudoku::grid second = t.second;
  w.puzzle.set(static_cast<int>(t.differences[0] / 9), static_cast<int>(t.differences[0] % 9),
               t.first[t.differences[0]]);
  EXPECT_FALSE(sudoku::check_solution(w.variant, w.puzzle, second).ok());
  EXPECT_TRUE(sudoku::check_solution(w.variant, w.puzzle, t.first).ok());
  // A unique puzzle: its solution, and no second.
  ASSERT_FALSE(sudoku::read_puzzle(w, inkala, {}));
  const sudoku::two_solutions one = sudoku::find_two_solutions(w);
  EXPECT_EQ(one.count.status, sudoku::status::unique);
  EXPECT_EQ(sudoku::to_sdm(one.first), inkala_solution);
  EXPECT_TRUE(one.differences.empty());
  // The empty grid: the two first in search order.
  ASSERT_FALSE(sudoku::read_puzzle(w, std::string(81, '.'), {}));
  EXPECT_EQ(sudoku::find_two_solutions(w).count.status, sudoku::status::multiple);
}

TEST(Answer, AnIssPuzzleWithoutSolutionIsNoneNotAWrongGrid) {
  // Found by mutating ISS strings: no solution, yet the logic (which leaves
  // the one-cell arrow's sum out) filled a grid that breaks the arrow, and
  // explain stopped with "internal error: the solver's answer is wrong".
  const std::string line = test_support::iss_without_solution;
  sudoku::workspace w;
  sudoku::rules iss;
  iss.iss = true;
  ASSERT_FALSE(sudoku::read_puzzle(w, line, iss));
  for (const bool search : {false, true}) {
    sudoku::logic_answer a;
    ASSERT_NO_THROW(a = sudoku::answer_by_logic(w, search));
    EXPECT_TRUE(a.none());
    EXPECT_EQ(a.uniqueness.status, sudoku::status::none);
  }
}

TEST(Answer, AWrongSolutionIsRefusedAsABug) {
  sudoku::workspace w;
  ASSERT_FALSE(sudoku::read_puzzle(w, inkala, {}));
  sudoku::grid right, wrong;
  ASSERT_FALSE(sudoku::parse_sdm(inkala_solution, right));
  EXPECT_NO_THROW(sudoku::verify_solution(w.variant, w.puzzle, right));
  std::string text = inkala_solution;
  std::swap(text[1], text[2]);  // still complete, now two clashes
  ASSERT_FALSE(sudoku::parse_sdm(text, wrong));
  try {
    sudoku::verify_solution(w.variant, w.puzzle, wrong);
    FAIL() << "a wrong solution passed";
  } catch (const sudoku::wrong_answer& e) {
    EXPECT_NE(std::string(e.what()).find("internal error: the solver's answer is wrong"),
              std::string::npos);
  }
}

TEST(WorkspacePool, AnswersComeBackInInputOrderOnAnyNumberOfThreads) {
  // Solve 24 generated puzzles with 0 to 3 workers: the same answers, in order.
  std::vector<std::string> puzzles;
  sudoku::generator g;
  sudoku::generate_options o;
  for (std::uint64_t i = 0; i < 24; ++i)
    puzzles.push_back(sudoku::to_sdm(g.make(o, i)->puzzle));
  std::vector<std::string> first;
  for (unsigned threads : {0u, 1u, 2u, 3u}) {
    sudoku::workspace_pool pool(threads);
    EXPECT_EQ(pool.threads(), threads <= 1 ? 0u : threads);
    std::vector<std::string> answers(puzzles.size());
    std::vector<sudoku::workspace_pool::ticket> tickets;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      tickets.push_back(pool.submit([&, i](sudoku::workspace& w) {
        ASSERT_FALSE(sudoku::read_puzzle(w, puzzles[i], {}));
        const sudoku::result r = w.solver_for(w.variant).solve(w.puzzle, w.solution);
        ASSERT_EQ(r.status, sudoku::status::solved);
        sudoku::verify_solution(w.variant, w.puzzle, w.solution);
        answers[i] = sudoku::to_sdm(w.solution);
      }));
    }
    std::vector<std::string> seen;
    for (std::size_t i = 0; i < tickets.size(); ++i) {
      pool.wait(tickets[i]);
      seen.push_back(answers[i]);  // complete once waited for
      EXPECT_EQ(answers[i].size(), 81u);
    }
    if (first.empty()) first = seen;
    EXPECT_EQ(seen, first) << threads << " threads";
  }
}

TEST(WorkspacePool, ATaskThatThrowsIsRethrownWhereItIsWaitedFor) {
  for (unsigned threads : {1u, 2u}) {
    sudoku::workspace_pool pool(threads);
    std::atomic<int> ran{0};
    const auto a = pool.submit([&](sudoku::workspace&) { ++ran; });
    const auto b = pool.submit([&](sudoku::workspace&) { throw std::runtime_error("task b"); });
    const auto c = pool.submit([&](sudoku::workspace&) { ++ran; });
    EXPECT_NO_THROW(pool.wait(a));
    EXPECT_THROW(pool.wait(b), std::runtime_error);
    EXPECT_NO_THROW(pool.wait(c));
    EXPECT_EQ(ran, 2);
  }
}

TEST(WorkspacePool, TicketsAreWaitedForInOrder) {
  for (unsigned threads : {1u, 2u}) {
    sudoku::workspace_pool pool(threads);
    const auto a = pool.submit([](sudoku::workspace&) {});
    const auto b = pool.submit([](sudoku::workspace&) {});
    EXPECT_THROW(pool.wait(b), std::logic_error);
    pool.wait(a);
    pool.wait(b);
  }
}

TEST(WorkspacePool, OneThreadAnswersOnTheCallersWorkspace) {
  sudoku::workspace mine;
  sudoku::workspace_pool pool(1, &mine);
  sudoku::workspace* used = nullptr;
  pool.wait(pool.submit([&](sudoku::workspace& w) { used = &w; }));
  EXPECT_EQ(used, &mine);
}

TEST(Names, LevelsAndTechniquesAsTheFrontEndsWriteThem) {
  for (auto l : {sudoku::level::easy, sudoku::level::medium, sudoku::level::hard,
                 sudoku::level::evil, sudoku::level::beyond}) {
    EXPECT_EQ(sudoku::parse_level(sudoku::to_string(l)), l);
  }
  EXPECT_FALSE(sudoku::parse_level("extreme"));
  EXPECT_FALSE(sudoku::parse_level(""));
  EXPECT_EQ(sudoku::technique_name(sudoku::technique::naked_single), "naked-single");
  EXPECT_EQ(sudoku::technique_name(sudoku::technique::x_wing), "x-wing");
}

TEST(Variants, RulesAndAShapeMakeTheVariantALineWould) {
  sudoku::rules x;
  x.diagonals = true;
  sudoku::variant made, read;
  ASSERT_FALSE(sudoku::make_variant(x, sudoku::shape{}, made));
  sudoku::grid g;
  ASSERT_FALSE(sudoku::parse_puzzle(std::string(81, '.'), x, read, g));
  EXPECT_TRUE(made == read);
  EXPECT_TRUE(made.has(sudoku::unit_kind::diagonal));
  // A jigsaw's layout: from the rules, or given; a bad one is named.
  sudoku::rules jigsaw;
  jigsaw.jigsaw = true;
  std::string bands;
  for (int r = 0; r < 9; ++r)
    bands += std::string(9, static_cast<char>('1' + r));  // rows as regions
  ASSERT_FALSE(sudoku::make_variant(jigsaw, sudoku::shape{}, made, bands));
  EXPECT_TRUE(made.has_regions());
  std::string bad = bands;
  bad[0] = '2';
  const auto e = sudoku::make_variant(jigsaw, sudoku::shape{}, made, bad);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("cells"), std::string::npos) << e->message;
  // Windows need square boxes.
  sudoku::rules windoku;
  windoku.windows = true;
  EXPECT_TRUE(sudoku::make_variant(windoku, *sudoku::shape::parse_box("2x3"), made));
}

TEST(Variants, SudokuExplainerRatesPlain9x9Only) {
  EXPECT_TRUE(sudoku::se_applies(sudoku::variant{}));
  sudoku::variant x;
  x.add_diagonals();
  EXPECT_FALSE(sudoku::se_applies(x));
  EXPECT_FALSE(sudoku::se_applies(sudoku::variant{*sudoku::shape::parse_box("2x3")}));
  EXPECT_FALSE(sudoku::se_applies(sudoku::variant::samurai()));
}

TEST(RandomJigsaw, APuzzleOnARandomLayoutIsUniqueUnderItsOwnVariant) {
  sudoku::rules jigsaw;
  jigsaw.jigsaw = true;
  sudoku::generate_options o;
  o.shape = *sudoku::shape::parse_box("2x3");
  for (std::uint64_t i = 0; i < 3; ++i) {
    const auto made = sudoku::make_random_jigsaw(jigsaw, o, i);
    ASSERT_TRUE(made);
    EXPECT_TRUE(made->variant.has_regions());
    sudoku::solver s(made->variant);
    EXPECT_EQ(s.count(made->puzzle.puzzle, 2).status, sudoku::status::unique);
    EXPECT_TRUE(
        sudoku::check_solution(made->variant, made->puzzle.puzzle, made->puzzle.solution).ok());
    // The same layout, written as a line and read back, is the same variant.
    std::string line;
    sudoku::append_puzzle(made->variant, made->puzzle.puzzle, line);
    sudoku::variant read;
    sudoku::grid givens;
    ASSERT_FALSE(sudoku::parse_puzzle(line, jigsaw, read, givens, o.shape));
    EXPECT_TRUE(read == made->variant);
  }
  sudoku::rules windoku_jigsaw = jigsaw;
  windoku_jigsaw.windows = true;
  EXPECT_THROW((void)sudoku::make_random_jigsaw(windoku_jigsaw, o, 0), std::invalid_argument);
}

}  // namespace
