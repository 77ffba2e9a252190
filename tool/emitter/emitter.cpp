#include "emitter/emitter.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include "emitter/templates.hpp"

namespace msgpack_gen::emitter {
namespace {

// A field as it appears on the wire: inline fields are replaced by their struct's fields.
struct WireField {
  std::string path;  // member access from `value.`, e.g. "meta.version"
  std::string key;   // map key
  bool has_int_key;
  std::int64_t int_key;
  const ir::Type* type;  // never null
  bool omit_empty;
  std::string constant;  // name of its pre-encoded key constant
  std::string comment;
};

const ir::Struct* find_struct(const ir::Module& module, const std::string& id) {
  for (const ir::Struct& s : module.structs) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

std::string describe(const ir::Field& field, const std::string& path) {
  std::string text = path;
  if (field.key != field.name) text += " as \"" + field.key + "\"";
  text += ": " + field.type.spelling;
  return text;
}

void flatten(const ir::Module& module, const ir::Struct& s, const std::string& prefix,
             std::vector<WireField>& out) {
  for (const ir::Field& field : s.fields) {
    std::string path = prefix + field.name;
    if (field.inline_fields) {
      if (const ir::Struct* inner = find_struct(module, field.type.struct_id)) {
        flatten(module, *inner, path + ".", out);
        continue;
      }
    }
    out.push_back(WireField{path, field.key, field.has_int_key, field.int_key, &field.type,
                            field.omit_empty, "", describe(field, path)});
  }
}

// "meta.user_id" -> "kMetaUserId"
std::string constant_name(const std::string& path) {
  std::string name = "k";
  bool upper = true;
  for (char c : path) {
    if (c == '.' || c == '_') {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return name;
}

void name_constants(std::vector<WireField>& fields) {
  std::set<std::string> used;
  for (WireField& field : fields) {
    std::string name = constant_name(field.path);
    std::string unique = name;
    for (int n = 2; used.count(unique) != 0; ++n) unique = name + std::to_string(n);
    used.insert(unique);
    field.constant = unique;
  }
}

std::string map_header_bytes(std::uint32_t n) {
  std::string bytes;
  if (n <= 15) {
    bytes += static_cast<char>(0x80 | n);
  } else if (n <= 0xffff) {
    bytes += static_cast<char>(0xde);
    bytes += static_cast<char>(n >> 8);
    bytes += static_cast<char>(n & 0xff);
  } else {
    bytes += static_cast<char>(0xdf);
    for (int shift = 24; shift >= 0; shift -= 8) bytes += static_cast<char>((n >> shift) & 0xff);
  }
  return bytes;
}

std::string array_header_bytes(std::uint32_t n) {
  std::string bytes = map_header_bytes(n);
  // Same layout one family over: fixarray 0x90, array16 0xdc, array32 0xdd.
  unsigned char first = static_cast<unsigned char>(bytes[0]);
  bytes[0] = static_cast<char>(n <= 15 ? (0x90 | n) : (first == 0xde ? 0xdc : 0xdd));
  return bytes;
}

void collect_struct_ids(const ir::Type& type, std::set<std::string>& ids) {
  if (type.kind == ir::TypeKind::Struct) ids.insert(type.struct_id);
  for (const ir::Type& arg : type.args) collect_struct_ids(arg, ids);
}

std::string summary(const ir::Struct& s, std::size_t wire_fields) {
  std::string count = std::to_string(wire_fields);
  std::string text = s.as_array
                         ? "an array of " + count + (wire_fields == 1 ? " element" : " elements")
                         : "a map of " + count + (wire_fields == 1 ? " field" : " fields");
  if (s.has_alter_field_count) text += " plus alterFieldCount() pairs the caller appends";
  if (s.directions == ir::kMarshal) text += "; marshal only";
  if (s.directions == ir::kUnmarshal) text += "; unmarshal only";
  return text;
}

std::string emit_declaration(const ir::Struct& s, const std::vector<WireField>& fields,
                             const std::string& first_key_prefix) {
  std::string constants;
  if (!s.as_array && (s.directions & ir::kMarshal)) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
      std::string bytes =
          fields[i].has_int_key ? encoded_int_key(fields[i].int_key) : encoded_key(fields[i].key);
      std::string comment = fields[i].has_int_key ? "key " + std::to_string(fields[i].int_key)
                                                  : "\"" + fields[i].key + "\"";
      if (i == 0 && !first_key_prefix.empty()) {
        bytes = first_key_prefix + bytes;
        comment = "map header, then " + comment;
      }
      constants += print("declaration.key_constant", {{"constant", fields[i].constant},
                                                      {"literal", cpp_literal(bytes)},
                                                      {"comment", comment}});
    }
  }
  std::string functions;
  if (s.directions & ir::kMarshal) {
    functions += print("declaration.encode_declaration", {{"type", s.cpp_name}});
  }
  if (s.directions & ir::kUnmarshal) {
    functions += print("declaration.decode_declaration", {{"type", s.cpp_name}});
  }
  return print("declaration.codec", {{"name", s.id},
                                     {"summary", summary(s, fields.size())},
                                     {"type", s.cpp_name},
                                     {"field_count", std::to_string(fields.size())},
                                     {"constants", constants},
                                     {"functions", functions}});
}

std::string emit_map_encode(const ir::Struct& s, const std::vector<WireField>& fields,
                            bool header_in_first_key) {
  std::string body;
  if (!header_in_first_key) {
    bool counted =
        s.has_alter_field_count ||
        std::any_of(fields.begin(), fields.end(), [](const WireField& f) { return f.omit_empty; });
    if (counted) {
      std::string adjustments;
      for (const WireField& field : fields) {
        if (field.omit_empty)
          adjustments += print("map_encode.omitted_count", {{"path", field.path}});
      }
      if (s.has_alter_field_count) adjustments += snippet("map_encode.alter_count");
      body += print("map_encode.counted_header", {{"count_adjustments", adjustments}});
    } else {  // no fields at all
      body += "  out.raw(" + cpp_literal(map_header_bytes(0)) + ", 1);  // map header: 0 fields\n";
    }
  }
  for (const WireField& field : fields) {
    body += print(field.omit_empty ? "map_encode.omitempty_field" : "map_encode.field",
                  {{"comment", field.comment}, {"constant", field.constant}, {"path", field.path}});
  }
  return print("map_encode.function", {{"type", s.cpp_name}, {"body", body}});
}

std::string emit_map_decode(const ir::Struct& s, const std::vector<WireField>& fields) {
  std::map<std::size_t, std::vector<const WireField*>> by_length;
  std::string int_cases;
  bool any_string_key = false;
  for (const WireField& field : fields) {
    if (field.has_int_key) {
      int_cases += print("map_decode.int_case", {{"key", std::to_string(field.int_key)},
                                                 {"comment", field.comment},
                                                 {"path", field.path},
                                                 {"name", field.path}});
    } else {
      by_length[field.key.size()].push_back(&field);
      any_string_key = true;
    }
  }
  std::string dispatch;
  // String keys are read whenever the struct has any, or no integer keys (then every key is
  // unknown, and the hook may still want it).
  if (any_string_key || int_cases.empty()) {
    std::string cases;
    for (const auto& [length, group] : by_length) {
      std::string tests;
      for (const WireField* field : group) {
        tests += print("map_decode.key_test", {{"literal", cpp_literal(field->key)},
                                               {"comment", field->comment},
                                               {"path", field->path}});
      }
      cases +=
          print("map_decode.length_case", {{"length", std::to_string(length)}, {"tests", tests}});
    }
    std::string unknown =
        snippet(s.has_read_extra_field ? "map_decode.extra_field_hook" : "map_decode.skip_unknown");
    dispatch += print("map_decode.string_dispatch", {{"cases", cases}, {"unknown", unknown}});
  }
  if (!int_cases.empty()) dispatch += print("map_decode.int_dispatch", {{"cases", int_cases}});
  return print("map_decode.function", {{"type", s.cpp_name}, {"dispatch", dispatch}});
}

std::string emit_array_encode(const ir::Struct& s, const std::vector<WireField>& fields) {
  std::string body;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    body += print(
        "array_encode.field",
        {{"path", fields[i].path}, {"index", std::to_string(i)}, {"comment", fields[i].comment}});
  }
  std::string header = array_header_bytes(static_cast<std::uint32_t>(fields.size()));
  return print("array_encode.function", {{"type", s.cpp_name},
                                         {"header", cpp_literal(header)},
                                         {"header_size", std::to_string(header.size())},
                                         {"count", std::to_string(fields.size())},
                                         {"body", body}});
}

std::string emit_array_decode(const ir::Struct& s, const std::vector<WireField>& fields) {
  std::string body;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    body += print("array_decode.field", {{"index", std::to_string(i)},
                                         {"path", fields[i].path},
                                         {"name", fields[i].path},
                                         {"comment", fields[i].comment}});
  }
  return print("array_decode.function",
               {{"type", s.cpp_name}, {"count", std::to_string(fields.size())}, {"body", body}});
}

}  // namespace

std::string cpp_literal(const std::string& bytes) {
  static const char* const kHex = "0123456789abcdef";
  std::string out = "\"";
  bool after_escape = false;
  for (char c : bytes) {
    unsigned char u = static_cast<unsigned char>(c);
    bool printable = u >= 0x20 && u < 0x7f && c != '"' && c != '\\' && c != '?';
    if (printable) {
      if (after_escape && std::isxdigit(u)) out += "\" \"";
      out += c;
      after_escape = false;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
      after_escape = true;
    }
  }
  out += '"';
  return out;
}

std::string encoded_int_key(std::int64_t key) {
  std::string bytes;
  auto big_endian = [&](std::uint64_t v, int size) {
    for (int shift = (size - 1) * 8; shift >= 0; shift -= 8)
      bytes += static_cast<char>((v >> shift) & 0xff);
  };
  if (key >= 0) {
    std::uint64_t v = static_cast<std::uint64_t>(key);
    if (v < 0x80) {
      bytes += static_cast<char>(v);
    } else if (v <= 0xff) {
      bytes += '\xcc';
      big_endian(v, 1);
    } else if (v <= 0xffff) {
      bytes += '\xcd';
      big_endian(v, 2);
    } else if (v <= 0xffffffffu) {
      bytes += '\xce';
      big_endian(v, 4);
    } else {
      bytes += '\xcf';
      big_endian(v, 8);
    }
    return bytes;
  }
  std::uint64_t bits = static_cast<std::uint64_t>(key);
  if (key >= -32) {
    bytes += static_cast<char>(bits & 0xff);
  } else if (key >= -128) {
    bytes += '\xd0';
    big_endian(bits, 1);
  } else if (key >= -32768) {
    bytes += '\xd1';
    big_endian(bits, 2);
  } else if (key >= INT32_MIN) {
    bytes += '\xd2';
    big_endian(bits, 4);
  } else {
    bytes += '\xd3';
    big_endian(bits, 8);
  }
  return bytes;
}

std::string encoded_key(const std::string& key) {
  std::string bytes;
  std::size_t n = key.size();
  if (n < 32) {
    bytes += static_cast<char>(0xa0 | n);
  } else if (n <= 0xff) {
    bytes += static_cast<char>(0xd9);
    bytes += static_cast<char>(n);
  } else {
    bytes += static_cast<char>(0xda);
    bytes += static_cast<char>(n >> 8);
    bytes += static_cast<char>(n & 0xff);
  }
  return bytes + key;
}

std::vector<GeneratedFile> emit(const ir::Module& module, const EmitOptions& options) {
  const std::string& tool_version = options.tool_version;
  std::map<std::string, std::string> header_of;  // struct id -> header path
  for (const ir::Struct& s : module.structs) header_of[s.id] = s.header;

  std::vector<GeneratedFile> files;
  for (const ir::Header& header : module.headers) {
    GeneratedFile file;
    file.path = ir::output_path_for(header.path);
    std::string source = options.beside_sources
                             ? std::filesystem::path(header.path).filename().string()
                             : header.path;
    if (header.struct_ids.empty()) {
      file.content =
          print("file.file_without_structs", {{"version", tool_version}, {"source", source}});
      files.push_back(std::move(file));
      continue;
    }
    std::string declarations, definitions;
    std::set<std::string> used;
    for (const std::string& id : header.struct_ids) {
      const ir::Struct& s = *find_struct(module, id);
      std::vector<WireField> fields;
      flatten(module, s, "", fields);
      name_constants(fields);
      for (const ir::Field& field : s.fields) collect_struct_ids(field.type, used);

      bool counted =
          s.has_alter_field_count || std::any_of(fields.begin(), fields.end(),
                                                 [](const WireField& f) { return f.omit_empty; });
      bool header_in_first_key = !s.as_array && !counted && !fields.empty();
      std::string prefix =
          header_in_first_key ? map_header_bytes(static_cast<std::uint32_t>(fields.size())) : "";
      declarations += emit_declaration(s, fields, prefix);
      if (s.directions & ir::kMarshal) {
        definitions += s.as_array ? emit_array_encode(s, fields)
                                  : emit_map_encode(s, fields, header_in_first_key);
      }
      if (s.directions & ir::kUnmarshal) {
        definitions += s.as_array ? emit_array_decode(s, fields) : emit_map_decode(s, fields);
      }
    }
    // The generated headers of structs this file uses but does not define.
    std::set<std::string> include_paths;
    std::filesystem::path here = std::filesystem::path(file.path).parent_path();
    for (const std::string& id : used) {
      auto it = header_of.find(id);
      if (it == header_of.end() || it->second == header.path) continue;
      std::filesystem::path target(ir::output_path_for(it->second));
      include_paths.insert(target.lexically_relative(here.empty() ? "." : here).generic_string());
    }
    std::string includes;
    for (const std::string& path : include_paths)
      includes += print("file.include", {{"path", path}});
    file.content = print("file.file", {{"version", tool_version},
                                       {"source", source},
                                       {"includes", includes},
                                       {"declarations", declarations},
                                       {"definitions", definitions}});
    files.push_back(std::move(file));
  }
  return files;
}

}  // namespace msgpack_gen::emitter
