// emitter/line_wrap: generated lines within 100 columns, broken where a person would break them,
// and never inside a string literal or in a way that changes the code.
#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "emitter/line_wrap.hpp"

using msgpack_gen::emitter::kMaxColumns;
using msgpack_gen::emitter::wrap_long_lines;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The code without comments and spaces: what wrapping must not change.
std::string code_of(const std::string& text) {
  std::string code;
  for (const std::string& line : lines_of(text)) {
    bool in_string = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (!in_string && line.compare(i, 2, "//") == 0) break;
      if (line[i] == '"' && (i == 0 || line[i - 1] != '\\')) in_string = !in_string;
      if (line[i] != ' ' || in_string) code += line[i];
    }
  }
  return code;
}

std::string pad(std::size_t n) {
  return std::string(n, ' ');
}

// Pieces appended in turn (a chain of operator+ on std::string trips a false -Wrestrict in
// GCC 12 at -O3).
std::string cat(std::initializer_list<std::string> pieces) {
  std::string text;
  for (const std::string& piece : pieces) text += piece;
  return text;
}

}  // namespace

TEST_CASE("short lines, preprocessor lines and unbreakable lines stay as they are",
          "[emitter][wrap]") {
  const std::string text = cat({"  int x = 1;\n#include \"", std::string(120, 'a'), ".hpp\"\n  ",
                                std::string(110, 'b'), ";\n"});
  CHECK(wrap_long_lines(text) == text);
  const std::string macro = cat({"#define CHECKED(x) \\\n  check(x, ", std::string(60, 'm'), ", ",
                                 std::string(40, 'n'), ")\n"});
  CHECK(wrap_long_lines(macro) == macro);
  CHECK(wrap_long_lines("no newline at the end") == "no newline at the end");
}

TEST_CASE("comments wrap at spaces, a trailing comment moves above its code", "[emitter][wrap]") {
  std::string words;
  for (int i = 0; i < 40; ++i) words += cat({"f", std::to_string(i), ", "});
  const std::string wrapped = wrap_long_lines(cat({"  {  // ", words, "one check\n"}));
  const std::vector<std::string> lines = lines_of(wrapped);
  REQUIRE(lines.size() >= 3);
  for (std::size_t i = 0; i + 2 < lines.size(); ++i) {
    CHECK(lines[i].rfind("  // ", 0) == 0);
    CHECK(lines[i].size() <= kMaxColumns);
  }
  CHECK(lines[lines.size() - 2] == "  {");
  CHECK(code_of(wrapped) == "{");
}

TEST_CASE("a long statement breaks after '=', then at its shallowest place", "[emitter][wrap]") {
  const std::string x(40, 'x');
  const std::string assignment =
      cat({"  static constexpr std::uint32_t kFieldCount = 1 + codec<decltype(", x,
           ")>::kFieldCount;\n"});
  CHECK(wrap_long_lines(assignment) ==
        cat({"  static constexpr std::uint32_t kFieldCount =\n", pad(6), "1 + codec<decltype(", x,
             ")>::kFieldCount;\n"}));

  const std::string t(60, 'T');
  const std::string call =
      cat({"  return decode_rest_by_key<codec<", t, ">>(in, value, i, count);\n"});
  CHECK(wrap_long_lines(call) ==
        cat({"  return decode_rest_by_key<codec<", t, ">>(\n", pad(6), "in, value, i, count);\n"}));

  const std::string v(60, 'v');
  const std::string ternary = cat({"        return read_value(in, ", v, ") ? 5 : kFieldFailed;\n"});
  CHECK(wrap_long_lines(ternary) ==
        cat({"        return read_value(in, ", v, ")\n", pad(12), "? 5 : kFieldFailed;\n"}));
}

TEST_CASE("a codec signature breaks after its parenthesis, a list at its commas",
          "[emitter][wrap]") {
  const std::string type = cat({"decltype(::golden::Containers::", std::string(30, 'a'), ")"});
  const std::string declaration = cat({"  static void encode_fields(Writer& out, const ", type,
                                       "& value, std::string_view prefix = {});\n"});
  const std::string wrapped = wrap_long_lines(declaration);
  CHECK(wrapped == cat({"  static void encode_fields(\n", pad(6), "Writer& out, const ", type,
                        "& value,\n", pad(6), "std::string_view prefix = {});\n"}));
  CHECK(code_of(wrapped) == code_of(declaration));

  // A definition of any function: its parameters open at the '(' that matches the last ')', not
  // at the one in the class type.
  const std::string definition =
      cat({"inline bool codec<", type, ">::any_member_name(Reader& in, ", type, "& value) {\n"});
  CHECK(wrap_long_lines(definition) == cat({"inline bool codec<", type, ">::any_member_name(\n",
                                            pad(4), "Reader& in, ", type, "& value) {\n"}));
}

TEST_CASE("never inside a string literal", "[emitter][wrap]") {
  const std::string line = cat(
      {"  write(out, \"", std::string(70, 's'), ", tail, more\", ", std::string(20, 'z'), ");\n"});
  const std::string wrapped = wrap_long_lines(line);
  CHECK(wrapped != line);
  CHECK(code_of(wrapped) == code_of(line));
  for (const std::string& l : lines_of(wrapped)) {
    CHECK(std::count(l.begin(), l.end(), '"') % 2 == 0);  // each literal whole on one line
  }
}
