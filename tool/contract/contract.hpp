// Wire contracts: what the requested types look like on the wire, as a deterministic JSON file
// meant to be committed (--write-contract), and the check of the current headers against such a
// file (--check-contract), which tells breaking changes from compatible ones. The rules are in
// docs/contracts.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace msgpack_gen::contract {

// One value on the wire of a struct: a field, a flattened field of an inline struct (its path is
// "meta.version"), a base entry, or a template-parameter inline resolved only at compile time.
struct FieldEntry {
  std::string name;  // the member path, e.g. "id" or "meta.version"
  std::string key;   // the string key (map mode)
  bool has_int_key = false;
  std::int64_t int_key = 0;
  std::size_t position = 0;  // index in the struct's wire order
  std::string cpp_type;      // as the user spelt it
  std::string wire;          // "int", "str", "array<int>", "struct:shop::User", "optional<int>"...
  unsigned bits = 0;         // int, uint, float (or optional of one): its width; else 0
  // The widths of the ints and floats inside the field's containers, in the order "wire" names
  // them ("map<str,array<int>>" of int16: {16}); empty for a scalar field (see bits).
  std::vector<unsigned> element_bits;
  std::string enum_name;   // an enum field (or optional of one): the enum's qualified name
  bool as_string = false;  // the enum is written as its enumerator's name
  bool nullable = false;
  bool omitempty = false;
  bool required = false;
  bool inline_template = false;  // an inline field whose struct is a template parameter
  bool is_base = false;          // a base-class subobject written as one value
  ir::SourceLocation location;   // not in the JSON: where the field is in the headers

  // How messages name the key: "\"name\"" or "#16".
  std::string key_text() const;
};

struct StructEntry {
  std::string id;
  bool as_array = false;
  // Floats holding integral values are written as integers, in this struct and every value
  // nested in it (a msgpack-c macro struct: ir::writes_msgpack_c_floats).
  bool integral_floats_as_ints = false;
  // What the program does with it (ir::kMarshal, ir::kUnmarshal or both): the check applies
  // the rules of the sides it takes (a marshal-only type cannot be hurt by what old writers send).
  // In the JSON only when not both; a contract written before directions existed has both.
  unsigned directions = ir::kBoth;
  // Entries it does not know are kept (a msgpack_gen::UnknownFields member) and written back
  // after its fields: a reader by contract meets keys (or trailing elements) it does not list.
  bool keeps_unknown = false;
  std::vector<FieldEntry> fields;  // in wire order
  ir::SourceLocation location;     // not in the JSON
};

struct EnumEntry {
  std::string name;
  std::string underlying;  // "int32", "uint8"...
  std::vector<ir::Enumerator> enumerators;
  bool as_string = false;           // some field writes it as its enumerators' names
  unsigned directions = ir::kBoth;  // those of the structs whose fields reach it, together
  ir::SourceLocation location;      // not in the JSON: the first field that reaches it
};

struct Contract {
  std::vector<StructEntry> structs;  // sorted by id
  std::vector<EnumEntry> enums;      // sorted by name
};

// The contract of every struct of the module (the requested types and what they reach) and of
// every enum their fields reach.
Contract build(const ir::Module& module);

// One field of a Tarantool space format, as box.schema.space.create(name, {format = ...}) takes it.
struct SpaceField {
  std::string name;
  std::string type;  // unsigned, integer, string, double, boolean, varbinary, map, array, uuid,
                     // decimal or any
  bool is_nullable = false;
};

// The Tarantool space format of an array-mode struct of `contract`: one entry per wire position,
// its type from the field's wire family (docs/contracts.md, "Tarantool space formats").
std::vector<SpaceField> space_format(const Contract& contract, const StructEntry& entry);

// The format as a Lua table: "{ {name = 'id', type = 'unsigned'}, ... }".
std::string space_format_lua(const std::vector<SpaceField>& format);

// The JSON text: 2-space indentation, keys in a fixed order, and a "fingerprint": the 64-bit
// FNV-1a of the body (everything but the fingerprint line), in hex. Array-mode structs also get
// their "space_format".
std::string to_json(const Contract& contract);

// A JSON Schema (2020-12) of the JSON view of the module's structs: one "$defs" entry per struct
// (map mode: an object with its keys as properties; array mode: an array with "prefixItems"), the
// document itself any one of them.
std::string json_schema(const ir::Module& module);

// Reads what to_json writes. Returns an empty string on success, else what is wrong.
std::string from_json(const std::string& text, Contract& contract);

// The 64-bit FNV-1a hash of `text`.
std::uint64_t fnv1a(const std::string& text);

// Compares `current` (from the headers) with `old` (read from `old_path`): reports each
// difference to `diagnostics` as "error: breaking: ..." or "note: compatible: ...". Returns the
// number of breaking changes.
std::size_t check(const Contract& old, const Contract& current, const std::string& old_path,
                  Diagnostics& diagnostics);

}  // namespace msgpack_gen::contract
