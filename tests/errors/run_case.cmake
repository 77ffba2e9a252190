# Runs msgpack-gen on one case of tests/errors/cases and checks its exit status and stderr.
#   cmake -DTOOL=<msgpack-gen> -DCASE=<case folder> -DOUT=<scratch folder> -P run_case.cmake
# case.txt in the folder says what to run and what to expect (the format:
# tests/support/case_file.cmake):
#   # a comment saying what the case proves
#   args: -p @CASE@ -o @OUT@ Order   (@CASE@: the case folder, @OUT@: a scratch folder)
#   exit: 1
#   stderr: dto.hpp:5:7: error: ...   (each must appear in stderr; repeat for several)
#   max-stderr-lines: 8                 (optional: no wall of text)
#   setup: unreadable                   (optional: copy the case to @OUT@/locked, chmod 000)
cmake_minimum_required(VERSION 3.20)
foreach(var TOOL CASE OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_case.cmake: -D${var}=... is required")
  endif()
endforeach()
include("${CMAKE_CURRENT_LIST_DIR}/../support/case_file.cmake")
read_case("${CASE}/case.txt")
set(args "${case_args}")
set(setup "${case_setup}")

file(REMOVE_RECURSE "${OUT}")
file(MAKE_DIRECTORY "${OUT}")
if(setup STREQUAL "unreadable")
  file(COPY "${CASE}/" DESTINATION "${OUT}/locked")
  file(CHMOD "${OUT}/locked" PERMISSIONS OWNER_WRITE)
  file(GLOB still_listed "${OUT}/locked/*")
  if(still_listed)
    file(CHMOD "${OUT}/locked" DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
    message("SKIP: this user can read a folder without read permission (root), so the case "
            "cannot be set up")
    return()
  endif()
endif()

string(REPLACE "@CASE@" "${CASE}" args "${args}")
string(REPLACE "@OUT@" "${OUT}" args "${args}")
separate_arguments(args UNIX_COMMAND "${args}")
execute_process(COMMAND "${TOOL}" ${args}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(setup STREQUAL "unreadable")
  file(CHMOD "${OUT}/locked" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
endif()
message("msgpack-gen ${args}\n--- exit ${exit_code}, stderr:\n${err}---")

set(problems "")
check_case("${exit_code}" "${err}" problems)
if(case_exit STREQUAL "0")
  file(GLOB_RECURSE generated "${OUT}/*.msgpack.hpp")
  if(NOT generated)
    string(APPEND problems "exit 0 but nothing was generated in ${OUT}\n")
  endif()
endif()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
