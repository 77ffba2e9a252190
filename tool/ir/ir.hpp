// The intermediate representation: what the frontend learns from the headers and the emitter
// turns into code. Plain data with no libclang types, so the emitter can be driven (and tested)
// from an IR built by hand.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace msgpack_gen::ir {

struct SourceLocation {
  std::string file;  // absolute path
  unsigned line = 0;
  unsigned column = 0;
};

enum class TypeKind {
  Bool,
  Int,         // bits, is_signed
  Float,       // bits: 32 or 64
  String,      // std::string
  StringView,  // std::string_view, decoded zero-copy
  Bytes,       // std::vector of a byte type: msgpack bin
  Vector,      // args[0]: element
  Array,       // args[0]: element, array_size
  Map,         // args[0]: key (String or Int), args[1]: value
  Optional,    // args[0]: value
  Enum,        // bits, is_signed: the underlying integer
  Struct,      // struct_id: a Struct of the module
  Custom,      // a type with a user- or runtime-provided msgpack_gen::codec specialisation
  Dependent,   // in a class template: depends on its parameters; resolved when instantiated
  Sequence,    // std::deque, std::list, std::set, std::unordered_set...: args[0]: element
  Tuple,       // std::pair, std::tuple: args: the elements
  Variant,     // std::variant: args: the alternatives
  Timestamp,   // std::chrono::system_clock::time_point: the msgpack timestamp extension
  Duration,    // std::chrono::duration: its count
  Pointer,     // std::unique_ptr, std::shared_ptr: args[0]; nil when null
  CArray,      // a C array T[N]: args[0]: element, array_size; char[N] is a str and
               // unsigned char[N] a bin, as msgpack-c writes them
  Nil,         // a type with one value, written as nil: std::monostate, msgpack-c's
               // msgpack::type::nil_t; cpp_name names it
  Span,        // std::span of a type other than bytes: args[0]: element; array_size: the extent
               // (0: dynamic); written as an array, never decoded (it owns no elements)
  ByteSpan,    // std::span of char, unsigned char or std::byte: a bin, as msgpack-c writes it;
               // decoded, when its bytes are const, as a view of the input (const_elements)
};

struct Enumerator {
  std::string name;
  std::int64_t value = 0;
};

struct Type {
  TypeKind kind = TypeKind::Int;
  std::string spelling;  // as the user wrote it, for comments and messages
  unsigned bits = 0;
  bool is_signed = false;
  std::size_t array_size = 0;
  bool const_elements = false;  // Span, ByteSpan: std::span<const T>
  std::string struct_id;
  std::string cpp_name;  // Nil: the type as generated code names it, "::std::monostate"
  std::vector<Type> args;
  std::string enum_name;                // Enum: the qualified name, for as_string
  std::vector<Enumerator> enumerators;  // Enum: for as_string
  // Enum without a fixed underlying type (`enum E { a, b }`): only [enum_min, enum_max] are
  // values of it; decoding refuses other numbers.
  bool enum_range_limited = false;
  std::int64_t enum_min = 0, enum_max = 0;
};

// How generated code reaches a member that access control hides (private or protected): a
// member pointer handed out by an explicit instantiation (msgpack_gen/access.hpp).
struct PrivateAccess {
  std::string owner_cpp;    // the class that declares the member, e.g. "::shop::Order"
  std::string member_type;  // the member's type, spelt so that it compiles anywhere
};

struct Field {
  std::string name;  // the C++ member; for a base entry, the base's name as written
  std::string key;   // the map key on the wire when it is a string; empty for an integer key
  bool has_int_key = false;
  std::int64_t int_key = 0;  // the key when has_int_key
  // The key as messages and comments show it: "name", or "#16" for an integer key.
  std::string key_text() const;
  Type type;
  bool omit_empty = false;
  bool inline_fields = false;  // the field's struct's fields go into this struct's map
  bool required = false;       // unmarshal fails when the key is absent
  bool as_string = false;      // an enum written as its enumerator's name
  bool redact = false;         // printed (to_json, operator<<) as "***"; marshalled as usual
  bool strict_enum = false;    // an enum that takes only its declared enumerators
  std::uint32_t limit = 0;     // lengths of strings and containers inside it at most this; 0: none
  // A base entry: the value is the struct's base-class subobject of type `type`, encoded as one
  // value under `key` (msgpack-c's MSGPACK_BASE, or the nest_bases option).
  bool is_base = false;
  bool is_private = false;  // reached through `private_access`
  // Why generated code cannot assign to the member ("a reference", "const"), which only a type
  // generated without an unmarshaler may have; empty for an ordinary member.
  std::string read_only;
  PrivateAccess private_access;
  SourceLocation location;
};

enum Direction : unsigned { kMarshal = 1, kUnmarshal = 2, kBoth = 3 };

struct TemplateParam {
  std::string name;      // "T"
  std::string declared;  // "class T", "std::size_t N"
};

struct Struct {
  std::string id;        // unique in the module: the qualified name, e.g. "shop::v1::Data"
  std::string cpp_name;  // the type's qualified name: "::shop::v1::Data"; empty for an unnamed
                         // struct, which generated code names through `unnamed_member`
  // An unnamed struct (`struct { ... } internal;`): the member that holds it, as an expression
  // ("::Data::internal", "::Data::internal.inner" for one nested in another); empty otherwise.
  std::string unnamed_member;
  // The namespace that holds it, through enclosing classes ("shop::v1"; "" for the global one;
  // "(anonymous)" when an anonymous namespace does): where its operator<< goes, for ADL.
  std::string enclosing_namespace;
  bool as_array = false;                       // encoded as a msgpack array in declaration order
  bool strict = false;                         // unknown keys are an error instead of being skipped
  std::vector<TemplateParam> template_params;  // a class template: its code is a template too
  // A class template: the structs its instances in this module take as arguments (Envelope<Order>
  // -> "Order"), whose codecs its generated header includes so that using the instance works.
  std::vector<std::string> argument_structs;
  std::vector<std::string> bases;  // public base structs with fields; their fields come first
  // The order, keys and membership come from a msgpack-c macro (MSGPACK_DEFINE...): `fields`
  // holds what the macro lists, in its order, base entries included; `bases` is empty.
  bool from_msgpack_c = false;
  // Set when that macro is a base's: the struct has none of its own, so msgpack-c packs it with
  // the msgpack_pack it inherits from this class (only the base's members, the base's form).
  std::string msgpack_c_layout_from;
  std::vector<Field> fields;  // in declaration (or macro) order; skipped ("-") fields are not here
  bool has_alter_field_count = false;  // `alterFieldCount() const` widens the map header
  bool has_read_extra_field = false;   // `readExtraField(key, reader)` receives unknown keys
  // The member of type msgpack_gen::UnknownFields that keeps the entries (map) or elements
  // (array) the struct does not know, and that marshal writes back after its fields; its `type`
  // is unused. Not one of `fields`: it is no value of the wire layout.
  std::optional<Field> unknown_fields;
  // Every member generated code reaches: `fields`, then `unknown_fields` when there is one.
  std::vector<const Field*> members() const;
  unsigned directions = kBoth;
  std::string header;  // package-relative path of the header that gets its code
  SourceLocation location;
};

// One output file: the generated code for the structs of one package header.
struct Header {
  std::string path;                     // package-relative, e.g. "shop/Data.hpp"
  std::vector<std::string> struct_ids;  // structs whose code goes into its output
};

struct Module {
  std::vector<Struct> structs;  // every struct to generate, each once
  std::vector<Header> headers;  // every header of the package, in path order

  // The struct whose id is `id`; nullptr when the module has none.
  const Struct* find(const std::string& id) const;
};

// "::shop::Res<Value>" -> "shop_Res_Value": letters and digits, one '_' between runs of
// anything else, none at the ends (so never a reserved identifier's "__"). Generated code names
// its helpers (key scopes, member-pointer tags, include guards) with it.
std::string identifier_from(const std::string& text);

// The file generated for a header: "shop/Data.hpp" -> "shop/Data.msgpack.hpp".
std::string output_path_for(const std::string& header_path);
// Its definitions with --split: "shop/Data.hpp" -> "shop/Data.msgpack.cpp".
std::string output_source_path_for(const std::string& header_path);
// Whether a path names a header msgpack-gen wrote (output_path_for's name): never read as input.
bool is_generated_header(const std::string& path);

}  // namespace msgpack_gen::ir
