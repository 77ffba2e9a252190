# cmake -DPROGRAM=<path> -P expect_terminate.cmake: runs PROGRAM, which must end through
# std::terminate() (libstdc++'s message, then SIGABRT) and never print "not reached".
execute_process(COMMAND "${PROGRAM}" RESULT_VARIABLE result OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
message("exit: ${result}\n${out}${err}")
if(result EQUAL 0 OR "${out}${err}" MATCHES "not reached")
  message(FATAL_ERROR "${PROGRAM} was expected to terminate")
endif()
if(NOT "${err}" MATCHES "terminate called without an active exception")
  message(FATAL_ERROR "${PROGRAM} did not end through std::terminate()")
endif()
