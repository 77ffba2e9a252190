// The code for one struct: its codec<> declaration and its function definitions.
#pragma once

#include <string>

#include "ir/ir.hpp"

namespace msgpack_gen::emitter {

struct StructCode {
  std::string declaration;     // the codec<> specialisation: constants and declarations
  std::string definitions;     // the functions, defined after every declaration of the file
  std::string source_prelude;  // --split: what the source file's definitions need first (keys)
};

// `definitions_in_header`: the definitions are `inline` (a header-only output); otherwise those
// of a non-template struct are written for a source file (--split). A class template's
// definitions always stay templates for the header.
StructCode emit_struct(const ir::Module& module, const ir::Struct& s, bool definitions_in_header);

// The tag type (msgpack_gen/access.hpp) through which generated code reaches a private field of
// one of the module's structs: named after the struct and the member, unique among the struct's
// private members even for names that differ only in punctuation (`size`, `size_`).
std::string private_member_tag(const ir::Module& module, const ir::Field& field);

// operator<< of each struct, in its namespace so that argument-dependent lookup finds it, for
// the end of the generated header; empty when none can be written.
std::string emit_stream_operators(const ir::Module& module, const std::vector<std::string>& ids);

// Whether the struct's code is a template (so its definitions must stay in the header).
bool is_template_struct(const ir::Struct& s);

// enum_names<E> for an enum that an as_string field uses (guarded: several files may emit it).
std::string emit_enum_names(const ir::Type& enum_type);

// enum_range<E> for an enum without a fixed underlying type (guarded, like enum_names).
std::string emit_enum_range(const ir::Type& enum_type);

// codec<N> for a Nil type the runtime has no codec for, msgpack-c's nil_t (guarded, like
// enum_names); empty for std::monostate, whose codec is the runtime's.
std::string emit_nil_codec(const ir::Type& nil_type);

}  // namespace msgpack_gen::emitter
