// What each type kind is, in one table that the emitter, the contract, the JSON Schema and the
// IR's rules read: its shape on the wire, its wire family, whether its encoded size has a cheap
// bound, which runtime header holds its codec. Adding a type kind is a row here, its mapping in
// frontend/module_builder.cpp and its codec in runtime/ (docs/design.md walks through it).
#pragma once

#include <string_view>

#include "ir/ir.hpp"

namespace msgpack_gen::ir {

// How a kind's values are built from other values.
enum class Shape {
  Scalar,    // one value with no parts: Bool, Int, Float, Enum, Timestamp, Duration, Nil
  Text,      // a length, then bytes: String, StringView, Bytes
  Elements,  // a msgpack array of args' values: Vector, Array, Sequence, CArray (a byte CArray
             // is text: byte_array_family), Tuple (one value per arg)
  Map,       // args[0] -> args[1]
  Nullable,  // nil, or a value of args[0]: Optional, Pointer
  Variant,   // [index, value of args[index]]
  Struct,    // a struct of the module, with a codec of its own
  Opaque,    // known only to the C++ compiler: Custom, Dependent
};

struct KindInfo {
  TypeKind kind;
  const char* name;  // as docs and messages name it
  Shape shape;
  // The wire family a contract records when the kind fixes it ("bool", "str", "array"...);
  // nullptr when the type decides (int or uint by sign, a struct's id, a custom type's name).
  const char* family;
  // Whether gen::encode::max_size bounds its encoded size cheaply, so generated code writes a run
  // of such fields under one capacity check.
  bool cheap_bound;
  // Whether a ",limit=N" tag bounds something in it (a length); for Nullable, its value decides.
  bool has_length;
  // The runtime header (msgpack_gen/<name>.hpp) with its codec; nullptr for the core that every
  // generated file includes.
  const char* runtime_header;
  // The JSON type of its values in JSON Schema ("integer", "string", "array"...; a byte C array
  // is a "string" too); nullptr when the value decides (nullable, variant) or it is not one
  // type here (a struct's own schema, an opaque type).
  const char* json_type;
};

const KindInfo& kind_info(TypeKind kind);

// What a C array of bytes is on the wire, as msgpack-c writes it: char[N] (and signed char[N])
// a str, unsigned char[N] a bin. Empty for any other type.
std::string_view byte_array_family(const Type& type);

// Why no value of this type can be decoded because a std::span in it (the type itself, or an
// element at any depth) has nowhere to put what it reads; empty when none does.
std::string undecodable_view(const Type& type);

// Whether a ",limit=N" tag on a field of this type bounds a length in it.
bool has_length(const Type& type);

// Whether a value of this type may hold a float, somewhere inside (a struct or opaque type may).
bool may_hold_float(const Type& type);

// Whether the struct's generated code writes floats as msgpack-c 4 does, integral values as
// integers (Writer::integral_floats_as_ints), for itself and every value nested in it: a struct
// laid out by a msgpack-c macro with a field that may hold a float.
bool writes_msgpack_c_floats(const Struct& s);

// Whether `type`'s args are values inside its own (containers, optionals, variants, tuples).
bool holds_values(const Type& type);

}  // namespace msgpack_gen::ir
