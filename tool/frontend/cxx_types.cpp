#include "frontend/cxx_types.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "frontend/clang_util.hpp"

namespace msgpack_gen::frontend {
namespace {

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
// The number after the last ", " of a template's spelling that ends with it ("X<T, 16>"), if any.
std::optional<unsigned long long> last_number_argument(const std::string& text) {
  std::size_t comma = text.rfind(", ");
  if (comma == std::string::npos || text.empty() || text.back() != '>') return std::nullopt;
  std::string digits = text.substr(comma + 2, text.size() - comma - 3);
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
      })) {
    return std::nullopt;
  }
  return std::stoull(digits);
}

// std::span<T, Extent>: bytes are a bin (ByteSpan), anything else an array; the extent when fixed.
const char* span_of(CXType type, ir::Type& out) {
  CXType element = clang_Type_getTemplateArgumentAsType(type, 0);
  out.const_elements = clang_isConstQualifiedType(element) != 0;
  if (is_byte_type(clang_getCanonicalType(element))) {
    out.kind = ir::TypeKind::ByteSpan;
    out.args.clear();
  }
  // The extent, from the canonical spelling ("std::span<const int, 18446744073709551615>"):
  // libclang gives no template argument values for a span that is itself a template argument.
  out.array_size = 0;
  bool dynamic = true;
  if (std::optional<unsigned long long> extent =
          last_number_argument(spelling(clang_getCanonicalType(type)))) {
    // std::dynamic_extent: size_t's greatest value, with a 64-bit or a 32-bit size_t.
    dynamic = *extent == ~0ull || *extent == 0xffffffffull;
    if (!dynamic) out.array_size = static_cast<std::size_t>(*extent);
  }
  // Messages show a dynamic span as it was written, where clang spells the extent out (an
  // element of another template).
  if (dynamic && last_number_argument(out.spelling)) {
    out.spelling.erase(out.spelling.rfind(", "));
    out.spelling += '>';
  }
  return nullptr;
}
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
    {"std::span", ir::TypeKind::Span, 1, span_of},
};

// Standard class templates with no msgpack form, and what to do instead.
constexpr std::pair<std::string_view, std::string_view> kStdTemplateHints[] = {
    {"std::function",
     "a callable is not data: leave it out with MSGPACK_TAG(\"-\"), or move it out of the DTO"},
};

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

}  // namespace

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

const StdTemplate* find_std_template(std::string_view name) {
  for (const StdTemplate& known : kStdTemplates) {
    if (known.name == name) return &known;
  }
  return nullptr;
}

std::string_view std_template_hint(std::string_view name) {
  for (const auto& [templ, hint] : kStdTemplateHints) {
    if (templ == name) return hint;
  }
  return {};
}

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

}  // namespace msgpack_gen::frontend
