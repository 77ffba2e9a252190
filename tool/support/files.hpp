// Writing outputs without touching files whose content did not change (no needless rebuilds).
#pragma once

#include <string>
#include <vector>

#include "support/diagnostics.hpp"

namespace msgpack_gen {

// Writes content to path unless the file already holds exactly that; creates parent folders.
// Returns false (and reports) when the file cannot be written.
bool write_if_changed(const std::string& path, const std::string& content,
                      Diagnostics& diagnostics);

// "target1 target2: dep1 dep2" with spaces escaped as Make and Ninja expect.
std::string make_depfile(const std::vector<std::string>& targets,
                         const std::vector<std::string>& deps);

}  // namespace msgpack_gen
