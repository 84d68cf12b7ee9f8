// Without libFuzzer (g++, or a plain test build) each fuzz target links this
// main instead: it runs the target on every file given, or in the directories
// given, so the saved corpus and every crash input ever found replay as an
// ordinary test.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {
int run_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
    return 1;
  }
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  return 0;
}
}  // namespace

int main(int argc, char** argv) {
  // `--shard K/N` (first): only the K-th of every N files, in the order of
  // their names, so that CTest can replay a large corpus on every core.
  std::size_t shard = 0, shards = 1;
  int first = 1;
  if (argc > 1 && std::string_view(argv[1]).starts_with("--shard=")) {
    const std::string_view spec = std::string_view(argv[1]).substr(8);
    const auto slash = spec.find('/');
    const auto number = [](std::string_view text, std::size_t& out) {
      return !text.empty() && std::from_chars(text.data(), text.data() + text.size(), out).ptr ==
                                  text.data() + text.size();
    };
    if (slash == std::string_view::npos || !number(spec.substr(0, slash), shard) ||
        !number(spec.substr(slash + 1), shards) || shard >= shards) {
      std::fprintf(stderr, "replay: --shard=K/N with K < N, not %s\n", argv[1]);
      return 2;
    }
    first = 2;
  }
  std::vector<std::filesystem::path> files;
  for (int i = first; i < argc; ++i) {
    const std::filesystem::path arg = argv[i];
    if (std::filesystem::is_directory(arg)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(arg)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
    } else {
      files.push_back(arg);
    }
  }
  std::sort(files.begin(), files.end());
  int failures = 0;
  std::size_t inputs = 0;
  for (std::size_t i = shard; i < files.size(); i += shards)
    failures += run_file(files[i]), ++inputs;
  std::printf("replayed %zu inputs\n", inputs);
  return failures == 0 && inputs > 0 ? 0 : 1;
}
