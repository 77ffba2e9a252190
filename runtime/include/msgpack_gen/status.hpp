// The result of an unmarshal: success, or what went wrong, where, and in which field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace msgpack_gen {

enum class ErrorCode {
  ok = 0,
  // The input ends before the value does, whatever was cut: a header, a number, a str/bin/ext
  // payload, or the entries an array or map count announces. More bytes may complete it; a
  // stream reader waits for them (stream.hpp), unmarshal() of a whole message reports this.
  incomplete = 1,
  type_mismatch,       // a value of another msgpack type than the field needs
  out_of_range,        // an integer that does not fit the field's type
  invalid_marker,      // 0xc1, the one byte msgpack never uses
  too_deep,            // nesting deeper than the reader's limit
  trailing_bytes = 7,  // bytes left after the top-level value (6 was length_exceeds_input)
  invalid_value,       // a well-formed value the field cannot take (wrong array size...)
  missing_field,       // a required field's key is absent
  unknown_key,         // a key a strict struct does not declare
  limit_exceeded,      // a length or the allocation over a ReaderOptions or tag limit

  // The names incomplete input had before it was one code: a cut inside a value,
  // and a declared length or count larger than the bytes that remain.
  truncated = incomplete,
  length_exceeds_input = incomplete,
};

inline const char* to_string(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::ok:
      return "ok";
    case ErrorCode::incomplete:
      return "incomplete input";
    case ErrorCode::type_mismatch:
      return "type mismatch";
    case ErrorCode::out_of_range:
      return "integer out of range";
    case ErrorCode::invalid_marker:
      return "invalid marker";
    case ErrorCode::too_deep:
      return "nesting too deep";
    case ErrorCode::trailing_bytes:
      return "trailing bytes";
    case ErrorCode::invalid_value:
      return "invalid value";
    case ErrorCode::missing_field:
      return "missing required field";
    case ErrorCode::unknown_key:
      return "unknown key";
    case ErrorCode::limit_exceeded:
      return "limit exceeded";
  }
  return "unknown error";
}

// ---- Text from the input in error messages ------------------------------------------------------
// Keys, strings and enum names quoted in a Status come from the input, which may be hostile: they
// are escaped and cut so that any message() can be logged as it is (docs/hostile-input.md).

// How many bytes of one piece of input text (a key, a string, an enum name) a message shows.
inline constexpr std::size_t kShownInputBytes = 64;

namespace detail {

// The length of the UTF-8 sequence that starts text[i] and may pass into a message as it is, or 0
// when text[i] is to be escaped: a control byte, DEL, a byte that does not start a valid
// sequence, or a character that can disturb a log line (C1 controls, U+2028/U+2029 line and
// paragraph separators, bidirectional overrides and isolates).
inline std::size_t printable_sequence(std::string_view text, std::size_t i) noexcept {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[i + k]); };
  const std::uint8_t lead = byte(0);
  if (lead < 0x80) return lead >= 0x20 && lead != 0x7f ? 1 : 0;
  std::size_t length = 0;
  std::uint8_t low = 0x80, high = 0xbf;  // the range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;   // overlong
    if (lead == 0xed) high = 0x9f;  // surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;   // overlong
    if (lead == 0xf4) high = 0x8f;  // above U+10FFFF
  } else {
    return 0;
  }
  if (text.size() - i < length) return 0;
  if (byte(1) < low || byte(1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k) {
    if (byte(k) < 0x80 || byte(k) > 0xbf) return 0;
  }
  if (lead == 0xc2 && byte(1) <= 0x9f) return 0;  // U+0080..U+009F: C1 controls
  if (lead == 0xe2 && byte(1) == 0x80 && (byte(2) == 0xa8 || byte(2) == 0xa9)) return 0;
  if (lead == 0xe2 && byte(1) == 0x80 && byte(2) >= 0xaa && byte(2) <= 0xae) return 0;
  if (lead == 0xe2 && byte(1) == 0x81 && byte(2) >= 0xa6 && byte(2) <= 0xa9) return 0;
  return length;
}

// The one escaping routine. Appends text to out with every byte printable_sequence() refuses
// written as \xNN and, when `quoted`, `\` and `"` as `\\` and `\"` (the text sits between double
// quotes). Stops before the sequence that would take more than max_input bytes of text or make
// the appended part longer than max_output bytes, and then appends "..." (counted in
// max_output). The result is printable, valid UTF-8.
inline void escape(std::string& out, std::string_view text, std::size_t max_input,
                   std::size_t max_output, bool quoted) {
  static constexpr char kHex[] = "0123456789abcdef";
  static constexpr std::size_t kEllipsis = 3;
  const std::size_t start = out.size();
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t length = printable_sequence(text, i);
    const char c = text[i];
    const bool backslashed = quoted && (c == '\\' || c == '"');
    const std::size_t input = length == 0 ? 1 : length;
    const std::size_t output = length == 0 ? 4 : (backslashed ? 2 : length);
    // Room for the ellipsis unless this sequence ends the text.
    const std::size_t reserve = i + input < text.size() ? kEllipsis : 0;
    if (i + input > max_input || out.size() - start + output + reserve > max_output) break;
    if (length == 0) {
      const auto b = static_cast<std::uint8_t>(c);
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    } else if (backslashed) {
      out += '\\';
      out += c;
    } else {
      out.append(text.data() + i, length);
    }
    i += input;
  }
  if (i < text.size()) out += "...";
}

// "1 byte", "2 bytes": counts in messages.
inline std::string quantity(std::uint64_t n, std::string_view noun) {
  std::string text = std::to_string(n);
  text += ' ';
  text += noun;
  if (n != 1) text += 's';
  return text;
}

}  // namespace detail

// Appends text taken from the input to a message: printable ASCII and valid UTF-8 as they are;
// control bytes, DEL, bytes that are not valid UTF-8 (and C1 controls, line separators, bidi
// overrides) as \xNN; `\` and `"` as `\\` and `\"`. At most max_input bytes of text, then "..."
// when there is more: at most 4 * max_input + 3 bytes. What custom codecs should use to quote
// input in Reader::invalid().
inline void append_escaped(std::string& out, std::string_view text,
                           std::size_t max_input = kShownInputBytes) {
  detail::escape(out, text, max_input, static_cast<std::size_t>(-1), true);
}
inline std::string escaped(std::string_view text, std::size_t max_input = kShownInputBytes) {
  std::string out;
  append_escaped(out, text, max_input);
  return out;
}

// Success costs nothing to create or copy; an error carries its details.
class Status {
 public:
  // The bounds that make message() safe to log whatever the input: path() and detail() are cut
  // (with "...") to these sizes and hold no control byte and no invalid UTF-8. A Reader's paths
  // and details stay well within them: quoted input shows at most kShownInputBytes bytes, and a
  // deep path keeps its first and last components around "...".
  static constexpr std::size_t kMaxPathSize = 600;
  static constexpr std::size_t kMaxDetailSize = 600;
  // The longest message(): the longest code text (22), " at offset " and 20 digits, " in ", the
  // path, ": ", the detail.
  static constexpr std::size_t kMaxMessageSize = 1280;
  static_assert(22 + 11 + 20 + 4 + kMaxPathSize + 2 + kMaxDetailSize <= kMaxMessageSize);

  Status() = default;
  Status(ErrorCode code, std::size_t offset, std::string detail, std::string path)
      : code_(code),
        offset_(offset),
        text_(std::make_shared<const Text>(Text{loggable(std::move(detail), kMaxDetailSize),
                                                loggable(std::move(path), kMaxPathSize)})) {}

  explicit operator bool() const noexcept { return code_ == ErrorCode::ok; }
  bool ok() const noexcept { return code_ == ErrorCode::ok; }
  ErrorCode code() const noexcept { return code_; }
  // Byte offset into the input where the error was found.
  std::size_t offset() const noexcept { return offset_; }
  // Field path such as "subs[3].key"; empty at the top level.
  const std::string& path() const noexcept { return text_ ? text_->path : empty_text(); }
  // What was expected and what was found, e.g. "expected str, found uint8 (0xcc)".
  const std::string& detail() const noexcept { return text_ ? text_->detail : empty_text(); }

  // "type mismatch at offset 17 in subs[3].key: expected str, found uint8 (0xcc)"; at most
  // kMaxMessageSize bytes, printable, valid UTF-8.
  std::string message() const {
    if (ok()) return "ok";
    std::string text = to_string(code_);
    text += " at offset ";
    text += std::to_string(offset_);
    if (!path().empty()) {
      text += " in ";
      text += path();
    }
    if (!detail().empty()) {
      text += ": ";
      text += detail();
    }
    return text;
  }

 private:
  // text as it is when it is already safe (every Reader message), else escaped and cut: a
  // backstop for text a custom codec or a caller built from raw input. Quotes and backslashes
  // stay, they are the message's own punctuation.
  static std::string loggable(std::string text, std::size_t max_size) {
    std::size_t i = 0;
    while (i < text.size()) {
      const std::size_t length = detail::printable_sequence(text, i);
      if (length == 0) break;
      i += length;
    }
    if (i == text.size() && text.size() <= max_size) return text;
    std::string safe;
    detail::escape(safe, text, text.size(), max_size, false);
    return safe;
  }

  // An error's text, shared by copies of the Status: a success holds none, so creating,
  // copying and destroying one touches no string.
  struct Text {
    std::string detail;
    std::string path;
  };
  static const std::string& empty_text() noexcept {
    static const std::string empty;
    return empty;
  }

  ErrorCode code_ = ErrorCode::ok;
  std::size_t offset_ = 0;
  std::shared_ptr<const Text> text_;
};

}  // namespace msgpack_gen
