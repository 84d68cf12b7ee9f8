// Answers written to files (output_files.hpp).
#include "output_files.hpp"

#include <fmt/format.h>

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
  one_file(const std::string& path, std::string prologue, std::string epilogue, bool single)
      : path_(path), epilogue_(std::move(epilogue)), single_(single) {
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

  void answer(std::uint64_t, std::string_view text) override {
    if (text.empty()) return;
    if (single_ && written_ > 0) {
      throw tools::output_error(
          0, fmt::format("{}: holds one picture, and there is more than one puzzle; give a "
                         "folder for several (-o DIR/)",
                         path_));
    }
    ++written_;
    write(text);
  }

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
  bool single_;
  std::FILE* file_ = nullptr;
  std::uint64_t written_ = 0;
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
                                       std::string epilogue, bool single) {
  return std::make_unique<one_file>(path, std::move(prologue), std::move(epilogue), single);
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
