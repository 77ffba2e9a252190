// The contract file: the contract as deterministic JSON text with its fingerprint, and back.
#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "contract/contract.hpp"
#include "contract/json.hpp"

namespace msgpack_gen::contract {
namespace {

using json::quoted;

// An object written member by member at one indentation.
class ObjectWriter {
 public:
  ObjectWriter(std::string& out, int indent) : out_(out), indent_(indent) { out_ += "{"; }
  void raw(const std::string& name, const std::string& value) {
    out_ += first_ ? "\n" : ",\n";
    first_ = false;
    out_ += std::string(indent_ + 2, ' ') + quoted(name) + ": " + value;
  }
  void str(const std::string& name, const std::string& value) { raw(name, quoted(value)); }
  void flag(const std::string& name, bool value) { raw(name, value ? "true" : "false"); }
  void num(const std::string& name, std::int64_t value) { raw(name, std::to_string(value)); }
  void close() {
    if (!first_) {
      out_ += '\n';
      out_.append(static_cast<std::size_t>(indent_), ' ');
    }
    out_ += '}';
  }

 private:
  std::string& out_;
  int indent_;
  bool first_ = true;
};

template <class T, class Write>
std::string array_of(const std::vector<T>& items, int indent, Write write) {
  if (items.empty()) return "[]";
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    out.append(static_cast<std::size_t>(indent + 2), ' ');
    write(out, items[i], indent + 2);
  }
  out += '\n';
  out.append(static_cast<std::size_t>(indent), ' ');
  out += ']';
  return out;
}

void write_field(std::string& out, const FieldEntry& field, bool as_array, int indent) {
  ObjectWriter o(out, indent);
  o.str("name", field.name);
  if (as_array) {
    o.num("position", static_cast<std::int64_t>(field.position));
  } else if (field.has_int_key) {
    o.num("int_key", field.int_key);
  } else if (!field.inline_template) {
    o.str("key", field.key);
  }
  o.str("cpp_type", field.cpp_type);
  o.str("wire", field.wire);
  if (field.bits != 0) o.num("bits", field.bits);
  if (!field.element_bits.empty()) {
    std::string list;
    for (unsigned bits : field.element_bits)
      list += (list.empty() ? "" : ", ") + std::to_string(bits);
    o.raw("element_bits", "[" + list + "]");
  }
  if (!field.enum_name.empty()) {
    o.str("enum", field.enum_name);
    o.flag("as_string", field.as_string);
  }
  o.flag("nullable", field.nullable);
  o.flag("omitempty", field.omitempty);
  o.flag("required", field.required);
  if (field.is_base) o.flag("base", true);
  if (field.inline_template) o.flag("inline_template", true);
  o.close();
}

// "marshal" or "unmarshal": what a type or enum not taken both ways is used for.
const char* direction_name(unsigned directions) {
  return directions == ir::kMarshal ? "marshal" : "unmarshal";
}

// The directions a "directions" member names; both when there is none (older contracts).
unsigned directions_of(const json::Value& entry) {
  const std::string text = json::text_of(entry, "directions");
  if (text == "marshal") return ir::kMarshal;
  if (text == "unmarshal") return ir::kUnmarshal;
  return ir::kBoth;
}

std::string body_json(const Contract& contract) {
  std::string out;
  out += "  \"structs\": ";
  out += array_of(contract.structs, 2, [&](std::string& text, const StructEntry& s, int indent) {
    ObjectWriter o(text, indent);
    o.str("id", s.id);
    o.str("mode", s.as_array ? "array" : "map");
    // Only where it is true, so that other structs' entries (and fingerprints) stay as they were.
    if (s.integral_floats_as_ints) o.flag("integral_floats_as_ints", true);
    if (s.directions != ir::kBoth) o.str("directions", direction_name(s.directions));
    if (s.keeps_unknown) o.flag("keeps_unknown", true);
    o.raw("fields", array_of(s.fields, indent + 2, [&](std::string& t, const FieldEntry& f, int i) {
            write_field(t, f, s.as_array, i);
          }));
    if (s.as_array) {
      o.raw("space_format", array_of(space_format(contract, s), indent + 2,
                                     [](std::string& t, const SpaceField& f, int i) {
                                       ObjectWriter fo(t, i);
                                       fo.str("name", f.name);
                                       fo.str("type", f.type);
                                       if (f.is_nullable) fo.flag("is_nullable", true);
                                       fo.close();
                                     }));
    }
    o.close();
  });
  out += ",\n  \"enums\": ";
  out += array_of(contract.enums, 2, [](std::string& text, const EnumEntry& e, int indent) {
    ObjectWriter o(text, indent);
    o.str("name", e.name);
    o.str("underlying", e.underlying);
    o.flag("as_string", e.as_string);
    if (e.directions != ir::kBoth) o.str("directions", direction_name(e.directions));
    o.raw("enumerators",
          array_of(e.enumerators, indent + 2, [](std::string& t, const ir::Enumerator& en, int i) {
            ObjectWriter eo(t, i);
            eo.str("name", en.name);
            eo.num("value", en.value);
            eo.close();
          }));
    o.close();
  });
  out += "\n";
  return out;
}

}  // namespace

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

std::string to_json(const Contract& contract) {
  std::string body = body_json(contract);
  return fmt::format(
      "{{\n  \"format\": \"msgpack-gen contract 1\",\n  \"fingerprint\": \"{:016x}\",\n{}}}\n",
      fnv1a(body), body);
}

std::string from_json(const std::string& text, Contract& contract) {
  json::Value root;
  if (std::string error = json::parse(text, root); !error.empty()) return error;
  if (root.kind != json::Value::Object ||
      json::text_of(root, "format") != "msgpack-gen contract 1") {
    return "not a msgpack-gen contract (its \"format\" is not \"msgpack-gen contract 1\")";
  }
  contract = {};
  for (const json::Value& s : json::items_of(root, "structs")) {
    StructEntry entry;
    entry.id = json::text_of(s, "id");
    entry.as_array = json::text_of(s, "mode") == "array";
    entry.integral_floats_as_ints = json::flag_of(s, "integral_floats_as_ints");
    entry.directions = directions_of(s);
    entry.keeps_unknown = json::flag_of(s, "keeps_unknown");
    for (const json::Value& f : json::items_of(s, "fields")) {
      FieldEntry field;
      field.name = json::text_of(f, "name");
      field.key = json::text_of(f, "key");
      field.has_int_key = f.get("int_key") != nullptr;
      field.int_key = json::number_of(f, "int_key");
      field.position = static_cast<std::size_t>(json::number_of(f, "position"));
      field.cpp_type = json::text_of(f, "cpp_type");
      field.wire = json::text_of(f, "wire");
      field.bits = static_cast<unsigned>(json::number_of(f, "bits"));
      for (const json::Value& bits : json::items_of(f, "element_bits")) {
        field.element_bits.push_back(
            bits.kind == json::Value::Number ? static_cast<unsigned>(bits.number) : 0);
      }
      field.enum_name = json::text_of(f, "enum");
      field.as_string = json::flag_of(f, "as_string");
      field.nullable = json::flag_of(f, "nullable");
      field.omitempty = json::flag_of(f, "omitempty");
      field.required = json::flag_of(f, "required");
      field.is_base = json::flag_of(f, "base");
      field.inline_template = json::flag_of(f, "inline_template");
      entry.fields.push_back(std::move(field));
    }
    if (!entry.as_array) {
      for (std::size_t i = 0; i < entry.fields.size(); ++i) entry.fields[i].position = i;
    }
    contract.structs.push_back(std::move(entry));
  }
  for (const json::Value& e : json::items_of(root, "enums")) {
    EnumEntry entry;
    entry.name = json::text_of(e, "name");
    entry.underlying = json::text_of(e, "underlying");
    entry.as_string = json::flag_of(e, "as_string");
    entry.directions = directions_of(e);
    for (const json::Value& en : json::items_of(e, "enumerators")) {
      entry.enumerators.push_back({json::text_of(en, "name"), json::number_of(en, "value")});
    }
    contract.enums.push_back(std::move(entry));
  }
  return {};
}

}  // namespace msgpack_gen::contract
