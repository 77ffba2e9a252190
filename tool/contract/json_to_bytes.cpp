#include "contract/json_to_bytes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string_view>
#include <system_error>
#include <utility>

#include "contract/family.hpp"
#include "contract/json.hpp"
#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/chrono.hpp"
#include "msgpack_gen/ext/datetime.hpp"
#include "msgpack_gen/ext/decimal.hpp"
#include "msgpack_gen/ext/uuid.hpp"
#include "msgpack_gen/writer.hpp"

namespace msgpack_gen::contract {
namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

const char* kind_name(const json::Value& value) {
  switch (value.kind) {
    case json::Value::Null:
      return "null";
    case json::Value::Bool:
      return "a boolean";
    case json::Value::Number:
      return value.integer ? "an integer" : "a number";
    case json::Value::String:
      return "a string";
    case json::Value::Array:
      return "an array";
    case json::Value::Object:
      return "an object";
  }
  return "a value";
}

// Standard base64 (RFC 4648, padded), as dump() writes bin; nullopt for anything else.
std::optional<std::string> from_base64(std::string_view text) {
  auto sextet = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  if (text.size() % 4 != 0) return std::nullopt;
  std::string bytes;
  bytes.reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const std::size_t padding = last ? (text[i + 3] == '=') + (text[i + 2] == '=') : 0;
    if (padding == 1 && text[i + 2] == '=') return std::nullopt;  // "A=A=" is not padding
    std::uint32_t group = 0;
    for (std::size_t j = 0; j < 4; ++j) {
      const int value = j >= 4 - padding ? 0 : sextet(text[i + j]);
      if (value < 0) return std::nullopt;
      group = group << 6 | static_cast<std::uint32_t>(value);
    }
    // The bits that padding drops must be zero, so that each byte string has one text.
    if ((padding == 1 && (group & 0xff) != 0) || (padding == 2 && (group & 0xffff) != 0)) {
      return std::nullopt;
    }
    bytes += static_cast<char>(group >> 16);
    if (padding < 2) bytes += static_cast<char>(group >> 8 & 0xff);
    if (padding < 1) bytes += static_cast<char>(group & 0xff);
  }
  return bytes;
}

// A time in RFC 3339 as dump() writes it: "2024-02-29T17:30:00.000000001+05:30", "...Z", years
// outside 0000-9999 with their sign ("+12345-01-01T00:00:00Z", "-1-12-31T23:59:59Z").
struct Rfc3339 {
  std::int64_t local_seconds = 0;  // from 1970-01-01T00:00:00 in the time the offset says
  std::uint32_t nanoseconds = 0;
  int offset_minutes = 0;
};

std::optional<Rfc3339> parse_rfc3339(std::string_view text) {
  std::size_t at = 0;
  auto number = [&](std::size_t min_digits, std::size_t max_digits, std::int64_t& out) {
    const std::size_t start = at;
    out = 0;
    while (at < text.size() && at - start < max_digits && text[at] >= '0' && text[at] <= '9') {
      out = out * 10 + (text[at++] - '0');
    }
    return at - start >= min_digits;
  };
  auto take = [&](char c) {
    if (at >= text.size() || text[at] != c) return false;
    ++at;
    return true;
  };
  const bool signed_year = !text.empty() && (text[0] == '+' || text[0] == '-');
  const bool negative_year = signed_year && text[0] == '-';
  if (signed_year) ++at;
  std::int64_t year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  // 11 digits of years keep every second below 2^63.
  if (!number(signed_year ? 1 : 4, signed_year ? 11 : 4, year)) return std::nullopt;
  if (negative_year) year = -year;
  if (!take('-') || !number(2, 2, month) || !take('-') || !number(2, 2, day)) return std::nullopt;
  if (!(take('T') || take('t'))) return std::nullopt;
  if (!number(2, 2, hour) || !take(':') || !number(2, 2, minute) || !take(':') ||
      !number(2, 2, second)) {
    return std::nullopt;
  }
  Rfc3339 time;
  if (take('.')) {
    const std::size_t start = at;
    std::int64_t fraction = 0;
    if (!number(1, 9, fraction)) return std::nullopt;
    for (std::size_t digits = at - start; digits < 9; ++digits) fraction *= 10;
    time.nanoseconds = static_cast<std::uint32_t>(fraction);
  }
  if (take('Z') || take('z')) {
    time.offset_minutes = 0;
  } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
    const int sign = text[at++] == '-' ? -1 : 1;
    std::int64_t offset_hours = 0, offset_minutes = 0;
    if (!number(2, 2, offset_hours) || !take(':') || !number(2, 2, offset_minutes) ||
        offset_minutes > 59) {
      return std::nullopt;
    }
    time.offset_minutes = sign * static_cast<int>(offset_hours * 60 + offset_minutes);
  } else {
    return std::nullopt;
  }
  if (at != text.size()) return std::nullopt;
  static const int kDaysInMonth[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  if (month < 1 || month > 12 || day < 1 || day > kDaysInMonth[month - 1] ||
      (month == 2 && day == 29 && !leap) || hour > 23 || minute > 59 || second > 59) {
    return std::nullopt;
  }
  // Days from 1970-01-01 of a civil date (the inverse of detail::civil_from_days).
  const std::int64_t y = year - (month <= 2);
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const std::int64_t year_of_era = y - era * 400;
  const std::int64_t day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const std::int64_t day_of_era =
      year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  const std::int64_t days = era * 146097 + day_of_era - 719468;
  time.local_seconds = days * 86400 + hour * 3600 + minute * 60 + second;
  return time;
}

// The int, uint and float leaves of a family, in the order its text names them: the order of a
// field's element_bits.
void list_leaves(Family& family, std::vector<Family*>& leaves) {
  if (family.head == "int" || family.head == "uint" || family.head == "float") {
    leaves.push_back(&family);
  }
  for (Family& arg : family.args) list_leaves(arg, leaves);
}

class Encoder {
 public:
  Encoder(const Contract& contract, JsonToBytes& result) : contract_(contract), result_(result) {}

  bool message(const std::string& struct_id, const json::Value& value, std::string& bytes) {
    buffer_.clear();
    path_.assign(1, '$');  // not `= "$"`: GCC 12 warns of a memcpy overlap there (-Wrestrict)
    if (!struct_value(struct_id, value)) return false;
    bytes.assign(reinterpret_cast<const char*>(buffer_.data()), buffer_.size());
    return true;
  }

 private:
  // What a field's values are checked against: its family, with its leaves' widths, and its
  // enum. The widths are the field's `bits` for a scalar (through one optional), else its
  // `element_bits`, one per leaf. An enum or a duration inside a container has no entry there:
  // when the counts differ, ints keep their 64-bit range and a float's width is known only if
  // no width is 32.
  struct FieldShape {
    Family family;
    const EnumEntry* enumeration = nullptr;
    bool duration_like = false;  // an int without a recorded width: never empty (omitempty)
  };

  bool fail(const json::Value& at, std::string message) {
    if (result_.ok) {
      result_.ok = false;
      result_.line = at.line;
      result_.path = path_;
      result_.message = std::move(message);
    }
    return false;
  }
  bool wrong(const json::Value& at, const std::string& expected) {
    return fail(at, fmt::format("expected {}, found {}", expected, kind_name(at)));
  }

  const StructEntry* find_struct(std::string id) const {
    id = id.substr(0, id.find('<'));  // a class template's instances share its entry
    auto entry = std::find_if(contract_.structs.begin(), contract_.structs.end(),
                              [&](const StructEntry& s) { return s.id == id; });
    return entry == contract_.structs.end() ? nullptr : &*entry;
  }
  const EnumEntry* find_enum(const std::string& name) const {
    auto entry = std::find_if(contract_.enums.begin(), contract_.enums.end(),
                              [&](const EnumEntry& e) { return e.name == name; });
    return entry == contract_.enums.end() ? nullptr : &*entry;
  }

  FieldShape shape_of(const FieldEntry& field) const {
    FieldShape shape;
    shape.family = parse_family(field.wire);
    if (field.as_string) name_or_number(shape.family);
    if (!field.enum_name.empty()) shape.enumeration = find_enum(field.enum_name);
    std::vector<Family*> leaves;
    list_leaves(shape.family, leaves);
    if (field.bits != 0 && leaves.size() == 1) {
      leaves[0]->bits = field.bits;
    } else if (leaves.size() == field.element_bits.size()) {
      for (std::size_t i = 0; i < leaves.size(); ++i) leaves[i]->bits = field.element_bits[i];
    } else {
      const bool any_float32 =
          field.element_bits.empty() ||
          std::count(field.element_bits.begin(), field.element_bits.end(), 32u) != 0;
      for (Family* leaf : leaves) leaf->bits = leaf->head == "float" && !any_float32 ? 64 : 0;
    }
    const Family* scalar = &shape.family;
    if (scalar->head == "optional" && scalar->args.size() == 1) scalar = &scalar->args[0];
    shape.duration_like = field.bits == 0 && (scalar->head == "int" || scalar->head == "uint");
    return shape;
  }
  // The JSON name of a member in a path: .name, or ["some key"] when it is not an identifier.
  static std::string member_path(const std::string& name) {
    const bool identifier = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                            std::all_of(name.begin(), name.end(), [](char c) {
                              return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                            });
    return identifier ? fmt::format(".{}", name) : fmt::format("[{}]", json::quoted(name));
  }

  bool struct_value(const std::string& id, const json::Value& value);
  bool struct_entry(const StructEntry& entry, const json::Value& value);
  bool value(const FieldShape& shape, const Family& family, const json::Value& value);
  bool integer(const FieldShape& shape, const Family& family, const json::Value& value);
  bool floating(const Family& family, const json::Value& value);
  bool map_key(const FieldShape& shape, const Family& family, const std::string& key,
               const json::Value& at);
  bool extension(const std::string& type_name, const json::Value& value);
  bool raw_extension(const json::Value& value, std::optional<std::int8_t> expected_type);
  bool generic(const json::Value& value);
  bool is_empty(const FieldShape& shape, const json::Value& value) const;

  const Contract& contract_;
  JsonToBytes& result_;
  Buffer buffer_;
  Writer out_{buffer_};
  std::string path_;
};

bool Encoder::struct_value(const std::string& id, const json::Value& value) {
  const StructEntry* entry = find_struct(id);
  if (entry == nullptr) return fail(value, fmt::format("the contract has no struct {}", id));
  // Generated code turns msgpack-c's float rule on for the struct and all it holds.
  std::optional<IntegralFloatsAsInts> msgpack_c_floats;
  if (entry->integral_floats_as_ints) msgpack_c_floats.emplace(out_);
  return struct_entry(*entry, value);
}

bool Encoder::struct_entry(const StructEntry& entry, const json::Value& value) {
  const std::string outer = path_;
  // An as_array struct also takes its fields as a JSON array, in position order.
  if (entry.as_array && value.kind == json::Value::Array) {
    if (value.items.size() != entry.fields.size()) {
      return fail(value, fmt::format("expected the {} fields of {}, found {} elements",
                                     entry.fields.size(), entry.id, value.items.size()));
    }
    out_.array_header(static_cast<std::uint32_t>(entry.fields.size()));
    for (std::size_t i = 0; i < entry.fields.size(); ++i) {
      path_ = fmt::format("{}[{}]", outer, i);
      const FieldShape shape = shape_of(entry.fields[i]);
      if (!this->value(shape, shape.family, value.items[i])) return false;
    }
    path_ = outer;
    return true;
  }
  if (value.kind != json::Value::Object) {
    return wrong(value, fmt::format("{} as an object", entry.id));
  }
  // Each member to its field: a map-mode field by its key, an integer-key or as_array field by
  // its name (the names print_bytes gives them).
  std::vector<const json::Value*> by_field(entry.fields.size(), nullptr);
  std::vector<const std::pair<std::string, json::Value>*> extra;  // an inline template's keys
  const auto open_keys = std::find_if(entry.fields.begin(), entry.fields.end(),
                                      [](const FieldEntry& f) { return f.inline_template; });
  for (const auto& member : value.members) {
    const std::string& name = member.first;
    auto named = [&](const FieldEntry& f) {
      if (f.inline_template) return false;
      if (entry.as_array || f.has_int_key) return f.name == name;
      return f.key == name;
    };
    auto field = std::find_if(entry.fields.begin(), entry.fields.end(), named);
    path_ = outer + member_path(name);
    if (field == entry.fields.end()) {
      if (open_keys == entry.fields.end()) {
        return fail(member.second,
                    fmt::format("unknown field {} of {}", json::quoted(name), entry.id));
      }
      extra.push_back(&member);
      continue;
    }
    const std::size_t index = static_cast<std::size_t>(field - entry.fields.begin());
    if (by_field[index] != nullptr) {
      return fail(member.second, fmt::format("field {} is given twice", json::quoted(name)));
    }
    by_field[index] = &member.second;
  }
  path_ = outer;

  // What the generated code writes: every field, but an omitempty one that is absent or empty.
  std::vector<FieldShape> shapes;
  std::vector<bool> written(entry.fields.size(), false);
  std::uint32_t count = 0;
  for (std::size_t i = 0; i < entry.fields.size(); ++i) {
    const FieldEntry& field = entry.fields[i];
    shapes.push_back(field.inline_template ? FieldShape{} : shape_of(field));
    if (field.inline_template) {
      if (&field == &*open_keys) count += static_cast<std::uint32_t>(extra.size());
      continue;
    }
    const json::Value* given = by_field[i];
    if (field.omitempty && !entry.as_array &&
        (given == nullptr || is_empty(shapes.back(), *given))) {
      continue;
    }
    if (given == nullptr) {
      const std::string name = entry.as_array || field.has_int_key ? field.name : field.key;
      return fail(value, fmt::format("missing field {} of {} (the generated code always writes "
                                     "it; only omitempty fields may be left out)",
                                     json::quoted(name), entry.id));
    }
    written[i] = true;
    ++count;
  }

  if (entry.as_array) {
    out_.array_header(count);
  } else {
    out_.map_header(count);
  }
  for (std::size_t i = 0; i < entry.fields.size(); ++i) {
    const FieldEntry& field = entry.fields[i];
    if (field.inline_template && &field == &*open_keys) {
      // Keys only the compiler knows: written as the JSON says, in its order.
      for (const auto* member : extra) {
        path_ = outer + member_path(member->first);
        out_.str(member->first);
        if (!generic(member->second)) return false;
      }
      continue;
    }
    if (!written[i]) continue;
    const std::string name = entry.as_array || field.has_int_key ? field.name : field.key;
    path_ = outer + member_path(name);
    if (!entry.as_array) {
      if (field.has_int_key) {
        out_.sint(field.int_key);
      } else {
        out_.str(field.key);
      }
    }
    if (!this->value(shapes[i], shapes[i].family, *by_field[i])) return false;
  }
  path_ = outer;
  return true;
}

// Whether omitempty leaves the value out, as runtime's is_empty() decides for its C++ value:
// zero numbers and enums, false, empty strings and containers, empty optionals. Structs,
// variants, times, durations and custom types are never empty.
bool Encoder::is_empty(const FieldShape& shape, const json::Value& value) const {
  const std::string& head = shape.family.head;
  if (head == "optional") return value.kind == json::Value::Null;
  switch (value.kind) {
    case json::Value::Bool:
      return head == "bool" && !value.boolean;
    case json::Value::Number:
      if (head == "float") return std::strtod(value.number_text.c_str(), nullptr) == 0.0;
      if (head == "int" || head == "uint" || head == "str|int") {
        return !shape.duration_like && value.integer && value.number == 0 &&
               value.number_text.find_first_not_of("-0") == std::string::npos;
      }
      return false;
    case json::Value::String:
      if (head == "str|int" && shape.enumeration != nullptr) {
        for (const ir::Enumerator& e : shape.enumeration->enumerators) {
          if (e.name == value.string) return e.value == 0;
        }
        return false;
      }
      return (head == "str" || head == "bin") && value.string.empty();
    case json::Value::Array:
      return head == "array" && shape.family.args.size() <= 1 && value.items.empty();
    case json::Value::Object:
      return head == "map" && value.members.empty();
    default:
      return false;
  }
}

bool Encoder::value(const FieldShape& shape, const Family& family, const json::Value& value) {
  const std::string& head = family.head;
  if (starts_with(head, "struct:")) return struct_value(head.substr(7), value);
  if (starts_with(head, "custom:")) return extension(head.substr(7), value);
  if (starts_with(head, "dependent:")) return generic(value);
  if (head == "optional") {
    if (value.kind == json::Value::Null) {
      out_.nil();
      return true;
    }
    return family.args.empty() ? generic(value) : this->value(shape, family.args[0], value);
  }
  if (head == "nil") {
    if (value.kind != json::Value::Null) return wrong(value, "null");
    out_.nil();
    return true;
  }
  if (head == "bool") {
    if (value.kind != json::Value::Bool) return wrong(value, "true or false");
    out_.boolean(value.boolean);
    return true;
  }
  if (head == "int" || head == "uint") return integer(shape, family, value);
  if (head == "float") return floating(family, value);
  if (head == "str|int" && value.kind == json::Value::Number) {
    return integer(shape, family, value);
  }
  if (head == "str" || head == "str|int") {
    if (value.kind != json::Value::String) {
      return wrong(value, head == "str" ? "a string" : "an enumerator's name or number");
    }
    if (head == "str|int" && shape.enumeration != nullptr &&
        std::none_of(shape.enumeration->enumerators.begin(), shape.enumeration->enumerators.end(),
                     [&](const ir::Enumerator& e) { return e.name == value.string; })) {
      return fail(value, fmt::format("{} is not an enumerator of {}", json::quoted(value.string),
                                     shape.enumeration->name));
    }
    out_.str(value.string);
    return true;
  }
  if (head == "bin") {
    if (value.kind != json::Value::String) return wrong(value, "base64 text of bin");
    const std::optional<std::string> bytes = from_base64(value.string);
    if (!bytes) return fail(value, "bad base64 (standard alphabet, padded with '=')");
    out_.bin(bytes->data(), bytes->size());
    return true;
  }
  if (starts_with(head, "ext:")) {
    if (head == "ext:-1") return extension("msgpack_gen::Timestamp", value);
    std::int8_t type = 0;
    std::from_chars(head.data() + 4, head.data() + head.size(), type);
    return raw_extension(value, type);
  }
  const std::string outer = path_;
  if (head == "variant") {
    if (value.kind != json::Value::Array || value.items.size() != 2 ||
        value.items[0].kind != json::Value::Number || !value.items[0].integer) {
      return wrong(value, "a variant as [index, value]");
    }
    const json::Value& index = value.items[0];
    if (index.number < 0 || static_cast<std::size_t>(index.number) >= family.args.size()) {
      path_ = outer + "[0]";
      return fail(index, fmt::format("a variant index below {}", family.args.size()));
    }
    out_.array_header(2);
    out_.uint(static_cast<std::uint64_t>(index.number));
    path_ = outer + "[1]";
    if (!this->value(shape, family.args[static_cast<std::size_t>(index.number)], value.items[1]))
      return false;
    path_ = outer;
    return true;
  }
  if (head == "array") {
    if (value.kind != json::Value::Array) return wrong(value, "an array");
    const bool tuple = family.args.size() > 1;
    if (tuple && value.items.size() != family.args.size()) {
      return fail(value, fmt::format("expected a tuple of {} elements, found {}",
                                     family.args.size(), value.items.size()));
    }
    out_.array_header(static_cast<std::uint32_t>(value.items.size()));
    for (std::size_t i = 0; i < value.items.size(); ++i) {
      path_ = fmt::format("{}[{}]", outer, i);
      const bool ok =
          family.args.empty()
              ? generic(value.items[i])
              : this->value(shape, tuple ? family.args[i] : family.args[0], value.items[i]);
      if (!ok) return false;
    }
    path_ = outer;
    return true;
  }
  if (head == "map") {
    if (value.kind != json::Value::Object) return wrong(value, "an object");
    if (family.args.size() != 2) return fail(value, "the contract's map family has no key type");
    out_.map_header(static_cast<std::uint32_t>(value.members.size()));
    for (const auto& [key, member] : value.members) {
      path_ = fmt::format("{}[{}]", outer, json::quoted(key));
      if (!map_key(shape, family.args[0], key, member) ||
          !this->value(shape, family.args[1], member)) {
        return false;
      }
    }
    path_ = outer;
    return true;
  }
  return fail(value,
              fmt::format("the contract has a wire family this tool does not know: {}", head));
}

// A map key: JSON keys are strings, so a key of another family is the JSON text of its value
// ({"1": ...} for an integer key), as print_bytes writes it.
bool Encoder::map_key(const FieldShape& shape, const Family& family, const std::string& key,
                      const json::Value& at) {
  const std::string& head = family.head;
  if (head == "str" || starts_with(head, "custom:") || starts_with(head, "dependent:")) {
    out_.str(key);
    return true;
  }
  json::Value parsed;
  const bool is_json = json::parse(key, parsed).empty();
  if (head == "str|int" && !(is_json && parsed.kind == json::Value::Number)) {
    json::Value name = json::make_string(key);
    name.line = at.line;
    return value(shape, family, name);
  }
  if (!is_json) {
    return fail(
        at, fmt::format("the key {} is not the JSON text of a {} key", json::quoted(key), head));
  }
  parsed.line = at.line;
  return value(shape, family, parsed);
}

bool Encoder::integer(const FieldShape& shape, const Family& family, const json::Value& value) {
  if (value.kind != json::Value::Number || !value.integer) return wrong(value, "an integer");
  unsigned bits = family.bits;
  bool is_signed = family.head == "int";
  if (family.head == "str|int" && shape.enumeration != nullptr) {
    // An as_string enum's number: the range of its underlying type ("uint8", "int16"...).
    const std::string& underlying = shape.enumeration->underlying;
    is_signed = underlying.rfind("int", 0) == 0;
    bits = static_cast<unsigned>(std::stoul(underlying.substr(is_signed ? 3 : 4)));
  } else if (family.head == "str|int") {
    is_signed = true;
  }
  if (bits == 0 || bits > 64) bits = 64;
  const std::string& text = value.number_text;
  const char* begin = text.data();
  const char* end = begin + text.size();
  const std::string range_name = fmt::format("{}{}", is_signed ? "int" : "uint", bits);
  if (text[0] == '-') {
    std::int64_t number = 0;
    const auto parsed = std::from_chars(begin, end, number);
    const std::int64_t min =
        bits == 64 ? std::numeric_limits<std::int64_t>::min() : -(std::int64_t{1} << (bits - 1));
    if (parsed.ec != std::errc() || !is_signed || number < min) {
      return fail(value, fmt::format("{} is out of range for {}", text, range_name));
    }
    out_.sint(number);
    return true;
  }
  std::uint64_t number = 0;
  const auto parsed = std::from_chars(begin, end, number);
  const std::uint64_t max = bits == 64 ? (is_signed ? std::uint64_t{INT64_MAX} : UINT64_MAX)
                                       : (std::uint64_t{1} << (bits - (is_signed ? 1 : 0))) - 1;
  if (parsed.ec != std::errc() || number > max) {
    return fail(value, fmt::format("{} is out of range for {}", text, range_name));
  }
  out_.uint(number);
  return true;
}

bool Encoder::floating(const Family& family, const json::Value& value) {
  const unsigned bits = family.bits;
  if (bits != 32 && bits != 64) {
    return fail(value,
                "the contract does not say whether this float is float32 or float64 (an enum or "
                "duration shares its container, so element_bits cannot be matched to it)");
  }
  double number = 0;
  float narrow = 0;
  if (value.kind == json::Value::String) {
    // JSON has no numbers for these: dump() writes them as strings.
    const double infinity = std::numeric_limits<double>::infinity();
    if (value.string == "NaN") {
      number = std::numeric_limits<double>::quiet_NaN();
    } else if (value.string == "Infinity") {
      number = infinity;
    } else if (value.string == "-Infinity") {
      number = -infinity;
    } else {
      return wrong(value, "a number (or \"NaN\", \"Infinity\", \"-Infinity\")");
    }
    narrow = static_cast<float>(number);
  } else if (value.kind == json::Value::Number) {
    // Parsed in the field's own width: dump() writes the shortest text that reads back as the
    // same float, so a float32 must not go through a double (which could round it twice).
    const char* begin = value.number_text.data();
    const char* end = begin + value.number_text.size();
    const auto parsed =
        bits == 32 ? std::from_chars(begin, end, narrow) : std::from_chars(begin, end, number);
    if (parsed.ec != std::errc() || parsed.ptr != end) {
      return fail(value, fmt::format("{} is out of range for float{}", value.number_text, bits));
    }
  } else {
    return wrong(value, "a number");
  }
  if (bits == 32) {
    out_.f32(narrow);
  } else {
    out_.f64(number);
  }
  return true;
}

// A custom codec's value: the runtime's extension types from their text forms, a value dump()
// printed as {"ext": type, "data": base64} as that extension, and anything else as its JSON.
bool Encoder::extension(const std::string& type_name, const json::Value& value) {
  std::string name = starts_with(type_name, "::") ? type_name.substr(2) : type_name;
  if (starts_with(name, "msgpack_gen::")) name = name.substr(13);
  const bool known =
      name == "Decimal" || name == "Uuid" || name == "Datetime" || name == "Timestamp";
  if (!known || value.kind != json::Value::String) {
    if (value.kind == json::Value::Object) return raw_extension(value, std::nullopt);
    if (known) return wrong(value, fmt::format("a string of a {}", name));
    return generic(value);
  }
  const std::string& text = value.string;
  if (name == "Decimal") {
    const std::optional<Decimal> decimal = Decimal::parse(text);
    if (!decimal) return fail(value, fmt::format("{} is not a decimal", json::quoted(text)));
    codec<Decimal>::encode(out_, *decimal);
    return true;
  }
  if (name == "Uuid") {
    const std::optional<Uuid> uuid = Uuid::parse(text);
    if (!uuid) return fail(value, fmt::format("{} is not a uuid", json::quoted(text)));
    codec<Uuid>::encode(out_, *uuid);
    return true;
  }
  const std::optional<Rfc3339> time = parse_rfc3339(text);
  if (!time) {
    return fail(value, fmt::format("{} is not an RFC 3339 time (2024-02-29T12:00:00.5Z)",
                                   json::quoted(text)));
  }
  const std::int64_t seconds = time->local_seconds - std::int64_t{time->offset_minutes} * 60;
  if (name == "Datetime") {
    Datetime datetime;
    datetime.seconds = seconds;
    datetime.nsec = static_cast<std::int32_t>(time->nanoseconds);
    datetime.tzoffset = static_cast<std::int16_t>(time->offset_minutes);
    codec<Datetime>::encode(out_, datetime);
    return true;
  }
  codec<Timestamp>::encode(out_, Timestamp{seconds, time->nanoseconds});
  return true;
}

// {"ext": type, "data": "base64"}: how dump() prints an extension value it has no text for.
bool Encoder::raw_extension(const json::Value& value, std::optional<std::int8_t> expected_type) {
  const json::Value* type = value.get("ext");
  const json::Value* data = value.get("data");
  if (value.kind != json::Value::Object || value.members.size() != 2 || type == nullptr ||
      data == nullptr) {
    return wrong(value, "an extension value as {\"ext\": type, \"data\": base64}");
  }
  const std::string outer = path_;
  path_ = outer + ".ext";
  if (type->kind != json::Value::Number || !type->integer || type->number < -128 ||
      type->number > 127) {
    return fail(*type, "expected an extension type from -128 to 127");
  }
  if (expected_type && type->number != *expected_type) {
    return fail(*type, fmt::format("expected extension type {}", *expected_type));
  }
  path_ = outer + ".data";
  const std::optional<std::string> bytes =
      data->kind == json::Value::String ? from_base64(data->string) : std::nullopt;
  if (!bytes) return fail(*data, "bad base64 (standard alphabet, padded with '=')");
  path_ = outer;
  out_.ext(static_cast<std::int8_t>(type->number), bytes->data(), bytes->size());
  return true;
}

// A value the contract does not type (a custom codec, a template parameter): as its JSON says.
// Integers in the smallest form, other numbers as float64, objects as maps with str keys, and
// {"ext": type, "data": base64} as an extension value.
bool Encoder::generic(const json::Value& value) {
  switch (value.kind) {
    case json::Value::Null:
      out_.nil();
      return true;
    case json::Value::Bool:
      out_.boolean(value.boolean);
      return true;
    case json::Value::Number: {
      if (!value.integer) {
        double number = 0;
        const char* begin = value.number_text.data();
        const char* end = begin + value.number_text.size();
        if (std::from_chars(begin, end, number).ec != std::errc()) {
          return fail(value, fmt::format("{} is out of range for float64", value.number_text));
        }
        out_.f64(number);
        return true;
      }
      FieldShape any;
      Family wide{value.number_text[0] == '-' ? "int" : "uint", {}};
      return integer(any, wide, value);
    }
    case json::Value::String:
      out_.str(value.string);
      return true;
    case json::Value::Array: {
      const std::string outer = path_;
      out_.array_header(static_cast<std::uint32_t>(value.items.size()));
      for (std::size_t i = 0; i < value.items.size(); ++i) {
        path_ = fmt::format("{}[{}]", outer, i);
        if (!generic(value.items[i])) return false;
      }
      path_ = outer;
      return true;
    }
    case json::Value::Object: {
      if (value.members.size() == 2 && value.get("ext") != nullptr &&
          value.get("data") != nullptr) {
        return raw_extension(value, std::nullopt);
      }
      const std::string outer = path_;
      out_.map_header(static_cast<std::uint32_t>(value.members.size()));
      for (const auto& [key, member] : value.members) {
        path_ = outer + member_path(key);
        out_.str(key);
        if (!generic(member)) return false;
      }
      path_ = outer;
      return true;
    }
  }
  return false;
}

}  // namespace

std::string JsonToBytes::error() const {
  if (path.empty()) return fmt::format("line {}: {}", line, message);
  return fmt::format("line {}: {}: {}", line, path, message);
}

JsonToBytes json_to_bytes(const Contract& contract, const std::string& struct_id,
                          const std::string& text) {
  JsonToBytes result;
  std::vector<json::Value> values;
  if (std::string problem = json::parse_sequence(text, values); !problem.empty()) {
    // "line N: what": the parser's own form.
    result.ok = false;
    const std::size_t colon = problem.find(": ");
    result.line = std::stoul(problem.substr(5, colon - 5));
    result.message = problem.substr(colon + 2);
    return result;
  }
  Encoder encoder(contract, result);
  std::vector<std::string> messages;
  for (const json::Value& value : values) {
    std::string bytes;
    if (!encoder.message(struct_id, value, bytes)) return result;
    messages.push_back(std::move(bytes));
  }
  result.messages = std::move(messages);
  return result;
}

}  // namespace msgpack_gen::contract
