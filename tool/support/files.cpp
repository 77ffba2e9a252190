#include "support/files.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

namespace msgpack_gen {
namespace {

std::string escape_make(const std::string& path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
  return out;
}

}  // namespace

bool write_if_changed(const std::string& path, const std::string& content,
                      Diagnostics& diagnostics) {
  {
    std::ifstream existing(path, std::ios::binary);
    if (existing) {
      std::string old((std::istreambuf_iterator<char>(existing)), std::istreambuf_iterator<char>());
      if (old == content) return true;
    }
  }
  std::error_code ec;
  std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (ec) {
    diagnostics.error("cannot create output folder '{}': {}", parent.string(), ec.message());
    return false;
  }
  // Write a sibling file and rename it over the old one, so a reader never sees half a file.
  std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << content;
    out.close();
    if (!out) {
      diagnostics.error("cannot write '{}'", path);
      std::filesystem::remove(temporary, ec);
      return false;
    }
  }
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    diagnostics.error("cannot write '{}': {}", path, ec.message());
    std::filesystem::remove(temporary, ec);
    return false;
  }
  return true;
}

bool read_source_line(const std::string& path, unsigned line, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  for (unsigned i = 0; i < line; ++i) {
    if (!std::getline(in, text)) return false;
  }
  if (!text.empty() && text.back() == '\r') text.pop_back();
  return true;
}

std::string make_depfile(const std::vector<std::string>& targets,
                         const std::vector<std::string>& deps) {
  std::ostringstream out;
  for (std::size_t i = 0; i < targets.size(); ++i) out << (i ? " " : "") << escape_make(targets[i]);
  out << ":";
  for (const std::string& dep : deps) out << " \\\n  " << escape_make(dep);
  out << "\n";
  return out.str();
}

}  // namespace msgpack_gen
