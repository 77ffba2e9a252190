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

namespace {

const std::string& lookup(const Vars& vars, std::string_view name) {
  auto it = vars.find(name);
  if (it == vars.end()) {
    throw std::logic_error("template variable $" + std::string(name) + "$ is not set");
  }
  return it->second;
}

// `value` as the lines of a block: each line after `indent`, each ending in a newline.
void append_block(std::string& out, std::string_view indent, std::string_view value) {
  while (!value.empty()) {
    std::size_t eol = value.find('\n');
    std::string_view line = value.substr(0, eol);
    if (!line.empty()) out.append(indent).append(line);
    out += '\n';
    value.remove_prefix(eol == std::string_view::npos ? value.size() : eol + 1);
  }
}

}  // namespace

std::string render(std::string_view text, const Vars& vars) {
  std::string out;
  out.reserve(text.size() * 2);
  std::size_t line_start = 0;  // in `text`
  for (std::size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c != '$') {
      out += c;
      ++i;
      if (c == '\n') line_start = i;
      continue;
    }
    std::size_t end = text.find('$', i + 1);
    if (end == std::string_view::npos) throw std::logic_error("unterminated $ in template");
    std::string_view name = text.substr(i + 1, end - i - 1);
    if (name.empty()) {
      out += '$';
      i = end + 1;
      continue;
    }
    const std::string& value = lookup(vars, name);
    std::string_view indent = text.substr(line_start, i - line_start);
    bool starts_line = indent.find_first_not_of(' ') == std::string_view::npos;
    bool alone = starts_line && (end + 1 == text.size() || text[end + 1] == '\n');
    if (!alone) {
      // Inline. A value that starts its line and continues it (no final newline) keeps its later
      // lines at that line's indentation; one that ends in a newline is whole lines, as written.
      std::size_t eol = value.find('\n');
      if (!starts_line || eol == std::string::npos || value.back() == '\n') {
        out += value;
      } else {
        out.append(value, 0, eol + 1);
        std::string rest;
        append_block(rest, indent, std::string_view(value).substr(eol + 1));
        rest.pop_back();  // the text after $name$ continues the last line
        out += rest;
      }
      i = end + 1;
      continue;
    }
    // A block: the whole line is the value's lines, indented; none for an empty value.
    out.resize(out.size() - indent.size());
    append_block(out, indent, value);
    i = end + 1 < text.size() ? end + 2 : end + 1;
    line_start = i;
  }
  return out;
}

std::string print(const std::string& qualified_name, const Vars& vars) {
  return render(snippet(qualified_name), vars);
}

}  // namespace msgpack_gen::emitter
