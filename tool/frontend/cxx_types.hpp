// What msgpack-gen knows about C++ types by their names and spellings, with libclang: integer
// kinds and enums' underlying types, the standard class templates it encodes (and those it
// refuses, with what to use), msgpack-c's own value types, and how to spell a type the same with
// every libclang and on every platform.
#pragma once

#include <clang-c/Index.h>

#include <string>
#include <string_view>

#include "ir/ir.hpp"

namespace msgpack_gen::frontend {

// The standard class templates msgpack-gen encodes (docs/std-types.md): the IR kind, how many
// of the template arguments are element types (mapped into Type::args, in order), and a check.
// Adding a type is one line here, and its codec in the runtime.
constexpr int kEveryArgument = -1;

struct StdTemplate {
  std::string_view name;
  ir::TypeKind kind;
  int elements = 0;
  const char* (*check)(CXType type, ir::Type& out) = nullptr;
};

// Integer kinds: bits and signedness; false for anything else.
bool integer_kind(CXType t, unsigned& bits, bool& is_signed);

// Whether an enum declares its underlying type: scoped enums always do (int by default), an
// unscoped one only with `enum E : type`.
bool has_fixed_underlying_type(CXCursor decl);

// Whether a declaration is in namespace std.
bool name_is_std(CXCursor decl);

// The standard class template `name` (qualified: "std::vector") as msgpack-gen encodes it;
// nullptr for one it does not.
const StdTemplate* find_std_template(std::string_view name);

// For a standard class template with no msgpack form: what to use instead; empty otherwise.
std::string_view std_template_hint(std::string_view name);

// "msgpack::type::raw_ref" -> "raw_ref"; empty when the name is not in msgpack-c's namespace.
std::string_view msgpack_c_type_name(std::string_view qualified);

// For one of msgpack-c's own value types (msgpack_c_type_name()): what msgpack-gen does
// instead (docs/migrating-from-msgpack-c.md lists the same); empty for a type it does not know.
std::string_view msgpack_c_type_hint(std::string_view name);

// A canonical type's spelling, the same with every libclang: libclang 19 spells an explicit
// specialisation with its arguments as its declaration wrote them (`ns::Res<Value>`, which names
// nothing outside namespace ns), libclang 14 as canonical types (`ns::Res<ns::Value>`). So a
// class template's specialisation is its template's qualified name and its arguments, each
// spelt so in turn; defaulted arguments are left out, as clang leaves them out.
std::string canonical_spelling(CXType canonical);

// A type as the user wrote it, for comments, messages and contracts, spelt the same with every
// libclang. libclang 14 spells a type written with a scope as written (`std::vector<Sub>`) and
// one written by a bare name with its scope (`Point` as `golden::Point`, `Request<Other>` as
// `Request<generic::Other>`); libclang 19 wraps every named type in an elaborated type, which
// it spells as written (`Point`). This spells the bare names as libclang 14 does, with either.
std::string display_spelling(CXType t);

// A type as generated code names it outside the user's scopes: the canonical type (every alias
// resolved, every name qualified), except that the standard integer typedefs keep their names,
// also inside arrays and template arguments. Their canonical spellings name the build host's
// type (`unsigned long` for std::uint64_t), which is another type on Windows, so code spelt
// that way would not compile there, nor would goldens match what the tool writes there.
std::string portable_spelling(CXType type);

}  // namespace msgpack_gen::frontend
