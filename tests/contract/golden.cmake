# The file msgpack-gen writes with OPTION (--write-contract, the default, or --json-schema) for
# PACKAGE with TYPES (comma-separated), compared with (MODE check) or copied to (MODE update)
# EXPECTED.
#   cmake -DTOOL=... -DPACKAGE=... -DTYPES=a,b -DEXPECTED=file.json -DWORK=dir -DMODE=check
#         [-DOPTION=--json-schema] -P golden.cmake
cmake_minimum_required(VERSION 3.20)
string(REPLACE "," ";" types "${TYPES}")
if(NOT DEFINED OPTION)
  set(OPTION --write-contract)
endif()
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${TOOL}" -p "${PACKAGE}" -o "${WORK}/gen"
  ${OPTION} "${WORK}/contract.json" ${types}
  RESULT_VARIABLE exit_code ERROR_VARIABLE err TIMEOUT 60)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "msgpack-gen failed (exit ${exit_code}):\n${err}")
endif()
if(MODE STREQUAL "update")
  configure_file("${WORK}/contract.json" "${EXPECTED}" COPYONLY)
  message(STATUS "updated ${EXPECTED}")
  return()
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/contract.json" "${EXPECTED}"
  RESULT_VARIABLE differs)
if(differs)
  execute_process(COMMAND diff -u "${EXPECTED}" "${WORK}/contract.json")
  message(FATAL_ERROR "the output differs from ${EXPECTED}.\n"
    "If the change is intended: cmake --build <build> --target update-goldens, and review the diff.")
endif()
