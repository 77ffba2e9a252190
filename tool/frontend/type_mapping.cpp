// ModuleBuilder's type mapping: a member's C++ type onto the IR's type tree (ir::Type), the
// standard, msgpack-c and user types it knows by name, and the structs a type reaches.
#include "frontend/module_builder.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "frontend/clang_util.hpp"
#include "frontend/class_hierarchy.hpp"
#include "frontend/cxx_types.hpp"
#include "support/text.hpp"

namespace msgpack_gen::frontend {

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
  if (qualified == "msgpack_gen::UnknownFields") {
    return reject_type(where, field, out,
                       "msgpack_gen::UnknownFields keeps the fields a struct does not know and is "
                       "no value of its own; make it a direct member of that struct");
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
    std::string base = member_base + (parent.ir.unnamed_member.empty() ? "::" : ".");
    std::string id = parent.ir.id + "::" + field;
    return add_struct(definition, "", base + field, id);  // named through its member
  }
  std::string qualified = qualified_name(definition);
  return add_struct(definition, "::" + qualified, "::" + qualified, qualified);
}

}  // namespace msgpack_gen::frontend
