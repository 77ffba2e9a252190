#include "ir/ir.hpp"

#include <cctype>
#include <string_view>

namespace msgpack_gen::ir {

namespace {
constexpr const char* kGeneratedHeader = ".msgpack.hpp";

std::string replace_extension(const std::string& header_path, const char* extension) {
  std::size_t slash = header_path.find_last_of('/');
  std::size_t dot = header_path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) {
    return header_path + extension;
  }
  return header_path.substr(0, dot) + extension;
}
}  // namespace

std::string Field::key_text() const {
  if (!has_int_key) return key;
  // Appended rather than "#" + std::to_string(...): GCC 12 reports a bogus -Wrestrict overlap in
  // operator+(const char*, std::string&&) at -O2.
  std::string text = "#";
  text += std::to_string(int_key);
  return text;
}

std::vector<const Field*> Struct::members() const {
  std::vector<const Field*> out;
  for (const Field& field : fields) out.push_back(&field);
  if (unknown_fields) out.push_back(&*unknown_fields);
  return out;
}

const Struct* Module::find(const std::string& id) const {
  for (const Struct& s : structs) {
    if (s.id == id) return &s;
  }
  return nullptr;
}

std::string identifier_from(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out += c;
    } else if (!out.empty() && out.back() != '_') {
      out += '_';
    }
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

std::string output_path_for(const std::string& header_path) {
  return replace_extension(header_path, kGeneratedHeader);
}

bool is_generated_header(const std::string& path) {
  const std::string_view kSuffix = kGeneratedHeader;
  return path.size() >= kSuffix.size() &&
         path.compare(path.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0;
}

std::string output_source_path_for(const std::string& header_path) {
  return replace_extension(header_path, ".msgpack.cpp");
}

}  // namespace msgpack_gen::ir
