#include "emitter/emitter.hpp"

#include <filesystem>
#include <map>
#include <set>
#include <string>

#include <msgpack_gen/version.hpp>  // MSGPACK_GEN_CODEGEN_ABI, which generated code checks

#include "emitter/line_wrap.hpp"
#include "emitter/struct_emitter.hpp"
#include "emitter/templates.hpp"
#include "ir/kinds.hpp"
#include "ir/layout.hpp"

namespace msgpack_gen::emitter {
namespace {

// What the codecs of a header use besides the runtime's codecs: struct ids, enums written as
// strings or with a limited range, and types with one value (nil).
struct Uses {
  std::set<std::string> ids;
  std::map<std::string, const ir::Type*> named_enums, ranged_enums, nils;
};

void collect_uses(const ir::Type& type, bool as_string, Uses& uses) {
  if (type.kind == ir::TypeKind::Struct) uses.ids.insert(type.struct_id);
  if (type.kind == ir::TypeKind::Enum && as_string) uses.named_enums.emplace(type.enum_name, &type);
  if (type.kind == ir::TypeKind::Enum && type.enum_range_limited) {
    uses.ranged_enums.emplace(type.enum_name, &type);
  }
  if (type.kind == ir::TypeKind::Nil) uses.nils.emplace(type.cpp_name, &type);
  for (const ir::Type& arg : type.args) collect_uses(arg, false, uses);
}

// The member-pointer tags of the private members that the structs' codecs reach.
std::string emit_private_members(const ir::Module& module, const std::vector<std::string>& ids) {
  std::string tags, instantiations;
  for (const std::string& id : ids) {
    for (const ir::Field* member : module.find(id)->members()) {
      const ir::Field& field = *member;
      if (!field.is_private) continue;
      Vars vars{{"tag", private_member_tag(module, field)},
                {"owner", field.private_access.owner_cpp},
                {"name", field.name},
                {"member_type", field.private_access.member_type}};
      tags += print("declaration.private_member_tag", vars);
      instantiations += print("declaration.private_member_instantiation", vars);
    }
  }
  if (tags.empty()) return {};
  return print("declaration.private_members", {{"tags", tags}, {"instantiations", instantiations}});
}

// The runtime headers a type's codec needs, by name under msgpack_gen/ (ir/kinds.hpp).
void collect_runtime(const ir::Type& type, std::set<std::string>& parts) {
  if (type.kind == ir::TypeKind::Nil && type.cpp_name == "::std::monostate") {
    parts.insert("variant");  // std::monostate's codec is variant.hpp's
  } else if (const char* header = ir::kind_info(type.kind).runtime_header) {
    parts.insert(header);
  }
  for (const ir::Type& arg : type.args) collect_runtime(arg, parts);
}

std::string runtime_includes(const ir::Module& module, const std::vector<std::string>& ids) {
  // The entry points (marshal, unmarshal) with the buffer, reader, writer and scalar codecs;
  // only what the code uses (BufferPool, with <mutex> and <atomic>, is the caller's to include).
  std::set<std::string> parts{"marshal"};
  // The codegen interface (msgpack_gen::gen): the bounded writes, and member access for private
  // members. The key prediction (gen/decode.hpp) comes with every codec (codec.hpp).
  std::set<std::string> gen_parts{"gen/bounded", "gen/print"};
  for (const std::string& id : ids) {
    const ir::Struct& s = *module.find(id);
    for (const ir::Field& field : s.fields) collect_runtime(field.type, parts);
    for (const ir::Field* member : s.members()) {
      if (member->is_private) gen_parts.insert("gen/access");
    }
    if (ir::unknown_fields_owner(module, s) != nullptr) gen_parts.insert("gen/unknown");
  }
  if (parts.count("msgpack_gen")) parts = {"msgpack_gen"};
  parts.insert(gen_parts.begin(), gen_parts.end());
  std::string text;
  for (const std::string& name : parts) text += print("file.runtime_include", {{"name", name}});
  return text;
}

}  // namespace

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
    GeneratedFile source_file;
    source_file.path = ir::output_source_path_for(header.path);
    if (header.struct_ids.empty()) {
      file.content =
          print("file.file_without_structs", {{"version", tool_version}, {"source", source}});
      files.push_back(std::move(file));
      if (options.split) {
        source_file.content =
            print("file.source_file_without_definitions",
                  {{"version", tool_version},
                   {"source", source},
                   {"reason", "no type declared in " + source + " was requested"}});
        files.push_back(std::move(source_file));
      }
      continue;
    }
    std::string declarations, header_definitions, source_definitions;
    Uses uses;
    for (const std::string& id : header.struct_ids) {
      const ir::Struct& s = *module.find(id);
      for (const ir::Field& field : s.fields) {
        collect_uses(field.type, field.as_string || field.strict_enum, uses);
      }
      uses.ids.insert(s.bases.begin(), s.bases.end());
      uses.ids.insert(s.argument_structs.begin(), s.argument_structs.end());
      bool in_header = !options.split || is_template_struct(s);
      StructCode code = emit_struct(module, s, in_header);
      declarations += code.declaration;
      (in_header ? header_definitions : source_definitions) +=
          code.source_prelude + code.definitions;
    }
    std::string enum_names;
    for (const auto& [name, type] : uses.named_enums) enum_names += emit_enum_names(*type);
    for (const auto& [name, type] : uses.ranged_enums) enum_names += emit_enum_range(*type);
    for (const auto& [name, type] : uses.nils) enum_names += emit_nil_codec(*type);
    // Private members are named where the definitions that reach them are compiled: in the
    // source file with --split, so the explicit instantiations are made once in the program.
    std::string private_members = emit_private_members(module, header.struct_ids);
    declarations = enum_names + (options.split ? "" : private_members) + declarations;
    // The generated headers of structs this file uses but does not define.
    std::set<std::string> include_paths;
    std::filesystem::path here = std::filesystem::path(file.path).parent_path();
    for (const std::string& id : uses.ids) {
      auto it = header_of.find(id);
      if (it == header_of.end() || it->second == header.path) continue;
      std::filesystem::path target(ir::output_path_for(it->second));
      include_paths.insert(target.lexically_relative(here.empty() ? "." : here).generic_string());
    }
    std::string includes;
    for (const std::string& path : include_paths)
      includes += print("file.include", {{"path", path}});
    file.content = print("file.file",
                         {{"version", tool_version},
                          {"abi", std::to_string(MSGPACK_GEN_CODEGEN_ABI)},
                          {"source", source},
                          {"includes", includes},
                          {"runtime_includes", runtime_includes(module, header.struct_ids)},
                          {"declarations", declarations},
                          {"definitions", header_definitions},
                          {"stream_operators", emit_stream_operators(module, header.struct_ids)}});
    files.push_back(std::move(file));
    if (!options.split) continue;
    if (source_definitions.empty()) {
      source_file.content =
          print("file.source_file_without_definitions",
                {{"version", tool_version},
                 {"source", source},
                 {"reason", "its codecs are class templates, defined in the header"}});
    } else {
      source_file.content =
          print("file.source_file",
                {{"version", tool_version},
                 {"source", source},
                 {"header", std::filesystem::path(files.back().path).filename().string()},
                 {"private_members", options.split ? private_members : ""},
                 {"definitions", source_definitions}});
    }
    files.push_back(std::move(source_file));
  }
  for (GeneratedFile& f : files) f.content = wrap_long_lines(f.content);
  return files;
}

}  // namespace msgpack_gen::emitter
