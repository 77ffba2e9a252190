#include "contract/json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
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
  const std::string& error() const { return error_; }

 private:
  bool fail(const std::string& what) {
    if (error_.empty()) {
      std::size_t line = 1 + std::count(text_.begin(), text_.begin() + at_, '\n');
      error_ = fmt::format("line {}: {}", line, what);
    }
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
        case 'u': {
          if (at_ + 4 > text_.size()) return fail("bad \\u escape");
          unsigned code = std::stoul(text_.substr(at_, 4), nullptr, 16);
          at_ += 4;
          if (code >= 0x80) return fail("\\u escapes above 0x7f are not supported");
          out += static_cast<char>(code);
          break;
        }
        default:
          out += e;
      }
    }
    if (at_ >= text_.size()) return fail("unterminated string");
    ++at_;
    return true;
  }
  bool parse_value(Value& value) {
    skip_space();
    if (at_ >= text_.size()) return fail("unexpected end of the file");
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
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      std::size_t start = at_++;
      while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) ++at_;
      value.kind = Value::Number;
      try {
        value.number = std::stoll(text_.substr(start, at_ - start));
      } catch (...) {
        return fail("integer out of range");
      }
      return true;
    }
    return fail(fmt::format("unexpected '{}'", c));
  }

  const std::string& text_;
  std::size_t at_ = 0;
  std::string error_;
};

}  // namespace

std::string parse(const std::string& text, Value& value) {
  Parser parser(text);
  if (!parser.parse(value)) return parser.error();
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
      return std::to_string(value.number);
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
