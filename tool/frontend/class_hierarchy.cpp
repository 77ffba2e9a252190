#include "frontend/class_hierarchy.hpp"

#include <cctype>
#include <vector>

#include "frontend/clang_util.hpp"
#include "support/text.hpp"

namespace msgpack_gen::frontend {
namespace {

// "ns::Keyed<std::uint64_t>" -> "Keyed<uint64_t>": every name without its scopes, so that
// spellings that qualify differently compare equal.
std::string without_qualifiers(const std::string& text) {
  std::string out;
  std::size_t word_start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 2, "::") == 0) {
      out.erase(word_start);
      ++i;
      continue;
    }
    char c = text[i];
    out += c;
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') word_start = out.size();
  }
  return out;
}

// Whether a type is known only once template parameters are given.
bool is_dependent(CXType type) {
  return type.kind == CXType_Unexposed || type.kind == CXType_Invalid ||
         clang_Type_getSizeOf(type) == CXTypeLayoutError_Dependent;
}

// The children of a cursor of one kind, in order.
std::vector<CXCursor> children_of_kind(CXCursor parent, CXCursorKind kind) {
  struct Collect {
    CXCursorKind kind;
    std::vector<CXCursor> found;
  } collect{kind, {}};
  clang_visitChildren(
      parent,
      [](CXCursor child, CXCursor, CXClientData data) {
        auto* c = static_cast<Collect*>(data);
        if (child.kind == c->kind) c->found.push_back(child);
        return CXChildVisit_Continue;
      },
      &collect);
  return collect.found;
}

}  // namespace

bool is_implicit_instantiation(CXCursor record) {
  CXCursor templ = clang_getSpecializedCursorTemplate(record);
  if (clang_Cursor_isNull(templ)) return false;
  // An implicit instantiation is declared where its template is; an explicit specialisation
  // where it is written.
  return clang_equalLocations(clang_getCursorLocation(record), clang_getCursorLocation(templ)) != 0;
}

CXCursor body_of(CXCursor record) {
  return is_implicit_instantiation(record) ? clang_getSpecializedCursorTemplate(record) : record;
}

CXCursor record_of(CXType canonical) {
  if (canonical.kind != CXType_Record) return clang_getNullCursor();
  CXCursor decl = clang_getTypeDeclaration(canonical);
  if (clang_Cursor_isNull(decl) || is_implicit_instantiation(decl)) return decl;
  CXCursor definition = clang_getCursorDefinition(decl);
  return clang_Cursor_isNull(definition) ? decl : definition;
}

void for_each_base(CXCursor record, const std::function<bool(CXCursor, CXType)>& visit) {
  for (CXCursor specifier : children_of_kind(body_of(record), CXCursor_CXXBaseSpecifier)) {
    CXType type = clang_getCanonicalType(clang_getCursorType(specifier));
    if (is_dependent(type)) continue;
    if (!visit(specifier, type)) return;
  }
}

bool has_data_members(CXType type) {
  bool found = false;
  clang_Type_visitFields(
      type,
      [](CXCursor, CXClientData data) {
        *static_cast<bool*>(data) = true;
        return CXVisit_Break;
      },
      &found);
  if (found) return true;
  CXCursor record = record_of(type);
  if (clang_Cursor_isNull(record)) return false;
  for_each_base(record, [&](CXCursor, CXType base) {
    found = has_data_members(base);
    return !found;
  });
  return found;
}

CXCursor find_member(CXCursor record, const std::string& name) {
  struct Search {
    const std::string* name;
    CXCursor found;
  } search{&name, clang_getNullCursor()};
  // The instantiated type's fields: for an implicit instantiation they have the argument types.
  clang_Type_visitFields(
      clang_getCursorType(record),
      [](CXCursor field, CXClientData data) {
        auto* s = static_cast<Search*>(data);
        if (spelling(field) != *s->name) return CXVisit_Continue;
        s->found = field;
        return CXVisit_Break;
      },
      &search);
  if (clang_Cursor_isNull(search.found) && !is_implicit_instantiation(record)) {
    // A class template's own body, whose type has no fields to visit until instantiated.
    for (CXCursor field : children_of_kind(record, CXCursor_FieldDecl)) {
      if (spelling(field) == name) return field;
    }
  }
  if (!clang_Cursor_isNull(search.found)) return search.found;
  for_each_base(record, [&](CXCursor, CXType base) {
    CXCursor base_record = record_of(base);
    if (!clang_Cursor_isNull(base_record)) search.found = find_member(base_record, name);
    return clang_Cursor_isNull(search.found);
  });
  return search.found;
}

CXCursor find_base(CXCursor record, const std::string& written) {
  std::string want = without_spaces(written);
  if (want.rfind("::", 0) == 0) want.erase(0, 2);
  const std::string bare = without_qualifiers(want);
  CXCursor found = clang_getNullCursor();
  for_each_base(record, [&](CXCursor specifier, CXType type) {
    CXCursor templ = clang_getSpecializedCursorTemplate(clang_getTypeDeclaration(type));
    std::string templ_name = clang_Cursor_isNull(templ) ? "" : qualified_name(templ);
    for (std::string name :
         {spelling(specifier), spelling(clang_getCursorType(specifier)), spelling(type), templ_name,
          without_qualifiers(spelling(specifier)), without_qualifiers(spelling(type))}) {
      if (name.empty()) continue;
      name = without_spaces(name);
      for (const char* keyword : {"struct", "class"}) {
        if (name.rfind(keyword, 0) == 0) name.erase(0, std::char_traits<char>::length(keyword));
      }
      if (name.rfind("::", 0) == 0) name.erase(0, 2);
      if (names_entity(want, name) || without_qualifiers(name) == bare) {
        found = specifier;
        return false;
      }
    }
    return true;
  });
  return found;
}

CXCursor find_base_of_type(CXCursor record, const std::string& canonical) {
  CXCursor found = clang_getNullCursor();
  for_each_base(record, [&](CXCursor specifier, CXType type) {
    if (spelling(type) == canonical) found = specifier;
    return clang_Cursor_isNull(found);
  });
  return found;
}

CXCursor only_base_with_data(CXCursor record) {
  CXCursor found = clang_getNullCursor();
  int count = 0;
  for_each_base(record, [&](CXCursor specifier, CXType type) {
    if (has_data_members(type)) {
      found = specifier;
      ++count;
    }
    return true;
  });
  return count == 1 ? found : clang_getNullCursor();
}

bool declares_msgpack_c_methods(CXCursor record) {
  for (CXCursorKind kind : {CXCursor_CXXMethod, CXCursor_FunctionTemplate}) {
    for (CXCursor method : children_of_kind(body_of(record), kind)) {
      std::string name = spelling(method);
      if (name == "msgpack_pack" || name == "msgpack_unpack") return true;
    }
  }
  return false;
}

}  // namespace msgpack_gen::frontend
