# cmake -DSOURCE_DIR=... -DWORK_DIR=... -DCXX=... -DGENERATOR=... -P werror.cmake
# Builds a probe that -Wshadow warns about with the project's warning settings
# (cmake/project-options.cmake), without and then with DLX_WERROR: the first
# build must warn and succeed, the second must fail on that warning.
file(REMOVE_RECURSE ${WORK_DIR})
file(WRITE ${WORK_DIR}/src/CMakeLists.txt
     "cmake_minimum_required(VERSION 3.21)\n"
     "project(werror_probe LANGUAGES CXX)\n"
     "include(${SOURCE_DIR}/cmake/project-options.cmake)\n"
     "add_executable(probe probe.cpp)\n"
     "dlx_set_warnings(probe)\n")
file(WRITE ${WORK_DIR}/src/probe.cpp
     "int main(int argc, char**) {\n"
     "  int n = argc;\n"
     "  { int n = 2; return n; }  // shadows n\n"
     "}\n")

function(build werror result_var output_var)
  set(dir ${WORK_DIR}/build-${werror})
  execute_process(
    COMMAND ${CMAKE_COMMAND} -S ${WORK_DIR}/src -B ${dir} -G ${GENERATOR}
            -DCMAKE_CXX_COMPILER=${CXX} -DDLX_WERROR=${werror}
    RESULT_VARIABLE configured OUTPUT_QUIET ERROR_VARIABLE configure_errors)
  if(NOT configured EQUAL 0)
    message(FATAL_ERROR "the probe did not configure:\n${configure_errors}")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${dir} RESULT_VARIABLE result
                  OUTPUT_VARIABLE output ERROR_VARIABLE output)
  set(${result_var} ${result} PARENT_SCOPE)
  set(${output_var} "${output}" PARENT_SCOPE)
endfunction()

build(OFF result output)
if(NOT result EQUAL 0 OR NOT output MATCHES "warning:")
  message(FATAL_ERROR "without DLX_WERROR the probe should build with a warning:\n${output}")
endif()
build(ON result output)
if(result EQUAL 0 OR NOT output MATCHES "error:.*shadow")
  message(FATAL_ERROR "with DLX_WERROR the probe's warning should fail its build:\n${output}")
endif()
message(STATUS "DLX_WERROR turns the probe's -Wshadow warning into an error")
