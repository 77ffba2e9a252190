// Must not compile: WriteOnly was generated as Type:+- (marshal only).
#include "everything.msgpack.hpp"

int main() {
  golden::WriteOnly value{};
  return msgpack_gen::unmarshal("", 0, value) ? 0 : 1;
}
