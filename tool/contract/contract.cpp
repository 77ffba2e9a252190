#include "contract/contract.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <set>
#include <utility>

namespace msgpack_gen::contract {
namespace {

// ---------------------------------------------------------------------------------------------
// Building the contract from the IR

bool is_byte(const ir::Type& type) {
  return type.kind == ir::TypeKind::Int && type.bits == 8;
}

std::string family(const ir::Module& module, const ir::Type& type, bool as_string);

std::string family_of_args(const ir::Module& module, const char* name, const ir::Type& type) {
  std::string text = std::string(name) + "<";
  for (std::size_t i = 0; i < type.args.size(); ++i) {
    if (i != 0) text += ",";
    text += family(module, type.args[i], false);
  }
  return text + ">";
}

// The wire family of a value of `type`: what a reader of the other side must accept.
std::string family(const ir::Module& module, const ir::Type& type, bool as_string) {
  switch (type.kind) {
    case ir::TypeKind::Bool:
      return "bool";
    case ir::TypeKind::Int:
      return type.is_signed ? "int" : "uint";
    case ir::TypeKind::Float:
      return "float";
    case ir::TypeKind::String:
    case ir::TypeKind::StringView:
      return "str";
    case ir::TypeKind::Bytes:
      return "bin";
    case ir::TypeKind::Vector:
    case ir::TypeKind::Array:
    case ir::TypeKind::Sequence:
      return family_of_args(module, "array", type);
    case ir::TypeKind::CArray:
      // char[N] is a str and unsigned char[N] a bin, as msgpack-c writes them.
      if (!type.args.empty() && is_byte(type.args[0])) {
        return type.args[0].is_signed || type.args[0].spelling == "char" ? "str" : "bin";
      }
      return family_of_args(module, "array", type);
    case ir::TypeKind::Tuple:
      return family_of_args(module, "array", type);
    case ir::TypeKind::Map:
      return family_of_args(module, "map", type);
    case ir::TypeKind::Optional:
    case ir::TypeKind::Pointer:
      return type.args.empty() ? "optional<>"
                               : "optional<" + family(module, type.args[0], as_string) + ">";
    case ir::TypeKind::Variant:
      return family_of_args(module, "variant", type);
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
    case ir::TypeKind::Timestamp:
      return "ext:-1";
    case ir::TypeKind::Duration:
      return "int";
    case ir::TypeKind::Custom:
      return "custom:" + type.spelling;
    case ir::TypeKind::Dependent:
      return "dependent:" + type.spelling;
  }
  return "unknown";
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

void add_enums(const ir::Type& type, bool as_string, const ir::SourceLocation& where,
               std::map<std::string, EnumEntry>& enums) {
  if (type.kind == ir::TypeKind::Enum && !type.enum_name.empty()) {
    auto [it, added] = enums.try_emplace(enum_id(type.enum_name));
    EnumEntry& entry = it->second;
    if (added) {
      entry.name = enum_id(type.enum_name);
      entry.underlying = int_name(type.bits, type.is_signed);
      entry.enumerators = type.enumerators;
      entry.location = where;
    }
    entry.as_string = entry.as_string || as_string;
  }
  for (const ir::Type& arg : type.args) add_enums(arg, as_string, where, enums);
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

// The struct's values in wire order, inline structs flattened into it as the emitter flattens
// them (tool/emitter/struct_emitter.cpp: flatten).
void flatten(const ir::Module& module, const ir::Struct& s, const std::string& prefix,
             std::vector<FieldEntry>& out, std::map<std::string, EnumEntry>& enums) {
  for (const std::string& base : s.bases) {
    const ir::Struct* inner = module.find(base);
    if (inner != nullptr) flatten(module, *inner, prefix, out, enums);
  }
  for (const ir::Field& field : s.fields) {
    add_enums(field.type, field.as_string, field.location, enums);
    std::string path = field.is_base ? field.key : prefix + field.name;
    if (field.inline_fields && !field.is_base) {
      const ir::Struct* inner =
          field.type.kind == ir::TypeKind::Struct ? module.find(field.type.struct_id) : nullptr;
      if (inner != nullptr && inner->template_params.empty()) {
        flatten(module, *inner, path + ".", out, enums);
        continue;
      }
      FieldEntry entry = entry_for(module, field, path);
      entry.inline_template = true;
      entry.key.clear();
      entry.has_int_key = false;
      out.push_back(entry);
      continue;
    }
    out.push_back(entry_for(module, field, path));
  }
}

// ---------------------------------------------------------------------------------------------
// Tarantool space formats

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

// ---------------------------------------------------------------------------------------------
// Writing JSON

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

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

std::string body_json(const Contract& contract) {
  std::string out;
  out += "  \"structs\": ";
  out += array_of(contract.structs, 2, [&](std::string& text, const StructEntry& s, int indent) {
    ObjectWriter o(text, indent);
    o.str("id", s.id);
    o.str("mode", s.as_array ? "array" : "map");
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

// ---------------------------------------------------------------------------------------------
// Reading JSON: enough for what to_json writes (objects, arrays, strings, integers, booleans).

struct Value {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  std::int64_t number = 0;
  std::string string;
  std::vector<Value> items;
  std::vector<std::pair<std::string, Value>> members;

  const Value* get(const std::string& name) const {
    for (const auto& [key, value] : members) {
      if (key == name) return &value;
    }
    return nullptr;
  }
};

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  bool parse(Value& value) {
    if (!parse_value(value)) return false;
    skip_space();
    if (at_ != text_.size()) return fail("text after the end of the JSON value");
    return true;
  }
  const std::string& error() const { return error_; }

 private:
  bool fail(const std::string& what) {
    if (error_.empty()) {
      std::size_t line = 1 + std::count(text_.begin(), text_.begin() + at_, '\n');
      error_ = fmt::format("line {}: {}", line, what);
    }
    return false;
  }
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool literal(const char* word) {
    std::string w(word);
    if (text_.compare(at_, w.size(), w) != 0) return false;
    at_ += w.size();
    return true;
  }
  bool parse_string(std::string& out) {
    if (at_ >= text_.size() || text_[at_] != '"') return fail("expected a string");
    ++at_;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) break;
      char e = text_[at_++];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          if (at_ + 4 > text_.size()) return fail("bad \\u escape");
          unsigned code = std::stoul(text_.substr(at_, 4), nullptr, 16);
          at_ += 4;
          if (code >= 0x80) return fail("\\u escapes above 0x7f are not supported");
          out += static_cast<char>(code);
          break;
        }
        default:
          out += e;
      }
    }
    if (at_ >= text_.size()) return fail("unterminated string");
    ++at_;
    return true;
  }
  bool parse_value(Value& value) {
    skip_space();
    if (at_ >= text_.size()) return fail("unexpected end of the file");
    char c = text_[at_];
    if (c == '{') {
      ++at_;
      value.kind = Value::Object;
      skip_space();
      if (at_ < text_.size() && text_[at_] == '}') {
        ++at_;
        return true;
      }
      for (;;) {
        skip_space();
        std::string key;
        if (!parse_string(key)) return false;
        skip_space();
        if (at_ >= text_.size() || text_[at_] != ':') return fail("expected ':'");
        ++at_;
        Value member;
        if (!parse_value(member)) return false;
        value.members.emplace_back(std::move(key), std::move(member));
        skip_space();
        if (at_ < text_.size() && text_[at_] == ',') {
          ++at_;
          continue;
        }
        if (at_ < text_.size() && text_[at_] == '}') {
          ++at_;
          return true;
        }
        return fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      ++at_;
      value.kind = Value::Array;
      skip_space();
      if (at_ < text_.size() && text_[at_] == ']') {
        ++at_;
        return true;
      }
      for (;;) {
        Value item;
        if (!parse_value(item)) return false;
        value.items.push_back(std::move(item));
        skip_space();
        if (at_ < text_.size() && text_[at_] == ',') {
          ++at_;
          continue;
        }
        if (at_ < text_.size() && text_[at_] == ']') {
          ++at_;
          return true;
        }
        return fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      value.kind = Value::String;
      return parse_string(value.string);
    }
    if (literal("true") || literal("false")) {
      value.kind = Value::Bool;
      value.boolean = text_[at_ - 1] == 'e' && text_[at_ - 2] == 'u';
      return true;
    }
    if (literal("null")) return true;
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t start = at_++;
      while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) ++at_;
      value.kind = Value::Number;
      try {
        value.number = std::stoll(text_.substr(start, at_ - start));
      } catch (...) {
        return fail("integer out of range");
      }
      return true;
    }
    return fail(fmt::format("unexpected '{}'", c));
  }

  const std::string& text_;
  std::size_t at_ = 0;
  std::string error_;
};

std::string text_of(const Value& object, const char* name) {
  const Value* v = object.get(name);
  return v != nullptr && v->kind == Value::String ? v->string : std::string();
}
bool flag_of(const Value& object, const char* name) {
  const Value* v = object.get(name);
  return v != nullptr && v->kind == Value::Bool && v->boolean;
}
std::int64_t number_of(const Value& object, const char* name) {
  const Value* v = object.get(name);
  return v != nullptr && v->kind == Value::Number ? v->number : 0;
}
const std::vector<Value>& items_of(const Value& object, const char* name) {
  static const std::vector<Value> none;
  const Value* v = object.get(name);
  return v != nullptr && v->kind == Value::Array ? v->items : none;
}

// ---------------------------------------------------------------------------------------------
// JSON Schema (2020-12) of the JSON view of the types, built as a Value tree and printed.

std::string pretty(const Value& value, int indent) {
  switch (value.kind) {
    case Value::Null:
      return "null";
    case Value::Bool:
      return value.boolean ? "true" : "false";
    case Value::Number:
      return std::to_string(value.number);
    case Value::String:
      return quoted(value.string);
    case Value::Array: {
      if (value.items.empty()) return "[]";
      std::string out = "[";
      for (std::size_t i = 0; i < value.items.size(); ++i) {
        out += i == 0 ? "\n" : ",\n";
        out.append(static_cast<std::size_t>(indent + 2), ' ');
        out += pretty(value.items[i], indent + 2);
      }
      out += '\n';
      out.append(static_cast<std::size_t>(indent), ' ');
      out += ']';
      return out;
    }
    case Value::Object: {
      if (value.members.empty()) return "{}";
      std::string out = "{";
      for (std::size_t i = 0; i < value.members.size(); ++i) {
        out += i == 0 ? "\n" : ",\n";
        out.append(static_cast<std::size_t>(indent + 2), ' ');
        out += quoted(value.members[i].first);
        out += ": ";
        out += pretty(value.members[i].second, indent + 2);
      }
      out += '\n';
      out.append(static_cast<std::size_t>(indent), ' ');
      out += '}';
      return out;
    }
  }
  return "null";
}

Value make_string(const std::string& text) {
  Value v;
  v.kind = Value::String;
  v.string = text;
  return v;
}
Value make_number(std::int64_t n) {
  Value v;
  v.kind = Value::Number;
  v.number = n;
  return v;
}
Value make_bool(bool b) {
  Value v;
  v.kind = Value::Bool;
  v.boolean = b;
  return v;
}
Value make_object() {
  Value v;
  v.kind = Value::Object;
  return v;
}
Value make_array() {
  Value v;
  v.kind = Value::Array;
  return v;
}
Value typed(const char* type) {
  Value v = make_object();
  v.members.emplace_back("type", make_string(type));
  return v;
}

Value schema_of(const ir::Module& module, const ir::Type& type, bool as_string, bool strict_enum);

Value integer_schema(unsigned bits, bool is_signed) {
  Value v = typed("integer");
  if (bits != 0 && bits < 64) {
    std::int64_t max =
        is_signed ? (std::int64_t{1} << (bits - 1)) - 1 : (std::int64_t{1} << bits) - 1;
    std::int64_t min = is_signed ? -(std::int64_t{1} << (bits - 1)) : 0;
    v.members.emplace_back("minimum", make_number(min));
    v.members.emplace_back("maximum", make_number(max));
  } else if (!is_signed) {
    v.members.emplace_back("minimum", make_number(0));
  }
  return v;
}

Value array_schema(const ir::Module& module, const ir::Type& type) {
  Value v = typed("array");
  if (!type.args.empty())
    v.members.emplace_back("items", schema_of(module, type.args[0], false, false));
  if (type.kind == ir::TypeKind::Array || type.kind == ir::TypeKind::CArray) {
    v.members.emplace_back("minItems", make_number(static_cast<std::int64_t>(type.array_size)));
    v.members.emplace_back("maxItems", make_number(static_cast<std::int64_t>(type.array_size)));
  }
  return v;
}

Value schema_of(const ir::Module& module, const ir::Type& type, bool as_string, bool strict_enum) {
  switch (type.kind) {
    case ir::TypeKind::Bool:
      return typed("boolean");
    case ir::TypeKind::Int:
    case ir::TypeKind::Duration:
      return integer_schema(type.bits, type.is_signed || type.kind == ir::TypeKind::Duration);
    case ir::TypeKind::Float:
      return typed("number");
    case ir::TypeKind::String:
    case ir::TypeKind::StringView:
      return typed("string");
    case ir::TypeKind::Bytes: {
      Value v = typed("string");
      v.members.emplace_back("contentEncoding", make_string("base64"));
      return v;
    }
    case ir::TypeKind::CArray:
      if (!type.args.empty() && is_byte(type.args[0])) {
        bool is_str = type.args[0].is_signed || type.args[0].spelling == "char";
        Value v = typed("string");
        if (!is_str) v.members.emplace_back("contentEncoding", make_string("base64"));
        return v;
      }
      return array_schema(module, type);
    case ir::TypeKind::Vector:
    case ir::TypeKind::Array:
    case ir::TypeKind::Sequence:
      return array_schema(module, type);
    case ir::TypeKind::Tuple: {
      Value v = typed("array");
      Value items = make_array();
      for (const ir::Type& arg : type.args)
        items.items.push_back(schema_of(module, arg, false, false));
      v.members.emplace_back("prefixItems", items);
      v.members.emplace_back("items", make_bool(false));
      return v;
    }
    case ir::TypeKind::Map: {
      Value v = typed("object");
      if (type.args.size() == 2) {
        v.members.emplace_back("additionalProperties",
                               schema_of(module, type.args[1], false, false));
      }
      return v;
    }
    case ir::TypeKind::Optional:
    case ir::TypeKind::Pointer: {
      Value v = make_object();
      Value any = make_array();
      if (!type.args.empty())
        any.items.push_back(schema_of(module, type.args[0], as_string, strict_enum));
      any.items.push_back(typed("null"));
      v.members.emplace_back("anyOf", any);
      return v;
    }
    case ir::TypeKind::Variant: {
      Value v = make_object();
      Value any = make_array();
      for (const ir::Type& arg : type.args)
        any.items.push_back(schema_of(module, arg, false, false));
      v.members.emplace_back("anyOf", any);
      return v;
    }
    case ir::TypeKind::Enum: {
      Value values = make_array();
      for (const ir::Enumerator& e : type.enumerators) {
        values.items.push_back(as_string ? make_string(e.name) : make_number(e.value));
      }
      if (as_string) {
        Value v = make_object();
        v.members.emplace_back("enum", values);
        return v;
      }
      Value v = integer_schema(type.bits, type.is_signed);
      if (strict_enum && !values.items.empty()) v.members.emplace_back("enum", values);
      return v;
    }
    case ir::TypeKind::Struct: {
      Value v = make_object();
      v.members.emplace_back("$ref", make_string("#/$defs/" + type.struct_id));
      return v;
    }
    case ir::TypeKind::Timestamp: {
      Value v = typed("string");
      v.members.emplace_back("format", make_string("date-time"));
      return v;
    }
    case ir::TypeKind::Custom:
    case ir::TypeKind::Dependent: {
      Value v = make_object();
      v.members.emplace_back("description", make_string(type.spelling));
      return v;
    }
  }
  return make_object();
}

// The struct's values in wire order, inline structs flattened (the emitter's order).
void wire_fields(const ir::Module& module, const ir::Struct& s, std::vector<const ir::Field*>& out,
                 bool& open) {
  for (const std::string& base : s.bases) {
    const ir::Struct* inner = module.find(base);
    if (inner != nullptr) wire_fields(module, *inner, out, open);
  }
  for (const ir::Field& field : s.fields) {
    if (field.inline_fields && !field.is_base) {
      const ir::Struct* inner =
          field.type.kind == ir::TypeKind::Struct ? module.find(field.type.struct_id) : nullptr;
      if (inner != nullptr && inner->template_params.empty()) {
        wire_fields(module, *inner, out, open);
      } else {
        open = true;  // known only when instantiated
      }
      continue;
    }
    out.push_back(&field);
  }
}

Value struct_schema(const ir::Module& module, const ir::Struct& s) {
  std::vector<const ir::Field*> fields;
  bool open = false;
  wire_fields(module, s, fields, open);
  if (s.as_array) {
    Value v = typed("array");
    Value items = make_array();
    for (const ir::Field* f : fields) {
      items.items.push_back(schema_of(module, f->type, f->as_string, f->strict_enum));
    }
    v.members.emplace_back("prefixItems", items);
    return v;
  }
  Value v = typed("object");
  Value properties = make_object();
  Value required = make_array();
  for (const ir::Field* f : fields) {
    std::string key = f->has_int_key ? std::to_string(f->int_key) : f->key;
    properties.members.emplace_back(key, schema_of(module, f->type, f->as_string, f->strict_enum));
    if (f->required) required.items.push_back(make_string(key));
  }
  v.members.emplace_back("properties", properties);
  if (!required.items.empty()) v.members.emplace_back("required", required);
  if (s.strict && !open) v.members.emplace_back("additionalProperties", make_bool(false));
  return v;
}

// ---------------------------------------------------------------------------------------------
// Checking

class Checker {
 public:
  Checker(const std::string& old_path, Diagnostics& diagnostics)
      : old_path_(old_path), diagnostics_(diagnostics) {}

  void breaking(const ir::SourceLocation& where, const std::string& text) {
    ++breaking_;
    diagnostics_.error(where, std::string_view("breaking: " + text));
  }
  void compatible(const ir::SourceLocation& where, const std::string& text) {
    diagnostics_.note(where, std::string_view("compatible: " + text));
  }
  std::size_t breaking_count() const { return breaking_; }
  ir::SourceLocation old_file() const {
    ir::SourceLocation where;
    where.file = old_path_;
    return where;
  }

  void check_struct(const StructEntry& old, const StructEntry& now) {
    if (old.as_array != now.as_array) {
      breaking(now.location,
               fmt::format("struct '{}' changed from {} mode to {} mode: readers of one cannot "
                           "read the other",
                           now.id, old.as_array ? "array" : "map", now.as_array ? "array" : "map"));
      return;
    }
    if (now.as_array) {
      check_array(old, now);
    } else {
      check_map(old, now);
    }
  }

  void check_enum(const EnumEntry& old, const EnumEntry& now) {
    for (const ir::Enumerator& e : old.enumerators) {
      auto it = std::find_if(now.enumerators.begin(), now.enumerators.end(),
                             [&](const ir::Enumerator& n) { return n.name == e.name; });
      if (it == now.enumerators.end()) {
        breaking(now.location, fmt::format("enumerator '{}' ({}) removed from enum '{}': old "
                                           "writers may still send it, new readers reject it",
                                           e.name, e.value, now.name));
      } else if (it->value != e.value && !(old.as_string && now.as_string)) {
        breaking(now.location,
                 fmt::format("enumerator '{}' of enum '{}' changed its value from {} to {}", e.name,
                             now.name, e.value, it->value));
      }
    }
    for (const ir::Enumerator& e : now.enumerators) {
      auto it = std::find_if(old.enumerators.begin(), old.enumerators.end(),
                             [&](const ir::Enumerator& o) { return o.name == e.name; });
      if (it == old.enumerators.end()) {
        compatible(now.location,
                   fmt::format("enumerator '{}' ({}) added to enum '{}': new readers accept "
                               "everything old writers send; old readers that take only declared "
                               "enumerators reject it until they are updated",
                               e.name, e.value, now.name));
      }
    }
    if (old.underlying != now.underlying && !(old.as_string && now.as_string)) {
      // "int32" -> 32: a narrower underlying type may not hold what old writers send.
      auto bits = [](const std::string& name) {
        std::size_t digits = name.find_first_of("0123456789");
        return digits == std::string::npos ? 0 : std::stoi(name.substr(digits));
      };
      if (bits(now.underlying) < bits(old.underlying)) {
        breaking(now.location, fmt::format("enum '{}' narrowed its underlying type from {} to {}",
                                           now.name, old.underlying, now.underlying));
      } else {
        compatible(now.location, fmt::format("enum '{}' changed its underlying type from {} to {}",
                                             now.name, old.underlying, now.underlying));
      }
    }
  }

 private:
  // One field present on both sides: its value's type and flags.
  void check_value(const std::string& where_text, const FieldEntry& old, const FieldEntry& now) {
    if (!old.enum_name.empty() && !now.enum_name.empty() && old.as_string != now.as_string) {
      breaking(now.location, fmt::format("{} switched from {} to {}: the other side cannot read it",
                                         where_text, old.as_string ? "as_string" : "a number",
                                         now.as_string ? "as_string" : "a number"));
      return;
    }
    if (old.wire != now.wire) {
      std::string why = old.nullable != now.nullable
                            ? (now.nullable ? " (now nullable: new writers may send nil, which old "
                                              "readers reject)"
                                            : " (no longer nullable: old writers may send nil, "
                                              "which new readers reject)")
                            : "";
      breaking(now.location, fmt::format("{} changed its wire type from {} to {}{}", where_text,
                                         old.wire, now.wire, why));
      return;
    }
    if (old.bits != now.bits && old.bits != 0 && now.bits != 0) {
      std::string what = fmt::format("{} from {} bits to {} ({} -> {})", where_text, old.bits,
                                     now.bits, old.cpp_type, now.cpp_type);
      if (now.bits > old.bits) {
        compatible(now.location,
                   "widened " + what +
                       ": new readers take every value old writers send; new writers may send "
                       "values old readers reject, so update readers first");
      } else {
        breaking(now.location, "narrowed " + what +
                                   ": old writers may send values new readers reject or truncate");
      }
    } else if (old.cpp_type != now.cpp_type) {
      compatible(now.location, fmt::format("{} changed its C++ type from '{}' to '{}'; its wire "
                                           "type {} is the same",
                                           where_text, old.cpp_type, now.cpp_type, now.wire));
    }
    if (!old.required && now.required) {
      breaking(now.location, fmt::format("{} became required: old writers that omit it (it was "
                                         "optional) are rejected by new readers",
                                         where_text));
    } else if (old.required && !now.required) {
      compatible(now.location, fmt::format("{} is no longer required", where_text));
    }
    if (!old.omitempty && now.omitempty) {
      if (old.required) {
        breaking(now.location,
                 fmt::format("{} became omitempty but old readers require it", where_text));
      } else {
        compatible(now.location, fmt::format("{} became omitempty: readers keep their default "
                                             "when it is absent",
                                             where_text));
      }
    }
  }

  static std::string key_id(const FieldEntry& field) {
    if (field.inline_template) return "inline:" + field.name;
    if (field.has_int_key) return fmt::format("#{}", field.int_key);
    return "\"" + field.key;
  }

  void check_map(const StructEntry& old, const StructEntry& now) {
    std::map<std::string, const FieldEntry*> old_keys, new_keys;
    for (const FieldEntry& f : old.fields) old_keys[key_id(f)] = &f;
    for (const FieldEntry& f : now.fields) new_keys[key_id(f)] = &f;
    for (const FieldEntry& f : old.fields) {
      auto it = new_keys.find(key_id(f));
      if (it != new_keys.end()) {
        check_value(fmt::format("field '{}' (key {}) of '{}'", it->second->name,
                                it->second->key_text(), now.id),
                    f, *it->second);
        continue;
      }
      // Renamed: the same member under another key.
      const FieldEntry* renamed = nullptr;
      for (const FieldEntry& n : now.fields) {
        if (n.name == f.name && old_keys.count(key_id(n)) == 0) renamed = &n;
      }
      if (renamed != nullptr) {
        breaking(renamed->location,
                 fmt::format("key of field '{}' of '{}' renamed from {} to {}: each side skips "
                             "the other's key and keeps its default",
                             f.name, now.id, f.key_text(), renamed->key_text()));
        continue;
      }
      breaking(now.location,
               fmt::format("field '{}' (key {}) removed from '{}': old writers' values are lost, "
                           "and old readers no longer receive it",
                           f.name, f.key_text(), now.id));
    }
    for (const FieldEntry& n : now.fields) {
      if (old_keys.count(key_id(n)) != 0) continue;
      bool renamed = std::any_of(old.fields.begin(), old.fields.end(), [&](const FieldEntry& f) {
        return f.name == n.name && new_keys.count(key_id(f)) == 0;
      });
      if (renamed) continue;
      if (n.required) {
        breaking(n.location, fmt::format("required field '{}' (key {}) added to '{}': old "
                                         "writers do not send it, so new readers reject them",
                                         n.name, n.key_text(), now.id));
      } else {
        compatible(n.location, fmt::format("field '{}' (key {}) added to '{}': old readers skip "
                                           "it, new readers keep its default when it is absent",
                                           n.name, n.key_text(), now.id));
      }
    }
  }

  void check_array(const StructEntry& old, const StructEntry& now) {
    auto find = [](const StructEntry& s, const std::string& name) -> const FieldEntry* {
      for (const FieldEntry& f : s.fields) {
        if (f.name == name) return &f;
      }
      return nullptr;
    };
    for (const FieldEntry& f : old.fields) {
      const FieldEntry* n = find(now, f.name);
      if (n == nullptr) {
        if (f.position < now.fields.size() && find(old, now.fields[f.position].name) == nullptr) {
          const FieldEntry& other = now.fields[f.position];
          compatible(other.location,
                     fmt::format("field '{}' at position {} of '{}' renamed to '{}' (names are "
                                 "not on the wire in array mode)",
                                 f.name, f.position, now.id, other.name));
          check_value(
              fmt::format("field '{}' (position {}) of '{}'", other.name, f.position, now.id), f,
              other);
          continue;
        }
        breaking(now.location,
                 fmt::format("field '{}' (position {}) removed from array-mode '{}': the fields "
                             "after it change position",
                             f.name, f.position, now.id));
        continue;
      }
      if (n->position != f.position) {
        breaking(n->location,
                 fmt::format("field '{}' of array-mode '{}' moved from position {} to {}: the "
                             "other side reads another field there",
                             f.name, now.id, f.position, n->position));
        continue;
      }
      check_value(fmt::format("field '{}' (position {}) of '{}'", n->name, n->position, now.id), f,
                  *n);
    }
    for (const FieldEntry& n : now.fields) {
      if (find(old, n.name) != nullptr) continue;
      if (n.position < old.fields.size()) {
        if (find(now, old.fields[n.position].name) == nullptr) continue;  // a rename, above
        breaking(n.location,
                 fmt::format("field '{}' inserted at position {} of array-mode '{}': the fields "
                             "after it change position",
                             n.name, n.position, now.id));
      } else {
        compatible(n.location, fmt::format("field '{}' appended at position {} of array-mode "
                                           "'{}': old readers ignore the extra element, new "
                                           "readers keep its default when it is absent",
                                           n.name, n.position, now.id));
      }
    }
  }

  std::string old_path_;
  Diagnostics& diagnostics_;
  std::size_t breaking_ = 0;
};

}  // namespace

std::string FieldEntry::key_text() const {
  if (has_int_key) return fmt::format("#{}", int_key);
  return "\"" + key + "\"";
}

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t hash = 0xcbf29ce484222325ULL;
  for (char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ULL;
  }
  return hash;
}

Contract build(const ir::Module& module) {
  Contract contract;
  std::map<std::string, EnumEntry> enums;
  for (const ir::Struct& s : module.structs) {
    StructEntry entry;
    entry.id = s.id;
    entry.as_array = s.as_array;
    entry.location = s.location;
    flatten(module, s, "", entry.fields, enums);
    for (std::size_t i = 0; i < entry.fields.size(); ++i) entry.fields[i].position = i;
    contract.structs.push_back(std::move(entry));
  }
  std::sort(contract.structs.begin(), contract.structs.end(),
            [](const StructEntry& a, const StructEntry& b) { return a.id < b.id; });
  for (auto& [name, entry] : enums) contract.enums.push_back(std::move(entry));
  return contract;
}

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

std::string to_json(const Contract& contract) {
  std::string body = body_json(contract);
  return fmt::format(
      "{{\n  \"format\": \"msgpack-gen contract 1\",\n  \"fingerprint\": \"{:016x}\",\n{}}}\n",
      fnv1a(body), body);
}

std::string json_schema(const ir::Module& module) {
  std::vector<const ir::Struct*> structs;
  for (const ir::Struct& s : module.structs) structs.push_back(&s);
  std::sort(structs.begin(), structs.end(),
            [](const ir::Struct* a, const ir::Struct* b) { return a->id < b->id; });
  Value root = make_object();
  root.members.emplace_back("$schema", make_string("https://json-schema.org/draft/2020-12/schema"));
  root.members.emplace_back("title", make_string("msgpack-gen types"));
  Value defs = make_object();
  Value any = make_array();
  for (const ir::Struct* s : structs) {
    defs.members.emplace_back(s->id, struct_schema(module, *s));
    Value ref = make_object();
    ref.members.emplace_back("$ref", make_string("#/$defs/" + s->id));
    any.items.push_back(ref);
  }
  root.members.emplace_back("anyOf", any);
  root.members.emplace_back("$defs", defs);
  return pretty(root, 0) + "\n";
}

std::string from_json(const std::string& text, Contract& contract) {
  Value root;
  Parser parser(text);
  if (!parser.parse(root)) return parser.error();
  if (root.kind != Value::Object || text_of(root, "format") != "msgpack-gen contract 1") {
    return "not a msgpack-gen contract (its \"format\" is not \"msgpack-gen contract 1\")";
  }
  contract = {};
  for (const Value& s : items_of(root, "structs")) {
    StructEntry entry;
    entry.id = text_of(s, "id");
    entry.as_array = text_of(s, "mode") == "array";
    for (const Value& f : items_of(s, "fields")) {
      FieldEntry field;
      field.name = text_of(f, "name");
      field.key = text_of(f, "key");
      field.has_int_key = f.get("int_key") != nullptr;
      field.int_key = number_of(f, "int_key");
      field.position = static_cast<std::size_t>(number_of(f, "position"));
      field.cpp_type = text_of(f, "cpp_type");
      field.wire = text_of(f, "wire");
      field.bits = static_cast<unsigned>(number_of(f, "bits"));
      field.enum_name = text_of(f, "enum");
      field.as_string = flag_of(f, "as_string");
      field.nullable = flag_of(f, "nullable");
      field.omitempty = flag_of(f, "omitempty");
      field.required = flag_of(f, "required");
      field.is_base = flag_of(f, "base");
      field.inline_template = flag_of(f, "inline_template");
      entry.fields.push_back(std::move(field));
    }
    if (!entry.as_array) {
      for (std::size_t i = 0; i < entry.fields.size(); ++i) entry.fields[i].position = i;
    }
    contract.structs.push_back(std::move(entry));
  }
  for (const Value& e : items_of(root, "enums")) {
    EnumEntry entry;
    entry.name = text_of(e, "name");
    entry.underlying = text_of(e, "underlying");
    entry.as_string = flag_of(e, "as_string");
    for (const Value& en : items_of(e, "enumerators")) {
      entry.enumerators.push_back({text_of(en, "name"), number_of(en, "value")});
    }
    contract.enums.push_back(std::move(entry));
  }
  return {};
}

std::size_t check(const Contract& old, const Contract& current, const std::string& old_path,
                  Diagnostics& diagnostics) {
  Checker checker(old_path, diagnostics);
  for (const StructEntry& o : old.structs) {
    auto it = std::find_if(current.structs.begin(), current.structs.end(),
                           [&](const StructEntry& s) { return s.id == o.id; });
    if (it == current.structs.end()) {
      checker.breaking(checker.old_file(),
                       fmt::format("struct '{}' is in the contract but no longer among the "
                                   "generated types",
                                   o.id));
      continue;
    }
    checker.check_struct(o, *it);
  }
  for (const StructEntry& s : current.structs) {
    bool known = std::any_of(old.structs.begin(), old.structs.end(),
                             [&](const StructEntry& o) { return o.id == s.id; });
    if (!known) {
      checker.compatible(s.location, fmt::format("struct '{}' added to the contract", s.id));
    }
  }
  for (const EnumEntry& o : old.enums) {
    auto it = std::find_if(current.enums.begin(), current.enums.end(),
                           [&](const EnumEntry& e) { return e.name == o.name; });
    if (it != current.enums.end()) checker.check_enum(o, *it);
  }
  return checker.breaking_count();
}

}  // namespace msgpack_gen::contract
