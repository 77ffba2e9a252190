# A package checked against its own contract: nothing to report, exit 0; and the contract read
# back and written again is the same file. Runs on a package with every kind of type.
#   cmake -DTOOL=... -DPACKAGE=... -DTYPES=a,b -DWORK=dir -P self_check.cmake
cmake_minimum_required(VERSION 3.20)
string(REPLACE "," ";" types "${TYPES}")
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
execute_process(COMMAND "${TOOL}" -p "${PACKAGE}" -o "${WORK}/gen"
  --write-contract "${WORK}/contract.json" ${types}
  RESULT_VARIABLE exit_code ERROR_VARIABLE err TIMEOUT 60)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "--write-contract failed (exit ${exit_code}):\n${err}")
endif()
execute_process(COMMAND "${TOOL}" -p "${PACKAGE}" -o "${WORK}/gen"
  --check-contract "${WORK}/contract.json" --write-contract "${WORK}/again.json" ${types}
  RESULT_VARIABLE exit_code ERROR_VARIABLE err TIMEOUT 60)
if(NOT exit_code EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "--check-contract against its own contract: exit ${exit_code}:\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${WORK}/contract.json"
  "${WORK}/again.json" RESULT_VARIABLE differs)
if(differs)
  message(FATAL_ERROR "the contract changed between two runs on the same headers")
endif()
