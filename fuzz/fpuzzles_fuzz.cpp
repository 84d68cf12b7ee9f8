// The f-puzzles reader (fpuzzles.hpp) on arbitrary bytes, as one line: a
// link, the compressed data or (most seeds) the JSON itself. A line is
// refused at a column inside it (or just past its end) with a message, or
// read; what is read is written back as f-puzzles' JSON, when f-puzzles can
// state it, and read again: the second reading is the writer's fixed point
// (the same variant when written and read once more) and, on small boards,
// has the first's solutions. It is also written as ISS's string, which must
// read back to the same variant (the translation the commands' convert
// makes). On small boards the model is searched to two solutions under a
// node budget, and every solution found must pass the validator.
#include <sudoku/fpuzzles.hpp>
#include <sudoku/iss.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/validate.hpp>

#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>

#include "iss_round_trip.hpp"

namespace {

sudoku::result count_small(const sudoku::variant& v, const sudoku::grid& givens) {
  sudoku::solver s(v);
  dlx::search_options budget;
  budget.node_budget = 2000;
  return s.count(givens, 2, budget);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view line(reinterpret_cast<const char*>(data), size);
  line = line.substr(0, line.find('\n'));  // one line, as the tools read it
  sudoku::variant v;
  sudoku::grid givens;
  if (const auto e = sudoku::parse_fpuzzles(line, v, givens)) {
    check_refusal(*e, line);
    return 0;
  }

  // ISS's string of it reads back to the same puzzle.
  check_iss_writes_back(v, givens);

  // f-puzzles' JSON of it: read, written and read again, the same.
  std::string json;
  std::string why;
  if (!sudoku::append_fpuzzles_json(v, givens, json, &why)) {
    FUZZ_CHECK(!why.empty());
    return 0;
  }
  sudoku::variant v2, v3;
  sudoku::grid givens2, givens3;
  if (const auto back = sudoku::parse_fpuzzles(json, v2, givens2)) {
    std::fprintf(stderr, "append_fpuzzles_json wrote '%s'; %s\n", json.c_str(),
                 back->message.c_str());
    FUZZ_CHECK(false);
  }
  std::string json2;
  FUZZ_CHECK(sudoku::append_fpuzzles_json(v2, givens2, json2));
  FUZZ_CHECK(!sudoku::parse_fpuzzles(json2, v3, givens3));
  if (!(v3 == v2) || !(givens3 == givens2)) {
    std::fprintf(stderr, "'%s' reads back differently\n", json2.c_str());
    FUZZ_CHECK(false);
  }

  if (v.cells().size() > 36) return 0;
  try {
    const sudoku::result first = count_small(v, givens);
    const sudoku::result second = count_small(v2, givens2);
    if (first.status != sudoku::status::unknown && second.status != sudoku::status::unknown)
      FUZZ_CHECK(first.solutions == second.solutions);
    bool exact = false;
    (void)checked_solutions(v, givens, exact);
  } catch (const std::invalid_argument&) {
    // A clue needing more options than the model allows: refused, not a bug.
  }
  return 0;
}
