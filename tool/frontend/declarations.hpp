// The declarations of a parsed package that a request may name (structs, class templates,
// unions, enums, aliases), and what the headers say about types beside them: msgpack_gen::codec
// specialisations, explicit specialisations, msgpack-c's adaptors and macros, and the aliases
// the umbrella header writes for template-ids the user requested.
#pragma once

#include <clang-c/Index.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/msgpack_c_macros.hpp"

namespace msgpack_gen::frontend {

// The umbrella header names each requested template-id with an alias starting with this.
constexpr const char* kRequestAlias = "msgpack_gen_requested_type_";

// A named declaration the user may ask for.
struct Declaration {
  std::string name;  // qualified; an explicit specialisation with its arguments: "ns::Res<V>"
  CXCursor cursor;
  enum Kind { Struct, ClassTemplate, Union, Enum, Alias } kind;
  bool in_package = false;
};

struct Walk {
  const std::set<std::string>* package_headers = nullptr;
  std::vector<Declaration> declarations;
  std::set<std::string> custom_codecs;             // canonical type spellings
  std::set<std::string> explicit_specializations;  // USRs
  std::map<std::string, CXType> requested_types;   // alias name -> the type it names
  // type spelling -> why msgpack-c's adaptor of it makes it unsupported
  std::map<std::string, std::string> msgpack_c_adaptors;
  MsgpackCMacros macros;
};

// Walks the whole translation unit (system headers only where they may hold what is noted
// above) and fills `walk`; walk.package_headers must be set.
void walk_declarations(CXTranslationUnit unit, Walk& walk);

}  // namespace msgpack_gen::frontend
