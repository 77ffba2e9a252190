// Reading msgpack bytes with nothing but a contract: each struct value's keys (or positions)
// name its fields, and each value must be of the wire family its field records. The tests use it
// to prove that the contract describes the bytes the generated code writes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "contract/contract.hpp"

namespace msgpack_gen::contract {

struct BytesCheck {
  bool ok = true;
  std::size_t offset = 0;  // where the first mismatch starts
  std::string path;        // the field path to it: "lines[2].price"
  std::string message;     // what the contract expects there, and what the bytes hold
  std::size_t fields = 0;  // struct fields matched, for a reader to see that something was read
};

// Checks that `bytes` hold exactly one value of the struct `struct_id` of `contract`: a map
// whose keys are its fields' keys (or, as_array, an array of at most its fields), each value of
// its field's wire family, nested structs, containers, optionals and variants included. Custom
// and template-dependent values, and keys an inline template parameter adds, are skipped.
BytesCheck check_bytes(const Contract& contract, const std::string& struct_id,
                       std::string_view bytes);

}  // namespace msgpack_gen::contract
