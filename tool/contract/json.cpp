#include "contract/json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace msgpack_gen::contract::json {

Value::Value() = default;
Value::Value(const Value&) = default;
Value::Value(Value&&) noexcept = default;
Value& Value::operator=(const Value&) = default;
Value& Value::operator=(Value&&) noexcept = default;
Value::~Value() = default;

namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  bool parse(Value& value) {
    if (!parse_value(value)) return false;
    skip_space();
    if (at_ != text_.size()) return fail("text after the end of the JSON value");
    return true;
  }
  bool parse_sequence(std::vector<Value>& values) {
    for (skip_space(); at_ < text_.size(); skip_space()) {
      Value value;
      if (!parse_value(value)) return false;
      values.push_back(std::move(value));
    }
    return true;
  }
  const std::string& error() const { return error_; }

 private:
  // The line of offset `at`, counted forward from the last one asked (values are read in order).
  std::size_t line_at(std::size_t at) {
    if (at < counted_to_) {
      counted_to_ = 0;
      line_ = 1;
    }
    line_ += std::count(text_.begin() + counted_to_, text_.begin() + at, '\n');
    counted_to_ = at;
    return line_;
  }
  bool fail(const std::string& what) {
    if (error_.empty()) error_ = fmt::format("line {}: {}", line_at(at_), what);
    return false;
  }
  // Consumes `c` if it is the next character.
  bool take(char c) {
    if (at_ >= text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }
  // The comma-separated items of an object or an array, after its opening bracket and up to
  // `close`; `parse_item` reads one.
  template <class ParseItem>
  bool parse_items(char close, ParseItem parse_item) {
    skip_space();
    if (take(close)) return true;
    for (;;) {
      if (!parse_item()) return false;
      skip_space();
      if (take(',')) continue;
      if (take(close)) return true;
      return fail(fmt::format("expected ',' or '{}'", close));
    }
  }
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool literal(const char* word) {
    std::string w(word);
    if (text_.compare(at_, w.size(), w) != 0) return false;
    at_ += w.size();
    return true;
  }
  // The 4 hex digits of a \u escape.
  bool hex4(unsigned& code) {
    code = 0;
    for (int i = 0; i < 4; ++i, ++at_) {
      const char c = at_ < text_.size() ? text_[at_] : '\0';
      unsigned digit = 0;
      if (c >= '0' && c <= '9') {
        digit = static_cast<unsigned>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        digit = static_cast<unsigned>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        digit = static_cast<unsigned>(c - 'A' + 10);
      } else {
        return fail("bad \\u escape: expected 4 hex digits");
      }
      code = code << 4 | digit;
    }
    return true;
  }
  static void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xc0 | code >> 6);
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xe0 | code >> 12);
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | code >> 18);
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    }
  }
  // After "\u": a code point as UTF-8, a surrogate pair as one, or a lone \udc80..\udcff as
  // the raw byte it stands for (how dump() writes bytes that are not UTF-8).
  bool parse_unicode_escape(std::string& out) {
    unsigned code = 0;
    if (!hex4(code)) return false;
    if (code >= 0xd800 && code <= 0xdbff && text_.compare(at_, 2, "\\u") == 0) {
      const std::size_t low_at = at_;
      at_ += 2;
      unsigned low = 0;
      if (!hex4(low)) return false;
      if (low >= 0xdc00 && low <= 0xdfff) {
        append_utf8(out, 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00));
        return true;
      }
      at_ = low_at;  // not a pair: the high surrogate is alone
    }
    if (code >= 0xdc80 && code <= 0xdcff) {
      out += static_cast<char>(code - 0xdc00);
      return true;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      return fail(fmt::format(
          "\\u{:04x} is half of a surrogate pair (only \\udc80..\\udcff stand alone, for raw "
          "bytes)",
          code));
    }
    append_utf8(out, code);
    return true;
  }
  bool parse_string(std::string& out) {
    if (at_ >= text_.size() || text_[at_] != '"') return fail("expected a string");
    ++at_;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= text_.size()) break;
      char e = text_[at_++];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u':
          if (!parse_unicode_escape(out)) return false;
          break;
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        default:
          --at_;
          return fail(fmt::format("bad escape '\\{}' in a string", e));
      }
    }
    if (at_ >= text_.size()) return fail("unterminated string");
    ++at_;
    return true;
  }
  std::size_t digits() {
    const std::size_t start = at_;
    while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) ++at_;
    return at_ - start;
  }
  // A number as JSON writes it: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, kept as its text;
  // an integer within int64 also as `number`.
  bool parse_number(Value& value) {
    const std::size_t start = at_;
    take('-');
    const std::size_t first = at_;
    if (digits() == 0) return fail("expected a digit");
    if (text_[first] == '0' && at_ - first > 1) return fail("a number with a leading zero");
    value.integer = true;
    if (take('.')) {
      value.integer = false;
      if (digits() == 0) return fail("expected a digit after '.'");
    }
    if (take('e') || take('E')) {
      value.integer = false;
      if (!take('+')) take('-');
      if (digits() == 0) return fail("expected a digit in the exponent");
    }
    value.kind = Value::Number;
    value.number_text = text_.substr(start, at_ - start);
    if (value.integer) {
      const char* begin = value.number_text.data();
      const char* end = begin + value.number_text.size();
      if (std::from_chars(begin, end, value.number).ec != std::errc()) value.number = 0;
    }
    return true;
  }
  bool parse_value(Value& value) {
    skip_space();
    if (at_ >= text_.size()) return fail("unexpected end of the file");
    value.line = line_at(at_);
    char c = text_[at_];
    if (c == '{') {
      ++at_;
      value.kind = Value::Object;
      return parse_items('}', [&] {
        std::string key;
        Value member;
        skip_space();
        if (!parse_string(key)) return false;
        skip_space();
        if (!take(':')) return fail("expected ':'");
        if (!parse_value(member)) return false;
        value.members.emplace_back(std::move(key), std::move(member));
        return true;
      });
    }
    if (c == '[') {
      ++at_;
      value.kind = Value::Array;
      return parse_items(']', [&] {
        Value item;
        if (!parse_value(item)) return false;
        value.items.push_back(std::move(item));
        return true;
      });
    }
    if (c == '"') {
      value.kind = Value::String;
      return parse_string(value.string);
    }
    if (literal("true") || literal("false")) {
      value.kind = Value::Bool;
      value.boolean = text_[at_ - 1] == 'e' && text_[at_ - 2] == 'u';
      return true;
    }
    if (literal("null")) return true;
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) return parse_number(value);
    return fail(fmt::format("unexpected '{}'", c));
  }

  const std::string& text_;
  std::size_t at_ = 0;
  std::size_t counted_to_ = 0;  // line_at(): the line of this offset is line_
  std::size_t line_ = 1;
  std::string error_;
};

}  // namespace

std::string parse(const std::string& text, Value& value) {
  Parser parser(text);
  if (!parser.parse(value)) return parser.error();
  return {};
}

std::string parse_sequence(const std::string& text, std::vector<Value>& values) {
  Parser parser(text);
  if (!parser.parse_sequence(values)) return parser.error();
  return {};
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

// An array or object of n items, each on its own line indented two more than `indent`.
template <class PrettyItem>
std::string pretty_items(char open, char close, std::size_t n, int indent, PrettyItem item) {
  if (n == 0) return {open, close};
  std::string out(1, open);
  for (std::size_t i = 0; i < n; ++i) {
    out += i == 0 ? "\n" : ",\n";
    out.append(static_cast<std::size_t>(indent + 2), ' ');
    out += item(i);
  }
  out += '\n';
  out.append(static_cast<std::size_t>(indent), ' ');
  out += close;
  return out;
}

std::string pretty(const Value& value, int indent) {
  switch (value.kind) {
    case Value::Null:
      return "null";
    case Value::Bool:
      return value.boolean ? "true" : "false";
    case Value::Number:
      return value.number_text.empty() ? std::to_string(value.number) : value.number_text;
    case Value::String:
      return quoted(value.string);
    case Value::Array:
      return pretty_items('[', ']', value.items.size(), indent,
                          [&](std::size_t i) { return pretty(value.items[i], indent + 2); });
    case Value::Object:
      return pretty_items('{', '}', value.members.size(), indent, [&](std::size_t i) {
        return quoted(value.members[i].first) + ": " + pretty(value.members[i].second, indent + 2);
      });
  }
  return "null";
}

Value make_string(const std::string& text) {
  Value v;
  v.kind = Value::String;
  v.string = text;
  return v;
}
Value make_number(std::int64_t n) {
  Value v;
  v.kind = Value::Number;
  v.number = n;
  v.integer = true;
  return v;
}
Value make_bool(bool b) {
  Value v;
  v.kind = Value::Bool;
  v.boolean = b;
  return v;
}
Value make_object() {
  Value v;
  v.kind = Value::Object;
  return v;
}
Value make_array() {
  Value v;
  v.kind = Value::Array;
  return v;
}

std::string text_of(const Value& object, const char* name) {
  const Value* v = object.get(name);
  return v != nullptr && v->kind == Value::String ? v->string : std::string();
}
bool flag_of(const Value& object, const char* name) {
  const Value* v = object.get(name);
  return v != nullptr && v->kind == Value::Bool && v->boolean;
}
std::int64_t number_of(const Value& object, const char* name) {
  const Value* v = object.get(name);
  return v != nullptr && v->kind == Value::Number ? v->number : 0;
}
const std::vector<Value>& items_of(const Value& object, const char* name) {
  static const std::vector<Value> none;
  const Value* v = object.get(name);
  return v != nullptr && v->kind == Value::Array ? v->items : none;
}

}  // namespace msgpack_gen::contract::json
