# Finds msgpack-c's C++ headers (Debian: libmsgpack-cxx-dev), used only by tests and the benchmark
# as an independent peer. Its own CMake config insists on Boost, which nothing here needs, so
# this module makes a Boost-free target: MsgpackCxx::MsgpackCxx.
find_path(MsgpackCxx_INCLUDE_DIR msgpack.hpp)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(MsgpackCxx REQUIRED_VARS MsgpackCxx_INCLUDE_DIR)
if(MsgpackCxx_FOUND AND NOT TARGET MsgpackCxx::MsgpackCxx)
  add_library(MsgpackCxx::MsgpackCxx INTERFACE IMPORTED)
  set_target_properties(MsgpackCxx::MsgpackCxx PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${MsgpackCxx_INCLUDE_DIR}"
    INTERFACE_COMPILE_DEFINITIONS "MSGPACK_NO_BOOST")
endif()
mark_as_advanced(MsgpackCxx_INCLUDE_DIR)
