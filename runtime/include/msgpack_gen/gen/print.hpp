// What --split's generated print() functions name in their declarations before
// <msgpack_gen/print.hpp> is included: the JsonWriter they take (defined there).
//
// Part of the codegen interface (namespace msgpack_gen::gen, docs/runtime.md).
#pragma once

namespace msgpack_gen {

class JsonWriter;

}  // namespace msgpack_gen
