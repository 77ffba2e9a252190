// The rules a module must follow that need only the IR: tag options that fit their field's type
// and its struct's mode, keys unique after inline fields are flattened, hooks that cannot work
// where they sit, members a decoder cannot assign to. The frontend reports what this finds; the
// rules are tested from hand-built IR, without libclang.
#pragma once

#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace msgpack_gen::ir {

// A rule broken: an error at `location`, with notes (e.g. where a clashing key was first used).
struct Finding {
  struct Note {
    SourceLocation location;
    std::string message;
  };
  SourceLocation location;
  std::string message;
  std::vector<Note> notes;
};

// What `s`, a struct of `module`, breaks, in the order of its fields.
std::vector<Finding> validate_struct(const Module& module, const Struct& s);

}  // namespace msgpack_gen::ir
