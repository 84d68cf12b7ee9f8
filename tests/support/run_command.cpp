#include "run_command.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace test_support {

namespace {

// Starts argv[0] with `in`, `out` and `err` as its standard streams and
// `inherited` closed; posix_spawn's error (0: started, its pid in `pid`).
int spawn(const std::vector<std::string>& argv, int in, int out, int err,
          std::initializer_list<int> inherited, pid_t& pid) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in, 0);
  posix_spawn_file_actions_adddup2(&actions, out, 1);
  posix_spawn_file_actions_adddup2(&actions, err, 2);
  for (int fd : inherited)
    posix_spawn_file_actions_addclose(&actions, fd);
  std::vector<char*> args;
  for (const auto& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return spawned;
}

command_result run(const std::vector<std::string>& argv, const std::string& input,
                   bool terminal_stderr) {
  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe(in_pipe) || pipe(out_pipe)) throw std::runtime_error("pipe failed");
  // A terminal's stderr is a pseudo-terminal: [0] the side read here, [1] the child's.
  if (terminal_stderr ? openpty(&err_pipe[0], &err_pipe[1], nullptr, nullptr, nullptr) != 0
                      : pipe(err_pipe) != 0) {
    throw std::runtime_error("pipe failed");
  }

  pid_t pid = 0;
  const int spawned =
      spawn(argv, in_pipe[0], out_pipe[1], err_pipe[1],
            {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}, pid);
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (spawned != 0) {
    close(in_pipe[1]);
    close(out_pipe[0]);
    close(err_pipe[0]);
    throw std::runtime_error("cannot run " + argv[0] + ": " + std::strerror(spawned));
  }

  // Feed stdin and drain stdout/stderr together, so that no pipe fills up and
  // blocks the child. A child that stops reading early is fine (EPIPE).
  std::signal(SIGPIPE, SIG_IGN);
  command_result result;
  std::size_t written = 0;
  int in_fd = in_pipe[1];
  if (input.empty()) {
    close(in_fd);
    in_fd = -1;
  } else {
    fcntl(in_fd, F_SETFL, O_NONBLOCK);
  }
  bool out_open = true, err_open = true;
  char buffer[65536];
  while (out_open || err_open || in_fd >= 0) {
    pollfd fds[3];
    int n = 0;
    if (in_fd >= 0) fds[n++] = {in_fd, POLLOUT, 0};
    if (out_open) fds[n++] = {out_pipe[0], POLLIN, 0};
    if (err_open) fds[n++] = {err_pipe[0], POLLIN, 0};
    if (poll(fds, n, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int k = 0; k < n; ++k) {
      if (fds[k].revents == 0) continue;
      if (fds[k].fd == in_fd) {
        const ssize_t w = write(in_fd, input.data() + written, input.size() - written);
        if (w > 0) written += static_cast<std::size_t>(w);
        if (w < 0 && errno != EAGAIN && errno != EINTR) written = input.size();
        if (written == input.size()) {
          close(in_fd);
          in_fd = -1;
        }
        continue;
      }
      const ssize_t r = read(fds[k].fd, buffer, sizeof buffer);
      if (r > 0) {
        (fds[k].fd == out_pipe[0] ? result.out : result.err)
            .append(buffer, static_cast<std::size_t>(r));
      } else if (r == 0 || (errno != EINTR && errno != EAGAIN)) {  // (a pty: EIO at the end)
        (fds[k].fd == out_pipe[0] ? out_open : err_open) = false;
      }
    }
  }
  close(out_pipe[0]);
  close(err_pipe[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

}  // namespace

command_result run_command(const std::vector<std::string>& argv, const std::string& input) {
  return run(argv, input, false);
}

command_result run_command_on_terminal(const std::vector<std::string>& argv,
                                       const std::string& input) {
  return run(argv, input, true);
}

typed_session::typed_session(const std::vector<std::string>& argv, bool stderr_on_terminal) {
  int terminal_child = -1;
  int out_pipe[2], err_pipe[2];
  if (openpty(&terminal_, &terminal_child, nullptr, nullptr, nullptr) != 0 || pipe(out_pipe) ||
      pipe(err_pipe)) {
    throw std::runtime_error("openpty or pipe failed");
  }
  pid_t pid = 0;
  const int spawned =
      spawn(argv, terminal_child, out_pipe[1], stderr_on_terminal ? terminal_child : err_pipe[1],
            {terminal_, terminal_child, out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]}, pid);
  close(terminal_child);
  close(out_pipe[1]);
  close(err_pipe[1]);
  out_ = out_pipe[0];
  err_ = err_pipe[0];
  if (stderr_on_terminal) {  // what the terminal shows is read from its other side
    close(err_);
    err_ = dup(terminal_);
  }
  if (spawned != 0)
    throw std::runtime_error("cannot run " + argv[0] + ": " + std::strerror(spawned));
  pid_ = pid;
}

typed_session::~typed_session() {
  if (!finished_ && pid_ > 0) {
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  for (int fd : {terminal_, out_, err_}) {
    if (fd >= 0) close(fd);
  }
}

void typed_session::type(const std::string& text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t w = write(terminal_, text.data() + written, text.size() - written);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) throw std::runtime_error("cannot type at the terminal");
    written += static_cast<std::size_t>(w);
  }
}

std::string typed_session::read_out_line(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  char buffer[4096];
  for (;;) {
    const auto newline = out_buffer_.find('\n');
    if (newline != std::string::npos) {
      std::string line = out_buffer_.substr(0, newline);
      out_buffer_.erase(0, newline + 1);
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return {};
    // stderr too, so that a program with much to say there is not blocked.
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    if (poll(fds, 2, static_cast<int>(left.count())) <= 0) continue;
    for (const pollfd& f : fds) {
      if (f.revents == 0) continue;
      const ssize_t r = read(f.fd, buffer, sizeof buffer);
      if (r > 0) {
        (f.fd == out_ ? out_buffer_ : err_buffer_).append(buffer, static_cast<std::size_t>(r));
      } else if (f.fd == out_) {
        return {};  // the program closed its output
      }
    }
  }
}

command_result typed_session::finish() {
  type("\x04");  // the terminal's end of input (VEOF)
  command_result result;
  char buffer[4096];
  bool out_open = true, err_open = true;
  while (out_open || err_open) {
    pollfd fds[2] = {{out_open ? out_ : -1, POLLIN, 0}, {err_open ? err_ : -1, POLLIN, 0}};
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (const pollfd& f : fds) {
      if (f.fd < 0 || f.revents == 0) continue;
      const ssize_t r = read(f.fd, buffer, sizeof buffer);
      if (r > 0) {
        (f.fd == out_ ? out_buffer_ : err_buffer_).append(buffer, static_cast<std::size_t>(r));
      } else if (r == 0 || errno != EINTR) {
        (f.fd == out_ ? out_open : err_open) = false;
      }
    }
  }
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  finished_ = true;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  result.out = std::move(out_buffer_);
  result.err = std::move(err_buffer_);
  return result;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    ADD_FAILURE() << "cannot read " << path;
    return {};
  }
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string write_temp_file(const std::string& name, const std::string& content) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  std::filesystem::path dir = std::filesystem::temp_directory_path() / "dlx-tests" /
                              (std::string(info->test_suite_name()) + "." + info->name());
  std::filesystem::create_directories(dir);
  const auto path = (dir / name).string();
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

void ignore_leaks_in_children() {
  const char* now = std::getenv("ASAN_OPTIONS");
  std::string options = now != nullptr && *now != '\0' ? std::string(now) + ":" : std::string();
  setenv("ASAN_OPTIONS", (options + "detect_leaks=0").c_str(), 1);
}

}  // namespace test_support
