// msgpack-gen: the command line. Parses options, runs the frontend (headers -> IR) and the
// emitter (IR -> C++), and writes the files that changed.
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "cli/contract_source.hpp"
#include "cli/dump_command.hpp"
#include "cli/from_json_command.hpp"
#include "cli/options.hpp"
#include "contract/contract.hpp"
#include "emitter/emitter.hpp"
#include "frontend/frontend.hpp"
#include "msgpack_gen/version.hpp"  // MSGPACK_GEN_VERSION_STRING
#include "support/diagnostics.hpp"
#include "support/files.hpp"
#include "support/text.hpp"

namespace fs = std::filesystem;

namespace {

// The exit status of a --check-contract that found a breaking change (and nothing else wrong),
// so that a build can tell it from a generator that failed (cmake/MsgpackGenCodegen.cmake).
constexpr int kExitBreakingContract = 3;

// <msgpack_gen/annotate.hpp> for parsing: beside an installed tool (../include), else the source
// tree the tool was built from.
std::string find_runtime_include() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path installed = exe.parent_path().parent_path() / "include";
    if (fs::exists(installed / "msgpack_gen" / "annotate.hpp", ec)) return installed.string();
  }
  return MSGPACK_GEN_SOURCE_RUNTIME_INCLUDE;
}

}  // namespace

#ifdef MSGPACK_GEN_SANITIZED_TOOL
// The sanitizer build checks the generator's own allocations for leaks; libclang and the LLVM
// library under it are not instrumented and keep what they cache until the process ends, which
// is not ours to report.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libclang\nleak:libLLVM\n";
}
#endif

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  msgpack_gen::cli::Options options;
  std::string usage_error = msgpack_gen::cli::parse(args, options);
  bool color = options.color == msgpack_gen::cli::Color::Always ||
               (options.color == msgpack_gen::cli::Color::Auto && isatty(STDERR_FILENO) != 0);
  msgpack_gen::Diagnostics diagnostics(std::cerr, color);
  if (!usage_error.empty()) {
    diagnostics.error(usage_error);
    std::cerr << "(msgpack-gen --help shows the usage)\n";
    return 2;
  }
  if (options.help) {
    msgpack_gen::cli::print_help(std::cout);
    return 0;
  }
  if (options.version) {
    fmt::print("msgpack-gen {}\nlibclang: {}\n", MSGPACK_GEN_VERSION_STRING,
               msgpack_gen::frontend::libclang_version());
    return 0;
  }

  if (!options.dump.empty()) return msgpack_gen::cli::run_dump(options, std::cout, diagnostics);
  if (!options.from_json.empty()) {
    return msgpack_gen::cli::run_from_json(options, std::cout, diagnostics);
  }

  msgpack_gen::frontend::Options frontend_options;
  frontend_options.package_paths = options.package_paths;
  frontend_options.root = options.root;
  frontend_options.types = options.types;
  frontend_options.clang_args = options.clang_args;
  frontend_options.runtime_include_dir =
      options.runtime_include_dir.empty() ? find_runtime_include() : options.runtime_include_dir;
  frontend_options.resource_dir = MSGPACK_GEN_CLANG_RESOURCE_DIR;

  msgpack_gen::frontend::Result parsed;
  if (!msgpack_gen::frontend::parse_package(frontend_options, diagnostics, parsed)) return 1;

  msgpack_gen::emitter::EmitOptions emit_options;
  emit_options.tool_version = MSGPACK_GEN_VERSION_STRING;
  emit_options.beside_sources = options.output_dir.empty();
  emit_options.split = options.split;
  // A query (a contract, a schema, a space format) writes code only when asked to.
  std::vector<msgpack_gen::emitter::GeneratedFile> files;
  if (options.writes_code()) files = msgpack_gen::emitter::emit(parsed.module, emit_options);

  fs::path root =
      options.output_dir.empty() ? fs::path(parsed.package_root) : fs::path(options.output_dir);
  std::vector<std::string> written;
  for (const auto& file : files) {
    std::string path = (root / file.path).string();
    if (!msgpack_gen::write_if_changed(path, file.content, diagnostics)) return 1;
    written.push_back(path);
  }
  if (!options.depfile.empty() && options.writes_code()) {
    std::string deps = msgpack_gen::make_depfile(written, parsed.files_read);
    if (!msgpack_gen::write_if_changed(options.depfile, deps, diagnostics)) return 1;
  }
  if (!options.json_schema.empty() &&
      !msgpack_gen::write_if_changed(
          options.json_schema, msgpack_gen::contract::json_schema(parsed.module), diagnostics)) {
    return 1;
  }
  if (!options.space_format.empty()) {
    msgpack_gen::contract::Contract current = msgpack_gen::contract::build(parsed.module);
    // The qualified id, or a name that picks one struct (support/text.hpp: names_entity).
    std::string exact = msgpack_gen::without_spaces(options.space_format);
    if (exact.rfind("::", 0) == 0) exact.erase(0, 2);
    const msgpack_gen::contract::StructEntry* found = nullptr;
    std::size_t matches = 0;
    for (const auto& s : current.structs) {
      if (!msgpack_gen::names_entity(options.space_format, s.id)) continue;
      ++matches;
      if (found == nullptr || s.id == exact) found = &s;
    }
    const char* problem = nullptr;
    if (found == nullptr) {
      problem = "no such struct among the generated types";
    } else if (matches > 1 && found->id != exact) {
      problem = "ambiguous: qualify the name";
    } else if (!found->as_array) {
      problem = "not an as_array struct (only tuples have a space format)";
    }
    if (problem != nullptr) {
      diagnostics.error("--space-format {}: {}", options.space_format, problem);
      return 1;
    }
    std::cout << msgpack_gen::contract::space_format_lua(
                     msgpack_gen::contract::space_format(current, *found))
              << "\n";
  }
  if (!options.write_contract.empty() || !options.check_contract.empty()) {
    msgpack_gen::contract::Contract current = msgpack_gen::contract::build(parsed.module);
    if (!options.check_contract.empty()) {
      std::string text;
      if (std::string problem =
              msgpack_gen::cli::read_contract_source(options.check_contract, text);
          !problem.empty()) {
        diagnostics.error(problem);
        return 1;
      }
      msgpack_gen::contract::Contract old;
      std::string problem = msgpack_gen::contract::from_json(text, old);
      if (!problem.empty()) {
        diagnostics.error("{}: {}", options.check_contract, problem);
        return 1;
      }
      if (msgpack_gen::contract::check(old, current, options.check_contract, diagnostics) != 0) {
        return kExitBreakingContract;
      }
    }
    if (!options.write_contract.empty() &&
        !msgpack_gen::write_if_changed(options.write_contract,
                                       msgpack_gen::contract::to_json(current), diagnostics)) {
      return 1;
    }
  }
  return 0;
}
