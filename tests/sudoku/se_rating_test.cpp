// Sudoku Explainer's rating: the format, the budget, and on the shared sets
// that every step of SE's path agrees with the published solution. The
// agreement of the ratings themselves with published SE ratings is checked in
// se_published_test.cpp.
#include <gtest/gtest.h>
#include <sudoku/se_rating.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "sudoku_helpers.hpp"

namespace {

using test_support::parse_grid;

sudoku::se_options traced(std::uint64_t budget = 0, bool trace = true) {
  sudoku::se_options o;
  o.budget = budget;
  o.trace = trace;
  return o;
}

TEST(SeRating, FormatRoundsHalfUpToOneDecimalAsSeDoes) {
  EXPECT_EQ(sudoku::se_format(1.2), "1.2");
  EXPECT_EQ(sudoku::se_format(7.0 + 0.1 + 0.1 + 0.1), "7.3");
  EXPECT_EQ(sudoku::se_format(8.549999), "8.5");
  EXPECT_EQ(sudoku::se_format(8.55), "8.6");
  EXPECT_EQ(sudoku::se_format(20.0), "20.0");
  sudoku::se_rating r;
  r.er = 11.9;
  r.ep = 11.9;
  r.ed = 11.3;
  EXPECT_EQ(sudoku::to_string(r), "11.9/11.9/11.3");
  r.outcome = sudoku::se_rating::outcome::unknown;
  EXPECT_EQ(sudoku::to_string(r), "unknown");
}

TEST(SeRating, SinglesOnlyPuzzle) {
  // Wikipedia's example puzzle: hidden singles in boxes (1.2) and full houses
  // (1.0) finish it, as SE's own path does.
  const auto r = sudoku::rate_se(parse_grid(test_support::wiki), traced());
  ASSERT_EQ(r.outcome, sudoku::se_rating::outcome::rated);
  EXPECT_EQ(sudoku::to_string(r), "1.2/1.2/1.2");
  EXPECT_EQ(r.steps.size(), 51u);
  EXPECT_EQ(sudoku::to_sdm(r.reached),
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
}

TEST(SeRating, OnlyClassicNineByNine) {
  EXPECT_THROW((void)sudoku::rate_se(sudoku::grid{sudoku::shape{2, 3}}), std::invalid_argument);
  EXPECT_THROW((void)sudoku::rate_se(sudoku::grid{sudoku::shape{4, 4}}), std::invalid_argument);
}

TEST(SeRating, BudgetAnswersUnknown) {
  // corpus/generated/9x9-beyond.sdm's first puzzle: ER 7.1, some 35,000 potentials.
  const auto r = sudoku::rate_se(
      parse_grid(
          "..1..7..3..83..79.9......5....5..97...9.8....8....6.1.2..........672.....73..1.2."),
      traced(10000, false));
  EXPECT_EQ(r.outcome, sudoku::se_rating::outcome::unknown);
  EXPECT_GT(r.work, 10000u);
  EXPECT_LT(r.work, 10100u);
}

TEST(SeRating, ProgressFollowsThePath) {
  // Before every step, and every 1000 potentials within one: steps and cells
  // only grow, the hardest step so far ends at ER, the work at the total.
  sudoku::se_options o = traced();
  o.progress_interval = 1000;
  std::vector<sudoku::se_progress> seen;
  std::vector<std::string> searching;
  o.on_progress = [&](const sudoku::se_progress& p) {
    seen.push_back(p);
    searching.emplace_back(p.searching);
  };
  // corpus/generated/9x9-beyond.sdm's first puzzle: ER 7.1, some 35,000 potentials.
  const sudoku::grid puzzle = parse_grid(
      "..1..7..3..83..79.9......5....5..97...9.8....8....6.1.2..........672.....73..1.2.");
  const auto r = sudoku::rate_se(puzzle, o);
  ASSERT_EQ(r.outcome, sudoku::se_rating::outcome::rated);
  ASSERT_GT(seen.size(), r.steps.size());  // reports within steps too
  std::size_t step_reports = 0;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    if (i > 0) {
      EXPECT_GE(seen[i].steps, seen[i - 1].steps);
      EXPECT_GE(seen[i].filled, seen[i - 1].filled);
      EXPECT_GE(seen[i].hardest, seen[i - 1].hardest);
      EXPECT_GE(seen[i].work, seen[i - 1].work);
    }
    if (searching[i].empty())
      ++step_reports;  // before a step
    else
      EXPECT_EQ(seen[i].work % 1000, 0u) << searching[i];  // within a chain search
  }
  EXPECT_EQ(step_reports, r.steps.size());
  EXPECT_EQ(seen.front().filled, puzzle.given_count());
  EXPECT_LE(seen.back().hardest, r.er);
  EXPECT_LE(seen.back().work, r.work);
  // A callback that throws stops the rating.
  o.on_progress = [](const sudoku::se_progress& p) {
    if (p.work > 5000) throw std::runtime_error("enough");
  };
  EXPECT_THROW((void)sudoku::rate_se(puzzle, o), std::runtime_error);
}

TEST(SeRating, APuzzleThatIsNotUniqueIsNotRated) {
  // A solved grid with a unique rectangle emptied: two solutions, and no SE
  // technique can choose between them (serate answers 20.0; a rating of a
  // puzzle that is not unique is a wrong answer, so this one says multiple).
  // The first rectangle of a solved grid whose corners hold a, b / b, a in
  // two boxes is emptied.
  const std::string s =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  const sudoku::grid solved = parse_grid(s);
  bool found = false;
  for (int r1 = 0; r1 < 9 && !found; ++r1)
    for (int r2 = r1 + 1; r2 < 9 && !found; ++r2)
      for (int c1 = 0; c1 < 9 && !found; ++c1)
        for (int c2 = c1 + 1; c2 < 9 && !found; ++c2) {
          const int a = solved.at(r1, c1), b = solved.at(r1, c2);
          if (solved.at(r2, c1) != b || solved.at(r2, c2) != a) continue;
          // Two boxes only: rows in one band or columns in one stack.
          if (r1 / 3 != r2 / 3 && c1 / 3 != c2 / 3) continue;
          sudoku::grid p = solved;
          p.set(r1, c1, 0);
          p.set(r1, c2, 0);
          p.set(r2, c1, 0);
          p.set(r2, c2, 0);
          const auto r = sudoku::rate_se(p, traced());
          EXPECT_EQ(r.outcome, sudoku::se_rating::outcome::multiple);
          EXPECT_EQ(sudoku::to_string(r), "multiple");
          EXPECT_TRUE(r.steps.empty());
          found = true;
        }
  EXPECT_TRUE(found);
  // A near-empty grid took SE's chains four minutes on every core to rate 20.0.
  EXPECT_EQ(sudoku::rate_se(parse_grid(std::string(72, '.') + "123456789")).outcome,
            sudoku::se_rating::outcome::multiple);
  // No solution: a row that needs a digit no cell can hold.
  std::string none = "12345678." + std::string(72, '.');
  none[8 + 9] = '9';
  const auto r = sudoku::rate_se(parse_grid(none));
  EXPECT_EQ(r.outcome, sudoku::se_rating::outcome::none);
  EXPECT_EQ(sudoku::to_string(r), "none");
}

// ---- One puzzle over several threads: the same path, work and budget.

void expect_same_path(const sudoku::se_rating& a, const sudoku::se_rating& b,
                      const std::string& what) {
  EXPECT_EQ(sudoku::to_string(a), sudoku::to_string(b)) << what;
  EXPECT_EQ(a.work, b.work) << what;
  ASSERT_EQ(a.steps.size(), b.steps.size()) << what;
  for (std::size_t i = 0; i < a.steps.size(); ++i) {
    const sudoku::se_step &x = a.steps[i], &y = b.steps[i];
    EXPECT_EQ(sudoku::describe(x), sudoku::describe(y)) << what << " step " << i;
    EXPECT_EQ(x.links.size(), y.links.size()) << what << " step " << i;
    for (std::size_t j = 0; j < std::min(x.links.size(), y.links.size()); ++j)
      EXPECT_TRUE(x.links[j] == y.links[j]) << what << " step " << i << " link " << j;
  }
}

// corpus/generated/9x9-beyond.sdm's first (ER 7.1: its searches are all too
// short to split), magictour top1465's puzzles 181, 46 and 316 (ER 9.3, 9.2,
// 9.2: every chain family up to dynamic forcing chains (+), whose searches go
// on from the level below; 7, 1 and 5 split searches, all of forcing chains),
// and the forum's hardest list's first (10.3: chains nested three deep; one
// split multiple chain search, which goes on from the level below, so its
// workers take over that level's chains). Golden Nugget
// (se_published_test.cpp) splits some 250 more, on two threads.
std::vector<std::string> split_puzzles() {
  return {
      "..1..7..3..83..79.9......5....5..97...9.8....8....6.1.2..........672.....73..1.2.",
      "5..7.........3..7...8..5..36..1..4...8..2..9...9..8..1...4..3...6..9..4...2..6..9",
      "6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........",
      "..79..1....36..7..45........2...3.8....8......4..51.3.....9...25.4....1..8...4..6",
      "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
  };
}

TEST(SeRatingThreads, SamePathAndWorkOnAnyNumberOfThreads) {
  for (const std::string& p : split_puzzles()) {
    sudoku::se_options o = traced();
    const auto one = sudoku::rate_se(parse_grid(p), o);
    ASSERT_EQ(one.outcome, sudoku::se_rating::outcome::rated) << p;
    for (unsigned threads : {2u, 3u}) {
      o.threads = threads;
      expect_same_path(one, sudoku::rate_se(parse_grid(p), o),
                       p + " on " + std::to_string(threads) + " threads");
    }
    // Shared with other answers: a share of one thread leaves the rating
    // none to split over; a share of two, one more.
    for (unsigned shared : {1u, 2u}) {
      sudoku::thread_share share(shared);
      o.threads = 3;
      o.share = &share;
      expect_same_path(one, sudoku::rate_se(parse_grid(p), o),
                       p + " sharing " + std::to_string(shared) + " threads");
      o.share = nullptr;
    }
  }
}

TEST(SeRatingThreads, BudgetRunsOutAtTheSamePotential) {
  // A rating over N potentials runs out at any budget below N and not at N,
  // whatever the threads: they make the same potentials as one thread.
  const sudoku::grid puzzle = parse_grid(split_puzzles()[1]);
  const auto all = sudoku::rate_se(puzzle, traced(0, false));
  ASSERT_EQ(all.outcome, sudoku::se_rating::outcome::rated);
  for (std::uint64_t budget : {all.work / 3, all.work - 5000, all.work - 1, all.work}) {
    for (unsigned threads : {1u, 2u, 3u}) {
      sudoku::se_options o = traced(budget, false);
      o.threads = threads;
      const auto r = sudoku::rate_se(puzzle, o);
      const std::string what = std::to_string(budget) + " on " + std::to_string(threads);
      if (budget < all.work) {
        EXPECT_EQ(r.outcome, sudoku::se_rating::outcome::unknown) << what;
        EXPECT_EQ(r.work, budget + 1) << what;
      } else {
        EXPECT_EQ(sudoku::to_string(r), sudoku::to_string(all)) << what;
        EXPECT_EQ(r.work, all.work) << what;
      }
    }
  }
}

TEST(SeRatingThreads, ProgressAndAStopFromTheCallback) {
  // Reports come from the calling thread, in order, while the threads search;
  // one that throws stops every thread and the rating.
  const sudoku::grid puzzle = parse_grid(split_puzzles()[1]);
  sudoku::se_options o = traced(0, false);
  o.threads = 2;
  o.progress_interval = 10000;
  const auto caller = std::this_thread::get_id();
  std::uint64_t last = 0, reports = 0;
  o.on_progress = [&](const sudoku::se_progress& p) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_GE(p.work, last);
    last = p.work;
    ++reports;
  };
  const auto r = sudoku::rate_se(puzzle, o);
  EXPECT_GT(reports, r.work / 10000 / 2);
  EXPECT_LE(last, r.work);
  o.on_progress = [](const sudoku::se_progress& p) {
    if (p.work > 100000) throw std::runtime_error("enough");
  };
  EXPECT_THROW((void)sudoku::rate_se(puzzle, o), std::runtime_error);
}

// ---- Against the shared sets: SE's path never contradicts the solution.

std::size_t check_set(const std::string& name, std::size_t every, std::size_t limit,
                      std::uint64_t budget) {
  const auto path = std::filesystem::path(DLX_SHARED_DIR) / "corpus" / (name + ".answers");
  std::ifstream in(path);
  if (!in) return 0;
  std::size_t n = 0, index = 0;
  sudoku::grid puzzle, solution;
  for (std::string line; std::getline(in, line) && n < limit; ++index) {
    if (index % every != 0) continue;
    const auto a = line.find(':'), b = line.find(':', a + 1);
    if (sudoku::parse_sdm(line.substr(0, a), puzzle) ||
        sudoku::parse_sdm(line.substr(b + 1), solution)) {
      ADD_FAILURE() << line;
      continue;
    }
    ++n;
    const auto r = sudoku::rate_se(puzzle, traced(budget));
    if (r.outcome == sudoku::se_rating::outcome::unknown) continue;
    EXPECT_EQ(r.outcome, sudoku::se_rating::outcome::rated) << line;
    for (const auto& s : r.steps) {
      for (const auto& c : s.placed)
        EXPECT_EQ(solution.at(static_cast<int>(c.cell / 9), static_cast<int>(c.cell % 9)), c.digit)
            << line << ": " << s.technique << " placed a wrong digit";
      for (const auto& c : s.eliminated)
        EXPECT_NE(solution.at(static_cast<int>(c.cell / 9), static_cast<int>(c.cell % 9)), c.digit)
            << line << ": " << s.technique << " removed the true digit";
    }
    EXPECT_EQ(r.reached, solution) << line;
  }
  return n;
}

TEST(SeRatingSharedSets, SeventeenCluePathsAgreeWithTheSolution) {
  if (check_set("17-clue", 250, 200, 0) == 0) GTEST_SKIP() << "shared corpus absent";
}

TEST(SeRatingSharedSets, Top1465PathsAgreeWithTheSolution) {
  if (check_set("magictour-top1465", 40, 40, 20'000'000) == 0)
    GTEST_SKIP() << "shared corpus absent";
}

}  // namespace
