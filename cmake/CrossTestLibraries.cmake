# Catch2::Catch2 and MsgpackCxx::MsgpackCxx for a cross build of the tests (cmake/toolchains/).
# Both are header-only, so the build host's Debian packages serve any target: catch2
# (/usr/include/catch2, /usr/lib/cmake/Catch2) and libmsgpack-cxx-dev (/usr/include/msgpack*,
# whose chrono adaptor includes Boost's header-only numeric_cast, from libboost-dev).
# Their folder /usr/include also holds the build host's C library headers, which must not come
# before the cross compiler's own (Debian's Linux cross compilers search it last; mingw-w64's
# not at all): so only these libraries' headers are linked into a folder of their own, and the
# targets name that folder.
set(_cross_libs_dir "${PROJECT_BINARY_DIR}/host-header-only")
find_path(MSGPACK_GEN_HOST_CATCH2_INCLUDE catch2/catch.hpp PATHS /usr/include
  NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
find_path(MSGPACK_GEN_HOST_MSGPACK_INCLUDE msgpack.hpp PATHS /usr/include
  NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
find_path(MSGPACK_GEN_HOST_BOOST_INCLUDE boost/numeric/conversion/cast.hpp PATHS /usr/include
  NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
find_path(MSGPACK_GEN_HOST_CATCH2_CMAKE Catch.cmake PATHS /usr/lib/cmake/Catch2
  NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
foreach(_var MSGPACK_GEN_HOST_CATCH2_INCLUDE MSGPACK_GEN_HOST_MSGPACK_INCLUDE
        MSGPACK_GEN_HOST_BOOST_INCLUDE MSGPACK_GEN_HOST_CATCH2_CMAKE)
  if(NOT ${_var})
    message(FATAL_ERROR "cross build of the tests: ${_var} not found; install the build host's "
      "catch2 and libmsgpack-cxx-dev (bash cmake/install-deps.sh all)")
  endif()
endforeach()
file(MAKE_DIRECTORY "${_cross_libs_dir}")
foreach(_entry "${MSGPACK_GEN_HOST_CATCH2_INCLUDE}/catch2"
        "${MSGPACK_GEN_HOST_MSGPACK_INCLUDE}/msgpack.hpp"
        "${MSGPACK_GEN_HOST_MSGPACK_INCLUDE}/msgpack" "${MSGPACK_GEN_HOST_BOOST_INCLUDE}/boost")
  get_filename_component(_name "${_entry}" NAME)
  if(NOT EXISTS "${_cross_libs_dir}/${_name}")
    file(CREATE_LINK "${_entry}" "${_cross_libs_dir}/${_name}" SYMBOLIC)
  endif()
endforeach()

add_library(Catch2::Catch2 INTERFACE IMPORTED)
set_target_properties(Catch2::Catch2 PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${_cross_libs_dir}")
add_library(MsgpackCxx::MsgpackCxx INTERFACE IMPORTED)
# As FindMsgpackCxx.cmake: msgpack-c without Boost.
set_target_properties(MsgpackCxx::MsgpackCxx PROPERTIES
  INTERFACE_INCLUDE_DIRECTORIES "${_cross_libs_dir}"
  INTERFACE_COMPILE_DEFINITIONS "MSGPACK_NO_BOOST")
# include(Catch): catch_discover_tests, which runs each test binary through the target's
# CROSSCOMPILING_EMULATOR to list its test cases.
list(APPEND CMAKE_MODULE_PATH "${MSGPACK_GEN_HOST_CATCH2_CMAKE}")
