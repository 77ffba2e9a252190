# Runs msgpack-gen on one case of tests/errors/cases and checks its exit status and stderr.
#   cmake -DTOOL=<msgpack-gen> -DCASE=<case folder> -DOUT=<scratch folder> -P run_case.cmake
# case.txt in the folder says what to run and what to expect (the format:
# tests/support/case_file.cmake):
#   # a comment saying what the case proves
#   args: -p @CASE@ -o @OUT@ Order   (@CASE@: the case folder, @OUT@: a scratch folder)
#   exit: 1
#   stderr: dto.hpp:5:7: error: ...   (each must appear in stderr; repeat for several)
#   max-stderr-lines: 8                 (optional: no wall of text)
#   setup: unreadable                   (optional: copy the case to @OUT@/locked, chmod 000;
#                                        as root, the tool runs as nobody: see below)
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
set(work "${OUT}")  # what @OUT@ stands for
set(tool "${TOOL}")
set(run_as "")
# Leaves nothing locked or staged behind, whichever way the run ends.
macro(clean_up)
  if(EXISTS "${work}/locked")
    file(CHMOD "${work}/locked" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  endif()
  if(NOT work STREQUAL OUT)
    file(REMOVE_RECURSE "${work}")
  endif()
endmacro()
string(REPLACE "@CASE@" "${CASE}" args "${args}")

if(setup STREQUAL "unreadable")
  execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(uid STREQUAL "0")
    # Root reads any folder (and CI runs as root), so the tool runs as nobody instead, from a
    # folder of its own: nobody may not reach the build tree (a clone in /root is closed to
    # other users). The tool finds the runtime headers in ../include beside it.
    find_program(setpriv setpriv)
    if(NOT setpriv)
      message("SKIP: running as root, who reads any folder, and there is no setpriv to run the "
              "tool as another user")
      return()
    endif()
    set(run_as "${setpriv}" --reuid=nobody --regid=nogroup --clear-groups)
    execute_process(COMMAND mktemp -d OUTPUT_VARIABLE work OUTPUT_STRIP_TRAILING_WHITESPACE
      COMMAND_ERROR_IS_FATAL ANY)
    file(CHMOD "${work}" DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
      GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
    file(COPY "${TOOL}" DESTINATION "${work}/bin")
    file(COPY "${CMAKE_CURRENT_LIST_DIR}/../../runtime/include/" DESTINATION "${work}/include")
    get_filename_component(tool_name "${TOOL}" NAME)
    set(tool "${work}/bin/${tool_name}")
    file(MAKE_DIRECTORY "${work}/gen")
    execute_process(COMMAND chown nobody:nogroup "${work}/gen" COMMAND_ERROR_IS_FATAL ANY)
  endif()
  file(COPY "${CASE}/" DESTINATION "${work}/readable")
  file(COPY "${CASE}/" DESTINATION "${work}/locked")
  file(CHMOD "${work}/locked" PERMISSIONS OWNER_WRITE)
  execute_process(COMMAND ${run_as} ls "${work}/locked" RESULT_VARIABLE listed
    OUTPUT_QUIET ERROR_QUIET)
  if(listed EQUAL 0)
    clean_up()
    message("SKIP: the user the tool runs as can read a folder without read permission, so the "
            "case cannot be set up")
    return()
  endif()
  # The control: the same command on a readable copy succeeds, so the failure below comes from
  # the folder's permissions, not from a user who cannot run the tool or reach its files.
  string(REPLACE "@OUT@/locked" "${work}/readable" control_args "${args}")
  string(REPLACE "@OUT@" "${work}" control_args "${control_args}")
  separate_arguments(control_args UNIX_COMMAND "${control_args}")
  execute_process(COMMAND ${run_as} "${tool}" ${control_args}
    RESULT_VARIABLE control_exit ERROR_VARIABLE control_err TIMEOUT 60)
  file(GLOB_RECURSE control_generated "${work}/gen/*")
  if(NOT control_exit EQUAL 0 OR NOT control_generated)
    clean_up()
    message(FATAL_ERROR "the same command on a readable copy failed (exit ${control_exit}), so "
            "this case would prove nothing:\n${run_as} ${tool} ${control_args}\n${control_err}")
  endif()
  file(REMOVE ${control_generated})
endif()

string(REPLACE "@OUT@" "${work}" args "${args}")
separate_arguments(args UNIX_COMMAND "${args}")
execute_process(COMMAND ${run_as} "${tool}" ${args}
  RESULT_VARIABLE exit_code OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
file(GLOB_RECURSE generated "${work}/*.msgpack.hpp")
clean_up()
list(JOIN run_as " " run_as_text)
if(run_as_text)
  string(APPEND run_as_text " ")
endif()
message("${run_as_text}msgpack-gen ${args}\n--- exit ${exit_code}, stderr:\n${err}---")

set(problems "")
check_case("${exit_code}" "${err}" problems)
if(case_exit STREQUAL "0" AND NOT generated)
  string(APPEND problems "exit 0 but nothing was generated in ${work}\n")
endif()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
