# Runs the libFuzzer binary for a bounded time (ctest: fuzz:unmarshal_bounded_run).
# The seed corpus is read only; new interesting inputs go to WORK_DIR in the build tree. A crash,
# leak, timeout or out-of-memory input is written to REGRESSION_DIR (in the source tree, so it
# can be committed) and fails the test; fuzz:replay_corpus_and_regressions replays it from then on.
cmake_minimum_required(VERSION 3.20)
foreach(var FUZZER SECONDS WORK_DIR SEED_DIR DICT REGRESSION_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_fuzzer.cmake: -D${var}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK_DIR}" "${REGRESSION_DIR}")
execute_process(
  COMMAND "${FUZZER}"
    -max_total_time=${SECONDS}
    -rss_limit_mb=1024
    -malloc_limit_mb=512
    -timeout=5
    -max_len=8192
    -print_final_stats=1
    "-dict=${DICT}"
    "-artifact_prefix=${REGRESSION_DIR}/"
    "${WORK_DIR}" "${SEED_DIR}"
  RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "fuzz: the fuzzer failed (exit ${result}); the input is in "
                      "${REGRESSION_DIR}. Fix the bug and commit the file: "
                      "fuzz:replay_corpus_and_regressions replays it in every build.")
endif()
message(STATUS "fuzz: passed, no crash in ${SECONDS} s")
