#include "ir/validate.hpp"

#include "ir/kinds.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

namespace msgpack_gen::ir {
namespace {

class Validator {
 public:
  Validator(const Module& module, std::vector<Finding>& out) : module_(module), out_(out) {}

  template <typename... Args>
  Finding& error(const SourceLocation& where, fmt::format_string<Args...> text, Args&&... args) {
    out_.push_back(Finding{where, fmt::format(text, std::forward<Args>(args)...), {}});
    return out_.back();
  }

  void check_tags(const Struct& s);
  void check_array_mode(const Struct& s);
  void check_alter_field_count(const Struct& s);
  void check_read_only_fields(const Struct& s);
  void check_nested_nullables(const Struct& s);
  void check_unknown_fields(const Struct& s);
  void collect_keys(const Struct& s, std::map<std::string, const Field*>& keys,
                    std::vector<const Struct*>& inline_stack);

 private:
  const Module& module_;
  std::vector<Finding>& out_;
};

void Validator::check_tags(const Struct& s) {
  for (const Field& field : s.fields) {
    if (field.strict_enum && field.type.kind != TypeKind::Enum) {
      error(field.location,
            "field '{}': strict needs an enum (it accepts only declared enumerators), but its "
            "type is '{}'",
            field.name, field.type.spelling);
    }
    if (field.strict_enum && field.type.enumerators.empty()) {
      error(field.location, "field '{}': strict needs an enum with enumerators", field.name);
    }
    if (field.limit != 0 && !has_length(field.type)) {
      error(field.location,
            "field '{}': limit bounds strings, byte strings and containers, but its type is '{}'",
            field.name, field.type.spelling);
    }
    if (field.as_string && field.type.kind != TypeKind::Enum) {
      error(field.location, "field '{}': as_string needs an enum, but its type is '{}'", field.name,
            field.type.spelling);
    }
    if (field.as_string && field.type.enumerators.empty()) {
      error(field.location, "field '{}': as_string needs an enum with enumerators", field.name);
    }
  }
}

// Options that have no meaning when positions, not keys, identify the fields.
void Validator::check_array_mode(const Struct& s) {
  for (const Field& field : s.fields) {
    // Each key-only option the field has, and why a position gives it no meaning.
    const std::pair<bool, const char*> options[] = {
        {field.required,
         "required has no meaning in as_array struct {} (a shorter array keeps "
         "the trailing fields)"},
        {field.inline_fields, "inline cannot be used in as_array struct {}"},
        {field.omit_empty,
         "omitempty cannot be used in as_array struct {} (positions must not shift)"},
    };
    for (const auto& [used, problem] : options) {
      if (used)
        error(field.location, "field '{}': {}", field.name,
              fmt::format(fmt::runtime(problem), s.id));
    }
  }
  if (s.strict) {
    error(s.location, "struct {}: strict applies to map keys, but it is as_array", s.id);
  }
  if (s.has_alter_field_count) {
    error(s.location, "struct {}: alterFieldCount needs a map-mode struct, but it is as_array",
          s.id);
  }
}

// Every key of a map-mode struct, its inline structs' and bases' included, is used once.
void Validator::collect_keys(const Struct& s, std::map<std::string, const Field*>& keys,
                             std::vector<const Struct*>& inline_stack) {
  inline_stack.push_back(&s);
  for (const std::string& base : s.bases) {
    if (const Struct* inner = module_.find(base)) collect_keys(*inner, keys, inline_stack);
  }
  for (const Field& field : s.fields) {
    if (field.inline_fields && field.type.kind == TypeKind::Dependent) {
      continue;  // a template parameter: its keys are known only when it is instantiated
    }
    if (field.inline_fields) {
      const Struct* inner =
          field.type.kind == TypeKind::Struct ? module_.find(field.type.struct_id) : nullptr;
      if (inner == nullptr) {
        error(field.location, "field '{}' is tagged inline but its type '{}' is not a struct",
              field.name, field.type.spelling);
        continue;
      }
      if (std::find(inline_stack.begin(), inline_stack.end(), inner) != inline_stack.end()) {
        error(field.location, "field '{}' inlines {} into itself", field.name, inner->id);
        continue;
      }
      if (inner->as_array) {
        error(field.location,
              "field '{}' inlines {}, which is as_array; only map-mode structs can be inlined",
              field.name, inner->id);
        continue;
      }
      if (!inner->template_params.empty()) continue;  // checked when instantiated
      collect_keys(*inner, keys, inline_stack);
      continue;
    }
    // Integer keys compare by value: "#16" and "#0x10" are one key.
    std::string key = field.key_text();
    auto [it, inserted] = keys.emplace(key, &field);
    if (!inserted) {
      error(field.location, "key \"{}\" of field '{}' is already used by field '{}'", key,
            field.name, it->second->name)
          .notes.push_back({it->second->location, "first used here"});
    }
  }
  inline_stack.pop_back();
}

// alterFieldCount() widens the map header for pairs the caller appends after marshal(); nobody
// appends them to a struct inside another value, so its header would count pairs that never
// come (and inlining would drop the hook).
void Validator::check_alter_field_count(const Struct& s) {
  if (!(s.directions & kMarshal)) return;
  for (const Field& field : s.fields) {
    std::vector<const Type*> pending{&field.type};
    while (!pending.empty()) {
      const Type* type = pending.back();
      pending.pop_back();
      for (const Type& arg : type->args) pending.push_back(&arg);
      if (type->kind != TypeKind::Struct) continue;
      const Struct* inner = module_.find(type->struct_id);
      if (inner == nullptr || !inner->has_alter_field_count) continue;
      error(field.location,
            "field '{0}' of {1} holds {2}, whose alterFieldCount() counts pairs the caller "
            "appends after marshalling it; inside another value nobody appends them, so its map "
            "header would be wrong{3}; marshal {2} only at the top level, or move the hook to "
            "the outer struct",
            field.name, s.id, inner->id,
            field.inline_fields ? " (and inlining drops the hook)" : "");
      break;
    }
  }
}

// A reference or const member, or a std::span that owns nothing to decode into, can be written
// but not decoded into: fine for a type generated without an unmarshaler, an error for one that
// gets an unmarshaler.
void Validator::check_read_only_fields(const Struct& s) {
  if (!(s.directions & kUnmarshal)) return;
  for (const Field& field : s.fields) {
    const std::string why =
        field.read_only.empty() ? undecodable_view(field.type) : field.read_only;
    if (why.empty()) continue;
    error(field.location,
          "field '{}' of {} is {}, which the decoder cannot assign to, and {} is generated with "
          "an unmarshaler (it is requested for decoding, or a type that is holds it); generate "
          "it marshal-only ('{}:+-'), or hold the value",
          field.name, s.id, why, s.id, s.id);
  }
}

// Types written as nil when they hold nothing: an optional, a smart pointer, monostate.
bool is_nullable(const Type& t) {
  return t.kind == TypeKind::Optional || t.kind == TypeKind::Pointer || t.kind == TypeKind::Nil;
}

// The first optional or pointer in t (t itself, or an element, key, value or alternative at any
// depth) that directly holds another nullable type, or nullptr.
const Type* nested_nullable(const Type& t) {
  if ((t.kind == TypeKind::Optional || t.kind == TypeKind::Pointer) && !t.args.empty() &&
      is_nullable(t.args[0])) {
    return &t;
  }
  for (const Type& arg : t.args) {
    if (const Type* found = nested_nullable(arg)) return found;
  }
  return nullptr;
}

// std::optional<std::optional<int>>: an engaged outer value holding an empty inner one is written
// as nil, which reads back as an empty outer value, so one level of the value is lost. Refused,
// not written as bytes that cannot say what the program held.
void Validator::check_nested_nullables(const Struct& s) {
  for (const Field& field : s.fields) {
    const Type* found = nested_nullable(field.type);
    if (found == nullptr) continue;
    error(field.location,
          "field '{}': '{}' holds a value that is nil when empty ('{}') in another: both empty "
          "levels are written as nil, so a present outer value with an empty inner one would "
          "read back as an empty outer value; keep one level, or tell the levels apart with a "
          "struct or a std::variant",
          field.name, found->spelling, found->args[0].spelling);
  }
}

// A msgpack_gen::UnknownFields member: no options, not with strict, assignable when decoded into,
// and not in a struct inlined into another.
void Validator::check_unknown_fields(const Struct& s) {
  if (const std::optional<Field>& member = s.unknown_fields) {
    const Field& f = *member;
    if (f.omit_empty || f.required || f.inline_fields || f.as_string || f.strict_enum || f.redact ||
        f.limit != 0 || f.has_int_key || f.key != f.name) {
      error(f.location,
            "field '{}' keeps the unknown fields of {} and takes no tag options: it has no key "
            "and no value of its own",
            f.name, s.id);
    }
    if (s.strict) {
      error(f.location,
            "struct {} is strict, so an unknown key is an error, yet '{}' keeps unknown fields; "
            "drop one of the two",
            s.id, f.name);
    }
    if (!f.read_only.empty() && (s.directions & kUnmarshal)) {
      error(f.location,
            "field '{}' of {} is {}, so the decoder cannot keep unknown fields in it; make it "
            "a plain member, or generate {} marshal-only ('{}:+-')",
            f.name, s.id, f.read_only, s.id, s.id);
    }
  }
  // Inlined, a struct's keys are the outer struct's: the outer map's unknown keys are the
  // outer struct's to keep, and the inner member would stay empty.
  for (const Field& field : s.fields) {
    if (!field.inline_fields || field.type.kind != TypeKind::Struct) continue;
    const Struct* inner = module_.find(field.type.struct_id);
    if (inner == nullptr || !inner->unknown_fields) continue;
    error(field.location,
          "field '{}' inlines {}, which keeps unknown fields in '{}'; inlined, its keys are in "
          "the map of {}, whose unknown keys only {} can keep: move the UnknownFields member "
          "to {}",
          field.name, inner->id, inner->unknown_fields->name, s.id, s.id, s.id)
        .notes.push_back({inner->unknown_fields->location, "the member is declared here"});
  }
}

}  // namespace

std::vector<Finding> validate_struct(const Module& module, const Struct& s) {
  std::vector<Finding> findings;
  Validator validator(module, findings);
  validator.check_tags(s);
  if (s.as_array) {
    validator.check_array_mode(s);
  } else {
    std::map<std::string, const Field*> keys;
    std::vector<const Struct*> stack;
    validator.collect_keys(s, keys, stack);
  }
  validator.check_alter_field_count(s);
  validator.check_read_only_fields(s);
  validator.check_nested_nullables(s);
  validator.check_unknown_fields(s);
  return findings;
}

}  // namespace msgpack_gen::ir
