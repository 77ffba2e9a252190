// A JSON Schema (2020-12) of the JSON view of the types, built as a json::Value tree and printed.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "contract/contract.hpp"
#include "contract/json.hpp"
#include "ir/kinds.hpp"
#include "ir/layout.hpp"

namespace msgpack_gen::contract {
namespace {

using json::make_array;
using json::make_bool;
using json::make_number;
using json::make_object;
using json::make_string;
using json::Value;

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

// A value with no parts: its JSON type from the kind table, bounds for integers, the names or
// values of an enum, the format of a time point.
Value scalar_schema(const ir::Type& type, bool as_string, bool strict_enum) {
  const char* json_type = ir::kind_info(type.kind).json_type;
  if (type.kind == ir::TypeKind::Enum) {
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
  if (std::string_view(json_type) == "integer") {
    return integer_schema(type.bits, type.is_signed || type.kind == ir::TypeKind::Duration);
  }
  Value v = typed(json_type);
  if (type.kind == ir::TypeKind::Timestamp)
    v.members.emplace_back("format", make_string("date-time"));
  return v;
}

// A str is a JSON string; a bin one in base64.
Value text_schema(std::string_view family) {
  Value v = typed("string");
  if (family == "bin") v.members.emplace_back("contentEncoding", make_string("base64"));
  return v;
}

// One schema per position, and nothing after them.
Value tuple_schema(const ir::Module& module, const ir::Type& type) {
  Value v = typed("array");
  Value items = make_array();
  for (const ir::Type& arg : type.args) items.items.push_back(schema_of(module, arg, false, false));
  v.members.emplace_back("prefixItems", items);
  v.members.emplace_back("items", make_bool(false));
  return v;
}

// Any of the schemas of `alternatives`.
Value any_of(std::vector<Value> alternatives) {
  Value v = make_object();
  Value any = make_array();
  any.items = std::move(alternatives);
  v.members.emplace_back("anyOf", any);
  return v;
}

Value schema_of(const ir::Module& module, const ir::Type& type, bool as_string, bool strict_enum) {
  const ir::KindInfo& info = ir::kind_info(type.kind);
  switch (info.shape) {
    case ir::Shape::Scalar:
      return scalar_schema(type, as_string, strict_enum);
    case ir::Shape::Text:
      return text_schema(info.family);
    case ir::Shape::Elements:
      if (std::string_view bytes = ir::byte_array_family(type); !bytes.empty()) {
        return text_schema(bytes);
      }
      return type.kind == ir::TypeKind::Tuple ? tuple_schema(module, type)
                                              : array_schema(module, type);
    case ir::Shape::Map: {
      Value v = typed("object");
      if (type.args.size() == 2) {
        v.members.emplace_back("additionalProperties",
                               schema_of(module, type.args[1], false, false));
      }
      return v;
    }
    case ir::Shape::Nullable: {
      std::vector<Value> alternatives;
      if (!type.args.empty()) {
        alternatives.push_back(schema_of(module, type.args[0], as_string, strict_enum));
      }
      alternatives.push_back(typed("null"));
      return any_of(std::move(alternatives));
    }
    case ir::Shape::Variant: {
      // As the bytes are: [index, value], the index naming the alternative.
      std::vector<Value> alternatives;
      for (std::size_t i = 0; i < type.args.size(); ++i) {
        Value index = make_object();
        index.members.emplace_back("const", make_number(static_cast<std::int64_t>(i)));
        Value items = make_array();
        items.items.push_back(index);
        items.items.push_back(schema_of(module, type.args[i], false, false));
        Value alternative = typed("array");
        alternative.members.emplace_back("prefixItems", items);
        alternative.members.emplace_back("items", make_bool(false));
        alternative.members.emplace_back("minItems", make_number(2));
        alternatives.push_back(alternative);
      }
      return any_of(std::move(alternatives));
    }
    case ir::Shape::Struct: {
      Value v = make_object();
      v.members.emplace_back("$ref", make_string("#/$defs/" + type.struct_id));
      return v;
    }
    case ir::Shape::Opaque: {
      Value v = make_object();
      v.members.emplace_back("description", make_string(type.spelling));
      return v;
    }
  }
  return make_object();
}

Value struct_schema(const ir::Module& module, const ir::Struct& s) {
  // The values in wire order (ir/layout: the emitter's and the contract's order); an inline
  // template parameter's keys are known only when compiled, so such a struct stays open.
  std::vector<const ir::Field*> fields;
  bool open = false;
  for (const ir::WireValue& value : ir::layout_of(module, s).values) {
    if (value.kind == ir::WireKind::InlineTemplate) {
      open = true;
    } else {
      fields.push_back(value.field);
    }
  }
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

}  // namespace

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
  return json::pretty(root, 0) + "\n";
}

}  // namespace msgpack_gen::contract
