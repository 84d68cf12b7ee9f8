// dlx-mpi: one exact-cover search spread over the ranks of an MPI job.
//
// Rank 0 reads the problem and sends its text to every rank, so that all build
// the same solver. It splits the search into pieces (dlx::solver::split: the
// same pieces every time for the same problem), hands them out one at a time
// to whichever rank asks (a rank asks when it has finished its last piece: the
// load balances itself), searches pieces itself on a second thread, adds up
// the totals in arbitrary precision and prints them as `dlx` does. With
// --checkpoint it records each finished piece, so a killed run resumes where it
// stopped. Only rank 0's main thread calls MPI (MPI_THREAD_FUNNELED).
#include <fmt/format.h>
#include <mpi.h>
#include <unistd.h>

#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <dlx/checkpoint.hpp>
#include <dlx/format.hpp>
#include <dlx/solver.hpp>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include "cli.hpp"
#include "output.hpp"

namespace {

using big = boost::multiprecision::cpp_int;

constexpr int exit_output = 4;  // standard output or the checkpoint could not be written

// Message tags. A worker asks for work; rank 0 answers each request with a
// piece or with stop, in order; a worker reports each finished piece's totals;
// solutions travel to rank 0 to be printed (before their piece's report).
enum tag : int { tag_request = 1, tag_work = 2, tag_stop = 3, tag_solution = 4, tag_report = 5 };
// Requests a worker keeps open: it asks for the next piece as it starts one,
// so that the answer's trip over the network overlaps the search. A worker
// sends `prefetch` requests, then one more for each piece it is given.
constexpr std::uint64_t prefetch = 2;
// A piece's totals on the wire: piece, status, then the counters.
constexpr int report_words = 10;

struct settings {
  bool count_only = false;
  bool stats = false;
  bool help = false;
  bool version = false;
  std::uint64_t limit = 0;
  unsigned threads = 1;
  std::uint64_t pieces = 0;  // 0: 256 per rank
  std::optional<std::string> checkpoint;
  std::string file;
};

std::array<std::uint64_t, report_words> encode(std::uint64_t piece, const dlx::search_result& r) {
  return {piece,        static_cast<std::uint64_t>(r.status),
          r.solutions,  r.nodes,
          r.updates,    r.cleansings,
          r.branches,   r.forced,
          r.eliminated, r.max_level};
}

dlx::search_result decode(const std::array<std::uint64_t, report_words>& w) {
  dlx::search_result r;
  r.status = static_cast<dlx::search_status>(w[1]);
  r.solutions = w[2];
  r.nodes = w[3];
  r.updates = w[4];
  r.cleansings = w[5];
  r.branches = w[6];
  r.forced = w[7];
  r.eliminated = w[8];
  r.max_level = static_cast<std::uint32_t>(w[9]);
  return r;
}

// Totals wider than 64 bits: a count split over many machines may pass 2^64.
struct totals {
  big solutions, nodes, updates, cleansings, branches;
  std::uint32_t max_level = 0;
  void add(const dlx::search_result& r) {
    solutions += r.solutions;
    nodes += r.nodes;
    updates += r.updates;
    cleansings += r.cleansings;
    branches += r.branches;
    max_level = std::max(max_level, r.max_level);
  }
};

// Searches one piece: counts it, or hands each solution to `deliver`.
template <class Deliver>
dlx::search_result search_piece(dlx::solver& solver, const settings& s,
                                std::span<const dlx::option_id> path, Deliver&& deliver) {
  dlx::search_options options;
  options.limit = s.limit;
  options.threads = s.threads;
  options.subtree = path;
  if (s.count_only) return solver.count(options);
  return solver.enumerate(
      [&](std::span<const dlx::option_id> found) {
        deliver(found);
        return dlx::visit::next;
      },
      options);
}

// ---- Ranks other than 0: ask, search, report, until told to stop.

void serve(dlx::solver& solver, const settings& s) {
  std::vector<std::uint64_t> work;
  std::vector<dlx::option_id> path;
  std::vector<std::uint32_t> solution;
  const auto ask = [] { MPI_Send(nullptr, 0, MPI_UINT64_T, 0, tag_request, MPI_COMM_WORLD); };
  std::uint64_t open = prefetch;
  for (std::uint64_t i = 0; i < prefetch; ++i)
    ask();
  bool stopped = false;
  while (open > 0) {
    MPI_Status status;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    int count = 0;
    MPI_Get_count(&status, MPI_UINT64_T, &count);
    work.resize(static_cast<std::size_t>(std::max(count, 1)));
    MPI_Recv(work.data(), count, MPI_UINT64_T, 0, status.MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    --open;
    // After a stop only stops come: the answers to the requests still open.
    if (status.MPI_TAG == tag_stop || stopped) {
      stopped = true;
      continue;
    }
    ask();
    ++open;
    path.assign(work.begin() + 1, work.begin() + count);
    const dlx::search_result r =
        search_piece(solver, s, path, [&](std::span<const dlx::option_id> found) {
          solution.assign(found.begin(), found.end());
          MPI_Send(solution.data(), static_cast<int>(solution.size()), MPI_UINT32_T, 0,
                   tag_solution, MPI_COMM_WORLD);
        });
    const auto report = encode(work[0], r);
    MPI_Send(report.data(), report_words, MPI_UINT64_T, 0, tag_report, MPI_COMM_WORLD);
  }
}

// ---- Rank 0.

// The pieces not handed out yet, shared by rank 0's main thread (which hands
// them to the other ranks) and its local worker.
class piece_queue {
 public:
  void push(std::uint64_t piece) {
    const std::lock_guard lock(mutex_);
    pending_.push_back(piece);
  }
  std::optional<std::uint64_t> pop() {
    const std::lock_guard lock(mutex_);
    if (pending_.empty() || closed_) return std::nullopt;
    const std::uint64_t piece = pending_.front();
    pending_.pop_front();
    return piece;
  }
  // No more pieces go out (the limit is reached).
  void close() {
    const std::lock_guard lock(mutex_);
    closed_ = true;
  }

 private:
  std::mutex mutex_;
  std::deque<std::uint64_t> pending_;
  bool closed_ = false;
};

// Pieces searched on rank 0 itself, on a thread of its own that takes them
// from the queue; what it finds goes back to the main thread, which alone
// talks MPI and prints.
class local_worker {
 public:
  local_worker(dlx::solver solver, const settings& s, const dlx::search_split& split,
               piece_queue& queue)
      : solver_(std::move(solver)), s_(s), split_(split), queue_(queue) {}
  ~local_worker() { join(); }

  void start() {
    thread_ = std::thread([this] { run(); });
  }
  void join() {
    if (thread_.joinable()) thread_.join();
  }
  [[nodiscard]] bool done() {
    const std::lock_guard lock(mutex_);
    return done_;
  }
  // Solutions and finished pieces since the last call.
  void collect(std::vector<std::vector<dlx::option_id>>& solutions,
               std::vector<std::pair<std::uint64_t, dlx::search_result>>& finished) {
    const std::lock_guard lock(mutex_);
    solutions.insert(solutions.end(), std::make_move_iterator(solutions_.begin()),
                     std::make_move_iterator(solutions_.end()));
    solutions_.clear();
    finished.insert(finished.end(), finished_.begin(), finished_.end());
    finished_.clear();
  }

 private:
  void run() {
    while (const auto piece = queue_.pop()) {
      const dlx::search_result r = search_piece(
          solver_, s_, split_.pieces[*piece], [&](std::span<const dlx::option_id> found) {
            const std::lock_guard lock(mutex_);
            solutions_.emplace_back(found.begin(), found.end());
          });
      const std::lock_guard lock(mutex_);
      finished_.emplace_back(*piece, r);
    }
    const std::lock_guard lock(mutex_);
    done_ = true;
  }

  dlx::solver solver_;
  const settings& s_;
  const dlx::search_split& split_;
  piece_queue& queue_;
  std::thread thread_;
  std::mutex mutex_;  // guards what follows
  bool done_ = false;
  std::vector<std::vector<dlx::option_id>> solutions_;
  std::vector<std::pair<std::uint64_t, dlx::search_result>> finished_;
};

class coordinator {
 public:
  coordinator(dlx::solver& solver, const dlx::dlx_file& file, const settings& s, int ranks,
              std::uint64_t problem_hash)
      : solver_(solver), file_(file), s_(s), ranks_(ranks), problem_hash_(problem_hash) {}

  // Everything after the problem is read; returns the exit code.
  int run() {
    const auto started = std::chrono::steady_clock::now();
    if (!prepare()) {
      stop_workers();
      return tools::exit_usage;
    }
    try {
      // The solutions met while splitting (none in a resumed run: a
      // checkpoint is for counts) come first.
      for (const auto& solution : split_.solutions)
        found(solution);
      hand_out();
    } catch (const tools::output_error& e) {
      fmt::print(stderr, "dlx-mpi: {}\n", e.what());
      MPI_Abort(MPI_COMM_WORLD, exit_output);
    }
    progress_.clear();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    big shown = total_.solutions;
    const bool limited = s_.limit != 0 && total_.solutions >= s_.limit;
    if (limited) shown = s_.limit;
    try {
      if (s_.count_only) out_.line(shown.str());
      out_.flush();
    } catch (const tools::output_error& e) {
      if (e.error_number() == EPIPE) return 128 + 13;
      fmt::print(stderr, "dlx-mpi: {}\n", e.what());
      return exit_output;
    }
    if (s_.stats) {
      fmt::print(stderr,
                 "dlx-mpi: {} solutions, {} nodes, {} updates, {} cleansings, {} branches, max "
                 "level {}, {:.3f} s ({}, {} rank{}, {} thread{} each, {} pieces, {} done "
                 "before)\n",
                 shown.str(), total_.nodes.str(), total_.updates.str(), total_.cleansings.str(),
                 total_.branches.str(), total_.max_level, seconds,
                 limited ? "limit_reached" : "complete", ranks_, ranks_ == 1 ? "" : "s", s_.threads,
                 s_.threads == 1 ? "" : "s", split_.pieces.size(), resumed_);
    }
    return shown == 0 ? tools::exit_no_solution : tools::exit_ok;
  }

 private:
  // Splits the search and reads or starts the checkpoint; false (reported) on
  // a checkpoint that cannot be used.
  bool prepare() {
    std::uint64_t asked = s_.pieces ? s_.pieces : 256 * static_cast<std::uint64_t>(ranks_);
    std::optional<dlx::checkpoint> previous;
    if (s_.checkpoint && std::filesystem::exists(*s_.checkpoint)) {
      std::ifstream in(*s_.checkpoint, std::ios::binary);
      if (!in) {
        fmt::print(stderr, "dlx-mpi: {}: cannot open: {}\n", *s_.checkpoint, std::strerror(errno));
        return false;
      }
      try {
        previous = dlx::read_checkpoint(in, *s_.checkpoint);
      } catch (const dlx::parse_error& e) {
        fmt::print(stderr, "{}\n", e.what());  // located, as dlx reports its input
        return false;
      }
      for (const auto& w : previous->warnings)
        fmt::print(stderr, "{}\n", w.to_string());
      if (previous->header.problem_hash != problem_hash_) {
        fmt::print(stderr, "{}:2:9: the checkpoint is of another problem than {}\n", *s_.checkpoint,
                   s_.file);
        return false;
      }
      if (s_.pieces && s_.pieces != previous->header.pieces_asked) {
        fmt::print(stderr, "{}:3:7: the checkpoint splits into {} pieces, not --pieces {}\n",
                   *s_.checkpoint, previous->header.pieces_asked, s_.pieces);
        return false;
      }
      asked = previous->header.pieces_asked;
    }
    split_ = solver_.split(asked);
    const dlx::checkpoint_header header{problem_hash_, asked, split_.pieces.size(),
                                        dlx::hash_pieces(split_.pieces)};
    done_.assign(split_.pieces.size(), false);
    total_.add(split_.above);
    if (previous) {
      if (!(previous->header == header)) {
        fmt::print(stderr,
                   "{}:3:7: the checkpoint's pieces are not this search's (another "
                   "version of dlx-mpi?)\n",
                   *s_.checkpoint);
        return false;
      }
      for (const auto& f : previous->finished) {
        done_[f.piece] = true;
        total_.add(f.counts);
        done_weight_ += split_.weights[f.piece];
        ++resumed_;
      }
      // Drop a torn last line: rewrite the file as read, so appends start clean.
      if (!previous->warnings.empty()) {
        std::string text = dlx::format_checkpoint_header(header);
        for (const auto& f : previous->finished)
          text += dlx::format_finished_piece(f);
        if (!write_whole(*s_.checkpoint, text)) return false;
      }
    } else if (s_.checkpoint) {
      if (!write_whole(*s_.checkpoint, dlx::format_checkpoint_header(header))) return false;
    }
    if (s_.checkpoint) {
      record_ = std::fopen(s_.checkpoint->c_str(), "ab");
      if (record_ == nullptr) {
        fmt::print(stderr, "dlx-mpi: {}: cannot write: {}\n", *s_.checkpoint, std::strerror(errno));
        return false;
      }
    }
    for (std::uint64_t i = 0; i < split_.pieces.size(); ++i) {
      if (!done_[i]) pending_.push(i);
    }
    return true;
  }

  // Writes a file whole (through a temporary and a rename, so that a killed
  // run leaves the old file or the new one, never half of one).
  static bool write_whole(const std::string& path, const std::string& text) {
    const std::string temporary = path + ".tmp";
    std::FILE* f = std::fopen(temporary.c_str(), "wb");
    bool ok = f != nullptr && std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (f != nullptr) ok = std::fclose(f) == 0 && ok;
    if (ok) ok = std::rename(temporary.c_str(), path.c_str()) == 0;
    if (!ok) fmt::print(stderr, "dlx-mpi: {}: cannot write: {}\n", path, std::strerror(errno));
    return ok;
  }

  void found(std::span<const dlx::option_id> solution) {
    ++printed_;
    if (s_.count_only || (s_.limit != 0 && printed_ > s_.limit)) return;
    tools::write_solution_lines(out_, file_.problem, solution, printed_);
  }

  void finished(std::uint64_t piece, const dlx::search_result& r) {
    total_.add(r);
    if (s_.limit != 0 && total_.solutions >= s_.limit) pending_.close();
    done_weight_ += split_.weights[piece];
    ++finished_;
    if (record_ != nullptr && r.status == dlx::search_status::complete) {
      const std::string line = dlx::format_finished_piece({piece, r});
      if (std::fwrite(line.data(), 1, line.size(), record_) != line.size() ||
          std::fflush(record_) != 0) {
        fmt::print(stderr, "dlx-mpi: {}: cannot write: {}\n", *s_.checkpoint, std::strerror(errno));
        MPI_Abort(MPI_COMM_WORLD, exit_output);
      }
    }
  }

  void hand_out() {
    local_worker local(solver_, s_, split_, pending_);
    local.start();
    // Per rank: pieces sent, requests answered. A rank has sent its last request
    // once it has had an answer to `prefetch` more requests than it had pieces.
    sent_.assign(static_cast<std::size_t>(ranks_), 0);
    answered_.assign(static_cast<std::size_t>(ranks_), 0);
    int serving = ranks_ - 1;  // ranks with requests still to come
    std::vector<std::uint64_t> message;
    std::vector<std::vector<dlx::option_id>> local_solutions;
    std::vector<std::pair<std::uint64_t, dlx::search_result>> local_finished;
    bool local_done = false;
    while (serving > 0 || in_flight_ > 0 || !local_done) {
      local_done = local.done();
      bool busy = false;
      int flag = 0;
      MPI_Status status;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
      if (flag) {
        busy = true;
        receive(status, serving, message);
      }
      local.collect(local_solutions, local_finished);
      for (const auto& solution : local_solutions)
        found(solution);
      for (const auto& [piece, r] : local_finished)
        finished(piece, r);
      busy = busy || !local_solutions.empty() || !local_finished.empty();
      local_solutions.clear();
      local_finished.clear();
      show_progress();
      // Nothing to do: wait a little rather than spin (MPI's own waits spin).
      // The ranks have their next piece at hand meanwhile (see prefetch).
      if (!busy) std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    local.join();
    local.collect(local_solutions, local_finished);
    for (const auto& solution : local_solutions)
      found(solution);
    for (const auto& [piece, r] : local_finished)
      finished(piece, r);
  }

  void receive(const MPI_Status& status, int& serving, std::vector<std::uint64_t>& message) {
    const int from = status.MPI_SOURCE;
    const auto rank = static_cast<std::size_t>(from);
    if (status.MPI_TAG == tag_solution) {
      int count = 0;
      MPI_Get_count(&status, MPI_UINT32_T, &count);
      std::vector<dlx::option_id> solution(static_cast<std::size_t>(count));
      MPI_Recv(solution.data(), count, MPI_UINT32_T, from, tag_solution, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      found(solution);
      return;
    }
    if (status.MPI_TAG == tag_report) {
      std::array<std::uint64_t, report_words> report{};
      MPI_Recv(report.data(), report_words, MPI_UINT64_T, from, tag_report, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
      finished(report[0], decode(report));
      --in_flight_;
      return;
    }
    MPI_Recv(nullptr, 0, MPI_UINT64_T, from, tag_request, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ++answered_[rank];
    if (const auto piece = pending_.pop()) {
      message.assign(1, *piece);
      message.insert(message.end(), split_.pieces[*piece].begin(), split_.pieces[*piece].end());
      MPI_Send(message.data(), static_cast<int>(message.size()), MPI_UINT64_T, from, tag_work,
               MPI_COMM_WORLD);
      ++sent_[rank];
      ++in_flight_;
    } else {
      MPI_Send(nullptr, 0, MPI_UINT64_T, from, tag_stop, MPI_COMM_WORLD);
    }
    if (answered_[rank] == sent_[rank] + prefetch) --serving;
  }

  // Answers every request with stop (after a failed start, before any piece).
  void stop_workers() {
    for (std::uint64_t requests = 0; requests < prefetch * (ranks_ - 1U); ++requests) {
      MPI_Status status;
      MPI_Recv(nullptr, 0, MPI_UINT64_T, MPI_ANY_SOURCE, tag_request, MPI_COMM_WORLD, &status);
      MPI_Send(nullptr, 0, MPI_UINT64_T, status.MPI_SOURCE, tag_stop, MPI_COMM_WORLD);
    }
  }

  void show_progress() {
    if (!progress_.due()) return;
    progress_.show(
        fmt::format("dlx-mpi: {} of {} pieces, {} solutions, {} nodes, about {:.1f}% done",
                    finished_ + resumed_, split_.pieces.size(), total_.solutions.str(),
                    total_.nodes.str(), 100 * std::min(done_weight_, 1.0)));
  }

  dlx::solver& solver_;
  const dlx::dlx_file& file_;
  const settings& s_;
  int ranks_;
  std::uint64_t problem_hash_;
  dlx::search_split split_;
  std::vector<bool> done_;
  piece_queue pending_;
  totals total_;
  double done_weight_ = 0;
  std::uint64_t finished_ = 0;
  std::uint64_t resumed_ = 0;
  std::uint64_t printed_ = 0;
  std::vector<std::uint64_t> sent_;      // per rank: pieces sent
  std::vector<std::uint64_t> answered_;  // per rank: requests answered
  std::uint64_t in_flight_ = 0;          // pieces sent and not reported
  std::FILE* record_ = nullptr;
  tools::line_output out_;
  tools::progress_line progress_;
};

// Reads the problem's text on rank 0 and sends it to every rank. Empty
// optional (reported on rank 0) when it cannot be read.
std::optional<std::string> share_problem_text(int rank, const settings& s) {
  std::string text;
  std::uint64_t state[2] = {1, 0};  // readable, length
  if (rank == 0) {
    std::ifstream file_stream;
    std::istream* in = nullptr;
    if (!tools::open_input("dlx-mpi", s.file, file_stream, in)) state[0] = 0;
    if (state[0] != 0) {
      std::ostringstream all;
      all << in->rdbuf();
      text = std::move(all).str();
      state[1] = text.size();
    }
  }
  MPI_Bcast(state, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (state[0] == 0) return std::nullopt;
  text.resize(state[1]);
  // In slices: MPI counts are ints.
  for (std::uint64_t at = 0; at < state[1]; at += 1 << 30) {
    const auto n = static_cast<int>(std::min<std::uint64_t>(state[1] - at, 1 << 30));
    MPI_Bcast(text.data() + at, n, MPI_CHAR, 0, MPI_COMM_WORLD);
  }
  return text;
}

int run(int rank, int ranks, const settings& s) {
  const auto text = share_problem_text(rank, s);
  if (!text) return tools::exit_usage;
  dlx::dlx_file file;
  try {
    std::istringstream in(*text);
    file = dlx::read_dlx(in, s.file == "-" ? "<stdin>" : s.file);
  } catch (const dlx::parse_error& e) {
    if (rank == 0) fmt::print(stderr, "{}\n", e.what());
    return tools::exit_usage;  // every rank reads the same text, so every rank stops here
  }
  if (rank == 0) {
    for (const auto& w : file.warnings)
      fmt::print(stderr, "{}\n", w.to_string());
  }
  dlx::solver solver(file.problem);
  if (rank != 0) {
    serve(solver, s);
    return tools::exit_ok;
  }
  coordinator c(solver, file, s, ranks, dlx::hash_text(*text));
  return c.run();
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::ios::sync_with_stdio(false);

  settings s;
  const std::vector<tools::option_spec> options = {
      {'c', "count", "", "print only the number of solutions",
       [&](std::string_view) { s.count_only = true; }},
      {'l', "limit", "N", "stop handing out work after N solutions (default 0: find them all)",
       [&](std::string_view v) { s.limit = tools::parse_unsigned(v, "--limit"); }},
      {'j', "threads", "N", "threads per rank (default 1; 0: every core)",
       [&](std::string_view v) {
         s.threads = static_cast<unsigned>(tools::parse_unsigned(v, "--threads", 0, 4096));
       }},
      {0, "pieces", "N", "split the search into at least N pieces (default 256 per rank)",
       [&](std::string_view v) { s.pieces = tools::parse_unsigned(v, "--pieces", 1, 1U << 24); }},
      {0, "checkpoint", "FILE",
       "record finished pieces in FILE and, if FILE exists, resume from it (with --count)",
       [&](std::string_view v) { s.checkpoint = std::string(v); }},
      {0, "stats", "", "print solutions, nodes, updates, cleansings and time on stderr",
       [&](std::string_view) { s.stats = true; }},
      {'h', "help", "", "show this help and exit", [&](std::string_view) { s.help = true; }},
      {0, "version", "", "show the version and exit", [&](std::string_view) { s.version = true; }},
  };
  int code = tools::exit_ok;
  try {
    const auto operands =
        tools::parse_command_line(options, std::span<char* const>(argv + 1, argc - 1));
    if (operands.size() > 1) throw tools::usage_error("at most one input file");
    s.file = operands.empty() ? "-" : operands.front();
    if (s.checkpoint && (!s.count_only || s.limit != 0)) {
      throw tools::usage_error("--checkpoint needs --count and no --limit");
    }
  } catch (const tools::usage_error& e) {
    if (rank == 0) {
      fmt::print(stderr, "dlx-mpi: {}\nTry 'dlx-mpi --help' for more information.\n", e.what());
    }
    MPI_Finalize();
    return tools::exit_usage;
  }
  if (s.help || s.version) {
    if (rank == 0 && s.help) {
      fmt::print("{}",
                 tools::help_text(
                     "mpirun -np K dlx-mpi [OPTIONS] [FILE]",
                     "Finds the exact covers of a problem in Knuth's DLX1, DLX2 or DLX3 format\n"
                     "(as the dlx command reads it) with the K ranks of an MPI job. Rank 0 reads\n"
                     "FILE (or standard input), splits the search into pieces and hands them to\n"
                     "the ranks that ask, searching some itself; the totals are exact and the\n"
                     "same for any K, and equal to dlx's. Solutions are printed as dlx prints\n"
                     "them, in the order they arrive. On a cluster: mpirun --hostfile HOSTS ...",
                     options,
                     "Exit status: 0 the search finished (or reached --limit) with a solution,\n"
                     "1 it finished with none, 2 bad usage, input or checkpoint, 4 output or the\n"
                     "checkpoint could not be written."));
    } else if (rank == 0) {
      fmt::print("dlx-mpi {}\n", DLX_VERSION);
    }
    MPI_Finalize();
    return tools::exit_ok;
  }
  code = run(rank, ranks, s);
  std::fflush(stdout);
  MPI_Finalize();
  return code;
}
