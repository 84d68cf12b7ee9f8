# Installs the built project into a scratch prefix, then configures, builds and
# runs tests/consumer against it, with the same compiler and flags (a sanitizer
# build's libraries need the sanitizer runtime). Arguments: BUILD_DIR,
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
