#include "se/crew.hpp"

#include <algorithm>

#include "se/techniques.hpp"

namespace sudoku::se {

crew::~crew() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : helpers_)
    t.join();
}

void crew::serve(int worker) {
  std::uint64_t seen = 0;
  for (;;) {
    const std::function<void(int)>* job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || round_ != seen; });
      if (quit_) return;
      seen = round_;
      if (worker >= active_) continue;  // not wanted this round
      job = job_;
    }
    std::exception_ptr error;
    try {
      (*job)(worker);
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    errors_[static_cast<std::size_t>(worker)] = error;
    if (--running_ == 0) done_.notify_one();
  }
}

void crew::run(const std::function<void(int)>& job) {
  const int others = share_ != nullptr ? share_->take(threads_ - 1) : threads_ - 1;
  struct give_back {
    thread_share* share;
    int n;
    ~give_back() {
      if (share != nullptr && n > 0) share->give(n);
    }
  } returned{share_, others};
  if (others == 0) {
    job(0);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    errors_.assign(static_cast<std::size_t>(others + 1), nullptr);
    job_ = &job;
    active_ = others + 1;
    running_ = others;
    ++round_;
    // Made here, on the first search that needs them, under the lock: they
    // see this round.
    while (helpers_.size() < static_cast<std::size_t>(others))
      helpers_.emplace_back([this, w = static_cast<int>(helpers_.size()) + 1] { serve(w); });
  }
  wake_.notify_all();
  std::exception_ptr mine;
  try {
    job(0);
  } catch (...) {
    mine = std::current_exception();
  }
  std::unique_lock<std::mutex> lock(mutex_);
  done_.wait(lock, [&] { return running_ == 0; });
  errors_[0] = mine;
  for (const std::exception_ptr& e : errors_) {
    if (!e) continue;
    try {
      std::rethrow_exception(e);
    } catch (const crew_stopped&) {
      continue;
    }
  }
}

// A worker's budget adds to the shared count every 1,024 potentials: often
// enough for reports and a stop to come within a millisecond, rarely enough
// that the atomic addition costs nothing measurable.
constexpr std::uint64_t share_every = 1024;

void budget::schedule() {
  next_event_ = std::numeric_limits<std::uint64_t>::max();
  if (shared_) {
    next_event_ = used + share_every - 1;
    return;
  }
  if (limit != 0) next_event_ = limit;
  if (interval != 0) next_event_ = std::min(next_event_, used - used % interval + interval - 1);
}

void budget::event() {
  if (!shared_) {
    if (limit != 0 && used > limit) throw budget_exhausted_error{};
    report();
    schedule();
    return;
  }
  flush();
  if (shared_->stop.load(std::memory_order_relaxed)) throw crew_stopped{};
  const std::uint64_t total = shared_->base + shared_->total.load(std::memory_order_relaxed);
  // The workers together have made at least `total` potentials of this
  // search, all of which one thread would make too.
  if (limit != 0 && total > limit) {
    shared_->stop.store(true, std::memory_order_relaxed);
    throw budget_exhausted_error{};
  }
  if (reports_) {
    rating_->used = total;
    if (rating_->used > rating_->next_event_) rating_->event();
  }
  schedule();
}

void budget::share(budget& rating, shared_count& shared, bool reports) {
  rating_ = &rating;
  shared_ = &shared;
  reports_ = reports;
  limit = rating.limit;
  used = flushed_ = 0;
  schedule();
}

void budget::flush() {
  shared_->total.fetch_add(used - flushed_, std::memory_order_relaxed);
  flushed_ = used;
}

void budget::absorb(const shared_count& shared) {
  used = shared.base + shared.total.load(std::memory_order_relaxed);
  if (used > next_event_) event();
}

}  // namespace sudoku::se
