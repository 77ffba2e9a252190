// The result of an unmarshal: success, or what went wrong, where, and in which field.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

namespace msgpack_gen {

enum class ErrorCode {
  ok = 0,
  truncated,             // the input ended inside a value
  type_mismatch,         // a value of another msgpack type than the field needs
  out_of_range,          // an integer that does not fit the field's type
  invalid_marker,        // 0xc1, the one byte msgpack never uses
  too_deep,              // nesting deeper than the reader's limit
  length_exceeds_input,  // a declared length larger than the bytes that remain
  trailing_bytes,        // bytes left after the top-level value
  invalid_value,         // a well-formed value the field cannot take (wrong array size...)
  missing_field,         // a required field's key is absent
  unknown_key,           // a key a strict struct does not declare
};

inline const char* to_string(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::ok:
      return "ok";
    case ErrorCode::truncated:
      return "truncated input";
    case ErrorCode::type_mismatch:
      return "type mismatch";
    case ErrorCode::out_of_range:
      return "integer out of range";
    case ErrorCode::invalid_marker:
      return "invalid marker";
    case ErrorCode::too_deep:
      return "nesting too deep";
    case ErrorCode::length_exceeds_input:
      return "length exceeds input";
    case ErrorCode::trailing_bytes:
      return "trailing bytes";
    case ErrorCode::invalid_value:
      return "invalid value";
    case ErrorCode::missing_field:
      return "missing required field";
    case ErrorCode::unknown_key:
      return "unknown key";
  }
  return "unknown error";
}

// Success costs nothing to create or copy; an error carries its details.
class Status {
 public:
  Status() = default;
  Status(ErrorCode code, std::size_t offset, std::string detail, std::string path)
      : code_(code), offset_(offset), detail_(std::move(detail)), path_(std::move(path)) {}

  explicit operator bool() const noexcept { return code_ == ErrorCode::ok; }
  bool ok() const noexcept { return code_ == ErrorCode::ok; }
  ErrorCode code() const noexcept { return code_; }
  // Byte offset into the input where the error was found.
  std::size_t offset() const noexcept { return offset_; }
  // Field path such as "subs[3].key"; empty at the top level.
  const std::string& path() const noexcept { return path_; }
  // What was expected and what was found, e.g. "expected str, found uint8 (0xcc)".
  const std::string& detail() const noexcept { return detail_; }

  // "type mismatch at offset 17 in subs[3].key: expected str, found uint8 (0xcc)"
  std::string message() const {
    if (ok()) return "ok";
    std::string text = to_string(code_);
    text += " at offset ";
    text += std::to_string(offset_);
    if (!path_.empty()) {
      text += " in ";
      text += path_;
    }
    if (!detail_.empty()) {
      text += ": ";
      text += detail_;
    }
    return text;
  }

 private:
  ErrorCode code_ = ErrorCode::ok;
  std::size_t offset_ = 0;
  std::string detail_;
  std::string path_;
};

}  // namespace msgpack_gen
