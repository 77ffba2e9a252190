#!/usr/bin/env python3
"""The msgpack-c conformance matrix (issue 19): writes DTO headers for every combination of
msgpack-c macro form, member kind, inheritance shape and macro-list layout that matters, the
Catch2 sources that compare msgpack-c's bytes with msgpack-gen's for random values of each, and
the refusal cases the generator must reject with a `file:line:col: error:`.

Run by CMake at configure time (tests/msgpack_c_conformance/CMakeLists.txt):

    generate.py --out DIR [--values N] [--exclude KIND,KIND...]

It writes into DIR:
    <package>/*.hpp          one folder of DTO headers per package (a shape or a layout)
    test_<package>.cpp       the Catch2 test of that package
    packages.txt             <package>|<test source>|<type>|<type>...  (read by CMake)
    refusals.txt             <case id>                                 (read by CMake)
    manifest.json            everything check_tool.py needs: the tool's arguments per package,
                             and per refusal case the header, type, line, column and messages
and prints the size of the matrix. Files whose content is unchanged are not rewritten.

The matrix is the DATA below. Each matrix struct is one (form x shape) or (form x layout) and
holds every member kind whose expectation is EQUAL, so every kind is checked under every form,
shape and layout without the full cross product. To move a kind from refused to byte-equal,
change its `expect` (and give it a `fill`); to drop a shape or layout for a form, edit `forms`.
"""

import argparse
import json
import os
import sys
import zlib
from dataclasses import dataclass, field
from typing import List, Optional

# ==== The matrix ====================================================================================

EQUAL = "equal"  # msgpack-gen must write msgpack-c's bytes, and each decodes the other's


@dataclass
class Refused:
    """msgpack-gen must refuse the kind: exit status 1, `<header>:<line>:<col>: error:` at the
    member, and every substring in `expect` (by default: the field's name in quotes with "has
    unsupported type", and the type as written in the header)."""
    expect: Optional[List[str]] = None
    policy: str = ""  # the policy the type is requested with ("" = both directions)


@dataclass
class Kind:
    id: str          # short name: the member is k_<id> in matrix structs, <member> in refusals
    type: str        # the C++ type as written
    fill: Optional[str]  # C++ statement(s) giving {m} a random value (g: compat::Gen&)
    expect: object = EQUAL
    decl: Optional[str] = None  # the declaration when not "<type> {n}" ({n}: the member name)
    member: Optional[str] = None  # refusals: the member's name (default: the id)
    before: str = ""  # refusals: declarations the member needs before it ({n}: member name)
    template: bool = False  # refusals: the holder is a class template (msgpack-c needs it)
    note: str = ""


V = "g.vector_of"
KINDS = [
    # ---- scalars
    Kind("bool", "bool", "{m} = g.integer<bool>();"),
    Kind("char", "char", "{m} = g.integer<char>();"),
    Kind("schar", "signed char", "{m} = g.integer<signed char>();"),
    Kind("uchar", "unsigned char", "{m} = g.integer<unsigned char>();"),
    Kind("i8", "std::int8_t", "{m} = g.integer<std::int8_t>();"),
    Kind("i16", "std::int16_t", "{m} = g.integer<std::int16_t>();"),
    Kind("i32", "std::int32_t", "{m} = g.integer<std::int32_t>();"),
    Kind("i64", "std::int64_t", "{m} = g.integer<std::int64_t>();"),
    Kind("u8", "std::uint8_t", "{m} = g.integer<std::uint8_t>();"),
    Kind("u16", "std::uint16_t", "{m} = g.integer<std::uint16_t>();"),
    Kind("u32", "std::uint32_t", "{m} = g.integer<std::uint32_t>();"),
    Kind("u64", "std::uint64_t", "{m} = g.integer<std::uint64_t>();"),
    Kind("short", "short", "{m} = g.integer<short>();"),
    Kind("long", "long", "{m} = g.integer<long>();"),
    Kind("llong", "long long", "{m} = g.integer<long long>();"),
    Kind("ulong", "unsigned long", "{m} = g.integer<unsigned long>();"),
    Kind("float", "float", "{m} = g.floating<float>();"),
    Kind("double", "double", "{m} = g.floating<double>();"),
    # Any value of the underlying type, not only the enumerators: MSGPACK_ADD_ENUM writes it.
    Kind("enum_class", "Color", "{m} = static_cast<Color>(g.integer<std::int16_t>());"),
    Kind("enum_plain", "Level", "{m} = static_cast<Level>(g.integer<std::uint8_t>());"),
    Kind("nil", "msgpack::type::nil_t", "(void){m};"),
    Kind("byte", "std::byte", "{m} = static_cast<std::byte>(g.integer<std::uint8_t>());"),
    Kind("time", "std::chrono::system_clock::time_point", "{m} = conformance::random_time(g);",
         note="msgpack-c's adaptor needs Boost: the kinds header includes it as "
              "tests/std_types does"),
    # ---- strings and sequences
    Kind("string", "std::string", "{m} = g.text();"),
    Kind("vec_int", "std::vector<int>", "{m} = " + V + "<int>([&] { return g.integer<int>(); });"),
    Kind("vec_string", "std::vector<std::string>",
         "{m} = " + V + "<std::string>([&] { return g.text(); }, 6);"),
    Kind("vec_u8", "std::vector<std::uint8_t>", "{m} = g.byte_vector();"),
    Kind("vec_char", "std::vector<char>",
         "{ const auto b = g.byte_vector(); {m}.assign(b.begin(), b.end()); }"),
    Kind("vec_bool", "std::vector<bool>",
         "{m}.assign(g.count(), false); "
         "for (std::size_t i = 0; i < {m}.size(); ++i) {m}[i] = g.integer<bool>();"),
    Kind("vec_double", "std::vector<double>",
         "{m} = " + V + "<double>([&] { return g.floating<double>(); });"),
    Kind("vec_byte", "std::vector<std::byte>",
         "{ const auto b = g.byte_vector(); {m}.clear(); "
         "for (auto c : b) {m}.push_back(static_cast<std::byte>(c)); }"),
    Kind("arr_int", "std::array<int, 3>", "for (auto& e : {m}) e = g.integer<int>();"),
    Kind("arr_u8", "std::array<std::uint8_t, 4>",
         "for (auto& e : {m}) e = g.integer<std::uint8_t>();"),
    Kind("arr_char", "std::array<char, 4>", "for (auto& e : {m}) e = g.integer<char>();"),
    Kind("arr_byte", "std::array<std::byte, 4>",
         "for (auto& e : {m}) e = static_cast<std::byte>(g.integer<std::uint8_t>());"),
    Kind("carr_int", "int[3]", "for (auto& e : {m}) e = g.integer<int>();", decl="int {n}[3]"),
    Kind("carr_char", "char[8]", "g.c_string({m});", decl="char {n}[8]"),
    Kind("carr_uchar", "unsigned char[4]", "g.bytes({m});", decl="unsigned char {n}[4]"),
    Kind("carr_2d", "int[2][2]",
         "for (auto& row : {m}) for (auto& e : row) e = g.integer<int>();", decl="int {n}[2][2]"),
    Kind("carr_byte", "std::byte[4]",
         "for (auto& e : {m}) e = static_cast<std::byte>(g.integer<std::uint8_t>());",
         decl="std::byte {n}[4]"),
    # ---- maps, optionals, tuples, sets, lists, pointers
    Kind("map_str_int", "std::map<std::string, int>",
         "{m} = g.map_of<int>([&] { return g.integer<int>(); }, 6);"),
    Kind("map_int_str", "std::map<int, std::string>",
         "{m}.clear(); for (std::size_t i = 0, n = g.count(6); i < n; ++i) "
         "{m}[g.one_in(2) ? g.integer<int>() : static_cast<int>(g.below(8))] = g.text();"),
    # Iteration order is unspecified: at most one element.
    Kind("umap", "std::unordered_map<std::string, int>",
         "{m}.clear(); if (!g.one_in(3)) {m}[g.key()] = g.integer<int>();"),
    Kind("uset", "std::unordered_set<int>",
         "{m}.clear(); if (!g.one_in(3)) {m}.insert(g.integer<int>());"),
    Kind("opt_int", "std::optional<int>",
         "{m} = g.optional_of<int>([&] { return g.integer<int>(); });"),
    Kind("opt_string", "std::optional<std::string>",
         "{m} = g.optional_of<std::string>([&] { return g.text(); });"),
    Kind("pair", "std::pair<int, std::string>", "{m} = {g.integer<int>(), g.text()};"),
    Kind("tuple", "std::tuple<int, bool, std::string>",
         "{m} = {g.integer<int>(), g.integer<bool>(), g.text()};"),
    Kind("set", "std::set<int>",
         "{m}.clear(); for (std::size_t i = 0, n = g.count(8); i < n; ++i) "
         "{m}.insert(g.integer<int>());"),
    Kind("multiset", "std::multiset<int>",
         "{m}.clear(); for (std::size_t i = 0, n = g.count(8); i < n; ++i) "
         "{m}.insert(g.one_in(2) ? static_cast<int>(g.below(3)) : g.integer<int>());"),
    Kind("list", "std::list<int>",
         "{m}.clear(); for (std::size_t i = 0, n = g.count(8); i < n; ++i) "
         "{m}.push_back(g.integer<int>());"),
    Kind("deque", "std::deque<int>",
         "{m}.clear(); for (std::size_t i = 0, n = g.count(8); i < n; ++i) "
         "{m}.push_back(g.integer<int>());"),
    Kind("shared_ptr", "std::shared_ptr<int>",
         "{m} = g.one_in(3) ? nullptr : std::make_shared<int>(g.integer<int>());"),
    Kind("unique_ptr", "std::unique_ptr<int>",
         "{m} = g.one_in(3) ? nullptr : std::make_unique<int>(g.integer<int>());"),
    # ---- structs of the package (conformance kinds header): their own msgpack-c macros
    Kind("nested_array", "NestedArr", "{m} = make_nested_arr(g);"),
    Kind("nested_map", "NestedMap", "{m} = make_nested_map(g);"),
    Kind("vec_nested", "std::vector<NestedArr>",
         "{m} = " + V + "<NestedArr>([&] { return make_nested_arr(g); }, 4);"),
    Kind("opt_nested", "std::optional<NestedMap>",
         "{m} = g.optional_of<NestedMap>([&] { return make_nested_map(g); });"),

    # ---- msgpack-c's own value types: not DTO types; msgpack-gen refuses them
    Kind("raw", "msgpack::type::raw_ref", None, Refused()),
    Kind("v4raw", "msgpack::type::v4raw_ref", None, Refused()),
    Kind("ext", "msgpack::type::ext", None, Refused()),
    Kind("ext_ref", "msgpack::type::ext_ref", None, Refused()),
    Kind("arr_ref", "msgpack::type::array_ref<std::vector<int>>", None, Refused()),
    Kind("tup", "msgpack::type::tuple<int, int>", None, Refused()),
    Kind("fix8", "msgpack::type::fix_int8", None, Refused()),
    Kind("fixu32", "msgpack::type::fix_uint32", None, Refused()),
    # Holds a reference to another member: only constructible from it.
    Kind("size_only", "msgpack::type::size_equal_only<std::vector<int>>", None, Refused(),
         decl="msgpack::type::size_equal_only<std::vector<int>> {n}{items}",
         before="std::vector<int> items;"),
    Kind("assoc", "msgpack::type::assoc_vector<int, int>", None, Refused()),
    Kind("obj", "msgpack::object", None, Refused()),
    # ---- standard types msgpack-c encodes and msgpack-gen does not
    Kind("cplx", "std::complex<double>", "{m} = {g.floating<double>(), g.floating<double>()};",
         Refused()),
    Kind("wide", "std::wstring",
         "{m}.assign(g.count(), L'x'); for (auto& c : {m}) "
         "c = static_cast<wchar_t>(g.integer<std::uint16_t>());", Refused()),
    Kind("flist", "std::forward_list<int>",
         "{m}.clear(); for (std::size_t i = 0, n = g.count(8); i < n; ++i) "
         "{m}.push_front(g.integer<int>());", Refused()),
    Kind("mmap", "std::multimap<int, int>",
         "{m}.clear(); for (std::size_t i = 0, n = g.count(8); i < n; ++i) "
         "{m}.emplace(static_cast<int>(g.below(3)), g.integer<int>());", Refused()),
    # Only constructible from an int it refers to.
    Kind("ref_wrap", "std::reference_wrapper<int>", None, Refused(),
         decl="std::reference_wrapper<int> {n}{target}", before="int target = 0;"),
    # msgpack-c packs a const char* but has no decoder for it, so MSGPACK_DEFINE_MAP compiles
    # only in a class template (whose msgpack_unpack is compiled only when used).
    # The message quotes the type as clang spells it: "const char *", "timespec".
    Kind("cstr", "const char*", None,
         Refused(["field 'cstr' has unsupported type 'const char *'", "raw pointers"]),
         template=True),
    Kind("ts", "struct timespec",
         "{m}.tv_sec = static_cast<std::time_t>(g.integer<std::int64_t>() >> 2); "
         "{m}.tv_nsec = static_cast<long>(g.below(1000000000));",
         Refused(["field 'ts' has unsupported type 'timespec'",
                  "msgpack-c packs it with an adaptor of its own"])),
]

# Kinds left out of the matrix because msgpack-c 4.1 itself cannot handle them as members (so there
# are no msgpack-c bytes to compare with): none. Every kind above compiles and round-trips in
# msgpack-c 4.1 (std::chrono::time_point needs Boost's numeric_cast: the kinds header includes the
# adaptor as tests/std_types/test_time_variant.cpp does). What msgpack-c does not compile is a form
# and two spellings around it, each handled where it is: MSGPACK_NVP(<integer>, m) (FORMS,
# nvp_int: emulated), a const reference member in a plain struct with MSGPACK_DEFINE_MAP
# (MARSHAL_ONLY_HEADER: in a class template) and a const char* member (the cstr refusal: in a
# class template). msgpack-c's own std::vector<bool> decoder keeps old elements for an empty array;
# conformance_support.hpp decodes with msgpack-c into a fresh object for that reason.
DROPPED_KINDS = {}


@dataclass
class Form:
    id: str
    macro: str        # the macro as written
    base: str         # its MSGPACK_BASE form, as msgpack-c requires for the mode
    keys: str         # "index" (array), "name" (member names), "nvp_str", "nvp_int"
    emulated: bool = False  # msgpack-c cannot compile the form: see below
    title: str = ""


FORMS = [
    Form("define", "MSGPACK_DEFINE", "MSGPACK_BASE", "index", title="MSGPACK_DEFINE (array)"),
    Form("array", "MSGPACK_DEFINE_ARRAY", "MSGPACK_BASE_ARRAY", "index",
         title="MSGPACK_DEFINE_ARRAY"),
    Form("map", "MSGPACK_DEFINE_MAP", "MSGPACK_BASE_MAP", "name", title="MSGPACK_DEFINE_MAP"),
    Form("nvp_str", "MSGPACK_DEFINE_MAP", "MSGPACK_BASE_MAP", "nvp_str",
         title="MSGPACK_DEFINE_MAP with MSGPACK_NVP(\"name\", m)"),
    # msgpack-c 4.1 does not compile MSGPACK_NVP(<integer literal>, m): make_define_map takes
    # its arguments as `Args&...`, which a literal (a prvalue) cannot bind to, and its
    # msgpack_unpack looks keys up in a std::map<std::string, ...> (and throws type_error on a
    # key that is not a str). So these headers declare msgpack-c's macros empty around the
    # structs (as msgpack_gen/msgpack_c_macros.hpp does for a build without msgpack-c), and the
    # reference bytes are msgpack-c's own make_define_map(...).msgpack_pack with the integer keys
    # given as lvalues: exactly what MSGPACK_DEFINE_MAP's expansion would write. msgpack-c cannot
    # decode them; only msgpack-gen's decoder is checked.
    Form("nvp_int", "MSGPACK_DEFINE_MAP", "MSGPACK_BASE_MAP", "nvp_int", emulated=True,
         title="MSGPACK_DEFINE_MAP with MSGPACK_NVP(<integer>, m) (emulated msgpack-c)"),
]
ALL_FORMS = [f.id for f in FORMS]

# Inheritance shapes: (id, title, forms). Their C++ is built by shape_<id>() below.
SHAPES = [
    ("a", "own macro and public members", ALL_FORMS),
    ("b", "own macro and private members (class)", ALL_FORMS),
    ("c", "no macro of its own: the base's macro is inherited", ALL_FORMS),
    ("d", "the base's macro inherited two levels deep", ALL_FORMS),
    ("e", "the macro of a class template instance base inherited", ALL_FORMS),
    ("f", "own macro listing members of a plain base", ALL_FORMS),
    ("g", "own macro listing a protected member of a class template instance base", ALL_FORMS),
    ("h", "MSGPACK_BASE of a struct with its own macro", ALL_FORMS),
    ("i", "MSGPACK_BASE of a class template instance", ALL_FORMS),
    ("j", "MSGPACK_BASE of a standard container base (std::list alias)", ALL_FORMS),
    ("k", "two bases and each in MSGPACK_BASE", ALL_FORMS),
    ("l", "own macro hiding the base's macro", ALL_FORMS),
]

# Layouts of the macro's argument list: (id, title, forms). The shapes use "wrapped" (the list
# broken over lines at 100 columns, as a formatter would).
LAYOUTS = [
    ("one_line", "all on one line", ALL_FORMS),
    ("line_comments", "one argument per line with a trailing // comment after each", ALL_FORMS),
    ("block_comments", "/* comments */ in the list and a commented-out member", ALL_FORMS),
    ("backslash", "backslash-continued lines", ALL_FORMS),
]

# Marshal-only cells: structs with reference members, requested with `:+-`.
# msgpack-c compiles `Params& p` both ways. A `const std::string& s` (or any const reference)
# does not compile in a plain struct with MSGPACK_DEFINE_MAP (its msgpack_unpack converts into
# the const object), so that one is in a class template, whose msgpack_unpack is compiled only
# when used.
MARSHAL_ONLY_HEADER = """\
struct Params {
  std::int32_t a = 0;
  std::string b;
  std::vector<std::int64_t> c;
  MSGPACK_DEFINE_MAP(a, b, c);
};

struct Request {
  std::int32_t id = 0;
  Params& p;
  MSGPACK_DEFINE_MAP(id, p);
};

struct ArrayRequest {
  std::int32_t id = 0;
  Params& p;
  MSGPACK_DEFINE(id, p);
};

struct NvpRequest {
  std::int32_t id = 0;
  Params& p;
  MSGPACK_DEFINE_MAP(MSGPACK_NVP("request id", id), MSGPACK_NVP("params", p));
};

template <class T>
struct Reply {
  T id{};
  const std::string& s;
  Params& p;
  const Params& cp;
  MSGPACK_DEFINE_MAP(id, s, p, cp);
};
"""
# (type as named on the command line, C++ type, how a value is built, top-level names)
MARSHAL_ONLY = [
    ("Request:+-", "Request", "Request v{g.integer<std::int32_t>(), params};", ["id", "p"]),
    ("ArrayRequest:+-", "ArrayRequest", "ArrayRequest v{g.integer<std::int32_t>(), params};",
     ["id", "p"]),
    ("NvpRequest:+-", "NvpRequest", "NvpRequest v{g.integer<std::int32_t>(), params};",
     ["id", "p"]),
    ("Reply<std::int32_t>:+-", "Reply<std::int32_t>",
     "const std::string text = g.text(); Params other = make_params(g); "
     "Reply<std::int32_t> v{g.integer<std::int32_t>(), text, params, other};",
     ["id", "s", "p", "cp"]),
]

# Refusal cells that are structs rather than member kinds: (id, header body, type, the member
# the error points at, expected substrings).
REFUSAL_STRUCTS = [
    # The decoder cannot use a reference: Request requested both ways (msgpack-c compiles it,
    # decoding into the referenced Params).
    ("reference_decoded", """\
struct Params {
  std::int32_t a = 0;
  MSGPACK_DEFINE_MAP(a);
};

struct Request {
  std::int32_t id = 0;
  Params& p;
  MSGPACK_DEFINE_MAP(id, p);
};
""", "Request", "p", ["field 'p'", "reference"]),
]

# Check the column of `<header>:<line>:<col>: error:` too (the column of the member's name).
CHECK_COLUMN = True

# ==== Building the C++ =============================================================================

INT_KEYS = [0, 1, 2, 3, 15, 16, 31, 127, 128, 255, 256, 65535, 65536, 2147483647]
LONG_KEY = "a key longer than thirty-one bytes, so a str8"


def int_key(index):
    return INT_KEYS[index] if index < len(INT_KEYS) else 1000 + index


def str_key(index, name):
    if index == 0:
        return LONG_KEY
    if index == 1:
        return "with space"
    return "n." + name


@dataclass
class Entry:
    """One element of a macro's list."""
    name: str               # member name, or the base as written
    is_base: bool = False
    base_type: str = ""     # C++ type of the base (for the emulated packer)

    def key(self, form, index):
        if self.is_base:
            return self.name  # MSGPACK_BASE_MAP(B): the text of B
        if form.keys == "name":
            return self.name
        if form.keys == "nvp_str":
            return str_key(index, self.name)
        if form.keys == "nvp_int":
            return int_key(index)
        return None

    def arg(self, form, index):
        if self.is_base:
            return "%s(%s)" % (form.base, self.name)
        if form.keys == "nvp_str":
            return 'MSGPACK_NVP("%s", %s)' % (str_key(index, self.name), self.name)
        if form.keys == "nvp_int":
            return "MSGPACK_NVP(%d, %s)" % (int_key(index), self.name)
        return self.name


def render_macro(form, entries, layout, indent="  ", commented_out=None):
    """The macro invocation as lines (without a trailing newline)."""
    args = [e.arg(form, i) for i, e in enumerate(entries)]
    head = indent + form.macro + "("
    pad = " " * len(head)
    if layout == "one_line":
        return [head + ", ".join(args) + ");"]
    if layout == "wrapped":
        lines, line = [], head
        for i, a in enumerate(args):
            piece = a + (", " if i + 1 < len(args) else ");")
            if len(line) + len(piece.rstrip()) > 100 and line.strip() != head.strip():
                lines.append(line.rstrip())
                line = pad
            line += piece
        lines.append(line.rstrip())
        return lines
    if layout == "line_comments":
        lines = []
        for i, a in enumerate(args):
            first = head if i == 0 else pad
            sep = "," if i + 1 < len(args) else ""
            lines.append("%s%s%s  // %s, (a comment with a comma)" % (first, a, sep, entries[i].name))
            if i == 1 and commented_out:
                lines.append(pad + "// %s," % commented_out)
        lines.append(pad + ");")
        return lines
    if layout == "block_comments":
        parts = []
        for i, a in enumerate(args):
            if i == 0:
                parts.append("/* first: (a, b) */ " + a)
            elif i == 1 and form.keys in ("nvp_str", "nvp_int"):
                e = entries[i]
                key = e.key(form, i)
                key_text = '"%s"' % key if isinstance(key, str) else str(key)
                parts.append("MSGPACK_NVP(/* key */ %s, /* value */ %s /* , x */)" % (key_text,
                                                                                     e.name))
            else:
                parts.append(a)
        text = head + parts[0]
        lines = []
        for i, p in enumerate(parts[1:], 1):
            if i % 4 == 0:
                lines.append(text + ",  /* ) */")
                text = pad + p
            else:
                text += " /*,*/, " + p if i % 3 == 0 else ", " + p
        tail = " /*, %s*/" % commented_out if commented_out else ""
        lines.append(text + tail + ");")
        return lines
    if layout == "backslash":
        lines = []
        for i, a in enumerate(args):
            first = head if i == 0 else pad
            lines.append(first + a + ("," if i + 1 < len(args) else ");") +
                         (" \\" if i + 1 < len(args) else ""))
        return lines
    raise ValueError(layout)


def member_decl(kind, name):
    d = kind.decl if kind.decl else kind.type + " {n}"
    return d.replace("{n}", name) + ";"


class Builder:
    """The member declarations, list entries and fill statements of the matrix kinds."""

    def __init__(self, ns, kinds):
        self.ns = ns
        self.kinds = kinds

    def members(self, indent="  "):
        return [indent + member_decl(k, "k_" + k.id) for k in self.kinds]

    def kind_entries(self):
        return [Entry("k_" + k.id) for k in self.kinds]

    def fill(self, prefix="v."):
        out = []
        for k in self.kinds:
            out.append(k.fill.replace("{m}", prefix + "k_" + k.id))
        return out


@dataclass
class TestStruct:
    ctype: str            # C++ type, qualified
    cli: str              # the name on the command line
    title: str
    form: Form
    fill: List[str]       # statements on v
    top_names: List[str]
    kinds_on_wire: int
    packers: list = field(default_factory=list)  # emulated form: (C++ type, entries)


def wire_names(form, entries):
    names = []
    for i, e in enumerate(entries):
        k = e.key(form, i)
        label = e.name if not e.is_base else "base " + e.name
        names.append(label if k is None or k == e.name else "%s (key %r)" % (label, k))
    return names


def emulated_entries(form, entries, obj="v"):
    """(key C++ lvalue, value C++ lvalue) for make_define_map, as MSGPACK_DEFINE_MAP expands."""
    out = []
    for i, e in enumerate(entries):
        key = e.key(form, i)
        key_expr = ('"%s"' % key) if isinstance(key, str) else "kKey%d" % i
        if e.is_base:
            value = "static_cast<const %s&>(%s)" % (e.base_type, obj)
        else:
            value = "%s.%s" % (obj, e.name)
        out.append((key, key_expr, value))
    return out


def struct_block(keyword, name, bases, body, form, entries, layout, private=False,
                 commented_out=None, macro=True):
    head = "%s %s%s {" % (keyword, name, (" : " + bases) if bases else "")
    lines = [head]
    if private:
        lines += body
        lines.append("  template <class> friend struct conformance_fill;")
        lines.append("")
        lines.append(" public:")
    else:
        if keyword == "class":
            lines.append(" public:")
        lines += body
    if macro:
        lines += render_macro(form, entries, layout, commented_out=commented_out)
    lines.append("};")
    return lines


def build_shape(shape, form, kinds, ns):
    """The C++ of one (form x shape) struct and its bases: (lines, TestStruct)."""
    b = Builder(ns, kinds)
    n = "%s_%s" % (shape, form.id)
    L = "wrapped"
    lines = []
    members = b.members()
    ke = b.kind_entries()
    fill = b.fill()
    packers = []  # (C++ type, form, entries) that need an emulated msgpack-c packer
    title = ""
    if shape == "a":
        lines += struct_block("struct", n, "", members, form, ke, L)
        entries, test = ke, n
        packers.append((n, ke))
    elif shape == "b":
        lines += struct_block("class", n, "", members, form, ke, L, private=True)
        entries, test = ke, n
        packers.append((n, ke))
    elif shape == "c":
        lines += struct_block("struct", n + "_base", "", members, form, ke, L)
        lines += ["", "struct %s : %s_base {" % (n, n), "  int extra = 0;",
                  "  std::string extra_text;", "};"]
        fill += ["v.extra = g.integer<int>();", "v.extra_text = g.key();"]
        entries, test = ke, n
        packers.append((n, ke))
    elif shape == "d":
        lines += struct_block("struct", n + "_base", "", members, form, ke, L)
        lines += ["", "struct %s_mid : %s_base {" % (n, n), "  int mid = 0;", "};", "",
                  "struct %s : %s_mid {" % (n, n), "  int extra = 0;", "};"]
        fill += ["v.mid = g.integer<int>();", "v.extra = g.integer<int>();"]
        entries, test = ke, n
        packers.append((n, ke))
    elif shape == "e":
        te = [Entry("tv")] + ke
        lines += ["template <class T>"]
        lines += struct_block("struct", n + "_tbase", "", ["  T tv{};"] + members, form, te, L)
        lines += ["", "struct %s : %s_tbase<std::int32_t> {" % (n, n), "  int extra = 0;", "};"]
        fill += ["v.tv = g.integer<std::int32_t>();", "v.extra = g.integer<int>();"]
        entries, test = te, n
        packers.append((n, te))
    elif shape == "f":
        lines += ["struct %s_base {" % n] + members + ["};", ""]
        fe = ke + [Entry("extra")]
        lines += struct_block("struct", n, n + "_base", ["  int extra = 0;"], form, fe, L)
        fill += ["v.extra = g.integer<int>();"]
        entries, test = fe, n
        packers.append((n, fe))
    elif shape == "g":
        lines += ["template <class T>", "class %s_mode {" % n, " protected:", "  T m_mode{};",
                  "};", ""]
        ge = [Entry("m_mode")] + ke
        lines += struct_block("class", n, "public %s_mode<std::uint8_t>" % n, members, form, ge,
                              L, private=True)
        fill += ["v.m_mode = g.integer<std::uint8_t>();"]
        entries, test = ge, n
        packers.append((n, ge))
    elif shape == "h":
        lines += struct_block("struct", n + "_base", "", members, form, ke, L)
        he = [Entry(n + "_base", True, n + "_base"), Entry("extra")]
        lines += [""] + struct_block("struct", n, n + "_base", ["  int extra = 0;"], form, he, L)
        fill += ["v.extra = g.integer<int>();"]
        entries, test = he, n
        packers += [(n + "_base", ke), (n, he)]
    elif shape == "i":
        te = [Entry("tv")] + ke
        lines += ["template <class T>"]
        lines += struct_block("struct", n + "_tbase", "", ["  T tv{};"] + members, form, te, L)
        inst = n + "_tbase<std::string>"
        ie = [Entry(inst, True, inst), Entry("extra")]
        lines += [""] + struct_block("struct", n, inst, ["  int extra = 0;"], form, ie, L)
        fill += ["v.tv = g.text();", "v.extra = g.integer<int>();"]
        entries, test = ie, n
        packers += [(inst, te), (n, ie)]
    elif shape == "j":
        alias = n + "_kind_list"
        lines += ["using %s = std::list<Color>;" % alias, ""]
        je = [Entry(alias, True, "std::list<Color>")] + ke
        lines += struct_block("class", n, "public std::list<Color>", members, form, je, L)
        fill += ["{ std::list<Color>& list = v; list.clear(); "
                 "for (std::size_t i = 0, count = g.count(8); i < count; ++i) "
                 "list.push_back(static_cast<Color>(g.integer<std::int16_t>())); }"]
        entries, test = je, n
        packers.append((n, je))
    elif shape == "k":
        lines += struct_block("struct", n + "_base1", "", members, form, ke, L)
        k2 = [Entry("second_text"), Entry("second_number")]
        lines += [""] + struct_block("struct", n + "_base2", "",
                                     ["  std::string second_text;",
                                      "  std::int64_t second_number = 0;"], form, k2, L)
        kk = [Entry(n + "_base1", True, n + "_base1"), Entry(n + "_base2", True, n + "_base2"),
              Entry("extra")]
        lines += [""] + struct_block("struct", n, "%s_base1, %s_base2" % (n, n),
                                     ["  int extra = 0;"], form, kk, L)
        fill += ["v.second_text = g.text();", "v.second_number = g.integer<std::int64_t>();",
                 "v.extra = g.integer<int>();"]
        entries, test = kk, n
        packers += [(n + "_base1", ke), (n + "_base2", k2), (n, kk)]
    elif shape == "l":
        le = [Entry("hidden_number"), Entry("hidden_text")]
        lines += struct_block("struct", n + "_base", "",
                              ["  int hidden_number = 0;", "  std::string hidden_text;"], form,
                              le, L)
        lines += [""] + struct_block("struct", n, n + "_base", members, form, ke, L)
        fill += ["v.hidden_number = g.integer<int>();", "v.hidden_text = g.text();"]
        entries, test = ke, n
        packers.append((n, ke))
    else:
        raise ValueError(shape)
    ts = TestStruct("%s::%s" % (ns, test), "%s::%s" % (ns, test), "", form, fill,
                    wire_names(form, entries), len(kinds),
                    packers=[(t, emulated_entries(form, es)) for t, es in packers])
    return lines, ts


def build_layout(layout, form, kinds, ns):
    b = Builder(ns, kinds)
    n = "%s_%s" % (layout, form.id)
    members = b.members()
    ke = b.kind_entries()
    fill = b.fill()
    commented = None
    if layout in ("block_comments", "line_comments"):
        # A member the list leaves out in a comment: not written.
        members = members + ["  int commented_out = 0;"]
        commented = "commented_out"
        fill = fill + ["v.commented_out = g.integer<int>();"]
    lines = struct_block("struct", n, "", members, form, ke, layout, commented_out=commented)
    ts = TestStruct("%s::%s" % (ns, n), "%s::%s" % (ns, n), "", form, fill,
                    wire_names(form, ke), len(kinds),
                    packers=[(n, emulated_entries(form, ke))])
    return lines, ts


# ---- Files ----------------------------------------------------------------------------------------

HEADER_NOTE = "// Generated by tests/msgpack_c_conformance/generate.py: edit that script, not this."


def kinds_header(ns):
    return """%s
// The types every struct of package %s uses: the enums, the nested structs, and the friend that
// fills (and, for the emulated form, packs) structs with private members.
#pragma once

#include <msgpack.hpp>
// msgpack-c's time_point adaptor needs Boost (numeric_cast); the tests build msgpack-c with
// MSGPACK_NO_BOOST, so include the adaptor alone, as tests/std_types does.
#if defined(MSGPACK_NO_BOOST)
#undef MSGPACK_NO_BOOST
#include <msgpack/adaptor/cpp11/chrono.hpp>
#define MSGPACK_NO_BOOST 1
#endif

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

namespace %s {

template <class T>
struct conformance_fill;

enum class Color : std::int16_t { red = -1, green = 0, blue = 300 };
enum Level : std::uint8_t { kLow = 0, kMiddle = 100, kHigh = 200 };

struct NestedArr {
  std::int32_t id = 0;
  std::string name;
  std::vector<std::int64_t> values;
  MSGPACK_DEFINE(id, name, values);
};

struct NestedMap {
  bool flag = false;
  double ratio = 0;
  std::string label;
  MSGPACK_DEFINE_MAP(flag, ratio, label);
};

}  // namespace %s

MSGPACK_ADD_ENUM(%s::Color);
MSGPACK_ADD_ENUM(%s::Level);
""" % (HEADER_NOTE, ns, ns, ns, ns, ns)


NVP_INT_PROLOGUE = """\
// msgpack-c 4.1 cannot compile MSGPACK_NVP(<integer>, m) (see FORMS in generate.py): these
// structs are read with msgpack-c's macros declared empty, as msgpack_gen/msgpack_c_macros.hpp
// declares them for a build without msgpack-c. push_macro keeps msgpack-c's definitions for
// everything else.
#pragma push_macro("MSGPACK_DEFINE_MAP")
#pragma push_macro("MSGPACK_NVP")
#pragma push_macro("MSGPACK_BASE_MAP")
#undef MSGPACK_DEFINE_MAP
#undef MSGPACK_NVP
#undef MSGPACK_BASE_MAP
#define MSGPACK_DEFINE_MAP(...)
#define MSGPACK_NVP(name, value)
#define MSGPACK_BASE_MAP(base)
"""
NVP_INT_EPILOGUE = """\
#pragma pop_macro("MSGPACK_BASE_MAP")
#pragma pop_macro("MSGPACK_NVP")
#pragma pop_macro("MSGPACK_DEFINE_MAP")
"""


def form_header(pkg, ns, form, body_lines, title):
    out = [HEADER_NOTE, "// Package %s, form %s: %s" % (pkg, form.id, title), "#pragma once", "",
           '#include "%s_kinds.hpp"' % pkg, ""]
    if form.emulated:
        out.append(NVP_INT_PROLOGUE)
    out += ["namespace %s {" % ns, ""] + body_lines + ["", "}  // namespace %s" % ns]
    if form.emulated:
        out += ["", NVP_INT_EPILOGUE.rstrip("\n")]
    return "\n".join(out) + "\n"


def seed_of(name):
    return zlib.crc32(name.encode()) & 0x7fffffff


def cpp_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_source(pkg, ns, title, headers, tests, values, matrix):
    cells = sum(t.kinds_on_wire for t in tests)
    out = [HEADER_NOTE, "// Package %s: %s" % (pkg, title),
           "// The matrix: %d structs, %d struct x kind cells in all (%d kinds, %d forms, %d shapes, "
           "%d layouts); this package: %d structs, %d cells."
           % (matrix["structs"], matrix["cells"], matrix["kinds"], matrix["forms"],
              matrix["shapes"], matrix["layouts"], len(tests), cells),
           '#include "conformance_support.hpp"', ""]
    out += ['#include "%s.msgpack.hpp"' % h for h in headers]
    out += ["", "namespace %s {" % ns, "",
            "inline NestedArr make_nested_arr(compat::Gen& g) {",
            "  NestedArr n;",
            "  n.id = g.integer<std::int32_t>();",
            "  n.name = g.text();",
            "  n.values = g.vector_of<std::int64_t>([&] { return g.integer<std::int64_t>(); }, 4);",
            "  return n;", "}", "",
            "inline NestedMap make_nested_map(compat::Gen& g) {",
            "  NestedMap n;",
            "  n.flag = g.integer<bool>();",
            "  n.ratio = g.floating<double>();",
            "  n.label = g.key();",
            "  return n;", "}", ""]
    # One conformance_fill<T> per type: fill() for the tested structs, and for the emulated form
    # pack() (for them and for the bases msgpack-c would pack with their own macro). It is the
    # friend the classes with private members declare.
    specs = {}  # C++ type -> [fill statements or None, packer entries or None]
    order = []
    for t in tests:
        short = t.ctype.split("::", 1)[1]
        specs.setdefault(short, [None, None])[0] = t.fill
        order.append(short)
        if t.form.emulated:
            for ctype, entries in t.packers:
                if ctype not in specs:
                    order.append(ctype)
                specs.setdefault(ctype, [None, None])[1] = entries
    emulated = [c for c in order if specs[c][1] is not None]
    for ctype in order:
        fill, entries = specs[ctype]
        out.append("template <>")
        out.append("struct conformance_fill<%s> {" % ctype)
        if fill is not None:
            out.append("  static void fill(%s& v, compat::Gen& g) {" % ctype)
            out += ["    " + s for s in fill]
            out.append("  }")
        if entries is not None:
            out.append("  // What MSGPACK_DEFINE_MAP(...) would write: its make_define_map, the "
                       "integer keys as lvalues.")
            out.append("  template <class Stream>")
            out.append("  static void pack(msgpack::packer<Stream>& pk, const %s& v) {" % ctype)
            for i, (key, key_expr, _) in enumerate(entries):
                if not isinstance(key, str):
                    out.append("    static const int kKey%d = %d;" % (i, key))
            args = ", ".join("%s, %s" % (k, val) for _, k, val in entries)
            out.append("    msgpack::type::make_define_map(%s).msgpack_pack(pk);" % args)
            out.append("  }")
        out.append("};")
        out.append("")
    out += ["}  // namespace %s" % ns, ""]
    if emulated:
        out.append("// msgpack-c's adaptors for the emulated form: pack as MSGPACK_DEFINE_MAP "
                   "would; decode as far as")
        out.append("// its define_map::msgpack_unpack gets with integer keys (type_error).")
        out.append("namespace msgpack {")
        out.append("MSGPACK_API_VERSION_NAMESPACE(MSGPACK_DEFAULT_API_NS) {")
        out.append("namespace adaptor {")
        for ctype in emulated:
            q = "%s::%s" % (ns, ctype)
            out += [
                "template <>",
                "struct pack<%s> {" % q,
                "  template <class Stream>",
                "  msgpack::packer<Stream>& operator()(msgpack::packer<Stream>& o, "
                "const %s& v) const {" % q,
                "    %s::conformance_fill<%s>::pack(o, v);" % (ns, q),
                "    return o;",
                "  }",
                "};",
                "template <>",
                "struct convert<%s> {" % q,
                "  msgpack::object const& operator()(msgpack::object const& o, %s&) const {" % q,
                "    conformance::define_map_unpack_keys(o);",
                "    return o;",
                "  }",
                "};",
            ]
        out += ["}  // namespace adaptor", "}  // MSGPACK_API_VERSION_NAMESPACE",
                "}  // namespace msgpack", ""]
    out += ["namespace {", "", "constexpr int kValues = %d;" % values, "", "}  // namespace", ""]
    for t in tests:
        short = t.ctype.split("::", 1)[1]
        names = ", ".join(cpp_string(s) for s in t.top_names)
        test_name = "%s: %s" % (t.form.id, t.title)
        out += [
            "TEST_CASE(%s, \"[conformance][%s][%s]\") {" % (cpp_string(test_name), pkg, t.form.id),
            "  static const std::vector<std::string> kTopNames = {%s};" % names,
            "  conformance::run<%s>(" % t.ctype,
            "      %s, %du, kValues," % (cpp_string(t.ctype), seed_of(t.ctype)),
            "      [](compat::Gen& g) {",
            "        %s v{};" % t.ctype,
            "        %s::conformance_fill<%s>::fill(v, g);" % (ns, t.ctype),
            "        return v;",
            "      },",
            "      kTopNames, %s);" % ("false" if t.form.emulated else "true"),
            "}",
            "",
        ]
    return "\n".join(out) + "\n"


def marshal_only_files(pkg, ns, values):
    header = "\n".join([
        HEADER_NOTE,
        "// Marshal-only cells: reference members, requested with :+-.",
        "#pragma once", "", "#include <msgpack.hpp>", "", "#include <cstdint>", "#include <string>",
        "#include <vector>", "", "namespace %s {" % ns, "", MARSHAL_ONLY_HEADER.rstrip("\n"), "",
        "}  // namespace %s" % ns]) + "\n"
    out = [HEADER_NOTE, "// Package %s: reference members, marshal only." % pkg,
           '#include "conformance_support.hpp"', "", '#include "%s.msgpack.hpp"' % pkg, "",
           "namespace %s {" % ns, "",
           "inline Params make_params(compat::Gen& g) {", "  Params p;",
           "  p.a = g.integer<std::int32_t>();", "  p.b = g.text();",
           "  p.c = g.vector_of<std::int64_t>([&] { return g.integer<std::int64_t>(); }, 6);",
           "  return p;", "}", "", "}  // namespace %s" % ns, "", "namespace {", "",
           "constexpr int kValues = %d;" % values, "", "}  // namespace", ""]
    types = []
    for cli, ctype, build, names in MARSHAL_ONLY:
        types.append("%s::%s" % (ns, cli))
        q = "%s::%s" % (ns, ctype)
        out += [
            "TEST_CASE(%s, \"[conformance][%s]\") {" % (cpp_string("marshal only: " + cli), pkg),
            "  static const std::vector<std::string> kTopNames = {%s};"
            % ", ".join(cpp_string(n) for n in names),
            "  conformance::run_marshal_only(%s, %du, kValues," % (cpp_string(q), seed_of(q)),
            "      [](compat::Gen& g, auto&& check) {",
            "        using namespace %s;" % ns,
            "        Params params = make_params(g);",
            "        " + build,
            "        check(v);",
            "      },",
            "      kTopNames);",
            "}", ""]
    return header, "\n".join(out) + "\n", types


def refusal_header(kind_or_struct):
    """(header text, type on the command line, line of the member, column of its name)."""
    if isinstance(kind_or_struct, Kind):
        k = kind_or_struct
        member = k.member or k.id
        ns = "conf_refuse_" + k.id
        holder = "Holder"
        lines = [HEADER_NOTE,
                 "// Refusal cell %s: %s as a member of a msgpack-c struct. msgpack-c compiles "
                 "this" % (k.id, k.type),
                 "// header (a test compiles it); msgpack-gen must refuse the member.",
                 "#pragma once", "", "#include <msgpack.hpp>", ""]
        lines += ["#include <%s>" % h for h in ("complex", "cstdint", "ctime", "forward_list",
                                                 "functional", "map", "string", "vector")]
        lines += ["", "namespace %s {" % ns, ""]
        if k.template:
            lines += ["template <class T>", "struct %s {" % holder, "  T id{};"]
            cli = "%s::%s<std::int32_t>" % (ns, holder)
        else:
            lines += ["struct %s {" % holder, "  std::int32_t id = 0;"]
            cli = "%s::%s" % (ns, holder)
        listed = ["id"]
        if k.before:
            lines.append("  " + k.before.replace("{n}", member))
            # size_equal_only's vector is listed too; the int a reference_wrapper refers to not
            first = k.before.split()[-1].rstrip(";")
            if first == "items":
                listed.append(first)
        decl_line = "  " + member_decl(k, member)
        line_no = len(lines) + 1
        lines.append(decl_line)
        col = decl_line.index(" " + member, 2) + 2  # 1-based column of the name
        listed.append(member)
        lines.append("  MSGPACK_DEFINE_MAP(%s);" % ", ".join(listed))
        lines += ["};", "", "}  // namespace %s" % ns]
        policy = k.expect.policy
        expect = k.expect.expect or ["field '%s' has unsupported type" % member, k.type]
        return "\n".join(lines) + "\n", cli + (":" + policy if policy else ""), line_no, col, \
            expect, ns
    rid, body, ctype, member, expect = kind_or_struct
    ns = "conf_refuse_" + rid
    lines = [HEADER_NOTE, "// Refusal cell %s." % rid, "#pragma once", "",
             "#include <msgpack.hpp>", "", "#include <cstdint>", "", "namespace %s {" % ns, ""]
    start = len(lines)
    body_lines = body.rstrip("\n").split("\n")
    lines += body_lines
    lines += ["", "}  // namespace %s" % ns]
    # The member's line: the last declaration of it in the body.
    line_no = col = None
    for i, text in enumerate(body_lines):
        stripped = text.rstrip(";").split()
        if stripped and stripped[-1] == member and not text.strip().startswith("MSGPACK"):
            line_no = start + i + 1
            col = text.rindex(member) + 1
    return "\n".join(lines) + "\n", "%s::%s" % (ns, ctype), line_no, col, expect, ns


def write(path, text, written):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    written.add(os.path.abspath(path))
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--values", type=int, default=200, help="random values per struct")
    ap.add_argument("--exclude", default="",
                    help="comma-separated kind ids to leave out of the matrix structs (triage "
                         "only: to see the other cells while some kind stops generation)")
    args = ap.parse_args()
    out = os.path.abspath(args.out)
    excluded = {x for x in args.exclude.replace(";", ",").split(",") if x}
    unknown = excluded - {k.id for k in KINDS}
    if unknown:
        sys.exit("generate.py: --exclude: no such kinds: " + ", ".join(sorted(unknown)))
    kinds = [k for k in KINDS if k.expect == EQUAL and k.id not in excluded]
    for k in kinds:
        if not k.fill:
            sys.exit("generate.py: kind %s is expected byte-equal but has no fill" % k.id)
    forms = {f.id: f for f in FORMS}

    groups = []  # (package, title, [(form, lines, TestStruct)])
    for sid, title, fids in SHAPES:
        pkg = "shape_" + sid
        ns = "conf_" + pkg
        items = []
        for fid in sorted(fids, key=ALL_FORMS.index):
            lines, ts = build_shape(sid, forms[fid], kinds, ns)
            ts.title = "(%s) %s" % (sid, title)
            items.append((forms[fid], lines, ts))
        groups.append((pkg, "(%s) %s" % (sid, title), items))
    for lid, title, fids in LAYOUTS:
        pkg = "layout_" + lid
        ns = "conf_" + pkg
        items = []
        for fid in sorted(fids, key=ALL_FORMS.index):
            lines, ts = build_layout(lid, forms[fid], kinds, ns)
            ts.title = "layout %s: %s" % (lid, title)
            items.append((forms[fid], lines, ts))
        groups.append((pkg, "layout %s: %s" % (lid, title), items))

    structs = sum(len(items) for _, _, items in groups)
    cells = sum(ts.kinds_on_wire for _, _, items in groups for _, _, ts in items)
    matrix = dict(structs=structs, cells=cells, kinds=len(kinds), forms=len(FORMS),
                  shapes=len(SHAPES), layouts=len(LAYOUTS))

    written = set()
    packages_txt = []
    manifest = {"packages": {}, "refusals": {}}
    for pkg, title, items in groups:
        ns = "conf_" + pkg
        write(os.path.join(out, pkg, pkg + "_kinds.hpp"), kinds_header(ns), written)
        headers = [pkg + "_kinds"]
        tests = []
        for number, (form, lines, ts) in enumerate(items, 1):
            # Numbered in FORMS order, so the emulated form's header (which redefines msgpack-c's
            # macros between push_macro and pop_macro) is read last: msgpack-gen does not
            # recognise msgpack-c's macros in a header read after a pop_macro of them (README.md).
            h = "%s_%d_%s" % (pkg, number, form.id)
            write(os.path.join(out, pkg, h + ".hpp"),
                  form_header(pkg, ns, form, lines, form.title + "; " + title), written)
            headers.append(h)
            tests.append(ts)
        src = "test_%s.cpp" % pkg
        write(os.path.join(out, src),
              test_source(pkg, ns, title, headers, tests, args.values, matrix), written)
        types = [t.cli for t in tests]
        packages_txt.append("|".join([pkg, src] + types))
        manifest["packages"][pkg] = {"dir": os.path.join(out, pkg), "types": types}

    pkg = "marshal_only"
    ns = "conf_" + pkg
    header, source, types = marshal_only_files(pkg, ns, args.values)
    write(os.path.join(out, pkg, pkg + ".hpp"), header, written)
    write(os.path.join(out, "test_%s.cpp" % pkg), source, written)
    packages_txt.append("|".join([pkg, "test_%s.cpp" % pkg] + types))
    manifest["packages"][pkg] = {"dir": os.path.join(out, pkg), "types": types}

    refusal_ids = []
    refusal_types = []
    for item in [k for k in KINDS if isinstance(k.expect, Refused)] + REFUSAL_STRUCTS:
        text, cli, line, col, expect, rns = refusal_header(item)
        rid = item.id if isinstance(item, Kind) else item[0]
        d = os.path.join(out, "refuse_" + rid)
        hdr = "refuse_%s.hpp" % rid
        write(os.path.join(d, hdr), text, written)
        refusal_ids.append(rid)
        refusal_types.append(cli.split(":+")[0].split(":-")[0])
        manifest["refusals"][rid] = {"dir": d, "header": hdr, "type": cli, "line": line,
                                     "column": col if CHECK_COLUMN else None, "expect": expect}
    # One translation unit including every refusal header: each is one msgpack-c compiles, and
    # msgpack-c packs each refused type.
    tu = [HEADER_NOTE, "// Every refusal header, compiled: msgpack-c accepts each of them and "
          "packs its struct."]
    tu += ['#include "refuse_%s/refuse_%s.hpp"' % (r, r) for r in refusal_ids]
    tu += [""]
    for r, t in zip(refusal_ids, refusal_types):
        tu.append("void msgpack_c_conformance_pack_%s(msgpack::sbuffer& out, const %s& value) {"
                  % (r, t))
        tu.append("  msgpack::pack(out, value);")
        tu.append("}")
    write(os.path.join(out, "refusal_headers.cpp"), "\n".join(tu) + "\n", written)

    write(os.path.join(out, "packages.txt"), "\n".join(packages_txt) + "\n", written)
    write(os.path.join(out, "refusals.txt"), "\n".join(refusal_ids) + "\n", written)
    manifest["matrix"] = matrix
    manifest["excluded_kinds"] = sorted(excluded)
    write(os.path.join(out, "manifest.json"), json.dumps(manifest, indent=1) + "\n", written)

    # Leftovers of an earlier run (a renamed package or case) would be globbed into a package.
    for root, _, files in os.walk(out):
        for f in files:
            p = os.path.abspath(os.path.join(root, f))
            if p not in written and (p.endswith(".hpp") or p.endswith(".cpp")):
                os.remove(p)

    print("msgpack-c conformance matrix: %d structs (%d forms x %d shapes + %d forms x %d "
          "layouts), %d struct x kind cells (%d byte-equal kinds%s); %d marshal-only structs; "
          "%d refusal cells" % (structs, len(FORMS), len(SHAPES), len(FORMS), len(LAYOUTS), cells,
                                len(kinds),
                                (", excluded: " + ", ".join(sorted(excluded))) if excluded
                                else "", len(MARSHAL_ONLY), len(refusal_ids)))


if __name__ == "__main__":
    main()
