// The customisation point every encoder and decoder goes through, and its specialisations for
// scalars and strings. Containers are in containers.hpp; structs are generated.
//
//   template <> struct msgpack_gen::codec<T> {
//     static void encode(Writer& out, const T& value);
//     static bool decode(Reader& in, T& value);  // false: the reader holds the error
//   };
//
// A type generated marshal-only (`Type:+-`) has no decode, unmarshal-only (`Type:-+`) no encode.
//
// A generated map-mode codec also has what structs that inline it (MSGPACK_TAG(",inline")) call:
//     static constexpr std::uint32_t kFieldCount;  // its pairs, at most
//     // The pairs encode_fields() writes for this value (omitempty fields left out).
//     static std::uint32_t field_count(const T& value);
//     // The pairs without a map header. `prefix`: pre-encoded bytes written first, sharing the
//     // first fields' capacity check (encode() passes the map header).
//     static void encode_fields(Writer& out, const T& value, std::string_view prefix = {});
//     // Decodes the value of `key` into its field: the field's index, or kUnknownField or
//     // kFieldFailed (below). Structs that inline this one call it for keys they do not know.
//     static int decode_field(Reader& in, std::string_view key, T& value);
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "msgpack_gen/detail/copy.hpp"
#include "msgpack_gen/gen/decode.hpp"
#include "msgpack_gen/reader.hpp"
#include "msgpack_gen/writer.hpp"

namespace msgpack_gen {

template <class T, class Enable = void>
struct codec;  // no definition: a type without a codec does not compile

template <>
struct codec<bool> {
  static void encode(Writer& out, bool value) { out.boolean(value); }
  static bool decode(Reader& in, bool& value) { return in.read_bool(value); }
};

template <class T>
struct codec<T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>>> {
  static void encode(Writer& out, T value) {
    if constexpr (std::is_signed_v<T>) {
      out.sint(static_cast<std::int64_t>(value));
    } else {
      out.uint(static_cast<std::uint64_t>(value));
    }
  }
  static bool decode(Reader& in, T& value) { return in.read_int(value); }
};

template <>
struct codec<float> {
  static void encode(Writer& out, float value) { out.f32(value); }
  static bool decode(Reader& in, float& value) { return in.read_float(value); }
};

template <>
struct codec<double> {
  static void encode(Writer& out, double value) { out.f64(value); }
  static bool decode(Reader& in, double& value) { return in.read_float(value); }
};

// The values an enum without a fixed underlying type can hold (`enum E { a, b, c }` holds
// 0..3): generated per such enum, so decoding never casts a number it cannot hold.
//   static constexpr long long min, max;
template <class E>
struct enum_range;

namespace detail {
template <class E, class = void>
struct has_enum_range : std::false_type {};
template <class E>
struct has_enum_range<E, std::void_t<decltype(enum_range<E>::max)>> : std::true_type {};
}  // namespace detail

// Enums travel as their underlying integer.
template <class T>
struct codec<T, std::enable_if_t<std::is_enum_v<T>>> {
  using Underlying = std::underlying_type_t<T>;
  static void encode(Writer& out, T value) {
    codec<Underlying>::encode(out, static_cast<Underlying>(value));
  }
  static bool decode(Reader& in, T& value) {
    Underlying raw{};
    if (!codec<Underlying>::decode(in, raw)) return false;
    if constexpr (detail::has_enum_range<T>::value) {
      using Wide = std::conditional_t<std::is_signed_v<Underlying>, long long, unsigned long long>;
      const bool below =
          std::is_signed_v<Underlying> && static_cast<long long>(raw) < enum_range<T>::min;
      if (below || static_cast<Wide>(raw) > static_cast<Wide>(enum_range<T>::max)) {
        return in.invalid(
            std::to_string(static_cast<Wide>(raw)) + " is not a value the enum can hold (" +
            std::to_string(enum_range<T>::min) + ".." + std::to_string(enum_range<T>::max) + ")");
      }
    }
    value = static_cast<T>(raw);
    return true;
  }
};

template <>
struct codec<std::string> {
  static void encode(Writer& out, const std::string& value) { out.str(value.data(), value.size()); }
  // Reuses the string's capacity. The common case, a fixstr no longer than the string it
  // replaces, is inlined into the caller and calls nothing (a call here cost more than the copy:
  // its saved registers, docs/benchmarks.md); every other case continues out of line.
  MSGPACK_GEN_ALWAYS_INLINE static bool decode(Reader& in, std::string& value) {
    std::string_view text;
    if (MSGPACK_GEN_LIKELY(in.read_fixstr(text))) {
      if (MSGPACK_GEN_LIKELY(text.size() <= value.size())) {
        overwrite(value, text);
        return true;
      }
      return grow(in, value, text);
    }
    return decode_other(in, value);
  }

 private:
  // Both ways keep the capacity and avoid assign()'s general replace (which handles overlapping
  // input): a copy over the old characters when the string does not grow, else clear() +
  // append().
  MSGPACK_GEN_ALWAYS_INLINE static void overwrite(std::string& value, std::string_view text) {
    detail::copy_payload(value.data(), text.data(), text.size());
    value.erase(text.size());  // shortens in place, inline (resize() is a library call)
  }
  MSGPACK_GEN_NOINLINE static bool grow(Reader& in, std::string& value, std::string_view text) {
    if (text.size() > value.capacity() && !in.charge(text.size())) return false;
    value.clear();
    value.append(text.data(), text.size());
    return true;
  }
  // Any str or bin but a fixstr read_fixstr() takes, and every error: read_str() past its fast
  // path, which read_fixstr() has just tried.
  MSGPACK_GEN_NOINLINE static bool decode_other(Reader& in, std::string& value) {
    const std::string_view text = in.read_long_str();
    if (text.data() == nullptr) return false;
    if (text.size() <= value.size()) {
      overwrite(value, text);
      return true;
    }
    return grow(in, value, text);
  }
};

// Decoded as a view into the input: the input must outlive the value.
template <>
struct codec<std::string_view> {
  static void encode(Writer& out, std::string_view value) { out.str(value.data(), value.size()); }
  static bool decode(Reader& in, std::string_view& value) { return in.read_str(value); }
};

// Whether codec<T> is visible with an encode / a decode.
namespace detail {
template <class T, class = void>
struct has_encode : std::false_type {};
template <class T>
struct has_encode<
    T, std::void_t<decltype(codec<T>::encode(std::declval<Writer&>(), std::declval<const T&>()))>>
    : std::true_type {};
template <class T, class = void>
struct has_decode : std::false_type {};
template <class T>
struct has_decode<
    T, std::void_t<decltype(codec<T>::decode(std::declval<Reader&>(), std::declval<T&>()))>>
    : std::true_type {};
}  // namespace detail

// What generated code calls for every field: the codec of the field's type. The checks turn
// "incomplete type codec<T>" deep in a class template's code into one sentence (the compiler
// names T in the lines that follow it).
template <class T>
inline void write_value(Writer& out, const T& value) {
  static_assert(detail::has_encode<T>::value,
                "no msgpack_gen::codec<T> with an encode is visible here for a field of type T: "
                "include T's generated header (<header>.msgpack.hpp) before the code that "
                "marshals its holder, or give T a codec (a type generated unmarshal-only, "
                "T:-+, has no encode)");
  if constexpr (detail::has_encode<T>::value) codec<T>::encode(out, value);
}
template <class T>
inline bool read_value(Reader& in, T& value) {
  static_assert(detail::has_decode<T>::value,
                "no msgpack_gen::codec<T> with a decode is visible here for a field of type T: "
                "include T's generated header (<header>.msgpack.hpp) before the code that "
                "unmarshals its holder, or give T a codec (a type generated marshal-only, T:+-, "
                "has no decode)");
  if constexpr (detail::has_decode<T>::value) {
    return codec<T>::decode(in, value);
  } else {
    return false;
  }
}

// A field tagged MSGPACK_TAG(",limit=N"): its strings, byte strings, arrays and maps (nested
// ones included) hold at most N bytes or entries while it is decoded.
template <class T>
inline bool read_value_limited(Reader& in, std::uint32_t limit, T& value) {
  Reader::LimitScope scope(in, limit);
  return codec<T>::decode(in, value);
}

// A whole map-mode struct by key lookup alone, for codecs written by hand that provide
// decode_field() the way generated ones do.
template <class Codec, class T>
bool decode_map_by_key(Reader& in, T& value) {
  std::uint32_t count = 0;
  if (!in.read_map_header(count)) return false;
  if (!in.enter()) return false;
  return gen::decode_rest_by_key<Codec>(in, value, 0, count);
}

// Enumerator names for enums written as strings (the as_string tag); generated per enum:
//   static const char* name(E);                  // nullptr for a value with no name
//   static bool parse(std::string_view, E&);
template <class E>
struct enum_names;

// Whether msgpack-gen generated E's names (E is written as_string, or read strict, by a field).
template <class E, class = void>
struct has_enum_names : std::false_type {};
template <class E>
struct has_enum_names<E, std::void_t<decltype(enum_names<E>::name(E{}))>> : std::true_type {};

// The names of an enum's enumerators, for logs, configuration and command lines: the same
// tables the generated code writes and reads as_string enums with. "published", or nullptr for
// a value that no enumerator has.
template <class E>
const char* enum_to_string(E value) {
  static_assert(has_enum_names<E>::value,
                "msgpack_gen::enum_to_string: no names for this enum; msgpack-gen generates them "
                "for an enum that some generated field writes as_string or reads strict");
  return enum_names<E>::name(value);
}
// The enumerator named `text` (exactly, case and all) into value; false, value untouched, for
// a text that names none.
template <class E>
bool enum_from_string(std::string_view text, E& value) {
  static_assert(has_enum_names<E>::value,
                "msgpack_gen::enum_from_string: no names for this enum; msgpack-gen generates "
                "them for an enum that some generated field writes as_string or reads strict");
  return enum_names<E>::parse(text, value);
}

// An as_string enum: its enumerator's name, or its number if it has none.
template <class E>
inline void write_enum_name(Writer& out, E value) {
  if (const char* name = enum_names<E>::name(value)) {
    out.str(name, std::char_traits<char>::length(name));
  } else {
    codec<E>::encode(out, value);
  }
}
// An enum field tagged ",strict": only its declared enumerators are accepted; any other number
// is an invalid_value error naming it.
template <class E>
inline bool read_known_enum(Reader& in, E& value) {
  E decoded{};
  if (!codec<E>::decode(in, decoded)) return false;
  if (enum_names<E>::name(decoded) == nullptr) {
    using Underlying = std::underlying_type_t<E>;
    using Wide = std::conditional_t<std::is_signed_v<Underlying>, long long, unsigned long long>;
    return in.invalid(std::to_string(static_cast<Wide>(decoded)) + " is not a value of the enum");
  }
  value = decoded;
  return true;
}

// Accepts the enumerator's name, or its number (with `known_only`, only a declared one); an
// unknown name is an error.
template <class E>
inline bool read_enum_name(Reader& in, E& value, bool known_only = false) {
  if (!in.next_is_str())
    return known_only ? read_known_enum(in, value) : codec<E>::decode(in, value);
  std::string_view text;
  if (!in.read_str(text)) return false;
  if (enum_names<E>::parse(text, value)) return true;
  return in.invalid("\"" + escaped(text) + "\" is not a name of the enum");
}

namespace detail {
template <class T, class = void>
struct has_empty : std::false_type {};
template <class T>
struct has_empty<T, std::void_t<decltype(std::declval<const T&>().empty())>> : std::true_type {};
template <class T, class = void>
struct has_has_value : std::false_type {};
template <class T>
struct has_has_value<T, std::void_t<decltype(std::declval<const T&>().has_value())>>
    : std::true_type {};
// Pointers, smart pointers included: they compare equal to nullptr.
template <class T>
using null_comparison_t = decltype(std::declval<const T&>() == nullptr);
template <class T, class = void>
struct is_nullable : std::false_type {};
template <class T>
struct is_nullable<T, std::void_t<null_comparison_t<T>>> : std::true_type {};
}  // namespace detail

// Whether `omitempty` leaves a value out: zero numbers, false, empty strings and containers,
// empty optionals and pointers. Structs are never empty.
template <class T>
bool is_empty(const T& value) {
  if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
    return value == T{};
  } else if constexpr (detail::has_empty<T>::value) {
    return value.empty();
  } else if constexpr (detail::has_has_value<T>::value) {
    return !value.has_value();
  } else if constexpr (std::is_array_v<T>) {
    return false;  // a C array always holds its N elements
  } else if constexpr (detail::is_nullable<T>::value) {
    return value == nullptr;
  } else {
    return false;
  }
}

}  // namespace msgpack_gen
