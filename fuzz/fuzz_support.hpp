// Shared by the fuzz targets: a failed check aborts with a message, which
// libFuzzer reports as a crash and saves the input.
#pragma once

#include <dlx/format.hpp>

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(condition)                                                            \
  do {                                                                                   \
    if (!(condition)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (0)

// What the targets that read DLX text allow: small problems show every
// difference between the searches, and larger ones only slow the fuzzer down.
inline dlx::read_limits small_dlx_limits() {
  dlx::read_limits limits;
  limits.max_line_length = 4096;
  limits.max_items = 200;
  limits.max_entries = 2000;
  return limits;
}
