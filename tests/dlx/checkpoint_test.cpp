// The checkpoint format of a split search (dlx/checkpoint.hpp): written and
// read back alike, a torn last line dropped with a warning, everything else
// wrong located. The fingerprint is FNV-1a, checked against its published
// test vectors. A kept checkpoint file: started, appended to, resumed, its
// torn last line dropped, a checkpoint of another search refused at the field
// that differs. (Each mistake as the dlx-mpi command reports it is in the
// hardening catalogue.)
#include <gtest/gtest.h>
#include <dlx/checkpoint.hpp>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "run_command.hpp"

namespace {

dlx::checkpoint read_checkpoint_text(const std::string& text) {
  std::istringstream in(text);
  return dlx::read_checkpoint(in, "run.checkpoint");
}

std::string error_of(const std::string& text) {
  try {
    read_checkpoint_text(text);
  } catch (const dlx::parse_error& e) {
    return e.what();
  }
  return "no error";
}

TEST(Checkpoint, HashIsFnv1a64) {
  // The FNV reference test vectors (Fowler, Noll, Vo).
  EXPECT_EQ(dlx::hash_text(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(dlx::hash_text("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(dlx::hash_text("foobar"), 0x85944171f73967e8ULL);
}

TEST(Checkpoint, PiecesHashTellsSplitsApart) {
  const std::vector<dlx::search_node> a{{1, 2}, {3}};
  const std::vector<dlx::search_node> b{{1}, {2, 3}};
  EXPECT_NE(dlx::hash_pieces(a), dlx::hash_pieces(b));
  EXPECT_EQ(dlx::hash_pieces(a), dlx::hash_pieces(std::vector<dlx::search_node>{{1, 2}, {3}}));
}

TEST(Checkpoint, WrittenAndReadBackAlike) {
  const dlx::checkpoint_header header{0x0123456789abcdefULL, 256, 300, 0xfedcba9876543210ULL};
  dlx::finished_piece p;
  p.piece = 299;
  p.counts.solutions = 18446744073709551615ULL;  // 2^64 - 1: every counter is 64-bit
  p.counts.nodes = 2;
  p.counts.updates = 3;
  p.counts.cleansings = 4;
  p.counts.branches = 5;
  p.counts.forced = 6;
  p.counts.eliminated = 7;
  p.counts.max_level = 8;
  const std::string text = dlx::format_checkpoint_header(header) + dlx::format_finished_piece(p);
  EXPECT_EQ(text,
            "dlx-checkpoint 1\nproblem 0123456789abcdef\nsplit 256 300 fedcba9876543210\n"
            "piece 299 18446744073709551615 2 3 4 5 6 7 8\n");
  const auto back = read_checkpoint_text(text);
  EXPECT_EQ(back.header, header);
  ASSERT_EQ(back.finished.size(), 1U);
  EXPECT_EQ(back.finished[0].piece, 299U);
  EXPECT_EQ(back.finished[0].counts.solutions, p.counts.solutions);
  EXPECT_EQ(back.finished[0].counts.max_level, 8U);
  EXPECT_TRUE(back.warnings.empty());
}

TEST(Checkpoint, ATornLastLineIsDroppedWithAWarning) {
  const std::string header =
      "dlx-checkpoint 1\nproblem 0000000000000001\nsplit 4 4 0000000000000002\n";
  const auto c = read_checkpoint_text(header + "piece 0 1 1 1 0 0 0 0 1\npiece 1 2 3");
  EXPECT_EQ(c.finished.size(), 1U);
  ASSERT_EQ(c.warnings.size(), 1U);
  EXPECT_EQ(c.warnings[0].to_string(),
            "run.checkpoint:5:12: warning: incomplete last line ignored (the run stopped while "
            "writing it)");
}

TEST(Checkpoint, MistakesAreLocated) {
  const std::string header =
      "dlx-checkpoint 1\nproblem 0000000000000001\nsplit 4 4 0000000000000002\n";
  EXPECT_EQ(error_of(""),
            "run.checkpoint:1:1: incomplete checkpoint header (expected "
            "'dlx-checkpoint 1', 'problem', 'split' lines)");
  EXPECT_EQ(error_of("dlx-checkpoint 1\nproblem 12\n"),
            "run.checkpoint:2:9: expected a 16-digit hexadecimal hash, got '12'");
  EXPECT_EQ(error_of("dlx-checkpoint 1\r\n"), "run.checkpoint:1:16: expected a version, got '1\r'");
  EXPECT_EQ(error_of(header + "piece 4 0 0 0 0 0 0 0 0\n"),
            "run.checkpoint:4:7: piece 4 is out of range: the split made 4");
  EXPECT_EQ(error_of(header + "piece 0 0 0 0 0 0 0 0 4294967296\n"),
            "run.checkpoint:4:23: the level is out of range");
  EXPECT_EQ(error_of(header + "pieces 0\n"), "run.checkpoint:4:1: expected 'piece', got 'pieces'");
  EXPECT_EQ(error_of(header + "\n"), "run.checkpoint:4:1: expected 'piece'");
}

dlx::finished_piece piece(std::uint64_t number, std::uint64_t solutions) {
  dlx::finished_piece p;
  p.piece = number;
  p.counts.solutions = solutions;
  p.counts.nodes = 10 * solutions;
  p.counts.max_level = 3;
  return p;
}

TEST(Checkpoint, AKeptFileStartsResumesAndLosesItsTornLine) {
  const std::string path = test_support::write_temp_file("run.checkpoint", "");
  std::filesystem::remove(path);
  EXPECT_FALSE(dlx::load_checkpoint(path).has_value());  // no file: a fresh run
  const dlx::checkpoint_header header{1, 4, 5, 2};
  const std::string header_text = dlx::format_checkpoint_header(header);
  const std::string line0 = dlx::format_finished_piece(piece(0, 7));
  const std::string line3 = dlx::format_finished_piece(piece(3, 8));
  {
    dlx::checkpoint_writer record(path, header);
    EXPECT_EQ(test_support::read_file(path), header_text);
    record.append(piece(0, 7));
  }
  EXPECT_EQ(test_support::read_file(path), header_text + line0);

  // Resumed: the file is kept as it is and appended to.
  auto previous = dlx::load_checkpoint(path);
  ASSERT_TRUE(previous.has_value());
  EXPECT_EQ(dlx::pieces_to_resume(*previous, path, 1, "p.dlx", 0), 4U);
  EXPECT_EQ(dlx::pieces_to_resume(*previous, path, 1, "p.dlx", 4), 4U);
  dlx::check_checkpoint_split(*previous, path, header);
  {
    dlx::checkpoint_writer record(path, header, &*previous);
    record.append(piece(3, 8));
  }
  EXPECT_EQ(test_support::read_file(path), header_text + line0 + line3);

  // A run killed while writing: the torn line is gone when the next one starts.
  std::ofstream(path, std::ios::app | std::ios::binary) << "piece 1 2";
  previous = dlx::load_checkpoint(path);
  ASSERT_TRUE(previous.has_value());
  ASSERT_EQ(previous->warnings.size(), 1U);
  EXPECT_EQ(previous->finished.size(), 2U);
  {
    dlx::checkpoint_writer record(path, header, &*previous);
    EXPECT_EQ(test_support::read_file(path), header_text + line0 + line3);
    record.append(piece(1, 9));
  }
  EXPECT_EQ(test_support::read_file(path),
            header_text + line0 + line3 + dlx::format_finished_piece(piece(1, 9)));
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
}

TEST(Checkpoint, AnotherSearchsCheckpointIsRefusedWhereItDiffers) {
  dlx::checkpoint previous;
  previous.header = {1, 256, 300, 2};
  auto error = [&](auto&& check) -> std::string {
    try {
      check();
    } catch (const dlx::parse_error& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error([&] { dlx::pieces_to_resume(previous, "run.checkpoint", 9, "q10.dlx", 0); }),
            "run.checkpoint:2:9: the checkpoint is of another problem than q10.dlx");
  EXPECT_EQ(error([&] { dlx::pieces_to_resume(previous, "run.checkpoint", 1, "q9.dlx", 7); }),
            "run.checkpoint:3:7: the checkpoint splits into 256 pieces, not --pieces 7");
  EXPECT_EQ(error([&] {
              dlx::check_checkpoint_split(previous, "run.checkpoint", {1, 256, 301, 2});
            }),
            "run.checkpoint:3:7: the checkpoint's pieces are not this search's (another version "
            "of dlx-mpi?)");
  EXPECT_EQ(error([&] {
              dlx::check_checkpoint_split(previous, "run.checkpoint", {1, 256, 300, 2});
            }),
            "no error");
}

TEST(Checkpoint, AFileThatCannotBeWrittenIsNamed) {
  const std::string dir = test_support::write_temp_file("placeholder", "");
  const std::string path = dir + ".d/no/such/run.checkpoint";
  try {
    dlx::checkpoint_writer record(path, {1, 4, 5, 2});
    ADD_FAILURE() << "written";
  } catch (const dlx::checkpoint_file_error& e) {
    EXPECT_EQ(std::string(e.what()), path + ": cannot write: No such file or directory");
    EXPECT_EQ(e.error_number(), ENOENT);
  }
}

}  // namespace
