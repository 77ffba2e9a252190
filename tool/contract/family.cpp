#include "contract/family.hpp"

#include <string_view>

namespace msgpack_gen::contract {
namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

Family parse_family(std::string_view& text) {
  Family family;
  if (starts_with(text, "struct:") || starts_with(text, "custom:") ||
      starts_with(text, "dependent:")) {
    int depth = 0;
    std::size_t end = 0;
    for (; end < text.size(); ++end) {
      char c = text[end];
      if (c == '<') ++depth;
      if (c == '>' && depth-- == 0) break;
      if (c == ',' && depth == 0) break;
    }
    family.head = std::string(text.substr(0, end));
    text.remove_prefix(end);
    return family;
  }
  std::size_t end = text.find_first_of("<,>");
  if (end == std::string_view::npos) end = text.size();
  family.head = std::string(text.substr(0, end));
  text.remove_prefix(end);
  if (!text.empty() && text.front() == '<') {
    text.remove_prefix(1);
    while (!text.empty() && text.front() != '>') {
      family.args.push_back(parse_family(text));
      if (!text.empty() && text.front() == ',') text.remove_prefix(1);
    }
    if (!text.empty()) text.remove_prefix(1);  // '>'
  }
  return family;
}

}  // namespace

Family parse_family(const std::string& wire) {
  std::string_view text = wire;
  return parse_family(text);
}

void name_or_number(Family& family) {
  if (family.head == "str") family.head = "str|int";
  for (Family& arg : family.args) name_or_number(arg);
}

}  // namespace msgpack_gen::contract
