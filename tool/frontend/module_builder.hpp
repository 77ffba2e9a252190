// Turns libclang declarations into IR structs: maps each field's C++ type onto the IR type tree,
// follows struct-typed fields to the structs they reach, reads tags, and checks the rules.
#pragma once

#include <clang-c/Index.h>

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "support/diagnostics.hpp"

namespace msgpack_gen::frontend {

class ModuleBuilder {
 public:
  // custom_codecs: canonical spellings of types that have a msgpack_gen::codec specialisation.
  ModuleBuilder(Diagnostics& diagnostics, std::string package_dir,
                std::set<std::string> custom_codecs);

  // A type the user named, with the directions asked for.
  void add_root(CXCursor definition, unsigned directions);

  // Propagates directions, assigns structs to headers, checks inline/omitempty/key rules.
  // `headers`: the package's headers, absolute and sorted.
  ir::Module finish(const std::vector<std::string>& headers);

 private:
  struct Node {
    ir::Struct ir;
    std::vector<std::size_t> children;  // structs its fields reach
    bool in_package = false;
    std::string header_abs;  // the header that declares it
  };

  std::size_t add_struct(CXCursor definition, const std::string& cpp_name,
                         const std::string& member_base, const std::string& id,
                         std::vector<ir::TemplateParam> template_params = {});
  // A class template: its parameters, and its code as a template.
  std::size_t add_template(CXCursor templ);
  void add_base(std::size_t index, CXCursor base_specifier);
  void add_fields(std::size_t index, CXCursor definition, const std::string& member_base);
  bool map_type(CXType written, const ir::SourceLocation& where, const std::string& field,
                const std::string& member_base, std::size_t owner, ir::Type& out);
  bool map_record(CXType canonical, const ir::SourceLocation& where, const std::string& field,
                  const std::string& member_base, std::size_t owner, ir::Type& out);
  void check_struct(const ir::Struct& s);
  void collect_keys(const ir::Struct& s, std::map<std::string, const ir::Field*>& keys,
                    std::vector<const ir::Struct*>& inline_stack);
  const ir::Struct* find(const std::string& id) const;

  Diagnostics& diagnostics_;
  std::string package_dir_;
  std::set<std::string> custom_codecs_;
  std::vector<Node> nodes_;
  std::map<std::string, std::size_t> by_usr_;
  std::vector<std::pair<std::size_t, unsigned>> roots_;
};

}  // namespace msgpack_gen::frontend
