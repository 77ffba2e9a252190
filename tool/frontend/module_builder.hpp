// Turns libclang declarations into IR structs: reads each struct's members, bases, tags and
// msgpack-c macros (module_builder.cpp), maps each field's C++ type onto the IR type tree and
// follows it to the structs it reaches (type_mapping.cpp), and has the IR's rules checked.
#pragma once

#include <clang-c/Index.h>

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/msgpack_c_macros.hpp"
#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace msgpack_gen::frontend {

class ModuleBuilder {
 public:
  // custom_codecs: canonical spellings of types that have a msgpack_gen::codec specialisation.
  // explicit_specializations: USRs of `template <> struct X<...>` definitions in the headers.
  // package_headers: absolute paths; a struct declared in one of them gets its code beside it.
  ModuleBuilder(Diagnostics& diagnostics, std::string package_dir,
                std::vector<std::string> package_headers, std::set<std::string> custom_codecs,
                std::set<std::string> explicit_specializations, const MsgpackCMacros& macros);

  // Types with msgpack-c adaptors msgpack-gen does not model, written by hand or msgpack-c's own
  // for a struct (type spelling -> why): they are refused unless they have a msgpack_gen::codec.
  void refuse_msgpack_c_adaptors(std::map<std::string, std::string> adaptors) {
    msgpack_c_adaptors_ = std::move(adaptors);
  }

  // The package's type aliases (qualified name -> canonical spelling of the aliased type), for
  // MSGPACK_BASE(alias).
  void know_aliases(std::vector<std::pair<std::string, std::string>> aliases) {
    aliases_ = std::move(aliases);
  }

  // For files outside the package: the package header that includes them (absolute paths). A
  // requested type declared in one gets its code in that header's output.
  void know_includers(std::map<std::string, std::string> includers) {
    package_includer_ = std::move(includers);
  }

  // A type the user named, with the directions asked for; `name`: its qualified name (a
  // typedef's for `typedef struct {...} Name;`).
  void add_root(CXCursor definition, unsigned directions, const std::string& name);
  // A type the user named as a template-id ('Res<Value>'); false when it is not a struct.
  bool add_root_type(CXType type, const std::string& requested, unsigned directions);

  // Propagates directions, assigns structs to headers, checks inline/omitempty/key rules.
  // `headers`: the package's headers, absolute and sorted.
  ir::Module finish();

 private:
  // The owner of a root: no struct holds it.
  static constexpr std::size_t kNoOwner = static_cast<std::size_t>(-1);

  struct Node {
    ir::Struct ir;
    std::vector<std::size_t> children;  // structs its fields reach
    bool in_package = false;
    std::string header_abs;  // the header that declares it
  };

  // cpp_name: the struct's qualified name, empty for an unnamed struct, which generated code
  // names through member_base (the member that holds it).
  std::size_t add_struct(CXCursor definition, const std::string& cpp_name,
                         const std::string& member_base, const std::string& id,
                         std::vector<ir::TemplateParam> template_params = {});
  // A class template: its parameters, and its code as a template.
  std::size_t add_template(CXCursor templ);
  void add_base(std::size_t index, CXCursor base_specifier, bool nest);
  void add_fields(std::size_t index, CXCursor definition, const std::string& member_base,
                  bool private_fields, bool nest_bases);
  // A struct whose wire form a msgpack-c macro gives: its entries, in the macro's order.
  void add_macro_fields(std::size_t index, CXCursor definition, const std::string& member_base,
                        const MacroUse& use);
  void scan_methods(std::size_t index, CXCursor definition);
  // The struct is packed with a base's macro: says which of its own members that leaves out.
  void warn_unwritten_members(std::size_t index, CXCursor definition, const std::string& base,
                              const std::string& macro);
  // Fills `field` from a data member; false when it cannot be encoded (already reported).
  // `tag` is read from the member's MSGPACK_TAG.
  bool make_field(std::size_t index, CXCursor member, const std::string& member_base,
                  bool allow_private, ir::Field& field);
  // The struct a record type stands for (a plain struct, an explicit specialisation, or the
  // template of an implicit instantiation, whose arguments then get code too). npos after an
  // error has been reported.
  std::size_t record_node(CXType canonical, const ir::SourceLocation& where,
                          const std::string& field, const std::string& member_base,
                          std::size_t owner);
  bool map_type(CXType written, const ir::SourceLocation& where, const std::string& field,
                const std::string& member_base, std::size_t owner, ir::Type& out);
  // "field 'x' has unsupported type 'T': why"; returns false.
  bool reject_type(const ir::SourceLocation& where, const std::string& field, const ir::Type& type,
                   std::string_view why);
  // The id of the struct a pointer points to when that struct's fields are being read (so it
  // cannot hold it by value), else empty.
  std::string points_into_open_struct(CXType pointer) const;
  bool map_record(CXType canonical, const ir::SourceLocation& where, const std::string& field,
                  const std::string& member_base, std::size_t owner, ir::Type& out);
  // The struct whose id is `id`, nullptr when none is known.
  const ir::Struct* find(const std::string& id) const;

  Diagnostics& diagnostics_;
  std::string package_dir_;
  std::vector<std::string> package_headers_;
  std::set<std::string> custom_codecs_;
  std::set<std::string> explicit_specializations_;
  const MsgpackCMacros& macros_;
  std::map<std::string, std::string> msgpack_c_adaptors_;
  std::vector<std::pair<std::string, std::string>> aliases_;
  std::map<std::string, std::string> package_includer_;
  std::vector<Node> nodes_;
  std::map<std::string, std::size_t> by_usr_;
  std::map<std::string, std::size_t> by_id_;
  std::vector<std::size_t> open_;  // structs whose fields are being read, outermost first
  std::vector<std::pair<std::size_t, unsigned>> roots_;
};

}  // namespace msgpack_gen::frontend
