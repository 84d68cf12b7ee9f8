#!/usr/bin/env bash
# Set up, build, and run the whole test suite twice: the Release build (g++, with
# the Python module's pytest suite and a `pip install .` into a scratch venv), then
# a build with AddressSanitizer and UndefinedBehaviorSanitizer (clang) in which
# the engines also check their own data structures as they search (DLX_SANITY).
# Then ThreadSanitizer (clang) on everything that runs threads: the library's
# split searches (the Parallel, Split and Threads tests, which also run the dlx
# command with --threads) and the sudoku command, whose every test runs its
# worker pool. (dlx-mpi is left out there: Open MPI itself is not instrumented.)
# The Python module's tests run under ASan too, with its runtime preloaded into
# Python (tests/python/CMakeLists.txt).
# The browser and renderer tests (tests/render) must run here, not skip: setup.sh
# installed Chromium and librsvg's rsvg-convert.
#
# A clean build is part of the product: every build has DLX_WERROR (the
# compiler's warnings are errors), and check_log fails on any other warning in
# a build's log (the linker's, say).
#
# The sanitizer build leaves out UBSan's pointer-overflow check: the engines'
# search loops took 1.6 times as long to compile with it (structure_engine.cpp
# 61.6 s, 38.1 s without), and ASan still checks every access those pointers
# make.
#
# The sanitizer builds compile the tests and tools at -O1 with line tables only
# (file:line in a sanitizer's report is what they are for), which halves their
# compile time; the libraries, where the tests spend their time, keep their -O3
# (dlx_set_speed). Not -O0: a test file compiles in half the time again
# (clue_test.cpp 9.2 s -> 5.0 s), but the library code inlined from headers then
# runs unoptimized in the tests and fuzz replays, and the sanitizer tests took
# 1,713 s instead of 684 (2026-12-03).
set -euo pipefail
cd "$(dirname "$0")/.."

check_log() {
  if grep -n "warning:" "$1/build.log" >&2; then
    echo "test.sh: the build in $1 has warnings (above)" >&2
    exit 1
  fi
}

scripts/setup.sh --sanitizers -DDLX_WERROR=ON
check_log build/release
export DLX_REQUIRE_BROWSER=1
ctest --test-dir build/release --output-on-failure -j "$(nproc)"

sanitize="-fsanitize=address,undefined -fno-sanitize=pointer-overflow -fno-sanitize-recover=all"
sanitize="$sanitize -fno-omit-frame-pointer"
quick="-O1 -gline-tables-only -DNDEBUG"
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDLX_WERROR=ON \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="$sanitize" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$quick" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DDLX_SANITY=ON -DDLX_BUILD_BENCH=OFF -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
cmake --build build/sanitize 2>&1 | tee build/sanitize/build.log
check_log build/sanitize
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build/sanitize --output-on-failure -j "$(nproc)"

cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDLX_WERROR=ON \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$quick" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" -DDLX_BUILD_BENCH=OFF -DDLX_BUILD_PYTHON=OFF >/dev/null
cmake --build build/tsan --target dlx_tests sudoku_cli_tests 2>&1 | tee build/tsan/build.log
check_log build/tsan
TSAN_OPTIONS=halt_on_error=1 \
  ctest --test-dir build/tsan --output-on-failure -j "$(nproc)" \
  -R "Parallel|Split|Threads|sudoku_cli_tests" -E "DlxMpi"
