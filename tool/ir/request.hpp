// What the user asks for: a type to generate and its directions. Plain data shared by the command
// line, which reads requests, and the frontend, which finds the types they name.
#pragma once

#include <string>

#include "ir/ir.hpp"

namespace msgpack_gen::ir {

struct TypeRequest {
  std::string name;             // "Data", "shop::v1::Data" or a template-id: "Res<Value>"
  unsigned directions = kBoth;  // Direction bits
};

}  // namespace msgpack_gen::ir
