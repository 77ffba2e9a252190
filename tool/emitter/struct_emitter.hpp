// The code for one struct: its codec<> declaration and its function definitions.
#pragma once

#include <string>

#include "ir/ir.hpp"

namespace msgpack_gen::emitter {

struct StructCode {
  std::string declaration;  // the codec<> specialisation: constants and declarations
  std::string definitions;  // the functions, defined after every declaration of the file
};

StructCode emit_struct(const ir::Module& module, const ir::Struct& s);

// enum_names<E> for an enum that an as_string field uses (guarded: several files may emit it).
std::string emit_enum_names(const ir::Type& enum_type);

}  // namespace msgpack_gen::emitter
