// The contract's JSON: deterministic, read back exactly, and fingerprinted over its body.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "contract/contract.hpp"

namespace {

using namespace msgpack_gen;

ir::Module sample_module() {
  ir::Module module;
  ir::Struct meta;
  meta.id = "shop::Meta";
  ir::Field version;
  version.name = "version";
  version.key = std::string(1, 'v');  // (a literal here trips gcc 12's -Wrestrict)
  version.type.kind = ir::TypeKind::Int;
  version.type.bits = 32;
  version.type.is_signed = true;
  version.type.spelling = "std::int32_t";
  meta.fields.push_back(version);

  ir::Struct order;
  order.id = "shop::Order";
  ir::Field id;
  id.name = "id";
  id.has_int_key = true;
  id.int_key = 7;
  id.required = true;
  id.type.kind = ir::TypeKind::Int;
  id.type.bits = 64;
  id.type.spelling = "std::uint64_t";
  order.fields.push_back(id);
  ir::Field status;
  status.name = "status";
  status.key = "status \"quoted\"";
  status.as_string = true;
  status.type.kind = ir::TypeKind::Enum;
  status.type.bits = 8;
  status.type.enum_name = "::shop::Status";
  status.type.enumerators = {{"active", 1}, {"closed", -2}};
  status.type.spelling = "Status";
  ir::Type optional;
  optional.kind = ir::TypeKind::Optional;
  optional.spelling = "std::optional<Status>";
  optional.args.push_back(status.type);
  status.type = optional;
  order.fields.push_back(status);
  ir::Field inline_meta;
  inline_meta.name = "meta";
  inline_meta.key = "meta";
  inline_meta.inline_fields = true;
  inline_meta.type.kind = ir::TypeKind::Struct;
  inline_meta.type.struct_id = "shop::Meta";
  order.fields.push_back(inline_meta);

  module.structs.push_back(order);  // out of order: the contract sorts
  module.structs.push_back(meta);
  return module;
}

}  // namespace

TEST_CASE("contract: the JSON is read back as written") {
  contract::Contract built = contract::build(sample_module());
  REQUIRE(built.structs.size() == 2);
  CHECK(built.structs[0].id == "shop::Meta");
  const contract::StructEntry& order = built.structs[1];
  REQUIRE(order.fields.size() == 3);
  CHECK(order.fields[1].wire == "optional<str>");
  CHECK(order.fields[1].enum_name == "shop::Status");
  CHECK(order.fields[2].name == "meta.version");
  CHECK(order.fields[2].key == "v");
  REQUIRE(built.enums.size() == 1);
  CHECK(built.enums[0].as_string);

  std::string json = contract::to_json(built);
  contract::Contract read;
  REQUIRE(contract::from_json(json, read).empty());
  CHECK(contract::to_json(read) == json);
}

TEST_CASE("contract: the fingerprint is the FNV-1a of the body") {
  CHECK(contract::fnv1a("") == 0xcbf29ce484222325ULL);
  CHECK(contract::fnv1a("a") == 0xaf63dc4c8601ec8cULL);
  std::string json = contract::to_json(contract::build(sample_module()));
  std::size_t line_end = json.find('\n', json.find("\"fingerprint\""));
  std::string body = json.substr(line_end + 1, json.size() - line_end - 3);  // up to the '}'
  std::string printed = json.substr(json.find("\"fingerprint\": \"") + 16, 16);
  std::ostringstream hex;
  hex << std::hex;
  hex.width(16);
  hex.fill('0');
  hex << contract::fnv1a(body);
  CHECK(printed == hex.str());
}

TEST_CASE("contract: a contract compared with itself has no differences") {
  contract::Contract built = contract::build(sample_module());
  std::ostringstream out;
  Diagnostics diagnostics(out);
  CHECK(contract::check(built, built, "c.json", diagnostics) == 0);
  CHECK(out.str().empty());
}

TEST_CASE("contract: malformed JSON is refused with its line") {
  contract::Contract read;
  CHECK(contract::from_json("{\n  \"format\": ", read) == "line 2: unexpected end of the file");
  CHECK(contract::from_json("{\"format\": \"other\"}", read).find("not a msgpack-gen contract") !=
        std::string::npos);
}
