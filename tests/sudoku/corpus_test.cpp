// The bundled corpus against its expected answers, and the team's shared sets
// (published puzzle collections with independently checked answers).
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sudoku/generator.hpp>
#include <sudoku/logic.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text.hpp>
#include <sudoku/validate.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace {

namespace fs = std::filesystem;

struct answer {
  std::string puzzle;
  std::uint64_t count = 0;
  std::string solution;  // may be empty
};

std::vector<answer> read_answers(const fs::path& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::vector<answer> answers;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto a = line.find(':'), b = line.find(':', a + 1);
    EXPECT_NE(b, std::string::npos) << line;
    answers.push_back(
        {line.substr(0, a), std::stoull(line.substr(a + 1, b - a - 1)), line.substr(b + 1)});
  }
  return answers;
}

// Checks every answer: the count to 2, and the solution when one is given.
void check_answers(const std::vector<answer>& answers, const std::string& what) {
  std::map<std::pair<int, int>, std::unique_ptr<sudoku::solver>> solvers;
  sudoku::grid puzzle, solution;
  std::size_t wrong = 0;
  for (const auto& a : answers) {
    if (auto e = sudoku::parse_sdm(a.puzzle, puzzle)) {
      ADD_FAILURE() << what << ": " << a.puzzle << ": " << e->message;
      continue;
    }
    auto& s = solvers[{puzzle.shape().box_rows, puzzle.shape().box_cols}];
    if (!s) s = std::make_unique<sudoku::solver>(puzzle.shape());
    const auto counted = s->count(puzzle, 2);
    if (counted.solutions != a.count && ++wrong < 10) {
      ADD_FAILURE() << what << ": " << a.puzzle << ": counted " << counted.solutions
                    << ", expected " << a.count;
    }
    if (a.count == 0) continue;
    const auto solved = s->solve(puzzle, solution);
    if (solved.status != sudoku::status::solved) {
      ADD_FAILURE() << what << ": " << a.puzzle << " not solved";
      continue;
    }
    const auto check = sudoku::check_solution(puzzle, solution);
    if (!check.ok() && ++wrong < 10) {
      ADD_FAILURE() << what << ": " << a.puzzle << ": " << check.message(puzzle.shape());
    }
    if (a.count == 1 && !a.solution.empty() && sudoku::to_sdm(solution) != a.solution &&
        ++wrong < 10) {
      ADD_FAILURE() << what << ": " << a.puzzle << ": solved to " << sudoku::to_sdm(solution)
                    << ", expected " << a.solution;
    }
  }
  EXPECT_EQ(wrong, 0u) << what;
}

const fs::path corpus_dir = fs::path(DLX_SOURCE_DIR) / "corpus";
const fs::path shared_dir = fs::path(DLX_SHARED_DIR) / "corpus";

TEST(Corpus, ExpectedAnswersHold) {
  const auto answers = read_answers(corpus_dir / "expected.answers");
  ASSERT_GE(answers.size(), 20u);
  check_answers(answers, "corpus/expected.answers");
}

TEST(Corpus, EveryBundledPuzzleHasAnExpectedAnswer) {
  std::set<std::string> expected;
  for (const auto& a : read_answers(corpus_dir / "expected.answers"))
    expected.insert(a.puzzle);
  std::set<std::string> bundled;
  for (const auto& entry : fs::recursive_directory_iterator(corpus_dir)) {
    if (entry.path().extension() != ".sdm") continue;
    // corpus/generated has its own test (GeneratedSetsKeepTheirHeadersPromises),
    // corpus/variants its own (VariantCorpus).
    const auto folder = entry.path().parent_path().filename();
    if (folder == "generated" || folder == "variants") continue;
    std::ifstream in(entry.path());
    std::size_t line_number = 0;
    for (std::string line; std::getline(in, line);) {
      ++line_number;
      if (sudoku::is_skippable(line)) continue;
      sudoku::grid g;
      sudoku::sdm_fields fields;
      ASSERT_FALSE(sudoku::parse_sdm(line, g, std::nullopt, &fields))
          << entry.path() << ":" << line_number;
      const std::string puzzle = line.substr(fields.grid_offset, g.cells().size());
      EXPECT_TRUE(expected.count(puzzle)) << entry.path() << ":" << line_number << " has no answer";
      bundled.insert(puzzle);
    }
  }
  for (const auto& p : expected)
    EXPECT_TRUE(bundled.count(p)) << p << " is in no corpus file";
}

void check_shared_set(const std::string& name) {
  const auto path = shared_dir / (name + ".answers");
  if (!fs::exists(path)) GTEST_SKIP() << path << " is absent";
  const auto answers = read_answers(path);
  ASSERT_GT(answers.size(), 100u);
  check_answers(answers, name);
}

TEST(SharedCorpus, Kaggle20k) {
  check_shared_set("kaggle-20k");
}
TEST(SharedCorpus, SeventeenClue) {
  check_shared_set("17-clue");
}
TEST(SharedCorpus, MagictourTop1465) {
  check_shared_set("magictour-top1465");
}
TEST(SharedCorpus, ForumHardest1106) {
  check_shared_set("forum-hardest-1106");
}

// tdoku's write-up (t-dillon/tdoku, docs/sudoku.md, "The Fast SIMD Solver")
// publishes for magictour top1465: 9.08 guesses a puzzle, 7.9% of puzzles
// solved without one. The structure search, counting to 2 (the whole tree of
// a unique puzzle), must guess no more, and settle at least as many without a
// guess: its inference is tdoku's (mini-line triples both ways: k digits sure
// in a mini-line rule the others out, bench/README.md, issue 28, idea 72).
TEST(SharedCorpus, MagictourTop1465GuessesNoMoreThanTdoku) {
  const auto path = shared_dir / "magictour-top1465.answers";
  if (!fs::exists(path)) GTEST_SKIP() << path << " is absent";
  const auto answers = read_answers(path);
  ASSERT_EQ(answers.size(), 1465u);
  sudoku::solver s;
  sudoku::grid puzzle;
  std::uint64_t guesses = 0, without = 0;
  for (const auto& a : answers) {
    ASSERT_FALSE(sudoku::parse_sdm(a.puzzle, puzzle));
    const auto r = s.count(puzzle, 2);
    ASSERT_EQ(r.solutions, 1u) << a.puzzle;
    guesses += r.guesses;
    without += r.guesses == 0;
  }
  EXPECT_LE(static_cast<double>(guesses) / 1465, 9.08);
  EXPECT_GE(static_cast<double>(without) / 1465, 0.079);
}

// No 16-clue Sudoku has a unique solution (McGuire, Tugemann and Civario, 2012),
// so removing any one clue from a 17-clue puzzle must leave at least two solutions.
TEST(SharedCorpus, SeventeenClueMinusAnyClueIsNotUnique) {
  const auto path = shared_dir / "17-clue.answers";
  if (!fs::exists(path)) GTEST_SKIP() << path << " is absent";
  const auto answers = read_answers(path);
  sudoku::solver s;
  sudoku::grid puzzle;
  for (std::size_t k = 0; k < 40 && k < answers.size(); ++k) {
    ASSERT_FALSE(sudoku::parse_sdm(answers[k].puzzle, puzzle));
    ASSERT_EQ(puzzle.given_count(), 17);
    for (std::size_t cell = 0; cell < 81; ++cell) {
      if (puzzle[cell] == 0) continue;
      sudoku::grid fewer = puzzle;
      fewer.cells()[cell] = 0;
      EXPECT_EQ(s.count(fewer, 2).status, sudoku::status::multiple)
          << answers[k].puzzle << " without " << sudoku::cell_name(puzzle.shape(), cell);
    }
  }
}

}  // namespace

namespace {

// Both engines give the same solution and the same search statistics for every
// puzzle (a sample of each shared set, the bundled corpus when absent).
TEST(SharedCorpus, EnginesAgreePuzzleByPuzzle) {
  std::vector<std::string> puzzles;
  for (const char* set : {"kaggle-20k", "17-clue", "magictour-top1465", "forum-hardest-1106"}) {
    const auto path = shared_dir / (std::string(set) + ".answers");
    if (!fs::exists(path)) continue;
    const auto answers = read_answers(path);
    for (std::size_t k = 0; k < answers.size() && k < 150; ++k)
      puzzles.push_back(answers[k].puzzle);
  }
  for (const auto& a : read_answers(corpus_dir / "expected.answers")) {
    if (a.puzzle.size() == 81) puzzles.push_back(a.puzzle);
  }
  sudoku::solver links(sudoku::shape{}, dlx::engine_kind::dancing_links);
  sudoku::solver bits(sudoku::shape{}, dlx::engine_kind::bitset);
  links.set_propagation(dlx::propagation::none);  // Knuth's tree, in both engines
  bits.set_propagation(dlx::propagation::none);
  // And with propagation: forced moves (the same branches and answers), the
  // pair rule and the default, the structure search (the same answers, in a
  // smaller tree overall).
  sudoku::solver fast;
  fast.set_propagation(dlx::propagation::forced);
  sudoku::solver paired;
  paired.set_propagation(dlx::propagation::pairs);
  sudoku::solver grouped;
  ASSERT_EQ(grouped.propagation(), dlx::propagation::groups);
  sudoku::grid puzzle, x, y, z;
  std::uint64_t plain_nodes = 0, paired_nodes = 0, plain_branches = 0, paired_branches = 0;
  std::uint64_t plain_guesses = 0, paired_guesses = 0, grouped_guesses = 0, grouped_nodes = 0;
  for (const auto& p : puzzles) {
    ASSERT_FALSE(sudoku::parse_sdm(p, puzzle));
    for (std::uint64_t limit : {std::uint64_t{1}, std::uint64_t{2}}) {
      const auto a = limit == 1 ? links.solve(puzzle, x) : links.solve_unique(puzzle, x);
      const auto b = limit == 1 ? bits.solve(puzzle, y) : bits.solve_unique(puzzle, y);
      ASSERT_EQ(a.status, b.status) << p;
      ASSERT_EQ(a.nodes, b.nodes) << p;
      ASSERT_EQ(a.updates, b.updates) << p;
      ASSERT_EQ(a.branches, b.branches) << p;
      if (a.solutions) {
        ASSERT_EQ(x, y) << p;
      }
      const auto c = limit == 1 ? fast.solve(puzzle, z) : fast.solve_unique(puzzle, z);
      ASSERT_EQ(a.status, c.status) << p;
      ASSERT_EQ(a.branches, c.branches) << p;
      ASSERT_LE(c.nodes, a.nodes) << p;
      if (a.solutions) {
        ASSERT_EQ(x, z) << p;
      }
      // The pair rule and the structure search may change what a node branches
      // on, so with several solutions another may come first; a unique one is
      // the same.
      const auto same_answer = [&](sudoku::solver& s) {
        const auto r = limit == 1 ? s.solve(puzzle, z) : s.solve_unique(puzzle, z);
        EXPECT_EQ(a.status, r.status) << p;
        if (a.solutions) {
          if (a.status == sudoku::status::unique) {
            EXPECT_EQ(x, z) << p;
          }
          EXPECT_TRUE(sudoku::check_solution(puzzle, z).ok()) << p;
        }
        return r;
      };
      const auto d = same_answer(paired);
      const auto e = same_answer(grouped);
      if (HasFailure()) return;
      plain_nodes += a.nodes;
      paired_nodes += d.nodes;
      grouped_nodes += e.nodes;
      plain_branches += a.branches;
      paired_branches += d.branches;
      plain_guesses += a.guesses;
      paired_guesses += d.guesses;
      grouped_guesses += e.guesses;
    }
  }
  // The pair rule must actually prune (on the bundled corpus alone too), and
  // the structure search more.
  EXPECT_LT(paired_nodes, plain_nodes);
  EXPECT_LT(paired_branches, plain_branches);
  EXPECT_LT(grouped_nodes, paired_nodes);
  EXPECT_LT(grouped_guesses, paired_guesses);
  EXPECT_LT(paired_guesses, plain_guesses);
}

}  // namespace

namespace {

// The sets `sudoku generate` made for the project: each header records the
// command; every puzzle must keep its promises: one solution, the level its
// annotation and the header state, the symmetry, minimality when asked (or by
// default: no symmetry, no clue target, no difficulty).
TEST(Corpus, GeneratedSetsKeepTheirHeadersPromises) {
  std::size_t files = 0, puzzles = 0;
  for (const auto& entry : fs::directory_iterator(corpus_dir / "generated")) {
    if (entry.path().extension() != ".sdm") continue;
    ++files;
    std::ifstream in(entry.path());
    std::string header;
    std::getline(in, header);
    ASSERT_TRUE(header.starts_with("# sudoku generate ")) << entry.path();
    auto option = [&](const std::string& name) -> std::string {
      const auto at = header.find(" --" + name);
      if (at == std::string::npos) return "";
      const auto start = at + name.size() + 4;
      return header.substr(start, header.find(' ', start) - start);
    };
    const auto symmetry = *sudoku::parse_symmetry(option("symmetry"));
    const std::string difficulty = option("difficulty");
    const bool minimal = header.find(" --minimal") != std::string::npos ||
                         (symmetry == sudoku::clue_symmetry::none && difficulty.empty() &&
                          header.find(" --clues") == std::string::npos);
    std::unique_ptr<sudoku::solver> solver;
    std::unique_ptr<sudoku::logic_solver> logic;
    sudoku::grid puzzle;
    for (std::string line; std::getline(in, line);) {
      sudoku::sdm_fields fields;
      ASSERT_FALSE(sudoku::parse_sdm(line, puzzle, std::nullopt, &fields)) << line;
      if (!solver) {
        solver = std::make_unique<sudoku::solver>(puzzle.shape());
        logic = std::make_unique<sudoku::logic_solver>(puzzle.shape());
      }
      ++puzzles;
      ASSERT_EQ(solver->count(puzzle, 2).status, sudoku::status::unique) << line;
      const auto level = logic->run(puzzle).level;
      EXPECT_NE(fields.annotation.find("level=" + std::string(sudoku::to_string(level))),
                std::string::npos)
          << entry.path() << ": " << line;
      if (!difficulty.empty()) {
        EXPECT_EQ(sudoku::to_string(level), difficulty) << line;
      }
      EXPECT_TRUE(sudoku::has_symmetry(puzzle, symmetry)) << line;
      if (minimal && puzzle.size() <= 9) {
        for (std::size_t c = 0; c < puzzle.cells().size(); ++c) {
          if (puzzle[c] == 0) continue;
          sudoku::grid fewer = puzzle;
          fewer.cells()[c] = 0;
          EXPECT_EQ(solver->count(fewer, 2).status, sudoku::status::multiple) << line;
        }
      }
    }
  }
  EXPECT_GE(files, 9u);
  EXPECT_GE(puzzles, 700u);
}

}  // namespace
