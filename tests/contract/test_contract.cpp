// The contract's JSON: deterministic, read back exactly, and fingerprinted over its body.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

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

TEST_CASE("contract: directions are recorded when not both and read back") {
  ir::Module module = sample_module();
  module.structs[0].directions = ir::kMarshal;    // shop::Order, written only
  module.structs[1].directions = ir::kUnmarshal;  // shop::Meta, read only
  contract::Contract built = contract::build(module);
  CHECK(built.structs[0].directions == ir::kUnmarshal);  // sorted: Meta first
  CHECK(built.structs[1].directions == ir::kMarshal);
  REQUIRE(built.enums.size() == 1);
  CHECK(built.enums[0].directions == ir::kMarshal);  // reached from Order only
  const std::string json = contract::to_json(built);
  CHECK(json.find("\"directions\": \"marshal\"") != std::string::npos);
  CHECK(json.find("\"directions\": \"unmarshal\"") != std::string::npos);
  contract::Contract read;
  REQUIRE(contract::from_json(json, read).empty());
  CHECK(read.structs[1].directions == ir::kMarshal);
  CHECK(read.enums[0].directions == ir::kMarshal);
  CHECK(contract::to_json(read) == json);
  // Both ways is the default, and what a contract without the member means.
  const std::string both = contract::to_json(contract::build(sample_module()));
  CHECK(both.find("directions") == std::string::npos);
  REQUIRE(contract::from_json(both, read).empty());
  CHECK(read.structs[0].directions == ir::kBoth);
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

TEST_CASE("contract: widths inside containers, and contracts written before they were kept") {
  ir::Module module;
  ir::Struct order;
  order.id = "Order";
  ir::Field quantities;
  quantities.name = "quantities";
  quantities.key = "q";
  quantities.type.kind = ir::TypeKind::Vector;
  quantities.type.spelling = "std::vector<std::int16_t>";
  ir::Type element;
  element.kind = ir::TypeKind::Int;
  element.bits = 16;
  element.is_signed = true;
  quantities.type.args.push_back(element);
  order.fields.push_back(quantities);
  module.structs.push_back(order);

  const contract::Contract now = contract::build(module);
  REQUIRE(now.structs.size() == 1);
  CHECK(now.structs[0].fields[0].wire == "array<int>");
  CHECK(now.structs[0].fields[0].element_bits == std::vector<unsigned>{16});
  contract::Contract read;
  REQUIRE(contract::from_json(contract::to_json(now), read).empty());
  CHECK(read.structs[0].fields[0].element_bits == std::vector<unsigned>{16});

  std::ostringstream out;
  Diagnostics diagnostics(out);
  contract::Contract older = now;  // from a version without element_bits: nothing to compare
  older.structs[0].fields[0].element_bits.clear();
  CHECK(contract::check(older, now, "c.json", diagnostics) == 0);
  CHECK(out.str().empty());

  contract::Contract wider = now;  // the elements were 32 bits: narrowed
  wider.structs[0].fields[0].element_bits = {32};
  CHECK(contract::check(wider, now, "c.json", diagnostics) == 1);
  CHECK(out.str().find("breaking: narrowed the numbers inside field 'quantities'") !=
        std::string::npos);
}

TEST_CASE("contract: malformed JSON is refused with its line") {
  contract::Contract read;
  CHECK(contract::from_json("{\n  \"format\": ", read) == "line 2: unexpected end of the file");
  CHECK(contract::from_json("{\"format\": \"other\"}", read).find("not a msgpack-gen contract") !=
        std::string::npos);
}

namespace {

ir::Field field_of(const char* name, ir::TypeKind kind, const char* spelling) {
  ir::Field field;
  field.name = name;
  field.key = name;
  field.type.kind = kind;
  field.type.spelling = spelling;
  return field;
}

}  // namespace

TEST_CASE("contract: an array-mode struct's Tarantool space format") {
  ir::Module module = sample_module();  // shop::Meta: map mode; shop::Order: map mode
  ir::Struct point;
  point.id = "shop::Point";
  point.as_array = true;
  ir::Struct row;
  row.id = "shop::Row";
  row.as_array = true;
  ir::Field id = field_of("id", ir::TypeKind::Int, "std::uint64_t");
  id.type.bits = 64;
  row.fields.push_back(id);
  ir::Field delta = field_of("delta", ir::TypeKind::Int, "int");
  delta.type.bits = 32;
  delta.type.is_signed = true;
  row.fields.push_back(delta);
  row.fields.push_back(field_of("ratio", ir::TypeKind::Float, "float"));
  row.fields.push_back(field_of("flag", ir::TypeKind::Bool, "bool"));
  row.fields.push_back(field_of("name", ir::TypeKind::StringView, "std::string_view"));
  row.fields.push_back(field_of("blob", ir::TypeKind::Bytes, "std::vector<uint8_t>"));
  row.fields.push_back(field_of("pair", ir::TypeKind::Tuple, "std::pair<int, int>"));
  ir::Field order = field_of("order", ir::TypeKind::Struct, "Order");
  order.type.struct_id = "shop::Order";
  row.fields.push_back(order);
  ir::Field at = field_of("point", ir::TypeKind::Struct, "Point");
  at.type.struct_id = "shop::Point";
  row.fields.push_back(at);
  row.fields.push_back(field_of("amount", ir::TypeKind::Custom, "msgpack_gen::Decimal"));
  row.fields.push_back(field_of("uid", ir::TypeKind::Custom, "Uuid"));
  row.fields.push_back(field_of("when", ir::TypeKind::Timestamp, "time_point"));
  row.fields.push_back(field_of("dt", ir::TypeKind::Custom, "msgpack_gen::Datetime"));
  ir::Field note = field_of("note", ir::TypeKind::Optional, "std::optional<msgpack_gen::Uuid>");
  note.type.args.push_back(field_of("", ir::TypeKind::Custom, "msgpack_gen::Uuid").type);
  row.fields.push_back(note);
  ir::Field meta = field_of("meta", ir::TypeKind::Struct, "Meta");
  meta.type.struct_id = "shop::Meta";
  meta.inline_fields = true;
  row.fields.push_back(meta);
  module.structs.push_back(row);
  module.structs.push_back(point);

  contract::Contract built = contract::build(module);
  const contract::StructEntry* entry = nullptr;
  for (const auto& s : built.structs) {
    if (s.id == "shop::Row") entry = &s;
  }
  REQUIRE(entry != nullptr);
  CHECK(contract::space_format_lua(contract::space_format(built, *entry)) ==
        "{ {name = 'id', type = 'unsigned'}, {name = 'delta', type = 'integer'}, "
        "{name = 'ratio', type = 'double'}, {name = 'flag', type = 'boolean'}, "
        "{name = 'name', type = 'string'}, {name = 'blob', type = 'varbinary'}, "
        "{name = 'pair', type = 'array'}, {name = 'order', type = 'map'}, "
        "{name = 'point', type = 'array'}, {name = 'amount', type = 'decimal'}, "
        "{name = 'uid', type = 'uuid'}, {name = 'when', type = 'any'}, "
        "{name = 'dt', type = 'any'}, {name = 'note', type = 'uuid', is_nullable = true}, "
        "{name = 'meta_version', type = 'integer'} }");

  std::string json = contract::to_json(built);
  CHECK(json.find("\"space_format\"") != std::string::npos);
  // Only array-mode structs have one: Point (empty) and Row.
  std::size_t count = 0;
  for (std::size_t at_ = json.find("\"space_format\""); at_ != std::string::npos;
       at_ = json.find("\"space_format\"", at_ + 1)) {
    ++count;
  }
  CHECK(count == 2);
  contract::Contract read;
  REQUIRE(contract::from_json(json, read).empty());  // the reader skips it
  CHECK(contract::to_json(read) == json);
}
