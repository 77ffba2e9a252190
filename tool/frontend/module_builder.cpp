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
#include "frontend/cxx_types.hpp"
#include "frontend/tags.hpp"
#include "ir/validate.hpp"
#include "support/text.hpp"

namespace msgpack_gen::frontend {
namespace {

constexpr const char* kTagPrefix = "msgpack:";
// A member of this type keeps the struct's unknown fields (ir::Struct::unknown_fields).
constexpr const char* kUnknownFieldsType = "::msgpack_gen::UnknownFields";

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

std::string relative_to(const std::string& path, const std::string& base) {
  return std::filesystem::path(path).lexically_relative(base).generic_string();
}

// Said for `union { int i; float f; };` inside a struct, wherever libclang shows it.
std::string anonymous_member(const std::string& owner) {
  return fmt::format(
      "struct {}: anonymous struct or union members are not supported; give the member a name",
      owner);
}

// Whether clang's spelling of a type is that of an unnamed one, "(unnamed struct at f.hpp:3:1)"
// or "(anonymous namespace)::T", which no code outside the class can write.
bool names_no_type(const std::string& spelling) {
  return spelling.find("(unnamed") != std::string::npos ||
         spelling.find("(anonymous") != std::string::npos;
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
    if (cpp_name.empty()) node.ir.unnamed_member = member_base;
    node.ir.enclosing_namespace = enclosing_namespace(definition);
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
  if ((access == CX_CXXPrivate || access == CX_CXXProtected) && !cpp_name.empty()) {
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
        if (!self.make_field(v->index, child, v->member_base, v->private_fields, field)) {
          return CXChildVisit_Continue;
        }
        ir::Struct& s = self.nodes_[v->index].ir;
        if (field.type.cpp_name != kUnknownFieldsType) {
          s.fields.push_back(std::move(field));
        } else if (s.unknown_fields) {
          self.diagnostics_.error(field.location,
                                  "struct {} has two msgpack_gen::UnknownFields members, '{}' and "
                                  "'{}'; unknown fields are kept in one",
                                  s.id, s.unknown_fields->name, field.name);
        } else {
          s.unknown_fields = std::move(field);
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
  if (qualified_name(clang_getTypeDeclaration(clang_getCanonicalType(type))) ==
      "msgpack_gen::UnknownFields") {
    // Not a value of the wire layout: where the struct keeps what it does not know.
    field.type.kind = ir::TypeKind::Custom;
    field.type.spelling = "msgpack_gen::UnknownFields";
    field.type.cpp_name = kUnknownFieldsType;
  } else if (!map_type(type, where, field.name, member_base, index, field.type)) {
    return false;
  }
  if (is_public) return true;

  // Reached through a member pointer: the class that declares it, and its type, spelt so that
  // they compile outside the class.
  const ir::Struct& s = nodes_[index].ir;
  CXCursor declaring = clang_getCursorSemanticParent(member);
  std::string declaring_name =
      canonical_spelling(clang_getCanonicalType(clang_getCursorType(declaring)));
  if (!s.template_params.empty() || !s.unnamed_member.empty() || names_no_type(declaring_name)) {
    diagnostics_.error(where,
                       "field '{}' of {} is not public, and msgpack-gen can reach private "
                       "members only in named, non-template classes; make it public",
                       field.name, owner);
    return false;
  }
  std::string member_type = portable_spelling(type);
  if (names_no_type(member_type)) {
    diagnostics_.error(where,
                       "field '{}' of {} is not public and its type has no name msgpack-gen can "
                       "write; make it public or give its type a name",
                       field.name, owner);
    return false;
  }
  field.is_private = true;
  field.private_access.owner_cpp = "::" + declaring_name;
  field.private_access.member_type = member_type;
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
