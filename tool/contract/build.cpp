// The contract from the IR: each struct's values in wire order with their wire families, and
// the enums they reach.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "contract/contract.hpp"
#include "ir/kinds.hpp"
#include "ir/layout.hpp"

namespace msgpack_gen::contract {
namespace {

std::string family(const ir::Module& module, const ir::Type& type, bool as_string);

std::string family_of_args(const ir::Module& module, const char* name, const ir::Type& type) {
  std::string text = std::string(name) + "<";
  for (std::size_t i = 0; i < type.args.size(); ++i) {
    if (i != 0) text += ",";
    text += family(module, type.args[i], false);
  }
  return text + ">";
}

// The wire family of a value of `type`: what a reader of the other side must accept. The kind
// fixes it (ir/kinds.hpp), with its args' families for the kinds that hold values, except where
// the type decides.
std::string family(const ir::Module& module, const ir::Type& type, bool as_string) {
  const ir::KindInfo& kind = ir::kind_info(type.kind);
  if (std::string_view bytes = ir::byte_array_family(type); !bytes.empty()) {
    return std::string(bytes);
  }
  switch (type.kind) {
    case ir::TypeKind::Int:
      return type.is_signed ? "int" : "uint";
    case ir::TypeKind::Enum:
      if (as_string) return "str";
      return type.is_signed ? "int" : "uint";
    case ir::TypeKind::Struct: {
      // A class template's instances share its entry: the arguments, as spelt, tell them apart.
      const ir::Struct* s = module.find(type.struct_id);
      std::size_t open = type.spelling.find('<');
      if (s != nullptr && !s->template_params.empty() && open != std::string::npos) {
        return "struct:" + type.struct_id + type.spelling.substr(open);
      }
      return "struct:" + type.struct_id;
    }
    case ir::TypeKind::Custom:
      return "custom:" + type.spelling;
    case ir::TypeKind::Dependent:
      return "dependent:" + type.spelling;
    default:
      break;
  }
  if (kind.shape == ir::Shape::Nullable) {  // an enum inside keeps its field's as_string
    return type.args.empty() ? "optional<>"
                             : "optional<" + family(module, type.args[0], as_string) + ">";
  }
  if (ir::holds_values(type)) return family_of_args(module, kind.family, type);
  return kind.family;
}

// The scalar a field holds, through one optional: where its width and enum are.
const ir::Type& scalar_of(const ir::Type& type) {
  if ((type.kind == ir::TypeKind::Optional || type.kind == ir::TypeKind::Pointer) &&
      !type.args.empty()) {
    return type.args[0];
  }
  return type;
}

// "::shop::Status" -> "shop::Status", as struct ids are spelt.
std::string enum_id(const std::string& name) {
  return name.rfind("::", 0) == 0 ? name.substr(2) : name;
}

std::string int_name(unsigned bits, bool is_signed) {
  return fmt::format("{}{}", is_signed ? "int" : "uint", bits);
}

void add_enums(const ir::Type& type, bool as_string, unsigned directions,
               const ir::SourceLocation& where, std::map<std::string, EnumEntry>& enums) {
  if (type.kind == ir::TypeKind::Enum && !type.enum_name.empty()) {
    auto [it, added] = enums.try_emplace(enum_id(type.enum_name));
    EnumEntry& entry = it->second;
    if (added) {
      entry.name = enum_id(type.enum_name);
      entry.underlying = int_name(type.bits, type.is_signed);
      entry.enumerators = type.enumerators;
      entry.location = where;
      entry.directions = 0;
    }
    entry.as_string = entry.as_string || as_string;
    entry.directions |= directions;
  }
  for (const ir::Type& arg : type.args) add_enums(arg, as_string, directions, where, enums);
}

// The widths of the ints and floats inside `type`'s containers, in the order family() spells
// them. Not through structs (their fields are their own entries), custom types or a str/bin.
void add_element_bits(const ir::Type& type, std::vector<unsigned>& out) {
  if (!ir::holds_values(type)) return;
  for (const ir::Type& arg : type.args) {
    if (arg.kind == ir::TypeKind::Int || arg.kind == ir::TypeKind::Float) {
      out.push_back(arg.bits);
    } else {
      add_element_bits(arg, out);
    }
  }
}

FieldEntry entry_for(const ir::Module& module, const ir::Field& field, const std::string& path) {
  FieldEntry entry;
  entry.name = path;
  entry.key = field.has_int_key ? std::string() : field.key;
  entry.has_int_key = field.has_int_key;
  entry.int_key = field.int_key;
  entry.cpp_type = field.type.spelling;
  entry.wire = family(module, field.type, field.as_string);
  const ir::Type& scalar = scalar_of(field.type);
  if (scalar.kind == ir::TypeKind::Int || scalar.kind == ir::TypeKind::Float ||
      (scalar.kind == ir::TypeKind::Enum && !field.as_string)) {
    entry.bits = scalar.bits;
  } else {
    add_element_bits(field.type, entry.element_bits);
  }
  if (scalar.kind == ir::TypeKind::Enum) {
    entry.enum_name = enum_id(scalar.enum_name);
    entry.as_string = field.as_string;
  }
  entry.nullable =
      field.type.kind == ir::TypeKind::Optional || field.type.kind == ir::TypeKind::Pointer;
  entry.omitempty = field.omit_empty;
  entry.required = field.required;
  entry.is_base = field.is_base;
  entry.location = field.location;
  return entry;
}

// The struct's values in wire order: its layout (ir/layout.hpp), which the emitter writes.
std::vector<FieldEntry> entries_for(const ir::Module& module, const ir::Struct& s,
                                    std::map<std::string, EnumEntry>& enums) {
  std::vector<FieldEntry> out;
  for (const ir::WireValue& value : ir::layout_of(module, s).values) {
    const ir::Field& field = *value.field;
    add_enums(field.type, field.as_string, s.directions, field.location, enums);
    FieldEntry entry = entry_for(module, field, value.path);
    entry.position = value.position;
    if (value.kind == ir::WireKind::InlineTemplate) {
      entry.inline_template = true;
      entry.key.clear();
      entry.has_int_key = false;
    }
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace

std::string FieldEntry::key_text() const {
  if (has_int_key) return fmt::format("#{}", int_key);
  return "\"" + key + "\"";
}

Contract build(const ir::Module& module) {
  Contract contract;
  std::map<std::string, EnumEntry> enums;
  for (const ir::Struct& s : module.structs) {
    StructEntry entry;
    entry.id = s.id;
    entry.as_array = s.as_array;
    entry.integral_floats_as_ints = ir::writes_msgpack_c_floats(s);
    entry.directions = s.directions;
    entry.keeps_unknown = ir::unknown_fields_owner(module, s) != nullptr;
    entry.location = s.location;
    entry.fields = entries_for(module, s, enums);
    contract.structs.push_back(std::move(entry));
  }
  std::sort(contract.structs.begin(), contract.structs.end(),
            [](const StructEntry& a, const StructEntry& b) { return a.id < b.id; });
  for (auto& [name, entry] : enums) contract.enums.push_back(std::move(entry));
  return contract;
}

}  // namespace msgpack_gen::contract
