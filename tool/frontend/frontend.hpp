// The frontend: parses a package of headers with libclang and builds the IR for the requested
// types and every struct they reach. libclang stays behind this interface.
#pragma once

#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "ir/request.hpp"
#include "support/diagnostics.hpp"

namespace msgpack_gen::frontend {

struct Options {
  // What to read (-p): folders (every header in them) and header files. Generated files are
  // named relative to the package root: the folder given, or the common folder of all of them.
  std::vector<std::string> package_paths;
  std::string root;                     // empty: the common folder of package_paths
  std::vector<ir::TypeRequest> types;   // what to generate
  std::vector<std::string> clang_args;  // -I, -D, -std= and anything after "--"
  std::string runtime_include_dir;      // where <msgpack_gen/annotate.hpp> lives
  std::string resource_dir;             // clang's builtin headers; empty: libclang's default
};

struct Result {
  std::string package_root;  // absolute
  ir::Module module;
  std::vector<std::string> headers;     // the package headers, absolute, sorted
  std::vector<std::string> files_read;  // every file clang read (for depfiles), sorted
};

// The libclang in use, as it names itself: "Debian clang version 14.0.6".
std::string libclang_version();

// Returns false when anything went wrong; every problem has been reported to diagnostics.
bool parse_package(const Options& options, Diagnostics& diagnostics, Result& result);

// The package's headers (folders recursively, sorted, generated files excluded) and its root.
// Reports a missing, unreadable or empty folder, and a missing file.
// `root`: given (it must hold every path), or found.
bool list_package_headers(const std::vector<std::string>& package_paths, Diagnostics& diagnostics,
                          std::vector<std::string>& headers, std::string& root);

}  // namespace msgpack_gen::frontend
