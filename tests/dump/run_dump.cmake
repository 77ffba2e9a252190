# Runs msgpack-gen --dump on one input and checks its exit status, its stdout and its stderr.
#   cmake -DTOOL=<msgpack-gen> -DINPUT=<file> [-DSTDIN=1] "-DARGS=--hex|--pretty"
#         -DEXIT=<status> [-DOUT=<file with the exact stdout>] [-DERR=<text stderr must hold>]
#         [-DPYTHON=<python3> -DWORK=<scratch>: stdout must be a sequence of JSON values]
#         -P run_dump.cmake
cmake_minimum_required(VERSION 3.20)
foreach(var TOOL INPUT EXIT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_dump.cmake: -D${var}=... is required")
  endif()
endforeach()
string(REPLACE "|" ";" ARGS "${ARGS}")
if(STDIN)
  execute_process(COMMAND "${TOOL}" --dump - ${ARGS} INPUT_FILE "${INPUT}"
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
else()
  execute_process(COMMAND "${TOOL}" --dump "${INPUT}" ${ARGS}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
endif()
include("${CMAKE_CURRENT_LIST_DIR}/check_output.cmake")
check_output()
if(PYTHON)
  if(NOT DEFINED WORK)
    message(FATAL_ERROR "run_dump.cmake: -DPYTHON needs -DWORK=<scratch folder>")
  endif()
  file(MAKE_DIRECTORY "${WORK}")
  get_filename_component(name "${INPUT}" NAME)
  file(WRITE "${WORK}/${name}.stdout" "${out}")
  execute_process(COMMAND "${PYTHON}" -c
      "import json, sys\ntext = open(sys.argv[1]).read()\nat = 0\nwhile text[at:].strip():\n  at += len(text[at:]) - len(text[at:].lstrip())\n  at = json.JSONDecoder().raw_decode(text, at)[1]"
      "${WORK}/${name}.stdout"
    RESULT_VARIABLE valid ERROR_VARIABLE problem)
  if(NOT valid EQUAL 0)
    message(FATAL_ERROR "stdout is not a sequence of JSON values:\n${problem}")
  endif()
endif()
