// msgpack-gen --dump: prints the msgpack values of a file (or stdin) as JSON, raw or with the
// field names of a wire contract. Generates nothing.
#pragma once

#include <ostream>

#include "cli/options.hpp"
#include "support/diagnostics.hpp"

namespace msgpack_gen::cli {

// Prints each value to `out`, one per line; reports the first error through `diagnostics`.
// Returns the exit status: 0, or 1 when the input cannot be read or holds a value that is not
// msgpack (or does not match the contract).
int run_dump(const Options& options, std::ostream& out, Diagnostics& diagnostics);

}  // namespace msgpack_gen::cli
