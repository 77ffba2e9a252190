// Small builders of hand-built IR for the tests of the IR's passes (layout, validate): fields
// and structs with just what a test names, at a made-up location in "dto.hpp".
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/ir.hpp"

namespace hand_built {

using namespace msgpack_gen;

// A member `name` of `kind` (a 32-bit int by default), keyed by its name, at dto.hpp:<line>:3.
inline ir::Field member(const char* name, ir::TypeKind kind = ir::TypeKind::Int,
                        unsigned line = 1) {
  ir::Field f;
  f.name = name;
  f.key = name;
  f.type.kind = kind;
  f.type.bits = 32;
  f.type.spelling = kind == ir::TypeKind::String ? "std::string" : "int";
  f.location = {"dto.hpp", line, 3};
  return f;
}

// A member whose type is the struct `struct_id`, inlined or not.
inline ir::Field struct_member(const char* name, const char* struct_id, bool inline_fields) {
  ir::Field f = member(name, ir::TypeKind::Struct);
  f.type.struct_id = struct_id;
  f.type.spelling = struct_id;
  f.inline_fields = inline_fields;
  return f;
}

inline ir::Struct make_struct(const char* id, std::vector<ir::Field> fields) {
  ir::Struct s;
  s.id = id;
  s.cpp_name = std::string("::") + id;
  s.fields = std::move(fields);
  s.location = {"dto.hpp", 1, 8};
  return s;
}

}  // namespace hand_built
