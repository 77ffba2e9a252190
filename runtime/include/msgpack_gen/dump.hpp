// Any msgpack value as JSON text, for logs, tests and the command line (msgpack-gen --dump):
//
//   std::string text;
//   msgpack_gen::DumpResult r = msgpack_gen::dump(data, size, text);
//   // text: {"name": "Ann", "tags": ["a", "b"], "blob": "AAE=", "price": "12.50"}
//   if (!r.status) log(text + " <- " + r.status.message());
//
// The text is JSON for every input: strings are escaped (bytes that are not UTF-8 as \udcXX),
// bin is base64, NaN and the infinities are the strings "NaN", "Infinity", "-Infinity", and a
// map key that is not a str is written as a string of its own text (`{"1": "a"}`; or bare,
// `{1: "a"}`, with `quote_keys = false`). Extension values print as {"ext": type, "data":
// base64}, except those with a text form: Tarantool's decimal (ext 1) as a string of the exact
// number, uuid (ext 2) in its canonical form, datetime (ext 4) and the msgpack timestamp (ext -1)
// in RFC 3339 with nanoseconds; a payload that is not a valid value of its type prints the
// generic way.
//
// Hostile input is safe: the walk goes through a Reader (ReaderOptions bound the depth and every
// length, checked before use), allocates nothing for what the input only claims, and stops at the
// first error, whose Status says where (offset and path: `[3]["key"]`); the text up to there is
// kept. `max_output` bounds the text: past it the text ends with "..." and the walk goes on
// without writing, so that `size` still tells where the next value of a stream starts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "msgpack_gen/chrono.hpp"
#include "msgpack_gen/detail/json_text.hpp"
#include "msgpack_gen/ext/datetime.hpp"
#include "msgpack_gen/ext/decimal.hpp"
#include "msgpack_gen/ext/uuid.hpp"
#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/status.hpp"

namespace msgpack_gen {

struct DumpOptions {
  ReaderOptions reader;  // depth and length limits of the walk (ReaderOptions' defaults)
  // The most text written, in bytes; past it the text ends with "...". 0: no bound.
  std::size_t max_output = std::size_t{1} << 20;
  // Spaces per level of nesting, one member or element per line; 0: the whole value on one line.
  unsigned indent = 0;
  // With an indent: the depth the value starts at (a value printed inside another's text).
  unsigned start_level = 0;
  // Map keys that are not str: as JSON strings of their text (valid JSON), or bare.
  bool quote_keys = true;
  // Tarantool's decimal, uuid and datetime, and the msgpack timestamp, as text; false: as any
  // other extension value, {"ext": type, "data": base64}.
  bool known_extensions = true;
};

struct DumpResult {
  Status status;         // ok, or the first error in the input (the text stops there)
  std::size_t size = 0;  // bytes the value took: where the next value of a stream starts
  bool cut = false;      // the text reached max_output and ends with "..."
};

namespace detail {

class Dumper {
 public:
  Dumper(Reader& in, std::string& out, DumpOptions options)
      : in_(in), out_(out), options_(options), start_(out.size()) {}

  bool value(unsigned level) {
    Family family = Family::nil;
    if (!in_.peek(family)) return false;
    switch (family) {
      case Family::nil:
        write("null");
        return in_.read_nil();
      case Family::boolean: {
        bool v = false;
        if (!in_.read_bool(v)) return false;
        write(v ? "true" : "false");
        return true;
      }
      case Family::integer:
        return integer();
      case Family::float32:
        return number<float>();
      case Family::float64:
        return number<double>();
      case Family::str: {
        std::string_view text;
        if (!in_.read_str(text)) return false;
        if (room() != 0) {
          if (!append_json_string(out_, text, room())) mark_cut();
          check_room();
        }
        return true;
      }
      case Family::bin: {
        std::string_view bytes;
        if (!in_.read_bin(bytes)) return false;
        base64_string(bytes);
        return true;
      }
      case Family::array:
        return array(level);
      case Family::map:
        return map(level);
      case Family::ext:
        return extension(level);
      case Family::invalid:
        break;
    }
    return in_.fail(ErrorCode::invalid_marker, "a value");
  }

  bool cut() const { return cut_; }

 private:
  bool integer() {
    const std::uint8_t marker = *in_.position();
    if (marker >= 0xe0 || (marker >= 0xd0 && marker <= 0xd3)) {  // the signed forms
      std::int64_t v = 0;
      if (!in_.read_int(v)) return false;
      if (room() != 0) append_integer(out_, v);
    } else {
      std::uint64_t v = 0;
      if (!in_.read_int(v)) return false;
      if (room() != 0) append_integer(out_, v);
    }
    check_room();
    return true;
  }

  template <class F>
  bool number() {
    F v = 0;
    if (!in_.read_float(v)) return false;
    if (room() != 0) append_json_number(out_, v);
    check_room();
    return true;
  }

  bool array(unsigned level) {
    std::uint32_t n = 0;
    if (!in_.read_array_header(n) || !in_.enter()) return false;
    write("[");
    for (std::uint32_t i = 0; i < n; ++i) {
      separator(i, level + 1);
      if (!value(level + 1)) return in_.in_element(i);
    }
    close(n, level, "]");
    in_.leave();
    return true;
  }

  bool map(unsigned level) {
    std::uint32_t n = 0;
    if (!in_.read_map_header(n) || !in_.enter()) return false;
    write("{");
    for (std::uint32_t i = 0; i < n; ++i) {
      separator(i, level + 1);
      std::string_view name;
      if (!key(level + 1, name)) return in_.in_element(i);
      write(": ");
      if (!value(level + 1)) return name.data() ? in_.in_key(name) : in_.in_element(i);
    }
    close(n, level, "}");
    in_.leave();
    return true;
  }

  // A map key; `name` is a str key's text (for the error path), else stays null.
  bool key(unsigned level, std::string_view& name) {
    if (in_.remaining() != 0 && family_of(*in_.position()) == Family::str) {
      if (!in_.read_str(name)) return false;
      if (room() != 0 && !append_json_string(out_, name, room())) mark_cut();
      check_room();
      return true;
    }
    if (!options_.quote_keys) return value(level);
    // Another type: its text, written as a string, bounded by what is left of max_output like
    // everything else. Keys inside that text are written bare: quoting them again would escape
    // the escapes, doubling the text at every level of keys within keys.
    std::string text;
    Dumper inner(in_, text, key_options());
    inner.cut_ = room() == 0;  // nothing more to write: walk the key only
    if (!inner.value(level)) return false;
    if (room() != 0 && !append_json_string(out_, text, room())) mark_cut();
    if (inner.cut()) mark_cut();
    check_room();
    return true;
  }

  bool extension(unsigned level) {
    const std::uint8_t* start = in_.position();
    std::int8_t type = 0;
    std::string_view payload;
    if (!in_.read_ext(type, payload)) return false;
    if (options_.known_extensions && room() != 0) {
      const auto whole = static_cast<std::size_t>(in_.position() - start);
      std::string text;
      if (known_extension(type, start, whole, text)) {
        write(text);
        return true;
      }
    }
    write("{");
    separator(0, level + 1);
    write("\"ext\": ");
    if (room() != 0) append_integer(out_, static_cast<int>(type));
    write(",");
    separator(1, level + 1, false);
    write("\"data\": ");
    base64_string(payload);
    close(1, level, "}");
    return true;
  }

  // The text of an extension value that has one: an exact decimal, a uuid, a time.
  static bool known_extension(std::int8_t type, const std::uint8_t* bytes, std::size_t size,
                              std::string& text) {
    Reader value(bytes, size);
    switch (type) {
      case Decimal::kExtType: {
        Decimal decimal;
        if (!codec<Decimal>::decode(value, decimal)) return false;
        return append_json_string(text, decimal.to_string());
      }
      case Uuid::kExtType: {
        Uuid uuid;
        if (!codec<Uuid>::decode(value, uuid)) return false;
        return append_json_string(text, uuid.to_string());
      }
      case Datetime::kExtType: {
        Datetime datetime;
        if (!codec<Datetime>::decode(value, datetime)) return false;
        // The wire holds UTC seconds and the offset: shown as local time with that offset.
        const std::int64_t shift = std::int64_t{datetime.tzoffset} * 60;
        constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
        if ((shift > 0 && datetime.seconds > kMax - shift) ||
            (shift < 0 && datetime.seconds < std::numeric_limits<std::int64_t>::min() - shift)) {
          return false;  // no local time to show: printed as a plain extension value
        }
        text += '"';
        append_rfc3339(text, datetime.seconds + shift, static_cast<std::uint32_t>(datetime.nsec),
                       datetime.tzoffset);
        text += '"';
        return true;
      }
      case Timestamp::kExtType: {
        Timestamp timestamp;
        if (!codec<Timestamp>::decode(value, timestamp)) return false;
        text += '"';
        append_rfc3339(text, timestamp.seconds, timestamp.nanoseconds, 0);
        text += '"';
        return true;
      }
      default:
        return false;
    }
  }

  void base64_string(std::string_view bytes) {
    if (room() == 0) return;
    out_ += '"';
    const bool whole = append_base64(out_, bytes, room());
    out_ += '"';
    if (!whole) mark_cut();
    check_room();
  }

  // Before the i-th element or member: ", " after the first; with an indent, a new line.
  void separator(std::uint32_t i, unsigned level, bool comma = true) {
    if (i != 0 && comma) write(",");
    if (options_.indent != 0) {
      write("\n");
      if (room() != 0) out_.append(std::size_t{level} * options_.indent, ' ');
    } else if (i != 0) {
      write(" ");
    }
  }
  void close(std::uint32_t n, unsigned level, const char* bracket) {
    if (n != 0 && options_.indent != 0) {
      write("\n");
      if (room() != 0) out_.append(std::size_t{level} * options_.indent, ' ');
    }
    write(bracket);
  }

  DumpOptions key_options() const {
    DumpOptions options = options_;
    options.indent = 0;
    options.quote_keys = false;
    options.max_output = room() == static_cast<std::size_t>(-1) ? 0 : room();
    return options;
  }

  // What may still be written: 0 once the text is cut.
  std::size_t room() const {
    if (cut_) return 0;
    if (options_.max_output == 0) return static_cast<std::size_t>(-1);
    const std::size_t used = out_.size() - start_;
    return used < options_.max_output ? options_.max_output - used : 0;
  }
  void write(std::string_view text) {
    if (room() == 0) return;
    out_ += text;
    check_room();
  }
  // Past max_output: back to it, then "...".
  void check_room() {
    if (cut_ || options_.max_output == 0) return;
    if (out_.size() - start_ > options_.max_output) mark_cut();
  }
  void mark_cut() {
    if (cut_) return;
    cut_ = true;
    if (options_.max_output != 0 && out_.size() - start_ > options_.max_output) {
      out_.resize(start_ + options_.max_output);
    }
    out_ += "...";
  }

  Reader& in_;
  std::string& out_;
  DumpOptions options_;
  std::size_t start_;
  bool cut_ = false;
};

}  // namespace detail

// Appends the first msgpack value of data[0, size) to `out` as JSON text (see the top of this
// header); bytes after that value are not read (result.size says where it ended).
inline DumpResult dump(const void* data, std::size_t size, std::string& out,
                       const DumpOptions& options = {}) {
  Reader in(data, size, options.reader);
  detail::Dumper dumper(in, out, options);
  DumpResult result;
  if (dumper.value(options.start_level)) result.size = in.offset();
  result.status = in.status();
  result.cut = dumper.cut();
  return result;
}

// The same, as a string; the error, if any, is appended as " <- " and its message.
inline std::string dump_text(const void* data, std::size_t size, const DumpOptions& options = {}) {
  std::string text;
  const DumpResult result = dump(data, size, text, options);
  if (!result.status) text += " <- " + result.status.message();
  return text;
}

}  // namespace msgpack_gen
