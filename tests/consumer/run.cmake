# Installs the built project into a scratch prefix, then configures, builds and
# runs tests/consumer against it, with the same compiler and flags (a sanitizer
# build's libraries need the sanitizer runtime); then builds the same program
# without CMake, with the flags of the installed pkg-config files. The program
# (main.cpp) calls every library: dlx, sudoku (render_svg too) and svg. Arguments: BUILD_DIR,
# SOURCE_DIR, WORK_DIR, CXX, CXX_FLAGS, LINKER_FLAGS.
file(REMOVE_RECURSE "${WORK_DIR}")
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(output "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
# The licence, beside the docs and in the CMake package.
file(GLOB licence "${WORK_DIR}/prefix/share/doc/*/LICENSE")
file(GLOB_RECURSE package_config "${WORK_DIR}/prefix/*/dlx-config.cmake")
if(NOT licence OR NOT package_config)
  message(FATAL_ERROR "no LICENSE in share/doc or no dlx-config.cmake under ${WORK_DIR}/prefix")
endif()
file(STRINGS "${package_config}" spdx REGEX "^# SPDX-License-Identifier: MIT$")
if(NOT spdx)
  message(FATAL_ERROR "${package_config} says no SPDX-License-Identifier: MIT")
endif()
# The headers under the project's own folder, none at the top of include/.
foreach(header dlx/solver.hpp sudoku/solver.hpp sudoku/render.hpp svg/cells.hpp)
  if(NOT EXISTS "${WORK_DIR}/prefix/include/dlx-sudoku/${header}")
    message(FATAL_ERROR "no ${header} in ${WORK_DIR}/prefix/include/dlx-sudoku")
  endif()
endforeach()
foreach(folder dlx sudoku svg)
  if(EXISTS "${WORK_DIR}/prefix/include/${folder}")
    message(FATAL_ERROR "headers installed at the top of include/: ${folder}/")
  endif()
endforeach()
# The commands the README's examples call by name, in the prefix's bin/ (which the
# README puts on PATH), when the build has them.
foreach(program sudoku dlx dlx-queens dlx-langford dlx-pentomino dlx-matrices dlx-wordsquares
                dlx-dominoes dlx-aztec)
  if(EXISTS "${BUILD_DIR}/tools/${program}" OR EXISTS "${BUILD_DIR}/examples/${program}")
    if(NOT EXISTS "${WORK_DIR}/prefix/bin/${program}")
      message(FATAL_ERROR "cmake --install put no ${program} in ${WORK_DIR}/prefix/bin")
    endif()
  endif()
endforeach()
run(${CMAKE_COMMAND} -S "${SOURCE_DIR}/tests/consumer" -B "${WORK_DIR}/build" -G Ninja
    -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix" "-DCMAKE_CXX_COMPILER=${CXX}"
    "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}")
run(${CMAKE_COMMAND} --build "${WORK_DIR}/build")
run("${WORK_DIR}/build/consumer")
# What main.cpp prints: four queens have 2 solutions; the Sudoku's one solution;
# render_svg's whole document and its title; the L's outline, 6 corners from
# the top left, down its left side first, and two of svg's small helpers.
set(expected "queens-4 2
sudoku unique 534678912672195348198342567859761423426853791713924856961537284287419635345286179
render_svg a whole document, title 'Sudoku 9x9, 30 givens'
svg 1 loop, 6 corners: M0 0 L0 20 L20 20 L20 10 L10 10 L10 0 Z; 3.25 a&lt;b
")
if(NOT output STREQUAL expected)
  message(FATAL_ERROR "consumer printed:\n${output}\nexpected:\n${expected}")
endif()
message(STATUS "the installed package works: ${output}")

# The same program built without CMake, with the flags pkg-config gives for
# dlx-sudoku alone: it must bring in dlx and dlx-svg (render_svg draws with it).
file(GLOB pc_files "${WORK_DIR}/prefix/*/pkgconfig/dlx-sudoku.pc" "${WORK_DIR}/prefix/*/*/pkgconfig/dlx-sudoku.pc")
if(NOT pc_files)
  message(FATAL_ERROR "no dlx-sudoku.pc installed under ${WORK_DIR}/prefix")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_path "${pc_file}" DIRECTORY)
foreach(pc dlx dlx-svg dlx-sudoku)
  run(${CMAKE_COMMAND} -E env "PKG_CONFIG_PATH=${pc_path}" pkg-config --modversion ${pc})
  file(STRINGS "${pc_path}/${pc}.pc" spdx REGEX "^# SPDX-License-Identifier: MIT$")
  if(NOT spdx)
    message(FATAL_ERROR "${pc}.pc says no SPDX-License-Identifier: MIT")
  endif()
endforeach()
run(${CMAKE_COMMAND} -E env "PKG_CONFIG_PATH=${pc_path}" pkg-config --libs dlx-svg)
if(NOT output MATCHES "-ldlx-svg.*-lfmt")
  message(FATAL_ERROR "pkg-config --libs dlx-svg gave '${output}'")
endif()
run(${CMAKE_COMMAND} -E env "PKG_CONFIG_PATH=${pc_path}" pkg-config --cflags --libs dlx-sudoku)
string(STRIP "${output}" pc_flags)
# Static libraries: each before the libraries it uses.
if(NOT pc_flags MATCHES "-ldlx-sudoku .*-ldlx .*-lfmt" OR NOT pc_flags MATCHES
                                                           "-ldlx-sudoku .*-ldlx-svg .*-lfmt")
  message(FATAL_ERROR "pkg-config --libs dlx-sudoku gave '${pc_flags}'")
endif()
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
separate_arguments(cxx_flags UNIX_COMMAND "${CXX_FLAGS}")
separate_arguments(linker_flags UNIX_COMMAND "${LINKER_FLAGS}")
run(${CXX} -std=c++20 -O2 ${cxx_flags} "${SOURCE_DIR}/tests/consumer/main.cpp" -o
    "${WORK_DIR}/consumer-pkg-config" ${pc_flags} ${linker_flags})
run("${WORK_DIR}/consumer-pkg-config")
if(NOT output STREQUAL expected)
  message(FATAL_ERROR "the consumer built with pkg-config printed:\n${output}\nexpected:\n${expected}")
endif()
message(STATUS "pkg-config's flags work too: ${pc_flags}")
