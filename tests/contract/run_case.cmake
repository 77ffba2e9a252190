# Runs one case of tests/contract/cases: the contract of old.hpp, then the check of new.hpp
# against it, and checks the check's exit status and diagnostics.
#   cmake -DTOOL=<msgpack-gen> -DCASE=<case folder> -DOUT=<scratch folder> -P run_case.cmake
# The case folder holds old.hpp and new.hpp (each copied to dto.hpp of a package of its own, so
# messages name dto.hpp) and case.txt (the format: tests/support/case_file.cmake):
#   # a comment saying what the case proves
#   types: Order Line          (the requested types)
#   old-types: Order:+- Line   (optional: the types the contract was written with)
#   exit: 3                    (of --check-contract: 3 when it finds a breaking change)
#   stderr: dto.hpp:5:7: error: breaking: ...   (each must appear in stderr; repeat for several)
#   no-stderr: breaking        (optional: must not appear in stderr)
cmake_minimum_required(VERSION 3.20)
foreach(var TOOL CASE OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_case.cmake: -D${var}=... is required")
  endif()
endforeach()
include("${CMAKE_CURRENT_LIST_DIR}/../support/case_file.cmake")
read_case("${CASE}/case.txt")
if(NOT case_types)
  message(FATAL_ERROR "${CASE}/case.txt needs a 'types:' line")
endif()
set(types "${case_types}")
separate_arguments(types UNIX_COMMAND "${types}")
# old-types: the types (and directions) the contract was written with, when they differ.
set(old_types "${types}")
if(DEFINED case_old_types)
  set(old_types "${case_old_types}")
  separate_arguments(old_types UNIX_COMMAND "${old_types}")
endif()

file(REMOVE_RECURSE "${OUT}")
foreach(side old new)
  file(MAKE_DIRECTORY "${OUT}/${side}")
  configure_file("${CASE}/${side}.hpp" "${OUT}/${side}/dto.hpp" COPYONLY)
endforeach()

execute_process(COMMAND "${TOOL}" -p "${OUT}/old" -o "${OUT}/old-gen"
  --write-contract "${OUT}/contract.json" ${old_types}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT exit_code EQUAL 0)
  message(FATAL_ERROR "--write-contract on old.hpp failed (exit ${exit_code}):\n${err}")
endif()
execute_process(COMMAND "${TOOL}" -p "${OUT}/new" -o "${OUT}/new-gen"
  --check-contract "${OUT}/contract.json" ${types}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
message("--check-contract: exit ${exit_code}, stderr:\n${err}---")

set(problems "")
check_case("${exit_code}" "${err}" problems)
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
