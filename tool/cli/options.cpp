#include "cli/options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string_view>

namespace msgpack_gen::cli {
namespace {

// Parses "Type", "Type:+-" or "Type:-+".
std::string parse_type(const std::string& arg, ir::TypeRequest& request) {
  // The policy follows the last ':' unless that ':' belongs to a "::" scope separator.
  std::size_t colon = arg.rfind(':');
  bool has_policy = colon != std::string::npos && (colon == 0 || arg[colon - 1] != ':') &&
                    (colon + 1 >= arg.size() || arg[colon + 1] != ':');
  request.name = has_policy ? arg.substr(0, colon) : arg;
  request.directions = ir::kBoth;
  if (has_policy) {
    std::string policy = arg.substr(colon + 1);
    if (policy == "+-") {
      request.directions = ir::kMarshal;
    } else if (policy == "-+") {
      request.directions = ir::kUnmarshal;
    } else {
      return fmt::format(
          "bad policy '{}' in '{}': use Type (both directions), Type:+- (marshal only) or "
          "Type:-+ (unmarshal only)",
          policy, arg);
    }
  }
  if (request.name.empty()) return fmt::format("empty type name in '{}'", arg);
  return {};
}

// The standards msgpack-gen parses headers with: C++17 and later, as every clang since 14 spells
// them (c++1z and c++2a are clang's older names for c++17 and c++20), and the names CMake and
// newer compilers give C++23 and C++26 (CMake passes --std=c++23 for a target with
// CXX_STANDARD 23), which go to libclang as c++2b: the name clang 14 knows for the newest
// standard, which later clangs still take, and all a header of structs needs.
constexpr std::string_view kStandards[] = {
    "c++17",   "c++20",   "c++2b", "gnu++17", "gnu++20", "gnu++2b", "c++1z", "c++2a",
    "gnu++1z", "gnu++2a", "c++23", "gnu++23", "c++26",   "gnu++26", "c++2c", "gnu++2c"};
constexpr std::string_view kOlderStandards[] = {"c++98",   "c++03",   "c++0x",   "c++11",
                                                "c++1y",   "c++14",   "gnu++98", "gnu++03",
                                                "gnu++0x", "gnu++11", "gnu++1y", "gnu++14"};

// The value after '=' in "--std=X" or "-std=X".
std::string_view standard_value(const std::string& arg) {
  return std::string_view(arg).substr(arg.find('=') + 1);
}

// Checks a "--std=X" or "-std=X" before anything is parsed: an older standard would only show as
// a wall of errors in the runtime's headers, an unknown one as a parse that fails.
std::string check_standard(const std::string& arg) {
  std::string_view value = standard_value(arg);
  auto among = [&](const auto& list) {
    return std::find(std::begin(list), std::end(list), value) != std::end(list);
  };
  if (among(kStandards)) return {};
  if (among(kOlderStandards)) {
    return fmt::format(
        "{}: C++17 is the minimum (the runtime and the code msgpack-gen writes are C++17); use "
        "--std=c++17 (the default) or a later standard",
        arg);
  }
  return fmt::format(
      "{}: unknown C++ standard '{}'; use one of c++17, c++20, c++23, c++26 (or gnu++17, "
      "gnu++20, gnu++23, gnu++26)",
      arg, value);
}

// A checked "--std=X" or "-std=X" as the -std= argument libclang gets (see kStandards).
std::string clang_standard(const std::string& arg) {
  std::string value(standard_value(arg));
  for (const char* newer : {"23", "26", "2c"}) {
    const std::size_t at = value.size() - 2;
    if (value.compare(at, 2, newer) == 0) value.replace(at, 2, "2b");
  }
  return "-std=" + value;
}

// The options named by one flag: those that take one value, a file or folder ("--flag VALUE" or
// "--flag=VALUE"), and those that only switch something on.
struct NamedOption {
  const char* flag;
  std::string Options::*value;
  bool Options::*on;
};
constexpr NamedOption kNamedOptions[] = {
    {"--root", &Options::root, nullptr},
    {"--depfile", &Options::depfile, nullptr},
    {"--write-contract", &Options::write_contract, nullptr},
    {"--check-contract", &Options::check_contract, nullptr},
    {"--json-schema", &Options::json_schema, nullptr},
    {"--space-format", &Options::space_format, nullptr},
    {"--runtime-include", &Options::runtime_include_dir, nullptr},
    {"--dump", &Options::dump, nullptr},
    {"--from-json", &Options::from_json, nullptr},
    {"--contract", &Options::contract, nullptr},
    {"--type", &Options::contract_type, nullptr},
    {"-h", nullptr, &Options::help},
    {"--help", nullptr, &Options::help},
    {"--split", nullptr, &Options::split},
    {"--generate", nullptr, &Options::generate},
    {"--hex", nullptr, &Options::hex},
    {"--pretty", nullptr, &Options::pretty},
    {"--ext-as-data", nullptr, &Options::ext_as_data},
    {"--version", nullptr, &Options::version},
};

bool is_standard(const std::string& arg) {
  return arg.rfind("-std=", 0) == 0 || arg.rfind("--std=", 0) == 0;
}

}  // namespace

std::string parse(const std::vector<std::string>& args, Options& options) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&](const std::string& flag, std::string& into) -> std::string {
      if (arg.size() > flag.size() && arg.compare(0, flag.size() + 1, flag + "=") == 0) {
        into = arg.substr(flag.size() + 1);
        return {};
      }
      if (i + 1 >= args.size()) return fmt::format("{} needs a value", flag);
      into = args[++i];
      return {};
    };
    auto is = [&](const char* short_flag, const char* long_flag) {
      return arg == short_flag || arg == long_flag ||
             (long_flag[0] != '\0' && arg.rfind(std::string(long_flag) + "=", 0) == 0);
    };
    std::string error;
    if (arg == "--") {
      for (std::size_t j = i + 1; j < args.size(); ++j) {
        if (!is_standard(args[j])) {
          options.clang_args.push_back(args[j]);
        } else if (!(error = check_standard(args[j])).empty()) {
          return error;
        } else {
          options.clang_args.push_back(clang_standard(args[j]));
        }
      }
      break;
    } else if (const auto* named = std::find_if(std::begin(kNamedOptions), std::end(kNamedOptions),
                                                [&](const NamedOption& option) {
                                                  return option.on ? arg == option.flag
                                                                   : is("", option.flag);
                                                });
               named != std::end(kNamedOptions)) {
      if (named->on) {
        options.*(named->on) = true;
      } else {
        error = value(named->flag, options.*(named->value));
      }
    } else if (arg == "--color" || arg.rfind("--color=", 0) == 0) {
      std::string when = arg == "--color" ? "always" : arg.substr(8);  // as in GNU tools
      if (when == "auto") {
        options.color = Color::Auto;
      } else if (when == "always") {
        options.color = Color::Always;
      } else if (when == "never") {
        options.color = Color::Never;
      } else {
        return fmt::format("unknown --color value '{}': use never, always or auto", when);
      }
    } else if (is("-p", "--package")) {
      std::string path;
      error = value(arg[1] == '-' ? "--package" : "-p", path);
      options.package_paths.push_back(path);
    } else if (is("-o", "--output")) {
      error = value(arg[1] == '-' ? "--output" : "-o", options.output_dir);
    } else if (is_standard(arg)) {
      error = check_standard(arg);
      options.clang_args.push_back(clang_standard(arg));
    } else if (arg == "-I" || arg == "-D") {
      if (i + 1 >= args.size()) return fmt::format("{} needs a value", arg);
      options.clang_args.push_back(arg + args[++i]);
    } else if (arg.rfind("-I", 0) == 0 || arg.rfind("-D", 0) == 0) {
      options.clang_args.push_back(arg);
    } else if (!arg.empty() && arg[0] == '-') {
      return fmt::format("unknown option '{}' (see --help; clang arguments go after --)", arg);
    } else {
      ir::TypeRequest request;
      error = parse_type(arg, request);
      if (error.empty()) options.types.push_back(request);
    }
    if (!error.empty()) return error;
  }
  if (options.help || options.version) return {};
  if (!options.dump.empty() && !options.from_json.empty()) {
    return "--dump and --from-json go opposite ways: give one of them";
  }
  if (!options.from_json.empty()) {
    if (!options.types.empty() || !options.package_paths.empty()) {
      return "--from-json writes messages and generates nothing: give it no package and no types";
    }
    if (options.contract.empty() || options.contract_type.empty()) {
      return "--from-json needs --contract FILE and --type T: the contract says how each field "
             "is written";
    }
    if (options.pretty || options.ext_as_data) {
      return "--pretty and --ext-as-data are options of --dump";
    }
    return {};
  }
  if (!options.dump.empty()) {
    if (!options.types.empty() || !options.package_paths.empty()) {
      return "--dump reads messages and generates nothing: give it no package and no types";
    }
    if (options.contract.empty() != options.contract_type.empty()) {
      return "--contract and --type go together: the contract's file and the struct to read";
    }
    if (options.ext_as_data && !options.contract.empty()) {
      return "--ext-as-data is for values read without a contract: with --contract, the "
             "contract says what each field's extension type is";
    }
    return {};
  }
  if (options.hex || options.pretty || options.ext_as_data || !options.contract.empty() ||
      !options.contract_type.empty()) {
    return "--hex, --pretty, --ext-as-data, --contract and --type are options of --dump (--hex, "
           "--contract and --type of --from-json too)";
  }
  if (options.package_paths.empty())
    return "no package: say which folder of headers (or header files) to read with -p DIR";
  if (options.types.empty() && !options.space_format.empty()) {
    ir::TypeRequest request;  // --space-format T alone: T is the type to read
    std::string error = parse_type(options.space_format, request);
    if (!error.empty()) return error;
    options.types.push_back(request);
  }
  if (options.types.empty()) return "no types: name the structs to generate, e.g. Data1 Data2:+-";
  return {};
}

void print_help(std::ostream& out) {
  out << R"(Usage: msgpack-gen -p DIR|HEADER... [options] Type[:policy]... [-- clang-args...]
       msgpack-gen --dump FILE|- [--hex] [--pretty] [--contract C.json --type T]
       msgpack-gen --from-json FILE|- --contract C.json --type T [--hex]

Generates MessagePack marshal/unmarshal code for the named C++ structs and every struct they
reach. For each header X.hpp in DIR it writes X.msgpack.hpp. Structs with msgpack-c's
MSGPACK_DEFINE / MSGPACK_DEFINE_MAP get exactly the bytes msgpack-c writes for them.

Types:
  Type          marshal and unmarshal ("Data" when unique, or qualified: "shop::v1::Data";
                a class template instance: 'Res<Value>')
  Type:+-       marshal only
  Type:-+       unmarshal only

Options:
  -p, --package DIR|FILE   a folder of headers to read (all *.h, *.hh, *.hpp, *.hxx in it), or
                           one header file; repeat it to read several. Generated files are
                           named relative to the folder that holds them all
  --root DIR               name generated files relative to DIR instead (it must hold every
                           -p path)
  -o, --output DIR         write the generated files under DIR instead of beside the headers
                           (they then include their header by its path relative to the
                           package, so put the package folder on the include path)
  -I DIR, -D NAME[=VALUE]  include folders and macros for parsing the headers
  --std=c++17|c++20|c++23|c++26
                           the C++ standard to parse with (default c++17, the minimum; the
                           gnu++ forms and clang's c++2b and c++2c work too)
  --split                  write each header's codec definitions into X.msgpack.cpp, to be
                           compiled once, and only declarations (and class templates) into
                           X.msgpack.hpp; every header then gets both files
  --depfile FILE           also write the files clang read, as a Makefile-style depfile
                           (with the generated code)
  --write-contract FILE    also write the wire contract of the types (JSON: keys, positions,
                           wire types of every struct and enum they reach) to FILE
  --check-contract FILE    compare the types with the contract in FILE: each difference is an
                           "error: breaking:" or a "note: compatible:" at the changed line;
                           exit status 3 when anything is breaking (docs/contracts.md). FILE
                           may be git:REF:PATH, the contract as committed at REF (git show
                           REF:PATH), e.g. git:origin/main:dto/dto.contract.json
  --json-schema FILE       also write a JSON Schema (2020-12) of the types' JSON view to FILE
  --space-format TYPE      print the Tarantool space format of the as_array struct TYPE to
                           stdout as a Lua table: { {name = 'id', type = 'unsigned'}, ... }
                           (TYPE alone is enough as the types to read)
  --generate               with --write-contract, --check-contract, --json-schema or
                           --space-format: write the code as well. Those options alone only
                           answer (they write no *.msgpack.hpp) unless -o DIR is given
  --runtime-include DIR    where <msgpack_gen/...> headers are (default: found beside the tool)

Reading messages (nothing is generated):
  --dump FILE|-            print each msgpack value in FILE (- for stdin), one after the other
                           (a stream of concatenated messages), as JSON, one line each
  --hex                    FILE holds the bytes as hex text, as logs print them (whitespace,
                           ':', ',' and 0x prefixes are ignored)
  --pretty                 one member or element per line, indented by two spaces
  --ext-as-data            print every ext value as {"ext": type, "data": base64}: timestamps
                           and Tarantool's decimal, uuid and datetime too (for programs whose
                           own extension types use the numbers 1, 2 or 4)
  --contract FILE --type T read each value as the struct T of the wire contract in FILE
                           (--write-contract's): fields printed by name for map, integer-key
                           and as_array structs, and the first place where the bytes do not
                           match the contract reported with its offset and field path

Writing messages (nothing is generated):
  --from-json FILE|-       read JSON values from FILE (- for stdin; one value, or several one
                           after the other, as --dump prints them) and write to stdout the
                           msgpack bytes the generated marshaler writes for each, following
                           --contract FILE --type T (both needed): keys in field order, as_array
                           positions, integer keys, floats in their recorded width, bin from
                           base64, ext types from their text. A value that is not valid JSON or
                           that the contract does not allow is an error at its line and JSON
                           path ($.lines[2].price), and nothing is written
  --hex                    write hex text ("93 07 a3 ..."), one message per line

  --color=auto|always|never
                           colour diagnostics as clang does (auto: when stderr is a terminal)
  --                       pass everything after it to clang unchanged
  -h, --help               show this help
  --version                show the version, and libclang's

Exit status: 0 on success, 1 when the headers or types have errors (or --dump finds bytes that
are not msgpack or do not match the contract, or --from-json finds JSON the contract does not
allow), 2 on a usage error, 3 when --check-contract finds a breaking change (and nothing else
failed).
)";
}

}  // namespace msgpack_gen::cli
