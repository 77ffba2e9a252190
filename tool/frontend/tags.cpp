#include "frontend/tags.hpp"

#include <cctype>
#include <exception>
#include <string>

#include "support/text.hpp"

namespace msgpack_gen::frontend {
namespace {

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> parts;
  for (;;) {
    std::size_t comma = text.find(',');
    parts.push_back(text.substr(0, comma));
    if (comma == std::string_view::npos) return parts;
    text.remove_prefix(comma + 1);
  }
}

const std::vector<std::string>& field_options() {
  static const std::vector<std::string> kOptions = {"omitempty", "inline", "required",
                                                    "as_string", "strict", "limit=N"};
  return kOptions;
}
const std::vector<std::string>& struct_options() {
  static const std::vector<std::string> kOptions = {"as_map", "as_array", "strict", "nest_bases",
                                                    "private_fields"};
  return kOptions;
}

// "unknown field option 'omitemty' (did you mean 'omitempty'?; field options: ...)"
std::string unknown_option(const char* what, std::string_view option,
                           const std::vector<std::string>& known) {
  std::string text = "unknown " + std::string(what) + " option '" + std::string(option) + "' (";
  std::string suggestion = closest_match(std::string(option), known);
  if (!suggestion.empty()) text += "did you mean '" + suggestion + "'? ";
  text += what + std::string(" options:");
  for (std::size_t i = 0; i < known.size(); ++i) text += (i ? ", " : " ") + known[i];
  return text + ")";
}

}  // namespace

std::string parse_field_tag(std::string_view text, FieldTag& tag) {
  if (text == "-") {
    tag.skip = true;
    return {};
  }
  std::vector<std::string_view> parts = split_commas(text);
  tag.key = std::string(parts[0]);
  for (char c : tag.key) {
    if (static_cast<unsigned char>(c) < 0x20 || c == '"' || c == '\\') {
      return "the key \"" + tag.key + "\" has a character keys cannot have";
    }
  }
  if (!tag.key.empty() && tag.key[0] == '#') {
    std::string digits = tag.key.substr(1);
    bool negative = !digits.empty() && digits[0] == '-';
    if (negative) digits.erase(0, 1);
    int base = digits.rfind("0x", 0) == 0 || digits.rfind("0X", 0) == 0 ? 16 : 10;
    if (base == 16) digits.erase(0, 2);
    std::size_t used = 0;
    try {
      tag.int_key = std::stoll(digits, &used, base);
    } catch (const std::exception&) {
      used = 0;
    }
    if (digits.empty() || used != digits.size() || digits[0] == '-' || digits[0] == '+') {
      return "integer key \"" + tag.key + "\" is not a number (write #16 or #0x10)";
    }
    if (negative) tag.int_key = -tag.int_key;
    tag.has_int_key = true;
  }
  for (std::size_t i = 1; i < parts.size(); ++i) {
    std::string_view option = parts[i];
    if (option == "omitempty") {
      tag.omit_empty = true;
    } else if (option == "inline") {
      tag.inline_fields = true;
    } else if (option == "required") {
      tag.required = true;
    } else if (option == "as_string") {
      tag.as_string = true;
    } else if (option == "strict") {
      tag.strict = true;
    } else if (option.rfind("limit=", 0) == 0) {
      std::string digits(option.substr(6));
      std::size_t used = 0;
      unsigned long long limit = 0;
      try {
        limit = std::stoull(digits, &used, 10);
      } catch (const std::exception&) {
        used = 0;
      }
      if (digits.empty() || used != digits.size() ||
          !std::isdigit(static_cast<unsigned char>(digits[0])) || limit == 0 ||
          limit > 0xffffffffull) {
        return "limit=" + digits + " is not a length from 1 to 4294967295";
      }
      tag.limit = static_cast<std::uint32_t>(limit);
    } else if (option.empty()) {
      return "empty option in tag \"" + std::string(text) + "\"";
    } else {
      return unknown_option("field", option, field_options());
    }
  }
  if (tag.required && tag.omit_empty) return "a required field cannot be omitempty";
  if (tag.inline_fields && !tag.key.empty()) {
    return "an inline field has no key of its own; drop \"" + tag.key + "\"";
  }
  return {};
}

std::string parse_struct_tag(std::string_view text, StructTag& tag) {
  bool seen_map = false;
  for (std::string_view option : split_commas(text)) {
    if (option == "as_array") {
      tag.as_array = true;
    } else if (option == "as_map") {
      seen_map = true;
    } else if (option == "strict") {
      tag.strict = true;
    } else if (option == "nest_bases") {
      tag.nest_bases = true;
    } else if (option == "private_fields") {
      tag.private_fields = true;
    } else if (option.empty()) {
      continue;  // "" or a leading comma, as in ",as_array"
    } else {
      return unknown_option("struct", option, struct_options());
    }
  }
  if (seen_map && tag.as_array) return "as_map and as_array exclude each other";
  tag.as_map = seen_map;
  return {};
}

}  // namespace msgpack_gen::frontend
