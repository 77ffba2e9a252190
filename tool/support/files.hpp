// Files: writing outputs without touching those whose content did not change (no needless
// rebuilds), depfiles, and reading source lines for diagnostics.
#pragma once

#include <string>
#include <vector>

#include "support/diagnostics.hpp"

namespace msgpack_gen {

// Writes content to path unless the file already holds exactly that; creates parent folders.
// Returns false (and reports) when the file cannot be written.
bool write_if_changed(const std::string& path, const std::string& content,
                      Diagnostics& diagnostics);

// Line `line` (1-based) of `path` without its end of line; false when there is no such line.
bool read_source_line(const std::string& path, unsigned line, std::string& text);

// "target1 target2: dep1 dep2" with spaces escaped as Make and Ninja expect.
std::string make_depfile(const std::vector<std::string>& targets,
                         const std::vector<std::string>& deps);

}  // namespace msgpack_gen
