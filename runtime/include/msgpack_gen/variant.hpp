// Codec for std::variant<Ts...>: a 2-element msgpack array [index, value], where index is
// variant::index() as a msgpack uint and value is the active alternative in its own encoding.
//   std::variant<int, std::string> v = std::string("hi");   ->  92 01 a2 68 69
// This is the layout of msgpack-c's std::variant adaptor (cpp17/variant.hpp, opt-in through
// MSGPACK_USE_STD_VARIANT_ADAPTOR, added in msgpack-c 6); msgpack-c 4.1.3, the version tests
// compare against, has no std::variant adaptor, so byte equality with it cannot be checked.
//
// A variant that is valueless_by_exception is encoded as nil: it has no index to write and no
// value, and writing nothing would break the enclosing array or map. Decoding nil into a variant
// is an error (invalid_value), since no alternative can be chosen.
//
// Decoding reads the index, checks it against the number of alternatives (invalid_value "variant
// index N out of range" otherwise), then decodes into the alternative: into the value already
// held when the variant holds that alternative (its strings and vectors keep their capacity),
// else into a default-constructed one made by emplace. Every alternative that can be decoded
// must therefore be default-constructible. The index may be any msgpack integer encoding.
// std::monostate has a codec of its own here: nil, so variant<std::monostate, T> is [0, nil].
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/nil.hpp"

namespace msgpack_gen {

// std::monostate, the usual "nothing" alternative, is nil.
template <>
struct codec<std::monostate> : nil_codec<std::monostate> {};

template <class... Ts>
struct codec<std::variant<Ts...>> {
  using Variant = std::variant<Ts...>;
  static constexpr std::size_t kAlternatives = sizeof...(Ts);

  static void encode(Writer& out, const Variant& value) {
    if (value.valueless_by_exception()) {
      out.nil();
      return;
    }
    out.array_header(2);
    out.uint(static_cast<std::uint64_t>(value.index()));
    std::visit([&out](const auto& item) { write_value(out, item); }, value);
  }

  static bool decode(Reader& in, Variant& value) {
    if (in.next_is_nil())
      return in.invalid("expected a variant, found nil (how a valueless variant is encoded)");
    std::uint32_t n = 0;
    if (!in.read_array_header(n)) return false;
    if (n != 2) {
      return in.invalid("expected a variant as an array of 2 elements [index, value], found " +
                        std::to_string(n) + " elements");
    }
    if (!in.enter()) return false;
    std::uint64_t index = 0;
    if (!in.read_int(index)) return in.in_element(0);
    if (index >= kAlternatives) {
      return in.invalid("variant index " + std::to_string(index) + " out of range (" +
                        std::to_string(kAlternatives) + " alternatives)");
    }
    if (!decode_alternative(in, value, static_cast<std::size_t>(index),
                            std::index_sequence_for<Ts...>{})) {
      return in.in_element(1);
    }
    in.leave();
    return true;
  }

 private:
  using Decoder = bool (*)(Reader&, Variant&);

  template <std::size_t I>
  static bool decode_as(Reader& in, Variant& value) {
    if (value.index() != I) value.template emplace<I>();
    return read_value(in, *std::get_if<I>(&value));
  }

  // One decoder per alternative, picked by the index read from the input.
  template <std::size_t... I>
  static bool decode_alternative(Reader& in, Variant& value, std::size_t index,
                                 std::index_sequence<I...>) {
    static constexpr std::array<Decoder, kAlternatives> kDecoders = {&decode_as<I>...};
    return kDecoders[index](in, value);
  }
};

}  // namespace msgpack_gen
