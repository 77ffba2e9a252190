// The per-kind table (tool/ir/kinds.hpp) and the questions answered from it.
#include <catch2/catch.hpp>

#include <string>

#include "ir/kinds.hpp"

using namespace msgpack_gen;

namespace {

ir::Type of(ir::TypeKind kind, std::vector<ir::Type> args = {}) {
  ir::Type t;
  t.kind = kind;
  t.args = std::move(args);
  return t;
}

ir::Type int8(bool is_signed, const char* spelling) {
  ir::Type t = of(ir::TypeKind::Int);
  t.bits = 8;
  t.is_signed = is_signed;
  t.spelling = spelling;
  return t;
}

}  // namespace

TEST_CASE("kinds: each kind's row is its own", "[kinds]") {
  for (int k = 0; k <= static_cast<int>(ir::TypeKind::ByteSpan); ++k) {
    const auto kind = static_cast<ir::TypeKind>(k);
    CHECK(ir::kind_info(kind).kind == kind);
    CHECK(std::string(ir::kind_info(kind).name).size() > 0);
  }
  CHECK(ir::kind_info(ir::TypeKind::Vector).shape == ir::Shape::Elements);
  CHECK(std::string(ir::kind_info(ir::TypeKind::Bytes).family) == "bin");
  CHECK(std::string(ir::kind_info(ir::TypeKind::Pointer).runtime_header) == "pointers");
  CHECK(ir::kind_info(ir::TypeKind::String).runtime_header == nullptr);
}

TEST_CASE("kinds: C arrays of bytes are str or bin as msgpack-c writes them", "[kinds]") {
  CHECK(ir::byte_array_family(of(ir::TypeKind::CArray, {int8(false, "char")})) == "str");
  CHECK(ir::byte_array_family(of(ir::TypeKind::CArray, {int8(true, "signed char")})) == "str");
  CHECK(ir::byte_array_family(of(ir::TypeKind::CArray, {int8(false, "unsigned char")})) == "bin");
  CHECK(ir::byte_array_family(of(ir::TypeKind::CArray, {of(ir::TypeKind::Float)})).empty());
  CHECK(ir::byte_array_family(of(ir::TypeKind::Vector, {int8(false, "char")})).empty());
  // A byte array holds no values of its own; an array of floats does.
  CHECK_FALSE(ir::holds_values(of(ir::TypeKind::CArray, {int8(false, "char")})));
  CHECK(ir::holds_values(of(ir::TypeKind::CArray, {of(ir::TypeKind::Float)})));
}

TEST_CASE("kinds: length and float questions look through what holds values", "[kinds]") {
  CHECK(ir::has_length(of(ir::TypeKind::Optional, {of(ir::TypeKind::String)})));
  CHECK_FALSE(ir::has_length(of(ir::TypeKind::Pointer, {of(ir::TypeKind::Int)})));
  CHECK_FALSE(ir::has_length(of(ir::TypeKind::Optional)));
  CHECK_FALSE(ir::has_length(of(ir::TypeKind::Tuple, {of(ir::TypeKind::String)})));
  CHECK(ir::may_hold_float(
      of(ir::TypeKind::Map, {of(ir::TypeKind::String), of(ir::TypeKind::Float)})));
  CHECK_FALSE(ir::may_hold_float(of(ir::TypeKind::Vector, {of(ir::TypeKind::Int)})));
  CHECK(ir::may_hold_float(of(ir::TypeKind::Struct)));  // its fields may
  CHECK_FALSE(ir::may_hold_float(of(ir::TypeKind::Duration)));
}

TEST_CASE("kinds: spans are written as msgpack-c writes them and decoded only as byte views",
          "[kinds][span]") {
  CHECK(std::string(ir::kind_info(ir::TypeKind::Span).family) == "array");
  CHECK(std::string(ir::kind_info(ir::TypeKind::ByteSpan).family) == "bin");
  CHECK(std::string(ir::kind_info(ir::TypeKind::Span).runtime_header) == "span");
  CHECK(ir::kind_info(ir::TypeKind::ByteSpan).shape == ir::Shape::Text);

  ir::Type bytes = of(ir::TypeKind::ByteSpan);
  bytes.spelling = "std::span<const std::byte>";
  bytes.const_elements = true;
  CHECK(ir::undecodable_view(bytes).empty());
  CHECK(ir::undecodable_view(of(ir::TypeKind::Optional, {bytes})).empty());

  ir::Type mutable_bytes = bytes;
  mutable_bytes.const_elements = false;
  mutable_bytes.spelling = "std::span<std::byte>";
  CHECK(ir::undecodable_view(mutable_bytes) ==
        "a span of non-const bytes (std::span<std::byte>; a span of const bytes decodes as a "
        "view of the input)");

  ir::Type numbers = of(ir::TypeKind::Span, {int8(true, "int8_t")});
  numbers.spelling = "std::span<const int8_t>";
  numbers.const_elements = true;
  CHECK(ir::undecodable_view(numbers) ==
        "a view of elements it does not own (std::span<const int8_t>)");
  // At any depth: the first span found is named.
  const ir::Type deep =
      of(ir::TypeKind::Map, {of(ir::TypeKind::String), of(ir::TypeKind::Vector, {numbers})});
  CHECK(ir::undecodable_view(deep) == ir::undecodable_view(numbers));
  CHECK(ir::undecodable_view(of(ir::TypeKind::Vector, {int8(true, "int8_t")})).empty());
}
