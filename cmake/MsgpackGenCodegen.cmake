# add_msgpack_codegen(): runs msgpack-gen at build time for a target. docs/cmake.md is the manual.
#
#   add_msgpack_codegen(<target>
#     PACKAGE <dir>                      # folder of DTO headers (relative: to the current source dir)
#     [HEADERS <file>...]                # read only these headers of PACKAGE (relative to it)
#     TYPES <Type[:policy]>...           # the types to generate, as on the command line
#     [HEADER_ONLY]                      # no X.msgpack.cpp: every definition inline in the header
#     [OUTPUT_DIR <dir>]                 # default: ${CMAKE_CURRENT_BINARY_DIR}/msgpack_gen/<target>
#     [SCOPE PRIVATE|PUBLIC]             # how the include dirs and runtime reach <target>'s users
#     [DEPENDS <file-or-target>...]      # more things the generator must wait for
#     [EXTRA_ARGS <arg>...]              # passed to msgpack-gen (after `--`: to clang)
#     [CONTRACT <file>]                  # check the wire contract on each regeneration; adds the
#                                        # target <target>_accept_contract that rewrites it
#     [OUT_VAR <var>])                   # set to the list of generated files
#
# This file is also the build-time driver: the custom command runs it with `cmake -P`, because
# the generator's arguments come from a response file (written with generator expressions, so
# the tool sees the target's include dirs, definitions and standard) and the tool's depfile must
# name the stamp file the build system tracks.

# A function keeps the policies in force where it is defined; include() and find_package() scope
# this setting to this file. CMP0116: DEPFILE paths mean the same for Makefiles and Ninja.
cmake_policy(VERSION 3.20...3.25)

if(DEFINED MSGPACK_GEN_DRIVER_TOOL)
  # Script mode: run the tool with the arguments in the response file (one per line).
  file(READ "${MSGPACK_GEN_DRIVER_ARGS}" _mpg_text)
  string(REPLACE ";" "\\;" _mpg_text "${_mpg_text}")
  string(REPLACE "\n" ";" _mpg_args "${_mpg_text}")
  list(FILTER _mpg_args EXCLUDE REGEX "^$")
  if(MSGPACK_GEN_DRIVER_ACCEPT)
    # The accept target: rewrite the contract from the current headers, whatever changed.
    execute_process(COMMAND "${MSGPACK_GEN_DRIVER_TOOL}" ${_mpg_args}
      --write-contract "${MSGPACK_GEN_DRIVER_CONTRACT}" RESULT_VARIABLE _mpg_status)
    if(NOT _mpg_status EQUAL 0)
      message(FATAL_ERROR "msgpack-gen failed (exit status ${_mpg_status}); its errors are above")
    endif()
    message("msgpack-gen: wrote the wire contract ${MSGPACK_GEN_DRIVER_CONTRACT} from the current "
      "headers; review and commit it")
    return()
  endif()
  set(_mpg_contract_args "")
  if(MSGPACK_GEN_DRIVER_CONTRACT)
    if(EXISTS "${MSGPACK_GEN_DRIVER_CONTRACT}")
      set(_mpg_contract_args --check-contract "${MSGPACK_GEN_DRIVER_CONTRACT}")
    else()
      # No contract yet: the first build records one rather than failing.
      set(_mpg_contract_args --write-contract "${MSGPACK_GEN_DRIVER_CONTRACT}")
    endif()
  endif()
  execute_process(COMMAND "${MSGPACK_GEN_DRIVER_TOOL}" ${_mpg_args} ${_mpg_contract_args}
    --depfile "${MSGPACK_GEN_DRIVER_DEPFILE}.tool" RESULT_VARIABLE _mpg_status)
  if(NOT _mpg_status EQUAL 0)
    # The tool has printed its diagnostics; the stamp stays old so the next build retries.
    # 3: the contract check found a breaking change and nothing else failed; any other status
    # is the generator failing (a header that does not compile, a type it refuses), which
    # accepting the contract would not fix.
    if(_mpg_contract_args MATCHES "^--check-contract" AND _mpg_status EQUAL 3)
      message(FATAL_ERROR "msgpack-gen: the contract check failed: a header change breaks the "
        "wire contract ${MSGPACK_GEN_DRIVER_CONTRACT} (the errors above). If the change is "
        "intended, accept it with the target ${MSGPACK_GEN_DRIVER_ACCEPT_TARGET} and commit the "
        "contract.")
    endif()
    message(FATAL_ERROR "msgpack-gen failed (exit status ${_mpg_status}); its errors are above")
  endif()
  if(_mpg_contract_args MATCHES "^--write-contract")
    message("msgpack-gen: no wire contract existed; wrote ${MSGPACK_GEN_DRIVER_CONTRACT} from the "
      "current headers: review and commit it")
  endif()
  # The tool's depfile names the generated files; the build tracks the stamp, so name that instead
  # (Ninja requires a depfile's first target to be the rule's first output).
  file(READ "${MSGPACK_GEN_DRIVER_DEPFILE}.tool" _mpg_deps)
  string(REGEX MATCH "^[^\n]*[^\\\\]:" _mpg_targets "${_mpg_deps}")
  string(LENGTH "${_mpg_targets}" _mpg_length)
  string(SUBSTRING "${_mpg_deps}" ${_mpg_length} -1 _mpg_deps)
  string(REPLACE "$" "$$" _mpg_stamp "${MSGPACK_GEN_DRIVER_STAMP}")
  string(REGEX REPLACE "([ #])" "\\\\\\1" _mpg_stamp "${_mpg_stamp}")
  if(MSGPACK_GEN_DRIVER_CONTRACT)
    # Editing (or deleting) the contract re-runs the check. It is in the depfile, not in DEPENDS,
    # so that a contract the first build has yet to write is not a missing input.
    string(REGEX REPLACE "[ \t\r\n\\]+$" "" _mpg_deps "${_mpg_deps}")
    string(REPLACE "$" "$$" _mpg_contract "${MSGPACK_GEN_DRIVER_CONTRACT}")
    string(REGEX REPLACE "([ #])" "\\\\\\1" _mpg_contract "${_mpg_contract}")
    string(APPEND _mpg_deps " \\\n  ${_mpg_contract}\n")
  endif()
  file(WRITE "${MSGPACK_GEN_DRIVER_DEPFILE}" "${_mpg_stamp}:${_mpg_deps}")
  file(REMOVE "${MSGPACK_GEN_DRIVER_DEPFILE}.tool")
  file(TOUCH "${MSGPACK_GEN_DRIVER_STAMP}")
  return()
endif()

include_guard(GLOBAL)

function(add_msgpack_codegen target)
  set(me "add_msgpack_codegen(${target})")
  cmake_parse_arguments(PARSE_ARGV 1 ARG "HEADER_ONLY" "PACKAGE;OUTPUT_DIR;SCOPE;OUT_VAR;CONTRACT"
    "HEADERS;TYPES;DEPENDS;EXTRA_ARGS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${me}: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "${me}: no such target")
  endif()
  get_target_property(aliased ${target} ALIASED_TARGET)
  get_target_property(imported ${target} IMPORTED)
  get_target_property(type ${target} TYPE)
  if(aliased OR imported OR type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
    message(FATAL_ERROR "${me}: the target must be an executable or library built here")
  endif()
  # A custom command only attaches to targets of its own directory (Makefiles enforce it).
  get_target_property(target_dir ${target} SOURCE_DIR)
  if(NOT target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "${me}: call it in the directory that defines the target (${target_dir})")
  endif()
  if(NOT ARG_PACKAGE)
    message(FATAL_ERROR "${me}: PACKAGE is required (the folder of DTO headers)")
  endif()
  if(NOT ARG_TYPES)
    message(FATAL_ERROR "${me}: TYPES is required (e.g. TYPES Order Reply:-+)")
  endif()
  if(NOT ARG_SCOPE)
    set(ARG_SCOPE PRIVATE)
  elseif(NOT ARG_SCOPE MATCHES "^(PRIVATE|PUBLIC)$")
    message(FATAL_ERROR "${me}: SCOPE must be PRIVATE or PUBLIC, not ${ARG_SCOPE}")
  endif()
  get_filename_component(package "${ARG_PACKAGE}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT IS_DIRECTORY "${package}")
    message(FATAL_ERROR "${me}: PACKAGE ${package} is not a folder")
  endif()

  # Each call gets its own folders, so one target may have several packages.
  get_property(calls TARGET ${target} PROPERTY MSGPACK_GEN_CODEGEN_CALLS)
  if(NOT calls)
    set(calls 0)
  endif()
  math(EXPR calls "${calls} + 1")
  set_property(TARGET ${target} PROPERTY MSGPACK_GEN_CODEGEN_CALLS ${calls})
  set(name "${target}")
  if(calls GREATER 1)
    set(name "${target}.${calls}")
  endif()
  if(ARG_OUTPUT_DIR)
    get_filename_component(out "${ARG_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  else()
    set(out "${CMAKE_CURRENT_BINARY_DIR}/msgpack_gen/${name}")
  endif()
  # Two rules writing the same files would race; say so now rather than at build time.
  get_property(claimed GLOBAL PROPERTY MSGPACK_GEN_CODEGEN_OUTPUT_DIRS)
  if(out IN_LIST claimed)
    message(FATAL_ERROR "${me}: OUTPUT_DIR ${out} is already used by another add_msgpack_codegen")
  endif()
  set_property(GLOBAL APPEND PROPERTY MSGPACK_GEN_CODEGEN_OUTPUT_DIRS "${out}")
  set(work "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/msgpack_gen.dir/${name}")

  if(TARGET msgpack_gen::msgpack-gen)
    set(tool msgpack_gen::msgpack-gen)
  elseif(TARGET msgpack-gen)
    set(tool msgpack-gen)
  else()
    message(FATAL_ERROR "${me}: the msgpack-gen tool is missing: use find_package(msgpack-gen) "
      "or add_subdirectory() of msgpack-gen with MSGPACK_GEN_BUILD_TOOL ON")
  endif()
  get_target_property(real_tool ${tool} ALIASED_TARGET)
  if(real_tool)
    set(tool ${real_tool})
  endif()

  # The tool writes one <header>.msgpack.hpp per package header, so the outputs are known now;
  # CONFIGURE_DEPENDS re-runs CMake when a header is added or removed.
  set(package_args "-p" "${package}")
  if(ARG_HEADERS)
    # Only these headers are read: DTO headers may live beside headers that need other libraries.
    set(headers)
    set(package_args "--root" "${package}")
    foreach(header IN LISTS ARG_HEADERS)
      get_filename_component(header "${header}" ABSOLUTE BASE_DIR "${package}")
      if(NOT EXISTS "${header}")
        message(FATAL_ERROR "${me}: HEADERS: ${header} does not exist")
      endif()
      file(RELATIVE_PATH rel "${package}" "${header}")
      if(rel MATCHES "^\\.\\./")
        message(FATAL_ERROR "${me}: HEADERS: ${header} is not inside PACKAGE ${package}")
      endif()
      list(APPEND headers "${header}")
      list(APPEND package_args "-p" "${header}")
    endforeach()
  else()
    file(GLOB_RECURSE headers CONFIGURE_DEPENDS
      "${package}/*.h" "${package}/*.hh" "${package}/*.hpp" "${package}/*.hxx")
    list(FILTER headers EXCLUDE REGEX "\\.msgpack\\.hpp$")
    list(SORT headers)
  endif()
  if(NOT headers)
    message(FATAL_ERROR "${me}: PACKAGE ${package} has no headers (*.h, *.hh, *.hpp, *.hxx)")
  endif()
  # By default each header's non-template definitions go into X.msgpack.cpp, compiled once in
  # this target, so a translation unit that includes X.msgpack.hpp pays for declarations only.
  set(outputs)
  set(split_args "--split")
  if(ARG_HEADER_ONLY)
    set(split_args "")
  endif()
  foreach(header IN LISTS headers)
    file(RELATIVE_PATH rel "${package}" "${header}")
    string(REGEX REPLACE "\\.[^./]+$" ".msgpack" rel "${rel}")
    list(APPEND outputs "${out}/${rel}.hpp")
    if(NOT ARG_HEADER_ONLY)
      list(APPEND outputs "${out}/${rel}.cpp")
    endif()
  endforeach()

  # The standard the target compiles with: the highest of CXX_STANDARD and the cxx_std_NN
  # features it (or anything it links) requires. Empty leaves the tool's default.
  set(features "$<TARGET_PROPERTY:${target},COMPILE_FEATURES>")
  set(standard_property "$<TARGET_PROPERTY:${target},CXX_STANDARD>")
  set(standard "")
  foreach(version 98 11 14 17 20 23 26)
    set(standard "$<IF:$<OR:$<IN_LIST:cxx_std_${version},${features}>,$<STREQUAL:${standard_property},${version}>>,${version},${standard}>")
  endforeach()
  # Entries such as $<$<CONFIG:Debug>:X> can evaluate to nothing; a bare -I or -D would take the
  # next argument as its value.
  set(includes "$<FILTER:$<TARGET_PROPERTY:${target},INCLUDE_DIRECTORIES>,EXCLUDE,^$>")
  set(definitions "$<FILTER:$<TARGET_PROPERTY:${target},COMPILE_DEFINITIONS>,EXCLUDE,^$>")
  string(JOIN "\n" arguments
    ${package_args} "-o" "${out}" ${split_args}
    "$<$<BOOL:${standard}>:--std=c++${standard}>"
    "$<$<BOOL:${includes}>:-I$<JOIN:${includes},\n-I>>"
    "$<$<BOOL:${definitions}>:-D$<JOIN:${definitions},\n-D>>"
    ${ARG_TYPES} ${ARG_EXTRA_ARGS})
  # One response file per configuration; file(GENERATE) rewrites it only when it changes, so a
  # change of include dirs, definitions or standard re-runs the generator and nothing else does.
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(multi_config)
    set(args_file "${work}/args-$<CONFIG>.txt")
  else()
    set(args_file "${work}/args.txt")
  endif()
  file(GENERATE OUTPUT "${args_file}" CONTENT "${arguments}\n" TARGET ${target})

  # The stamp sits with the generated files: deleting that folder by hand then regenerates it with
  # Makefiles too (Ninja also notices a single missing file; Make only knows the stamp).
  set(stamp "${out}/.msgpack-gen.stamp")
  set(depfile "${work}/codegen.d")
  set(contract_args "")
  if(ARG_CONTRACT)
    # The contract is committed with the sources: a relative path is relative to them.
    get_filename_component(contract "${ARG_CONTRACT}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    set(accept_target "${target}_accept_contract")
    if(calls GREATER 1)
      set(accept_target "${target}_accept_contract.${calls}")
    endif()
    set(contract_args "-DMSGPACK_GEN_DRIVER_CONTRACT=${contract}"
      "-DMSGPACK_GEN_DRIVER_ACCEPT_TARGET=${accept_target}")
    # Not part of `all`: accepting a wire change is a decision, made by building this target.
    add_custom_target(${accept_target}
      COMMAND "${CMAKE_COMMAND}"
              "-DMSGPACK_GEN_DRIVER_TOOL=$<TARGET_FILE:${tool}>"
              "-DMSGPACK_GEN_DRIVER_ARGS=${args_file}"
              -DMSGPACK_GEN_DRIVER_ACCEPT=ON
              ${contract_args}
              -P "${CMAKE_CURRENT_FUNCTION_LIST_FILE}"
      DEPENDS ${tool} "${args_file}"
      COMMENT "msgpack-gen: accepting the wire contract of ${ARG_PACKAGE} for ${target}"
      VERBATIM)
  endif()
  add_custom_command(
    OUTPUT "${stamp}"
    BYPRODUCTS ${outputs}
    COMMAND "${CMAKE_COMMAND}"
            "-DMSGPACK_GEN_DRIVER_TOOL=$<TARGET_FILE:${tool}>"
            "-DMSGPACK_GEN_DRIVER_ARGS=${args_file}"
            "-DMSGPACK_GEN_DRIVER_DEPFILE=${depfile}"
            "-DMSGPACK_GEN_DRIVER_STAMP=${stamp}"
            ${contract_args}
            -P "${CMAKE_CURRENT_FUNCTION_LIST_FILE}"
    DEPENDS ${tool} "$<TARGET_FILE:${tool}>" "${args_file}" ${headers} ${ARG_DEPENDS}
    DEPFILE "${depfile}"
    COMMENT "msgpack-gen: ${ARG_PACKAGE} for ${target}"
    VERBATIM)
  target_sources(${target} PRIVATE "${stamp}" ${outputs})
  target_include_directories(${target} ${ARG_SCOPE}
    "$<BUILD_INTERFACE:${out}>" "$<BUILD_INTERFACE:${package}>")
  # Set the link properties directly: target_link_libraries() would fail on a target that already
  # uses its plain (keyword-less) signature.
  set_property(TARGET ${target} APPEND PROPERTY LINK_LIBRARIES msgpack_gen::runtime)
  if(ARG_SCOPE STREQUAL "PUBLIC")
    set_property(TARGET ${target} APPEND PROPERTY INTERFACE_LINK_LIBRARIES msgpack_gen::runtime)
  endif()
  if(ARG_OUT_VAR)
    set(${ARG_OUT_VAR} ${outputs} PARENT_SCOPE)
  endif()
endfunction()
