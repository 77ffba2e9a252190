// Codecs for std::pair and std::tuple: a msgpack array of their elements in order, as msgpack-c
// packs them. Decoding requires exactly that many elements, like std::array.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>

#include "msgpack_gen/codec.hpp"

namespace msgpack_gen {

namespace detail {

// Works for both pair and tuple: std::get and std::tuple_size apply to each.
template <class Tuple>
struct tuple_codec {
  static constexpr std::size_t N = std::tuple_size_v<Tuple>;
  using Indices = std::make_index_sequence<N>;

  static void encode(Writer& out, const Tuple& value) {
    out.array_header(static_cast<std::uint32_t>(N));
    encode_all(out, value, Indices{});
  }

  static bool decode(Reader& in, Tuple& value) {
    std::uint32_t n = 0;
    if (!in.read_array_header(n)) return false;
    if (n != N) {
      return in.invalid("expected an array of " + std::to_string(N) + " elements, found " +
                        std::to_string(n));
    }
    if (!in.enter()) return false;
    if (!decode_all(in, value, Indices{})) return false;
    in.leave();
    return true;
  }

 private:
  template <std::size_t... I>
  static void encode_all([[maybe_unused]] Writer& out, [[maybe_unused]] const Tuple& value,
                         std::index_sequence<I...>) {
    (codec<std::tuple_element_t<I, Tuple>>::encode(out, std::get<I>(value)), ...);
  }

  // Stops at the first element that fails (&& short-circuits), naming it in the error path.
  template <std::size_t... I>
  static bool decode_all([[maybe_unused]] Reader& in, [[maybe_unused]] Tuple& value,
                         std::index_sequence<I...>) {
    return (decode_one<I>(in, value) && ...);
  }

  template <std::size_t I>
  static bool decode_one(Reader& in, Tuple& value) {
    if (codec<std::tuple_element_t<I, Tuple>>::decode(in, std::get<I>(value))) return true;
    return in.in_element(I);
  }
};

}  // namespace detail

template <class A, class B>
struct codec<std::pair<A, B>> : detail::tuple_codec<std::pair<A, B>> {};

template <class... Ts>
struct codec<std::tuple<Ts...>> : detail::tuple_codec<std::tuple<Ts...>> {};

}  // namespace msgpack_gen
