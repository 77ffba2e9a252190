// msgpack-gen --from-json: writes the msgpack bytes the generated marshaler would write for the
// JSON values of a file (or stdin), following a wire contract. Generates no code.
#pragma once

#include <ostream>

#include "cli/options.hpp"
#include "support/diagnostics.hpp"

namespace msgpack_gen::cli {

// Writes each value's bytes to `out` (with --hex, as hex text, one message per line), or nothing
// at all when any value is not JSON or not what the contract allows: that error goes to
// `diagnostics`, with its line and JSON path. Returns the exit status, 0 or 1.
int run_from_json(const Options& options, std::ostream& out, Diagnostics& diagnostics);

}  // namespace msgpack_gen::cli
