// The code templates from templates/, embedded at build time, and a $var$ printer over them.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace msgpack_gen::emitter {

struct TemplateFile {
  const char* stem;  // "map_encode" for templates/map_encode.tmpl
  const char* text;
};

// Every embedded template file (defined in the generated templates_embedded.cpp).
const std::vector<TemplateFile>& template_files();

// The snippet "<stem>.<name>", e.g. "map_encode.field". Throws std::logic_error if missing.
const std::string& snippet(const std::string& qualified_name);

using Vars = std::map<std::string, std::string, std::less<>>;

// Replaces each $name$ in text with vars[name]; "$$" is a literal '$'. Indentation follows the
// template, as with protobuf's Printer, so values are written at column 0 whatever depth they
// are printed at:
// - a $name$ alone on its line (only spaces before it) is a block: each line of the value is
//   indented by those spaces and ends in a newline, and an empty value leaves no line;
// - a $name$ that starts its line with text after it, and whose value does not end in a
//   newline, indents the value's later lines the same.
// Throws std::logic_error on an unknown variable, so a template typo fails loudly.
std::string render(std::string_view text, const Vars& vars);

// render(snippet(name), vars)
std::string print(const std::string& qualified_name, const Vars& vars);

}  // namespace msgpack_gen::emitter
