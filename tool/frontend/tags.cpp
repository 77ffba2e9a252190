#include "frontend/tags.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "support/text.hpp"

namespace msgpack_gen::frontend {
namespace {

// Every tag option, in the order the "options:" lists show them. A field option sets a flag (or,
// written "name=N", a number) of the IR field; a struct option sets a flag of the struct tag;
// "strict" is both, with a meaning for each.
struct Option {
  std::string_view name;
  bool ir::Field::*field_flag = nullptr;
  bool StructTag::*struct_flag = nullptr;
  std::uint32_t ir::Field::*field_number = nullptr;  // "limit=N": 1 to 4294967295

  bool on_field() const { return field_flag != nullptr || field_number != nullptr; }
  bool on_struct() const { return struct_flag != nullptr; }
  // As the lists show it: "omitempty", "limit=N".
  std::string shown() const {
    return field_number != nullptr ? fmt::format("{}=N", name) : std::string(name);
  }
  // Whether `text` is this option: its name, or "name=..." for a number.
  bool is(std::string_view text) const {
    if (field_number == nullptr) return text == name;
    return text.size() > name.size() && text.substr(0, name.size()) == name &&
           text[name.size()] == '=';
  }
};

constexpr Option kOptions[] = {
    {"as_map", nullptr, &StructTag::as_map},
    {"as_array", nullptr, &StructTag::as_array},
    {"omitempty", &ir::Field::omit_empty},
    {"inline", &ir::Field::inline_fields},
    {"required", &ir::Field::required},
    {"as_string", &ir::Field::as_string},
    {"redact", &ir::Field::redact},
    {"strict", &ir::Field::strict_enum, &StructTag::strict},
    {"nest_bases", nullptr, &StructTag::nest_bases},
    {"private_fields", nullptr, &StructTag::private_fields},
    {"limit", nullptr, nullptr, &ir::Field::limit},
};

const Option* find_option(std::string_view text) {
  for (const Option& option : kOptions) {
    if (option.is(text)) return &option;
  }
  return nullptr;
}

std::vector<std::string> option_names(bool (Option::*applies)() const) {
  std::vector<std::string> names;
  for (const Option& option : kOptions) {
    if ((option.*applies)()) names.push_back(option.shown());
  }
  return names;
}

// "unknown field option 'omitemty' (did you mean 'omitempty'? field options: ...)"
std::string unknown_option(std::string_view what, std::string_view option,
                           const std::vector<std::string>& known) {
  std::string suggestion = closest_match(std::string(option), known);
  return fmt::format("unknown {} option '{}' ({}{} options: {})", what, option,
                     suggestion.empty() ? "" : fmt::format("did you mean '{}'? ", suggestion), what,
                     fmt::join(known, ", "));
}

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> parts;
  for (;;) {
    std::size_t comma = text.find(',');
    parts.push_back(text.substr(0, comma));
    if (comma == std::string_view::npos) return parts;
    text.remove_prefix(comma + 1);
  }
}

// "#16", "#0x10", "#-7" -> the number; false when the rest is not one.
bool parse_int_key(const std::string& key, std::int64_t& value) {
  std::string digits = key.substr(1);
  bool negative = !digits.empty() && digits[0] == '-';
  if (negative) digits.erase(0, 1);
  int base = digits.rfind("0x", 0) == 0 || digits.rfind("0X", 0) == 0 ? 16 : 10;
  if (base == 16) digits.erase(0, 2);
  std::size_t used = 0;
  try {
    value = std::stoll(digits, &used, base);
  } catch (const std::exception&) {
    used = 0;
  }
  if (digits.empty() || used != digits.size() || digits[0] == '-' || digits[0] == '+') {
    return false;
  }
  if (negative) value = -value;
  return true;
}

// "limit=N": N from 1 to 4294967295.
std::string parse_number(std::string_view option, const Option& known, ir::Field& field) {
  std::string digits(option.substr(known.name.size() + 1));
  std::size_t used = 0;
  unsigned long long number = 0;
  try {
    number = std::stoull(digits, &used, 10);
  } catch (const std::exception&) {
    used = 0;
  }
  if (digits.empty() || used != digits.size() ||
      !std::isdigit(static_cast<unsigned char>(digits[0])) || number == 0 ||
      number > 0xffffffffull) {
    return fmt::format("{}={} is not a length from 1 to 4294967295", known.name, digits);
  }
  field.*known.field_number = static_cast<std::uint32_t>(number);
  return {};
}

// A whole tag that is an option's name ("omitempty" for ",omitempty") sets a key, not the
// option; say so, since that is rarely what was meant.
std::string option_as_key(std::string_view key) {
  const Option* option = find_option(key);
  if (option == nullptr) return {};
  if (option->on_field()) {
    return fmt::format(
        "the tag \"{0}\" is read as a key, so the field is renamed \"{0}\"; did you mean "
        "\",{0}\" (the option, keeping the field's name)?",
        key);
  }
  return fmt::format(
      "the tag \"{0}\" is read as a key, so the field is renamed \"{0}\"; {0} is a struct "
      "option, written in the struct's tag: struct MSGPACK_TAG(\"{0}\") Name",
      key);
}

}  // namespace

std::string parse_field_tag(std::string_view text, ir::Field& field, FieldTag& tag) {
  if (text == "-") {
    tag.skip = true;
    return {};
  }
  std::vector<std::string_view> parts = split_commas(text);
  std::string key(parts[0]);
  for (char c : key) {
    if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\') {
      return fmt::format("the key \"{}\" has a character keys cannot have", key);
    }
  }
  if (!key.empty() && key[0] == '#') {
    if (!parse_int_key(key, field.int_key)) {
      return fmt::format("integer key \"{}\" is not a number (write #16 or #0x10)", key);
    }
    field.has_int_key = true;
  }
  if (parts.size() == 1) tag.warning = option_as_key(key);
  for (std::size_t i = 1; i < parts.size(); ++i) {
    std::string_view option = parts[i];
    const Option* known = find_option(option);
    if (option.empty()) return fmt::format("empty option in tag \"{}\"", text);
    if (known == nullptr || !known->on_field()) {
      return unknown_option("field", option, option_names(&Option::on_field));
    }
    if (known->field_flag != nullptr) {
      field.*known->field_flag = true;
    } else if (std::string problem = parse_number(option, *known, field); !problem.empty()) {
      return problem;
    }
  }
  if (field.required && field.omit_empty) return "a required field cannot be omitempty";
  if (field.inline_fields && !key.empty()) {
    return fmt::format("an inline field has no key of its own; drop \"{}\"", key);
  }
  if (field.has_int_key) {
    field.key.clear();  // int_key holds it; "#16" and "#0x10" are one key
  } else if (!key.empty()) {
    field.key = key;
  }
  return {};
}

std::string parse_struct_tag(std::string_view text, StructTag& tag) {
  for (std::string_view option : split_commas(text)) {
    if (option.empty()) continue;  // "" or a leading comma, as in ",as_array"
    const Option* known = find_option(option);
    if (known == nullptr || !known->on_struct()) {
      return unknown_option("struct", option, option_names(&Option::on_struct));
    }
    tag.*known->struct_flag = true;
  }
  if (tag.as_map && tag.as_array) return "as_map and as_array exclude each other";
  return {};
}

}  // namespace msgpack_gen::frontend
