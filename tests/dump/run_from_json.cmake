# Runs msgpack-gen --from-json on one input and checks its exit status, its stdout and stderr.
#   cmake -DTOOL=<msgpack-gen> -DINPUT=<file> -DCONTRACT=<file> -DTYPE=<struct> [-DHEX=1]
#         -DEXIT=<status> [-DOUT=<file with the exact stdout>] [-DERR=<text stderr must hold>]
#         [-DVIA=dump|from-json] -P run_from_json.cmake
# A failing run must write nothing to stdout. With -DVIA, two runs are piped, and OUT holds what
# the second prints:
#   VIA=from-json  --from-json INPUT (bytes) | --dump -        JSON -> msgpack -> the same JSON
#   VIA=dump       --dump INPUT --hex | --from-json - --hex    hex -> JSON -> the same hex
cmake_minimum_required(VERSION 3.20)
foreach(var TOOL INPUT CONTRACT TYPE EXIT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_from_json.cmake: -D${var}=... is required")
  endif()
endforeach()
set(by_contract --contract "${CONTRACT}" --type "${TYPE}")
if(VIA STREQUAL "from-json")
  execute_process(COMMAND "${TOOL}" --from-json "${INPUT}" ${by_contract}
    COMMAND "${TOOL}" --dump - ${by_contract}
    RESULTS_VARIABLE statuses OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  string(REPLACE ";" "," status "${statuses}")
  set(EXIT "${EXIT},${EXIT}")
elseif(VIA STREQUAL "dump")
  execute_process(COMMAND "${TOOL}" --dump "${INPUT}" --hex ${by_contract}
    COMMAND "${TOOL}" --from-json - --hex ${by_contract}
    RESULTS_VARIABLE statuses OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  string(REPLACE ";" "," status "${statuses}")
  set(EXIT "${EXIT},${EXIT}")
else()
  set(hex "")
  if(HEX)
    set(hex --hex)
  endif()
  execute_process(COMMAND "${TOOL}" --from-json "${INPUT}" ${by_contract} ${hex}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
endif()
include("${CMAKE_CURRENT_LIST_DIR}/check_output.cmake")
check_output()
if(NOT EXIT MATCHES "^0" AND NOT out STREQUAL "")
  message(FATAL_ERROR "a failing --from-json wrote to stdout")
endif()
