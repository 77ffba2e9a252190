#include "emitter/emitter.hpp"

#include <filesystem>
#include <map>
#include <set>

#include "emitter/struct_emitter.hpp"
#include "emitter/templates.hpp"

namespace msgpack_gen::emitter {
namespace {

const ir::Struct* find_struct(const ir::Module& module, const std::string& id) {
  for (const ir::Struct& s : module.structs) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

// Struct ids a type refers to, and the enums written as strings.
void collect_uses(const ir::Type& type, bool as_string, std::set<std::string>& ids,
                  std::map<std::string, const ir::Type*>& string_enums) {
  if (type.kind == ir::TypeKind::Struct) ids.insert(type.struct_id);
  if (type.kind == ir::TypeKind::Enum && as_string) string_enums.emplace(type.enum_name, &type);
  for (const ir::Type& arg : type.args) collect_uses(arg, false, ids, string_enums);
}

// The member-pointer tags of the private members that the structs' codecs reach.
std::string emit_private_members(const ir::Module& module, const std::vector<std::string>& ids) {
  std::string tags, instantiations;
  for (const std::string& id : ids) {
    for (const ir::Field& field : find_struct(module, id)->fields) {
      if (!field.is_private) continue;
      Vars vars{{"tag", field.private_access.tag},
                {"owner", field.private_access.owner_cpp},
                {"name", field.name},
                {"member_type", field.private_access.member_type}};
      tags += print("declaration.private_member_tag", vars);
      instantiations += print("declaration.private_member_instantiation", vars);
    }
  }
  if (tags.empty()) return {};
  return print("declaration.private_members",
               {{"tags", tags}, {"instantiations", instantiations}});
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
    if (header.struct_ids.empty()) {
      file.content =
          print("file.file_without_structs", {{"version", tool_version}, {"source", source}});
      files.push_back(std::move(file));
      continue;
    }
    std::string declarations, definitions;
    std::set<std::string> used;
    std::map<std::string, const ir::Type*> string_enums;
    for (const std::string& id : header.struct_ids) {
      const ir::Struct& s = *find_struct(module, id);
      for (const ir::Field& field : s.fields) {
        collect_uses(field.type, field.as_string, used, string_enums);
      }
      used.insert(s.bases.begin(), s.bases.end());
      StructCode code = emit_struct(module, s);
      declarations += code.declaration;
      definitions += code.definitions;
    }
    std::string enum_names;
    for (const auto& [name, type] : string_enums) enum_names += emit_enum_names(*type);
    declarations = enum_names + emit_private_members(module, header.struct_ids) + declarations;
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
