#include "cli/options.hpp"

#include "ir/ir.hpp"

namespace msgpack_gen::cli {
namespace {

// Parses "Type", "Type:+-" or "Type:-+".
std::string parse_type(const std::string& arg, frontend::TypeRequest& request) {
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
      return "bad policy '" + policy + "' in '" + arg +
             "': use Type (both directions), Type:+- (marshal only) or Type:-+ (unmarshal only)";
    }
  }
  if (request.name.empty()) return "empty type name in '" + arg + "'";
  return {};
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
      if (i + 1 >= args.size()) return flag + " needs a value";
      into = args[++i];
      return {};
    };
    auto is = [&](const char* short_flag, const char* long_flag) {
      return arg == short_flag || arg == long_flag ||
             (long_flag[0] != '\0' && arg.rfind(std::string(long_flag) + "=", 0) == 0);
    };
    std::string error;
    if (arg == "--") {
      options.clang_args.insert(options.clang_args.end(), args.begin() + static_cast<long>(i) + 1,
                                args.end());
      break;
    } else if (arg == "-h" || arg == "--help") {
      options.help = true;
    } else if (arg == "--split") {
      options.split = true;
    } else if (arg == "--version") {
      options.version = true;
    } else if (is("-p", "--package")) {
      std::string path;
      error = value(arg[1] == '-' ? "--package" : "-p", path);
      options.package_paths.push_back(path);
    } else if (is("", "--root")) {
      error = value("--root", options.root);
    } else if (is("-o", "--output")) {
      error = value(arg[1] == '-' ? "--output" : "-o", options.output_dir);
    } else if (is("", "--depfile")) {
      error = value("--depfile", options.depfile);
    } else if (is("", "--runtime-include")) {
      error = value("--runtime-include", options.runtime_include_dir);
    } else if (arg.rfind("--std=", 0) == 0) {
      options.clang_args.push_back("-std=" + arg.substr(6));
    } else if (arg == "-I" || arg == "-D") {
      if (i + 1 >= args.size()) return arg + " needs a value";
      options.clang_args.push_back(arg + args[++i]);
    } else if (arg.rfind("-I", 0) == 0 || arg.rfind("-D", 0) == 0 || arg.rfind("-std=", 0) == 0) {
      options.clang_args.push_back(arg);
    } else if (!arg.empty() && arg[0] == '-') {
      return "unknown option '" + arg + "' (see --help; clang arguments go after --)";
    } else {
      frontend::TypeRequest request;
      error = parse_type(arg, request);
      if (error.empty()) options.types.push_back(request);
    }
    if (!error.empty()) return error;
  }
  if (options.help || options.version) return {};
  if (options.package_paths.empty())
    return "no package: say which folder of headers (or header files) to read with -p DIR";
  if (options.types.empty()) return "no types: name the structs to generate, e.g. Data1 Data2:+-";
  return {};
}

void print_help(std::ostream& out) {
  out << R"(Usage: msgpack-gen -p DIR|HEADER... [options] Type[:policy]... [-- clang-args...]

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
  --std=c++17|c++20|...    the C++ standard to parse with (default c++17)
  --split                  write each header's codec definitions into X.msgpack.cpp, to be
                           compiled once, and only declarations (and class templates) into
                           X.msgpack.hpp; every header then gets both files
  --depfile FILE           also write the files clang read, as a Makefile-style depfile
  --runtime-include DIR    where <msgpack_gen/...> headers are (default: found beside the tool)
  --                       pass everything after it to clang unchanged
  -h, --help               show this help
  --version                show the version

Exit status: 0 on success, 1 when the headers or types have errors, 2 on a usage error.
)";
}

}  // namespace msgpack_gen::cli
