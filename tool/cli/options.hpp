// The command line: `msgpack-gen -p include/dto Data1 Data2:+- [-- clang args]`. Knows nothing of
// libclang: it only reads what the user asked for.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "ir/request.hpp"

namespace msgpack_gen::cli {

// --color: clang's colours in diagnostics; auto: when stderr is a terminal.
enum class Color { Auto, Always, Never };

struct Options {
  std::vector<std::string> package_paths;  // -p, --package: folders and header files
  std::string root;                        // --root: what generated names are relative to
  std::string output_dir;                  // -o, --output; empty: beside the headers
  std::string depfile;                     // --depfile: Makefile-style dependencies
  std::string runtime_include_dir;         // --runtime-include; empty: found automatically
  std::string write_contract;              // --write-contract: the wire contract's JSON file
  std::string check_contract;              // --check-contract: the contract to compare with
  std::string json_schema;                 // --json-schema: a JSON Schema of the types
  std::string space_format;                // --space-format: print this struct's Tarantool format
  std::vector<ir::TypeRequest> types;      // Type, Type:+- (marshal), Type:-+ (unmarshal)
  // --dump FILE (or - for stdin): print the msgpack values in FILE instead of generating code.
  std::string dump;
  // --from-json FILE (or -): write the msgpack bytes of the JSON values in FILE, by a contract.
  std::string from_json;
  bool hex = false;           // --hex: --dump's FILE holds hex text, --from-json writes it
  bool pretty = false;        // --pretty: one member or element per line, indented
  bool ext_as_data = false;   // --ext-as-data: every ext value as {"ext", "data"}
  std::string contract;       // --contract FILE: read the values with this wire contract...
  std::string contract_type;  // --type T: ...as the struct T of it
  std::vector<std::string> clang_args;  // -I, -D, --std=, and everything after "--"
  bool split = false;                   // --split: definitions in X.msgpack.cpp
  bool generate = false;                // --generate: code too, with a query and no -o

  // Whether the command asks for something other than code: a space format, a JSON Schema, a
  // contract to write or check. Such a command writes code only when -o or --generate asks.
  bool is_query() const {
    return !space_format.empty() || !json_schema.empty() || !write_contract.empty() ||
           !check_contract.empty();
  }
  bool writes_code() const { return generate || !output_dir.empty() || !is_query(); }
  Color color = Color::Auto;  // --color=never|always|auto
  bool help = false;
  bool version = false;
};

// Returns an empty string on success, else the usage error to print. With --dump or
// --from-json, no package or types are needed (nothing is generated).
std::string parse(const std::vector<std::string>& args, Options& options);

void print_help(std::ostream& out);

}  // namespace msgpack_gen::cli
