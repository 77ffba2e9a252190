// Printing values as JSON text: any generated struct with its field names, and the standard and
// runtime types it holds. For logs, test failures and debugging:
//
//   #include <msgpack_gen/print.hpp>   // before the generated headers
//   #include "order.msgpack.hpp"
//   std::string text = msgpack_gen::to_json(order);  // {"id": 7, "lines": [...], "note": null}
//   std::cout << order << '\n';                       // the same text (generated operator<<)
//   std::cout << msgpack_gen::to_json(order, 2);      // indented, one member per line
//
// The text is what msgpack_gen::dump() prints for the bytes marshal() writes, with names where the
// bytes have positions or integer keys (as msgpack-gen --dump --contract prints them): map-mode
// structs by their keys, as_array and integer-keyed structs by their fields' names; omitempty
// fields that are empty are left out, as on the wire; as_string enums by name; fields tagged
// ",redact" as "***". Values without structure of their own (numbers, strings, bin, time points,
// extension types, custom codecs) print as dump() prints their encoding: see docs/inspecting.md.
// Include it before the generated headers: they define their structs' print() functions and
// operator<< only when it came first, so a file that does not print does not parse them.
#pragma once

// Generated headers included after this one declare operator<< for their structs.
#define MSGPACK_GEN_PRINT_INCLUDED 1

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "msgpack_gen/buffer.hpp"
#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/detail/json_text.hpp"
#include "msgpack_gen/detail/payload.hpp"
#include "msgpack_gen/dump.hpp"
#include "msgpack_gen/gen/print.hpp"
#include "msgpack_gen/writer.hpp"

namespace msgpack_gen {

// Writes JSON text: objects, arrays and the separators and indentation between their items.
// Generated print functions call begin_object(), key(), end_object() and print_json().
class JsonWriter {
 public:
  // `indent`: spaces per level, one member or element per line; 0: all on one line.
  explicit JsonWriter(std::string& out, unsigned indent = 0) : out_(out), indent_(indent) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // A member's name; its value follows.
  void key(std::string_view name) {
    item();
    detail::append_json_string(out_, name);
    out_ += ": ";
    after_key_ = true;
  }
  // A field tagged ",redact": printed as "***" whatever it holds.
  void redacted() { string("***"); }
  void string(std::string_view text) {
    item();
    detail::append_json_string(out_, text);
  }
  // A value that is already JSON text.
  void text(std::string_view json) {
    item();
    out_ += json;
  }
  // A value as dump() prints msgpack bytes, at this writer's depth.
  void msgpack(const std::uint8_t* bytes, std::size_t size) {
    item();
    DumpOptions options;
    options.max_output = 0;
    options.indent = indent_;
    options.start_level = level_;
    dump(bytes, size, out_, options);
  }

 private:
  // Before a value: the separator from the previous item of the same object or array.
  void item() {
    if (after_key_) {  // the value of a key: nothing between them
      after_key_ = false;
      return;
    }
    if (level_ == 0) return;
    if (!first_.back()) out_ += ',';
    first_.back() = false;
    if (indent_ != 0) {
      out_ += '\n';
      out_.append(std::size_t{level_} * indent_, ' ');
    } else if (out_.back() == ',') {
      out_ += ' ';
    }
  }
  void open(char bracket) {
    item();
    out_ += bracket;
    ++level_;
    first_.push_back(true);
  }
  void close(char bracket) {
    const bool empty = first_.back();
    first_.pop_back();
    --level_;
    if (!empty && indent_ != 0) {
      out_ += '\n';
      out_.append(std::size_t{level_} * indent_, ' ');
    }
    out_ += bracket;
  }

  std::string& out_;
  unsigned indent_ = 0;
  unsigned level_ = 0;
  bool after_key_ = false;
  std::vector<bool> first_;  // per open object or array: no item yet
};

// How a type prints: a generated struct by its codec's print(); containers, optionals, variants,
// tuples element by element (so that the structs inside keep their names); anything else as
// dump() prints its encoding (below, after the traits they need).
template <class T, class Enable = void>
struct printer;

// Prints `value` to `out` (as part of a larger value, or alone).
template <class T>
void print_json(JsonWriter& out, const T& value) {
  printer<T>::print(out, value);
}

// An enum field tagged as_string: its enumerator's name, or its number if it has none (as
// marshal writes it).
template <class E>
void print_enum_name(JsonWriter& out, E value) {
  if (const char* name = enum_names<E>::name(value)) {
    out.string(name);
  } else {
    print_json(out, value);
  }
}

// `value` as JSON text; `indent` as for JsonWriter.
template <class T>
std::string to_json(const T& value, unsigned indent = 0) {
  std::string text;
  JsonWriter out(text, indent);
  print_json(out, value);
  return text;
}

namespace detail {

template <class T, class = void>
struct has_generated_print : std::false_type {};
template <class T>
struct has_generated_print<T, std::void_t<decltype(codec<T>::print(std::declval<JsonWriter&>(),
                                                                   std::declval<const T&>()))>>
    : std::true_type {};

template <class T>
struct is_std_array : std::false_type {};
template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};

// Containers printed element by element (so that structs inside keep their names): anything
// with begin()/end() and a value_type, but strings and byte vectors, which are one value.
template <class T, class = void>
struct is_sequence : std::false_type {};
template <class T>
struct is_sequence<T, std::void_t<typename T::value_type, decltype(std::begin(std::declval<T&>())),
                                  decltype(std::end(std::declval<T&>()))>>
    : std::bool_constant<!std::is_convertible_v<const T&, std::string_view> &&
                         !is_byte_v<typename T::value_type>> {};

template <class T, class = void>
struct is_map : std::false_type {};
template <class T>
struct is_map<T, std::void_t<typename T::key_type, typename T::mapped_type>> : std::true_type {};

}  // namespace detail

// What has no structure of its own here (numbers, strings, bin, enums, times, extension types,
// custom codecs): its encoding, as dump() prints it.
template <class T, class Enable>
struct printer {
  static void print(JsonWriter& out, const T& value) {
    static_assert(detail::has_encode<T>::value,
                  "msgpack_gen::to_json: this type has neither a generated print() nor an encoder "
                  "to print it through");
    Buffer buffer;
    Writer writer(buffer);
    codec<T>::encode(writer, value);
    out.msgpack(buffer.data(), buffer.size());
  }
};

// A generated struct: its codec's print().
template <class T>
struct printer<T, std::enable_if_t<detail::has_generated_print<T>::value>> {
  static void print(JsonWriter& out, const T& value) { codec<T>::print(out, value); }
};

// Sequences: each element; maps: each key and value.
template <class T>
struct printer<T, std::enable_if_t<!detail::has_generated_print<T>::value &&
                                   detail::is_sequence<T>::value && !detail::is_map<T>::value>> {
  static void print(JsonWriter& out, const T& value) {
    out.begin_array();
    for (const auto& item : value) {
      const typename T::value_type& element = item;  // std::vector<bool>'s proxies too
      print_json(out, element);
    }
    out.end_array();
  }
};
template <class T>
struct printer<T, std::enable_if_t<!detail::has_generated_print<T>::value &&
                                   detail::is_sequence<T>::value && detail::is_map<T>::value>> {
  static void print(JsonWriter& out, const T& value) {
    out.begin_object();
    for (const auto& [key, item] : value) {
      if constexpr (std::is_convertible_v<const typename T::key_type&, std::string_view>) {
        out.key(key);
      } else {
        std::string text;  // a key of another type: a string of its own text
        JsonWriter key_out(text);
        print_json(key_out, key);
        out.key(text);
      }
      print_json(out, item);
    }
    out.end_object();
  }
};

// C arrays: bytes and chars are one value (bin, str), other elements an array.
template <class T, std::size_t N>
struct printer<T[N]> {
  static void print(JsonWriter& out, const T (&value)[N]) {
    if constexpr (detail::is_byte_v<T> || std::is_same_v<T, char>) {
      Buffer buffer;
      Writer writer(buffer);
      codec<T[N]>::encode(writer, value);
      out.msgpack(buffer.data(), buffer.size());
    } else {
      out.begin_array();
      for (const T& item : value) print_json(out, item);
      out.end_array();
    }
  }
};

// Optionals and smart pointers: the value they hold, or null.
template <class Nullable>
struct nullable_printer {
  static void print(JsonWriter& out, const Nullable& value) {
    if (value) {
      print_json(out, *value);
    } else {
      out.text("null");
    }
  }
};
template <class T>
struct printer<std::optional<T>> : nullable_printer<std::optional<T>> {};
template <class T, class D>
struct printer<std::unique_ptr<T, D>> : nullable_printer<std::unique_ptr<T, D>> {};
template <class T>
struct printer<std::shared_ptr<T>> : nullable_printer<std::shared_ptr<T>> {};

// [index, value], as on the wire.
template <class... Ts>
struct printer<std::variant<Ts...>> {
  static void print(JsonWriter& out, const std::variant<Ts...>& value) {
    out.begin_array();
    print_json(out, static_cast<std::uint64_t>(value.index()));
    std::visit([&out](const auto& alternative) { print_json(out, alternative); }, value);
    out.end_array();
  }
};
template <>
struct printer<std::monostate> {
  static void print(JsonWriter& out, const std::monostate&) { out.text("null"); }
};

template <class... Ts>
struct printer<std::tuple<Ts...>> {
  static void print(JsonWriter& out, const std::tuple<Ts...>& value) {
    out.begin_array();
    std::apply([&out](const auto&... items) { (print_json(out, items), ...); }, value);
    out.end_array();
  }
};
template <class A, class B>
struct printer<std::pair<A, B>> {
  static void print(JsonWriter& out, const std::pair<A, B>& value) {
    out.begin_array();
    print_json(out, value.first);
    print_json(out, value.second);
    out.end_array();
  }
};

namespace gen {
// What a generated operator<< calls.
template <class Char>
struct StreamPrinter {
  template <class Traits, class T>
  static std::basic_ostream<Char, Traits>& print(std::basic_ostream<Char, Traits>& stream,
                                                 const T& value) {
    const std::string text = to_json(value);
    return stream << text.c_str();
  }
};
}  // namespace gen

}  // namespace msgpack_gen
