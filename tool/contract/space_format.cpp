// Tarantool space formats of array-mode structs (box.schema.space.create's `format`).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "contract/contract.hpp"

namespace msgpack_gen::contract {
namespace {

// The Tarantool field type of a value of wire family `wire` (as family() spells it).
std::string tarantool_type(const Contract& contract, const std::string& wire) {
  if (wire.rfind("optional<", 0) == 0 && wire.back() == '>') {
    return tarantool_type(contract, wire.substr(9, wire.size() - 10));
  }
  if (wire == "uint") return "unsigned";
  if (wire == "int") return "integer";
  if (wire == "float") return "double";
  if (wire == "bool") return "boolean";
  if (wire == "str") return "string";
  if (wire == "bin") return "varbinary";
  if (wire.rfind("array<", 0) == 0) return "array";
  if (wire.rfind("map<", 0) == 0) return "map";
  if (wire.rfind("struct:", 0) == 0) {
    std::string id = wire.substr(7);
    std::size_t open = id.find('<');
    auto it = std::find_if(contract.structs.begin(), contract.structs.end(),
                           [&](const StructEntry& s) { return s.id == id; });
    if (it == contract.structs.end() && open != std::string::npos) {
      id.resize(open);  // a class template instance: its template's entry
      it = std::find_if(contract.structs.begin(), contract.structs.end(),
                        [&](const StructEntry& s) { return s.id == id; });
    }
    if (it == contract.structs.end()) return "any";
    return it->as_array ? "array" : "map";
  }
  if (wire.rfind("custom:", 0) == 0) {
    // The runtime's MP_EXT types (msgpack_gen/ext/), spelt qualified or through a using.
    std::string name = wire.substr(7);
    if (name.rfind("::", 0) == 0) name = name.substr(2);
    if (name == "msgpack_gen::Uuid" || name == "Uuid") return "uuid";
    if (name == "msgpack_gen::Decimal" || name == "Decimal") return "decimal";
  }
  // Timestamps and datetimes (Tarantool 2.6 has no datetime type), variants, other custom types.
  return "any";
}

}  // namespace

std::vector<SpaceField> space_format(const Contract& contract, const StructEntry& entry) {
  std::vector<SpaceField> format;
  for (const FieldEntry& field : entry.fields) {
    SpaceField f;
    // Tarantool field names are identifiers: a flattened "meta.version" becomes "meta_version".
    f.name = field.name;
    std::replace(f.name.begin(), f.name.end(), '.', '_');
    f.type = tarantool_type(contract, field.wire);
    f.is_nullable = field.nullable;
    format.push_back(std::move(f));
  }
  return format;
}

std::string space_format_lua(const std::vector<SpaceField>& format) {
  std::string out = "{";
  for (std::size_t i = 0; i < format.size(); ++i) {
    out += fmt::format("{}{{name = '{}', type = '{}'{}}}", i == 0 ? " " : ", ", format[i].name,
                       format[i].type, format[i].is_nullable ? ", is_nullable = true" : "");
  }
  return out + (format.empty() ? "}" : " }");
}

}  // namespace msgpack_gen::contract
