# Finds the libclang C API (clang-c/Index.h and libclang.so).
# Debian's own find_package(Clang) config is broken, so look for the library directly, newest
# LLVM first. Set LibClang_ROOT or LLVM_CONFIG to choose another installation.
#
# Defines the imported target LibClang::LibClang and LibClang_RESOURCE_DIR (clang's builtin
# headers such as stddef.h, which libclang needs to parse real code).

find_program(LibClang_LLVM_CONFIG NAMES llvm-config llvm-config-19 llvm-config-18 llvm-config-17
  llvm-config-16 llvm-config-15 llvm-config-14)
set(_libclang_hints)
if(LibClang_LLVM_CONFIG)
  execute_process(COMMAND ${LibClang_LLVM_CONFIG} --prefix OUTPUT_VARIABLE _llvm_prefix
    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  list(APPEND _libclang_hints ${_llvm_prefix})
endif()
foreach(_v 19 18 17 16 15 14)
  list(APPEND _libclang_hints /usr/lib/llvm-${_v})
endforeach()

find_path(LibClang_INCLUDE_DIR clang-c/Index.h HINTS ${_libclang_hints} PATH_SUFFIXES include)
find_library(LibClang_LIBRARY NAMES clang libclang HINTS ${_libclang_hints} PATH_SUFFIXES lib)

if(LibClang_LIBRARY)
  get_filename_component(_libclang_libdir "${LibClang_LIBRARY}" DIRECTORY)
  file(GLOB _libclang_resource_dirs LIST_DIRECTORIES true "${_libclang_libdir}/clang/*")
  list(SORT _libclang_resource_dirs COMPARE NATURAL ORDER DESCENDING)
  foreach(_dir IN LISTS _libclang_resource_dirs)
    if(EXISTS "${_dir}/include/stddef.h")
      set(LibClang_RESOURCE_DIR "${_dir}" CACHE PATH "clang resource directory")
      break()
    endif()
  endforeach()
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(LibClang REQUIRED_VARS LibClang_LIBRARY LibClang_INCLUDE_DIR)

if(LibClang_FOUND AND NOT TARGET LibClang::LibClang)
  add_library(LibClang::LibClang UNKNOWN IMPORTED)
  set_target_properties(LibClang::LibClang PROPERTIES
    IMPORTED_LOCATION "${LibClang_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${LibClang_INCLUDE_DIR}")
endif()
mark_as_advanced(LibClang_INCLUDE_DIR LibClang_LIBRARY LibClang_LLVM_CONFIG)
