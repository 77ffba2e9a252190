// The MSGPACK_TAG grammar, Go-style: "[key][,option]...". No libclang here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace msgpack_gen::frontend {

struct FieldTag {
  bool skip = false;         // "-": never encoded or decoded
  std::string key;           // empty: keep the field's name
  bool has_int_key = false;  // "#16" or "#0x10": an integer key (Tarantool's IPROTO maps)
  long long int_key = 0;
  bool omit_empty = false;     // ",omitempty"
  bool inline_fields = false;  // ",inline"
  bool required = false;       // ",required"
  bool as_string = false;      // ",as_string"
  bool strict = false;         // ",strict": an enum takes only its declared enumerators
  std::uint32_t limit = 0;     // ",limit=N": lengths inside the field at most N; 0: none
};

struct StructTag {
  bool as_array = false;        // ",as_array" / "as_array"; "as_map" is the default
  bool as_map = false;          // said explicitly (it contradicts MSGPACK_DEFINE's array)
  bool strict = false;          // "strict": unknown keys are an error
  bool nest_bases = false;      // "nest_bases": bases nested under their names (msgpack-c's layout)
  bool private_fields = false;  // "private_fields": private and protected fields are encoded too
};

// Each returns an empty string on success, else what is wrong with the tag.
std::string parse_field_tag(std::string_view text, FieldTag& tag);
std::string parse_struct_tag(std::string_view text, StructTag& tag);

}  // namespace msgpack_gen::frontend
