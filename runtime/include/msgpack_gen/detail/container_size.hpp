// Setting the size of a std::string or a std::vector of bytes without writing the bytes it adds,
// so that marshal() can encode straight into a container's spare capacity and then say how much
// of it holds the encoding. Not part of the public API.
//
// Standard C++17 has no such call: resize() zeroes what it adds and append() copies it in, and
// C++23's std::string::resize_and_overwrite() exists for strings only. So this reaches into
// libstdc++'s representation, the way folly's resizeWithoutInitialization does: the C++11-ABI
// string's private _M_set_length() (length and terminating NUL) and the vector's _M_finish.
// MSGPACK_GEN_CONTAINER_IN_PLACE says whether it is there: 1 with libstdc++ (GCC, and Clang on
// Linux by default) unless its debug mode, its vector annotations for AddressSanitizer or its old
// string ABI is on; 0 elsewhere (libc++, MSVC's library), where marshal() encodes into the
// thread's scratch Buffer and appends. Define it 0 to take that path with libstdc++ too.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <vector>

#ifndef MSGPACK_GEN_CONTAINER_IN_PLACE
#if defined(__GLIBCXX__) && defined(_GLIBCXX_USE_CXX11_ABI) && !defined(_GLIBCXX_DEBUG) && \
    !defined(_GLIBCXX_SANITIZE_VECTOR)
#if _GLIBCXX_USE_CXX11_ABI
#define MSGPACK_GEN_CONTAINER_IN_PLACE 1
#endif
#endif
#endif
#ifndef MSGPACK_GEN_CONTAINER_IN_PLACE
#define MSGPACK_GEN_CONTAINER_IN_PLACE 0
#endif

namespace msgpack_gen::detail {

// Whether set_size() takes a Container: std::string, and std::vector of a byte type with any
// allocator.
template <class Container>
struct sized_in_place : std::false_type {};

#if MSGPACK_GEN_CONTAINER_IN_PLACE

template <>
struct sized_in_place<std::string> : std::true_type {};
template <class Byte, class Allocator>
struct sized_in_place<std::vector<Byte, Allocator>>
    : std::bool_constant<std::is_trivial_v<Byte> && sizeof(Byte) == 1> {};

// Makes text's length `size` (at most its capacity) and writes its terminating NUL; the first
// `size` characters are whatever its memory holds. Defined by the explicit instantiation below.
void set_size(std::string& text, std::size_t size) noexcept;

// Access checks do not apply to the names in an explicit instantiation ([temp.spec]), so this one
// may name std::string's private _M_set_length(); its friend is the only code that calls it.
template <void (std::string::*SetLength)(std::string::size_type)>
struct StringSizeSetter {
  friend void set_size(std::string& text, std::size_t size) noexcept { (text.*SetLength)(size); }
};
template struct StringSizeSetter<&std::string::_M_set_length>;

// A vector's _M_impl is a protected member of its base, which a class derived from the vector
// may name: the pointer to member it takes applies to any vector of that type.
template <class Vector>
struct VectorSizeSetter : Vector {
  static void set(Vector& bytes, std::size_t size) noexcept {
    auto& impl = bytes.*(&VectorSizeSetter::_M_impl);
    impl._M_finish = impl._M_start + size;
  }
};

// Makes bytes' size `size` (at most its capacity) without writing its elements, which are
// trivial bytes: the first `size` are whatever its memory holds.
template <class Byte, class Allocator>
void set_size(std::vector<Byte, Allocator>& bytes, std::size_t size) noexcept {
  VectorSizeSetter<std::vector<Byte, Allocator>>::set(bytes, size);
}

#endif

}  // namespace msgpack_gen::detail
