// The 9-line grid reader on arbitrary bytes: it must end, report errors on a
// line it has read, and whatever it accepts must print and read back the same.
#include <dlx/line_reader.hpp>
#include <sudoku/text.hpp>

#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::size_t line_count = 1;
  for (char c : text)
    line_count += c == '\n';
  std::istringstream in(text);
  dlx::line_reader lines(in, 1024);
  sudoku::grid_reader reader(lines);
  sudoku::grid_item item;
  std::size_t items = 0;
  while (reader.next(item)) {
    FUZZ_CHECK(++items <= line_count);  // every puzzle consumes at least one line
    if (item.error) {
      FUZZ_CHECK(item.error_line >= 1 && item.error_line <= line_count + 1);
      FUZZ_CHECK(!item.error->message.empty());
      continue;
    }
    std::string pretty;
    sudoku::append_pretty(item.puzzle, pretty);
    std::istringstream back(pretty);
    dlx::line_reader back_lines(back);
    sudoku::grid_reader back_reader(back_lines, item.puzzle.shape());
    sudoku::grid_item again;
    FUZZ_CHECK(back_reader.next(again));
    FUZZ_CHECK(!again.error);
    FUZZ_CHECK(again.puzzle == item.puzzle);
  }
  return 0;
}
