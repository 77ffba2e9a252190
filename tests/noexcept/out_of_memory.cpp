// Without exceptions, a Buffer that cannot get the memory it needs ends the program through
// std::terminate() (docs/runtime.md, "Builds without exceptions or RTTI"). ctest runs this and
// expects libstdc++'s terminate message, and never "not reached".
#include <cstddef>
#include <cstdio>
#include <limits>

#include "msgpack_gen/buffer.hpp"

int main() {
  std::fputs("asking a Buffer for half the address space\n", stderr);
  msgpack_gen::Buffer buffer;
  buffer.reserve(std::numeric_limits<std::size_t>::max() / 2);
  std::fputs("not reached: the Buffer got the memory\n", stderr);
  return 0;
}
