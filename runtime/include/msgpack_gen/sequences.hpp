// Codecs for the other standard sequences and sets, all as msgpack arrays (as msgpack-c packs
// them): deque, list, set, multiset, unordered_set, unordered_multiset. Unlike std::vector, a
// deque or list of bytes is an array too, not a bin.
//
// Decoding replaces the contents. A deque or list keeps its first elements and decodes into them
// (their strings and vectors keep their capacity), like std::vector. A set is cleared and refilled;
// a value that repeats in the input is kept once by set and unordered_set (as insert() does) and
// every time by the multi- containers.
#pragma once

#include <cstdint>
#include <deque>
#include <list>
#include <set>
#include <unordered_set>
#include <utility>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/containers.hpp"

namespace msgpack_gen {

namespace detail {

template <class Sequence>
struct sequence_codec {
  using T = typename Sequence::value_type;

  static void encode(Writer& out, const Sequence& value) {
    out.array_header(static_cast<std::uint32_t>(value.size()));
    for (const T& item : value) codec<T>::encode(out, item);
  }

  static bool decode(Reader& in, Sequence& value) {
    std::uint32_t n = 0;
    if (!in.read_array_header(n)) return false;  // n is bounded by the input's size
    if (!in.enter()) return false;
    // A deque or list allocates per element (or per block): counted as a node each.
    if (n > value.size() && !in.charge((n - value.size()) * (sizeof(T) + 4 * sizeof(void*)))) {
      return false;
    }
    value.resize(n);
    if (!decode_elements(in, value.begin(), n)) return false;
    in.leave();
    return true;
  }
};

template <class Set>
struct set_codec {
  using T = typename Set::value_type;

  static void encode(Writer& out, const Set& value) {
    out.array_header(static_cast<std::uint32_t>(value.size()));
    for (const T& item : value) codec<T>::encode(out, item);
  }

  static bool decode(Reader& in, Set& value) {
    std::uint32_t n = 0;
    if (!in.read_array_header(n)) return false;
    if (!in.enter()) return false;
    value.clear();
    for (std::uint32_t i = 0; i < n; ++i) {
      T item{};
      if (!codec<T>::decode(in, item)) return in.in_element(i);
      if (!in.charge(sizeof(T) + 4 * sizeof(void*))) return in.in_element(i);
      // For the ordered sets the hint makes sorted input (what encode writes) linear.
      value.insert(value.end(), std::move(item));
    }
    in.leave();
    return true;
  }
};

}  // namespace detail

template <class T, class A>
struct codec<std::deque<T, A>> : detail::sequence_codec<std::deque<T, A>> {};

template <class T, class A>
struct codec<std::list<T, A>> : detail::sequence_codec<std::list<T, A>> {};

template <class T, class C, class A>
struct codec<std::set<T, C, A>> : detail::set_codec<std::set<T, C, A>> {};

template <class T, class C, class A>
struct codec<std::multiset<T, C, A>> : detail::set_codec<std::multiset<T, C, A>> {};

template <class T, class H, class E, class A>
struct codec<std::unordered_set<T, H, E, A>> : detail::set_codec<std::unordered_set<T, H, E, A>> {};

template <class T, class H, class E, class A>
struct codec<std::unordered_multiset<T, H, E, A>>
    : detail::set_codec<std::unordered_multiset<T, H, E, A>> {};

}  // namespace msgpack_gen
