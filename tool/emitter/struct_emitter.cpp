#include "emitter/struct_emitter.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "emitter/encoding.hpp"
#include "emitter/templates.hpp"
#include "ir/kinds.hpp"
#include "ir/layout.hpp"

namespace msgpack_gen::emitter {
namespace {

// A field as it appears on the wire. Fields of inlined concrete structs (and of bases) are
// flattened into their parent's list; a struct known only when a template is instantiated is
// one `inlined` entry that delegates to its codec at compile time.
struct WireField {
  std::string path;         // member names from `value`, e.g. "meta.version": names constants
  std::string member;       // the expression that reaches it, e.g. "value.meta.version"
  std::string encode_expr;  // the value to write, when not `member` (a base entry)
  std::string decode_expr;
  const ir::Field* field = nullptr;
  bool inlined = false;  // delegate to codec_expr's encode_fields/decode_field
  std::string codec_expr;
  std::string constant;  // name of the pre-encoded key constant
  std::string comment;
  std::string index;  // the value decode_field returns for it (an expression for inlined)
};

// How generated code names the struct: its qualified name, or an unnamed struct through the
// member that holds it.
std::string type_name(const ir::Struct& s) {
  return s.unnamed_member.empty() ? s.cpp_name : "decltype(" + s.unnamed_member + ")";
}

std::string describe(const ir::Field& field, const std::string& path) {
  std::string text = path;
  if (field.has_int_key || field.key != field.name) {
    text += fmt::format(" as \"{}\"", field.key_text());
  }
  text += fmt::format(": {}", field.type.spelling);
  return text;
}

// How generated code reaches a member of `object`: directly, or through the member pointer a
// private member's tag hands out (msgpack_gen/gen/access.hpp).
std::string member_of(const ir::Module& module, const std::string& object, const ir::Field& field) {
  if (!field.is_private) return fmt::format("{}.{}", object, field.name);
  return fmt::format("({}.*member_pointer(gen::members::{}{{}}))", object,
                     private_member_tag(module, field));
}

// The msgpack_gen::UnknownFields member that keeps what `s` does not know (its own, or a
// flattened base's), as generated code reaches it; empty when there is none.
std::string unknown_member(const ir::Module& module, const ir::Struct& s) {
  const ir::Struct* owner = ir::unknown_fields_owner(module, s);
  return owner == nullptr ? "" : member_of(module, "value", *owner->unknown_fields);
}

// The struct's wire layout (ir/layout.hpp) with the expressions generated code uses for each
// value.
std::vector<WireField> wire_fields(const ir::Module& module, const ir::Struct& s) {
  std::vector<WireField> out;
  for (const ir::WireValue& value : ir::layout_of(module, s).values) {
    const ir::Field& field = *value.field;
    WireField wire;
    wire.path = value.path;
    wire.field = &field;
    std::string object = "value";
    for (const ir::Field* member : value.members) object = member_of(module, object, *member);
    if (value.kind == ir::WireKind::BaseObject) {
      // The base-class subobject is one value of its own.
      wire.encode_expr = fmt::format("static_cast<const {}&>({})", field.type.spelling, object);
      wire.decode_expr = fmt::format("static_cast<{}&>({})", field.type.spelling, object);
      wire.comment = "base " + (field.type.kind == ir::TypeKind::Struct ? field.type.struct_id
                                                                        : field.type.spelling);
      out.push_back(wire);
      continue;
    }
    wire.member = object;
    wire.comment = describe(field, value.path);
    if (value.kind == ir::WireKind::InlineTemplate) {
      wire.inlined = true;
      wire.codec_expr = field.is_private
                            ? fmt::format("codec<{}>", field.private_access.member_type)
                            : fmt::format("codec<decltype({}::{})>", type_name(s), value.path);
    }
    out.push_back(wire);
  }
  return out;
}

// "meta.user_id" -> "kMetaUserId"
// Anything but letters and digits separates words: "ns::Keyed<std::uint64_t>" (a base as
// msgpack-c's MSGPACK_BASE_MAP names it) -> "kNsKeyedStdUint64T".
std::string constant_name(const std::string& path) {
  std::string name = "k";
  bool upper = true;
  for (char c : path) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return name;
}

// Gives each field its constant name and the index decode_field reports for it.
void number_fields(std::vector<WireField>& fields, std::string& field_count) {
  std::set<std::string> used;
  std::size_t own = 0;
  for (WireField& wire : fields) {
    if (wire.inlined) continue;
    std::string name = constant_name(wire.path);
    std::string unique = name;
    for (int n = 2; used.count(unique) != 0; ++n) unique = name + std::to_string(n);
    used.insert(unique);
    wire.constant = unique;
    wire.index = std::to_string(own++);
  }
  field_count = std::to_string(own);
  for (WireField& wire : fields) {
    if (!wire.inlined) continue;
    wire.index = field_count;
    field_count += fmt::format(" + {}::kFieldCount", wire.codec_expr);
  }
}

bool is_template(const ir::Struct& s) {
  return !s.template_params.empty();
}

std::string template_header(const ir::Struct& s) {
  if (!is_template(s)) return "template <>";
  std::string text = "template <";
  for (std::size_t i = 0; i < s.template_params.size(); ++i) {
    text += (i ? ", " : "") + s.template_params[i].declared;
  }
  return text + ">";
}

// What stands before each member definition: `inline` in a header, nothing in a source file,
// and a class template's header before either.
std::string definition_prefix(const ir::Struct& s, bool in_header) {
  if (is_template(s)) return template_header(s) + "\ninline ";
  return in_header ? "inline " : "";
}

std::string write_call(const WireField& wire) {
  std::string target = wire.encode_expr.empty() ? wire.member : wire.encode_expr;
  return fmt::format("{}(out, {})", wire.field->as_string ? "write_enum_name" : "write_value",
                     target);
}
std::string read_call(const WireField& wire) {
  std::string target = wire.decode_expr.empty() ? wire.member : wire.decode_expr;
  const ir::Field& f = *wire.field;
  if (f.as_string) {
    return fmt::format("read_enum_name(in, {}{})", target,
                       f.strict_enum ? ", /*known_only=*/true" : "");
  }
  if (f.strict_enum) return fmt::format("read_known_enum(in, {})", target);
  if (f.limit != 0) return fmt::format("read_value_limited(in, {}, {})", f.limit, target);
  return fmt::format("read_value(in, {})", target);
}

// Fields whose encoded size has a cheap bound (runtime's gen::encode::max_size): a run of them is
// written with one capacity check.
bool is_bounded(const WireField& wire) {
  if (wire.inlined || !wire.encode_expr.empty() || wire.field->as_string) return false;
  return ir::kind_info(wire.field->type.kind).cheap_bound;
}

// A float of a struct laid out by a msgpack-c macro is written in msgpack-c's form, an integral
// value as that integer: gen::encode::put_as_msgpack_c() in a run, the Writer elsewhere.
bool is_msgpack_c_float(const ir::Struct& s, const WireField& wire) {
  return s.from_msgpack_c && wire.field->type.kind == ir::TypeKind::Float;
}

// One capacity check for the whole run, then unchecked writes. `indexes` numbers the fields
// for array-mode comments; map mode writes each key before its value.
std::string emit_bounded_run(const std::string& snippet_file, const ir::Struct& s,
                             const std::vector<const WireField*>& run, std::size_t first_index,
                             bool with_keys, bool with_prefix = false) {
  std::vector<std::string> terms;  // the run's size bound, one term per line
  std::string names, puts;
  if (with_prefix) {
    terms.push_back("prefix.size()");
    puts = snippet(snippet_file + ".prefix_put");
  }
  for (std::size_t i = 0; i < run.size(); ++i) {
    const WireField& wire = *run[i];
    const bool msgpack_c_float = is_msgpack_c_float(s, wire);
    const std::string max_size = msgpack_c_float ? "max_size_as_msgpack_c" : "max_size";
    names += (i ? ", " : "") + wire.path;
    terms.push_back(with_keys ? fmt::format("sizeof {} - 1 + gen::encode::{}({})", wire.constant,
                                            max_size, wire.member)
                              : fmt::format("gen::encode::{}({})", max_size, wire.member));
    bool omit = with_keys && wire.field->omit_empty;
    puts += print(snippet_file + (omit ? ".bounded_omitempty_field" : ".bounded_field"),
                  {{"comment", wire.comment},
                   {"constant", wire.constant},
                   {"member", wire.member},
                   {"put", msgpack_c_float ? "put_as_msgpack_c" : "put"},
                   {"index", std::to_string(first_index + i)}});
  }
  std::string bound;
  for (const std::string& term : terms) bound += (bound.empty() ? "" : " +\n") + term;
  return print(snippet_file + ".bounded_run", {{"names", names}, {"bound", bound}, {"puts", puts}});
}

// A struct laid out by a msgpack-c macro writes floats as msgpack-c does, nested values too: the
// Writer does so while IntegralFloatsAsInts is in force, needed unless every field that may hold
// a float is a float the run writes itself.
std::string msgpack_c_floats(const std::string& snippet_file, const ir::Struct& s,
                             const std::vector<WireField>& fields) {
  if (!ir::writes_msgpack_c_floats(s)) return "";
  bool through_writer = std::any_of(fields.begin(), fields.end(), [&](const WireField& wire) {
    return ir::may_hold_float(wire.field->type) &&
           !(is_bounded(wire) && is_msgpack_c_float(s, wire));
  });
  return through_writer ? snippet(snippet_file + ".msgpack_c_floats") : "";
}

std::string summary(const ir::Struct& s, const std::vector<WireField>& fields) {
  std::size_t n = fields.size();
  bool delegated =
      std::any_of(fields.begin(), fields.end(), [](const WireField& w) { return w.inlined; });
  std::string text;
  if (s.as_array) {
    text = fmt::format("an array of {} {}", n, n == 1 ? "element" : "elements");
  } else if (delegated) {
    text = "a map of its fields and those of its inlined template arguments";
  } else {
    text = fmt::format("a map of {} {}", n, n == 1 ? "field" : "fields");
  }
  if (!s.bases.empty()) text += " (base fields first)";
  if (!s.msgpack_c_layout_from.empty()) {
    text += ", as the msgpack-c macro it inherits from " + s.msgpack_c_layout_from + " lists them";
  } else if (s.from_msgpack_c) {
    text += ", as its msgpack-c macro lists them";
  }
  if (s.has_alter_field_count) text += " plus alterFieldCount() pairs the caller appends";
  if (s.strict) text += "; strict";
  if (s.unknown_fields)
    text += fmt::format(", and those it does not know kept in {}", s.unknown_fields->name);
  if (s.directions == ir::kMarshal) text += "; marshal only";
  if (s.directions == ir::kUnmarshal) text += "; unmarshal only";
  return text;
}

// The pre-encoded keys, one constant each: marshalling writes them, unmarshalling expects them.
std::string emit_key_constants(const ir::Struct& s, const std::vector<WireField>& fields) {
  std::string constants;
  if (s.as_array) return constants;
  for (const WireField& wire : fields) {
    if (wire.inlined) continue;
    const ir::Field& f = *wire.field;
    std::string bytes = f.has_int_key ? encoded_int_key(f.int_key) : encoded_key(f.key);
    std::string comment =
        f.has_int_key ? fmt::format("key {}", f.int_key) : fmt::format("\"{}\"", f.key);
    constants +=
        print("declaration.key_constant",
              {{"constant", wire.constant}, {"literal", cpp_literal(bytes)}, {"comment", comment}});
  }
  return constants;
}

std::string emit_declaration(const ir::Struct& s, const std::vector<WireField>& fields,
                             const std::string& field_count, const std::string& constants,
                             const std::string& print_declarations) {
  std::string functions;
  Vars type{{"type", type_name(s)}};
  if (s.directions & ir::kMarshal) {
    functions += print(
        s.as_array ? "declaration.array_encode_declaration" : "declaration.map_encode_declarations",
        type);
  }
  if (s.directions & ir::kUnmarshal) {
    functions += print(
        s.as_array ? "declaration.array_decode_declaration" : "declaration.map_decode_declarations",
        type);
  }
  return print("declaration.codec", {{"name", s.id},
                                     {"summary", summary(s, fields)},
                                     {"template_header", template_header(s)},
                                     {"type", type_name(s)},
                                     {"field_count", field_count},
                                     {"constants", constants},
                                     {"functions", functions + print_declarations}});
}

std::string emit_map_encode(const ir::Module& module, const ir::Struct& s,
                            const std::vector<WireField>& fields, const std::string& prefix) {
  Vars base{{"prefix", prefix}, {"type", type_name(s)}};
  std::string adjustments;
  std::string body;
  const std::string unknown = unknown_member(module, s);
  bool constant_count = !s.has_alter_field_count && unknown.empty();
  std::vector<const WireField*> run;
  bool prefix_written = false;  // the prefix goes with the first run, or alone before the body
  auto flush = [&] {
    if (run.empty()) return;
    body += emit_bounded_run("map_encode", s, run, 0, true, !prefix_written);
    prefix_written = true;
    run.clear();
  };
  auto write_prefix_alone = [&] {
    if (prefix_written) return;
    body += snippet("map_encode.prefix_alone");
    prefix_written = true;
  };
  for (const WireField& wire : fields) {
    if (wire.inlined) {
      flush();
      write_prefix_alone();
      constant_count = false;
      adjustments +=
          print("map_encode.inlined_count", {{"codec", wire.codec_expr}, {"member", wire.member}});
      body +=
          print("map_encode.inlined_fields",
                {{"comment", wire.comment}, {"codec", wire.codec_expr}, {"member", wire.member}});
      continue;
    }
    if (wire.field->omit_empty) {
      constant_count = false;
      adjustments += print("map_encode.omitted_count", {{"member", wire.member}});
    }
    if (is_bounded(wire)) {
      run.push_back(&wire);
      continue;
    }
    flush();
    write_prefix_alone();
    body += print(wire.field->omit_empty ? "map_encode.omitempty_field" : "map_encode.field",
                  {{"comment", wire.comment},
                   {"constant", wire.constant},
                   {"member", wire.member},
                   {"write", write_call(wire)}});
  }
  flush();
  std::string header;
  if (constant_count) {
    std::string bytes = map_header_bytes(static_cast<std::uint32_t>(fields.size()));
    std::size_t n = fields.size();
    header = print("map_encode.constant_header",
                   {{"literal", cpp_literal(bytes)},
                    {"size", std::to_string(bytes.size())},
                    {"count", std::to_string(n) + (n == 1 ? " field" : " fields")}});
  } else {
    Vars member{{"member", unknown}};
    header = print(
        "map_encode.counted_header",
        {{"alter", s.has_alter_field_count ? snippet("map_encode.alter_count") : ""},
         {"unknown_count", unknown.empty() ? "" : print("map_encode.unknown_count", member)},
         {"write_unknown", unknown.empty() ? "" : print("map_encode.write_unknown", member)}});
  }
  Vars encode = base;
  encode["body"] = header;
  Vars count = base;
  count["body"] = adjustments.empty()
                      ? snippet("map_encode.constant_count")
                      : print("map_encode.adjusted_count", {{"adjustments", adjustments}});
  Vars fields_vars = base;
  fields_vars["body"] = msgpack_c_floats("map_encode", s, fields) +
                        (body.empty() ? snippet("map_encode.no_fields") : body);
  return print("map_encode.encode", encode) + print("map_encode.field_count", count) +
         print("map_encode.encode_fields", fields_vars);
}

std::string emit_map_decode(const ir::Module& module, const ir::Struct& s,
                            const std::vector<WireField>& fields, const std::string& prefix) {
  Vars base{{"prefix", prefix}, {"type", type_name(s)}};
  const std::string unknown = unknown_member(module, s);
  const Vars member{{"member", unknown}};
  bool any_required = std::any_of(fields.begin(), fields.end(), [](const WireField& w) {
    return !w.inlined && w.field->required;
  });
  // A bit per own field (inlined templates' fields come after them and are not required here),
  // in as many 64-bit words as it takes.
  std::size_t own_fields = static_cast<std::size_t>(
      std::count_if(fields.begin(), fields.end(), [](const WireField& w) { return !w.inlined; }));
  std::string words = std::to_string(std::max<std::size_t>(1, (own_fields + 63) / 64));
  std::string mark =
      any_required ? print("map_decode.mark_seen", {{"own_fields", std::to_string(own_fields)}})
                   : "";

  std::map<std::size_t, std::vector<const WireField*>> by_length;
  std::string int_cases, inlined, required_checks;
  bool any_string_key = false;
  for (const WireField& wire : fields) {
    if (wire.inlined) {
      inlined += print("map_decode.inlined_lookup", {{"comment", wire.comment},
                                                     {"codec", wire.codec_expr},
                                                     {"member", wire.member},
                                                     {"offset", wire.index}});
      any_string_key = true;
      continue;
    }
    const ir::Field& f = *wire.field;
    std::string field_mark;
    if (f.required) {
      std::size_t index = std::stoul(wire.index);
      std::string word = std::to_string(index / 64), bit = std::to_string(index % 64);
      field_mark = print("map_decode.mark_field", {{"word", word}, {"bit", bit}});
      required_checks += print("map_decode.required_check",
                               {{"word", word},
                                {"bit", bit},
                                {"key", f.has_int_key ? std::to_string(f.int_key) : f.key}});
    }
    if (f.has_int_key) {
      int_cases += print("map_decode.int_case", {{"key", std::to_string(f.int_key)},
                                                 {"comment", wire.comment},
                                                 {"read", read_call(wire)},
                                                 {"name", wire.path},
                                                 {"mark", field_mark}});
    } else {
      by_length[f.key.size()].push_back(&wire);
      any_string_key = true;
    }
  }

  // The keys predicted in declaration order, up to the first field whose keys are known only
  // when a template is instantiated.
  std::string predicted_fields;
  for (const WireField& wire : fields) {
    if (wire.inlined) break;
    const ir::Field& f = *wire.field;
    std::string mark;
    if (f.required) {
      std::size_t index = std::stoul(wire.index);
      mark = print("map_decode.mark_field",
                   {{"word", std::to_string(index / 64)}, {"bit", std::to_string(index % 64)}});
    }
    // The path an error reports: what the lookup below reports for the same key.
    std::string path = cpp_literal(f.has_int_key ? wire.path : f.key);
    predicted_fields +=
        print(f.omit_empty ? "map_decode.predicted_optional_field" : "map_decode.predicted_field",
              {{"constant", wire.constant},
               {"read", read_call(wire)},
               {"path", path},
               {"comment", wire.comment},
               {"mark", mark}});
  }
  std::string predicted =
      predicted_fields.empty() ? "" : print("map_decode.predicted", {{"fields", predicted_fields}});

  std::string dispatch, definitions;
  // String keys are read whenever the struct has any, or no integer keys (then every key is
  // unknown, and the hook may still want it).
  if (any_string_key || int_cases.empty()) {
    const char* otherwise = !unknown.empty()
                                ? (s.has_read_extra_field ? "map_decode.extra_field_hook_keep"
                                                          : "map_decode.keep_unknown")
                            : s.has_read_extra_field ? "map_decode.extra_field_hook"
                            : s.strict               ? "map_decode.strict_unknown"
                                                     : "map_decode.skip_unknown";
    dispatch += print("map_decode.string_dispatch",
                      {{"mark", mark}, {"unknown", print(otherwise, member)}});
  }
  if (!int_cases.empty()) {
    const char* otherwise = !unknown.empty() ? "map_decode.int_keep_unknown"
                            : s.strict       ? "map_decode.int_strict_unknown"
                                             : "map_decode.int_skip_unknown";
    dispatch += print("map_decode.int_dispatch",
                      {{"cases", int_cases}, {"unknown", print(otherwise, member)}});
  }
  // The common case (string keys only, unknown keys skipped) is the runtime's shared loop.
  bool plain =
      int_cases.empty() && !any_required && !s.strict && !s.has_read_extra_field && unknown.empty();
  Vars decode = base;
  decode["clear_unknown"] = unknown.empty() ? "" : print("map_decode.clear_unknown", member);
  decode["entry"] = unknown.empty() ? "" : snippet("map_decode.entry");
  decode["other_key"] =
      print(unknown.empty() ? "map_decode.skip_other_key" : "map_decode.keep_other_key", member);
  decode["dispatch"] = dispatch;
  decode["seen_declaration"] =
      any_required ? print("map_decode.seen_declaration", {{"words", words}}) : "";
  decode["required_checks"] = required_checks;
  decode["predicted"] = predicted;
  definitions += print(plain ? "map_decode.plain_decode" : "map_decode.decode", decode);

  std::string cases;
  for (const auto& [length, group] : by_length) {
    std::string tests;
    for (const WireField* wire : group) {
      tests += print("map_decode.key_test", {{"literal", cpp_literal(wire->field->key)},
                                             {"length", std::to_string(length)},
                                             {"comment", wire->comment},
                                             {"read", read_call(*wire)},
                                             {"index", wire->index}});
    }
    cases +=
        print("map_decode.length_case", {{"length", std::to_string(length)}, {"tests", tests}});
  }
  Vars lookup = base;
  if (cases.empty() && inlined.empty()) {
    lookup["body"] = snippet("map_decode.no_keys");
  } else {
    lookup["body"] =
        (cases.empty() ? "" : print("map_decode.key_switch", {{"cases", cases}})) + inlined;
  }
  definitions += print("map_decode.decode_field", lookup);
  return definitions;
}

std::string emit_array_encode(const ir::Module& module, const ir::Struct& s,
                              const std::vector<WireField>& fields, const std::string& prefix) {
  std::string body;
  std::vector<const WireField*> run;
  std::size_t run_start = 0;
  auto flush = [&] {
    if (!run.empty()) body += emit_bounded_run("array_encode", s, run, run_start, false);
    run.clear();
  };
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (is_bounded(fields[i])) {
      if (run.empty()) run_start = i;
      run.push_back(&fields[i]);
      continue;
    }
    flush();
    body += print("array_encode.field", {{"write", write_call(fields[i])},
                                         {"index", std::to_string(i)},
                                         {"comment", fields[i].comment}});
  }
  flush();
  const std::string unknown = unknown_member(module, s);
  std::string bytes = array_header_bytes(static_cast<std::uint32_t>(fields.size()));
  Vars header{{"header", cpp_literal(bytes)},
              {"header_size", std::to_string(bytes.size())},
              {"count", std::to_string(fields.size())},
              {"member", unknown}};
  return print(
      "array_encode.function",
      {{"prefix", prefix},
       {"type", type_name(s)},
       {"header",
        print(unknown.empty() ? "array_encode.constant_header" : "array_encode.counted_header",
              header)},
       {"write_unknown", unknown.empty() ? "" : print("array_encode.write_unknown", header)},
       {"body", msgpack_c_floats("array_encode", s, fields) + body}});
}

std::string emit_array_decode(const ir::Module& module, const ir::Struct& s,
                              const std::vector<WireField>& fields, const std::string& prefix) {
  std::string body;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    body += print("array_decode.field", {{"index", std::to_string(i)},
                                         {"read", read_call(fields[i])},
                                         {"name", fields[i].path},
                                         {"comment", fields[i].comment}});
  }
  const std::string unknown = unknown_member(module, s);
  const Vars member{{"member", unknown}};
  return print(
      "array_decode.function",
      {{"prefix", prefix},
       {"type", type_name(s)},
       {"count", std::to_string(fields.size())},
       {"extra_comment",
        print(unknown.empty() ? "array_decode.skip_comment" : "array_decode.keep_comment", member)},
       {"extra",
        print(unknown.empty() ? "array_decode.skip_extra" : "array_decode.keep_extra", member)},
       {"body", body}});
}

// The name a field prints under: its map key, or (positions and integer keys carry none) its
// path of member names, as the contract names it.
std::string print_name(const ir::Struct& s, const WireField& wire) {
  const ir::Field& f = *wire.field;
  return s.as_array || f.has_int_key ? wire.path : f.key;
}

// print() and print_fields(): member templates defined in the codec's class, compiled only when a
// program prints; with --split, functions of the source file, which includes
// <msgpack_gen/print.hpp>.
void emit_print(const ir::Struct& s, const std::vector<WireField>& fields, bool in_header,
                std::string& declarations, std::string& definitions) {
  std::string body;
  for (const WireField& wire : fields) {
    if (wire.inlined) {
      body +=
          print("print.inlined_fields",
                {{"comment", wire.comment}, {"codec", wire.codec_expr}, {"member", wire.member}});
      continue;
    }
    const ir::Field& f = *wire.field;
    const std::string target = wire.encode_expr.empty() ? wire.member : wire.encode_expr;
    const char* snippet_name =
        f.redact ? (f.omit_empty ? "print.redacted_omitempty_field" : "print.redacted_field")
                 : (f.omit_empty ? "print.omitempty_field" : "print.field");
    body += print(snippet_name,
                  {{"comment", wire.comment},
                   {"name", cpp_literal(print_name(s, wire))},
                   {"member", target},
                   {"print", fmt::format("{}(out, {})",
                                         f.as_string ? "print_enum_name" : "print_json", target)}});
  }
  if (body.empty()) body = snippet("print.no_fields");
  Vars vars{{"type", type_name(s)}, {"body", body}};
  if (in_header) {
    // Defined in the class: GCC 12 does not match an out-of-class member template definition to
    // the codec of an unnamed struct (codec<decltype(...)>).
    declarations += print("print.template_definitions", vars);
  } else {
    declarations += print("print.source_declarations", vars);
    definitions += print("print.source_definitions", vars);
  }
}

}  // namespace

std::string emit_stream_operators(const ir::Module& module, const std::vector<std::string>& ids) {
  // One block per namespace, in the order the namespaces first appear.
  std::vector<std::pair<std::string, std::string>> by_namespace;
  for (const std::string& id : ids) {
    const ir::Struct& s = *module.find(id);
    if (s.enclosing_namespace == "(anonymous)") continue;  // no code elsewhere can reach it
    std::string params = "class Char, class Traits";
    for (auto it = s.template_params.rbegin(); it != s.template_params.rend(); ++it) {
      params = it->declared + ", " + params;
    }
    auto block = std::find_if(by_namespace.begin(), by_namespace.end(), [&](const auto& entry) {
      return entry.first == s.enclosing_namespace;
    });
    if (block == by_namespace.end()) {
      by_namespace.emplace_back(s.enclosing_namespace, std::string());
      block = std::prev(by_namespace.end());
    }
    block->second +=
        print("print.stream_operator",
              {{"template_header", fmt::format("template <{}>", params)}, {"type", type_name(s)}});
  }
  std::string operators;
  for (const auto& [name, text] : by_namespace) {
    operators +=
        name.empty() ? text : print("print.namespace", {{"name", name}, {"operators", text}});
  }
  if (operators.empty()) return {};
  return print("print.stream_operators", {{"operators", operators}});
}

std::string private_member_tag(const ir::Module& module, const ir::Field& field) {
  for (const ir::Struct& s : module.structs) {
    std::vector<std::string> tags;  // of the struct's private fields up to `field`
    for (const ir::Field* member : s.members()) {
      const ir::Field& f = *member;
      if (!f.is_private) continue;
      const std::string base = ir::identifier_from(s.id + "::" + f.name);
      std::string tag = base;
      for (int n = 2; std::find(tags.begin(), tags.end(), tag) != tags.end(); ++n) {
        tag = fmt::format("{}_{}", base, n);
      }
      if (&f == &field) return tag;
      tags.push_back(tag);
    }
  }
  return {};  // not a private field of the module's structs
}

StructCode emit_struct(const ir::Module& module, const ir::Struct& s, bool definitions_in_header) {
  std::vector<WireField> fields = wire_fields(module, s);
  std::string field_count;
  number_fields(fields, field_count);

  StructCode code;
  const bool in_header = definitions_in_header || is_template(s);
  std::string constants = emit_key_constants(s, fields);
  if (!in_header && !constants.empty()) {
    // Only the source file's definitions use the keys (--split): they live there, in a scope of
    // their own, so a file that includes the header does not parse them.
    std::string scope = "keys_" + ir::identifier_from(s.id);
    code.source_prelude = print("declaration.key_scope",
                                {{"scope", scope}, {"name", s.id}, {"constants", constants}});
    for (WireField& wire : fields) {
      if (!wire.constant.empty()) wire.constant = scope + "::" + wire.constant;
    }
    constants.clear();
  }
  std::string print_declarations, print_definitions;
  emit_print(s, fields, in_header, print_declarations, print_definitions);
  code.declaration = emit_declaration(s, fields, field_count, constants, print_declarations);
  const std::string prefix = definition_prefix(s, in_header);
  if (s.directions & ir::kMarshal) {
    code.definitions += s.as_array ? emit_array_encode(module, s, fields, prefix)
                                   : emit_map_encode(module, s, fields, prefix);
  }
  if (s.directions & ir::kUnmarshal) {
    code.definitions += s.as_array ? emit_array_decode(module, s, fields, prefix)
                                   : emit_map_decode(module, s, fields, prefix);
  }
  code.definitions += print_definitions;
  return code;
}

bool is_template_struct(const ir::Struct& s) {
  return is_template(s);
}

std::string emit_enum_names(const ir::Type& enum_type) {
  std::string guard = ir::identifier_from(enum_type.enum_name);
  std::string name_cases, parse_tests;
  std::set<std::int64_t> values;  // aliases share a value: the first name is the one written
  for (const ir::Enumerator& e : enum_type.enumerators) {
    Vars vars{{"enumerator", enum_type.enum_name + "::" + e.name}, {"text", e.name}};
    if (values.insert(e.value).second) name_cases += print("declaration.enum_name_case", vars);
    parse_tests += print("declaration.enum_parse_test", vars);
  }
  return print("declaration.enum_names", {{"guard", guard},
                                          {"name", enum_type.enum_name.substr(2)},
                                          {"type", enum_type.enum_name},
                                          {"name_cases", name_cases},
                                          {"parse_tests", parse_tests}});
}

std::string emit_enum_range(const ir::Type& enum_type) {
  return print("declaration.enum_range", {{"guard", ir::identifier_from(enum_type.enum_name)},
                                          {"name", enum_type.enum_name.substr(2)},
                                          {"type", enum_type.enum_name},
                                          {"min", std::to_string(enum_type.enum_min)},
                                          {"max", std::to_string(enum_type.enum_max)}});
}

std::string emit_nil_codec(const ir::Type& nil_type) {
  if (nil_type.cpp_name == "::std::monostate") return {};  // <msgpack_gen/variant.hpp>
  return print("declaration.nil_codec",
               {{"guard", ir::identifier_from(nil_type.cpp_name)}, {"type", nil_type.cpp_name}});
}

}  // namespace msgpack_gen::emitter
