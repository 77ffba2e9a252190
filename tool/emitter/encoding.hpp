// msgpack bytes the generator writes into generated code as constants, and how it spells them.
#pragma once

#include <cstdint>
#include <string>

namespace msgpack_gen::emitter {

// The C++ string literal for raw bytes, e.g. "\xa4" "name" (split after a hex escape so that
// the next character is not read as part of it).
std::string cpp_literal(const std::string& bytes);

// The msgpack encoding of a string key: its str header and its bytes.
std::string encoded_key(const std::string& key);

// The canonical msgpack encoding of an integer key (smallest form, as the runtime writes it).
std::string encoded_int_key(std::int64_t key);

// Canonical map and array headers for n entries.
std::string map_header_bytes(std::uint32_t n);
std::string array_header_bytes(std::uint32_t n);

}  // namespace msgpack_gen::emitter
