# cmake -DMODE=install|fetchcontent -DWORK_DIR=<scratch> -DCONSUMER_DIR=<examples/cmake-consumer>
#       -DGENERATOR=<"Unix Makefiles"|Ninja> -DCXX_COMPILER=<path>
#       [-DSTEPS=<regenerate,contract>]   (default: both; empty: neither)
#       [-DBUILD_DIR=<msgpack-gen build>]   (MODE install)
#       [-DSOURCE_DIR=<msgpack-gen sources>] (MODE fetchcontent)
#       -P consumer_test.cmake
#
# Builds a copy of the consumer project and checks that add_msgpack_codegen() regenerates
# exactly when it must: after touching a DTO header or a header it includes, after a change of
# the target's definitions, and never on a build with nothing changed. Regenerated files whose
# content did not change must not rebuild objects. Then it checks CONTRACT: compatible and
# breaking header changes, the accept target, an edited and a missing contract file.
#
# STEPS picks what is checked beyond the first build and the generator's own re-run (steps 1, 2,
# 6): `regenerate` (steps 3-5, 7-9: what depends on the CMake generator's dependency handling)
# and `contract` (step 10, which is the same with any CMake generator). Each concern is checked
# by one scenario (tests/cmake/CMakeLists.txt), so CI does not build the consumer more often than
# that needs.
#
# MODE install: `cmake --install BUILD_DIR` into a fresh prefix, then find_package() finds it.
# MODE fetchcontent: a wrapper project pulls SOURCE_DIR in with FetchContent
# (OVERRIDE_FIND_PACKAGE, which is add_subdirectory() underneath) and adds the unchanged consumer
# as a subdirectory, so its find_package() call gets the in-tree targets. It also checks that
# msgpack-gen behaves as a subproject: the wrapper's own default build type survives, and the
# wrapper's `cmake --install` installs none of msgpack-gen's files unless MSGPACK_GEN_INSTALL=ON.

foreach(var MODE CONSUMER_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "consumer_test.cmake needs -D${var}=...")
  endif()
endforeach()
if(NOT DEFINED STEPS)
  set(STEPS regenerate contract)
endif()
string(REPLACE "," ";" STEPS "${STEPS}")
foreach(step IN LISTS STEPS)
  if(NOT step STREQUAL "regenerate" AND NOT step STREQUAL "contract")
    message(FATAL_ERROR "STEPS: unknown step ${step} (regenerate, contract)")
  endif()
endforeach()
list(FIND STEPS regenerate at)  # not IN_LIST: a -P script runs with old policies
if(at EQUAL -1)
  set(check_regeneration OFF)
else()
  set(check_regeneration ON)
endif()
list(FIND STEPS contract at)
if(at EQUAL -1)
  set(check_contract OFF)
else()
  set(check_contract ON)
endif()

set(prefix "${WORK_DIR}/prefix")
set(build "${WORK_DIR}/build")
if(MODE STREQUAL "install")
  set(project_dir "${WORK_DIR}/src")
  set(src "${project_dir}")
  set(consumer_build "${build}")
elseif(MODE STREQUAL "fetchcontent")
  set(project_dir "${WORK_DIR}/wrapper")
  set(src "${project_dir}/consumer")
  set(consumer_build "${build}/consumer")
else()
  message(FATAL_ERROR "MODE must be install or fetchcontent, not ${MODE}")
endif()
# A make that runs ctest must not hand its jobserver or flags to the consumer's make.
unset(ENV{MAKEFLAGS})
unset(ENV{MFLAGS})
unset(ENV{MAKELEVEL})

function(fail)
  string(JOIN "" text ${ARGN})
  message(FATAL_ERROR "[${MODE}, ${GENERATOR}] ${text}")
endfunction()

# Runs a command; fails the test when it fails. The combined output goes to <out_var>.
function(run out_var)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    string(JOIN " " command ${ARGN})
    fail("`${command}` failed (${status}):\n${out}")
  endif()
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

function(build out_var)
  run(out "${CMAKE_COMMAND}" --build "${build}" --parallel)
  set(${out_var} "${out}" PARENT_SCOPE)
endfunction()

function(expect_in output what step)
  string(FIND "${output}" "${what}" at)
  if(at EQUAL -1)
    fail("${step}: expected the build to print \"${what}\", it printed:\n${output}")
  endif()
endfunction()

function(expect_not_in output what step)
  string(FIND "${output}" "${what}" at)
  if(NOT at EQUAL -1)
    fail("${step}: expected the build not to print \"${what}\", it printed:\n${output}")
  endif()
endfunction()

function(run_consumers step)
  foreach(program orders audit)
    run(out "${consumer_build}/${program}")
    expect_in("${out}" "${program}: ok" "${step}: running ${program}")
  endforeach()
endfunction()

# Modification times, with nanoseconds where the filesystem keeps them.
function(mtimes out_var)
  set(result "")
  foreach(path IN LISTS ARGN)
    if(NOT EXISTS "${path}")
      fail("expected ${path} to exist")
    endif()
    file(TIMESTAMP "${path}" stamp "%s%f" UTC)
    list(APPEND result "${path}=${stamp}")
  endforeach()
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# Files whose modification time tells whether the build did something.
set(generated
  "${consumer_build}/msgpack_gen/orders/order.msgpack.hpp"
  "${consumer_build}/msgpack_gen/orders/orders/line.msgpack.hpp"
  "${consumer_build}/msgpack_gen/audit/audit_record.msgpack.hpp")
set(products
  "${consumer_build}/CMakeFiles/orders.dir/orders_main.cpp.o"
  "${consumer_build}/CMakeFiles/audit.dir/audit_main.cpp.o"
  "${consumer_build}/orders"
  "${consumer_build}/audit")

# A later touch must be newer than what the build just wrote, even on coarse-grained clocks.
function(wait_a_tick)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E sleep 1.1)
endfunction()

# A build with nothing changed generates, compiles and links nothing, and rewrites no file.
function(expect_no_op_build step)
  mtimes(before ${generated} ${products})
  wait_a_tick()
  build(out)
  foreach(unexpected "msgpack-gen:" "Building CXX" "Linking CXX")
    expect_not_in("${out}" "${unexpected}" "${step}")
  endforeach()
  mtimes(after ${generated} ${products})
  if(NOT before STREQUAL after)
    fail("${step} rewrote files:\nbefore ${before}\nafter  ${after}")
  endif()
endfunction()

set(generate_orders "msgpack-gen: dto for orders")
set(generate_audit "msgpack-gen: audit_dto for audit")

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# 1. Install into a fresh prefix, or write the FetchContent wrapper. Either way the consumer is a
#    copy, so the test edits only its own files.
if(MODE STREQUAL "install")
  if(NOT DEFINED BUILD_DIR)
    message(FATAL_ERROR "MODE install needs -DBUILD_DIR=...")
  endif()
  run(out "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}")
  foreach(installed bin/msgpack-gen include/msgpack_gen/msgpack_gen.hpp
          lib/cmake/msgpack-gen/msgpack-gen-config.cmake
          lib/cmake/msgpack-gen/msgpack-gen-config-version.cmake
          lib/cmake/msgpack-gen/msgpack-gen-targets.cmake
          lib/cmake/msgpack-gen/MsgpackGenCodegen.cmake)
    if(NOT EXISTS "${prefix}/${installed}")
      fail("cmake --install did not install ${installed}:\n${out}")
    endif()
  endforeach()
  set(tool "${prefix}/bin/msgpack-gen")
  set(compile_prefix "")
else()
  if(NOT DEFINED SOURCE_DIR)
    message(FATAL_ERROR "MODE fetchcontent needs -DSOURCE_DIR=...")
  endif()
  # The wrapper sets its default build type the usual way, after msgpack-gen is in: that only
  # works if msgpack-gen left CMAKE_BUILD_TYPE out of the cache.
  # The generator the release build already built and tested, copied so that touching it (step
  # 6) leaves that build alone: the subproject then builds no generator of its own, which would
  # only prove again what the release build proves.
  if(NOT DEFINED TOOL)
    message(FATAL_ERROR "MODE fetchcontent needs -DTOOL=<a built msgpack-gen>")
  endif()
  file(COPY "${TOOL}" DESTINATION "${WORK_DIR}/tool")
  set(tool "${WORK_DIR}/tool/msgpack-gen")
  file(WRITE "${project_dir}/CMakeLists.txt" "cmake_minimum_required(VERSION 3.24)
project(wrapper LANGUAGES CXX)
set(MSGPACK_GEN_BUILD_TOOL OFF CACHE BOOL \"\")
set(MSGPACK_GEN_EXECUTABLE \"${tool}\" CACHE FILEPATH \"\")
include(FetchContent)
FetchContent_Declare(msgpack-gen SOURCE_DIR \"${SOURCE_DIR}\" OVERRIDE_FIND_PACKAGE)
FetchContent_MakeAvailable(msgpack-gen)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Debug CACHE STRING \"Build type\" FORCE)
endif()
add_subdirectory(consumer)
install(TARGETS orders audit)
")
  # Both generators name objects by their path from the top build folder.
  set(compile_prefix "consumer/")
endif()
file(COPY "${CONSUMER_DIR}/" DESTINATION "${src}")
set(compile_orders "Building CXX object ${compile_prefix}CMakeFiles/orders.dir/orders_main.cpp.o")
set(compile_audit "Building CXX object ${compile_prefix}CMakeFiles/audit.dir/audit_main.cpp.o")

# 2. Configure and build from scratch: both targets generate, compile and run. Both are Debug
#    builds: the installed package's consumer is told so, the wrapper picks it as its default.
if(MODE STREQUAL "install")
  set(build_type -DCMAKE_BUILD_TYPE=Debug)
else()
  set(build_type "")
endif()
run(out "${CMAKE_COMMAND}" -S "${project_dir}" -B "${build}" -G "${GENERATOR}"
  "-DCMAKE_PREFIX_PATH=${prefix}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" ${build_type})
file(STRINGS "${build}/CMakeCache.txt" cached_build_type REGEX "^CMAKE_BUILD_TYPE:")
if(NOT cached_build_type STREQUAL "CMAKE_BUILD_TYPE:STRING=Debug")
  fail("the consumer's build type is not Debug in its cache: ${cached_build_type}")
endif()
build(out)
expect_in("${out}" "${generate_orders}" "first build")
expect_in("${out}" "${generate_audit}" "first build")
run_consumers("first build")

# 3. Nothing changed: nothing is generated, compiled or linked, no file is rewritten.
if(check_regeneration)
  expect_no_op_build("no-op build")

  # 4. Touching a DTO header regenerates that target's package only.
  file(TOUCH "${src}/dto/orders/line.hpp")
  build(out)
  expect_in("${out}" "${generate_orders}" "after touching dto/orders/line.hpp")
  expect_not_in("${out}" "${generate_audit}" "after touching dto/orders/line.hpp")
  expect_not_in("${out}" "${compile_audit}" "after touching dto/orders/line.hpp")
  run_consumers("after touching dto/orders/line.hpp")

  # 5. Touching a header outside the package that a DTO header includes regenerates too: the
  #    tool's depfile lists every file clang read.
  wait_a_tick()
  file(TOUCH "${src}/include/shop/units.hpp")
  build(out)
  expect_in("${out}" "${generate_orders}" "after touching include/shop/units.hpp")
  expect_not_in("${out}" "${generate_audit}" "after touching include/shop/units.hpp")
endif()

# 6. A newer generator re-runs every package, but identical output rebuilds no object.
mtimes(before ${generated} ${products})
wait_a_tick()
file(TOUCH "${tool}")
build(out)
expect_in("${out}" "${generate_orders}" "after touching the generator")
expect_in("${out}" "${generate_audit}" "after touching the generator")
expect_not_in("${out}" "Building CXX" "after touching the generator")
expect_not_in("${out}" "Linking CXX" "after touching the generator")
mtimes(after ${generated} ${products})
if(NOT before STREQUAL after)
  fail("identical regeneration rewrote files:\nbefore ${before}\nafter  ${after}")
endif()

# 7. Editing a DTO header changes the generated code; a new header gets its own generated file.
if(check_regeneration)
  wait_a_tick()
  file(READ "${src}/dto/orders/line.hpp" line_header)
  string(REPLACE "Cents unit_price = 0;" "Cents unit_price = 0;\n  std::string coupon;"
    edited "${line_header}")
  if(edited STREQUAL line_header)
    fail("the test could not edit dto/orders/line.hpp")
  endif()
  file(WRITE "${src}/dto/orders/line.hpp" "${edited}")
  file(WRITE "${src}/dto/gift.hpp" "#pragma once\n#include <string>\nnamespace shop {\nstruct Gift {\n  std::string message;\n};\n}  // namespace shop\n")
  build(out)
  expect_in("${out}" "${generate_orders}" "after editing dto/orders/line.hpp")
  expect_in("${out}" "${compile_orders}" "after editing dto/orders/line.hpp")
  expect_not_in("${out}" "${generate_audit}" "after editing dto/orders/line.hpp")
  # The generated code is the header and, with add_msgpack_codegen()'s default --split, its source.
  file(READ "${consumer_build}/msgpack_gen/orders/orders/line.msgpack.hpp" line_code)
  file(READ "${consumer_build}/msgpack_gen/orders/orders/line.msgpack.cpp" line_source)
  string(APPEND line_code "${line_source}")
  expect_in("${line_code}" "coupon" "generated code for the edited Line")
  if(NOT EXISTS "${consumer_build}/msgpack_gen/orders/gift.msgpack.hpp")
    fail("adding dto/gift.hpp did not produce gift.msgpack.hpp")
  endif()
  run_consumers("after editing dto/orders/line.hpp")

  # 8. The generator sees the target's compile definitions: switching SHOP_WITH_NOTES off removes
  #    Order::note from the generated code (and regenerates nothing else).
  run(out "${CMAKE_COMMAND}" -S "${project_dir}" -B "${build}" -DSHOP_WITH_NOTES=OFF)
  build(out)
  expect_in("${out}" "${generate_orders}" "after SHOP_WITH_NOTES=OFF")
  expect_not_in("${out}" "${generate_audit}" "after SHOP_WITH_NOTES=OFF")
  file(READ "${consumer_build}/msgpack_gen/orders/order.msgpack.hpp" order_code)
  file(READ "${consumer_build}/msgpack_gen/orders/order.msgpack.cpp" order_source)
  string(APPEND order_code "${order_source}")
  expect_not_in("${order_code}" "note" "generated code for Order without notes")
  run_consumers("after SHOP_WITH_NOTES=OFF")

  # 9. And once more: with everything regenerated, a build does nothing.
  expect_no_op_build("final no-op build")
endif()

# 10. The wire contract (CONTRACT on the audit target, committed as audit_dto/audit.contract.json):
#     a compatible header change builds with notes; a breaking one fails the build with the
#     tool's gcc-form errors until <target>_accept_contract rewrites the contract; editing the
#     contract re-runs the check; a missing contract is written by the next build. (The programs
#     are not run here: audit checks the bytes of the original two-field record.)
if(check_contract)
  function(build_fails out_var)
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${build}"
      RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(status EQUAL 0)
      fail("expected the build to fail, it passed:\n${out}")
    endif()
    set(${out_var} "${out}" PARENT_SCOPE)
  endfunction()
  set(contract "${src}/audit_dto/audit.contract.json")
  set(audit_header "${src}/audit_dto/audit_record.hpp")
  file(READ "${contract}" committed_contract)
  file(READ "${audit_header}" audit_text)
  string(REPLACE "std::uint64_t at = 0;" "std::uint64_t at = 0;\n  std::string reason;"
    compatible "${audit_text}")
  if(compatible STREQUAL audit_text)
    fail("the test could not edit audit_dto/audit_record.hpp")
  endif()
  wait_a_tick()
  file(WRITE "${audit_header}" "${compatible}")
  build(out)
  expect_in("${out}" "${generate_audit}" "after a compatible change")
  expect_in("${out}" "audit_record.hpp:9:" "after a compatible change")
  expect_in("${out}" "note: compatible:" "after a compatible change")
  expect_not_in("${out}" "error:" "after a compatible change")

  # A renamed key breaks the wire: the build fails at the changed line and says how to accept it.
  string(REPLACE "std::uint64_t at = 0;" "std::uint64_t when = 0;" breaking "${compatible}")
  wait_a_tick()
  file(WRITE "${audit_header}" "${breaking}")
  build_fails(out)
  expect_in("${out}" "audit_record.hpp:" "after a breaking change")
  expect_in("${out}" "error: breaking:" "after a breaking change")
  expect_in("${out}" "audit_accept_contract" "after a breaking change")
  file(READ "${contract}" text)
  if(NOT text STREQUAL committed_contract)
    fail("a failed check rewrote the contract")
  endif()
  # It keeps failing: the failed step is not recorded as done.
  build_fails(out)
  expect_in("${out}" "error: breaking:" "building again after a breaking change")

  # A header the generator refuses (a raw pointer) is the generator failing, not the contract:
  # the neutral message, no advice to accept the contract.
  string(REPLACE "std::uint64_t when = 0;" "std::uint64_t when = 0;\n  int* raw = nullptr;"
    refused "${breaking}")
  wait_a_tick()
  file(WRITE "${audit_header}" "${refused}")
  build_fails(out)
  expect_in("${out}" "msgpack-gen failed (exit status 1)" "after a header error")
  expect_not_in("${out}" "contract check failed" "after a header error")
  expect_not_in("${out}" "accept it with the target" "after a header error")
  wait_a_tick()
  file(WRITE "${audit_header}" "${breaking}")
  build_fails(out)
  expect_in("${out}" "the contract check failed" "after the header error is fixed")

  # Accepting rewrites the contract; the changed contract re-runs the check, which now passes.
  run(out "${CMAKE_COMMAND}" --build "${build}" --target audit_accept_contract)
  expect_in("${out}" "wrote the wire contract" "audit_accept_contract")
  file(READ "${contract}" text)
  expect_in("${text}" "\"when\"" "the accepted contract")
  expect_not_in("${text}" "\"at\"" "the accepted contract")
  build(out)
  expect_in("${out}" "${generate_audit}" "after accepting the contract")
  expect_not_in("${out}" "error:" "after accepting the contract")
  expect_not_in("${out}" "note: compatible:" "after accepting the contract")
  wait_a_tick()
  build(out)
  expect_not_in("${out}" "msgpack-gen:" "no-op build after accepting the contract")

  # Editing the contract by hand re-runs the check (here: back to the committed one, so the
  # renamed key breaks again).
  file(WRITE "${contract}" "${committed_contract}")
  build_fails(out)
  expect_in("${out}" "error: breaking:" "after restoring the old contract")
  run(out "${CMAKE_COMMAND}" --build "${build}" --target audit_accept_contract)
  file(READ "${contract}" accepted_contract)

  # No contract at all: the build writes one and says so.
  file(REMOVE "${contract}")
  build(out)
  expect_in("${out}" "no wire contract existed" "after deleting the contract")
  if(NOT EXISTS "${contract}")
    fail("the build did not write the missing contract")
  endif()
  file(READ "${contract}" text)
  if(NOT text STREQUAL accepted_contract)
    fail("the contract the build wrote differs from the accepted one:\n${text}")
  endif()
endif()

# 11. FetchContent only: the wrapper's `cmake --install` installs the wrapper's programs and none
#     of msgpack-gen's files, unless the wrapper asks for them with MSGPACK_GEN_INSTALL=ON.
function(installed_files out_var install_prefix)
  file(REMOVE_RECURSE "${install_prefix}")
  run(out "${CMAKE_COMMAND}" --install "${build}" --prefix "${install_prefix}")
  file(GLOB_RECURSE files RELATIVE "${install_prefix}" "${install_prefix}/*")
  list(SORT files)
  set(${out_var} "${files}" PARENT_SCOPE)
endfunction()
# fail_install(<files> <message>...): fail() would glue the list's items together.
function(fail_install files)
  string(REPLACE ";" " " files "${files}")
  string(JOIN "" text ${ARGN})
  fail("${text}: ${files}")
endfunction()
if(MODE STREQUAL "fetchcontent")
  installed_files(files "${WORK_DIR}/install-default")
  if(NOT files STREQUAL "bin/audit;bin/orders")
    fail_install("${files}" "the wrapper's cmake --install should install bin/audit and "
      "bin/orders only, it installed")
  endif()
  run(out "${CMAKE_COMMAND}" -S "${project_dir}" -B "${build}" -DMSGPACK_GEN_INSTALL=ON)
  installed_files(files "${WORK_DIR}/install-msgpack-gen")
  # (bin/msgpack-gen is installed by a build that builds it: the install mode checks that.)
  foreach(expected bin/audit bin/orders include/msgpack_gen/msgpack_gen.hpp
          include/msgpack_gen/version.hpp lib/cmake/msgpack-gen/msgpack-gen-config.cmake
          lib/cmake/msgpack-gen/MsgpackGenCodegen.cmake)
    list(FIND files "${expected}" at)  # not IN_LIST: a -P script runs with old policies
    if(at EQUAL -1)
      fail_install("${files}"
        "with MSGPACK_GEN_INSTALL=ON, cmake --install did not install ${expected}")
    endif()
  endforeach()
endif()

string(REPLACE ";" ", " checked "${STEPS}")
message(STATUS "[${MODE}, ${GENERATOR}] consumer builds and runs; checked: first build, "
  "generator re-run, ${checked}")
