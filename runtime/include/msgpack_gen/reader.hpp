// The low-level msgpack reader. Every read checks the bytes that remain, accepts every valid
// encoding of the value (any integer width, str8/16/32, ...), and on failure returns false after
// recording what was expected, what was found and where. Nothing here allocates on success.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/detail/ext_header.hpp"
#include "msgpack_gen/endian.hpp"
#include "msgpack_gen/status.hpp"

namespace msgpack_gen {

// The msgpack family a marker byte belongs to; used for error messages and dispatch.
enum class Family { nil, boolean, integer, float32, float64, str, bin, array, map, ext, invalid };

inline Family family_of(std::uint8_t m) noexcept {
  if (m <= 0x7f || m >= 0xe0) return Family::integer;
  if (m <= 0x8f) return Family::map;
  if (m <= 0x9f) return Family::array;
  if (m <= 0xbf) return Family::str;
  switch (m) {
    case 0xc0:
      return Family::nil;
    case 0xc2:
    case 0xc3:
      return Family::boolean;
    case 0xc4:
    case 0xc5:
    case 0xc6:
      return Family::bin;
    case 0xc7:
    case 0xc8:
    case 0xc9:
    case 0xd4:
    case 0xd5:
    case 0xd6:
    case 0xd7:
    case 0xd8:
      return Family::ext;
    case 0xca:
      return Family::float32;
    case 0xcb:
      return Family::float64;
    case 0xd9:
    case 0xda:
    case 0xdb:
      return Family::str;
    case 0xdc:
    case 0xdd:
      return Family::array;
    case 0xde:
    case 0xdf:
      return Family::map;
    case 0xc1:
      return Family::invalid;
    default:
      return Family::integer;  // 0xcc..0xd3
  }
}

inline const char* family_name(Family f) noexcept {
  switch (f) {
    case Family::nil:
      return "nil";
    case Family::boolean:
      return "bool";
    case Family::integer:
      return "int";
    case Family::float32:
      return "float32";
    case Family::float64:
      return "float64";
    case Family::str:
      return "str";
    case Family::bin:
      return "bin";
    case Family::array:
      return "array";
    case Family::map:
      return "map";
    case Family::ext:
      return "ext";
    case Family::invalid:
      return "invalid marker";
  }
  return "?";
}

// What one message may make the decoder read and allocate. The defaults bound only what the
// input itself bounds (docs/hostile-input.md); a service facing untrusted clients sets them.
// Each limit is checked at the value's header, before anything is allocated, and exceeding it
// is a limit_exceeded error with the offset and the field path. (Skipped values allocate
// nothing; their strings are checked, their containers are bounded by the input.)
struct ReaderOptions {
  static constexpr std::uint32_t kUnlimited = 0xffffffffu;
  // Containers (arrays, maps, structs) may nest this deep, skipped values included.
  std::uint32_t max_depth = 64;
  std::uint32_t max_str_length = kUnlimited;    // bytes of one str
  std::uint32_t max_bin_length = kUnlimited;    // bytes of one bin (or ext payload)
  std::uint32_t max_array_length = kUnlimited;  // elements of one array
  std::uint32_t max_map_length = kUnlimited;    // pairs of one map
  // Bytes the decoders may newly allocate for one message: string and vector storage beyond the
  // capacity the destination already has, map, set and list nodes (each counted as its element
  // plus four pointers), pointed-to objects. SIZE_MAX: unlimited.
  std::size_t max_allocation = static_cast<std::size_t>(-1);
};

class Reader;
namespace gen {
template <std::size_t N>
bool match_key(Reader& in, const char (&encoded)[N]) noexcept;
}  // namespace gen

class Reader {
  // Generated decoders' key prediction reads the input directly (gen/decode.hpp).
  template <std::size_t N>
  friend bool gen::match_key(Reader& in, const char (&encoded)[N]) noexcept;

  // Length limits by kind of value (ReaderOptions), lowered for a field by LimitScope.
  enum : int { kStr = 0, kBin = 1, kArray = 2, kMap = 3 };
  struct Limits {
    std::uint32_t by_kind[4];
  };

 public:
  static constexpr std::uint32_t kDepthLimit = 1024;  // the most max_depth may be

  Reader(const void* data, std::size_t size, ReaderOptions options = {}) noexcept
      : begin_(static_cast<const std::uint8_t*>(data)),
        pos_(begin_),
        end_(begin_ + size),
        max_depth_(options.max_depth < kDepthLimit ? options.max_depth : kDepthLimit),
        limits_{options.max_str_length, options.max_bin_length, options.max_array_length,
                options.max_map_length},
        allocation_left_(options.max_allocation) {}

  // Lowers every length limit to `limit` while it lives (a field's MSGPACK_TAG(",limit=N")):
  // the field's strings, byte strings, arrays and maps, nested ones included.
  class LimitScope {
   public:
    LimitScope(Reader& in, std::uint32_t limit) noexcept : in_(in), saved_(in.limits_) {
      for (std::uint32_t& l : in.limits_.by_kind) l = l < limit ? l : limit;
    }
    ~LimitScope() { in_.limits_ = saved_; }
    LimitScope(const LimitScope&) = delete;
    LimitScope& operator=(const LimitScope&) = delete;

   private:
    Reader& in_;
    Limits saved_;
  };

  // Accounts for `bytes` a decoder is about to allocate; false (with a limit_exceeded error)
  // when they exceed what is left of ReaderOptions::max_allocation.
  MSGPACK_GEN_ALWAYS_INLINE bool charge(std::size_t bytes) {
    if (MSGPACK_GEN_UNLIKELY(bytes > allocation_left_)) return over_budget(bytes);
    allocation_left_ -= bytes;
    return true;
  }

  std::size_t offset() const noexcept { return static_cast<std::size_t>(pos_ - begin_); }
  std::size_t remaining() const noexcept { return static_cast<std::size_t>(end_ - pos_); }
  bool at_end() const noexcept { return pos_ == end_; }
  const std::uint8_t* position() const noexcept { return pos_; }
  // Moves past n bytes a bulk decoder has checked and read through position(); n must be at
  // most remaining().
  void advance(std::size_t n) noexcept { pos_ += n; }

  // The next value's family, without consuming it; false at the end of input.
  bool peek(Family& family) noexcept {
    if (pos_ == end_) return fail(ErrorCode::incomplete, "a value");
    family = family_of(*pos_);
    return true;
  }
  // True when the next byte is nil (does not consume it, never fails).
  bool next_is_nil() const noexcept { return pos_ != end_ && *pos_ == 0xc0; }
  // True when the next value is an integer (never fails).
  bool next_is_int() const noexcept { return pos_ != end_ && family_of(*pos_) == Family::integer; }
  // True when the next value is a str or bin, which read_str() takes (never fails).
  MSGPACK_GEN_ALWAYS_INLINE bool next_is_str() const noexcept {
    if (pos_ == end_) return false;
    std::uint8_t m = *pos_;
    return (m >= 0xa0 && m <= 0xbf) || (m >= 0xd9 && m <= 0xdb) || (m >= 0xc4 && m <= 0xc6);
  }

  bool read_nil() {
    if (!need(1, "nil")) return false;
    if (*pos_ != 0xc0) return mismatch("nil");
    ++pos_;
    return true;
  }

  MSGPACK_GEN_ALWAYS_INLINE bool read_bool(bool& out) {
    if (!need(1, "bool")) return false;
    std::uint8_t m = *pos_;
    if (m != 0xc2 && m != 0xc3) return mismatch("bool");
    out = m == 0xc3;
    ++pos_;
    return true;
  }

  // Any integer encoding into any integer type T; values T cannot hold are out_of_range.
  template <class T>
  MSGPACK_GEN_ALWAYS_INLINE bool read_int(T& out) {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>, "integer types only");
    if (MSGPACK_GEN_LIKELY(pos_ != end_ && *pos_ <= 0x7f)) {  // positive fixint: fits every T
      out = static_cast<T>(*pos_);
      ++pos_;
      return true;
    }
    return read_wide_int(out);
  }

  // The integer forms other than positive fixint. uint8..64 (0xcc..0xcf) and int8..64
  // (0xd0..0xd3) that fit T take one path with no branch on the width (the marker's low two
  // bits): one 8-byte load that ends where the value ends, masked to the width. It reads bytes
  // before the value, so it needs 8 bytes of input up to the value's end; the first few bytes of
  // a message, and every error, take read_any_int().
  template <class T>
  bool read_wide_int(T& out) {
    if (MSGPACK_GEN_LIKELY(pos_ != end_)) {
      const std::uint8_t m = *pos_;
      if (m >= 0xcc && m <= 0xd3) {
        const std::size_t width = std::size_t{1} << (m & 3);  // bytes after the marker
        const std::uint8_t* value_end = pos_ + 1 + width;
        if (MSGPACK_GEN_LIKELY(width < remaining() &&
                               static_cast<std::size_t>(value_end - begin_) >= 8)) {
          const unsigned shift = static_cast<unsigned>(64 - 8 * width);
          const std::uint64_t bits = endian::load<std::uint64_t>(value_end - 8) << shift >> shift;
          if (m <= 0xcf) {
            if (holds<T>(bits)) {
              out = static_cast<T>(bits);
              pos_ = value_end;
              return true;
            }
          } else {
            // Sign-extends the width's top bit.
            const auto value = static_cast<std::int64_t>(bits << shift) >> shift;
            if (holds<T>(value)) {
              out = static_cast<T>(value);
              pos_ = value_end;
              return true;
            }
          }
        }
      }
    }
    return read_any_int(out);
  }

  // Any integer form into T, near the end of the input too; errors included. Kept out of
  // read_wide_int(), whose fast path then needs few registers.
  template <class T>
  MSGPACK_GEN_NOINLINE bool read_any_int(T& out) {
    if (!need(1, "int")) return false;
    const std::uint8_t m = *pos_;
    if (m <= 0x7f) {  // positive fixint: fits every integer type
      out = static_cast<T>(m);
      ++pos_;
      return true;
    }
    if (m >= 0xe0) {  // negative fixint
      return store_int(out, static_cast<std::int64_t>(static_cast<std::int8_t>(m)), 1);
    }
    if (m < 0xcc || m > 0xd3) return mismatch("int");
    static const char* const kForms[] = {"uint8", "uint16", "uint32", "uint64",
                                         "int8",  "int16",  "int32",  "int64"};
    const unsigned width = 1u << (m & 3);
    if (!need(1 + width, kForms[m - 0xcc])) return false;
    std::uint64_t bits = 0;
    switch (width) {
      case 1:
        bits = pos_[1];
        break;
      case 2:
        bits = endian::load<std::uint16_t>(pos_ + 1);
        break;
      case 4:
        bits = endian::load<std::uint32_t>(pos_ + 1);
        break;
      default:
        bits = endian::load<std::uint64_t>(pos_ + 1);
        break;
    }
    if (m <= 0xcf) return store_int(out, bits, 1 + width);
    const unsigned shift = 64 - 8 * width;
    return store_int(out, static_cast<std::int64_t>(bits << shift) >> shift, 1 + width);
  }

  // float32, float64 or any integer (Lua numbers arrive as integers).
  template <class F>
  bool read_float(F& out) {
    static_assert(std::is_floating_point_v<F>, "floating-point types only");
    if (!need(1, "float")) return false;
    std::uint8_t m = *pos_;
    if (m == 0xca) {
      if (!need(5, "float32")) return false;
      std::uint32_t bits = endian::load<std::uint32_t>(pos_ + 1);
      float v;
      std::memcpy(&v, &bits, sizeof v);
      out = static_cast<F>(v);
      pos_ += 5;
      return true;
    }
    if (m == 0xcb) {
      if (!need(9, "float64")) return false;
      std::uint64_t bits = endian::load<std::uint64_t>(pos_ + 1);
      double v;
      std::memcpy(&v, &bits, sizeof v);
      out = static_cast<F>(v);
      pos_ += 9;
      return true;
    }
    if (family_of(m) != Family::integer) return mismatch("float");
    if (m <= 0x7f || (m >= 0xcc && m <= 0xcf)) {
      std::uint64_t u = 0;
      if (!read_int(u)) return false;
      out = static_cast<F>(u);
    } else {
      std::int64_t s = 0;
      if (!read_int(s)) return false;
      out = static_cast<F>(s);
    }
    return true;
  }

  // A str (or bin, which some encoders use for text) as a view into the input.
  MSGPACK_GEN_ALWAYS_INLINE bool read_str(std::string_view& out) {
    if (MSGPACK_GEN_LIKELY(read_fixstr(out))) return true;
    // Returned, not stored through `out`: the fast path above keeps its view in registers.
    out = read_long_str();
    return out.data() != nullptr;
  }

  // read_str()'s fast path alone: true with a fixstr (at most 31 bytes) that the input holds and
  // the length limit allows read; false, consuming nothing and recording nothing, for any other
  // value (read_str() then reads it or reports the error).
  MSGPACK_GEN_ALWAYS_INLINE bool read_fixstr(std::string_view& out) noexcept {
    if (MSGPACK_GEN_LIKELY(pos_ != end_ && (*pos_ & 0xe0) == 0xa0)) {  // fixstr: short text
      const std::size_t n = *pos_ & 0x1f;
      if (MSGPACK_GEN_LIKELY(remaining() > n && n <= limits_.by_kind[kStr])) {
        out = std::string_view(reinterpret_cast<const char*>(pos_ + 1), n);
        pos_ += n + 1;
        return true;
      }
    }
    return false;
  }

  // read_str() for every form but a fixstr that fits: the text, or a null view after an error.
  std::string_view read_long_str() {
    std::string_view text;
    if (!need(1, "str")) return text;
    std::uint8_t m = *pos_;
    std::size_t header = 0;
    std::uint32_t n = 0;
    if (m >= 0xa0 && m <= 0xbf) {
      header = 1;
      n = m & 0x1f;
    } else if (!read_length(m, Family::str, "str", header, n)) {
      return text;
    }
    if (MSGPACK_GEN_UNLIKELY(n > limits_.by_kind[kStr])) {
      over_limit("str", n, kStr);
      return text;
    }
    take_bytes(header, n, "str", text);  // the view stays null when it fails
    return text;
  }

  // A map key that is a str (or bin): true with the key read; false, without consuming
  // anything, when the next value is of another type; false with the error recorded when the
  // input ends inside the key (check failed()).
  MSGPACK_GEN_ALWAYS_INLINE bool read_key(std::string_view& key) {
    // A fixstr goes straight to read_str()'s own fast path, without next_is_str()'s compares.
    if (MSGPACK_GEN_LIKELY(pos_ != end_ && (*pos_ & 0xe0) == 0xa0)) return read_str(key);
    return next_is_str() && read_str(key);
  }

  // A bin (or str) as a view into the input.
  bool read_bin(std::string_view& out) {
    if (!need(1, "bin")) return false;
    std::uint8_t m = *pos_;
    std::size_t header = 0;
    std::uint32_t n = 0;
    if (m >= 0xa0 && m <= 0xbf) {
      header = 1;
      n = m & 0x1f;
    } else if (!read_length(m, Family::bin, "bin", header, n)) {
      return false;
    }
    if (MSGPACK_GEN_UNLIKELY(n > limits_.by_kind[kBin])) return over_limit("bin", n, kBin);
    return take_bytes(header, n, "bin", out);
  }

  // Whether an ext payload of n bytes is within ReaderOptions::max_bin_length; if not, records
  // the limit_exceeded error at the current value, as read_ext() does. For decoders that look at
  // an ext value before consuming it (detail::peek_ext).
  bool ext_length_allowed(std::uint32_t n) {
    return MSGPACK_GEN_LIKELY(n <= limits_.by_kind[kBin]) || over_limit("ext payload", n, kBin);
  }

  // An ext value: its type and payload (a view into the input).
  bool read_ext(std::int8_t& type, std::string_view& payload) {
    if (!need(1, "ext")) return false;
    const std::size_t header = detail::ext_header_size(*pos_);
    if (header == 0) return mismatch("ext");
    if (header > 1 && !need(header, header == 2 ? "ext8" : header == 3 ? "ext16" : "ext32")) {
      return false;
    }
    const std::uint32_t n = detail::ext_payload_length(pos_);
    if (!ext_length_allowed(n)) return false;  // before the input check, as for containers
    if (remaining() - header < 1 + static_cast<std::size_t>(n)) {
      return fail_at_marker(ErrorCode::incomplete, "ext payload of " + detail::quantity(n, "byte"),
                            true);
    }
    type = static_cast<std::int8_t>(pos_[header]);
    payload = std::string_view(reinterpret_cast<const char*>(pos_ + header + 1), n);
    pos_ += header + 1 + n;
    return true;
  }

  // An array header. n is checked against the input: every element takes at least one byte.
  MSGPACK_GEN_ALWAYS_INLINE bool read_array_header(std::uint32_t& n) {
    return read_container_header(0x90, 0xdc, 1, "array", "element", kArray, n);
  }

  // A map header. n pairs need at least 2n bytes.
  MSGPACK_GEN_ALWAYS_INLINE bool read_map_header(std::uint32_t& n) {
    return read_container_header(0x80, 0xde, 2, "map", "pair", kMap, n);
  }

  // Skips one whole value of any type. Iterative, so hostile nesting cannot overflow the stack;
  // still bounded by max_depth like values that are decoded.
  // When the input ends before the value does (ErrorCode::incomplete), more_needed() tells how
  // many more bytes the value needs at least (framing.hpp).
  bool skip() {
    // pending[d]: values still to skip at nesting level d below the current one.
    std::uint64_t pending[kSkipStack];
    std::uint32_t levels = 0;
    std::uint64_t left = 1;
    const std::uint8_t* value = pos_;  // the value being skipped
    // Every failure returns through here: an incomplete value's shortfall is what the value
    // being skipped lacks, plus a byte for each value still pending (each takes at least one).
    const auto stop = [&]() {
      if (code_ == ErrorCode::incomplete) {
        std::uint64_t more = least_value_size(value) - static_cast<std::uint64_t>(end_ - value);
        more += left;
        for (std::uint32_t level = 0; level < levels; ++level) more += pending[level];
        more_needed_ = more;
      }
      return false;
    };
    for (;;) {
      while (left == 0) {
        if (levels == 0) return true;
        left = pending[--levels];
      }
      --left;
      value = pos_;
      if (!need(1, "a value")) return stop();
      std::uint8_t m = *pos_;
      std::uint64_t children = 0;
      if (m <= 0x7f || m >= 0xe0 || m == 0xc0 || m == 0xc2 || m == 0xc3) {
        ++pos_;
        continue;
      }
      if (m >= 0xa0 && m <= 0xbf) {
        std::string_view ignored;
        if (!read_str(ignored)) return stop();
        continue;
      }
      if (m >= 0x80 && m <= 0x9f) {
        children = (m <= 0x8f) ? 2u * (m & 0x0f) : (m & 0x0f);
        ++pos_;
      } else {
        std::size_t fixed = 0;
        switch (m) {
          case 0xcc:
          case 0xd0:
          case 0xd4:
            fixed = 2 + (m == 0xd4);
            break;
          case 0xcd:
          case 0xd1:
          case 0xd5:
            fixed = 3 + (m == 0xd5);
            break;
          case 0xca:
          case 0xce:
          case 0xd2:
          case 0xd6:
            fixed = 5 + (m == 0xd6);
            break;
          case 0xcb:
          case 0xcf:
          case 0xd3:
          case 0xd7:
            fixed = 9 + (m == 0xd7);
            break;
          case 0xd8:
            fixed = 18;
            break;
          default:
            break;
        }
        if (fixed != 0) {
          if (!need(fixed, family_name(family_of(m)))) return stop();
          pos_ += fixed;
          continue;
        }
        std::uint32_t n = 0;
        switch (m) {
          case 0xc4:
          case 0xc5:
          case 0xc6:
          case 0xd9:
          case 0xda:
          case 0xdb: {
            std::string_view ignored;
            if (!read_bin(ignored)) return stop();
            continue;
          }
          case 0xc7:
          case 0xc8:
          case 0xc9: {
            std::int8_t type = 0;
            std::string_view ignored;
            if (!read_ext(type, ignored)) return stop();
            continue;
          }
          case 0xdc:
          case 0xdd:
            if (!read_array_header(n)) return stop();
            children = n;
            break;
          case 0xde:
          case 0xdf:
            if (!read_map_header(n)) return stop();
            children = 2ull * n;
            break;
          default:  // 0xc1
            fail(ErrorCode::invalid_marker, "a value");
            return stop();
        }
      }
      // A container: descend into it. Too deep first: more bytes cannot make it shallower.
      if (depth_ + levels + 1 > max_depth_ || levels + 1 >= kSkipStack) {
        fail(ErrorCode::too_deep, "at most " + std::to_string(max_depth_) + " levels");
        return stop();
      }
      if (children > remaining()) {
        fail_at_marker(ErrorCode::incomplete,
                       detail::quantity(children, "nested value") + " to fit in the " +
                           detail::quantity(remaining(), "remaining byte"),
                       true);
        return stop();
      }
      pending[levels++] = left;
      left = children;
    }
  }

  // Nesting bookkeeping for decoders of containers and structs.
  MSGPACK_GEN_ALWAYS_INLINE bool enter() {
    if (MSGPACK_GEN_UNLIKELY(depth_ >= max_depth_)) return too_deep();
    ++depth_;
    return true;
  }
  void leave() noexcept { --depth_; }
  std::uint32_t depth() const noexcept { return depth_; }

  // --- errors ------------------------------------------------------------------------------
  // Each returns false so a decoder can write `return in.fail...(...)`.

  MSGPACK_GEN_COLD bool fail(ErrorCode code, std::string_view expected) {
    return fail_at_marker(code, expected,
                          code != ErrorCode::incomplete && code != ErrorCode::trailing_bytes &&
                              code != ErrorCode::too_deep);
  }
  // fail(), naming the marker at the position after the expectation when `found` (and the input
  // has a byte there): a length or count larger than the input names the header it read.
  MSGPACK_GEN_COLD bool fail_at_marker(ErrorCode code, std::string_view expected, bool found) {
    if (std::string* detail = record(code)) {
      *detail = "expected ";
      *detail += expected;
      if (found && pos_ != end_) {
        *detail += ", found ";
        describe_marker(*pos_, *detail);
      }
    }
    return false;
  }
  // 0xc1 is never valid msgpack, so it is invalid_marker whatever was expected.
  MSGPACK_GEN_COLD bool mismatch(const char* expected) {
    const bool never_valid = pos_ != end_ && *pos_ == 0xc1;
    return fail(never_valid ? ErrorCode::invalid_marker : ErrorCode::type_mismatch, expected);
  }
  MSGPACK_GEN_COLD bool invalid(std::string what) {
    if (std::string* detail = record(ErrorCode::invalid_value)) *detail = std::move(what);
    return false;
  }

  // A required field's key was not in the map (the map has been read to its end).
  MSGPACK_GEN_COLD bool missing_field(std::string_view key) {
    if (std::string* detail = record(ErrorCode::missing_field)) {
      *detail = "the map has no key \"";
      append_escaped(*detail, key);
      *detail += '"';
    }
    return false;
  }
  // A key a strict struct does not declare (its value has not been read).
  MSGPACK_GEN_COLD bool unknown_key(std::string_view key) {
    if (std::string* detail = record(ErrorCode::unknown_key)) {
      *detail = "\"";
      append_escaped(*detail, key);
      *detail += "\" is not a field of this strict struct";
    }
    return false;
  }

  // Called while an error unwinds through a field, element or map entry: builds the path. Names
  // and keys may come from the input: they are escaped and cut (see append_escaped()).
  MSGPACK_GEN_COLD bool in_field(std::string_view name) {
    add_path_component(".", name, "");
    return false;
  }
  MSGPACK_GEN_COLD bool in_element(std::size_t index) {
    add_path_component("[", std::to_string(index), "]");
    return false;
  }
  MSGPACK_GEN_COLD bool in_key(std::string_view key) {
    add_path_component("[\"", key, "\"]");
    return false;
  }

  bool failed() const noexcept { return code_ != ErrorCode::ok; }
  // After skip() failed with ErrorCode::incomplete: at least this many more bytes are needed to
  // complete the value (a lower bound, never more than the value lacks). 0 otherwise.
  std::uint64_t more_needed() const noexcept { return more_needed_; }
  Status status() const {
    if (code_ == ErrorCode::ok) return Status();
    return Status(code_, error_offset_, error_text_ ? error_text_->detail : std::string(),
                  render_path());
  }

 private:
  static constexpr std::uint32_t kSkipStack = kDepthLimit + 1;

  // Whether T holds v: the one range check of every integer read.
  template <class T>
  static constexpr bool holds(std::uint64_t v) noexcept {
    return v <= static_cast<std::uint64_t>(std::numeric_limits<T>::max());
  }
  template <class T>
  static constexpr bool holds(std::int64_t v) noexcept {
    if (v >= 0) return holds<T>(static_cast<std::uint64_t>(v));
    if constexpr (std::is_signed_v<T>) {
      return v >= static_cast<std::int64_t>(std::numeric_limits<T>::min());
    } else {
      return false;
    }
  }

  // Stores v into T and moves past the `size` bytes it was read from, or reports it out_of_range,
  // pointing at the value.
  template <class T, class V>
  MSGPACK_GEN_ALWAYS_INLINE bool store_int(T& out, V v, std::size_t size) {
    if (!holds<T>(v)) return out_of_range(v);
    out = static_cast<T>(v);
    pos_ += size;
    return true;
  }

  MSGPACK_GEN_ALWAYS_INLINE bool need(std::size_t n, const char* what) {
    if (MSGPACK_GEN_LIKELY(remaining() >= n)) return true;
    return fail(ErrorCode::incomplete, what);
  }
  MSGPACK_GEN_COLD bool too_deep() {
    return fail(ErrorCode::too_deep, "at most " + std::to_string(max_depth_) + " levels");
  }
  MSGPACK_GEN_COLD bool bytes_exceed_input(const char* what, std::uint32_t n) {
    return fail_at_marker(ErrorCode::incomplete,
                          std::string(what) + " of " + detail::quantity(n, "byte"), true);
  }
  MSGPACK_GEN_COLD bool entries_exceed_input(const std::uint8_t* header, const char* what,
                                             const char* entries, std::uint32_t n) {
    std::size_t left = remaining();
    pos_ = header;  // the error points at the header, as for str/bin/ext
    return fail_at_marker(ErrorCode::incomplete,
                          std::string(what) + " of " + detail::quantity(n, entries) +
                              " to fit in the " + detail::quantity(left, "remaining byte"),
                          true);
  }
  MSGPACK_GEN_COLD bool over_limit(const char* what, std::uint32_t n, int kind) {
    static const char* const kUnits[] = {"byte", "byte", "element", "pair"};
    return fail(ErrorCode::limit_exceeded,
                std::string(what) + " of " + detail::quantity(n, kUnits[kind]) +
                    " is over the limit of " + std::to_string(limits_.by_kind[kind]));
  }
  MSGPACK_GEN_COLD bool over_budget(std::size_t bytes) {
    return fail(ErrorCode::limit_exceeded, "allocating " + detail::quantity(bytes, "byte") +
                                               " would pass the message's " + "allocation limit (" +
                                               std::to_string(allocation_left_) + " left)");
  }
  // Integers are formatted here, out of the inlined read paths.
  template <class Integer>
  MSGPACK_GEN_COLD bool out_of_range(Integer value) {
    if (std::string* detail = record(ErrorCode::out_of_range)) {
      *detail = "value " + std::to_string(value) + " does not fit the field's type";
    }
    return false;
  }

  // The first error is the one reported: records `code` at the current offset and returns the
  // detail text to fill in, or nullptr when an error is already recorded.
  std::string* record(ErrorCode code) {
    if (code_ != ErrorCode::ok) return nullptr;
    code_ = code;
    error_offset_ = offset();
    return &error_text().detail;
  }
  // Allocated at the first error, so a message that decodes costs no string.
  struct ErrorText {
    std::string detail;
    std::string path;
  };
  ErrorText& error_text() {
    if (!error_text_) error_text_ = std::make_unique<ErrorText>();
    return *error_text_;
  }

  // An array or map header: fix form (fix_base | n), 16-bit (marker16) or 32-bit (marker16 + 1)
  // count, then checked against the bytes left, at least min_bytes per entry. The fix form is
  // read inline; the others, and errors, by read_long_container_header().
  MSGPACK_GEN_ALWAYS_INLINE bool read_container_header(std::uint8_t fix_base, std::uint8_t marker16,
                                                       std::uint64_t min_bytes, const char* what,
                                                       const char* entries, int kind,
                                                       std::uint32_t& n) {
    if (MSGPACK_GEN_LIKELY(pos_ != end_ && (*pos_ & 0xf0) == fix_base)) {
      const std::uint32_t count = *pos_ & 0x0f;
      // `<`: the header byte is still counted in remaining()
      if (MSGPACK_GEN_LIKELY(count * min_bytes < remaining() && count <= limits_.by_kind[kind])) {
        ++pos_;
        n = count;
        return true;
      }
    }
    // Returned, not stored through `n`: the fast path above keeps its count in a register.
    const std::int64_t count =
        read_long_container_header(fix_base, marker16, min_bytes, what, entries, kind);
    n = static_cast<std::uint32_t>(count);
    return count >= 0;
  }

  // The count, or -1 after an error.
  std::int64_t read_long_container_header(std::uint8_t fix_base, std::uint8_t marker16,
                                          std::uint64_t min_bytes, const char* what,
                                          const char* entries, int kind) {
    if (!need(1, what)) return -1;
    const std::uint8_t* start = pos_;
    std::uint8_t m = *pos_;
    std::uint32_t n = 0;
    if ((m & 0xf0) == fix_base) {
      n = m & 0x0f;
      ++pos_;
    } else if (m == marker16 || m == marker16 + 1) {
      if (!read_count(m == marker16, n, what)) return -1;
    } else {
      mismatch(what);
      return -1;
    }
    // The limit first: a count over it is an error however many bytes follow, while one that
    // the input cannot hold yet may be completed by more bytes (a stream's next read).
    if (MSGPACK_GEN_UNLIKELY(n > limits_.by_kind[kind])) {
      pos_ = start;
      over_limit(what, n, kind);
      return -1;
    }
    if (MSGPACK_GEN_UNLIKELY(n * min_bytes > remaining())) {
      entries_exceed_input(start, what, entries, n);
      return -1;
    }
    return n;
  }

  // Reads the 16- or 32-bit count after an array or map marker.
  bool read_count(bool is16, std::uint32_t& n, const char* what) {
    if (is16) {
      if (!need(3, what)) return false;
      n = endian::load<std::uint16_t>(pos_ + 1);
      pos_ += 3;
    } else {
      if (!need(5, what)) return false;
      n = endian::load<std::uint32_t>(pos_ + 1);
      pos_ += 5;
    }
    return true;
  }

  // The header size and length of a str8/16/32 or bin8/16/32 (both are accepted).
  bool read_length(std::uint8_t m, Family wanted, const char* what, std::size_t& header,
                   std::uint32_t& n) {
    switch (m) {
      case 0xd9:
      case 0xc4:
        if (!need(2, what)) return false;
        header = 2;
        n = pos_[1];
        return true;
      case 0xda:
      case 0xc5:
        if (!need(3, what)) return false;
        header = 3;
        n = endian::load<std::uint16_t>(pos_ + 1);
        return true;
      case 0xdb:
      case 0xc6:
        if (!need(5, what)) return false;
        header = 5;
        n = endian::load<std::uint32_t>(pos_ + 1);
        return true;
      default:
        return mismatch(wanted == Family::str ? "str" : "bin");
    }
  }

  MSGPACK_GEN_ALWAYS_INLINE bool take_bytes(std::size_t header, std::uint32_t n, const char* what,
                                            std::string_view& out) {
    if (MSGPACK_GEN_UNLIKELY(remaining() - header < n)) return bytes_exceed_input(what, n);
    out = std::string_view(reinterpret_cast<const char*>(pos_ + header), n);
    pos_ += header + n;
    return true;
  }

  // The path is stored innermost component first, as the error unwinds, each component followed
  // by a NUL (escaped text holds no control byte). Components are kept while they fit in
  // kPathSideSize bytes (the path's last components); then a marker component is stored and the
  // components after it (the path's first ones) are kept within kPathSideSize too, dropping the
  // innermost of them, so a path of any depth keeps its first and last components around "...".
  // The marker is "\x01" while nothing was dropped, "\x02" after.
  static constexpr std::size_t kPathSideSize = 256;

  MSGPACK_GEN_COLD void add_path_component(std::string_view open, std::string_view name,
                                           std::string_view close) {
    std::string& path = error_text().path;
    const std::size_t start = path.size();
    path.append(open);
    append_escaped(path, name);
    path.append(close);
    path += '\0';
    const std::size_t marker = path.find_first_of("\x01\x02");
    if (marker == std::string::npos) {
      // Still the last components; a component too large for them starts the first ones.
      if (start != 0 && path.size() > kPathSideSize) path.insert(start, "\x01", 2);
      return;
    }
    const std::size_t first = marker + 2;
    while (path.size() - first > kPathSideSize) {
      const std::size_t end = path.find('\0', first) + 1;
      if (end == path.size()) break;  // one component: kept whatever its size
      path.erase(first, end - first);
      path[marker] = '\x02';
    }
  }

  // "groups[2][\"b\"][1]" from the stored components.
  std::string render_path() const {
    std::string path;
    if (!error_text_) return path;
    const std::string& stored = error_text_->path;
    bool after_gap = true;  // at the start or after "...": a field's leading '.' is dropped
    std::size_t end = stored.size();
    while (end > 0) {
      const std::size_t nul = end - 1;
      const std::size_t before = nul == 0 ? std::string::npos : stored.rfind('\0', nul - 1);
      const std::size_t begin = before == std::string::npos ? 0 : before + 1;
      std::string_view part(stored.data() + begin, nul - begin);
      end = begin;
      if (part == "\x02") {
        path += "...";
        after_gap = true;
        continue;
      }
      if (part.empty() || part == "\x01") continue;
      if (after_gap && part[0] == '.') part.remove_prefix(1);
      path.append(part.data(), part.size());
      after_gap = false;
    }
    return path;
  }

  // The fewest bytes the value at p can take, given the bytes of its header that are in the
  // input (p < end_): its whole size for a scalar, str, bin or ext; header plus a byte per entry
  // for an array or map; the header's size when the input ends inside the header.
  std::uint64_t least_value_size(const std::uint8_t* p) const noexcept {
    if (p == end_) return 1;
    const std::uint8_t m = *p;
    const std::size_t have = static_cast<std::size_t>(end_ - p);
    if (m <= 0x7f || m >= 0xe0 || (m >= 0xc0 && m <= 0xc3)) return 1;
    if (m >= 0xa0 && m <= 0xbf) return 1u + (m & 0x1fu);
    if (m >= 0x90 && m <= 0x9f) return 1u + (m & 0x0fu);
    if (m >= 0x80 && m <= 0x8f) return 1u + 2u * (m & 0x0fu);
    // A length or count of `bytes` bytes after the marker, `extra` bytes after it (an ext's type),
    // each counted entry taking `per_entry` bytes at least.
    const auto counted = [&](std::size_t bytes, std::uint64_t extra,
                             std::uint64_t per_entry) -> std::uint64_t {
      if (have < 1 + bytes) return 1 + bytes;
      std::uint64_t n = p[1];
      if (bytes == 2) n = endian::load<std::uint16_t>(p + 1);
      if (bytes == 4) n = endian::load<std::uint32_t>(p + 1);
      return 1 + bytes + extra + n * per_entry;
    };
    switch (m) {
      case 0xcc:
      case 0xd0:
        return 2;
      case 0xcd:
      case 0xd1:
      case 0xd4:
        return 3;
      case 0xd5:
        return 4;
      case 0xca:
      case 0xce:
      case 0xd2:
        return 5;
      case 0xd6:
        return 6;
      case 0xcb:
      case 0xcf:
      case 0xd3:
        return 9;
      case 0xd7:
        return 10;
      case 0xd8:
        return 18;
      case 0xc4:
      case 0xd9:
        return counted(1, 0, 1);
      case 0xc5:
      case 0xda:
        return counted(2, 0, 1);
      case 0xc6:
      case 0xdb:
        return counted(4, 0, 1);
      case 0xc7:
        return counted(1, 1, 1);
      case 0xc8:
        return counted(2, 1, 1);
      case 0xc9:
        return counted(4, 1, 1);
      case 0xdc:
        return counted(2, 0, 1);
      case 0xdd:
        return counted(4, 0, 1);
      case 0xde:
        return counted(2, 0, 2);
      default:
        return counted(4, 0, 2);  // 0xdf
    }
  }

  static void describe_marker(std::uint8_t m, std::string& out) {
    static const char* const kHex = "0123456789abcdef";
    out += family_name(family_of(m));
    out += " (0x";
    out += kHex[m >> 4];
    out += kHex[m & 15];
    out += ')';
  }

  const std::uint8_t* begin_;
  const std::uint8_t* pos_;
  const std::uint8_t* end_;
  std::uint32_t depth_ = 0;
  std::uint32_t max_depth_;
  Limits limits_;
  std::size_t allocation_left_;
  ErrorCode code_ = ErrorCode::ok;
  std::size_t error_offset_ = 0;
  std::unique_ptr<ErrorText> error_text_;
  std::uint64_t more_needed_ = 0;
};

}  // namespace msgpack_gen
