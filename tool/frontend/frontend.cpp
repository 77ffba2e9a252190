#include "frontend/frontend.hpp"

#include <clang-c/Index.h>

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <system_error>

#include "frontend/clang_diagnostics.hpp"
#include "frontend/clang_util.hpp"
#include "frontend/declarations.hpp"
#include "frontend/module_builder.hpp"
#include "frontend/msgpack_c_macros.hpp"
#include "support/files.hpp"
#include "support/text.hpp"

namespace fs = std::filesystem;

namespace msgpack_gen::frontend {
namespace {

constexpr std::size_t kPreludeLines = 3;  // of the umbrella, before its includes

bool is_header_name(const fs::path& path) {
  if (ir::is_generated_header(path.filename().string())) return false;
  std::string ext = path.extension().string();
  return ext == ".h" || ext == ".hh" || ext == ".hpp" || ext == ".hxx";
}

std::string last_component(const std::string& name) {
  std::size_t angle = name.find('<');
  std::size_t colon = name.rfind("::", angle);
  return colon == std::string::npos ? name : name.substr(colon + 2);
}

// The declarations a request names: those of the package, or when the package has none of
// that name, those of the headers it includes.
std::vector<const Declaration*> find_declarations(const std::string& requested, const Walk& walk,
                                                  bool templates_only = false) {
  std::vector<const Declaration*> in_package, outside;
  std::set<std::string> seen;
  for (const Declaration& d : walk.declarations) {
    if (templates_only && d.kind != Declaration::ClassTemplate) continue;
    if (!names_entity(requested, d.name) || !seen.insert(d.name).second) continue;
    (d.in_package ? in_package : outside).push_back(&d);
  }
  std::vector<const Declaration*>& found = in_package.empty() ? outside : in_package;
  // A type's own name wins over an alias that happens to end the same way.
  bool named_directly = std::any_of(found.begin(), found.end(), [](const Declaration* d) {
    return d->kind != Declaration::Alias;
  });
  if (named_directly) {
    found.erase(std::remove_if(found.begin(), found.end(),
                               [](const Declaration* d) { return d->kind == Declaration::Alias; }),
                found.end());
  }
  return found;
}

// "v1::Order v2::Order": the declarations' names, for "qualify it" messages.
std::string names_of(const std::vector<const Declaration*>& declarations) {
  std::vector<std::string> names;
  for (const Declaration* d : declarations) names.push_back(d->name);
  return fmt::format("{}", fmt::join(names, " "));
}

void report_unknown(const std::string& requested, const Walk& walk, Diagnostics& diagnostics) {
  std::string text = fmt::format("no struct named '{}' in the package", requested);
  // Candidates come from the package's own structs, each once.
  std::set<std::string> structs;
  std::vector<std::string> short_names;
  std::map<std::string, std::string> by_short_name;
  for (const Declaration& d : walk.declarations) {
    if (!d.in_package || (d.kind != Declaration::Struct && d.kind != Declaration::ClassTemplate)) {
      continue;
    }
    if (!structs.insert(d.name).second) continue;
    short_names.push_back(last_component(d.name));
    by_short_name.emplace(short_names.back(), d.name);
  }
  std::string best = closest_match(last_component(requested), short_names);
  if (!best.empty()) {
    text += fmt::format("; did you mean '{}'?", by_short_name[best]);
  } else if (!structs.empty()) {
    text += "; structs found:";
    std::size_t shown = 0;
    for (const std::string& name : structs) {
      if (shown++ == 20) {
        text += " ...";
        break;
      }
      text += " " + name;
    }
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
using UnitPtr = std::unique_ptr<CXTranslationUnitImpl, UnitDeleter>;

// Every file clang read and, for each, the package header through which it was included (the
// innermost one on its inclusion stack): where code for a type it declares can go.
struct Inclusions {
  const std::set<std::string>* package_headers = nullptr;
  std::set<std::string> files;
  std::map<std::string, std::string> package_includer;
};

void collect_inclusions(CXFile file, CXSourceLocation* stack, unsigned depth, CXClientData data) {
  auto* inclusions = static_cast<Inclusions*>(data);
  std::string path = file_path(file);
  inclusions->files.insert(path);
  for (unsigned i = 0; i < depth; ++i) {
    CXFile includer = nullptr;
    clang_getSpellingLocation(stack[i], &includer, nullptr, nullptr, nullptr);
    std::string includer_path = file_path(includer);
    if (inclusions->package_headers->count(includer_path) != 0) {
      inclusions->package_includer.emplace(path, includer_path);
      break;
    }
  }
}

// One parse of the package: an umbrella header that includes every package header.
class Parser {
 public:
  Parser(const Options& options, std::string root, const std::vector<std::string>& headers)
      : options_(options), root_(std::move(root)), headers_(headers) {
    umbrella_path_ = (fs::path(root_) / "__msgpack_gen_package__.hpp").string();
  }

  const std::string& umbrella_path() const { return umbrella_path_; }
  // The umbrella's line where `extra` starts: after the prelude and the includes.
  unsigned first_extra_line() const {
    return static_cast<unsigned>(kPreludeLines + headers_.size() + 1);
  }

  // `extra`: declarations appended after the headers. `std_override`: a -std= to try instead.
  UnitPtr parse(const std::string& extra, Diagnostics& diagnostics,
                const std::string& std_override = {},
                const std::vector<std::string>* only = nullptr) {
    // msgpack-c 4 needs Boost's preprocessor unless MSGPACK_NO_BOOST is defined; users who do not
    // have Boost define it in their builds, and headers that include <msgpack.hpp> should parse
    // here as they compile there.
    static_assert(kPreludeLines == 3, "the prelude below has three lines");
    std::string umbrella =
        "#if !defined(MSGPACK_NO_BOOST) && !__has_include(<boost/preprocessor.hpp>)\n"
        "#define MSGPACK_NO_BOOST 1\n"
        "#endif\n";
    for (const std::string& header : only ? *only : headers_) {
      umbrella += "#include \"" + header + "\"\n";
    }
    umbrella += extra;
    CXUnsavedFile unsaved{umbrella_path_.c_str(), umbrella.c_str(),
                          static_cast<unsigned long>(umbrella.size())};

    // libclang turns clang's typo correction off ("did you mean 'LineItem'?"); errors are
    // rare and worth it, so turn it back on (a later -fno-spell-checking still wins).
    std::vector<std::string> args = {
        "-x", "c++-header", "-std=c++17", "-fspell-checking", "-DMSGPACK_GEN_RUN=1", "-I" + root_};
    for (const std::string& arg : options_.clang_args) args.push_back(arg);  // a later -std wins
    if (!std_override.empty()) args.push_back(std_override);
    if (!options_.runtime_include_dir.empty()) {
      args.push_back("-idirafter");
      args.push_back(options_.runtime_include_dir);
    }
    if (!options_.resource_dir.empty() && fs::exists(options_.resource_dir)) {
      args.push_back("-resource-dir");
      args.push_back(options_.resource_dir);
    }
    std::vector<const char*> argv;
    for (const std::string& arg : args) argv.push_back(arg.c_str());

    if (!index_) index_.reset(clang_createIndex(0, 0));
    CXTranslationUnit raw_unit = nullptr;
    CXErrorCode code = clang_parseTranslationUnit2(
        index_.get(), umbrella_path_.c_str(), argv.data(), static_cast<int>(argv.size()), &unsaved,
        1,
        CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_KeepGoing |
            CXTranslationUnit_DetailedPreprocessingRecord,
        &raw_unit);
    UnitPtr unit(raw_unit);
    if (code != CXError_Success || unit == nullptr) {
      diagnostics.error(
          "libclang could not parse the package (error {}); check the clang arguments (-I, -D, "
          "--std= and those after --)",
          static_cast<int>(code));
      return nullptr;
    }
    return unit;
  }

 private:
  const Options& options_;
  std::string root_;
  const std::vector<std::string>& headers_;
  std::string umbrella_path_;
  std::unique_ptr<void, IndexDeleter> index_;
};

// The -std= in force: the last one given, else C++17.
int language_year(const std::vector<std::string>& clang_args) {
  int year = 17;
  for (const std::string& arg : clang_args) {
    if (arg.rfind("-std=", 0) != 0) continue;
    std::string digits;
    for (char c : arg.substr(5)) {
      if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
    }
    if (digits.size() >= 2) year = std::stoi(digits.substr(0, 2));
    if (arg.find("2a") != std::string::npos) year = 20;
    if (arg.find("2b") != std::string::npos) year = 23;
  }
  return year > 90 ? year - 100 : year;  // c++98 -> -2
}

// "ns::Res<Value>" -> the declaration that introduces the alias for it, in the template's
// namespace so that unqualified arguments are found as they would be there.
std::string alias_for_request(const std::string& alias, const std::string& requested,
                              const Declaration& templ) {
  std::string text = requested.rfind("::", 0) == 0 ? requested.substr(2) : requested;
  std::size_t angle = text.find('<');
  std::string arguments = text.substr(angle);
  std::string qualified = templ.name;
  CXCursor parent = clang_getCursorSemanticParent(templ.cursor);
  bool in_namespace = parent.kind == CXCursor_Namespace;
  std::string scope = qualified.substr(0, qualified.size() - last_component(qualified).size());
  if (in_namespace && scope.size() > 2 && scope.find("(anonymous)") == std::string::npos) {
    scope.erase(scope.size() - 2);
    return fmt::format("namespace {} {{ using {} = {}{}; }}\n", scope, alias,
                       last_component(qualified), arguments);
  }
  return fmt::format("using {} = ::{}{};\n", alias, qualified, arguments);
}

// `using OrderEnvelope = Envelope<Order>;` requested: the code is the aliased type's, which is
// the same type; say which that is.
void add_aliased_root(const Declaration& alias, const ir::TypeRequest& request,
                      ModuleBuilder& builder, Diagnostics& diagnostics) {
  CXType aliased = clang_getCanonicalType(clang_getTypedefDeclUnderlyingType(alias.cursor));
  const ir::SourceLocation where = location_of(alias.cursor);
  const std::string aliased_name = spelling(aliased);
  if (aliased.kind != CXType_Record) {
    diagnostics.error(where,
                      "'{}' is an alias of '{}', not of a struct; only structs can be generated",
                      alias.name, aliased_name);
  } else if (builder.add_root_type(aliased, request.name, request.directions)) {
    diagnostics.note(where, "'{}' is an alias of '{}': generating the code of that type",
                     alias.name, aliased_name);
  }
}

}  // namespace

bool list_package_headers(const std::vector<std::string>& package_paths, Diagnostics& diagnostics,
                          std::vector<std::string>& headers, std::string& root) {
  std::vector<fs::path> folders;
  for (const std::string& path : package_paths) {
    std::error_code ec;
    if (fs::is_regular_file(path, ec)) {
      fs::path file = fs::weakly_canonical(path);
      headers.push_back(file.string());
      folders.push_back(file.parent_path());
      continue;
    }
    if (!fs::is_directory(path, ec)) {
      diagnostics.error("package '{}' does not exist (give a folder of headers or a header file)",
                        path);
      return false;
    }
    folders.push_back(fs::weakly_canonical(path));
    fs::recursive_directory_iterator it(path, ec), end;
    if (ec) {
      diagnostics.error("cannot read package folder '{}': {}", path, ec.message());
      return false;
    }
    std::size_t before = headers.size();
    for (; it != end; it.increment(ec)) {
      if (ec) {
        diagnostics.error("cannot read package folder '{}': {}", path, ec.message());
        return false;
      }
      if (it->is_regular_file(ec) && is_header_name(it->path())) {
        headers.push_back(fs::weakly_canonical(it->path()).string());
      }
    }
    if (headers.size() == before) {
      diagnostics.error("package folder '{}' has no headers (*.h, *.hh, *.hpp, *.hxx)", path);
      return false;
    }
  }
  std::sort(headers.begin(), headers.end());
  headers.erase(std::unique(headers.begin(), headers.end()), headers.end());
  auto holds = [](const fs::path& outer, const fs::path& inner) {
    fs::path relative = inner.lexically_relative(outer);
    return !relative.empty() && relative.string().rfind("..", 0) != 0;
  };
  if (!root.empty()) {
    fs::path given = fs::weakly_canonical(root);
    for (const fs::path& folder : folders) {
      if (!holds(given, folder)) {
        diagnostics.error("--root '{}' does not hold '{}'", root, folder.string());
        return false;
      }
    }
    root = given.string();
    return true;
  }
  // The root: the deepest folder that holds every folder given.
  fs::path common = folders.empty() ? fs::current_path() : folders[0];
  for (const fs::path& folder : folders) {
    while (!holds(common, folder)) common = common.parent_path();
  }
  root = common.string();
  return true;
}

std::string libclang_version() {
  return take(clang_getClangVersion());
}

bool parse_package(const Options& options, Diagnostics& diagnostics, Result& result) {
  result.package_root = options.root;
  if (!list_package_headers(options.package_paths, diagnostics, result.headers,
                            result.package_root)) {
    return false;
  }
  const std::string& package = result.package_root;
  std::set<std::string> package_headers(result.headers.begin(), result.headers.end());
  Parser parser(options, package, result.headers);

  UnitPtr unit = parser.parse("", diagnostics);
  if (!unit) return false;
  ClangErrors errors = report_clang_errors(unit.get(), parser.umbrella_path(), {}, 0, diagnostics);
  if (errors.in_arguments) return false;
  if (errors.errors > 0) {
    // A header written for a newer standard than the one in force: say so.
    if (language_year(options.clang_args) < 20) {
      std::ostringstream ignored;
      Diagnostics quiet(ignored);
      UnitPtr newer = parser.parse("", quiet, "-std=c++20");
      if (newer && count_errors(newer.get()) == 0) {
        diagnostics.note("the headers compile as C++20; pass --std=c++20 (C++17 is the default)");
      }
    }
    diagnostics.error("the package's headers must compile before code can be generated for them{}",
                      not_shown(errors));
    return false;
  }

  // Template-ids ('Res<Value>') are resolved by clang: a second parse declares an alias for
  // each, in its template's namespace.
  Walk walk;
  walk.package_headers = &package_headers;
  walk_declarations(unit.get(), walk);
  std::string extra;
  std::vector<std::string> request_names;
  std::map<std::string, std::string> alias_of;  // request -> alias
  for (const ir::TypeRequest& request : options.types) {
    if (request.name.find('<') == std::string::npos) continue;
    if (!find_declarations(request.name, walk).empty()) continue;  // an explicit specialisation
    std::string templ_name = request.name.substr(0, request.name.find('<'));
    std::vector<const Declaration*> templates = find_declarations(templ_name, walk, true);
    if (templates.size() != 1) continue;  // reported below
    std::string alias = fmt::format("{}{}", kRequestAlias, alias_of.size());
    extra += alias_for_request(alias, request.name, *templates[0]);
    alias_of[request.name] = alias;
    request_names.push_back(request.name);
  }
  if (!extra.empty()) {
    unit = parser.parse(extra, diagnostics);
    if (!unit) return false;
    errors = report_clang_errors(unit.get(), parser.umbrella_path(), request_names,
                                 parser.first_extra_line(), diagnostics);
    if (errors.errors > 0) {
      if (errors.hidden > 0) diagnostics.error("{} more errors not shown", errors.hidden);
      return false;
    }
    walk = Walk();
    walk.package_headers = &package_headers;
    walk_declarations(unit.get(), walk);
  }

  Inclusions inclusions;
  inclusions.package_headers = &package_headers;
  clang_getInclusions(unit.get(), collect_inclusions, &inclusions);
  std::set<std::string>& files = inclusions.files;
  files.erase(parser.umbrella_path());
  files.erase(std::string());
  result.files_read.assign(files.begin(), files.end());

  ModuleBuilder builder(diagnostics, package, result.headers, walk.custom_codecs,
                        walk.explicit_specializations, walk.macros);
  builder.refuse_msgpack_c_adaptors(walk.msgpack_c_adaptors);
  std::vector<std::pair<std::string, std::string>> aliases;
  for (const Declaration& d : walk.declarations) {
    if (d.kind != Declaration::Alias) continue;
    aliases.emplace_back(
        d.name, spelling(clang_getCanonicalType(clang_getTypedefDeclUnderlyingType(d.cursor))));
  }
  builder.know_aliases(std::move(aliases));
  builder.know_includers(std::move(inclusions.package_includer));
  for (const ir::TypeRequest& request : options.types) {
    auto alias = alias_of.find(request.name);
    if (alias != alias_of.end()) {
      auto type = walk.requested_types.find(alias->second);
      if (type != walk.requested_types.end()) {
        builder.add_root_type(type->second, request.name, request.directions);
        continue;
      }
    }
    std::vector<const Declaration*> matches = find_declarations(request.name, walk);
    if (matches.empty() && request.name.find('<') != std::string::npos) {
      std::string templ_name = request.name.substr(0, request.name.find('<'));
      std::vector<const Declaration*> templates = find_declarations(templ_name, walk, true);
      if (templates.empty()) {
        diagnostics.error("no class template named '{}' in the package", templ_name);
      } else {
        diagnostics.error("'{}' is ambiguous; qualify it: {}", templ_name, names_of(templates));
      }
      continue;
    }
    if (matches.empty()) {
      report_unknown(request.name, walk, diagnostics);
      continue;
    }
    if (matches.size() > 1) {
      diagnostics.error("'{}' is ambiguous; qualify it: {}", request.name, names_of(matches));
      continue;
    }
    const Declaration& found = *matches[0];
    // No temporaries in the cases: clang 14's AddressSanitizer reports a use after scope when one
    // case's temporary is cleaned up on leaving the switch through another (the sanitizer build
    // instruments the generator).
    const ir::SourceLocation where = location_of(found.cursor);
    switch (found.kind) {
      case Declaration::Struct:
      case Declaration::ClassTemplate:
        builder.add_root(found.cursor, request.directions, found.name);
        break;
      case Declaration::Union:
        diagnostics.error(where, "'{}' is a union; only structs can be generated", found.name);
        break;
      case Declaration::Enum:
        diagnostics.error(where,
                          "'{}' is an enum; enums need no generated code, they are encoded as "
                          "their underlying integer",
                          found.name);
        break;
      case Declaration::Alias:
        add_aliased_root(found, request, builder, diagnostics);
        break;
    }
  }
  result.module = builder.finish();
  if (!diagnostics.ok()) return false;

  // A struct with readExtraField takes a msgpack_gen::Reader, so its header must include the
  // runtime itself; in the umbrella another header may have done it for it.
  std::set<std::string> checked;
  for (const ir::Struct& s : result.module.structs) {
    const std::string& header = s.location.file;
    if (!s.has_read_extra_field || !package_headers.count(header)) continue;
    if (!checked.insert(header).second) continue;
    std::ostringstream ignored;
    Diagnostics quiet(ignored);
    std::vector<std::string> alone{header};
    UnitPtr single = parser.parse("", quiet, "", &alone);
    if (single && count_errors(single.get()) > 0) {
      diagnostics.error(s.location,
                        "struct {} declares readExtraField, but its header does not compile on "
                        "its own (it compiled here only after other headers of the package); "
                        "include <msgpack_gen/reader.hpp> in it",
                        s.id);
      ClangErrors errors =
          report_clang_errors(single.get(), parser.umbrella_path(), {}, 0, diagnostics);
      if (errors.hidden > 0) diagnostics.error("{} more errors not shown", errors.hidden);
    }
  }
  return diagnostics.ok();
}

}  // namespace msgpack_gen::frontend
