# Installs the built project into a scratch prefix, then configures, builds and
# runs tests/consumer against it, with the same compiler and flags (a sanitizer
# build's libraries need the sanitizer runtime); then builds the same program
# without CMake, with the flags of the installed pkg-config files. Arguments: BUILD_DIR,
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
set(expected "queens-4 2\nsudoku unique 534678912672195348198342567859761423426853791713924856961537284287419635345286179\n")
if(NOT output STREQUAL expected)
  message(FATAL_ERROR "consumer printed:\n${output}\nexpected:\n${expected}")
endif()
message(STATUS "the installed package works: ${output}")

# The same program built without CMake, with the flags pkg-config gives.
file(GLOB pc_files "${WORK_DIR}/prefix/*/pkgconfig/dlx-sudoku.pc" "${WORK_DIR}/prefix/*/*/pkgconfig/dlx-sudoku.pc")
if(NOT pc_files)
  message(FATAL_ERROR "no dlx-sudoku.pc installed under ${WORK_DIR}/prefix")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_path "${pc_file}" DIRECTORY)
run(${CMAKE_COMMAND} -E env "PKG_CONFIG_PATH=${pc_path}" pkg-config --cflags --libs dlx-sudoku)
string(STRIP "${output}" pc_flags)
if(NOT pc_flags MATCHES "-ldlx-sudoku.*-ldlx.*-lfmt")
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
