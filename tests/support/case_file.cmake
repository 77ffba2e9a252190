# What the msgpack-gen case runners (tests/errors, tests/contract) share: reading a case.txt and
# checking a run's exit status and stderr against it. Included by their run_case.cmake scripts.
#
# case.txt: "key: value" lines and "#" comments. Read by read_case() into case_<key> (dashes
# become underscores): `stderr` and `no-stderr` collect every line, other keys keep the last.
#   exit: 1                     the exit status expected (required)
#   stderr: <text>              must appear in stderr (repeat for several)
#   no-stderr: <text>           must not appear in stderr
#   max-stderr-lines: <n>       at most n lines of stderr (no wall of text)
# plus the runner's own keys (args, setup, types...).

function(read_case file)
  file(STRINGS "${file}" lines)
  set(case_stderr "")
  set(case_no_stderr "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^([a-z-]+): (.*)$")
      continue()
    endif()
    string(REPLACE "-" "_" key "case_${CMAKE_MATCH_1}")
    if(key STREQUAL "case_stderr" OR key STREQUAL "case_no_stderr")
      list(APPEND ${key} "${CMAKE_MATCH_2}")
    else()
      set(${key} "${CMAKE_MATCH_2}")
    endif()
    set(${key} "${${key}}" PARENT_SCOPE)
  endforeach()
  set(case_stderr "${case_stderr}" PARENT_SCOPE)
  set(case_no_stderr "${case_no_stderr}" PARENT_SCOPE)
  if(NOT case_exit MATCHES "^[0-9]+$")
    message(FATAL_ERROR "${file} has no 'exit: <status>' line")
  endif()
endfunction()

# check_case(<exit code> <stderr> <problems variable>): appends to the variable each way the run
# differs from what read_case() read.
function(check_case exit_code err problems_var)
  set(problems "${${problems_var}}")
  if(NOT exit_code STREQUAL case_exit)
    string(APPEND problems "exit status ${exit_code}, expected ${case_exit}\n")
  endif()
  foreach(text IN LISTS case_stderr)
    string(FIND "${err}" "${text}" at)
    if(at EQUAL -1)
      string(APPEND problems "stderr lacks: ${text}\n")
    endif()
  endforeach()
  foreach(text IN LISTS case_no_stderr)
    string(FIND "${err}" "${text}" at)
    if(NOT at EQUAL -1)
      string(APPEND problems "stderr has: ${text}\n")
    endif()
  endforeach()
  if(DEFINED case_max_stderr_lines)
    string(REGEX MATCHALL "\n" newlines "${err}")
    list(LENGTH newlines count)
    if(count GREATER case_max_stderr_lines)
      string(APPEND problems
             "stderr has ${count} lines, expected at most ${case_max_stderr_lines}\n")
    endif()
  endif()
  set(${problems_var} "${problems}" PARENT_SCOPE)
endfunction()
