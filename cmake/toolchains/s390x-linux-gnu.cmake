# IBM Z, 64-bit and big-endian: Debian's g++-s390x-linux-gnu, run under qemu-s390x.
set(MSGPACK_GEN_CROSS_TRIPLE s390x-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR s390x)
include("${CMAKE_CURRENT_LIST_DIR}/linux-qemu.cmake")
