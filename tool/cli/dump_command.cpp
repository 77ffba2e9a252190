#include "cli/dump_command.hpp"

#include <fmt/format.h>

#include <cctype>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <string_view>

#include "contract/bytes.hpp"
#include "contract/contract.hpp"
#include "msgpack_gen/dump.hpp"

namespace msgpack_gen::cli {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Hex text as logs print bytes: "93 01 a2 6f 6b", "93:01:a2", "0x93, 0x01", "\x93\x01". Returns
// the problem, or an empty string.
std::string from_hex(std::string_view text, std::string& bytes) {
  int high = -1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool prefix = (c == '0' || c == '\\') && i + 1 < text.size() &&
                        (text[i + 1] == 'x' || text[i + 1] == 'X') && high < 0;
    if (prefix) {
      ++i;
      continue;
    }
    const int digit = hex_digit(c);
    if (digit >= 0) {
      if (high < 0) {
        high = digit;
      } else {
        bytes += static_cast<char>(high << 4 | digit);
        high = -1;
      }
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c)) || c == ':' || c == ',' || c == ';') {
      if (high >= 0) return fmt::format("a lone hex digit before offset {} of the text", i);
      continue;
    }
    return fmt::format("'{}' at offset {} of the text is not a hex digit", c, i);
  }
  if (high >= 0) return "the hex text ends with half a byte";
  return {};
}

}  // namespace

bool read_input(const std::string& path, std::string& bytes) {
  if (path == "-") {
    bytes.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return !std::cin.bad();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

bool load_contract(const std::string& path, contract::Contract& contract,
                   Diagnostics& diagnostics) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in && !in.eof()) {
    diagnostics.error("cannot read the contract {}", path);
    return false;
  }
  if (std::string problem = contract::from_json(text, contract); !problem.empty()) {
    diagnostics.error("{}: {}", path, problem);
    return false;
  }
  return true;
}

int run_dump(const Options& options, std::ostream& out, Diagnostics& diagnostics) {
  const std::string& name = options.dump == "-" ? std::string("<stdin>") : options.dump;
  std::string input;
  if (!read_input(options.dump, input)) {
    diagnostics.error("cannot read {}", name);
    return 1;
  }
  std::string bytes;
  if (options.hex) {
    const std::string problem = from_hex(input, bytes);
    if (!problem.empty()) {
      diagnostics.error("{}: {}", name, problem);
      return 1;
    }
  } else {
    bytes = std::move(input);
  }

  contract::Contract contract;
  if (!options.contract.empty() && !load_contract(options.contract, contract, diagnostics)) {
    return 1;
  }

  DumpOptions dump_options;
  dump_options.max_output = 0;  // the user asked for all of it
  dump_options.indent = options.pretty ? 2 : 0;
  dump_options.known_extensions = !options.ext_as_data;
  std::size_t at = 0;
  for (std::size_t message = 1; at < bytes.size(); ++message) {
    std::string text;
    const std::string_view rest = std::string_view(bytes).substr(at);
    std::string problem;
    std::size_t size = 0;
    if (options.contract.empty()) {
      const DumpResult result = dump(rest.data(), rest.size(), text, dump_options);
      if (result.status) {
        size = result.size;
      } else {
        const Status& status = result.status;
        problem = fmt::format("byte {} (message {}, its byte {}): {}{}: {}", at + status.offset(),
                              message, status.offset(), to_string(status.code()),
                              status.path().empty() ? "" : " in " + status.path(), status.detail());
      }
    } else {
      const contract::BytesCheck result =
          contract::print_bytes(contract, options.contract_type, rest, text, dump_options.indent);
      if (result.ok) {
        size = result.size;
      } else {
        problem = fmt::format("byte {} (message {}, its byte {}): {}{}", at + result.offset,
                              message, result.offset, result.path.empty() ? "" : result.path + ": ",
                              result.message);
      }
    }
    out << text << '\n';
    if (!problem.empty()) {
      out.flush();
      diagnostics.error("{}: {}", name, problem);
      return 1;
    }
    at += size;
  }
  return 0;
}

}  // namespace msgpack_gen::cli
