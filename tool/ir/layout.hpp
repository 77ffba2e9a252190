// The wire layout of a struct: the values its encoding holds, in order, with the fields of its
// bases and of its inline structs flattened in. The emitter writes code from it and the contract
// describes the bytes from it, so the code and the contract cannot disagree about order,
// membership or keys.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace msgpack_gen::ir {

enum class WireKind {
  Member,          // a member of the struct, of a base or of an inline struct: one value
  BaseObject,      // a base-class subobject written as one value under its key (MSGPACK_BASE,
                   // nest_bases): `field` is the base entry
  InlineTemplate,  // an inline member whose struct is known only when a class template is
                   // instantiated: that struct's codec writes its fields here, in place
};

struct WireValue {
  WireKind kind = WireKind::Member;
  const Field* field = nullptr;  // the field that holds the value (for BaseObject: the base entry)
  // The members that lead from the struct to the value: the inline fields it sits in, outermost
  // first, then `field`. A BaseObject's are only the inline fields: the value is the object they
  // reach (the struct itself when none), seen as its base.
  std::vector<const Field*> members;
  std::string path;          // "meta.version": the members' names; a BaseObject: its key
  std::size_t position = 0;  // its index in the layout
};

struct Layout {
  std::vector<WireValue> values;

  // Whether a value's fields are known only when a template is instantiated (then the number of
  // values, and the keys after the last fixed one, are not known here).
  bool has_inline_template() const;
};

// The layout of `s`: the fields of its bases first (each base's own layout), then its fields in
// order, an inline field of a concrete struct replaced by that struct's layout. Bases and inline
// structs that the module does not hold contribute nothing (the frontend reports those).
Layout layout_of(const Module& module, const Struct& s);

// The struct whose msgpack_gen::UnknownFields member keeps the unknown entries of `s`'s map or
// array: `s` itself, else the first of its bases (whose fields are in its layout, depth first)
// that has one; nullptr when none has.
const Struct* unknown_fields_owner(const Module& module, const Struct& s);

}  // namespace msgpack_gen::ir
