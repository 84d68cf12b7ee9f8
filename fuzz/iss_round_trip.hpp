// The ISS reader's own contract, shared by the iss and iss_text targets: a
// line is rejected at a column inside it (or just past its end) with a
// message, or parses to a variant and givens that append_iss writes back as a
// string that parses to the same. Returns whether the line parsed.
#pragma once

#include <sudoku/iss.hpp>

#include <cstdio>
#include <string>
#include <string_view>

#include "sudoku_checks.hpp"

// A puzzle read (from ISS's string or another format) is written by
// append_iss as a string that reads back to the same variant and givens.
inline void check_iss_writes_back(const sudoku::variant& v, const sudoku::grid& givens) {
  FUZZ_CHECK(givens.shape() == v.shape() && givens.cells().size() == v.positions());
  std::string printed;
  FUZZ_CHECK(sudoku::append_iss(v, givens, printed));
  sudoku::variant again_v;
  sudoku::grid again;
  if (const auto back = sudoku::parse_iss(printed, again_v, again)) {
    std::fprintf(stderr, "append_iss wrote '%s'; column %zu: %s\n", printed.c_str(), back->column,
                 back->message.c_str());
    FUZZ_CHECK(false);
  }
  if (!(again_v == v) || !(again == givens)) {
    std::fprintf(stderr, "append_iss wrote '%s', which reads back differently\n", printed.c_str());
    FUZZ_CHECK(false);
  }
}

inline bool iss_round_trip(std::string_view line, sudoku::variant& v, sudoku::grid& givens) {
  if (const auto e = sudoku::parse_iss(line, v, givens)) {
    check_refusal(*e, line);
    return false;
  }
  check_iss_writes_back(v, givens);
  return true;
}
