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
function(dlx_set_speed target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<CONFIG:Release,RelWithDebInfo>:-O3>)
    if(DLX_NATIVE)
      target_compile_options(${target} PRIVATE -march=native)
    endif()
  endif()
endfunction()
