#!/usr/bin/env bash
# Set up, build, and run the whole test suite, each test once, in the build that
# checks it hardest:
# - the Release build (g++; DLX_UNIT_TESTS off) runs what is about the Release
#   build itself: the published counts and the few unit tests too slow for
#   the sanitizers (FullSpeed.*) at full speed, the documentation's
#   examples, the pictures (the browser and renderer tests must run here, not
#   skip: setup.sh installed Chromium and librsvg's rsvg-convert), the
#   installed package (CMake and pkg-config), the Python suites and `pip
#   install .`, and the unit tests that run whole published collections
#   (tests/sudoku/CMakeLists.txt);
# - a build with AddressSanitizer and UndefinedBehaviorSanitizer (clang), in
#   which the engines also check their own data structures as they search
#   (DLX_SANITY), runs every other unit test and every fuzz replay. It builds
#   no Python module: the module is the library's thin binding, and building
#   it there and running the suites under ASan took about 170 CPU-seconds
#   (tests/python/CMakeLists.txt);
# - ThreadSanitizer (clang) runs again everything that runs threads: the
#   library's split searches (the Parallel, Split and Threads tests, which also
#   run the dlx command with --threads) and the sudoku command, whose every test
#   runs its worker pool. (dlx-mpi is not built there, MPI being left unfound:
#   Open MPI itself is not instrumented.)
# - the web page (scripts/build-web.sh: the sudoku command in WebAssembly, by
#   Debian's emscripten), whose JavaScript API answers as the native command and
#   whose page works from disk in headless Chromium (tests/web), and the
#   libraries' unit tests that need neither threads nor other programs, built
#   with it and run under Node (scripts/test-web-units.sh).
# Running the unit tests in Release as well made no check the sanitizer build
# does not make: with them the Release build was 270 steps and its tests took
# 319 s, without them 146 steps and 222 s (2026-12-03, the second on a machine
# a fifth slower).
#
# Every build is a unity build (CMAKE_UNITY_BUILD): the files of each test
# executable, command and the Python module are compiled together, a batch of
# eight at a time, so the headers and templates they share are compiled once
# per batch (the ASan build took 933 CPU-seconds instead of 1,098, back to back
# on a quiet machine, 2026-12-03), and in the sanitizer builds the sudoku
# library's (about 2.5 times faster there; g++ -O3 in Release was far slower
# in batches, 2026-12-06). The engines' library (dlx) stays file by file
# (dlx_set_speed). A developer's build, without the
# option, compiles file by file and checks that each file stands alone.
#
# A clean build is part of the product: every build has DLX_WERROR (the
# compiler's warnings are errors), and check_log fails on any other warning in
# a build's log (the linker's, say).
#
# The sanitizer build leaves out two of UBSan's checks that ASan makes for it:
# - pointer-overflow: the engines' search loops took 1.6 times as long to
#   compile with it (structure_engine.cpp 61.6 s, 38.1 s without), and ASan
#   still checks every access those pointers make;
# - vptr, which finds an object used through a pointer to a polymorphic class
#   it is not: after a bad downcast (the code has no dynamic_cast and casts no
#   pointer or reference from one polymorphic class to another) or outside its
#   lifetime (ASan finds a freed or out-of-scope object when it is touched). It
#   checked every call of the engines' member functions: the library compiled
#   in 395 CPU-seconds with it and 354 without (bitset_search.cpp 87 -> 55 s),
#   and tests ran up to three times as long (Generator.MinimalPuzzlesOfEvery-
#   Symmetry 31.6 -> 10.1 s, IssExamples.EachHasItsPublishedSolutionAndNoOther
#   29.1 -> 17.0 s; 2026-12-04).
#
# The sanitizer builds compile with line tables only (file:line in a
# sanitizer's report is what they are for). The ASan build compiles the tests
# and tools at -O1, which halves their compile time, and the libraries, where
# the tests spend their time, at their -O3 (dlx_set_speed). Not -O0 there: a
# test file compiles in half the time again (clue_test.cpp 9.2 s -> 5.0 s), but
# the library code inlined from headers then runs unoptimized in the tests and
# fuzz replays, and the sanitizer tests took 1,713 s instead of 684
# (2026-12-03). The TSan build's few threaded tests spend their time in the
# libraries and the sudoku command, which it compiles at -O1, and the rest at
# -O0: the build took 322 CPU-seconds instead of about 415 with all at -O1
# (497 with the libraries at -O3) and its tests ran as fast (49 s; 2026-12-04).
set -euo pipefail
cd "$(dirname "$0")/.."

check_log() {
  if grep -n "warning:" "$1/build.log" >&2; then
    echo "test.sh: the build in $1 has warnings (above)" >&2
    exit 1
  fi
}

# The sanitizer builds run in the background at low priority, each beside the
# tests before it: the tests keep the cores they need, and the build takes the
# cycles they leave idle (their last minutes run a few long tests alone).
# In this script's session: Linux's autogroup scheduler shares the cores
# equally between sessions whatever their priority, so a build started with
# setsid took half the cores from the tests. Its own process group (set -m),
# killed with this script (a failed test stops the run).
start_build() {  # start_build DIR [cmake --build options]
  local dir=$1
  shift
  echo "test.sh: building $dir beside the tests (log: $dir/build.log)" >&2
  set -m
  nice -n 10 cmake --build "$dir" "$@" >"$dir/build.log" 2>&1 &
  build_pid=$!
  set +m
}
finish_build() {  # finish_build DIR: waits for it; a failed build shows its log's end
  if ! wait "$build_pid"; then
    tail -n 60 "$1/build.log" >&2
    echo "test.sh: the build in $1 failed (above; all of it in $1/build.log)" >&2
    exit 1
  fi
  build_pid=""
  echo "test.sh: $1 built: $(grep -c '^\[' "$1/build.log") steps" >&2
}
build_pid=""
# Where the time goes, for keeping the whole run short: each phase's end, in
# seconds since the start.
phase() { echo "test.sh: $1 at ${SECONDS} s" >&2; }
web_pid=""
trap 'for pid in "$build_pid" "$web_pid"; do
        if [ -n "$pid" ]; then kill -- "-$pid" 2>/dev/null || true; fi
      done' EXIT

scripts/setup.sh --sanitizers -DDLX_WERROR=ON -DDLX_UNIT_TESTS=OFF -DCMAKE_UNITY_BUILD=ON
check_log build/release
phase "set up and the Release build"

sanitize="-fsanitize=address,undefined -fno-sanitize=pointer-overflow,vptr -fno-sanitize-recover=all"
sanitize="$sanitize -fno-omit-frame-pointer"
quick="-O1 -gline-tables-only -DNDEBUG"
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDLX_WERROR=ON -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="$sanitize" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$quick" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DDLX_SANITY=ON -DDLX_BUILD_BENCH=OFF -DDLX_BUILD_PYTHON=OFF >/dev/null
start_build build/sanitize

export DLX_REQUIRE_BROWSER=1
ctest --test-dir build/release --output-on-failure -j "$(nproc)"
phase "the Release tests"

finish_build build/sanitize
check_log build/sanitize
phase "the sanitizer build"

cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDLX_WERROR=ON -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O0 -gline-tables-only -DNDEBUG" -DDLX_SPEED_OPT_LEVEL=-O1 \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" -DDLX_BUILD_BENCH=OFF -DDLX_BUILD_PYTHON=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON >/dev/null
start_build build/tsan --target dlx_tests sudoku_cli_tests

ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build/sanitize --output-on-failure -j "$(nproc)"
phase "the sanitizer tests"

finish_build build/tsan
check_log build/tsan
phase "the ThreadSanitizer build"
# The library's threaded tests, named for it (their suites hold others, which
# CTest's names, one a suite, do not tell apart), beside the command's tests.
# The web page (scripts/build-web.sh, emscripten) builds beside the
# ThreadSanitizer tests; its tests run after them.
echo "test.sh: building build/web beside the tests (log: build/web-build.log)" >&2
set -m
nice -n 10 scripts/build-web.sh -DDLX_WERROR=ON -DDLX_BUILD_TESTS=ON >build/web-build.log 2>&1 &
web_pid=$!
set +m
export TSAN_OPTIONS=halt_on_error=1
timeout 900 build/tsan/tests/dlx/dlx_tests --gtest_filter='*Parallel*:*Split*:*Threads*' \
  >build/tsan/dlx_tests.log 2>&1 &
threaded_pid=$!
ctest --test-dir build/tsan --output-on-failure -j "$(nproc)" -R "^sudoku_cli_tests[.]"
if ! wait "$threaded_pid"; then
  cat build/tsan/dlx_tests.log >&2
  echo "test.sh: the library's threaded tests failed under ThreadSanitizer (above)" >&2
  exit 1
fi
grep -E "^\[  PASSED  \]" build/tsan/dlx_tests.log >&2
phase "the ThreadSanitizer tests"

if ! wait "$web_pid"; then
  tail -n 60 build/web-build.log >&2
  echo "test.sh: the web build failed (above; all of it in build/web-build.log)" >&2
  exit 1
fi
web_pid=""
check_log build/web-build
# The libraries' unit tests in WebAssembly under Node (scripts/test-web-units.sh;
# built with the page above, in its tree) beside the page's tests: the JavaScript
# API against the native command, and the page in headless Chromium from disk
# (tests/web/test_web.py), which leave a core mostly idle. One process for the
# unit tests, not two: the two phases together took 57 s instead of 64 (2026-12-06).
set -m
SHARDS=1 WEB_TREE=build/web-build scripts/test-web-units.sh -DDLX_WERROR=ON -DDLX_BUILD_TESTS=ON \
  >build/web-units.log 2>&1 &
web_pid=$!
set +m
DLX_REQUIRE_WEB=1 DLX_REQUIRE_BROWSER=1 /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/web
if ! wait "$web_pid"; then
  tail -n 80 build/web-units.log >&2
  echo "test.sh: the unit tests failed in WebAssembly (above; all of it in build/web-units.log)" >&2
  exit 1
fi
web_pid=""
grep -E "^\[  PASSED  \]" build/web-units.log >&2
check_log build/web-tests
phase "the web page and the unit tests in WebAssembly"
