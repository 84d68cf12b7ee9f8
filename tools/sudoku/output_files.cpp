// Answers written to files (output_files.hpp).
#include "output_files.hpp"

#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

#include "output.hpp"

namespace sudoku_cli {

namespace {

[[noreturn]] void fail(const std::string& path, std::string_view what) {
  const int error = errno;
  throw tools::output_error(error, fmt::format("{}: {}: {}", path, what, std::strerror(error)));
}

class one_file : public answer_sink {
 public:
  one_file(const std::string& path, std::string prologue, std::string epilogue)
      : path_(path), epilogue_(std::move(epilogue)) {
    if (path != "-") {
      file_ = std::fopen(path.c_str(), "wb");
      if (file_ == nullptr) fail(path, "cannot open for writing");
    }
    write(prologue);
  }
  ~one_file() override {
    if (file_ != nullptr) std::fclose(file_);
  }
  one_file(const one_file&) = delete;
  one_file& operator=(const one_file&) = delete;

  void answer(std::uint64_t, std::string_view text) override { write(text); }

  void finish() override {
    write(epilogue_);
    std::FILE* f = file_ != nullptr ? file_ : stdout;
    if (std::fflush(f) != 0) fail(path_, "cannot write");
    if (file_ != nullptr) {
      const int closed = std::fclose(file_);
      file_ = nullptr;
      if (closed != 0) fail(path_, "cannot write");
    }
  }

 private:
  void write(std::string_view text) {
    std::FILE* f = file_ != nullptr ? file_ : stdout;
    if (!text.empty() && std::fwrite(text.data(), 1, text.size(), f) != text.size())
      fail(path_ == "-" ? std::string("standard output") : path_, "cannot write");
  }

  std::string path_;
  std::string epilogue_;
  std::FILE* file_ = nullptr;
};

// Every answer kept until the end, then what `combine` makes of them written
// to one file.
class combined_file : public answer_sink {
 public:
  combined_file(const std::string& path,
                std::function<std::string(std::vector<std::string>)> combine)
      : file_(path, "", ""), combine_(std::move(combine)) {}

  void answer(std::uint64_t, std::string_view text) override {
    if (!text.empty()) answers_.emplace_back(text);
  }

  void finish() override {
    file_.answer(0, combine_(std::move(answers_)));
    file_.finish();
  }

 private:
  one_file file_;
  std::function<std::string(std::vector<std::string>)> combine_;
  std::vector<std::string> answers_;
};

class folder : public answer_sink {
 public:
  folder(const std::string& path, std::string extension)
      : path_(path), extension_(std::move(extension)) {
    std::error_code ec;
    std::filesystem::create_directories(path_, ec);
    if (ec || !std::filesystem::is_directory(path_)) {
      errno = ec ? ec.value() : ENOTDIR;
      fail(path, "cannot make the folder");
    }
  }

  void answer(std::uint64_t number, std::string_view text) override {
    if (text.empty()) return;
    const std::string name = (path_ / fmt::format("{}{}", number, extension_)).string();
    std::FILE* f = std::fopen(name.c_str(), "wb");
    if (f == nullptr) fail(name, "cannot open for writing");
    const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) != 0 || !written) fail(name, "cannot write");
  }

 private:
  std::filesystem::path path_;
  std::string extension_;
};

}  // namespace

std::unique_ptr<answer_sink> file_sink(const std::string& path, std::string prologue,
                                       std::string epilogue) {
  return std::make_unique<one_file>(path, std::move(prologue), std::move(epilogue));
}

std::unique_ptr<answer_sink> combined_file_sink(
    const std::string& path, std::function<std::string(std::vector<std::string>)> combine) {
  return std::make_unique<combined_file>(path, std::move(combine));
}

std::unique_ptr<answer_sink> folder_sink(const std::string& path, std::string extension) {
  return std::make_unique<folder>(path, std::move(extension));
}

bool names_folder(std::string_view path) {
  if (!path.empty() && path.back() == '/') return true;
  std::error_code ec;
  return std::filesystem::is_directory(std::string(path), ec);
}

}  // namespace sudoku_cli
