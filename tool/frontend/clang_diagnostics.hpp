// clang's own diagnostics about the package, shown as clang shows them (the source line, its
// ranges and fix-its, the notes), at most a few, with what msgpack-gen knows to add (a request
// that does not resolve, a MSGPACK_TAG after an initialiser).
#pragma once

#include <clang-c/Index.h>

#include <cstddef>
#include <string>
#include <vector>

#include "support/diagnostics.hpp"

namespace msgpack_gen::frontend {

// The errors (and worse) clang reported for `unit`.
std::size_t count_errors(CXTranslationUnit unit);

struct ClangErrors {
  std::size_t errors = 0;     // every error clang reported
  std::size_t hidden = 0;     // those not shown (after the first kMaxClangErrors)
  bool in_arguments = false;  // the errors are about the command line, not the headers
};

// " (15 more errors not shown)" for the line that closes a report.
std::string not_shown(const ClangErrors& errors);

// Reports clang's errors, each with its source line and notes. `request_names`: the template-ids
// the umbrella spells from `first_request_line` on, so that an error in one is reported against
// the name the user gave.
//
// Errors that come before any with a source location are clang's complaints about its arguments
// (`-- -fbogus-flag`); then only those are reported, since the headers are not to blame.
ClangErrors report_clang_errors(CXTranslationUnit unit, const std::string& umbrella_path,
                                const std::vector<std::string>& request_names,
                                unsigned first_request_line, Diagnostics& diagnostics);

}  // namespace msgpack_gen::frontend
