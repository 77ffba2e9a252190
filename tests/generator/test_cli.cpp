// Command-line parsing.
#include <catch2/catch.hpp>

#include "cli/options.hpp"

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
