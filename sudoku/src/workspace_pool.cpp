#include "sudoku/workspace_pool.hpp"

#include <stdexcept>

namespace sudoku {

workspace_pool::workspace_pool(unsigned threads, workspace* single) {
  if (threads <= 1) {
    if (single == nullptr) own_ = std::make_unique<workspace>();
    single_ = single != nullptr ? single : own_.get();
    return;
  }
  for (unsigned i = 0; i < threads; ++i)
    workers_.emplace_back([this] { work(); });
}

workspace_pool::~workspace_pool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  queued_.notify_all();
  for (auto& t : workers_)
    t.join();
}

workspace_pool::ticket workspace_pool::submit(task t) {
  ticket id = 0;
  {
    std::lock_guard lock(mutex_);
    id = first_ + entries_.size();
    entries_.push_back(entry{std::move(t), false, nullptr});
  }
  queued_.notify_one();
  return id;
}

void workspace_pool::run(entry& e, workspace& w) {
  try {
    e.work(w);
  } catch (...) {
    e.failure = std::current_exception();
  }
  e.work = nullptr;  // what it captured goes now, not when waited for
}

void workspace_pool::wait(ticket t) {
  if (t != first_) throw std::logic_error("workspace_pool: tickets are waited for in order");
  std::exception_ptr failure;
  if (workers_.empty()) {
    // No workers: run every task up to t here, in order.
    while (next_to_start_ <= t) {
      entry& e = entries_[static_cast<std::size_t>(next_to_start_ - first_)];
      run(e, *single_);
      e.done = true;
      ++next_to_start_;
    }
  } else {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [&] { return entries_[static_cast<std::size_t>(t - first_)].done; });
  }
  std::lock_guard lock(mutex_);
  failure = entries_.front().failure;
  entries_.pop_front();
  ++first_;
  if (failure) std::rethrow_exception(failure);
}

void workspace_pool::work() {
  workspace w;
  for (;;) {
    entry* e = nullptr;
    {
      std::unique_lock lock(mutex_);
      queued_.wait(lock, [&] { return stopping_ || next_to_start_ < first_ + entries_.size(); });
      if (stopping_) return;
      e = &entries_[static_cast<std::size_t>(next_to_start_ - first_)];
      ++next_to_start_;
    }
    run(*e, w);
    {
      std::lock_guard lock(mutex_);
      e->done = true;
    }
    finished_.notify_all();
  }
}

}  // namespace sudoku
