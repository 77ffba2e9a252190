// support/: diagnostics as clang prints them (colours, source lines with a caret), the source
// lines they read, and did-you-mean. No libclang.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "support/diagnostics.hpp"
#include "support/files.hpp"
#include "support/text.hpp"

using namespace msgpack_gen;

namespace {

// A header on disk for show_source() to read; removed at the end of the test.
struct TempHeader {
  std::string path;
  explicit TempHeader(const std::string& text) {
    char name[] = "/tmp/msgpack_gen_diagnostics_XXXXXX";
    int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    path = name;
    std::ofstream(path) << text;
  }
  ~TempHeader() { std::remove(path.c_str()); }
};

}  // namespace

TEST_CASE("diagnostics read as clang's: file:line:col: severity: text", "[diagnostics]") {
  std::ostringstream out;
  Diagnostics d(out);
  d.error({"/src/dto.hpp", 5, 7}, "field 'qty' is const");
  d.warning({"/src/dto.hpp", 6, 3}, "field '{}': {}", "id", "odd tag");
  d.note({"/src/dto.hpp", 4, 7}, "first used here");
  d.error("cannot write '{}'", "/out/x.hpp");
  d.note("the headers compile as C++20");
  CHECK(out.str() ==
        "/src/dto.hpp:5:7: error: field 'qty' is const\n"
        "/src/dto.hpp:6:3: warning: field 'id': odd tag\n"
        "/src/dto.hpp:4:7: note: first used here\n"
        "msgpack-gen: error: cannot write '/out/x.hpp'\n"
        "msgpack-gen: note: the headers compile as C++20\n");
  CHECK(d.errors() == 2);
  CHECK(d.warnings() == 1);
  CHECK_FALSE(d.ok());
}

TEST_CASE("colours only when asked for, as clang colours them", "[diagnostics][color]") {
  std::ostringstream plain;
  Diagnostics off(plain);
  off.error({"/src/dto.hpp", 5, 7}, "bad");
  CHECK(plain.str().find('\x1b') == std::string::npos);

  std::ostringstream coloured;
  Diagnostics on(coloured, true);
  on.error({"/src/dto.hpp", 5, 7}, "bad");
  on.warning({"/src/dto.hpp", 5, 7}, "odd");
  on.note({"/src/dto.hpp", 5, 7}, "here");
  const std::string text = coloured.str();
  const std::string bold = "\x1b[1m";
  CHECK(text.find(bold + "/src/dto.hpp:5:7:\x1b[0m") != std::string::npos);  // the location
  CHECK(text.find(bold + "\x1b[31merror:\x1b[0m") != std::string::npos);     // bold red
  CHECK(text.find(bold + "\x1b[35mwarning:\x1b[0m") != std::string::npos);   // bold magenta
  CHECK(text.find(bold + "\x1b[36mnote:\x1b[0m") != std::string::npos);      // bold cyan
}

TEST_CASE("the source line with a caret, ranges and fix-its", "[diagnostics]") {
  TempHeader header("struct LineItem {};\n  std::vector<LineItm> items;\n\tint\tid\n");
  std::ostringstream out;
  Diagnostics d(out);
  SourceMarks marks;  // what the fix-it replaces is underlined like a range
  marks.fixits.push_back({{15, 22}, "LineItem"});
  d.show_source({header.path, 2, 15}, marks);
  CHECK(out.str() ==
        "  std::vector<LineItm> items;\n"
        "              ^~~~~~~\n"
        "              LineItem\n");

  // Tabs are shown as spaces so that the caret stays under its column; an insertion point may
  // be just past the end of the line.
  out.str("");
  SourceMarks semicolon;
  semicolon.fixits.push_back({{8, 8}, ";"});
  d.show_source({header.path, 3, 8}, semicolon);
  CHECK(out.str() ==
        "        int     id\n"
        "                  ^\n"
        "                  ;\n");

  // A range that goes on past the end of the line stops there.
  out.str("");
  SourceMarks to_the_end;
  to_the_end.ranges.push_back({3, ~0u});
  d.show_source({header.path, 1, 1}, to_the_end);
  CHECK(out.str() ==
        "struct LineItem {};\n"
        "^ ~~~~~~~~~~~~~~~~~\n");

  // No such line, or no file: nothing.
  out.str("");
  d.show_source({header.path, 40, 1});
  d.show_source({"", 1, 1});
  d.show_source({"/no/such/file.hpp", 1, 1});
  CHECK(out.str().empty());
}

TEST_CASE("msgpack-gen's own diagnostics show the source line too", "[diagnostics]") {
  TempHeader header("struct Order {\n  const int qty = 0;\n};\n");
  std::ostringstream out;
  Diagnostics d(out);
  d.error({header.path, 2, 13}, "field 'qty' is const");
  d.note({header.path, 1, 8}, "in struct 'Order'");
  CHECK(out.str() == header.path + ":2:13: error: field 'qty' is const\n" +
                         "  const int qty = 0;\n"
                         "            ^\n" +
                         header.path + ":1:8: note: in struct 'Order'\n" +
                         "struct Order {\n"
                         "       ^\n");
}

TEST_CASE("source lines are read without their end of line", "[diagnostics]") {
  TempHeader header("first\r\nsecond\nthird");
  std::string line;
  CHECK(read_source_line(header.path, 1, line));
  CHECK(line == "first");
  CHECK(read_source_line(header.path, 3, line));
  CHECK(line == "third");
  CHECK_FALSE(read_source_line(header.path, 4, line));
}

TEST_CASE("did you mean: the closest candidate within two edits", "[diagnostics]") {
  CHECK(edit_distance("omitemtpy", "omitempty") == 2);
  CHECK(closest_match("omitemtpy", {"inline", "omitempty", "required"}) == "omitempty");
  CHECK(closest_match("xyz", {"inline", "omitempty"}).empty());
}
