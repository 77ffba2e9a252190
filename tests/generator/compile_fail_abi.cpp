// Must not compile: built with abi_mismatch/ first on the include path, the generated header
// meets a runtime whose MSGPACK_GEN_CODEGEN_ABI is not the one it was generated for.
#include "everything.msgpack.hpp"

int main() {
  return 0;
}
