# add_msgpack_codegen(<target>
#   PACKAGE <dir>            # folder of DTO headers (relative to the current source dir)
#   TYPES <Type[:policy]>... # the types to generate, as on the command line
#   [OUTPUT_DIR <dir>]       # default: ${CMAKE_CURRENT_BINARY_DIR}/msgpack_gen/<target>
#   [EXTRA_ARGS <arg>...])   # passed to msgpack-gen after its own options
#
# Runs msgpack-gen at build time. The tool writes one <header>.msgpack.hpp per header of the
# package, so the outputs are known when CMake configures. The output folder is added to the
# target's include path and the runtime is linked to it.
function(add_msgpack_codegen target)
  cmake_parse_arguments(ARG "" "PACKAGE;OUTPUT_DIR" "TYPES;EXTRA_ARGS" ${ARGN})
  if(NOT ARG_PACKAGE)
    message(FATAL_ERROR "add_msgpack_codegen(${target}): PACKAGE is required")
  endif()
  if(NOT ARG_TYPES)
    message(FATAL_ERROR "add_msgpack_codegen(${target}): TYPES is required")
  endif()
  get_filename_component(package "${ARG_PACKAGE}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT IS_DIRECTORY "${package}")
    message(FATAL_ERROR "add_msgpack_codegen(${target}): PACKAGE ${package} is not a folder")
  endif()
  if(ARG_OUTPUT_DIR)
    get_filename_component(out "${ARG_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  else()
    set(out "${CMAKE_CURRENT_BINARY_DIR}/msgpack_gen/${target}")
  endif()

  if(TARGET msgpack_gen::msgpack-gen)
    set(tool msgpack_gen::msgpack-gen)
  elseif(TARGET msgpack-gen)
    set(tool msgpack-gen)
  else()
    message(FATAL_ERROR "add_msgpack_codegen(${target}): the msgpack-gen tool target is missing")
  endif()

  file(GLOB_RECURSE headers CONFIGURE_DEPENDS
    "${package}/*.h" "${package}/*.hh" "${package}/*.hpp" "${package}/*.hxx")
  list(FILTER headers EXCLUDE REGEX "\\.msgpack\\.hpp$")
  list(SORT headers)
  set(outputs)
  foreach(header IN LISTS headers)
    file(RELATIVE_PATH rel "${package}" "${header}")
    string(REGEX REPLACE "\\.[^./]+$" ".msgpack.hpp" rel "${rel}")
    list(APPEND outputs "${out}/${rel}")
  endforeach()

  add_custom_command(
    OUTPUT ${outputs}
    COMMAND ${tool} -p "${package}" -o "${out}" ${ARG_EXTRA_ARGS} ${ARG_TYPES}
    DEPENDS ${tool} ${headers}
    COMMENT "msgpack-gen: ${ARG_PACKAGE} (${ARG_TYPES})"
    VERBATIM)
  target_sources(${target} PRIVATE ${outputs})
  target_include_directories(${target} PRIVATE "${out}" "${package}")
  target_link_libraries(${target} PRIVATE msgpack_gen::runtime)
endfunction()
