# cmake -DOUTPUT=<file.cpp> -DTEMPLATES="<a.tmpl;b.tmpl>" -P EmbedTemplates.cmake
#
# Embeds the emitter's templates into the binary, so an installed msgpack-gen needs no files
# beside it. Each template file holds snippets, each starting with a line "%% <name>"; the
# snippet "<file stem>.<name>" is the text up to the next such line.
set(body "")
foreach(path IN LISTS TEMPLATES)
  get_filename_component(stem "${path}" NAME_WE)
  file(READ "${path}" text)
  string(FIND "${text}" ")mpg_tmpl\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${path} contains the raw-string delimiter")
  endif()
  string(APPEND body "    {\"${stem}\", R\"mpg_tmpl(${text})mpg_tmpl\"},\n")
endforeach()
set(content "// Generated from templates/ by cmake/EmbedTemplates.cmake. Do not edit.
#include \"emitter/templates.hpp\"

namespace msgpack_gen::emitter {

const std::vector<TemplateFile>& template_files() {
  static const std::vector<TemplateFile> files = {
${body}  };
  return files;
}

}  // namespace msgpack_gen::emitter
")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUTPUT}" "${content}")
endif()
