# Compile settings applied per target, never globally, so that a project that
# consumes ours keeps its own flags.

# Warnings for the project's own targets. A clean build is part of the
# product: CI builds with DLX_WERROR, so a new warning fails it. Off by
# default, so a user's newer compiler with new warnings still builds.
function(dlx_set_warnings target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                                             -Wno-sign-conversion)
    if(DLX_WERROR)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
endfunction()

# The search loops are the product: build them at -O3 in optimised builds, and
# with -march=native only when asked (DLX_NATIVE), so the default stays portable.
# Vectors of at most 256 bits: with 512-bit ones the compiler vectorised the
# row clearing of the structure search, and on an AVX-512 host (Cooper Lake)
# hard Sudokus took 1.08-1.14x the portable build's time (bench/README.md,
# issue 28, idea 71).
set(dlx_native_flags -march=native -mprefer-vector-width=256)
# The level those loops are built at. scripts/test.sh builds its
# ThreadSanitizer tree with -O1: that tree only runs the threaded tests, and
# under TSan bitset_search.cpp compiled in 34 s at -O3 against 16 s at -O1.
set(DLX_SPEED_OPT_LEVEL "-O3" CACHE STRING "optimisation level of the search loops (dlx_set_speed)")
function(dlx_set_speed target)
  # A library is compiled file by file even in a unity build (CMAKE_UNITY_BUILD,
  # which scripts/test.sh uses): each engine is a heavy unit of its own, and its
  # inlining must not depend on which files share a batch. A command passes
  # SHARED_BATCHES: its files may share one (sudoku_cli under the sanitizers took
  # a quarter of the time so), since its hot loops are the libraries'. The
  # sudoku library passes SANITIZER_BATCHES: its files (readers, writers, the
  # model's lowering, the logic; no engine) share batches in the sanitizer
  # builds and the web build (scripts/build-web.sh), about 2.5 times faster to
  # build there, and not in Release, where
  # g++ -O3 took 150-270 s a batch and the Release build 105 s longer
  # (2026-12-06). In batches a file's helpers share a namespace with its
  # batch's: two files may not define one name twice.
  if(NOT "SHARED_BATCHES" IN_LIST ARGN AND NOT ("SANITIZER_BATCHES" IN_LIST ARGN AND
                                                (DLX_SANITIZED OR EMSCRIPTEN)))
    set_target_properties(${target} PROPERTIES UNITY_BUILD OFF)
  endif()
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<CONFIG:Release,RelWithDebInfo>:${DLX_SPEED_OPT_LEVEL}>)
    if(DLX_NATIVE)
      target_compile_options(${target} PRIVATE ${dlx_native_flags})
    endif()
  endif()
endfunction()
