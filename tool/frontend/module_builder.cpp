#include "frontend/module_builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <deque>
#include <filesystem>
#include <iterator>
#include <optional>
#include <tuple>
#include <utility>

#include "frontend/clang_util.hpp"
#include "frontend/class_hierarchy.hpp"
#include "frontend/tags.hpp"
#include "ir/validate.hpp"
#include "support/text.hpp"

namespace msgpack_gen::frontend {
namespace {

constexpr const char* kTagPrefix = "msgpack:";

// The MSGPACK_TAG text attached to a declaration, if any.
bool find_tag(CXCursor c, std::string& tag) {
  struct Search {
    bool found = false;
    std::string text;
  } search;
  clang_visitChildren(
      c,
      [](CXCursor child, CXCursor, CXClientData data) {
        auto* s = static_cast<Search*>(data);
        if (child.kind == CXCursor_AnnotateAttr) {
          std::string text = spelling(child);
          if (text.rfind(kTagPrefix, 0) == 0) {
            s->found = true;
            s->text = text.substr(std::char_traits<char>::length(kTagPrefix));
            return CXChildVisit_Break;
          }
        }
        return CXChildVisit_Continue;
      },
      &search);
  tag = search.text;
  return search.found;
}

bool is_byte_type(CXType t) {
  switch (t.kind) {
    case CXType_Char_S:
    case CXType_Char_U:
    case CXType_UChar:
      return true;
    case CXType_Enum:
      return qualified_name(clang_getTypeDeclaration(t)) == "std::byte";
    default:
      return false;
  }
}

// Integer kinds: bits and signedness; false for anything else.
bool integer_kind(CXType t, unsigned& bits, bool& is_signed) {
  switch (t.kind) {
    case CXType_Char_S:
    case CXType_SChar:
    case CXType_Short:
    case CXType_Int:
    case CXType_Long:
    case CXType_LongLong:
      is_signed = true;
      break;
    case CXType_Char_U:
    case CXType_UChar:
    case CXType_UShort:
    case CXType_UInt:
    case CXType_ULong:
    case CXType_ULongLong:
      is_signed = false;
      break;
    default:
      return false;
  }
  bits = static_cast<unsigned>(clang_Type_getSizeOf(t) * 8);
  return true;
}

// Whether a template parameter is a pack (`class... Ts`, `int... Ns`): libclang 14 has no query
// for it (nor does the template's display name show it), so look for the `...` token.
bool is_parameter_pack(CXCursor param) {
  if (param.kind != CXCursor_TemplateTypeParameter &&
      param.kind != CXCursor_NonTypeTemplateParameter &&
      param.kind != CXCursor_TemplateTemplateParameter) {
    return false;
  }
  CXTranslationUnit unit = clang_Cursor_getTranslationUnit(param);
  CXToken* tokens = nullptr;
  unsigned count = 0;
  clang_tokenize(unit, clang_getCursorExtent(param), &tokens, &count);
  bool pack = false;
  for (unsigned i = 0; i < count && !pack; ++i) {
    pack = clang_getTokenKind(tokens[i]) == CXToken_Punctuation &&
           take(clang_getTokenSpelling(unit, tokens[i])) == "...";
  }
  clang_disposeTokens(unit, tokens, count);
  return pack;
}

constexpr std::size_t kNoOwner = static_cast<std::size_t>(-1);

// Whether an enum declares its underlying type: scoped enums always do (int by default), an
// unscoped one only with `enum E : type`.
bool has_fixed_underlying_type(CXCursor decl) {
  if (clang_EnumDecl_isScoped(decl)) return true;
  CXTranslationUnit unit = clang_Cursor_getTranslationUnit(decl);
  CXToken* tokens = nullptr;
  unsigned count = 0;
  clang_tokenize(unit, clang_getCursorExtent(decl), &tokens, &count);
  bool fixed = false;
  for (unsigned i = 0; i < count; ++i) {
    std::string text = take(clang_getTokenSpelling(unit, tokens[i]));
    if (text == "{") break;
    if (text == ":") fixed = true;
  }
  clang_disposeTokens(unit, tokens, count);
  return fixed;
}

bool name_is_std(CXCursor decl) {
  return qualified_name(decl).rfind("std::", 0) == 0;
}

std::string relative_to(const std::string& path, const std::string& base) {
  return std::filesystem::path(path).lexically_relative(base).generic_string();
}

// Said for `union { int i; float f; };` inside a struct, wherever libclang shows it.
std::string anonymous_member(const std::string& owner) {
  return fmt::format(
      "struct {}: anonymous struct or union members are not supported; give the member a name",
      owner);
}

CXType template_argument(CXType type, int i) {
  return clang_getCanonicalType(clang_Type_getTemplateArgumentAsType(type, i));
}

// Checks the standard types below run once their element types are mapped: each may refine
// `out`, and returns why the type is refused, or nullptr.
const char* chars_only(CXType type, ir::Type&) {
  bool of_char = clang_Type_getNumTemplateArguments(type) >= 1 &&
                 template_argument(type, 0).kind == CXType_Char_S;
  return of_char ? nullptr : "only strings of char are supported";
}
const char* bytes_are_bin(CXType type, ir::Type& out) {
  if (is_byte_type(template_argument(type, 0))) {
    out.kind = ir::TypeKind::Bytes;
    out.args.clear();
  }
  return nullptr;
}
const char* array_size(CXType type, ir::Type& out) {
  long long value = clang_Cursor_getTemplateArgumentValue(clang_getTypeDeclaration(type), 1);
  long long whole = clang_Type_getSizeOf(type);
  long long one = clang_Type_getSizeOf(template_argument(type, 0));
  out.array_size = static_cast<std::size_t>(value > 0 ? value : (one > 0 ? whole / one : 0));
  return nullptr;
}
const char* map_key(CXType, ir::Type& out) {
  ir::TypeKind key = out.args[0].kind;
  bool fits = key == ir::TypeKind::String || key == ir::TypeKind::Int ||
              key == ir::TypeKind::Enum || key == ir::TypeKind::Custom;
  return fits ? nullptr : "map keys must be strings or integers";
}
const char* system_clock_only(CXType type, ir::Type&) {
  return spelling(template_argument(type, 0)).find("system_clock") != std::string::npos
             ? nullptr
             : "only system_clock time points map to msgpack timestamps";
}

// The standard class templates msgpack-gen encodes (docs/std-types.md): the IR kind, how many
// of the template arguments are element types (mapped into Type::args, in order), and a check.
// Adding a type is one line here, and its codec in the runtime.
constexpr int kEveryArgument = -1;
struct StdTemplate {
  std::string_view name;
  ir::TypeKind kind;
  int elements = 0;
  const char* (*check)(CXType type, ir::Type& out) = nullptr;
};
constexpr StdTemplate kStdTemplates[] = {
    {"std::basic_string", ir::TypeKind::String, 0, chars_only},
    {"std::basic_string_view", ir::TypeKind::StringView, 0, chars_only},
    {"std::vector", ir::TypeKind::Vector, 1, bytes_are_bin},
    {"std::array", ir::TypeKind::Array, 1, array_size},
    {"std::map", ir::TypeKind::Map, 2, map_key},
    {"std::unordered_map", ir::TypeKind::Map, 2, map_key},
    {"std::optional", ir::TypeKind::Optional, 1},
    {"std::deque", ir::TypeKind::Sequence, 1},
    {"std::list", ir::TypeKind::Sequence, 1},
    {"std::set", ir::TypeKind::Sequence, 1},
    {"std::multiset", ir::TypeKind::Sequence, 1},
    {"std::unordered_set", ir::TypeKind::Sequence, 1},
    {"std::unordered_multiset", ir::TypeKind::Sequence, 1},
    {"std::pair", ir::TypeKind::Tuple, kEveryArgument},
    {"std::tuple", ir::TypeKind::Tuple, kEveryArgument},
    {"std::variant", ir::TypeKind::Variant, kEveryArgument},
    {"std::unique_ptr", ir::TypeKind::Pointer, 1},
    {"std::shared_ptr", ir::TypeKind::Pointer, 1},
    {"std::chrono::time_point", ir::TypeKind::Timestamp, 0, system_clock_only},
    {"std::chrono::duration", ir::TypeKind::Duration, 0},
};

const StdTemplate* find_std_template(std::string_view name) {
  for (const StdTemplate& known : kStdTemplates) {
    if (known.name == name) return &known;
  }
  return nullptr;
}

// Standard class templates with no msgpack form, and what to do instead.
constexpr std::pair<std::string_view, std::string_view> kStdTemplateHints[] = {
    {"std::function",
     "a callable is not data: leave it out with MSGPACK_TAG(\"-\"), or move it out of the DTO"},
};

std::string_view std_template_hint(std::string_view name) {
  for (const auto& [templ, hint] : kStdTemplateHints) {
    if (templ == name) return hint;
  }
  return {};
}

// msgpack-c's own value types (namespace msgpack, or clmdep_msgpack as rpclib embeds it) that a
// member may have, each with what msgpack-gen does instead. nil_t is written as msgpack-c writes
// it (ir::TypeKind::Nil); every other is refused, never written another way.
// docs/migrating-from-msgpack-c.md lists the same.
constexpr std::pair<std::string_view, std::string_view> kMsgpackCTypes[] = {
    {"raw_ref", "use std::string, or std::string_view to decode without a copy"},
    {"v4raw_ref", "use std::string (msgpack-gen writes the str forms of the current spec)"},
    {"ext", "use msgpack_gen's extension types (msgpack_gen/ext/) or a msgpack_gen::codec"},
    {"ext_ref", "use msgpack_gen's extension types (msgpack_gen/ext/) or a msgpack_gen::codec"},
    {"array_ref", "use std::vector or std::array, written as the same array"},
    {"tuple", "use std::tuple, written as the same array"},
    {"define", "list the members in a MSGPACK_DEFINE instead"},
    {"define_array", "list the members in a MSGPACK_DEFINE_ARRAY instead"},
    {"define_map", "list the members in a MSGPACK_DEFINE_MAP instead"},
    {"fix_int",
     "msgpack-c writes it in its fixed width, msgpack-gen writes integers in the "
     "smallest form; use the plain integer type if the peer accepts that, or a "
     "msgpack_gen::codec that writes the fixed form"},
    {"size_equal_only", "use the container itself (msgpack-gen checks lengths with ,limit=N)"},
    {"assoc_vector", "use std::map, written as the same map"},
    {"object", "use msgpack_gen::RawMsgpack to keep a value's raw msgpack (docs/tarantool.md)"},
    {"object_handle", "use msgpack_gen::RawMsgpack to keep a value's raw msgpack"},
    {"variant", "use std::variant (written as [index, value]) or msgpack_gen::RawMsgpack"},
    {"variant_ref", "use std::variant (written as [index, value]) or msgpack_gen::RawMsgpack"},
};

// "msgpack::type::raw_ref" -> "raw_ref"; empty when the name is not in msgpack-c's namespace.
std::string_view msgpack_c_type_name(std::string_view qualified) {
  for (std::string_view scope : {"msgpack::", "clmdep_msgpack::"}) {
    if (qualified.substr(0, scope.size()) != scope) continue;
    std::size_t angle = qualified.find('<');
    std::string_view name = qualified.substr(0, angle);
    std::size_t colon = name.rfind("::");
    return name.substr(colon + 2);
  }
  return {};
}

std::string_view msgpack_c_type_hint(std::string_view name) {
  if (name.rfind("fix_", 0) == 0) name = "fix_int";  // fix_int8 ... fix_uint64
  for (const auto& [type, hint] : kMsgpackCTypes) {
    if (type == name) return hint;
  }
  return "use a standard type msgpack-gen encodes (docs/std-types.md) or a msgpack_gen::codec";
}

// The standard library's integer typedefs whose underlying type differs between platforms
// (std::uint64_t is unsigned long on Linux x86-64, unsigned long long on Windows).
constexpr std::string_view kStdIntegerTypedefs[] = {
    "int8_t",         "int16_t",       "int32_t",       "int64_t",        "uint8_t",
    "uint16_t",       "uint32_t",      "uint64_t",      "int_least8_t",   "int_least16_t",
    "int_least32_t",  "int_least64_t", "uint_least8_t", "uint_least16_t", "uint_least32_t",
    "uint_least64_t", "int_fast8_t",   "int_fast16_t",  "int_fast32_t",   "int_fast64_t",
    "uint_fast8_t",   "uint_fast16_t", "uint_fast32_t", "uint_fast64_t",  "intmax_t",
    "uintmax_t",      "intptr_t",      "uintptr_t",     "size_t",         "ptrdiff_t",
};

// "uint64_t" for the C library's or std's uint64_t (and the others above); empty otherwise.
std::string std_integer_typedef(CXCursor typedef_decl) {
  if (!in_system_header(typedef_decl)) return {};
  std::string name = spelling(typedef_decl);
  if (std::find(std::begin(kStdIntegerTypedefs), std::end(kStdIntegerTypedefs), name) ==
      std::end(kStdIntegerTypedefs)) {
    return {};
  }
  std::string scope = qualified_name(typedef_decl);
  return scope == name || scope == "std::" + name ? name : std::string();
}

// Whether `canonical` is an integer type that the standard typedef `name` may stand for: the
// signedness it promises, and for the exact-width ones the width.
bool fits_std_integer_typedef(const std::string& name, CXType canonical) {
  unsigned bits = 0;
  bool is_signed = false;
  if (std::find(std::begin(kStdIntegerTypedefs), std::end(kStdIntegerTypedefs), name) ==
          std::end(kStdIntegerTypedefs) ||
      !integer_kind(canonical, bits, is_signed)) {
    return false;
  }
  bool wants_signed = name != "size_t" && name[0] != 'u';
  std::size_t digits = name.find_first_of("0123456789");
  bool exact = name.find('_') == name.size() - 2;  // int64_t, not int_least64_t
  return is_signed == wants_signed &&
         (digits == std::string::npos || !exact || std::stoul(name.substr(digits)) == bits);
}

// The top-level template arguments of a type's spelling, defaulted ones left out as clang leaves
// them out: "std::array<int, 4>" -> {"int", "4"}; none when it does not end in one.
std::vector<std::string> spelled_template_args(const std::string& text) {
  auto trim = [](const std::string& arg) {
    std::size_t first = arg.find_first_not_of(' ');
    if (first == std::string::npos) return std::string();
    return arg.substr(first, arg.find_last_not_of(' ') + 1 - first);
  };
  std::vector<std::string> args;
  if (text.empty() || text.back() != '>') return args;
  std::size_t open = text.size() - 1;  // the '<' that the last '>' closes
  for (int depth = 0; open-- > 0;) {
    if (text[open] == '>') ++depth;
    if (text[open] == '<' && depth-- == 0) break;
  }
  // None either for a member template of a specialisation (`Outer<int>::Inner<char>`), which
  // its template's qualified name alone (`Outer::Inner`) does not name.
  if (open == std::string::npos || text.find_first_of("<>") < open) return args;
  std::string current;
  int depth = 0;
  for (std::size_t i = open + 1; i + 1 < text.size(); ++i) {
    char c = text[i];
    if (c == '<' || c == '(' || c == '[') ++depth;
    if (c == '>' || c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      args.push_back(trim(current));
      current.clear();
    } else {
      current += c;
    }
  }
  args.push_back(trim(current));
  return args;
}

// A canonical type's spelling, the same with every libclang: libclang 19 spells an explicit
// specialisation with its arguments as its declaration wrote them (`ns::Res<Value>`, which names
// nothing outside namespace ns), libclang 14 as canonical types (`ns::Res<ns::Value>`). So a
// class template's specialisation is its template's qualified name and its arguments, each
// spelt so in turn; defaulted arguments are left out, as clang leaves them out.
std::string canonical_spelling(CXType canonical) {
  std::string fallback = spelling(canonical);
  CXCursor templ = clang_getSpecializedCursorTemplate(clang_getTypeDeclaration(canonical));
  std::vector<std::string> spelled = spelled_template_args(fallback);
  if (clang_Cursor_isNull(templ) || spelled.empty() ||
      clang_Type_getNumTemplateArguments(canonical) < static_cast<int>(spelled.size())) {
    return fallback;
  }
  for (std::size_t i = 0; i < spelled.size(); ++i) {
    CXType arg = clang_Type_getTemplateArgumentAsType(canonical, static_cast<unsigned>(i));
    if (arg.kind != CXType_Invalid) spelled[i] = canonical_spelling(clang_getCanonicalType(arg));
  }
  std::string cv = std::string(clang_isConstQualifiedType(canonical) ? "const " : "") +
                   (clang_isVolatileQualifiedType(canonical) ? "volatile " : "");
  return fmt::format("{}{}<{}>", cv, qualified_name(templ), fmt::join(spelled, ", "));
}

// Whether a type's spelling names it with a scope or keyword ("std::vector<Sub>", "struct P"),
// not by a bare name ("Point", "Request<Other>"); qualifiers (const) aside.
bool spelt_with_scope(std::string text) {
  for (std::string_view prefix : {"const ", "volatile "}) {
    if (text.rfind(prefix, 0) == 0) text.erase(0, prefix.size());
  }
  for (std::string_view keyword : {"struct ", "class ", "enum ", "union ", "typename "}) {
    if (text.rfind(keyword, 0) == 0) return true;
  }
  return text.substr(0, text.find('<')).find("::") != std::string::npos;
}

// A type as the user wrote it, for comments, messages and contracts, spelt the same with every
// libclang. libclang 14 spells a type written with a scope as written (`std::vector<Sub>`) and
// one written by a bare name with its scope (`Point` as `golden::Point`, `Request<Other>` as
// `Request<generic::Other>`); libclang 19 wraps every named type in an elaborated type, which
// it spells as written (`Point`). This spells the bare names as libclang 14 does, with either.
std::string display_spelling(CXType t) {
  std::string text = spelling(t);
  if (t.kind == CXType_Elaborated) {
    if (spelt_with_scope(text)) return text;
    std::string cv = text.rfind("const ", 0) == 0 ? "const " : "";
    if (text.rfind("volatile ", cv.size()) == cv.size()) cv += "volatile ";
    return cv + display_spelling(clang_Type_getNamedType(t));
  }
  if (t.kind == CXType_ConstantArray) {  // T[2][3]: the element's spelling, then each bound
    std::string bounds;
    CXType element = t;
    while (element.kind == CXType_ConstantArray) {
      bounds += fmt::format("[{}]", clang_getArraySize(element));
      element = clang_getArrayElementType(element);
    }
    std::string spelt = display_spelling(element);
    return spelt.find('[') == std::string::npos ? spelt + bounds : text;
  }
  if (t.kind == CXType_Pointer) {
    return display_spelling(clang_getPointeeType(t)) + " *" +
           (clang_isConstQualifiedType(t) ? "const" : "");
  }
  // A bare template-id (`Request<Other>`): its name as written, each argument spelt so in turn.
  std::vector<std::string> args = spelled_template_args(text);
  int count = clang_Type_getNumTemplateArguments(t);
  if (t.kind != CXType_Unexposed || args.empty() || count != static_cast<int>(args.size())) {
    return text;
  }
  for (int i = 0; i < count; ++i) {
    CXType arg = clang_Type_getTemplateArgumentAsType(t, static_cast<unsigned>(i));
    if (arg.kind != CXType_Invalid) args[i] = display_spelling(arg);
  }
  std::size_t open = text.size() - 1;  // the '<' that the last '>' closes
  for (int depth = 0; open-- > 0;) {
    if (text[open] == '>') ++depth;
    if (text[open] == '<' && depth-- == 0) break;
  }
  return fmt::format("{}<{}>", text.substr(0, open), fmt::join(args, ", "));
}

// A type as generated code names it outside the user's scopes: the canonical type (every alias
// resolved, every name qualified), except that the standard integer typedefs keep their names,
// also inside arrays and template arguments. Their canonical spellings name the build host's
// type (`unsigned long` for std::uint64_t), which is another type on Windows, so code spelt
// that way would not compile there, nor would goldens match what the tool writes there.
std::string portable_spelling(CXType type) {
  CXType canonical = clang_getCanonicalType(type);
  std::string fallback = canonical_spelling(canonical);
  std::string cv = std::string(clang_isConstQualifiedType(canonical) ? "const " : "") +
                   (clang_isVolatileQualifiedType(canonical) ? "volatile " : "");
  CXType t = type;
  for (;;) {  // look through what was written down to a standard integer typedef
    if (t.kind == CXType_Elaborated) {
      t = clang_Type_getNamedType(t);
    } else if (t.kind == CXType_Typedef) {
      CXCursor decl = clang_getTypeDeclaration(t);
      std::string name = std_integer_typedef(decl);
      if (!name.empty()) return cv + "std::" + name;
      t = clang_getTypedefDeclUnderlyingType(decl);
    } else if (t.kind == CXType_Unexposed && clang_Type_getNumTemplateArguments(t) < 0) {
      // `std::uint64_t` names ::uint64_t through a using-declaration, a type that libclang
      // shows neither as a typedef nor with its declaration: known by its name, when its type is
      // an integer that name can stand for.
      std::string name = spelling(t);
      for (std::string_view qualifier : {"const ", "volatile "}) {
        if (name.rfind(qualifier, 0) == 0) name.erase(0, qualifier.size());
      }
      if (fits_std_integer_typedef(name, clang_getCanonicalType(t))) return cv + "std::" + name;
      break;
    } else {
      break;
    }
  }
  if (t.kind == CXType_ConstantArray) {  // T[2][3]: the element's spelling, then each bound
    std::string bounds;
    while (t.kind == CXType_ConstantArray) {
      bounds += fmt::format("[{}]", clang_getArraySize(t));
      t = clang_getArrayElementType(t);
    }
    std::string element = portable_spelling(t);
    return element.find('[') == std::string::npos ? element + bounds : fallback;
  }
  // A class template's specialisation as written (`std::vector<std::uint64_t>`): the template's
  // name and each written argument, checked against the canonical type's. Anything else (an
  // alias template, a pack, a template template argument) keeps the canonical spelling.
  int count = clang_Type_getNumTemplateArguments(t);
  std::string written = spelling(t);
  if (count <= 0 || canonical.kind != CXType_Record || written.find('<') == std::string::npos) {
    return fallback;
  }
  CXCursor decl = clang_getTypeDeclaration(canonical);
  CXCursor templ = clang_getSpecializedCursorTemplate(decl);
  std::string written_name = written.substr(0, written.find('<'));
  std::size_t colon = written_name.rfind("::");
  if (colon != std::string::npos) written_name = written_name.substr(colon + 2);
  if (clang_Cursor_isNull(templ) || written_name != spelling(templ) ||
      count > clang_Type_getNumTemplateArguments(canonical)) {
    return fallback;
  }
  // A non-type argument (`4` in std::array<T, 4>) as the canonical type spells it.
  std::vector<std::string> spelled = spelled_template_args(fallback);
  std::vector<std::string> args;
  for (int i = 0; i < count; ++i) {
    CXType arg = clang_Type_getTemplateArgumentAsType(t, i);
    CXType expected = clang_Type_getTemplateArgumentAsType(canonical, i);
    if (arg.kind != CXType_Invalid) {
      if (!clang_equalTypes(clang_getCanonicalType(arg), expected)) return fallback;
      args.push_back(portable_spelling(arg));
    } else if (expected.kind == CXType_Invalid && static_cast<std::size_t>(i) < spelled.size()) {
      args.push_back(spelled[i]);
    } else {
      return fallback;
    }
  }
  std::string name = qualified_name(templ);
  return fmt::format("{}{}<{}>", cv, name, fmt::join(args, ", "));
}

}  // namespace

ModuleBuilder::ModuleBuilder(Diagnostics& diagnostics, std::string package_dir,
                             std::vector<std::string> package_headers,
                             std::set<std::string> custom_codecs,
                             std::set<std::string> explicit_specializations,
                             const MsgpackCMacros& macros)
    : diagnostics_(diagnostics),
      package_dir_(std::move(package_dir)),
      package_headers_(std::move(package_headers)),
      custom_codecs_(std::move(custom_codecs)),
      explicit_specializations_(std::move(explicit_specializations)),
      macros_(macros) {}

void ModuleBuilder::add_root(CXCursor definition, unsigned directions, const std::string& name) {
  std::size_t index;
  if (definition.kind == CXCursor_ClassTemplate) {
    index = add_template(definition);
  } else if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(definition))) {
    index = record_node(clang_getCanonicalType(clang_getCursorType(definition)),
                        location_of(definition), "", "", kNoOwner);
    if (index == kNoOwner) return;
  } else {
    index = add_struct(definition, "::" + name, "::" + name, name);
  }
  roots_.emplace_back(index, directions);
}

bool ModuleBuilder::add_root_type(CXType type, const std::string& requested, unsigned directions) {
  CXType canonical = clang_getCanonicalType(type);
  CXCursor decl = clang_getTypeDeclaration(canonical);
  if (canonical.kind != CXType_Record || !is_record_kind(decl.kind)) {
    diagnostics_.error("'{}' is not a struct or class; only structs can be generated", requested);
    return false;
  }
  std::size_t index = record_node(canonical, location_of(decl), "", "", kNoOwner);
  if (index == kNoOwner) return false;
  roots_.emplace_back(index, directions);
  return true;
}

std::size_t ModuleBuilder::add_template(CXCursor templ) {
  std::string name = qualified_name(templ);
  std::string usr = take(clang_getCursorUSR(templ));
  auto known = by_usr_.find(usr);
  if (known != by_usr_.end()) return known->second;

  std::vector<ir::TemplateParam> params;
  struct Collect {
    std::vector<ir::TemplateParam>* params;
    std::vector<std::string> problems;
  } collect{&params, {}};
  clang_visitChildren(
      templ,
      [](CXCursor child, CXCursor, CXClientData data) {
        auto* c = static_cast<Collect*>(data);
        std::string param = spelling(child);
        if (is_parameter_pack(child)) {
          c->problems.push_back(fmt::format("a parameter pack ('{}')", param));
          return CXChildVisit_Continue;
        }
        switch (child.kind) {
          case CXCursor_TemplateTypeParameter:
            c->params->push_back({param, "class " + param});
            break;
          case CXCursor_NonTypeTemplateParameter:
            c->params->push_back(
                {param, fmt::format("{} {}", spelling(clang_getCursorType(child)), param)});
            break;
          case CXCursor_TemplateTemplateParameter:
            c->problems.push_back(fmt::format("template template parameter '{}'", param));
            break;
          default:
            break;
        }
        return CXChildVisit_Continue;
      },
      &collect);
  for (const std::string& problem : collect.problems) {
    diagnostics_.error(location_of(templ), "class template {} has {}, which is not supported", name,
                       problem);
  }
  std::vector<std::string> names;
  for (const ir::TemplateParam& param : params) names.push_back(param.name);
  std::string cpp_name = fmt::format("::{}<{}>", name, fmt::join(names, ", "));
  return add_struct(templ, cpp_name, cpp_name, name, std::move(params));
}

void ModuleBuilder::add_base(std::size_t index, CXCursor base_specifier, bool nest) {
  ir::SourceLocation where = location_of(base_specifier);
  const std::string owner = nodes_[index].ir.id;
  CXType type = clang_getCanonicalType(clang_getCursorType(base_specifier));
  // A tag base (no data members, as `MessageBase<Kind>` holding only constants) puts nothing
  // on the wire, whatever its kind or access.
  if (!has_data_members(type)) return;
  if (clang_getCXXAccessSpecifier(base_specifier) != CX_CXXPublic) {
    diagnostics_.error(where,
                       "struct {}: base class {} is not public, so its fields cannot be read; "
                       "make it public",
                       owner, spelling(base_specifier));
    return;
  }
  CXCursor decl = clang_getTypeDeclaration(type);
  if (type.kind != CXType_Record || !is_record_kind(decl.kind) || in_system_header(decl) ||
      name_is_std(decl)) {
    diagnostics_.error(where,
                       "struct {}: base class {} is not supported; only plain structs can be "
                       "bases",
                       owner, spelling(base_specifier));
    return;
  }
  std::size_t base = record_node(type, where, "", "", index);
  if (base == kNoOwner) return;
  nodes_[index].children.push_back(base);
  if (!nest) {
    nodes_[index].ir.bases.push_back(nodes_[base].ir.id);
    return;
  }
  // nest_bases: the base is one value under its name, as msgpack-c's MSGPACK_BASE_MAP writes it.
  ir::Field field;
  const std::string& id = nodes_[base].ir.id;
  std::size_t colon = id.rfind("::");
  field.name = field.key = colon == std::string::npos ? id : id.substr(colon + 2);
  field.is_base = true;
  field.type.kind = ir::TypeKind::Struct;
  field.type.struct_id = id;
  field.type.spelling = "::" + portable_spelling(clang_getCursorType(base_specifier));
  field.location = where;
  nodes_[index].ir.fields.push_back(std::move(field));
}

std::size_t ModuleBuilder::add_struct(CXCursor definition, const std::string& cpp_name,
                                      const std::string& member_base, const std::string& id,
                                      std::vector<ir::TemplateParam> template_params) {
  std::string usr = take(clang_getCursorUSR(definition));
  if (usr.empty()) usr = id;
  auto known = by_usr_.find(usr);
  if (known != by_usr_.end()) return known->second;

  std::size_t index = nodes_.size();
  by_usr_.emplace(usr, index);
  by_id_.emplace(id, index);  // ids are unique; were one not, the first would be found, as before
  open_.push_back(index);
  nodes_.emplace_back();
  StructTag tag;
  {
    Node& node = nodes_.back();
    node.ir.id = id;
    node.ir.template_params = std::move(template_params);
    node.ir.cpp_name = cpp_name;
    node.ir.location = location_of(definition);
    node.header_abs = node.ir.location.file;
    node.in_package = std::find(package_headers_.begin(), package_headers_.end(),
                                node.header_abs) != package_headers_.end();

    std::string tag_text;
    if (find_tag(definition, tag_text)) {
      std::string problem = parse_struct_tag(tag_text, tag);
      if (!problem.empty()) {
        diagnostics_.error(node.ir.location, "struct {}: {}", id, problem);
      }
      node.ir.as_array = tag.as_array;
      node.ir.strict = tag.strict;
    }
  }
  scan_methods(index, definition);
  // A class nested privately in another cannot be named by generated code outside it.
  CX_CXXAccessSpecifier access = clang_getCXXAccessSpecifier(definition);
  if ((access == CX_CXXPrivate || access == CX_CXXProtected) &&
      cpp_name.rfind("decltype(", 0) != 0) {
    diagnostics_.error(nodes_[index].ir.location,
                       "struct {} is declared {} inside its class, so generated code cannot "
                       "name it; make the nested type public (its members may stay private)",
                       id, access == CX_CXXPrivate ? "private" : "protected");
  }
  // What msgpack-c writes for the struct is what its msgpack_pack writes: found as C++ finds it,
  // in the struct's body or, failing that, in its bases'.
  PackLookup pack = macros_.lookup_pack(definition);
  const ir::SourceLocation where = nodes_[index].ir.location;
  const bool inherited = !clang_equalCursors(pack.owner, definition);
  const std::string owner_name =
      pack.kind == PackLookup::None ? std::string() : spelling(clang_getCursorType(pack.owner));
  switch (pack.kind) {
    case PackLookup::Macro: {
      const MacroUse& macro = pack.use;
      auto contradicts = [&](bool said, const char* option, const char* why) {
        if (said) {
          diagnostics_.error(where, "struct {}: the tag option '{}' contradicts {}, which {}", id,
                             option, macro.macro, why);
        }
      };
      contradicts(tag.as_array && !macro.as_array, "as_array", "writes a map");
      contradicts(tag.as_map && macro.as_array, "as_map", "writes an array");
      contradicts(tag.nest_bases, "nest_bases", "says itself which bases are written and how");
      contradicts(tag.private_fields, "private_fields", "says itself which members are written");
      if (inherited && !pack.public_path) {
        diagnostics_.error(where,
                           "struct {} inherits msgpack_pack from {} through a base that is not "
                           "public, so msgpack-c cannot call it either; make the base public, or "
                           "give {} a msgpack-c macro of its own",
                           id, owner_name, id);
        break;
      }
      if (inherited) {
        nodes_[index].ir.msgpack_c_layout_from = owner_name;
        warn_unwritten_members(index, definition, owner_name, macro.macro);
      }
      nodes_[index].ir.as_array = macro.as_array;
      nodes_[index].ir.from_msgpack_c = true;
      add_macro_fields(index, pack.owner, member_base, macro);
      break;
    }
    case PackLookup::HandWritten:
      diagnostics_.error(where,
                         "struct {} {} msgpack-c's msgpack_pack/msgpack_unpack, but not from a "
                         "MSGPACK_DEFINE, MSGPACK_DEFINE_ARRAY or MSGPACK_DEFINE_MAP written in "
                         "{} body, so msgpack-gen cannot tell what they write; use one of those "
                         "macros directly, or give the type a msgpack_gen::codec "
                         "(docs/runtime.md)",
                         id, inherited ? "inherits" : "has",
                         inherited ? "its base " + owner_name + "'s" : "its");
      break;
    case PackLookup::Ambiguous:
      diagnostics_.error(where,
                         "struct {} has no msgpack-c macro of its own and inherits one from more "
                         "than one base ({}), so msgpack-c cannot pack it either (the call is "
                         "ambiguous); give {} a MSGPACK_DEFINE... of its own",
                         id, fmt::join(pack.owners, ", "), id);
      break;
    case PackLookup::None:
      add_fields(index, definition, member_base, tag.private_fields, tag.nest_bases);
      break;
  }
  open_.pop_back();
  return index;
}

void ModuleBuilder::warn_unwritten_members(std::size_t index, CXCursor definition,
                                           const std::string& base, const std::string& macro) {
  std::vector<std::string> names;
  clang_visitChildren(
      definition,
      [](CXCursor child, CXCursor, CXClientData data) {
        if (child.kind == CXCursor_FieldDecl) {
          static_cast<std::vector<std::string>*>(data)->push_back("'" + spelling(child) + "'");
        }
        return CXChildVisit_Continue;
      },
      &names);
  if (names.empty()) return;
  diagnostics_.warning(nodes_[index].ir.location,
                       "struct {} has no msgpack-c macro of its own, so msgpack-c packs it with "
                       "the {} of its base {}, and so does msgpack-gen: its own members ({}) are "
                       "not written; list them in a macro of {} to write them",
                       nodes_[index].ir.id, macro, base, fmt::join(names, ", "),
                       nodes_[index].ir.id);
}

void ModuleBuilder::scan_methods(std::size_t index, CXCursor definition) {
  struct Visit {
    ModuleBuilder* self;
    std::size_t index;
  } visit{this, index};
  clang_visitChildren(
      definition,
      [](CXCursor child, CXCursor, CXClientData data) {
        auto* v = static_cast<Visit*>(data);
        if (child.kind != CXCursor_CXXMethod) return CXChildVisit_Continue;
        ir::Struct& s = v->self->nodes_[v->index].ir;
        std::string name = spelling(child);
        if (name == "alterFieldCount") {
          if (!clang_CXXMethod_isConst(child) || clang_Cursor_getNumArguments(child) != 0) {
            v->self->diagnostics_.error(location_of(child),
                                        "struct {}: alterFieldCount must be declared as "
                                        "`<integer> alterFieldCount() const`",
                                        s.id);
          } else {
            s.has_alter_field_count = true;
          }
        } else if (name == "readExtraField") {
          s.has_read_extra_field = true;
        }
        return CXChildVisit_Continue;
      },
      &visit);
}

void ModuleBuilder::add_fields(std::size_t index, CXCursor definition,
                               const std::string& member_base, bool private_fields,
                               bool nest_bases) {
  struct Visit {
    ModuleBuilder* self;
    std::size_t index;
    std::string member_base;
    bool private_fields;
    bool nest_bases;
  } visit{this, index, member_base, private_fields, nest_bases};

  clang_visitChildren(
      definition,
      [](CXCursor child, CXCursor, CXClientData data) {
        auto* v = static_cast<Visit*>(data);
        ModuleBuilder& self = *v->self;
        switch (child.kind) {
          case CXCursor_CXXBaseSpecifier:
            self.add_base(v->index, child, v->nest_bases);
            return CXChildVisit_Continue;
          case CXCursor_StructDecl:
          case CXCursor_UnionDecl:
            // An anonymous member (`union { int i; float f; };`): libclang shows no field for it.
            if (clang_Cursor_isAnonymousRecordDecl(child)) {
              self.diagnostics_.error(location_of(child),
                                      anonymous_member(self.nodes_[v->index].ir.id));
            }
            return CXChildVisit_Continue;
          case CXCursor_FieldDecl:
            break;
          default:
            return CXChildVisit_Continue;
        }
        ir::Field field;
        if (self.make_field(v->index, child, v->member_base, v->private_fields, field)) {
          self.nodes_[v->index].ir.fields.push_back(std::move(field));
        }
        return CXChildVisit_Continue;
      },
      &visit);
}

bool ModuleBuilder::make_field(std::size_t index, CXCursor member, const std::string& member_base,
                               bool allow_private, ir::Field& field) {
  ir::SourceLocation where = location_of(member);
  const std::string owner = nodes_[index].ir.id;
  field.name = spelling(member);
  field.key = field.name;  // unless the tag names another
  field.location = where;
  std::string tag_text;
  FieldTag tag;
  if (find_tag(member, tag_text)) {
    std::string problem = parse_field_tag(tag_text, field, tag);
    if (!problem.empty()) {
      diagnostics_.error(where, "field '{}': {}", field.name, problem);
      return false;
    }
  }
  if (tag.skip) return false;
  if (field.name.empty()) {
    diagnostics_.error(where, anonymous_member(owner));
    return false;
  }
  if (!tag.warning.empty()) diagnostics_.warning(where, "field '{}': {}", field.name, tag.warning);
  bool is_public = clang_getCXXAccessSpecifier(member) == CX_CXXPublic;
  if (!is_public && !allow_private) {
    diagnostics_.error(where,
                       "field '{}' of {} is not public; make it public, tag it "
                       "MSGPACK_TAG(\"-\") to leave it out, or tag the struct "
                       "MSGPACK_TAG(\"private_fields\") to encode it",
                       field.name, owner);
    return false;
  }
  if (clang_Cursor_isBitField(member)) {
    diagnostics_.error(where,
                       "field '{}' is a bit-field, which cannot be encoded; use a whole integer",
                       field.name);
    return false;
  }
  // A reference or const member is written as the value it stands for (as msgpack-c packs it);
  // only decoding needs to assign to it, which finish() checks once directions are known.
  CXType type = clang_getCursorType(member);
  CXType canonical = clang_getCanonicalType(type);
  if (canonical.kind == CXType_LValueReference || canonical.kind == CXType_RValueReference) {
    field.read_only = "a reference";
    bool written_as_reference =
        type.kind == CXType_LValueReference || type.kind == CXType_RValueReference;
    type = clang_getPointeeType(written_as_reference ? type : canonical);
    if (!is_public) {
      diagnostics_.error(where,
                         "field '{}' of {} is a reference and not public; generated code reaches "
                         "private members through member pointers, and C++ has none to a "
                         "reference; make it public",
                         field.name, owner);
      return false;
    }
  } else if (clang_isConstQualifiedType(canonical)) {
    field.read_only = "const";
  }
  if (!map_type(type, where, field.name, member_base, index, field.type)) return false;
  if (is_public) return true;

  // Reached through a member pointer: the class that declares it, and its type, spelt so that
  // they compile outside the class.
  const ir::Struct& s = nodes_[index].ir;
  CXCursor declaring = clang_getCursorSemanticParent(member);
  std::string declaring_name =
      canonical_spelling(clang_getCanonicalType(clang_getCursorType(declaring)));
  if (!s.template_params.empty() || s.cpp_name.rfind("decltype(", 0) == 0 ||
      declaring_name.find("(unnamed") != std::string::npos ||
      declaring_name.find("(anonymous") != std::string::npos) {
    diagnostics_.error(where,
                       "field '{}' of {} is not public, and msgpack-gen can reach private "
                       "members only in named, non-template classes; make it public",
                       field.name, owner);
    return false;
  }
  std::string member_type = portable_spelling(type);
  if (member_type.find("(unnamed") != std::string::npos ||
      member_type.find("(anonymous") != std::string::npos) {
    diagnostics_.error(where,
                       "field '{}' of {} is not public and its type has no name msgpack-gen can "
                       "write; make it public or give its type a name",
                       field.name, owner);
    return false;
  }
  field.is_private = true;
  field.private_access.owner_cpp = "::" + declaring_name;
  field.private_access.member_type = member_type;
  // One tag per member, even for names that differ only in punctuation (`size`, `size_`).
  std::string tag_name = ir::identifier_from(owner + "::" + field.name);
  auto taken = [&](const std::string& candidate) {
    return std::any_of(s.fields.begin(), s.fields.end(), [&](const ir::Field& f) {
      return f.is_private && f.private_access.tag == candidate;
    });
  };
  std::string unique = tag_name;
  for (int n = 2; taken(unique); ++n) unique = fmt::format("{}_{}", tag_name, n);
  field.private_access.tag = unique;
  return true;
}

void ModuleBuilder::add_macro_fields(std::size_t index, CXCursor definition,
                                     const std::string& member_base, const MacroUse& use) {
  const std::string owner = nodes_[index].ir.id;
  if (!use.problem.empty()) {
    diagnostics_.error(use.location, "struct {}: {}", owner, use.problem);
    return;
  }
  for (const MacroEntry& entry : use.entries) {
    if (entry.kind == MacroEntry::Base) {
      CXCursor specifier = find_base(definition, entry.base);
      for (const auto& [alias, aliased] : aliases_) {
        if (!clang_Cursor_isNull(specifier)) break;
        if (names_entity(entry.base, alias)) specifier = find_base_of_type(definition, aliased);
      }
      if (clang_Cursor_isNull(specifier)) specifier = only_base_with_data(definition);
      if (clang_Cursor_isNull(specifier)) {
        diagnostics_.error(entry.location,
                           "struct {}: {} lists base '{}', which is not a base of it", owner,
                           use.macro, entry.base);
        continue;
      }
      CXType type = clang_getCanonicalType(clang_getCursorType(specifier));
      if (clang_getCXXAccessSpecifier(specifier) != CX_CXXPublic) {
        diagnostics_.error(entry.location,
                           "struct {}: base '{}' is not public, so generated code cannot convert "
                           "to it; make the base public",
                           owner, entry.base);
        continue;
      }
      // The base subobject is one value, packed as msgpack-c packs its type: a struct by its own
      // macro, a standard container (`struct Path : std::vector<Point>`) as that container.
      ir::Field field;
      field.name = entry.base;
      field.key = entry.key;
      field.is_base = true;
      field.location = entry.location;
      if (!map_type(type, entry.location, entry.base, member_base, index, field.type)) continue;
      // What generated code converts to.
      field.type.spelling = "::" + portable_spelling(clang_getCursorType(specifier));
      nodes_[index].ir.fields.push_back(std::move(field));
      continue;
    }
    CXCursor member = find_member(definition, entry.member);
    if (clang_Cursor_isNull(member)) {
      diagnostics_.error(entry.location,
                         "struct {}: {} lists '{}', which is not a data member of it or of its "
                         "bases",
                         owner, use.macro, entry.member);
      continue;
    }
    std::string tag_text;
    ir::Field tagged;
    FieldTag tag;
    if (find_tag(member, tag_text) && parse_field_tag(tag_text, tagged, tag).empty() && tag.skip) {
      diagnostics_.error(location_of(member),
                         "field '{}' is tagged \"-\", but {} lists it; drop one of the two",
                         entry.member, use.macro);
      continue;
    }
    ir::Field field;
    if (!make_field(index, member, member_base, true, field)) continue;
    // The macro decides membership and keys; a tag may add options, not contradict them.
    const std::string macro_key = entry.has_int_key ? fmt::format("#{}", entry.int_key) : entry.key;
    const bool tag_has_key = field.has_int_key || field.key != field.name;
    if (tag_has_key && (use.as_array || field.key_text() != macro_key)) {
      diagnostics_.error(field.location, "field '{}': the tag's key \"{}\" contradicts {}, {}",
                         field.name, field.key_text(), use.macro,
                         use.as_array ? "which writes an array (no keys)"
                                      : fmt::format("which names it \"{}\"", macro_key));
      continue;
    }
    field.key = entry.has_int_key ? std::string() : entry.key;
    field.has_int_key = entry.has_int_key;
    field.int_key = entry.int_key;
    nodes_[index].ir.fields.push_back(std::move(field));
  }
}

bool ModuleBuilder::reject_type(const ir::SourceLocation& where, const std::string& field,
                                const ir::Type& type, std::string_view why) {
  diagnostics_.error(where, "field '{}' has unsupported type '{}'{}{}", field, type.spelling,
                     why.empty() ? "" : ": ", why);
  return false;
}

bool ModuleBuilder::map_type(CXType written, const ir::SourceLocation& where,
                             const std::string& field, const std::string& member_base,
                             std::size_t owner, ir::Type& out) {
  CXType t = clang_getCanonicalType(written);
  out.spelling = display_spelling(written);
  // clang names unnamed structs by their file and line; keep output independent of paths.
  std::size_t unnamed = out.spelling.find("(unnamed struct at ");
  if (unnamed != std::string::npos) out.spelling = "unnamed struct";

  // In a class template, a type that depends on its parameters is resolved when the template is
  // instantiated: the generated code names it through decltype and codec<> does the rest.
  if (!nodes_[owner].ir.template_params.empty() &&
      (t.kind == CXType_Unexposed || clang_Type_getSizeOf(t) == CXTypeLayoutError_Dependent)) {
    out.kind = ir::TypeKind::Dependent;
    return true;
  }
  unsigned bits = 0;
  bool is_signed = false;
  if (t.kind == CXType_Bool) {
    out.kind = ir::TypeKind::Bool;
    return true;
  }
  if (integer_kind(t, bits, is_signed)) {
    out.kind = ir::TypeKind::Int;
    out.bits = bits;
    out.is_signed = is_signed;
    return true;
  }
  switch (t.kind) {
    case CXType_Float:
      out.kind = ir::TypeKind::Float;
      out.bits = 32;
      return true;
    case CXType_Double:
      out.kind = ir::TypeKind::Float;
      out.bits = 64;
      return true;
    case CXType_Enum: {
      CXCursor decl = clang_getTypeDeclaration(t);
      CXType underlying = clang_getEnumDeclIntegerType(decl);
      out.kind = ir::TypeKind::Enum;
      out.enum_name = "::" + qualified_name(decl);
      integer_kind(clang_getCanonicalType(underlying), out.bits, out.is_signed);
      clang_visitChildren(
          decl,
          [](CXCursor child, CXCursor, CXClientData data) {
            if (child.kind == CXCursor_EnumConstantDecl) {
              static_cast<std::vector<ir::Enumerator>*>(data)->push_back(
                  {spelling(child), clang_getEnumConstantDeclValue(child)});
            }
            return CXChildVisit_Continue;
          },
          &out.enumerators);
      if (!has_fixed_underlying_type(decl)) {
        // Only the values of the smallest bit-field that holds every enumerator are valid for
        // it ([dcl.enum]); casting any other number to it is undefined, so decoding checks.
        std::int64_t low = 0, high = 0;
        for (const ir::Enumerator& e : out.enumerators) {
          low = std::min(low, e.value);
          high = std::max(high, e.value);
        }
        std::int64_t top = 0;  // 2^M - 1 for the smallest M that holds both ends
        while (top < high || -top - 1 > low) top = top * 2 + 1;
        out.enum_range_limited = true;
        out.enum_min = low < 0 ? -top - 1 : 0;
        out.enum_max = top;
      }
      return true;
    }
    case CXType_Record:
      return map_record(t, where, field, member_base, owner, out);
    case CXType_Pointer: {
      // `Order* parent` inside Order: the struct cannot hold itself by value, but it can own
      // the next one.
      std::string pointee = points_into_open_struct(t);
      if (!pointee.empty()) {
        std::string written_pointee =
            spelling(written.kind == CXType_Pointer ? clang_getPointeeType(written)
                                                    : clang_getPointeeType(t));
        for (const char* qualifier : {"const ", "volatile "}) {
          if (written_pointee.rfind(qualifier, 0) == 0) {
            written_pointee.erase(0, std::char_traits<char>::length(qualifier));
          }
        }
        return reject_type(
            where, field, out,
            fmt::format("raw pointers have no msgpack encoding, and {0} cannot hold itself by "
                        "value; use std::unique_ptr<{1}> (nil when null), or tag the field "
                        "MSGPACK_TAG(\"-\") if it only points back",
                        pointee, written_pointee));
      }
      return reject_type(
          where, field, out,
          "raw pointers have no msgpack encoding; hold the value, or a std::optional");
    }
    case CXType_LValueReference:
    case CXType_RValueReference:  // a member itself may be one (make_field); nothing inside it
      return reject_type(where, field, out, "a reference cannot be held by a container");
    case CXType_ConstantArray: {
      out.kind = ir::TypeKind::CArray;
      out.array_size = static_cast<std::size_t>(clang_getArraySize(t));
      out.args.resize(1);
      return map_type(clang_getArrayElementType(written.kind == CXType_ConstantArray ? written : t),
                      where, field, member_base, owner, out.args[0]);
    }
    case CXType_IncompleteArray:
    case CXType_VariableArray:
      return reject_type(where, field, out,
                         "an array without a size cannot be decoded into; give it a size");
    case CXType_LongDouble:
      return reject_type(where, field, out, "long double has no msgpack encoding; use double");
    default:
      return reject_type(where, field, out, "");
  }
}

std::string ModuleBuilder::points_into_open_struct(CXType pointer) const {
  CXType pointee = clang_getCanonicalType(clang_getPointeeType(pointer));
  CXCursor decl = clang_getTypeDeclaration(pointee);
  if (clang_Cursor_isNull(decl)) return {};
  CXCursor definition = clang_getCursorDefinition(decl);
  if (clang_Cursor_isNull(definition)) definition = decl;
  CXCursor templ = clang_getSpecializedCursorTemplate(definition);
  // Inside a class template, `Tree*` names its own template.
  CXCursor named = clang_Cursor_isNull(templ) ? definition : templ;
  auto node = by_usr_.find(take(clang_getCursorUSR(named)));
  if (node == by_usr_.end() || std::find(open_.begin(), open_.end(), node->second) == open_.end()) {
    return {};
  }
  return nodes_[node->second].ir.id;
}

bool ModuleBuilder::map_record(CXType t, const ir::SourceLocation& where, const std::string& field,
                               const std::string& member_base, std::size_t owner, ir::Type& out) {
  // A struct of the package (or a header it includes): its own node, reached from the owner.
  auto struct_type = [&] {
    std::size_t child = record_node(t, where, field, member_base, owner);
    if (child == kNoOwner) return false;
    out.kind = ir::TypeKind::Struct;
    out.struct_id = nodes_[child].ir.id;
    nodes_[owner].children.push_back(child);
    return true;
  };
  CXCursor decl = clang_getTypeDeclaration(t);
  // Standard types are recognised first: the runtime's own codecs for them are not "custom".
  bool has_custom_codec = custom_codecs_.count(spelling(t)) != 0;
  if (decl.kind == CXCursor_UnionDecl) {
    return reject_type(where, field, out,
                       "unions cannot be encoded; use separate fields or std::variant");
  }

  CXCursor templ = clang_getSpecializedCursorTemplate(decl);
  const std::string qualified = qualified_name(clang_Cursor_isNull(templ) ? decl : templ);
  std::string_view msgpack_c = has_custom_codec ? "" : msgpack_c_type_name(qualified);
  if (!msgpack_c.empty()) {
    if (msgpack_c == "nil_t" && clang_Cursor_isNull(templ)) {
      out.kind = ir::TypeKind::Nil;
      out.cpp_name = "::" + qualified;
      return true;
    }
    return reject_type(where, field, out,
                       fmt::format("msgpack-c's own value types are not written by "
                                   "msgpack-gen; {}",
                                   msgpack_c_type_hint(msgpack_c)));
  }
  if (!clang_Cursor_isNull(templ)) {
    std::string name = qualified_name(templ);
    if (const StdTemplate* known = find_std_template(name)) {
      out.kind = known->kind;
      int elements = known->elements == kEveryArgument ? clang_Type_getNumTemplateArguments(t)
                                                       : known->elements;
      out.args.resize(static_cast<std::size_t>(elements));
      for (int i = 0; i < elements; ++i) {
        if (!map_type(clang_Type_getTemplateArgumentAsType(t, i), where, field, member_base, owner,
                      out.args[static_cast<std::size_t>(i)])) {
          return false;
        }
      }
      const char* refused = known->check == nullptr ? nullptr : known->check(t, out);
      return refused == nullptr || reject_type(where, field, out, refused);
    }
    if (has_custom_codec) {
      out.kind = ir::TypeKind::Custom;
      return true;
    }
    if (name.rfind("std::", 0) == 0) {
      std::string_view hint = std_template_hint(name);
      return reject_type(where, field, out,
                         fmt::format("{} is not a supported standard type{}{}", name,
                                     hint.empty() ? "" : "; ", hint));
    }
    if (templ.kind == CXCursor_ClassTemplate && !in_system_header(templ)) return struct_type();
    return reject_type(where, field, out,
                       "a specialisation of a class template msgpack-gen cannot see");
  }
  if (has_custom_codec) {
    out.kind = ir::TypeKind::Custom;
    return true;
  }
  if (qualified == "std::monostate") {
    out.kind = ir::TypeKind::Nil;
    out.cpp_name = "::std::monostate";
    return true;
  }
  if (name_is_std(decl)) {
    return reject_type(where, field, out, "not a supported standard type");
  }

  return struct_type();
}

std::size_t ModuleBuilder::record_node(CXType t, const ir::SourceLocation& where,
                                       const std::string& field, const std::string& member_base,
                                       std::size_t owner) {
  auto unsupported = [&](std::string_view why) {
    if (field.empty()) {
      diagnostics_.error(where, "type '{}': {}", spelling(t), why);
    } else {
      diagnostics_.error(where, "field '{}' has unsupported type '{}': {}", field, spelling(t),
                         why);
    }
    return kNoOwner;
  };
  auto adaptor = msgpack_c_adaptors_.find(spelling(t));
  if (adaptor != msgpack_c_adaptors_.end()) {
    return unsupported(
        fmt::format("{}; give the type a msgpack_gen::codec that writes the same (docs/runtime.md)",
                    adaptor->second));
  }
  CXCursor decl = clang_getTypeDeclaration(t);
  CXCursor definition = clang_getCursorDefinition(decl);
  CXCursor templ = clang_getSpecializedCursorTemplate(decl);
  std::string usr = take(clang_getCursorUSR(clang_Cursor_isNull(definition) ? decl : definition));
  // An implicit instantiation needs no definition of its own (a requested 'Res<Value>' may
  // never have been instantiated).
  if (!clang_Cursor_isNull(templ) && explicit_specializations_.count(usr) == 0) {
    if (templ.kind != CXCursor_ClassTemplate || in_system_header(templ)) {
      return unsupported("a specialisation of a class template msgpack-gen cannot see");
    }
    // An implicit instantiation: the template's generated code serves it, and the argument
    // types need code too.
    std::size_t child = add_template(templ);
    std::size_t args_owner = owner == kNoOwner ? child : owner;
    int argc = clang_Type_getNumTemplateArguments(t);
    for (int i = 0; i < argc; ++i) {
      CXType argument = clang_Type_getTemplateArgumentAsType(t, i);
      if (argument.kind == CXType_Invalid) continue;  // a non-type argument
      ir::Type mapped;
      if (!map_type(argument, where, field.empty() ? "template argument" : field, member_base,
                    args_owner, mapped)) {
        return kNoOwner;
      }
      std::vector<std::string>& structs = nodes_[child].ir.argument_structs;
      std::vector<const ir::Type*> pending{&mapped};
      while (!pending.empty()) {
        const ir::Type* type = pending.back();
        pending.pop_back();
        for (const ir::Type& arg : type->args) pending.push_back(&arg);
        if (type->kind == ir::TypeKind::Struct &&
            std::find(structs.begin(), structs.end(), type->struct_id) == structs.end()) {
          structs.push_back(type->struct_id);
        }
      }
    }
    return child;
  }
  if (clang_Cursor_isNull(definition)) {
    return unsupported("the type is incomplete (declared but never defined)");
  }
  if (!clang_Cursor_isNull(templ)) {
    // An explicit specialisation (`template <> struct Res<Value> {...}`): a struct of its own.
    std::string name = canonical_spelling(clang_getCanonicalType(t));
    return add_struct(definition, "::" + name, "::" + name, name);
  }
  std::string name = spelling(definition);
  bool unnamed = name.empty() || clang_Cursor_isAnonymous(definition);
  if (unnamed && owner != kNoOwner && !field.empty()) {
    const Node& parent = nodes_[owner];
    std::string base = member_base + (parent.ir.cpp_name.rfind("decltype(", 0) == 0 ? "." : "::");
    std::string id = parent.ir.id + "::" + field;
    return add_struct(definition, "decltype(" + base + field + ")", base + field, id);
  }
  std::string qualified = qualified_name(definition);
  return add_struct(definition, "::" + qualified, "::" + qualified, qualified);
}

const ir::Struct* ModuleBuilder::find(const std::string& id) const {
  auto node = by_id_.find(id);
  return node == by_id_.end() ? nullptr : &nodes_[node->second].ir;
}

ir::Module ModuleBuilder::finish() {
  const std::vector<std::string>& headers = package_headers_;
  // Directions flow from each root to every struct it reaches.
  for (Node& node : nodes_) node.ir.directions = 0;
  for (auto [root, directions] : roots_) {
    std::deque<std::size_t> queue{root};
    while (!queue.empty()) {
      std::size_t i = queue.front();
      queue.pop_front();
      if ((nodes_[i].ir.directions | directions) == nodes_[i].ir.directions) continue;
      nodes_[i].ir.directions |= directions;
      for (std::size_t child : nodes_[i].children) queue.push_back(child);
    }
  }
  // A struct's code goes next to its own header. A requested one declared outside the package
  // goes with the package header that includes its header; any other one with the first struct
  // (breadth-first from the roots) that uses it.
  std::vector<bool> placed(nodes_.size(), false);
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].in_package) {
      nodes_[i].ir.header = relative_to(nodes_[i].header_abs, package_dir_);
      placed[i] = true;
    }
  }
  for (auto [root, directions] : roots_) {
    Node& node = nodes_[root];
    if (placed[root]) continue;
    auto includer = package_includer_.find(node.header_abs);
    if (includer == package_includer_.end()) {
      diagnostics_.error(node.ir.location,
                         "{} is declared in {}, which no header of the package includes, so its "
                         "code has no place; add that header to the package (-p, or HEADERS in "
                         "CMake)",
                         node.ir.id, node.header_abs);
      continue;
    }
    node.ir.header = relative_to(includer->second, package_dir_);
    placed[root] = true;
    diagnostics_.note(node.ir.location,
                      "{} is declared outside the package; its code goes into {}, the output of "
                      "{}, which includes its header",
                      node.ir.id, ir::output_path_for(node.ir.header), node.ir.header);
  }
  std::deque<std::size_t> queue;
  for (auto [root, directions] : roots_) queue.push_back(root);
  while (!queue.empty()) {
    std::size_t i = queue.front();
    queue.pop_front();
    for (std::size_t child : nodes_[i].children) {
      if (placed[child]) continue;
      nodes_[child].ir.header = nodes_[i].ir.header;
      placed[child] = true;
      queue.push_back(child);
    }
  }

  ir::Module module;
  for (const std::string& header : headers) {
    module.headers.push_back(ir::Header{relative_to(header, package_dir_), {}});
  }
  // Structs in declaration order within each header, so output follows the source.
  std::vector<std::size_t> order(nodes_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const ir::SourceLocation& x = nodes_[a].ir.location;
    const ir::SourceLocation& y = nodes_[b].ir.location;
    return std::tie(x.file, x.line, x.column) < std::tie(y.file, y.line, y.column);
  });
  for (std::size_t i : order) {
    module.structs.push_back(nodes_[i].ir);
    for (ir::Header& header : module.headers) {
      if (header.path == nodes_[i].ir.header) header.struct_ids.push_back(nodes_[i].ir.id);
    }
  }
  // The IR's own rules (ir/validate.hpp), struct by struct in the order they were found.
  for (const Node& node : nodes_) {
    for (const ir::Finding& finding : ir::validate_struct(module, *module.find(node.ir.id))) {
      diagnostics_.error(finding.location, "{}", finding.message);
      for (const ir::Finding::Note& note : finding.notes) {
        diagnostics_.note(note.location, "{}", note.message);
      }
    }
  }
  return module;
}

}  // namespace msgpack_gen::frontend
