#include "emitter/templates.hpp"

#include <stdexcept>

namespace msgpack_gen::emitter {
namespace {

std::map<std::string, std::string> split_snippets() {
  std::map<std::string, std::string> snippets;
  for (const TemplateFile& file : template_files()) {
    std::string_view text = file.text;
    std::string* current = nullptr;
    while (!text.empty()) {
      std::size_t eol = text.find('\n');
      std::string_view line = text.substr(0, eol == std::string_view::npos ? text.size() : eol + 1);
      text.remove_prefix(line.size());
      if (line.rfind("%% ", 0) == 0) {
        std::string_view name = line.substr(3);
        while (!name.empty() && (name.back() == '\n' || name.back() == ' ')) name.remove_suffix(1);
        current = &snippets[std::string(file.stem) + "." + std::string(name)];
      } else if (current != nullptr) {
        current->append(line);
      }
    }
  }
  return snippets;
}

}  // namespace

const std::string& snippet(const std::string& qualified_name) {
  static const std::map<std::string, std::string> snippets = split_snippets();
  auto it = snippets.find(qualified_name);
  if (it == snippets.end()) throw std::logic_error("no template snippet " + qualified_name);
  return it->second;
}

std::string render(std::string_view text, const Vars& vars) {
  std::string out;
  out.reserve(text.size() * 2);
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c != '$') {
      out += c;
      ++i;
      continue;
    }
    std::size_t end = text.find('$', i + 1);
    if (end == std::string_view::npos) throw std::logic_error("unterminated $ in template");
    std::string_view name = text.substr(i + 1, end - i - 1);
    if (name.empty()) {
      out += '$';
    } else {
      auto it = vars.find(name);
      if (it == vars.end())
        throw std::logic_error("template variable $" + std::string(name) + "$ is not set");
      out += it->second;
    }
    i = end + 1;
  }
  return out;
}

std::string print(const std::string& qualified_name, const Vars& vars) {
  return render(snippet(qualified_name), vars);
}

}  // namespace msgpack_gen::emitter
