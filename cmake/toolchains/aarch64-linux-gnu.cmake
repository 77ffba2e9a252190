# 64-bit Arm, little-endian: Debian's g++-aarch64-linux-gnu, run under qemu-aarch64.
set(MSGPACK_GEN_CROSS_TRIPLE aarch64-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
include("${CMAKE_CURRENT_LIST_DIR}/linux-qemu.cmake")
