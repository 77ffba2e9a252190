#include "cli/from_json_command.hpp"

#include <string>

#include "cli/dump_command.hpp"
#include "contract/contract.hpp"
#include "contract/json_to_bytes.hpp"

namespace msgpack_gen::cli {

int run_from_json(const Options& options, std::ostream& out, Diagnostics& diagnostics) {
  const std::string name = options.from_json == "-" ? "<stdin>" : options.from_json;
  std::string text;
  if (!read_input(options.from_json, text)) {
    diagnostics.error("cannot read {}", name);
    return 1;
  }
  contract::Contract contract;
  if (!load_contract(options.contract, contract, diagnostics)) return 1;

  // Every value is encoded before anything is written: a bad value leaves stdout empty.
  const contract::JsonToBytes result =
      contract::json_to_bytes(contract, options.contract_type, text);
  if (!result.ok) {
    diagnostics.error("{}: {}", name, result.error());
    return 1;
  }
  std::string written;
  for (const std::string& message : result.messages) {
    if (!options.hex) {
      written += message;
      continue;
    }
    static const char kHex[] = "0123456789abcdef";
    for (std::size_t i = 0; i < message.size(); ++i) {
      const auto byte = static_cast<unsigned char>(message[i]);
      if (i != 0) written += ' ';
      written += kHex[byte >> 4];
      written += kHex[byte & 15];
    }
    written += '\n';
  }
  out.write(written.data(), static_cast<std::streamsize>(written.size()));
  out.flush();
  if (!out) {
    diagnostics.error("cannot write the messages to stdout");
    return 1;
  }
  return 0;
}

}  // namespace msgpack_gen::cli
