// A small JSON value, its reader and its printer: what the contract files and the JSON Schema
// need (objects, arrays, strings, integers, booleans), and what --from-json reads (any number as
// its text, \u escapes, a sequence of values); not a general JSON library. Internal to
// tool/contract/.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace msgpack_gen::contract::json {

struct Value {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  std::int64_t number = 0;  // a Number that is an integer within int64 (else 0)
  std::string number_text;  // a Number as written: "-12", "1.5e3", "18446744073709551615"
  bool integer = false;     // a Number without fraction or exponent
  std::size_t line = 0;     // where the value starts in the text, from 1
  std::string string;
  std::vector<Value> items;
  std::vector<std::pair<std::string, Value>> members;

  // Defined in json.cpp, where Value is complete: clang (C++20, libstdc++ 12) would otherwise
  // instantiate the destructor of `members` while pair<string, Value> is still incomplete.
  Value();
  Value(const Value&);
  Value(Value&&) noexcept;
  Value& operator=(const Value&);
  Value& operator=(Value&&) noexcept;
  ~Value();

  const Value* get(const std::string& name) const {
    for (const auto& [key, value] : members) {
      if (key == name) return &value;
    }
    return nullptr;
  }
};

// Parses `text` into `value`. Returns an empty string on success, else "line N: what is wrong".
// Strings take every escape: \uXXXX (surrogate pairs as one code point) becomes UTF-8, and a lone
// \udc80..\udcff is the raw byte 0x80..0xff, as msgpack_gen::dump() writes bytes that are not
// UTF-8 (Python's "surrogateescape").
std::string parse(const std::string& text, Value& value);

// Parses `text` as any number of JSON values one after the other (whitespace between them, or
// none where they cannot run together), as msgpack-gen --dump prints a stream.
std::string parse_sequence(const std::string& text, std::vector<Value>& values);

// `text` as a JSON string literal, quotes included.
std::string quoted(const std::string& text);

// `value` as JSON text with 2-space indentation, nested values starting at `indent` columns.
std::string pretty(const Value& value, int indent);

Value make_string(const std::string& text);
Value make_number(std::int64_t n);
Value make_bool(bool b);
Value make_object();
Value make_array();

// A member of an object, or an empty/false/0 value when it is absent or of another kind.
std::string text_of(const Value& object, const char* name);
bool flag_of(const Value& object, const char* name);
std::int64_t number_of(const Value& object, const char* name);
const std::vector<Value>& items_of(const Value& object, const char* name);

}  // namespace msgpack_gen::contract::json
