# Windows x86-64 (LLP64: long is 32 bits), little-endian: Debian's mingw-w64 cross compiler
# (package g++-mingw-w64-x86-64-posix), run under wine (package wine64, through wine-run.sh).
#
# As with the Linux toolchains, the generator is not cross-compiled: configure with
# -DMSGPACK_GEN_BUILD_TOOL=OFF -DMSGPACK_GEN_EXECUTABLE=<a msgpack-gen built for the build host>.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(MSGPACK_GEN_CROSS_TRIPLE x86_64-w64-mingw32)
# The posix flavour: GCC 12's win32 thread model has no std::thread or std::mutex.
set(CMAKE_CXX_COMPILER ${MSGPACK_GEN_CROSS_TRIPLE}-g++-posix)
set(CMAKE_C_COMPILER ${MSGPACK_GEN_CROSS_TRIPLE}-gcc-posix)

set(CMAKE_FIND_ROOT_PATH /usr/${MSGPACK_GEN_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# libstdc++, libgcc and winpthreads linked in: the .exe needs no DLL that wine would have to find.
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)

set(CMAKE_CROSSCOMPILING_EMULATOR "${CMAKE_CURRENT_LIST_DIR}/wine-run.sh")
