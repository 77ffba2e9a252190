// Where --check-contract reads the committed contract from: a file, or a file as committed at a
// git revision ("git:REF:PATH"), so that CI can check a branch against main without the old
// contract in the work tree (the habit of `buf breaking --against`).
#pragma once

#include <string>

namespace msgpack_gen::cli {

// Reads the contract `spec` names into `text`: "git:REF:PATH" runs `git show REF:PATH` in the
// current folder (PATH as git show takes it: from the top of the repository, or "./..." from
// the current folder); anything else is a file path. An empty string on success, else the
// problem ("git show main:dto.contract.json failed: fatal: invalid object name 'main'").
std::string read_contract_source(const std::string& spec, std::string& text);

}  // namespace msgpack_gen::cli
