// Reads msgpack-c's reflection macros (MSGPACK_DEFINE, MSGPACK_DEFINE_ARRAY, MSGPACK_DEFINE_MAP,
// MSGPACK_NVP, MSGPACK_BASE, MSGPACK_BASE_ARRAY, MSGPACK_BASE_MAP) from the preprocessing record
// and the tokens of each invocation, without expanding msgpack-c's templates: a struct that uses
// them is encoded exactly as msgpack-c encodes it.
#pragma once

#include <clang-c/Index.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace msgpack_gen::frontend {

// One element of a MSGPACK_DEFINE... list.
struct MacroEntry {
  enum Kind { Member, Base } kind = Member;
  std::string member;  // Member: the data member's name
  std::string base;    // Base: the base class as written ("ns::Base")
  // The map key (map mode): the member's name, MSGPACK_NVP's name, or the base as written.
  std::string key;
  bool has_int_key = false;  // MSGPACK_NVP(5, x): an integer key
  std::int64_t int_key = 0;
  ir::SourceLocation location;
};

struct MacroUse {
  bool as_array = false;
  std::string macro;  // as written, e.g. "MSGPACK_DEFINE"
  std::vector<MacroEntry> entries;
  ir::SourceLocation location;
  std::string problem;  // non-empty: the invocation cannot be read, and why
};

// Where a class's msgpack_pack comes from, as C++ name lookup finds it when msgpack-c packs the
// class: its own macro, else the one a base declares (through any base, template instance or
// not). That is what msgpack-c writes for it.
struct PackLookup {
  enum Kind {
    None,         // no msgpack_pack: msgpack-c has no layout for the class
    Macro,        // a MSGPACK_DEFINE... in `owner`'s body
    HandWritten,  // msgpack_pack/msgpack_unpack written in `owner`'s body by hand
    Ambiguous,    // declared by more than one base: msgpack-c does not compile
  } kind = None;
  CXCursor owner = clang_getNullCursor();  // the class whose body declares it
  MacroUse use;                            // Macro: the invocation
  bool public_path = true;                 // every base on the way is public
  std::vector<std::string> owners;         // Ambiguous: the classes that declare one
};

class MsgpackCMacros {
 public:
  // A token of the source, with where it is.
  struct Token {
    std::string text;
    CXTokenKind kind;
    unsigned begin = 0, end = 0;  // file offsets
    ir::SourceLocation location;
  };

  // Called for every top-level cursor of a translation unit parsed with
  // CXTranslationUnit_DetailedPreprocessingRecord; keeps the msgpack-c macros among them.
  void note(CXCursor cursor);

  // The msgpack-c macro used in the body of `record` itself (not of a nested class), if any.
  std::optional<MacroUse> find(CXCursor record) const;

  // The msgpack_pack that packs `record`; with `own` false, only what its bases provide.
  PackLookup lookup_pack(CXCursor record, bool own = true) const;

 private:
  struct Expansion {
    CXCursor cursor;
    std::string name;
    std::string file;
    unsigned begin = 0, end = 0;  // offsets in `file`
  };
  // What a macro name finally stands for: MSGPACK_DEFINE is MSGPACK_DEFINE_ARRAY unless
  // MSGPACK_USE_DEFINE_MAP was defined, and users may alias the names.
  std::string resolve(const std::string& name) const;
  MacroUse read(const Expansion& expansion, const std::string& resolved,
                const std::vector<Token>& record_tokens) const;

  std::vector<Expansion> expansions_;
  std::map<std::string, std::string> aliases_;  // object-like macros: name -> first token
};

}  // namespace msgpack_gen::frontend
