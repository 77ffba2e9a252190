#include "ir/kinds.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace msgpack_gen::ir {
namespace {

// One row per TypeKind, in its order (checked below).
constexpr std::array<KindInfo, 24> kKinds{{
    // kind, name, shape, family, cheap_bound, has_length, runtime_header, json_type
    {TypeKind::Bool, "bool", Shape::Scalar, "bool", true, false, nullptr, "boolean"},
    {TypeKind::Int, "integer", Shape::Scalar, nullptr, true, false, nullptr, "integer"},
    {TypeKind::Float, "float", Shape::Scalar, "float", true, false, nullptr, "number"},
    {TypeKind::String, "std::string", Shape::Text, "str", true, true, nullptr, "string"},
    {TypeKind::StringView, "std::string_view", Shape::Text, "str", true, true, nullptr, "string"},
    {TypeKind::Bytes, "byte vector", Shape::Text, "bin", true, true, "containers", "string"},
    {TypeKind::Vector, "std::vector", Shape::Elements, "array", false, true, "containers", "array"},
    {TypeKind::Array, "std::array", Shape::Elements, "array", false, true, "containers", "array"},
    {TypeKind::Map, "map", Shape::Map, "map", false, true, "containers", "object"},
    {TypeKind::Optional, "std::optional", Shape::Nullable, "optional", false, false, "containers",
     nullptr},
    {TypeKind::Enum, "enum", Shape::Scalar, nullptr, true, false, nullptr, "integer"},
    {TypeKind::Struct, "struct", Shape::Struct, nullptr, false, true, nullptr, nullptr},
    {TypeKind::Custom, "custom codec", Shape::Opaque, nullptr, false, true, nullptr, nullptr},
    // Known only when the template is instantiated: every runtime codec may be needed.
    {TypeKind::Dependent, "template parameter", Shape::Opaque, nullptr, false, true, "msgpack_gen",
     nullptr},
    {TypeKind::Sequence, "sequence or set", Shape::Elements, "array", false, true, "sequences",
     "array"},
    {TypeKind::Tuple, "pair or tuple", Shape::Elements, "array", false, false, "tuples", "array"},
    {TypeKind::Variant, "std::variant", Shape::Variant, "variant", false, false, "variant",
     nullptr},
    {TypeKind::Timestamp, "time point", Shape::Scalar, "ext:-1", false, false, "chrono", "string"},
    {TypeKind::Duration, "duration", Shape::Scalar, "int", false, false, "chrono", "integer"},
    {TypeKind::Pointer, "smart pointer", Shape::Nullable, "optional", false, false, "pointers",
     nullptr},
    {TypeKind::CArray, "C array", Shape::Elements, "array", false, true, "carrays", "array"},
    // std::monostate's codec is variant.hpp's (emitter.cpp); msgpack-c's nil_t is nil.hpp's.
    {TypeKind::Nil, "nil", Shape::Scalar, "nil", false, false, "nil", "null"},
    {TypeKind::Span, "std::span", Shape::Elements, "array", false, true, "span", "array"},
    {TypeKind::ByteSpan, "byte span", Shape::Text, "bin", false, true, "span", "string"},
}};

constexpr bool rows_in_kind_order() {
  for (std::size_t i = 0; i < kKinds.size(); ++i) {
    if (static_cast<std::size_t>(kKinds[i].kind) != i) return false;
  }
  return static_cast<std::size_t>(TypeKind::ByteSpan) + 1 == kKinds.size();
}
static_assert(rows_in_kind_order(), "kKinds needs one row per TypeKind, in TypeKind's order");

}  // namespace

std::string undecodable_view(const Type& type) {
  if (type.kind == TypeKind::Span) {
    return "a view of elements it does not own (" + type.spelling + ")";
  }
  if (type.kind == TypeKind::ByteSpan && !type.const_elements) {
    return "a span of non-const bytes (" + type.spelling +
           "; a span of const bytes decodes as a view of the input)";
  }
  for (const Type& arg : type.args) {
    std::string why = undecodable_view(arg);
    if (!why.empty()) return why;
  }
  return {};
}

const KindInfo& kind_info(TypeKind kind) {
  return kKinds.at(static_cast<std::size_t>(kind));
}

std::string_view byte_array_family(const Type& type) {
  if (type.kind != TypeKind::CArray || type.args.empty()) return {};
  const Type& element = type.args[0];
  if (element.kind != TypeKind::Int || element.bits != 8) return {};
  return element.is_signed || element.spelling == "char" ? "str" : "bin";
}

bool has_length(const Type& type) {
  if (kind_info(type.kind).shape == Shape::Nullable) {
    return !type.args.empty() && has_length(type.args[0]);
  }
  return kind_info(type.kind).has_length;
}

bool holds_values(const Type& type) {
  switch (kind_info(type.kind).shape) {
    case Shape::Elements:
      return byte_array_family(type).empty();
    case Shape::Map:
    case Shape::Nullable:
    case Shape::Variant:
      return true;
    default:
      return false;
  }
}

bool may_hold_float(const Type& type) {
  switch (kind_info(type.kind).shape) {
    case Shape::Scalar:
      return type.kind == TypeKind::Float;
    case Shape::Text:
      return false;
    case Shape::Struct:
    case Shape::Opaque:
      return true;
    default:
      return std::any_of(type.args.begin(), type.args.end(), may_hold_float);
  }
}

bool writes_msgpack_c_floats(const Struct& s) {
  return s.from_msgpack_c && std::any_of(s.fields.begin(), s.fields.end(),
                                         [](const Field& f) { return may_hold_float(f.type); });
}

}  // namespace msgpack_gen::ir
