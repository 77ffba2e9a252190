#include "frontend/frontend.hpp"

#include <clang-c/Index.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <system_error>

#include "frontend/clang_util.hpp"
#include "frontend/module_builder.hpp"

namespace fs = std::filesystem;

namespace msgpack_gen::frontend {
namespace {

constexpr std::size_t kMaxClangErrors = 5;  // a broken header should not print a wall of text

bool is_header_name(const fs::path& path) {
  std::string name = path.filename().string();
  static const char* const kGenerated = ".msgpack.hpp";
  if (name.size() >= 12 && name.compare(name.size() - 12, 12, kGenerated) == 0) return false;
  std::string ext = path.extension().string();
  return ext == ".h" || ext == ".hh" || ext == ".hpp" || ext == ".hxx";
}

// A named declaration the user may ask for.
struct Declaration {
  std::string name;  // qualified
  CXCursor cursor;
  enum Kind { Struct, ClassTemplate, Union, Enum } kind;
};

struct Walk {
  std::vector<Declaration> declarations;
  std::set<std::string> custom_codecs;  // canonical type spellings
};

bool in_generated_file(CXCursor c) {
  std::string file = location_of(c).file;
  return file.size() >= 12 && file.compare(file.size() - 12, 12, ".msgpack.hpp") == 0;
}

// Records `template <> struct msgpack_gen::codec<T>` specialisations: T needs no generated code.
void note_codec_specialisation(CXCursor c, Walk& walk) {
  CXCursor templ = clang_getSpecializedCursorTemplate(c);
  if (clang_Cursor_isNull(templ) || qualified_name(templ) != "msgpack_gen::codec") return;
  if (in_generated_file(c)) return;
  CXType self = clang_getCursorType(c);
  if (clang_Type_getNumTemplateArguments(self) < 1) return;
  CXType arg = clang_getCanonicalType(clang_Type_getTemplateArgumentAsType(self, 0));
  walk.custom_codecs.insert(spelling(arg));
}

CXChildVisitResult visit_declarations(CXCursor c, CXCursor, CXClientData data) {
  auto* walk = static_cast<Walk*>(data);
  switch (c.kind) {
    case CXCursor_Namespace: {
      std::string name = spelling(c);
      // The standard library is large and never holds user DTOs; msgpack_gen holds codecs.
      if (in_system_header(c) && name != "msgpack_gen") return CXChildVisit_Continue;
      return CXChildVisit_Recurse;
    }
    case CXCursor_LinkageSpec:
      return CXChildVisit_Recurse;
    case CXCursor_StructDecl:
    case CXCursor_ClassDecl:
      note_codec_specialisation(c, *walk);
      if (!clang_isCursorDefinition(c) || spelling(c).empty()) return CXChildVisit_Continue;
      if (!in_system_header(c))
        walk->declarations.push_back({qualified_name(c), c, Declaration::Struct});
      return CXChildVisit_Recurse;  // nested types
    case CXCursor_ClassTemplate:
      if (!in_system_header(c)) {
        walk->declarations.push_back({qualified_name(c), c, Declaration::ClassTemplate});
      }
      return CXChildVisit_Continue;
    case CXCursor_UnionDecl:
      if (clang_isCursorDefinition(c) && !spelling(c).empty() && !in_system_header(c)) {
        walk->declarations.push_back({qualified_name(c), c, Declaration::Union});
      }
      return CXChildVisit_Continue;
    case CXCursor_EnumDecl:
      if (clang_isCursorDefinition(c) && !spelling(c).empty() && !in_system_header(c)) {
        walk->declarations.push_back({qualified_name(c), c, Declaration::Enum});
      }
      return CXChildVisit_Continue;
    default:
      return CXChildVisit_Continue;
  }
}

// Whether `requested` names `qualified`: the same name, or a suffix at a "::" boundary.
bool names(const std::string& requested, const std::string& qualified) {
  std::string want = requested.rfind("::", 0) == 0 ? requested.substr(2) : requested;
  if (want == qualified) return true;
  if (requested.rfind("::", 0) == 0) return false;  // fully qualified: exact match only
  return qualified.size() > want.size() + 2 &&
         qualified.compare(qualified.size() - want.size(), want.size(), want) == 0 &&
         qualified.compare(qualified.size() - want.size() - 2, 2, "::") == 0;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string last_component(const std::string& name) {
  std::size_t colon = name.rfind("::");
  return colon == std::string::npos ? name : name.substr(colon + 2);
}

void report_unknown(const std::string& requested, const Walk& walk, Diagnostics& diagnostics) {
  std::string text = "no struct named '" + requested + "' in the package";
  std::string best;
  std::size_t best_distance = 3;  // suggest only close matches
  std::vector<std::string> structs;
  for (const Declaration& d : walk.declarations) {
    if (d.kind != Declaration::Struct) continue;
    structs.push_back(d.name);
    std::size_t distance = edit_distance(last_component(requested), last_component(d.name));
    if (distance < best_distance) {
      best_distance = distance;
      best = d.name;
    }
  }
  if (!best.empty()) {
    text += "; did you mean '" + best + "'?";
  } else if (!structs.empty()) {
    std::sort(structs.begin(), structs.end());
    text += "; structs found:";
    for (std::size_t i = 0; i < structs.size() && i < 20; ++i) text += " " + structs[i];
    if (structs.size() > 20) text += " ...";
  } else {
    text += "; it declares no structs";
  }
  diagnostics.error(text);
}

struct IndexDeleter {
  void operator()(void* index) const { clang_disposeIndex(index); }
};
struct UnitDeleter {
  void operator()(CXTranslationUnitImpl* unit) const { clang_disposeTranslationUnit(unit); }
};

void collect_inclusions(CXFile file, CXSourceLocation*, unsigned, CXClientData data) {
  static_cast<std::set<std::string>*>(data)->insert(file_path(file));
}

}  // namespace

bool list_package_headers(const std::string& package_dir, Diagnostics& diagnostics,
                          std::vector<std::string>& headers) {
  std::error_code ec;
  if (!fs::is_directory(package_dir, ec)) {
    diagnostics.error("package folder '" + package_dir + "' does not exist or is not a folder");
    return false;
  }
  fs::recursive_directory_iterator it(package_dir, ec), end;
  if (ec) {
    diagnostics.error("cannot read package folder '" + package_dir + "': " + ec.message());
    return false;
  }
  for (; it != end; it.increment(ec)) {
    if (ec) {
      diagnostics.error("cannot read package folder '" + package_dir + "': " + ec.message());
      return false;
    }
    if (it->is_regular_file(ec) && is_header_name(it->path())) {
      headers.push_back(fs::weakly_canonical(it->path()).string());
    }
  }
  std::sort(headers.begin(), headers.end());
  if (headers.empty()) {
    diagnostics.error("package folder '" + package_dir +
                      "' has no headers (*.h, *.hh, *.hpp, *.hxx)");
    return false;
  }
  return true;
}

bool parse_package(const Options& options, Diagnostics& diagnostics, Result& result) {
  std::string package = fs::weakly_canonical(options.package_dir).string();
  if (!list_package_headers(options.package_dir, diagnostics, result.headers)) return false;

  // One translation unit that includes every header of the package.
  std::string umbrella_path = (fs::path(package) / "__msgpack_gen_package__.hpp").string();
  std::string umbrella;
  for (const std::string& header : result.headers) umbrella += "#include \"" + header + "\"\n";
  CXUnsavedFile unsaved{umbrella_path.c_str(), umbrella.c_str(),
                        static_cast<unsigned long>(umbrella.size())};

  std::vector<std::string> args = {"-x", "c++-header", "-std=c++17", "-DMSGPACK_GEN_RUN=1",
                                   "-I" + package};
  for (const std::string& arg : options.clang_args) args.push_back(arg);  // a later -std wins
  if (!options.runtime_include_dir.empty()) {
    args.push_back("-idirafter");
    args.push_back(options.runtime_include_dir);
  }
  if (!options.resource_dir.empty() && fs::exists(options.resource_dir)) {
    args.push_back("-resource-dir");
    args.push_back(options.resource_dir);
  }
  std::vector<const char*> argv;
  for (const std::string& arg : args) argv.push_back(arg.c_str());

  std::unique_ptr<void, IndexDeleter> index(clang_createIndex(0, 0));
  CXTranslationUnit raw_unit = nullptr;
  CXErrorCode code = clang_parseTranslationUnit2(
      index.get(), umbrella_path.c_str(), argv.data(), static_cast<int>(argv.size()), &unsaved, 1,
      CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_KeepGoing, &raw_unit);
  std::unique_ptr<CXTranslationUnitImpl, UnitDeleter> unit(raw_unit);
  if (code != CXError_Success || unit == nullptr) {
    diagnostics.error("libclang could not parse the package (error " +
                      std::to_string(static_cast<int>(code)) + ")");
    return false;
  }

  // Any error aborts: a broken include would otherwise silently turn a field into `int`.
  std::size_t shown = 0, errors = 0;
  unsigned count = clang_getNumDiagnostics(unit.get());
  for (unsigned i = 0; i < count; ++i) {
    CXDiagnostic d = clang_getDiagnostic(unit.get(), i);
    CXDiagnosticSeverity severity = clang_getDiagnosticSeverity(d);
    if (severity >= CXDiagnostic_Error) {
      ++errors;
      if (shown++ < kMaxClangErrors) {
        diagnostics.raw(take(clang_formatDiagnostic(
            d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn)));
      }
      diagnostics.count_error();
    }
    clang_disposeDiagnostic(d);
  }
  if (errors > 0) {
    if (errors > kMaxClangErrors) {
      diagnostics.raw("msgpack-gen: " + std::to_string(errors - kMaxClangErrors) +
                      " more errors not shown");
    }
    diagnostics.raw(
        "msgpack-gen: the package's headers must compile before code can be "
        "generated for them");
    return false;
  }

  std::set<std::string> files;
  clang_getInclusions(unit.get(), collect_inclusions, &files);
  files.erase(umbrella_path);
  files.erase(std::string());
  result.files_read.assign(files.begin(), files.end());

  Walk walk;
  clang_visitChildren(clang_getTranslationUnitCursor(unit.get()), visit_declarations, &walk);

  ModuleBuilder builder(diagnostics, package, walk.custom_codecs);
  for (const TypeRequest& request : options.types) {
    std::vector<const Declaration*> matches;
    for (const Declaration& d : walk.declarations) {
      if (names(request.name, d.name)) matches.push_back(&d);
    }
    if (matches.empty()) {
      report_unknown(request.name, walk, diagnostics);
      continue;
    }
    if (matches.size() > 1) {
      std::string text = "'" + request.name + "' is ambiguous; qualify it:";
      for (const Declaration* d : matches) text += " " + d->name;
      diagnostics.error(text);
      continue;
    }
    const Declaration& found = *matches[0];
    switch (found.kind) {
      case Declaration::Struct:
        builder.add_root(found.cursor, request.directions);
        break;
      case Declaration::ClassTemplate:
        builder.add_root(found.cursor, request.directions);
        break;
      case Declaration::Union:
        diagnostics.error(location_of(found.cursor),
                          "'" + found.name + "' is a union; only structs can be generated");
        break;
      case Declaration::Enum:
        diagnostics.error(location_of(found.cursor),
                          "'" + found.name +
                              "' is an enum; enums need no generated code, they "
                              "are encoded as their underlying integer");
        break;
    }
  }
  result.module = builder.finish(result.headers);
  return diagnostics.ok();
}

}  // namespace msgpack_gen::frontend
