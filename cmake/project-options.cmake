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
function(dlx_set_speed target)
  # Compiled file by file even in a unity build (CMAKE_UNITY_BUILD, which
  # scripts/test.sh uses for the tests and tools): each engine is a heavy unit
  # of its own, and its inlining must not depend on which files share a batch.
  set_target_properties(${target} PROPERTIES UNITY_BUILD OFF)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<CONFIG:Release,RelWithDebInfo>:-O3>)
    if(DLX_NATIVE)
      target_compile_options(${target} PRIVATE ${dlx_native_flags})
    endif()
  endif()
endfunction()
