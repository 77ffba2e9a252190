# cmake -DTOOL=<msgpack-gen> -DPACKAGE=<dir> -DTYPES=<a,b> -DEXPECTED=<dir> -DWORK=<dir>
#       -DMODE=check|update [-DARGS=<a,b>] -P golden.cmake
#
# Generates code for PACKAGE into WORK and compares every file with the checked-in copy in
# EXPECTED (check), or copies the fresh output over it (update).
string(REPLACE "," ";" TYPES "${TYPES}")  # comma-separated: a list would not survive ctest
string(REPLACE "," ";" ARGS "${ARGS}")    # more options for the tool, e.g. --split
file(REMOVE_RECURSE "${WORK}")
execute_process(COMMAND "${TOOL}" -p "${PACKAGE}" -o "${WORK}" ${ARGS} ${TYPES}
  RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "msgpack-gen failed (${rc}):\n${err}")
endif()
file(GLOB_RECURSE produced RELATIVE "${WORK}" "${WORK}/*.msgpack.hpp" "${WORK}/*.msgpack.cpp")
file(GLOB_RECURSE expected RELATIVE "${EXPECTED}" "${EXPECTED}/*.msgpack.hpp"
  "${EXPECTED}/*.msgpack.cpp")
list(SORT produced)
list(SORT expected)

if(MODE STREQUAL "update")
  file(REMOVE_RECURSE "${EXPECTED}")
  foreach(f IN LISTS produced)
    configure_file("${WORK}/${f}" "${EXPECTED}/${f}" COPYONLY)
  endforeach()
  message(STATUS "golden files updated in ${EXPECTED}: ${produced}")
  return()
endif()

if(NOT produced STREQUAL expected)
  message(FATAL_ERROR "generated files differ from the golden set:\n  produced: ${produced}\n"
    "  expected: ${expected}\nUpdate with: cmake --build <build> --target update-goldens")
endif()
set(drift "")
foreach(f IN LISTS produced)
  file(READ "${WORK}/${f}" new)
  file(READ "${EXPECTED}/${f}" old)
  if(NOT new STREQUAL old)
    execute_process(COMMAND diff -u "${EXPECTED}/${f}" "${WORK}/${f}" OUTPUT_VARIABLE d)
    string(APPEND drift "${d}")
  endif()
endforeach()
if(drift)
  message(FATAL_ERROR "generated code drifted from the golden files:\n${drift}\n"
    "If the change is intended: cmake --build <build> --target update-goldens, and review the diff.")
endif()
message(STATUS "golden files match: ${produced}")
