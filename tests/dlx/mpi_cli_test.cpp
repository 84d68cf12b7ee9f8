// dlx-mpi over loopback: `mpirun --oversubscribe -np K` on this machine. The
// totals must be the published counts (OEIS A000170 for queens, A014552 doubled
// for Langford pairs, 9,356 pentomino packings of 6x10 counted with their 4
// symmetries) and the one-thread search's nodes and updates for every K; a
// killed checkpointed run must resume to the same totals without redoing or
// double-counting a piece.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "encoders.hpp"
#include "problem_text.hpp"
#include "run_command.hpp"

namespace {

using test_support::contains;
using test_support::lines_of;
using test_support::run_command;
using test_support::write_temp_file;

const std::string dlx_mpi = DLX_MPI;
const std::string mpiexec = DLX_MPIEXEC;

using test_support::as_text;

// The mpirun command line for `ranks` ranks on this machine.
std::vector<std::string> mpirun(int ranks, const std::vector<std::string>& args) {
  std::vector<std::string> argv{mpiexec, "--oversubscribe"};
  if (geteuid() == 0) argv.emplace_back("--allow-run-as-root");
  argv.insert(argv.end(), {"-np", std::to_string(ranks), dlx_mpi});
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

// Open MPI keeps allocations until exit: a leak checker in the sanitizer build
// would fail every run.
class DlxMpi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::string asan = std::getenv("ASAN_OPTIONS") ? std::getenv("ASAN_OPTIONS") : "";
    setenv("ASAN_OPTIONS", (asan.empty() ? "" : asan + ":").append("detect_leaks=0").c_str(), 1);
  }
};

// "S solutions, N nodes, U updates, C cleansings, B branches, max level L"
// from a --stats line of dlx or dlx-mpi.
std::string figures(const std::string& err) {
  const auto level = err.find("max level");
  if (level == std::string::npos) return "no figures in: " + err;
  const auto line = err.rfind('\n', level) == std::string::npos ? 0 : err.rfind('\n', level) + 1;
  const auto begin = err.find(": ", line);
  const auto end = err.find(", ", level);
  std::string out = err.substr(begin + 2, end - begin - 2);
  // dlx-mpi does not count guesses (its checkpoints keep the other figures only).
  if (const auto g = out.find(" guesses, "); g != std::string::npos) {
    const auto from = out.rfind(", ", g);
    out.erase(from, g + 8 - from);  // ", G guesses"
  }
  return out;
}

std::string one_thread_figures(const dlx::problem& p) {
  const auto r = dlx::solver(p).count();
  return std::to_string(r.solutions) + " solutions, " + std::to_string(r.nodes) + " nodes, " +
         std::to_string(r.updates) + " updates, " + std::to_string(r.cleansings) + " cleansings, " +
         std::to_string(r.branches) + " branches, max level " + std::to_string(r.max_level);
}

TEST_F(DlxMpi, OneToFourRanksGiveThePublishedCountsAndOneThreadsFigures) {
  struct published {
    const char* name;
    dlx::problem problem;
    const char* count;
  };
  const published cases[] = {{"queens-12.dlx", examples::queens(12), "14200\n"},
                             {"langford-11.dlx", examples::langford(11), "35584\n"},
                             {"matrices-6.dlx", examples::regular_matrices(6, 2), "67950\n"}};
  for (const auto& c : cases) {
    const auto path = write_temp_file(c.name, as_text(c.problem));
    const std::string expected = one_thread_figures(c.problem);
    for (int ranks = 1; ranks <= 4; ++ranks) {
      const auto r = run_command(mpirun(ranks, {"--count", "--stats", path}));
      EXPECT_EQ(r.exit_code, 0) << c.name << " " << ranks << ": " << r.err;
      EXPECT_EQ(r.out, c.count) << c.name << " " << ranks;
      EXPECT_EQ(figures(r.err), expected) << c.name << " " << ranks;
    }
  }
}

TEST_F(DlxMpi, ThreadsPerRankKeepTheFigures) {
  const auto p = examples::queens(11);
  const auto path = write_temp_file("queens-11.dlx", as_text(p));
  const auto r = run_command(mpirun(2, {"--count", "--stats", "--threads", "2", path}));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "2680\n");
  EXPECT_EQ(figures(r.err), one_thread_figures(p));
}

TEST_F(DlxMpi, PrintsEverySolutionOnceAndStopsAtALimit) {
  const auto text = as_text(examples::queens(8));
  const auto path = write_temp_file("queens-8.dlx", text);
  auto blocks = [](const std::string& out) {
    std::multiset<std::string> solutions;
    std::string block;
    for (const auto& line : lines_of(out + "\n")) {
      if (line.empty()) {
        if (!block.empty()) solutions.insert(block);
        block.clear();
      } else {
        block += line + "\n";
      }
    }
    return solutions;
  };
  const auto one = run_command({DLX_CLI, path});
  const auto many = run_command(mpirun(3, {path}));
  EXPECT_EQ(many.exit_code, 0) << many.err;
  EXPECT_EQ(blocks(many.out).size(), 92U);
  EXPECT_EQ(blocks(many.out), blocks(one.out));

  const auto limited = run_command(mpirun(3, {"--count", "--limit", "10", path}));
  EXPECT_EQ(limited.exit_code, 0) << limited.err;
  EXPECT_EQ(limited.out, "10\n");
  const auto listed = run_command(mpirun(2, {"--limit", "5", path}));
  EXPECT_EQ(blocks(listed.out).size(), 5U);
}

// Starts mpirun in a session of its own, so that the ranks can be killed with it.
pid_t start_session(const std::vector<std::string>& argv) {
  const pid_t pid = fork();
  if (pid == 0) {
    setsid();
    std::vector<char*> args;
    for (const auto& a : argv)
      args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execv(args[0], args.data());
    _exit(127);
  }
  return pid;
}

// SIGKILL to every process of a session: mpirun and the ranks it started
// (each rank leads a process group of its own, within mpirun's session).
void kill_session(pid_t session) {
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const pid_t pid = std::stoi(name);
    if (getsid(pid) == session) kill(pid, SIGKILL);
  }
  waitpid(session, nullptr, 0);
}

int recorded_pieces(const std::string& path) {
  std::ifstream in(path);
  int pieces = 0;
  for (std::string line; std::getline(in, line);)
    pieces += line.starts_with("piece ");
  return pieces;
}

TEST_F(DlxMpi, AKilledCheckpointedRunResumesToTheSameTotals) {
  // Queens 14: some seconds under the sanitizers, long enough to be killed
  // with most of its 2,000 pieces still to search.
  const auto p = examples::queens(14);
  const auto problem = write_temp_file("queens-14.dlx", as_text(p));
  const auto checkpoint = write_temp_file("queens-14.checkpoint", "");
  std::filesystem::remove(checkpoint);

  const pid_t run = start_session(
      mpirun(2, {"--count", "--checkpoint", checkpoint, "--pieces", "2000", problem}));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (recorded_pieces(checkpoint) < 50 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  kill_session(run);
  const int done = recorded_pieces(checkpoint);
  ASSERT_GE(done, 50);

  const auto resumed =
      run_command(mpirun(3, {"--count", "--stats", "--checkpoint", checkpoint, problem}));
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(resumed.out, "365596\n");
  EXPECT_EQ(figures(resumed.err), one_thread_figures(p));
  // The pieces recorded before the kill were not searched again (if the run
  // finished before it was killed, all were).
  EXPECT_TRUE(contains(resumed.err, std::to_string(done) + " done before")) << resumed.err;
  const auto pieces = lines_of(test_support::read_file(checkpoint))[2];
  EXPECT_TRUE(pieces.starts_with("split 2000 ")) << pieces;

  // Finished: a third run reads every piece from the checkpoint, and drops a
  // line torn by a kill while it was being written.
  std::ofstream(checkpoint, std::ios::app) << "piece 3 1";
  const auto again =
      run_command(mpirun(1, {"--count", "--stats", "--checkpoint", checkpoint, problem}));
  EXPECT_EQ(again.out, "365596\n");
  EXPECT_EQ(figures(again.err), one_thread_figures(p));
  EXPECT_TRUE(contains(again.err, "warning: incomplete last line ignored")) << again.err;
  EXPECT_TRUE(test_support::read_file(checkpoint).ends_with("\n"));
}

TEST_F(DlxMpi, BadCheckpointsAndUsageAreReported) {
  const auto problem = write_temp_file("queens-9.dlx", as_text(examples::queens(9)));
  const auto other = write_temp_file("queens-10.dlx", as_text(examples::queens(10)));
  const auto checkpoint = write_temp_file("queens-9.checkpoint", "");
  std::filesystem::remove(checkpoint);
  const auto first = run_command(mpirun(2, {"--count", "--checkpoint", checkpoint, problem}));
  ASSERT_EQ(first.out, "352\n") << first.err;

  const auto wrong_problem = run_command(mpirun(2, {"--count", "--checkpoint", checkpoint, other}));
  EXPECT_EQ(wrong_problem.exit_code, 2);
  EXPECT_TRUE(
      contains(wrong_problem.err, checkpoint + ":2:9: the checkpoint is of another problem"))
      << wrong_problem.err;
  EXPECT_EQ(wrong_problem.out, "");

  const auto broken = write_temp_file("broken.checkpoint", "dlx-checkpoint 1\nproblem xyz\n");
  const auto r = run_command(mpirun(2, {"--count", "--checkpoint", broken, problem}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(contains(r.err, broken + ":2:9: expected a 16-digit hexadecimal hash")) << r.err;

  const auto usage = run_command(mpirun(1, {"--checkpoint", checkpoint, problem}));
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_TRUE(contains(usage.err, "--checkpoint needs --count")) << usage.err;

  const auto bad_input = write_temp_file("bad.dlx", "a b\na c\n");
  const auto input = run_command(mpirun(3, {"--count", bad_input}));
  EXPECT_EQ(input.exit_code, 2);
  EXPECT_TRUE(contains(input.err, bad_input + ":2:3: ")) << input.err;
  // Rank 0 alone reports it.
  EXPECT_EQ(input.err.find(bad_input + ":2:3"), input.err.rfind(bad_input + ":2:3")) << input.err;
}

}  // namespace
