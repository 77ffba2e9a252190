// msgpack-gen --dump: prints the msgpack values of a file (or stdin) as JSON, raw or with the
// field names of a wire contract. Generates nothing.
#pragma once

#include <ostream>
#include <string>

#include "cli/options.hpp"
#include "contract/contract.hpp"
#include "support/diagnostics.hpp"

namespace msgpack_gen::cli {

// The whole of FILE, or of stdin for "-".
bool read_input(const std::string& path, std::string& bytes);

// The contract of --contract FILE; false (and the error reported) when it cannot be read.
bool load_contract(const std::string& path, contract::Contract& contract, Diagnostics& diagnostics);

// Prints each value to `out`, one per line; reports the first error through `diagnostics`.
// Returns the exit status: 0, or 1 when the input cannot be read or holds a value that is not
// msgpack (or does not match the contract).
int run_dump(const Options& options, std::ostream& out, Diagnostics& diagnostics);

}  // namespace msgpack_gen::cli
