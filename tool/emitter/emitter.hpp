// The emitter: IR in, C++ text out. No libclang: tests drive it with a hand-built IR.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emitter/encoding.hpp"
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
  // true (--split): the definitions of non-template codecs go into X.msgpack.cpp, compiled once;
  // X.msgpack.hpp keeps the declarations. Every header then gets both files.
  bool split = false;
};

// One file per header of the module (two with `split`), in the module's header order.
// Deterministic: the same IR and options give the same bytes.
std::vector<GeneratedFile> emit(const ir::Module& module, const EmitOptions& options);

}  // namespace msgpack_gen::emitter
