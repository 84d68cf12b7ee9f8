#include "progress_board.hpp"

#include <fmt/core.h>

namespace tools {

progress_board::progress_board(std::string prefix)
    : prefix_(std::move(prefix)),
      enabled_(progress_line::terminal()),
      next_(std::chrono::steady_clock::now() + progress_line::delay()) {}

void progress_board::overall(std::string_view text) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  overall_ = text;
  redraw_if_due();
}

void progress_board::piece(std::uint64_t key, std::string_view where, std::string_view text,
                           std::chrono::steady_clock::time_point since) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  auto [it, fresh] = running_.try_emplace(key);
  if (fresh) it->second.since = since;
  it->second.where = where;
  it->second.text = text;
  redraw_if_due();
}

void progress_board::piece_done(std::uint64_t key) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  running_.erase(key);
}

std::unique_lock<std::mutex> progress_board::pause() {
  std::unique_lock lock(mutex_, std::defer_lock);
  if (!enabled_) return lock;
  lock.lock();
  line_.clear();
  return lock;
}

void progress_board::redraw_if_due() {
  const auto now = std::chrono::steady_clock::now();
  if (now < next_) return;
  next_ = now + progress_line::interval();
  std::string text = prefix_;
  if (!overall_.empty()) text += ": " + overall_;
  if (!running_.empty()) {
    const auto& [key, r] = *running_.begin();
    // A piece is worth naming once it is slow: the others come and go too fast to read.
    if (now - r.since >= progress_line::delay()) {
      const double seconds = std::chrono::duration<double>(now - r.since).count();
      text += fmt::format("{}{}: {} ({:.0f} s)", overall_.empty() ? ": " : "; ", r.where, r.text,
                          seconds);
    }
  }
  if (text.size() > prefix_.size()) line_.show(text);  // nothing to say yet: no line
}

}  // namespace tools
