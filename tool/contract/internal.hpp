// Rules shared by the files of tool/contract/ (the contract, its JSON Schema). Internal.
#pragma once

#include <string_view>

#include "ir/ir.hpp"

namespace msgpack_gen::contract::detail {

// What a C array of bytes is on the wire, as msgpack-c writes it: char[N] (and signed char[N])
// a str, unsigned char[N] a bin. Empty for any other C array: an array of its elements.
inline std::string_view byte_array_family(const ir::Type& carray) {
  if (carray.args.empty()) return {};
  const ir::Type& element = carray.args[0];
  if (element.kind != ir::TypeKind::Int || element.bits != 8) return {};
  return element.is_signed || element.spelling == "char" ? "str" : "bin";
}

}  // namespace msgpack_gen::contract::detail
