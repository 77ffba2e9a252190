# Shared by the Linux cross toolchains (s390x-linux-gnu.cmake, aarch64-linux-gnu.cmake): Debian's
# cross compiler g++-<triple> (package g++-<triple>, the target's C library in /usr/<triple>) and
# qemu-user to run what it builds. Set MSGPACK_GEN_CROSS_TRIPLE and CMAKE_SYSTEM_PROCESSOR first.
#
# The generator is not cross-compiled: configure with -DMSGPACK_GEN_BUILD_TOOL=OFF
# -DMSGPACK_GEN_EXECUTABLE=<a msgpack-gen built for the build host>. ctest (and Catch2's test
# discovery at build time) run the target's binaries through CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_CXX_COMPILER ${MSGPACK_GEN_CROSS_TRIPLE}-g++)
set(CMAKE_C_COMPILER ${MSGPACK_GEN_CROSS_TRIPLE}-gcc)

set(CMAKE_FIND_ROOT_PATH /usr/${MSGPACK_GEN_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# qemu-user (package qemu-user); -L: where the target's dynamic loader and libraries live.
string(REGEX REPLACE "-.*" "" _msgpack_gen_qemu_arch "${MSGPACK_GEN_CROSS_TRIPLE}")
find_program(MSGPACK_GEN_QEMU qemu-${_msgpack_gen_qemu_arch} REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR "${MSGPACK_GEN_QEMU};-L;/usr/${MSGPACK_GEN_CROSS_TRIPLE}")
