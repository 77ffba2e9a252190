// Command-line parsing.
#include <catch2/catch.hpp>

#include "cli/options.hpp"

using msgpack_gen::cli::Color;
using msgpack_gen::cli::Options;
using msgpack_gen::cli::parse;

TEST_CASE("the user's command line", "[cli]") {
  Options o;
  REQUIRE(parse({"-p", "include/dto", "Data1", "Data2:+-", "shop::v1::Data3:-+", "ns::Data4"}, o)
              .empty());
  CHECK(o.package_paths == std::vector<std::string>{"include/dto"});
  REQUIRE(o.types.size() == 4);
  CHECK(o.types[0].name == "Data1");
  CHECK(o.types[0].directions == msgpack_gen::ir::kBoth);
  CHECK(o.types[1].name == "Data2");
  CHECK(o.types[1].directions == msgpack_gen::ir::kMarshal);
  CHECK(o.types[2].name == "shop::v1::Data3");
  CHECK(o.types[2].directions == msgpack_gen::ir::kUnmarshal);
  CHECK(o.types[3].name == "ns::Data4");
  CHECK(o.types[3].directions == msgpack_gen::ir::kBoth);
}

TEST_CASE("clang options and pass-through arguments", "[cli]") {
  Options o;
  REQUIRE(parse({"--package=dto", "-I", "inc", "-Iother", "-DX=1", "--std=c++20", "-o", "out", "T",
                 "--", "-Wno-everything", "-fno-exceptions"},
                o)
              .empty());
  CHECK(o.package_paths == std::vector<std::string>{"dto"});
  CHECK(o.output_dir == "out");
  CHECK(o.clang_args == std::vector<std::string>{"-Iinc", "-Iother", "-DX=1", "-std=c++20",
                                                 "-Wno-everything", "-fno-exceptions"});
}

TEST_CASE("usage errors", "[cli]") {
  Options o;
  CHECK_THAT(parse({"-p", "dto", "Data:++"}, o), Catch::Contains("bad policy '++'"));
  o = {};
  CHECK_THAT(parse({"-p", "dto", "Data:"}, o), Catch::Contains("bad policy ''"));
  o = {};
  CHECK_THAT(parse({"Data"}, o), Catch::Contains("no package"));
  o = {};
  CHECK_THAT(parse({"-p", "dto"}, o), Catch::Contains("no types"));
  o = {};
  CHECK_THAT(parse({"-p"}, o), Catch::Contains("needs a value"));
  o = {};
  CHECK_THAT(parse({"-p", "dto", "--frobnicate", "T"}, o), Catch::Contains("unknown option"));
  o = {};
  CHECK(parse({"--help"}, o).empty());
  CHECK(o.help);
}

TEST_CASE("the standard (--std): C++17 or later, checked before anything is parsed", "[cli][std]") {
  for (const char* standard : {"c++17", "c++20", "c++2b", "gnu++17", "gnu++20", "c++1z", "c++2a"}) {
    Options o;
    CHECK(parse({"-p", "dto", std::string("--std=") + standard, "T"}, o).empty());
    CHECK(o.clang_args == std::vector<std::string>{std::string("-std=") + standard});
  }
  // C++23 and C++26, as CMake names them for a target's CXX_STANDARD: parsed as c++2b, the
  // name every libclang from 14 on knows, whether given before "--" or after it.
  const std::pair<const char*, const char*> newer[] = {{"c++23", "c++2b"}, {"gnu++23", "gnu++2b"},
                                                       {"c++26", "c++2b"}, {"gnu++26", "gnu++2b"},
                                                       {"c++2c", "c++2b"}, {"gnu++2c", "gnu++2b"}};
  for (const auto& [given, parsed] : newer) {
    Options o;
    CHECK(parse({"-p", "dto", std::string("--std=") + given, "T"}, o).empty());
    CHECK(o.clang_args == std::vector<std::string>{std::string("-std=") + parsed});
    o = {};
    CHECK(parse({"-p", "dto", "T", "--", std::string("-std=") + given}, o).empty());
    CHECK(o.clang_args == std::vector<std::string>{std::string("-std=") + parsed});
  }
  // Older standards: one error that says C++17 is the minimum, however the standard is given.
  for (const char* older : {"--std=c++14", "--std=c++11", "--std=c++03", "--std=c++98",
                            "--std=gnu++14", "-std=c++14"}) {
    Options o;
    std::string error = parse({"-p", "dto", older, "T"}, o);
    CHECK_THAT(error, Catch::StartsWith(std::string(older) + ": C++17 is the minimum"));
  }
  Options o;
  CHECK_THAT(parse({"-p", "dto", "T", "--", "-std=gnu++14"}, o),
             Catch::Contains("-std=gnu++14: C++17 is the minimum"));
  // Unknown values: the error names the valid ones.
  o = {};
  std::string error = parse({"-p", "dto", "--std=c++99", "T"}, o);
  CHECK_THAT(error, Catch::Contains("unknown C++ standard 'c++99'"));
  CHECK_THAT(error, Catch::Contains("c++17, c++20, c++23, c++26"));
  o = {};
  CHECK_THAT(parse({"-p", "dto", "T", "--", "-std=c11"}, o),
             Catch::Contains("unknown C++ standard 'c11'"));
}

TEST_CASE("colours: --color=never, always or auto", "[cli][color]") {
  Options o;
  REQUIRE(parse({"-p", "dto", "T"}, o).empty());
  CHECK(o.color == Color::Auto);
  o = {};
  REQUIRE(parse({"-p", "dto", "--color=always", "T"}, o).empty());
  CHECK(o.color == Color::Always);
  o = {};
  REQUIRE(parse({"-p", "dto", "--color=never", "T"}, o).empty());
  CHECK(o.color == Color::Never);
  o = {};
  REQUIRE(parse({"--color=never", "--color=auto", "-p", "dto", "T"}, o).empty());
  CHECK(o.color == Color::Auto);
  // A bare --color means always, as in GNU tools, so it never swallows a type name.
  o = {};
  REQUIRE(parse({"-p", "dto", "--color", "T"}, o).empty());
  CHECK(o.color == Color::Always);
  CHECK(o.types.size() == 1);
  o = {};
  CHECK_THAT(parse({"-p", "dto", "--color=sometimes", "T"}, o),
             Catch::Contains("unknown --color value 'sometimes': use never, always or auto"));
}

TEST_CASE("wire contracts: --write-contract, --check-contract, --json-schema", "[cli][contract]") {
  Options o;
  CHECK(parse({"-p", "dto", "--write-contract", "c.json", "--check-contract=old.json",
               "--json-schema", "s.json", "T"},
              o)
            .empty());
  CHECK(o.write_contract == "c.json");
  CHECK(o.check_contract == "old.json");
  CHECK(o.json_schema == "s.json");
  o = {};
  CHECK_THAT(parse({"-p", "dto", "T", "--check-contract"}, o), Catch::Contains("needs a value"));
}

TEST_CASE("queries write code only when -o or --generate asks", "[cli][contract]") {
  const auto writes_code = [](std::vector<std::string> args) {
    Options o;
    REQUIRE(parse(args, o).empty());
    return o.writes_code();
  };
  CHECK(writes_code({"-p", "dto", "T"}));
  CHECK(writes_code({"-p", "dto", "-o", "out", "T"}));
  for (const char* query : {"--write-contract", "--check-contract", "--json-schema"}) {
    INFO(query);
    CHECK_FALSE(writes_code({"-p", "dto", query, "f.json", "T"}));
    CHECK(writes_code({"-p", "dto", query, "f.json", "-o", "out", "T"}));
    CHECK(writes_code({"-p", "dto", query, "f.json", "--generate", "T"}));
  }
  CHECK_FALSE(writes_code({"-p", "dto", "--space-format", "T"}));
  CHECK(writes_code({"-p", "dto", "--space-format", "T", "--generate"}));
}

TEST_CASE("reading messages with --dump: no package, no types", "[cli][dump]") {
  Options o;
  REQUIRE(parse({"--dump", "m.bin", "--hex", "--pretty", "--contract", "c.json", "--type",
                 "shop::UserTuple"},
                o)
              .empty());
  CHECK(o.dump == "m.bin");
  CHECK(o.hex);
  CHECK(o.pretty);
  CHECK(o.contract == "c.json");
  CHECK(o.contract_type == "shop::UserTuple");
  o = {};
  CHECK(parse({"--dump=-"}, o).empty());
  CHECK(o.dump == "-");
  CHECK_FALSE(o.ext_as_data);
  o = {};
  CHECK(parse({"--dump", "m", "--ext-as-data"}, o).empty());
  CHECK(o.ext_as_data);
  o = {};
  CHECK_THAT(parse({"--dump", "m", "--ext-as-data", "--contract", "c", "--type", "T"}, o),
             Catch::Contains("--ext-as-data is for values read without a contract"));
  o = {};
  CHECK_THAT(parse({"--dump", "m", "--type", "T"}, o), Catch::Contains("go together"));
  o = {};
  CHECK_THAT(parse({"--dump", "m", "-p", "dto", "T"}, o), Catch::Contains("generates nothing"));
  o = {};
  CHECK_THAT(parse({"-p", "dto", "T", "--hex"}, o), Catch::Contains("options of --dump"));
}

TEST_CASE("writing messages with --from-json: a contract and a type, no package",
          "[cli][from-json]") {
  Options o;
  REQUIRE(
      parse({"--from-json", "m.json", "--hex", "--contract", "c.json", "--type", "T"}, o).empty());
  CHECK(o.from_json == "m.json");
  CHECK(o.hex);
  CHECK(o.contract == "c.json");
  CHECK(o.contract_type == "T");
  o = {};
  CHECK(parse({"--from-json=-", "--contract=c.json", "--type=T"}, o).empty());
  CHECK(o.from_json == "-");
  o = {};
  CHECK_THAT(parse({"--from-json", "m.json"}, o),
             Catch::Contains("needs --contract FILE and --type T"));
  o = {};
  CHECK_THAT(parse({"--from-json", "m.json", "--contract", "c.json"}, o),
             Catch::Contains("needs --contract FILE and --type T"));
  o = {};
  CHECK_THAT(parse({"--from-json", "m", "--contract", "c", "--type", "T", "-p", "dto", "X"}, o),
             Catch::Contains("generates nothing"));
  o = {};
  CHECK_THAT(parse({"--from-json", "m", "--contract", "c", "--type", "T", "--pretty"}, o),
             Catch::Contains("--pretty and --ext-as-data are options of --dump"));
  o = {};
  CHECK_THAT(parse({"--from-json", "m", "--contract", "c", "--type", "T", "--ext-as-data"}, o),
             Catch::Contains("--pretty and --ext-as-data are options of --dump"));
  o = {};
  CHECK_THAT(parse({"--from-json", "m", "--dump", "b", "--contract", "c", "--type", "T"}, o),
             Catch::Contains("opposite ways"));
}
