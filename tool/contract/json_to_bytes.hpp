// JSON to msgpack with nothing but a contract, for msgpack-gen --from-json: the bytes the
// generated marshaler writes for the value the JSON describes, in the JSON form that
// print_bytes (bytes.hpp) and msgpack-gen --dump --contract print. The rules are in
// docs/inspecting.md, "Writing test messages from JSON".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "contract/contract.hpp"

namespace msgpack_gen::contract {

struct JsonToBytes {
  bool ok = true;
  std::size_t line = 0;  // where the first problem is in the text, from 1
  std::string path;      // the JSON path to it: "$.lines[2].price" ("" for invalid JSON)
  std::string message;   // what is wrong there
  // When ok: the msgpack bytes of each JSON value of the text, in order. Empty otherwise: no
  // value is written unless every value is right.
  std::vector<std::string> messages;

  // "line 3: $.lines[2].price: expected a number, found a string".
  std::string error() const;
};

// Reads `text`, one JSON value or several one after the other, each as the struct `struct_id` of
// `contract`, and writes each as msgpack: map keys in the contract's field order (omitempty
// fields left out when absent or empty), as_array structs as arrays, integer keys as integers,
// numbers in the smallest form their field's width allows, floats in their recorded width, ext
// types and bin from their text forms.
JsonToBytes json_to_bytes(const Contract& contract, const std::string& struct_id,
                          const std::string& text);

}  // namespace msgpack_gen::contract
