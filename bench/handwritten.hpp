// A hand-written msgpack codec for the benchmark's structs (Data, Flat, DataArray, FlatArray):
// what a careful engineer writes by hand for these types, the yardstick of issue 11 for the
// generated code. Standard library only, written against raw bytes; it shares nothing with
// msgpack_gen's Writer, Reader or codecs.
//
// Encode: into a growable byte buffer that keeps its capacity (Bytes). One capacity check per
// struct: the struct's size is bounded first, then its bytes are stored unchecked (for Data, per
// struct instance: Data's own fields, then each Sub and map entry; see encode()). Always the
// smallest form, as msgpack-c writes it: fixint/uint8..64/int8..64, fixstr/str8/16/32,
// fixarray/array16/32, fixmap/map16/32, float32 for `float`, except that a float holding an
// integral value is written as that integer (msgpack-c 4's form inside MSGPACK_DEFINE* structs,
// which msgpack-gen copies for such structs).
//
// Decode: every read is checked against the bytes that remain; a failure returns the error and
// the offset where it was found (Result), never throws and never reads past the input. Any width
// of map, array, str and int headers is accepted; ints of any width go into int64/uint64 fields
// with range checks; a float field takes float32, float64 or any int; a str field takes str or
// bin. Map-mode structs dispatch keys with a switch on the key's length and a memcmp; unknown
// keys (and keys that are not strings) are skipped with their values by an iterative skip that
// bounds nesting at kMaxDepth; duplicate keys: the last one wins. Array-mode structs take shorter
// arrays (trailing fields keep their values) and skip extra elements. Decoding goes into an
// object kept across messages: strings and vectors keep their capacity, the nodes of std::maps are
// reused (like the generated code does), fields absent from the input keep their values.
//
//   bench::handwritten::Bytes out;
//   out.clear();
//   bench::handwritten::encode(out, flat);                 // false: a string over 4 GiB
//   bench::handwritten::Result r = bench::handwritten::decode(out.data(), out.size(), flat);
//   if (!r) std::printf("%s at %zu\n", error_name(r.error), r.offset);
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "dto/workload.hpp"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "bench/handwritten.hpp assumes a little-endian host"
#endif

#if defined(__GNUC__)
#define BENCH_HW_LIKELY(x) __builtin_expect(!!(x), 1)
#define BENCH_HW_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define BENCH_HW_COLD __attribute__((noinline, cold))
#else
#define BENCH_HW_LIKELY(x) (x)
#define BENCH_HW_UNLIKELY(x) (x)
#define BENCH_HW_COLD
#endif

namespace bench::handwritten {

// --- the output buffer ---------------------------------------------------------------------------

// Contiguous bytes that keep their capacity across clear(). room(n) makes space for n more bytes
// and returns where they go; commit(end) marks them written.
class Bytes {
 public:
  Bytes() noexcept = default;
  Bytes(const Bytes&) = delete;
  Bytes& operator=(const Bytes&) = delete;
  ~Bytes() { std::free(data_); }

  const std::uint8_t* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  void clear() noexcept { size_ = 0; }

  std::uint8_t* room(std::size_t n) {
    if (BENCH_HW_UNLIKELY(capacity_ - size_ < n)) grow(n);
    return data_ + size_;
  }
  // Room for n more bytes at p, a pointer into the area room() returned, written up to p but
  // not committed yet: p, or where those bytes are after the buffer grew.
  std::uint8_t* room_at(std::uint8_t* p, std::size_t n) {
    const std::size_t used = static_cast<std::size_t>(p - data_);
    if (BENCH_HW_UNLIKELY(capacity_ - used < n)) {
      size_ = used;
      grow(n);
      return data_ + used;
    }
    return p;
  }
  void commit(std::uint8_t* end) noexcept { size_ = static_cast<std::size_t>(end - data_); }
  // Drops what was written after the first n bytes.
  void truncate(std::size_t n) noexcept {
    if (n < size_) size_ = n;
  }

 private:
  BENCH_HW_COLD void grow(std::size_t n) {
    std::size_t wanted = size_ + n;
    std::size_t next = capacity_ < 128 ? 256 : capacity_ * 2;
    if (next < wanted) next = wanted;
    void* fresh = std::realloc(data_, next);
    if (fresh == nullptr) throw std::bad_alloc();
    data_ = static_cast<std::uint8_t*>(fresh);
    capacity_ = next;
  }

  std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// --- decode results
// --------------------------------------------------------------------------------

enum class Error : std::uint8_t {
  ok,
  truncated,             // the input ends inside a value
  type_mismatch,         // a value of another type than the field's
  out_of_range,          // an integer the field's type cannot hold
  length_exceeds_input,  // a str/bin/ext length or container count larger than what is left
  too_deep,              // containers nested deeper than kMaxDepth
  invalid_marker,        // 0xc1
  trailing_bytes,        // bytes after the value
};

inline const char* error_name(Error e) noexcept {
  switch (e) {
    case Error::ok:
      return "ok";
    case Error::truncated:
      return "truncated";
    case Error::type_mismatch:
      return "type mismatch";
    case Error::out_of_range:
      return "integer out of range";
    case Error::length_exceeds_input:
      return "length exceeds input";
    case Error::too_deep:
      return "too deep";
    case Error::invalid_marker:
      return "invalid marker";
    case Error::trailing_bytes:
      return "trailing bytes";
  }
  return "?";
}

struct Result {
  Error error = Error::ok;
  std::size_t offset = 0;  // where the failing value (or the trailing bytes) starts
  explicit operator bool() const noexcept { return error == Error::ok; }
};

// Containers may nest this deep, the struct's own map or array included.
constexpr unsigned kMaxDepth = 64;

namespace detail {

using Pos = const std::uint8_t*;

// --- byte order ----------------------------------------------------------------------------------

inline std::uint8_t* store16(std::uint8_t* p, std::uint16_t v) noexcept {
  v = __builtin_bswap16(v);
  std::memcpy(p, &v, 2);
  return p + 2;
}
inline std::uint8_t* store32(std::uint8_t* p, std::uint32_t v) noexcept {
  v = __builtin_bswap32(v);
  std::memcpy(p, &v, 4);
  return p + 4;
}
inline std::uint8_t* store64(std::uint8_t* p, std::uint64_t v) noexcept {
  v = __builtin_bswap64(v);
  std::memcpy(p, &v, 8);
  return p + 8;
}
inline std::uint16_t load16(Pos p) noexcept {
  std::uint16_t v;
  std::memcpy(&v, p, 2);
  return __builtin_bswap16(v);
}
inline std::uint32_t load32(Pos p) noexcept {
  std::uint32_t v;
  std::memcpy(&v, p, 4);
  return __builtin_bswap32(v);
}
inline std::uint64_t load64(Pos p) noexcept {
  std::uint64_t v;
  std::memcpy(&v, p, 8);
  return __builtin_bswap64(v);
}

// --- encode: unchecked stores; the caller has made room ------------------------------------------

// Worst cases, for the size bounds.
constexpr std::size_t kIntMax = 9;     // 0xcf/0xd3 + 8 bytes
constexpr std::size_t kHeaderMax = 5;  // str32/array32/map32 marker + 4 bytes
constexpr std::size_t kFloatMax = 9;   // an integral float written as a uint64/int64

// A pre-encoded constant: all of its bytes but the terminating NUL.
template <std::size_t N>
inline std::uint8_t* put_raw(std::uint8_t* p, const char (&bytes)[N]) noexcept {
  std::memcpy(p, bytes, N - 1);
  return p + (N - 1);
}

inline std::uint8_t* put_uint(std::uint8_t* p, std::uint64_t v) noexcept {
  if (v < 0x80) {
    *p = static_cast<std::uint8_t>(v);
    return p + 1;
  }
  if (v < 0x100) {
    p[0] = 0xcc;
    p[1] = static_cast<std::uint8_t>(v);
    return p + 2;
  }
  if (v < 0x10000) {
    *p = 0xcd;
    return store16(p + 1, static_cast<std::uint16_t>(v));
  }
  if (v < 0x100000000ull) {
    *p = 0xce;
    return store32(p + 1, static_cast<std::uint32_t>(v));
  }
  *p = 0xcf;
  return store64(p + 1, v);
}

// msgpack-c's choice: non-negative values take the unsigned forms.
inline std::uint8_t* put_int(std::uint8_t* p, std::int64_t v) noexcept {
  if (v >= 0) return put_uint(p, static_cast<std::uint64_t>(v));
  if (v >= -32) {
    *p = static_cast<std::uint8_t>(v);
    return p + 1;
  }
  if (v >= -128) {
    p[0] = 0xd0;
    p[1] = static_cast<std::uint8_t>(v);
    return p + 2;
  }
  if (v >= -32768) {
    *p = 0xd1;
    return store16(p + 1, static_cast<std::uint16_t>(v));
  }
  if (v >= -2147483648ll) {
    *p = 0xd2;
    return store32(p + 1, static_cast<std::uint32_t>(v));
  }
  *p = 0xd3;
  return store64(p + 1, static_cast<std::uint64_t>(v));
}

// msgpack-c 4's float: an integral value in the 64-bit ranges as that integer, else float32.
inline std::uint8_t* put_float(std::uint8_t* p, float v) noexcept {
  if (v >= 0.0f && v < 18446744073709551616.0f &&
      static_cast<float>(static_cast<std::uint64_t>(v)) == v) {
    return put_uint(p, static_cast<std::uint64_t>(v));
  }
  if (v < 0.0f && v >= -9223372036854775808.0f &&
      static_cast<float>(static_cast<std::int64_t>(v)) == v) {
    return put_int(p, static_cast<std::int64_t>(v));
  }
  std::uint32_t bits;
  std::memcpy(&bits, &v, 4);
  *p = 0xca;
  return store32(p + 1, bits);
}

inline std::uint8_t* put_bool(std::uint8_t* p, bool v) noexcept {
  *p = v ? 0xc3 : 0xc2;
  return p + 1;
}

// The length fits 32 bits: encode() checked it.
inline std::uint8_t* put_str(std::uint8_t* p, const std::string& s) noexcept {
  const std::size_t n = s.size();
  if (n < 32) {
    *p++ = static_cast<std::uint8_t>(0xa0 | n);
  } else if (n < 0x100) {
    p[0] = 0xd9;
    p[1] = static_cast<std::uint8_t>(n);
    p += 2;
  } else if (n < 0x10000) {
    *p = 0xda;
    p = store16(p + 1, static_cast<std::uint16_t>(n));
  } else {
    *p = 0xdb;
    p = store32(p + 1, static_cast<std::uint32_t>(n));
  }
  std::memcpy(p, s.data(), n);
  return p + n;
}

// fix (fix_base | n, n < 16), 16-bit (marker16) or 32-bit (marker16 + 1) count.
inline std::uint8_t* put_header(std::uint8_t* p, std::size_t n, std::uint8_t fix_base,
                                std::uint8_t marker16) noexcept {
  if (n < 16) {
    *p = static_cast<std::uint8_t>(fix_base | n);
    return p + 1;
  }
  if (n < 0x10000) {
    *p = marker16;
    return store16(p + 1, static_cast<std::uint16_t>(n));
  }
  *p = static_cast<std::uint8_t>(marker16 + 1);
  return store32(p + 1, static_cast<std::uint32_t>(n));
}
inline std::uint8_t* put_array_header(std::uint8_t* p, std::size_t n) noexcept {
  return put_header(p, n, 0x90, 0xdc);
}
inline std::uint8_t* put_map_header(std::uint8_t* p, std::size_t n) noexcept {
  return put_header(p, n, 0x80, 0xde);
}

// Keys, pre-encoded (fixstr header + name). A hex digit may not follow "\xNN" in a literal,
// hence the split strings.
inline constexpr char kName[] =
    "\xa4"
    "name";
inline constexpr char kCount[] =
    "\xa5"
    "count";
inline constexpr char kSubs[] =
    "\xa4"
    "subs";
inline constexpr char kInternal[] =
    "\xa8"
    "internal";
inline constexpr char kWeights[] =
    "\xa7"
    "weights";
inline constexpr char kMeta[] =
    "\xa4"
    "meta";
inline constexpr char kFlags[] =
    "\xa5"
    "flags";
inline constexpr char kValue[] =
    "\xa5"
    "value";
inline constexpr char kKey[] =
    "\xa3"
    "key";
inline constexpr char kActive[] =
    "\xa6"
    "active";
inline constexpr char kSurname[] =
    "\xa7"
    "surname";
inline constexpr char kPatronymic[] =
    "\xaa"
    "patronymic";
inline constexpr char kCity[] =
    "\xa4"
    "city";
inline constexpr char kAge[] =
    "\xa3"
    "age";
inline constexpr char kWeight[] =
    "\xa6"
    "weight";
inline constexpr char kFortune[] =
    "\xa7"
    "fortune";

template <std::size_t N>
constexpr std::size_t raw_size(const char (&)[N]) {
  return N - 1;
}

// Sub in map mode: {"key": str, "active": bool}; the bound without the key's length.
constexpr std::size_t kSubMapBound = 1 + raw_size(kKey) + kHeaderMax + raw_size(kActive) + 1;
inline std::uint8_t* put_sub(std::uint8_t* p, const Sub& v) noexcept {
  *p++ = 0x82;
  p = put_raw(p, kKey);
  p = put_str(p, v.key);
  p = put_raw(p, kActive);
  return put_bool(p, v.active);
}
// SubArray: [key, active].
constexpr std::size_t kSubArrayBound = 1 + kHeaderMax + 1;
inline std::uint8_t* put_sub(std::uint8_t* p, const SubArray& v) noexcept {
  *p++ = 0x92;
  p = put_str(p, v.key);
  return put_bool(p, v.active);
}

// --- decode
// ----------------------------------------------------------------------------------------

// The first failure: what and where. Every reader returns the position after what it read, or
// nullptr after recording the failure here.
struct Failure {
  Error error = Error::ok;
  Pos at = nullptr;
};

BENCH_HW_COLD inline Pos fail(Failure& f, Error e, Pos at) noexcept {
  f.error = e;
  f.at = at;
  return nullptr;
}
// A value of the wrong type at p (p < end).
BENCH_HW_COLD inline Pos fail_type(Failure& f, Pos p) noexcept {
  return fail(f, *p == 0xc1 ? Error::invalid_marker : Error::type_mismatch, p);
}

// Skips one value of any type without recursion; containers inside it may nest up to kMaxDepth
// counting the `depth` containers around it.
inline Pos skip(Pos p, Pos end, unsigned depth, Failure& f) noexcept {
  std::uint64_t pending[kMaxDepth];  // values left at each open level
  unsigned levels = 0;
  std::uint64_t left = 1;
  for (;;) {
    while (left == 0) {
      if (levels == 0) return p;
      left = pending[--levels];
    }
    --left;
    if (p == end) return fail(f, Error::truncated, p);
    const std::uint8_t m = *p;
    const std::size_t avail = static_cast<std::size_t>(end - p);
    std::size_t size = 0;       // bytes of a value with no children
    std::uint64_t payload = 0;  // str/bin/ext bytes after a header of `size` bytes
    std::uint64_t children = 0;
    bool container = false;
    if (m <= 0x7f || m >= 0xe0) {
      size = 1;
    } else if (m <= 0x8f) {
      size = 1, children = 2u * (m & 0x0f), container = true;
    } else if (m <= 0x9f) {
      size = 1, children = m & 0x0fu, container = true;
    } else if (m <= 0xbf) {
      size = 1, payload = m & 0x1fu;
    } else {
      switch (m) {
        case 0xc0:
        case 0xc2:
        case 0xc3:
          size = 1;
          break;
        case 0xc4:  // bin8, str8, ext8 (+1 for the type)
        case 0xd9:
        case 0xc7:
          if (avail < 2) return fail(f, Error::truncated, p);
          size = 2, payload = p[1] + (m == 0xc7);
          break;
        case 0xc5:
        case 0xda:
        case 0xc8:
          if (avail < 3) return fail(f, Error::truncated, p);
          size = 3, payload = load16(p + 1) + (m == 0xc8);
          break;
        case 0xc6:
        case 0xdb:
        case 0xc9:
          if (avail < 5) return fail(f, Error::truncated, p);
          size = 5, payload = std::uint64_t{load32(p + 1)} + (m == 0xc9);
          break;
        case 0xcc:
        case 0xd0:
          size = 2;
          break;
        case 0xcd:
        case 0xd1:
        case 0xd4:
          size = 3;
          break;
        case 0xd5:
          size = 4;
          break;
        case 0xca:
        case 0xce:
        case 0xd2:
          size = 5;
          break;
        case 0xd6:
          size = 6;
          break;
        case 0xcb:
        case 0xcf:
        case 0xd3:
          size = 9;
          break;
        case 0xd7:
          size = 10;
          break;
        case 0xd8:
          size = 18;
          break;
        case 0xdc:
        case 0xde:
          if (avail < 3) return fail(f, Error::truncated, p);
          size = 3, children = load16(p + 1), container = true;
          break;
        case 0xdd:
        case 0xdf:
          if (avail < 5) return fail(f, Error::truncated, p);
          size = 5, children = load32(p + 1), container = true;
          break;
        default:  // 0xc1
          return fail(f, Error::invalid_marker, p);
      }
      if (m == 0xde || m == 0xdf) children *= 2;
    }
    if (avail < size) return fail(f, Error::truncated, p);
    if (avail - size < payload) return fail(f, Error::length_exceeds_input, p);
    if (container) {
      // Every child takes at least one byte.
      if (children > avail - size) return fail(f, Error::length_exceeds_input, p);
      if (depth + levels + 1 > kMaxDepth) return fail(f, Error::too_deep, p);
      pending[levels++] = left;
      left = children;
    }
    p += size + payload;
  }
}

// A map or array header of any width: its count, checked against the input (a map entry takes at
// least 2 bytes, an array element 1).
template <std::uint8_t kFixBase, std::uint8_t kMarker16, unsigned kMinBytes>
inline Pos read_header(Pos p, Pos end, std::uint32_t& n, Failure& f) noexcept {
  if (BENCH_HW_UNLIKELY(p == end)) return fail(f, Error::truncated, p);
  const Pos start = p;
  const std::uint8_t m = *p;
  if ((m & 0xf0) == kFixBase) {
    n = m & 0x0f;
    ++p;
  } else if (m == kMarker16) {
    if (end - p < 3) return fail(f, Error::truncated, start);
    n = load16(p + 1);
    p += 3;
  } else if (m == kMarker16 + 1) {
    if (end - p < 5) return fail(f, Error::truncated, start);
    n = load32(p + 1);
    p += 5;
  } else {
    return fail_type(f, p);
  }
  if (BENCH_HW_UNLIKELY(std::uint64_t{n} * kMinBytes > static_cast<std::size_t>(end - p))) {
    return fail(f, Error::length_exceeds_input, start);
  }
  return p;
}
inline Pos read_map_header(Pos p, Pos end, std::uint32_t& n, Failure& f) noexcept {
  return read_header<0x80, 0xde, 2>(p, end, n, f);
}
inline Pos read_array_header(Pos p, Pos end, std::uint32_t& n, Failure& f) noexcept {
  return read_header<0x90, 0xdc, 1>(p, end, n, f);
}

// The header of a str8/16/32 or bin8/16/32 at p (p < end): its length in n.
inline Pos read_long_str_header(Pos p, Pos end, std::size_t& n, Failure& f) noexcept {
  const std::size_t avail = static_cast<std::size_t>(end - p);
  switch (*p) {
    case 0xd9:
    case 0xc4:
      if (avail < 2) return fail(f, Error::truncated, p);
      n = p[1];
      return p + 2;
    case 0xda:
    case 0xc5:
      if (avail < 3) return fail(f, Error::truncated, p);
      n = load16(p + 1);
      return p + 3;
    case 0xdb:
    case 0xc6:
      if (avail < 5) return fail(f, Error::truncated, p);
      n = load32(p + 1);
      return p + 5;
    default:
      return fail_type(f, p);
  }
}

// Copies over the string's old characters: its capacity is kept (assign() would keep it too,
// through the general replace that handles overlapping input).
inline void set_string(std::string& out, Pos bytes, std::size_t n) {
  if (n <= out.size()) {
    std::memcpy(out.data(), bytes, n);
    out.resize(n);
  } else {
    out.clear();
    out.append(reinterpret_cast<const char*>(bytes), n);
  }
}

inline Pos read_str(Pos p, Pos end, std::string& out, Failure& f) {
  if (BENCH_HW_UNLIKELY(p == end)) return fail(f, Error::truncated, p);
  const Pos start = p;
  std::size_t n = 0;
  if ((*p & 0xe0) == 0xa0) {
    n = *p & 0x1f;
    ++p;
  } else {
    p = read_long_str_header(p, end, n, f);
    if (!p) return p;
  }
  if (BENCH_HW_UNLIKELY(static_cast<std::size_t>(end - p) < n)) {
    return fail(f, Error::length_exceeds_input, start);
  }
  set_string(out, p, n);
  return p + n;
}

// A map key: a str (or bin) as a view into the input. A key of another type is skipped and comes
// back as a length no field has (kNoKey), so the caller skips its value as well.
constexpr std::size_t kNoKey = ~std::size_t{0};
inline Pos read_key(Pos p, Pos end, const char*& key, std::size_t& n, unsigned depth,
                    Failure& f) noexcept {
  if (BENCH_HW_UNLIKELY(p == end)) return fail(f, Error::truncated, p);
  const Pos start = p;
  const std::uint8_t m = *p;
  if (BENCH_HW_LIKELY((m & 0xe0) == 0xa0)) {
    n = m & 0x1f;
    ++p;
  } else if ((m >= 0xd9 && m <= 0xdb) || (m >= 0xc4 && m <= 0xc6)) {
    p = read_long_str_header(p, end, n, f);
    if (!p) return p;
  } else {
    n = kNoKey;
    return skip(p, end, depth, f);
  }
  if (BENCH_HW_UNLIKELY(static_cast<std::size_t>(end - p) < n)) {
    return fail(f, Error::length_exceeds_input, start);
  }
  key = reinterpret_cast<const char*>(p);
  return p + n;
}

inline Pos read_bool(Pos p, Pos end, bool& out, Failure& f) noexcept {
  if (BENCH_HW_UNLIKELY(p == end)) return fail(f, Error::truncated, p);
  const std::uint8_t m = *p;
  if (BENCH_HW_UNLIKELY((m & 0xfe) != 0xc2)) return fail_type(f, p);
  out = m == 0xc3;
  return p + 1;
}

// Any integer form at p: a non-negative value in `u` (negative false) or a negative one in `s`
// (negative true). The position after it, or nullptr.
inline Pos read_any_int(Pos p, Pos end, std::uint64_t& u, std::int64_t& s, bool& negative,
                        Failure& f) noexcept {
  if (BENCH_HW_UNLIKELY(p == end)) return fail(f, Error::truncated, p);
  const std::uint8_t m = *p;
  const std::size_t avail = static_cast<std::size_t>(end - p);
  negative = false;
  if (m <= 0x7f) {
    u = m;
    return p + 1;
  }
  if (m >= 0xe0) {
    s = static_cast<std::int8_t>(m);
    negative = true;
    return p + 1;
  }
  std::size_t size = 0;
  switch (m) {
    case 0xcc:
      size = 2;
      if (avail < size) break;
      u = p[1];
      return p + size;
    case 0xcd:
      size = 3;
      if (avail < size) break;
      u = load16(p + 1);
      return p + size;
    case 0xce:
      size = 5;
      if (avail < size) break;
      u = load32(p + 1);
      return p + size;
    case 0xcf:
      size = 9;
      if (avail < size) break;
      u = load64(p + 1);
      return p + size;
    case 0xd0:
      size = 2;
      if (avail < size) break;
      s = static_cast<std::int8_t>(p[1]);
      break;
    case 0xd1:
      size = 3;
      if (avail < size) break;
      s = static_cast<std::int16_t>(load16(p + 1));
      break;
    case 0xd2:
      size = 5;
      if (avail < size) break;
      s = static_cast<std::int32_t>(load32(p + 1));
      break;
    case 0xd3:
      size = 9;
      if (avail < size) break;
      s = static_cast<std::int64_t>(load64(p + 1));
      break;
    default:
      return fail_type(f, p);
  }
  if (avail < size) return fail(f, Error::truncated, p);
  // A signed form: it may hold a non-negative value.
  if (s >= 0) {
    u = static_cast<std::uint64_t>(s);
  } else {
    negative = true;
  }
  return p + size;
}

inline Pos read_int64(Pos p, Pos end, std::int64_t& out, Failure& f) noexcept {
  if (BENCH_HW_LIKELY(p != end && *p <= 0x7f)) {  // positive fixint: most small numbers
    out = *p;
    return p + 1;
  }
  std::uint64_t u = 0;
  std::int64_t s = 0;
  bool negative = false;
  const Pos start = p;
  p = read_any_int(p, end, u, s, negative, f);
  if (!p) return p;
  if (negative) {
    out = s;
  } else if (BENCH_HW_UNLIKELY(u > 0x7fffffffffffffffull)) {
    return fail(f, Error::out_of_range, start);
  } else {
    out = static_cast<std::int64_t>(u);
  }
  return p;
}

inline Pos read_uint64(Pos p, Pos end, std::uint64_t& out, Failure& f) noexcept {
  std::uint64_t u = 0;
  std::int64_t s = 0;
  bool negative = false;
  const Pos start = p;
  p = read_any_int(p, end, u, s, negative, f);
  if (!p) return p;
  if (BENCH_HW_UNLIKELY(negative)) return fail(f, Error::out_of_range, start);
  out = u;
  return p;
}

// float32, float64 or any integer.
inline Pos read_float(Pos p, Pos end, float& out, Failure& f) noexcept {
  if (BENCH_HW_UNLIKELY(p == end)) return fail(f, Error::truncated, p);
  const std::uint8_t m = *p;
  const std::size_t avail = static_cast<std::size_t>(end - p);
  if (m == 0xca) {
    if (avail < 5) return fail(f, Error::truncated, p);
    std::uint32_t bits = load32(p + 1);
    std::memcpy(&out, &bits, 4);
    return p + 5;
  }
  if (m == 0xcb) {
    if (avail < 9) return fail(f, Error::truncated, p);
    std::uint64_t bits = load64(p + 1);
    double d;
    std::memcpy(&d, &bits, 8);
    out = static_cast<float>(d);
    return p + 9;
  }
  std::uint64_t u = 0;
  std::int64_t s = 0;
  bool negative = false;
  p = read_any_int(p, end, u, s, negative, f);
  if (!p) return p;
  out = negative ? static_cast<float>(s) : static_cast<float>(u);
  return p;
}

// --- the structs -------------------------------------------------------------------------------

// `depth`: the containers around the value being decoded (0 for the top-level struct).

inline Pos decode_sub(Pos p, Pos end, Sub& v, unsigned depth, Failure& f) {
  std::uint32_t n = 0;
  p = read_map_header(p, end, n, f);
  if (!p) return p;
  for (std::uint32_t i = 0; i < n; ++i) {
    const char* key = nullptr;
    std::size_t size = 0;
    p = read_key(p, end, key, size, depth + 1, f);
    if (!p) return p;
    switch (size) {
      case 3:
        if (std::memcmp(key, "key", 3) == 0) {
          p = read_str(p, end, v.key, f);
          if (!p) return p;
          continue;
        }
        break;
      case 6:
        if (std::memcmp(key, "active", 6) == 0) {
          p = read_bool(p, end, v.active, f);
          if (!p) return p;
          continue;
        }
        break;
    }
    p = skip(p, end, depth + 1, f);
    if (!p) return p;
  }
  return p;
}

inline Pos decode_sub(Pos p, Pos end, SubArray& v, unsigned depth, Failure& f) {
  std::uint32_t n = 0;
  p = read_array_header(p, end, n, f);
  if (!p) return p;
  if (n > 0 && !(p = read_str(p, end, v.key, f))) return p;
  if (n > 1 && !(p = read_bool(p, end, v.active, f))) return p;
  for (std::uint32_t i = 2; i < n; ++i) {
    if (!(p = skip(p, end, depth + 1, f))) return p;
  }
  return p;
}

// A value of a map entry starts from scratch (its key string keeps its capacity).
inline void reset(Sub& v) noexcept {
  v.key.clear();
  v.active = false;
}
inline void reset(SubArray& v) noexcept {
  v.key.clear();
  v.active = false;
}
inline void reset(bool& v) noexcept {
  v = false;
}

inline Pos decode_item(Pos p, Pos end, Sub& v, unsigned depth, Failure& f) {
  return decode_sub(p, end, v, depth, f);
}
inline Pos decode_item(Pos p, Pos end, SubArray& v, unsigned depth, Failure& f) {
  return decode_sub(p, end, v, depth, f);
}
inline Pos decode_item(Pos p, Pos end, bool& v, unsigned, Failure& f) {
  return read_bool(p, end, v, f);
}

template <class SubT>
Pos decode_subs(Pos p, Pos end, std::vector<SubT>& v, unsigned depth, Failure& f) {
  std::uint32_t n = 0;
  p = read_array_header(p, end, n, f);
  if (!p) return p;
  v.resize(n);  // n is bounded by the input's size; the elements there are decoded into
  for (SubT& item : v) {
    p = decode_sub(p, end, item, depth + 1, f);
    if (!p) return p;
  }
  return p;
}

inline Pos decode_weights(Pos p, Pos end, std::vector<std::uint64_t>& v, Failure& f) {
  std::uint32_t n = 0;
  p = read_array_header(p, end, n, f);
  if (!p) return p;
  v.resize(n);
  for (std::uint64_t& item : v) {
    p = read_uint64(p, end, item, f);
    if (!p) return p;
  }
  return p;
}

// A map with string keys. The nodes of the map's previous content are reused (keys arrive sorted
// from a std::map, so each goes in at the end); a duplicate key keeps the last value.
template <class V>
Pos decode_string_map(Pos p, Pos end, std::map<std::string, V>& m, unsigned depth, Failure& f) {
  std::uint32_t n = 0;
  p = read_map_header(p, end, n, f);
  if (!p) return p;
  std::map<std::string, V> spare;
  spare.swap(m);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (!spare.empty()) {
      auto node = spare.extract(spare.begin());
      p = read_str(p, end, node.key(), f);
      if (!p) return p;
      reset(node.mapped());
      p = decode_item(p, end, node.mapped(), depth + 1, f);
      if (!p) return p;
      auto position = m.insert(m.end(), std::move(node));
      if (node) position->second = std::move(node.mapped());  // a duplicate key
    } else {
      std::string key;
      p = read_str(p, end, key, f);
      if (!p) return p;
      const std::size_t before = m.size();
      auto position = m.try_emplace(m.end(), std::move(key));
      if (m.size() == before) reset(position->second);  // a duplicate key
      p = decode_item(p, end, position->second, depth + 1, f);
      if (!p) return p;
    }
  }
  return p;
}

template <class Internal>
Pos decode_internal_map(Pos p, Pos end, Internal& v, unsigned depth, Failure& f) {
  std::uint32_t n = 0;
  p = read_map_header(p, end, n, f);
  if (!p) return p;
  for (std::uint32_t i = 0; i < n; ++i) {
    const char* key = nullptr;
    std::size_t size = 0;
    p = read_key(p, end, key, size, depth + 1, f);
    if (!p) return p;
    if (size == 5 && std::memcmp(key, "value", 5) == 0) {
      p = read_float(p, end, v.value, f);
    } else {
      p = skip(p, end, depth + 1, f);
    }
    if (!p) return p;
  }
  return p;
}

template <class Internal>
Pos decode_internal_array(Pos p, Pos end, Internal& v, unsigned depth, Failure& f) {
  std::uint32_t n = 0;
  p = read_array_header(p, end, n, f);
  if (!p) return p;
  if (n > 0 && !(p = read_float(p, end, v.value, f))) return p;
  for (std::uint32_t i = 1; i < n; ++i) {
    if (!(p = skip(p, end, depth + 1, f))) return p;
  }
  return p;
}

inline Pos decode_data(Pos p, Pos end, Data& v, Failure& f) {
  constexpr unsigned depth = 0;
  std::uint32_t n = 0;
  p = read_map_header(p, end, n, f);
  if (!p) return p;
  for (std::uint32_t i = 0; i < n; ++i) {
    const char* key = nullptr;
    std::size_t size = 0;
    p = read_key(p, end, key, size, depth + 1, f);
    if (!p) return p;
    switch (size) {
      case 4:
        if (std::memcmp(key, "name", 4) == 0) {
          p = read_str(p, end, v.name, f);
        } else if (std::memcmp(key, "subs", 4) == 0) {
          p = decode_subs(p, end, v.subs, depth + 1, f);
        } else if (std::memcmp(key, "meta", 4) == 0) {
          p = decode_string_map(p, end, v.meta, depth + 1, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      case 5:
        if (std::memcmp(key, "count", 5) == 0) {
          p = read_int64(p, end, v.count, f);
        } else if (std::memcmp(key, "flags", 5) == 0) {
          p = decode_string_map(p, end, v.flags, depth + 1, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      case 7:
        if (std::memcmp(key, "weights", 7) == 0) {
          p = decode_weights(p, end, v.weights, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      case 8:
        if (std::memcmp(key, "internal", 8) == 0) {
          p = decode_internal_map(p, end, v.internal, depth + 1, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      default:
        p = skip(p, end, depth + 1, f);
        break;
    }
    if (!p) return p;
  }
  return p;
}

inline Pos decode_flat(Pos p, Pos end, Flat& v, Failure& f) {
  constexpr unsigned depth = 0;
  std::uint32_t n = 0;
  p = read_map_header(p, end, n, f);
  if (!p) return p;
  for (std::uint32_t i = 0; i < n; ++i) {
    const char* key = nullptr;
    std::size_t size = 0;
    p = read_key(p, end, key, size, depth + 1, f);
    if (!p) return p;
    switch (size) {
      case 3:
        if (std::memcmp(key, "age", 3) == 0) {
          p = read_int64(p, end, v.age, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      case 4:
        if (std::memcmp(key, "name", 4) == 0) {
          p = read_str(p, end, v.name, f);
        } else if (std::memcmp(key, "city", 4) == 0) {
          p = read_str(p, end, v.city, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      case 6:
        if (std::memcmp(key, "weight", 6) == 0) {
          p = read_int64(p, end, v.weight, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      case 7:
        if (std::memcmp(key, "surname", 7) == 0) {
          p = read_str(p, end, v.surname, f);
        } else if (std::memcmp(key, "fortune", 7) == 0) {
          p = read_int64(p, end, v.fortune, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      case 10:
        if (std::memcmp(key, "patronymic", 10) == 0) {
          p = read_str(p, end, v.patronymic, f);
        } else {
          p = skip(p, end, depth + 1, f);
        }
        break;
      default:
        p = skip(p, end, depth + 1, f);
        break;
    }
    if (!p) return p;
  }
  return p;
}

inline Pos decode_data(Pos p, Pos end, DataArray& v, Failure& f) {
  constexpr unsigned depth = 0;
  std::uint32_t n = 0;
  p = read_array_header(p, end, n, f);
  if (!p) return p;
  // A shorter array leaves the trailing fields as they are.
  if (n > 0 && !(p = read_str(p, end, v.name, f))) return p;
  if (n > 1 && !(p = read_int64(p, end, v.count, f))) return p;
  if (n > 2 && !(p = decode_subs(p, end, v.subs, depth + 1, f))) return p;
  if (n > 3 && !(p = decode_internal_array(p, end, v.internal, depth + 1, f))) return p;
  if (n > 4 && !(p = decode_weights(p, end, v.weights, f))) return p;
  if (n > 5 && !(p = decode_string_map(p, end, v.meta, depth + 1, f))) return p;
  if (n > 6 && !(p = decode_string_map(p, end, v.flags, depth + 1, f))) return p;
  for (std::uint32_t i = 7; i < n; ++i) {
    if (!(p = skip(p, end, depth + 1, f))) return p;
  }
  return p;
}

inline Pos decode_flat(Pos p, Pos end, FlatArray& v, Failure& f) {
  constexpr unsigned depth = 0;
  std::uint32_t n = 0;
  p = read_array_header(p, end, n, f);
  if (!p) return p;
  if (n > 0 && !(p = read_str(p, end, v.name, f))) return p;
  if (n > 1 && !(p = read_str(p, end, v.surname, f))) return p;
  if (n > 2 && !(p = read_str(p, end, v.patronymic, f))) return p;
  if (n > 3 && !(p = read_str(p, end, v.city, f))) return p;
  if (n > 4 && !(p = read_int64(p, end, v.age, f))) return p;
  if (n > 5 && !(p = read_int64(p, end, v.weight, f))) return p;
  if (n > 6 && !(p = read_int64(p, end, v.fortune, f))) return p;
  for (std::uint32_t i = 7; i < n; ++i) {
    if (!(p = skip(p, end, depth + 1, f))) return p;
  }
  return p;
}

inline Result finish(Pos begin, Pos end, Pos p, const Failure& f) noexcept {
  Result r;
  if (BENCH_HW_UNLIKELY(p == nullptr)) {
    r.error = f.error;
    r.offset = static_cast<std::size_t>(f.at - begin);
  } else if (BENCH_HW_UNLIKELY(p != end)) {
    r.error = Error::trailing_bytes;
    r.offset = static_cast<std::size_t>(p - begin);
  }
  return r;
}

}  // namespace detail

// --- encode: one capacity check per struct -------------------------------------------------------
// False (nothing kept) when a string or container is too long for msgpack (2^32 - 1).
//
// Flat: one check for the whole struct. Data: one check per struct instance: Data's own fields
// (name and count with the subs header; internal, weights and the meta header), then each Sub,
// each meta entry (key and Sub) and each flags entry. Bounding the whole of Data first (walking
// subs, meta and flags once for the string sizes, then again to write) was measured and dropped:
// 25-35% slower per Data (callgrind: 1000 instructions and 17.2 conditional-branch mispredictions
// per Data against 949 and 13.6), as the std::map nodes are chased twice and every loop exit
// mispredicts twice.

inline bool encode(Bytes& out, const Flat& v) {
  using namespace detail;
  const std::size_t lengths =
      v.name.size() | v.surname.size() | v.patronymic.size() | v.city.size();
  if (BENCH_HW_UNLIKELY(lengths > 0xffffffffu)) return false;
  constexpr std::size_t kFixed = 1 + raw_size(kName) + raw_size(kSurname) + raw_size(kPatronymic) +
                                 raw_size(kCity) + raw_size(kAge) + raw_size(kWeight) +
                                 raw_size(kFortune) + 4 * kHeaderMax + 3 * kIntMax;
  std::uint8_t* p =
      out.room(kFixed + v.name.size() + v.surname.size() + v.patronymic.size() + v.city.size());
  *p++ = 0x87;
  p = put_raw(p, kName);
  p = put_str(p, v.name);
  p = put_raw(p, kSurname);
  p = put_str(p, v.surname);
  p = put_raw(p, kPatronymic);
  p = put_str(p, v.patronymic);
  p = put_raw(p, kCity);
  p = put_str(p, v.city);
  p = put_raw(p, kAge);
  p = put_int(p, v.age);
  p = put_raw(p, kWeight);
  p = put_int(p, v.weight);
  p = put_raw(p, kFortune);
  p = put_int(p, v.fortune);
  out.commit(p);
  return true;
}

inline bool encode(Bytes& out, const FlatArray& v) {
  using namespace detail;
  const std::size_t lengths =
      v.name.size() | v.surname.size() | v.patronymic.size() | v.city.size();
  if (BENCH_HW_UNLIKELY(lengths > 0xffffffffu)) return false;
  std::uint8_t* p = out.room(1 + 4 * kHeaderMax + 3 * kIntMax + v.name.size() + v.surname.size() +
                             v.patronymic.size() + v.city.size());
  *p++ = 0x97;
  p = put_str(p, v.name);
  p = put_str(p, v.surname);
  p = put_str(p, v.patronymic);
  p = put_str(p, v.city);
  p = put_int(p, v.age);
  p = put_int(p, v.weight);
  p = put_int(p, v.fortune);
  out.commit(p);
  return true;
}

inline bool encode(Bytes& out, const Data& v) {
  using namespace detail;
  const std::size_t start = out.size();
  if (BENCH_HW_UNLIKELY((v.name.size() | v.subs.size() | v.weights.size() | v.meta.size() |
                         v.flags.size()) > 0xffffffffu)) {
    return false;
  }
  std::uint8_t* p = out.room(1 + raw_size(kName) + kHeaderMax + v.name.size() + raw_size(kCount) +
                             kIntMax + raw_size(kSubs) + kHeaderMax);
  *p++ = 0x87;
  p = put_raw(p, kName);
  p = put_str(p, v.name);
  p = put_raw(p, kCount);
  p = put_int(p, v.count);
  p = put_raw(p, kSubs);
  p = put_array_header(p, v.subs.size());
  for (const Sub& sub : v.subs) {
    if (BENCH_HW_UNLIKELY(sub.key.size() > 0xffffffffu)) {
      out.truncate(start);
      return false;
    }
    p = out.room_at(p, kSubMapBound + sub.key.size());
    p = put_sub(p, sub);
  }
  p = out.room_at(p, raw_size(kInternal) + 1 + raw_size(kValue) + kFloatMax + raw_size(kWeights) +
                         kHeaderMax + kIntMax * v.weights.size() + raw_size(kMeta) + kHeaderMax);
  p = put_raw(p, kInternal);
  *p++ = 0x81;
  p = put_raw(p, kValue);
  p = put_float(p, v.internal.value);
  p = put_raw(p, kWeights);
  p = put_array_header(p, v.weights.size());
  for (std::uint64_t w : v.weights) p = put_uint(p, w);
  p = put_raw(p, kMeta);
  p = put_map_header(p, v.meta.size());
  for (const auto& [key, sub] : v.meta) {
    if (BENCH_HW_UNLIKELY((key.size() | sub.key.size()) > 0xffffffffu)) {
      out.truncate(start);
      return false;
    }
    p = out.room_at(p, kHeaderMax + key.size() + kSubMapBound + sub.key.size());
    p = put_str(p, key);
    p = put_sub(p, sub);
  }
  p = out.room_at(p, raw_size(kFlags) + kHeaderMax);
  p = put_raw(p, kFlags);
  p = put_map_header(p, v.flags.size());
  for (const auto& [key, flag] : v.flags) {
    if (BENCH_HW_UNLIKELY(key.size() > 0xffffffffu)) {
      out.truncate(start);
      return false;
    }
    p = out.room_at(p, kHeaderMax + key.size() + 1);
    p = put_str(p, key);
    p = put_bool(p, flag);
  }
  out.commit(p);
  return true;
}

inline bool encode(Bytes& out, const DataArray& v) {
  using namespace detail;
  const std::size_t start = out.size();
  if (BENCH_HW_UNLIKELY((v.name.size() | v.subs.size() | v.weights.size() | v.meta.size() |
                         v.flags.size()) > 0xffffffffu)) {
    return false;
  }
  std::uint8_t* p = out.room(1 + kHeaderMax + v.name.size() + kIntMax + kHeaderMax);
  *p++ = 0x97;
  p = put_str(p, v.name);
  p = put_int(p, v.count);
  p = put_array_header(p, v.subs.size());
  for (const SubArray& sub : v.subs) {
    if (BENCH_HW_UNLIKELY(sub.key.size() > 0xffffffffu)) {
      out.truncate(start);
      return false;
    }
    p = out.room_at(p, kSubArrayBound + sub.key.size());
    p = put_sub(p, sub);
  }
  p = out.room_at(p, 1 + kFloatMax + kHeaderMax + kIntMax * v.weights.size() + kHeaderMax);
  *p++ = 0x91;
  p = put_float(p, v.internal.value);
  p = put_array_header(p, v.weights.size());
  for (std::uint64_t w : v.weights) p = put_uint(p, w);
  p = put_map_header(p, v.meta.size());
  for (const auto& [key, sub] : v.meta) {
    if (BENCH_HW_UNLIKELY((key.size() | sub.key.size()) > 0xffffffffu)) {
      out.truncate(start);
      return false;
    }
    p = out.room_at(p, kHeaderMax + key.size() + kSubArrayBound + sub.key.size());
    p = put_str(p, key);
    p = put_sub(p, sub);
  }
  p = out.room_at(p, kHeaderMax);
  p = put_map_header(p, v.flags.size());
  for (const auto& [key, flag] : v.flags) {
    if (BENCH_HW_UNLIKELY(key.size() > 0xffffffffu)) {
      out.truncate(start);
      return false;
    }
    p = out.room_at(p, kHeaderMax + key.size() + 1);
    p = put_str(p, key);
    p = put_bool(p, flag);
  }
  out.commit(p);
  return true;
}

// --- decode: the single value in [data, data + size)
// -------------------------------------------------

inline Result decode(const void* data, std::size_t size, Flat& v) {
  const detail::Pos begin = static_cast<detail::Pos>(data);
  detail::Failure f;
  return detail::finish(begin, begin + size, detail::decode_flat(begin, begin + size, v, f), f);
}
inline Result decode(const void* data, std::size_t size, FlatArray& v) {
  const detail::Pos begin = static_cast<detail::Pos>(data);
  detail::Failure f;
  return detail::finish(begin, begin + size, detail::decode_flat(begin, begin + size, v, f), f);
}
inline Result decode(const void* data, std::size_t size, Data& v) {
  const detail::Pos begin = static_cast<detail::Pos>(data);
  detail::Failure f;
  return detail::finish(begin, begin + size, detail::decode_data(begin, begin + size, v, f), f);
}
inline Result decode(const void* data, std::size_t size, DataArray& v) {
  const detail::Pos begin = static_cast<detail::Pos>(data);
  detail::Failure f;
  return detail::finish(begin, begin + size, detail::decode_data(begin, begin + size, v, f), f);
}

}  // namespace bench::handwritten
