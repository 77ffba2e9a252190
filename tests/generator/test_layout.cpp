// The wire layout (tool/ir/layout.hpp) from a hand-built IR: the order, paths and member chains
// that both the emitter and the contract read.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "hand_built_ir.hpp"
#include "ir/layout.hpp"

using namespace msgpack_gen;
using hand_built::make_struct;
using hand_built::member;
using hand_built::struct_member;

namespace {

std::vector<std::string> paths(const ir::Layout& layout) {
  std::vector<std::string> out;
  for (const ir::WireValue& value : layout.values) out.push_back(value.path);
  return out;
}

std::vector<std::string> member_names(const ir::WireValue& value) {
  std::vector<std::string> out;
  for (const ir::Field* f : value.members) out.push_back(f->name);
  return out;
}

using Paths = std::vector<std::string>;

}  // namespace

TEST_CASE("layout: fields in order, positions numbered", "[layout]") {
  ir::Module module;
  module.structs.push_back(make_struct("Point", {member("x"), member("y")}));
  ir::Layout layout = ir::layout_of(module, module.structs[0]);
  CHECK(paths(layout) == Paths{"x", "y"});
  REQUIRE(layout.values.size() == 2);
  CHECK(layout.values[1].position == 1);
  CHECK(layout.values[1].field == &module.structs[0].fields[1]);
  CHECK(member_names(layout.values[1]) == Paths{"y"});
  CHECK(layout.values[0].kind == ir::WireKind::Member);
  CHECK_FALSE(layout.has_inline_template());
}

TEST_CASE("layout: bases first, an inline struct flattened with its own bases", "[layout]") {
  ir::Module module;
  module.structs.push_back(make_struct("Stamp", {member("at")}));
  module.structs.push_back(make_struct("Meta", {member("version")}));
  module.structs.back().bases = {"Stamp"};
  module.structs.push_back(make_struct("Root", {member("id"), struct_member("meta", "Meta", true),
                                                struct_member("other", "Meta", false)}));
  module.structs.push_back(make_struct("Derived", {member("extra")}));
  module.structs.back().bases = {"Root"};
  const ir::Struct& derived = module.structs.back();
  ir::Layout layout = ir::layout_of(module, derived);
  CHECK(paths(layout) == Paths{"id", "meta.at", "meta.version", "other", "extra"});
  // meta.at is Stamp's member, reached through Root's inline member `meta`.
  CHECK(member_names(layout.values[1]) == Paths{"meta", "at"});
  CHECK(member_names(layout.values[2]) == Paths{"meta", "version"});
  // A struct member without inline is one value.
  CHECK(member_names(layout.values[3]) == Paths{"other"});
  CHECK(layout.values[4].position == 4);
}

TEST_CASE("layout: a base entry is one value under its key, at the object it is a base of",
          "[layout]") {
  ir::Module module;
  ir::Field base = struct_member("Keyed", "Keyed", false);
  base.is_base = true;
  base.key = "Keyed<int>";
  module.structs.push_back(make_struct("Keyed", {member("key")}));
  module.structs.push_back(make_struct("Inner", {base, member("value")}));
  module.structs.push_back(make_struct("Outer", {struct_member("inner", "Inner", true)}));
  ir::Layout layout = ir::layout_of(module, module.structs[2]);
  REQUIRE(layout.values.size() == 2);
  CHECK(layout.values[0].kind == ir::WireKind::BaseObject);
  CHECK(layout.values[0].path == "Keyed<int>");
  // The object seen as its base is Outer::inner.
  CHECK(member_names(layout.values[0]) == Paths{"inner"});
  CHECK(layout.values[1].path == "inner.value");
}

TEST_CASE(
    "layout: an inline member of a template struct, or of one the module lacks, is one "
    "value its codec writes in place",
    "[layout]") {
  ir::Module module;
  module.structs.push_back(make_struct("Box", {member("payload")}));
  module.structs.back().template_params.push_back({"T", "class T"});
  module.structs.push_back(make_struct(
      "Root", {struct_member("box", "Box", true), struct_member("gone", "Missing", true)}));
  ir::Layout layout = ir::layout_of(module, module.structs[1]);
  CHECK(paths(layout) == Paths{"box", "gone"});
  CHECK(layout.values[0].kind == ir::WireKind::InlineTemplate);
  CHECK(layout.values[1].kind == ir::WireKind::InlineTemplate);
  CHECK(layout.has_inline_template());
}
