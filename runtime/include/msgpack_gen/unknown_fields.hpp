// Fields a struct does not declare, kept while decoding and written back when marshalling: a
// service built against an older DTO (a proxy, a cache, a client that reads, edits one field and
// writes back) passes on what a newer peer added instead of dropping it.
//
//   struct User {
//     std::uint64_t id = 0;
//     std::string name;
//     msgpack_gen::UnknownFields unknown;  // what newer peers send that this version does not know
//   };
//
// A map-mode struct keeps every entry whose key it does not know (any key type), an array-mode
// struct every element after its last field; marshal writes them after the known fields, in the
// order they arrived, and counts them in the map or array header. docs/runtime.md, "Unknown
// fields", says how this meets inline fields, alterFieldCount() and readExtraField().
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace msgpack_gen {

namespace gen {
struct UnknownFieldsAccess;
}

class UnknownFields {
 public:
  // Entries kept: key/value pairs for a map-mode struct, elements for an array-mode one.
  std::uint32_t size() const noexcept { return count_; }
  bool empty() const noexcept { return count_ == 0; }
  // The entries as they arrived, one msgpack value after another (in a map, key then value).
  std::string_view bytes() const noexcept { return bytes_; }
  void clear() noexcept {
    bytes_.clear();
    count_ = 0;
  }

  friend bool operator==(const UnknownFields& a, const UnknownFields& b) noexcept {
    return a.count_ == b.count_ && a.bytes_ == b.bytes_;
  }
  friend bool operator!=(const UnknownFields& a, const UnknownFields& b) noexcept {
    return !(a == b);
  }

 private:
  friend struct gen::UnknownFieldsAccess;
  std::string bytes_;
  std::uint32_t count_ = 0;
};

}  // namespace msgpack_gen
