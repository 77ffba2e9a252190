// A growable, contiguous byte buffer that keeps its capacity across clear().
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <utility>

#include "msgpack_gen/detail/compiler.hpp"
#include "msgpack_gen/detail/payload.hpp"

namespace msgpack_gen {

// Why a value's encoding could not be written (docs/runtime.md, "Marshal targets" and "Builds
// without exceptions or RTTI").
enum class EncodeError : std::uint8_t {
  none = 0,
  // marshal_to(): the memory given holds fewer bytes than the encoding takes.
  too_small,
  // A str, bin or ext payload of 2^32 bytes or more: msgpack lengths are 32-bit. With exceptions
  // this throws std::length_error instead.
  payload_too_long,
  // A time_point whose seconds do not fit the timestamp's int64. With exceptions this throws
  // std::overflow_error instead.
  time_out_of_range,
};

inline const char* to_string(EncodeError error) noexcept {
  switch (error) {
    case EncodeError::none:
      return "ok";
    case EncodeError::too_small:
      return "the memory is too small for the encoding";
    case EncodeError::payload_too_long:
      return "a str, bin or ext payload over 4 GiB - 1 bytes";
    case EncodeError::time_out_of_range:
      return "a time_point beyond the timestamp's int64 seconds";
  }
  return "unknown error";
}

class Buffer;

namespace detail {

struct BufferAccess;

// Memory that a Buffer writes into but does not own (the marshal targets: a caller's container
// or fixed memory). When prepare() finds too little room, the Buffer asks the owner through
// `grow` instead of reallocating; `grow` leaves room for n more bytes after buffer.size(), in
// memory that holds the bytes written so far.
struct GrowTarget {
  void (*grow)(GrowTarget& self, Buffer& buffer, std::size_t n);
};

// Memory the C allocator cannot give: std::bad_alloc with exceptions; without them
// std::terminate(), as a std::bad_alloc from operator new that nothing can catch ends a program
// built with -fno-exceptions.
[[noreturn]] MSGPACK_GEN_COLD inline void out_of_memory() {
#if MSGPACK_GEN_EXCEPTIONS
  throw std::bad_alloc();
#else
  std::terminate();
#endif
}

// The capacity a growing buffer moves to, to hold `wanted` bytes: twice `capacity` (at most
// `most`, the most it can have) and at least 64 bytes, or `wanted` when that is more. Buffer and
// marshal()'s container target grow alike, so that a buffer reused for like values stops growing.
constexpr std::size_t grown_capacity(std::size_t capacity, std::size_t wanted,
                                     std::size_t most) noexcept {
  std::size_t doubled = capacity <= most / 2 ? 2 * capacity : most;
  if (doubled < 64) doubled = 64;
  return wanted > doubled ? wanted : doubled;
}

}  // namespace detail

class Buffer {
 public:
  Buffer() noexcept = default;
  explicit Buffer(std::size_t capacity) { reserve(capacity); }
  Buffer(const Buffer& other) : error_(other.error_) { append(other.data_, other.size_); }
  Buffer(Buffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)),
        error_(std::exchange(other.error_, EncodeError::none)) {}
  Buffer& operator=(Buffer other) noexcept {
    swap(other);
    return *this;
  }
  ~Buffer() {
    if (data_ != nullptr && target_ == nullptr) std::free(data_);
  }

  void swap(Buffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
    std::swap(error_, other.error_);
  }

  const std::uint8_t* data() const noexcept { return data_; }
  std::uint8_t* data() noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return capacity_; }
  bool empty() const noexcept { return size_ == 0; }

  // Drops the content and the error, keeps the memory.
  void clear() noexcept {
    size_ = 0;
    error_ = EncodeError::none;
  }

  // Makes room for at least n bytes in total.
  void reserve(std::size_t n) {
    if (n > capacity_) {
      if (target_ != nullptr) {
        target_->grow(*target_, *this, n - size_);
      } else {
        reallocate(n);
      }
    }
  }

  // Makes room for n more bytes and returns where they go; commit() them after writing.
  MSGPACK_GEN_ALWAYS_INLINE std::uint8_t* prepare(std::size_t n) {
    if (MSGPACK_GEN_UNLIKELY(capacity_ - size_ < n)) grow(n);
    return data_ + size_;
  }
  // Marks everything up to `end` (a pointer into the area prepare() returned) as written.
  void commit(std::uint8_t* end) noexcept { size_ = static_cast<std::size_t>(end - data_); }

  MSGPACK_GEN_ALWAYS_INLINE void append(const void* bytes, std::size_t n) {
    if (n == 0) return;
    std::memcpy(prepare(n), bytes, n);
    size_ += n;
  }

  // Shrinks the content to its first n bytes (n <= size()).
  void truncate(std::size_t n) noexcept {
    if (n < size_) size_ = n;
  }

  // Why a value since the last clear() could not be encoded here, or EncodeError::none. The
  // runtime's codecs record one only in a build without exceptions (with exceptions those errors
  // throw); a hand-written codec may call fail() in either. The bytes of a failed value are not
  // valid msgpack: without exceptions marshal() takes them out again, and a failed Buffer takes
  // no further value through marshal() until clear() (docs/runtime.md).
  EncodeError error() const noexcept { return error_; }
  bool failed() const noexcept { return error_ != EncodeError::none; }
  // Records why a value cannot be encoded; the first error stays.
  void fail(EncodeError error) noexcept {
    if (error_ == EncodeError::none) error_ = error;
  }

 private:
  friend struct detail::BufferAccess;

  // Out of line and cold, so that the fast path of prepare() stays one compare.
#if defined(__GNUC__)
  __attribute__((noinline, cold))
#endif
  void
  grow(std::size_t n) {
#if !MSGPACK_GEN_EXCEPTIONS
    // A run of bounded writes whose bound holds a payload too long to encode (detail/payload.hpp):
    // record the error and make room for the rest, which put() writes without that payload.
    if (MSGPACK_GEN_UNLIKELY(n >= detail::kUnencodableBound)) {
      fail(EncodeError::payload_too_long);
      n &= detail::kUnencodableBound - 1;
      if (capacity_ - size_ >= n) return;
    }
#endif
    if (target_ != nullptr) {
      target_->grow(*target_, *this, n);
      return;
    }
    grow_owned(n);
  }

  void grow_owned(std::size_t n) {
    if (MSGPACK_GEN_UNLIKELY(n > static_cast<std::size_t>(-1) - size_)) detail::out_of_memory();
    reallocate(detail::grown_capacity(capacity_, size_ + n, static_cast<std::size_t>(-1)));
  }

  void reallocate(std::size_t n) {
    void* fresh = std::realloc(data_, n);
    if (fresh == nullptr) detail::out_of_memory();
    data_ = static_cast<std::uint8_t*>(fresh);
    capacity_ = n;
  }

  std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  // Not null while the Buffer writes into memory it does not own (detail::BufferAccess::borrow):
  // marshal_to()'s, for the length of one marshal. Such a Buffer is not copied from, moved, swapped
  // or assigned; a codec only writes into the Buffer it is given.
  detail::GrowTarget* target_ = nullptr;
  EncodeError error_ = EncodeError::none;
};

namespace detail {

// What the marshal targets (marshal.hpp) do with a Buffer's memory. Not part of the public API.
struct BufferAccess {
  // Points an empty Buffer at memory it does not own, [data, data + capacity), of which the
  // first `size` bytes count as written; `target` grows it.
  static void borrow(Buffer& buffer, std::uint8_t* data, std::size_t size, std::size_t capacity,
                     GrowTarget* target) noexcept {
    buffer.data_ = data;
    buffer.size_ = size;
    buffer.capacity_ = capacity;
    buffer.target_ = target;
  }
  // Moves a borrowing Buffer to other memory of the same owner, which holds what was written.
  static void move_to(Buffer& buffer, std::uint8_t* data, std::size_t capacity) noexcept {
    buffer.data_ = data;
    buffer.capacity_ = capacity;
  }
  // Lets go of borrowed memory without freeing it, before the Buffer is destroyed (which then
  // calls no free()): it holds nothing, and is still marked as borrowing.
  static void release(Buffer& buffer) noexcept {
    buffer.data_ = nullptr;
    buffer.size_ = 0;
    buffer.capacity_ = 0;
  }
  // Turns a borrowing Buffer into one that owns `owned`'s memory, which holds a copy of what was
  // written, and grows it as any Buffer grows from then on.
  static void own(Buffer& buffer, Buffer& owned) noexcept {
    buffer.data_ = std::exchange(owned.data_, nullptr);
    buffer.capacity_ = std::exchange(owned.capacity_, 0);
    owned.size_ = 0;
    buffer.target_ = nullptr;
  }
  static void grow_owned(Buffer& buffer, std::size_t n) { buffer.grow_owned(n); }
  // Gives an empty Buffer memory of `capacity` bytes from malloc() (or none: null, 0) to own.
  static void adopt(Buffer& buffer, std::uint8_t* data, std::size_t capacity) noexcept {
    buffer.data_ = data;
    buffer.capacity_ = capacity;
  }
  // Takes a Buffer's memory away from it (the caller frees it); its capacity() stays readable
  // until the Buffer is destroyed, which then frees nothing.
  static std::uint8_t* disown(Buffer& buffer) noexcept {
    return std::exchange(buffer.data_, nullptr);
  }
};

}  // namespace detail

}  // namespace msgpack_gen
