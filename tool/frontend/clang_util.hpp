// Small helpers over the libclang C API, shared by the frontend's files.
#pragma once

#include <clang-c/Index.h>

#include <filesystem>
#include <string>

#include "ir/ir.hpp"

namespace msgpack_gen::frontend {

inline std::string take(CXString s) {
  const char* text = clang_getCString(s);
  std::string result = text ? text : "";
  clang_disposeString(s);
  return result;
}

inline std::string spelling(CXCursor c) {
  return take(clang_getCursorSpelling(c));
}
inline std::string spelling(CXType t) {
  return take(clang_getTypeSpelling(t));
}

inline std::string file_path(CXFile file) {
  if (file == nullptr) return {};
  std::string name = take(clang_getFileName(file));
  std::error_code ec;
  std::filesystem::path canonical = std::filesystem::weakly_canonical(name, ec);
  return ec ? name : canonical.string();
}

inline ir::SourceLocation location_of(CXCursor c) {
  CXFile file;
  unsigned line, column, offset;
  clang_getExpansionLocation(clang_getCursorLocation(c), &file, &line, &column, &offset);
  return ir::SourceLocation{file_path(file), line, column};
}

inline bool in_system_header(CXCursor c) {
  return clang_Location_isInSystemHeader(clang_getCursorLocation(c)) != 0;
}

// "shop::v1::Data" for a declaration; inline namespaces (std::__cxx11) are left out so that
// names read as users write them. Anonymous scopes become "(anonymous)".
inline std::string qualified_name(CXCursor c) {
  std::string name = spelling(c);
  if (name.empty()) name = "(anonymous)";
  for (CXCursor parent = clang_getCursorSemanticParent(c);
       !clang_Cursor_isNull(parent) && parent.kind != CXCursor_TranslationUnit;
       parent = clang_getCursorSemanticParent(parent)) {
    if (parent.kind == CXCursor_Namespace && clang_Cursor_isInlineNamespace(parent)) continue;
    // `extern "C++" { namespace std {...} }` (libstdc++'s <cstddef>, where std::byte is): libclang
    // 19 shows the block as a LinkageSpec, libclang 14 as an unnamed UnexposedDecl.
    if (parent.kind == CXCursor_LinkageSpec || parent.kind == CXCursor_UnexposedDecl) continue;
    std::string scope = spelling(parent);
    name = (scope.empty() ? std::string("(anonymous)") : scope) + "::" + name;
  }
  return name;
}

// The namespace that holds a declaration, through any classes it is nested in: "shop::v1", ""
// for the global namespace (inline namespaces left out, as in qualified_name());
// "(anonymous)" when an anonymous namespace is on the way, which other code cannot open.
inline std::string enclosing_namespace(CXCursor c) {
  std::string name;
  for (CXCursor parent = clang_getCursorSemanticParent(c);
       !clang_Cursor_isNull(parent) && parent.kind != CXCursor_TranslationUnit;
       parent = clang_getCursorSemanticParent(parent)) {
    if (parent.kind != CXCursor_Namespace || clang_Cursor_isInlineNamespace(parent)) continue;
    std::string scope = spelling(parent);
    if (scope.empty()) return "(anonymous)";
    name = name.empty() ? scope : scope + "::" + name;
  }
  return name;
}

inline bool is_record_kind(CXCursorKind kind) {
  return kind == CXCursor_StructDecl || kind == CXCursor_ClassDecl;
}

}  // namespace msgpack_gen::frontend
