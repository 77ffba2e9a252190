#include "frontend/declarations.hpp"

#include <fmt/format.h>

#include <utility>

#include "frontend/clang_util.hpp"

namespace msgpack_gen::frontend {
namespace {

bool in_generated_file(CXCursor c) {
  return ir::is_generated_header(location_of(c).file);
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

void add_declaration(Walk& walk, std::string name, CXCursor c, Declaration::Kind kind) {
  bool in_package = walk.package_headers->count(location_of(c).file) != 0;
  walk.declarations.push_back({std::move(name), c, kind, in_package});
}

// `template <> struct Res<Value> {...}` in the user's headers: a struct of its own, named with
// its arguments. Specialisations of other libraries' templates (msgpack-c's adaptors, which
// MSGPACK_ADD_ENUM writes into the user's header) are not DTOs.
void note_explicit_specialization(CXCursor c, CXCursor templ, Walk& walk) {
  if (in_system_header(templ) || in_system_header(c)) return;
  std::string templ_name = qualified_name(templ);
  if (templ_name.rfind("msgpack::", 0) == 0 || templ_name.rfind("msgpack_gen::", 0) == 0) return;
  walk.explicit_specializations.insert(take(clang_getCursorUSR(c)));
  std::string scope = templ_name.substr(0, templ_name.size() - spelling(templ).size());
  add_declaration(walk, scope + take(clang_getCursorDisplayName(c)), c, Declaration::Struct);
}

// msgpack-c's adaptors for particular types: written by hand in the user's headers (`namespace
// msgpack { ... template <> struct pack<Point> ...`), or msgpack-c's own for a C struct
// (`timespec`, a timestamp). msgpack-gen cannot know what a hand-written one writes and does not
// model msgpack-c's own ones for structs, so their types are refused unless they have a
// msgpack_gen::codec too. Enums are fine: MSGPACK_ADD_ENUM writes the underlying integer, as
// msgpack-gen does.
CXChildVisitResult visit_msgpack_c_adaptors(CXCursor c, CXCursor, CXClientData data) {
  auto* walk = static_cast<Walk*>(data);
  if (c.kind == CXCursor_Namespace) return CXChildVisit_Recurse;
  if (c.kind != CXCursor_StructDecl && c.kind != CXCursor_ClassDecl) return CXChildVisit_Continue;
  CXCursor templ = clang_getSpecializedCursorTemplate(c);
  if (clang_Cursor_isNull(templ)) return CXChildVisit_Continue;
  std::string name = spelling(templ);
  if (name != "pack" && name != "convert") return CXChildVisit_Continue;
  CXType self = clang_getCursorType(c);
  if (clang_Type_getNumTemplateArguments(self) < 1) return CXChildVisit_Continue;
  CXType arg = clang_getCanonicalType(clang_Type_getTemplateArgumentAsType(self, 0));
  if (arg.kind == CXType_Enum) return CXChildVisit_Continue;
  std::string adaptor = fmt::format("msgpack::adaptor::{}<{}>", name, spelling(arg));
  if (in_system_header(c)) {
    // msgpack-c's own: the standard types and its own value types are mapped by the frontend;
    // any other struct it has an adaptor for is not.
    if (arg.kind != CXType_Record) return CXChildVisit_Continue;
    walk->msgpack_c_adaptors.emplace(
        spelling(arg), fmt::format("msgpack-c packs it with an adaptor of its own "
                                   "(msgpack::adaptor::pack<{}>), which msgpack-gen does not model",
                                   spelling(arg)));
  } else {
    walk->msgpack_c_adaptors.emplace(
        spelling(arg),
        fmt::format("it has a msgpack-c adaptor written by hand ({}), and msgpack-gen cannot "
                    "tell what that writes",
                    adaptor));
  }
  return CXChildVisit_Continue;
}

CXChildVisitResult visit_declarations(CXCursor c, CXCursor, CXClientData data) {
  auto* walk = static_cast<Walk*>(data);
  switch (c.kind) {
    case CXCursor_MacroDefinition:
    case CXCursor_MacroExpansion:
      walk->macros.note(c);
      return CXChildVisit_Continue;
    case CXCursor_Namespace: {
      std::string name = spelling(c);
      // msgpack-c's namespace (its own headers, and user headers through MSGPACK_ADD_ENUM)
      // holds adaptors; the rest of the standard library and system headers is large and never
      // holds user DTOs; msgpack_gen holds codecs.
      if (name == "msgpack" || name == "clmdep_msgpack") {
        clang_visitChildren(c, visit_msgpack_c_adaptors, walk);
        return CXChildVisit_Continue;
      }
      if (in_system_header(c) && name != "msgpack_gen") return CXChildVisit_Continue;
      return CXChildVisit_Recurse;
    }
    case CXCursor_LinkageSpec:
      return CXChildVisit_Recurse;
    case CXCursor_TypeAliasDecl:
    case CXCursor_TypedefDecl: {
      if (spelling(c).rfind(kRequestAlias, 0) == 0) {
        walk->requested_types.emplace(spelling(c), clang_getTypedefDeclUnderlyingType(c));
        return CXChildVisit_Continue;
      }
      if (in_system_header(c)) return CXChildVisit_Continue;
      // `typedef struct { ... } Name;`: the struct is known by the typedef's name only.
      CXType underlying = clang_getCanonicalType(clang_getTypedefDeclUnderlyingType(c));
      CXCursor record = clang_getTypeDeclaration(underlying);
      if (underlying.kind == CXType_Record && is_record_kind(record.kind) &&
          spelling(record).empty() && clang_isCursorDefinition(clang_getCursorDefinition(record))) {
        add_declaration(*walk, qualified_name(c), clang_getCursorDefinition(record),
                        Declaration::Struct);
      } else {
        add_declaration(*walk, qualified_name(c), c, Declaration::Alias);
      }
      return CXChildVisit_Continue;
    }
    case CXCursor_StructDecl:
    case CXCursor_ClassDecl: {
      note_codec_specialisation(c, *walk);
      if (!clang_isCursorDefinition(c) || spelling(c).empty()) return CXChildVisit_Continue;
      if (in_system_header(c)) return CXChildVisit_Recurse;
      CXCursor templ = clang_getSpecializedCursorTemplate(c);
      if (!clang_Cursor_isNull(templ)) {
        note_explicit_specialization(c, templ, *walk);
      } else {
        add_declaration(*walk, qualified_name(c), c, Declaration::Struct);
      }
      return CXChildVisit_Recurse;  // nested types
    }
    case CXCursor_ClassTemplate:
      if (!in_system_header(c)) {
        add_declaration(*walk, qualified_name(c), c, Declaration::ClassTemplate);
      }
      return CXChildVisit_Continue;
    case CXCursor_UnionDecl:
      if (clang_isCursorDefinition(c) && !spelling(c).empty() && !in_system_header(c)) {
        add_declaration(*walk, qualified_name(c), c, Declaration::Union);
      }
      return CXChildVisit_Continue;
    case CXCursor_EnumDecl:
      if (clang_isCursorDefinition(c) && !spelling(c).empty() && !in_system_header(c)) {
        add_declaration(*walk, qualified_name(c), c, Declaration::Enum);
      }
      return CXChildVisit_Continue;
    default:
      return CXChildVisit_Continue;
  }
}

}  // namespace

void walk_declarations(CXTranslationUnit unit, Walk& walk) {
  clang_visitChildren(clang_getTranslationUnitCursor(unit), visit_declarations, &walk);
}

}  // namespace msgpack_gen::frontend
