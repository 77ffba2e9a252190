// The MSGPACK_TAG grammar, Go-style: "[key][,option]...". One table of options (tags.cpp) drives
// parsing, the lists of known options and the did-you-mean suggestions. No libclang here.
#pragma once

#include <string>
#include <string_view>

#include "ir/ir.hpp"

namespace msgpack_gen::frontend {

// What a field's tag says beyond what it sets in the field itself.
struct FieldTag {
  bool skip = false;    // "-": never encoded or decoded
  std::string warning;  // valid, but likely a mistake: "omitempty" as a whole tag is a key
};

struct StructTag {
  bool as_array = false;        // ",as_array" / "as_array"; "as_map" is the default
  bool as_map = false;          // said explicitly (it contradicts MSGPACK_DEFINE's array)
  bool strict = false;          // "strict": unknown keys are an error
  bool nest_bases = false;      // "nest_bases": bases nested under their names (msgpack-c's layout)
  bool private_fields = false;  // "private_fields": private and protected fields are encoded too
};

// Reads a field's tag into `field`: the key when the tag names one (else field.key is left as
// it is), an integer key ("#16", "#0x10": Tarantool's IPROTO maps), and the options (omit_empty,
// inline_fields, required, as_string, strict_enum, limit). Returns an empty string on success,
// else what is wrong with the tag.
std::string parse_field_tag(std::string_view text, ir::Field& field, FieldTag& tag);
// The same for a struct's tag.
std::string parse_struct_tag(std::string_view text, StructTag& tag);

}  // namespace msgpack_gen::frontend
