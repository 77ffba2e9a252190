// Marshals an AuditRecord with code generated for this target alone.
#include <cstdio>

#include "audit_record.msgpack.hpp"

int main() {
  msgpack_gen::Buffer buffer;
  msgpack_gen::marshal(buffer, AuditRecord{"alice", 1700000000});
  // fixmap(2), fixstr "actor", fixstr "alice": the record's first bytes.
  const unsigned char expected[] = {0x82, 0xa5, 'a', 'c', 't', 'o', 'r', 0xa5, 'a', 'l', 'i'};
  if (buffer.size() < sizeof expected) return 1;
  for (std::size_t i = 0; i < sizeof expected; ++i) {
    if (buffer.data()[i] != expected[i]) {
      std::printf("byte %zu differs\n", i);
      return 1;
    }
  }
  std::printf("audit: ok (%zu bytes)\n", buffer.size());
  return 0;
}
