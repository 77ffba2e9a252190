// Codecs for the standard containers: vector and array (msgpack array), byte vectors (bin),
// map and unordered_map (msgpack map), optional (nil when empty).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <map>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "msgpack_gen/codec.hpp"
#include "msgpack_gen/detail/numeric_block.hpp"
#include "msgpack_gen/detail/payload.hpp"
#include "msgpack_gen/gen/bounded.hpp"

namespace msgpack_gen {

namespace detail {

// n bools (any range of them: std::vector<bool> hands out proxies) as an array, the header and
// every bool after one capacity check.
template <class Bools>
MSGPACK_GEN_ALWAYS_INLINE void write_bools(Writer& out, const Bools& values, std::size_t n) {
  Buffer& buffer = out.buffer();
  std::uint8_t* p = buffer.prepare(gen::encode::kMaxHeaderSize + n);
  p = gen::encode::array_header(p, static_cast<std::uint32_t>(n));
  for (const bool item : values) p = gen::encode::put(p, item);
  buffer.commit(p);
}

// The n values of T at data, as msgpack-c writes a std::vector or std::array of them: bytes as
// one bin, numbers and enums through the bulk paths, bools after one capacity check, anything
// else as an array of each element's encoding. std::vector, std::array and std::span share it.
template <class T>
MSGPACK_GEN_ALWAYS_INLINE void write_contiguous(Writer& out, const T* data, std::size_t n) {
  if constexpr (is_byte_v<T>) {
    out.bin(data, n);
  } else if constexpr (numeric::encodes_in_bulk_v<T>) {
    // The header and every element in one capacity check, block by block.
    numeric::write_numbers(out, data, n);
  } else if constexpr (std::is_same_v<T, bool>) {
    struct Range {
      const bool* first;
      const bool* last;
      const bool* begin() const { return first; }
      const bool* end() const { return last; }
    };
    write_bools(out, Range{data, data + n}, n);
  } else {
    out.array_header(static_cast<std::uint32_t>(n));
    for (const T* item = data; item != data + n; ++item) codec<T>::encode(out, *item);
  }
}

// Decodes n elements into a sized range, adding "[i]" to the error path of a failed element.
template <class Iterator>
bool decode_elements(Reader& in, Iterator first, std::uint32_t n) {
  using T = typename std::iterator_traits<Iterator>::value_type;
  for (std::uint32_t i = 0; i < n; ++i, ++first) {
    if constexpr (std::is_same_v<T, bool>) {
      // std::vector<bool> hands out proxies, not bool&.
      bool item = false;
      if (!codec<bool>::decode(in, item)) return in.in_element(i);
      *first = item;
    } else {
      if (!codec<T>::decode(in, *first)) return in.in_element(i);
    }
  }
  return true;
}

// kOrdered: the map keeps its keys sorted by key_comp() (std::map).
template <class Map, bool kOrdered>
struct map_codec {
  using K = typename Map::key_type;
  using V = typename Map::mapped_type;
  // What a new node costs against ReaderOptions::max_allocation: the entry and four pointers.
  static constexpr std::size_t kNodeBytes = sizeof(typename Map::value_type) + 4 * sizeof(void*);

  static void encode(Writer& out, const Map& value) {
    out.map_header(static_cast<std::uint32_t>(value.size()));
    if constexpr (gen::encode::is_bounded_v<K> && gen::encode::is_bounded_v<V>) {
      // Strings, numbers, bools: one capacity check per entry, key and value together.
      if (out.puts_numbers_directly<K>() && out.puts_numbers_directly<V>()) {
        Buffer& buffer = out.buffer();
        for (const auto& [key, item] : value) {
          std::uint8_t* p =
              buffer.prepare(gen::encode::max_size(key) + gen::encode::max_size(item));
          p = gen::encode::put(p, key);
          p = gen::encode::put(p, item);
          buffer.commit(p);
        }
        return;
      }
    }
    for (const auto& [key, item] : value) {
      codec<K>::encode(out, key);
      codec<V>::encode(out, item);
    }
  }

  // Duplicate keys: the last one wins. Every entry's value starts from V{}. The nodes of the
  // map's previous content are reused, so decoding into a map kept from the previous message
  // allocates nothing for the entries it had room for.
  static bool decode(Reader& in, Map& value) {
    std::uint32_t n = 0;
    if (!in.read_map_header(n)) return false;
    if (!in.enter()) return false;
    Map spare;
    spare.swap(value);
    for (std::uint32_t i = 0; i < n; ++i) {
      // Keys usually arrive sorted (a std::map on the other side), so the end is the hint.
      if (spare.empty()) {
        K key{};
        if (!codec<K>::decode(in, key)) return in.in_element(i);
        auto entry = value.end();
        // A key past the last one is new: for sorted keys one compare, not a search.
        if (!is_past_last(value, key)) entry = value.find(key);
        if (entry == value.end()) {
          if (!in.charge(kNodeBytes)) return false;
          entry = value.emplace_hint(value.end(), std::move(key), V{});
        } else {
          entry->second = V{};  // a duplicate key: the last one wins
        }
        if (!codec<V>::decode(in, entry->second)) return in_entry(in, entry->first, i);
        continue;
      }
      auto node = spare.extract(spare.begin());
      if (!codec<K>::decode(in, node.key())) return in.in_element(i);
      node.mapped() = V{};
      if (!codec<V>::decode(in, node.mapped())) return in_entry(in, node.key(), i);
      place(value, std::move(node));
    }
    in.leave();
    return true;
  }

  // Puts a decoded entry's node into value. For a key value already has, that entry takes the
  // node's value: the last one wins.
  static void place(Map& value, typename Map::node_type&& node) {
    if constexpr (kOrdered) {
      // Sorted keys go in at the end with one compare. A node not taken stays in `node`.
      auto position = value.insert(value.end(), std::move(node));
      if (node) position->second = std::move(node.mapped());
    } else {
      // No hint: libstdc++'s unordered insert with one drops a node it does not take.
      auto placed = value.insert(std::move(node));
      if (!placed.inserted) placed.position->second = std::move(placed.node.mapped());
    }
  }

  // Whether key sorts after every key of an ordered map; false for an unordered one.
  static bool is_past_last(const Map& value, const K& key) {
    if constexpr (kOrdered) {
      return !value.empty() && value.key_comp()(std::prev(value.end())->first, key);
    } else {
      return false;
    }
  }

  // A value that failed is named by its key when the key is text, else by the entry's position.
  static bool in_entry(Reader& in, const K& key, std::uint32_t i) {
    if constexpr (std::is_convertible_v<const K&, std::string_view>) {
      return in.in_key(key);
    } else {
      return in.in_element(i);
    }
  }
};

}  // namespace detail

template <class T, class A>
struct codec<std::vector<T, A>> {
  static void encode(Writer& out, const std::vector<T, A>& value) {
    if constexpr (std::is_same_v<T, bool>) {
      detail::write_bools(out, value, value.size());  // std::vector<bool> has no data()
    } else {
      detail::write_contiguous(out, value.data(), value.size());
    }
  }

  // Keeps the capacity, and the elements already there are decoded into (their strings and
  // vectors keep their capacity too).
  static bool decode(Reader& in, std::vector<T, A>& value) {
    if constexpr (detail::is_byte_v<T>) {
      std::string_view bytes;
      if (!in.read_bin(bytes)) return false;
      if (bytes.size() > value.capacity() && !in.charge(bytes.size() * sizeof(T))) return false;
      const T* first = reinterpret_cast<const T*>(bytes.data());
      value.assign(first, first + bytes.size());
      return true;
    } else {
      std::uint32_t n = 0;
      if (!in.read_array_header(n)) return false;  // n is bounded by the input's size
      if (!in.enter()) return false;
      if (n > value.capacity() && !in.charge(std::size_t{n} * sizeof(T))) return false;
      value.resize(n);
      if constexpr (detail::numeric::decodes_in_bulk_v<T>) {
        if (!detail::numeric::decode_numbers(in, value.data(), n)) return false;
      } else {
        if (!detail::decode_elements(in, value.begin(), n)) return false;
      }
      in.leave();
      return true;
    }
  }
};

// Like msgpack-c: arrays of a byte type are bin, others are msgpack arrays.
template <class T, std::size_t N>
struct codec<std::array<T, N>> {
  static void encode(Writer& out, const std::array<T, N>& value) {
    detail::write_contiguous(out, value.data(), N);
  }
  // The input must hold exactly N elements (N bytes for a byte array).
  static bool decode(Reader& in, std::array<T, N>& value) {
    if constexpr (detail::is_byte_v<T>) {
      std::string_view bytes;
      if (!in.read_bin(bytes)) return false;
      if (bytes.size() != N) {
        return in.invalid("expected " + std::to_string(N) + " bytes, found " +
                          std::to_string(bytes.size()));
      }
      if (N != 0) std::memcpy(value.data(), bytes.data(), N);
      return true;
    } else {
      std::uint32_t n = 0;
      if (!in.read_array_header(n)) return false;
      if (n != N) {
        return in.invalid("expected an array of " + std::to_string(N) + " elements, found " +
                          std::to_string(n));
      }
      if (!in.enter()) return false;
      if constexpr (detail::numeric::decodes_in_bulk_v<T>) {
        if (!detail::numeric::decode_numbers(in, value.data(), n)) return false;
      } else {
        if (!detail::decode_elements(in, value.begin(), n)) return false;
      }
      in.leave();
      return true;
    }
  }
};

template <class K, class V, class C, class A>
struct codec<std::map<K, V, C, A>> : detail::map_codec<std::map<K, V, C, A>, true> {};

template <class K, class V, class H, class E, class A>
struct codec<std::unordered_map<K, V, H, E, A>>
    : detail::map_codec<std::unordered_map<K, V, H, E, A>, false> {};

template <class T>
struct codec<std::optional<T>> {
  static void encode(Writer& out, const std::optional<T>& value) {
    if (value) {
      codec<T>::encode(out, *value);
    } else {
      out.nil();
    }
  }
  static bool decode(Reader& in, std::optional<T>& value) {
    if (in.next_is_nil()) {
      in.read_nil();
      value.reset();
      return true;
    }
    if (!value) value.emplace();
    return codec<T>::decode(in, *value);
  }
};

}  // namespace msgpack_gen
