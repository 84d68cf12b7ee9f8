# Run by dlx_add_test_executable (tests/CMakeLists.txt) after a test executable
# is built: lists its tests and writes OUT, the CTest file that registers them,
# one CTest test per suite (per CHUNK tests of a larger suite), each running
# its tests in one process with --gtest_filter.
#
# Why not gtest_discover_tests, which registers one CTest test a test: each
# test then started its own process, and under the sanitizers a process costs
# about 0.2 CPU-seconds before its test runs (the library's start-up,
# instrumented). sudoku_tests' 616 tests took 215 CPU-seconds run one by one
# and 85 in one process (2026-12-06).
#
# Input: EXE, PREFIX (of every CTest name), FILTER (a --gtest_filter, or
# empty), CHUNK, TIMEOUT (seconds per CTest test), OUT.
cmake_minimum_required(VERSION 3.25)

set(args --gtest_list_tests)
if(FILTER)
  list(APPEND args "--gtest_filter=${FILTER}")
endif()
execute_process(
  COMMAND "${EXE}" ${args}
  OUTPUT_VARIABLE listing
  ERROR_VARIABLE errors
  RESULT_VARIABLE status
  TIMEOUT 60)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "gtest-groups: ${EXE} --gtest_list_tests failed (${status}):\n${errors}")
endif()

# The listing: "Suite." on a line, then "  Test" lines; either may end with a
# comment ("  # GetParam() = ..."), which is not part of the name.
string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(suites)
set(suite)
foreach(line IN LISTS lines)
  string(REGEX REPLACE " *#.*" "" line "${line}")
  if(line MATCHES "^([^ ]+)\\.$")
    set(suite "${CMAKE_MATCH_1}")
    list(APPEND suites "${suite}")
    set(tests_${suite})
  elseif(line MATCHES "^  ([^ ]+)$" AND NOT suite STREQUAL "")
    list(APPEND "tests_${suite}" "${suite}.${CMAKE_MATCH_1}")
  endif()
endforeach()

set(text "# Written by cmake/gtest-groups.cmake from ${EXE} --gtest_list_tests.\n")
set(registered 0)
foreach(suite IN LISTS suites)
  set(names ${tests_${suite}})
  list(LENGTH names count)
  if(count EQUAL 0)
    continue()
  endif()
  math(EXPR parts "(${count} + ${CHUNK} - 1) / ${CHUNK}")
  math(EXPR last "${parts} - 1")
  foreach(part RANGE ${last})
    math(EXPR first "${part} * ${CHUNK}")
    list(SUBLIST names ${first} ${CHUNK} chunk)
    string(REPLACE ";" ":" filter "${chunk}")
    set(name "${PREFIX}${suite}")
    if(parts GREATER 1)
      math(EXPR number "${part} + 1")
      string(APPEND name ".${number}of${parts}")
    endif()
    string(APPEND text "add_test([==[${name}]==] [==[${EXE}]==] [==[--gtest_filter=${filter}]==])\n"
           "set_tests_properties([==[${name}]==] PROPERTIES TIMEOUT ${TIMEOUT})\n")
    math(EXPR registered "${registered} + 1")
  endforeach()
endforeach()
if(registered EQUAL 0)
  message(FATAL_ERROR "gtest-groups: ${EXE} lists no test (filter: '${FILTER}')")
endif()
file(WRITE "${OUT}" "${text}")
