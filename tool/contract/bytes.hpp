// Reading msgpack bytes with nothing but a contract: each struct value's keys (or positions)
// name its fields, and each value must be of the wire family its field records. The tests use it
// to prove that the contract describes the bytes the generated code writes; msgpack-gen --dump
// uses it to print messages with their field names.
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
  std::size_t size = 0;    // print_bytes: the bytes the value took, when ok
};

// Checks that `bytes` hold exactly one value of the struct `struct_id` of `contract`: a map
// whose keys are its fields' keys (or, as_array, an array of at most its fields), each value of
// its field's wire family, nested structs, containers, optionals and variants included. Custom
// and template-dependent values, and keys an inline template parameter adds, are skipped.
BytesCheck check_bytes(const Contract& contract, const std::string& struct_id,
                       std::string_view bytes);

// Reads the first value of `bytes` the same way, as the struct `struct_id`, and prints it to
// `text` as JSON with the contract's names: a map's keys, the field names of integer keys and
// of as_array positions; values as msgpack_gen::dump() prints them (`indent` as there). On a
// mismatch the text stops where it was found. Bytes after the value are not read: `size` says
// where it ended, for a stream of values.
BytesCheck print_bytes(const Contract& contract, const std::string& struct_id,
                       std::string_view bytes, std::string& text, unsigned indent = 0);

}  // namespace msgpack_gen::contract
