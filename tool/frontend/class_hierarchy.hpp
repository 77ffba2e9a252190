// Queries over a class, its members and its bases, as C++ name lookup sees them. They work for
// implicit instantiations of class templates too (`struct D : Base<int>`), which libclang shows
// as cursors without children: their fields come from the instantiated type, their bases from
// the template (those that depend on its parameters are not known there).
#pragma once

#include <clang-c/Index.h>

#include <functional>
#include <string>

namespace msgpack_gen::frontend {

// Whether `record` is an implicit instantiation: a class template's specialisation that nobody
// wrote out (`Base<int>` used as a type), as opposed to `template <> struct Base<int> {...}`.
bool is_implicit_instantiation(CXCursor record);

// The cursor whose source holds the class's body as written: the record itself, or for an
// implicit instantiation its template.
CXCursor body_of(CXCursor record);

// The class a canonical record type stands for: its definition, or the declaration of an
// implicit instantiation. A null cursor for anything else.
CXCursor record_of(CXType canonical);

// Calls `visit(specifier, canonical base type)` for each base of `record` whose type is known,
// in declaration order, until it returns false.
void for_each_base(CXCursor record, const std::function<bool(CXCursor, CXType)>& visit);

// Whether objects of a record type hold any non-static data member, its bases' included.
bool has_data_members(CXType type);

// The data member called `name` in `record` or, failing that, in its bases (the first found).
CXCursor find_member(CXCursor record, const std::string& name);

// The base specifier of `record` that `written` names ("Base", "ns::Base", "Base<int>", an
// alias of it). Null when none does.
CXCursor find_base(CXCursor record, const std::string& written);

// The base specifier of `record` whose canonical type is spelt `canonical` (what an alias the
// macro names stands for). Null when none is.
CXCursor find_base_of_type(CXCursor record, const std::string& canonical);

// The one base of `record` that holds data, if there is exactly one: what a MSGPACK_BASE names
// when its text matches no base's spelling (an alias, the injected name of a template, another
// spelling of an argument such as uint64_t for unsigned long).
CXCursor only_base_with_data(CXCursor record);

// Whether the body of `record` declares msgpack-c's member functions (msgpack_pack,
// msgpack_unpack), which its macros declare and hand-written code may too.
bool declares_msgpack_c_methods(CXCursor record);

}  // namespace msgpack_gen::frontend
