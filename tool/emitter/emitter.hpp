// The emitter: IR in, C++ text out. No libclang: tests drive it with a hand-built IR.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace msgpack_gen::emitter {

struct GeneratedFile {
  std::string path;  // relative to the output folder, e.g. "shop/Data.msgpack.hpp"
  std::string content;
};

struct EmitOptions {
  std::string tool_version;
  // true: each file is written beside its header and includes it by file name. false: files go
  // to another folder and include their header by its package-relative path, so the package
  // folder must be on the include path.
  bool beside_sources = true;
};

// One file per header of the module, in the module's header order. Deterministic: the same IR
// and options give the same bytes.
std::vector<GeneratedFile> emit(const ir::Module& module, const EmitOptions& options);

// The C++ string literal for raw bytes, e.g. "\xa4" "name" (split after a hex escape so that
// the next character is not read as part of it).
std::string cpp_literal(const std::string& bytes);

// The msgpack encoding of a string key: its str header and its bytes.
std::string encoded_key(const std::string& key);

// The canonical msgpack encoding of an integer key (smallest form, as the runtime writes it).
std::string encoded_int_key(std::int64_t key);

}  // namespace msgpack_gen::emitter
