# The WebAssembly build (scripts/build-web.sh, under emcmake): the header-only
# dependencies come from the host's Debian packages, which emscripten's sysroot
# does not search. A folder of links puts only them on the include path (fmt in
# header-only mode, Boost, nlohmann_json), not the host's C library; threads are
# not used there (a search runs on the page's worker thread).
set(web_include ${PROJECT_BINARY_DIR}/web-include)
file(MAKE_DIRECTORY ${web_include})
foreach(dir fmt boost nlohmann)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "the web build needs /usr/include/${dir} (Debian: libfmt-dev, "
                        "libboost-dev, nlohmann-json3-dev)")
  endif()
  file(CREATE_LINK /usr/include/${dir} ${web_include}/${dir} SYMBOLIC)
endforeach()
foreach(target fmt::fmt Boost::headers nlohmann_json::nlohmann_json Threads::Threads)
  add_library(${target} INTERFACE IMPORTED GLOBAL)
endforeach()
foreach(target fmt::fmt Boost::headers nlohmann_json::nlohmann_json)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${web_include}
                                             INTERFACE_SYSTEM_INCLUDE_DIRECTORIES ${web_include})
endforeach()
set_target_properties(fmt::fmt PROPERTIES INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY)
# The commands report bad input by exceptions: WebAssembly's own, which Chromium
# and Node run natively (emscripten's default ignores them: a throw would abort).
add_compile_options(-fwasm-exceptions)
# WebAssembly's 128-bit SIMD, with SSE2's intrinsics on top of it (emscripten's
# emmintrin.h, each one or a few SIMD instructions): the counter scans of the
# engines (dlx/src/counter_scan.hpp) and the readers' and validator's byte scans
# take their SSE2 paths, as natively. The leftmost smallest of a Sudoku's 324
# counters, at every node, is about 70 instructions so against 1,000 for the
# scalar loop. Chromium and Node have run it since 2021 (Chrome 91, Node 16.4).
add_compile_options(-msimd128 -msse2)
add_link_options(-fwasm-exceptions)
