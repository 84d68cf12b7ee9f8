// Rank 0. It splits the search into pieces (dlx::solver::split: the same
// pieces every time for the same problem), hands them out one at a time to
// whichever rank asks (a rank asks when it has finished its last piece: the
// load balances itself), searches pieces itself on a second thread, adds up
// the totals in arbitrary precision and prints them as `dlx` does. With
// --checkpoint it records each finished piece (dlx/checkpoint.hpp reads and
// writes the file; this prints its errors), so a killed run resumes where it
// stopped. Only rank 0's main thread calls MPI (MPI_THREAD_FUNNELED).
#include "coordinator.hpp"

#include <fmt/core.h>
#include <mpi.h>

#include <algorithm>
#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <dlx/checkpoint.hpp>
#include <dlx/counted.hpp>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cli.hpp"
#include "local_worker.hpp"
#include "output.hpp"
#include "piece_queue.hpp"
#include "wire.hpp"

namespace dlx_mpi {

namespace {

using big = boost::multiprecision::cpp_int;

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
      MPI_Abort(MPI_COMM_WORLD, tools::exit_output);
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
      if (e.error_number() == EPIPE) return tools::exit_broken_pipe;
      fmt::print(stderr, "dlx-mpi: {}\n", e.what());
      return tools::exit_output;
    }
    if (s_.stats) {
      fmt::print(stderr,
                 "dlx-mpi: {}, {}, {}, {}, {}, max level {}, {:.3f} s ({}, {}, {} each, {}, {} "
                 "done before)\n",
                 dlx::counted(shown.str(), "solution"), dlx::counted(total_.nodes.str(), "node"),
                 dlx::counted(total_.updates.str(), "update"),
                 dlx::counted(total_.cleansings.str(), "cleansing"),
                 dlx::counted(total_.branches.str(), "branch", "branches"), total_.max_level,
                 seconds, limited ? "limit_reached" : "complete", dlx::counted(ranks_, "rank"),
                 dlx::counted(s_.threads, "thread"), dlx::counted(split_.pieces.size(), "piece"),
                 resumed_);
    }
    return shown == 0 ? tools::exit_no_solution : tools::exit_ok;
  }

 private:
  // Splits the search and reads or starts the checkpoint (dlx/checkpoint.hpp);
  // false (reported) on a checkpoint that cannot be used.
  bool prepare() {
    std::uint64_t asked = s_.pieces ? s_.pieces : 256 * static_cast<std::uint64_t>(ranks_);
    std::optional<dlx::checkpoint> previous;
    if (s_.checkpoint && !reported([&] {
          previous = dlx::load_checkpoint(*s_.checkpoint);
          if (!previous) return;
          for (const auto& w : previous->warnings)
            fmt::print(stderr, "{}\n", w.to_string());
          asked =
              dlx::pieces_to_resume(*previous, *s_.checkpoint, problem_hash_, s_.file, s_.pieces);
        }))
      return false;
    split_ = solver_.split(asked);
    const dlx::checkpoint_header header{problem_hash_, asked, split_.pieces.size(),
                                        dlx::hash_pieces(split_.pieces)};
    if (s_.checkpoint && !reported([&] {
          if (previous) dlx::check_checkpoint_split(*previous, *s_.checkpoint, header);
          record_.emplace(*s_.checkpoint, header, previous ? &*previous : nullptr);
        }))
      return false;
    done_.assign(split_.pieces.size(), false);
    total_.add(split_.above);
    if (previous) {
      for (const auto& f : previous->finished) {
        done_[f.piece] = true;
        total_.add(f.counts);
        done_weight_ += split_.weights[f.piece];
        ++resumed_;
      }
    }
    for (std::uint64_t i = 0; i < split_.pieces.size(); ++i) {
      if (!done_[i]) pending_.push(i);
    }
    return true;
  }

  // Runs a checkpoint step: false when it threw, the error printed (a located
  // one as dlx reports its input).
  template <class Step>
  static bool reported(Step&& step) {
    try {
      step();
      return true;
    } catch (const dlx::parse_error& e) {
      fmt::print(stderr, "{}\n", e.what());
    } catch (const dlx::checkpoint_file_error& e) {
      fmt::print(stderr, "dlx-mpi: {}\n", e.what());
    }
    return false;
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
    if (record_ && r.status == dlx::search_status::complete) {
      try {
        record_->append({piece, r});
      } catch (const dlx::checkpoint_file_error& e) {
        fmt::print(stderr, "dlx-mpi: {}\n", e.what());
        MPI_Abort(MPI_COMM_WORLD, tools::exit_output);
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
    progress_.show(fmt::format("dlx-mpi: {} of {}, {}, {}, about {:.1f}% done",
                               finished_ + resumed_, dlx::counted(split_.pieces.size(), "piece"),
                               dlx::counted(total_.solutions.str(), "solution"),
                               dlx::counted(total_.nodes.str(), "node"),
                               100 * std::min(done_weight_, 1.0)));
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
  std::vector<std::uint64_t> sent_;               // per rank: pieces sent
  std::vector<std::uint64_t> answered_;           // per rank: requests answered
  std::uint64_t in_flight_ = 0;                   // pieces sent and not reported
  std::optional<dlx::checkpoint_writer> record_;  // with --checkpoint
  tools::line_output out_;
  tools::progress_line progress_;
};

}  // namespace

int coordinate(dlx::solver& solver, const dlx::dlx_file& file, const settings& s, int ranks,
               std::uint64_t problem_hash) {
  coordinator c(solver, file, s, ranks, problem_hash);
  return c.run();
}

}  // namespace dlx_mpi
